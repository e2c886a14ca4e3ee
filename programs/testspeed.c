// testspeed: simulation speed of one model, as upstream's `testspeed` sample measures it.
//   testspeed MODEL [NSTEP NTHREAD CTRLNOISESTD CTRLNOISERATE NPOOLTHREAD]
// Each of NTHREAD threads rolls out NSTEP steps on its own mjData with the same smooth
// pseudo-random controls (an Ornstein-Uhlenbeck process driven by a Halton sequence around the
// keyframe "test" when the model has one, else around the middle of each control range).
// Prints steps per second, solver iterations, contacts and constraints per step, arena use, and
// the engine's per-stage timers (through mjcb_time) for thread 0.
#include <pthread.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <mujoco/mujoco.h>

#define MAXTHREAD 64

static const char usage[] =
    "\n"
    "Usage:  testspeed modelfile [nstep nthread ctrlnoisestd ctrlnoiserate npoolthread]\n"
    "\n"
    "  argument      default     semantic\n"
    "  --------      -------     --------\n"
    "  modelfile                 path to model (required)\n"
    "  nstep         10000       number of steps per rollout\n"
    "  nthread       1           number of threads running parallel rollouts\n"
    "  ctrlnoisestd  0.01        scale of pseudo-random noise injected into actuators\n"
    "  ctrlnoiserate 0.1         rate of convergence to ctrl keyframe/midpoint\n"
    "  npoolthread   0           number of threads in engine-internal threadpool\n"
    "\n"
    "Note: If the model has a keyframe named \"test\", it will be loaded prior to simulation\n";

// one rollout: its data and what it counted
typedef struct {
  mjData* d;
  mjThreadPool* pool;
  double seconds;
  long long ncon, nefc;
  double iterations;
} rollout;

static const mjModel* model;
static const mjtNum* controls;  // nstep x nu
static int nstep;

// microseconds since the first call (the engine's timer callback)
static mjtNum micros(void) {
  static struct timespec start;
  static int started = 0;
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  if (!started) {
    start = t;
    started = 1;
  }
  return 1e6 * (mjtNum)(t.tv_sec - start.tv_sec) + 1e-3 * (mjtNum)(t.tv_nsec - start.tv_nsec);
}

// controls for every step: mean-reverting noise, clipped to the control ranges
static mjtNum* make_controls(const mjModel* m, int n, double std, double rate_in, int key) {
  mjtNum* u = (mjtNum*)malloc(sizeof(mjtNum) * (size_t)(n > 0 ? n : 1) * (size_t)(m->nu > 0 ? m->nu : 1));
  if (!u) return NULL;
  mjtNum decay = mju_exp(-m->opt.timestep / rate_in);
  mjtNum gain = std * mju_sqrt(1 - decay * decay);
  for (int k = 0; k < n; k++) {
    for (int i = 0; i < m->nu; i++) {
      const mjtNum* range = m->actuator_ctrlrange + 2 * i;
      int limited = m->actuator_ctrllimited[i];
      mjtNum center = limited ? 0.5 * (range[0] + range[1]) : 0;
      mjtNum half = limited ? 0.5 * (range[1] - range[0]) : 1;
      if (key >= 0) center = m->key_ctrl[key * m->nu + i];
      mjtNum v = k ? decay * u[(k - 1) * m->nu + i] + (1 - decay) * center : center;
      v += gain * half * (2 * mju_Halton(k, i + 2) - 1);
      if (limited) v = mju_clip(v, range[0], range[1]);
      u[k * m->nu + i] = v;
    }
  }
  return u;
}

static void* run(void* arg) {
  rollout* r = (rollout*)arg;
  const mjModel* m = model;
  mjData* d = r->d;
  r->ncon = r->nefc = 0;
  r->iterations = 0;
  mjtNum t0 = micros();
  for (int k = 0; k < nstep; k++) {
    mju_copy(d->ctrl, controls + (size_t)k * m->nu, m->nu);
    mj_step(m, d);
    r->ncon += d->ncon;
    r->nefc += d->nefc;
    // solver iterations, averaged over islands when there are several
    int nisland = d->nisland < 1 ? 1 : (d->nisland > mjNISLAND ? mjNISLAND : d->nisland);
    double it = 0;
    for (int j = 0; j < nisland; j++) it += d->solver_niter[j];
    r->iterations += it / nisland;
  }
  r->seconds = 1e-6 * (micros() - t0);
  return NULL;
}

static int parse_int(const char* s, int* v) { return sscanf(s, "%d", v) == 1; }
static int parse_double(const char* s, double* v) { return sscanf(s, "%lf", v) == 1; }

int main(int argc, char** argv) {
  if (argc < 2 || argc > 7) {
    puts(usage);
    return 0;
  }
  int nthread = 1, npool = 0;
  double noise_std = 0.01, noise_rate = 0.1;
  nstep = 10000;
  if (argc > 2 && (!parse_int(argv[2], &nstep) || nstep <= 0)) return puts("Invalid nstep argument"), 0;
  if (argc > 3 && !parse_int(argv[3], &nthread)) return puts("Invalid nthread argument"), 0;
  if (argc > 4 && !parse_double(argv[4], &noise_std)) return puts("Invalid ctrlnoisestd argument"), 0;
  if (argc > 5 && !parse_double(argv[5], &noise_rate)) return puts("Invalid ctrlnoiserate argument"), 0;
  if (argc > 6 && !parse_int(argv[6], &npool)) return puts("Invalid npoolthread argument"), 0;
  noise_std = mju_clip(noise_std, 0, 1);
  noise_rate = mju_clip(noise_rate, 0, 1);
  nthread = nthread < 1 ? 1 : (nthread > MAXTHREAD ? MAXTHREAD : nthread);
  npool = npool < 1 ? 1 : (npool > MAXTHREAD ? MAXTHREAD : npool);

  char error[1000] = "Could not load binary model";
  mjModel* m = strstr(argv[1], ".mjb") ? mj_loadModel(argv[1], NULL)
                                       : mj_loadXML(argv[1], NULL, error, sizeof error);
  if (!m) {
    puts(error);
    return 0;
  }
  model = m;

  rollout r[MAXTHREAD];
  memset(r, 0, sizeof r);
  int key = mj_name2id(m, mjOBJ_KEY, "test");
  for (int i = 0; i < nthread; i++) {
    r[i].d = mj_makeData(m);
    if (!r[i].d) {
      puts("Could not allocate mjData");
      mj_deleteModel(m);
      return 0;
    }
    if (key >= 0) mj_resetDataKeyframe(m, r[i].d, key);
    if (npool > 1) {
      r[i].pool = mju_threadPoolCreate(npool);
      mju_bindThreadPool(r[i].d, r[i].pool);
    }
  }
  mjcb_time = micros;

  printf("\nRolling out %d steps%s at dt = %g, using %s precision", nstep,
         nthread > 1 ? " per thread" : "", m->opt.timestep,
         sizeof(mjtNum) == 4 ? "single" : "double");
  if (npool > 1) printf(", using %d threads", npool);
  printf("...\n\n");

  mjtNum* u = make_controls(m, nstep, noise_std, noise_rate, key);
  if (!u) {
    puts("Could not allocate controls");
    return 0;
  }
  controls = u;

  pthread_t th[MAXTHREAD];
  mjtNum t0 = micros();
  for (int i = 0; i < nthread; i++) pthread_create(&th[i], NULL, run, &r[i]);
  for (int i = 0; i < nthread; i++) pthread_join(th[i], NULL);
  double total = 1e-6 * (micros() - t0);

  const char* mu = "\u00B5";
  double dt = m->opt.timestep;
  if (nthread > 1) {
    printf("Summary for all %d threads\n\n", nthread);
    printf(" Total simulation time  : %.2f s\n", total);
    printf(" Total steps per second : %.0f\n", nthread * (double)nstep / total);
    printf(" Total realtime factor  : %.2f x\n", nthread * (double)nstep * dt / total);
    printf(" Total time per step    : %.1f %ss\n\n", 1e6 * total / (nthread * (double)nstep), mu);
    printf("Details for thread 0\n\n");
  }
  static const char* solvers[] = {"PGS   ", "CG    ", "Newton"};
  mjData* d = r[0].d;
  double sec = r[0].seconds;
  printf(" Simulation time      : %.2f s\n", sec);
  printf(" Steps per second     : %.0f\n", nstep / sec);
  printf(" Realtime factor      : %.2f x\n", nstep * dt / sec);
  printf(" Time per step        : %.1f %ss\n\n", 1e6 * sec / nstep, mu);
  printf(" %s iters / step  : %.2f\n", solvers[m->opt.solver % 3], r[0].iterations / nstep);
  printf(" Contacts / step      : %.2f\n", (double)r[0].ncon / nstep);
  printf(" Constraints / step   : %.2f\n", (double)r[0].nefc / nstep);
  printf(" Degrees of freedom   : %d\n", m->nv);
  printf(" Dynamic memory usage : %.1f%% of %s\n\n",
         100.0 * (double)d->maxuse_arena / (double)d->narena, mju_writeNumBytes(d->narena));

  // per-stage timers of thread 0, in microseconds per step and percent of the step
  printf(" Internal profiler%s, %ss per step\n", nthread > 1 ? " for thread 0" : "", mu);
  const mjTimerStat* tm = d->timer;
  double step = tm[mjTIMER_STEP].number ? tm[mjTIMER_STEP].duration / tm[mjTIMER_STEP].number : 0;
  double parts = 0, whole = 0;
  for (int i = 0; i <= mjTIMER_ADVANCE; i++) {
    if (tm[i].number <= 0) continue;
    double t = tm[i].duration / tm[i].number;
    printf(" %17s : %6.1f  (%6.2f %%)\n", mjTIMERSTRING[i], t, step > 0 ? 100 * t / step : 0);
    if (i == mjTIMER_STEP) whole = t;
    if (i >= mjTIMER_POSITION) parts += t;
  }
  if (step > 0) printf(" %17s : %6.1f  (%6.2f %%)\n", "other", whole - parts, 100 * (whole - parts) / step);
  printf("\n");

  static const int position[] = {mjTIMER_POSITION, mjTIMER_POS_KINEMATICS, mjTIMER_POS_INERTIA,
                                 mjTIMER_POS_COLLISION, mjTIMER_POS_MAKE, mjTIMER_POS_PROJECT};
  for (size_t k = 0; k < sizeof position / sizeof *position; k++) {
    int i = position[k];
    if (tm[i].number > 0) {
      double t = tm[i].duration / tm[i].number;
      double pct = step > 0 ? 100 * t / step : 0;
      if (i == mjTIMER_POSITION) printf("   position total  : %6.1f  (%6.2f %%)\n", t, pct);
      else printf("     %-10s    : %6.1f  (%6.2f %%)\n", mjTIMERSTRING[i] + 4, t, pct);
    }
    if (i == mjTIMER_POS_COLLISION) {
      static const int col[] = {mjTIMER_COL_BROAD, mjTIMER_COL_NARROW};
      for (int j = 0; j < 2; j++) {
        const mjTimerStat* s = tm + col[j];
        double t = s->number ? s->duration / s->number : 0;
        printf("       %-11s : %6.1f  (%6.2f %%)\n", mjTIMERSTRING[col[j]] + 4, t,
               s->number && step > 0 ? 100 * t / step : 0);
      }
    }
  }

  for (int i = 0; i < nthread; i++) {
    mj_deleteData(r[i].d);
    if (r[i].pool) mju_threadPoolDestroy(r[i].pool);
  }
  free(u);
  mj_deleteModel(m);
  return 0;
}
