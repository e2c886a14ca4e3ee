// demo: load an MJCF model with this library's loader, simulate it and print what happens.
//   demo MODEL.xml [SECONDS]
// Prints the model's sizes, then every tenth of the run the simulated time, the number of
// contacts, the height of each free body and the total energy, then steps per second.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <mujoco/mujoco.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: demo MODEL.xml [SECONDS]\n");
    return 2;
  }
  double duration = argc > 2 ? atof(argv[2]) : 2.0;
  printf("MuJoCo %s (header %d)\n", mj_versionString(), mjVERSION_HEADER);

  char error[1000] = "";
  double t0 = now();
  mjModel* m = mj_loadXML(argv[1], NULL, error, sizeof error);
  double tload = now() - t0;
  if (!m) {
    fprintf(stderr, "mj_loadXML: %s\n", error);
    return 1;
  }
  printf("%s compiled in %.1f ms: nbody %d  nq %d  nv %d  nu %d  ngeom %d  timestep %g\n", argv[1],
         1e3 * tload, m->nbody, m->nq, m->nv, m->nu, m->ngeom, m->opt.timestep);
  m->opt.enableflags |= mjENBL_ENERGY;

  mjData* d = mj_makeData(m);
  if (m->nkey) mj_resetDataKeyframe(m, d, 0);

  // free bodies: their height is printed as the simulation goes
  int free_body[4], nfree = 0;
  for (int j = 0; j < m->njnt && nfree < 4; j++) {
    if (m->jnt_type[j] == mjJNT_FREE) free_body[nfree++] = m->jnt_bodyid[j];
  }

  int nstep = (int)(duration / m->opt.timestep + 0.5);
  if (nstep < 10) nstep = 10;
  int every = nstep / 10;
  printf("\n  time   ncon   energy");
  for (int i = 0; i < nfree; i++) {
    const char* name = mj_id2name(m, mjOBJ_BODY, free_body[i]);
    if (name) printf("  z(%s)", name); else printf("  z(body %d)", free_body[i]);
  }
  printf("\n");

  double busy = 0;
  for (int k = 1; k <= nstep; k++) {
    // a slow sinusoid on every actuator, inside its control range
    for (int i = 0; i < m->nu; i++) {
      double lo = -1, hi = 1;
      if (m->actuator_ctrllimited[i]) {
        lo = m->actuator_ctrlrange[2 * i];
        hi = m->actuator_ctrlrange[2 * i + 1];
      }
      d->ctrl[i] = lo + (hi - lo) * (0.5 + 0.4 * mju_sin(2.0 * d->time + i));
    }
    double ts = now();
    mj_step(m, d);
    busy += now() - ts;
    if (k % every == 0) {
      printf("%6.2f %6d %8.4f", d->time, d->ncon, d->energy[0] + d->energy[1]);
      for (int i = 0; i < nfree; i++) printf("  %7.4f", d->xpos[3 * free_body[i] + 2]);
      printf("\n");
    }
  }
  printf("\n%d steps, %.0f steps/s (%.1f x realtime); warnings:", nstep, nstep / busy,
         nstep * m->opt.timestep / busy);
  int nwarn = 0;
  for (int i = 0; i < mjNWARNING; i++) {
    if (d->warning[i].number) printf(" %s", mju_warningText(i, d->warning[i].lastinfo)), nwarn++;
  }
  printf("%s\n", nwarn ? "" : " none");
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
