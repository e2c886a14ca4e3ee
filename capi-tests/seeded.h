// Seeded inputs shared by the differential test programs: one xorshift64 stream (the same
// numbers on every library, so both sides see identical states) and the normalisation of the
// quaternions of free and ball joints after a random perturbation of qpos.
#ifndef CAPI_TESTS_SEEDED_H
#define CAPI_TESTS_SEEDED_H

#include <math.h>

#include <mujoco/mujoco.h>

static unsigned long long rng = 88172645463325252ULL;

// uniform in [0, 1)
static inline double urand(void) {
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return (rng >> 11) * (1.0 / 9007199254740992.0);
}

// uniform in [-1, 1)
static inline double srand1(void) { return 2 * urand() - 1; }

// makes the quaternion of every free and ball joint in qpos unit length again
static inline void normalize_joint_quats(const mjModel* m, mjtNum* qpos) {
  for (int j = 0; j < m->njnt; j++) {
    int a = m->jnt_qposadr[j], t = m->jnt_type[j];
    int q = t == mjJNT_FREE ? a + 3 : (t == mjJNT_BALL ? a : -1);
    if (q < 0) continue;
    double n = 0;
    for (int k = 0; k < 4; k++) n += qpos[q + k] * qpos[q + k];
    n = sqrt(n);
    for (int k = 0; k < 4; k++) qpos[q + k] /= n;
  }
}

#endif  // CAPI_TESTS_SEEDED_H
