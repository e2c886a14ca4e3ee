// print_diff: the text dumps mj_printModel, mj_printData, their formatted variants and
// mj_printSparsity, written by one library from one model and state.
//
//   print_diff MODEL.mjb PRINTLIB OUTDIR
//
// Built against upstream's header and linked with upstream's library, which loads the model and
// computes the state (seeded, then mj_forward), so that both runs print the very same mjModel and
// mjData. The print functions come from PRINTLIB (dlopen'ed with its own symbols first); running
// once with upstream's library and once with ours, the files in OUTDIR must be byte-identical.
// Warnings and errors of PRINTLIB go to OUTDIR/log.txt (errors longjmp back).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "seeded.h"

typedef void (*model_fn)(const mjModel*, const char*);
typedef void (*fmodel_fn)(const mjModel*, const char*, const char*);
typedef void (*data_fn)(const mjModel*, const mjData*, const char*);
typedef void (*fdata_fn)(const mjModel*, const mjData*, const char*, const char*);
typedef void (*sparsity_fn)(const char*, int, int, const int*, const int*, const int*,
                            const int*, const int*, FILE*);

static FILE* logfp;
static jmp_buf jump;
static const char* outdir;

static void on_warning(const char* msg) { fprintf(logfp, "W: %s\n", msg); fflush(logfp); }
static void on_error(const char* msg) { fprintf(logfp, "E: %s\n", msg); fflush(logfp); longjmp(jump, 1); }

static const char* path(const char* name) {
  static char buf[4096];
  snprintf(buf, sizeof(buf), "%s/%s", outdir, name);
  return buf;
}

static void set_state(const mjModel* m, mjData* d) {
  for (int i = 0; i < m->nq; i++) d->qpos[i] = m->qpos0[i] + 0.3 * srand1();
  normalize_joint_quats(m, d->qpos);
  for (int i = 0; i < m->nv; i++) d->qvel[i] = srand1();
  for (int i = 0; i < m->nu; i++) d->ctrl[i] = srand1();
  for (int i = 0; i < m->na; i++) d->act[i] = 0.5 * (srand1() + 1);
  for (int i = 0; i < m->nv; i++) d->qfrc_applied[i] = 0.1 * srand1();
  for (int i = 0; i < m->nmocap; i++)
    for (int k = 0; k < 3; k++) d->mocap_pos[3*i+k] += 0.1 * srand1();
}

int main(int argc, char** argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: print_diff MODEL.mjb PRINTLIB OUTDIR\n");
    return 2;
  }
  outdir = argv[3];
  logfp = fopen(path("log.txt"), "w");
  if (!logfp) return 2;

  void* lib = dlopen(argv[2], RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
  if (!lib) { fprintf(stderr, "dlopen: %s\n", dlerror()); return 2; }
  model_fn printModel = (model_fn)dlsym(lib, "mj_printModel");
  fmodel_fn printFModel = (fmodel_fn)dlsym(lib, "mj_printFormattedModel");
  data_fn printData = (data_fn)dlsym(lib, "mj_printData");
  fdata_fn printFData = (fdata_fn)dlsym(lib, "mj_printFormattedData");
  sparsity_fn printSparsity = (sparsity_fn)dlsym(lib, "mj_printSparsity");
  void (**warn)(const char*) = dlsym(lib, "mju_user_warning");
  void (**err)(const char*) = dlsym(lib, "mju_user_error");
  if (!printModel || !printFModel || !printData || !printFData || !printSparsity || !warn || !err) {
    fprintf(stderr, "missing symbols in %s\n", argv[2]);
    return 2;
  }
  *warn = on_warning;
  *err = on_error;

  // model and state come from the linked (upstream) library
  mju_user_warning = on_warning;
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) { fprintf(stderr, "cannot load %s\n", argv[1]); return 2; }
  mjData* d = mj_makeData(m);
  mj_step(m, d);  // leaves qDeriv / qLU / qH of the implicit integrators in place
  set_state(m, d);
  mj_forward(m, d);
  // sections printed only when warnings or timings are present
  d->warning[mjWARN_BADQACC].number = 2;
  d->warning[mjWARN_BADQACC].lastinfo = 7;
  d->warning[mjWARN_CONTACTFULL].number = 1;
  for (int i = 0; i < mjNTIMER; i++) {
    d->timer[i].duration = 0.001 * (i + 1) / 3;
    d->timer[i].number = i;
  }

  printModel(m, path("model.txt"));
  printFModel(m, path("model_6g.txt"), "%.6g");
  printFModel(m, path("model_9e.txt"), "% -9.2e");
  printData(m, d, path("data.txt"));
  printFData(m, d, path("data_6g.txt"), "%.6g");
  printFData(m, d, path("data_9e.txt"), "% -9.2e");
  printFData(m, d, path("data_17g.txt"), "%+#.17G");
  printFData(m, d, path("data_3f.txt"), "%#.3f");
  printFModel(m, path("model_10e.txt"), "%010.4E");

  // invalid formats: a warning each, then the default format
  const char* bad[] = {"abc", "%d", "%--g", "%g x", "%123456789012345678901g", "%.3Lq"};
  for (int i = 0; i < (int)(sizeof(bad) / sizeof(bad[0])); i++) {
    fprintf(logfp, "format '%s'\n", bad[i]);
    char name[64];
    snprintf(name, sizeof(name), "model_bad%d.txt", i);
    printFModel(m, path(name), bad[i]);
  }
  fprintf(logfp, "format NULL\n");
  printFData(m, d, path("data_null.txt"), NULL);
  printFData(m, d, path("data_bad.txt"), "%5.2x");

  // files that cannot be opened
  fprintf(logfp, "unwritable\n");
  printModel(m, "/nonexistent-dir/model.txt");
  printData(m, d, "/nonexistent-dir/data.txt");

  // printing data while its stack is in use is an error
  fprintf(logfp, "stack in use\n");
  mj_markStack(d);
  if (setjmp(jump) == 0) {
    printData(m, d, path("data_stack.txt"));
    fprintf(logfp, "returned\n");
  } else {
    fprintf(logfp, "longjmp\n");
  }
  mj_freeStack(d);

  // sparsity of the model's inertia and dof-dof patterns into an open stream
  FILE* fp = fopen(path("sparsity.txt"), "w");
  printSparsity("M", m->nv, m->nv, m->M_rowadr, NULL, m->M_rownnz, NULL, m->M_colind, fp);
  printSparsity("D", m->nv, m->nv, m->D_rowadr, m->D_diag, m->D_rownnz, m->M_rownnz,
                m->D_colind, fp);
  printSparsity("B", m->nbody, m->nv, m->B_rowadr, NULL, m->B_rownnz, NULL, m->B_colind, fp);
  fclose(fp);

  // NULL filename: stdout
  fflush(stdout);
  if (freopen(path("stdout.txt"), "w", stdout)) {
    printFModel(m, NULL, "%.4g");
    printFData(m, d, NULL, "%.4g");
    fflush(stdout);
  }

  mj_deleteData(d);
  mj_deleteModel(m);
  fclose(logfp);
  return 0;
}
