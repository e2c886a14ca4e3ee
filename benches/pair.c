// pair: the speed of two libmujoco builds in one process, on the same model and the same states.
//   pair LIB_A LIB_B MODEL.mjb [NSTEP] [BLOCK]
// Both libraries are opened with dlopen (each keeps its own globals) and load the same MJB. The
// two simulations then advance in alternating blocks of BLOCK steps (who goes first alternates
// too), with the same smooth control signal; since both compute the same numbers, each pair of
// blocks does the same work. Prints the median, quartiles and overall ratio of block times
// A/B, i.e. B's speed relative to A's. Slow phases of a shared machine hit both sides of a
// pair alike, which separate processes timed one after another cannot promise.
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include <mujoco/mujoco.h>

#include "block_timing.h"
#include "ctrl_pattern.h"

typedef struct {
  mjModel* (*load)(const char*, const mjVFS*);
  mjData* (*make)(const mjModel*);
  void (*step)(const mjModel*, mjData*);
  void (*reset_key)(const mjModel*, mjData*, int);
  mjModel* m;
  mjData* d;
} Sim;

static int open_sim(Sim* s, const char* lib, const char* model) {
  void* h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "%s\n", dlerror());
    return 0;
  }
  s->load = (mjModel * (*)(const char*, const mjVFS*)) dlsym(h, "mj_loadModel");
  s->make = (mjData * (*)(const mjModel*)) dlsym(h, "mj_makeData");
  s->step = (void (*)(const mjModel*, mjData*))dlsym(h, "mj_step");
  s->reset_key = (void (*)(const mjModel*, mjData*, int))dlsym(h, "mj_resetDataKeyframe");
  if (!s->load || !s->make || !s->step || !s->reset_key) {
    fprintf(stderr, "%s: missing symbols\n", lib);
    return 0;
  }
  s->m = s->load(model, NULL);
  if (!s->m) {
    fprintf(stderr, "%s cannot load %s\n", lib, model);
    return 0;
  }
  s->d = s->make(s->m);
  if (!s->d) return 0;
  if (s->m->nkey) s->reset_key(s->m, s->d, 0);
  return 1;
}

// steps k0 .. k0+n-1 with the control pattern of ctrl_pattern.h
static double run(Sim* s, int k0, int n) {
  mjModel* m = s->m;
  mjData* d = s->d;
  double t0 = bench_now();
  for (int k = k0; k < k0 + n; k++) {
    set_ctrl_pattern(m, d, k);
    s->step(m, d);
  }
  return bench_now() - t0;
}

int main(int argc, char** argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: pair LIB_A LIB_B MODEL.mjb [NSTEP] [BLOCK]\n");
    return 2;
  }
  Sim a, b;
  if (!open_sim(&a, argv[1], argv[3]) || !open_sim(&b, argv[2], argv[3])) return 3;
  int nstep = argc > 4 ? atoi(argv[4]) : 4000;
  int block = argc > 5 ? atoi(argv[5]) : 100;
  if (block < 1) block = 1;
  int nblock = nstep / block;
  if (nblock < 1) nblock = 1;
  double* ratio = malloc(nblock * sizeof(double));
  double ta = 0, tb = 0;
  for (int i = 0; i < nblock; i++) {
    double x, y;
    if (i & 1) {
      y = run(&b, i * block, block);
      x = run(&a, i * block, block);
    } else {
      x = run(&a, i * block, block);
      y = run(&b, i * block, block);
    }
    ta += x;
    tb += y;
    ratio[i] = x / y;
  }
  double q[3];
  block_quartiles(ratio, nblock, q);
  printf("median %.4f q1 %.4f q3 %.4f overall %.4f steps/s A %.0f B %.0f\n", q[0], q[1], q[2],
         ta / tb, nblock * block / ta, nblock * block / tb);
  free(ratio);
  return 0;
}
