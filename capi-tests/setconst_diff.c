// setconst_diff: perturbs the inputs of mj_setConst in a loaded model (qpos0, qpos_spring, masses,
// tendon spring lengths, dampratio, equality anchors, automatic sleep policies), calls it and
// prints every mjModel array, the statistics and every mjData array as "name type count values"
// lines (compared by stage_compare.py). Built against upstream's header, run with each library.
// Seed 3 instead runs mj_setLengthRange on every actuator with four option sets (all actuators, joint and tendon
// limits used or not, existing ranges kept or not, a small force limit): return value, ranges and
// error text.
//
//   setconst_diff MODEL.mjb SEED OUT        (SEED 0: as compiled, 1-2: perturbed, 3: length ranges)
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>
#include <mujoco/mjxmacro.h>

#include "seeded.h"

static void perturb_qpos(const mjModel* m, mjtNum* q, double scale) {
  for (int i = 0; i < m->nq; i++) q[i] += scale * srand1();
  normalize_joint_quats(m, q);
}

static void perturb(mjModel* m, int seed) {
  for (int i = 0; i < seed * 7 + 3; i++) urand();
  perturb_qpos(m, m->qpos0, 0.2);
  perturb_qpos(m, m->qpos_spring, 0.2);
  for (int i = 1; i < m->nbody; i++) {
    double s = 1 + 0.3 * srand1();
    if (m->body_mass[i] > 0) {
      m->body_mass[i] *= s;
      for (int k = 0; k < 3; k++) m->body_inertia[3*i+k] *= s;
    }
  }
  for (int i = 0; i < m->ntendon; i++)
    if (i % 2 == seed % 2) m->tendon_lengthspring[2*i] = m->tendon_lengthspring[2*i+1] = -1;
  for (int i = 0; i < m->nu; i++) {
    mjtNum* b = m->actuator_biasprm + mjNBIAS*i;
    if (m->actuator_gainprm[mjNGAIN*i] == -b[1] && b[2] <= 0 && (i + seed) % 2) b[2] = 0.5 + urand();
  }
  for (int i = 0; i < m->neq; i++) {
    mjtNum* e = m->eq_data + mjNEQDATA*i;
    if (m->eq_type[i] == mjEQ_CONNECT) for (int k = 3; k < 6; k++) e[k] = 0;
    if (m->eq_type[i] == mjEQ_WELD) {
      for (int k = 3; k < 6; k++) e[k] = 0;
      if ((i + seed) % 2) for (int k = 6; k < 10; k++) e[k] = 0;
      else for (int k = 6; k < 10; k++) e[k] *= 1.5;
    }
  }
  for (int i = 0; i < m->ntree; i++) {
    int p = m->tree_sleep_policy[i];
    if (p == mjSLEEP_AUTO_NEVER || p == mjSLEEP_AUTO_ALLOWED) m->tree_sleep_policy[i] = mjSLEEP_AUTO;
  }
  m->ngravcomp = 0;
}

static FILE* out;

static void dump(const mjModel* m, const mjData* d) {
  fprintf(out, "stat mjtNum 7 %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", m->stat.meaninertia,
          m->stat.meanmass, m->stat.meansize, m->stat.extent, m->stat.center[0], m->stat.center[1],
          m->stat.center[2]);
  fprintf(out, "ngravcomp int 1 %d\n", m->ngravcomp);
#define PRINT(prefix, ptr, type, name, cnt)                                           \
  {                                                                                   \
    fprintf(out, "%s%s %s %lld", prefix, #name, #type, cnt);                          \
    for (long long i = 0; i < cnt; i++) {                                             \
      if (!strcmp(#type, "mjtNum")) fprintf(out, " %.17g", (double)((type*)ptr->name)[i]); \
      else if (!strcmp(#type, "float")) fprintf(out, " %.9g", (double)((type*)ptr->name)[i]); \
      else fprintf(out, " %lld", (long long)((type*)ptr->name)[i]);                   \
    }                                                                                 \
    fprintf(out, "\n");                                                               \
  }
  {
    MJMODEL_POINTERS_PREAMBLE(m)
#define X(type, name, nr, nc) PRINT("m_", m, type, name, (long long)m->nr * (long long)(nc))
    MJMODEL_POINTERS
#undef X
  }
  {
    MJDATA_POINTERS_PREAMBLE(m)
#define X(type, name, nr, nc) PRINT("d_", d, type, name, (long long)m->nr * (long long)(nc))
    MJDATA_POINTERS
#undef X
  }
}

static void lengthranges(mjModel* m, mjData* d) {
  int (*setlr)(mjModel*, mjData*, int, const mjLROpt*, char*, int) =
      dlsym(RTLD_DEFAULT, "mj_setLengthRange");
  if (!setlr) { fprintf(out, "MISSING mj_setLengthRange\n"); return; }
  for (int variant = 0; variant < 4; variant++) {
    mjLROpt opt;
    mj_defaultLROpt(&opt);
    opt.mode = variant == 3 ? mjLRMODE_MUSCLEUSER : mjLRMODE_ALL;
    opt.uselimit = variant % 2;
    opt.useexisting = variant == 2;
    opt.inttotal = 2;
    if (variant == 1) opt.maxforce = 5;
    if (variant == 2) opt.tolrange = 1e-6;
    m->opt.disableflags |= mjDSBL_CONTACT;
    for (int i = 0; i < m->nu; i++) {
      char err[300] = "";
      int ok = setlr(m, d, i, &opt, err, sizeof(err));
      fprintf(out, "lr_%d_%d mjtNum 3 %d %.17g %.17g\n", variant, i, ok,
              m->actuator_lengthrange[2*i], m->actuator_lengthrange[2*i+1]);
      for (char* c = err; *c; c++) if (*c == ' ' || *c == '\n') *c = '_';
      fprintf(out, "lrerr_%d_%d text 1 %s\n", variant, i, err[0] ? err : "-");
    }
  }
}

int main(int argc, char** argv) {
  if (argc != 4) { fprintf(stderr, "usage: setconst_diff MODEL.mjb SEED OUT\n"); return 2; }
  out = fopen(argv[3], "w");
  if (!out) return 2;
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) { fprintf(stderr, "cannot load %s\n", argv[1]); return 3; }
  mjData* d = mj_makeData(m);
  if (!d) return 3;
  int seed = atoi(argv[2]);
  if (seed == 3) {  // length ranges only
    lengthranges(m, d);
    fclose(out);
    return 0;
  }
  if (seed > 0) perturb(m, seed);
  void (*setconst)(mjModel*, mjData*) = dlsym(RTLD_DEFAULT, "mj_setConst");
  if (!setconst) { fprintf(out, "MISSING mj_setConst\n"); return 4; }
  setconst(m, d);
  dump(m, d);
  mj_deleteData(d);
  mj_deleteModel(m);
  fclose(out);
  return 0;
}
