// plugin_engine_diff: plugin-instance lifecycle and the visual-geom helpers plugins import,
// printed so the runs on upstream's library and on ours can be compared line by line.
// Built against upstream's header.
//
//   plugin_engine_diff geoms
//       mjv_initGeom (every geom type, with and without each argument) and mjv_connector
//       (every connector type, general, degenerate and anti-parallel segments): all bytes.
//   plugin_engine_diff data PLUGIN_DIR MODEL.mjb
//       loads the plugin libraries of PLUGIN_DIR, then: mj_makeData (instances, slots, objects),
//       mj_forward, mjv_copyData and mj_copyData into fresh and existing data, mj_resetDataDebug,
//       mj_resetDataKeyframe, mj_deleteData; and mj_makeData on a model whose first plugin
//       actuator has the wrong number of activations (its init fails: warning and error text).
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

static jmp_buf on_error;
static int catching;
static void error_handler(const char* msg) {
  printf("error: %s\n", msg);
  fflush(stdout);
  if (!catching) exit(1);
  catching = 0;
  longjmp(on_error, 1);
}
static void warning_handler(const char* msg) { printf("warning: %s\n", msg); }

static void print_geom(const char* tag, const mjvGeom* g) {
  printf("%s type %d dataid %d objtype %d objid %d category %d matid %d texcoord %d segid %d\n",
         tag, g->type, g->dataid, g->objtype, g->objid, g->category, g->matid, g->texcoord, g->segid);
  printf("  size %.9g %.9g %.9g pos %.9g %.9g %.9g\n  mat", g->size[0], g->size[1], g->size[2],
         g->pos[0], g->pos[1], g->pos[2]);
  for (int k = 0; k < 9; k++) printf(" %.9g", g->mat[k]);
  printf("\n  rgba %.9g %.9g %.9g %.9g emission %.9g specular %.9g shininess %.9g reflectance %.9g\n",
         g->rgba[0], g->rgba[1], g->rgba[2], g->rgba[3], g->emission, g->specular, g->shininess,
         g->reflectance);
  printf("  label0 %d camdist %.9g modelrbound %.9g transparent %d\n", g->label[0], g->camdist,
         g->modelrbound, g->transparent);
}

static void geoms(void) {
  const int types[] = {mjGEOM_PLANE, mjGEOM_HFIELD, mjGEOM_SPHERE, mjGEOM_CAPSULE,
                       mjGEOM_ELLIPSOID, mjGEOM_CYLINDER, mjGEOM_BOX, mjGEOM_MESH, mjGEOM_SDF,
                       mjGEOM_ARROW, mjGEOM_LINE, mjGEOM_TRIANGLE, mjGEOM_NONE};
  const mjtNum size[3] = {0.123456789012345, 2.5e-3, 7.77};
  const mjtNum pos[3] = {1.0 / 3, -2.0 / 7, 1e-9};
  const mjtNum mat[9] = {0.36, 0.48, -0.8, -0.8, 0.6, 0, 0.48, 0.64, 0.6};
  const float rgba[4] = {0.1f, 0.2f, 0.3f, 0.4f};
  char tag[64];
  for (size_t t = 0; t < sizeof(types) / sizeof(types[0]); t++) {
    for (int mask = 0; mask < 16; mask += (mask == 0 ? 15 : 1)) {
      mjvGeom g;
      memset(&g, 0xA5, sizeof(g));
      mjv_initGeom(&g, types[t], (mask & 1) ? size : NULL, (mask & 2) ? pos : NULL,
                   (mask & 4) ? mat : NULL, (mask & 8) ? rgba : NULL);
      snprintf(tag, sizeof(tag), "initGeom %d mask %d", types[t], mask);
      print_geom(tag, &g);
    }
  }
  const int ctypes[] = {mjGEOM_CAPSULE, mjGEOM_CYLINDER, mjGEOM_ARROW, mjGEOM_ARROW1,
                        mjGEOM_ARROW2, mjGEOM_LINE};
  const mjtNum seg[][6] = {
    {0.1, -0.2, 0.3, 1.1, 0.7, -0.4},  // general
    {1, 2, 3, 1, 2, 3},                // degenerate
    {0, 0, 1, 0, 0, -2},               // anti-parallel to z
    {0, 0, 0, 0, 0, 5},                // along z
  };
  for (size_t t = 0; t < sizeof(ctypes) / sizeof(ctypes[0]); t++) {
    for (size_t s = 0; s < sizeof(seg) / sizeof(seg[0]); s++) {
      mjvGeom g;
      memset(&g, 0x5A, sizeof(g));
      mjv_initGeom(&g, mjGEOM_NONE, NULL, NULL, NULL, rgba);
      mjv_connector(&g, ctypes[t], 0.015, seg[s], seg[s] + 3);
      snprintf(tag, sizeof(tag), "connector %d segment %zu", ctypes[t], s);
      print_geom(tag, &g);
    }
  }
}

static void print_nums(const char* tag, const mjtNum* v, int n) {
  printf("%s %d", tag, n);
  for (int i = 0; i < n; i++) printf(" %.17g", v[i]);
  printf("\n");
}

static void print_instances(const char* tag, const mjModel* m, const mjData* d) {
  printf("%s nplugin %d slots", tag, d->nplugin);
  for (int i = 0; i < m->nplugin; i++) printf(" %d", d->plugin[i]);
  printf(" objects");
  for (int i = 0; i < m->nplugin; i++) printf(" %d", d->plugin_data[i] != 0);
  printf("\n");
  print_nums("  plugin_state", d->plugin_state, m->npluginstate);
}

static void print_state(const char* tag, const mjModel* m, const mjData* d) {
  print_instances(tag, m, d);
  printf("  time %.17g ncon %d nefc %d signature %llu\n", d->time, d->ncon, d->nefc,
         (unsigned long long)d->signature);
  print_nums("  qpos", d->qpos, m->nq);
  print_nums("  qvel", d->qvel, m->nv);
  print_nums("  act", d->act, m->na);
  print_nums("  act_dot", d->act_dot, m->na);
  print_nums("  actuator_force", d->actuator_force, m->nu);
  print_nums("  qfrc_passive", d->qfrc_passive, m->nv);
  print_nums("  sensordata", d->sensordata, m->nsensordata);
  print_nums("  xpos", d->xpos, 3 * m->nbody);
}

// number of instances whose object pointer is the same in a and b (nonzero)
static int shared_objects(const mjModel* m, const mjData* a, const mjData* b) {
  int n = 0;
  for (int i = 0; i < m->nplugin; i++) n += a->plugin_data[i] && a->plugin_data[i] == b->plugin_data[i];
  return n;
}

static void data(const char* dir, const char* path) {
  mj_loadAllPluginLibraries(dir, NULL);
  mjModel* m = mj_loadModel(path, NULL);
  if (!m) { printf("cannot load %s\n", path); return; }
  mjData* d = mj_makeData(m);
  print_state("made", m, d);
  for (int i = 0; i < m->nv; i++) d->qvel[i] = 0.1 * (i % 5) - 0.2;
  for (int i = 0; i < m->nu; i++) d->ctrl[i] = 0.05 * (i + 1);
  d->time = 0.25;
  mj_forward(m, d);
  mj_step(m, d);
  mj_forward(m, d);
  print_state("forward", m, d);

  mjData* v = mjv_copyData(NULL, m, d);
  print_state("mjv_copyData new", m, v);
  mjData* c = mj_copyData(NULL, m, d);
  print_state("mj_copyData new", m, c);
  mj_step(m, c);
  print_state("step on copy", m, c);
  printf("objects shared by copies: %d %d %d\n", shared_objects(m, d, v), shared_objects(m, d, c),
         shared_objects(m, v, c));
  mj_copyData(v, m, c);
  print_state("mj_copyData into", m, v);
  printf("objects shared after copy into: %d\n", shared_objects(m, v, c));
  mj_step(m, v);
  print_state("step on copy into", m, v);

  mjData* before = mj_copyData(NULL, m, d);
  for (int i = 0; i < m->nplugin; i++) before->plugin_data[i] = d->plugin_data[i];
  mj_resetDataDebug(m, d, 7);
  printf("objects kept by reset: %d\n", shared_objects(m, d, before));
  for (int i = 0; i < m->nplugin; i++) before->plugin_data[i] = 0;
  mj_deleteData(before);
  print_instances("resetDataDebug", m, d);
  printf("  signature %llu qacc0 %.17g\n", (unsigned long long)d->signature,
         m->nv ? d->qacc[0] : 0.0);
  mj_resetDataKeyframe(m, d, 0);
  print_instances("resetDataKeyframe", m, d);
  mj_forward(m, d);
  print_state("forward after reset", m, d);
  mj_deleteData(v);
  mj_deleteData(c);
  mj_deleteData(d);

  // an actuator plugin whose activation count does not match its configuration: init fails
  for (int i = 0; i < m->nu; i++) {
    if (m->actuator_plugin[i] >= 0 && m->actuator_actnum[i] > 0) {
      m->actuator_actnum[i]--;
      catching = 1;
      if (!setjmp(on_error)) {
        mjData* bad = mj_makeData(m);
        catching = 0;
        printf("bad init: made %d\n", bad != NULL);
        if (bad) mj_deleteData(bad);
      }
      m->actuator_actnum[i]++;
      break;
    }
  }
  mj_deleteModel(m);
}

int main(int argc, char** argv) {
  mju_user_error = error_handler;
  mju_user_warning = warning_handler;
  if (argc == 2 && !strcmp(argv[1], "geoms")) {
    geoms();
  } else if (argc == 4 && !strcmp(argv[1], "data")) {
    data(argv[2], argv[3]);
  } else {
    fprintf(stderr, "usage: plugin_engine_diff geoms | data PLUGIN_DIR MODEL.mjb\n");
    return 2;
  }
  return 0;
}
