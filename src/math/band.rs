//! Band-dense matrices: a symmetric matrix whose first `nsparse = ntotal - ndense` rows are
//! banded (each row keeps its `nband` entries left of and including the diagonal, right-aligned)
//! followed by `ndense` dense rows (entire rows, columns 0..=row used). Storage:
//! `nsparse*nband + ndense*ntotal` values. Cholesky factorization and solve in place, conversion
//! to and from dense, and multiplication with vectors.

use super::solve::{dot, MINVAL};

/// Number of values in band-dense storage.
pub fn band_size(ntotal: usize, nband: usize, ndense: usize) -> usize {
    (ntotal - ndense) * nband + ndense * ntotal
}

/// Address of diagonal element `i` (upstream's signed arithmetic, wrapping like the C).
pub fn band_diag(i: i32, ntotal: i32, nband: i32, ndense: i32) -> i32 {
    let nsparse = ntotal.wrapping_sub(ndense);
    if i < nsparse {
        i.wrapping_mul(nband).wrapping_add(nband - 1)
    } else {
        nsparse.wrapping_mul(nband).wrapping_add((i - nsparse).wrapping_mul(ntotal)).wrapping_add(i)
    }
}

/// Cholesky factorization in place of a band-dense matrix after adding
/// `diagadd + diagmul*mat_ii` to each diagonal. Returns the smallest diagonal value before its
/// square root, or 0 as soon as one is below `MINVAL` (rank deficient).
pub fn chol_factor_band(
    mat: &mut [f64],
    ntotal: usize,
    nband: usize,
    ndense: usize,
    diagadd: f64,
    diagmul: f64,
) -> f64 {
    let nsparse = ntotal - ndense;
    let dense0 = nsparse * nband;
    let mut mindiag = -1.0;

    // banded rows, and their columns in the dense rows
    for j in 0..nsparse {
        let width_jj = j.min(nband - 1);
        let height = (nsparse - j - 1).min(nband - 1);
        let adr_jj = (j + 1) * nband - 1;

        let left = if width_jj > 0 {
            let v = &mat[adr_jj - width_jj..adr_jj];
            dot(v, v)
        } else {
            0.0
        };
        let mut ljj = diagadd + diagmul * mat[adr_jj] + mat[adr_jj] - left;
        if ljj < mindiag || mindiag < 0.0 {
            mindiag = ljj;
        }
        if ljj < MINVAL {
            return 0.0;
        }
        ljj = ljj.sqrt();
        let scale = 1.0 / ljj;

        for i in j + 1..=j + height {
            let width_ij = j.min(nband - 1 - (i - j));
            let adr_ij = (i + 1) * nband - 1 - (i - j);
            let left =
                if width_ij > 0 { dot(&mat[adr_jj - width_ij..adr_jj], &mat[adr_ij - width_ij..adr_ij]) } else { 0.0 };
            mat[adr_ij] = scale * (mat[adr_ij] - left);
        }

        for i in nsparse..ntotal {
            let adr_ij = dense0 + (i - nsparse) * ntotal + j;
            let left =
                if width_jj > 0 { dot(&mat[adr_jj - width_jj..adr_jj], &mat[adr_ij - width_jj..adr_ij]) } else { 0.0 };
            mat[adr_ij] = scale * (mat[adr_ij] - left);
        }

        mat[adr_jj] = ljj;
    }

    // dense rows
    for j in nsparse..ntotal {
        let adr_jj = dense0 + (j - nsparse) * ntotal + j;
        let row = &mat[adr_jj - j..adr_jj];
        let mut ljj = diagadd + diagmul * mat[adr_jj] + mat[adr_jj] - dot(row, row);
        if ljj < mindiag || mindiag < 0.0 {
            mindiag = ljj;
        }
        if ljj < MINVAL {
            return 0.0;
        }
        ljj = ljj.sqrt();
        let scale = 1.0 / ljj;

        for i in j + 1..ntotal {
            let adr_ij = adr_jj + ntotal * (i - j);
            let left = dot(&mat[adr_jj - j..adr_jj], &mat[adr_ij - j..adr_ij]);
            mat[adr_ij] = scale * (mat[adr_ij] - left);
        }
        mat[adr_jj] = ljj;
    }

    mindiag
}

/// Solves `(L*L')*x = b` in place with a band-dense Cholesky factor: `res` holds b on entry.
pub fn chol_solve_band(res: &mut [f64], mat: &[f64], ntotal: usize, nband: usize, ndense: usize) {
    let nsparse = ntotal - ndense;
    let dense0 = nsparse * nband;
    let res = &mut res[..ntotal];

    // forward substitution with L
    for i in 0..nsparse {
        let width = i.min(nband - 1);
        let diag = (i + 1) * nband - 1;
        let mut r = res[i];
        if width > 0 {
            r -= dot(&mat[diag - width..diag], &res[i - width..i]);
        }
        res[i] = r / mat[diag];
    }
    for i in nsparse..ntotal {
        let row = dense0 + (i - nsparse) * ntotal;
        let r = res[i] - dot(&mat[row..row + i], &res[..i]);
        res[i] = r / mat[row + i];
    }

    // backward substitution with L'
    for i in (nsparse..ntotal).rev() {
        let mut r = res[i];
        for j in i + 1..ntotal {
            r -= mat[dense0 + (j - nsparse) * ntotal + i] * res[j];
        }
        res[i] = r / mat[dense0 + (i - nsparse) * ntotal + i];
    }
    for i in (0..nsparse).rev() {
        let height = (nsparse - 1 - i).min(nband - 1);
        let mut r = res[i];
        for j in i + 1..=i + height {
            r -= mat[(j + 1) * nband - 1 - (j - i)] * res[j];
        }
        for j in nsparse..ntotal {
            r -= mat[dense0 + (j - nsparse) * ntotal + i] * res[j];
        }
        res[i] = r / mat[(i + 1) * nband - 1];
    }
}

/// Expands a band-dense matrix into a dense ntotal x ntotal one (lower triangle; mirrored into
/// the upper triangle when `sym`).
pub fn band_to_dense(res: &mut [f64], mat: &[f64], ntotal: usize, nband: usize, ndense: usize, sym: bool) {
    let nsparse = ntotal - ndense;
    let res = &mut res[..ntotal * ntotal];
    res.fill(0.0);
    // without a band the banded rows are empty
    for i in 0..if nband > 0 { nsparse } else { 0 } {
        let width = i.min(nband - 1);
        let src = (i + 1) * nband - (width + 1);
        res[i * ntotal + i - width..=i * ntotal + i].copy_from_slice(&mat[src..src + width + 1]);
    }
    for i in nsparse..ntotal {
        let src = nsparse * nband + (i - nsparse) * ntotal;
        res[i * ntotal..=i * ntotal + i].copy_from_slice(&mat[src..=src + i]);
    }
    if sym {
        for i in 0..ntotal {
            for j in i + 1..ntotal {
                res[i * ntotal + j] = res[j * ntotal + i];
            }
        }
    }
}

/// Extracts the band-dense part of a dense ntotal x ntotal matrix (lower triangle).
pub fn dense_to_band(res: &mut [f64], mat: &[f64], ntotal: usize, nband: usize, ndense: usize) {
    let nsparse = ntotal - ndense;
    for i in 0..if nband > 0 { nsparse } else { 0 } {
        let width = i.min(nband - 1);
        let dst = (i + 1) * nband - (width + 1);
        res[dst..dst + width + 1].copy_from_slice(&mat[i * ntotal + i - width..=i * ntotal + i]);
    }
    for i in nsparse..ntotal {
        let dst = nsparse * nband + (i - nsparse) * ntotal;
        res[dst..=dst + i].copy_from_slice(&mat[i * ntotal..=i * ntotal + i]);
    }
}

/// `res[k] += v[k]*scl` (upstream's `mju_addToScl`).
#[inline]
fn add_to_scl(res: &mut [f64], v: &[f64], scl: f64) {
    for (r, x) in res.iter_mut().zip(v) {
        *r += x * scl;
    }
}

/// Multiplies a band-dense matrix with `nvec` vectors stored one after another (lower triangle
/// only, or the whole symmetric matrix when `sym`).
#[allow(clippy::too_many_arguments)]
pub fn band_mul_mat_vec(
    res: &mut [f64],
    mat: &[f64],
    vec: &[f64],
    ntotal: usize,
    nband: usize,
    ndense: usize,
    nvec: usize,
    sym: bool,
) {
    let nsparse = ntotal - ndense;
    for j in 0..nvec {
        let v = &vec[ntotal * j..ntotal * (j + 1)];
        let r = &mut res[ntotal * j..ntotal * (j + 1)];
        for i in 0..nsparse {
            let width = (i + 1).min(nband);
            let adr = i * nband + nband - width;
            let offset = (i + 1).saturating_sub(nband);
            let row = &mat[adr..adr + width];
            r[i] = dot(row, &v[offset..offset + width]);
            if sym && width > 1 {
                add_to_scl(&mut r[offset..offset + width - 1], &row[..width - 1], v[i]);
            }
        }
        for i in nsparse..ntotal {
            let adr = nsparse * nband + (i - nsparse) * ntotal;
            let row = &mat[adr..=adr + i];
            r[i] = dot(row, &v[..=i]);
            if sym {
                add_to_scl(&mut r[..i], &row[..i], v[i]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tridiagonal_roundtrip_and_solve() {
        // tridiagonal 3x3 [[2,-1,0],[-1,2,-1],[0,-1,2]] as band with nband=2, no dense rows
        let dense = [2.0, -1.0, 0.0, -1.0, 2.0, -1.0, 0.0, -1.0, 2.0];
        let mut band = [0.0; 6];
        dense_to_band(&mut band, &dense, 3, 2, 0);
        assert_eq!(band, [0.0, 2.0, -1.0, 2.0, -1.0, 2.0]);
        let mut back = [9.0; 9];
        band_to_dense(&mut back, &band, 3, 2, 0, true);
        assert_eq!(back, dense);

        let mut y = [0.0; 3];
        band_mul_mat_vec(&mut y, &band, &[1.0, 1.0, 1.0], 3, 2, 0, 1, true);
        assert_eq!(y, [1.0, 0.0, 1.0]);

        let min = chol_factor_band(&mut band, 3, 2, 0, 0.0, 0.0);
        assert!((min - 4.0 / 3.0).abs() < 1e-15);
        let mut x = [1.0, 0.0, 1.0];
        chol_solve_band(&mut x, &band, 3, 2, 0);
        for v in x {
            assert!((v - 1.0).abs() < 1e-14);
        }
    }

    #[test]
    fn diag_addresses() {
        assert_eq!(band_diag(0, 4, 2, 1), 1);
        assert_eq!(band_diag(2, 4, 2, 1), 5);
        assert_eq!(band_diag(3, 4, 2, 1), 6 + 3);
        assert_eq!(band_size(4, 2, 1), 10);
    }

    #[test]
    fn singular_band_returns_zero() {
        let mut band = [0.0, 1.0, 1.0, 1.0];
        assert_eq!(chol_factor_band(&mut band, 2, 2, 0, 0.0, 0.0), 0.0);
    }
}
