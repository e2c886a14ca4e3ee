// mju_bench: mju_mulMatVec and mju_dot of two libraries in one process (each dlopen-ed privately),
// alternating, best of 20 rounds; prints ns per call and the ratio ours/upstream.
//   mju_bench UPSTREAM.so OURS.so
#include <dlfcn.h>
#include <stdio.h>
#include <time.h>

typedef void (*MulMatVec)(double*, const double*, const double*, int, int);
typedef double (*Dot)(const double*, const double*, int);

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char** argv) {
  if (argc != 3) { fprintf(stderr, "usage: mju_bench UPSTREAM.so OURS.so\n"); return 2; }
  void* lib[2] = {dlopen(argv[1], RTLD_NOW | RTLD_LOCAL), dlopen(argv[2], RTLD_NOW | RTLD_LOCAL)};
  if (!lib[0] || !lib[1]) { fprintf(stderr, "cannot open libraries\n"); return 2; }
  MulMatVec mmv[2] = {(MulMatVec)dlsym(lib[0], "mju_mulMatVec"), (MulMatVec)dlsym(lib[1], "mju_mulMatVec")};
  Dot dot[2] = {(Dot)dlsym(lib[0], "mju_dot"), (Dot)dlsym(lib[1], "mju_dot")};
  static double mat[10000], vec[100], res[100];
  for (int i = 0; i < 10000; i++) mat[i] = (i % 97) * 1e-3;
  for (int i = 0; i < 100; i++) vec[i] = i % 13;
  int size[][2] = {{3, 3}, {6, 6}, {30, 30}, {100, 60}};
  for (int s = 0; s < 4; s++) {
    int nr = size[s][0], nc = size[s][1], n = 2000000 / (nr * nc + 20);
    double best[2] = {1e9, 1e9}, sink = 0;
    for (int round = 0; round < 20; round++) {
      for (int k = 0; k < 2; k++) {
        double t0 = now();
        for (int i = 0; i < n; i++) {
          mmv[k](res, mat, vec, nr, nc);
          __asm__ volatile("" ::"r"(res) : "memory");
        }
        double t = (now() - t0) / n * 1e9;
        if (t < best[k]) best[k] = t;
      }
    }
    printf("mju_mulMatVec %dx%d: upstream %.1f ns, ours %.1f ns, ratio %.2f\n", nr, nc, best[0], best[1], best[1] / best[0]);
    best[0] = best[1] = 1e9;
    for (int round = 0; round < 20; round++) {
      for (int k = 0; k < 2; k++) {
        double t0 = now();
        for (int i = 0; i < n; i++) sink += dot[k](mat + (i % 8), vec, nc);
        double t = (now() - t0) / n * 1e9;
        if (t < best[k]) best[k] = t;
      }
    }
    printf("mju_dot %d: upstream %.1f ns, ours %.1f ns, ratio %.2f (%g)\n", nc, best[0], best[1], best[1] / best[0], sink > 0 ? 0.0 : 1.0);
  }
  return 0;
}
