// ray_pair: ray casting of two libmujoco builds in one process, on the same model and state.
//   ray_pair LIB_A LIB_B MODEL.mjb [NRAY] [NBLOCK]
// Both libraries are opened with dlopen and load the same MJB; each runs mj_forward from the
// first keyframe (or qpos0). A fixed set of NRAY rays (origins in a box of the model's extent
// around its centre, directions uniform on the sphere, from a seeded generator) is then cast
// through mj_ray one ray at a time, and in bundles of 32 directions per origin through
// mj_multiRay with the cutoff rangefinders use, in alternating blocks (who goes first alternates
// too). Prints, per entry point, the median, quartiles and overall ratio of block times A/B
// (B's speed relative to A's) and the time per ray; and the number of rays whose hit geom or
// distance differs between the two libraries (bit for bit), which must be zero.
#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "block_timing.h"

#define BUNDLE 32

typedef mjtNum (*RayFn)(const mjModel*, const mjData*, const mjtNum*, const mjtNum*,
                        const mjtByte*, mjtByte, int, int*);
typedef void (*MultiRayFn)(const mjModel*, mjData*, const mjtNum*, const mjtNum*, const mjtByte*,
                           mjtByte, int, int*, mjtNum*, int, mjtNum);

typedef struct {
  RayFn ray;
  MultiRayFn multi;
  mjModel* m;
  mjData* d;
} Lib;

static int open_lib(Lib* s, const char* lib, const char* model) {
  void* h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "%s\n", dlerror());
    return 0;
  }
  mjModel* (*load)(const char*, const mjVFS*) =
      (mjModel * (*)(const char*, const mjVFS*)) dlsym(h, "mj_loadModel");
  mjData* (*make)(const mjModel*) = (mjData * (*)(const mjModel*)) dlsym(h, "mj_makeData");
  void (*forward)(const mjModel*, mjData*) = (void (*)(const mjModel*, mjData*))dlsym(h, "mj_forward");
  void (*reset_key)(const mjModel*, mjData*, int) =
      (void (*)(const mjModel*, mjData*, int))dlsym(h, "mj_resetDataKeyframe");
  s->ray = (RayFn)dlsym(h, "mj_ray");
  s->multi = (MultiRayFn)dlsym(h, "mj_multiRay");
  if (!load || !make || !forward || !reset_key || !s->ray || !s->multi) {
    fprintf(stderr, "%s: missing symbols\n", lib);
    return 0;
  }
  s->m = load(model, NULL);
  if (!s->m) {
    fprintf(stderr, "%s cannot load %s\n", lib, model);
    return 0;
  }
  s->d = make(s->m);
  if (!s->d) return 0;
  if (s->m->nkey) reset_key(s->m, s->d, 0);
  forward(s->m, s->d);
  return 1;
}

// xorshift64*: the same rays on every run
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static double uniform(void) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (double)((rng_state * 0x2545F4914F6CDD1Dull) >> 11) / 9007199254740992.0;
}

static void random_direction(mjtNum v[3]) {
  double z = 2 * uniform() - 1, phi = 2 * M_PI * uniform(), r = sqrt(1 - z * z);
  v[0] = r * cos(phi);
  v[1] = r * sin(phi);
  v[2] = z;
}

static double cast_single(Lib* s, int nray, const mjtNum* pnt, const mjtNum* vec, int* geomid,
                          mjtNum* dist) {
  double t0 = bench_now();
  for (int i = 0; i < nray; i++) {
    dist[i] = s->ray(s->m, s->d, pnt + 3 * i, vec + 3 * i, NULL, 1, -1, geomid + i);
  }
  return bench_now() - t0;
}

// one origin (the bundle's first ray's) per BUNDLE directions
static double cast_multi(Lib* s, int nray, const mjtNum* pnt, const mjtNum* vec, int* geomid,
                         mjtNum* dist) {
  double t0 = bench_now();
  for (int i = 0; i + BUNDLE <= nray; i += BUNDLE) {
    s->multi(s->m, s->d, pnt + 3 * i, vec + 3 * i, NULL, 1, -1, geomid + i, dist + i, BUNDLE,
             mjMAXVAL);
  }
  return bench_now() - t0;
}

typedef double (*CastFn)(Lib*, int, const mjtNum*, const mjtNum*, int*, mjtNum*);

// alternating blocks of all rays on A and on B; prints the ratio line, returns mismatching rays
static int compare(const char* name, CastFn cast, Lib* a, Lib* b, int nray, int nblock,
                   const mjtNum* pnt, const mjtNum* vec) {
  int* gid_a = malloc(nray * sizeof(int));
  int* gid_b = malloc(nray * sizeof(int));
  mjtNum* dist_a = malloc(nray * sizeof(mjtNum));
  mjtNum* dist_b = malloc(nray * sizeof(mjtNum));
  double* ratio = malloc(nblock * sizeof(double));
  double ta = 0, tb = 0;
  for (int i = 0; i < nblock; i++) {
    double x, y;
    if (i & 1) {
      y = cast(b, nray, pnt, vec, gid_b, dist_b);
      x = cast(a, nray, pnt, vec, gid_a, dist_a);
    } else {
      x = cast(a, nray, pnt, vec, gid_a, dist_a);
      y = cast(b, nray, pnt, vec, gid_b, dist_b);
    }
    ta += x;
    tb += y;
    ratio[i] = x / y;
  }
  int ncast = cast == cast_multi ? nray / BUNDLE * BUNDLE : nray;
  int mismatch = 0, nhit = 0;
  for (int i = 0; i < ncast; i++) {
    if (gid_a[i] != gid_b[i] || memcmp(dist_a + i, dist_b + i, sizeof(mjtNum))) mismatch++;
    if (gid_a[i] >= 0) nhit++;
  }
  double q[3];
  block_quartiles(ratio, nblock, q);
  printf("%-11s median %.4f q1 %.4f q3 %.4f overall %.4f ns/ray A %.0f B %.0f hits %d/%d "
         "mismatches %d\n",
         name, q[0], q[1], q[2], ta / tb,
         1e9 * ta / ((double)nblock * ncast), 1e9 * tb / ((double)nblock * ncast), nhit, ncast,
         mismatch);
  free(gid_a);
  free(gid_b);
  free(dist_a);
  free(dist_b);
  free(ratio);
  return mismatch;
}

int main(int argc, char** argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: ray_pair LIB_A LIB_B MODEL.mjb [NRAY] [NBLOCK]\n");
    return 2;
  }
  Lib a, b;
  if (!open_lib(&a, argv[1], argv[3]) || !open_lib(&b, argv[2], argv[3])) return 3;
  int nray = argc > 4 ? atoi(argv[4]) : 4096;
  int nblock = argc > 5 ? atoi(argv[5]) : 40;
  if (nray < BUNDLE) nray = BUNDLE;
  if (nblock < 1) nblock = 1;

  mjtNum* pnt = malloc(3 * nray * sizeof(mjtNum));
  mjtNum* vec = malloc(3 * nray * sizeof(mjtNum));
  const mjtNum* c = a.m->stat.center;
  mjtNum ext = a.m->stat.extent;
  for (int i = 0; i < nray; i++) {
    for (int k = 0; k < 3; k++) pnt[3 * i + k] = c[k] + ext * (2 * uniform() - 1);
    random_direction(vec + 3 * i);
  }
  // bundles share their first ray's origin, as a rangefinder array or a lidar does
  for (int i = 0; i < nray; i++) {
    if (i % BUNDLE) memcpy(pnt + 3 * i, pnt + 3 * (i - i % BUNDLE), 3 * sizeof(mjtNum));
  }

  int bad = compare("mj_ray", cast_single, &a, &b, nray, nblock, pnt, vec);
  bad += compare("mj_multiRay", cast_multi, &a, &b, nray, nblock, pnt, vec);
  free(pnt);
  free(vec);
  return bad ? 1 : 0;
}
