// mjdiff: one program, built against upstream 3.4.0's headers, run once with upstream's library and
// once with ours (LD_LIBRARY_PATH chooses); run_diff.sh compares what the two runs print.
//
//   mjdiff compile XML OUT.mjb   compile with mj_loadXML and save (reference library only)
//   mjdiff model   MJB OUT       every mjModel field, mj_sizeModel
//   mjdiff resave  MJB OUT.mjb   load and save again (file and buffer forms must agree)
//   mjdiff data    MJB OUT       mjData after reset and keyframes, copies, state vectors, stack
//   mjdiff badload MJB OUT       damaged variants of MJB: result and warning text of each load
//   mjdiff savexml XML OUT.xml   mj_parseXML, mj_compile, mj_saveXMLString (or its error) to OUT
//   MJPLUGIN_DIR=DIR in the environment loads the plugin libraries of DIR first.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>
#include <mujoco/mjxmacro.h>

static FILE* out;
static char last_warning[2048];

static void on_warning(const char* msg) {
  snprintf(last_warning, sizeof(last_warning), "%s", msg);
}

static void num(double v) { fprintf(out, " %.17g", v); }

static void nums(const char* tag, const mjtNum* a, long n) {
  fprintf(out, "%s %ld", tag, n);
  for (long i = 0; i < n; i++) num(a[i]);
  fprintf(out, "\n");
}

static void bytes(const char* tag, const void* p, size_t n) {
  const unsigned char* b = (const unsigned char*)p;
  fprintf(out, "%s %zu ", tag, n);
  for (size_t i = 0; i < n; i++) fprintf(out, "%02x", b[i]);
  fprintf(out, "\n");
}

static mjModel* load(const char* path) {
  mjModel* m = mj_loadModel(path, NULL);
  if (!m) {
    fprintf(stderr, "mj_loadModel(%s) failed: %s\n", path, last_warning);
    exit(3);
  }
  return m;
}

static void dump_model(const mjModel* m) {
#define X(name) fprintf(out, "size %s %lld\n", #name, (long long)m->name);
  MJMODEL_INTS
#undef X
  bytes("opt", &m->opt, sizeof(mjOption));
  bytes("vis", &m->vis, sizeof(mjVisual));
  bytes("stat", &m->stat, sizeof(mjStatistic));
  MJMODEL_POINTERS_PREAMBLE(m)
#define X(type, name, nr, nc) \
  bytes(#name, m->name, sizeof(type) * (size_t)m->nr * (size_t)(nc));
  MJMODEL_POINTERS
#undef X
  fprintf(out, "signature %llu\n", (unsigned long long)m->signature);
  fprintf(out, "sizeModel %lld\n", (long long)mj_sizeModel(m));
}

static void dump_data_buffer(const mjModel* m, const mjData* d) {
  fprintf(out, "nbuffer %lld narena %lld pstack %zu parena %zu ncon %d nefc %d time %.17g\n",
          (long long)d->nbuffer, (long long)d->narena, d->pstack, d->parena, d->ncon, d->nefc,
          d->time);
  fprintf(out, "awake %d %d %d %d\n", d->ntree_awake, d->nbody_awake, d->nparent_awake,
          d->nv_awake);
  MJDATA_POINTERS_PREAMBLE(m)
#define X(type, name, nr, nc) \
  if (strcmp(#name, "plugin_data")) bytes(#name, d->name, sizeof(type) * (size_t)m->nr * (size_t)(nc));
  MJDATA_POINTERS
#undef X
}

static void fill_state(const mjModel* m, mjData* d, double seed) {
  for (int i = 0; i < m->nq; i++) d->qpos[i] += 0.01 * (i + seed);
  for (int i = 0; i < m->nv; i++) d->qvel[i] = 0.1 * i - seed;
  for (int i = 0; i < m->na; i++) d->act[i] = 0.3 + i;
  for (int i = 0; i < m->nu; i++) d->ctrl[i] = -0.5 * i;
  for (int i = 0; i < m->nv; i++) d->qfrc_applied[i] = i * seed;
  for (int i = 0; i < 6 * m->nbody; i++) d->xfrc_applied[i] = 0.25 * i;
  for (int i = 0; i < m->nv; i++) d->qacc_warmstart[i] = 2.0 * i;
  for (int i = 0; i < 3 * m->nmocap; i++) d->mocap_pos[i] = 1.5 * i;
  for (int i = 0; i < m->nuserdata; i++) d->userdata[i] = 7.0 + i;
  d->time = seed;
}

static void dump_data(const mjModel* m) {
  mjData* d = mj_makeData(m);
  dump_data_buffer(m, d);

  // keyframes
  for (int k = -1; k <= m->nkey; k++) {
    mj_resetDataKeyframe(m, d, k);
    fprintf(out, "key %d\n", k);
    nums("qpos", d->qpos, m->nq);
    nums("qvel", d->qvel, m->nv);
    nums("act", d->act, m->na);
    nums("ctrl", d->ctrl, m->nu);
    nums("mocap_pos", d->mocap_pos, 3 * m->nmocap);
    nums("mocap_quat", d->mocap_quat, 4 * m->nmocap);
    fprintf(out, "time %.17g\n", d->time);
  }

  // state vectors
  fill_state(m, d, 0.75);
  int all = (1 << mjNSTATE) - 1;
  for (int sig = 0; sig < mjNSTATE; sig++) {
    fprintf(out, "stateSize %d %d\n", 1 << sig, mj_stateSize(m, 1 << sig));
  }
  int sigs[] = {mjSTATE_PHYSICS, mjSTATE_FULLPHYSICS, mjSTATE_USER, mjSTATE_INTEGRATION, all};
  int n = mj_stateSize(m, all);
  mjtNum* state = (mjtNum*)calloc(n + 1, sizeof(mjtNum));
  mjtNum* part = (mjtNum*)calloc(n + 1, sizeof(mjtNum));
  for (int i = 0; i < 5; i++) {
    mj_getState(m, d, state, sigs[i]);
    fprintf(out, "getState %d ", sigs[i]);
    nums("", state, mj_stateSize(m, sigs[i]));
  }
  mj_getState(m, d, state, all);
  mj_extractState(m, state, all, part, mjSTATE_QVEL | mjSTATE_CTRL | mjSTATE_MOCAP_POS);
  nums("extract", part, mj_stateSize(m, mjSTATE_QVEL | mjSTATE_CTRL | mjSTATE_MOCAP_POS));

  // copies: a new data from d, set state into a third, compare through getState
  mjData* c = mj_copyData(NULL, m, d);
  mj_getState(m, c, part, all);
  fprintf(out, "copy_equal %d\n", memcmp(part, state, sizeof(mjtNum) * n) == 0);
  mjData* e = mj_makeData(m);
  mj_setState(m, e, state, all);
  mj_getState(m, e, part, all);
  fprintf(out, "setState_equal %d\n", memcmp(part, state, sizeof(mjtNum) * n) == 0);
  mj_copyState(m, d, e, mjSTATE_QPOS | mjSTATE_TIME);
  nums("copyState qpos", e->qpos, m->nq);
  mj_resetDataDebug(m, e, 0xab);
  dump_data_buffer(m, e);

  // stack and arena bookkeeping
  mj_resetData(m, d);
  mj_markStack(d);
  mjtNum* a = mj_stackAllocNum(d, 100);
  int* b = mj_stackAllocInt(d, 33);
  void* c3 = mj_stackAllocByte(d, 5, 64);
  fprintf(out, "stack pstack %zu aligned %d %d %d\n", d->pstack, (int)((uintptr_t)a % 8),
          (int)((uintptr_t)b % 4), (int)((uintptr_t)c3 % 64));
  mj_markStack(d);
  mj_stackAllocNum(d, 7);
  mj_freeStack(d);
  fprintf(out, "stack after inner free %zu\n", d->pstack);
  mj_freeStack(d);
  fprintf(out, "stack after free %zu pbase %zu maxuse_stack %lld maxuse_arena %lld\n", d->pstack,
          d->pbase, (long long)d->maxuse_stack, (long long)d->maxuse_arena);

  // keyframe saved from data
  if (m->nkey) {
    mjModel* mc = mj_copyModel(NULL, m);
    fill_state(m, d, 1.25);
    mj_setKeyframe(mc, d, m->nkey - 1);
    nums("setKeyframe qpos", mc->key_qpos + (m->nkey - 1) * m->nq, m->nq);
    nums("setKeyframe qvel", mc->key_qvel + (m->nkey - 1) * m->nv, m->nv);
    fprintf(out, "setKeyframe time %.17g\n", mc->key_time[m->nkey - 1]);
    mj_deleteModel(mc);
  }

  free(state);
  free(part);
  mj_deleteData(c);
  mj_deleteData(e);
  mj_deleteData(d);
}

static void* read_file(const char* path, long* len) {
  FILE* f = fopen(path, "rb");
  if (!f) { fprintf(stderr, "cannot read %s\n", path); exit(2); }
  fseek(f, 0, SEEK_END);
  *len = ftell(f);
  fseek(f, 0, SEEK_SET);
  void* buf = malloc(*len + 16);
  if (fread(buf, 1, *len, f) != (size_t)*len) exit(2);
  fclose(f);
  return buf;
}

static void try_load(const char* what, const void* buf, long len) {
  const char* tmp = "mjdiff_bad.mjb";
  FILE* f = fopen(tmp, "wb");
  fwrite(buf, 1, len, f);
  fclose(f);
  last_warning[0] = 0;
  mjModel* m = mj_loadModel(tmp, NULL);
  fprintf(out, "%s: %s | %s\n", what, m ? "loaded" : "NULL", last_warning);
  mj_deleteModel(m);
  remove(tmp);
}

static void badload(const char* path) {
  long len;
  unsigned char* buf = (unsigned char*)read_file(path, &len);
  long cuts[] = {0, 3, 19, 20, 100, 363, 364, 400, 1200, len / 2, len - 8, len - 1};
  for (int i = 0; i < (int)(sizeof(cuts) / sizeof(cuts[0])); i++) {
    if (cuts[i] < 0 || cuts[i] > len) continue;
    char what[64];
    snprintf(what, sizeof(what), "truncated to %ld", cuts[i]);
    try_load(what, buf, cuts[i]);
  }
  // trailing garbage
  unsigned char* big = (unsigned char*)malloc(len + 8);
  memcpy(big, buf, len);
  memset(big + len, 0, 8);
  try_load("8 extra bytes", big, len + 8);
  // each header int changed, byte-swapped (foreign endian)
  for (int k = 0; k < 5; k++) {
    unsigned char* c = (unsigned char*)malloc(len);
    memcpy(c, buf, len);
    unsigned char t = c[4 * k]; c[4 * k] = c[4 * k + 3]; c[4 * k + 3] = t;
    t = c[4 * k + 1]; c[4 * k + 1] = c[4 * k + 2]; c[4 * k + 2] = t;
    char what[64];
    snprintf(what, sizeof(what), "header int %d byte-swapped", k);
    try_load(what, c, len);
    free(c);
  }
  // a size field made negative, a size made larger (nbuffer then disagrees)
  unsigned char* c = (unsigned char*)malloc(len);
  memcpy(c, buf, len);
  int neg = -5;
  memcpy(c + 20, &neg, 4);
  try_load("negative nq", c, len);
  memcpy(c, buf, len);
  int nb; memcpy(&nb, c + 20 + 4 * 4, 4); nb += 1;
  memcpy(c + 20 + 4 * 4, &nb, 4);
  try_load("nbody + 1", c, len);
  // a reference index pushed out of range: body_parentid[1] (first array after the structs)
  memcpy(c, buf, len);
  long arrays = 20 + 4L * 84 + 16 + sizeof(mjOption) + sizeof(mjVisual) + sizeof(mjStatistic);
  int nq; memcpy(&nq, c + 20, 4);
  long parent1 = arrays + 2L * 8 * nq + 4;
  if (parent1 + 4 <= len) {
    int big_id = 1000000;
    memcpy(c + parent1, &big_id, 4);
    try_load("body_parentid[1] out of range", c, len);
  }
  free(c);
  free(big);
  last_warning[0] = 0;
  mjModel* m = mj_loadModel("no/such/file.mjb", NULL);
  fprintf(out, "missing file: %s | %s\n", m ? "loaded" : "NULL", last_warning);
  free(buf);
}

int main(int argc, char** argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: mjdiff compile|model|resave|data|badload|savexml IN OUT\n");
    return 2;
  }
  mju_user_warning = on_warning;
  const char* plugdir = getenv("MJPLUGIN_DIR");  // plugin libraries to load first, if any
  if (plugdir && *plugdir) mj_loadAllPluginLibraries(plugdir, NULL);
  const char* mode = argv[1];
  if (!strcmp(mode, "compile")) {
    char err[1000] = "";
    mjModel* m = mj_loadXML(argv[2], NULL, err, sizeof(err));
    if (!m) { fprintf(stderr, "%s: %s\n", argv[2], err); return 3; }
    mj_saveModel(m, argv[3], NULL, 0);
    mj_deleteModel(m);
    return 0;
  }
  if (!strcmp(mode, "resave")) {
    mjModel* m = load(argv[2]);
    mj_saveModel(m, argv[3], NULL, 0);
    long len;
    void* file = read_file(argv[3], &len);
    int n = (int)mj_sizeModel(m);
    void* buf = calloc(n, 1);
    mj_saveModel(m, NULL, buf, n);
    int same = len == n && !memcmp(file, buf, n);
    mjModel* c = mj_copyModel(NULL, m);
    void* buf2 = calloc(n, 1);
    mj_saveModel(c, NULL, buf2, n);
    int same_copy = !memcmp(buf, buf2, n);
    free(file); free(buf); free(buf2);
    mj_deleteModel(c);
    mj_deleteModel(m);
    if (!same || !same_copy) {
      fprintf(stderr, "buffer save differs from file save (%d) or copy differs (%d)\n", !same, !same_copy);
      return 1;
    }
    return 0;
  }
  // a dump that cannot be made leaves no file behind (not an empty or stale one), so that a
  // script comparing two dumps fails when either model did not load
  remove(argv[3]);
  mjModel* loaded = NULL;
  if (!strcmp(mode, "model") || !strcmp(mode, "data")) loaded = load(argv[2]);
  out = fopen(argv[3], "w");
  if (!out) return 2;
  if (!strcmp(mode, "savexml")) {
    char err[1000] = "";
    mjSpec* s = mj_parseXML(argv[2], NULL, err, sizeof(err));
    mjModel* m = s ? mj_compile(s, NULL) : NULL;
    static char xml[1 << 24];
    if (!s) {
      fprintf(out, "parse failed: %s\n", err);
    } else if (!m) {
      fprintf(out, "compile failed: %s\n", mjs_getError(s));
    } else if (mj_saveXMLString(s, xml, sizeof(xml), err, sizeof(err))) {
      fprintf(out, "save failed: %s\n", err);
    } else {
      fputs(xml, out);
    }
    mj_deleteModel(m);
    mj_deleteSpec(s);
  } else if (!strcmp(mode, "model")) {
    dump_model(loaded);
    mj_deleteModel(loaded);
  } else if (!strcmp(mode, "data")) {
    dump_data(loaded);
    mj_deleteModel(loaded);
  } else if (!strcmp(mode, "badload")) {
    badload(argv[2]);
  } else {
    fprintf(stderr, "unknown mode %s\n", mode);
    return 2;
  }
  fclose(out);
  return 0;
}
