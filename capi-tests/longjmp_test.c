// Error handlers that leave by longjmp, as the Python bindings' do: the library must stay usable
// after every jump. Built against this project's header; run as `longjmp_test MODEL.mjb`.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

// not in the public header: the thread-local handler hooks the Python bindings use
void _mjPRIVATE__set_tls_error_fn(void (*h)(const char*));
void (*_mjPRIVATE__get_tls_error_fn(void))(const char*);

static jmp_buf env;
static char message[1024];
static int passed, failed;

static void jump_out(const char* msg) {
  snprintf(message, sizeof(message), "%s", msg);
  longjmp(env, 1);
}

static void expect(int ok, const char* what) {
  if (ok) {
    passed++;
  } else {
    failed++;
    printf("FAILED: %s (last error: %s)\n", what, message);
  }
}

// runs `call` expecting it to raise an error whose text starts with `prefix`
#define EXPECT_ERROR(call, prefix)                                              \
  do {                                                                          \
    message[0] = 0;                                                             \
    if (!setjmp(env)) {                                                         \
      call;                                                                     \
      expect(0, #call " raised no error");                                      \
    } else {                                                                    \
      expect(!strncmp(message, prefix, strlen(prefix)), #call " message");      \
    }                                                                           \
  } while (0)

int main(int argc, char** argv) {
  if (argc != 2) {
    printf("usage: longjmp_test MODEL.mjb\n");
    return 2;
  }
  mjModel* m = mj_loadModel(argv[1], NULL);
  expect(m != NULL, "load model");
  if (!m) return 1;
  mjData* d = mj_makeData(m);

  // global handler
  mju_user_error = jump_out;
  for (int rep = 0; rep < 200; rep++) {
    size_t before = d->pstack;
    EXPECT_ERROR(mj_stackAllocNum(d, (size_t)1 << 40), "mj_stackAlloc: out of memory");
    expect(d->pstack == before, "stack unchanged after failed allocation");
    mj_markStack(d);
    mjtNum* x = mj_stackAllocNum(d, 16);
    x[15] = 1;
    mj_freeStack(d);
    expect(d->pstack == before, "stack usable after the jump");
  }
  EXPECT_ERROR(mj_setKeyframe(m, d, 1000), "mj_setKeyframe: index must be smaller than");
  EXPECT_ERROR(mj_stateSize(m, 1 << 20), "mj_stateSize: invalid state signature");
  EXPECT_ERROR(mju_error("custom %d", 42), "custom 42");
  EXPECT_ERROR(mju_error_i("int %d", 7), "int 7");
  EXPECT_ERROR(mju_error_s("text %s", "abc"), "text abc");

  // thread-local handler takes precedence over the global one
  mju_user_error = NULL;
  _mjPRIVATE__set_tls_error_fn(jump_out);
  expect(_mjPRIVATE__get_tls_error_fn() == jump_out, "tls handler round trip");
  EXPECT_ERROR(mj_stackAllocInt(d, (size_t)1 << 41), "mj_stackAlloc: out of memory");

  // the library still works: copy, reset, state round trip
  mjData* c = mj_copyData(NULL, m, d);
  mj_resetDataKeyframe(m, c, 0);
  int n = mj_stateSize(m, mjSTATE_INTEGRATION);
  mjtNum* s = (mjtNum*)calloc(n, sizeof(mjtNum));
  mj_getState(m, c, s, mjSTATE_INTEGRATION);
  mj_setState(m, d, s, mjSTATE_INTEGRATION);
  expect(!memcmp(d->qpos, c->qpos, sizeof(mjtNum) * m->nq), "state copied after jumps");
  free(s);
  _mjPRIVATE__set_tls_error_fn(NULL);

  mj_deleteData(c);
  mj_deleteData(d);
  mj_deleteModel(m);
  printf("longjmp: %d passed, %d failed\n", passed, failed);
  return failed != 0;
}
