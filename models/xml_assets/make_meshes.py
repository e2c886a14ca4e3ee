#!/usr/bin/env python3
"""Writes the mesh files of models/xml_meshes.xml into meshes/: a hexagonal prism as binary STL
(triangle soup, so the loader merges repeated vertices), a wedge in upstream's MSH format (with
normals and texture coordinates), an L-shaped block as OBJ (quads and triangles, normals,
texture coordinates; concave, for exact inertia) and an open box as OBJ (for shell inertia)."""
import math, os, struct

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "meshes")
os.makedirs(here, exist_ok=True)

def sub(a, b): return [a[i] - b[i] for i in range(3)]
def cross(a, b): return [a[1]*b[2]-a[2]*b[1], a[2]*b[0]-a[0]*b[2], a[0]*b[1]-a[1]*b[0]]

# hexagonal prism, binary STL
r, h = 0.05, 0.03
ring = [(r*math.cos(k*math.pi/3), r*math.sin(k*math.pi/3)) for k in range(6)]
top = [(x, y, h) for x, y in ring]; bot = [(x, y, -h) for x, y in ring]
tris = []
for k in range(6):
    a, b = k, (k + 1) % 6
    tris += [(bot[a], bot[b], top[b]), (bot[a], top[b], top[a])]
    tris += [((0, 0, h), top[a], top[b]), ((0, 0, -h), bot[b], bot[a])]
out = bytearray(b"hexagonal prism".ljust(80, b"\0")) + struct.pack("<I", len(tris))
for t in tris:
    n = cross(sub(t[1], t[0]), sub(t[2], t[0])); l = math.sqrt(sum(x*x for x in n))
    out += struct.pack("<3f", *[x / l for x in n])
    for p in t:
        out += struct.pack("<3f", *p)
    out += b"\0\0"
open(os.path.join(here, "prism.stl"), "wb").write(out)

# wedge, MSH: counts (vertices, normals, texcoords, faces), then the arrays
v = [(0, 0, 0), (0.08, 0, 0), (0, 0.06, 0), (0, 0, 0.04), (0.08, 0, 0.04), (0, 0.06, 0.04)]
f = [(0, 2, 1), (3, 4, 5), (0, 1, 4), (0, 4, 3), (0, 3, 5), (0, 5, 2), (1, 2, 5), (1, 5, 4)]
c = [sum(p[i] for p in v) / len(v) for i in range(3)]
nrm = []
for p in v:
    d = sub(p, c); l = math.sqrt(sum(x*x for x in d)); nrm.append([x / l for x in d])
tex = [(p[0] / 0.08, p[1] / 0.06) for p in v]
out = struct.pack("<4i", len(v), len(v), len(v), len(f))
for p in v: out += struct.pack("<3f", *p)
for n in nrm: out += struct.pack("<3f", *n)
for t in tex: out += struct.pack("<2f", *t)
for t in f: out += struct.pack("<3i", *t)
open(os.path.join(here, "wedge.msh"), "wb").write(out)

# L-shaped block, OBJ with quads (some faces triangles), normals and texture coordinates
Lv = [(0, 0, 0), (2, 0, 0), (2, 1, 0), (1, 1, 0), (1, 2, 0), (0, 2, 0)]
lines = ["# L block", "o lblock"]
for z in (0, 1):
    for x, y, _ in Lv:
        lines.append("v %.3f %.3f %.3f" % (0.03 * x, 0.03 * y, 0.03 * z))
lines += ["vt 0 0", "vt 1 0", "vt 1 1", "vt 0 1", "vt 0.5 0.5"]
lines += ["vn 0 0 -1", "vn 0 0 1", "vn 1 0 0", "vn -1 0 0", "vn 0 1 0", "vn 0 -1 0"]
lines += ["f 1/1/1 4/3/1 3/2/1 2/1/1", "f 1/1/1 6/4/1 5/3/1 4/5/1",
          "f 7/1/2 8/2/2 9/3/2 10/5/2", "f 7/1/2 10/5/2 11/3/2 12/4/2"]
walls = [(0, 1, 6), (1, 2, 3), (2, 3, 5), (3, 4, 3), (4, 5, 5), (5, 0, 4)]
for a, b, n in walls:
    lines.append("f %d/1/%d %d/2/%d %d/3/%d %d/4/%d" % (a + 1, n, b + 1, n, b + 7, n, a + 7, n))
open(os.path.join(here, "lblock.obj"), "w").write("\n".join(lines) + "\n")

# open box (no lid), OBJ triangles only, no normals
bv = [(x, y, z) for z in (0, 1) for y in (0, 1) for x in (0, 1)]
bf = [(1, 3, 4), (1, 4, 2), (1, 2, 6), (1, 6, 5), (2, 4, 8), (2, 8, 6),
      (4, 3, 7), (4, 7, 8), (3, 1, 5), (3, 5, 7)]
lines = ["o openbox"] + ["v %g %g %g" % (0.05 * x, 0.04 * y, 0.03 * z) for x, y, z in bv]
lines += ["f %d %d %d" % t for t in bf]
open(os.path.join(here, "openbox.obj"), "w").write("\n".join(lines) + "\n")
