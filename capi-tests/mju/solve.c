// mju_ differential tests: solve (see harness.h)
//  dense and band Cholesky, eig3, QCQP, boxQP, sparse matrices, rays against primitives
//  (mju_rayFlex and mju_raySkin need an engine-computed mjData and are not covered here)
#include <stdlib.h>

#include "harness.h"

// exported by upstream's library but not declared in mujoco.h
int mju_QCQP2(mjtNum* res, const mjtNum* Ain, const mjtNum* bin, const mjtNum* d, mjtNum r);
int mju_QCQP3(mjtNum* res, const mjtNum* Ain, const mjtNum* bin, const mjtNum* d, mjtNum r);
int mju_boxQPoption(mjtNum* res, mjtNum* R, int* index, const mjtNum* H, const mjtNum* g, int n,
                    const mjtNum* lower, const mjtNum* upper, int maxiter, mjtNum mingrad,
                    mjtNum backtrack, mjtNum minstep, mjtNum armijo, char* log, int logsz);
int mju_cholFactorCount(int* L_rownnz, const int* rownnz, const int* rowadr, const int* colind,
                        int n, mjData* d);
mjtNum mju_dotSparse2(const mjtNum* vec1, const int* ind1, int nnz1,
                      const mjtNum* vec2, const int* ind2, int nnz2);
void mju_mulMatVecSparse(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr,
                         const int* rownnz, const int* rowadr, const int* colind,
                         const int* rowsuper);
void mju_mulMatTVecSparse(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int nr, int nc,
                          const int* rownnz, const int* rowadr, const int* colind);
void mju_addToMatSparse(mjtNum* dst, int* rownnz, int* rowadr, int* colind, int nr,
                        const mjtNum* M, const int* M_rownnz, const int* M_rowadr,
                        const int* M_colind, mjtNum* buf_val, int* buf_ind);
void mju_addToSymSparse(mjtNum* res, const mjtNum* mat, int n, const int* rownnz,
                        const int* rowadr, const int* colind, int flg_upper);
void mju_mulSymVecSparse(mjtNum* res, const mjtNum* mat, const mjtNum* vec, int n,
                         const int* rownnz, const int* rowadr, const int* colind);
int mju_compressSparse(mjtNum* mat, int nr, int nc, int* rownnz, int* rowadr, int* colind,
                       mjtNum minval);
int mju_combineSparseCount(int a_nnz, int b_nnz, const int* a_ind, const int* b_ind);
void mju_transposeSparse(mjtNum* res, const mjtNum* mat, int nr, int nc, int* res_rownnz,
                         int* res_rowadr, int* res_colind, int* res_rowsuper, const int* rownnz,
                         const int* rowadr, const int* colind);
void mju_superSparse(int nr, int* rowsuper, const int* rownnz, const int* rowadr,
                     const int* colind);
void mju_sqrMatTDSparse(mjtNum* res, const mjtNum* mat, const mjtNum* matT, const mjtNum* diag,
                        int nr, int nc, int* res_rownnz, const int* res_rowadr, int* res_colind,
                        const int* rownnz, const int* rowadr, const int* colind,
                        const int* rowsuper, const int* rownnzT, const int* rowadrT,
                        const int* colindT, const int* rowsuperT, mjData* d, int* diagind);
void mju_sqrMatTDSparse_row(mjtNum* res, const mjtNum* mat, const mjtNum* matT,
                            const mjtNum* diag, int nr, int nc, int* res_rownnz,
                            const int* res_rowadr, int* res_colind, const int* rownnz,
                            const int* rowadr, const int* colind, const int* rowsuper,
                            const int* rownnzT, const int* rowadrT, const int* colindT,
                            const int* rowsuperT, mjData* d, int* diagind);
int mju_sqrMatTDSparseCount(int* res_rownnz, int* res_rowadr, int nr, const int* rownnz,
                            const int* rowadr, const int* colind, const int* rownnzT,
                            const int* rowadrT, const int* colindT, const int* rowsuperT,
                            mjData* d, int flg_upper);
void mju_sqrMatTDUncompressedInit(int* res_rowadr, int nc);
void mju_blockDiagSparse(mjtNum* res, int* res_rownnz, int* res_rowadr, int* res_colind,
                         const mjtNum* mat, const int* rownnz, const int* rowadr,
                         const int* colind, int nr, int nb, const int* perm_r, const int* perm_c,
                         const int* block_r, const int* block_c, mjtNum* res2,
                         const mjtNum* mat2);
void mju_sparseMap(int* map, int nr, const int* res_rowadr, const int* res_rownnz,
                   const int* res_colind, const int* src_rowadr, const int* src_rownnz,
                   const int* src_colind);
void mju_lower2SymMap(int* map, int nr, const int* res_rowadr, const int* res_rownnz,
                      const int* res_colind, const int* src_rowadr, const int* src_rownnz,
                      const int* src_colind, int* cursor);
mjtNum mju_rayGeomNormal(const mjtNum pos[3], const mjtNum mat[9], const mjtNum size[3],
                         const mjtNum pnt[3], const mjtNum vec[3], int geomtype,
                         mjtNum normal[3]);
void mju_multiRayPrepare(const mjModel* m, const mjData* d, const mjtNum pnt[3],
                         const mjtNum ray_xmat[9], const mjtByte* geomgroup, mjtByte flg_static,
                         int bodyexclude, mjtNum cutoff, mjtNum* geom_ba, int* geom_eliminate);

//------------------------------------ helpers -----------------------------------------------------

#define SOLVE_MAXN 40
#define SOLVE_MAXNNZ 4096

static char solve_errmsg[1024];
static int solve_nerr = 0;

static void solve_errhandler(const char* msg) {
  snprintf(solve_errmsg, sizeof(solve_errmsg), "%s", msg);
  solve_nerr++;
}

// install the recording error handler; return the previous one
static void (*solve_catch(void))(const char*) {
  void (*prev)(const char*) = mju_user_error;
  mju_user_error = solve_errhandler;
  solve_errmsg[0] = 0;
  solve_nerr = 0;
  return prev;
}

static void solve_out_error(const char* name, int idx) {
  out_str(name, idx, solve_errmsg);
  out_int(name, 1000 + idx, solve_nerr);
  solve_errmsg[0] = 0;
  solve_nerr = 0;
}

// mjData with only an arena, for the functions that take scratch from its stack
static mjData solve_data;
static void solve_data_init(void) {
  memset(&solve_data, 0, sizeof(solve_data));
  solve_data.narena = 1 << 22;
  solve_data.arena = malloc(solve_data.narena);
}

// rotation matrix of a random unit quaternion (k = 0: identity)
static void solve_rotation(mjtNum mat[9], int k) {
  mjtNum q[4];
  quat_case(q, k == 0 ? 0 : 4);
  mjtNum a = q[0], b = q[1], c = q[2], d = q[3];
  mat[0] = a*a + b*b - c*c - d*d;
  mat[4] = a*a - b*b + c*c - d*d;
  mat[8] = a*a - b*b - c*c + d*d;
  mat[1] = 2*(b*c - a*d);
  mat[2] = 2*(b*d + a*c);
  mat[3] = 2*(b*c + a*d);
  mat[5] = 2*(c*d - a*b);
  mat[6] = 2*(b*d - a*c);
  mat[7] = 2*(c*d + a*b);
}

// symmetric n x n test matrix: 0,1 spd_case (1 nearly singular), 2 singular (rank n/2),
// 3 indefinite, 4 negative diagonal entry, else spd
static void solve_sym_case(mjtNum* A, int n, int k) {
  if (k == 2) {
    int r = n / 2;
    mjtNum B[SOLVE_MAXN * SOLVE_MAXN];
    for (int i = 0; i < n * r; i++) B[i] = uniform(-1, 1);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        mjtNum s = 0;
        for (int t = 0; t < r; t++) s += B[i * r + t] * B[j * r + t];
        A[i * n + j] = s;
      }
    }
  } else if (k == 3) {
    for (int i = 0; i < n; i++) {
      for (int j = 0; j <= i; j++) A[i * n + j] = A[j * n + i] = uniform(-1, 1);
    }
  } else {
    spd_case(A, n, k == 1 ? 1 : 0);
    if (k == 4 && n) A[(n / 2) * (n + 1)] = -1;
  }
}

// random sparse nr x nc matrix with density dens; rows copy the previous row's pattern with
// probability psuper; gap > 0 leaves up to gap unused slots (filled with 77) after each row
static int solve_rand_sparse(mjtNum* mat, int* rownnz, int* rowadr, int* colind,
                             int nr, int nc, mjtNum dens, mjtNum psuper, int gap) {
  int adr = 0;
  for (int r = 0; r < nr; r++) {
    rowadr[r] = adr;
    rownnz[r] = 0;
    if (r > 0 && uniform(0, 1) < psuper) {
      for (int i = 0; i < rownnz[r - 1]; i++) {
        colind[adr] = colind[rowadr[r - 1] + i];
        mat[adr++] = uniform(-2, 2);
      }
      rownnz[r] = rownnz[r - 1];
    } else {
      for (int c = 0; c < nc; c++) {
        if (uniform(0, 1) < dens) {
          colind[adr] = c;
          mat[adr++] = uniform(-2, 2);
          rownnz[r]++;
        }
      }
    }
    if (gap) {
      int g = randint(gap + 1);
      for (int i = 0; i < g; i++) {
        colind[adr] = -7;
        mat[adr++] = 77;
      }
    }
  }
  return adr;
}

// random lower-triangular n x n pattern with a diagonal at the end of every row
static int solve_rand_lower(mjtNum* mat, int* rownnz, int* rowadr, int* colind, int n, mjtNum dens) {
  int adr = 0;
  for (int r = 0; r < n; r++) {
    rowadr[r] = adr;
    rownnz[r] = 0;
    for (int c = 0; c <= r; c++) {
      if (c == r || uniform(0, 1) < dens) {
        colind[adr] = c;
        mat[adr++] = (c == r) ? uniform(1, 3) : uniform(-1, 1);
        rownnz[r]++;
      }
    }
  }
  return adr;
}

// print the rows of a sparse matrix compactly: pattern (ints) and values
static void solve_out_sparse(const char* name, int idx, const mjtNum* mat, int nr,
                             const int* rownnz, const int* rowadr, const int* colind) {
  static int ibuf[SOLVE_MAXNNZ + 2 * SOLVE_MAXN];
  static mjtNum vbuf[SOLVE_MAXNNZ];
  char key[128];
  int ni = 0, nv = 0;
  for (int r = 0; r < nr; r++) {
    ibuf[ni++] = rownnz[r];
    for (int i = 0; i < rownnz[r]; i++) {
      ibuf[ni++] = colind[rowadr[r] + i];
      if (mat) vbuf[nv++] = mat[rowadr[r] + i];
    }
  }
  snprintf(key, sizeof(key), "%s pattern", name);
  out_ints(key, idx, ibuf, ni);
  if (mat) {
    snprintf(key, sizeof(key), "%s values", name);
    out_nums(key, idx, vbuf, nv);
  }
}

//------------------------------------ dense Cholesky ----------------------------------------------

static void solve_test_chol(void) {
  static mjtNum A[SOLVE_MAXN * SOLVE_MAXN], L[SOLVE_MAXN * SOLVE_MAXN], b[SOLVE_MAXN],
      x[SOLVE_MAXN], v[SOLVE_MAXN];
  const mjtNum mindiags[4] = {0, mjMINVAL, 1e-10, 1e-3};
  seed(101);
  for (int k = 0; k < 120; k++) {
    int n = k < 10 ? k : (k < 100 ? 1 + randint(12) : 13 + randint(25));
    solve_sym_case(A, n, k % 6);
    mjtNum mindiag = mindiags[k % 4];

    // factor
    memcpy(L, A, sizeof(mjtNum) * n * n);
    int rank = mju_cholFactor(L, n, mindiag);
    out_int("mju_cholFactor rank", k, rank);
    out_nums("mju_cholFactor L", k, L, n * n);

    // solve, separate and in place
    vec_case(b, n, 3 + k % 4);
    for (int i = 0; i < n; i++) x[i] = -99;
    mju_cholSolve(x, L, b, n);
    out_nums("mju_cholSolve x", k, x, n);
    memcpy(x, b, sizeof(mjtNum) * n);
    mju_cholSolve(x, L, x, n);
    out_nums("mju_cholSolve inplace", k, x, n);

    // rank-one update, plus and minus
    for (int plus = 0; plus < 2; plus++) {
      memcpy(A, L, sizeof(mjtNum) * n * n);
      vec_case(v, n, k % 5 == 0 ? 0 : 3);
      if (k % 7 == 1 && n) v[randint(n)] = 0;
      if (!plus && k % 3 == 0) for (int i = 0; i < n; i++) v[i] *= 3;  // likely loses definiteness
      int r = mju_cholUpdate(A, v, n, plus);
      out_int(plus ? "mju_cholUpdate rank+" : "mju_cholUpdate rank-", k, r);
      out_nums(plus ? "mju_cholUpdate L+" : "mju_cholUpdate L-", k, A, n * n);
      out_nums(plus ? "mju_cholUpdate x+" : "mju_cholUpdate x-", k, v, n);
    }
  }
}

//------------------------------------ band-dense matrices -----------------------------------------

static void solve_test_band(void) {
  static mjtNum A[SOLVE_MAXN * SOLVE_MAXN], D[SOLVE_MAXN * SOLVE_MAXN], B[SOLVE_MAXN * SOLVE_MAXN],
      v[3 * SOLVE_MAXN], r[3 * SOLVE_MAXN];
  seed(202);
  for (int k = 0; k < 150; k++) {
    int ntotal = k < 4 ? k + 1 : 1 + randint(k < 120 ? 12 : 30);
    int nband = 1 + randint(ntotal + (k % 7 == 0 ? 3 : 0));
    int ndense = k % 5 == 0 ? 0 : randint(ntotal + 1);
    int nsparse = ntotal - ndense;
    int nvec = 1 + randint(3);

    // symmetric matrix with band-dense structure; cases: 0 diagonally dominant, 1 indefinite,
    // 2 singular (zero row), 3 weakly dominant
    int kind = k % 4;
    for (int i = 0; i < ntotal; i++) {
      for (int j = 0; j <= i; j++) {
        int inband = (i - j < nband) || i >= nsparse;
        mjtNum val = inband ? uniform(-1, 1) : 0;
        A[i * ntotal + j] = A[j * ntotal + i] = val;
      }
    }
    for (int i = 0; i < ntotal; i++) {
      mjtNum s = 0;
      for (int j = 0; j < ntotal; j++) s += fabs(A[i * ntotal + j]);
      A[i * ntotal + i] = kind == 1 ? -s : (kind == 3 ? 0.6 * s : s + 0.1);
    }
    if (kind == 2 && ntotal > 1) {
      int z = randint(ntotal);
      for (int j = 0; j < ntotal; j++) A[z * ntotal + j] = A[j * ntotal + z] = 0;
    }

    int size = nsparse * nband + ndense * ntotal;
    for (int i = 0; i < size; i++) B[i] = -55;
    mju_dense2Band(B, A, ntotal, nband, ndense);
    out_nums("mju_dense2Band", k, B, size);

    for (int i = 0; i < ntotal * ntotal; i++) D[i] = -66;
    mju_band2Dense(D, B, ntotal, nband, ndense, 0);
    out_nums("mju_band2Dense lower", k, D, ntotal * ntotal);
    mju_band2Dense(D, B, ntotal, nband, ndense, 1);
    out_nums("mju_band2Dense sym", k, D, ntotal * ntotal);

    for (int i = 0; i < ntotal * nvec; i++) v[i] = uniform(-2, 2);
    mju_bandMulMatVec(r, B, v, ntotal, nband, ndense, nvec, 0);
    out_nums("mju_bandMulMatVec lower", k, r, ntotal * nvec);
    mju_bandMulMatVec(r, B, v, ntotal, nband, ndense, nvec, 1);
    out_nums("mju_bandMulMatVec sym", k, r, ntotal * nvec);

    int diag[SOLVE_MAXN];
    for (int i = 0; i < ntotal; i++) diag[i] = mju_bandDiag(i, ntotal, nband, ndense);
    out_ints("mju_bandDiag", k, diag, ntotal);

    mjtNum diagadd = k % 3 == 0 ? 0 : uniform(0, 0.5);
    mjtNum diagmul = k % 2 == 0 ? 0 : uniform(0, 0.5);
    mjtNum mindiag = mju_cholFactorBand(B, ntotal, nband, ndense, diagadd, diagmul);
    out_num("mju_cholFactorBand min", k, mindiag);
    out_nums("mju_cholFactorBand L", k, B, size);

    if (mindiag > 0) {
      mju_cholSolveBand(r, B, v, ntotal, nband, ndense);
      out_nums("mju_cholSolveBand x", k, r, ntotal);
      memcpy(r, v, sizeof(mjtNum) * ntotal);
      mju_cholSolveBand(r, B, r, ntotal, nband, ndense);
      out_nums("mju_cholSolveBand inplace", k, r, ntotal);
    }
  }
  // zero sizes and no band: conversions and products of empty banded rows
  {
    mjtNum dense[16], band[16], vec[8], res[8];
    for (int i = 0; i < 16; i++) { dense[i] = uniform(-1, 1); band[i] = -3; }
    for (int i = 0; i < 8; i++) { vec[i] = uniform(-1, 1); res[i] = -4; }
    out_num("mju_cholFactorBand empty", 0, mju_cholFactorBand(band, 0, 1, 0, 0, 0));
    mju_cholSolveBand(res, band, vec, 0, 1, 0);
    mju_bandMulMatVec(res, band, vec, 0, 2, 0, 1, 1);
    mju_band2Dense(res, band, 0, 2, 0, 1);
    out_nums("mju_cholSolveBand empty", 0, res, 8);
    mju_dense2Band(band, dense, 4, 0, 1);
    out_nums("mju_dense2Band noband", 0, band, 16);
    for (int i = 0; i < 4; i++) band[i] = uniform(1, 2);
    mju_band2Dense(dense, band, 4, 0, 1, 1);
    out_nums("mju_band2Dense noband", 0, dense, 16);
    mju_bandMulMatVec(res, band, vec, 4, 0, 1, 2, 1);
    out_nums("mju_bandMulMatVec noband", 0, res, 8);
  }
  int d2[4] = {mju_bandDiag(0, 0, 0, 0), mju_bandDiag(5, 10, 3, 2), mju_bandDiag(9, 10, 3, 2),
               mju_bandDiag(-1, 4, 2, 1)};
  out_ints("mju_bandDiag edge", 0, d2, 4);
}

//------------------------------------ eig3, QCQP --------------------------------------------------

static void solve_test_eig3(void) {
  seed(303);
  for (int k = 0; k < 80; k++) {
    mjtNum M[9], R[9], ev[3], vec[9], q[4];
    switch (k) {
      case 0: memset(M, 0, sizeof(M)); break;                                   // zero
      case 1: memset(M, 0, sizeof(M)); M[0] = M[4] = M[8] = 1; break;          // identity
      case 2: memset(M, 0, sizeof(M)); M[0] = 1; M[4] = 1; M[8] = 2; break;    // repeated
      case 3: memset(M, 0, sizeof(M)); M[0] = 3; M[4] = 1; M[8] = 2; break;    // diagonal
      case 4: memset(M, 0, sizeof(M)); M[0] = -1; M[4] = 5; M[8] = 0; break;
      default: {
        // R * diag * R', with repeated eigenvalues in some cases
        mjtNum e[3] = {uniform(-3, 3), uniform(-3, 3), uniform(-3, 3)};
        if (k % 5 == 0) e[1] = e[0];
        if (k % 7 == 0) e[2] = e[1] = e[0];
        if (k % 11 == 0) { e[0] *= 1e6; }
        solve_rotation(R, k % 13 == 0 ? 0 : 1);
        for (int i = 0; i < 3; i++) {
          for (int j = 0; j < 3; j++) {
            M[3 * i + j] = 0;
            for (int t = 0; t < 3; t++) M[3 * i + j] += R[3 * i + t] * e[t] * R[3 * j + t];
          }
        }
        if (k % 3 == 0) {
          // generic symmetric
          for (int i = 0; i < 3; i++) for (int j = 0; j <= i; j++) M[3 * i + j] = M[3 * j + i] = uniform(-2, 2);
        }
      }
    }
    int iter = mju_eig3(ev, vec, q, M);
    out_int("mju_eig3 iter", k, iter);
    out_nums("mju_eig3 val", k, ev, 3);
    out_nums("mju_eig3 vec", k, vec, 9);
    out_nums("mju_eig3 quat", k, q, 4);
  }
}

static void solve_test_qcqp(void) {
  seed(404);
  for (int k = 0; k < 150; k++) {
    mjtNum A[9], b[3], d[3], res[3], r;
    int n = 2 + k % 2;
    solve_sym_case(A, n, k % 10 == 3 ? 3 : (k % 10 == 2 ? 2 : 0));
    for (int i = 0; i < n; i++) {
      b[i] = uniform(-3, 3);
      d[i] = uniform(0.2, 2);
    }
    if (k % 9 == 0) b[0] = b[1] = b[2] = 0;
    r = k % 4 == 0 ? uniform(2, 10) : uniform(0.01, 1);
    if (k % 13 == 5) r = 0;
    res[0] = res[1] = res[2] = -9;
    int act;
    if (n == 2) {
      act = mju_QCQP2(res, A, b, d, r);
      out_int("mju_QCQP2 active", k, act);
      out_nums("mju_QCQP2 x", k, res, 2);
    } else {
      act = mju_QCQP3(res, A, b, d, r);
      out_int("mju_QCQP3 active", k, act);
      out_nums("mju_QCQP3 x", k, res, 3);
    }
  }
}

//------------------------------------ box-constrained QP ------------------------------------------

static void solve_test_boxqp(void) {
  static mjtNum H[SOLVE_MAXN * SOLVE_MAXN], R[SOLVE_MAXN * (SOLVE_MAXN + 7)], g[SOLVE_MAXN],
      lo[SOLVE_MAXN], hi[SOLVE_MAXN], x[SOLVE_MAXN];
  static int index[SOLVE_MAXN];
  static char log[1 << 16];
  seed(505);
  for (int k = 0; k < 160; k++) {
    int n = 1 + randint(k < 140 ? 10 : 30);
    solve_sym_case(H, n, k % 8 == 3 ? 3 : (k % 8 == 2 ? 2 : (k % 8 == 1 ? 1 : 0)));
    for (int i = 0; i < n; i++) {
      g[i] = uniform(-5, 5);
      lo[i] = uniform(-1.5, 0);
      hi[i] = uniform(0.1, 1.5);
      x[i] = k % 3 == 0 ? 0 : uniform(-2, 2);
      index[i] = -1;
    }
    for (int i = 0; i < n * (n + 7); i++) R[i] = 0;
    int bounds = k % 4;  // 0 none, 1 lower, 2 upper, 3 both
    const mjtNum* plo = (bounds & 1) ? lo : NULL;
    const mjtNum* phi = (bounds & 2) ? hi : NULL;
    int* pidx = k % 5 == 0 ? NULL : index;

    int nfree;
    if (k % 2 == 0) {
      nfree = mju_boxQP(x, R, pidx, H, g, n, plo, phi);
      out_int("mju_boxQP nfree", k, nfree);
      out_nums("mju_boxQP x", k, x, n);
      if (nfree > 0) out_nums("mju_boxQP R", k, R, nfree * nfree);
      if (pidx && nfree > 0) out_ints("mju_boxQP index", k, index, nfree);
    } else {
      int maxiter = k % 3 == 0 ? randint(4) : 100;
      mjtNum mingrad = k % 5 == 1 ? 1e-6 : 1e-16;
      mjtNum backtrack = k % 7 == 1 ? 0.9 : 0.5;
      mjtNum minstep = k % 11 == 1 ? 1e-3 : 1e-22;
      mjtNum armijo = k % 13 == 1 ? 0.5 : 0.1;
      int logsz = k % 9 == 0 ? 60 : (int)sizeof(log);
      char* plog = k % 4 == 1 ? NULL : log;
      memset(log, 0, sizeof(log));
      nfree = mju_boxQPoption(x, R, pidx, H, g, n, plo, phi, maxiter, mingrad, backtrack, minstep,
                              armijo, plog, logsz);
      out_int("mju_boxQPoption nfree", k, nfree);
      out_nums("mju_boxQPoption x", k, x, n);
      if (nfree > 0) out_nums("mju_boxQPoption R", k, R, nfree * nfree);
      if (pidx && nfree > 0) out_ints("mju_boxQPoption index", k, index, nfree);
      if (plog) {
        for (char* c = log; *c; c++) if (*c == '\n') *c = '|';
        out_str("mju_boxQPoption log", k, log);
      }
    }
  }

  // errors: n <= 0 and crossed bounds (the handler returns, the solver continues)
  void (*prev)(const char*) = solve_catch();
  mjtNum one[1] = {1}, zero[1] = {0};
  int ret = mju_boxQP(x, R, NULL, H, g, 0, NULL, NULL);
  out_int("mju_boxQP err n0 ret", 0, ret);
  solve_out_error("mju_boxQP err n0", 0);
  ret = mju_boxQP(x, R, NULL, H, g, 0, zero, one);
  out_int("mju_boxQP err n0 ret", 1, ret);
  solve_out_error("mju_boxQP err n0", 1);
  H[0] = 2; g[0] = -1; x[0] = 0;
  ret = mju_boxQP(x, R, index, H, g, 1, one, zero);
  out_int("mju_boxQP err bounds ret", 0, ret);
  out_nums("mju_boxQP err bounds x", 0, x, 1);
  solve_out_error("mju_boxQP err bounds", 0);
  mju_user_error = prev;

  // allocation helper
  mjtNum *res, *RR, *HH, *gg, *lower, *upper;
  int* idx;
  mju_boxQPmalloc(&res, &RR, &idx, &HH, &gg, 6, &lower, &upper);
  int ok[7] = {res != NULL, RR != NULL, idx != NULL, HH != NULL, gg != NULL, lower != NULL,
               upper != NULL};
  for (int i = 0; i < 6; i++) { res[i] = gg[i] = lower[i] = upper[i] = i; idx[i] = i; }
  for (int i = 0; i < 36; i++) HH[i] = i;
  for (int i = 0; i < 78; i++) RR[i] = i;
  out_ints("mju_boxQPmalloc", 0, ok, 7);
  mju_free(res); mju_free(RR); mju_free(idx); mju_free(HH); mju_free(gg); mju_free(lower);
  mju_free(upper);
  lower = upper = (mjtNum*)1;
  mju_boxQPmalloc(&res, &RR, NULL, &HH, &gg, 3, NULL, NULL);
  int ok2[5] = {res != NULL, RR != NULL, HH != NULL, gg != NULL, lower == (mjtNum*)1};
  out_ints("mju_boxQPmalloc", 1, ok2, 5);
  mju_free(res); mju_free(RR); mju_free(HH); mju_free(gg);
}

//------------------------------------ sparse Cholesky count ---------------------------------------

static void solve_test_cholcount(void) {
  static int rownnz[SOLVE_MAXN], rowadr[SOLVE_MAXN], colind[SOLVE_MAXNNZ], L[SOLVE_MAXN];
  static char pat[SOLVE_MAXN][SOLVE_MAXN];
  seed(606);
  for (int k = 0; k < 60; k++) {
    int n = k == 0 ? 0 : 1 + randint(k < 50 ? 12 : 35);
    mjtNum dens = uniform(0, 0.5);
    for (int i = 0; i < n; i++) {
      pat[i][i] = 1;
      for (int j = 0; j < i; j++) pat[i][j] = pat[j][i] = uniform(0, 1) < dens;
    }
    int adr = 0;
    for (int i = 0; i < n; i++) {
      rowadr[i] = adr;
      rownnz[i] = 0;
      for (int j = 0; j < n; j++) {
        // case 1 mod 3: upper triangle only
        if (pat[i][j] && (k % 3 != 1 || j >= i)) { colind[adr++] = j; rownnz[i]++; }
      }
    }
    for (int i = 0; i < n; i++) L[i] = -1;
    int total = mju_cholFactorCount(L, rownnz, rowadr, colind, n, &solve_data);
    out_int("mju_cholFactorCount total", k, total);
    out_ints("mju_cholFactorCount rownnz", k, L, n);
  }
}

//------------------------------------ sparse matrices ---------------------------------------------

static void solve_test_sparse_basic(void) {
  static mjtNum mat[SOLVE_MAXNNZ], dense[SOLVE_MAXNNZ], vec[SOLVE_MAXN * 2], res[SOLVE_MAXNNZ];
  static int rownnz[SOLVE_MAXN], rowadr[SOLVE_MAXN], colind[SOLVE_MAXNNZ], rowsuper[SOLVE_MAXN];
  seed(707);
  for (int k = 0; k < 120; k++) {
    int nr = k < 3 ? k : 1 + randint(k < 100 ? 10 : 40);
    int nc = k < 3 ? 3 : 1 + randint(k < 100 ? 10 : 40);
    mjtNum dens = k % 6 == 0 ? 1 : uniform(0, 0.8);

    // dense -> sparse, with sufficient, tight, insufficient and zero room
    for (int i = 0; i < nr * nc; i++) dense[i] = uniform(0, 1) < dens ? uniform(-2, 2) : 0;
    int nnz_full = 0;
    for (int i = 0; i < nr * nc; i++) nnz_full += dense[i] != 0;
    int room = k % 4 == 0 ? nnz_full : (k % 4 == 1 ? nr * nc : (k % 4 == 2 ? nnz_full / 2 : 0));
    for (int i = 0; i < nr; i++) rownnz[i] = rowadr[i] = -3;
    int ret = mju_dense2sparse(mat, dense, nr, nc, rownnz, rowadr, colind, room);
    out_int("mju_dense2sparse ret", k, ret);
    if (!ret) {
      solve_out_sparse("mju_dense2sparse", k, mat, nr, rownnz, rowadr, colind);

      for (int i = 0; i < nr * nc; i++) res[i] = -1;
      mju_sparse2dense(res, mat, nr, nc, rownnz, rowadr, colind);
      out_nums("mju_sparse2dense", k, res, nr * nc);
    }

    // random sparse with supernodes and gaps
    solve_rand_sparse(mat, rownnz, rowadr, colind, nr, nc, dens, k % 3 == 0 ? 0.7 : 0.1,
                      k % 5 == 0 ? 2 : 0);
    for (int i = 0; i < 2 * SOLVE_MAXN; i++) vec[i] = uniform(-2, 2);
    if (k % 4 == 1) for (int i = 0; i < nr; i++) if (uniform(0, 1) < 0.4) vec[i] = 0;

    mju_mulMatVecSparse(res, mat, vec, nr, rownnz, rowadr, colind, NULL);
    out_nums("mju_mulMatVecSparse", k, res, nr);
    mju_superSparse(nr, rowsuper, rownnz, rowadr, colind);
    out_ints("mju_superSparse", k, rowsuper, nr);
    mju_mulMatVecSparse(res, mat, vec, nr, rownnz, rowadr, colind, rowsuper);
    out_nums("mju_mulMatVecSparse super", 1000 + k, res, nr);

    mju_mulMatTVecSparse(res, mat, vec, nr, nc, rownnz, rowadr, colind);
    out_nums("mju_mulMatTVecSparse", k, res, nc);

    // sparse dot products of pairs of rows
    if (nr >= 2) {
      int a = randint(nr), b = randint(nr);
      out_num("mju_dotSparse2", k, mju_dotSparse2(mat + rowadr[a], colind + rowadr[a], rownnz[a],
                                                   mat + rowadr[b], colind + rowadr[b], rownnz[b]));
      out_int("mju_combineSparseCount", k, mju_combineSparseCount(rownnz[a], rownnz[b],
                                                                    colind + rowadr[a],
                                                                    colind + rowadr[b]));
    }

    // compress, removing small values in some cases
    if (nr > 0) {
      for (int i = 0; i < rowadr[nr - 1] + rownnz[nr - 1]; i++) {
        if (colind[i] >= 0 && k % 2 == 0 && uniform(0, 1) < 0.3) mat[i] = uniform(-0.1, 0.1);
      }
      mjtNum minval = k % 3 == 0 ? -1 : (k % 3 == 1 ? 0 : 0.05);
      int total = mju_compressSparse(mat, nr, nc, rownnz, rowadr, colind, minval);
      out_int("mju_compressSparse total", k, total);
      out_ints("mju_compressSparse rowadr", k, rowadr, nr);
      solve_out_sparse("mju_compressSparse", k, mat, nr, rownnz, rowadr, colind);
    }
  }

  // combineSparseCount edge cases
  int ia[3] = {0, 2, 5}, ib[2] = {2, 5};
  int cnt[4] = {mju_combineSparseCount(0, 0, ia, ib), mju_combineSparseCount(3, 0, ia, ib),
                mju_combineSparseCount(3, 2, ia, ib), mju_combineSparseCount(2, 2, ib, ib)};
  out_ints("mju_combineSparseCount edge", 0, cnt, 4);
  mjtNum va[3] = {1, 2, 3}, vb[2] = {4, 5};
  out_num("mju_dotSparse2 edge", 0, mju_dotSparse2(va, ia, 0, vb, ib, 2));
  out_num("mju_dotSparse2 edge", 1, mju_dotSparse2(va, ia, 3, vb, ib, 2));
}

static void solve_test_sparse_sym(void) {
  static mjtNum mat[SOLVE_MAXNNZ], vec[SOLVE_MAXN], res[SOLVE_MAXN * SOLVE_MAXN];
  static int rownnz[SOLVE_MAXN], rowadr[SOLVE_MAXN], colind[SOLVE_MAXNNZ];
  seed(808);
  for (int k = 0; k < 80; k++) {
    int n = k == 0 ? 0 : 1 + randint(k < 60 ? 10 : 40);
    solve_rand_lower(mat, rownnz, rowadr, colind, n, uniform(0, 1));
    for (int i = 0; i < n; i++) vec[i] = uniform(-2, 2);

    mju_mulSymVecSparse(res, mat, vec, n, rownnz, rowadr, colind);
    out_nums("mju_mulSymVecSparse", k, res, n);

    for (int i = 0; i < n * n; i++) res[i] = k % 2 ? uniform(-1, 1) : 0;
    mju_addToSymSparse(res, mat, n, rownnz, rowadr, colind, k % 3 != 0);
    out_nums("mju_addToSymSparse", k, res, n * n);
  }
}

static void solve_test_sparse_add(void) {
  static mjtNum dst[SOLVE_MAXNNZ], M[SOLVE_MAXNNZ], buf[SOLVE_MAXN];
  static int rownnz[SOLVE_MAXN], rowadr[SOLVE_MAXN], colind[SOLVE_MAXNNZ];
  static int Mrownnz[SOLVE_MAXN], Mrowadr[SOLVE_MAXN], Mcolind[SOLVE_MAXNNZ], bufind[SOLVE_MAXN];
  static mjtNum tmp[SOLVE_MAXNNZ];
  static int tnnz[SOLVE_MAXN], tadr[SOLVE_MAXN], tind[SOLVE_MAXNNZ];
  seed(909);
  for (int k = 0; k < 80; k++) {
    int nr = 1 + randint(k < 60 ? 10 : 30), nc = 1 + randint(k < 60 ? 10 : 30);
    // destination: random rows placed with room for nc entries each
    solve_rand_sparse(tmp, tnnz, tadr, tind, nr, nc, uniform(0, 0.8), 0, 0);
    for (int r = 0; r < nr; r++) {
      rowadr[r] = r * nc;
      rownnz[r] = tnnz[r];
      for (int i = 0; i < tnnz[r]; i++) {
        dst[r * nc + i] = tmp[tadr[r] + i];
        colind[r * nc + i] = tind[tadr[r] + i];
      }
    }
    // M: random, or the same pattern as dst
    if (k % 4 == 0) {
      for (int r = 0; r < nr; r++) {
        Mrowadr[r] = tadr[r];
        Mrownnz[r] = tnnz[r];
        for (int i = 0; i < tnnz[r]; i++) {
          Mcolind[tadr[r] + i] = tind[tadr[r] + i];
          M[tadr[r] + i] = uniform(-1, 1);
        }
      }
    } else {
      solve_rand_sparse(M, Mrownnz, Mrowadr, Mcolind, nr, nc, uniform(0, 0.8), 0.2,
                        k % 3 == 0 ? 2 : 0);
    }
    mju_addToMatSparse(dst, rownnz, rowadr, colind, nr, M, Mrownnz, Mrowadr, Mcolind, buf, bufind);
    solve_out_sparse("mju_addToMatSparse", k, dst, nr, rownnz, rowadr, colind);
  }
}

static void solve_test_transpose(void) {
  static mjtNum mat[SOLVE_MAXNNZ + 16], res[SOLVE_MAXNNZ];
  static int rownnz[SOLVE_MAXN], rowadr[SOLVE_MAXN], colind[SOLVE_MAXNNZ + 16];
  static int tnnz[SOLVE_MAXN], tadr[SOLVE_MAXN], tind[SOLVE_MAXNNZ], tsuper[SOLVE_MAXN];
  seed(1010);
  for (int k = 0; k < 100; k++) {
    int nr = k < 2 ? k : 1 + randint(k < 80 ? 10 : 40);
    int nc = k < 2 ? 4 : 1 + randint(k < 80 ? 10 : 40);
    // rows start at an offset in some cases (then mat and colind point at the first row)
    int off = k % 3 == 2 ? 5 : 0;
    solve_rand_sparse(mat + off, rownnz, rowadr, colind + off, nr, nc, uniform(0, 0.9),
                      k % 2 ? 0.6 : 0, 0);
    for (int r = 0; r < nr; r++) rowadr[r] += off;

    for (int i = 0; i < nc; i++) tnnz[i] = tadr[i] = tsuper[i] = -4;
    for (int i = 0; i < SOLVE_MAXNNZ; i++) { tind[i] = -4; res[i] = -4; }
    int values = k % 4 != 3;
    mju_transposeSparse(values ? res : NULL, mat + off, nr, nc, tnnz, tadr, tind,
                        k % 5 == 0 ? NULL : tsuper, rownnz, rowadr, colind + off);
    if (nr && nc) {
      solve_out_sparse("mju_transposeSparse", k, values ? res : NULL, nc, tnnz, tadr, tind);
      out_ints("mju_transposeSparse rowadr", k, tadr, nc);
      if (k % 5) out_ints("mju_transposeSparse rowsuper", k, tsuper, nc);
    }
  }
}

static void solve_test_sqr(void) {
  static mjtNum MT0[SOLVE_MAXNNZ], M[SOLVE_MAXNNZ], MT[SOLVE_MAXNNZ], diag[SOLVE_MAXN];
  static mjtNum res[SOLVE_MAXN * SOLVE_MAXN], res2[SOLVE_MAXN * SOLVE_MAXN];
  static int t0nnz[SOLVE_MAXN], t0adr[SOLVE_MAXN], t0ind[SOLVE_MAXNNZ];
  static int rownnz[SOLVE_MAXN], rowadr[SOLVE_MAXN], colind[SOLVE_MAXNNZ], rowsuper[SOLVE_MAXN];
  static int tnnz[SOLVE_MAXN], tadr[SOLVE_MAXN], tind[SOLVE_MAXNNZ], tsuper[SOLVE_MAXN];
  static int rnnz[SOLVE_MAXN], radr[SOLVE_MAXN], rind[SOLVE_MAXN * SOLVE_MAXN], diagind[SOLVE_MAXN];
  static int rnnz2[SOLVE_MAXN], rind2[SOLVE_MAXN * SOLVE_MAXN], diagind2[SOLVE_MAXN];
  seed(1111);
  for (int k = 0; k < 100; k++) {
    int nr = 1 + randint(k < 80 ? 10 : 35), nc = 1 + randint(k < 80 ? 10 : 35);
    // M' with repeated row patterns (supernodes of M's columns), then M, then M' again
    solve_rand_sparse(MT0, t0nnz, t0adr, t0ind, nc, nr, uniform(0.05, 0.8),
                      k % 3 == 0 ? 0 : 0.6, 0);
    mju_transposeSparse(M, MT0, nc, nr, rownnz, rowadr, colind, rowsuper, t0nnz, t0adr, t0ind);
    mju_transposeSparse(MT, M, nr, nc, tnnz, tadr, tind, tsuper, rownnz, rowadr, colind);
    out_ints("mju_transposeSparse superT", k, tsuper, nc);
    for (int i = 0; i < nr; i++) diag[i] = uniform(0.1, 2);

    const mjtNum* pdiag = k % 2 ? diag : NULL;
    const int* psuperT = k % 5 == 4 ? NULL : tsuper;
    int upper = k % 3 != 1;
    int compressed = k % 4 >= 2;

    // symbolic count
    int total = mju_sqrMatTDSparseCount(rnnz, radr, nc, rownnz, rowadr, colind, tnnz, tadr, tind,
                                        psuperT, &solve_data, upper);
    out_int("mju_sqrMatTDSparseCount total", k, total);
    out_ints("mju_sqrMatTDSparseCount rownnz", k, rnnz, nc);
    out_ints("mju_sqrMatTDSparseCount rowadr", k, radr, nc);
    if (!compressed) {
      mju_sqrMatTDUncompressedInit(radr, nc);
      out_ints("mju_sqrMatTDUncompressedInit", k, radr, nc);
    }

    // numeric, column and row variants
    for (int i = 0; i < nc * nc; i++) { res[i] = res2[i] = -8; rind[i] = rind2[i] = -8; }
    mju_sqrMatTDSparse(res, M, MT, pdiag, nr, nc, rnnz, radr, rind, rownnz, rowadr, colind,
                       rowsuper, tnnz, tadr, tind, psuperT, &solve_data, upper ? diagind : NULL);
    solve_out_sparse("mju_sqrMatTDSparse", k, res, nc, rnnz, radr, rind);
    if (upper) out_ints("mju_sqrMatTDSparse diagind", k, diagind, nc);

    mju_sqrMatTDSparse_row(res2, M, MT, pdiag, nr, nc, rnnz2, radr, rind2, rownnz, rowadr, colind,
                           rowsuper, tnnz, tadr, tind, psuperT, &solve_data,
                           upper ? diagind2 : NULL);
    solve_out_sparse("mju_sqrMatTDSparse_row", k, res2, nc, rnnz2, radr, rind2);
    if (upper) out_ints("mju_sqrMatTDSparse_row diagind", k, diagind2, nc);
  }
  int usage[2] = {(int)solve_data.pstack, (int)solve_data.pbase};
  out_ints("mju_sqrMatTDSparse stack", 0, usage, 2);
}

static void solve_test_blockdiag(void) {
  static mjtNum mat[SOLVE_MAXNNZ], mat2[SOLVE_MAXNNZ], res[SOLVE_MAXNNZ], res2[SOLVE_MAXNNZ];
  static int rownnz[SOLVE_MAXN], rowadr[SOLVE_MAXN], colind[SOLVE_MAXNNZ];
  static int rnnz[SOLVE_MAXN], radr[SOLVE_MAXN], rind[SOLVE_MAXNNZ];
  static int perm_r[SOLVE_MAXN], perm_c[SOLVE_MAXN], block_r[SOLVE_MAXN], block_c[SOLVE_MAXN];
  seed(1212);
  for (int k = 0; k < 60; k++) {
    int nr = 1 + randint(20), nc = 1 + randint(20);
    solve_rand_sparse(mat, rownnz, rowadr, colind, nr, nc, uniform(0, 0.7), 0.2,
                      k % 3 == 0 ? 2 : 0);
    for (int i = 0; i < SOLVE_MAXNNZ; i++) mat2[i] = uniform(-1, 1);
    // random permutations and block starts
    for (int i = 0; i < nr; i++) perm_r[i] = i;
    for (int i = 0; i < nc; i++) perm_c[i] = i;
    for (int i = nr - 1; i > 0; i--) { int j = randint(i + 1), t = perm_r[i]; perm_r[i] = perm_r[j]; perm_r[j] = t; }
    for (int i = nc - 1; i > 0; i--) { int j = randint(i + 1), t = perm_c[i]; perm_c[i] = perm_c[j]; perm_c[j] = t; }
    int nb = 1 + randint(nr < nc ? nr : nc);
    block_r[0] = block_c[0] = 0;
    for (int b = 1; b < nb; b++) {
      block_r[b] = block_r[b - 1] + 1 + randint(2);
      block_c[b] = block_c[b - 1] + randint(3);
      if (block_r[b] >= nr) { nb = b; break; }
    }
    int with2 = k % 2;
    mju_blockDiagSparse(res, rnnz, radr, rind, mat, rownnz, rowadr, colind, nr, nb, perm_r, perm_c,
                        block_r, block_c, with2 ? res2 : NULL, with2 ? mat2 : NULL);
    solve_out_sparse("mju_blockDiagSparse", k, res, nr, rnnz, radr, rind);
    out_ints("mju_blockDiagSparse rowadr", k, radr, nr);
    if (with2) solve_out_sparse("mju_blockDiagSparse second", k, res2, nr, rnnz, radr, rind);
  }
}

static void solve_test_maps(void) {
  static mjtNum val[SOLVE_MAXNNZ];
  static int snnz[SOLVE_MAXN], sadr[SOLVE_MAXN], sind[SOLVE_MAXNNZ];
  static int rnnz[SOLVE_MAXN], radr[SOLVE_MAXN], rind[SOLVE_MAXNNZ], map[SOLVE_MAXNNZ];
  static int cursor[SOLVE_MAXN];
  static char full[SOLVE_MAXN][SOLVE_MAXN];
  seed(1313);
  for (int k = 0; k < 60; k++) {
    // gather map: res pattern is a random subset of src pattern
    int nr = k == 0 ? 0 : 1 + randint(25), nc = 1 + randint(25);
    solve_rand_sparse(val, snnz, sadr, sind, nr, nc, uniform(0.1, 0.9), 0.2, 0);
    int adr = 0;
    for (int r = 0; r < nr; r++) {
      radr[r] = adr;
      rnnz[r] = 0;
      for (int i = 0; i < snnz[r]; i++) {
        if (uniform(0, 1) < 0.6) { rind[adr++] = sind[sadr[r] + i]; rnnz[r]++; }
      }
    }
    for (int i = 0; i < adr; i++) map[i] = -5;
    mju_sparseMap(map, nr, radr, rnnz, rind, sadr, snnz, sind);
    out_ints("mju_sparseMap", k, map, adr);

    // lower -> symmetric map: src lower triangle (maybe with upper entries that are skipped),
    // res the symmetric closure with some extra entries
    int n = k == 0 ? 0 : 1 + randint(25);
    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) full[i][j] = 0;
    adr = 0;
    for (int i = 0; i < n; i++) {
      sadr[i] = adr;
      snnz[i] = 0;
      for (int j = 0; j < n; j++) {
        int lower = j <= i && (j == i || uniform(0, 1) < 0.4);
        int upper = j > i && k % 3 == 0 && uniform(0, 1) < 0.2;
        if (lower || upper) { sind[adr++] = j; snnz[i]++; }
        if (lower) full[i][j] = full[j][i] = 1;
      }
    }
    adr = 0;
    for (int i = 0; i < n; i++) {
      radr[i] = adr;
      rnnz[i] = 0;
      for (int j = 0; j < n; j++) {
        if (full[i][j] || uniform(0, 1) < 0.1) { rind[adr++] = j; rnnz[i]++; }
      }
    }
    for (int i = 0; i < adr; i++) map[i] = -5;
    mju_lower2SymMap(map, n, radr, rnnz, rind, sadr, snnz, sind, cursor);
    out_ints("mju_lower2SymMap", k, map, adr);
  }
}

//------------------------------------ rays --------------------------------------------------------

static void solve_test_rays(void) {
  seed(1414);
  const int types[6] = {mjGEOM_PLANE, mjGEOM_SPHERE, mjGEOM_CAPSULE, mjGEOM_ELLIPSOID,
                        mjGEOM_CYLINDER, mjGEOM_BOX};
  for (int k = 0; k < 600; k++) {
    int type = types[k % 6];
    int kind = (k / 6) % 8;
    mjtNum pos[3], mat[9], size[3], pnt[3], vec[3], normal[3];
    for (int i = 0; i < 3; i++) {
      pos[i] = uniform(-1, 1);
      size[i] = uniform(0.1, 1);
    }
    if (type == mjGEOM_PLANE && k % 4 == 0) size[0] = size[1] = 0;
    solve_rotation(mat, kind == 3 ? 0 : 1);
    mjtNum dir[3] = {uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)};
    switch (kind) {
      case 0:  // from outside towards the center, with jitter
      case 1:
        for (int i = 0; i < 3; i++) pnt[i] = pos[i] + 4 * dir[i];
        for (int i = 0; i < 3; i++) vec[i] = pos[i] - pnt[i] + uniform(-0.3, 0.3);
        break;
      case 2:  // random ray, mostly missing
        for (int i = 0; i < 3; i++) { pnt[i] = uniform(-5, 5); vec[i] = uniform(-1, 1); }
        break;
      case 3:  // axis-aligned geom, rays parallel to local axes (faces and axis)
        for (int i = 0; i < 3; i++) { pnt[i] = pos[i] + uniform(-0.5, 0.5); vec[i] = 0; }
        pnt[k % 3] = pos[k % 3] + 3;
        vec[k % 3] = -1;
        if (k % 2) { pnt[(k + 1) % 3] = pos[(k + 1) % 3] + 3 * size[0]; }
        break;
      case 4:  // start inside
        for (int i = 0; i < 3; i++) { pnt[i] = pos[i] + 0.05 * dir[i]; vec[i] = uniform(-1, 1); }
        break;
      case 5:  // pointing away
        for (int i = 0; i < 3; i++) { pnt[i] = pos[i] + 4 * dir[i]; vec[i] = 4 * dir[i]; }
        break;
      case 6:  // zero direction
        for (int i = 0; i < 3; i++) { pnt[i] = pos[i] + 4 * dir[i]; vec[i] = 0; }
        break;
      default:  // long, unnormalized ray from far away
        for (int i = 0; i < 3; i++) pnt[i] = pos[i] + 100 * dir[i];
        for (int i = 0; i < 3; i++) vec[i] = 30 * (pos[i] - pnt[i] + uniform(-1, 1));
    }
    out_num("mju_rayGeom", k, mju_rayGeom(pos, mat, size, pnt, vec, type));
    normal[0] = normal[1] = normal[2] = 9;
    mjtNum x = mju_rayGeomNormal(pos, mat, size, pnt, vec, type, normal);
    out_num("mju_rayGeomNormal x", k, x);
    out_nums("mju_rayGeomNormal normal", k, normal, 3);
  }

  // unsupported geom types
  void (*prev)(const char*) = solve_catch();
  mjtNum z[9] = {0}, one[3] = {1, 1, 1};
  z[0] = z[4] = z[8] = 1;
  const int bad[3] = {mjGEOM_HFIELD, mjGEOM_MESH, 99};
  for (int i = 0; i < 3; i++) {
    mjtNum n3[3] = {5, 5, 5};
    out_num("mju_rayGeom bad", i, mju_rayGeom(z, z, one, one, one, bad[i]));
    solve_out_error("mju_rayGeom bad err", i);
    out_num("mju_rayGeomNormal bad", i, mju_rayGeomNormal(z, z, one, one, one, bad[i], n3));
    out_nums("mju_rayGeomNormal bad normal", i, n3, 3);
    solve_out_error("mju_rayGeomNormal bad err", i);
  }
  mju_user_error = prev;
}

// model with bodies and geoms filled in by hand (only what mju_multiRayPrepare reads)
static void solve_test_multiray(void) {
  enum { NB = 5, NG = 12, NMAT = 2 };
  static mjModel m;
  static mjData d;
  static int geom_bodyid[NG], geom_matid[NG], geom_group[NG], body_weldid[NB], body_bvhadr[NB],
      body_geomnum[NB], body_geomadr[NB], elim[NG];
  static float geom_rgba[4 * NG], mat_rgba[4 * NMAT];
  static mjtNum geom_aabb[6 * NG], geom_rbound[NG], geom_xpos[3 * NG], geom_xmat[9 * NG],
      ba[4 * NG];
  seed(1515);
  memset(&m, 0, sizeof(m));
  memset(&d, 0, sizeof(d));
  m.nbody = NB;
  m.ngeom = NG;
  m.nmat = NMAT;
  m.geom_bodyid = geom_bodyid;
  m.geom_matid = geom_matid;
  m.geom_group = geom_group;
  m.geom_rgba = geom_rgba;
  m.mat_rgba = mat_rgba;
  m.geom_aabb = geom_aabb;
  m.geom_rbound = geom_rbound;
  m.body_weldid = body_weldid;
  m.body_bvhadr = body_bvhadr;
  m.body_geomnum = body_geomnum;
  m.body_geomadr = body_geomadr;
  d.geom_xpos = geom_xpos;
  d.geom_xmat = geom_xmat;

  for (int k = 0; k < 40; k++) {
    // bodies: 0 world (static), others with 2-3 geoms
    int g = 0;
    for (int b = 0; b < NB; b++) {
      body_weldid[b] = b == 0 || (k % 4 == 1 && b == 1) ? 0 : b;
      body_bvhadr[b] = (k % 3 == 0 && b == 2) ? -1 : b;
      body_geomadr[b] = g;
      body_geomnum[b] = b == NB - 1 ? NG - g : 2 + randint(2);
      if (g + body_geomnum[b] > NG) body_geomnum[b] = NG - g;
      for (int i = 0; i < body_geomnum[b]; i++) geom_bodyid[g + i] = b;
      g += body_geomnum[b];
    }
    for (int i = 0; i < NG; i++) {
      geom_matid[i] = randint(5) == 0 ? randint(NMAT) : -1;
      geom_group[i] = randint(9) - 1;
      for (int j = 0; j < 4; j++) geom_rgba[4 * i + j] = (float)uniform(0, 1);
      if (randint(6) == 0) geom_rgba[4 * i + 3] = 0;
      for (int j = 0; j < 3; j++) {
        geom_aabb[6 * i + j] = uniform(-0.2, 0.2);
        geom_aabb[6 * i + 3 + j] = uniform(0.05, 0.5);
        geom_xpos[3 * i + j] = uniform(-3, 3);
      }
      geom_rbound[i] = uniform(0.1, 1);
      solve_rotation(geom_xmat + 9 * i, 1);
    }
    for (int i = 0; i < 4 * NMAT; i++) mat_rgba[i] = (float)uniform(0, 1);
    if (k % 2) mat_rgba[3] = 0;

    mjtNum pnt[3] = {uniform(-2, 2), uniform(-2, 2), uniform(-2, 2)};
    if (k % 5 == 0) {
      // source inside the bounding box of geom 4
      for (int j = 0; j < 3; j++) pnt[j] = geom_xpos[12 + j];
    }
    mjtByte groups[6] = {1, 1, 0, 1, 0, 1};
    const mjtByte* pgroup = k % 3 == 1 ? groups : NULL;
    mjtNum cutoff = k % 4 == 2 ? 2 : mjMAXVAL;
    int exclude = k % 6 == 3 ? 2 : -1;
    for (int i = 0; i < 4 * NG; i++) ba[i] = -77;
    for (int i = 0; i < NG; i++) elim[i] = -77;
    mju_multiRayPrepare(&m, &d, pnt, NULL, pgroup, k % 2, exclude, cutoff, ba, elim);
    out_ints("mju_multiRayPrepare eliminate", k, elim, NG);
    out_nums("mju_multiRayPrepare ba", k, ba, 4 * NG);
  }

  // ray_xmat must be NULL: reported, then ignored
  void (*prev)(const char*) = solve_catch();
  mjtNum xmat[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, pnt[3] = {0, 0, 0};
  mju_multiRayPrepare(&m, &d, pnt, xmat, NULL, 1, -1, mjMAXVAL, ba, elim);
  solve_out_error("mju_multiRayPrepare err", 0);
  out_ints("mju_multiRayPrepare err eliminate", 0, elim, NG);
  mju_user_error = prev;
}

static void test_solve(void) {
  solve_data_init();
  solve_test_chol();
  solve_test_band();
  solve_test_eig3();
  solve_test_qcqp();
  solve_test_boxqp();
  solve_test_cholcount();
  solve_test_sparse_basic();
  solve_test_sparse_sym();
  solve_test_sparse_add();
  solve_test_transpose();
  solve_test_sqr();
  solve_test_blockdiag();
  solve_test_maps();
  solve_test_rays();
  solve_test_multiray();

  // the stack frames were all released, and the high-water mark is upstream's
  int stack[3] = {(int)solve_data.pstack, (int)solve_data.pbase != 0, (int)solve_data.maxuse_stack};
  out_ints("mju_sqrMatTDSparse stackuse", 0, stack, 3);
  free(solve_data.arena);
}
