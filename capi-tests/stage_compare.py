#!/usr/bin/env python3
"""Compare two stage_diff dumps (reference first): prints each mjData array that differs
(|a-b| > tol*(1+max(|a|,|b|)), default tol 1e-9) and a last line 'stage fields equal: a/b'.
Exit status 0 when everything agrees."""
import math
import sys


def parse(path):
    out = {}
    with open(path) as f:
        for line in f:
            p = line.split()
            if p:
                out[p[0]] = p[1:]
    return out


def main():
    ref, cand = parse(sys.argv[1]), parse(sys.argv[2])
    tol = float(sys.argv[3]) if len(sys.argv) > 3 else 1e-9
    good, bad = 0, 0
    for name, rv in ref.items():
        cv = cand.get(name)
        if cv is None or len(cv) != len(rv):
            print(f"  DIFF {name}: missing or length {None if cv is None else len(cv)} vs {len(rv)}")
            bad += 1
            continue
        worst, where = 0.0, -1
        for i, (a, b) in enumerate(zip(rv, cv)):
            if a == b:
                continue
            try:
                x, y = float(a), float(b)
            except ValueError:
                worst, where = math.inf, i
                break
            if math.isnan(x) and math.isnan(y):
                continue
            e = abs(x - y) / (1.0 + max(abs(x), abs(y)))
            if not e <= tol and (e > worst or math.isnan(e)):
                worst, where = e, i
        if where < 0:
            good += 1
        else:
            bad += 1
            print(f"  DIFF {name}: worst at {where} rel {worst:.2e} (ref {rv[where]} ours {cv[where]})")
    print(f"stage fields equal: {good}/{good + bad}")
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
