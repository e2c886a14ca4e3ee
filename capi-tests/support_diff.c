// support_diff: Jacobians, object frames, applied forces and configuration helpers on a seeded
// state, printed as "label mjtNum count values" lines (compared by stage_compare.py). Built
// against upstream's header and run with each library; entry points are looked up with dlsym
// so that a missing one is reported in the output instead of failing the link.
//
//   support_diff MODEL.mjb SEED OUT
//   The state is set as stage_diff does; after mj_kinematics and mj_comPos, cvel, cdof_dot and
//   cacc get seeded random values (the functions only read them), so no later stage is needed.
#include <dlfcn.h>
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mujoco/mujoco.h>

#include "seeded.h"

static FILE* out;
static int stride = 1;  // large models: every stride-th object only

static void* sym(const char* name) {
  void* f = dlsym(RTLD_DEFAULT, name);
  if (!f) fprintf(out, "MISSING_%s\n", name);
  return f;
}

static void put(const char* label, const mjtNum* v, int n) {
  fprintf(out, "%s mjtNum %d", label, n);
  for (int i = 0; i < n; i++) fprintf(out, " %.17g", v[i]);
  fprintf(out, "\n");
}

static void set_state(const mjModel* m, mjData* d, int seed) {
  for (int i = 0; i < seed * 7 + 3; i++) urand();
  for (int i = 0; i < m->nq; i++) d->qpos[i] = m->qpos0[i] + 0.3 * srand1();
  normalize_joint_quats(m, d->qpos);
  for (int i = 0; i < m->nv; i++) d->qvel[i] = srand1();
  for (int i = 0; i < m->nmocap; i++)
    for (int k = 0; k < 3; k++) d->mocap_pos[3*i+k] += 0.1 * srand1();
}

typedef void (*md_fn)(const mjModel*, mjData*);
typedef void (*jac_fn)(const mjModel*, const mjData*, mjtNum*, mjtNum*, const mjtNum*, int);
typedef void (*jacobj_fn)(const mjModel*, const mjData*, mjtNum*, mjtNum*, int);
typedef void (*obj_fn)(const mjModel*, const mjData*, int, int, mjtNum*, int);

static void jacobians(const mjModel* m, mjData* d, mjtNum* jp, mjtNum* jr) {
  int nv = m->nv;
  char lab[128];
  jac_fn jac = (jac_fn)sym("mj_jac");
  jac_fn jacdot = (jac_fn)sym("mj_jacDot");
  jacobj_fn jbody = (jacobj_fn)sym("mj_jacBody");
  jacobj_fn jbcom = (jacobj_fn)sym("mj_jacBodyCom");
  jacobj_fn jgeom = (jacobj_fn)sym("mj_jacGeom");
  jacobj_fn jsite = (jacobj_fn)sym("mj_jacSite");
  void (*jsub)(const mjModel*, mjData*, mjtNum*, int) = sym("mj_jacSubtreeCom");
  void (*jpa)(const mjModel*, mjData*, mjtNum*, mjtNum*, const mjtNum*, const mjtNum*, int) =
      sym("mj_jacPointAxis");
  void (*angmom)(const mjModel*, mjData*, mjtNum*, int) = sym("mj_angmomMat");

  for (int b = 0; b < m->nbody; b += stride) {
    mjtNum pt[3], axis[3];
    for (int k = 0; k < 3; k++) pt[k] = d->xpos[3*b+k] + 0.2 * srand1();
    for (int k = 0; k < 3; k++) axis[k] = srand1();
    if (jac) {
      jac(m, d, jp, jr, pt, b);
      snprintf(lab, sizeof(lab), "jac_p_%d", b); put(lab, jp, 3*nv);
      snprintf(lab, sizeof(lab), "jac_r_%d", b); put(lab, jr, 3*nv);
      jac(m, d, NULL, jr, pt, b);
      snprintf(lab, sizeof(lab), "jac_ronly_%d", b); put(lab, jr, 3*nv);
      jac(m, d, jp, NULL, pt, b);
      snprintf(lab, sizeof(lab), "jac_ponly_%d", b); put(lab, jp, 3*nv);
    }
    if (jacdot) {
      jacdot(m, d, jp, jr, pt, b);
      snprintf(lab, sizeof(lab), "jacdot_p_%d", b); put(lab, jp, 3*nv);
      snprintf(lab, sizeof(lab), "jacdot_r_%d", b); put(lab, jr, 3*nv);
    }
    if (jbody) {
      jbody(m, d, jp, jr, b);
      snprintf(lab, sizeof(lab), "jacbody_p_%d", b); put(lab, jp, 3*nv);
      snprintf(lab, sizeof(lab), "jacbody_r_%d", b); put(lab, jr, 3*nv);
    }
    if (jbcom) {
      jbcom(m, d, jp, jr, b);
      snprintf(lab, sizeof(lab), "jacbodycom_p_%d", b); put(lab, jp, 3*nv);
      snprintf(lab, sizeof(lab), "jacbodycom_r_%d", b); put(lab, jr, 3*nv);
    }
    if (jsub && m->body_subtreemass[b] > 0) {
      jsub(m, d, jp, b);
      snprintf(lab, sizeof(lab), "jacsubtreecom_%d", b); put(lab, jp, 3*nv);
    }
    if (jpa) {
      jpa(m, d, jp, jr, pt, axis, b);
      snprintf(lab, sizeof(lab), "jacpointaxis_p_%d", b); put(lab, jp, 3*nv);
      snprintf(lab, sizeof(lab), "jacpointaxis_a_%d", b); put(lab, jr, 3*nv);
      jpa(m, d, NULL, jr, pt, axis, b);
      snprintf(lab, sizeof(lab), "jacpointaxis_aonly_%d", b); put(lab, jr, 3*nv);
    }
    if (angmom) {
      angmom(m, d, jp, b);
      snprintf(lab, sizeof(lab), "angmommat_%d", b); put(lab, jp, 3*nv);
    }
  }
  for (int g = 0; g < m->ngeom && jgeom; g += stride) {
    jgeom(m, d, jp, jr, g);
    snprintf(lab, sizeof(lab), "jacgeom_p_%d", g); put(lab, jp, 3*nv);
    snprintf(lab, sizeof(lab), "jacgeom_r_%d", g); put(lab, jr, 3*nv);
  }
  for (int s = 0; s < m->nsite && jsite; s += stride) {
    jsite(m, d, jp, jr, s);
    snprintf(lab, sizeof(lab), "jacsite_p_%d", s); put(lab, jp, 3*nv);
    snprintf(lab, sizeof(lab), "jacsite_r_%d", s); put(lab, jr, 3*nv);
  }
}

static void objects(const mjModel* m, mjData* d) {
  char lab[128];
  obj_fn vel = (obj_fn)sym("mj_objectVelocity");
  obj_fn acc = (obj_fn)sym("mj_objectAcceleration");
  int types[5] = {mjOBJ_BODY, mjOBJ_XBODY, mjOBJ_GEOM, mjOBJ_SITE, mjOBJ_CAMERA};
  int counts[5] = {m->nbody, m->nbody, m->ngeom, m->nsite, m->ncam};
  for (int t = 0; t < 5; t++) {
    for (int i = 0; i < counts[t]; i += stride) {
      for (int local = 0; local < 2; local++) {
        mjtNum res[6];
        if (vel) {
          vel(m, d, types[t], i, res, local);
          snprintf(lab, sizeof(lab), "objvel_%d_%d_%d", types[t], i, local); put(lab, res, 6);
        }
        if (acc) {
          acc(m, d, types[t], i, res, local);
          snprintf(lab, sizeof(lab), "objacc_%d_%d_%d", types[t], i, local); put(lab, res, 6);
        }
      }
    }
  }

  void (*l2g)(mjData*, mjtNum*, mjtNum*, const mjtNum*, const mjtNum*, int, mjtByte) =
      sym("mj_local2Global");
  for (int b = 0; b < m->nbody && l2g; b += stride) {
    mjtNum pos[3], quat[4], xpos[3], xmat[9];
    for (int k = 0; k < 3; k++) pos[k] = srand1();
    for (int k = 0; k < 4; k++) quat[k] = srand1();
    mju_normalize4(quat);
    for (int sf = 0; sf < 5; sf++) {
      mju_zero(xpos, 3);
      mju_zero(xmat, 9);
      l2g(d, xpos, xmat, pos, quat, b, (mjtByte)sf);
      snprintf(lab, sizeof(lab), "l2g_pos_%d_%d", b, sf); put(lab, xpos, 3);
      snprintf(lab, sizeof(lab), "l2g_mat_%d_%d", b, sf); put(lab, xmat, 9);
    }
  }
}

static void forces(mjModel* m, mjData* d, mjtNum* qfrc) {
  char lab[128];
  void (*applyft)(const mjModel*, mjData*, const mjtNum*, const mjtNum*, const mjtNum*, int, mjtNum*) =
      sym("mj_applyFT");
  int (*issparse)(const mjModel*) = sym("mj_isSparse");
  int (*ispyr)(const mjModel*) = sym("mj_isPyramidal");
  if (!applyft) return;
  int saved = m->opt.jacobian;
  int modes[2] = {mjJAC_DENSE, mjJAC_SPARSE};
  for (int mode = 0; mode < 2; mode++) {
    m->opt.jacobian = modes[mode];
    if (issparse) fprintf(out, "issparse_%d int 1 %d\n", mode, issparse(m));
    for (int b = 0; b < m->nbody; b += stride) {
      mjtNum f[3], t[3], pt[3];
      for (int k = 0; k < 3; k++) { f[k] = srand1(); t[k] = srand1(); pt[k] = d->xipos[3*b+k] + 0.1 * srand1(); }
      for (int i = 0; i < m->nv; i++) qfrc[i] = 0.01 * i;
      applyft(m, d, f, t, pt, b, qfrc);
      snprintf(lab, sizeof(lab), "applyft_both_%d_%d", mode, b); put(lab, qfrc, m->nv);
      applyft(m, d, f, NULL, pt, b, qfrc);
      snprintf(lab, sizeof(lab), "applyft_f_%d_%d", mode, b); put(lab, qfrc, m->nv);
      applyft(m, d, NULL, t, pt, b, qfrc);
      snprintf(lab, sizeof(lab), "applyft_t_%d_%d", mode, b); put(lab, qfrc, m->nv);
    }
  }
  m->opt.jacobian = saved;
  if (ispyr) {
    for (int c = 0; c < 2; c++) {
      int cone = m->opt.cone;
      m->opt.cone = c;
      fprintf(out, "ispyramidal_%d int 1 %d\n", c, ispyr(m));
      m->opt.cone = cone;
    }
  }
}

static void config(mjModel* m, mjData* d) {
  int nq = m->nq, nv = m->nv;
  mjtNum* q = malloc(sizeof(mjtNum) * (nq + 1));
  mjtNum* v = malloc(sizeof(mjtNum) * (nv + 1));
  void (*intpos)(const mjModel*, mjtNum*, const mjtNum*, mjtNum) = sym("mj_integratePos");
  void (*difpos)(const mjModel*, mjtNum*, mjtNum, const mjtNum*, const mjtNum*) = sym("mj_differentiatePos");
  void (*normq)(const mjModel*, mjtNum*) = sym("mj_normalizeQuat");
  mjtNum (*gettm)(const mjModel*) = sym("mj_getTotalmass");
  void (*settm)(mjModel*, mjtNum) = sym("mj_setTotalmass");
  if (intpos) {
    for (int k = 0; k < 3; k++) {
      mjtNum dt = k == 0 ? 0.01 : (k == 1 ? 0.37 : -0.05);
      memcpy(q, d->qpos, sizeof(mjtNum) * nq);
      intpos(m, q, d->qvel, dt);
      char lab[64];
      snprintf(lab, sizeof(lab), "integratepos_%d", k); put(lab, q, nq);
    }
  }
  if (difpos) {
    difpos(m, v, 0.01, m->qpos0, d->qpos);
    put("differentiatepos_0", v, nv);
    difpos(m, v, 0.3, d->qpos, m->qpos0);
    put("differentiatepos_1", v, nv);
  }
  if (normq) {
    for (int i = 0; i < nq; i++) q[i] = d->qpos[i] * (1.5 + srand1());
    normq(m, q);
    put("normalizequat", q, nq);
  }
  if (gettm && settm) {
    mjtNum tm = gettm(m);
    put("totalmass", &tm, 1);
    settm(m, 3.7);
    put("setmass_mass", m->body_mass, m->nbody);
    put("setmass_inertia", m->body_inertia, 3*m->nbody);
    tm = gettm(m);
    put("totalmass_after", &tm, 1);
  }
  free(q);
  free(v);
}

// internal entry points upstream exports (not in mujoco.h), after a full mj_forward
static void internals(mjModel* m, mjData* d) {
  char lab[128];
  int nv = m->nv > 0 ? m->nv : 1;
  mj_forward(m, d);
  int (*actdis)(const mjModel*, int) = sym("mj_actuatorDisabled");
  for (int pattern = 0; pattern < 3 && actdis; pattern++) {
    int saved = m->opt.disableactuator;
    m->opt.disableactuator = pattern == 0 ? 0 : (pattern == 1 ? 1 : 6);
    for (int i = 0; i < m->nu; i += stride) {
      snprintf(lab, sizeof(lab), "actuatordisabled_%d_%d", pattern, i);
      fprintf(out, "%s int 1 %d\n", lab, actdis(m, i));
    }
    m->opt.disableactuator = saved;
  }
  mjtNum* buf = malloc(sizeof(mjtNum) * 3 * nv);
  mjtNum* buf2 = malloc(sizeof(mjtNum) * 3 * nv);
  mjtNum* buf3 = malloc(sizeof(mjtNum) * 3 * nv);
  void (*tdot)(const mjModel*, mjData*, int, mjtNum*) = sym("mj_tendonDot");
  for (int t = 0; t < m->ntendon && tdot; t += stride) {
    int geomwrap = 0;  // not supported upstream (an error)
    for (int w = m->tendon_adr[t]; w < m->tendon_adr[t] + m->tendon_num[t]; w++)
      geomwrap |= m->wrap_type[w] == mjWRAP_SPHERE || m->wrap_type[w] == mjWRAP_CYLINDER;
    if (geomwrap) continue;
    for (int i = 0; i < nv; i++) buf[i] = -7;
    tdot(m, d, t, buf);
    snprintf(lab, sizeof(lab), "tendondot_%d", t); put(lab, buf, m->nv);
  }
  void (*tbias)(const mjModel*, mjData*, mjtNum*) = sym("mj_tendonBias");
  if (tbias) {
    for (int i = 0; i < nv; i++) buf[i] = 0.01 * i;
    tbias(m, d, buf);
    put("tendonbias", buf, m->nv);
  }
  void (*ipi)(const mjModel*, mjtNum*, const mjtNum*, mjtNum, const int*, int) = sym("mj_integratePosInd");
  if (ipi) {
    mjtNum* q = malloc(sizeof(mjtNum) * (m->nq + 1));
    int* index = malloc(sizeof(int) * m->nbody);
    for (int b = 0; b < m->nbody; b++) index[b] = m->nbody - 1 - b + (b == 0 ? 0 : 0);
    index[0] = 0;
    for (int b = 1; b < m->nbody; b++) index[b] = m->nbody - b;  // bodies in reverse order
    for (int k = 0; k < 3; k++) {
      mju_copy(q, d->qpos, m->nq);
      ipi(m, q, d->qvel, 0.01 * (k + 1), k == 1 ? index : NULL, k == 2 ? (m->nbody + 1) / 2 : m->nbody);
      snprintf(lab, sizeof(lab), "integrateposind_%d", k); put(lab, q, m->nq);
    }
    free(q);
    free(index);
  }
  int (*jdp)(const mjModel*, const mjData*, int*, int, int, const mjtNum*, const mjtNum*, mjtNum*,
             mjtNum*, mjtNum*, mjtNum*, mjtNum*, mjtNum*) = sym("mj_jacDifPair");
  if (jdp) {
    int* chain = malloc(sizeof(int) * nv);
    mjtNum* difr = malloc(sizeof(mjtNum) * 3 * nv);
    int saved = m->opt.jacobian;
    for (int mode = 0; mode < 2; mode++) {
      m->opt.jacobian = mode == 0 ? mjJAC_DENSE : mjJAC_SPARSE;
      for (int b1 = 0; b1 < m->nbody; b1 += stride) {
        int b2 = (b1 * 7 + 3) % m->nbody;
        mjtNum p1[3], p2[3];
        for (int k = 0; k < 3; k++) { p1[k] = d->xpos[3*b1+k] + 0.1; p2[k] = d->xpos[3*b2+k] - 0.1; }
        int n = jdp(m, d, chain, b1, b2, p1, p2, buf, buf2, buf3, NULL, NULL, NULL);
        snprintf(lab, sizeof(lab), "jacdifpair_n_%d_%d", mode, b1);
        fprintf(out, "%s int 1 %d\n", lab, n);
        snprintf(lab, sizeof(lab), "jacdifpair_p_%d_%d", mode, b1); put(lab, buf3, 3 * n);
        n = jdp(m, d, chain, b1, b2, p1, p2, buf, buf2, NULL, buf, buf2, difr);
        snprintf(lab, sizeof(lab), "jacdifpair_r_%d_%d", mode, b1); put(lab, difr, 3 * n);
      }
    }
    m->opt.jacobian = saved;
    free(chain);
    free(difr);
  }
  void (*mrd)(mjData**, const mjModel*) = sym("mj_makeRawData");
  if (mrd) {
    // new data, then the same data given new blocks; layout, sizes and a step from reset
    mjData* d2 = NULL;
    for (int round = 0; round < 2; round++) {
      mrd(&d2, m);
      if (!d2) break;
      fprintf(out, "rawdata_sizes_%d int 3 %ld %ld %d\n", round, (long)d2->nbuffer, (long)d2->narena,
              d2->nv_awake);
      fprintf(out, "rawdata_offsets_%d int 4 %ld %ld %ld %ld\n", round, (long)((char*)d2->qvel - (char*)d2->buffer),
              (long)((char*)d2->xpos - (char*)d2->buffer), (long)((char*)d2->qM - (char*)d2->buffer),
              (long)((char*)d2->sensordata - (char*)d2->buffer));
      mj_resetData(m, d2);
      mj_step(m, d2);
      snprintf(lab, sizeof(lab), "rawdata_qpos_%d", round); put(lab, d2->qpos, m->nq);
    }
    if (d2) mj_deleteData(d2);
  }
  const char* (*vr)(const mjModel*) = sym("mj_validateReferences");
  if (vr) {
    // NULL for the model as loaded; the message for out-of-range references
    fprintf(out, "validate_ok int 1 %d\n", vr(m) == NULL);
    int* fields[3] = {m->body_parentid, m->jnt_qposadr, m->geom_bodyid};
    int counts[3] = {m->nbody, m->njnt, m->ngeom};
    for (int f = 0; f < 3; f++) {
      if (counts[f] < 2) continue;
      int saved = fields[f][1];
      fields[f][1] = 1 << 20;
      const char* r = vr(m);
      fields[f][1] = saved;
      int n = r ? (int)strlen(r) : 0;
      fprintf(out, "validate_bad_%d int %d", f, n);
      for (int k = 0; k < n; k++) fprintf(out, " %d", r[k]);
      fprintf(out, "\n");
    }
  }
  free(buf);
  free(buf2);
  free(buf3);
}

// errors raised by the library: the message is recorded and the call abandoned
static jmp_buf on_error;
static char errmsg[1000];
static void catch_error(const char* msg) {
  snprintf(errmsg, sizeof(errmsg), "%s", msg);
  longjmp(on_error, 1);
}

static void put_text(const char* label, const char* text) {
  int n = (int)strlen(text);
  fprintf(out, "%s int %d", label, n);
  for (int k = 0; k < n; k++) fprintf(out, " %d", text[k]);
  fprintf(out, "\n");
}

static void put_ints(const char* label, const int* v, int n) {
  fprintf(out, "%s int %d", label, n);
  for (int i = 0; i < n; i++) fprintf(out, " %d", v[i]);
  fprintf(out, "\n");
}

// the exported internals of issue 20: mjd_rne_vel_dense, mj_stackAllocInfo, the tree sparsity
// builders (mj_makeDofDofSparse, mj_makeBSparse, mj_makeDofDofMaps), ray_triangle, mjCONDATA_SIZE
static void internals20(mjModel* m, mjData* d) {
  char lab[128];
  void (*handler)(const char*) = mju_user_error;
  mju_user_error = catch_error;

  md_fn rvd = (md_fn)sym("mjd_rne_vel_dense");
  if (rvd) {
    mj_forward(m, d);
    for (int i = 0; i < m->nD; i++) d->qDeriv[i] = 0.001 * i;
    // its dense nv x nv scratch overflows the stack of models with many dofs
    errmsg[0] = 0;
    if (!setjmp(on_error)) {
      rvd(m, d);
      put("rne_vel_dense", d->qDeriv, m->nD);
      fprintf(out, "rne_vel_dense_stack int 2 %ld %ld\n", (long)d->pstack, (long)d->maxuse_stack);
    } else {
      mj_freeStack(d);
    }
    put_text("rne_vel_dense_error", errmsg);
  }

  void* (*sai)(mjData*, size_t, size_t, const char*, int) = sym("mj_stackAllocInfo");
  if (sai) {
    mj_markStack(d);
    char* a = sai(d, 100, 8, "caller_a", 12);
    char* b = sai(d, 36, 64, NULL, 0);
    fprintf(out, "stackallocinfo int 4 %ld %ld %ld %d\n", (long)d->pstack, (long)(a - b),
            (long)((uintptr_t)b % 64), sai(d, 0, 8, "zero", 1) == NULL);
    for (int k = 0; k < 2; k++) {
      errmsg[0] = 0;
      if (!setjmp(on_error)) sai(d, (size_t)d->narena + 1, 8, k ? "big_alloc" : NULL, 77);
      snprintf(lab, sizeof(lab), "stackallocinfo_overflow_%d", k);
      put_text(lab, errmsg);
    }
    mj_freeStack(d);
  }

  // sparsity builders on the model's tree, every layout; inconsistent sizes raise errors
  void (*dds)(int, int, int, int, const int*, const int*, int*, int*, int*, int*, int, int, int*) =
      sym("mj_makeDofDofSparse");
  int nv = m->nv, nmax = m->nD + m->nM + m->nC + m->nbody + m->nB + 1;
  int* rownnz = malloc(sizeof(int) * (nv + 1));
  int* rowadr = malloc(sizeof(int) * (nv + 1));
  int* diag = malloc(sizeof(int) * (nv + 1));
  int* colind = malloc(sizeof(int) * nmax);
  int* scratch = malloc(sizeof(int) * nmax);
  if (dds && nv > 0) {
    for (int mode = 0; mode < 4; mode++) {
      int reduced = mode & 1, upper = mode >> 1;
      memset(diag, -1, sizeof(int) * nv);
      snprintf(lab, sizeof(lab), "dofdofsparse_%d", mode);
      errmsg[0] = 0;
      if (!setjmp(on_error)) {
        dds(nv, m->nC, m->nD, m->nM, m->dof_parentid, m->dof_simplenum, rownnz, rowadr,
            mode == 1 ? NULL : diag, colind, reduced, upper, scratch);
        int nnz = rowadr[nv - 1] + rownnz[nv - 1];
        put_ints(lab, rownnz, nv);
        snprintf(lab, sizeof(lab), "dofdofsparse_colind_%d", mode);
        put_ints(lab, colind, nnz);
        snprintf(lab, sizeof(lab), "dofdofsparse_diag_%d", mode);
        put_ints(lab, diag, nv);
      }
      snprintf(lab, sizeof(lab), "dofdofsparse_err_%d", mode);
      put_text(lab, errmsg);
    }
    // a wrong expected size is an error
    errmsg[0] = 0;
    if (!setjmp(on_error)) {
      dds(nv, m->nC, m->nD + 1, m->nM, m->dof_parentid, m->dof_simplenum, rownnz, rowadr, diag,
          scratch + nv, 0, 1, scratch);
    }
    put_text("dofdofsparse_bad", errmsg);
  }
  void (*bs)(int, int, int, const int*, const int*, const int*, int*, int*, int*, int*) =
      sym("mj_makeBSparse");
  if (bs) {
    int* brn = malloc(sizeof(int) * m->nbody);
    int* bra = malloc(sizeof(int) * m->nbody);
    for (int k = 0; k < 2; k++) {
      errmsg[0] = 0;
      if (!setjmp(on_error)) {
        bs(nv + k, m->nbody, m->nB, m->body_dofnum, m->body_parentid, m->body_dofadr, brn, bra,
           colind, scratch);
        snprintf(lab, sizeof(lab), "bsparse_rownnz_%d", k); put_ints(lab, brn, m->nbody);
        snprintf(lab, sizeof(lab), "bsparse_rowadr_%d", k); put_ints(lab, bra, m->nbody);
        snprintf(lab, sizeof(lab), "bsparse_colind_%d", k); put_ints(lab, colind, m->nB);
      }
      snprintf(lab, sizeof(lab), "bsparse_err_%d", k);
      put_text(lab, errmsg);
    }
    free(brn);
    free(bra);
  }
  void (*maps)(int, int, int, int, const int*, const int*, const int*, const int*, const int*,
               const int*, const int*, const int*, const int*, int*, int*, int*, int*, int*) =
      sym("mj_makeDofDofMaps");
  if (maps && nv > 0) {
    int* m2d = malloc(sizeof(int) * m->nD);
    int* d2m = malloc(sizeof(int) * m->nC);
    int* m2m = malloc(sizeof(int) * m->nC);
    int* legacy = malloc(sizeof(int) * m->nM);
    errmsg[0] = 0;
    if (!setjmp(on_error)) {
      maps(nv, m->nM, m->nC, m->nD, m->dof_Madr, m->dof_simplenum, m->dof_parentid, m->D_rownnz,
           m->D_rowadr, m->D_colind, m->M_rownnz, m->M_rowadr, m->M_colind, m2d, d2m, m2m, legacy,
           scratch);
      put_ints("dofdofmaps_m2d", m2d, m->nD);
      put_ints("dofdofmaps_d2m", d2m, m->nC);
      put_ints("dofdofmaps_m2m", m2m, m->nC);
      put_ints("dofdofmaps_legacy", legacy, m->nM);
      put_ints("dofdofmaps_model", m->mapM2M, m->nC);
    }
    put_text("dofdofmaps_err", errmsg);
    free(m2d);
    free(d2m);
    free(m2m);
    free(legacy);
  }
  free(rownnz);
  free(rowadr);
  free(diag);
  free(colind);
  free(scratch);

  mjtNum (*rt)(mjtNum[][3], const mjtNum*, const mjtNum*, const mjtNum*, const mjtNum*, mjtNum*) =
      sym("ray_triangle");
  for (int t = 0; t < 40 && rt; t++) {
    mjtNum v[3][3], pnt[3], vec[3], b0[3], b1[3], nrm[3] = {7, 7, 7};
    for (int i = 0; i < 3; i++) for (int k = 0; k < 3; k++) v[i][k] = srand1();
    for (int k = 0; k < 3; k++) { pnt[k] = 2 * srand1(); vec[k] = -pnt[k] + 0.5 * srand1(); }
    if (t % 8 == 7) for (int k = 0; k < 3; k++) v[2][k] = v[1][k];  // degenerate triangle
    mjtNum n[3] = {vec[0], vec[1], vec[2]}, e[3] = {0, 0, 1};
    mju_normalize3(n);
    if (fabs(n[2]) > 0.9) e[0] = 1, e[2] = 0;
    mju_cross(b0, n, e);
    mju_normalize3(b0);
    mju_cross(b1, n, b0);
    mjtNum x = rt(v, pnt, vec, b0, b1, t % 2 ? nrm : NULL);
    mjtNum row[4] = {x, nrm[0], nrm[1], nrm[2]};
    snprintf(lab, sizeof(lab), "raytriangle_%d", t);
    put(lab, row, 4);
  }

  const int* cds = sym("mjCONDATA_SIZE");
  if (cds) put_ints("condata_size", cds, mjNCONDATA);

  mju_user_error = handler;
}

int main(int argc, char** argv) {
  if (argc != 4) { fprintf(stderr, "usage: support_diff MODEL.mjb SEED OUT\n"); return 2; }
  out = fopen(argv[3], "w");
  if (!out) return 2;
  mjModel* m = mj_loadModel(argv[1], NULL);
  if (!m) { fprintf(stderr, "cannot load %s\n", argv[1]); return 3; }
  mjData* d = mj_makeData(m);
  if (!d) { fprintf(stderr, "cannot make data\n"); return 3; }
  long work = (long)m->nbody * (m->nv + 1);
  if (work > 100000) stride = (int)(work / 100000) + 1;
  set_state(m, d, atoi(argv[2]));
  md_fn kin = (md_fn)sym("mj_kinematics"), compos = (md_fn)sym("mj_comPos");
  if (!kin || !compos) return 4;
  kin(m, d);
  compos(m, d);
  for (int i = 0; i < 6 * m->nbody; i++) d->cvel[i] = srand1();
  for (int i = 0; i < 6 * m->nbody; i++) d->cacc[i] = srand1();
  for (int i = 0; i < 6 * m->nv; i++) d->cdof_dot[i] = srand1();
  int nv = m->nv > 0 ? m->nv : 1;
  mjtNum* jp = malloc(sizeof(mjtNum) * 3 * nv);
  mjtNum* jr = malloc(sizeof(mjtNum) * 3 * nv);
  jacobians(m, d, jp, jr);
  objects(m, d);
  forces(m, d, jp);
  config(m, d);
  internals(m, d);
  internals20(m, d);
  free(jp);
  free(jr);
  mj_deleteData(d);
  mj_deleteModel(m);
  fclose(out);
  return 0;
}
