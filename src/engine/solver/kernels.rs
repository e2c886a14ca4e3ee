//! Sparse Cholesky and inertia products used by the Newton and CG solvers.

use super::*;

//---------------------------------- sparse Cholesky -----------------------------------------------

/// In-place reverse-order sparse Cholesky `mat = L'*L` of a lower-triangular pattern with room
/// for the fill-in (`mju_cholFactorSparse`); returns the rank. `buf`, `buf_ind`: n scratch.
#[allow(clippy::too_many_arguments)]
pub(super) fn chol_factor_sparse(
    mat: &mut [f64],
    n: usize,
    mindiag: f64,
    rownnz: &mut [i32],
    rowadr: &[i32],
    colind: &mut [i32],
    buf: &mut [f64],
    buf_ind: &mut [i32],
) -> i32 {
    let mut rank = n as i32;
    for r in (0..n).rev() {
        let nnz = rownnz[r] as usize;
        let adr = rowadr[r] as usize;

        let mut tmp = mat[adr + nnz - 1];
        if tmp < mindiag {
            tmp = mindiag;
            rank -= 1;
        }
        let diag = tmp.sqrt();
        mat[adr + nnz - 1] = diag;
        let inv = 1.0 / diag;
        for v in mat[adr..adr + nnz - 1].iter_mut() {
            *v *= inv;
        }

        // rows c < r with L(r,c) != 0: L(c,0:c) -= L(r,c) * L(r,0:c)
        for i in 0..nnz - 1 {
            let c = colind[adr + i] as usize;
            let adr_c = rowadr[c] as usize;
            let (mlo, mhi) = mat.split_at_mut(adr);
            let (clo, chi) = colind.split_at_mut(adr);
            let scl = -mhi[i];
            rownnz[c] = sparse::combine_sparse(
                &mut mlo[adr_c..],
                mhi,
                1.0,
                scl,
                rownnz[c] as usize,
                i + 1,
                &mut clo[adr_c..],
                chi,
                buf,
                buf_ind,
            ) as i32;
        }
    }
    rank
}

/// Solves `L'*L*res = vec` with the factor of [`chol_factor_sparse`] (`mju_cholSolveSparse`).
pub(super) fn chol_solve_sparse(res: &mut [f64], mat: &[f64], vec: &[f64], n: usize, rownnz: &[i32], rowadr: &[i32], colind: &[i32]) {
    let res = &mut res[..n];
    res.copy_from_slice(&vec[..n]);

    // res <- L^-T res
    for i in (0..n).rev() {
        if res[i] != 0.0 {
            let adr = rowadr[i] as usize;
            let nnz = rownnz[i] as usize;
            res[i] /= mat[adr + nnz - 1];
            let t = res[i];
            for (&v, &c) in mat[adr..adr + nnz - 1].iter().zip(&colind[adr..adr + nnz - 1]) {
                res[c as usize] -= v * t;
            }
        }
    }

    // res <- L^-1 res
    for i in 0..n {
        let adr = rowadr[i] as usize;
        let nnz = rownnz[i] as usize;
        if nnz > 1 {
            let s = sparse::dot_sparse(&mat[adr..adr + nnz - 1], res, &colind[adr..adr + nnz - 1]);
            res[i] -= s;
        }
        res[i] /= mat[adr + nnz - 1];
    }
}

/// `dst = a*dst + b*src` at the indices both hold; dst keeps its pattern
/// (`mju_combineSparseInc`).
#[allow(clippy::too_many_arguments)]
pub(super) fn combine_sparse_inc(dst: &mut [f64], src: &[f64], a: f64, b: f64, dst_nnz: usize, src_nnz: usize, dst_ind: &[i32], src_ind: &[i32]) {
    let dst = &mut dst[..dst_nnz];
    let (dst_ind, src_ind) = (&dst_ind[..dst_nnz], &src_ind[..src_nnz]);
    if dst_nnz == src_nnz && sparse::same_pattern(dst_ind, src_ind) {
        for (x, &s) in dst.iter_mut().zip(&src[..src_nnz]) {
            *x = *x * a + s * b;
        }
        return;
    }
    if a != 1.0 {
        for x in dst.iter_mut() {
            *x *= a;
        }
    }
    let (mut di, mut si) = (0, 0);
    while di < dst_nnz && si < src_nnz {
        let (da, sa) = (dst_ind[di], src_ind[si]);
        if da == sa {
            dst[di] += b * src[si];
            di += 1;
            si += 1;
        } else if da < sa {
            di += 1;
        } else {
            si += 1;
        }
    }
}

/// Rank-one update `L'*L +/- x*x'` of a sparse reverse Cholesky factor with sparse `x`
/// (`x_nnz` values at `x_ind`, overwritten); the pattern of L does not change
/// (`mju_cholUpdateSparse`). Returns the rank. `buf`, `buf_ind`: n scratch.
#[allow(clippy::too_many_arguments)]
pub(super) fn chol_update_sparse(
    mat: &mut [f64],
    x: &mut [f64],
    n: usize,
    plus: bool,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    x_nnz: usize,
    x_ind: &mut [i32],
    buf: &mut [f64],
    buf_ind: &mut [i32],
) -> i32 {
    let mut rank = n as i32;
    let mut i = x_nnz as isize - 1;
    while i >= 0 {
        let iu = i as usize;
        let row = x_ind[iu] as usize;
        let nnz = rownnz[row] as usize;
        let adr = rowadr[row] as usize;

        let diag = mat[adr + nnz - 1];
        let xi = x[iu];
        let mut tmp = diag * diag + if plus { xi * xi } else { -xi * xi };
        if tmp < mjMINVAL {
            tmp = mjMINVAL;
            rank -= 1;
        }
        let r = tmp.sqrt();
        let c = r / diag;
        let s = xi / diag;
        mat[adr + nnz - 1] = r;

        // row: (L(r,0:r-1) +/- s*x) / c
        combine_sparse_inc(
            &mut mat[adr..],
            x,
            1.0 / c,
            if plus { s / c } else { -s / c },
            nnz - 1,
            iu,
            &colind[adr..],
            x_ind,
        );

        // x(0:r-1) = c*x - s*L(r,0:r-1)
        let new_nnz = sparse::combine_sparse(x, &mat[adr..], c, -s, iu, nnz - 1, x_ind, &colind[adr..], buf, buf_ind);

        i = new_nnz as isize - 1;
    }
    rank
}

/// `res = M*vec` for M symmetric given by its lower triangle (see
/// [`sparse::mul_sym_vec_sparse_lower`]).
pub(super) fn mul_sym(res: &mut [f64], mat: &[f64], vec: &[f64], n: usize, rownnz: &[i32], rowadr: &[i32], colind: &[i32]) {
    // SAFETY: the model's M pattern is checked when the data is made; islands build theirs so
    unsafe { sparse::mul_sym_vec_sparse_lower(res, mat, vec, n, rownnz, rowadr, colind) }
}

/// `x = inv(L'DL) x` for one vector (`mj_solveLD` with n = 1 and no index).
pub(super) fn solve_ld1(x: &mut [f64], qld: &[f64], qldiaginv: &[f64], nv: usize, rownnz: &[i32], rowadr: &[i32], colind: &[i32]) {
    let x = &mut x[..nv];
    for i in (0..nv).rev() {
        let nnz = rownnz[i] as usize;
        if nnz == 1 {
            continue;
        }
        let xi = x[i];
        if xi != 0.0 {
            let start = rowadr[i] as usize;
            let end = start + nnz - 1;
            for (&l, &c) in qld[start..end].iter().zip(&colind[start..end]) {
                x[c as usize] -= l * xi;
            }
        }
    }
    for (v, &inv) in x.iter_mut().zip(&qldiaginv[..nv]) {
        *v *= inv;
    }
    for i in 0..nv {
        let nnz = rownnz[i] as usize;
        if nnz <= 1 {
            continue;
        }
        let start = rowadr[i] as usize;
        let end = start + nnz - 1;
        let s = sparse::dot_sparse(&qld[start..end], x, &colind[start..end]);
        x[i] -= s;
    }
}
