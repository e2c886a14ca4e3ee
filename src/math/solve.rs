//! Dense decompositions and small solvers: Cholesky factor/solve/rank-one update, the symbolic
//! count of a sparse reverse Cholesky factor, eigen decomposition of symmetric 3x3 matrices,
//! QCQPs in 2 and 3 dimensions and the box-constrained QP solver.
//!
//! Results agree bit for bit with upstream: every reduction uses the summation order of its
//! AVX build (see [`dot`]), and every update happens in upstream's order.
#![allow(clippy::neg_cmp_op_on_partial_ord)]

#[cfg(target_arch = "x86_64")]
use super::lanes::Avx;
use super::lanes::{Lanes, Scalar};
use crate::mjerror;

/// Smallest value used in denominators (`mjMINVAL`).
pub const MINVAL: f64 = 1e-15;

/// Dot product of two equally long vectors, summed in upstream's order (see
/// [`super::lanes`]).
#[inline]
pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len();
    let b = &b[..n];
    #[cfg(target_arch = "x86_64")]
    if n >= 4 {
        if let Some(avx) = Avx::detect() {
            return avx.dot(a, b);
        }
    }
    Scalar.dot(a, b)
}

/// `mju_min`: `a` when `a <= b`, else `b`.
#[inline]
pub(crate) fn min(a: f64, b: f64) -> f64 {
    if a <= b {
        a
    } else {
        b
    }
}

/// `mju_max`: `a` when `a >= b`, else `b`.
#[inline]
pub(crate) fn max(a: f64, b: f64) -> f64 {
    if a >= b {
        a
    } else {
        b
    }
}

//------------------------------------ dense Cholesky ---------------------------------------------

/// In-place Cholesky factorization `mat = L*L'` of the n x n row-major `mat` (lower triangle
/// read and written). Diagonal values below `mindiag` are replaced by it; returns n minus the
/// number of such replacements.
#[inline]
pub fn chol_factor(mat: &mut [f64], n: usize, mindiag: f64) -> i32 {
    let mat = &mut mat[..n * n];
    #[cfg(target_arch = "x86_64")]
    if let Some(avx) = Avx::detect() {
        // SAFETY: the Avx value proves the CPU has AVX
        return unsafe { chol_factor_avx(avx, mat, n, mindiag) };
    }
    chol_factor_in(Scalar, mat, n, mindiag)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
fn chol_factor_avx(avx: Avx, mat: &mut [f64], n: usize, mindiag: f64) -> i32 {
    chol_factor_in(avx, mat, n, mindiag)
}

/// The factorization over `m` (n*n values) with the dot products of `l`.
#[inline(always)]
fn chol_factor_in<L: Lanes>(l: L, m: &mut [f64], n: usize, mindiag: f64) -> i32 {
    let m = &mut m[..n * n];
    let mut rank = n as i32;
    for j in 0..n {
        let (rowj, below) = m[j * n..].split_at_mut(n);
        let mut t = rowj[j];
        if j > 0 {
            t -= l.dot(&rowj[..j], &rowj[..j]);
        }
        if t < mindiag {
            t = mindiag;
            rank -= 1;
        }
        let ljj = t.sqrt();
        rowj[j] = ljj;

        let inv = 1.0 / ljj;
        let rowj = &rowj[..j];
        for rowi in below.chunks_exact_mut(n) {
            rowi[j] = (rowi[j] - l.dot(&rowi[..j], rowj)) * inv;
        }
    }
    rank
}

/// Solves `(L*L')*x = b` in place: `res` holds b on entry and x on return; `mat` is the factor
/// from [`chol_factor`].
#[inline]
pub fn chol_solve(res: &mut [f64], mat: &[f64], n: usize) {
    let res = &mut res[..n];
    let mat = &mat[..n * n];
    #[cfg(target_arch = "x86_64")]
    if let Some(avx) = Avx::detect() {
        // SAFETY: the Avx value proves the CPU has AVX
        return unsafe { chol_solve_avx(avx, res, mat, n) };
    }
    chol_solve_in(Scalar, res, mat, n)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
fn chol_solve_avx(avx: Avx, res: &mut [f64], mat: &[f64], n: usize) {
    chol_solve_in(avx, res, mat, n)
}

/// The two substitutions over `res` (n values) and the factor `m` (n*n values) with the dot
/// products of `l`.
#[inline(always)]
fn chol_solve_in<L: Lanes>(l: L, res: &mut [f64], m: &[f64], n: usize) {
    let (res, m) = (&mut res[..n], &m[..n * n]);
    // forward substitution with L
    for i in 0..n {
        let rowi = &m[i * n..i * n + n];
        let mut r = res[i];
        if i > 0 {
            r -= l.dot(&rowi[..i], &res[..i]);
        }
        res[i] = r / rowi[i];
    }

    // backward substitution with L'
    for i in (0..n).rev() {
        let (head, tail) = res.split_at_mut(i + 1);
        let mut r = head[i];
        // column i of L below the diagonal (entry i of each later row), against the solved
        // entries after i; rows as chunks, not a strided iterator, which compiled to a slow loop
        for (row, &xj) in m.chunks_exact(n).skip(i + 1).zip(&*tail) {
            r -= row[i] * xj;
        }
        head[i] = r / m[i * (n + 1)];
    }
}

/// Rank-one update of a Cholesky factor: `L*L' + x*x'` (or minus when `plus` is false), in place;
/// `x` is overwritten. Returns n minus the number of diagonals clamped to `MINVAL`.
pub fn chol_update(mat: &mut [f64], x: &mut [f64], n: usize, plus: bool) -> i32 {
    let mat = &mut mat[..n * n];
    let x = &mut x[..n];
    let mut rank = n as i32;
    for k in 0..n {
        rank -= update_column(mat, x, n, k, plus);
    }
    rank
}

/// Rank-`nvec` update of a Cholesky factor by the rows of `xs` (`nvec` rows of length n), with
/// the same results as `chol_update` applied to each row in turn; the rows are overwritten.
///
/// Step k of row j needs step k of row j-1 (column k of the factor) and step k-1 of row j (its
/// own entries), so the steps run by anti-diagonals k + j: the steps of one diagonal are
/// independent and overlap, where row after row each step waits for the square root and
/// divisions of the one before.
pub fn chol_update_rows(mat: &mut [f64], xs: &mut [f64], n: usize, nvec: usize, plus: bool) {
    let mat = &mut mat[..n * n];
    let xs = &mut xs[..n * nvec];
    if n == 0 || nvec == 0 {
        return;
    }
    for t in 0..n + nvec - 1 {
        let jlo = t.saturating_sub(n - 1);
        let jhi = t.min(nvec - 1);
        for j in jlo..=jhi {
            update_column(mat, &mut xs[j * n..j * n + n], n, t - j, plus);
        }
    }
}

/// Step k of a rank-one update: column k of the factor and the entries of `x` below k.
/// Returns 1 when the diagonal was clamped to `MINVAL`, else 0.
#[inline(always)]
fn update_column(mat: &mut [f64], x: &mut [f64], n: usize, k: usize, plus: bool) -> i32 {
    let xk = x[k];
    if xk == 0.0 {
        return 0;
    }
    let mut clamped = 0;
    let lkk = mat[k * (n + 1)];
    let mut t = lkk * lkk + if plus { xk * xk } else { -(xk * xk) };
    if t < MINVAL {
        t = MINVAL;
        clamped = 1;
    }
    let r = t.sqrt();
    let c = r / lkk;
    let cinv = 1.0 / c;
    let s = xk / lkk;
    mat[k * (n + 1)] = r;
    if k + 1 == n {
        return clamped;
    }

    // column k below the diagonal, then x below k (each x[i] uses the new mat[i][k])
    let mut idx = (k + 1) * n + k;
    let below = &mut x[k + 1..n];
    assert!(idx + (below.len() - 1) * n < mat.len());
    if plus {
        for xi in below {
            // SAFETY: idx = i*n + k with k < i < n, checked against mat.len() above
            let m = unsafe { mat.get_unchecked_mut(idx) };
            *m = (*m + s * *xi) * cinv;
            *xi = c * *xi - s * *m;
            idx += n;
        }
    } else {
        for xi in below {
            // SAFETY: as above
            let m = unsafe { mat.get_unchecked_mut(idx) };
            *m = (*m - s * *xi) * cinv;
            *xi = c * *xi - s * *m;
            idx += n;
        }
    }
    clamped
}

/// Non-zeros per row of the reverse Cholesky factor of the symmetric pattern (read from its
/// upper triangle) given by `rownnz`, `rowadr`, `colind`; fills `l_rownnz` and returns the total.
/// `parent` and `flag` are scratch of length n (elimination tree and row marks).
#[allow(clippy::too_many_arguments)]
pub fn chol_factor_count(
    l_rownnz: &mut [i32],
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    n: usize,
    parent: &mut [i32],
    flag: &mut [i32],
) -> i32 {
    for r in (0..n).rev() {
        parent[r] = -1;
        flag[r] = r as i32;
        l_rownnz[r] = 1;
        let start = rowadr[r] as usize;
        let end = start + rownnz[r] as usize;
        for &c in &colind[start..end] {
            let mut i = c;
            if i <= r as i32 {
                continue;
            }
            // walk up the elimination tree until a node already visited for this row
            while flag[i as usize] != r as i32 {
                let iu = i as usize;
                if parent[iu] == -1 {
                    parent[iu] = r as i32;
                }
                l_rownnz[iu] += 1;
                flag[iu] = r as i32;
                i = parent[iu];
            }
        }
    }
    l_rownnz[..n].iter().fold(0i32, |s, &v| s.wrapping_add(v))
}

//------------------------------------ eigen decomposition ----------------------------------------

const EIG_EPS: f64 = MINVAL * 1000.0;

fn quat2mat(res: &mut [f64; 9], q: &[f64; 4]) {
    if q[0] == 1.0 && q[1] == 0.0 && q[2] == 0.0 && q[3] == 0.0 {
        *res = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
        return;
    }
    let q00 = q[0] * q[0];
    let q01 = q[0] * q[1];
    let q02 = q[0] * q[2];
    let q03 = q[0] * q[3];
    let q11 = q[1] * q[1];
    let q12 = q[1] * q[2];
    let q13 = q[1] * q[3];
    let q22 = q[2] * q[2];
    let q23 = q[2] * q[3];
    let q33 = q[3] * q[3];
    res[0] = q00 + q11 - q22 - q33;
    res[4] = q00 - q11 + q22 - q33;
    res[8] = q00 - q11 - q22 + q33;
    res[1] = 2.0 * (q12 - q03);
    res[2] = 2.0 * (q13 + q02);
    res[3] = 2.0 * (q12 + q03);
    res[5] = 2.0 * (q23 - q01);
    res[6] = 2.0 * (q13 - q02);
    res[7] = 2.0 * (q23 + q01);
}

fn mul_quat(a: &[f64; 4], b: &[f64; 4]) -> [f64; 4] {
    [
        a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
        a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
        a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
        a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0],
    ]
}

fn normalize4(v: &mut [f64; 4]) {
    let norm = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]).sqrt();
    if norm < MINVAL {
        *v = [1.0, 0.0, 0.0, 0.0];
    } else if (norm - 1.0).abs() > MINVAL {
        let inv = 1.0 / norm;
        for x in v.iter_mut() {
            *x *= inv;
        }
    }
}

/// `res = a' * b` for 3x3 row-major matrices.
fn mul_mat_t_mat3(a: &[f64; 9], b: &[f64; 9]) -> [f64; 9] {
    let mut r = [0.0; 9];
    for i in 0..3 {
        for j in 0..3 {
            r[3 * i + j] = a[i] * b[j] + a[3 + i] * b[3 + j] + a[6 + i] * b[6 + j];
        }
    }
    r
}

/// `res = a * b` for 3x3 row-major matrices.
fn mul_mat_mat3(a: &[f64; 9], b: &[f64; 9]) -> [f64; 9] {
    let mut r = [0.0; 9];
    for i in 0..3 {
        for j in 0..3 {
            r[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
        }
    }
    r
}

/// Eigen decomposition of a symmetric 3x3 matrix by Jacobi rotations accumulated in a
/// quaternion: eigenvalues in decreasing order, eigenvectors as the columns of `eigvec`, the
/// rotation as `quat`. Returns the number of iterations.
pub fn eig3(eigval: &mut [f64; 3], eigvec: &mut [f64; 9], quat: &mut [f64; 4], mat: &[f64; 9]) -> i32 {
    *quat = [1.0, 0.0, 0.0, 0.0];
    let mut iter = 0;
    while iter < 500 {
        quat2mat(eigvec, quat);
        let tmp = mul_mat_t_mat3(eigvec, mat);
        let d = mul_mat_mat3(&tmp, eigvec);
        *eigval = [d[0], d[4], d[8]];

        // largest off-diagonal element: row, column and the axis of the rotation that zeroes it
        let (rk, ck, rotk) = if d[1].abs() > d[2].abs() && d[1].abs() > d[5].abs() {
            (0, 1, 2)
        } else if d[2].abs() > d[5].abs() {
            (0, 2, 1)
        } else {
            (1, 2, 0)
        };
        if d[3 * rk + ck].abs() < EIG_EPS {
            break;
        }

        // 2x2 symmetric Schur decomposition
        let tau = (d[4 * ck] - d[4 * rk]) / (2.0 * d[3 * rk + ck]);
        let t =
            if tau >= 0.0 { 1.0 / (tau + (1.0 + tau * tau).sqrt()) } else { -1.0 / (-tau + (1.0 + tau * tau).sqrt()) };
        let c = 1.0 / (1.0 + t * t).sqrt();
        if c > 1.0 - EIG_EPS {
            break;
        }

        let mut rot = [0.0; 4];
        let half = (0.5 - 0.5 * c).sqrt();
        rot[rotk + 1] = if tau >= 0.0 { -half } else { half };
        if rotk == 1 {
            rot[rotk + 1] = -rot[rotk + 1];
        }
        rot[0] = (1.0 - rot[rotk + 1] * rot[rotk + 1]).sqrt();
        normalize4(&mut rot);

        *quat = mul_quat(quat, &rot);
        normalize4(quat);
        iter += 1;
    }

    // bubble sort into decreasing order (pairs 0, 1, 0), rotating the frame with each swap
    for j in 0..3 {
        let j1 = j % 2;
        if eigval[j1] + EIG_EPS < eigval[j1 + 1] {
            eigval.swap(j1, j1 + 1);
            // upstream's literal for cos(pi/4), one ulp below FRAC_1_SQRT_2
            #[allow(clippy::approx_constant)]
            let mut rot = [0.707106781186548, 0.0, 0.0, 0.0];
            rot[(j1 + 2) % 3 + 1] = rot[0];
            *quat = mul_quat(quat, &rot);
            normalize4(quat);
        }
    }
    quat2mat(eigvec, quat);
    iter
}

//------------------------------------ QCQP --------------------------------------------------------

/// Minimizes `0.5*x'*A*x + x'*b` subject to `sum (x_i/d_i)^2 <= r^2` in 2 dimensions (A is 2x2).
/// Returns true when the constraint is active; x is zero when the scaled A is not positive
/// definite.
pub fn qcqp2(res: &mut [f64; 2], a: &[f64; 4], b: &[f64; 2], d: &[f64; 2], r: f64) -> bool {
    let b1 = b[0] * d[0];
    let b2 = b[1] * d[1];
    let a11 = a[0] * d[0] * d[0];
    let a22 = a[3] * d[1] * d[1];
    let a12 = a[1] * d[0] * d[1];

    let (mut v1, mut v2) = (0.0, 0.0);
    let mut la = 0.0;
    for _ in 0..20 {
        let det = (a11 + la) * (a22 + la) - a12 * a12;
        if det < 1e-10 {
            *res = [0.0, 0.0];
            return false;
        }
        let detinv = 1.0 / det;
        let p11 = (a22 + la) * detinv;
        let p22 = (a11 + la) * detinv;
        let p12 = -a12 * detinv;

        v1 = -p11 * b1 - p12 * b2;
        v2 = -p12 * b1 - p22 * b2;

        let val = v1 * v1 + v2 * v2 - r * r;
        if val < 1e-10 {
            break;
        }
        let deriv = -2.0 * (p11 * v1 * v1 + 2.0 * p12 * v1 * v2 + p22 * v2 * v2);
        let delta = -val / deriv;
        if delta < 1e-10 {
            break;
        }
        la += delta;
    }
    *res = [v1 * d[0], v2 * d[1]];
    la != 0.0
}

/// As [`qcqp2`] in 3 dimensions (A is 3x3).
pub fn qcqp3(res: &mut [f64; 3], a: &[f64; 9], b: &[f64; 3], d: &[f64; 3], r: f64) -> bool {
    let b1 = b[0] * d[0];
    let b2 = b[1] * d[1];
    let b3 = b[2] * d[2];
    let a11 = a[0] * d[0] * d[0];
    let a22 = a[4] * d[1] * d[1];
    let a33 = a[8] * d[2] * d[2];
    let a12 = a[1] * d[0] * d[1];
    let a13 = a[2] * d[0] * d[2];
    let a23 = a[5] * d[1] * d[2];

    let (mut v1, mut v2, mut v3) = (0.0, 0.0, 0.0);
    let mut la = 0.0;
    for _ in 0..20 {
        // adjugate of A + la*I
        let mut p11 = (a22 + la) * (a33 + la) - a23 * a23;
        let mut p22 = (a11 + la) * (a33 + la) - a13 * a13;
        let mut p33 = (a11 + la) * (a22 + la) - a12 * a12;
        let mut p12 = a13 * a23 - a12 * (a33 + la);
        let mut p13 = a12 * a23 - a13 * (a22 + la);
        let mut p23 = a12 * a13 - a23 * (a11 + la);

        let det = (a11 + la) * p11 + a12 * p12 + a13 * p13;
        if det < 1e-10 {
            *res = [0.0, 0.0, 0.0];
            return false;
        }
        let detinv = 1.0 / det;
        p11 *= detinv;
        p22 *= detinv;
        p33 *= detinv;
        p12 *= detinv;
        p13 *= detinv;
        p23 *= detinv;

        v1 = -p11 * b1 - p12 * b2 - p13 * b3;
        v2 = -p12 * b1 - p22 * b2 - p23 * b3;
        v3 = -p13 * b1 - p23 * b2 - p33 * b3;

        let val = v1 * v1 + v2 * v2 + v3 * v3 - r * r;
        if val < 1e-10 {
            break;
        }
        let deriv = -2.0 * (p11 * v1 * v1 + p22 * v2 * v2 + p33 * v3 * v3)
            - 4.0 * (p12 * v1 * v2 + p13 * v1 * v3 + p23 * v2 * v3);
        let delta = -val / deriv;
        if delta < 1e-10 {
            break;
        }
        la += delta;
    }
    *res = [v1 * d[0], v2 * d[1], v3 * d[2]];
    la != 0.0
}

//------------------------------------ box-constrained QP -----------------------------------------

/// Options of [`box_qp`] (upstream's defaults from [`BoxQpOptions::default`]).
#[derive(Debug, Clone, Copy)]
pub struct BoxQpOptions {
    /// Maximum number of iterations.
    pub maxiter: i32,
    /// Minimum squared norm of the free gradient.
    pub mingrad: f64,
    /// Step size reduction factor of the line search.
    pub backtrack: f64,
    /// Minimum step size of the line search.
    pub minstep: f64,
    /// Armijo parameter (fraction of the expected linear improvement).
    pub armijo: f64,
}

impl Default for BoxQpOptions {
    fn default() -> Self {
        BoxQpOptions { maxiter: 100, mingrad: 1e-16, backtrack: 0.5, minstep: 1e-22, armijo: 0.1 }
    }
}

// solver status, as upstream numbers it
const NOT_SPD: i32 = -1;
const NO_DESCENT: i32 = 0;
const MAX_ITER: i32 = 1;
const MAX_LS_ITER: i32 = 2;
const TOL_GRAD: i32 = 3;
const UNBOUNDED: i32 = 4;
const ALL_CLAMPED: i32 = 5;

const STATUS_TEXT: [&core::ffi::CStr; 7] = [
    c"Hessian is not positive definite",
    c"No descent direction found",
    c"Maximum main iterations exceeded",
    c"Maximum line-search iterations exceeded",
    c"Gradient norm smaller than tolerance",
    c"No dimensions clamped, returning Newton point",
    c"All dimensions clamped",
];

/// `v' * mat * v` from the lower triangle of a symmetric n x n matrix.
fn vec_mat_vec_sym(v: &[f64], mat: &[f64], n: usize) -> f64 {
    let mut res = 0.0;
    for i in 0..n {
        res += v[i] * mat[n * i + i] * v[i];
        res += 2.0 * v[i] * dot(&mat[n * i..n * i + i], &v[..i]);
    }
    res
}

/// `res = mat * v` for an n x n matrix.
fn mul_mat_vec(res: &mut [f64], mat: &[f64], v: &[f64], n: usize) {
    for (r, out) in res[..n].iter_mut().enumerate() {
        *out = dot(&mat[r * n..r * n + n], &v[..n]);
    }
}

/// Appends formatted text to the log buffer the way consecutive `snprintf` calls do.
struct Log<'a> {
    buf: &'a mut [u8],
    pos: usize,
}

impl Log<'_> {
    /// Room left (as an `snprintf` size) and the write position, kept inside the buffer.
    fn dest(&mut self) -> (*mut libc::c_char, usize) {
        let at = self.pos.min(self.buf.len());
        // SAFETY: at <= buf.len(), so the pointer is inside the buffer or one past its end
        (unsafe { self.buf.as_mut_ptr().add(at) } as *mut libc::c_char, self.buf.len() - at)
    }
}

/// Minimizes `0.5*x'*H*x + x'*g` subject to `lower <= x <= upper` (each bound optional) by
/// projected Newton iterations with an Armijo line search.
///
/// `res` holds the warm start on entry and the solution on return. `r` (length n*(n+7)) receives
/// the Cholesky factor of the free subspace (nfree x nfree, lower triangle) and serves as
/// scratch. `index`, if given, receives the free dimensions. Returns the number of free
/// dimensions, or -1 on failure. Only the lower triangle of `h` is read. `n` is upstream's
/// signed size: a non-positive n is reported and then treated as an empty problem.
#[allow(clippy::too_many_arguments)]
pub fn box_qp(
    res: &mut [f64],
    r: &mut [f64],
    index: Option<&mut [i32]>,
    h: &[f64],
    g: &[f64],
    n: i32,
    lower: Option<&[f64]>,
    upper: Option<&[f64]>,
    opt: &BoxQpOptions,
    log: Option<&mut [u8]>,
) -> i32 {
    const FUNC: &str = "mju_boxQPoption";
    let mut status = NO_DESCENT;
    let mut factorize = true;
    let mut nfree = n;
    let mut nfactor = 0;
    let (mut improvement, mut value, mut norm2) = (0.0f64, 0.0f64, 0.0f64);

    if n <= 0 {
        mjerror!(FUNC, "problem size n must be positive");
    }
    let nu = n.max(0) as usize;
    if let (Some(lo), Some(hi)) = (lower, upper) {
        for i in 0..nu {
            if lo[i] >= hi[i] {
                mjerror!(FUNC, "upper bounds must be stricly larger than lower bounds");
            }
        }
    }

    // layout of r: the factor (n*n), then grad, search, candidate, temp (n each), then integer
    // scratch where upstream keeps it: clamped at 4n, oldclamped at 5n, index fallback at 6n
    let (rmat, scratch) = r[..nu * (nu + 7)].split_at_mut(nu * nu);
    let (grad, scratch) = scratch.split_at_mut(nu);
    let (search, scratch) = scratch.split_at_mut(nu);
    let (candidate, scratch) = scratch.split_at_mut(nu);
    let (temp, scratch) = scratch.split_at_mut(nu);
    // SAFETY: f64 storage is suitably aligned for i32 and every bit pattern is a valid i32
    let ints: &mut [i32] =
        unsafe { core::slice::from_raw_parts_mut(scratch.as_mut_ptr() as *mut i32, 2 * scratch.len()) };
    let (clamped, ints) = ints.split_at_mut(nu);
    let (_, ints) = ints.split_at_mut(nu);
    let (oldclamped, ints) = ints.split_at_mut(nu);
    let (_, ints) = ints.split_at_mut(nu);
    let index: &mut [i32] = match index {
        Some(ix) => &mut ix[..nu],
        None => &mut ints[..nu],
    };
    let res = &mut res[..nu];
    let h = &h[..nu * nu];
    let g = &g[..nu];
    let lower = lower.map(|v| &v[..nu]);
    let upper = upper.map(|v| &v[..nu]);

    if lower.is_none() && upper.is_none() {
        // no bounds: the Newton point
        rmat.copy_from_slice(h);
        if chol_factor(rmat, nu, MINVAL) == nu as i32 {
            res.copy_from_slice(g);
            chol_solve(res, rmat, nu);
            for x in res.iter_mut() {
                *x *= -1.0;
            }
            nfactor = 1;
            status = UNBOUNDED;
        } else {
            status = NOT_SPD;
        }
        for (i, ix) in index.iter_mut().enumerate() {
            *ix = i as i32;
        }
    } else {
        for i in 0..nu {
            if let Some(lo) = lower {
                res[i] = max(res[i], lo[i]);
            }
            if let Some(hi) = upper {
                res[i] = min(res[i], hi[i]);
            }
        }
    }

    let mut log = log.map(|buf| Log { buf, pos: 0 });
    let mut iter = 0;
    while iter < opt.maxiter {
        if status != NO_DESCENT {
            break;
        }

        value = 0.5 * vec_mat_vec_sym(res, h, nu) + dot(res, g);
        let oldvalue = value;

        mul_mat_vec(grad, h, res, nu);
        for (x, y) in grad.iter_mut().zip(g.iter()) {
            *x += y;
        }

        for (i, c) in clamped.iter_mut().enumerate() {
            let at_lo = lower.is_some_and(|lo| res[i] == lo[i] && grad[i] > 0.0);
            let at_hi = upper.is_some_and(|hi| res[i] == hi[i] && grad[i] < 0.0);
            *c = (at_lo || at_hi) as i32;
        }

        let mut nf = 0usize;
        for (i, _) in clamped.iter().enumerate().filter(|(_, &c)| c == 0) {
            index[nf] = i as i32;
            nf += 1;
        }
        nfree = nf as i32;
        if nf == 0 {
            status = ALL_CLAMPED;
            break;
        }

        if iter > 0 {
            factorize = clamped[..] != oldclamped[..];
        }
        oldclamped.copy_from_slice(clamped);

        // search = g + H[:, clamped] * res[clamped], compressed to the free dimensions
        for i in 0..nu {
            temp[i] = if clamped[i] != 0 { res[i] } else { 0.0 };
        }
        mul_mat_vec(search, h, temp, nu);
        for (x, y) in search.iter_mut().zip(g.iter()) {
            *x += y;
        }
        for i in 0..nf {
            search[i] = search[index[i] as usize];
        }

        // factor of H restricted to the free dimensions
        if factorize {
            for i in 0..nf {
                let hi = index[i] as usize * nu;
                for j in 0..=i {
                    rmat[i * nf + j] = h[hi + index[j] as usize];
                }
            }
        }
        let rank = if factorize { chol_factor(rmat, nf, MINVAL) } else { nfree };
        nfactor += factorize as i32;
        if rank != nfree {
            status = NOT_SPD;
            break;
        }

        temp[..nf].copy_from_slice(&search[..nf]);
        chol_solve(temp, rmat, nf);

        search.fill(0.0);
        for i in 0..nf {
            let k = index[i] as usize;
            search[k] = -temp[i] - res[k];
        }

        norm2 = 0.0;
        for &k in &index[..nf] {
            let gk = grad[k as usize];
            norm2 += gk * gk;
        }
        if norm2 < opt.mingrad {
            status = if nf == nu { UNBOUNDED } else { TOL_GRAD };
            break;
        }

        let sdotg = dot(search, grad);
        if sdotg >= 0.0 {
            break;
        }

        // projected Armijo line search
        let mut step = 1.0;
        let mut nstep = 0;
        loop {
            for i in 0..nu {
                let mut c = search[i] * step + res[i];
                if lower.is_some_and(|lo| c < lo[i]) {
                    c = lower.unwrap()[i];
                } else if upper.is_some_and(|hi| c > hi[i]) {
                    c = upper.unwrap()[i];
                }
                candidate[i] = c;
            }
            value = 0.5 * vec_mat_vec_sym(candidate, h, nu) + dot(candidate, g);

            nstep += 1;
            step *= opt.backtrack;
            if step < opt.minstep {
                status = MAX_LS_ITER;
                break;
            }
            improvement = (value - oldvalue) / (step * sdotg);
            if !(improvement < opt.armijo) {
                break;
            }
        }

        if let Some(l) = log.as_mut() {
            let (p, room) = l.dest();
            // SAFETY: `p` has `room` bytes (Log::dest); the format's conversions match the arguments
            let w = unsafe {
                libc::snprintf(
                    p,
                    room,
                    c"iter %-3d:  |grad|: %-8.2g  reduction: %-8.2g  improvement: %-8.4g  linesearch: %g^%-2d  factorized: %d  nfree: %d\n".as_ptr(),
                    iter + 1,
                    norm2.sqrt(),
                    oldvalue - value,
                    improvement,
                    opt.backtrack,
                    nstep - 1,
                    factorize as i32,
                    nfree,
                )
            };
            l.pos += w.max(0) as usize;
        }

        res.copy_from_slice(candidate);
        iter += 1;
    }

    if iter == opt.maxiter {
        status = MAX_ITER;
    }

    if let Some(l) = log.as_mut() {
        let (p, room) = l.dest();
        // SAFETY: `p` has `room` bytes (Log::dest); the format's conversions match the arguments
        unsafe {
            libc::snprintf(
                p,
                room,
                c"BOXQP: %s.\niterations= %d,  factorizations= %d,  |grad|= %-12.6g, final value= %-12.6g\n".as_ptr(),
                STATUS_TEXT[(status + 1) as usize].as_ptr(),
                iter,
                nfactor,
                norm2.sqrt(),
                value,
            );
        }
    }

    if status == NO_DESCENT || status == NOT_SPD {
        -1
    } else {
        nfree
    }
}

/// In-place reverse-order sparse LU factorisation without fill-in (tree-structured sparsity):
/// afterwards `lu` holds L + U with `original = (U + I) * L`. Rows are visited in the order of
/// `index` when given (a subset of rows), otherwise 0..n. `scratch` holds n ints.
/// Structural problems report through `mju_error` with upstream's messages.
#[allow(clippy::too_many_arguments)]
pub fn factor_lu_sparse(
    lu: &mut [f64],
    n: usize,
    scratch: &mut [i32],
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    index: Option<&[i32]>,
) {
    let row = |r: usize| index.map_or(r, |ix| ix[r] as usize);
    let remaining = &mut scratch[..n];
    for (r, rem) in remaining.iter_mut().enumerate() {
        *rem = rownnz[row(r)];
    }
    for r in (0..n).rev() {
        let i = row(r);
        let ii = (rowadr[i] + remaining[r] - 1) as usize;
        remaining[r] -= 1;
        if colind[ii] as usize != i {
            crate::mjerror!("mju_factorLUSparse", "missing diagonal element");
            return;
        }
        if lu[ii].abs() < crate::abi::mjMINVAL {
            crate::mjerror!("mju_factorLUSparse", "diagonal element too small");
            return;
        }
        for c in (0..r).rev() {
            let j = row(c);
            let ji = (rowadr[j] + remaining[c] - 1) as usize;
            if colind[ji] as usize != i {
                continue;
            }
            remaining[c] -= 1;
            lu[ji] /= lu[ii];
            let lji = lu[ji];
            // row j -= lji * row i over the columns left of i, where the patterns agree
            let (mut ic, mut jc) = (rowadr[i] as usize, rowadr[j] as usize);
            let jend = (rowadr[j] + remaining[c]) as usize;
            while jc < jend {
                if colind[ic] == colind[jc] {
                    lu[jc] -= lu[ic] * lji;
                    ic += 1;
                    jc += 1;
                } else if colind[ic] > colind[jc] {
                    jc += 1;
                } else {
                    crate::mjerror!("mju_factorLUSparse", "requires fill-in");
                    return;
                }
            }
            if ic != (rowadr[i] + remaining[r]) as usize || jc != jend {
                crate::mjerror!("mju_factorLUSparse", "row processing incomplete");
                return;
            }
        }
    }
    for r in 0..n {
        let i = row(r);
        if remaining[r] < 0 || colind[(rowadr[i] + remaining[r]) as usize] as usize != i {
            crate::mjerror!("mju_factorLUSparse", "unexpected sparse matrix structure");
            return;
        }
    }
}

/// Solves `mat * res = vec` with the factorisation of [`factor_lu_sparse`]; `diag[i]` is the
/// position of the diagonal within row i.
#[allow(clippy::too_many_arguments)]
pub fn solve_lu_sparse(
    res: &mut [f64],
    lu: &[f64],
    vec: &[f64],
    n: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    diag: &[i32],
    colind: &[i32],
    index: Option<&[i32]>,
) {
    use crate::math::sparse::dot_sparse;
    let row = |k: usize| index.map_or(k, |ix| ix[k] as usize);
    // (U + I) res = vec, bottom-up
    for k in (0..n).rev() {
        let i = row(k);
        res[i] = vec[i];
        let d1 = (diag[i] + 1) as usize;
        let nnz = rownnz[i] as usize - d1;
        if nnz > 0 {
            let adr = rowadr[i] as usize + d1;
            let s = dot_sparse(&lu[adr..adr + nnz], res, &colind[adr..adr + nnz]);
            res[i] -= s;
        }
    }
    // L res = res, top-down
    for k in 0..n {
        let i = row(k);
        let d = diag[i] as usize;
        let adr = rowadr[i] as usize;
        if d > 0 {
            let s = dot_sparse(&lu[adr..adr + d], res, &colind[adr..adr + d]);
            res[i] -= s;
        }
        res[i] /= lu[adr + d];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cholesky_of_known_matrix() {
        // A = L*L' with L = [[2,0,0],[1,3,0],[-1,2,4]]
        let mut a = [4.0, 2.0, -2.0, 2.0, 10.0, 5.0, -2.0, 5.0, 21.0];
        assert_eq!(chol_factor(&mut a, 3, 1e-15), 3);
        assert_eq!([a[0], a[3], a[4], a[6], a[7], a[8]], [2.0, 1.0, 3.0, -1.0, 2.0, 4.0]);
        // A * [1,1,1] = [4, 17, 24]
        let mut x = [4.0, 17.0, 24.0];
        chol_solve(&mut x, &a, 3);
        for v in x {
            assert!((v - 1.0).abs() < 1e-14);
        }
    }

    #[test]
    fn cholesky_rank_of_singular_matrix() {
        let mut a = [1.0, 1.0, 1.0, 1.0];
        assert_eq!(chol_factor(&mut a, 2, 1e-10), 1);
        assert_eq!(a[3], 1e-5);
    }

    #[test]
    fn rank_one_update_matches_refactorization() {
        let mut l = [4.0, 0.0, 2.0, 5.0];
        chol_factor(&mut l, 2, 0.0);
        let mut x = [1.0, 2.0];
        assert_eq!(chol_update(&mut l, &mut x, 2, true), 2);
        // A + x*x' = [[5, 4], [4, 9]]
        let mut b = [5.0, 4.0, 4.0, 9.0];
        chol_factor(&mut b, 2, 0.0);
        for (p, q) in [(0, 0), (2, 2), (3, 3)] {
            assert!((l[p] - b[q]).abs() < 1e-14);
        }
    }

    #[test]
    fn multi_row_update_matches_rows_in_turn() {
        // pseudo-random SPD factor and rows (with exact zeros, which skip a step), bit for bit
        let mut seed = 12345u64;
        let mut next = move || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 11) as f64 / (1u64 << 53) as f64) - 0.5
        };
        let (mut empty, mut none) = ([1.0], [0.0; 0]);
        chol_update_rows(&mut empty, &mut none, 1, 0, true);
        assert_eq!(empty, [1.0]);
        for &(n, nvec) in &[(1, 1), (1, 3), (5, 1), (7, 3), (18, 12), (4, 9)] {
            let mut a = vec![0.0; n * n];
            let b: Vec<f64> = (0..n * n).map(|_| next()).collect();
            for i in 0..n {
                for j in 0..n {
                    a[i * n + j] =
                        (0..n).map(|k| b[i * n + k] * b[j * n + k]).sum::<f64>() + if i == j { 1.0 } else { 0.0 };
                }
            }
            chol_factor(&mut a, n, 0.0);
            let mut xs: Vec<f64> = (0..n * nvec).map(|i| if i % 4 == 1 { 0.0 } else { next() }).collect();
            for plus in [true, false] {
                let (mut l1, mut x1) = (a.clone(), xs.clone());
                for j in 0..nvec {
                    chol_update(&mut l1, &mut x1[j * n..j * n + n], n, plus);
                }
                let (mut l2, mut x2) = (a.clone(), xs.clone());
                chol_update_rows(&mut l2, &mut x2, n, nvec, plus);
                assert!(l1.iter().zip(&l2).all(|(p, q)| p.to_bits() == q.to_bits()), "n={n} nvec={nvec} plus={plus}");
                assert!(x1.iter().zip(&x2).all(|(p, q)| p.to_bits() == q.to_bits()));
                assert_ne!(l1, a);
            }
            xs.iter_mut().for_each(|x| *x *= 0.1);
        }
    }

    #[test]
    fn dot_order() {
        let a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0];
        assert_eq!(dot(&a, &a), 140.0);
        assert_eq!(dot(&[], &[]), 0.0);
    }

    #[test]
    fn eig3_of_diagonal_and_rotated() {
        let (mut v, mut e, mut q) = ([0.0; 3], [0.0; 9], [0.0; 4]);
        eig3(&mut v, &mut e, &mut q, &[1.0, 0.0, 0.0, 0.0, 3.0, 0.0, 0.0, 0.0, 2.0]);
        assert_eq!(v, [3.0, 2.0, 1.0]);
        // [[2,1],[1,2]] has eigenvalues 3 and 1
        eig3(&mut v, &mut e, &mut q, &[2.0, 1.0, 0.0, 1.0, 2.0, 0.0, 0.0, 0.0, 0.5]);
        assert!((v[0] - 3.0).abs() < 1e-12 && (v[1] - 1.0).abs() < 1e-12 && (v[2] - 0.5).abs() < 1e-12);
    }

    #[test]
    fn qcqp_inside_and_on_constraint() {
        let mut x = [0.0; 2];
        // unconstrained minimum of 0.5*x'x - x'[1,0] is [1,0], inside radius 2
        assert!(!qcqp2(&mut x, &[1.0, 0.0, 0.0, 1.0], &[-1.0, 0.0], &[1.0, 1.0], 2.0));
        assert_eq!(x, [1.0, 0.0]);
        // radius 0.5: projected to [0.5, 0]
        assert!(qcqp2(&mut x, &[1.0, 0.0, 0.0, 1.0], &[-1.0, 0.0], &[1.0, 1.0], 0.5));
        assert!((x[0] - 0.5).abs() < 1e-6 && x[1] == 0.0);
        let mut y = [0.0; 3];
        assert!(!qcqp3(&mut y, &[2.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 2.0], &[-2.0, 0.0, 0.0], &[1.0; 3], 5.0));
        assert_eq!(y, [1.0, 0.0, 0.0]);
    }

    #[test]
    fn box_qp_clamps() {
        // min 0.5*x'x - x'[2, -2] with -1 <= x <= 1: x = [1, -1], both clamped
        let (mut x, mut r) = ([0.0; 2], [0.0; 18]);
        let h = [1.0, 0.0, 0.0, 1.0];
        let g = [-2.0, 2.0];
        let lo = [-1.0, -1.0];
        let hi = [1.0, 1.0];
        let nfree = box_qp(&mut x, &mut r, None, &h, &g, 2, Some(&lo), Some(&hi), &BoxQpOptions::default(), None);
        assert_eq!(nfree, 0);
        assert_eq!(x, [1.0, -1.0]);
        // no bounds: Newton point [2, -2]
        let nfree = box_qp(&mut x, &mut r, None, &h, &g, 2, None, None, &BoxQpOptions::default(), None);
        assert_eq!(nfree, 2);
        assert_eq!(x, [2.0, -2.0]);
    }

    #[test]
    fn factor_count_of_arrow_pattern() {
        // symmetric pattern with row 0 coupled to all: reverse Cholesky fills nothing
        let rownnz = [3, 2, 2];
        let rowadr = [0, 3, 5];
        let colind = [0, 1, 2, 0, 1, 0, 2];
        let (mut l, mut p, mut f) = ([0; 3], [0; 3], [0; 3]);
        assert_eq!(chol_factor_count(&mut l, &rownnz, &rowadr, &colind, 3, &mut p, &mut f), 5);
        assert_eq!(l, [1, 2, 2]);
    }
}
