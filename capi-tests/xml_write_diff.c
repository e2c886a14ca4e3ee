// mj_saveXMLString / mj_saveXML / mj_copyBack, printed for comparison between libraries.
//   [MJPLUGIN_DIR=DIR] xml_write_diff OUTDIR MODEL.xml...   (DIR: plugin libraries to load)
// Per model: mj_parseXML, mj_compile, mj_saveXMLString into OUTDIR/NAME.xml. Then cases that
// print their results: a too-small buffer, an uncompiled spec, a spec built with the spec API,
// mj_copyBack after changing model values (and with a mismatched model), mj_saveLastXML,
// element types changed after compiling, and inline models that fail to compile.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mujoco/mujoco.h>

static char buf[1 << 24];

// Writes the spec and prints its <equality> and <sensor> sections (or the failure).
static void print_sections(mjSpec* s, const char* tag) {
  char err[1000] = "";
  int r = mj_saveXMLString(s, buf, sizeof(buf), err, sizeof(err));
  printf("%s: %d '%s'\n", tag, r, err);
  if (r) return;
  const char* a = strstr(buf, "<equality>");
  const char* b = strstr(buf, "<keyframe>");
  if (a) printf("%.*s\n", b ? (int)(b - a) : (int)strlen(a), a);
}

// Types the writer takes from the last compile: a type set after compiling is not written,
// and an element added since has the type it was made with (upstream's writer writes the
// compiled copy of each element).
static void edits_after_compile(void) {
  char err[1000];
  const char* xml =
    "<mujoco><worldbody>"
    "<body name='b'><joint name='j'/><geom size='1'/><site name='s'/></body>"
    "<body name='c' pos='1 0 0'><joint name='k'/><geom size='1'/></body></worldbody>"
    "<equality><connect body1='b' body2='c' anchor='0 0 0'/><joint joint1='j' joint2='k'/></equality>"
    "<sensor><jointpos joint='j' name='s0'/><framepos objtype='site' objname='s'/></sensor></mujoco>";
  mjSpec* s = mj_parseXMLString(xml, NULL, err, sizeof(err));
  mjModel* m = s ? mj_compile(s, NULL) : NULL;
  if (!m) { printf("edits: compile failed\n"); if (s) mj_deleteSpec(s); return; }
  mjsSensor* x = mjs_asSensor(mjs_findElement(s, mjOBJ_SENSOR, "s0"));
  x->type = mjSENS_JOINTVEL;
  print_sections(s, "sensor type changed");
  x->type = 999;
  print_sections(s, "sensor type invalid");
  x->type = mjSENS_JOINTPOS;
  mjsSensor* y = mjs_addSensor(s);
  y->type = 999; mjs_setString(y->objname, "k");
  print_sections(s, "sensor added with an invalid type");
  y->type = mjSENS_BALLQUAT;
  print_sections(s, "sensor added");
  mjs_delete(s, y->element);
  mjsEquality* q = mjs_asEquality(mjs_firstElement(s, mjOBJ_EQUALITY));
  q->type = mjEQ_DISTANCE;
  print_sections(s, "equality type distance");
  q->type = 77;
  print_sections(s, "equality type invalid");
  q->type = mjEQ_CONNECT;
  mjsEquality* q2 = mjs_addEquality(s, NULL);
  q2->type = mjEQ_DISTANCE;
  print_sections(s, "equality added (distance)");
  q2->type = mjEQ_WELD; q2->objtype = mjOBJ_BODY;
  mjs_setString(q2->name1, "b");
  print_sections(s, "equality added (weld)");
  mj_deleteModel(m);
  mj_deleteSpec(s);
}

// Models written inline that fail to compile, each library's message printed.
static void compile_errors(void) {
  const char* cable =
    "<composite type='cable' prefix='b' count='5 1 1' curve='s' size='0.3'>"
    "<geom type='box' size='.02 .01 .01'/></composite>";
  const char* cases[][2] = {
    // the skin of a replicated box cable names the bodies of the subtree the copies replace
    {"replicated cable skin", "<mujoco><worldbody><replicate count='2' offset='0 1 0'>%s"
     "</replicate></worldbody></mujoco>"},
    // a cable of three vertices excludes a body it does not make; replicated, the exclusion
    // stays with the original names
    {"replicated short cable", "<mujoco><worldbody><replicate count='2' offset='0 1 0'>"
     "<composite type='cable' prefix='n' count='3 1 1' curve='s' size='0.4'>"
     "<geom type='capsule' size='.01'/></composite></replicate></worldbody></mujoco>%s"},
    // discardvisual deletes the materials, but not these references to them
    {"discarded site material", "<mujoco><compiler discardvisual='true'/><asset>"
     "<material name='m'/></asset><worldbody><site material='m'/></worldbody></mujoco>%s"},
    {"discarded tendon material", "<mujoco><compiler discardvisual='true'/><asset>"
     "<material name='m'/></asset><worldbody><site name='a'/><body><freejoint/><geom size='1'/>"
     "<site name='b'/></body></worldbody><tendon><spatial material='m'><site site='a'/>"
     "<site site='b'/></spatial></tendon></mujoco>%s"},
    {"discarded skin material", "<mujoco><compiler discardvisual='true'/><asset>"
     "<material name='m'/></asset><worldbody><body name='b'><freejoint/><geom size='1'/></body>"
     "</worldbody><deformable><skin material='m' vertex='0 0 0 1 0 0 0 1 0' face='0 1 2'>"
     "<bone body='b' bindpos='0 0 0' bindquat='1 0 0 0' vertid='0 1 2' vertweight='1 1 1'/>"
     "</skin></deformable></mujoco>%s"},
  };
  for (int i = 0; i < (int)(sizeof(cases) / sizeof(cases[0])); i++) {
    char xml[2000], err[1000] = "";
    snprintf(xml, sizeof(xml), cases[i][1], i == 0 ? cable : "");
    mjSpec* s = mj_parseXMLString(xml, NULL, err, sizeof(err));
    if (!s) { printf("%s: parse failed: %s\n", cases[i][0], err); continue; }
    mjModel* m = mj_compile(s, NULL);
    printf("%s: %s\n", cases[i][0], m ? "compiled" : mjs_getError(s));
    if (m) mj_deleteModel(m);
    mj_deleteSpec(s);
  }
}

static void save(mjSpec* s, const char* path) {
  char err[1000] = "";
  int r = mj_saveXMLString(s, buf, sizeof(buf), err, sizeof(err));
  FILE* f = fopen(path, "w");
  if (!f) { printf("cannot write %s\n", path); return; }
  if (r) fprintf(f, "SAVE FAILED %d: %s\n", r, err); else fputs(buf, f);
  fclose(f);
}

int main(int argc, char** argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s OUTDIR MODEL.xml...\n", argv[0]); return 2; }
  const char* plugdir = getenv("MJPLUGIN_DIR");  // plugin libraries to load first, if any
  if (plugdir && *plugdir) mj_loadAllPluginLibraries(plugdir, NULL);
  char path[2000], err[1000];
  for (int i = 2; i < argc; i++) {
    const char* b = strrchr(argv[i], '/'); b = b ? b + 1 : argv[i];
    snprintf(path, sizeof(path), "%s/%s", argv[1], b);
    mjSpec* s = mj_parseXML(argv[i], NULL, err, sizeof(err));
    if (!s) { printf("%s: parse failed: %s\n", b, err); continue; }
    mjModel* m = mj_compile(s, NULL);
    if (!m) { printf("%s: compile failed: %s\n", b, mjs_getError(s)); mj_deleteSpec(s); continue; }
    save(s, path);
    mj_deleteModel(m);
    mj_deleteSpec(s);
  }

  // uncompiled spec; a spec built with the API; too small buffers
  mjSpec* s = mj_makeSpec();
  err[0] = 0;
  int r = mj_saveXMLString(s, buf, sizeof(buf), err, sizeof(err));
  printf("uncompiled: %d '%s'\n", r, err);
  r = mj_copyBack(s, NULL);
  printf("copyBack(NULL) uncompiled: %d '%s'\n", r, mjs_getError(s));
  mjsBody* b = mjs_addBody(mjs_findBody(s, "world"), NULL);
  mjs_setName(b->element, "arm");
  b->pos[2] = 1; b->quat[0] = 0.5; b->quat[1] = 0.5;
  mjsJoint* j = mjs_addJoint(b, NULL);
  mjs_setName(j->element, "hinge");
  j->axis[0] = 2; j->range[0] = -1; j->range[1] = 2; j->damping = 0.25;
  mjsGeom* g = mjs_addGeom(b, NULL);
  g->type = mjGEOM_CAPSULE; g->size[0] = 0.05; g->size[1] = 0.3; g->rgba[0] = 0.25f;
  mjsActuator* a = mjs_addActuator(s, NULL);
  a->trntype = mjTRN_JOINT; mjs_setString(a->target, "hinge"); a->gear[0] = 3;
  mjsSensor* x = mjs_addSensor(s);
  x->type = mjSENS_JOINTPOS; x->objtype = mjOBJ_JOINT; mjs_setString(x->objname, "hinge"); x->noise = 0.01;
  mjModel* m = mj_compile(s, NULL);
  if (!m) { printf("api compile failed: %s\n", mjs_getError(s)); return 1; }
  snprintf(path, sizeof(path), "%s/_api.xml", argv[1]);
  save(s, path);
  for (int sz = 0; sz <= 1; sz++) {
    char small[16] = "unchanged";
    err[0] = 0;
    r = mj_saveXMLString(s, small, sz ? (int)sizeof(small) : 0, err, sizeof(err));
    printf("buffer %d: %d '%s' '%s'\n", sz ? (int)sizeof(small) : 0, r, err, sz ? small : "");
  }

  // copy back changed values, then write
  m->body_pos[5] = 1.5; m->jnt_range[1] = 0.5; m->dof_damping[0] = 0.75; m->geom_rgba[1] = 0.125f;
  m->actuator_gear[0] = 7; m->sensor_noise[0] = 0.5; m->opt.timestep = 0.001; m->qpos0[0] = 0.3;
  m->stat.extent = 4;
  r = mj_copyBack(s, m);
  printf("copyBack: %d\n", r);
  snprintf(path, sizeof(path), "%s/_api_copyback.xml", argv[1]);
  save(s, path);
  r = mj_copyBack(s, NULL);
  printf("copyBack(NULL): %d '%s'\n", r, mjs_getError(s));

  // a model of another spec
  mjSpec* s2 = mj_parseXMLString("<mujoco><worldbody><body><freejoint/><geom size='1'/></body></worldbody></mujoco>", NULL, err, sizeof(err));
  mjModel* m2 = mj_compile(s2, NULL);
  r = mj_copyBack(s, m2);
  printf("copyBack(other): %d '%s'\n", r, mjs_getError(s));

  // mj_saveXML to a file
  snprintf(path, sizeof(path), "%s/_api_file.xml", argv[1]);
  r = mj_saveXML(s2, path, err, sizeof(err));
  printf("saveXML: %d\n", r);
  mj_deleteModel(m2); mj_deleteSpec(s2);
  mj_deleteModel(m); mj_deleteSpec(s);

  // mj_saveLastXML after changing the model
  if (argc > 2) {
    mjModel* ml = mj_loadXML(argv[2], NULL, err, sizeof(err));
    if (ml) {
      if (ml->ngeom) ml->geom_size[0] *= 2;
      ml->opt.timestep = 0.0025;
      snprintf(path, sizeof(path), "%s/_last.xml", argv[1]);
      r = mj_saveLastXML(path, ml, err, sizeof(err));
      printf("saveLastXML: %d\n", r);
      mj_deleteModel(ml);
    }
  }
  edits_after_compile();
  compile_errors();
  return 0;
}
