// A library made to disagree with upstream, for capi-tests/swapcheck_test.sh: linked to our
// libmujoco.so.3.4.0 (found through its RUNPATH), it exports every function of that library and
// replaces one of them, calling the real one through dlsym(RTLD_NEXT).
//   built with -DPERTURB_STEP=E   mj_step runs the real step, then adds E * (1 + |qpos[0]|) to
//                                 qpos[0]: the model is the same, the trajectory is not
//   built with -DPERTURB_MODEL    mj_loadXML and mj_loadModel return the real model with
//                                 opt.timestep one ulp larger: a model field differs
//   built with -DPERTURB_LOAD     mj_loadXML refuses every model
//   built with -DPERTURB_ERROR=T  mj_step calls mju_error once the simulation time reaches T
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <mujoco/mujoco.h>

__attribute__((unused)) static void* next(const char* name) {
  void* p = dlsym(RTLD_NEXT, name);
  if (!p) {
    fprintf(stderr, "swapcheck_perturb: no next %s: %s\n", name, dlerror());
    abort();
  }
  return p;
}

#ifdef PERTURB_STEP
void mj_step(const mjModel* m, mjData* d) {
  static void (*real)(const mjModel*, mjData*);
  if (!real) real = (void (*)(const mjModel*, mjData*))next("mj_step");
  real(m, d);
  if (m->nq) d->qpos[0] += (PERTURB_STEP) * (1 + fabs(d->qpos[0]));
}
#endif

#ifdef PERTURB_MODEL
static mjModel* bump(mjModel* m) {
  if (m) m->opt.timestep = nextafter(m->opt.timestep, INFINITY);
  return m;
}

mjModel* mj_loadXML(const char* filename, const mjVFS* vfs, char* error, int error_sz) {
  static mjModel* (*real)(const char*, const mjVFS*, char*, int);
  if (!real) real = (mjModel* (*)(const char*, const mjVFS*, char*, int))next("mj_loadXML");
  return bump(real(filename, vfs, error, error_sz));
}

mjModel* mj_loadModel(const char* filename, const mjVFS* vfs) {
  static mjModel* (*real)(const char*, const mjVFS*);
  if (!real) real = (mjModel* (*)(const char*, const mjVFS*))next("mj_loadModel");
  return bump(real(filename, vfs));
}
#endif

#ifdef PERTURB_LOAD
mjModel* mj_loadXML(const char* filename, const mjVFS* vfs, char* error, int error_sz) {
  (void)filename;
  (void)vfs;
  if (error && error_sz > 0) snprintf(error, error_sz, "swapcheck_perturb: refused to load");
  return NULL;
}
#endif

#ifdef PERTURB_ERROR
void mj_step(const mjModel* m, mjData* d) {
  static void (*real)(const mjModel*, mjData*);
  if (!real) real = (void (*)(const mjModel*, mjData*))next("mj_step");
  if (d->time >= (PERTURB_ERROR) - 1e-9) mju_error("swapcheck_perturb: error in step");
  real(m, d);
}
#endif
