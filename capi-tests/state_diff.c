// State-vector functions (mj_stateSize, mj_getState, mj_setState, mj_copyState, mj_extractState,
// mj_setKeyframe) and MJB loading through a VFS; prints everything so that runs against two
// libraries can be diffed.
//
//   state_diff --gen MODEL.mjb   write the test model (needs a library with mj_loadXML: upstream)
//   state_diff MODEL.mjb         run the checks

#include <dlfcn.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

static const char* kXml =
  "<mujoco>"
  "  <size nuserdata='5' nkey='3'/>"
  "  <worldbody>"
  "    <body name='free' pos='0 0 1'><freejoint/><geom size='.1'/></body>"
  "    <body name='arm' pos='1 0 1'>"
  "      <joint name='ball' type='ball'/>"
  "      <geom type='capsule' size='.05' fromto='0 0 0 0 0 -.3'/>"
  "      <body pos='0 0 -.3'>"
  "        <joint name='hinge' axis='0 1 0'/>"
  "        <joint name='slide' type='slide' axis='1 0 0'/>"
  "        <geom size='.05'/>"
  "      </body>"
  "    </body>"
  "    <body name='mocap1' mocap='true' pos='2 0 0'>"
  "      <geom size='.1' contype='0' conaffinity='0'/>"
  "    </body>"
  "    <body name='mocap2' mocap='true' pos='0 2 0'/>"
  "  </worldbody>"
  "  <equality>"
  "    <connect body1='free' body2='world' anchor='0 0 1'/>"
  "    <joint joint1='hinge' active='false'/>"
  "    <weld body1='arm'/>"
  "  </equality>"
  "  <actuator>"
  "    <motor joint='hinge'/>"
  "    <general joint='slide' dyntype='filter' dynprm='0.1'/>"
  "    <general joint='hinge' dyntype='integrator'/>"
  "  </actuator>"
  "</mujoco>";

static int gen(const char* out) {
  typedef mjModel* (*loadxml_t)(const char*, const mjVFS*, char*, int);
  typedef mjSpec* (*parse_t)(const char*, const mjVFS*, char*, int);
  typedef mjModel* (*compile_t)(mjSpec*, const mjVFS*);
  (void)sizeof(loadxml_t);
  parse_t parse = (parse_t)dlsym(RTLD_DEFAULT, "mj_parseXMLString");
  compile_t compile = (compile_t)dlsym(RTLD_DEFAULT, "mj_compile");
  void (*save)(const mjModel*, const char*, void*, int) =
      (void (*)(const mjModel*, const char*, void*, int))dlsym(RTLD_DEFAULT, "mj_saveModel");
  void (*delspec)(mjSpec*) = (void (*)(mjSpec*))dlsym(RTLD_DEFAULT, "mj_deleteSpec");
  if (!parse || !compile || !save || !delspec) {
    printf("this library cannot compile XML\n");
    return 1;
  }
  char err[1000] = "";
  mjSpec* s = parse(kXml, NULL, err, sizeof(err));
  if (!s) { printf("parse error: %s\n", err); return 1; }
  mjModel* m = compile(s, NULL);
  if (!m) { printf("compile error\n"); return 1; }
  save(m, out, NULL, 0);
  mj_deleteModel(m);
  delspec(s);
  return 0;
}

static jmp_buf jb;
static void on_error(const char* msg) {
  printf("error: %s\n", msg);
  longjmp(jb, 1);
}
static void on_error_return(const char* msg) {
  printf("error (returned): %s\n", msg);
}

static void print_vec(const char* label, const mjtNum* v, int n) {
  printf("%s [%d]:", label, n);
  for (int i = 0; i < n; i++) printf(" %.17g", v[i]);
  printf("\n");
}

static void fill(const mjModel* m, mjData* d, double base) {
  double k = base;
  d->time = base + 0.125;
  for (int i = 0; i < m->nq; i++) d->qpos[i] = (k += 0.5);
  for (int i = 0; i < m->nv; i++) d->qvel[i] = (k += 0.25);
  for (int i = 0; i < m->na; i++) d->act[i] = (k += 1.5);
  for (int i = 0; i < m->nv; i++) d->qacc_warmstart[i] = (k -= 0.75);
  for (int i = 0; i < m->nu; i++) d->ctrl[i] = (k += 2);
  for (int i = 0; i < m->nv; i++) d->qfrc_applied[i] = (k *= -1.01);
  for (int i = 0; i < 6*m->nbody; i++) d->xfrc_applied[i] = (k += 0.3);
  for (int i = 0; i < m->neq; i++) d->eq_active[i] = (mjtByte)((i + (int)base) % 2);
  for (int i = 0; i < 3*m->nmocap; i++) d->mocap_pos[i] = (k += 0.1);
  for (int i = 0; i < 4*m->nmocap; i++) d->mocap_quat[i] = (k -= 0.2);
  for (int i = 0; i < m->nuserdata; i++) d->userdata[i] = (k += 1e-3);
  for (int i = 0; i < m->npluginstate; i++) d->plugin_state[i] = (k += 7);
}

static const struct { const char* name; unsigned int sig; } kSigs[] = {
  {"TIME", mjSTATE_TIME}, {"QPOS", mjSTATE_QPOS}, {"QVEL", mjSTATE_QVEL},
  {"ACT", mjSTATE_ACT}, {"WARMSTART", mjSTATE_WARMSTART}, {"CTRL", mjSTATE_CTRL},
  {"QFRC_APPLIED", mjSTATE_QFRC_APPLIED}, {"XFRC_APPLIED", mjSTATE_XFRC_APPLIED},
  {"EQ_ACTIVE", mjSTATE_EQ_ACTIVE}, {"MOCAP_POS", mjSTATE_MOCAP_POS},
  {"MOCAP_QUAT", mjSTATE_MOCAP_QUAT}, {"USERDATA", mjSTATE_USERDATA},
  {"PLUGIN", mjSTATE_PLUGIN}, {"PHYSICS", mjSTATE_PHYSICS},
  {"FULLPHYSICS", mjSTATE_FULLPHYSICS}, {"USER", mjSTATE_USER},
  {"INTEGRATION", mjSTATE_INTEGRATION},
};
#define NSIGS ((int)(sizeof(kSigs)/sizeof(kSigs[0])))

int main(int argc, char** argv) {
  if (argc == 3 && !strcmp(argv[1], "--gen")) return gen(argv[2]);
  if (argc != 2) { printf("usage: state_diff [--gen] MODEL.mjb\n"); return 2; }

  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) { printf("cannot load %s\n", argv[1]); return 1; }
  printf("nq %d nv %d na %d nu %d nbody %d neq %d nmocap %d nuserdata %d npluginstate %d nkey %d\n",
         m->nq, m->nv, m->na, m->nu, m->nbody, m->neq, m->nmocap, (int)m->nuserdata,
         m->npluginstate, m->nkey);

  // sizes
  for (int i = 0; i < NSIGS; i++) printf("size %-13s %d\n", kSigs[i].name, mj_stateSize(m, kSigs[i].sig));
  long long check = 0;
  for (unsigned int sig = 0; sig < (1u << mjNSTATE); sig++) check += (long long)mj_stateSize(m, sig) * (sig + 1);
  printf("size checksum over all signatures: %lld\n", check);

  mjData* d = mj_makeData(m);
  mjData* d2 = mj_makeData(m);
  mjData* d3 = mj_makeData(m);
  fill(m, d, 0);
  fill(m, d2, 100);
  fill(m, d3, 200);

  int nfull = mj_stateSize(m, mjSTATE_INTEGRATION);
  mjtNum* full = (mjtNum*)calloc(nfull + 8, sizeof(mjtNum));
  mjtNum* part = (mjtNum*)calloc(nfull + 8, sizeof(mjtNum));

  // get: every named signature
  for (int i = 0; i < NSIGS; i++) {
    for (int j = 0; j < nfull + 8; j++) part[j] = -999;
    mj_getState(m, d, part, kSigs[i].sig);
    char label[64];
    snprintf(label, sizeof(label), "get %s", kSigs[i].name);
    print_vec(label, part, mj_stateSize(m, kSigs[i].sig) + 1);  // + 1: untouched sentinel
  }
  unsigned int odd = mjSTATE_TIME | mjSTATE_ACT | mjSTATE_EQ_ACTIVE | mjSTATE_USERDATA;
  mj_getState(m, d, part, odd);
  print_vec("get odd", part, mj_stateSize(m, odd));

  // set: a modified full vector into d2, with non-boolean eq_active values
  mj_getState(m, d, full, mjSTATE_INTEGRATION);
  for (int j = 0; j < nfull; j++) full[j] = full[j] * 2 + 1;
  int eqadr = mj_stateSize(m, mjSTATE_EQ_ACTIVE - 1);
  const double eqvals[] = {0.0, 2.9, 1.0, 0.4, 7.0};
  for (int j = 0; j < m->neq; j++) full[eqadr + j] = eqvals[j % 5];
  mj_setState(m, d2, full, mjSTATE_INTEGRATION);
  mj_getState(m, d2, part, mjSTATE_INTEGRATION);
  print_vec("set/get full", part, nfull);
  printf("eq_active bytes:");
  for (int j = 0; j < m->neq; j++) printf(" %d", d2->eq_active[j]);
  printf("\n");

  // set: a partial signature leaves the rest alone
  unsigned int psig = mjSTATE_QVEL | mjSTATE_MOCAP_QUAT;
  for (int j = 0; j < nfull; j++) part[j] = -j - 0.5;
  mj_setState(m, d3, part, psig);
  mj_getState(m, d3, full, mjSTATE_INTEGRATION);
  print_vec("set partial", full, nfull);

  // copy
  mj_copyState(m, d, d3, mjSTATE_USER | mjSTATE_TIME);
  mj_getState(m, d3, full, mjSTATE_INTEGRATION);
  print_vec("copy USER|TIME", full, nfull);
  printf("eq_active after copy:");
  for (int j = 0; j < m->neq; j++) printf(" %d", d3->eq_active[j]);
  printf("\n");
  mj_copyState(m, d2, d3, mjSTATE_INTEGRATION);
  mj_getState(m, d3, full, mjSTATE_INTEGRATION);
  print_vec("copy INTEGRATION", full, nfull);

  // extract
  mj_getState(m, d, full, mjSTATE_INTEGRATION);
  for (int i = 0; i < NSIGS; i++) {
    for (int j = 0; j < nfull + 8; j++) part[j] = -999;
    mj_extractState(m, full, mjSTATE_INTEGRATION, part, kSigs[i].sig);
    char label[64];
    snprintf(label, sizeof(label), "extract %s", kSigs[i].name);
    print_vec(label, part, mj_stateSize(m, kSigs[i].sig) + 1);
  }
  mj_getState(m, d, full, mjSTATE_USER);
  mj_extractState(m, full, mjSTATE_USER, part, mjSTATE_EQ_ACTIVE | mjSTATE_CTRL);
  print_vec("extract USER -> EQ_ACTIVE|CTRL", part, mj_stateSize(m, mjSTATE_EQ_ACTIVE | mjSTATE_CTRL));

  // keyframe
  mj_setKeyframe(m, d, 1);
  for (int k = 0; k < m->nkey; k++) {
    printf("key %d time %.17g\n", k, m->key_time[k]);
    print_vec("  qpos", m->key_qpos + k*m->nq, m->nq);
    print_vec("  qvel", m->key_qvel + k*m->nv, m->nv);
    print_vec("  act", m->key_act + k*m->na, m->na);
    print_vec("  mpos", m->key_mpos + k*3*m->nmocap, 3*m->nmocap);
    print_vec("  mquat", m->key_mquat + k*4*m->nmocap, 4*m->nmocap);
    print_vec("  ctrl", m->key_ctrl + k*m->nu, m->nu);
  }

  // errors (the handler jumps out, so upstream's behaviour after a returning handler is moot)
  mju_user_error = on_error;
  if (!setjmp(jb)) { printf("%d\n", mj_stateSize(m, 1u << mjNSTATE)); }
  if (!setjmp(jb)) { printf("%d\n", mj_stateSize(m, 0xFFFFFFFFu)); }
  if (!setjmp(jb)) { mj_getState(m, d, full, 1u << 20); printf("no error\n"); }
  if (!setjmp(jb)) { mj_setState(m, d, full, 8192 | 1); printf("no error\n"); }
  if (!setjmp(jb)) { mj_copyState(m, d, d2, 0x80000000u); printf("no error\n"); }
  if (!setjmp(jb)) { mj_extractState(m, full, mjSTATE_PHYSICS, part, mjSTATE_TIME); printf("no error\n"); }
  if (!setjmp(jb)) { mj_extractState(m, full, mjSTATE_USER, part, 0); printf("no error (empty dst)\n"); }
  if (!setjmp(jb)) { mj_setKeyframe(m, d, m->nkey); printf("no error\n"); }
  if (!setjmp(jb)) { mj_setKeyframe(m, d, -1); printf("no error\n"); }
  if (!setjmp(jb)) { mj_setKeyframe(m, d, m->nkey - 1); printf("no error (last key)\n"); }

  // a returning handler: extract returns right after the report in both libraries
  mju_user_error = on_error_return;
  for (int j = 0; j < nfull; j++) part[j] = -1;
  mj_extractState(m, full, mjSTATE_QPOS, part, mjSTATE_QVEL);
  print_vec("after returned extract error", part, 3);
  // the signatures are checked before the buffers are touched (upstream's own test passes NULL)
  mj_extractState(m, NULL, mjSTATE_QPOS, NULL, mjSTATE_QFRC_APPLIED);
  printf("after NULL-buffer extract error\n");
  mju_user_error = NULL;

  // MJB from a VFS
  FILE* fp = fopen(argv[1], "rb");
  fseek(fp, 0, SEEK_END);
  long nbuf = ftell(fp);
  fseek(fp, 0, SEEK_SET);
  void* buf = malloc(nbuf);
  if (fread(buf, 1, nbuf, fp) != (size_t)nbuf) { printf("read error\n"); return 1; }
  fclose(fp);

  mjVFS vfs;
  mj_defaultVFS(&vfs);
  printf("addBuffer %d\n", mj_addBufferVFS(&vfs, "Virtual/Dir/State_Model.MJB", buf, (int)nbuf));
  printf("addBuffer lower %d\n", mj_addBufferVFS(&vfs, "plain.mjb", buf, (int)nbuf));
  const char* names[] = {"Virtual/Dir/./State_Model.MJB", "Virtual\\Dir\\State_Model.MJB",
                         "elsewhere/PLAIN.MJB", "plain.mjb"};
  for (int i = 0; i < 4; i++) {
    mjModel* mv = mj_loadModel(names[i], &vfs);
    printf("load from vfs '%s': %s", names[i], mv ? "ok" : "NULL");
    if (mv) printf(" nq %d nkey %d", mv->nq, mv->nkey);
    printf("\n");
    if (mv) mj_deleteModel(mv);
  }

  // a disk file added to the VFS is found by its lower-case base name from any directory
  const char* slash = strrchr(argv[1], '/');
  char dir[1024] = "";
  const char* base = argv[1];
  if (slash) {
    snprintf(dir, sizeof(dir), "%.*s", (int)(slash - argv[1]), argv[1]);
    base = slash + 1;
  }
  printf("addFile %d\n", mj_addFileVFS(&vfs, slash ? dir : NULL, base));
  char upper[1024];
  snprintf(upper, sizeof(upper), "no/such/dir/%s", base);
  for (char* c = upper; *c; c++) if (*c >= 'a' && *c <= 'z') *c += 'A' - 'a';
  mjModel* mv = mj_loadModel(upper, &vfs);
  printf("load from vfs (disk file, upper-case name): %s\n", mv ? "ok" : "NULL");
  if (mv) mj_deleteModel(mv);
  mj_deleteVFS(&vfs);
  free(buf);

  free(full);
  free(part);
  mj_deleteData(d);
  mj_deleteData(d2);
  mj_deleteData(d3);
  mj_deleteModel(m);
  printf("done\n");
  return 0;
}
