#!/usr/bin/env python3
"""Differential spec-API fuzzer: each seed is a pseudo-random sequence of mjs_* calls made by the
child program spec_fuzz (spec_fuzz.c), run once on upstream's library and once on ours. Our
crashes (signals) and hangs are failures when upstream finished; otherwise the printouts (one
line per compile: verdict, error text, sizes, a qpos/qvel checksum after a few steps) are
compared line by line.

  spec_fuzz.py --ours DIST_LIB --ref REF_LIB --runner SPEC_FUZZ [--n N] [--seed S] [--jobs J]
               [--nops K] [--timeout SEC] [--work DIR] [--min-agree FRACTION]

Seeds S .. S+N-1. A seed that crashes or hangs ours, or whose printouts differ, is kept as
WORK/{crash,hang,disagree}/seed_<seed>.txt with both printouts and the call sequence (rerun by
hand with: SPEC_FUZZ_VERBOSE=1 LD_LIBRARY_PATH=LIB SPEC_FUZZ SEED NOPS). The exit status is 1
when ours crashed or hung, or the share of agreeing lines fell below --min-agree.
"""
import argparse
import concurrent.futures as cf
import os
import resource
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTPUT_LIMIT = 1 << 20


def limit():
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
    resource.setrlimit(resource.RLIMIT_FSIZE, (OUTPUT_LIMIT, OUTPUT_LIMIT))


def run(runner, lib, seed, nops, timeout, verbose=False):
    env = dict(os.environ, LD_LIBRARY_PATH=lib)
    if verbose:
        env["SPEC_FUZZ_VERBOSE"] = "1"
    t0 = time.time()
    try:
        p = subprocess.run([runner, str(seed), str(nops)], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, timeout=timeout, preexec_fn=limit)
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace")
        return {"kind": "hang", "out": out, "sec": timeout}
    out = p.stdout[:OUTPUT_LIMIT].decode("utf-8", "replace")
    if p.returncode < 0:
        return {"kind": "crash", "sig": -p.returncode, "out": out, "sec": time.time() - t0}
    if p.returncode != 0:
        return {"kind": "odd", "out": out + "rc=%d" % p.returncode, "sec": time.time() - t0}
    return {"kind": "done", "out": out, "sec": time.time() - t0}


def keep(args, what, seed, ref, ours):
    d = os.path.join(args.work, what)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "seed_%d.txt" % seed)
    calls = run(args.runner, args.ref, seed, args.nops, args.timeout, verbose=True)["out"]
    with open(path, "w") as f:
        f.write("seed %d, %d calls: %s %d %d\n\nupstream (%s, %.1fs):\n%s\nours (%s, %.1fs):\n%s\n"
                "calls (upstream, SPEC_FUZZ_VERBOSE=1):\n%s" % (
                    seed, args.nops, args.runner, seed, args.nops, ref["kind"], ref["sec"],
                    ref["out"], ours["kind"], ours["sec"], ours["out"], calls))
    return path


def one(args, seed):
    ref = run(args.runner, args.ref, seed, args.nops, args.timeout)
    ours = run(args.runner, args.ours, seed, args.nops, args.timeout)
    return seed, ref, ours


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ours", required=True)
    ap.add_argument("--ref", required=True)
    ap.add_argument("--runner", required=True)
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--nops", type=int, default=40)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--work", default=os.path.join(ROOT, "target", "fuzz", "spec"))
    ap.add_argument("--min-agree", type=float, default=0.9)
    args = ap.parse_args()
    args.ours, args.ref, args.runner, args.work = map(os.path.abspath, (args.ours, args.ref, args.runner, args.work))
    for d in ("crash", "hang", "disagree"):
        shutil.rmtree(os.path.join(args.work, d), ignore_errors=True)
    os.makedirs(args.work, exist_ok=True)

    t0 = time.time()
    st = {"crash": 0, "hang": 0, "ref_bad": 0, "odd": 0, "compared": 0, "same": 0, "lines": 0,
          "lines_same": 0, "compiled": 0}
    msgs = []
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(one, args, s) for s in range(args.seed, args.seed + args.n)]
        for fu in cf.as_completed(futs):
            seed, ref, ours = fu.result()
            if ours["kind"] == "crash" and ref["kind"] != "crash":
                st["crash"] += 1
                msgs.append("CRASH (signal %d) seed %d: kept %s" % (ours["sig"], seed, keep(args, "crash", seed, ref, ours)))
            elif ours["kind"] == "hang" and ref["kind"] != "hang":
                st["hang"] += 1
                msgs.append("HANG seed %d: kept %s" % (seed, keep(args, "hang", seed, ref, ours)))
            elif ref["kind"] != "done":
                st["ref_bad"] += 1
            elif ours["kind"] != "done":
                st["odd"] += 1
                msgs.append("ODD seed %d: kept %s" % (seed, keep(args, "disagree", seed, ref, ours)))
            else:
                st["compared"] += 1
                a, b = ref["out"].splitlines(), ours["out"].splitlines()
                st["lines"] += len(a)
                st["lines_same"] += sum(1 for i, x in enumerate(a) if i < len(b) and b[i] == x)
                st["compiled"] += sum(1 for x in a if " OK" in x)
                if a == b:
                    st["same"] += 1
                else:
                    keep(args, "disagree", seed, ref, ours)
    sec = time.time() - t0
    agree = st["lines_same"] / max(1, st["lines"])
    summary = [
        "spec fuzz: seeds %d..%d, %d calls each, %.0f s" % (args.seed, args.seed + args.n - 1, args.nops, sec),
        "  ours: %d crashes, %d hangs (upstream finished within %gs)" % (st["crash"], st["hang"], args.timeout),
        "  compared %d seeds: %d print the same; %d of %d lines agree (%.2f%%), %d compiles succeeded on upstream"
        % (st["compared"], st["same"], st["lines_same"], st["lines"], 100 * agree, st["compiled"]),
        "  not compared: %d where upstream crashed or hung, %d odd exits of ours; differing seeds in %s"
        % (st["ref_bad"], st["odd"], os.path.join(args.work, "disagree")),
    ]
    text = "\n".join(sorted(msgs) + summary) + "\n"
    sys.stdout.write(text)
    with open(os.path.join(args.work, "summary.txt"), "w") as f:
        f.write(text)
    return 0 if st["crash"] == 0 and st["hang"] == 0 and agree >= args.min_agree else 1


if __name__ == "__main__":
    sys.exit(main())
