#!/usr/bin/env python3
"""Writes random and mutated OBJ texts for the obj.rs / tinyobjloader comparison.

usage: gen_cases.py OUTDIR COUNT SEED
"""
import math
import os
import random
import sys

out_dir, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
os.makedirs(out_dir, exist_ok=True)


def digits(n):
    return "".join(rng.choice("0123456789") for _ in range(n))


def number():
    r = rng.random()
    if r < 0.35:
        return repr(rng.uniform(-10, 10))
    if r < 0.45:
        return "%.*f" % (rng.randint(0, 12), rng.uniform(-1e4, 1e4))
    if r < 0.55:
        return "%.*e" % (rng.randint(0, 20), rng.uniform(-1, 1) * 10 ** rng.uniform(-50, 50))
    if r < 0.62:
        return str(rng.randint(-1000, 1000))
    if r < 0.75:
        sign = rng.choice(["", "", "+", "-"])
        ip = digits(rng.choice([0, 1, 1, 2, 5, 20, 40, 320]))
        fp = digits(rng.choice([0, 1, 3, 7, 8, 9, 15, 17, 25, 60]))
        s = sign + ip
        if rng.random() < 0.8:
            s += "." + fp
        if rng.random() < 0.5:
            s += rng.choice("eE") + rng.choice(["", "+", "-"]) + digits(rng.choice([0, 1, 1, 2, 3, 4, 10, 12]))
        return s
    if r < 0.85:
        return rng.choice([
            "nan", "-nan", "inf", "-inf", "NaN", "Infinity", ".", "+.", "-.", "+", "-", "e", "e5", ".e5",
            "-.e-3", "1e", "1e+", "1e-", "1.2.3", "0x1p3", "1,5", "1.5f", "abc", "1e400", "-1e400",
            "1e-400", "4e-45", "1.4e-45", "7e-46", "1.17549435e-38", "3.4028236e38", "3.40282357e38",
            "0e500", "-0e500", "1e-2147483648", "1e2147483648", "1e4294967296", "1e99999999999",
            "5e-324", "2.5e-324", "1e-310", "9007199254740993", "0.30000000000000004",
            "100000000000000000000000", "1" * 400, "." + "9" * 400, "0." + "0" * 50 + "1",
            "-0", "+0", "00001.5000", "1e0", "1e-0", "1E+00"])
    if r < 0.9:
        m = rng.uniform(1, 10)
        return "%.*fe%d" % (rng.randint(0, 9), m, rng.choice([-46, -45, -44, -39, -38, -37, 37, 38, 39, -308, -320, 308, 309]))
    return repr(rng.uniform(-1, 1) * 10 ** rng.randint(-40, 40))


def ws():
    return rng.choice([" ", " ", " ", " ", "  ", "\t", " \t "])


def eol():
    return rng.choice(["\n"] * 12 + ["\r\n"] * 3 + ["\r", "  \n", "\t\n", " \r\n"])


def vertex_line():
    n = rng.choice([3] * 10 + [0, 1, 2, 4, 6, 7])
    return "v" + "".join(ws() + number() for _ in range(n))


def index(nv, nvt, nvn, oob):
    def one(n):
        if n <= 0 or rng.random() < oob:
            return str(rng.choice([0, -1, 1, n + 1, n + 5, -(n + 1), -(n + 3), 2147483647, -2147483648]))
        if rng.random() < 0.2:
            return str(-rng.randint(1, n))
        return str(rng.randint(1, n))
    form = rng.random()
    v = one(nv)
    if form < 0.4:
        return v
    if form < 0.55:
        return v + "/" + one(nvt)
    if form < 0.7:
        return v + "//" + one(nvn)
    return v + "/" + one(nvt) + "/" + one(nvn)


def polygon_vertices(n):
    """Points of an n-gon in a random plane: convex, star, or degenerate."""
    kind = rng.random()
    pts = []
    if kind < 0.4:  # convex
        for k in range(n):
            a = 2 * math.pi * k / n + rng.uniform(-0.2, 0.2) / n
            pts.append((math.cos(a), math.sin(a)))
    elif kind < 0.75:  # concave / star / random simple-ish
        for k in range(n):
            a = 2 * math.pi * k / n
            rad = rng.choice([1.0, 0.3, rng.uniform(0.1, 1.5)])
            pts.append((rad * math.cos(a), rad * math.sin(a)))
    elif kind < 0.85:  # random points (self-intersecting)
        pts = [(rng.uniform(-1, 1), rng.uniform(-1, 1)) for _ in range(n)]
    else:  # degenerate: collinear, repeated, tiny
        base = [(rng.uniform(-1, 1), rng.uniform(-1, 1)) for _ in range(max(1, n // 3))]
        for k in range(n):
            if rng.random() < 0.5:
                t = rng.uniform(-2, 2)
                pts.append((t, 2 * t))
            else:
                pts.append(rng.choice(base))
        if rng.random() < 0.3:
            pts = [(x * 1e-6, y * 1e-6) for x, y in pts]
    if rng.random() < 0.5:
        pts.reverse()
    # embed in 3D: pick a plane (axis-aligned or random)
    plane = rng.random()
    scale = rng.choice([1, 1, 10, 0.01, 1000])
    out = []
    if plane < 0.5:
        axes = rng.choice([(0, 1), (0, 2), (1, 2), (1, 0), (2, 0), (2, 1)])
        c = rng.uniform(-1, 1)
        for x, y in pts:
            p = [c, c, c]
            p[axes[0]] = x * scale
            p[axes[1]] = y * scale
            out.append(p)
    else:
        u = [rng.uniform(-1, 1) for _ in range(3)]
        w = [rng.uniform(-1, 1) for _ in range(3)]
        noise = rng.choice([0, 0, 0.01])
        for x, y in pts:
            out.append([scale * (x * u[i] + y * w[i]) + rng.uniform(-noise, noise) for i in range(3)])
    return out


def fmt(x):
    r = rng.random()
    if r < 0.6:
        return repr(x)
    if r < 0.9:
        return "%.6f" % x
    return "%.9g" % x


def structured():
    lines = []
    nv = nvt = nvn = 0
    oob = rng.choice([0, 0, 0, 0.01, 0.05])
    mtl = rng.random() < 0.2
    if mtl and rng.random() < 0.5:
        lines.append("mtllib" + ws() + "m.mtl")
    for _ in range(rng.randint(1, 25)):
        r = rng.random()
        if r < 0.3:
            for _ in range(rng.randint(1, 6)):
                lines.append(vertex_line())
                nv += 1
        elif r < 0.55:
            n = rng.choice([3, 3, 4, 4, 5, 6, 7, 8, 10, 12, 16])
            for p in polygon_vertices(n):
                lines.append("v" + "".join(ws() + fmt(c) for c in p))
            nv += n
            idx = list(range(nv - n + 1, nv + 1))
            if rng.random() < 0.3:
                idx = [i - nv - 1 for i in idx]  # relative
            if rng.random() < 0.1:
                rng.shuffle(idx)
            lines.append("f" + "".join(ws() + str(i) for i in idx))
        elif r < 0.62:
            lines.append("vt" + "".join(ws() + number() for _ in range(rng.choice([0, 1, 2, 2, 2, 3]))))
            nvt += 1
        elif r < 0.69:
            lines.append("vn" + "".join(ws() + number() for _ in range(rng.choice([0, 1, 3, 3, 3, 4]))))
            nvn += 1
        elif r < 0.82:
            k = rng.choice([1, 2, 3, 3, 3, 4, 4, 5, 6, 9])
            lines.append("f" + "".join(ws() + index(nv, nvt, nvn, oob) for _ in range(k)))
        elif r < 0.86:
            lines.append(rng.choice(["g", "o"]) + rng.choice(["", " ", " name", "\tx y z"]))
        elif r < 0.89:
            lines.append("usemtl" + rng.choice(["", " ", " a", " b", "\t", "x"]))
        elif r < 0.91:
            lines.append(rng.choice(["mtllib", "mtllib ", "mtllib a.mtl", "mtllib\tb", "mtllibc"]))
        elif r < 0.94:
            k = rng.choice([0, 1, 2, 3])
            lines.append(rng.choice("lp") + rng.choice([" ", "  "]) + " ".join(index(nv, nvt, nvn, oob / 4) for _ in range(k)))
        elif r < 0.96:
            lines.append(rng.choice(["s 1", "s off", "s", "s 0", "# comment", "", "   ", "\t", "t crease 1/0/0 2", "foo bar", "vp 1 2 3"]))
        else:
            lines.append(" " * rng.randint(0, 3) + rng.choice(["", "\t"]) + vertex_line())
            nv += 1
    text = "".join(l + eol() for l in lines)
    if rng.random() < 0.15:
        text = text.rstrip("\r\n")
    return text


ALPHABET = list("0123456789 \t\r\n/.-+eEvfnt#gol\x00\x0b\x0c") + ["\xff", "\x80", "v ", "f ", "\n", "//", "1", "-1", "0"]


def mutate(text):
    b = list(text)
    for _ in range(rng.randint(1, 8)):
        op = rng.random()
        pos = rng.randint(0, len(b)) if b else 0
        if op < 0.4:
            b.insert(pos, rng.choice(ALPHABET))
        elif op < 0.7 and b:
            del b[min(pos, len(b) - 1)]
        elif b:
            b[min(pos, len(b) - 1)] = rng.choice(ALPHABET)
    return "".join(b)


def number_dense():
    """Many vertex lines of assorted numbers (exercises the number reader)."""
    lines = []
    for _ in range(rng.randint(20, 200)):
        lines.append(rng.choice(["v", "vn", "vt"]) + "".join(ws() + number() for _ in range(3)))
    lines.append("f 1 2 3")
    return "\n".join(lines) + "\n"


def polygon_dense():
    """Polygons on a small integer grid (ties, collinear and repeated points), some indices
    out of range, in one or more planes (exercises the ear clipping)."""
    lines = []
    nv = rng.randint(4, 30)
    grid = rng.choice([1, 2, 3, 5])
    flat = rng.random() < 0.7
    for _ in range(nv):
        p = [rng.randint(-grid, grid) * rng.choice([1, 1, 0.5, 1e-3]) for _ in range(3)]
        if flat:
            p[rng.choice([0, 1, 2]) if rng.random() < 0.1 else 2] = 0
        lines.append("v " + " ".join(repr(float(c)) for c in p))
    for _ in range(rng.randint(1, 12)):
        k = rng.choice([3, 4, 4, 5, 6, 7, 8, 12, 20])
        idx = []
        for _ in range(k):
            i = rng.randint(1, nv)
            if rng.random() < 0.05:
                i = rng.choice([nv + 1, nv + 7, -1, -nv])
            idx.append(i)
        lines.append("f " + " ".join(map(str, idx)))
        if rng.random() < 0.2:
            lines.append(rng.choice(["g a", "o b", "usemtl", "mtllib m", "l 1 2", "p 1"]))
    return "\n".join(lines) + "\n"


for i in range(count):
    r = rng.random()
    if r < 0.05:
        t = "".join(rng.choice("vfntlpgos /-+.eE0123456789\n\r\t#\x00\x0b\xff") for _ in range(rng.randint(0, 400)))
    elif r < 0.15:
        t = number_dense()
    elif r < 0.35:
        t = polygon_dense()
    else:
        t = structured()
    if rng.random() < 0.35:
        t = mutate(t)
    with open(os.path.join(out_dir, "r%05d.obj" % i), "wb") as f:
        f.write(t.encode("latin-1"))
