// stage_diff: runs pipeline stages from a seeded random state and dumps every mjData buffer
// array, so the same program on upstream's library and on ours can be compared number by number
// (stage_compare.py). Built against upstream's header; stages are looked up with dlsym so a
// stage our library does not export yet is reported, not a link error.
//
//   stage_diff MODEL.mjb SEED STAGES OUT
//     STAGES: comma-separated names from the table below, run in order, e.g.
//             "kinematics,comPos,crb,factorM" or "forward" or "step*10"
//   Before the stages: qpos = qpos0 + noise (quaternions renormalised), qvel, act, ctrl, qacc,
//   qfrc_applied, xfrc_applied (for odd SEED) and mocap poses get seeded random values;
//   MJDUMP_DSBL=N ors N into opt.disableflags (1: no constraints).
//   MJPLUGIN_DIR=DIR loads the plugin libraries of DIR first (mj_loadAllPluginLibraries); the
//   MJB must have been compiled with the same libraries. plugin_data holds per-process pointers
//   and is dumped as 0/1 (null or not).
//   Besides mj_ functions, STAGES may name "copyData" (continue on mj_copyData(NULL, ...) of the
//   data, the original deleted) and "copyDataInto" (continue on a new mj_makeData filled by
//   mj_copyData).
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>
#include <mujoco/mjxmacro.h>

#include "seeded.h"

typedef void (*md_fn)(const mjModel*, mjData*);

static void* need(const char* sym) {
  void* f = dlsym(RTLD_DEFAULT, sym);
  if (!f) { printf("MISSING %s\n", sym); exit(4); }
  return f;
}

// The exported factor/solve kernels on explicit matrices (after factorM has run):
//   factorI        CSR factorisation of d->M (all rows, then the odd rows again by index) into
//                  d->qLD, d->qLDiagInv
//   solveLD        qfrc_smooth and qfrc_bias solved with qLD (one and two vectors, and by index)
//                  into qacc, qacc_smooth, qfrc_constraint
//   factorIlegacy  legacy-layout factorisation of d->qM, written back into d->qM, qLDiagInv
//   solveLDlegacy  one and two vectors with that factor into qacc, qacc_smooth
static void linalg_stage(const char* name, const mjModel* m, mjData* d) {
  int nv = m->nv;
  mjtNum* tmp = mju_malloc(sizeof(mjtNum) * (2 * nv + m->nM + m->nC + 1));
  if (!strcmp(name, "factorI")) {
    void (*f)(mjtNum*, mjtNum*, int, const int*, const int*, const int*, const int*) = need("mj_factorI");
    mju_copy(d->qLD, d->M, m->nC);
    f(d->qLD, d->qLDiagInv, nv, m->M_rownnz, m->M_rowadr, m->M_colind, NULL);
    int* odd = mju_malloc(sizeof(int) * (nv / 2 + 1));
    int nodd = 0;
    for (int i = 1; i < nv; i += 2) odd[nodd++] = i;
    mju_copy(tmp, d->M, m->nC);
    f(tmp, NULL, nodd, m->M_rownnz, m->M_rowadr, m->M_colind, odd);
    for (int i = 0; i < nodd; i++) d->qLDiagInv[odd[i]] += tmp[m->M_rowadr[odd[i]]];
    mju_free(odd);
  } else if (!strcmp(name, "solveLD")) {
    void (*f)(mjtNum*, const mjtNum*, const mjtNum*, int, int, const int*, const int*, const int*,
              const int*) = need("mj_solveLD");
    mju_copy(d->qacc, d->qfrc_smooth, nv);
    f(d->qacc, d->qLD, d->qLDiagInv, nv, 1, m->M_rownnz, m->M_rowadr, m->M_colind, NULL);
    mju_copy(tmp, d->qfrc_smooth, nv);
    mju_copy(tmp + nv, d->qfrc_bias, nv);
    f(tmp, d->qLD, d->qLDiagInv, nv, 2, m->M_rownnz, m->M_rowadr, m->M_colind, NULL);
    mju_copy(d->qacc_smooth, tmp + nv, nv);
    int* all = mju_malloc(sizeof(int) * (nv + 1));
    for (int i = 0; i < nv; i++) all[i] = i;
    mju_copy(d->qfrc_constraint, d->qfrc_bias, nv);
    f(d->qfrc_constraint, d->qLD, d->qLDiagInv, nv, 1, m->M_rownnz, m->M_rowadr, m->M_colind, all);
    mju_free(all);
  } else if (!strcmp(name, "factorIlegacy")) {
    void (*f)(const mjModel*, mjData*, const mjtNum*, mjtNum*, mjtNum*) = need("mj_factorI_legacy");
    f(m, d, d->qM, tmp, d->qLDiagInv);
    mju_copy(d->qM, tmp, m->nM);
  } else {
    void (*f)(const mjModel*, mjtNum*, int, const mjtNum*, const mjtNum*) = need("mj_solveLD_legacy");
    mju_copy(d->qacc, d->qfrc_smooth, nv);
    f(m, d->qacc, 1, d->qM, d->qLDiagInv);
    mju_copy(tmp, d->qfrc_smooth, nv);
    mju_copy(tmp + nv, d->qfrc_bias, nv);
    f(m, tmp, 2, d->qM, d->qLDiagInv);
    mju_copy(d->qacc_smooth, tmp + nv, nv);
  }
  mju_free(tmp);
}

static void call(const char* name, const mjModel* m, mjData* d) {
  if (!strcmp(name, "rne0") || !strcmp(name, "rne1")) {
    void (*f)(const mjModel*, mjData*, int, mjtNum*) = dlsym(RTLD_DEFAULT, "mj_rne");
    if (!f) { printf("MISSING mj_rne\n"); exit(4); }
    f(m, d, name[3] == '1', d->qfrc_bias);
    return;
  }
  if (!strcmp(name, "factorI") || !strcmp(name, "solveLD") || !strcmp(name, "factorIlegacy") ||
      !strcmp(name, "solveLDlegacy")) {
    linalg_stage(name, m, d);
    return;
  }
  char sym[64];
  snprintf(sym, sizeof(sym), "mj_%s", name);
  md_fn f = (md_fn)dlsym(RTLD_DEFAULT, sym);
  if (!f) { printf("MISSING %s\n", sym); exit(4); }
  f(m, d);
}

static void set_state(const mjModel* m, mjData* d, int seed) {
  for (int i = 0; i < seed * 7 + 3; i++) urand();
  for (int i = 0; i < m->nq; i++) d->qpos[i] = m->qpos0[i] + 0.3 * srand1();
  normalize_joint_quats(m, d->qpos);
  for (int i = 0; i < m->nv; i++) d->qvel[i] = srand1();
  for (int i = 0; i < m->nv; i++) d->qacc[i] = srand1();
  for (int i = 0; i < m->nv; i++) d->qacc_warmstart[i] = srand1();
  for (int i = 0; i < m->na; i++) d->act[i] = urand();
  for (int i = 0; i < m->nu; i++) {
    double lo = -1, hi = 1;
    if (m->actuator_ctrllimited[i]) { lo = m->actuator_ctrlrange[2*i]; hi = m->actuator_ctrlrange[2*i+1]; }
    d->ctrl[i] = lo + (hi - lo) * urand();
  }
  for (int i = 0; i < m->nv; i++) d->qfrc_applied[i] = 0.1 * srand1();
  if (seed % 2) for (int i = 0; i < 6 * m->nbody; i++) d->xfrc_applied[i] = 0.1 * srand1();
  for (int i = 0; i < m->nmocap; i++) {
    for (int k = 0; k < 3; k++) d->mocap_pos[3*i+k] += 0.1 * srand1();
  }
  d->time = 0.5 * urand();
}

// contacts, constraint rows, dual and island arrays (in the arena; absent pointers are named)
static void dump_arena(const mjModel* m, const mjData* d, FILE* f) {
  fprintf(f, "sizes nJ %d nA %d nisland %d nidof %d\n", d->nJ, d->nA, d->nisland, d->nidof);
  fprintf(f, "solver_niter int %d", mjNISLAND);
  for (int i = 0; i < mjNISLAND; i++) fprintf(f, " %d", d->solver_niter[i]);
  fprintf(f, "\nsolver_nnz int %d", mjNISLAND);
  for (int i = 0; i < mjNISLAND; i++) fprintf(f, " %d", d->solver_nnz[i]);
  fprintf(f, "\nsolver_stat mjtNum %d", 5 * mjNISLAND * mjNSOLVER);
  for (int i = 0; i < mjNISLAND * mjNSOLVER; i++) {
    const mjSolverStat* s = d->solver + i;
    fprintf(f, " %.17g %.17g %.17g %d %d", s->improvement, s->gradient, s->lineslope, s->nactive, s->nchange);
  }
  fprintf(f, "\nsolver_fwdinv mjtNum 2 %.17g %.17g\n", d->solver_fwdinv[0], d->solver_fwdinv[1]);
#define CON(field, n, fmt, val)                                                 \
  fprintf(f, "contact_%s x %d", #field, d->ncon * (n));                         \
  for (int c = 0; c < d->ncon; c++)                                             \
    for (int k = 0; k < (n); k++) fprintf(f, fmt, val);                         \
  fprintf(f, "\n");
  const mjContact* cn = d->contact;
  CON(dist, 1, " %.17g", cn[c].dist)
  CON(pos, 3, " %.17g", cn[c].pos[k])
  CON(frame, 9, " %.17g", cn[c].frame[k])
  CON(includemargin, 1, " %.17g", cn[c].includemargin)
  CON(friction, 5, " %.17g", cn[c].friction[k])
  CON(solref, mjNREF, " %.17g", cn[c].solref[k])
  CON(solreffriction, mjNREF, " %.17g", cn[c].solreffriction[k])
  CON(solimp, mjNIMP, " %.17g", cn[c].solimp[k])
  CON(mu, 1, " %.17g", cn[c].mu)
  CON(H, 36, " %.17g", cn[c].H[k])
  CON(dim, 1, " %d", cn[c].dim)
  CON(geom, 2, " %d", cn[c].geom[k])
  CON(geom12, 2, " %d", k ? cn[c].geom2 : cn[c].geom1)
  CON(flex, 2, " %d", cn[c].flex[k])
  CON(elem, 2, " %d", cn[c].elem[k])
  CON(vert, 2, " %d", cn[c].vert[k])
  CON(exclude, 1, " %d", cn[c].exclude)
  CON(efc_address, 1, " %d", cn[c].efc_address)
#undef CON
#undef MJ_D
#undef MJ_M
#define MJ_D(n) d->n
#define MJ_M(n) m->n
  // arrays upstream leaves unwritten: sparse structure in dense mode, tails past the nonzeros
  int dense = !mj_isSparse(m), iMnnz = 0;
  if (d->iM_rownnz) for (int i = 0; i < d->nidof; i++) iMnnz += d->iM_rownnz[i];
  static const char* dense_skip[] = {"efc_J_rownnz", "efc_J_rowadr", "efc_J_rowsuper",
    "efc_J_colind", "iefc_J_rownnz", "iefc_J_rowadr", "iefc_J_rowsuper", "iefc_J_colind",
    "efc_AR_rownnz", "efc_AR_rowadr", "efc_AR_colind", 0};
#define X(type, name, nr, nc)                                                   \
  int skip_##name = 0;                                                         \
  for (int s = 0; dense && dense_skip[s]; s++) skip_##name |= !strcmp(dense_skip[s], #name); \
  if (!d->name) {                                                              \
    fprintf(f, "%s absent\n", #name);                                          \
  } else if (skip_##name) {                                                    \
    fprintf(f, "%s unused\n", #name);                                          \
  } else {                                                                     \
    long long cnt = (long long)(nr) * (long long)(nc);                         \
    if (!strcmp(#name, "iM") || !strcmp(#name, "iLD") || !strcmp(#name, "iM_colind")) cnt = iMnnz; \
    fprintf(f, "%s %s %lld", #name, #type, cnt);                               \
    for (long long i = 0; i < cnt; i++) {                                      \
      if (!strcmp(#type, "mjtNum")) fprintf(f, " %.17g", (double)((type*)d->name)[i]); \
      else fprintf(f, " %lld", (long long)((type*)d->name)[i]);                \
    }                                                                          \
    fprintf(f, "\n");                                                          \
  }
  MJDATA_ARENA_POINTERS_SOLVER
  MJDATA_ARENA_POINTERS_DUAL
  MJDATA_ARENA_POINTERS_ISLAND
#undef X
}

static void dump(const mjModel* m, const mjData* d, FILE* f) {
  fprintf(f, "time %.17g\n", d->time);
  fprintf(f, "energy %.17g %.17g\n", d->energy[0], d->energy[1]);
  fprintf(f, "counts ne %d nf %d nl %d nefc %d ncon %d\n", d->ne, d->nf, d->nl, d->nefc, d->ncon);
  for (int i = 0; i < mjNWARNING; i++)
    if (d->warning[i].number) fprintf(f, "warning %d %d %d\n", i, d->warning[i].number, d->warning[i].lastinfo);
  MJDATA_POINTERS_PREAMBLE(m)
#define X(type, name, nr, nc)                                                   \
  {                                                                            \
    long long cnt = (long long)(m->nr) * (long long)(nc);                      \
    fprintf(f, "%s %s %lld", #name, #type, cnt);                               \
    int flag = !strcmp(#name, "plugin_data");                                  \
    for (long long i = 0; i < cnt; i++) {                                      \
      if (!strcmp(#type, "mjtNum")) fprintf(f, " %.17g", (double)((type*)d->name)[i]); \
      else if (flag) fprintf(f, " %d", ((type*)d->name)[i] != 0);              \
      else fprintf(f, " %lld", (long long)((type*)d->name)[i]);                \
    }                                                                          \
    fprintf(f, "\n");                                                          \
  }
  MJDATA_POINTERS
#undef X
  dump_arena(m, d, f);
}

int main(int argc, char** argv) {
  if (argc != 5) { fprintf(stderr, "usage: stage_diff MODEL.mjb SEED STAGES OUT\n"); return 2; }
  const char* plugdir = getenv("MJPLUGIN_DIR");
  if (plugdir && *plugdir) mj_loadAllPluginLibraries(plugdir, NULL);
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) { fprintf(stderr, "cannot load %s\n", argv[1]); return 3; }
  const char* dsbl = getenv("MJDUMP_DSBL");
  if (dsbl) m->opt.disableflags |= atoi(dsbl);
  mjData* d = mj_makeData(m);
  // MJDUMP_THREADS=N: a thread pool of N workers bound to the data (island-parallel solver)
  const char* nthread = getenv("MJDUMP_THREADS");
  mjThreadPool* pool = NULL;
  if (nthread && atoi(nthread) > 0) {
    pool = mju_threadPoolCreate(atoi(nthread));
    mju_bindThreadPool(d, pool);
  }
  int seed = atoi(argv[2]);
  set_state(m, d, seed);
  char stages[1024];
  snprintf(stages, sizeof(stages), "%s", argv[3]);
  for (char* s = strtok(stages, ","); s; s = strtok(NULL, ",")) {
    int rep = 1;
    char* star = strchr(s, '*');
    if (star) { *star = 0; rep = atoi(star + 1); }
    for (int r = 0; r < rep; r++) {
      if (!strcmp(s, "copyData") || !strcmp(s, "copyDataInto")) {
        mjData* d2 = !strcmp(s, "copyData") ? mj_copyData(NULL, m, d) : mj_copyData(mj_makeData(m), m, d);
        if (!d2) { fprintf(stderr, "mj_copyData failed\n"); return 3; }
        mj_deleteData(d);
        d = d2;
      } else {
        call(s, m, d);
      }
    }
  }
  FILE* f = fopen(argv[4], "w");
  if (!f) return 2;
  dump(m, d, f);
  fclose(f);
  mj_deleteData(d);
  if (pool) mju_threadPoolDestroy(pool);
  mj_deleteModel(m);
  return 0;
}
