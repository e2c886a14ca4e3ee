// Spec-editing programs run on upstream's library and on ours (spec_diff.sh): default classes,
// actuator shortcuts, orientation and sensor helpers, tendon-wrap queries, user values, child
// specs, deleting, attaching, frames and recompiling. The program prints what the API returns
// and saves every compiled model as MJB; the driver compares printouts and models.
//   spec_edit_diff OUTDIR [models...]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mujoco/mujoco.h>

// exported by both libraries, not declared in upstream's header
MJAPI void mjs_addSpec(mjSpec* s, mjSpec* child);

static const char* outdir;

static void save(mjModel* m, const char* name) {
  char path[1024];
  snprintf(path, sizeof(path), "%s/%s.mjb", outdir, name);
  if (!m) {
    printf("%s: no model\n", name);
    return;
  }
  mj_saveModel(m, path, NULL, 0);
  printf("%s: nbody %d njnt %d ngeom %d nsite %d nu %d nsensor %d ntendon %d nkey %d nq %d\n", name, m->nbody,
         m->njnt, m->ngeom, m->nsite, m->nu, m->nsensor, m->ntendon, m->nkey, m->nq);
  mj_deleteModel(m);
}

static mjModel* compile(mjSpec* s, const char* what) {
  mjModel* m = mj_compile(s, NULL);
  if (!m) printf("%s: compile error: %s\n", what, mjs_getError(s));
  return m;
}

static void on_warning(const char* msg) {
  printf("warning: %s\n", msg);
}

static const char* name_of(mjsElement* el) {
  return el ? mjs_getString(mjs_getName(el)) : "(null)";
}

static mjSpec* parse(const char* xml) {
  char err[500] = "";
  mjSpec* s = mj_parseXMLString(xml, NULL, err, sizeof(err));
  if (!s) printf("parse error: %s\n", err);
  return s;
}

// ---------------------------------------------------------------- default classes

static const char* classes_xml =
    "<mujoco>"
    "  <default>"
    "    <geom rgba='1 0 0 1' size='0.1'/>"
    "    <default class='blue'>"
    "      <geom rgba='0 0 1 1'/>"
    "      <joint damping='2'/>"
    "      <default class='bluebig'><geom size='0.3'/></default>"
    "    </default>"
    "    <default class='green'><geom rgba='0 1 0 1'/><motor gear='7'/></default>"
    "  </default>"
    "  <worldbody>"
    "    <body name='a' childclass='blue'>"
    "      <joint name='ja'/>"
    "      <geom name='ga'/>"
    "      <geom name='gb' class='bluebig'/>"
    "    </body>"
    "    <body name='b' pos='1 0 0'><freejoint/><geom name='gc' class='green'/></body>"
    "  </worldbody>"
    "  <actuator><motor joint='ja' class='green'/></actuator>"
    "</mujoco>";

static void defaults(void) {
  mjSpec* s = parse(classes_xml);
  mjsDefault* main = mjs_getSpecDefault(s);
  mjsDefault* blue = mjs_findDefault(s, "blue");
  mjsDefault* bluebig = mjs_findDefault(s, "bluebig");
  mjsDefault* green = mjs_findDefault(s, "green");
  printf("main found %d, is main %d, missing %d\n", main != NULL, mjs_findDefault(s, "main") == main,
         mjs_findDefault(s, "nope") == NULL);
  printf("main geom rgba %g %g %g, size %g\n", main->geom->rgba[0], main->geom->rgba[1], main->geom->rgba[2],
         main->geom->size[0]);
  printf("blue geom rgba %g %g %g, joint damping %g\n", blue->geom->rgba[0], blue->geom->rgba[1],
         blue->geom->rgba[2], blue->joint->damping);
  printf("bluebig size %g rgba %g; green gear %g\n", bluebig->geom->size[0], bluebig->geom->rgba[2],
         green->actuator->gear[0]);
  mjsElement* ga = mjs_findElement(s, mjOBJ_GEOM, "ga");
  mjsElement* gb = mjs_findElement(s, mjOBJ_GEOM, "gb");
  mjsElement* gc = mjs_findElement(s, mjOBJ_GEOM, "gc");
  mjsElement* ja = mjs_findElement(s, mjOBJ_JOINT, "ja");
  printf("class of ga blue %d, gb bluebig %d, gc green %d, ja blue %d\n", mjs_getDefault(ga) == blue,
         mjs_getDefault(gb) == bluebig, mjs_getDefault(gc) == green, mjs_getDefault(ja) == blue);
  printf("class of body a blue %d, body b main %d, actuator green %d\n",
         mjs_getDefault(mjs_findBody(s, "a")->element) == blue,
         mjs_getDefault(mjs_findBody(s, "b")->element) == main,
         mjs_getDefault(mjs_firstElement(s, mjOBJ_ACTUATOR)) == green);

  printf("class names: %s %s %s, of ga's class: %s\n", name_of(main->element), name_of(blue->element),
         name_of(bluebig->element), name_of(mjs_getDefault(ga)->element));

  // new classes through the API
  mjsDefault* red = mjs_addDefault(s, "red", NULL);
  mjsDefault* redsub = mjs_addDefault(s, "redsub", red);
  printf("added %d %d, repeated %d, find %d\n", red != NULL, redsub != NULL, mjs_addDefault(s, "blue", NULL) == NULL,
         mjs_findDefault(s, "redsub") == redsub);
  printf("red copies main: rgba %g size %g\n", red->geom->rgba[0], red->geom->size[0]);
  red->geom->rgba[1] = 0.5;
  red->geom->size[0] = 0.2;
  red->joint->stiffness = 3;
  mjsDefault* redsub2 = mjs_addDefault(s, "redsub2", red);
  printf("redsub (before edit) g %g, redsub2 (after) g %g size %g\n", redsub->geom->rgba[1], redsub2->geom->rgba[1],
         redsub2->geom->size[0]);
  mjsBody* c = mjs_addBody(mjs_findBody(s, "world"), red);
  mjs_setName(c->element, "c");
  c->pos[1] = 1;
  mjsJoint* jc = mjs_addJoint(c, NULL);  // body's class
  mjs_setName(jc->element, "jc");
  mjsGeom* gd = mjs_addGeom(c, redsub2);
  mjs_setName(gd->element, "gd");
  mjsGeom* ge = mjs_addGeom(c, NULL);
  mjs_setName(ge->element, "ge");
  ge->pos[0] = 0.3;
  printf("jc stiffness %g, gd size %g, ge rgba %g %g\n", jc->stiffness, gd->size[0], ge->rgba[0], ge->rgba[1]);
  printf("class of c red %d, jc red %d, gd redsub2 %d\n", mjs_getDefault(c->element) == red,
         mjs_getDefault(jc->element) == red, mjs_getDefault(gd->element) == redsub2);
  mjs_setDefault(ge->element, green);
  printf("after setDefault: ge green %d, rgba unchanged %g\n", mjs_getDefault(ge->element) == green, ge->rgba[0]);
  printf("rename redsub2: %d, find new %d, old %d, name %s\n", mjs_setName(redsub2->element, "pink"),
         mjs_findDefault(s, "pink") == redsub2, mjs_findDefault(s, "redsub2") == NULL, name_of(redsub2->element));
  mjs_setName(redsub2->element, "redsub2");
  mjsActuator* act = mjs_addActuator(s, green);
  mjs_setString(act->target, "jc");
  act->trntype = mjTRN_JOINT;
  printf("actuator from green: gear %g\n", act->gear[0]);
  mjsTendon* ten = mjs_addTendon(s, red);
  mjs_setName(ten->element, "t");
  mjs_wrapJoint(ten, "jc", 2);
  mjsPair* pair = mjs_addPair(s, NULL);
  mjs_setString(pair->geomname1, "ga");
  mjs_setString(pair->geomname2, "gd");
  mjsEquality* eq = mjs_addEquality(s, red);
  eq->type = mjEQ_JOINT;
  mjs_setString(eq->name1, "jc");
  save(compile(s, "classes"), "classes");

  // deleting classes
  printf("delete main: %d '%s'\n", mjs_delete(s, main->element), mjs_getError(s));
  printf("delete redsub: %d, find %d, red still %d\n", mjs_delete(s, redsub->element),
         mjs_findDefault(s, "redsub") == NULL, mjs_findDefault(s, "red") != NULL);
  red = mjs_findDefault(s, "red");
  printf("delete red: %d, red %d, redsub2 %d, green %d\n", mjs_delete(s, red->element),
         mjs_findDefault(s, "red") == NULL, mjs_findDefault(s, "redsub2") == NULL, mjs_findDefault(s, "green") != NULL);
  printf("delete null: %d '%s'\n", mjs_delete(s, NULL), mjs_getError(s));
  save(compile(s, "classes_deleted"), "classes_deleted");
  mj_deleteSpec(s);
}

// ---------------------------------------------------------------- shortcuts, helpers

static void shortcuts(void) {
  mjSpec* s = parse(
      "<mujoco><worldbody><body><joint name='j1'/><joint name='j2'/><geom size='.1'/>"
      "<site name='s1'/></body></worldbody></mujoco>");
  double kv = 3, dr = 0.7, tc = 0.05, neg = -1;
  const char* msgs[16];
  int n = 0;
  mjsActuator* a;
  for (int k = 0; k < 12; k++) {
    a = mjs_addActuator(s, NULL);
    mjs_setString(a->target, k % 2 ? "j1" : "j2");
    a->trntype = mjTRN_JOINT;
    switch (k) {
      case 0: msgs[n++] = mjs_setToMotor(a); break;
      case 1: msgs[n++] = mjs_setToPosition(a, 100, &kv, NULL, &tc, 0); break;
      case 2: msgs[n++] = mjs_setToPosition(a, 50, NULL, &dr, NULL, 0); break;
      case 3: msgs[n++] = mjs_setToIntVelocity(a, 30, &kv, NULL, NULL, 0); a->actrange[1] = 1; break;
      case 4: msgs[n++] = mjs_setToVelocity(a, 4); break;
      case 5: a->ctrlrange[1] = 1; msgs[n++] = mjs_setToDamper(a, 2); break;
      case 6: msgs[n++] = mjs_setToCylinder(a, 0.1, 2, 1, 0.3); break;
      case 7: {
        double t2[2] = {0.02, -1}, r[2] = {0.7, 1.1};
        msgs[n++] = mjs_setToMuscle(a, t2, 0.1, r, 100, -1, -1, -1, -1, -1, 1.3);
        a->lengthrange[0] = 0.5; a->lengthrange[1] = 1.5;  // no length-range simulation
        break;
      }
      case 8: a->ctrlrange[1] = 1; msgs[n++] = mjs_setToAdhesion(a, 5); break;
      case 9: msgs[n++] = mjs_setToPosition(a, 10, &kv, &dr, NULL, 0); break;
      case 10: msgs[n++] = mjs_setToDamper(a, neg); break;
      case 11: a->ctrlrange[0] = -1; a->ctrlrange[1] = 1; msgs[n++] = mjs_setToPosition(a, 1, NULL, NULL, NULL, 1); break;
    }
    printf("shortcut %d: '%s' dyn %d gain %d bias %d gainprm %g %g %g biasprm %g %g %g dynprm %g\n", k, msgs[n - 1],
           a->dyntype, a->gaintype, a->biastype, a->gainprm[0], a->gainprm[1], a->gainprm[2], a->biasprm[0],
           a->biasprm[1], a->biasprm[2], a->dynprm[0]);
  }
  // the two invalid ones are dropped before compiling
  mjs_delete(s, mjs_findElement(s, mjOBJ_ACTUATOR, ""));
  int k = 0;
  for (mjsElement* el = mjs_firstElement(s, mjOBJ_ACTUATOR); el;) {
    mjsElement* next = mjs_nextElement(s, el);
    if (k == 9 || k == 10 || k == 11) mjs_delete(s, el);
    el = next;
    k++;
  }
  save(compile(s, "shortcuts"), "shortcuts");

  // orientation
  mjsOrientation o;
  memset(&o, 0, sizeof(o));
  double q[4] = {1, 0, 0, 0};
  o.type = mjORIENTATION_AXISANGLE;
  o.axisangle[2] = 1; o.axisangle[3] = 90;
  const char* r = mjs_resolveOrientation(q, 1, "xyz", &o);
  printf("axisangle deg: %s %.9g %.9g %.9g %.9g\n", r ? r : "ok", q[0], q[1], q[2], q[3]);
  o.type = mjORIENTATION_EULER;
  o.euler[0] = 0.3; o.euler[1] = -0.2; o.euler[2] = 1.1;
  r = mjs_resolveOrientation(q, 0, "XYz", &o);
  printf("euler XYz rad: %s %.9g %.9g %.9g %.9g\n", r ? r : "ok", q[0], q[1], q[2], q[3]);
  r = mjs_resolveOrientation(q, 0, "xqz", &o);
  printf("bad sequence: %s\n", r ? r : "ok");
  o.type = mjORIENTATION_XYAXES;
  double xy[6] = {1, 1, 0, -1, 1, 0.5};
  memcpy(o.xyaxes, xy, sizeof(xy));
  r = mjs_resolveOrientation(q, 0, "xyz", &o);
  printf("xyaxes: %s %.9g %.9g %.9g %.9g\n", r ? r : "ok", q[0], q[1], q[2], q[3]);
  o.type = mjORIENTATION_ZAXIS;
  o.zaxis[0] = 0; o.zaxis[1] = 0; o.zaxis[2] = 0;
  r = mjs_resolveOrientation(q, 0, "xyz", &o);
  printf("zero zaxis: %s\n", r ? r : "ok");
  o.type = mjORIENTATION_QUAT;
  q[0] = 0.5; q[1] = 0.5; q[2] = 0.5; q[3] = 0.5;
  r = mjs_resolveOrientation(q, 0, "xyz", &o);
  printf("quat: %s %g %g %g %g\n", r ? r : "ok", q[0], q[1], q[2], q[3]);

  // sensor dimensions
  int types[] = {mjSENS_TOUCH, mjSENS_ACCELEROMETER, mjSENS_FRAMEQUAT, mjSENS_GEOMFROMTO, mjSENS_CAMPROJECTION,
                 mjSENS_BALLQUAT, mjSENS_CLOCK, mjSENS_USER, mjSENS_PLUGIN, mjSENS_CONTACT, mjSENS_E_KINETIC};
  for (int i = 0; i < (int)(sizeof(types) / sizeof(types[0])); i++) {
    mjsSensor* sen = mjs_addSensor(s);
    sen->type = types[i];
    sen->dim = 5;
    sen->intprm[0] = 19;  // found, force, torque
    sen->intprm[2] = 3;
    printf("sensorDim type %d: %d\n", types[i], mjs_sensorDim(sen));
  }
  mj_deleteSpec(s);
}

static void wraps(void) {
  mjSpec* s = parse(
      "<mujoco><worldbody>"
      "<site name='s0'/><site name='side' pos='0 .2 0'/>"
      "<body><joint name='j'/><geom name='cyl' type='cylinder' size='.1 .1'/><site name='s1' pos='0 0 1'/></body>"
      "</worldbody><tendon>"
      "<spatial name='sp'><site site='s0'/><geom geom='cyl' sidesite='side'/><pulley divisor='2'/>"
      "<site site='s1'/><geom geom='cyl' sidesite='missing'/></spatial>"
      "<fixed name='fx'><joint joint='j' coef='3'/></fixed>"
      "</tendon></mujoco>");
  mjsTendon* sp = mjs_asTendon(mjs_findElement(s, mjOBJ_TENDON, "sp"));
  mjsTendon* fx = mjs_asTendon(mjs_findElement(s, mjOBJ_TENDON, "fx"));
  for (int i = 0; i < mjs_getWrapNum(sp); i++) {
    mjsWrap* w = mjs_getWrap(sp, i);
    mjsElement* t = mjs_getWrapTarget(w);
    mjsSite* side = mjs_getWrapSideSite(w);
    printf("wrap %d type %d target %s side %s divisor %g coef %g\n", i, w->type, name_of(t),
           side ? name_of(side->element) : "(null)", mjs_getWrapDivisor(w), mjs_getWrapCoef(w));
  }
  mjsWrap* w = mjs_getWrap(fx, 0);
  printf("fixed: target %s coef %g\n", name_of(mjs_getWrapTarget(w)), mjs_getWrapCoef(w));
  mj_deleteSpec(s);
}

// ---------------------------------------------------------------- user values, child specs

static int cleaned = 0;
static void cleanup(const void* data) {
  cleaned += *(const int*)data;
}

static void user_values(void) {
  mjSpec* s = mj_makeSpec();
  mjsBody* b = mjs_addBody(mjs_findBody(s, "world"), NULL);
  static int one = 1, ten = 10, hundred = 100;
  mjs_setUserValue(b->element, "k", "text");
  printf("get k: %s, missing: %d\n", (const char*)mjs_getUserValue(b->element, "k"),
         mjs_getUserValue(b->element, "x") == NULL);
  mjs_setUserValueWithCleanup(b->element, "c", &one, cleanup);
  mjs_setUserValueWithCleanup(b->element, "c", &ten, cleanup);  // replaces: cleans one
  printf("after replace: cleaned %d, value %d\n", cleaned, *(const int*)mjs_getUserValue(b->element, "c"));
  mjs_deleteUserValue(b->element, "c");
  printf("after delete: cleaned %d, value null %d\n", cleaned, mjs_getUserValue(b->element, "c") == NULL);
  mjs_setUserValueWithCleanup(b->element, "d", &hundred, cleanup);  // cleaned with the spec
  mjs_deleteUserValue(b->element, "never set");
  mj_deleteSpec(s);
  printf("after deleteSpec: cleaned %d\n", cleaned);

  mjSpec* parent = mj_makeSpec();
  mjSpec* child = mj_makeSpec();
  mjs_setString(child->modelname, "kid");
  mjs_addSpec(parent, child);
  printf("findSpec kid %d, missing %d, deepcopy %d\n", mjs_findSpec(parent, "kid") == child,
         mjs_findSpec(parent, "other") == NULL, mjs_setDeepCopy(parent, 1));
  mj_deleteSpec(parent);
}

// ---------------------------------------------------------------- deleting

static const char* robot_xml =
    "<mujoco model='robot'>"
    "  <worldbody>"
    "    <geom type='plane' size='5 5 .1'/>"
    "    <body name='base' pos='0 0 1'>"
    "      <freejoint name='root'/>"
    "      <geom name='torso' size='.2'/>"
    "      <site name='imu'/>"
    "      <body name='arm' pos='.3 0 0'>"
    "        <joint name='shoulder' axis='0 1 0'/>"
    "        <geom name='upper' type='capsule' fromto='0 0 0 .3 0 0' size='.05'/>"
    "        <body name='hand' pos='.3 0 0'>"
    "          <joint name='wrist' axis='1 0 0'/>"
    "          <geom name='palm' size='.06'/>"
    "          <site name='tip' pos='.05 0 0'/>"
    "        </body>"
    "      </body>"
    "      <body name='leg' pos='0 0 -.3'>"
    "        <joint name='hip'/>"
    "        <geom name='thigh' type='capsule' fromto='0 0 0 0 0 -.3' size='.05'/>"
    "      </body>"
    "    </body>"
    "    <body name='target' mocap='true' pos='1 1 1'><geom size='.05' contype='0' conaffinity='0'/></body>"
    "  </worldbody>"
    "  <tendon><spatial name='cable'><site site='imu'/><site site='tip'/></spatial>"
    "    <fixed name='fix'><joint joint='hip' coef='1'/></fixed></tendon>"
    "  <equality><joint joint1='hip' joint2='shoulder'/></equality>"
    "  <contact><exclude body1='base' body2='hand'/><pair geom1='palm' geom2='thigh'/></contact>"
    "  <actuator><motor name='m_sh' joint='shoulder'/><motor name='m_wr' joint='wrist'/>"
    "    <position name='p_hip' joint='hip' kp='10'/></actuator>"
    "  <sensor><jointpos joint='wrist'/><framepos objtype='site' objname='tip'/><accelerometer site='imu'/>"
    "    <tendonpos tendon='fix'/></sensor>"
    "  <keyframe><key name='k1' qpos='0 0 1 1 0 0 0 .1 .2 .3' ctrl='1 2 3' mpos='1 2 3'/>"
    "    <key name='k2' qpos='0 0 2 1 0 0 0 .4 .5 .6' qvel='1 2 3 4 5 6 7 8 9'/></keyframe>"
    "</mujoco>";

static void deleting(void) {
  mjSpec* s = parse(robot_xml);
  save(compile(s, "robot"), "robot");
  mjsBody* hand = mjs_findBody(s, "hand");
  printf("delete hand: %d\n", mjs_delete(s, hand->element));
  printf("after: hand %d, palm %d, tip %d, arm %d\n", mjs_findBody(s, "hand") == NULL,
         mjs_findElement(s, mjOBJ_GEOM, "palm") == NULL, mjs_findElement(s, mjOBJ_SITE, "tip") == NULL,
         mjs_findBody(s, "arm") != NULL);
  int n = 0;
  for (mjsElement* el = mjs_firstElement(s, mjOBJ_ACTUATOR); el; el = mjs_nextElement(s, el)) n++;
  printf("actuators left %d\n", n);
  save(compile(s, "robot_nohand"), "robot_nohand");
  printf("delete thigh geom: %d\n", mjs_delete(s, mjs_findElement(s, mjOBJ_GEOM, "thigh")));
  printf("delete m_sh: %d\n", mjs_delete(s, mjs_findElement(s, mjOBJ_ACTUATOR, "m_sh")));
  printf("delete shoulder joint: %d\n", mjs_delete(s, mjs_findElement(s, mjOBJ_JOINT, "shoulder")));
  mjModel* m = compile(s, "robot_cut");
  if (!m) {
    // the equality still names the shoulder
    mjs_delete(s, mjs_firstElement(s, mjOBJ_EQUALITY));
    m = compile(s, "robot_cut2");
  }
  save(m, "robot_cut");
  mjSpec* other = mj_makeSpec();
  mjsBody* ob = mjs_addBody(mjs_findBody(other, "world"), NULL);
  printf("delete foreign: %d\n", mjs_delete(s, ob->element));
  mj_deleteSpec(other);
  mj_deleteSpec(s);
}

// ---------------------------------------------------------------- attaching, frames

static const char* gripper_xml =
    "<mujoco model='gripper'>"
    "  <default><default class='finger'><geom rgba='.2 .8 .2 1' size='.02'/><joint damping='.5'/></default></default>"
    "  <asset><material name='steel' rgba='.6 .6 .7 1'/></asset>"
    "  <worldbody>"
    "    <body name='palm'>"
    "      <geom name='palm' type='box' size='.05 .05 .01' material='steel'/>"
    "      <site name='grasp' pos='0 0 .05'/>"
    "      <body name='left' pos='.03 0 .02' childclass='finger'><joint name='l' type='slide' axis='1 0 0' range='0 .03'/>"
    "        <geom name='lg'/></body>"
    "      <body name='right' pos='-.03 0 .02' childclass='finger'><joint name='r' type='slide' axis='1 0 0' range='-.03 0'/>"
    "        <geom name='rg'/></body>"
    "    </body>"
    "  </worldbody>"
    "  <tendon><fixed name='sync'><joint joint='l' coef='1'/><joint joint='r' coef='-1'/></fixed></tendon>"
    "  <actuator><position name='grip' tendon='sync' kp='50'/></actuator>"
    "  <sensor><jointpos joint='l'/></sensor>"
    "  <keyframe><key name='open' qpos='.02 -.02'/></keyframe>"
    "</mujoco>";

static void attaching(void) {
  mjSpec* arm = parse(robot_xml);
  mjSpec* grip = parse(gripper_xml);
  mjsBody* hand = mjs_findBody(arm, "hand");
  mjsFrame* f = mjs_addFrame(hand, NULL);
  f->pos[0] = 0.1;
  f->quat[0] = 0.7071068; f->quat[2] = 0.7071068;
  mjsElement* att = mjs_attach(f->element, mjs_findBody(grip, "palm")->element, "g_", "_1");
  printf("attached body %s type %d\n", name_of(att), att ? att->elemtype : -1);
  printf("find g_left_1 %d, g_grip_1 %d, class g_finger_1 %d\n", mjs_findBody(arm, "g_left_1") != NULL,
         mjs_findElement(arm, mjOBJ_ACTUATOR, "g_grip_1") != NULL, mjs_findDefault(arm, "g_finger_1") != NULL);
  mjsElement* lg = mjs_findElement(arm, mjOBJ_GEOM, "g_lg_1");
  printf("g_lg_1 class is g_finger_1 %d\n", lg && mjs_getDefault(lg) == mjs_findDefault(arm, "g_finger_1"));
  save(compile(arm, "arm_gripper"), "arm_gripper");
  mjModel* gm = mj_compile(grip, NULL);
  printf("compile attached child: %d '%s'\n", gm != NULL, mjs_getError(grip));
  if (gm) mj_deleteModel(gm);

  // the whole gripper spec onto a site, and onto a body
  mjSpec* arm2 = parse(robot_xml);
  mjSpec* grip2 = parse(gripper_xml);
  mjsElement* site = mjs_findElement(arm2, mjOBJ_SITE, "tip");
  mjsElement* att2 = mjs_attach(site, grip2->element, "s-", "");
  printf("attached spec to site: type %d\n", att2 ? att2->elemtype : -1);
  mjSpec* grip3 = parse(gripper_xml);
  mjsElement* att3 = mjs_attach(mjs_findBody(arm2, "leg")->element, grip3->element, "b-", "");
  printf("attached spec to body: type %d\n", att3 ? att3->elemtype : -1);
  save(compile(arm2, "arm_two_grippers"), "arm_two_grippers");

  // attached by reference: the child's own pointer reaches the attached body; angles keep the
  // child's unit
  mjSpec* p3 = mj_makeSpec();
  mjSpec* c3 = mj_makeSpec();
  p3->compiler.degree = 0;
  mjsBody* cb = mjs_addBody(mjs_findBody(c3, "world"), NULL);
  cb->alt.type = mjORIENTATION_EULER;
  cb->alt.euler[0] = 90;
  mjsGeom* cg = mjs_addGeom(cb, NULL);
  cg->size[0] = 0.1;
  mjsJoint* cj = mjs_addJoint(cb, NULL);
  cj->range[0] = -45; cj->range[1] = 45;
  cj->limited = mjLIMITED_TRUE;
  cj->ref = 10;
  mjsFrame* f3 = mjs_addFrame(mjs_findBody(p3, "world"), NULL);
  mjsElement* a3 = mjs_attach(f3->element, cb->element, "c-", "");
  printf("attach returns the child's own body %d\n", a3 == cb->element);
  cb->pos[0] = 2;
  cg->size[0] = 0.2;
  save(compile(p3, "units"), "units");
  mj_deleteSpec(p3);
  mj_deleteSpec(c3);

  // errors
  mjSpec* grip4 = parse(gripper_xml);
  mjsElement* bad = mjs_attach(mjs_findBody(arm2, "leg")->element, mjs_findBody(grip4, "palm")->element, "x", "");
  printf("body to body: %d '%s'\n", bad == NULL, mjs_getError(arm2));
  bad = mjs_attach(mjs_findElement(arm2, mjOBJ_GEOM, "torso"), mjs_findBody(grip4, "palm")->element, "x", "");
  printf("to geom: %d '%s'\n", bad == NULL, mjs_getError(arm2));
  mj_deleteSpec(grip4);

  // frames
  mjsBody* base = mjs_findBody(arm2, "base");
  mjsFrame* fb = mjs_addFrame(base, NULL);
  fb->pos[2] = 0.5;
  mjsBody* arm_b = mjs_findBody(arm2, "arm");
  printf("setFrame arm: %d\n", mjs_setFrame(arm_b->element, fb));
  printf("getFrame arm %d\n", mjs_getFrame(arm_b->element) == fb);
  printf("setFrame mismatched: %d '%s'\n", mjs_setFrame(mjs_findElement(arm2, mjOBJ_GEOM, "thigh"), fb),
         mjs_getError(arm2));
  // a body of a spec never compiled (upstream moves compiled masses to the parent)
  mjSpec* fresh = parse(robot_xml);
  mjsBody* leg = mjs_findBody(fresh, "leg");
  mjsFrame* lf = mjs_bodyToFrame(&leg);
  printf("bodyToFrame: leg null %d, frame %d, pos %g %g %g, leg found %d\n", leg == NULL, lf != NULL,
         lf ? lf->pos[0] : 0, lf ? lf->pos[1] : 0, lf ? lf->pos[2] : 0, mjs_findBody(fresh, "leg") != NULL);
  save(compile(arm2, "arm_frames"), "arm_frames");
  mjsBody* arm_f = mjs_findBody(fresh, "arm");
  lf = mjs_bodyToFrame(&arm_f);
  printf("bodyToFrame arm: %d\n", lf != NULL);
  save(compile(fresh, "fresh_frames"), "fresh_frames");
  mj_deleteSpec(fresh);
  mj_deleteSpec(arm);
  mj_deleteSpec(grip);
  mj_deleteSpec(arm2);
  mj_deleteSpec(grip2);
  mj_deleteSpec(grip3);
}

// ---------------------------------------------------------------- recompiling, parsing

static void recompiling(void) {
  mjSpec* s = parse(robot_xml);
  // keyframes would no longer fit the grown model
  while (mjs_firstElement(s, mjOBJ_KEY)) mjs_delete(s, mjs_firstElement(s, mjOBJ_KEY));
  mjModel* m = mj_compile(s, NULL);
  mjData* d = mj_makeData(m);
  for (int i = 0; i < m->nu; i++) d->ctrl[i] = 0.1 * (i + 1);
  d->mocap_pos[0] = 0.5;
  for (int i = 0; i < 20; i++) mj_step(m, d);
  printf("before: nq %d time %g qpos %.9g %.9g %.9g\n", m->nq, d->time, d->qpos[2], d->qpos[7], d->qpos[9]);
  mjsBody* extra = mjs_addBody(mjs_findBody(s, "base"), NULL);
  extra->pos[1] = 0.4;
  mjsJoint* ej = mjs_addJoint(extra, NULL);
  ej->ref = 0.2;
  mjsGeom* eg = mjs_addGeom(extra, NULL);
  eg->size[0] = 0.05;
  mjs_delete(s, mjs_findElement(s, mjOBJ_ACTUATOR, "m_wr"));
  int r = mj_recompile(s, NULL, m, d);
  printf("recompile %d: '%s'\n", r, mjs_getError(s));
  if (r) return;  // upstream has freed m and d
  printf("nq %d nu %d time %g\n", m->nq, m->nu, d->time);
  for (int i = 0; i < m->nq; i++) printf(" %.9g", d->qpos[i]);
  printf("\nqvel");
  for (int i = 0; i < m->nv; i++) printf(" %.9g", d->qvel[i]);
  printf("\nctrl");
  for (int i = 0; i < m->nu; i++) printf(" %g", d->ctrl[i]);
  printf("\nmocap %g %g %g\n", d->mocap_pos[0], d->mocap_pos[1], d->mocap_pos[2]);
  mj_step(m, d);
  printf("stepped: %.9g\n", d->qpos[2]);
  mjsGeom* broken = mjs_addGeom(extra, NULL);
  broken->type = mjGEOM_MESH;
  mjs_setString(broken->meshname, "nomesh");
  r = mj_recompile(s, NULL, m, d);
  printf("failed recompile %d: '%s'\n", r, mjs_getError(s));
  // upstream has freed m and d after the failure
  mj_deleteSpec(s);
}

static void parsing(int argc, char** argv) {
  char err[500] = "";
  for (int i = 2; i < argc && i < 4; i++) {
    mjSpec* s = mj_parse(argv[i], NULL, NULL, err, sizeof(err));
    printf("mj_parse %d: %s\n", i, s ? "ok" : err);
    if (s) mj_deleteSpec(s);
  }
  mjSpec* s = mj_parse("/nonexistent/model.xml", NULL, NULL, err, sizeof(err));
  printf("mj_parse missing: %d '%s'\n", s == NULL, err);
}

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  outdir = argv[1];
  setvbuf(stdout, NULL, _IOLBF, 0);
  mju_user_warning = on_warning;
  defaults();
  shortcuts();
  wraps();
  user_values();
  deleting();
  attaching();
  recompiling();
  parsing(argc, argv);
  return 0;
}
