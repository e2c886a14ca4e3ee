// ray_diff: ray casting on one model, printed number by number so the runs on upstream's library
// and on ours can be compared with cmp. Built against upstream's header.
//
//   ray_diff MODEL.mjb SEED NRAY OUT
//
// Sets qpos = qpos0 + seeded noise, runs mj_forward with constraints disabled, then rounds the
// poses the ray functions read (geom_xpos, geom_xmat, xipos, flexvert_xpos) to float precision so
// that both libraries cast against bit-identical inputs even if their mj_forward differ in the
// last bits (RAY_NOROUND=1 skips the rounding). Then, for NRAY seeded rays per function:
//   mj_ray          with geomgroup NULL or a pattern, flg_static 0/1, bodyexclude -1 or a body,
//                   geomid NULL or given
//   mj_rayMesh, mj_rayMeshNormal (every mesh geom), mj_rayHfield (every hfield geom)
//   mju_rayFlex     every flex, every combination of layer and vert/edge/face/skin flags
//   mju_raySkin     every skin, on the skin's bind-pose vertices
//   mj_multiRay     several sources, with cutoffs
// then bvh_active (meshes mark the nodes they visit), and last a bundle for mj_multiRay with a
// zero direction in the middle (the error text, the outputs written before it, the stack). Rays are aimed at the objects they
// test (with noise) so that most of them hit; the rest go in random directions.
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "seeded.h"

// exported by upstream but not declared in its public header
mjtNum mj_rayMeshNormal(const mjModel* m, const mjData* d, int geomid, const mjtNum pnt[3],
                        const mjtNum vec[3], mjtNum normal[3]);

static FILE* out;

static jmp_buf caught;
static int catching;

static void on_error(const char* msg) {
  fprintf(out ? out : stdout, "ERROR %s\n", msg);
  if (catching) longjmp(caught, 1);
  if (out) fclose(out);
  exit(5);
}

static void num(double v) { fprintf(out, " %.17g", v); }

// scene scale
static double center[3], extent;

// random source point around the scene
static void random_point(mjtNum p[3]) {
  for (int k = 0; k < 3; k++) p[k] = center[k] + extent * srand1();
}

// direction from p towards target plus noise of relative size `noise`
static void aim(const mjtNum p[3], const mjtNum target[3], double noise, mjtNum v[3]) {
  double len = 0;
  for (int k = 0; k < 3; k++) { v[k] = target[k] - p[k]; len += v[k] * v[k]; }
  len = sqrt(len);
  if (len < 1e-9) len = 1;
  for (int k = 0; k < 3; k++) v[k] += noise * len * srand1();
  // random overall scale: the functions must not assume unit vectors
  double s = 0.2 + 2 * urand();
  for (int k = 0; k < 3; k++) v[k] *= s;
  if (v[0] * v[0] + v[1] * v[1] + v[2] * v[2] < 1e-12) v[2] = 1;
}

static void random_dir(mjtNum v[3]) {
  do {
    for (int k = 0; k < 3; k++) v[k] = srand1();
  } while (v[0] * v[0] + v[1] * v[1] + v[2] * v[2] < 1e-6);
}

static void round_float(mjtNum* a, int n) {
  for (int i = 0; i < n; i++) a[i] = (float)a[i];
}

static void ray_line(const char* tag, int i, const mjtNum p[3], const mjtNum v[3]) {
  fprintf(out, "%s %d", tag, i);
  num(p[0]); num(p[1]); num(p[2]); num(v[0]); num(v[1]); num(v[2]);
}

int main(int argc, char** argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: ray_diff MODEL.mjb SEED NRAY OUT\n");
    return 2;
  }
  int seed = atoi(argv[2]), nray = atoi(argv[3]);
  mju_user_error = on_error;
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) { fprintf(stderr, "cannot load %s\n", argv[1]); return 3; }
  out = fopen(argv[4], "w");
  if (!out) { perror(argv[4]); return 3; }
  m->opt.disableflags |= mjDSBL_CONSTRAINT;
  mjData* d = mj_makeData(m);

  rng += 7919ULL * seed;
  for (int i = 0; i < 10; i++) urand();
  for (int i = 0; i < m->nq; i++) d->qpos[i] = m->qpos0[i] + 0.3 * srand1();
  normalize_joint_quats(m, d->qpos);
  mj_forward(m, d);
  if (!getenv("RAY_NOROUND")) {
    round_float(d->geom_xpos, 3 * m->ngeom);
    round_float(d->geom_xmat, 9 * m->ngeom);
    round_float(d->xipos, 3 * m->nbody);
    round_float(d->flexvert_xpos, 3 * m->nflexvert);
  }
  memset(d->bvh_active, 0, m->nbvh);

  for (int k = 0; k < 3; k++) center[k] = m->stat.center[k];
  extent = m->stat.extent > 0 ? m->stat.extent : 1;
  fprintf(out, "model ngeom %d nmesh %d nhfield %d nflex %d nskin %d\n",
          m->ngeom, m->nmesh, m->nhfield, m->nflex, m->nskin);

  mjtNum p[3], v[3];

  // mj_ray
  const mjtByte groups[2][mjNGROUP] = {{1, 1, 1, 1, 1, 1}, {1, 0, 1, 0, 1, 1}};
  for (int i = 0; i < nray; i++) {
    random_point(p);
    if (m->ngeom && urand() < 0.8) {
      int g = (int)(urand() * m->ngeom) % m->ngeom;
      aim(p, d->geom_xpos + 3 * g, 0.03, v);
    } else {
      random_dir(v);
    }
    int variant = i % 8;
    const mjtByte* gg = variant & 1 ? groups[1] : (variant & 4 ? groups[0] : NULL);
    mjtByte flg_static = (variant >> 1) & 1;
    int bodyexclude = (variant == 3 || variant == 6) && m->nbody > 1 ? 1 + i % (m->nbody - 1) : -1;
    int geomid = -5;
    mjtNum x = mj_ray(m, d, p, v, gg, flg_static, bodyexclude, variant == 5 ? NULL : &geomid);
    ray_line("ray", i, p, v);
    fprintf(out, " v%d", variant);
    num(x);
    fprintf(out, " %d\n", geomid);
  }

  // meshes and height fields, geom by geom
  for (int g = 0; g < m->ngeom; g++) {
    int type = m->geom_type[g];
    if (type != mjGEOM_MESH && type != mjGEOM_HFIELD) continue;
    for (int i = 0; i < nray; i++) {
      random_point(p);
      if (urand() < 0.85) {
        mjtNum target[3];
        double r = m->geom_rbound[g] > 0 ? m->geom_rbound[g] : extent;
        for (int k = 0; k < 3; k++) target[k] = d->geom_xpos[3 * g + k] + 0.7 * r * srand1();
        aim(p, target, 0.02, v);
      } else {
        random_dir(v);
      }
      ray_line(type == mjGEOM_MESH ? "mesh" : "hfield", g, p, v);
      if (type == mjGEOM_MESH) {
        num(mj_rayMesh(m, d, g, p, v));
        mjtNum nrm[3] = {7, 7, 7};
        num(mj_rayMeshNormal(m, d, g, p, v, nrm));
        num(nrm[0]); num(nrm[1]); num(nrm[2]);
      } else {
        num(mj_rayHfield(m, d, g, p, v));
      }
      fprintf(out, "\n");
    }
  }

  // height fields: rays from just above the surface, nearly level in the field's frame, some
  // along its axes (exact zero components when the field is not rotated)
  for (int g = 0; g < m->ngeom; g++) {
    if (m->geom_type[g] != mjGEOM_HFIELD) continue;
    const mjtNum* size = m->hfield_size + 4 * m->geom_dataid[g];
    const mjtNum* xmat = d->geom_xmat + 9 * g;
    for (int i = 0; i < nray; i++) {
      mjtNum lp[3] = {1.2 * size[0] * srand1(), 1.2 * size[1] * srand1(), size[2] * (0.6 + 0.6 * urand())};
      mjtNum lv[3] = {srand1(), srand1(), -0.2 * urand()};
      double u = urand();
      if (u < 0.15) lv[0] = 0;
      else if (u < 0.3) lv[1] = 0;
      else if (u < 0.35) lv[0] = lv[1] = 0, lv[2] = -1;
      else if (u < 0.45) lv[2] = 0;
      for (int k = 0; k < 3; k++) {
        p[k] = d->geom_xpos[3 * g + k] + xmat[3*k] * lp[0] + xmat[3*k+1] * lp[1] + xmat[3*k+2] * lp[2];
        v[k] = xmat[3*k] * lv[0] + xmat[3*k+1] * lv[1] + xmat[3*k+2] * lv[2];
      }
      if (v[0] * v[0] + v[1] * v[1] + v[2] * v[2] < 1e-12) v[2] = -1;
      ray_line("hfield-level", g, p, v);
      num(mj_rayHfield(m, d, g, p, v));
      int geomid = -2;
      num(mj_ray(m, d, p, v, NULL, 1, -1, &geomid));
      fprintf(out, " %d\n", geomid);
    }
  }

  // flexes: every layer / flag combination
  for (int f = 0; f < m->nflex; f++) {
    int nv = m->flex_vertnum[f];
    for (int i = 0; i < nray; i++) {
      random_point(p);
      if (nv && urand() < 0.85) {
        int k = (int)(urand() * nv) % nv;
        aim(p, d->flexvert_xpos + 3 * (m->flex_vertadr[f] + k), 0.03, v);
      } else {
        random_dir(v);
      }
      ray_line("flex", f, p, v);
      for (int layer = 0; layer < 2; layer++) {
        for (int flags = 0; flags < 16; flags++) {
          int vertid = -7;
          mjtNum x = mju_rayFlex(m, d, layer, flags & 1, (flags >> 1) & 1, (flags >> 2) & 1,
                                 (flags >> 3) & 1, f, p, v, &vertid);
          num(x);
          fprintf(out, " %d", vertid);
        }
      }
      fprintf(out, "\n");
    }
  }

  // skins, on their bind-pose vertices
  for (int s = 0; s < m->nskin; s++) {
    const int* face = m->skin_face + 3 * m->skin_faceadr[s];
    const float* vert = m->skin_vert + 3 * m->skin_vertadr[s];
    int nface = m->skin_facenum[s], nvert = m->skin_vertnum[s];
    for (int i = 0; i < nray; i++) {
      random_point(p);
      if (nface && urand() < 0.85) {
        // a random point of a random face
        const int* fc = face + 3 * ((int)(urand() * nface) % nface);
        double w0 = urand(), w1 = urand();
        if (w0 + w1 > 1) { w0 = 1 - w0; w1 = 1 - w1; }
        mjtNum target[3];
        for (int k = 0; k < 3; k++)
          target[k] = w0 * vert[3 * fc[0] + k] + w1 * vert[3 * fc[1] + k] +
                      (1 - w0 - w1) * vert[3 * fc[2] + k];
        aim(p, target, 0.005, v);
      } else {
        random_dir(v);
      }
      int vertid = -7;
      mjtNum x = mju_raySkin(nface, nvert, face, vert, p, v, &vertid);
      ray_line("skin", s, p, v);
      num(x);
      fprintf(out, " %d\n", vertid);
    }
  }

  // mj_multiRay from a few sources
  int nsrc = 6, nmulti = nray > 10 ? nray : 10;
  mjtNum* dirs = malloc(sizeof(mjtNum) * 3 * nmulti);
  mjtNum* dist = malloc(sizeof(mjtNum) * nmulti);
  int* ids = malloc(sizeof(int) * nmulti);
  for (int s = 0; s < nsrc; s++) {
    random_point(p);
    if (s == 0) for (int k = 0; k < 3; k++) p[k] = center[k];
    for (int i = 0; i < nmulti; i++) {
      if (m->ngeom && urand() < 0.7) {
        int g = (int)(urand() * m->ngeom) % m->ngeom;
        aim(p, d->geom_xpos + 3 * g, 0.1, dirs + 3 * i);
      } else {
        random_dir(dirs + 3 * i);
      }
    }
    const mjtByte* gg = s & 1 ? groups[1] : (s & 2 ? groups[0] : NULL);
    mjtNum cutoff = s < 3 ? mjMAXVAL : extent * (0.3 + urand());
    int bodyexclude = s == 4 && m->nbody > 1 ? 1 : -1;
    mj_multiRay(m, d, p, dirs, gg, s % 3 == 0, bodyexclude, ids, dist, nmulti, cutoff);
    for (int i = 0; i < nmulti; i++) {
      ray_line("multi", s, p, dirs + 3 * i);
      num(cutoff);
      num(dist[i]);
      fprintf(out, " %d\n", ids[i]);
    }
  }
  free(dirs);
  free(dist);
  free(ids);

  fprintf(out, "bvh_active %d ", m->nbvh);
  for (int i = 0; i < m->nbvh; i++) fputc('0' + (d->bvh_active[i] != 0), out);
  fprintf(out, "\n");

  // a zero direction between two good ones: the error is raised on reaching it
  mjtNum dirs3[9] = {1, 0.2, -0.1, 0, 0, 0, -0.3, 1, 0.5}, dist3[3] = {-7, -7, -7};
  int ids3[3] = {-7, -7, -7};
  size_t pstack = d->pstack;
  catching = 1;
  if (!setjmp(caught)) {
    mj_multiRay(m, d, center, dirs3, NULL, 1, -1, ids3, dist3, 3, mjMAXVAL);
    fprintf(out, "no error\n");
  }
  catching = 0;
  fprintf(out, "short multi");
  for (int i = 0; i < 3; i++) {
    num(dist3[i]);
    fprintf(out, " %d", ids3[i]);
  }
  fprintf(out, " stack %ld\nend\n", (long)(d->pstack - pstack));
  fclose(out);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
