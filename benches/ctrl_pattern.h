// The control signal the speed tools step with (benches/pair.c, benches/pgo_train.c; the same
// as examples-c/bench.c and ../shared's mjbench): a smooth sine per actuator at step k, within
// the actuator's control range (or [-1, 1] when it has none). Reads and writes struct fields
// only, so it works with a library opened by dlopen too.
#ifndef MUJOCO_RS_BENCHES_CTRL_PATTERN_H_
#define MUJOCO_RS_BENCHES_CTRL_PATTERN_H_

#include <math.h>
#include <mujoco/mujoco.h>

static inline void set_ctrl_pattern(const mjModel* m, mjData* d, int k) {
  for (int i = 0; i < m->nu; i++) {
    mjtNum lo = -1, hi = 1;
    if (m->actuator_ctrllimited[i]) {
      lo = m->actuator_ctrlrange[2 * i];
      hi = m->actuator_ctrlrange[2 * i + 1];
    }
    d->ctrl[i] = lo + (hi - lo) * (0.5 + 0.5 * sin(0.05 * k * (1 + 0.37 * i) + i));
  }
}

#endif  // MUJOCO_RS_BENCHES_CTRL_PATTERN_H_
