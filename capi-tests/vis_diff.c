// vis_diff: the abstract visualizer of two libraries on the very same model and state.
//
//   vis_diff MODEL.mjb REFLIB OURLIB OUTDIR
//
// Built against upstream's header and linked with upstream's library, which loads the model and
// computes a seeded state (noise on qpos, qvel, ctrl, act, applied forces, mocap; a few mj_step
// and mj_forward; seeded tactile readings). Both libraries are then dlopen'ed with their own
// symbols first and every mjv_ function is called on each with identical inputs; the results
// are compared here:
//   defaults   mjv_defaultCamera/FreeCamera/Perturb/Option/Figure/Scene, mjv_makeScene without
//              a model (bytes)
//   scene ...  mjv_updateScene under default options, with every flag and each label and frame
//              type, each catmask, static bodies hidden, transparency, convex hulls, island colours,
//              tracking and fixed cameras, orthographic projection, a full geom buffer (status
//              and mjWARN_VGEOMFULL; the stack bookkeeping of mjData), mjv_addGeoms on top, mjv_updateSkin, and the exported
//              mjv_updateActiveFlex / mjv_updateActiveSkin; every field of every
//              geom, light, GL camera, flex and skin buffer (floats within 1e-6 relative)
//   camera     mjv_room2model/model2room (transform on and off), mjv_cameraInModel/InRoom,
//              mjv_frustumHeight, mjv_alignToCamera, mjv_averageCamera, mjv_cameraFrame/Frustum,
//              mjv_moveCamera and mjv_moveModel for every mouse action and camera type
//   perturb    mjv_initPerturb, mjv_movePerturb (every action), mjv_applyPerturbPose (paused or
//              not), mjv_applyPerturbForce, and scenes showing the perturbation and selection
//   select     mjv_select on a grid of cursor positions, perspective and orthographic
//   errors     error texts of bad camera ids, body ids and mouse actions
//   print      mj_printScene / mj_printFormattedScene of the same scene by both libraries
//              (byte-identical files; an invalid format's warning too) and of each library's
//              own scene
// Prints one line per failed comparison and a summary line "vis: N checks, M failed".
//
//   vis_diff MODEL.mjb --single OUT
//
// runs everything on the library the program resolves to (LD_LIBRARY_PATH), the plugin libraries
// of MJPLUGIN_DIR loaded first: the seeded state is computed by that library, then
// mjv_updateScene with default options and with every flag (plugins' visualize hooks add their
// geoms) is written to OUT as "name values..." lines for stage_compare.py.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "seeded.h"

#define MAXGEOM 20000

typedef struct {
  const char* name;
  void* h;
  void (*defaultCamera)(mjvCamera*);
  void (*defaultFreeCamera)(const mjModel*, mjvCamera*);
  void (*defaultPerturb)(mjvPerturb*);
  void (*defaultOption)(mjvOption*);
  void (*defaultFigure)(mjvFigure*);
  void (*defaultScene)(mjvScene*);
  void (*makeScene)(const mjModel*, mjvScene*, int);
  void (*freeScene)(mjvScene*);
  void (*updateScene)(const mjModel*, mjData*, const mjvOption*, const mjvPerturb*, mjvCamera*,
                      int, mjvScene*);
  void (*addGeoms)(const mjModel*, mjData*, const mjvOption*, const mjvPerturb*, int, mjvScene*);
  void (*makeLights)(const mjModel*, const mjData*, mjvScene*);
  void (*updateCamera)(const mjModel*, const mjData*, mjvCamera*, mjvScene*);
  void (*updateSkin)(const mjModel*, const mjData*, mjvScene*);
  void (*updateActiveFlex)(const mjModel*, mjData*, mjvScene*, const mjvOption*);
  void (*updateActiveSkin)(const mjModel*, const mjData*, mjvScene*, const mjvOption*);
  void (*room2model)(mjtNum*, mjtNum*, const mjtNum*, const mjtNum*, const mjvScene*);
  void (*model2room)(mjtNum*, mjtNum*, const mjtNum*, const mjtNum*, const mjvScene*);
  void (*cameraInModel)(mjtNum*, mjtNum*, mjtNum*, const mjvScene*);
  void (*cameraInRoom)(mjtNum*, mjtNum*, mjtNum*, const mjvScene*);
  mjtNum (*frustumHeight)(const mjvScene*);
  void (*alignToCamera)(mjtNum*, const mjtNum*, const mjtNum*);
  void (*moveCamera)(const mjModel*, int, mjtNum, mjtNum, const mjvScene*, mjvCamera*);
  void (*movePerturb)(const mjModel*, const mjData*, int, mjtNum, mjtNum, const mjvScene*,
                      mjvPerturb*);
  void (*moveModel)(const mjModel*, int, mjtNum, mjtNum, const mjtNum*, mjvScene*);
  void (*initPerturb)(const mjModel*, mjData*, const mjvScene*, mjvPerturb*);
  void (*applyPerturbPose)(const mjModel*, mjData*, const mjvPerturb*, int);
  void (*applyPerturbForce)(const mjModel*, mjData*, const mjvPerturb*);
  mjvGLCamera (*averageCamera)(const mjvGLCamera*, const mjvGLCamera*);
  int (*select)(const mjModel*, const mjData*, const mjvOption*, mjtNum, mjtNum, mjtNum,
                const mjvScene*, mjtNum*, int*, int*, int*);
  void (*cameraFrame)(mjtNum*, mjtNum*, mjtNum*, mjtNum*, const mjData*, const mjvCamera*);
  void (*cameraFrustum)(float*, float*, float*, const mjModel*, const mjvCamera*);
  void (*printScene)(const mjvScene*, const char*);
  void (*printFormattedScene)(const mjvScene*, const char*, const char*);
  void (**user_error)(const char*);
  void (**user_warning)(const char*);
} Lib;

static Lib L[2];
static const char* outdir;
static int nchecks, nfail;
static char errmsg[1024], warnmsg[1024];
static jmp_buf jump;
static int armed;  // a setjmp is waiting for errors

static void on_error(const char* msg) {
  snprintf(errmsg, sizeof(errmsg), "%s", msg);
  if (!armed) {
    printf("unexpected error: %s\n", msg);
    exit(3);
  }
  armed = 0;
  longjmp(jump, 1);
}
static void on_warning(const char* msg) { snprintf(warnmsg, sizeof(warnmsg), "%s", msg); }

#define SYM(lib, field, sym)                                          \
  do {                                                                \
    *(void**)&lib->field = dlsym(lib->h, sym);                        \
    if (!lib->field) {                                                \
      fprintf(stderr, "%s: missing %s\n", lib->name, sym);            \
      exit(2);                                                        \
    }                                                                 \
  } while (0)

static void load_lib(Lib* lib, const char* path, const char* name) {
  lib->name = name;
  lib->h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
  if (!lib->h) { fprintf(stderr, "dlopen %s: %s\n", path, dlerror()); exit(2); }
  SYM(lib, defaultCamera, "mjv_defaultCamera");
  SYM(lib, defaultFreeCamera, "mjv_defaultFreeCamera");
  SYM(lib, defaultPerturb, "mjv_defaultPerturb");
  SYM(lib, defaultOption, "mjv_defaultOption");
  SYM(lib, defaultFigure, "mjv_defaultFigure");
  SYM(lib, defaultScene, "mjv_defaultScene");
  SYM(lib, makeScene, "mjv_makeScene");
  SYM(lib, freeScene, "mjv_freeScene");
  SYM(lib, updateScene, "mjv_updateScene");
  SYM(lib, addGeoms, "mjv_addGeoms");
  SYM(lib, makeLights, "mjv_makeLights");
  SYM(lib, updateCamera, "mjv_updateCamera");
  SYM(lib, updateSkin, "mjv_updateSkin");
  SYM(lib, updateActiveFlex, "mjv_updateActiveFlex");
  SYM(lib, updateActiveSkin, "mjv_updateActiveSkin");
  SYM(lib, room2model, "mjv_room2model");
  SYM(lib, model2room, "mjv_model2room");
  SYM(lib, cameraInModel, "mjv_cameraInModel");
  SYM(lib, cameraInRoom, "mjv_cameraInRoom");
  SYM(lib, frustumHeight, "mjv_frustumHeight");
  SYM(lib, alignToCamera, "mjv_alignToCamera");
  SYM(lib, moveCamera, "mjv_moveCamera");
  SYM(lib, movePerturb, "mjv_movePerturb");
  SYM(lib, moveModel, "mjv_moveModel");
  SYM(lib, initPerturb, "mjv_initPerturb");
  SYM(lib, applyPerturbPose, "mjv_applyPerturbPose");
  SYM(lib, applyPerturbForce, "mjv_applyPerturbForce");
  SYM(lib, averageCamera, "mjv_averageCamera");
  SYM(lib, select, "mjv_select");
  SYM(lib, cameraFrame, "mjv_cameraFrame");
  SYM(lib, cameraFrustum, "mjv_cameraFrustum");
  SYM(lib, printScene, "mj_printScene");
  SYM(lib, printFormattedScene, "mj_printFormattedScene");
  SYM(lib, user_error, "mju_user_error");
  SYM(lib, user_warning, "mju_user_warning");
  *lib->user_error = on_error;
  *lib->user_warning = on_warning;
}

//------------------------------------------ comparison --------------------------------------------

static char where[256];
static int bad_here;

static void fail(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char* fmt, ...) {
  if (bad_here++ < 3) {
    va_list ap;
    va_start(ap, fmt);
    printf("  FAIL %s: ", where);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
  }
}

static void begin(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
static void begin(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(where, sizeof(where), fmt, ap);
  va_end(ap);
  bad_here = 0;
}

static void end(void) {
  nchecks++;
  if (bad_here) nfail++;
}

static int close_enough(double a, double b, double tol) {
  if (a == b) return 1;
  if (isnan(a) && isnan(b)) return 1;
  return fabs(a - b) <= tol * (1 + fmax(fabs(a), fabs(b)));
}

static void cmp_f(const char* what, const float* a, const float* b, int n) {
  for (int i = 0; i < n; i++) {
    if (!close_enough(a[i], b[i], 1e-6)) {
      fail("%s[%d] %.9g vs %.9g", what, i, a[i], b[i]);
      return;
    }
  }
}

static void cmp_n(const char* what, const mjtNum* a, const mjtNum* b, int n) {
  for (int i = 0; i < n; i++) {
    if (!close_enough(a[i], b[i], 1e-9)) {
      fail("%s[%d] %.17g vs %.17g", what, i, a[i], b[i]);
      return;
    }
  }
}

static void cmp_i(const char* what, const int* a, const int* b, int n) {
  for (int i = 0; i < n; i++) {
    if (a[i] != b[i]) {
      fail("%s[%d] %d vs %d", what, i, a[i], b[i]);
      return;
    }
  }
}

static void cmp_b(const char* what, const mjtByte* a, const mjtByte* b, int n) {
  for (int i = 0; i < n; i++) {
    if (a[i] != b[i]) {
      fail("%s[%d] %d vs %d", what, i, a[i], b[i]);
      return;
    }
  }
}

#define CI(field) cmp_i(#field, &a->field, &b->field, 1)
#define CB(field) cmp_b(#field, &a->field, &b->field, 1)
#define CF(field, n) cmp_f(#field, (const float*)&a->field, (const float*)&b->field, n)

static void cmp_geom(int i, const mjvGeom* a, const mjvGeom* b) {
  char tag[64];
  int before = bad_here;
  CI(type); CI(dataid); CI(objtype); CI(objid); CI(category); CI(matid); CI(texcoord); CI(segid);
  CF(size, 3); CF(pos, 3); CF(mat, 9); CF(rgba, 4);
  CF(emission, 1); CF(specular, 1); CF(shininess, 1); CF(reflectance, 1);
  CF(camdist, 1); CF(modelrbound, 1); CB(transparent);
  if (strncmp(a->label, b->label, 100)) fail("label '%.100s' vs '%.100s'", a->label, b->label);
  if (bad_here > before) {
    snprintf(tag, sizeof(tag), "  (geom %d type %d objtype %d objid %d)", i, a->type, a->objtype,
             a->objid);
    if (before < 3) printf("%s\n", tag);
  }
}

static void cmp_light(const mjvLight* a, const mjvLight* b) {
  CI(id); CF(pos, 3); CF(dir, 3); CI(type); CI(texid); CF(attenuation, 3); CF(cutoff, 1);
  CF(exponent, 1); CF(ambient, 3); CF(diffuse, 3); CF(specular, 3); CB(headlight);
  CB(castshadow); CF(bulbradius, 1); CF(intensity, 1); CF(range, 1);
}

static void cmp_glcam(const mjvGLCamera* a, const mjvGLCamera* b) {
  CF(pos, 3); CF(forward, 3); CF(up, 3); CF(frustum_center, 1); CF(frustum_width, 1);
  CF(frustum_bottom, 1); CF(frustum_top, 1); CF(frustum_near, 1); CF(frustum_far, 1);
  CI(orthographic);
}

static void cmp_scene(const mjModel* m, const mjvScene* a, const mjvScene* b) {
  CI(maxgeom); CI(ngeom); CI(status); CI(nlight); CI(nflex); CI(nskin);
  if (a->ngeom == b->ngeom) {
    for (int i = 0; i < a->ngeom; i++) cmp_geom(i, a->geoms + i, b->geoms + i);
  }
  if (a->nlight == b->nlight) {
    for (int i = 0; i < a->nlight; i++) cmp_light(a->lights + i, b->lights + i);
  }
  cmp_glcam(a->camera, b->camera);
  cmp_glcam(a->camera + 1, b->camera + 1);
  CB(enabletransform); CF(translate, 3); CF(rotate, 4); CF(scale, 1); CI(stereo);
  cmp_b("flags", a->flags, b->flags, mjNRNDFLAG);
  CI(framewidth); CF(framergb, 3);
  CB(flexvertopt); CB(flexedgeopt); CB(flexfaceopt); CB(flexskinopt);
  if (a->nflex == b->nflex && a->nflex) {
    int nf = a->nflex;
    cmp_i("flexedgeadr", a->flexedgeadr, b->flexedgeadr, nf);
    cmp_i("flexedgenum", a->flexedgenum, b->flexedgenum, nf);
    cmp_i("flexvertadr", a->flexvertadr, b->flexvertadr, nf);
    cmp_i("flexvertnum", a->flexvertnum, b->flexvertnum, nf);
    cmp_i("flexfaceadr", a->flexfaceadr, b->flexfaceadr, nf);
    cmp_i("flexfacenum", a->flexfacenum, b->flexfacenum, nf);
    cmp_i("flexedge", a->flexedge, b->flexedge, 2 * m->nflexedge);
    if (a->flexvertopt || a->flexedgeopt || a->flexfaceopt || a->flexskinopt) {
      cmp_i("flexfaceused", a->flexfaceused, b->flexfaceused, nf);
      cmp_f("flexvert", a->flexvert, b->flexvert, 3 * m->nflexvert);
      for (int f = 0; f < nf; f++) {
        int used = a->flexfaceused[f], adr = a->flexfaceadr[f];
        if (used != b->flexfaceused[f]) continue;
        cmp_f("flexface", a->flexface + 9 * adr, b->flexface + 9 * adr, 9 * used);
        cmp_f("flexnormal", a->flexnormal + 9 * adr, b->flexnormal + 9 * adr, 9 * used);
        if (m->flex_texcoordadr[f] >= 0) {
          cmp_f("flextexcoord", a->flextexcoord + 6 * adr, b->flextexcoord + 6 * adr, 6 * used);
        }
      }
    }
  }
  if (a->nskin == b->nskin && a->nskin) {
    cmp_i("skinfacenum", a->skinfacenum, b->skinfacenum, a->nskin);
    cmp_i("skinvertadr", a->skinvertadr, b->skinvertadr, a->nskin);
    cmp_i("skinvertnum", a->skinvertnum, b->skinvertnum, a->nskin);
  }
}

static void cmp_skinverts(const mjModel* m, const mjvScene* a, const mjvScene* b) {
  if (m->nskin && a->nskin == b->nskin) {
    cmp_f("skinvert", a->skinvert, b->skinvert, 3 * m->nskinvert);
    cmp_f("skinnormal", a->skinnormal, b->skinnormal, 3 * m->nskinvert);
  }
}

//------------------------------------------ state -------------------------------------------------

static void set_state(const mjModel* m, mjData* d, int seed) {
  for (int i = 0; i < seed * 5 + 1; i++) urand();
  for (int i = 0; i < m->nq; i++) d->qpos[i] = m->qpos0[i] + 0.2 * srand1();
  normalize_joint_quats(m, d->qpos);
  for (int i = 0; i < m->nv; i++) d->qvel[i] = 0.5 * srand1();
  for (int i = 0; i < m->nu; i++) {
    if (m->actuator_ctrllimited[i]) {
      double lo = m->actuator_ctrlrange[2 * i], hi = m->actuator_ctrlrange[2 * i + 1];
      d->ctrl[i] = lo + (hi - lo) * urand();
    } else {
      d->ctrl[i] = 2 * srand1();
    }
  }
  for (int i = 0; i < m->na; i++) d->act[i] = srand1();
  for (int i = 1; i < m->nbody; i++) {
    if (i % 3 == 0) for (int k = 0; k < 6; k++) d->xfrc_applied[6 * i + k] = 0.3 * srand1();
  }
  for (int i = 0; i < m->nmocap; i++)
    for (int k = 0; k < 3; k++) d->mocap_pos[3 * i + k] += 0.05 * srand1();
  for (int k = 0; k < 4; k++) mj_step(m, d);
  mj_forward(m, d);
  // tactile readings need contacts with SDF geoms: give them seeded values (some zero)
  for (int i = 0; i < m->nsensor; i++) {
    if (m->sensor_type[i] != mjSENS_TACTILE) continue;
    for (int k = 0; k < m->sensor_dim[i]; k++) {
      double v = srand1();
      d->sensordata[m->sensor_adr[i] + k] = v > 0.3 ? 0 : v;
    }
  }
}

//------------------------------------------ scenes ------------------------------------------------

static mjvScene S[2];
static mjvCamera camtemplate;

// one mjv_updateScene on each library from the same inputs, compared
static void scene_case(const mjModel* m, mjData* d, const mjvOption* opt, const mjvPerturb* pert,
                       const mjvCamera* cam, int catmask, const char* fmt, ...)
    __attribute__((format(printf, 7, 8)));
static void scene_case(const mjModel* m, mjData* d, const mjvOption* opt, const mjvPerturb* pert,
                       const mjvCamera* cam, int catmask, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char name[200];
  vsnprintf(name, sizeof(name), fmt, ap);
  va_end(ap);
  begin("scene %s", name);
  mjvCamera c[2] = {*cam, *cam};
  int warn[2];
  mjtSize use[2][4];
  for (int k = 0; k < 2; k++) {
    d->warning[mjWARN_VGEOMFULL].number = 0;
    d->maxuse_stack = d->maxuse_arena = 0;
    errmsg[0] = 0;
    if (setjmp(jump) == 0) {
      armed = 1;
      L[k].updateScene(m, d, opt, pert, c + k, catmask, S + k);
      armed = 0;
    } else {
      printf("  %s: error in %s: %s\n", name, L[k].name, errmsg);
    }
    warn[k] = d->warning[mjWARN_VGEOMFULL].number;
    use[k][0] = d->maxuse_stack;
    use[k][1] = d->maxuse_arena;
    use[k][2] = d->pstack;
    use[k][3] = d->pbase;
  }
  d->warning[mjWARN_VGEOMFULL].number = 0;
  if (!strcmp(name, "defaults") || !strcmp(name, "all flags"))
    printf("  scene %s: %d geoms, %d lights\n", name, S[0].ngeom, S[0].nlight);
  cmp_scene(m, S, S + 1);
  cmp_skinverts(m, S, S + 1);
  cmp_n("camera lookat", c[0].lookat, c[1].lookat, 3);
  if (warn[0] != warn[1]) fail("VGEOMFULL warnings %d vs %d", warn[0], warn[1]);
  for (int i = 0; i < 4; i++) {
    if (use[0][i] != use[1][i])
      fail("stack bookkeeping %d (maxuse_stack, maxuse_arena, pstack, pbase): %lld vs %lld", i,
           (long long)use[0][i], (long long)use[1][i]);
  }
  end();
}

static void all_flags(mjvOption* opt) {
  for (int i = 0; i < mjNVISFLAG; i++) opt->flags[i] = 1;
  for (int i = 0; i < mjNGROUP; i++) {
    opt->geomgroup[i] = opt->sitegroup[i] = opt->jointgroup[i] = opt->tendongroup[i] = 1;
    opt->actuatorgroup[i] = opt->flexgroup[i] = opt->skingroup[i] = 1;
  }
}

static void scenes(const mjModel* mc, mjData* d, mjvPerturb* pert) {
  mjModel* m = (mjModel*)mc;
  mjvOption opt;
  mjv_defaultOption(&opt);
  mjvCamera cam = camtemplate;

  scene_case(m, d, &opt, NULL, &cam, mjCAT_ALL, "defaults");
  // the plane recentring uses the previous camera: once more from the updated scene
  scene_case(m, d, &opt, NULL, &cam, mjCAT_ALL, "defaults again");

  mjvOption all = opt;
  all_flags(&all);
  scene_case(m, d, &all, pert, &cam, mjCAT_ALL, "all flags");
  for (int label = 0; label < mjNLABEL; label++) {
    mjvOption o = all;
    o.label = label;
    o.frame = label % mjNFRAME;
    scene_case(m, d, &o, pert, &cam, mjCAT_ALL, "all flags, label %d, frame %d", label, o.frame);
  }
  for (int frame = 0; frame < mjNFRAME; frame++) {
    mjvOption o = opt;
    o.frame = frame;
    scene_case(m, d, &o, pert, &cam, mjCAT_ALL, "frame %d", frame);
  }
  for (int f = 0; f < mjNVISFLAG; f++) {
    mjvOption o = opt;
    o.flags[f] = !o.flags[f];
    scene_case(m, d, &o, pert, &cam, mjCAT_ALL, "flag %d toggled", f);
  }
  {
    mjvOption o = all;
    o.flags[mjVIS_FLEXSKIN] = 0;
    o.flex_layer = 1;
    o.bvh_depth = 3;
    scene_case(m, d, &o, pert, &cam, mjCAT_ALL, "flex faces layer 1, bvh depth 3");
    o.flags[mjVIS_CONTACTSPLIT] = 0;
    o.flags[mjVIS_INERTIA] = 0;
    o.label = mjLABEL_BODY;
    scene_case(m, d, &o, pert, &cam, mjCAT_ALL, "body labels without inertia");
    o.label = mjLABEL_SELECTION;
    scene_case(m, d, &o, pert, &cam, mjCAT_ALL, "selection label without inertia");
  }
  for (int mask = 1; mask <= 7; mask++) {
    scene_case(m, d, &all, pert, &cam, mask, "catmask %d", mask);
  }
  {
    mjvOption o = opt;
    for (int i = 0; i < mjNGROUP; i++) {
      o.geomgroup[i] = i % 2;
      o.sitegroup[i] = i % 2;
      o.skingroup[i] = (i + 1) % 2;
    }
    scene_case(m, d, &o, pert, &cam, mjCAT_ALL, "odd groups");
  }

  // cameras: tracking, fixed, orthographic
  if (m->nbody > 1) {
    mjvCamera c = cam;
    c.type = mjCAMERA_TRACKING;
    c.trackbodyid = m->nbody - 1;
    scene_case(m, d, &opt, NULL, &c, mjCAT_ALL, "tracking camera");
  }
  for (int i = 0; i < m->ncam; i++) {
    mjvCamera c = cam;
    c.type = mjCAMERA_FIXED;
    c.fixedcamid = i;
    scene_case(m, d, &all, NULL, &c, mjCAT_ALL, "fixed camera %d", i);
  }
  {
    int ortho = m->vis.global.orthographic;
    m->vis.global.orthographic = !ortho;
    scene_case(m, d, &opt, NULL, &cam, mjCAT_ALL, "orthographic toggled");
    m->vis.global.orthographic = ortho;
  }
  {
    mjvCamera c = cam;
    c.type = mjCAMERA_USER;
    scene_case(m, d, &opt, NULL, &c, mjCAT_ALL, "user camera");
  }

  // a geom buffer that overflows
  for (int k = 0; k < 2; k++) L[k].makeScene(m, S + k, 7);
  scene_case(m, d, &all, pert, &cam, mjCAT_ALL, "maxgeom 7");
  for (int k = 0; k < 2; k++) L[k].makeScene(m, S + k, MAXGEOM);
  scene_case(m, d, &opt, NULL, &cam, mjCAT_ALL, "defaults after remake");

  // mjv_addGeoms on top of an updated scene, lights and camera alone
  begin("addGeoms + makeLights + updateCamera");
  for (int k = 0; k < 2; k++) {
    mjvCamera c = cam;
    c.azimuth += 30;
    L[k].addGeoms(m, d, &all, pert, mjCAT_DECOR, S + k);
    L[k].addGeoms(m, d, &opt, NULL, mjCAT_ALL, S + k);
    L[k].updateCamera(m, d, &c, S + k);
    L[k].makeLights(m, d, S + k);
  }
  cmp_scene(m, S, S + 1);
  end();

  // mjv_updateSkin (warns that it is deprecated)
  begin("updateSkin");
  char w[2][1024];
  for (int k = 0; k < 2; k++) {
    warnmsg[0] = 0;
    L[k].updateSkin(m, d, S + k);
    snprintf(w[k], sizeof(w[k]), "%s", warnmsg);
  }
  cmp_skinverts(m, S, S + 1);
  if (strcmp(w[0], w[1])) fail("warning '%s' vs '%s'", w[0], w[1]);
  end();

  // the exported parts of mjv_updateScene that upstream's header does not declare
  for (int variant = 0; variant < 3; variant++) {
    begin("updateActiveFlex + updateActiveSkin, options %d", variant);
    mjvOption o = variant ? all : opt;
    if (variant == 2) {
      o.flags[mjVIS_FLEXSKIN] = 0;
      o.skingroup[0] = 0;
    }
    for (int k = 0; k < 2; k++) {
      L[k].updateActiveFlex(m, d, S + k, &o);
      L[k].updateActiveSkin(m, d, S + k, &o);
    }
    cmp_scene(m, S, S + 1);
    cmp_skinverts(m, S, S + 1);
    end();
  }
}

//------------------------------------------ cameras -----------------------------------------------

static const int actions[] = {mjMOUSE_ROTATE_V, mjMOUSE_ROTATE_H, mjMOUSE_MOVE_V, mjMOUSE_MOVE_H,
                              mjMOUSE_ZOOM, mjMOUSE_MOVE_V_REL, mjMOUSE_MOVE_H_REL};

static void cmp_cam(const mjvCamera* a, const mjvCamera* b) {
  CI(type); CI(fixedcamid); CI(trackbodyid); CI(orthographic);
  cmp_n("lookat", a->lookat, b->lookat, 3);
  cmp_n("distance", &a->distance, &b->distance, 1);
  cmp_n("azimuth", &a->azimuth, &b->azimuth, 1);
  cmp_n("elevation", &a->elevation, &b->elevation, 1);
}

static void cameras(const mjModel* m, mjData* d) {
  // scene cameras from the default free camera
  mjvOption opt;
  mjv_defaultOption(&opt);
  for (int k = 0; k < 2; k++) {
    mjvCamera c = camtemplate;
    L[k].updateScene(m, d, &opt, NULL, &c, mjCAT_ALL, S + k);
  }

  for (int transform = 0; transform < 2; transform++) {
    begin("room2model/model2room/cameraIn*, transform %d", transform);
    mjvScene sc[2] = {S[0], S[1]};
    for (int k = 0; k < 2; k++) {
      sc[k].enabletransform = transform;
      sc[k].translate[0] = 0.3f; sc[k].translate[1] = -0.2f; sc[k].translate[2] = 0.1f;
      sc[k].rotate[0] = 0.9f; sc[k].rotate[1] = 0.1f; sc[k].rotate[2] = -0.3f; sc[k].rotate[3] = 0.2f;
      sc[k].scale = 1.7f;
    }
    mjtNum in[7] = {0.1, -0.5, 0.7, 0.8, -0.2, 0.4, 0.1}, out[2][7], cam[2][9];
    mju_normalize4(in + 3);
    for (int k = 0; k < 2; k++) {
      L[k].room2model(out[k], out[k] + 3, in, in + 3, sc + k);
    }
    cmp_n("room2model", out[0], out[1], 7);
    for (int k = 0; k < 2; k++) L[k].model2room(out[k], out[k] + 3, in, in + 3, sc + k);
    cmp_n("model2room", out[0], out[1], 7);
    for (int k = 0; k < 2; k++) L[k].cameraInModel(cam[k], cam[k] + 3, cam[k] + 6, sc + k);
    cmp_n("cameraInModel", cam[0], cam[1], 9);
    for (int k = 0; k < 2; k++) L[k].cameraInModel(NULL, cam[k] + 3, NULL, sc + k);
    cmp_n("cameraInModel (forward only)", cam[0], cam[1], 9);
    for (int k = 0; k < 2; k++) L[k].cameraInRoom(cam[k], cam[k] + 3, cam[k] + 6, sc + k);
    cmp_n("cameraInRoom", cam[0], cam[1], 9);
    mjtNum h[2];
    for (int k = 0; k < 2; k++) h[k] = L[k].frustumHeight(sc + k);
    cmp_n("frustumHeight", h, h + 1, 1);
    mjtNum vec[3] = {0.3, -0.7, 0.2}, fwd[3] = {-0.4, 0.25, 0.9}, res[2][3];
    for (int k = 0; k < 2; k++) L[k].alignToCamera(res[k], vec, fwd);
    cmp_n("alignToCamera", res[0], res[1], 3);
    mjvGLCamera avg[2];
    for (int k = 0; k < 2; k++) avg[k] = L[k].averageCamera(sc[k].camera, sc[k].camera + 1);
    cmp_glcam(avg, avg + 1);

    // moving the model in the room
    for (int a = 0; a < 7; a++) {
      mjtNum up[3] = {0, 0, 1};
      mjvScene mv[2] = {sc[0], sc[1]};
      for (int k = 0; k < 2; k++) L[k].moveModel(m, actions[a], 0.05, -0.03, up, mv + k);
      cmp_f("moveModel translate", mv[0].translate, mv[1].translate, 3);
      cmp_f("moveModel rotate", mv[0].rotate, mv[1].rotate, 4);
      cmp_f("moveModel scale", &mv[0].scale, &mv[1].scale, 1);
    }
    end();
  }

  // camera frame, frustum and mouse motion for every camera type
  int ntype = 2 + m->ncam;
  for (int t = 0; t < ntype; t++) {
    mjvCamera c = camtemplate;
    if (t == 1) {
      if (m->nbody < 2) continue;
      c.type = mjCAMERA_TRACKING;
      c.trackbodyid = 1;
    } else if (t >= 2) {
      c.type = mjCAMERA_FIXED;
      c.fixedcamid = t - 2;
    }
    begin("camera type %d (%d): frame, frustum, moves", c.type, t);
    mjtNum fr[2][12];
    float fz[2][6];
    for (int k = 0; k < 2; k++) {
      L[k].cameraFrame(fr[k], fr[k] + 3, fr[k] + 6, fr[k] + 9, d, &c);
      L[k].cameraFrustum(fz[k], fz[k] + 2, fz[k] + 4, m, &c);
    }
    cmp_n("cameraFrame", fr[0], fr[1], 12);
    cmp_f("cameraFrustum", fz[0], fz[1], 6);
    for (int a = 0; a < 7; a++) {
      for (int rep = 0; rep < 3; rep++) {
        mjvCamera cc[2] = {c, c};
        double dx = rep == 0 ? 0.02 : (rep == 1 ? -0.7 : 2.5), dy = rep == 0 ? -0.03 : (rep == 1 ? 0.9 : -3);
        for (int k = 0; k < 2; k++) L[k].moveCamera(m, actions[a], dx, dy, S + k, cc + k);
        cmp_cam(cc, cc + 1);
      }
    }
    end();
  }
}

//------------------------------------------ perturbations -----------------------------------------

static void cmp_pert(const mjvPerturb* a, const mjvPerturb* b) {
  CI(select); CI(flexselect); CI(skinselect); CI(active); CI(active2);
  cmp_n("refpos", a->refpos, b->refpos, 3);
  cmp_n("refquat", a->refquat, b->refquat, 4);
  cmp_n("refselpos", a->refselpos, b->refselpos, 3);
  cmp_n("localpos", a->localpos, b->localpos, 3);
  cmp_n("localmass", &a->localmass, &b->localmass, 1);
  cmp_n("scale", &a->scale, &b->scale, 1);
}

static void perturbations(const mjModel* m, mjData* d, mjvPerturb* shown) {
  mjvOption opt;
  mjv_defaultOption(&opt);
  for (int k = 0; k < 2; k++) {
    mjvCamera c = camtemplate;
    L[k].updateScene(m, d, &opt, NULL, &c, mjCAT_ALL, S + k);
  }
  int bodies[3] = {1, m->nbody / 2, m->nbody - 1};
  for (int bi = 0; bi < 3; bi++) {
    int sel = bodies[bi];
    if (sel <= 0 || sel >= m->nbody) continue;
    begin("perturb body %d", sel);
    mjvPerturb p[2];
    mjtSize use[2][2];
    for (int k = 0; k < 2; k++) {
      L[k].defaultPerturb(p + k);
      p[k].select = sel;
      p[k].flexselect = m->nflex ? 0 : -1;
      p[k].localpos[0] = 0.01; p[k].localpos[1] = -0.02; p[k].localpos[2] = 0.015;
      d->maxuse_stack = d->maxuse_arena = 0;
      L[k].initPerturb(m, d, S + k, p + k);
      use[k][0] = d->maxuse_stack;
      use[k][1] = d->maxuse_arena;
    }
    cmp_pert(p, p + 1);
    if (use[0][0] != use[1][0] || use[0][1] != use[1][1]) fail("initPerturb stack use");
    for (int k = 0; k < 2; k++) {
      mjvPerturb none = p[k];
      none.select = 0;
      d->maxuse_stack = d->maxuse_arena = 0;
      L[k].initPerturb(m, d, S + k, &none);
      use[k][0] = d->maxuse_stack;
      use[k][1] = d->maxuse_arena;
    }
    if (use[0][0] != use[1][0] || use[0][1] != use[1][1]) fail("initPerturb (no selection) stack use");
    for (int a = 0; a < 7; a++) {
      for (int k = 0; k < 2; k++) L[k].movePerturb(m, d, actions[a], 0.04, -0.06, S + k, p + k);
      cmp_pert(p, p + 1);
    }
    for (int act = 1; act <= 3; act++) {
      mjvPerturb q[2] = {p[0], p[1]};
      for (int k = 0; k < 2; k++) {
        q[k].active = act;
        q[k].active2 = (act == 2) ? mjPERT_TRANSLATE : 0;
      }
      mjtNum* save = malloc(sizeof(mjtNum) * (6 * m->nbody + m->nq + 7 * m->nmocap + 1));
      mjtNum* res[2];
      int n = 6 * m->nbody + m->nq + 7 * m->nmocap;
      memcpy(save, d->xfrc_applied, sizeof(mjtNum) * 6 * m->nbody);
      memcpy(save + 6 * m->nbody, d->qpos, sizeof(mjtNum) * m->nq);
      memcpy(save + 6 * m->nbody + m->nq, d->mocap_pos, sizeof(mjtNum) * 3 * m->nmocap);
      memcpy(save + 6 * m->nbody + m->nq + 3 * m->nmocap, d->mocap_quat,
             sizeof(mjtNum) * 4 * m->nmocap);
      for (int k = 0; k < 2; k++) {
        res[k] = malloc(sizeof(mjtNum) * (n + 1));
        L[k].applyPerturbForce(m, d, q + k);
        L[k].applyPerturbPose(m, d, q + k, act != 3);
        memcpy(res[k], d->xfrc_applied, sizeof(mjtNum) * 6 * m->nbody);
        memcpy(res[k] + 6 * m->nbody, d->qpos, sizeof(mjtNum) * m->nq);
        memcpy(res[k] + 6 * m->nbody + m->nq, d->mocap_pos, sizeof(mjtNum) * 3 * m->nmocap);
        memcpy(res[k] + 6 * m->nbody + m->nq + 3 * m->nmocap, d->mocap_quat,
               sizeof(mjtNum) * 4 * m->nmocap);
        memcpy(d->xfrc_applied, save, sizeof(mjtNum) * 6 * m->nbody);
        memcpy(d->qpos, save + 6 * m->nbody, sizeof(mjtNum) * m->nq);
        memcpy(d->mocap_pos, save + 6 * m->nbody + m->nq, sizeof(mjtNum) * 3 * m->nmocap);
        memcpy(d->mocap_quat, save + 6 * m->nbody + m->nq + 3 * m->nmocap,
               sizeof(mjtNum) * 4 * m->nmocap);
      }
      cmp_n("applyPerturb (xfrc_applied, qpos, mocap)", res[0], res[1], n);
      free(res[0]);
      free(res[1]);
      free(save);
    }
    end();
    if (bi == 2) {
      *shown = p[0];
      shown->active = mjPERT_TRANSLATE | mjPERT_ROTATE;
      shown->active2 = mjPERT_TRANSLATE;
    }
  }
}

//------------------------------------------ selection ---------------------------------------------

static void selection(const mjModel* mc, mjData* d) {
  mjModel* m = (mjModel*)mc;
  for (int ortho = 0; ortho < 2; ortho++) {
    int saved = m->vis.global.orthographic;
    m->vis.global.orthographic = ortho;
    mjvOption opt;
    mjv_defaultOption(&opt);
    for (int variant = 0; variant < 2; variant++) {
      if (variant) {
        all_flags(&opt);
        opt.flags[mjVIS_STATIC] = 0;
      }
      for (int k = 0; k < 2; k++) {
        mjvCamera c = camtemplate;
        L[k].updateScene(m, d, &opt, NULL, &c, mjCAT_ALL, S + k);
      }
      begin("select, orthographic %d, options %d", ortho, variant);
      int hits = 0;
      for (int i = 0; i <= 12; i++) {
        for (int j = 0; j <= 12; j++) {
          mjtNum pnt[2][3] = {{7, 7, 7}, {7, 7, 7}};
          int ids[2][4];
          for (int k = 0; k < 2; k++) {
            ids[k][0] = L[k].select(m, d, &opt, 1.6, i / 12.0, j / 12.0, S + k, pnt[k], ids[k] + 1,
                                    ids[k] + 2, ids[k] + 3);
          }
          hits += ids[0][0] >= 0;
          cmp_i("select ids", ids[0], ids[1], 4);
          cmp_n("selpnt", pnt[0], pnt[1], 3);
        }
      }
      end();
      if (variant == 0 && ortho == 0) printf("  select: %d of 169 rays hit\n", hits);
    }
    m->vis.global.orthographic = saved;
  }
}

//------------------------------------------ errors ------------------------------------------------

static void errors(const mjModel* m, mjData* d) {
  begin("error texts");
  for (int t = 0; t < 5; t++) {
    char e[2][1024];
    for (int k = 0; k < 2; k++) {
      errmsg[0] = 0;
      mjvCamera c = camtemplate;
      float z[6];
      if (setjmp(jump) == 0) {
        armed = 1;
        switch (t) {
          case 0: c.type = mjCAMERA_FIXED; c.fixedcamid = m->ncam;
                  L[k].cameraFrustum(z, z + 2, z + 4, m, &c); break;
          case 1: c.type = mjCAMERA_TRACKING; c.trackbodyid = m->nbody;
                  L[k].updateCamera(m, d, &c, S + k); break;
          case 2: L[k].moveCamera(m, 99, 0.1, 0.1, S + k, &c); break;
          case 3: c.type = 7; L[k].cameraFrustum(z, z + 2, z + 4, m, &c); break;
          case 4: { mjvScene s = S[k]; s.camera[1].orthographic = !s.camera[0].orthographic;
                    L[k].frustumHeight(&s); break; }
        }
        armed = 0;
      }
      snprintf(e[k], sizeof(e[k]), "%s", errmsg);
    }
    if (strcmp(e[0], e[1])) fail("case %d: '%s' vs '%s'", t, e[0], e[1]);
  }
  end();
}

//------------------------------------------ printing ----------------------------------------------

static int same_file(const char* a, const char* b) {
  FILE* fa = fopen(a, "rb");
  FILE* fb = fopen(b, "rb");
  int same = fa && fb;
  while (same) {
    int ca = fgetc(fa), cb = fgetc(fb);
    if (ca != cb) same = 0;
    if (ca == EOF || cb == EOF) break;
  }
  if (fa) fclose(fa);
  if (fb) fclose(fb);
  return same;
}

static void printing(const mjModel* m, mjData* d, const mjvPerturb* pert) {
  mjvOption opt;
  mjv_defaultOption(&opt);
  all_flags(&opt);
  opt.label = mjLABEL_GEOM;
  for (int k = 0; k < 2; k++) {
    mjvCamera c = camtemplate;
    L[k].updateScene(m, d, &opt, pert, &c, mjCAT_ALL, S + k);
    S[k].enabletransform = 1;
    S[k].translate[0] = 0.25f;
    S[k].scale = 1.5f;
  }
  const char* formats[] = {NULL, "%.4e", "%12.6f", "%d"};
  for (int f = 0; f < 4; f++) {
    begin("printScene format %s", formats[f] ? formats[f] : "default");
    char pa[4096], pb[4096], pc[4096], w[2][1024];
    snprintf(pa, sizeof(pa), "%s/scene%d.ref", outdir, f);
    snprintf(pb, sizeof(pb), "%s/scene%d.our", outdir, f);
    snprintf(pc, sizeof(pc), "%s/scene%d.own", outdir, f);
    for (int k = 0; k < 2; k++) {
      warnmsg[0] = 0;
      if (formats[f]) {
        L[k].printFormattedScene(S, k ? pb : pa, formats[f]);
      } else {
        L[k].printScene(S, k ? pb : pa);
      }
      snprintf(w[k], sizeof(w[k]), "%s", warnmsg);
    }
    if (!same_file(pa, pb)) fail("files %s and %s differ", pa, pb);
    if (strcmp(w[0], w[1])) fail("warning '%s' vs '%s'", w[0], w[1]);
    end();
    begin("printScene of each library's own scene, format %s", formats[f] ? formats[f] : "default");
    if (formats[f]) L[1].printFormattedScene(S + 1, pc, formats[f]);
    else L[1].printScene(S + 1, pc);
    if (!same_file(pa, pc)) fail("files %s and %s differ", pa, pc);
    end();
  }
}

//------------------------------------------ defaults ----------------------------------------------

static void defaults(const mjModel* m) {
  begin("defaults");
  mjvCamera c[2];
  mjvPerturb p[2];
  mjvOption o[2];
  mjvScene s[2];
  static mjvFigure fig[2];
  for (int k = 0; k < 2; k++) {
    memset(c + k, 0x5a, sizeof(c[k]));
    memset(p + k, 0x5a, sizeof(p[k]));
    memset(o + k, 0x5a, sizeof(o[k]));
    memset(s + k, 0x5a, sizeof(s[k]));
    memset(fig + k, 0x5a, sizeof(fig[k]));
    L[k].defaultCamera(c + k);
    L[k].defaultPerturb(p + k);
    L[k].defaultOption(o + k);
    L[k].defaultFigure(fig + k);
    L[k].defaultScene(s + k);
  }
  if (memcmp(c, c + 1, sizeof(c[0]))) fail("mjv_defaultCamera");
  if (memcmp(p, p + 1, sizeof(p[0]))) fail("mjv_defaultPerturb");
  if (memcmp(o, o + 1, sizeof(o[0]))) fail("mjv_defaultOption");
  if (memcmp(fig, fig + 1, sizeof(fig[0]))) fail("mjv_defaultFigure");
  if (memcmp(s, s + 1, sizeof(s[0]))) fail("mjv_defaultScene");
  for (int k = 0; k < 2; k++) L[k].defaultFreeCamera(m, c + k);
  if (memcmp(c, c + 1, sizeof(c[0]))) fail("mjv_defaultFreeCamera");
  for (int k = 0; k < 2; k++) {
    L[k].makeScene(NULL, s + k, 50);
  }
  if (s[0].maxgeom != s[1].maxgeom || s[0].nflex != s[1].nflex || s[0].nskin != s[1].nskin ||
      memcmp(s[0].flags, s[1].flags, sizeof(s[0].flags)) || s[0].scale != s[1].scale ||
      memcmp(s[0].rotate, s[1].rotate, sizeof(s[0].rotate)) || !s[1].geoms || !s[1].geomorder)
    fail("mjv_makeScene without a model");
  for (int k = 0; k < 2; k++) {
    L[k].freeScene(s + k);
  }
  if (memcmp(s, s + 1, sizeof(s[0]))) fail("mjv_freeScene");
  end();
}

static void dump_scene(FILE* fp, const char* tag, const mjvScene* s) {
  fprintf(fp, "%s.ngeom %d\n%s.nlight %d\n", tag, s->ngeom, tag, s->nlight);
  for (int i = 0; i < s->ngeom; i++) {
    const mjvGeom* g = s->geoms + i;
    fprintf(fp, "%s.geom%d.ids %d %d %d %d %d %d %d %d\n", tag, i, g->type, g->dataid, g->objtype,
            g->objid, g->category, g->matid, g->texcoord, g->segid);
    fprintf(fp, "%s.geom%d.floats", tag, i);
    const float* f[] = {g->size, g->pos, g->mat, g->rgba};
    const int n[] = {3, 3, 9, 4};
    for (int k = 0; k < 4; k++)
      for (int j = 0; j < n[k]; j++) fprintf(fp, " %.9g", f[k][j]);
    fprintf(fp, " %.9g %.9g %.9g %.9g\n", g->emission, g->specular, g->shininess, g->reflectance);
    fprintf(fp, "%s.geom%d.label |%s|\n", tag, i, g->label);
  }
  for (int i = 0; i < s->nlight; i++) {
    const mjvLight* l = s->lights + i;
    fprintf(fp, "%s.light%d %d %.9g %.9g %.9g %.9g %.9g %.9g\n", tag, i, l->id, l->pos[0],
            l->pos[1], l->pos[2], l->dir[0], l->dir[1], l->dir[2]);
  }
  for (int i = 0; i < 2; i++) {
    const mjvGLCamera* c = s->camera + i;
    fprintf(fp, "%s.camera%d %.9g %.9g %.9g %.9g %.9g %.9g %.9g %.9g\n", tag, i, c->pos[0],
            c->pos[1], c->pos[2], c->forward[0], c->forward[1], c->forward[2], c->frustum_top,
            c->frustum_near);
  }
}

static int single(const char* mjb, const char* out) {
  const char* dir = getenv("MJPLUGIN_DIR");
  if (dir && *dir) mj_loadAllPluginLibraries(dir, NULL);
  mjModel* m = mj_loadModel(mjb, NULL);
  if (!m) { fprintf(stderr, "cannot load %s\n", mjb); return 2; }
  mjData* d = mj_makeData(m);
  set_state(m, d, 1);
  FILE* fp = fopen(out, "w");
  if (!fp) return 2;
  mjvScene scn;
  mjv_defaultScene(&scn);
  mjv_makeScene(m, &scn, MAXGEOM);
  mjvOption opt;
  mjv_defaultOption(&opt);
  mjvCamera cam;
  mjv_defaultFreeCamera(m, &cam);
  mjv_updateScene(m, d, &opt, NULL, &cam, mjCAT_ALL, &scn);
  dump_scene(fp, "default", &scn);
  all_flags(&opt);
  opt.label = mjLABEL_GEOM;
  mjv_updateScene(m, d, &opt, NULL, &cam, mjCAT_ALL, &scn);
  dump_scene(fp, "all", &scn);
  fclose(fp);
  mjv_freeScene(&scn);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}

int main(int argc, char** argv) {
  if (argc == 4 && !strcmp(argv[2], "--single")) return single(argv[1], argv[3]);
  if (argc != 5) {
    fprintf(stderr, "usage: vis_diff MODEL.mjb REFLIB OURLIB OUTDIR\n");
    return 2;
  }
  outdir = argv[4];
  char err[1000];
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) { fprintf(stderr, "cannot load %s\n", argv[1]); return 2; }
  (void)err;
  mjData* d = mj_makeData(m);
  load_lib(L, argv[2], "upstream");
  load_lib(L + 1, argv[3], "ours");
  mju_user_error = on_error;
  mju_user_warning = on_warning;
  if (setjmp(jump) == 0) {
    armed = 1;
    set_state(m, d, 1);
    armed = 0;
  } else {
    printf("upstream cannot simulate the model: %s\n", errmsg);
    return 4;
  }

  mjv_defaultFreeCamera(m, &camtemplate);
  camtemplate.azimuth += 17;
  camtemplate.elevation -= 8;
  for (int k = 0; k < 2; k++) {
    L[k].defaultScene(S + k);
    L[k].makeScene(m, S + k, MAXGEOM);
  }

  defaults(m);
  mjvPerturb pert;
  mjv_defaultPerturb(&pert);
  perturbations(m, d, &pert);
  cameras(m, d);
  selection(m, d);
  scenes(m, d, &pert);
  errors(m, d);
  printing(m, d, &pert);

  for (int k = 0; k < 2; k++) L[k].freeScene(S + k);
  mj_deleteData(d);
  mj_deleteModel(m);
  printf("vis: %d checks, %d failed\n", nchecks, nfail);
  return nfail ? 1 : 0;
}
