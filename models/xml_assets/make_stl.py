#!/usr/bin/env python3
"""Writes urdf_part.stl: a small irregular octahedron (binary STL, outward faces) used by the
URDF test robots in models/."""
import os, struct

v = [(0.06, 0.0, 0.0), (-0.04, 0.0, 0.0), (0.0, 0.05, 0.0),
     (0.0, -0.03, 0.0), (0.01, 0.0, 0.08), (0.0, 0.01, -0.05)]
# (x+ or x-) x (y+ or y-) x (z+ or z-), counter-clockwise seen from outside
faces = [(0, 2, 4), (2, 1, 4), (1, 3, 4), (3, 0, 4),
         (2, 0, 5), (1, 2, 5), (3, 1, 5), (0, 3, 5)]

def sub(a, b): return [a[i] - b[i] for i in range(3)]
def cross(a, b): return [a[1]*b[2]-a[2]*b[1], a[2]*b[0]-a[0]*b[2], a[0]*b[1]-a[1]*b[0]]

out = bytearray(b"urdf test part".ljust(80, b"\0"))
out += struct.pack("<I", len(faces))
for f in faces:
    a, b, c = (v[i] for i in f)
    n = cross(sub(b, a), sub(c, a))
    l = sum(x*x for x in n) ** 0.5
    out += struct.pack("<3f", *[x / l for x in n])
    for p in (a, b, c):
        out += struct.pack("<3f", *p)
    out += b"\0\0"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "urdf_part.stl"), "wb").write(out)
