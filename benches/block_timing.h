// Timing helpers of the one-process comparisons (benches/pair.c, benches/ray_pair.c): a
// monotonic clock, and the median and quartiles of per-block time ratios.
#ifndef MUJOCO_RS_BENCHES_BLOCK_TIMING_H_
#define MUJOCO_RS_BENCHES_BLOCK_TIMING_H_

#include <stdlib.h>
#include <time.h>

static inline double bench_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static inline int bench_cmp_double(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

// sorts the n ratios; q receives the median, the first and the third quartile
static inline void block_quartiles(double* ratio, int n, double q[3]) {
  qsort(ratio, n, sizeof(double), bench_cmp_double);
  q[0] = ratio[n / 2];
  q[1] = ratio[n / 4];
  q[2] = ratio[(3 * n) / 4];
}

#endif  // MUJOCO_RS_BENCHES_BLOCK_TIMING_H_
