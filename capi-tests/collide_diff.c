// collide_diff: narrowphase functions (the exported mjc_* pair functions) on random relative
// poses, dumped so upstream's library and ours can be compared contact by contact
// (stage_compare.py). Built against upstream's header; functions are looked up with dlsym.
//
//   collide_diff MODEL.mjb SEED NTRIAL OUT
// For every geom pair (g1, g2) whose types have an exported pair function, NTRIAL trials: g1 at
// a random pose, g2 at a random orientation and a random offset of up to 1.1 times the sum of
// their bounding radii (planes: up to the other geom's radius), margin 0 or random. An error
// raised by the library is caught (mju_user_error + longjmp) and recorded as such.
// Models with SDF geoms also get the signed distance functions (mjc_distance, mjc_gradient): each
// geom alone and each SDF geom combined with every other geom in the three two-object modes, at
// NTRIAL random points and relative poses.
#include <dlfcn.h>
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "seeded.h"

typedef int (*pairfn)(const mjModel*, const mjData*, mjContact*, int, int, mjtNum);

// exported pair functions by geom type (upper triangle, as upstream's collision table)
static const char* names[mjNGEOMTYPES][mjNGEOMTYPES] = {
  /* PLANE */     {0, 0, "PlaneSphere", "PlaneCapsule", 0, "PlaneCylinder", "PlaneBox", 0, 0},
  /* HFIELD */    {0},
  /* SPHERE */    {0, 0, "SphereSphere", "SphereCapsule", "Convex", "SphereCylinder", "SphereBox", "Convex", 0},
  /* CAPSULE */   {0, 0, 0, "CapsuleCapsule", "Convex", "Convex", "CapsuleBox", "Convex", 0},
  /* ELLIPSOID */ {0, 0, 0, 0, "Convex", "Convex", "Convex", "Convex", 0},
  /* CYLINDER */  {0, 0, 0, 0, 0, "Convex", "Convex", "Convex", 0},
  /* BOX */       {0, 0, 0, 0, 0, 0, "BoxBox", "Convex", 0},
  /* MESH */      {0, 0, 0, 0, 0, 0, 0, "Convex", 0},
  /* SDF */       {0},
};

static jmp_buf on_error;
static char errmsg[1000];
static void catch_error(const char* msg) {
  snprintf(errmsg, sizeof(errmsg), "%s", msg);
  longjmp(on_error, 1);
}

static void random_pose(mjtNum pos[3], mjtNum mat[9], const mjtNum center[3], mjtNum radius) {
  mjtNum q[4] = {srand1(), srand1(), srand1(), srand1()};
  mju_normalize4(q);
  mju_quat2Mat(mat, q);
  mjtNum dir[3] = {srand1(), srand1(), srand1()};
  mju_normalize3(dir);
  mjtNum r = radius * (0.05 + 1.05 * urand());
  for (int k = 0; k < 3; k++) pos[k] = center[k] + r * dir[k];
}

typedef mjtNum (*distfn)(const mjModel*, const mjData*, const mjSDF*, const mjtNum*);
typedef void (*gradfn)(const mjModel*, const mjData*, const mjSDF*, mjtNum*, const mjtNum*);

// object id an SDF field uses for geom g: the mesh of an SDF geom, the geom itself otherwise
static int sdf_id(const mjModel* m, int g) {
  return m->geom_type[g] == mjGEOM_SDF ? m->geom_dataid[g] : g;
}

static void sdf_eval(FILE* f, const mjModel* m, const mjData* d, const mjSDF* s, mjtNum radius,
                     distfn dist, gradfn grad) {
  mjtNum x[3] = {radius * srand1(), radius * srand1(), radius * srand1()};
  if (setjmp(on_error)) {
    fprintf(f, " ERROR\n");
    return;
  }
  mjtNum g[3] = {0, 0, 0};
  mjtNum v = dist(m, d, s, x);
  grad(m, d, s, g, x);
  fprintf(f, " %.17g %.17g %.17g %.17g\n", v, g[0], g[1], g[2]);
}

// signed distance functions on random points; returns the number of combinations tried
static int sdf_fields(const mjModel* m, mjData* d, FILE* f, int ntrial) {
  int has_sdf = 0, n = 0;
  for (int g = 0; g < m->ngeom; g++) has_sdf |= m->geom_type[g] == mjGEOM_SDF;
  if (!has_sdf) return 0;
  distfn dist = (distfn)dlsym(RTLD_DEFAULT, "mjc_distance");
  gradfn grad = (gradfn)dlsym(RTLD_DEFAULT, "mjc_gradient");
  const mjpPlugin* noplugin[2] = {NULL, NULL};
  mjtNum zero[3] = {0, 0, 0};
  for (int a = 0; a < m->ngeom; a++) {
    for (int b = -1; b < m->ngeom; b++) {
      // b < 0: geom a alone; otherwise SDF geom a with geom b in each two-object mode
      if (b >= 0 && (b == a || m->geom_type[a] != mjGEOM_SDF)) continue;
      for (int type = (b < 0 ? mjSDFTYPE_SINGLE : mjSDFTYPE_INTERSECTION);
           type <= (b < 0 ? mjSDFTYPE_SINGLE : mjSDFTYPE_COLLISION); type++) {
        n++;
        for (int t = 0; t < ntrial; t++) {
          random_pose(d->geom_xpos + 3*a, d->geom_xmat + 9*a, zero, 1.0);
          if (b >= 0) random_pose(d->geom_xpos + 3*b, d->geom_xmat + 9*b, zero, 1.0);
          int id[2] = {sdf_id(m, a), b >= 0 ? sdf_id(m, b) : 0};
          mjtGeom types[2] = {m->geom_type[a], b >= 0 ? m->geom_type[b] : 0};
          mjtNum relpos[3], relmat[9];
          random_pose(relpos, relmat, zero, 0.5 * m->geom_rbound[a]);
          mjSDF s = {(const mjpPlugin**)noplugin, id, type, relpos, relmat, types};
          fprintf(f, "sdf_%d_%d_%d_%d", a, b, type, t);
          if (!dist || !grad) {
            fprintf(f, " MISSING\n");
            continue;
          }
          sdf_eval(f, m, d, &s, 1.2 * m->geom_rbound[a] + 0.05, dist, grad);
        }
      }
    }
  }
  return n;
}

int main(int argc, char** argv) {
  if (argc != 5) { fprintf(stderr, "usage: collide_diff MODEL.mjb SEED NTRIAL OUT\n"); return 2; }
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) { fprintf(stderr, "cannot load %s\n", argv[1]); return 3; }
  mjData* d = mj_makeData(m);
  int seed = atoi(argv[2]), ntrial = atoi(argv[3]);
  rng ^= (unsigned long long)seed * 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < 20; i++) urand();
  FILE* f = fopen(argv[4], "w");
  if (!f) return 2;
  mju_user_error = catch_error;

  static mjContact con[mjMAXCONPAIR];
  int npair = 0, nsdf;
  for (int a = 0; a < m->ngeom; a++) {
    for (int b = a + 1; b < m->ngeom; b++) {
      int g1 = a, g2 = b;
      if (m->geom_type[g1] > m->geom_type[g2]) { g1 = b; g2 = a; }
      const char* name = names[m->geom_type[g1]][m->geom_type[g2]];
      if (!name) continue;
      char sym[64];
      snprintf(sym, sizeof(sym), "mjc_%s", name);
      pairfn fn = (pairfn)dlsym(RTLD_DEFAULT, sym);
      npair++;
      for (int t = 0; t < ntrial; t++) {
        mjtNum zero[3] = {0, 0, 0};
        mjtNum rb1 = m->geom_rbound[g1], rb2 = m->geom_rbound[g2];
        random_pose(d->geom_xpos + 3*g1, d->geom_xmat + 9*g1, zero, 1.0);
        random_pose(d->geom_xpos + 3*g2, d->geom_xmat + 9*g2, d->geom_xpos + 3*g1,
                    1.1 * (rb1 + rb2));
        // boxes and cylinders face to face now and then: same orientation, axis offset
        if (t % 4 == 1) {
          mju_copy(d->geom_xmat + 9*g2, d->geom_xmat + 9*g1, 9);
        }
        mjtNum margin = (t % 3 == 0) ? 0 : 0.2 * urand() * (rb1 + rb2 + 0.1);
        memset(con, 0, sizeof(con));
        fprintf(f, "pair_%d_%d_%d %s", g1, g2, t, name);
        if (!fn) {
          fprintf(f, " MISSING\n");
          continue;
        }
        if (setjmp(on_error)) {
          fprintf(f, " ERROR\n");
          continue;
        }
        int n = fn(m, d, con, g1, g2, margin);
        fprintf(f, " %d", n);
        for (int i = 0; i < n && i < mjMAXCONPAIR; i++) {
          fprintf(f, " %.17g", con[i].dist);
          for (int k = 0; k < 3; k++) fprintf(f, " %.17g", con[i].pos[k]);
          for (int k = 0; k < 9; k++) fprintf(f, " %.17g", con[i].frame[k]);
        }
        fprintf(f, "\n");
      }
    }
  }
  nsdf = sdf_fields(m, d, f, ntrial);
  fclose(f);
  fprintf(stderr, "%d pairs, %d sdf combinations, %d trials each\n", npair, nsdf, ntrial);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
