// ccd_diff: the convex-object internals upstream's library exports (mjc_initCCDObj, mjc_center,
// mjc_ccd, mjccd_center, mjccd_support) on random poses, dumped so upstream's library and ours
// can be compared (stage_compare.py). Built against upstream's header; the internal types are
// declared here as upstream's engine headers define them.
//
//   ccd_diff MODEL.mjb SEED NTRIAL OUT
// For every geom (and, with flexes, every flex element and vertex): the initialised object's
// fields, its centre through mjc_center, mjccd_center and obj->center, support points through
// mjccd_support and obj->support along random directions. For every pair of objects with support
// functions: mjc_ccd at random relative poses with distance queries, one and several contacts,
// EPA beyond its static buffers (the caller's allocator is used and must be freed), and a
// caller's own support and centre functions (a sphere written here).
#include <dlfcn.h>
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "seeded.h"

typedef struct { mjtNum v[3]; } ccd_vec3_t;

typedef struct _mjCCDObj {
  const mjModel* model;
  const mjData* data;
  int geom, geom_type, vertindex, meshindex, flex, elem, vert;
  mjtNum margin;
  mjtNum rotate[4];
  void (*center)(mjtNum res[3], const struct _mjCCDObj* obj);
  void (*support)(mjtNum res[3], struct _mjCCDObj* obj, const mjtNum dir[3]);
  mjtNum prism[6][3];
  const mjtNum* size;
  const float* hfield_data;
  int hfield_nrow, hfield_ncol;
} mjCCDObj;

typedef struct {
  mjtNum vert[3], vert1[3], vert2[3];
  int index1, index2;
} Vertex;

typedef struct {
  int max_iterations;
  mjtNum tolerance;
  int max_contacts;
  mjtNum dist_cutoff;
  void* context;
  void* (*alloc)(void* context, size_t nbytes);
  void (*free)(void* context, void* buffer);
} mjCCDConfig;

typedef struct {
  mjtNum dist;
  mjtNum x1[3 * mjMAXCONPAIR], x2[3 * mjMAXCONPAIR];
  int nx;
  int max_iterations;
  mjtNum tolerance;
  int max_contacts;
  mjtNum dist_cutoff;
  int gjk_iterations, epa_iterations, epa_status;
  Vertex simplex[4];
  int nsimplex;
} mjCCDStatus;

static void (*initObj)(mjCCDObj*, const mjModel*, const mjData*, int, mjtNum);
static void (*center)(mjtNum*, const mjCCDObj*);
static void (*ccdCenter)(const void*, ccd_vec3_t*);
static void (*ccdSupport)(const void*, const ccd_vec3_t*, ccd_vec3_t*);
static mjtNum (*ccd)(const mjCCDConfig*, mjCCDStatus*, mjCCDObj*, mjCCDObj*);

static jmp_buf on_error;
static void catch_error(const char* msg) { longjmp(on_error, 1); }

// allocator handed to mjc_ccd: counts live buffers and bytes asked for
static int nlive;
static size_t nbytes_asked;
static void* test_alloc(void* context, size_t nbytes) {
  (*(int*)context)++;
  nlive++;
  nbytes_asked = nbytes;
  return malloc(nbytes);
}
static void test_free(void* context, void* buffer) {
  nlive--;
  free(buffer);
}

// a caller's own shape: sphere of radius 0.07 around the geom position
static void my_center(mjtNum res[3], const mjCCDObj* obj) {
  mju_copy3(res, obj->data->geom_xpos + 3*obj->geom);
}
static void my_support(mjtNum res[3], mjCCDObj* obj, const mjtNum dir[3]) {
  mju_addScl3(res, obj->data->geom_xpos + 3*obj->geom, dir, 0.07);
  obj->meshindex = 7;
}

static void random_pose(mjtNum pos[3], mjtNum mat[9], const mjtNum c[3], mjtNum radius) {
  mjtNum q[4] = {srand1(), srand1(), srand1(), srand1()};
  mju_normalize4(q);
  mju_quat2Mat(mat, q);
  mjtNum dir[3] = {srand1(), srand1(), srand1()};
  mju_normalize3(dir);
  mjtNum r = radius * (0.05 + 1.05 * urand());
  for (int k = 0; k < 3; k++) pos[k] = c[k] + r * dir[k];
}

static void dump_obj(FILE* f, const char* name, const mjCCDObj* o) {
  fprintf(f, "%s %d %d %d %d %d %d %d %.17g %g %g %g %g %d %d %d", name, o->geom, o->geom_type,
          o->vertindex, o->meshindex, o->flex, o->elem, o->vert, o->margin, o->rotate[0],
          o->rotate[1], o->rotate[2], o->rotate[3], o->center != NULL, o->support != NULL,
          o->geom_type == mjGEOM_HFIELD ? o->hfield_nrow * 100 + o->hfield_ncol : 0);
  if (o->geom_type == mjGEOM_HFIELD) {
    fprintf(f, " %g %g %g %g %g", o->size[0], o->size[1], o->size[2], o->size[3],
            o->hfield_data[1]);
  }
  fprintf(f, "\n");
}

static void dump3(FILE* f, const mjtNum* v) {
  fprintf(f, " %.17g %.17g %.17g", v[0], v[1], v[2]);
}

// centre and support points of one object
static void probe(FILE* f, const char* name, mjCCDObj* o, int ntrial) {
  mjtNum res[3];
  ccd_vec3_t cv, dv;
  dump_obj(f, name, o);
  if (o->geom_type != mjGEOM_HFIELD) {
    fprintf(f, "%s_center", name);
    center(res, o);
    dump3(f, res);
    ccdCenter(o, &cv);
    dump3(f, cv.v);
    o->center(res, o);
    dump3(f, res);
    fprintf(f, "\n");
  }
  for (int t = 0; t < ntrial; t++) {
    mjtNum dir[3] = {srand1(), srand1(), srand1()};
    mju_normalize3(dir);
    if (o->geom_type == mjGEOM_HFIELD) {
      // prism objects: a random prism, its centre and supports
      for (int i = 0; i < 6; i++) for (int k = 0; k < 3; k++) o->prism[i][k] = srand1();
      fprintf(f, "%s_prism_%d", name, t);
      o->center(res, o);
      dump3(f, res);
      o->support(res, o, dir);
      dump3(f, res);
      fprintf(f, "\n");
      continue;
    }
    fprintf(f, "%s_support_%d", name, t);
    if (setjmp(on_error)) {
      fprintf(f, " ERROR\n");
      continue;
    }
    mju_copy3(dv.v, dir);
    ccdSupport(o, &dv, &cv);
    dump3(f, cv.v);
    fprintf(f, " %d", o->meshindex);
    if (o->support) {
      o->support(res, o, dir);
      dump3(f, res);
      fprintf(f, " %d %d", o->vertindex, o->meshindex);
    }
    fprintf(f, "\n");
  }
}

static void dump_status(FILE* f, mjtNum dist, const mjCCDStatus* s) {
  fprintf(f, " %.17g %.17g %d", dist, s->dist, s->nx);
  for (int i = 0; i < s->nx && i < mjMAXCONPAIR; i++) {
    dump3(f, s->x1 + 3*i);
    dump3(f, s->x2 + 3*i);
  }
  fprintf(f, " %d %.17g %d %.17g %d %d %d %d", s->max_iterations, s->tolerance, s->max_contacts,
          s->dist_cutoff, s->gjk_iterations, s->epa_iterations, s->epa_status, s->nsimplex);
  for (int i = 0; i < s->nsimplex && i < 4; i++) {
    dump3(f, s->simplex[i].vert);
    dump3(f, s->simplex[i].vert1);
    dump3(f, s->simplex[i].vert2);
  }
}

static int has_support(const mjModel* m, int g) {
  int t = m->geom_type[g];
  return t != mjGEOM_PLANE && t != mjGEOM_HFIELD && t != mjGEOM_SDF;
}

int main(int argc, char** argv) {
  if (argc != 5) { fprintf(stderr, "usage: ccd_diff MODEL.mjb SEED NTRIAL OUT\n"); return 2; }
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) { fprintf(stderr, "cannot load %s\n", argv[1]); return 3; }
  mjData* d = mj_makeData(m);
  mj_forward(m, d);
  int seed = atoi(argv[2]), ntrial = atoi(argv[3]);
  rng ^= (unsigned long long)seed * 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < 20; i++) urand();
  FILE* f = fopen(argv[4], "w");
  if (!f) return 2;
  mju_user_error = catch_error;

  initObj = dlsym(RTLD_DEFAULT, "mjc_initCCDObj");
  center = dlsym(RTLD_DEFAULT, "mjc_center");
  ccdCenter = dlsym(RTLD_DEFAULT, "mjccd_center");
  ccdSupport = dlsym(RTLD_DEFAULT, "mjccd_support");
  ccd = dlsym(RTLD_DEFAULT, "mjc_ccd");
  if (!initObj || !center || !ccdCenter || !ccdSupport || !ccd) {
    fprintf(f, "MISSING\n");
    fclose(f);
    return 0;
  }

  // single objects: geoms, flex elements, flex vertices
  char name[64];
  mjtNum zero[3] = {0, 0, 0};
  for (int g = 0; g < m->ngeom; g++) {
    mjCCDObj o;
    memset(&o, 0, sizeof(o));
    initObj(&o, m, d, g, (g % 2) ? 0.02 : 0);
    snprintf(name, sizeof(name), "geom_%d", g);
    if (m->geom_type[g] != mjGEOM_PLANE && m->geom_type[g] != mjGEOM_SDF) {
      random_pose(d->geom_xpos + 3*g, d->geom_xmat + 9*g, zero, 1.0);
      probe(f, name, &o, ntrial);
    } else {
      dump_obj(f, name, &o);
    }
  }
  for (int fl = 0; fl < m->nflex; fl++) {
    for (int e = 0; e < m->flex_elemnum[fl]; e += 3) {
      mjCCDObj o;
      initObj(&o, m, d, -1, 0.01);
      o.flex = fl;
      o.elem = e;
      snprintf(name, sizeof(name), "flex_%d_elem_%d", fl, e);
      probe(f, name, &o, 3);
    }
    for (int v = 0; v < m->flex_vertnum[fl]; v += 5) {
      mjCCDObj o;
      initObj(&o, m, d, -1, 0.01);
      o.flex = fl;
      o.vert = v;
      snprintf(name, sizeof(name), "flex_%d_vert_%d", fl, v);
      probe(f, name, &o, 3);
    }
  }

  // pairs of geoms through mjc_ccd
  int nalloc = 0;
  for (int a = 0; a < m->ngeom; a++) {
    for (int b = 0; b < m->ngeom; b++) {
      if (a == b || !has_support(m, a) || !has_support(m, b)) continue;
      for (int t = 0; t < ntrial; t++) {
        mjtNum rb = m->geom_rbound[a] + m->geom_rbound[b];
        random_pose(d->geom_xpos + 3*a, d->geom_xmat + 9*a, zero, 1.0);
        random_pose(d->geom_xpos + 3*b, d->geom_xmat + 9*b, d->geom_xpos + 3*a, 1.1 * rb);
        if (t % 4 == 1) mju_copy(d->geom_xmat + 9*b, d->geom_xmat + 9*a, 9);
        mjtNum margin = (t % 3 == 0) ? 0 : 0.1 * urand() * rb;
        mjCCDObj o1, o2;
        initObj(&o1, m, d, a, margin);
        initObj(&o2, m, d, b, margin);
        // a caller's own shape for the first object (not for boxes and meshes, whose contact
        // polygons come from vertex indices the shape would not match)
        if (t % 5 == 4 && m->geom_type[a] != mjGEOM_BOX && m->geom_type[a] != mjGEOM_MESH) {
          o1.support = my_support;
          o1.center = my_center;
        }
        mjCCDConfig config = {50, 1e-6, 1, 0, &nalloc, test_alloc, test_free};
        switch (t % 4) {
          case 0: config.max_contacts = 0; config.dist_cutoff = 0.5 * rb; break;
          case 1: config.max_contacts = 4; break;
          case 2: config.max_iterations = 300; config.tolerance = 1e-9; break;
          case 3: config.max_contacts = mjMAXCONPAIR; config.dist_cutoff = 1; break;
        }
        mjCCDStatus status;
        memset(&status, 0, sizeof(status));
        fprintf(f, "ccd_%d_%d_%d", a, b, t);
        if (setjmp(on_error)) {
          fprintf(f, " ERROR\n");
          continue;
        }
        int before = nalloc;
        mjtNum dist = ccd(&config, &status, &o1, &o2);
        dump_status(f, dist, &status);
        fprintf(f, " %d %d %d %d %d %d %zu\n", o1.vertindex, o1.meshindex, o2.vertindex,
                o2.meshindex, nalloc - before, nlive, nalloc > before ? nbytes_asked : 0);
      }
    }
  }
  fclose(f);
  fprintf(stderr, "%d geoms, %d flexes, %d trials\n", m->ngeom, m->nflex, ntrial);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
