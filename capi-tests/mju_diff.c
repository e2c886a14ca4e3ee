// mju_diff: the mju_ library on seeded random inputs with edge cases, built against upstream's
// header and run with both libraries; mju/compare.py compares the outputs (1e-12 relative).
#include "mju/harness.h"
#include "mju/dense.c"
#include "mju/solve.c"
#include "mju/util.c"

int main(void) {
  test_dense();
  test_solve();
  test_util();
  return 0;
}
