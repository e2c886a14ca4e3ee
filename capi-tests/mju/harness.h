// Shared helpers of the mju_ differential test (capi-tests/mju_diff.c). Every test prints
// "name index: values..." lines; mju_compare.py compares the reference and candidate outputs
// number by number (1e-12 relative; integers exactly).
#ifndef MJU_HARNESS_H_
#define MJU_HARNESS_H_

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <mujoco/mujoco.h>

// deterministic generator (xorshift64*), seeded per test so tests are independent
static uint64_t harness_state = 88172645463325252ULL;
static inline void seed(uint64_t s) { harness_state = s * 2654435761ULL + 1; }
static inline uint64_t next_u64(void) {
  harness_state ^= harness_state >> 12;
  harness_state ^= harness_state << 25;
  harness_state ^= harness_state >> 27;
  return harness_state * 2685821657736338717ULL;
}
// uniform in [lo, hi)
static inline mjtNum uniform(mjtNum lo, mjtNum hi) {
  return lo + (hi - lo) * (mjtNum)(next_u64() >> 11) * (1.0 / 9007199254740992.0);
}
static inline int randint(int n) { return (int)(next_u64() % (uint64_t)n); }

// random vector; case k of a loop: 0 zero vector, 1 tiny values, 2 huge values, else uniform
static inline void vec_case(mjtNum* v, int n, int k) {
  for (int i = 0; i < n; i++) {
    switch (k) {
      case 0: v[i] = 0; break;
      case 1: v[i] = uniform(-1, 1) * 1e-14; break;
      case 2: v[i] = uniform(-1, 1) * 1e8; break;
      default: v[i] = uniform(-2, 2);
    }
  }
}

// unit quaternion; case 0 identity, 1 180-degree rotation about x, 2 about a random axis,
// 3 non-normalized, else random
static inline void quat_case(mjtNum q[4], int k) {
  if (k == 0) { q[0] = 1; q[1] = q[2] = q[3] = 0; return; }
  if (k == 1) { q[0] = 0; q[1] = 1; q[2] = q[3] = 0; return; }
  mjtNum n = 0;
  for (int i = 0; i < 4; i++) { q[i] = uniform(-1, 1); n += q[i] * q[i]; }
  n = sqrt(n);
  if (k == 2) { q[0] = 0; n = sqrt(q[1]*q[1] + q[2]*q[2] + q[3]*q[3]); for (int i = 1; i < 4; i++) q[i] /= n; return; }
  if (k == 3) { for (int i = 0; i < 4; i++) q[i] *= 3; return; }
  for (int i = 0; i < 4; i++) q[i] /= n;
}

// symmetric positive definite n x n matrix (case 1: nearly singular)
static inline void spd_case(mjtNum* A, int n, int k) {
  mjtNum B[64 * 64];
  for (int i = 0; i < n * n; i++) B[i] = uniform(-1, 1);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      mjtNum s = 0;
      for (int t = 0; t < n; t++) s += B[i * n + t] * B[j * n + t];
      A[i * n + j] = s + (i == j ? (k == 1 ? 1e-12 : 0.5) : 0);
    }
}

static inline void out_nums(const char* name, int idx, const mjtNum* v, int n) {
  printf("%s %d:", name, idx);
  for (int i = 0; i < n; i++) printf(" %.17g", v[i]);
  printf("\n");
}
static inline void out_floats(const char* name, int idx, const float* v, int n) {
  printf("%s %d:", name, idx);
  for (int i = 0; i < n; i++) printf(" %.9g", v[i]);
  printf("\n");
}
static inline void out_ints(const char* name, int idx, const int* v, int n) {
  printf("%s %d: i", name, idx);
  for (int i = 0; i < n; i++) printf(" %d", v[i]);
  printf("\n");
}
static inline void out_num(const char* name, int idx, mjtNum v) { out_nums(name, idx, &v, 1); }
static inline void out_int(const char* name, int idx, int v) { out_ints(name, idx, &v, 1); }
static inline void out_str(const char* name, int idx, const char* s) {
  printf("%s %d: s %s\n", name, idx, s ? s : "(null)");
}

#endif  // MJU_HARNESS_H_
