// mju_ differential tests: dense (see harness.h)
#include "harness.h"

static void test_dense(void) {}
