// mju_ differential tests: solve (see harness.h)
#include "harness.h"

static void test_solve(void) {}
