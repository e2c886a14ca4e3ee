#!/usr/bin/env python3
"""Run by python/wheel_install_test.sh inside a virtual environment, with either the installed
mujoco 3.4.0+rs wheel or (PYTHONPATH) upstream's package.

usage: wheel_check.py MODEL NSTEP

Prints which libmujoco.so.3.4.0 the process mapped (from /proc/self/maps) and its sha256,
mujoco.__version__ and mj_version(), then steps MODEL NSTEP times from its first keyframe (or
qpos0) with controls ctrl_i(t) = 0.5 sin(0.05 t + i) clipped to the control range, and prints
the state every 100 steps and at the end as hex floats (time, qpos, qvel, act, qacc,
sensordata; ncon, nefc). Two runs print the same state lines only when the two libraries
compute the same bits.
"""
import hashlib
import math
import sys

import mujoco
import numpy as np


def main():
    model, nstep = sys.argv[1], int(sys.argv[2])
    libs = sorted({l.split()[-1] for l in open("/proc/self/maps") if "libmujoco.so" in l})
    if len(libs) != 1:
        sys.exit("expected one libmujoco mapped, got %s" % libs)
    with open(libs[0], "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    print("lib", libs[0])
    print("lib-sha256", digest)
    print("version", mujoco.__version__, mujoco.mj_version(), mujoco.mj_versionString())
    m = mujoco.MjModel.from_xml_path(model)
    d = mujoco.MjData(m)
    if m.nkey:
        mujoco.mj_resetDataKeyframe(m, d, 0)
    q0 = d.qpos.copy()

    def hexes(name, a):
        return "%s %s" % (name, " ".join(float(x).hex() for x in np.ravel(a)))

    for t in range(nstep):
        for i in range(m.nu):
            c = 0.5 * math.sin(0.05 * t + i)
            if m.actuator_ctrllimited[i]:
                lo, hi = m.actuator_ctrlrange[i]
                c = min(max(c, lo), hi)
            d.ctrl[i] = c
        mujoco.mj_step(m, d)
        if t % 100 == 99 or t == nstep - 1:
            print("step %d ncon %d nefc %d" % (t + 1, d.ncon, d.nefc))
            for name in ("time", "qpos", "qvel", "act", "qacc", "sensordata"):
                print(" " + hexes(name, getattr(d, name)))
    moved = float(np.max(np.abs(d.qpos - q0))) if m.nq else 0.0
    print("moved %.3g" % moved)
    if not moved > 0:
        sys.exit("the model did not move: the comparison would be vacuous")


if __name__ == "__main__":
    main()
