// Child process of the spec-API fuzzer (spec_fuzz.py): from a seed, builds a model through a
// pseudo-random sequence of mjs_* calls (bodies, frames, geoms, joints, sites, actuators,
// sensors, tendons, default classes, renames, deletions, attachments of a second spec, spec
// copies) with hostile numbers and names that may be duplicated or missing, compiles it now
// and then (stepping a compiled model a few times, sometimes through mj_recompile) and prints
// one line per compile. The same seed gives the same calls on any library, so the printouts of
// upstream's library and ours can be compared line by line.
//   spec_fuzz SEED [NOPS]     NOPS: spec-API calls before the final compile (default 40)
// SPEC_FUZZ_VERBOSE=1 also prints each call (to find the call that leads to a difference).
// Only calls that are valid for their arguments are made: every element pointer comes from the
// API and is looked up again after each change, so no deleted element is ever passed.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <mujoco/mujoco.h>

// ------------------------------------------------------------------ own PRNG (splitmix64)

static uint64_t g_state;

static uint64_t next64(void) {
  uint64_t z = (g_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static int rnd(int n) { return n > 0 ? (int)(next64() % (uint64_t)n) : 0; }

static double unit(void) { return (double)(next64() >> 11) / 9007199254740992.0; }

static int chance(double p) { return unit() < p; }

static int g_verbose;

static void say(const char* fmt, const char* a, int b) {
  if (g_verbose) {
    printf("  call ");
    printf(fmt, a, b);
    printf("\n");
  }
}

// a number: mostly ordinary, sometimes hostile
static double num(double lo, double hi) {
  static const double hostile[] = {0, -0.0, -1, -1e-9, 1e-320, 1e308, -1e308, 1e20, -1e20, 1e-12};
  int k = rnd(20);
  if (k == 0) return NAN;
  if (k == 1) return INFINITY;
  if (k == 2) return -INFINITY;
  if (k == 3) return hostile[rnd(sizeof(hostile) / sizeof(hostile[0]))];
  return lo + (hi - lo) * unit();
}

// names from a small pool, so duplicates are common; "missing" names nothing
static const char* NAMES[] = {"a", "b", "c", "d", "e", "f", "g", "h", "missing", ""};

static const char* pick_name(void) { return NAMES[rnd(sizeof(NAMES) / sizeof(NAMES[0]))]; }

// ------------------------------------------------------------------ element lists

#define MAXEL 4096

typedef struct {
  mjsElement* el[MAXEL];
  int n;
} List;

static void tree_list(mjSpec* s, mjtObj type, List* out) {
  out->n = 0;
  mjsBody* world = mjs_findBody(s, "world");
  if (!world) return;
  if (type == mjOBJ_BODY) out->el[out->n++] = world->element;
  for (mjsElement* e = mjs_firstChild(world, type, 1); e && out->n < MAXEL; e = mjs_nextChild(world, e, 1)) {
    out->el[out->n++] = e;
  }
}

static void spec_list(mjSpec* s, mjtObj type, List* out) {
  out->n = 0;
  for (mjsElement* e = mjs_firstElement(s, type); e && out->n < MAXEL; e = mjs_nextElement(s, e)) {
    out->el[out->n++] = e;
  }
}

static mjsElement* pick(mjSpec* s, mjtObj type, int tree) {
  static List l;
  if (tree) {
    tree_list(s, type, &l);
  } else {
    spec_list(s, type, &l);
  }
  if (g_verbose) printf("  (%d elements of type %d)\n", l.n, type);
  return l.n ? l.el[rnd(l.n)] : NULL;
}

static const char* name_of(mjsElement* e) {
  const char* n = e ? mjs_getString(mjs_getName(e)) : NULL;
  return n ? n : "";
}

// a name of an existing element of the type, or a made-up one
static const char* target_name(mjSpec* s, mjtObj type, int tree) {
  if (chance(0.2)) return pick_name();
  mjsElement* e = pick(s, type, tree);
  return e ? name_of(e) : "missing";
}

// ------------------------------------------------------------------ default classes (by name)

#define NDEF 6
static const char* DEFNAMES[NDEF] = {"d0", "d1", "d2", "d3", "d4", "d5"};
static int def_alive[NDEF], def_parent[NDEF], def_used[NDEF];  // parent -1: main

static mjsDefault* def_get(mjSpec* s, int k) {
  return k < 0 ? mjs_getSpecDefault(s) : mjs_findDefault(s, DEFNAMES[k]);
}

// a default for a new element: none, main, or a live class (marked as used)
static mjsDefault* pick_def(mjSpec* s) {
  int k = rnd(NDEF + 2) - 2;
  if (k == -2) return NULL;
  if (k >= 0 && !def_alive[k]) return NULL;
  for (int j = k; j >= 0; j = def_parent[j]) def_used[j] = 1;
  return def_get(s, k);
}

static int def_subtree_used(int k) {
  if (def_used[k]) return 1;
  for (int j = 0; j < NDEF; j++) {
    if (def_alive[j] && def_parent[j] == k && def_subtree_used(j)) return 1;
  }
  return 0;
}

static void def_kill(int k) {
  def_alive[k] = 0;
  for (int j = 0; j < NDEF; j++) {
    if (def_alive[j] && def_parent[j] == k) def_kill(j);
  }
}

// ------------------------------------------------------------------ the calls

static void fill_geom(mjsGeom* g) {
  static const mjtGeom types[] = {mjGEOM_PLANE, mjGEOM_SPHERE, mjGEOM_CAPSULE, mjGEOM_ELLIPSOID,
                                  mjGEOM_CYLINDER, mjGEOM_BOX, mjGEOM_SPHERE, mjGEOM_CAPSULE,
                                  mjGEOM_BOX, mjGEOM_HFIELD, mjGEOM_MESH};
  g->type = types[rnd(sizeof(types) / sizeof(types[0]))];
  for (int i = 0; i < 3; i++) g->size[i] = num(0.01, 0.3);
  for (int i = 0; i < 3; i++) g->pos[i] = num(-0.3, 0.3);
  if (chance(0.15)) {
    for (int i = 0; i < 6; i++) g->fromto[i] = num(-0.5, 0.5);
  }
  if (chance(0.2)) g->mass = num(0, 5);
  if (chance(0.2)) g->density = num(0, 2000);
  if (chance(0.1)) g->condim = rnd(8);
  if (chance(0.1)) g->margin = num(0, 0.1);
}

static void op_body(mjSpec* s) {
  mjsElement* p = pick(s, mjOBJ_BODY, 1);
  if (!p) return;
  say("mjs_addBody under '%s' (%d)", name_of(p), 0);
  mjsBody* b = mjs_addBody(mjs_asBody(p), pick_def(s));
  if (!b) return;
  for (int i = 0; i < 3; i++) b->pos[i] = num(-0.5, 0.5);
  if (chance(0.3)) b->mass = num(0, 3);
  if (chance(0.1)) {
    for (int i = 0; i < 3; i++) b->inertia[i] = num(0, 1);
  }
  if (chance(0.05)) b->mocap = 1;
  if (chance(0.1)) b->gravcomp = num(0, 1);
  if (chance(0.3)) mjs_setName(b->element, pick_name());
  if (chance(0.1)) {
    mjsElement* f = pick(s, mjOBJ_FRAME, 1);
    if (f && mjs_getParent(f) == mjs_asBody(p)) {
      say("mjs_setFrame body -> frame '%s' (%d)", name_of(f), 0);
      mjs_setFrame(b->element, mjs_asFrame(f));
    }
  }
}

static void op_frame(mjSpec* s) {
  mjsElement* p = pick(s, mjOBJ_BODY, 1);
  if (!p) return;
  mjsFrame* parent = NULL;
  if (chance(0.3)) {
    mjsElement* f = pick(s, mjOBJ_FRAME, 1);
    if (f && mjs_getParent(f) == mjs_asBody(p)) parent = mjs_asFrame(f);
  }
  say("mjs_addFrame in '%s' nested %d", name_of(p), parent != NULL);
  mjsFrame* f = mjs_addFrame(mjs_asBody(p), parent);
  if (!f) return;
  for (int i = 0; i < 3; i++) f->pos[i] = num(-0.5, 0.5);
  if (chance(0.3)) {
    for (int i = 0; i < 4; i++) f->quat[i] = num(-1, 1);
  }
  if (chance(0.4)) mjs_setName(f->element, pick_name());
}

static void op_geom(mjSpec* s) {
  mjsElement* p = pick(s, mjOBJ_BODY, 1);
  if (!p) return;
  say("mjs_addGeom in '%s' (%d)", name_of(p), 0);
  mjsGeom* g = mjs_addGeom(mjs_asBody(p), pick_def(s));
  if (!g) return;
  fill_geom(g);
  if (chance(0.2)) mjs_setName(g->element, pick_name());
}

static void op_joint(mjSpec* s) {
  mjsElement* p = pick(s, mjOBJ_BODY, 1);
  if (!p) return;
  say("mjs_addJoint in '%s' (%d)", name_of(p), 0);
  mjsJoint* j;
  if (chance(0.15)) {
    j = mjs_addFreeJoint(mjs_asBody(p));
    if (g_verbose) printf("  -> free joint %s\n", j ? "added" : "null");
  } else {
    j = mjs_addJoint(mjs_asBody(p), pick_def(s));
    if (g_verbose) printf("  -> joint %s\n", j ? "added" : "null");
    if (!j) return;
    static const mjtJoint types[] = {mjJNT_HINGE, mjJNT_HINGE, mjJNT_SLIDE, mjJNT_BALL, mjJNT_FREE};
    j->type = types[rnd(5)];
    for (int i = 0; i < 3; i++) j->axis[i] = num(-1, 1);
    if (chance(0.3)) {
      j->limited = rnd(3);
      j->range[0] = num(-2, 0);
      j->range[1] = num(0, 2);
    }
    if (chance(0.3)) j->damping = num(0, 2);
    if (chance(0.2)) j->stiffness = num(0, 10);
    if (chance(0.2)) j->armature = num(0, 0.1);
  }
  if (j && chance(0.6)) mjs_setName(j->element, pick_name());
}

static void op_site(mjSpec* s) {
  mjsElement* p = pick(s, mjOBJ_BODY, 1);
  if (!p) return;
  say("mjs_addSite in '%s' (%d)", name_of(p), 0);
  mjsSite* t = mjs_addSite(mjs_asBody(p), pick_def(s));
  if (!t) return;
  for (int i = 0; i < 3; i++) t->pos[i] = num(-0.3, 0.3);
  if (chance(0.2)) t->size[0] = num(0, 0.1);
  if (chance(0.7)) mjs_setName(t->element, pick_name());
}

static void op_actuator(mjSpec* s) {
  say("mjs_addActuator (%s%d)", "", 0);
  mjsActuator* a = mjs_addActuator(s, pick_def(s));
  if (!a) return;
  int k = rnd(4);
  const char* target;
  if (k == 0) {
    a->trntype = mjTRN_TENDON;
    target = target_name(s, mjOBJ_TENDON, 0);
  } else if (k == 1) {
    a->trntype = mjTRN_SITE;
    target = target_name(s, mjOBJ_SITE, 1);
  } else if (k == 2 && chance(0.5)) {
    a->trntype = mjTRN_BODY;
    target = target_name(s, mjOBJ_BODY, 1);
  } else {
    a->trntype = mjTRN_JOINT;
    target = target_name(s, mjOBJ_JOINT, 1);
  }
  mjs_setString(a->target, target);
  a->gainprm[0] = num(0, 10);
  if (chance(0.4)) {
    a->biastype = mjBIAS_AFFINE;
    a->biasprm[1] = -a->gainprm[0];
    a->biasprm[2] = num(-1, 0);
  }
  if (chance(0.2)) {
    a->dyntype = mjDYN_FILTER;
    a->dynprm[0] = num(0, 1);
  }
  if (chance(0.3)) {
    a->ctrllimited = rnd(3);
    a->ctrlrange[0] = num(-1, 0);
    a->ctrlrange[1] = num(0, 1);
  }
  if (chance(0.3)) mjs_setName(a->element, pick_name());
}

static void op_sensor(mjSpec* s) {
  say("mjs_addSensor (%s%d)", "", 0);
  mjsSensor* n = mjs_addSensor(s);
  if (!n) return;
  switch (rnd(6)) {
    case 0:
      n->type = mjSENS_JOINTPOS;
      n->objtype = mjOBJ_JOINT;
      mjs_setString(n->objname, target_name(s, mjOBJ_JOINT, 1));
      break;
    case 1:
      n->type = mjSENS_FRAMEPOS;
      n->objtype = chance(0.5) ? mjOBJ_SITE : mjOBJ_BODY;
      mjs_setString(n->objname, target_name(s, n->objtype, 1));
      break;
    case 2:
      n->type = mjSENS_TENDONPOS;
      n->objtype = mjOBJ_TENDON;
      mjs_setString(n->objname, target_name(s, mjOBJ_TENDON, 0));
      break;
    case 3:
      n->type = mjSENS_ACTUATORFRC;
      n->objtype = mjOBJ_ACTUATOR;
      mjs_setString(n->objname, target_name(s, mjOBJ_ACTUATOR, 0));
      break;
    case 4:
      n->type = mjSENS_SUBTREECOM;
      n->objtype = mjOBJ_BODY;
      mjs_setString(n->objname, target_name(s, mjOBJ_BODY, 1));
      break;
    default:
      n->type = mjSENS_CLOCK;
      break;
  }
  if (chance(0.1)) n->cutoff = num(0, 1);
  if (chance(0.3)) mjs_setName(n->element, pick_name());
}

static void op_tendon(mjSpec* s) {
  say("mjs_addTendon (%s%d)", "", 0);
  mjsTendon* t = mjs_addTendon(s, pick_def(s));
  if (!t) return;
  int nw = rnd(4);
  if (chance(0.5)) {
    for (int i = 0; i < nw; i++) mjs_wrapJoint(t, target_name(s, mjOBJ_JOINT, 1), num(-2, 2));
  } else {
    for (int i = 0; i < nw; i++) {
      if (chance(0.15)) {
        mjs_wrapGeom(t, target_name(s, mjOBJ_GEOM, 1), "");
      } else {
        mjs_wrapSite(t, target_name(s, mjOBJ_SITE, 1));
      }
    }
  }
  if (chance(0.2)) {
    t->limited = rnd(3);
    t->range[0] = num(0, 1);
    t->range[1] = num(0, 2);
  }
  if (chance(0.5)) mjs_setName(t->element, pick_name());
}

static void op_default(mjSpec* s) {
  int k = rnd(NDEF);
  int parent = rnd(NDEF + 1) - 1;
  if (parent >= 0 && !def_alive[parent]) parent = -1;
  say("mjs_addDefault '%s' parent %d", DEFNAMES[k], parent);
  mjsDefault* d = mjs_addDefault(s, DEFNAMES[k], def_get(s, parent));
  if (!d) return;  // the name is taken
  if (!def_alive[k]) {
    def_alive[k] = 1;
    def_parent[k] = parent;
    def_used[k] = 0;
  }
  if (chance(0.5)) fill_geom(d->geom);
  if (chance(0.5)) {
    d->joint->damping = num(0, 1);
    d->joint->range[0] = num(-1, 0);
    d->joint->range[1] = num(0, 1);
  }
  if (chance(0.3)) d->actuator->gainprm[0] = num(0, 5);
}

static const mjtObj RENAMED[] = {mjOBJ_BODY, mjOBJ_GEOM, mjOBJ_JOINT, mjOBJ_SITE, mjOBJ_FRAME,
                                 mjOBJ_ACTUATOR, mjOBJ_SENSOR, mjOBJ_TENDON};

static void op_rename(mjSpec* s) {
  mjtObj type = RENAMED[rnd(sizeof(RENAMED) / sizeof(RENAMED[0]))];
  int tree = type == mjOBJ_BODY || type == mjOBJ_GEOM || type == mjOBJ_JOINT || type == mjOBJ_SITE ||
         type == mjOBJ_FRAME;
  mjsElement* e = pick(s, type, tree);
  if (!e) return;
  // not the world (upstream's mjs_getParent of the world is not NULL but garbage)
  if (type == mjOBJ_BODY && mjs_asBody(e) == mjs_findBody(s, "world")) return;
  const char* name = pick_name();
  say("mjs_setName -> '%s' (type %d)", name, type);
  mjs_setName(e, name);
}

static void op_delete(mjSpec* s) {
  if (chance(0.15)) {
    int k = rnd(NDEF);
    if (!def_alive[k] || def_subtree_used(k)) return;
    say("mjs_delete default '%s' (%d)", DEFNAMES[k], 0);
    mjs_delete(s, def_get(s, k)->element);
    def_kill(k);
    return;
  }
  static const mjtObj types[] = {mjOBJ_BODY, mjOBJ_BODY, mjOBJ_GEOM, mjOBJ_JOINT, mjOBJ_SITE,
                                 mjOBJ_ACTUATOR, mjOBJ_SENSOR, mjOBJ_TENDON};
  mjtObj type = types[rnd(sizeof(types) / sizeof(types[0]))];
  int tree = type == mjOBJ_BODY || type == mjOBJ_GEOM || type == mjOBJ_JOINT || type == mjOBJ_SITE;
  mjsElement* e = pick(s, type, tree);
  if (!e) return;
  // not the world (upstream's mjs_getParent of the world is not NULL but garbage)
  if (type == mjOBJ_BODY && mjs_asBody(e) == mjs_findBody(s, "world")) return;
  say("mjs_delete '%s' (type %d)", name_of(e), type);
  int r = mjs_delete(s, e);
  if (g_verbose) printf("  -> %d\n", r);
}

// a small second spec: a body with a hinge, a capsule and a site, maybe an actuator
static mjSpec* small_spec(void) {
  mjSpec* c = mj_makeSpec();
  mjsBody* world = mjs_findBody(c, "world");
  mjsBody* b = mjs_addBody(world, NULL);
  mjs_setName(b->element, chance(0.8) ? "arm" : pick_name());
  b->pos[2] = num(0, 1);
  mjsJoint* j = mjs_addJoint(b, NULL);
  mjs_setName(j->element, "hinge");
  j->axis[1] = 1;
  j->axis[2] = 0;
  mjsGeom* g = mjs_addGeom(b, NULL);
  g->type = mjGEOM_CAPSULE;
  g->size[0] = num(0.01, 0.1);
  g->fromto[5] = num(-0.5, 0.5);
  mjsSite* t = mjs_addSite(b, NULL);
  mjs_setName(t->element, "tip");
  if (chance(0.5)) {
    mjsActuator* a = mjs_addActuator(c, NULL);
    a->trntype = mjTRN_JOINT;
    mjs_setString(a->target, "hinge");
    a->gainprm[0] = 1;
  }
  return c;
}

#define MAXSPEC 256
static mjSpec* g_keep[MAXSPEC];  // attached children, copied-from specs: deleted at the end
static int g_nkeep;

static void keep(mjSpec* s) {
  if (g_nkeep < MAXSPEC) g_keep[g_nkeep++] = s;
}

static void op_attach(mjSpec* s) {
  static const char* prefixes[] = {"p1", "p2", "p3", ""};
  const char* prefix = prefixes[rnd(4)];
  mjSpec* c = small_spec();
  mjsElement* r = NULL;
  if (chance(0.5)) {
    mjsElement* f = pick(s, mjOBJ_FRAME, 1);
    if (f) {
      say("mjs_attach body to frame '%s' prefix %d", name_of(f), prefix[0] ? prefix[1] - '0' : 0);
      // the child's first body (its name may not be "arm")
      mjsElement* child = mjs_firstChild(mjs_findBody(c, "world"), mjOBJ_BODY, 0);
      r = mjs_attach(f, child, prefix, "");
    }
  } else {
    mjsElement* b = pick(s, mjOBJ_BODY, 1);
    if (b) {
      say("mjs_attach spec to body '%s' prefix %d", name_of(b), prefix[0] ? prefix[1] - '0' : 0);
      r = mjs_attach(b, c->element, prefix, "");
    }
  }
  if (g_verbose) printf("  -> %s\n", r ? "attached" : mjs_getError(s));
  keep(c);
}

// ------------------------------------------------------------------ compile and step

static mjModel* g_m;
static mjData* g_d;

static void drop_model(void) {
  if (g_d) mj_deleteData(g_d);
  if (g_m) mj_deleteModel(g_m);
  g_m = NULL;
  g_d = NULL;
}

static void one_line(const char* in, char* out, int n) {
  int k = 0;
  for (const char* p = in ? in : ""; *p && k < n - 1; p++) out[k++] = (unsigned char)*p < 32 ? '|' : *p;
  while (k && (out[k - 1] == '|' || out[k - 1] == ' ')) k--;
  out[k] = 0;
}

static void fmt(double x, char* buf) {
  if (isnan(x)) {
    strcpy(buf, "nan");
  } else {
    snprintf(buf, 40, "%.9g", x);
  }
}

static void report(mjSpec* s, const char* what, int ok) {
  char err[600];
  one_line(mjs_getError(s), err, sizeof err);
  if (!ok) {
    printf("%s FAILED: %s\n", what, err);
    return;
  }
  double sq = 0, sv = 0;
  for (int i = 0; i < 3; i++) {
    for (int k = 0; k < g_m->nu; k++) g_d->ctrl[k] = 0.5;
    mj_step(g_m, g_d);
  }
  for (int i = 0; i < g_m->nq; i++) sq += g_d->qpos[i];
  for (int i = 0; i < g_m->nv; i++) sv += g_d->qvel[i];
  char a[48], b[48];
  fmt(sq, a);
  fmt(sv, b);
  printf("%s OK%s%s: nbody %d njnt %d ngeom %d nsite %d nq %d nv %d nu %d nsensor %d ntendon %d "
         "qpos %s qvel %s\n",
         what, mjs_isWarning(s) && err[0] ? " warning " : "", mjs_isWarning(s) ? err : "",
         g_m->nbody, g_m->njnt, g_m->ngeom, g_m->nsite, g_m->nq, g_m->nv, g_m->nu, g_m->nsensor,
         g_m->ntendon, a, b);
}

static void op_compile(mjSpec* s) {
  if (g_m && chance(0.5)) {
    say("mj_recompile (%s%d)", "", 0);
    int r = mj_recompile(s, NULL, g_m, g_d);
    if (r != 0) {
      // the model and data may be half updated (upstream's mj_deleteData then frees twice):
      // left alone
      report(s, "recompile", 0);
      g_m = NULL;
      g_d = NULL;
      return;
    }
    report(s, "recompile", 1);
    return;
  }
  drop_model();
  say("mj_compile (%s%d)", "", 0);
  g_m = mj_compile(s, NULL);
  if (g_m) g_d = mj_makeData(g_m);
  report(s, "compile", g_m != NULL && g_d != NULL);
}

static void on_error(const char* msg) {
  printf("ERROR %s\n", msg);
  fflush(stdout);
  _exit(0);
}

static void on_warning(const char* msg) { fprintf(stderr, "WARNING %s\n", msg); }

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: spec_fuzz SEED [NOPS]\n");
    return 2;
  }
  mju_user_error = on_error;
  mju_user_warning = on_warning;
  g_verbose = getenv("SPEC_FUZZ_VERBOSE") != NULL;
  g_state = strtoull(argv[1], NULL, 10) * 0x2545F4914F6CDD1Dull + 1;
  int nops = argc > 2 ? atoi(argv[2]) : 40;
  setvbuf(stdout, NULL, _IOLBF, 0);

  mjSpec* s = mj_makeSpec();
  if (chance(0.5)) {
    // a floor and one free body to start from
    mjsBody* world = mjs_findBody(s, "world");
    mjsGeom* floor = mjs_addGeom(world, NULL);
    floor->type = mjGEOM_PLANE;
    floor->size[0] = floor->size[1] = 2;
    floor->size[2] = 0.1;
    mjsBody* b = mjs_addBody(world, NULL);
    b->pos[2] = 0.5;
    mjs_addFreeJoint(b);
    mjsGeom* g = mjs_addGeom(b, NULL);
    g->size[0] = 0.1;
  }
  for (int i = 0; i < nops; i++) {
    int k = rnd(100);
    if (k < 14) {
      op_body(s);
    } else if (k < 20) {
      op_frame(s);
    } else if (k < 34) {
      op_geom(s);
    } else if (k < 46) {
      op_joint(s);
    } else if (k < 52) {
      op_site(s);
    } else if (k < 58) {
      op_actuator(s);
    } else if (k < 63) {
      op_sensor(s);
    } else if (k < 68) {
      op_tendon(s);
    } else if (k < 73) {
      op_default(s);
    } else if (k < 78) {
      op_rename(s);
    } else if (k < 86) {
      op_delete(s);
    } else if (k < 91) {
      op_attach(s);
    } else if (k < 94) {
      say("mj_copySpec (%s%d)", "", 0);
      mjSpec* c = mj_copySpec(s);
      if (c) {
        drop_model();  // a model of the old spec is not recompiled with the copy
        keep(s);
        s = c;
      }
    } else {
      op_compile(s);
    }
  }
  op_compile(s);
  drop_model();
  printf("DONE\n");
  // upstream's mj_deleteSpec often faults after mjs_delete / mjs_attach sequences (in
  // ~mjCModel): the specs are deleted only when SPEC_FUZZ_TEARDOWN is set
  if (getenv("SPEC_FUZZ_TEARDOWN")) {
    mj_deleteSpec(s);
    for (int i = 0; i < g_nkeep; i++) mj_deleteSpec(g_keep[i]);
  }
  return 0;
}
