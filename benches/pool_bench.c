// Steps per second with and without an engine thread pool bound to mjData, and a hash of the
// final state (qpos, qvel, act, qacc_warmstart, the contacts, efc_force and efc_aref, the
// passive and bias forces, sensordata and energy), so that two libraries (ours, upstream's) can
// be compared in the same run.
//
//   pool_bench MODEL.xml NSTEP NPOOL [SLEEP [WARMUP]]
//
// NPOOL 0 steps without a pool; NPOOL > 0 creates mju_threadPoolCreate(NPOOL) and binds it.
// SLEEP 1 turns on mjENBL_SLEEP before the first step (so bodies that come to rest sleep).
// WARMUP steps (default 100) run before the timed NSTEP steps, with the pool bound.
// Output: one line "sps S hash H ncon C nefc E nisland I awake A".
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mujoco/mujoco.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t fnv(uint64_t h, const void* p, size_t n) {
  const unsigned char* b = p;
  for (size_t i = 0; i < n; i++) {
    h ^= b[i];
    h *= 1099511628211ull;
  }
  return h;
}

int main(int argc, char** argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: pool_bench MODEL.xml NSTEP NPOOL [SLEEP [WARMUP]]\n");
    return 2;
  }
  int nstep = atoi(argv[2]), npool = atoi(argv[3]);
  int sleep = argc > 4 ? atoi(argv[4]) : 0;
  int warmup = argc > 5 ? atoi(argv[5]) : 100;
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof err);
  if (!m) {
    fprintf(stderr, "load: %s\n", err);
    return 1;
  }
  if (sleep) m->opt.enableflags |= mjENBL_SLEEP;
  mjData* d = mj_makeData(m);
  if (m->nkey > 0) mj_resetDataKeyframe(m, d, 0);
  mjThreadPool* pool = NULL;
  if (npool > 0) {
    pool = mju_threadPoolCreate(npool);
    mju_bindThreadPool(d, pool);
  }
  for (int i = 0; i < warmup; i++) mj_step(m, d);
  double t0 = now();
  for (int i = 0; i < nstep; i++) mj_step(m, d);
  double sec = now() - t0;
  uint64_t h = 1469598103934665603ull;
  h = fnv(h, d->qpos, sizeof(mjtNum) * m->nq);
  h = fnv(h, d->qvel, sizeof(mjtNum) * m->nv);
  h = fnv(h, d->act, sizeof(mjtNum) * m->na);
  h = fnv(h, d->qacc_warmstart, sizeof(mjtNum) * m->nv);
  for (int i = 0; i < d->ncon; i++) {
    // field by field: the struct ends in padding that is never written
    const mjContact* c = d->contact + i;
    h = fnv(h, &c->dist, sizeof(mjtNum) * 13);  // dist, pos, frame
    h = fnv(h, c->geom, sizeof(int) * 8);       // geom, flex, elem, vert
    h = fnv(h, &c->efc_address, sizeof(int));
  }
  h = fnv(h, d->efc_force, sizeof(mjtNum) * d->nefc);
  h = fnv(h, d->efc_aref, sizeof(mjtNum) * d->nefc);
  h = fnv(h, d->qfrc_passive, sizeof(mjtNum) * m->nv);
  h = fnv(h, d->qfrc_bias, sizeof(mjtNum) * m->nv);
  h = fnv(h, d->sensordata, sizeof(mjtNum) * m->nsensordata);
  h = fnv(h, d->energy, sizeof(mjtNum) * 2);
  int awake = 0;
  for (int t = 0; t < m->ntree; t++) awake += d->tree_awake[t] != 0;
  printf("sps %.1f hash %016llx ncon %d nefc %d nisland %d awake %d/%d\n", nstep / sec,
         (unsigned long long)h, d->ncon, d->nefc, d->nisland, awake, m->ntree);
  mj_deleteData(d);
  if (pool) mju_threadPoolDestroy(pool);
  mj_deleteModel(m);
  return 0;
}
