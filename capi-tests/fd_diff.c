// fd_diff: finite-difference derivatives on a seeded state, printed as "label mjtNum count
// values" lines (compared by stage_compare.py): mjd_transitionFD (forward and centred, all
// outputs and A alone), mjd_inverseFD (with and without actuation), mj_stepSkip from each
// stage, and the qDeriv fillers mjd_smooth_vel, mjd_actuator_vel, mjd_passive_vel,
// mjd_smooth_velFD, mjd_passive_velFD. Built
// against upstream's header and run with each library; entry points not in the public header
// are looked up with dlsym, and a missing one is reported in the output.
//
//   fd_diff MODEL.mjb SEED OUT
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "seeded.h"

static FILE* out;

static void* sym(const char* name) {
  void* f = dlsym(RTLD_DEFAULT, name);
  if (!f) fprintf(out, "MISSING_%s\n", name);
  return f;
}

static void put(const char* label, const mjtNum* v, int n) {
  fprintf(out, "%s mjtNum %d", label, n);
  for (int i = 0; i < n; i++) fprintf(out, " %.17g", v[i]);
  fprintf(out, "\n");
}

static void set_state(const mjModel* m, mjData* d, int seed) {
  for (int i = 0; i < seed * 7 + 3; i++) urand();
  for (int i = 0; i < m->nq; i++) d->qpos[i] = m->qpos0[i] + 0.1 * srand1();
  normalize_joint_quats(m, d->qpos);
  for (int i = 0; i < m->nv; i++) d->qvel[i] = 0.5 * srand1();
  for (int i = 0; i < m->na; i++) d->act[i] = 0.5 + 0.4 * srand1();
  for (int i = 0; i < m->nu; i++) {
    double lo = -1, hi = 1;
    if (m->actuator_ctrllimited[i]) { lo = m->actuator_ctrlrange[2*i]; hi = m->actuator_ctrlrange[2*i+1]; }
    // some controls at their limits, to exercise one-sided differences
    d->ctrl[i] = i % 3 == 0 ? hi : lo + (hi - lo) * urand();
  }
}

typedef void (*skip_fn)(const mjModel*, mjData*, int, int);
typedef void (*fd_fn)(const mjModel*, mjData*, mjtNum);

int main(int argc, char** argv) {
  if (argc != 4) { fprintf(stderr, "usage: fd_diff MODEL.mjb SEED OUT\n"); return 2; }
  out = fopen(argv[3], "w");
  if (!out) return 2;
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) { fprintf(stderr, "cannot load %s\n", argv[1]); return 3; }
  mjData* d = mj_makeData(m);
  if (!d) { fprintf(stderr, "cannot make data\n"); return 3; }
  int nv = m->nv, na = m->na, nu = m->nu, ns = m->nsensordata, nM = m->nM;
  int ndx = 2 * nv + na;
  long big = (long)ndx * ndx + (long)ndx * nu + (long)ns * ndx + (long)ns * nu;
  if (nv > 60 || big > 200000 || m->opt.integrator == mjINT_RK4) {
    fprintf(out, "skipped int 1 1\n");  // too large to difference quickly, or RK4 (an error)
    fclose(out);
    return 0;
  }
  set_state(m, d, atoi(argv[2]));
  mj_forward(m, d);
  int nst = mj_stateSize(m, mjSTATE_INTEGRATION);
  mjtNum* saved = malloc(sizeof(mjtNum) * (nst + 1));
  mj_getState(m, d, saved, mjSTATE_INTEGRATION);

  mjtNum* A = malloc(sizeof(mjtNum) * (ndx * ndx + 1));
  mjtNum* B = malloc(sizeof(mjtNum) * (ndx * nu + 1));
  mjtNum* C = malloc(sizeof(mjtNum) * (ns * ndx + 1));
  mjtNum* D = malloc(sizeof(mjtNum) * (ns * nu + 1));
  for (int centered = 0; centered < 2; centered++) {
    char lab[64];
    mjd_transitionFD(m, d, 1e-6, centered, A, B, C, D);
    snprintf(lab, sizeof(lab), "A_%d", centered); put(lab, A, ndx * ndx);
    snprintf(lab, sizeof(lab), "B_%d", centered); put(lab, B, ndx * nu);
    snprintf(lab, sizeof(lab), "C_%d", centered); put(lab, C, ns * ndx);
    snprintf(lab, sizeof(lab), "D_%d", centered); put(lab, D, ns * nu);
    // the state after the call (restored) and the stack high-water mark
    snprintf(lab, sizeof(lab), "qpos_after_%d", centered); put(lab, d->qpos, m->nq);
    snprintf(lab, sizeof(lab), "qacc_after_%d", centered); put(lab, d->qacc, nv);
    fprintf(out, "maxuse_stack_%d int 1 %lu\n", centered, (unsigned long)d->maxuse_stack);
  }
  mjd_transitionFD(m, d, 1e-5, 0, A, NULL, NULL, NULL);
  put("A_only", A, ndx * ndx);
  mjd_transitionFD(m, d, 1e-5, 1, NULL, B, NULL, D);
  put("BD_B", B, ndx * nu);
  put("BD_D", D, ns * nu);

  if (!m->opt.noslip_iterations) {
    mjtNum* f[7];
    int sz[7] = {nv * nv, nv * nv, nv * nv, nv * ns, nv * ns, nv * ns, nv * nM};
    for (int k = 0; k < 7; k++) f[k] = malloc(sizeof(mjtNum) * (sz[k] + 1));
    for (int act = 0; act < 2; act++) {
      mj_setState(m, d, saved, mjSTATE_INTEGRATION);
      mj_forward(m, d);
      mjd_inverseFD(m, d, 1e-6, act, f[0], f[1], f[2], f[3], f[4], f[5], f[6]);
      const char* names[7] = {"DfDq", "DfDv", "DfDa", "DsDq", "DsDv", "DsDa", "DmDq"};
      for (int k = 0; k < 7; k++) {
        char lab[64];
        snprintf(lab, sizeof(lab), "inv_%s_%d", names[k], act);
        put(lab, f[k], sz[k]);
      }
      put("inv_qfrc_inverse", d->qfrc_inverse, nv);
    }
    mjd_inverseFD(m, d, 1e-6, 0, NULL, f[1], NULL, NULL, NULL, NULL, NULL);
    put("inv_only_DfDv", f[1], nv * nv);
    for (int k = 0; k < 7; k++) free(f[k]);
  }

  skip_fn stepskip = (skip_fn)sym("mj_stepSkip");
  for (int stage = 0; stage < 3 && stepskip; stage++) {
    for (int skipsensor = 0; skipsensor < 2; skipsensor++) {
      char lab[64];
      mj_setState(m, d, saved, mjSTATE_INTEGRATION);
      mj_forward(m, d);
      stepskip(m, d, stage, skipsensor);
      snprintf(lab, sizeof(lab), "stepskip_qpos_%d_%d", stage, skipsensor); put(lab, d->qpos, m->nq);
      snprintf(lab, sizeof(lab), "stepskip_qvel_%d_%d", stage, skipsensor); put(lab, d->qvel, nv);
      snprintf(lab, sizeof(lab), "stepskip_sensor_%d_%d", stage, skipsensor); put(lab, d->sensordata, ns);
    }
  }

  void (*smooth)(const mjModel*, mjData*, int) = sym("mjd_smooth_vel");
  fd_fn smoothfd = (fd_fn)sym("mjd_smooth_velFD"), passivefd = (fd_fn)sym("mjd_passive_velFD");
  mj_setState(m, d, saved, mjSTATE_INTEGRATION);
  mj_forward(m, d);
  for (int bias = 0; bias < 2 && smooth; bias++) {
    char lab[64];
    smooth(m, d, bias);
    snprintf(lab, sizeof(lab), "smooth_vel_%d", bias); put(lab, d->qDeriv, m->nD);
  }
  void (*actvel)(const mjModel*, mjData*) = sym("mjd_actuator_vel");
  void (*passvel)(const mjModel*, mjData*) = sym("mjd_passive_vel");
  if (actvel) { actvel(m, d); put("actuator_vel_added", d->qDeriv, m->nD); }
  if (passvel) { passvel(m, d); put("passive_vel_added", d->qDeriv, m->nD); }
  if (smoothfd) { smoothfd(m, d, 1e-6); put("smooth_velFD", d->qDeriv, m->nD); }
  if (passivefd) { passivefd(m, d, 1e-6); put("passive_velFD", d->qDeriv, m->nD); }

  free(A); free(B); free(C); free(D); free(saved);
  mj_deleteData(d);
  mj_deleteModel(m);
  fclose(out);
  return 0;
}
