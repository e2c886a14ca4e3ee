// Spec-API programs run on upstream's library and on ours (spec_diff.sh): each builds or edits
// models through mj_makeSpec / mj_parseXMLString / mjs_* and compiles them. The program prints
// what the API returns (names, errors, parents, vectors) and saves every compiled model as MJB;
// the driver compares the printouts and the models field by field.
//   spec_diff OUTDIR
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mujoco/mujoco.h>

static const char* outdir;

static void save(mjModel* m, const char* name) {
  char path[1024];
  snprintf(path, sizeof(path), "%s/%s.mjb", outdir, name);
  if (!m) {
    printf("%s: no model\n", name);
    return;
  }
  mj_saveModel(m, path, NULL, 0);
  printf("%s: nbody %d njnt %d ngeom %d nsite %d ncam %d nlight %d nu %d nsensor %d signature %llu\n", name,
         m->nbody, m->njnt, m->ngeom, m->nsite, m->ncam, m->nlight, m->nu, m->nsensor,
         (unsigned long long)m->signature);
  mj_deleteModel(m);
}

static const char* name_of(mjsElement* el) {
  return mjs_getString(mjs_getName(el));
}

// a humanoid-like chain built from nothing
static void build(void) {
  mjSpec* s = mj_makeSpec();
  mjsBody* world = mjs_findBody(s, "world");
  printf("world found %d\n", world != NULL);
  mjsGeom* floor = mjs_addGeom(world, NULL);
  floor->type = mjGEOM_PLANE;
  floor->size[0] = floor->size[1] = 5; floor->size[2] = 0.1;
  mjs_setName(floor->element, "floor");
  mjsLight* light = mjs_addLight(world, NULL);
  light->pos[2] = 3;
  light->castshadow = 0;

  mjsBody* torso = mjs_addBody(world, NULL);
  mjs_setName(torso->element, "torso");
  torso->pos[2] = 1.2;
  mjs_addFreeJoint(torso);
  mjsGeom* g = mjs_addGeom(torso, NULL);
  g->type = mjGEOM_CAPSULE;
  g->fromto[0] = 0; g->fromto[1] = -0.07; g->fromto[2] = 0;
  g->fromto[3] = 0; g->fromto[4] = 0.07; g->fromto[5] = 0;
  g->size[0] = 0.07;
  double ud[3] = {1, 2, 3};
  mjs_setDouble(g->userdata, ud, 3);
  mjsSite* site = mjs_addSite(torso, NULL);
  mjs_setName(site->element, "imu");
  site->pos[0] = 0.05;
  mjsCamera* cam = mjs_addCamera(torso, NULL);
  mjs_setName(cam->element, "track");
  cam->mode = mjCAMLIGHT_TRACKCOM;
  cam->pos[1] = -3;
  cam->alt.type = mjORIENTATION_XYAXES;
  double xy[6] = {1, 0, 0, 0, 0.3, 1};
  memcpy(cam->alt.xyaxes, xy, sizeof(xy));

  mjsBody* thigh = mjs_addBody(torso, NULL);
  mjs_setName(thigh->element, "thigh");
  thigh->pos[2] = -0.1;
  thigh->alt.type = mjORIENTATION_EULER;
  thigh->alt.euler[0] = 10;
  mjsJoint* hip = mjs_addJoint(thigh, NULL);
  mjs_setName(hip->element, "hip");
  hip->axis[0] = 1; hip->axis[2] = 0;
  hip->range[0] = -30; hip->range[1] = 60;
  hip->damping = 0.5;
  hip->armature = 0.01;
  mjsGeom* tg = mjs_addGeom(thigh, NULL);
  tg->type = mjGEOM_CAPSULE;
  tg->fromto[0] = 0; tg->fromto[1] = 0; tg->fromto[2] = 0;
  tg->fromto[3] = 0; tg->fromto[4] = 0; tg->fromto[5] = -0.4;
  tg->size[0] = 0.05;
  tg->rgba[0] = 0.9f;
  mjsFrame* fr = mjs_addFrame(thigh, NULL);
  fr->pos[2] = -0.45;
  mjsBody* shin = mjs_addBody(thigh, NULL);
  mjs_setName(shin->element, "shin");
  shin->pos[2] = -0.45;
  mjsJoint* knee = mjs_addJoint(shin, NULL);
  mjs_setName(knee->element, "knee");
  knee->type = mjJNT_HINGE;
  knee->axis[0] = 0; knee->axis[1] = 1; knee->axis[2] = 0;
  knee->limited = mjLIMITED_TRUE;
  knee->range[0] = -100; knee->range[1] = 0;
  mjsGeom* sg = mjs_addGeom(shin, NULL);
  sg->type = mjGEOM_BOX;
  sg->size[0] = 0.04; sg->size[1] = 0.04; sg->size[2] = 0.2;
  sg->pos[2] = -0.2;
  sg->density = 500;
  mjsGeom* foot = mjs_addGeom(shin, NULL);
  foot->type = mjGEOM_SPHERE;
  foot->size[0] = 0.06;
  foot->pos[2] = -0.42;
  foot->mass = 0.3;

  mjsActuator* a = mjs_addActuator(s, NULL);
  mjs_setName(a->element, "hipmotor");
  a->trntype = mjTRN_JOINT;
  mjs_setString(a->target, "hip");
  a->gear[0] = 50;
  a->ctrllimited = mjLIMITED_TRUE;
  a->ctrlrange[0] = -1; a->ctrlrange[1] = 1;
  mjsActuator* p = mjs_addActuator(s, NULL);
  p->trntype = mjTRN_JOINT;
  mjs_setString(p->target, "knee");
  p->gaintype = mjGAIN_FIXED; p->gainprm[0] = 20;
  p->biastype = mjBIAS_AFFINE; p->biasprm[1] = -20; p->biasprm[2] = -1;
  mjsSensor* sen = mjs_addSensor(s);
  sen->type = mjSENS_JOINTPOS;
  sen->objtype = mjOBJ_JOINT;
  mjs_setString(sen->objname, "knee");
  mjsSensor* acc = mjs_addSensor(s);
  mjs_setName(acc->element, "acc");
  acc->type = mjSENS_ACCELEROMETER;
  acc->objtype = mjOBJ_SITE;
  mjs_setString(acc->objname, "imu");
  acc->noise = 0.01;

  // queries
  printf("name %s / %s / %s\n", name_of(torso->element), name_of(hip->element), name_of(acc->element));
  printf("parent of knee: %s, of shin: %s, of frame: %s\n", name_of(mjs_getParent(knee->element)->element),
         name_of(mjs_getParent(shin->element)->element), name_of(mjs_getParent(fr->element)->element));
  printf("findBody shin %d, findChild(torso, shin) %d, findChild(shin, torso) %d, missing %d\n",
         mjs_findBody(s, "shin") == shin, mjs_findChild(torso, "shin") == shin,
         mjs_findChild(shin, "torso") == NULL, mjs_findBody(s, "nope") == NULL);
  printf("asGeom(geom) %d asBody(geom) %d asJoint(joint) %d asSensor %d\n", mjs_asGeom(g->element) == g,
         mjs_asBody(g->element) == NULL, mjs_asJoint(knee->element) == knee, mjs_asSensor(acc->element) == acc);
  printf("getSpec %d\n", mjs_getSpec(shin->element) == s);
  int n = 0;
  const double* d = mjs_getDouble(g->userdata, &n);
  printf("userdata %d: %g %g %g\n", n, d[0], d[1], d[2]);
  printf("types: body %d frame %d geom %d\n", torso->element->elemtype, fr->element->elemtype, g->element->elemtype);

  // a copy (made before compiling: upstream's copy of a compiled spec keeps stale geom ids in
  // its body BVHs) edited on its own; the original still compiles to the same model
  mjSpec* c = mj_copySpec(s);
  mjModel* m = mj_compile(s, NULL);
  printf("compile error: '%s' warning %d\n", mjs_getError(s), mjs_isWarning(s));
  save(m, "build");

  mjsBody* cshin = mjs_findBody(c, "shin");
  printf("copy: shin is a new element %d, same name %s\n", cshin != shin, name_of(cshin->element));
  mjsGeom* extra = mjs_addGeom(cshin, NULL);
  extra->size[0] = 0.03;
  extra->pos[0] = 0.1;
  save(mj_compile(c, NULL), "copy");
  save(mj_compile(s, NULL), "original");
  mj_deleteSpec(c);
  mj_deleteSpec(s);
}

// parse, edit, recompile
static void edit(void) {
  const char* xml =
      "<mujoco model='edit'><option timestep='0.005'/>"
      "<default><geom rgba='0 1 0 1'/><default class='big'><geom size='0.3'/></default></default>"
      "<worldbody><body name='a' pos='0 0 1' childclass='big'><joint type='slide'/><geom/>"
      "<body name='b' pos='0.5 0 0'><joint name='j2'/><geom type='box' size='.1 .1 .1'/></body></body>"
      "</worldbody><actuator><motor joint='j2'/></actuator></mujoco>";
  char err[1000];
  mjSpec* s = mj_parseXMLString(xml, NULL, err, sizeof(err));
  printf("parse: %d '%s' model '%s' timestep %g\n", s != NULL, err, mjs_getString(s->modelname), s->option.timestep);
  mjsBody* b = mjs_findBody(s, "b");
  printf("b parent %s\n", name_of(mjs_getParent(b->element)->element));
  // a new geom takes the defaults of the body's class
  mjsGeom* g = mjs_addGeom(b, NULL);
  printf("new geom size %g rgba %g\n", g->size[0], g->rgba[1]);
  g->pos[1] = 0.4;
  mjsBody* c = mjs_addBody(b, NULL);
  mjs_setName(c->element, "c");
  c->pos[0] = 0.3;
  mjs_addJoint(c, NULL);
  mjsGeom* cg = mjs_addGeom(c, NULL);
  cg->type = mjGEOM_ELLIPSOID;
  cg->size[1] = 0.2; cg->size[2] = 0.1;
  s->option.timestep = 0.001;
  s->compiler.autolimits = 0;
  mjs_setString(s->modelname, "edited model with a long name, longer than twenty two");
  save(mj_compile(s, NULL), "edit");
  mj_deleteSpec(s);

  s = mj_parseXMLString("<mujoco><worldbody><geom size='1' bad='2'/></worldbody></mujoco>", NULL, err, sizeof(err));
  printf("bad parse: %d '%s'\n", s != NULL, err);
}

// errors: repeated names, compile failures
static void errors(void) {
  mjSpec* s = mj_makeSpec();
  mjsBody* world = mjs_findBody(s, "world");
  mjsBody* a = mjs_addBody(world, NULL);
  mjsBody* b = mjs_addBody(world, NULL);
  printf("setName a: %d\n", mjs_setName(a->element, "x"));
  printf("setName b: %d '%s'\n", mjs_setName(b->element, "x"), mjs_getError(s));
  mjs_setName(b->element, "y");
  mjsGeom* g = mjs_addGeom(a, NULL);
  g->size[0] = 0.1;
  mjsJoint* j = mjs_addJoint(b, NULL);
  mjs_setName(j->element, "j");
  mjModel* m = mj_compile(s, NULL);
  printf("massless: %d '%s'\n", m != NULL, mjs_getError(s));
  mjsGeom* g2 = mjs_addGeom(b, NULL);
  g2->size[0] = 0.1;
  mjsActuator* act = mjs_addActuator(s, NULL);
  act->trntype = mjTRN_JOINT;
  mjs_setString(act->target, "nothere");
  m = mj_compile(s, NULL);
  printf("bad target: %d '%s'\n", m != NULL, mjs_getError(s));
  mjs_setString(act->target, "j");
  m = mj_compile(s, NULL);
  printf("fixed: %d '%s'\n", m != NULL, mjs_getError(s));
  save(m, "errors");
  mj_deleteSpec(s);
}

// iteration over children and elements, ids, frames
static void iterate(void) {
  const char* xml =
      "<mujoco><worldbody><geom name='floor' type='plane' size='1 1 1'/>"
      "<body name='a'><joint name='ja'/><geom name='ga' size='.1'/><frame name='fa' pos='1 0 0'>"
      "<geom name='gf' size='.1'/><site name='sf'/></frame>"
      "<body name='b'><joint name='jb'/><geom name='gb' size='.1'/>"
      "<body name='c'><geom name='gc' size='.1'/><camera name='cc'/></body></body></body>"
      "<body name='d'><freejoint/><geom name='gd' size='.1'/><light name='ld'/></body>"
      "</worldbody><actuator><motor name='m1' joint='ja'/><motor name='m2' joint='jb'/></actuator>"
      "<sensor><jointpos name='s1' joint='jb'/></sensor></mujoco>";
  char err[1000];
  mjSpec* s = mj_parseXMLString(xml, NULL, err, sizeof(err));
  int types[] = {mjOBJ_BODY, mjOBJ_JOINT, mjOBJ_GEOM, mjOBJ_SITE, mjOBJ_CAMERA, mjOBJ_LIGHT, mjOBJ_FRAME};
  mjsBody* a = mjs_findBody(s, "a");
  for (int r = 0; r < 2; r++) {
    for (int t = 0; t < 7; t++) {
      printf("children of a, type %d, recurse %d:", types[t], r);
      for (mjsElement* el = mjs_firstChild(a, types[t], r); el; el = mjs_nextChild(a, el, r)) {
        printf(" '%s'(%d)", name_of(el), mjs_getId(el));
      }
      printf("\n");
    }
  }
  for (int t = 0; t < 7; t++) {
    printf("elements of type %d:", types[t]);
    for (mjsElement* el = mjs_firstElement(s, types[t]); el; el = mjs_nextElement(s, el)) {
      printf(" '%s'", name_of(el));
    }
    printf("\n");
  }
  printf("actuators:");
  for (mjsElement* el = mjs_firstElement(s, mjOBJ_ACTUATOR); el; el = mjs_nextElement(s, el)) printf(" %s", name_of(el));
  printf("\nsensors:");
  for (mjsElement* el = mjs_firstElement(s, mjOBJ_SENSOR); el; el = mjs_nextElement(s, el)) printf(" %s", name_of(el));
  printf("\n");
  printf("bad type: %d '%s'\n", mjs_firstChild(a, mjOBJ_ACTUATOR, 0) == NULL, mjs_getError(s));
  mjsElement* gf = mjs_findElement(s, mjOBJ_GEOM, "gf");
  printf("gf frame %s, ga frame null %d, findFrame %d, sf %d, m2 %d, missing %d\n", name_of(mjs_getFrame(gf)->element),
         mjs_getFrame(mjs_findElement(s, mjOBJ_GEOM, "ga")) == NULL, mjs_findFrame(s, "fa") == mjs_getFrame(gf),
         mjs_findElement(s, mjOBJ_SITE, "sf") != NULL, mjs_findElement(s, mjOBJ_ACTUATOR, "m2") != NULL,
         mjs_findElement(s, mjOBJ_GEOM, "zz") == NULL);
  mjModel* m = mj_compile(s, NULL);
  printf("ids after compile:");
  for (int t = 0; t < 6; t++) {
    for (mjsElement* el = mjs_firstElement(s, types[t]); el; el = mjs_nextElement(s, el)) {
      printf(" %s=%d", name_of(el), mjs_getId(el));
    }
  }
  for (mjsElement* el = mjs_firstElement(s, mjOBJ_ACTUATOR); el; el = mjs_nextElement(s, el)) printf(" %s=%d", name_of(el), mjs_getId(el));
  printf("\n");
  save(m, "iterate");
  mj_deleteSpec(s);
}

// model-level elements: tendons and their paths, equalities, pairs, excludes, custom data, keys
static void objects(void) {
  const char* xml =
      "<mujoco><worldbody><body name='a'><joint name='ja' type='slide'/><geom name='ga' size='.1'/><site name='sa'/>"
      "<body name='b' pos='0 0 -1'><joint name='jb'/><geom name='gb' size='.1'/><site name='sb'/></body></body>"
      "<body name='c' pos='1 0 0'><freejoint/><geom name='gc' size='.1'/></body></worldbody></mujoco>";
  char err[1000];
  mjSpec* s = mj_parseXMLString(xml, NULL, err, sizeof(err));
  mjsTendon* t = mjs_addTendon(s, NULL);
  mjs_setName(t->element, "spatial");
  mjs_wrapSite(t, "sa");
  mjs_wrapGeom(t, "gb", "");
  mjs_wrapSite(t, "sb");
  t->stiffness = 10;
  t->range[0] = 0; t->range[1] = 2;
  mjsTendon* f = mjs_addTendon(s, NULL);
  mjs_wrapJoint(f, "ja", 1.5);
  mjs_wrapJoint(f, "jb", -0.5);
  printf("wraps %d %d, wrap type %d %d, bad index:\n", mjs_getWrapNum(t), mjs_getWrapNum(f), mjs_getWrap(t, 1)->type,
         mjs_getWrap(f, 0)->type);
  mjsEquality* eq = mjs_addEquality(s, NULL);
  eq->type = mjEQ_JOINT;
  mjs_setString(eq->name1, "ja");
  mjs_setString(eq->name2, "jb");
  eq->data[1] = 0.5;
  mjsEquality* weld = mjs_addEquality(s, NULL);
  weld->type = mjEQ_WELD;
  weld->objtype = mjOBJ_BODY;
  mjs_setString(weld->name1, "c");
  weld->active = 0;
  mjsPair* p = mjs_addPair(s, NULL);
  mjs_setString(p->geomname1, "ga");
  mjs_setString(p->geomname2, "gc");
  p->condim = 4;
  mjsExclude* ex = mjs_addExclude(s);
  mjs_setString(ex->bodyname1, "a");
  mjs_setString(ex->bodyname2, "c");
  mjsNumeric* num = mjs_addNumeric(s);
  mjs_setName(num->element, "gains");
  double g[3] = {1, 2, 3};
  mjs_setDouble(num->data, g, 3);
  mjsText* tx = mjs_addText(s);
  mjs_setName(tx->element, "note");
  mjs_setString(tx->data, "hello");
  mjsTuple* tu = mjs_addTuple(s);
  mjs_setName(tu->element, "tup");
  int ot[2] = {mjOBJ_BODY, mjOBJ_GEOM};
  mjs_setInt(tu->objtype, ot, 2);
  mjs_appendString(tu->objname, "a");
  mjs_appendString(tu->objname, "gc");
  double op[2] = {0.5, 1.5};
  mjs_setDouble(tu->objprm, op, 2);
  mjsKey* k = mjs_addKey(s);
  mjs_setName(k->element, "home");
  k->time = 1;
  double qpos[9] = {0.1, 0.2, 1, 0, 0.5, 1, 0, 0, 0};
  mjs_setDouble(k->qpos, qpos, 9);
  printf("names: %s %s %s %s, find tendon %d, elements:", name_of(num->element), name_of(tx->element),
         name_of(tu->element), name_of(k->element), mjs_findElement(s, mjOBJ_TENDON, "spatial") == t->element);
  for (mjsElement* el = mjs_firstElement(s, mjOBJ_EQUALITY); el; el = mjs_nextElement(s, el)) printf(" eq%d", mjs_asEquality(el)->type);
  printf("\n");
  printf("rename to taken: %d '%s'\n", mjs_setName(f->element, "spatial"), mjs_getError(s));
  mjs_setName(f->element, "fixed");
  mjModel* m = mj_compile(s, NULL);
  printf("compile: '%s'\n", mjs_getError(s));
  save(m, "objects");
  mj_deleteSpec(s);
}

// strings and vectors
static void vectors(void) {
  mjSpec* s = mj_makeSpec();
  mjsBody* world = mjs_findBody(s, "world");
  mjsGeom* g = mjs_addGeom(world, NULL);
  mjs_setString(g->material, "");
  printf("empty '%s'\n", mjs_getString(g->material));
  mjs_setString(g->material, "a material name longer than the short string buffer");
  printf("long '%s'\n", mjs_getString(g->material));
  mjs_setString(g->material, "short");
  printf("short '%s'\n", mjs_getString(g->material));
  int n = -1;
  const double* d = mjs_getDouble(g->userdata, &n);
  printf("empty userdata %d\n", n);
  double v[5] = {1, 2, 3, 4, 5};
  mjs_setDouble(g->userdata, v, 5);
  d = mjs_getDouble(g->userdata, &n);
  printf("userdata %d %g\n", n, d[4]);
  mjs_setDouble(g->userdata, v, 2);
  d = mjs_getDouble(g->userdata, &n);
  printf("userdata %d %g\n", n, d[1]);
  mj_deleteSpec(s);
}

int main(int argc, char** argv) {
  outdir = argc > 1 ? argv[1] : ".";
  // signatures of the models named after OUTDIR, compiled from XML
  for (int i = 2; i < argc; i++) {
    char err[1000];
    mjModel* m = mj_loadXML(argv[i], NULL, err, sizeof(err));
    const char* base = strrchr(argv[i], '/');
    printf("signature of %s: %llu\n", base ? base + 1 : argv[i], m ? (unsigned long long)m->signature : 0ULL);
    if (m) {
      mjData* d = mj_makeData(m);
      if (d->signature != m->signature) printf("  mjData signature differs\n");
      mj_deleteData(d);
      mj_deleteModel(m);
    }
  }
  build();
  edit();
  errors();
  iterate();
  objects();
  vectors();
  return 0;
}
