// Engine plugin instances through attach, delete and copy in the spec API, run on upstream's
// library and on ours (spec_diff.sh): mjs_attach of bodies whose actuators and sensors use named
// instances or instances configured in place (twice, with namespaces, and a body using none),
// mjs_delete of the attached body, of actuators, geoms and meshes that configured an instance,
// of a body while a named instance nobody uses precedes a used one (upstream's RemovePlugins
// error), mesh plugins (SDF meshes made by marching cubes) and mj_copySpec of them. Prints what
// the API returns and the plugin arrays of each compiled model, and saves each model as MJB.
// Needs the plugin libraries of $MJPLUGIN_DIR (upstream's first-party plugins, set by
// spec_diff.sh); without them it prints that and stops.
//   spec_plugin_diff OUTDIR [models ignored]
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mujoco/mujoco.h>

static const char* outdir;
static jmp_buf env;

static void on_error(const char* msg) {
  printf("  error: [%s]\n", msg);
  longjmp(env, 1);
}

static void on_warning(const char* msg) { printf("  warning: [%s]\n", msg); }

// compiles `s`; prints its plugin arrays and saves it as OUTDIR/name.mjb
static void compile(mjSpec* s, const char* name) {
  mjModel* m = mj_compile(s, NULL);
  if (!m) {
    printf("%s: compile failed: %s\n", name, mjs_getError(s));
    return;
  }
  printf("%s: nbody %d ngeom %d nmesh %d nu %d nsensor %d nplugin %d npluginattr %d\n", name,
         m->nbody, m->ngeom, m->nmesh, m->nu, m->nsensor, m->nplugin, m->npluginattr);
  for (int i = 0; i < m->nplugin; i++) {
    printf("  instance %d '%s' slot %d attr:", i, m->names + m->name_pluginadr[i], m->plugin[i]);
    int end = i + 1 < m->nplugin ? m->plugin_attradr[i + 1] : m->npluginattr;
    for (int k = m->plugin_attradr[i]; k < end; k++) {
      putchar(m->plugin_attr[k] ? m->plugin_attr[k] : '|');
    }
    printf("\n");
  }
  printf("  body_plugin");
  for (int i = 0; i < m->nbody; i++) printf(" %d", m->body_plugin[i]);
  printf("\n  geom_plugin");
  for (int i = 0; i < m->ngeom; i++) printf(" %d", m->geom_plugin[i]);
  printf("\n  actuator_plugin");
  for (int i = 0; i < m->nu; i++) printf(" %d", m->actuator_plugin[i]);
  printf("\n  sensor_plugin");
  for (int i = 0; i < m->nsensor; i++) printf(" %d", m->sensor_plugin[i]);
  printf("\n");
  char path[1024];
  snprintf(path, sizeof(path), "%s/%s.mjb", outdir, name);
  mj_saveModel(m, path, NULL, 0);
  mj_deleteModel(m);
}

static mjSpec* parse(const char* xml) {
  char err[1000] = "";
  mjSpec* s = mj_parseXMLString(xml, NULL, err, sizeof(err));
  if (!s) printf("  parse error: %s\n", err);
  return s;
}

static void show_instances(const char* label, mjSpec* s) {
  printf("%s:", label);
  for (mjsElement* e = mjs_firstElement(s, mjOBJ_PLUGIN); e; e = mjs_nextElement(s, e)) {
    mjsPlugin* p = mjs_asPlugin(e);
    printf(" ['%s' '%s']", mjs_getString(p->name), mjs_getString(p->plugin_name));
  }
  printf("\n");
}

static void delete(mjSpec* s, mjsElement* el, const char* what) {
  int r = mjs_delete(s, el);
  printf("delete %s -> %d%s%s\n", what, r, r ? ": " : "", r ? mjs_getError(s) : "");
}

static const char* parent_xml =
    "<mujoco><worldbody><body name=\"body\"/></worldbody></mujoco>";

// a named PID instance and one configured in place by an actuator, a touch grid configured in
// place by a sensor, a torus mesh and SDF geom on a named instance
static const char* child_xml =
    "<mujoco model=\"child\">"
    "  <extension>"
    "    <plugin plugin=\"mujoco.pid\">"
    "      <instance name=\"pid\"><config key=\"ki\" value=\"4.0\"/>"
    "        <config key=\"slewmax\" value=\"3.14159\"/></instance>"
    "    </plugin>"
    "    <plugin plugin=\"mujoco.sensor.touch_grid\"/>"
    "    <plugin plugin=\"mujoco.sdf.torus\">"
    "      <instance name=\"torus\"><config key=\"radius1\" value=\"0.25\"/></instance>"
    "    </plugin>"
    "  </extension>"
    "  <asset><mesh name=\"torus\"><plugin instance=\"torus\"/></mesh></asset>"
    "  <worldbody>"
    "    <body name=\"empty\"/>"
    "    <body name=\"arm\">"
    "      <joint name=\"hinge\"/>"
    "      <geom size=\"0.1\"/>"
    "      <site name=\"pad\" size=\"0.01\"/>"
    "      <body name=\"ring\" pos=\"0 0 0.5\">"
    "        <joint name=\"slide\" type=\"slide\"/>"
    "        <geom type=\"sdf\" mesh=\"torus\"><plugin instance=\"torus\"/></geom>"
    "      </body>"
    "    </body>"
    "  </worldbody>"
    "  <actuator>"
    "    <plugin name=\"named\" instance=\"pid\" joint=\"hinge\" actdim=\"2\"/>"
    "    <plugin name=\"inplace\" plugin=\"mujoco.pid\" joint=\"slide\">"
    "      <config key=\"kp\" value=\"7\"/></plugin>"
    "  </actuator>"
    "  <sensor>"
    "    <plugin name=\"touch\" plugin=\"mujoco.sensor.touch_grid\" objtype=\"site\" objname=\"pad\">"
    "      <config key=\"size\" value=\"8 12\"/><config key=\"fov\" value=\"10 13\"/>"
    "      <config key=\"gamma\" value=\"0\"/><config key=\"nchannel\" value=\"1\"/>"
    "    </plugin>"
    "  </sensor>"
    "</mujoco>";

// mjs_attach of bodies of other specs: the instances their actuators and sensors use come along
static void attach_bodies(void) {
  printf("== attach\n");
  mjSpec* parent = parse(parent_xml);
  mjSpec* c1 = parse(child_xml);
  mjSpec* c2 = mj_copySpec(c1);
  mjSpec* c3 = mj_copySpec(c1);
  mjsFrame* frame = mjs_addFrame(mjs_findBody(parent, "body"), NULL);
  mjsElement* a = mjs_attach(frame->element, mjs_findBody(c1, "arm")->element, "first-", "");
  printf("attach arm -> %s\n", a ? mjs_getString(mjs_getName(a)) : mjs_getError(parent));
  show_instances("instances", parent);
  compile(parent, "attach_once");
  a = mjs_attach(frame->element, mjs_findBody(c2, "arm")->element, "second-", "-x");
  printf("attach arm again -> %s\n", a ? mjs_getString(mjs_getName(a)) : mjs_getError(parent));
  show_instances("instances", parent);
  compile(parent, "attach_twice");
  a = mjs_attach(frame->element, mjs_findBody(c3, "empty")->element, "third-", "");
  printf("attach empty -> %s\n", a ? mjs_getString(mjs_getName(a)) : mjs_getError(parent));
  show_instances("instances", parent);
  compile(parent, "attach_empty");
  mjSpec* copy = mj_copySpec(parent);
  show_instances("copy instances", copy);
  compile(copy, "attach_copy");

  // detaching the first body: its actuators go, the named instances nobody uses then go too,
  // and upstream fails on the instance that moved into the place of one (its instances keep
  // stale ids, so upstream's spec no longer compiles; ours does: not compared)
  delete(parent, mjs_findBody(parent, "first-arm")->element, "first-arm");
  show_instances("instances", parent);
  mj_deleteSpec(copy);
  mj_deleteSpec(parent);
  mj_deleteSpec(c1);
  mj_deleteSpec(c2);
  mj_deleteSpec(c3);

  // upstream's DetachPlugin: only a named instance, gone with the body
  parent = parse(parent_xml);
  mjSpec* c = parse(child_xml);
  mjsElement* ring = mjs_findBody(c, "ring")->element;
  frame = mjs_addFrame(mjs_findBody(parent, "world"), NULL);
  a = mjs_attach(frame->element, ring, "r-", "");
  printf("attach ring -> %s\n", a ? mjs_getString(mjs_getName(a)) : mjs_getError(parent));
  show_instances("instances", parent);
  compile(parent, "attach_ring");
  delete(parent, mjs_findBody(parent, "r-ring")->element, "r-ring");
  show_instances("instances", parent);
  compile(parent, "detach_ring");
  mj_deleteSpec(parent);
  mj_deleteSpec(c);
}

// mjs_delete of elements that configured an instance in place, and RemovePlugins' error
static void delete_elements(void) {
  printf("== delete\n");
  mjSpec* s = parse(child_xml);
  show_instances("instances", s);
  compile(s, "child");
  mjsActuator* inplace = mjs_asActuator(mjs_findElement(s, mjOBJ_ACTUATOR, "inplace"));
  delete(s, inplace->element, "actuator inplace");
  mjsSensor* touch = mjs_asSensor(mjs_findElement(s, mjOBJ_SENSOR, "touch"));
  delete(s, touch->element, "sensor touch");
  show_instances("instances", s);
  compile(s, "child_deleted");
  mj_deleteSpec(s);

  // a geom and a mesh configured in place
  s = parse(
      "<mujoco><extension><plugin plugin=\"mujoco.sdf.torus\"/>"
      "<plugin plugin=\"mujoco.sdf.bowl\"><instance name=\"bowl\"/></plugin></extension>"
      "<asset><mesh name=\"ring\"><plugin plugin=\"mujoco.sdf.torus\">"
      "<config key=\"radius1\" value=\"0.3\"/></plugin></mesh>"
      "<mesh name=\"bowl\"><plugin instance=\"bowl\"/></mesh></asset>"
      "<worldbody><body name=\"b\"><freejoint/>"
      "<geom name=\"g\" type=\"sdf\" mesh=\"ring\"><plugin plugin=\"mujoco.sdf.torus\">"
      "<config key=\"radius1\" value=\"0.3\"/></plugin></geom>"
      "<geom name=\"h\" type=\"sdf\" mesh=\"bowl\"><plugin instance=\"bowl\"/></geom>"
      "</body></worldbody></mujoco>");
  show_instances("instances", s);
  compile(s, "sdf_inplace");
  mjSpec* copy = mj_copySpec(s);
  show_instances("copy instances", copy);
  compile(copy, "sdf_inplace_copy");
  delete(s, mjs_findElement(s, mjOBJ_GEOM, "g"), "geom g");
  show_instances("instances", s);
  delete(s, mjs_findElement(s, mjOBJ_MESH, "ring"), "mesh ring");
  show_instances("instances", s);
  compile(s, "sdf_deleted");
  mj_deleteSpec(copy);
  mj_deleteSpec(s);

  // upstream's DeletePlugin: an actuator plugin built through the API
  s = mj_makeSpec();
  mjs_activatePlugin(s, "mujoco.pid");
  mjsBody* body = mjs_addBody(mjs_findBody(s, "world"), NULL);
  mjsJoint* joint = mjs_addJoint(body, NULL);
  mjsGeom* geom = mjs_addGeom(body, NULL);
  mjs_setName(joint->element, "j1");
  joint->type = mjJNT_SLIDE;
  geom->size[0] = 1;
  mjsActuator* act = mjs_addActuator(s, NULL);
  mjs_setString(act->target, "j1");
  mjs_setString(act->plugin.plugin_name, "mujoco.pid");
  act->plugin.element = mjs_addPlugin(s)->element;
  act->plugin.active = 1;
  act->trntype = mjTRN_JOINT;
  compile(s, "api_actuator");
  delete(s, act->element, "actuator");
  show_instances("instances", s);
  compile(s, "api_actuator_deleted");
  mj_deleteSpec(s);

  // deleting a body while a named instance nobody uses precedes a used one: upstream removes it
  // and fails on the instance that moved; the next compile still works here
  s = parse(
      "<mujoco><extension><plugin plugin=\"mujoco.pid\">"
      "<instance name=\"unused\"><config key=\"kp\" value=\"1\"/></instance>"
      "<instance name=\"used\"><config key=\"kp\" value=\"2\"/></instance></plugin></extension>"
      "<worldbody><body name=\"a\"><joint name=\"j\"/><geom size=\".1\"/></body>"
      "<body name=\"b\"><geom size=\".1\"/></body></worldbody>"
      "<actuator><plugin joint=\"j\" instance=\"used\"/></actuator></mujoco>");
  show_instances("instances", s);
  delete(s, mjs_findBody(s, "b")->element, "body b");
  show_instances("instances", s);
  mj_deleteSpec(s);

  // the unused instance comes last: removed without error
  s = parse(
      "<mujoco><extension><plugin plugin=\"mujoco.pid\">"
      "<instance name=\"used\"><config key=\"kp\" value=\"2\"/></instance>"
      "<instance name=\"unused\"><config key=\"kp\" value=\"1\"/></instance></plugin></extension>"
      "<worldbody><body name=\"a\"><joint name=\"j\"/><geom size=\".1\"/></body>"
      "<body name=\"b\"><geom size=\".1\"/></body></worldbody>"
      "<actuator><plugin joint=\"j\" instance=\"used\"/></actuator></mujoco>");
  delete(s, mjs_findBody(s, "b")->element, "body b");
  show_instances("instances", s);
  compile(s, "unused_last_deleted");
  mj_deleteSpec(s);
}

// mjs_attach within one spec: a body whose actuators and sensor use a named instance and
// instances configured in place, copied into a frame of the same spec
static void attach_within(void) {
  printf("== attach within one spec\n");
  mjSpec* s = parse(child_xml);
  mjs_setDeepCopy(s, 1);  // upstream attaches within a spec only with deep copy
  mjsFrame* frame = mjs_addFrame(mjs_findBody(s, "empty"), NULL);
  mjsElement* a = mjs_attach(frame->element, mjs_findBody(s, "arm")->element, "copy-", "");
  printf("attach arm -> %s\n", a ? mjs_getString(mjs_getName(a)) : mjs_getError(s));
  show_instances("instances", s);
  compile(s, "attach_within");
  a = mjs_attach(frame->element, mjs_findBody(s, "ring")->element, "", "-again");
  printf("attach ring -> %s\n", a ? mjs_getString(mjs_getName(a)) : mjs_getError(s));
  show_instances("instances", s);
  compile(s, "attach_within_twice");
  char xml[20000], err[300];
  int n = mj_saveXMLString(s, xml, sizeof(xml), err, sizeof(err));
  printf("saved %d%s\n%s\n", n, n ? err : "", n ? "" : xml);
  mj_deleteSpec(s);
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: spec_plugin_diff OUTDIR\n");
    return 2;
  }
  outdir = argv[1];
  setvbuf(stdout, NULL, _IONBF, 0);
  mju_user_warning = on_warning;
  const char* dir = getenv("MJPLUGIN_DIR");
  if (!dir || !*dir) {
    printf("MJPLUGIN_DIR not set: nothing to test\n");
    return 0;
  }
  mj_loadAllPluginLibraries(dir, NULL);
  mju_user_error = on_error;
  if (!setjmp(env)) {
    attach_bodies();
  }
  if (!setjmp(env)) {
    delete_elements();
  }
  if (!setjmp(env)) {
    attach_within();
  }
  return 0;
}
