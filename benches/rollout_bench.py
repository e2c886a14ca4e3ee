#!/usr/bin/env python3
"""Helper of benches/rollout_bench.sh: times mujoco.rollout of the mujoco==3.4.0 wheel and
compares its outputs between two libraries.

usage: rollout_bench.py prepare OUTDIR NBATCH MODEL.xml:NSTEP ...
       rollout_bench.py run OUTDIR LIB REP SAVE MODEL.xml:NSTEP ...
       rollout_bench.py report OUTDIR MODEL.xml:NSTEP ...

prepare (with upstream's package) writes, per model, NBATCH initial states (the model's first
keyframe or qpos0, positions moved along a random velocity with mj_integratePos and random
velocities added) and an NBATCH x NSTEP x nu control sequence uniform in the control range, from
fixed numpy seeds, to OUTDIR/NAME.inputs.npz, so that both libraries roll out the same inputs.

run (in a process whose `mujoco` loads LIB's library) rolls out every model with a
mujoco.rollout.Rollout of 1 and of 2 threads (one mjData per thread): a short warm-up rollout,
then one timed rollout into preallocated outputs. It appends "LIB REP NAME NTHREAD STEPS/S HASH"
to OUTDIR/times.txt (steps = NBATCH x NSTEP) and, when SAVE is 1, writes the outputs to
OUTDIR/LIB.NAME.tNTHREAD.{state,sensordata}.npy.

report prints, per model and thread count, the median steps/s of each library over its runs,
their ratio, and whether the saved outputs are bitwise equal (else the max abs difference and
the first differing rollout, step and state field). Exits 1 when any outputs differ or a
library's runs disagree among themselves.
"""
import hashlib
import os
import statistics
import sys
import time

import numpy as np

NTHREADS = (1, 2)


def parse(specs):
    out = []
    for s in specs:
        path, nstep = s.rsplit(":", 1)
        out.append((os.path.splitext(os.path.basename(path))[0], path, int(nstep)))
    return out


def prepare(outdir, nbatch, models):
    import mujoco
    for i, (name, path, nstep) in enumerate(models):
        m = mujoco.MjModel.from_xml_path(path)
        d = mujoco.MjData(m)
        rng = np.random.default_rng(1234 + i)
        spec = mujoco.mjtState.mjSTATE_FULLPHYSICS.value
        init = np.empty((nbatch, mujoco.mj_stateSize(m, spec)))
        for b in range(nbatch):
            if m.nkey:
                mujoco.mj_resetDataKeyframe(m, d, 0)
            else:
                mujoco.mj_resetData(m, d)
            qpos = d.qpos.copy()
            mujoco.mj_integratePos(m, qpos, 0.05 * rng.standard_normal(m.nv), 1.0)
            d.qpos[:] = qpos
            d.qvel[:] += 0.2 * rng.standard_normal(m.nv)
            mujoco.mj_getState(m, d, init[b], spec)
        lo = np.where(m.actuator_ctrllimited, m.actuator_ctrlrange[:, 0], -1.0)
        hi = np.where(m.actuator_ctrllimited, m.actuator_ctrlrange[:, 1], 1.0)
        ctrl = rng.uniform(lo, hi, size=(nbatch, nstep, m.nu))
        np.savez(os.path.join(outdir, name + ".inputs.npz"), init=init, ctrl=ctrl)


def digest(*arrays):
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()[:16]


def run(outdir, lib, rep, save, models):
    import mujoco
    from mujoco import rollout
    with open(os.path.join(outdir, "times.txt"), "a") as log:
        for name, path, nstep in models:
            m = mujoco.MjModel.from_xml_path(path)
            inp = np.load(os.path.join(outdir, name + ".inputs.npz"))
            init = inp["init"]
            nbatch = init.shape[0]
            ctrl = inp["ctrl"] if m.nu else None  # no actuators: nothing to pass
            nstate = init.shape[1]
            for nthread in NTHREADS:
                data = [mujoco.MjData(m) for _ in range(nthread)]
                state = np.empty((nbatch, nstep, nstate))
                sens = np.empty((nbatch, nstep, m.nsensordata))
                with rollout.Rollout(nthread=nthread) as r:
                    nwarm = max(1, nstep // 10)
                    r.rollout(m, data, init, None if ctrl is None else ctrl[:, :nwarm],
                              nstep=nwarm)
                    t = time.perf_counter()
                    r.rollout(m, data, init, ctrl, nstep=nstep, state=state, sensordata=sens)
                    dt = time.perf_counter() - t
                sps = nbatch * nstep / dt
                log.write("%s %s %s %d %.0f %s\n" % (lib, rep, name, nthread, sps,
                                                     digest(state, sens)))
                log.flush()
                if save:
                    base = os.path.join(outdir, "%s.%s.t%d" % (lib, name, nthread))
                    np.save(base + ".state.npy", state)
                    np.save(base + ".sensordata.npy", sens)


def fields(path):
    """(name, start, stop) of the mjSTATE_FULLPHYSICS components of the model's state vector."""
    import mujoco
    m = mujoco.MjModel.from_xml_path(path)
    out, start = [], 0
    for f in ("TIME", "QPOS", "QVEL", "ACT", "PLUGIN"):
        n = mujoco.mj_stateSize(m, getattr(mujoco.mjtState, "mjSTATE_" + f).value)
        if n:
            out.append((f.lower(), start, start + n))
        start += n
    return out


def first_diff(a, b, layout):
    """Describes the first (rollout, step) where a and b differ, and its fields."""
    ne = (a != b) & ~(np.isnan(a) & np.isnan(b))
    bad = np.argwhere(ne.any(axis=2))
    if not len(bad):
        return ""
    # earliest step over all rollouts, then the lowest rollout
    r, s = min(((int(x[0]), int(x[1])) for x in bad), key=lambda rs: (rs[1], rs[0]))
    cols = np.flatnonzero(ne[r, s])
    where = []
    for c in cols[:4]:
        f = next((f"{n}[{c - lo}]" for n, lo, hi in layout if lo <= c < hi), f"[{c}]")
        where.append(f"{f} {float(a[r, s, c])!r} vs {float(b[r, s, c])!r}")
    return f"rollout {r} step {s}: " + ", ".join(where) + (" ..." if len(cols) > 4 else "")


def report(outdir, models):
    rows = {}
    for line in open(os.path.join(outdir, "times.txt")):
        lib, rep, name, nthread, sps, h = line.split()
        rows.setdefault((lib, name, int(nthread)), []).append((float(sps), h))
    status = 0
    print("%-16s %7s %12s %12s %7s  %s" % ("model", "nthread", "upstream", "ours", "ratio",
                                           "outputs equal"))
    logs = []
    for name, path, _ in models:
        layout = fields(path)
        for nthread in NTHREADS:
            med, hashes = {}, {}
            for lib in ("ref", "ours"):
                got = rows.get((lib, name, nthread), [])
                med[lib] = statistics.median(s for s, _ in got) if got else float("nan")
                hashes[lib] = {h for _, h in got}
                if len(hashes[lib]) > 1:
                    logs.append(f"{name} nthread {nthread}: {lib}'s runs differ among "
                                f"themselves ({sorted(hashes[lib])})")
                    status = 1
            note = []
            for out in ("state", "sensordata"):
                a, b = (np.load(os.path.join(outdir, "%s.%s.t%d.%s.npy" % (lib, name, nthread,
                                                                             out)))
                        for lib in ("ref", "ours"))
                if a.shape != b.shape:
                    note.append(f"{out} shapes {a.shape} vs {b.shape}")
                elif a.tobytes() != b.tobytes():
                    diff = np.abs(a - b)
                    maxabs = np.nanmax(diff) if diff.size and not np.isnan(diff).all() else np.nan
                    note.append(f"{out} max abs diff {maxabs:.3g}")
                    logs.append(f"{name} nthread {nthread} {out} first differs at "
                                + first_diff(a, b, layout if out == "state" else []))
            equal = "yes" if not note else "NO (" + "; ".join(note) + ")"
            if note:
                status = 1
            print("%-16s %7d %12.0f %12.0f %7.3f  %s" % (name, nthread, med["ref"], med["ours"],
                                                         med["ours"] / med["ref"], equal))
    for line in logs:
        print(line)
    return status


def main():
    mode, outdir = sys.argv[1], sys.argv[2]
    if mode == "prepare":
        prepare(outdir, int(sys.argv[3]), parse(sys.argv[4:]))
    elif mode == "run":
        run(outdir, sys.argv[3], sys.argv[4], sys.argv[5] == "1", parse(sys.argv[6:]))
    elif mode == "report":
        sys.exit(report(outdir, parse(sys.argv[3:])))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
