// mju_ differential tests: dense (see harness.h)
//
// Vectors, matrices, quaternions, poses, spatial algebra and the small numeric utilities, on
// seeded random inputs and edge cases: zero, tiny and huge values, identity, 180-degree and
// non-normalized quaternions, singular and nearly singular matrices, sizes 0 and 1, outputs that
// alias inputs, and the error reports of bad arguments (captured by a returning handler).
#include "harness.h"

#include <stdlib.h>

// exported by upstream's library without a declaration in mujoco.h
int mju_equal3(const mjtNum vec1[3], const mjtNum vec2[3]);
void mju_mulMatMat3(mjtNum res[9], const mjtNum mat1[9], const mjtNum mat2[9]);
void mju_mulMatTMat3(mjtNum res[9], const mjtNum mat1[9], const mjtNum mat2[9]);
void mju_mulMatMatT3(mjtNum res[9], const mjtNum mat1[9], const mjtNum mat2[9]);
void mju_mulInertVec(mjtNum* res, const mjtNum inert[10], const mjtNum vec[6]);
int mju_isZeroByte(const unsigned char* vec, int n);
void mju_zeroInt(int* res, int n);
void mju_copyInt(int* res, const int* vec, int n);
void mju_gather(mjtNum* res, const mjtNum* vec, const int* ind, int n);
void mju_gatherMasked(mjtNum* res, const mjtNum* vec, const int* ind, int n);
void mju_scatter(mjtNum* res, const mjtNum* vec, const int* ind, int n);
void mju_gatherInt(int* res, const int* vec, const int* ind, int n);
void mju_scatterInt(int* res, const int* vec, const int* ind, int n);
void mju_geomSemiAxes(mjtNum semiaxes[3], const mjtNum size[3], mjtGeom type);
int mju_outsideBox(const mjtNum point[3], const mjtNum pos[3], const mjtNum mat[9],
                   const mjtNum size[3], mjtNum inflate);
void mju_defGradient(mjtNum res[9], const mjtNum p[3], const mjtNum* dof, int order);
mjtNum mju_evalBasis(const mjtNum x[3], int i, int order);
void mju_interpolate3D(mjtNum res[3], const mjtNum x[3], const mjtNum* coeff, int order);
mjtNum mju_muscleDynamicsTimescale(mjtNum dctrl, mjtNum tau_act, mjtNum tau_deact,
                                   mjtNum smoothing_width);
mjtNum mju_muscleGainLength(mjtNum length, mjtNum lmin, mjtNum lmax);
void mju_blockDiag(mjtNum* res, const mjtNum* mat, int nc_mat, int nc_res, int nb,
                   const int* perm_r, const int* perm_c, const int* block_nr, const int* block_nc,
                   const int* blockadr_r, const int* blockadr_c);

// error capture: the handler returns, so the functions go on as upstream's do
static char dense_err[1024];
static int dense_nerr;
static void dense_handler(const char* msg) {
  snprintf(dense_err, sizeof(dense_err), "%s", msg);
  dense_nerr++;
}
static void dense_catch(void) {
  dense_err[0] = 0;
  dense_nerr = 0;
  mju_user_error = dense_handler;
}
static void dense_report(const char* name, int idx) {
  mju_user_error = NULL;
  out_int(name, idx, dense_nerr);
  out_str(name, 100000 + idx, dense_err[0] ? dense_err : "(none)");
}

// sizes of the vector and matrix tests (0 and 1 included, around the 4-lane blocks of mju_dot)
static const int dense_sizes[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 31, 64};
#define DENSE_NSIZE ((int)(sizeof(dense_sizes) / sizeof(dense_sizes[0])))

// scalars with special values
static const mjtNum dense_special[] = {
  0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, 1e-300, -1e-300,
  1e10, -1e10, 1e10 * (1 + 1e-15), -1e10 * (1 + 1e-15), 2147483647.4, 2147483647.6,
  -2147483648.4, -2147483648.6, 3e9, -3e9, 1e300, -1e300, INFINITY, -INFINITY, NAN, 0.3, -7.7,
  1e-15, 9.99e-16,
};
#define DENSE_NSPECIAL ((int)(sizeof(dense_special) / sizeof(dense_special[0])))

static mjtNum dA[64 * 64], dB[64 * 64], dC[64 * 64], dD[64 * 64], dR[64 * 64];

// random matrix nr x nc; case 0 zero, 1 rank one, 2 huge, 3 tiny, 4 with exact zeros, else uniform
static void dense_mat_case(mjtNum* m, int nr, int nc, int k) {
  if (k == 1) {
    mjtNum u[64], v[64];
    for (int i = 0; i < nr; i++) u[i] = uniform(-1, 1);
    for (int j = 0; j < nc; j++) v[j] = uniform(-1, 1);
    for (int i = 0; i < nr; i++)
      for (int j = 0; j < nc; j++) m[i * nc + j] = u[i] * v[j];
    return;
  }
  for (int i = 0; i < nr * nc; i++) {
    switch (k) {
      case 0: m[i] = 0; break;
      case 2: m[i] = uniform(-1, 1) * 1e8; break;
      case 3: m[i] = uniform(-1, 1) * 1e-14; break;
      case 4: m[i] = randint(3) ? 0 : uniform(-2, 2); break;
      default: m[i] = uniform(-2, 2);
    }
  }
}

// random rotation matrix from a quaternion case
static void dense_rot_case(mjtNum m[9], int k) {
  mjtNum q[4];
  quat_case(q, k);
  mju_normalize4(q);
  mju_quat2Mat(m, q);
}

//------------------------------ 3D and 4D vectors -------------------------------------------------

static void dense_vec3(void) {
  seed(101);
  mjtNum a[3], b[3], c[3], m1[9], m2[9], r[9], s;
  for (int k = 0; k < 48; k++) {
    vec_case(a, 3, k % 6);
    vec_case(b, 3, (k / 6) % 6);
    s = (k % 5 == 0) ? 0 : uniform(-3, 3);

    mju_copy3(r, a); mju_zero3(r); out_nums("mju_zero3", k, r, 3);
    mju_copy3(r, a); out_nums("mju_copy3", k, r, 3);
    mju_scl3(r, a, s); out_nums("mju_scl3", k, r, 3);
    mju_add3(r, a, b); out_nums("mju_add3", k, r, 3);
    mju_sub3(r, a, b); out_nums("mju_sub3", k, r, 3);
    mju_copy3(r, a); mju_addTo3(r, b); out_nums("mju_addTo3", k, r, 3);
    mju_copy3(r, a); mju_subFrom3(r, b); out_nums("mju_subFrom3", k, r, 3);
    mju_copy3(r, a); mju_addToScl3(r, b, s); out_nums("mju_addToScl3", k, r, 3);
    mju_addScl3(r, a, b, s); out_nums("mju_addScl3", k, r, 3);
    mju_copy3(r, a); r[3] = mju_normalize3(r); out_nums("mju_normalize3", k, r, 4);
    out_num("mju_norm3", k, mju_norm3(a));
    out_num("mju_dot3", k, mju_dot3(a, b));
    out_num("mju_dist3", k, mju_dist3(a, b));
    mju_cross(r, a, b); out_nums("mju_cross", k, r, 3);
    out_int("mju_equal3", k, mju_equal3(a, b));
    mju_copy3(c, a); c[k % 3] += (k % 4) * 4e-16; out_int("mju_equal3", 1000 + k, mju_equal3(a, c));

    dense_mat_case(m1, 3, 3, k % 7);
    dense_mat_case(m2, 3, 3, (k / 7) % 7);
    if (k % 8 == 7) dense_rot_case(m1, k);
    mju_mulMatVec3(r, m1, a); out_nums("mju_mulMatVec3", k, r, 3);
    mju_mulMatTVec3(r, m1, a); out_nums("mju_mulMatTVec3", k, r, 3);
    mju_mulMatMat3(r, m1, m2); out_nums("mju_mulMatMat3", k, r, 9);
    mju_mulMatTMat3(r, m1, m2); out_nums("mju_mulMatTMat3", k, r, 9);
    mju_mulMatMatT3(r, m1, m2); out_nums("mju_mulMatMatT3", k, r, 9);

    // outputs that alias inputs
    mju_copy3(c, a); mju_scl3(c, c, s); out_nums("mju_scl3", 1000 + k, c, 3);
    mju_copy3(c, a); mju_add3(c, c, b); out_nums("mju_add3", 1000 + k, c, 3);
    mju_copy3(c, b); mju_sub3(c, a, c); out_nums("mju_sub3", 1000 + k, c, 3);
    mju_copy3(c, a); mju_addTo3(c, c); out_nums("mju_addTo3", 1000 + k, c, 3);
    mju_copy3(c, a); mju_addScl3(c, c, b, s); out_nums("mju_addScl3", 1000 + k, c, 3);
    mju_copy3(c, b); mju_addScl3(c, a, c, s); out_nums("mju_addScl3", 2000 + k, c, 3);
    mju_copy3(c, a); mju_cross(c, c, b); out_nums("mju_cross", 1000 + k, c, 3);
    mju_copy3(c, b); mju_cross(c, a, c); out_nums("mju_cross", 2000 + k, c, 3);
    mju_copy3(c, a); mju_mulMatVec3(c, m1, c); out_nums("mju_mulMatVec3", 1000 + k, c, 3);
    mju_copy3(c, a); mju_mulMatTVec3(c, m1, c); out_nums("mju_mulMatTVec3", 1000 + k, c, 3);
  }

  // normalize3 around the threshold
  const mjtNum tiny[] = {0, 1e-16, 5e-16, 9.9e-16, 1e-15, 1.1e-15, 1e-10, 1e200, INFINITY, NAN};
  for (int k = 0; k < (int)(sizeof(tiny) / sizeof(tiny[0])); k++) {
    mjtNum v[4] = {tiny[k], -tiny[k] * 0.5, 0};
    v[3] = mju_normalize3(v);
    out_nums("mju_normalize3", 2000 + k, v, 4);
    mjtNum q[5] = {tiny[k], 0, tiny[k] * 0.1, 0};
    q[4] = mju_normalize4(q);
    out_nums("mju_normalize4", 2000 + k, q, 5);
  }

  seed(102);
  for (int k = 0; k < 40; k++) {
    mjtNum q[5], w[4];
    if (k < 10) quat_case(q, k); else vec_case(q, 4, k % 6);
    if (k >= 30) {  // norms within mjMINVAL of 1 are left alone
      quat_case(q, 4 + k);
      for (int i = 0; i < 4; i++) q[i] *= 1 + (k - 35) * 2e-16;
    }
    mju_copy4(w, q); out_nums("mju_copy4", k, w, 4);
    mju_zero4(w); out_nums("mju_zero4", k, w, 4);
    mju_copy4(w, q); mju_unit4(w); out_nums("mju_unit4", k, w, 4);
    q[4] = mju_normalize4(q); out_nums("mju_normalize4", k, q, 5);
  }
}

//------------------------------ vectors of length n -----------------------------------------------

static void dense_vecn(void) {
  seed(201);
  int idx = 0;
  for (int si = 0; si < DENSE_NSIZE; si++) {
    int n = dense_sizes[si];
    for (int k = 0; k < 7; k++, idx++) {
      vec_case(dA, n, k % 6);
      vec_case(dB, n, (k + 3) % 6);
      if (k == 6) for (int i = 0; i < n; i++) dA[i] = -dA[i] * dA[i];  // all negative
      mjtNum s = k == 5 ? 0 : uniform(-3, 3);
      mjtNum val = uniform(-5, 5);

      dR[0] = 7; mju_fill(dR, 3, n + 1); mju_zero(dR, n); out_nums("mju_zero", idx, dR, n + 1);
      dR[0] = 7; mju_fill(dR, val, n); dR[n] = 7; out_nums("mju_fill", idx, dR, n + 1);
      dR[n] = 7; mju_copy(dR, dA, n); out_nums("mju_copy", idx, dR, n + 1);
      out_num("mju_sum", idx, mju_sum(dA, n));
      out_num("mju_L1", idx, mju_L1(dA, n));
      mju_scl(dR, dA, s, n); out_nums("mju_scl", idx, dR, n);
      mju_add(dR, dA, dB, n); out_nums("mju_add", idx, dR, n);
      mju_sub(dR, dA, dB, n); out_nums("mju_sub", idx, dR, n);
      mju_copy(dR, dA, n); mju_addTo(dR, dB, n); out_nums("mju_addTo", idx, dR, n);
      mju_copy(dR, dA, n); mju_subFrom(dR, dB, n); out_nums("mju_subFrom", idx, dR, n);
      mju_copy(dR, dA, n); mju_addToScl(dR, dB, s, n); out_nums("mju_addToScl", idx, dR, n);
      mju_addScl(dR, dA, dB, s, n); out_nums("mju_addScl", idx, dR, n);
      mju_copy(dR, dA, n); dR[0] = (n == 0) ? 5 : dR[0];
      dR[n + (n == 0)] = mju_normalize(dR, n); out_nums("mju_normalize", idx, dR, n + 1 + (n == 0));
      out_num("mju_norm", idx, mju_norm(dA, n));
      out_num("mju_dot", idx, mju_dot(dA, dB, n));
      out_num("mju_dot", 10000 + idx, mju_dot(dA, dA, n));
      out_int("mju_isZero", idx, mju_isZero(dA, n));
      mju_zero(dR, n); if (n && k == 1) dR[n - 1] = -0.0;
      out_int("mju_isZero", 10000 + idx, mju_isZero(dR, n));

      // outputs that alias inputs
      mju_copy(dR, dA, n); mju_scl(dR, dR, s, n); out_nums("mju_scl", 10000 + idx, dR, n);
      mju_copy(dR, dA, n); mju_add(dR, dR, dB, n); out_nums("mju_add", 10000 + idx, dR, n);
      mju_copy(dR, dB, n); mju_add(dR, dA, dR, n); out_nums("mju_add", 20000 + idx, dR, n);
      mju_copy(dR, dA, n); mju_add(dR, dR, dR, n); out_nums("mju_add", 30000 + idx, dR, n);
      mju_copy(dR, dA, n); mju_sub(dR, dR, dB, n); out_nums("mju_sub", 10000 + idx, dR, n);
      mju_copy(dR, dB, n); mju_sub(dR, dA, dR, n); out_nums("mju_sub", 20000 + idx, dR, n);
      mju_copy(dR, dA, n); mju_addTo(dR, dR, n); out_nums("mju_addTo", 10000 + idx, dR, n);
      mju_copy(dR, dA, n); mju_subFrom(dR, dR, n); out_nums("mju_subFrom", 10000 + idx, dR, n);
      mju_copy(dR, dA, n); mju_addToScl(dR, dR, s, n); out_nums("mju_addToScl", 10000 + idx, dR, n);
      mju_copy(dR, dA, n); mju_addScl(dR, dR, dB, s, n); out_nums("mju_addScl", 10000 + idx, dR, n);
      mju_copy(dR, dB, n); mju_addScl(dR, dA, dR, s, n); out_nums("mju_addScl", 20000 + idx, dR, n);
      mju_copy(dR, dA, n); mju_copy(dR, dR, n); out_nums("mju_copy", 10000 + idx, dR, n);
    }
  }

  // normalize around the threshold
  const mjtNum tiny[] = {0, 1e-16, 5e-16, 1e-15, 1.1e-15, 1e-10, 1e200, INFINITY, NAN};
  for (int k = 0; k < (int)(sizeof(tiny) / sizeof(tiny[0])); k++) {
    mjtNum v[6] = {tiny[k], 0, -tiny[k], 0, tiny[k] * 0.25};
    v[5] = mju_normalize(v, 5);
    out_nums("mju_normalize", 50000 + k, v, 6);
  }

  // sums that cancel, and non-finite values
  mjtNum big[9] = {1e16, 1, -1e16, 1, 3, -3, 1e-3, INFINITY, 2};
  for (int n = 0; n <= 9; n++) {
    out_num("mju_sum", 50000 + n, mju_sum(big, n));
    out_num("mju_L1", 50000 + n, mju_L1(big, n));
    out_num("mju_dot", 50000 + n, mju_dot(big, big + 0, n));
    out_num("mju_norm", 50000 + n, mju_norm(big, n));
  }
}

//------------------------------ matrices ----------------------------------------------------------

static void dense_mat(void) {
  seed(301);
  const int dims[] = {0, 1, 2, 3, 4, 5, 7, 8, 11};
  const int nd = (int)(sizeof(dims) / sizeof(dims[0]));
  int idx = 0;
  for (int i1 = 0; i1 < nd; i1++) {
    for (int i2 = 0; i2 < nd; i2++) {
      int nr = dims[i1], nc = dims[i2];
      for (int k = 0; k < 4; k++, idx++) {
        int mk = (idx + k) % 7;
        dense_mat_case(dA, nr, nc, mk);
        vec_case(dB, nr > nc ? nr : nc, (k == 3) ? 0 : 3 + k);
        vec_case(dC, nr > nc ? nr : nc, 3);
        if (k == 2) for (int i = 0; i < nr; i += 2) dB[i] = 0;  // skipped rows

        mju_mulMatVec(dR, dA, dB, nr, nc); out_nums("mju_mulMatVec", idx, dR, nr);
        mju_mulMatTVec(dR, dA, dB, nr, nc); out_nums("mju_mulMatTVec", idx, dR, nc);
        mju_transpose(dR, dA, nr, nc); out_nums("mju_transpose", idx, dR, nr * nc);

        // square n x n from the row dimension
        int n = nr;
        dense_mat_case(dD, n, n, mk);
        if (k == 1 && n <= 64) spd_case(dD, n, 1);  // nearly singular
        out_num("mju_mulVecMatVec", idx, mju_mulVecMatVec(dB, dD, dC, n));
        mju_symmetrize(dR, dD, n); out_nums("mju_symmetrize", idx, dR, n * n);
        mju_copy(dR, dD, n * n); mju_symmetrize(dR, dR, n); out_nums("mju_symmetrize", 100000 + idx, dR, n * n);
        dR[0] = 9; mju_eye(dR, n); out_nums("mju_eye", idx, dR, n * n);

        // products with a third dimension
        int c2 = dims[(i1 + i2 + k) % nd];
        dense_mat_case(dB, nc, c2, (mk + 2) % 7);
        mju_mulMatMat(dR, dA, dB, nr, nc, c2); out_nums("mju_mulMatMat", idx, dR, nr * c2);
        dense_mat_case(dC, c2, nc, (mk + 3) % 7);
        mju_mulMatMatT(dR, dA, dC, nr, nc, c2); out_nums("mju_mulMatMatT", idx, dR, nr * c2);
        dense_mat_case(dC, nr, c2, (mk + 4) % 7);
        mju_mulMatTMat(dR, dA, dC, nr, nc, c2); out_nums("mju_mulMatTMat", idx, dR, nc * c2);

        // Gram matrices, with and without a diagonal (some diagonal entries zero)
        mju_sqrMatTD(dR, dA, NULL, nr, nc); out_nums("mju_sqrMatTD", idx, dR, nc * nc);
        for (int i = 0; i < nr; i++) dD[i] = (i + k) % 3 ? uniform(0, 2) : 0;
        mju_sqrMatTD(dR, dA, dD, nr, nc); out_nums("mju_sqrMatTD", 100000 + idx, dR, nc * nc);
      }
    }
  }

  // infinite entries times skipped zeros
  mjtNum m[6] = {INFINITY, 1, 2, 3, NAN, 5}, v[3] = {0, 1, 0}, w[3] = {1, 0, 2};
  mju_mulMatTVec(dR, m, v, 2, 3); out_nums("mju_mulMatTVec", 900000, dR, 3);
  mju_mulMatVec(dR, m, w, 2, 3); out_nums("mju_mulMatVec", 900000, dR, 2);
  mjtNum z[6] = {0, 1, 0, 0, 0, 1};
  mju_mulMatMat(dR, z, m, 2, 2, 3); out_nums("mju_mulMatMat", 900000, dR, 6);
  mju_mulMatTMat(dR, z, m, 2, 3, 3); out_nums("mju_mulMatTMat", 900000, dR, 9);
  mju_sqrMatTD(dR, m, v, 3, 2); out_nums("mju_sqrMatTD", 900000, dR, 4);
  mju_sqrMatTD(dR, z, NULL, 2, 3); out_nums("mju_sqrMatTD", 900001, dR, 9);

  // block diagonalization: random permutations and block layouts
  seed(302);
  for (int k = 0; k < 30; k++) {
    int nrow = 1 + randint(9), ncol = 1 + randint(9);
    int perm_r[16], perm_c[16], block_nr[16], block_nc[16], block_r[16], block_c[16];
    for (int i = 0; i < nrow; i++) perm_r[i] = i;
    for (int i = 0; i < ncol; i++) perm_c[i] = i;
    for (int i = nrow - 1; i > 0; i--) { int j = randint(i + 1), t = perm_r[i]; perm_r[i] = perm_r[j]; perm_r[j] = t; }
    for (int i = ncol - 1; i > 0; i--) { int j = randint(i + 1), t = perm_c[i]; perm_c[i] = perm_c[j]; perm_c[j] = t; }
    int nb = 0, r0 = 0, c0 = 0;
    while (r0 < nrow && c0 < ncol && nb < 16) {
      int bnr = 1 + randint(nrow - r0), bnc = 1 + randint(ncol - c0);
      if (k % 5 == 4 && nb == 1) bnr = 0;  // empty block
      block_nr[nb] = bnr; block_nc[nb] = bnc; block_r[nb] = r0; block_c[nb] = c0;
      r0 += bnr; c0 += bnc; nb++;
    }
    dense_mat_case(dA, nrow, ncol, 3 + k % 4);
    for (int i = 0; i < nrow * ncol; i++) dR[i] = -1;
    mju_blockDiag(dR, dA, ncol, ncol, nb, perm_r, perm_c, block_nr, block_nc, block_r, block_c);
    out_nums("mju_blockDiag", k, dR, nrow * ncol);
  }
}

//------------------------------ quaternions and poses ---------------------------------------------

static void dense_quat(void) {
  seed(401);
  mjtNum q1[4], q2[4], v[3], w[3], r[16], m[9];
  for (int k = 0; k < 60; k++) {
    quat_case(q1, k % 6);
    quat_case(q2, (k / 6) % 6);
    vec_case(v, 3, k % 7 == 6 ? 0 : 3 + (k % 3));
    vec_case(w, 3, k % 5);
    if (k % 11 == 10) { q1[0] = -q1[0]; }  // w < 0: rotation beyond 180 degrees

    mju_rotVecQuat(r, v, q1); out_nums("mju_rotVecQuat", k, r, 3);
    mju_negQuat(r, q1); out_nums("mju_negQuat", k, r, 4);
    mju_mulQuat(r, q1, q2); out_nums("mju_mulQuat", k, r, 4);
    mju_mulQuatAxis(r, q1, v); out_nums("mju_mulQuatAxis", k, r, 4);
    mjtNum angle = (k % 4 == 0) ? 0 : (k % 4 == 1) ? mjPI : uniform(-10, 10);
    mju_axisAngle2Quat(r, v, angle); out_nums("mju_axisAngle2Quat", k, r, 4);
    mjtNum dt = (k % 3 == 0) ? 1 : uniform(0.001, 2);
    mju_quat2Vel(r, q1, dt); out_nums("mju_quat2Vel", k, r, 3);
    mju_subQuat(r, q1, q2); out_nums("mju_subQuat", k, r, 3);
    mju_quat2Mat(r, q1); out_nums("mju_quat2Mat", k, r, 9);
    mju_derivQuat(r, q1, w); out_nums("mju_derivQuat", k, r, 4);
    mju_copy4(r, q1); mju_quatIntegrate(r, w, uniform(-1, 1)); out_nums("mju_quatIntegrate", k, r, 4);
    mju_copy4(r, q1); mju_quatIntegrate(r, v, 0); out_nums("mju_quatIntegrate", 1000 + k, r, 4);

    // mat2Quat of rotations (all four branches) and of arbitrary matrices
    mju_copy4(r, q1); mju_normalize4(r); mju_quat2Mat(m, r);
    mju_mat2Quat(r, m); out_nums("mju_mat2Quat", k, r, 4);
    dense_mat_case(m, 3, 3, 3 + k % 3);
    mju_mat2Quat(r, m); out_nums("mju_mat2Quat", 1000 + k, r, 4);

    // aliasing
    mju_copy4(r, q1); mju_mulQuat(r, r, q2); out_nums("mju_mulQuat", 1000 + k, r, 4);
    mju_copy4(r, q2); mju_mulQuat(r, q1, r); out_nums("mju_mulQuat", 2000 + k, r, 4);
    mju_copy3(r, v); mju_rotVecQuat(r, r, q1); out_nums("mju_rotVecQuat", 1000 + k, r, 3);
    mju_copy4(r, q1); mju_negQuat(r, r); out_nums("mju_negQuat", 1000 + k, r, 4);
  }

  // 180-degree rotations about each axis and about diagonals: mat2Quat branches
  for (int k = 0; k < 12; k++) {
    mjtNum q[4] = {0, 0, 0, 0};
    if (k < 3) q[1 + k] = 1;
    else if (k < 6) { q[1 + (k % 3)] = 1; q[1 + ((k + 1) % 3)] = 1; }
    else if (k < 9) { q[0] = 1e-3; q[1 + (k % 3)] = 1; q[1 + ((k + 2) % 3)] = -0.5; }
    else { q[0] = -0.2; q[1] = 0.3 * (k - 9); q[2] = -1; q[3] = 0.1; }
    mju_normalize4(q);
    mju_quat2Mat(m, q); out_nums("mju_quat2Mat", 5000 + k, m, 9);
    mju_mat2Quat(r, m); out_nums("mju_mat2Quat", 5000 + k, r, 4);
    mju_quat2Vel(r, q, 0.5); out_nums("mju_quat2Vel", 5000 + k, r, 3);
  }

  // rotation from z to a vector
  seed(402);
  for (int k = 0; k < 30; k++) {
    switch (k) {
      case 0: v[0] = v[1] = v[2] = 0; break;
      case 1: v[0] = v[1] = 0; v[2] = 2; break;
      case 2: v[0] = v[1] = 0; v[2] = -3; break;
      case 3: v[0] = 1e-17; v[1] = 0; v[2] = -1; break;
      case 4: v[0] = 1e-17; v[1] = 0; v[2] = 1; break;
      case 5: v[0] = 1e-16; v[1] = 1e-16; v[2] = 0; break;
      case 6: v[0] = 1; v[1] = 0; v[2] = 0; break;
      default: vec_case(v, 3, 1 + k % 5);
    }
    mju_quatZ2Vec(r, v); out_nums("mju_quatZ2Vec", k, r, 4);
  }

  // rotation part of arbitrary matrices, from various guesses
  seed(403);
  for (int k = 0; k < 40; k++) {
    mjtNum guess[4];
    if (k < 6) dense_rot_case(m, k);
    else dense_mat_case(m, 3, 3, k % 7);
    if (k % 9 == 8) {  // scaled and sheared rotation
      dense_rot_case(m, k);
      for (int i = 0; i < 9; i++) m[i] = m[i] * 2.5 + (i == 1 ? 0.3 : 0);
    }
    quat_case(guess, (k / 2) % 6);
    if ((k / 2) % 6 == 3) mju_normalize4(guess);
    mju_copy4(r, guess);
    r[4] = mju_mat2Rot(r, m);
    out_nums("mju_mat2Rot", k, r, 4);
    out_int("mju_mat2Rot", 1000 + k, (int)r[4]);
  }

  // Euler angles: every valid sequence
  seed(404);
  const char axes[] = "xyzXYZ";
  int idx = 0;
  for (int a = 0; a < 6; a++)
    for (int b = 0; b < 6; b++)
      for (int c = 0; c < 6; c++, idx++) {
        char seq[4] = {axes[a], axes[b], axes[c], 0};
        mjtNum e[3] = {uniform(-4, 4), uniform(-4, 4), uniform(-4, 4)};
        if (idx % 17 == 0) e[idx % 3] = 0;
        if (idx % 13 == 0) e[0] = e[1] = e[2] = mjPI;
        mju_euler2Quat(r, e, seq);
        out_nums("mju_euler2Quat", idx, r, 4);
      }

  // bad sequences go to mju_error; the function then carries on like upstream's
  const char* bad[] = {"", "x", "xy", "xyzx", "xqz", "Abc", "z1y", "xy\xe9", "xyZZZ"};
  for (int k = 0; k < (int)(sizeof(bad) / sizeof(bad[0])); k++) {
    char seq[8] = {0};
    memcpy(seq, bad[k], strlen(bad[k]));
    mjtNum e[3] = {0.3, -1.2, 2.0};
    dense_catch();
    mju_euler2Quat(r, e, seq);
    dense_report("mju_euler2Quat", 5000 + k);
    out_nums("mju_euler2Quat", 6000 + k, r, 4);
  }
}

static void dense_pose(void) {
  seed(501);
  mjtNum p1[3], p2[3], q1[4], q2[4], r[16], vec[6], np[3], op[3], rot[9], inert[10];
  for (int k = 0; k < 60; k++) {
    vec_case(p1, 3, k % 6);
    vec_case(p2, 3, (k + 2) % 6);
    quat_case(q1, k % 6);
    quat_case(q2, (k / 6) % 6);

    mju_mulPose(r, r + 3, p1, q1, p2, q2); out_nums("mju_mulPose", k, r, 7);
    mju_negPose(r, r + 3, p1, q1); out_nums("mju_negPose", k, r, 7);
    mju_trnVecPose(r, p1, q1, p2); out_nums("mju_trnVecPose", k, r, 3);

    // aliasing of the kind upstream supports: outputs on the second pose, negation in place
    mju_copy3(r, p2); mju_copy4(r + 3, q2);
    mju_mulPose(r, r + 3, p1, q1, r, r + 3); out_nums("mju_mulPose", 1000 + k, r, 7);
    mju_copy3(r, p1); mju_copy4(r + 3, q1);
    mju_negPose(r, r + 3, r, r + 3); out_nums("mju_negPose", 1000 + k, r, 7);
    mju_copy3(r, p2); mju_trnVecPose(r, p1, q1, r); out_nums("mju_trnVecPose", 1000 + k, r, 3);

    vec_case(vec, 6, 3 + k % 3);
    if (k % 7 == 0) vec_case(vec, 6, k % 3);
    vec_case(np, 3, 3);
    vec_case(op, 3, k % 4 == 0 ? 0 : 3);
    if (k % 3 == 0) dense_rot_case(rot, k); else dense_mat_case(rot, 3, 3, k % 7);
    for (int f = 0; f < 2; f++) {
      mju_transformSpatial(r, vec, f, np, op, rot); out_nums("mju_transformSpatial", 4 * k + f, r, 6);
      mju_transformSpatial(r, vec, f, np, op, NULL); out_nums("mju_transformSpatial", 4 * k + 2 + f, r, 6);
      mju_copy(r, vec, 6); mju_transformSpatial(r, r, f, np, op, rot);
      out_nums("mju_transformSpatial", 1000 + 2 * k + f, r, 6);
    }

    vec_case(inert, 10, 3 + k % 3);
    if (k % 5 == 0) vec_case(inert, 10, k % 3);
    mju_mulInertVec(r, inert, vec); out_nums("mju_mulInertVec", k, r, 6);
  }
}

//------------------------------ scalars and utilities ---------------------------------------------

static void dense_scalar(void) {
  for (int i = 0; i < DENSE_NSPECIAL; i++) {
    mjtNum x = dense_special[i];
    out_num("mju_sign", i, mju_sign(x));
    out_int("mju_round", i, mju_round(x));
    out_int("mju_isBad", i, mju_isBad(x));
    out_num("mju_sigmoid", i, mju_sigmoid(x));
    for (int j = 0; j < DENSE_NSPECIAL; j += 3) {
      mjtNum y = dense_special[j];
      out_num("mju_min", i * 100 + j, mju_min(x, y));
      out_num("mju_max", i * 100 + j, mju_max(x, y));
      out_num("mju_clip", i * 100 + j, mju_clip(x, y, 1.5));
      out_num("mju_clip", 10000 + i * 100 + j, mju_clip(x, -1, y));
    }
  }
  seed(601);
  for (int k = 0; k < 200; k++) {
    mjtNum x = uniform(-0.2, 1.2);
    out_num("mju_sigmoid", 1000 + k, mju_sigmoid(x));
    mjtNum y = uniform(-1e6, 1e6);
    out_int("mju_round", 1000 + k, mju_round(y));
    out_int("mju_round", 2000 + k, mju_round(floor(y) + 0.5));
    out_num("mju_sign", 1000 + k, mju_sign(y));
  }

  // Halton sequence
  const int bases[] = {2, 3, 5, 7, 11, 13, -2};
  for (int b = 0; b < 7; b++)
    for (int i = -2; i < 60; i++) out_num("mju_Halton", b * 100 + i + 2, mju_Halton(i, bases[b]));
  out_num("mju_Halton", 9000, mju_Halton(2147483647, 2));
  out_num("mju_Halton", 9001, mju_Halton(123456789, 13));

  // standard normal on C's rand(), with and without the second number
  srand(12345);
  for (int k = 0; k < 100; k++) {
    mjtNum n2 = -99;
    mjtNum n1 = mju_standardNormal(k % 2 ? &n2 : NULL);
    mjtNum o[2] = {n1, n2};
    out_nums("mju_standardNormal", k, o, 2);
  }

  // conversions
  seed(602);
  float f[40];
  double d[40];
  for (int n = 0; n < 40; n += 3) {
    vec_case(dA, n, n % 6);
    for (int i = 0; i < n; i++) f[i] = (float)uniform(-1e3, 1e3);
    if (n > 3) { dA[0] = 1e300; dA[1] = -1e-300; dA[2] = NAN; dA[3] = 3.4028235677973366e38; }
    mju_f2n(dR, f, n); dR[n] = 7; out_nums("mju_f2n", n, dR, n + 1);
    float g[41];
    g[n] = 7;
    mju_n2f(g, dA, n); out_floats("mju_n2f", n, g, n + 1);
    mju_n2d(d, dA, n); out_nums("mju_n2d", n, d, n);
    mju_d2n(dR, d, n); out_nums("mju_d2n", n, dR, n);
    mju_copy(dR, dA, n); mju_d2n(dR, dR, n); out_nums("mju_d2n", 100 + n, dR, n);
  }

  // sorting
  seed(603);
  for (int k = 0; k < 40; k++) {
    int n = k % 20;
    int li[20];
    for (int i = 0; i < n; i++) {
      dA[i] = (k % 3 == 0) ? randint(4) : uniform(-5, 5);
      li[i] = (k % 2) ? randint(5) - 2 : (int)(next_u64() >> 33) - (1 << 30);
    }
    if (k == 39) for (int i = 0; i < n; i++) { dA[i] = n - i; li[i] = n - i; }
    dA[n] = 77; li[n] = 77;
    mju_insertionSort(dA, n); out_nums("mju_insertionSort", k, dA, n + 1);
    mju_insertionSortInt(li, n); out_ints("mju_insertionSortInt", k, li, n + 1);
  }

  // integers, bytes, gather and scatter
  seed(604);
  for (int k = 0; k < 30; k++) {
    int n = k % 15;
    int iv[32], ir[32], ind[32];
    unsigned char bytes[32] = {0};
    for (int i = 0; i < 32; i++) iv[i] = randint(1000) - 500;
    for (int i = 0; i < 32; i++) ir[i] = -1;
    mju_zeroInt(ir, n); out_ints("mju_zeroInt", k, ir, n + 1);
    mju_copyInt(ir, iv, n); out_ints("mju_copyInt", k, ir, n + 1);
    mju_copyInt(ir, ir, n); out_ints("mju_copyInt", 100 + k, ir, n + 1);

    if (k % 3 == 1 && n) bytes[randint(n)] = (unsigned char)(1 + randint(255));
    if (k % 6 == 5 && n) bytes[0] = 1;
    bytes[n] = 9;
    out_int("mju_isZeroByte", k, mju_isZeroByte(bytes, n));

    vec_case(dA, 32, 3);
    for (int i = 0; i < n; i++) ind[i] = randint(32);
    for (int i = 0; i < 32; i++) dR[i] = -7;
    mju_gather(dR, dA, ind, n); out_nums("mju_gather", k, dR, n + 1);
    mju_gatherInt(ir, iv, ind, n); out_ints("mju_gatherInt", k, ir, n + 1);
    for (int i = 0; i < n; i++) if (randint(3) == 0) ind[i] = -1 - randint(3);
    mju_gatherMasked(dR, dA, ind, n); out_nums("mju_gatherMasked", k, dR, n + 1);

    // scatter through a permutation of 0..n-1 into a wider array
    for (int i = 0; i < n; i++) ind[i] = 2 * i;
    for (int i = n - 1; i > 0; i--) { int j = randint(i + 1), t = ind[i]; ind[i] = ind[j]; ind[j] = t; }
    for (int i = 0; i < 32; i++) { dR[i] = -7; ir[i] = -7; }
    mju_scatter(dR, dA, ind, n); out_nums("mju_scatter", k, dR, 2 * n + 1);
    mju_scatterInt(ir, iv, ind, n); out_ints("mju_scatterInt", k, ir, 2 * n + 1);
  }
}

//------------------------------ contacts and actuators --------------------------------------------

static void dense_physics(void) {
  // friction pyramids
  seed(701);
  for (int k = 0; k < 60; k++) {
    int dim = k % 7;  // 0 .. 6
    mjtNum force[6], mu[5], pyr[10], back[6];
    vec_case(force, 6, 3);
    force[0] = (k % 5 == 0) ? 0 : uniform(0, 10);
    for (int i = 0; i < 5; i++) mu[i] = (k % 9 == 8) ? 1e-5 : uniform(0.1, 2);
    for (int i = 0; i < 10; i++) pyr[i] = -5;
    if (dim >= 1) {
      mju_encodePyramid(pyr, force, mu, dim);
      out_nums("mju_encodePyramid", k, pyr, dim > 1 ? 2 * (dim - 1) + 1 : 1);
    }
    for (int i = 0; i < 6; i++) back[i] = -5;
    if (dim == 0) { mju_decodePyramid(back, pyr, mu, dim); out_nums("mju_decodePyramid", k, back, 2); continue; }
    if (dim == 1) pyr[0] = force[0];
    mju_decodePyramid(back, pyr, mu, dim);
    out_nums("mju_decodePyramid", k, back, dim + 1);
    vec_case(pyr, 10, 3);
    mju_decodePyramid(back, pyr, mu, dim);
    out_nums("mju_decodePyramid", 1000 + k, back, dim + 1);
  }

  // spring-damper: over, critical and under damping
  seed(702);
  for (int k = 0; k < 90; k++) {
    mjtNum pos0 = uniform(-2, 2), vel0 = uniform(-2, 2), kp = uniform(0, 10), t = uniform(0, 3);
    mjtNum kv;
    switch (k % 5) {
      case 0: kv = 2 * sqrt(kp); break;                       // critical
      case 1: kv = 2 * sqrt(kp) * (1 + 1e-9); break;          // barely over
      case 2: kv = uniform(0, 1); break;                       // under
      case 3: kv = uniform(6, 20); break;                      // over
      default: kv = 0; kp = (k % 2) ? 0 : kp; break;           // undamped / free
    }
    if (k == 89) { kp = 0; kv = 0; }
    out_num("mju_springDamper", k, mju_springDamper(pos0, vel0, kp, kv, t));
  }

  // muscles
  seed(703);
  for (int k = 0; k < 120; k++) {
    mjtNum prm[9] = {0.75, 1.05, -1, 200, 0.5, 1.6, 1.5, 1.3, 1.2};
    mjtNum lr[2] = {uniform(0, 0.5), uniform(0.5, 1.5)};
    if (k % 4 == 1) prm[2] = uniform(0, 500);
    if (k % 6 == 2) { prm[4] = uniform(0.2, 0.9); prm[5] = uniform(1.1, 2); }
    if (k % 10 == 3) { prm[0] = prm[1] = 1; }           // degenerate range
    if (k % 11 == 4) { lr[1] = lr[0]; }                 // degenerate length range
    if (k % 7 == 5) prm[8] = 1;                          // fvmax = 1
    mjtNum len = uniform(lr[0] - 0.3, lr[1] + 0.3);
    mjtNum vel = uniform(-3, 3);
    mjtNum acc0 = (k % 13 == 0) ? 0 : uniform(0.1, 100);
    out_num("mju_muscleGain", k, mju_muscleGain(len, vel, lr, acc0, prm));
    out_num("mju_muscleBias", k, mju_muscleBias(len, lr, acc0, prm));

    mjtNum l = uniform(0, 2.2);
    out_num("mju_muscleGainLength", k, mju_muscleGainLength(l, prm[4], prm[5]));
    out_num("mju_muscleGainLength", 1000 + k, mju_muscleGainLength(1, prm[4], prm[5]));
    out_num("mju_muscleGainLength", 2000 + k, mju_muscleGainLength(l, 1, 1));

    mjtNum dprm[3] = {uniform(0.001, 0.05), uniform(0.01, 0.1), (k % 3) ? uniform(0, 1) : 0};
    mjtNum ctrl = uniform(-0.5, 1.5), act = uniform(-0.5, 1.5);
    out_num("mju_muscleDynamics", k, mju_muscleDynamics(ctrl, act, dprm));
    out_num("mju_muscleDynamicsTimescale", k,
            mju_muscleDynamicsTimescale(ctrl - act, dprm[0], dprm[1], dprm[2]));
  }
  const mjtNum z3[3] = {0, 0, 0};
  out_num("mju_muscleDynamics", 5000, mju_muscleDynamics(0.5, 0.5, z3));
  out_num("mju_muscleDynamicsTimescale", 5000, mju_muscleDynamicsTimescale(0, 1, 2, 1e-16));
  out_num("mju_muscleDynamicsTimescale", 5001, mju_muscleDynamicsTimescale(-0.5, 1, 2, 1));
}

//------------------------------ geometry and flex interpolation -----------------------------------

static void dense_geom(void) {
  seed(801);
  mjtNum size[3] = {0.3, 0.7, 1.1}, r[27 * 3];
  const int types[] = {mjGEOM_PLANE, mjGEOM_HFIELD, mjGEOM_SPHERE, mjGEOM_CAPSULE,
                       mjGEOM_ELLIPSOID, mjGEOM_CYLINDER, mjGEOM_BOX, mjGEOM_MESH, mjGEOM_SDF};
  for (int t = 0; t < 9; t++) {
    mju_geomSemiAxes(r, size, types[t]);
    out_nums("mju_geomSemiAxes", t, r, 3);
  }

  // point against inflated and deflated boxes
  for (int k = 0; k < 120; k++) {
    mjtNum point[3], pos[3], mat[9], bsize[3], inflate;
    vec_case(pos, 3, 3);
    dense_rot_case(mat, k % 6);
    for (int i = 0; i < 3; i++) bsize[i] = uniform(0.1, 2);
    vec_case(point, 3, 3);
    for (int i = 0; i < 3; i++) point[i] = pos[i] + point[i] * 1.5;
    inflate = (k % 4 == 0) ? 1 : uniform(1, 1.5);
    if (k % 17 == 16) { point[0] = pos[0]; point[1] = pos[1]; point[2] = pos[2]; }
    out_int("mju_outsideBox", k, mju_outsideBox(point, pos, mat, bsize, inflate));
  }
  {
    mjtNum point[3] = {0.5, 0, 0}, pos[3] = {0, 0, 0}, bsize[3] = {1, 1, 1};
    mjtNum eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    dense_catch();
    int res = mju_outsideBox(point, pos, eye, bsize, 0.5);
    dense_report("mju_outsideBox", 1000);
    out_int("mju_outsideBox", 1001, res);
    out_int("mju_outsideBox", 1002, mju_outsideBox(point, pos, eye, bsize, NAN));
  }

  // basis functions, interpolation and deformation gradients of orders 1 and 2
  seed(802);
  for (int k = 0; k < 40; k++) {
    int order = 1 + k % 2;
    int npt = (order + 1) * (order + 1) * (order + 1);
    mjtNum x[3], coeff[27 * 3], dof[27 * 3];
    vec_case(x, 3, 3);
    if (k < 4) { x[0] = x[1] = x[2] = (k < 2) ? 0 : 1; }
    for (int i = 0; i < 3; i++) x[i] = 0.5 + 0.5 * x[i];
    for (int j = 0; j < npt; j++) {
      mjtNum e[3];
      e[0] = npt == 8 ? (j & 4 ? 1 : 0) : (j / 9) * 0.5;
      vec_case(coeff + 3 * j, 3, 3);
      vec_case(dof + 3 * j, 3, 3);
      dof[3 * j] += e[0];
    }
    for (int i = 0; i < npt; i++) r[i] = mju_evalBasis(x, i, order);
    out_nums("mju_evalBasis", k, r, npt);
    r[0] = 1; r[1] = -2; r[2] = 0.5;
    mju_interpolate3D(r, x, coeff, order);
    out_nums("mju_interpolate3D", k, r, 3);
    mju_defGradient(r, x, dof, order);
    out_nums("mju_defGradient", k, r, 9);
  }

  // unsupported orders and node indices
  {
    mjtNum x[3] = {0.2, 0.6, 0.9}, coeff[64 * 3], dof[64 * 3];
    for (int i = 0; i < 64 * 3; i++) { coeff[i] = 0.01 * i; dof[i] = 1 - 0.02 * i; }
    out_num("mju_evalBasis", 1000, mju_evalBasis(x, 3, 0));
    out_num("mju_evalBasis", 1001, mju_evalBasis(x, 3, 3));
    out_num("mju_evalBasis", 1002, mju_evalBasis(x, 11, 1));
    out_num("mju_evalBasis", 1003, mju_evalBasis(x, -3, 1));
    dense_catch();
    out_num("mju_evalBasis", 1004, mju_evalBasis(x, 30, 2));
    dense_report("mju_evalBasis", 1005);
    r[0] = r[1] = r[2] = 0;
    mju_interpolate3D(r, x, coeff, 0); out_nums("mju_interpolate3D", 1000, r, 3);
    r[0] = r[1] = r[2] = 0;
    mju_interpolate3D(r, x, coeff, 3); out_nums("mju_interpolate3D", 1001, r, 3);
    r[0] = r[1] = r[2] = 5;
    mju_interpolate3D(r, x, coeff, -1); out_nums("mju_interpolate3D", 1002, r, 3);
    for (int order = -1; order <= 3; order += 4) {
      dense_catch();
      mju_defGradient(r, x, dof, order);
      dense_report("mju_defGradient", 1000 + order);
      out_nums("mju_defGradient", 2000 + order, r, 9);
    }
    dense_catch();
    mju_defGradient(r, x, dof, 0);
    dense_report("mju_defGradient", 3000);
    out_nums("mju_defGradient", 3001, r, 9);
  }
}

static void test_dense(void) {
  dense_vec3();
  dense_vecn();
  dense_mat();
  dense_quat();
  dense_pose();
  dense_scalar();
  dense_physics();
  dense_geom();
}
