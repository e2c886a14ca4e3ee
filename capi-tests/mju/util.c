// mju_ differential tests: util (see harness.h)
#include "harness.h"

static void test_util(void) {}
