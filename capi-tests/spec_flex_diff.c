// Flexes and engine plugin instances through the spec API, run on upstream's library and on ours
// (spec_diff.sh): flexes of dimension 1-3 built with mjs_addFlex (vertices on bodies,
// elasticity, contact settings), a parsed <flexcomp>/<flex> model edited, plugin instances added
// with mjs_addPlugin and configured with mjs_setPluginAttributes, attributes read back through
// mjs_getPluginAttributes, iteration, copies and errors. Prints what the API returns and saves
// each compiled model as MJB. The plugin libraries of $MJPLUGIN_DIR (upstream's first-party
// plugins, set by spec_diff.sh) are loaded first; without them the plugin part is skipped.
//
// The attribute maps are libc++'s std::map<std::string, std::string> (what upstream's C++ API
// passes); this program reads and builds them with their x86-64 layout.
//   spec_flex_diff OUTDIR [models ignored]
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
  printf("%s: nbody %d nflex %d nflexvert %d nflexedge %d nflexelem %d nplugin %d npluginattr %d nu %d na %d\n",
         name, m->nbody, m->nflex, m->nflexvert, m->nflexedge, m->nflexelem, m->nplugin, m->npluginattr,
         m->nu, m->na);
  mj_deleteModel(m);
}

static const char* name_of(mjsElement* el) {
  return el ? mjs_getString(mjs_getName(el)) : "(null)";
}

static void compile(mjSpec* s, const char* name) {
  mjModel* m = mj_compile(s, NULL);
  if (!m) {
    printf("%s: compile error: %s\n", name, mjs_getError(s));
    return;
  }
  save(m, name);
}

// ---------------------------------------------------------------- libc++ std::map<string,string>

typedef struct Node {
  struct Node* left;
  struct Node* right;
  struct Node* parent;
  char black;
  char pad[7];
  char key[24];    // std::string
  char value[24];  // std::string
} Node;

typedef struct {
  Node* begin;
  Node* root;  // the end node's only field
  size_t size;
} Map;

static Node* end_of(const Map* m) {
  return (Node*)&m->root;
}

static Node* next_node(Node* n) {
  if (n->right) {
    n = n->right;
    while (n->left) n = n->left;
    return n;
  }
  while (n != n->parent->left) n = n->parent;
  return n->parent;
}

static void print_map(const char* what, const Map* m) {
  printf("%s: %zu attributes:", what, m ? m->size : (size_t)0);
  if (m) {
    for (Node* n = m->begin; n != end_of(m); n = next_node(n)) {
      printf(" %s=%s", mjs_getString((const mjString*)n->key), mjs_getString((const mjString*)n->value));
    }
  }
  printf("\n");
}

static void print_attrs(const char* what, const mjsPlugin* p) {
  print_map(what, (const Map*)mjs_getPluginAttributes(p));
}

// a short std::string (at most 22 bytes)
static void short_string(char s[24], const char* t) {
  size_t n = strlen(t);
  memset(s, 0, 24);
  s[0] = (char)(n << 1);
  memcpy(s + 1, t, n);
}

static Node* new_node(const char* k, const char* v, int black) {
  Node* n = calloc(1, sizeof(Node));
  short_string(n->key, k);
  short_string(n->value, v);
  n->black = (char)black;
  return n;
}

// a map of one to three entries (keys sorted), as a red-black tree: root black, children red
static void make_map(Map* m, int n, const char* k[], const char* v[]) {
  m->begin = end_of(m);
  m->root = NULL;
  m->size = 0;
  if (n == 0) return;
  if (n == 1) {
    Node* a = new_node(k[0], v[0], 1);
    a->parent = end_of(m);
    m->root = m->begin = a;
    m->size = 1;
    return;
  }
  Node* b = new_node(k[1], v[1], 1);
  Node* a = new_node(k[0], v[0], 0);
  b->left = a;
  a->parent = b;
  if (n == 3) {
    Node* c = new_node(k[2], v[2], 0);
    b->right = c;
    c->parent = b;
  }
  b->parent = end_of(m);
  m->root = b;
  m->begin = a;
  m->size = n;
}

static void set_attrs(mjsPlugin* p, int n, const char* k[], const char* v[]) {
  Map m;
  make_map(&m, n, k, v);
  mjs_setPluginAttributes(p, &m);
  printf("moved-from map: size %zu, empty %d\n", m.size, m.begin == end_of(&m) && m.root == NULL);
}

// ---------------------------------------------------------------- flexes

static void print_flex(mjsFlex* f) {
  printf("flex '%s' id %d: contype %d conaffinity %d condim %d priority %d friction %g %g %g solmix %g\n",
         name_of(f->element), mjs_getId(f->element), f->contype, f->conaffinity, f->condim, f->priority,
         f->friction[0], f->friction[1], f->friction[2], f->solmix);
  printf("  solref %g %g solimp %g %g %g %g %g margin %g gap %g\n", f->solref[0], f->solref[1], f->solimp[0],
         f->solimp[1], f->solimp[2], f->solimp[3], f->solimp[4], f->margin, f->gap);
  printf("  dim %d radius %g internal %d flatskin %d selfcollide %d vertcollide %d passive %d activelayers %d group %d\n",
         f->dim, f->radius, f->internal, f->flatskin, f->selfcollide, f->vertcollide, f->passive, f->activelayers,
         f->group);
  printf("  edge %g %g rgba %g %g %g %g young %g poisson %g damping %g thickness %g elastic2d %d\n",
         f->edgestiffness, f->edgedamping, f->rgba[0], f->rgba[1], f->rgba[2], f->rgba[3], f->young, f->poisson,
         f->damping, f->thickness, f->elastic2d);
  int n = 0;
  const double* v = mjs_getDouble(f->vert, &n);
  printf("  %d vertex coordinates", n);
  for (int i = 0; i < n && i < 6; i++) printf(" %g", v[i]);
  v = mjs_getDouble(f->node, &n);
  printf("; %d node coordinates", n);
  printf("; material '%s' info '%s'\n", mjs_getString(f->material), mjs_getString(f->info));
}

static mjsBody* free_body(mjsBody* parent, const char* name, double x, double y, double z) {
  mjsBody* b = mjs_addBody(parent, NULL);
  mjs_setName(b->element, name);
  b->pos[0] = x;
  b->pos[1] = y;
  b->pos[2] = z;
  mjs_addFreeJoint(b);
  mjsGeom* g = mjs_addGeom(b, NULL);
  g->size[0] = 0.01;
  g->contype = g->conaffinity = 0;
  return b;
}

static void flexes_built(void) {
  mjsFlex d;
  mjs_defaultFlex(&d);
  printf("default flex: contype %d condim %d friction %g dim %d radius %g selfcollide %d activelayers %d "
         "rgba %g thickness %g solref %g %g\n",
         d.contype, d.condim, d.friction[0], d.dim, d.radius, d.selfcollide, d.activelayers, d.rgba[0],
         d.thickness, d.solref[0], d.solref[1]);

  mjSpec* s = mj_makeSpec();
  mjsBody* world = mjs_findBody(s, "world");
  mjsGeom* floor = mjs_addGeom(world, NULL);
  floor->type = mjGEOM_PLANE;
  floor->size[0] = floor->size[1] = 2;
  floor->size[2] = 0.1;

  // dim 1: a rope on three bodies
  free_body(world, "c0", 0, 0, 0.5);
  free_body(world, "c1", 0.1, 0, 0.5);
  free_body(world, "c2", 0.2, 0, 0.5);
  mjsFlex* rope = mjs_addFlex(s);
  printf("added flex id %d spec ok %d asFlex ok %d asPlugin %d\n", mjs_getId(rope->element),
         mjs_getSpec(rope->element) == s, mjs_asFlex(rope->element) == rope, mjs_asPlugin(rope->element) != NULL);
  mjs_setName(rope->element, "rope");
  rope->dim = 1;
  mjs_setStringVec(rope->vertbody, "c0 c1 c2");
  int rope_elem[4] = {0, 1, 1, 2};
  mjs_setInt(rope->elem, rope_elem, 4);
  rope->radius = 0.01;
  rope->edgestiffness = 10;
  rope->edgedamping = 0.1;
  rope->contype = 2;
  rope->conaffinity = 1;
  rope->condim = 4;
  rope->priority = 1;
  rope->friction[0] = 0.7;
  rope->margin = 0.002;
  rope->gap = 0.001;
  rope->solmix = 0.5;
  rope->group = 2;
  rope->rgba[0] = 1;
  mjs_setString(rope->info, "the rope");

  // dim 2: cloth on four bodies, with elasticity
  free_body(world, "p0", 0, 0.5, 0.3);
  free_body(world, "p1", 0.1, 0.5, 0.3);
  free_body(world, "p2", 0, 0.6, 0.3);
  free_body(world, "p3", 0.1, 0.6, 0.3);
  mjsFlex* cloth = mjs_addFlex(s);
  mjs_setName(cloth->element, "cloth");
  mjs_setStringVec(cloth->vertbody, "p0 p1 p2 p3");
  int cloth_elem[6] = {0, 1, 2, 1, 3, 2};
  mjs_setInt(cloth->elem, cloth_elem, 6);
  cloth->young = 1e4;
  cloth->poisson = 0.2;
  cloth->thickness = 0.01;
  cloth->damping = 0.001;
  cloth->elastic2d = 2;
  cloth->selfcollide = mjFLEXSELF_NONE;
  cloth->internal = 1;

  // dim 3: a tetrahedron, vertices at offsets from its bodies
  free_body(world, "t0", -0.5, 0, 0.3);
  free_body(world, "t1", -0.4, 0, 0.3);
  free_body(world, "t2", -0.5, 0.1, 0.3);
  free_body(world, "t3", -0.5, 0, 0.4);
  mjsFlex* jelly = mjs_addFlex(s);
  mjs_setName(jelly->element, "jelly");
  jelly->dim = 3;
  mjs_setStringVec(jelly->vertbody, "t0 t1 t2 t3");
  double jv[12] = {0, 0, 0, 0.01, 0, 0, 0, 0.01, 0, 0, 0, 0.01};
  mjs_setDouble(jelly->vert, jv, 12);
  int jelly_elem[4] = {0, 1, 2, 3};
  mjs_setInt(jelly->elem, jelly_elem, 4);
  jelly->young = 5e3;
  jelly->poisson = 0.3;
  jelly->damping = 0.01;
  jelly->activelayers = 2;
  jelly->vertcollide = 1;
  jelly->passive = 1;
  jelly->flatskin = 1;

  // a rigid flex: every vertex on the world
  mjsFlex* plate = mjs_addFlex(s);
  mjs_setName(plate->element, "plate");
  mjs_setStringVec(plate->vertbody, "world");
  double pv[9] = {1, 1, 0.01, 1.2, 1, 0.01, 1, 1.2, 0.01};
  mjs_setDouble(plate->vert, pv, 9);
  int plate_elem[3] = {0, 1, 2};
  mjs_setInt(plate->elem, plate_elem, 3);

  // names, search, iteration
  printf("rename to 'cloth': %d (%s)\n", mjs_setName(plate->element, "cloth"), mjs_getError(s));
  mjs_setName(plate->element, "plate");
  printf("find cloth: %s, find ghost: %p\n", name_of(mjs_findElement(s, mjOBJ_FLEX, "cloth")),
         (void*)mjs_findElement(s, mjOBJ_FLEX, "ghost"));
  for (mjsElement* el = mjs_firstElement(s, mjOBJ_FLEX); el; el = mjs_nextElement(s, el)) {
    printf("iterate: %s id %d\n", name_of(el), mjs_getId(el));
  }
  print_flex(rope);
  print_flex(jelly);

  mjModel* m = mj_compile(s, NULL);
  if (!m) {
    printf("flex_built: compile error: %s\n", mjs_getError(s));
  } else {
    for (mjsElement* el = mjs_firstElement(s, mjOBJ_FLEX); el; el = mjs_nextElement(s, el)) {
      printf("compiled: %s id %d\n", name_of(el), mjs_getId(el));
    }
    save(m, "flex_built");
  }

  // a copy, edited, compiles on its own
  mjSpec* c = mj_copySpec(s);
  mjsFlex* cj = mjs_asFlex(mjs_findElement(c, mjOBJ_FLEX, "jelly"));
  printf("copy: jelly found %d, distinct %d\n", cj != NULL, cj != jelly);
  if (cj) {
    cj->young = 2e3;
    cj->rgba[1] = 0.25;
  }
  jelly->young = 9e9;  // the original's edit does not reach the copy
  compile(c, "flex_copy");
  mj_deleteSpec(c);

  // errors
  mjsFlex* bad = mjs_addFlex(s);
  mjs_setName(bad->element, "bad");
  mjs_setStringVec(bad->vertbody, "c0 ghost");
  int bad_elem[2] = {0, 1};
  mjs_setInt(bad->elem, bad_elem, 2);
  bad->dim = 1;
  compile(s, "flex_missing_body");
  mjs_setStringVec(bad->vertbody, "c0 c1");
  int bad_elem2[2] = {0, 5};
  mjs_setInt(bad->elem, bad_elem2, 2);
  compile(s, "flex_bad_element");
  mj_deleteSpec(s);
}

static const char* flex_xml =
    "<mujoco>\n"
    "  <worldbody>\n"
    "    <geom type=\"plane\" size=\"2 2 .1\"/>\n"
    "    <body name=\"a\" pos=\"0 0 1\"><freejoint/><geom size=\".02\"/></body>\n"
    "    <body name=\"b\" pos=\".1 0 1\"><freejoint/><geom size=\".02\"/></body>\n"
    "    <body name=\"c\" pos=\"0 .1 1\"><freejoint/><geom size=\".02\"/></body>\n"
    "    <flexcomp name=\"sheet\" type=\"grid\" count=\"3 3 1\" spacing=\".1 .1 .1\" pos=\"0 0 .5\"\n"
    "              radius=\".005\" dim=\"2\">\n"
    "      <edge equality=\"true\"/>\n"
    "      <contact condim=\"3\" selfcollide=\"none\"/>\n"
    "    </flexcomp>\n"
    "  </worldbody>\n"
    "  <deformable>\n"
    "    <flex name=\"tri\" dim=\"2\" body=\"a b c\" element=\"0 1 2\" radius=\".01\">\n"
    "      <contact margin=\".01\"/>\n"
    "      <elasticity young=\"300\" poisson=\".1\" thickness=\".02\"/>\n"
    "    </flex>\n"
    "  </deformable>\n"
    "</mujoco>\n";

static void flexes_parsed(void) {
  char err[1000] = "";
  mjSpec* s = mj_parseXMLString(flex_xml, NULL, err, sizeof(err));
  if (!s) {
    printf("parse error: %s\n", err);
    return;
  }
  for (mjsElement* el = mjs_firstElement(s, mjOBJ_FLEX); el; el = mjs_nextElement(s, el)) {
    print_flex(mjs_asFlex(el));
  }
  compile(s, "flex_parsed");
  mjsFlex* tri = mjs_asFlex(mjs_findElement(s, mjOBJ_FLEX, "tri"));
  mjsFlex* sheet = mjs_asFlex(mjs_findElement(s, mjOBJ_FLEX, "sheet"));
  if (!tri || !sheet) {
    printf("flexes not found\n");
    mj_deleteSpec(s);
    return;
  }
  tri->radius = 0.02;
  tri->young = 600;
  tri->condim = 1;
  sheet->rgba[2] = 0.9;
  sheet->margin = 0.003;
  printf("rename sheet to tri: %d (%s)\n", mjs_setName(sheet->element, "tri"), mjs_getError(s));
  mjs_setName(sheet->element, "sheet2");
  compile(s, "flex_parsed_edited");
  mjs_setName(sheet->element, "sheet");
  compile(s, "flex_parsed_edited");
  mjSpec* c = mj_copySpec(s);
  compile(c, "flex_parsed_copy");
  mj_deleteSpec(c);
  mj_deleteSpec(s);
}

// ---------------------------------------------------------------- plugins

static mjsBody* cable_body(mjsBody* parent, const char* name, double x) {
  mjsBody* b = mjs_addBody(parent, NULL);
  mjs_setName(b->element, name);
  b->pos[0] = x;
  mjsJoint* j = mjs_addJoint(b, NULL);
  j->type = mjJNT_BALL;
  j->damping = 0.001;
  mjsGeom* g = mjs_addGeom(b, NULL);
  g->type = mjGEOM_CAPSULE;
  g->size[0] = 0.01;
  double ft[6] = {0, 0, 0, 0.05, 0, 0};
  memcpy(g->fromto, ft, sizeof(ft));
  return b;
}

static void plugins_built(void) {
  mjSpec* s = mj_makeSpec();
  printf("activate pid %d, cable %d, nonexistent %d\n", mjs_activatePlugin(s, "mujoco.pid"),
         mjs_activatePlugin(s, "mujoco.elasticity.cable"), mjs_activatePlugin(s, "mujoco.nonexistent"));
  mjsPlugin dp;
  memset(&dp, 0x5a, sizeof(dp));
  mjs_defaultPlugin(&dp);
  printf("default plugin: element %p name %p active %d\n", (void*)dp.element, (void*)dp.name, dp.active);

  mjsBody* world = mjs_findBody(s, "world");
  mjsBody* arm = mjs_addBody(world, NULL);
  mjs_setName(arm->element, "arm");
  arm->pos[2] = 0.2;
  mjsJoint* hinge = mjs_addJoint(arm, NULL);
  mjs_setName(hinge->element, "hinge");
  hinge->axis[0] = 0;
  hinge->axis[1] = 1;
  hinge->axis[2] = 0;
  hinge->damping = 0.01;
  mjsGeom* ag = mjs_addGeom(arm, NULL);
  ag->type = mjGEOM_CAPSULE;
  ag->size[0] = 0.015;
  double aft[6] = {0, 0, 0, 0.1, 0, 0};
  memcpy(ag->fromto, aft, sizeof(aft));

  // a named PD instance, used by name
  mjsPlugin* pd = mjs_addPlugin(s);
  printf("added plugin id %d asPlugin ok %d asFlex %d spec ok %d active %d\n", mjs_getId(pd->element),
         mjs_asPlugin(pd->element) == pd, mjs_asFlex(pd->element) != NULL, mjs_getSpec(pd->element) == s,
         pd->active);
  mjs_setString(pd->name, "pd");
  mjs_setString(pd->plugin_name, "mujoco.pid");
  print_attrs("new instance", pd);
  const char* k1[] = {"kd", "kp"};
  const char* v1[] = {"0.2", "2"};
  set_attrs(pd, 2, k1, v1);
  print_attrs("pd", pd);
  printf("getName is name: %d\n", mjs_getName(pd->element) == pd->name);

  mjsActuator* a1 = mjs_addActuator(s, NULL);
  mjs_setName(a1->element, "pd_act");
  a1->trntype = mjTRN_JOINT;
  mjs_setString(a1->target, "hinge");
  a1->actdim = 0;
  a1->plugin.active = 1;
  mjs_setString(a1->plugin.name, "pd");

  // an instance configured in place, pointed at by its actuator
  mjsPlugin* pi = mjs_addPlugin(s);
  const char* k2[] = {"imax", "ki", "kp"};
  const char* v2[] = {"1", "0.5", "3"};
  set_attrs(pi, 3, k2, v2);
  mjsActuator* a2 = mjs_addActuator(s, NULL);
  a2->trntype = mjTRN_JOINT;
  mjs_setString(a2->target, "hinge");
  a2->actdim = 1;
  a2->ctrlrange[0] = -1;
  a2->ctrlrange[1] = 1;
  a2->ctrllimited = 1;
  a2->plugin.active = 1;
  a2->plugin.element = pi->element;
  mjs_setString(a2->plugin.plugin_name, "mujoco.pid");
  print_attrs("actuator's instance", &a2->plugin);

  // a cable of bodies sharing one named instance (attributes moved from a scratch instance)
  mjsPlugin* scratch = mjs_addPlugin(s);
  mjs_setString(scratch->name, "scratch");
  mjs_setString(scratch->plugin_name, "mujoco.elasticity.cable");
  const char* k3[] = {"bend", "twist"};
  const char* v3[] = {"4e5", "1e5"};
  set_attrs(scratch, 2, k3, v3);
  mjsPlugin* rope = mjs_addPlugin(s);
  mjs_setName(rope->element, "rope");
  mjs_setString(rope->plugin_name, "mujoco.elasticity.cable");
  mjs_setPluginAttributes(rope, (void*)mjs_getPluginAttributes(scratch));
  print_attrs("scratch after move", scratch);
  print_attrs("rope", rope);
  mjsBody* b0 = mjs_addBody(world, NULL);
  mjs_setName(b0->element, "B0");
  b0->pos[1] = 0.3;
  b0->pos[2] = 0.3;
  mjsGeom* g0 = mjs_addGeom(b0, NULL);
  g0->type = mjGEOM_CAPSULE;
  g0->size[0] = 0.01;
  double ft[6] = {0, 0, 0, 0.05, 0, 0};
  memcpy(g0->fromto, ft, sizeof(ft));
  mjsBody* b1 = cable_body(b0, "B1", 0.05);
  mjsBody* b2 = cable_body(b1, "B2", 0.05);
  mjsBody* chain[3] = {b0, b1, b2};
  for (int i = 0; i < 3; i++) {
    chain[i]->plugin.active = 1;
    mjs_setString(chain[i]->plugin.name, "rope");
  }

  // names, search, iteration
  printf("rename scratch to pd: %d (%s)\n", mjs_setName(scratch->element, "pd"), mjs_getError(s));
  mjs_setName(scratch->element, "scratch");
  printf("find rope: %d, find nothing: %p\n", mjs_findElement(s, mjOBJ_PLUGIN, "rope") == rope->element,
         (void*)mjs_findElement(s, mjOBJ_PLUGIN, "nothing"));
  for (mjsElement* el = mjs_firstElement(s, mjOBJ_PLUGIN); el; el = mjs_nextElement(s, el)) {
    mjsPlugin* p = mjs_asPlugin(el);
    printf("iterate: '%s' plugin '%s' id %d\n", name_of(el), mjs_getString(p->plugin_name), mjs_getId(el));
  }

  mjModel* m = mj_compile(s, NULL);
  if (!m) {
    printf("plugins_built: compile error: %s\n", mjs_getError(s));
  } else {
    for (mjsElement* el = mjs_firstElement(s, mjOBJ_PLUGIN); el; el = mjs_nextElement(s, el)) {
      printf("compiled: '%s' id %d\n", name_of(el), mjs_getId(el));
    }
    save(m, "plugins_built");
  }

  // a copy of the compiled spec
  mjSpec* c = mj_copySpec(s);
  for (mjsElement* el = mjs_firstElement(c, mjOBJ_PLUGIN); el; el = mjs_nextElement(c, el)) {
    printf("copy: '%s' plugin '%s'\n", name_of(el), mjs_getString(mjs_asPlugin(el)->plugin_name));
    print_attrs("  copied", mjs_asPlugin(el));
  }
  mjsActuator* ca2 = mjs_asActuator(mjs_firstElement(c, mjOBJ_ACTUATOR));
  ca2 = ca2 ? mjs_asActuator(mjs_nextElement(c, ca2->element)) : NULL;
  if (ca2) {
    printf("copied actuator's instance distinct %d\n", ca2->plugin.element != pi->element);
    print_attrs("copied actuator's instance", &ca2->plugin);
  }
  compile(c, "plugins_copy");
  mj_deleteSpec(c);

  // errors
  mjs_setString(a1->plugin.name, "nope");
  compile(s, "plugin_unknown_instance");
  mjs_setString(a1->plugin.name, "pd");
  const char* k4[] = {"bogus", "kp"};
  const char* v4[] = {"1", "2"};
  set_attrs(pd, 2, k4, v4);
  compile(s, "plugin_unknown_attribute");
  const char* k5[] = {"kp"};
  const char* v5[] = {"2"};
  set_attrs(pd, 1, k5, v5);
  mjs_setString(a2->plugin.plugin_name, "mujoco.sensor.touch_grid");
  compile(s, "plugin_inactive");
  mjs_setString(a2->plugin.plugin_name, "mujoco.elasticity.cable");
  compile(s, "plugin_wrong_capability");
  mjs_setString(a2->plugin.plugin_name, "");
  compile(s, "plugin_neither");
  mj_deleteSpec(s);
}

static const char* plugin_xml =
    "<mujoco>\n"
    "  <extension>\n"
    "    <plugin plugin=\"mujoco.pid\">\n"
    "      <instance name=\"pd\">\n"
    "        <config key=\"kp\" value=\"2\"/>\n"
    "        <config key=\"kd\" value=\"0.1\"/>\n"
    "      </instance>\n"
    "      <instance name=\"unused\">\n"
    "        <config key=\"kp\" value=\"7\"/>\n"
    "      </instance>\n"
    "    </plugin>\n"
    "  </extension>\n"
    "  <worldbody>\n"
    "    <body name=\"arm\" pos=\"0 0 .2\">\n"
    "      <joint name=\"hinge\" axis=\"0 1 0\" damping=\".01\"/>\n"
    "      <geom type=\"capsule\" size=\".015\" fromto=\"0 0 0 .1 0 0\"/>\n"
    "    </body>\n"
    "  </worldbody>\n"
    "  <actuator>\n"
    "    <plugin name=\"a\" joint=\"hinge\" instance=\"pd\"/>\n"
    "    <plugin name=\"b\" joint=\"hinge\" plugin=\"mujoco.pid\" actdim=\"0\">\n"
    "      <config key=\"kp\" value=\"5\"/>\n"
    "    </plugin>\n"
    "  </actuator>\n"
    "</mujoco>\n";

static void plugins_parsed(void) {
  char err[1000] = "";
  mjSpec* s = mj_parseXMLString(plugin_xml, NULL, err, sizeof(err));
  if (!s) {
    printf("parse error: %s\n", err);
    return;
  }
  for (mjsElement* el = mjs_firstElement(s, mjOBJ_PLUGIN); el; el = mjs_nextElement(s, el)) {
    mjsPlugin* p = mjs_asPlugin(el);
    printf("parsed: '%s' plugin '%s' id %d info '%s'\n", name_of(el), mjs_getString(p->plugin_name),
           mjs_getId(el), mjs_getString(p->info));
    print_attrs("  attributes", p);
  }
  mjsActuator* b = mjs_asActuator(mjs_findElement(s, mjOBJ_ACTUATOR, "b"));
  mjsActuator* a = mjs_asActuator(mjs_findElement(s, mjOBJ_ACTUATOR, "a"));
  if (!a || !b) {
    printf("actuators not found\n");
    mj_deleteSpec(s);
    return;
  }
  printf("a: active %d name '%s' element %d; b: active %d plugin '%s' element is instance %d\n",
         a->plugin.active, mjs_getString(a->plugin.name), a->plugin.element != NULL, b->plugin.active,
         mjs_getString(b->plugin.plugin_name), mjs_asPlugin(b->plugin.element) != NULL);
  print_attrs("b's instance", &b->plugin);
  compile(s, "plugins_parsed");

  // move the unused instance's attributes into b's, and point a at the unused one by name
  mjsPlugin* unused = mjs_asPlugin(mjs_findElement(s, mjOBJ_PLUGIN, "unused"));
  mjs_setPluginAttributes(&b->plugin, (void*)mjs_getPluginAttributes(unused));
  print_attrs("b's instance after move", &b->plugin);
  print_attrs("unused after move", unused);
  mjs_setString(a->plugin.name, "unused");
  compile(s, "plugins_parsed_edited");
  mjSpec* c = mj_copySpec(s);
  for (mjsElement* el = mjs_firstElement(c, mjOBJ_PLUGIN); el; el = mjs_nextElement(c, el)) {
    printf("copy: '%s' plugin '%s'\n", name_of(el), mjs_getString(mjs_asPlugin(el)->plugin_name));
  }
  compile(c, "plugins_parsed_copy");
  mj_deleteSpec(c);
  mj_deleteSpec(s);
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: spec_flex_diff OUTDIR\n");
    return 2;
  }
  outdir = argv[1];
  flexes_built();
  flexes_parsed();
  const char* dir = getenv("MJPLUGIN_DIR");
  if (dir && *dir) {
    mj_loadAllPluginLibraries(dir, NULL);
    plugins_built();
    plugins_parsed();
  } else {
    printf("MJPLUGIN_DIR not set: plugin part skipped\n");
  }
  return 0;
}
