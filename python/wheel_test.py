#!/usr/bin/env python3
"""Runs the test files shipped in the mujoco==3.4.0 wheel on two copies of its package, one
with upstream's libmujoco.so.3.4.0 and one with ours, and prints passed/total per file.

usage: wheel_test.py VENV_PYTHON WORKDIR REF_PKG_PARENT OURS_PKG_PARENT [FILE ...]

Each copy is put first on sys.path through PYTHONPATH. A file runs in one pytest process; when
that process dies (a crash), the test that was running counts as failed ("crashed") and the
file's remaining tests run again in a new process, until all have run.
"""
import glob
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FILE_TIMEOUT = int(os.environ.get("MJW_FILE_TIMEOUT", "600"))
TEST_TIMEOUT = os.environ.get("MJW_TEST_TIMEOUT", "120")


def short(nodeid):
    return nodeid.split("mujoco/", 1)[-1]


def run_file(python, workdir, pkg_parent, module, tag):
    """Returns {test name: (outcome, message)} with outcome passed, failed, skipped or crashed."""
    log = os.path.join(workdir, "results", "%s.%s.tsv" % (module, tag))
    out = os.path.join(workdir, "results", "%s.%s.log" % (module, tag))
    os.makedirs(os.path.dirname(log), exist_ok=True)
    for p in (log, out):
        if os.path.exists(p):
            os.remove(p)
    env = dict(os.environ)
    env["PYTHONPATH"] = pkg_parent + os.pathsep + HERE
    env["MJW_RESULTS"] = log
    env.setdefault("MUJOCO_GL", "egl")
    env.setdefault("PYOPENGL_PLATFORM", env["MUJOCO_GL"])
    results, done = {}, set()
    for _ in range(200):
        cmd = [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "pytest_resultlog",
               "--timeout", TEST_TIMEOUT, "--rootdir", workdir, "--pyargs", "mujoco." + module]
        cmd += ["--deselect=" + n for n in sorted(done)]
        with open(out, "a") as f:
            try:
                rc = subprocess.run(cmd, cwd=workdir, env=env, stdout=f, stderr=subprocess.STDOUT,
                                    timeout=FILE_TIMEOUT).returncode
            except subprocess.TimeoutExpired:
                rc = "timeout"
        running = None
        if os.path.exists(log):
            for line in open(log):
                kind, nodeid, *rest = line.rstrip("\n").split("\t")
                if kind == "start":
                    running = nodeid
                    results.setdefault(nodeid, ("passed", ""))
                elif kind == "report":
                    when, outcome, msg = rest
                    if outcome == "failed":
                        if results[nodeid][0] != "failed":
                            results[nodeid] = ("failed", "%s: %s" % (when, msg))
                    elif outcome == "skipped" and results[nodeid][0] == "passed":
                        results[nodeid] = ("skipped", "")
                elif kind == "finish":
                    done.add(nodeid)
                    running = None
        if running is None:
            if rc not in (0, 1, 5):
                results["%s (whole file)" % module] = ("crashed", "pytest exit %s" % rc)
            break
        results[running] = ("crashed", "process ended: exit %s" % rc)
        done.add(running)
        os.remove(log)  # the rerun starts a new log; earlier results are kept above
        with open(log, "w"):
            pass
    return {short(k): v for k, v in results.items()}


def count(res):
    run = {k: v for k, v in res.items() if v[0] != "skipped"}
    return sum(v[0] == "passed" for v in run.values()), len(run)


def main():
    python, workdir, ref, ours = sys.argv[1:5]
    files = sys.argv[5:] or sorted(
        os.path.basename(p)[:-3] for p in glob.glob(os.path.join(ref, "mujoco", "*_test.py")))
    rows, regressions, tp = [], [], [0, 0, 0, 0]
    ref_passed_ours_passed = [0]
    for module in files:
        r = run_file(python, workdir, ref, module, "ref")
        o = run_file(python, workdir, ours, module, "ours")
        rp, rt = count(r)
        op, ot = count(o)
        tp = [tp[0] + rp, tp[1] + rt, tp[2] + op, tp[3] + ot]
        rows.append((module + ".py", "%d/%d" % (rp, rt), "%d/%d" % (op, ot)))
        ref_passed_ours_passed[0] += sum(
            1 for k, v in o.items() if v[0] == "passed" and r.get(k, ("",))[0] == "passed")
        for name, (outcome, msg) in sorted(o.items()):
            if outcome in ("failed", "crashed") and r.get(name, ("",))[0] == "passed":
                regressions.append((name, outcome, msg))
        print("%-22s upstream %-8s ours %-8s" % rows[-1], flush=True)
    print()
    print("| test file | upstream passed/total | ours passed/total |")
    print("|---|---|---|")
    for row in rows:
        print("| %s | %s | %s |" % row)
    print("| all | %d/%d | %d/%d |" % tuple(tp))
    print()
    known = set()
    kf = os.path.join(HERE, "wheel_known_failures.txt")
    if os.path.exists(kf):
        known = {l.split("#")[0].strip() for l in open(kf)} - {""}
    unexpected = [r for r in regressions if r[0] not in known]
    if regressions:
        print("pass on upstream, fail on ours (%d; %d listed in %s):"
              % (len(regressions), len(regressions) - len(unexpected), os.path.basename(kf)))
        for name, outcome, msg in regressions:
            mark = "known" if name in known else "NEW"
            print("  [%s] %s  [%s] %s" % (mark, name, outcome, msg[:200]))
    else:
        print("no test passes on upstream and fails on ours")
    fixed = sorted(n for n in known - {r[0] for r in regressions}
                   if n.split("::")[0][:-3] in files)
    for name in fixed:
        print("  listed as a known failure but did not fail: %s" % name)
    print()
    # closing line: tests that pass on upstream, as passed or failed on ours; known failures
    # (python/wheel_known_failures.txt) do not fail the run
    print("pytest-wheel: %d passed, %d failed" % (ref_passed_ours_passed[0], len(unexpected)))
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
