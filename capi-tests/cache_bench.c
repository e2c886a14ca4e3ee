// cache_bench: time of mj_loadXML on one model loaded N times in a row, with the asset cache
// (default) or without it ("off": capacity set to 0 first). Built against upstream's header;
// run it on either library with LD_LIBRARY_PATH.
//   cache_bench MODEL.xml [N] [off]
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

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: cache_bench MODEL.xml [N] [off]\n");
    return 2;
  }
  int n = argc > 2 ? atoi(argv[2]) : 20;
  int off = argc > 3 && !strcmp(argv[3], "off");
  if (off) mj_setCacheCapacity(mj_getCache(), 0);
  char error[1000];
  double first = 0, total = 0;
  for (int i = 0; i < n; i++) {
    double t0 = now();
    mjModel* m = mj_loadXML(argv[1], NULL, error, sizeof error);
    double t = now() - t0;
    if (!m) {
      fprintf(stderr, "%s\n", error);
      return 1;
    }
    mj_deleteModel(m);
    if (i == 0) first = t;
    total += t;
  }
  printf("%s: %d loads, cache %s: total %.1f ms, first %.2f ms, later ones %.2f ms each, cache size %zu\n",
         argv[1], n, off ? "off" : "on", 1e3 * total, 1e3 * first,
         n > 1 ? 1e3 * (total - first) / (n - 1) : 0.0, mj_getCacheSize(mj_getCache()));
  return 0;
}
