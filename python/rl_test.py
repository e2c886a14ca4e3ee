#!/usr/bin/env python3
"""Steps dm_control suite tasks and Gymnasium MuJoCo environments with a fixed action sequence on
two copies of the mujoco==3.4.0 package, one with upstream's libmujoco.so.3.4.0 and one with ours,
and compares what they observe, step by step.

usage: rl_test.py VENV_PYTHON WORKDIR RL_SITE REF_PKG_PARENT OURS_PKG_PARENT [TASK ...]
       rl_test.py --child OUTDIR TASK ...        (run with one copy on PYTHONPATH)

TASK is dmc/DOMAIN-TASK or gym/NAME-vN; the default is every dm_control suite task and every
Gymnasium MuJoCo v4 and v5 environment that mujoco 3 can run. Each copy runs in its own child
process (PYTHONPATH = RL_SITE, then the copy), resets every task with seed SEED, steps it STEPS
times (env RL_STEPS, default 500) with actions a_i(t) = lo + (hi - lo) (0.5 + 0.45 sin(w_i t + p_i))
inside the action bounds ([-1, 1] where unbounded), and saves per step the observation, the
reward (and dm_control's discount or Gymnasium's terminated flag) and the MuJoCo state (qpos, qvel,
act) to WORKDIR/rl/{ref,ours}/TASK.npz. A step agrees when its observation, reward and discount or
flag are within 1e-6 relative (absolute floor 1e-9) of upstream's; the state is compared bitwise
and reported alongside. Step 0 is the reset.
Exit 1 when a step disagrees in a task not listed in python/rl_known_differences.txt.
"""
import os
import subprocess
import sys
import threading
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
STEPS = int(os.environ.get("RL_STEPS", "500"))
SEED = 42
RTOL, ATOL = 1e-6, 1e-9

# Gymnasium MuJoCo environments; Pusher-v4 refuses mujoco>=3 (Gymnasium issue 950)
GYM = ["Ant", "HalfCheetah", "Hopper", "Humanoid", "HumanoidStandup", "InvertedPendulum",
       "InvertedDoublePendulum", "Pusher", "Reacher", "Swimmer", "Walker2d"]
GYM_SKIP = {"Pusher-v4": "Gymnasium 1.2.0 raises ImportError: Pusher-v4 needs mujoco<3"}


def actions(lo, hi, steps):
    """The fixed action sequence, shape (steps, n): sinusoids inside [lo, hi]."""
    import numpy as np
    lo = np.asarray(lo, dtype=np.float64)
    hi = np.asarray(hi, dtype=np.float64)
    n = lo.shape[0]
    # dm_control's lqr gives +-1e10 for unlimited controls: those get [-1, 1]
    bounded = np.isfinite(lo) & np.isfinite(hi) & (hi - lo < 1e6)
    lo = np.where(bounded, lo, -1.0)
    hi = np.where(bounded, hi, 1.0)
    t = np.arange(1, steps + 1, dtype=np.float64)[:, None]
    i = np.arange(n, dtype=np.float64)[None, :]
    s = 0.5 + 0.45 * np.sin(0.07 * t * (1.0 + 0.31 * i) + 0.9 * i)
    return lo + (hi - lo) * s


def flat(x):
    """A copy: observations and d.qpos may be views of the live mjData."""
    import numpy as np
    return np.array(x, dtype=np.float64, copy=True).ravel()


def run_dmc(name, steps):
    import numpy as np
    from dm_control import suite
    domain, task = name.split("-", 1)
    env = suite.load(domain, task, task_kwargs={"random": SEED})
    spec = env.action_spec()
    lo = np.broadcast_to(spec.minimum, spec.shape)
    hi = np.broadcast_to(spec.maximum, spec.shape)
    acts = actions(lo, hi, steps)
    rec = {}

    def record(ts):
        for k, v in ts.observation.items():
            rec.setdefault("obs/" + k, []).append(flat(v))
        rec.setdefault("reward", []).append(flat(np.nan if ts.reward is None else ts.reward))
        rec.setdefault("discount", []).append(flat(np.nan if ts.discount is None else ts.discount))
        d = env.physics.data
        rec.setdefault("state/qpos", []).append(flat(d.qpos))
        rec.setdefault("state/qvel", []).append(flat(d.qvel))
        rec.setdefault("state/act", []).append(flat(d.act))

    record(env.reset())
    for a in acts:
        record(env.step(a.astype(spec.dtype)))
    return rec


def run_gym(name, steps):
    import numpy as np
    import gymnasium as gym
    env = gym.make(name, disable_env_checker=True)
    space = env.action_space
    acts = actions(space.low, space.high, steps)
    rec = {}

    def record(obs, reward, terminated):
        rec.setdefault("obs", []).append(flat(obs))
        rec.setdefault("reward", []).append(flat(reward))
        rec.setdefault("terminated", []).append(flat(float(terminated)))
        d = env.unwrapped.data
        rec.setdefault("state/qpos", []).append(flat(d.qpos))
        rec.setdefault("state/qvel", []).append(flat(d.qvel))
        rec.setdefault("state/act", []).append(flat(d.act))

    obs, _ = env.reset(seed=SEED)
    record(obs, np.nan, False)
    for a in acts:
        # stepping goes on after termination: the physics is what is compared
        obs, reward, terminated, _, _ = env.step(a.astype(space.dtype))
        record(obs, reward, terminated)
    env.close()
    return rec


def child(outdir, tasks):
    import numpy as np
    import mujoco  # noqa: F401  (the copy on PYTHONPATH)
    with open(os.path.join(outdir, "lib.txt"), "w") as f:
        f.write(next(l.split()[-1] for l in open("/proc/self/maps") if "libmujoco.so" in l))
    for task in tasks:
        kind, name = task.split("/", 1)
        base = os.path.join(outdir, task.replace("/", "_"))
        with open(os.path.join(outdir, "running.txt"), "w") as f:
            f.write(task)
        t0 = time.time()
        try:
            rec = (run_dmc if kind == "dmc" else run_gym)(name, STEPS)
            arrays = {k: np.stack(v) for k, v in rec.items()}
            arrays["seconds"] = np.array(time.time() - t0)
            np.savez(base + ".npz", **arrays)
        except Exception:
            with open(base + ".err", "w") as f:
                f.write(traceback.format_exc())
    return 0


def run_copy(python, env, outdir, tasks, log):
    """Runs the tasks in child processes until each has a .npz or a .err: when a child dies, the
    task it was running gets a .err and the rest go to a new child."""
    import shutil
    shutil.rmtree(outdir, ignore_errors=True)
    os.makedirs(outdir)
    base = lambda t: os.path.join(outdir, t.replace("/", "_"))
    with open(log, "w") as f:
        while True:
            todo = [t for t in tasks
                    if not any(os.path.exists(base(t) + e) for e in (".npz", ".err"))]
            if not todo:
                return
            running = os.path.join(outdir, "running.txt")
            if os.path.exists(running):
                os.remove(running)
            rc = subprocess.run(
                [python, "-W", "ignore", os.path.abspath(__file__), "--child", outdir] + todo,
                env=env, stdout=f, stderr=subprocess.STDOUT, cwd=os.path.dirname(outdir)
            ).returncode
            task = open(running).read() if os.path.exists(running) else todo[0]
            if rc != 0 and not os.path.exists(base(task) + ".npz"):
                with open(base(task) + ".err", "w") as e:
                    e.write("child process died (exit %d) while running %s; see %s\n"
                            % (rc, task, log))


def all_tasks(python, rlsite, ref):
    """dm_control's suite.ALL_TASKS and the Gymnasium MuJoCo list, as task names."""
    env = dict(os.environ, PYTHONPATH=rlsite + os.pathsep + ref)
    out = subprocess.run(
        [python, "-c", "from dm_control import suite\n"
         "for d, t in suite.ALL_TASKS: print('dmc/%s-%s' % (d, t))"],
        env=env, check=True, capture_output=True, text=True).stdout.split()
    return out + ["gym/%s-%s" % (g, v) for v in ("v5", "v4") for g in GYM]


def compare(ref, ours):
    """Returns (agree, bitwise, first_diff, first_bit, max_rel, state_bitwise) over steps
    1..STEPS, first_* = -1 when none; step 0 (the reset) disagreeing makes first_diff 0."""
    import numpy as np
    keys = [k for k in ref.files if k != "seconds"]
    n = ref["reward"].shape[0]
    ok = np.ones(n, bool)
    bit = np.ones(n, bool)
    sbit = np.ones(n, bool)
    max_rel = 0.0
    for k in keys:
        a = ref[k]
        b = ours[k] if k in ours.files else None
        if b is None or b.shape != a.shape:
            ok[:] = bit[:] = False
            continue
        same = (a == b) | (np.isnan(a) & np.isnan(b))
        rows_same = same.all(axis=1)
        if k.startswith("state/"):
            sbit &= rows_same
            continue
        bit &= rows_same
        err = np.where(same, 0.0, np.abs(a - b))
        scale = np.maximum(np.maximum(np.abs(a), np.abs(b)) * RTOL, ATOL)
        with np.errstate(invalid="ignore"):
            close = same | (err <= scale)
            rel = np.where(same, 0.0, err / np.maximum(np.maximum(np.abs(a), np.abs(b)), ATOL))
        ok &= close.all(axis=1)
        if rel.size:
            max_rel = max(max_rel, float(np.nanmax(np.where(np.isnan(rel), np.inf, rel))))

    def first(mask):
        bad = np.flatnonzero(~mask)
        return int(bad[0]) if bad.size else -1

    return (int(ok[1:].sum()), int(bit[1:].sum()), first(ok), first(bit), max_rel,
            int(sbit[1:].sum()))


def main():
    import numpy as np
    python, workdir, rlsite, ref, ours = sys.argv[1:6]
    t_start = time.time()
    tasks = sys.argv[6:] or all_tasks(python, rlsite, ref)
    skipped = [(t, GYM_SKIP[t.split("/", 1)[1]]) for t in tasks
               if t.split("/", 1)[1] in GYM_SKIP]
    tasks = [t for t in tasks if t.split("/", 1)[1] not in GYM_SKIP]
    out = {tag: os.path.join(workdir, "rl", tag) for tag in ("ref", "ours")}
    threads = []
    for tag, parent in (("ref", ref), ("ours", ours)):
        env = dict(os.environ, PYTHONPATH=rlsite + os.pathsep + parent)
        env.setdefault("MUJOCO_GL", "egl")
        env.setdefault("PYOPENGL_PLATFORM", env["MUJOCO_GL"])
        log = os.path.join(workdir, "rl-%s.log" % tag)
        threads.append(threading.Thread(target=run_copy, args=(python, env, out[tag], tasks, log)))
        threads[-1].start()
    for t in threads:
        t.join()
    for tag, parent in (("ref", ref), ("ours", ours)):
        want = os.path.realpath(os.path.join(parent, "mujoco", "libmujoco.so.3.4.0"))
        libtxt = os.path.join(out[tag], "lib.txt")
        if not os.path.exists(libtxt):
            print("%s child did not start; see %s" % (tag, os.path.join(workdir, "rl-%s.log" % tag)))
            return 1
        got = open(libtxt).read().strip()
        if os.path.realpath(got) != want:
            print("%s child loaded %s, not %s" % (tag, got, want))
            return 1

    known = {}
    kf = os.path.join(HERE, "rl_known_differences.txt")
    if os.path.exists(kf):
        for line in open(kf):
            name, _, why = line.partition("#")
            if name.strip():
                known[name.strip()] = why.strip()

    print("| task | steps agree (1e-6) | bitwise | first differing step | max rel diff "
          "| state bitwise | s upstream | s ours |")
    print("|---|---|---|---|---|---|---|---|")
    total = agree_total = bit_total = 0
    failed, errors = [], []
    for task in tasks:
        f = task.replace("/", "_")
        r_npz, o_npz = (os.path.join(out[t], f + ".npz") for t in ("ref", "ours"))
        if not os.path.exists(r_npz):
            err = open(os.path.join(out["ref"], f + ".err")).read().strip().splitlines()[-1]
            errors.append((task, "upstream: " + err))
            continue
        r = np.load(r_npz)
        total += STEPS
        if not os.path.exists(o_npz):
            err = open(os.path.join(out["ours"], f + ".err")).read().strip().splitlines()[-1]
            print("| %s | 0/%d | - | error | - | - | %.1f | - |" % (task, STEPS, r["seconds"]))
            failed.append((task, "ours: " + err))
            continue
        o = np.load(o_npz)
        agree, bit, first, first_bit, max_rel, sbit = compare(r, o)
        agree_total += agree
        bit_total += bit
        print("| %s | %d/%d | %d/%d | %s | %.1e | %d/%d | %.1f | %.1f |" % (
            task, agree, STEPS, bit, STEPS, "-" if first < 0 else first, max_rel, sbit, STEPS,
            r["seconds"], o["seconds"]))
        if first >= 0:
            failed.append((task, "first differing step %d" % first))
    print()
    for task, why in skipped:
        print("skipped %s: %s" % (task, why))
    for task, why in errors:
        print("could not run on upstream's library: %s: %s" % (task, why))
    unexpected = [f for f in failed if f[0] not in known]
    for task, why in failed:
        print("  [%s] %s: %s%s" % ("known" if task in known else "NEW", task, why,
                                   " (%s)" % known[task] if task in known else ""))
    for task in sorted(set(known) - {f[0] for f in failed}):
        if task in tasks:
            print("  listed as a known difference but agrees: %s" % task)
    ran = len(tasks) - len(errors)
    print()
    print("rl: %d tasks, %d/%d steps agree (%d bitwise), %d seconds" % (
        ran, agree_total, total, bit_total, time.time() - t_start))
    return 1 if unexpected or errors else 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        sys.exit(child(sys.argv[2], sys.argv[3:]))
    sys.exit(main())
