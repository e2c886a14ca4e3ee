#!/usr/bin/env python3
"""Compare two outputs of mju_diff (reference first): lines 'name idx: values'. Floats agree
within 1e-12 relative (scale 1 + max |value|), lines marked 'i' (integers) or 's' (strings)
exactly. Prints differing lines, the per-function tally and 'N passed, N failed' (per function)."""
import math
import sys


def parse(path):
    out = {}
    for line in open(path, errors="replace"):
        if ":" not in line:
            continue
        key, _, vals = line.rstrip("\n").partition(":")
        out[key] = vals.split()
    return out


def close(a, b, tol):
    try:
        x, y = float(a), float(b)
    except ValueError:
        return a == b
    if x == y or (math.isnan(x) and math.isnan(y)):
        return True
    return abs(x - y) <= tol * (1 + max(abs(x), abs(y)))


def main():
    ref, cand = parse(sys.argv[1]), parse(sys.argv[2])
    tol = 1e-12
    funcs, bad = {}, {}
    for key, rv in ref.items():
        f = key.split()[0]
        funcs[f] = funcs.get(f, 0) + 1
        cv = cand.get(key)
        exact = rv[:1] in (["i"], ["s"])
        ok = cv is not None and len(cv) == len(rv) and (
            rv == cv if exact else all(close(a, b, tol) for a, b in zip(rv, cv)))
        if not ok:
            bad.setdefault(f, []).append(key)
    for f, keys in sorted(bad.items()):
        k = keys[0]
        print(f"DIFF {f}: {len(keys)} cases, first '{k}': ref {' '.join(ref[k][:6])} | ours {' '.join(cand.get(k, ['(missing)'])[:6])}")
    print(f"functions: {len(funcs) - len(bad)} agree, {len(bad)} differ, {sum(funcs.values())} cases")
    print(f"mju: {len(funcs) - len(bad)} passed, {len(bad)} failed")
    sys.exit(1 if bad else 0)


main()
