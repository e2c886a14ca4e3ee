// Many threads stepping their own mjData on one shared mjModel at once (as RL samplers do)
// must give results bitwise identical to running the same rollouts one after another.
//   threads_test NTHREAD NSTEP MODEL.xml ...
// Each rollout starts from its own seeded perturbation of qpos0 / qvel / ctrl; after NSTEP
// mj_step calls qpos, qvel, act, qacc, sensordata and the contact count are compared.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

typedef struct {
  const mjModel* m;
  int seed, nstep, nout;
  mjtNum* out;
  pthread_barrier_t* start;
} Job;

static double urand(unsigned long long* s) {
  *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17;
  return (*s >> 11) * (1.0 / 9007199254740992.0);
}

static int nout(const mjModel* m) { return m->nq + m->nv + m->na + m->nv + m->nsensordata + 1; }

static void rollout(Job* j) {
  const mjModel* m = j->m;
  mjData* d = mj_makeData(m);
  unsigned long long s = 0x9E3779B97F4A7C15ULL * (unsigned long long)(j->seed + 1);
  for (int i = 0; i < m->nq; i++) d->qpos[i] += 0.02 * (2 * urand(&s) - 1);
  mj_normalizeQuat(m, d->qpos);
  for (int i = 0; i < m->nv; i++) d->qvel[i] = 0.05 * (2 * urand(&s) - 1);
  for (int i = 0; i < m->nu; i++) d->ctrl[i] = 0.2 * (2 * urand(&s) - 1);
  for (int t = 0; t < j->nstep; t++) mj_step(m, d);
  mjtNum* o = j->out;
  memcpy(o, d->qpos, sizeof(mjtNum) * m->nq); o += m->nq;
  memcpy(o, d->qvel, sizeof(mjtNum) * m->nv); o += m->nv;
  memcpy(o, d->act, sizeof(mjtNum) * m->na); o += m->na;
  memcpy(o, d->qacc, sizeof(mjtNum) * m->nv); o += m->nv;
  memcpy(o, d->sensordata, sizeof(mjtNum) * m->nsensordata); o += m->nsensordata;
  *o = d->ncon;
  mj_deleteData(d);
}

// instability warnings (a diverging rollout is reset; still deterministic) are not printed
static void quiet(const char* msg) { (void)msg; }

static void* thread_main(void* arg) {
  Job* j = arg;
  pthread_barrier_wait(j->start);
  rollout(j);
  return NULL;
}

int main(int argc, char** argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: threads_test NTHREAD NSTEP MODEL.xml ...\n");
    return 2;
  }
  mju_user_warning = quiet;
  int nthread = atoi(argv[1]), nstep = atoi(argv[2]), failed = 0;
  for (int a = 3; a < argc; a++) {
    char err[1000] = "";
    mjModel* m = mj_loadXML(argv[a], NULL, err, sizeof err);
    if (!m) {
      printf("FAIL %s: %s\n", argv[a], err);
      failed++;
      continue;
    }
    int n = nout(m);
    mjtNum* seq = calloc((size_t)n * nthread, sizeof(mjtNum));
    mjtNum* par = calloc((size_t)n * nthread, sizeof(mjtNum));
    Job* jobs = calloc(nthread, sizeof(Job));
    pthread_t* th = calloc(nthread, sizeof(pthread_t));
    pthread_barrier_t start;
    for (int i = 0; i < nthread; i++) {
      jobs[i] = (Job){m, i, nstep, n, seq + (size_t)i * n, &start};
      rollout(&jobs[i]);
    }
    int same = 1;
    for (int round = 0; round < 2 && same; round++) {
      memset(par, 0, sizeof(mjtNum) * (size_t)n * nthread);
      pthread_barrier_init(&start, NULL, nthread);
      for (int i = 0; i < nthread; i++) {
        jobs[i].out = par + (size_t)i * n;
        pthread_create(&th[i], NULL, thread_main, &jobs[i]);
      }
      for (int i = 0; i < nthread; i++) pthread_join(th[i], NULL);
      pthread_barrier_destroy(&start);
      same = !memcmp(seq, par, sizeof(mjtNum) * (size_t)n * nthread);
    }
    // rollouts from different seeds must differ, or the comparison proves little
    int distinct = nthread < 2 || memcmp(seq, seq + n, sizeof(mjtNum) * n);
    printf("%s %s: %d threads x %d steps, nq=%d nv=%d ncon(first)=%d\n",
           same && distinct ? "PASS" : "FAIL", argv[a], nthread, nstep, (int)m->nq, (int)m->nv,
           (int)seq[n - 1]);
    failed += !(same && distinct);
    free(seq); free(par); free(jobs); free(th);
    mj_deleteModel(m);
  }
  printf("%s\n", failed ? "threads: FAILED" : "threads: all bitwise identical");
  return failed != 0;
}
