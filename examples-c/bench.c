// bench: steps per second of mj_step on one model, built against this library's header.
//   bench MODEL.mjb [NSTEP] [DISABLEFLAGS]
// Uses the model's first keyframe if it has one and a smooth deterministic control signal;
// prints the best of three runs and the simulated stack/arena high-water marks.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <mujoco/mujoco.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: bench MODEL.mjb [NSTEP] [DISABLEFLAGS]\n");
    return 2;
  }
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) {
    fprintf(stderr, "cannot load %s\n", argv[1]);
    return 3;
  }
  int nstep = argc > 2 ? atoi(argv[2]) : 2000;
  if (argc > 3) m->opt.disableflags |= atoi(argv[3]);
  mjData* d = mj_makeData(m);
  double best = 1e30;
  for (int rep = 0; rep < 3; rep++) {
    if (m->nkey) mj_resetDataKeyframe(m, d, 0); else mj_resetData(m, d);
    double t0 = now();
    for (int k = 0; k < nstep; k++) {
      for (int i = 0; i < m->nu; i++) {
        double lo = -1, hi = 1;
        if (m->actuator_ctrllimited[i]) {
          lo = m->actuator_ctrlrange[2*i];
          hi = m->actuator_ctrlrange[2*i+1];
        }
        d->ctrl[i] = lo + (hi - lo) * (0.5 + 0.5 * sin(0.05 * k * (1 + 0.37 * i) + i));
      }
      mj_step(m, d);
    }
    double t = now() - t0;
    if (t < best) best = t;
  }
  printf("%s: %.0f steps/s (nv %d, nu %d), stack high-water %lld bytes\n",
         argv[1], nstep / best, m->nv, m->nu, (long long)d->maxuse_stack);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
