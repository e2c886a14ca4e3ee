// Child process of the fuzzer (fuzz.py): loads one model with whichever libmujoco the dynamic
// linker finds (LD_LIBRARY_PATH selects ours or upstream's), prints the verdict, and steps a
// loaded model a few times. A crash shows as a signal, a hang as a timeout in the parent.
//   fuzz_run run FILE [NSTEP]      FILE: .xml / .urdf through mj_loadXML, else mj_loadModel
//   fuzz_run compile XML OUT.mjb   mj_loadXML then mj_saveModel (upstream makes the MJB seeds)
//   fuzz_run chain IN.mjb OUT.mjb  IN: body 1 (any joints) with static children 2..n; OUT: the
//                                  same bodies as one chain 1 <- 2 <- ... <- n (body_parentid,
//                                  body_pos, body_subtreemass rewritten), to load and step a
//                                  body tree deeper than any XML parser takes
// FUZZ_STACK_KB=N runs the work in a thread with an N KB stack instead of the main thread.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <mujoco/mujoco.h>

static int g_argc;
static char** g_argv;
static int g_status;

static void on_error(const char* msg) {
  // mju_error from the engine while stepping: a clean stop, not a crash
  printf("ERROR %s\n", msg);
  fflush(stdout);
  _exit(0);
}

// warnings (an MJB file that does not load says why in one) go to stderr
static void on_warning(const char* msg) { fprintf(stderr, "WARNING %s\n", msg); }

static int ends_with(const char* s, const char* t) {
  size_t n = strlen(s), k = strlen(t);
  return n >= k && strcmp(s + n - k, t) == 0;
}

static mjModel* load(const char* file, char* err, int nerr) {
  if (ends_with(file, ".xml") || ends_with(file, ".urdf")) return mj_loadXML(file, NULL, err, nerr);
  err[0] = 0;
  return mj_loadModel(file, NULL);
}

// an error message on one line: trailing newlines dropped, other control characters as '|'
static void one_line(char* s) {
  size_t n = strlen(s);
  while (n && (s[n - 1] == '\n' || s[n - 1] == ' ')) s[--n] = 0;
  for (char* p = s; *p; p++) {
    if ((unsigned char)*p < 32) *p = '|';
  }
}

static void* work(void* arg) {
  (void)arg;
  char err[1000] = "";
  const char* mode = g_argv[1];
  mjModel* m = load(g_argv[2], err, sizeof err);
  if (!m) {
    one_line(err);
    printf("REJECTED %s\n", err);
    g_status = 0;
    return NULL;
  }
  if (!strcmp(mode, "chain")) {
    for (int b = 2; b < m->nbody; b++) {
      if (m->body_parentid[b] != 1 || m->body_jntnum[b] || m->body_rootid[b] != 1) {
        printf("NOT A FLAT MODEL at body %d\n", b);
        mj_deleteModel(m);
        g_status = 1;
        return NULL;
      }
      m->body_parentid[b] = b - 1;
      m->body_pos[3 * b] = m->body_pos[3 * b + 1] = 0;
      m->body_pos[3 * b + 2] = 0.01;
    }
    for (int b = 0; b < m->nbody; b++) m->body_subtreemass[b] = m->body_mass[b];
    for (int b = m->nbody - 1; b > 0; b--) m->body_subtreemass[m->body_parentid[b]] += m->body_subtreemass[b];
    mj_saveModel(m, g_argv[3], NULL, 0);
    printf("CHAIN nbody=%d\n", (int)m->nbody);
    mj_deleteModel(m);
    return NULL;
  }
  if (!strcmp(mode, "compile")) {
    mj_saveModel(m, g_argv[3], NULL, 0);
    printf("LOADED nbody=%d nq=%d\n", (int)m->nbody, (int)m->nq);
    mj_deleteModel(m);
    return NULL;
  }
  printf("LOADED nbody=%d nq=%d nv=%d nu=%d ngeom=%d\n", (int)m->nbody, (int)m->nq, (int)m->nv,
         (int)m->nu, (int)m->ngeom);
  fflush(stdout);
  int nstep = g_argc > 3 ? atoi(g_argv[3]) : 3;
  mjData* d = mj_makeData(m);
  if (d) {
    for (int i = 0; i < nstep; i++) mj_step(m, d);
    mj_forward(m, d);
    mj_deleteData(d);
    printf("STEPPED %d\n", nstep);
  } else {
    printf("NODATA\n");
  }
  mj_deleteModel(m);
  return NULL;
}

int main(int argc, char** argv) {
  int two = !strcmp(argv[1], "compile") || !strcmp(argv[1], "chain");
  if (argc < 3 || (strcmp(argv[1], "run") && !two) || (two && argc < 4)) {
    fprintf(stderr, "usage: fuzz_run run FILE [NSTEP] | compile XML OUT.mjb | chain IN.mjb OUT.mjb\n");
    return 2;
  }
  g_argc = argc;
  g_argv = argv;
  mju_user_error = on_error;
  mju_user_warning = on_warning;
  const char* kb = getenv("FUZZ_STACK_KB");
  if (kb && atoi(kb) > 0) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, (size_t)atoi(kb) * 1024);
    pthread_t t;
    if (pthread_create(&t, &attr, work, NULL)) { perror("pthread_create"); return 2; }
    pthread_join(t, NULL);
  } else {
    work(NULL);
  }
  fflush(stdout);
  return g_status;
}
