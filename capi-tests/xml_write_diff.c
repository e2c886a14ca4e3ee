// mj_saveXMLString / mj_saveXML / mj_copyBack, printed for comparison between libraries.
//   xml_write_diff OUTDIR MODEL.xml...
// Per model: mj_parseXML, mj_compile, mj_saveXMLString into OUTDIR/NAME.xml. Then cases that
// print their results: a too-small buffer, an uncompiled spec, a spec built with the spec API,
// mj_copyBack after changing model values (and with a mismatched model), mj_saveLastXML.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mujoco/mujoco.h>

static char buf[1 << 24];

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
  return 0;
}
