// Time to load one model from XML and make and free its data, so that two libraries (ours,
// upstream's) can be compared with the same binary (built against upstream's header; the
// library is picked by LD_LIBRARY_PATH).
//
//   load_bench MODEL.xml [MINTIME]
//
// One cycle is mj_loadXML + mj_makeData + mj_deleteData + mj_deleteModel. A first cycle is not
// timed (it resolves the library's symbols and reads the files into the page cache); then
// cycles are repeated until MINTIME seconds (default 0.2) have passed, at least one.
// Output: one line "SECONDS CYCLES", the mean seconds of a timed cycle (CLOCK_MONOTONIC).
// Exit status 3 when the model does not load, 4 when mj_makeData fails.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <mujoco/mujoco.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

// one load cycle; 0 on success, else the exit status to return
static int cycle(const char* xml) {
  char err[1000] = "";
  mjModel* m = mj_loadXML(xml, NULL, err, sizeof(err));
  if (!m) {
    fprintf(stderr, "load_bench: %s does not load: %s\n", xml, err);
    return 3;
  }
  mjData* d = mj_makeData(m);
  if (!d) {
    fprintf(stderr, "load_bench: mj_makeData failed for %s\n", xml);
    mj_deleteModel(m);
    return 4;
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: load_bench MODEL.xml [MINTIME]\n");
    return 2;
  }
  double mintime = argc > 2 ? atof(argv[2]) : 0.2;
  int rc = cycle(argv[1]);  // warm-up, not timed
  if (rc) return rc;
  int n = 0;
  double t0 = now(), t = t0;
  do {
    rc = cycle(argv[1]);
    if (rc) return rc;
    n++;
    t = now();
  } while (t - t0 < mintime);
  printf("%.9f %d\n", (t - t0) / n, n);
  return 0;
}
