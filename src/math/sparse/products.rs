//! Sparse matrix-vector products: `M*v` (with supernodes), `M'*v` and symmetric `M*v` from
//! the lower triangle.

use super::*;

/// `res = mat * vec` for a sparse matrix with nr rows. With `rowsuper` (from [`super_sparse`])
/// the rows of a supernode are read with the pattern of its first row, three at a time.
#[allow(clippy::too_many_arguments)]
pub fn mul_mat_vec_sparse(
    res: &mut [f64],
    mat: &[f64],
    vec: &[f64],
    nr: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    rowsuper: Option<&[i32]>,
) {
    let res = &mut res[..nr];
    let rows = move |adr: usize, nnz: usize| (&mat[adr..adr + nnz], &colind[adr..adr + nnz]);
    let gather = move |j: usize| vec[j];
    mul_mat_vec_sparse_with(nr, rownnz, rowadr, rowsuper, rows, gather, |r, v| res[r] = v)
}

/// [`mul_mat_vec_sparse`] for matrices the engine built itself (constraint Jacobians and their
/// transposes), whose rows lie within `mat`/`colind` and whose column indices are below
/// `vec.len()` by construction: the per-row and per-element bounds checks are a third of the
/// solver's matrix-vector time. The `nr`-long arrays are still checked.
///
/// # Safety
/// Every row `rowadr[r]..rowadr[r] + rownnz[r]` must lie within `mat` and `colind`, and every
/// column index must be below `vec.len()`.
#[allow(clippy::too_many_arguments)]
pub unsafe fn mul_mat_vec_sparse_built(
    res: &mut [f64],
    mat: &[f64],
    vec: &[f64],
    nr: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    rowsuper: Option<&[i32]>,
) {
    let res = &mut res[..nr];
    debug_assert!(rownnz[..nr].iter().zip(&rowadr[..nr]).all(|(&n, &a)| n <= 0
        || ((a + n) as usize <= mat.len().min(colind.len())
            && colind[a as usize..(a + n) as usize].iter().all(|&c| (c as usize) < vec.len()))));
    // SAFETY: the rows lie within mat and colind (this function's contract)
    let rows = move |adr: usize, nnz: usize| unsafe {
        (mat.get_unchecked(adr..adr + nnz), colind.get_unchecked(adr..adr + nnz))
    };
    // SAFETY: every column index is below vec.len() (this function's contract)
    let gather = move |j: usize| unsafe { *vec.get_unchecked(j) };
    mul_mat_vec_sparse_with(nr, rownnz, rowadr, rowsuper, rows, gather, |r, v| res[r] = v)
}

/// The product row by row over any storage: `rows(adr, nnz)` gives the values and column
/// indices of the row at `adr` (nnz of each), `gather(j)` the vector's element j, and `put(r, v)`
/// stores the result of row r (after that row was read). A negative count is an empty row, as in
/// upstream's loops; supernodes (`rowsuper`) must describe rows with identical patterns.
///
/// Dispatches to the AVX instance of the kernel when the CPU has AVX.
#[inline(always)]
pub fn mul_mat_vec_sparse_with<'a, R, G, P>(
    nr: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    rowsuper: Option<&[i32]>,
    rows: R,
    gather: G,
    mut put: P,
) where
    R: Fn(usize, usize) -> (&'a [f64], &'a [i32]),
    G: Fn(usize) -> f64,
    P: FnMut(usize, f64),
{
    let (rownnz, rowadr, rowsuper) = (&rownnz[..nr], &rowadr[..nr], rowsuper.map(|s| &s[..nr]));
    // the closures travel by value so that the kernel keeps what they capture in registers
    #[cfg(target_arch = "x86_64")]
    if let Some(avx) = Avx::detect() {
        // SAFETY: the Avx value proves the CPU has AVX
        return unsafe { mul_mat_vec_sparse_avx(avx, rownnz, rowadr, rowsuper, rows, gather, put) };
    }
    mul_mat_vec_sparse_in(Scalar, rownnz, rowadr, rowsuper, &rows, &gather, &mut put)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
fn mul_mat_vec_sparse_avx<'a, R, G, P>(
    avx: Avx,
    rownnz: &[i32],
    rowadr: &[i32],
    rowsuper: Option<&[i32]>,
    rows: R,
    gather: G,
    mut put: P,
) where
    R: Fn(usize, usize) -> (&'a [f64], &'a [i32]),
    G: Fn(usize) -> f64,
    P: FnMut(usize, f64),
{
    mul_mat_vec_sparse_in(avx, rownnz, rowadr, rowsuper, &rows, &gather, &mut put)
}

/// The kernel of [`mul_mat_vec_sparse_with`]; `rownnz`, `rowadr` (and `rowsuper`) hold nr values.
#[inline(always)]
fn mul_mat_vec_sparse_in<'a, L: Lanes, R, G, P>(
    l: L,
    rownnz: &[i32],
    rowadr: &[i32],
    rowsuper: Option<&[i32]>,
    rows: &R,
    gather: &G,
    put: &mut P,
) where
    R: Fn(usize, usize) -> (&'a [f64], &'a [i32]),
    G: Fn(usize) -> f64,
    P: FnMut(usize, f64),
{
    let nr = rownnz.len();
    let rowadr = &rowadr[..nr];
    // a negative count is an empty row, as upstream's loops treat it
    let nnz_of = |r: usize| rownnz[r].max(0) as usize;
    // a macro, not a closure: a closure here is compiled without the caller's AVX and is not
    // inlined, which costs a call per row
    macro_rules! row {
        ($r:expr) => {{
            let (vals, ind) = rows(rowadr[$r] as usize, nnz_of($r));
            l.dot_sparse(vals, ind, gather)
        }};
    }
    let Some(rowsuper) = rowsuper else {
        // rows in pairs: two independent reductions in flight
        let mut r = 0;
        while r + 1 < nr {
            let r0 = rows(rowadr[r] as usize, nnz_of(r));
            let r1 = rows(rowadr[r + 1] as usize, nnz_of(r + 1));
            let out = l.dot_sparse_x2(r0, r1, gather);
            put(r, out[0]);
            put(r + 1, out[1]);
            r += 2;
        }
        if r < nr {
            put(r, row!(r));
        }
        return;
    };
    let rowsuper = &rowsuper[..nr];
    let mut r = 0;
    while r < nr {
        let sup = rowsuper[r];
        if sup <= 0 {
            put(r, row!(r));
            r += 1;
            continue;
        }
        let mut rs = sup as usize + 1;
        assert!(rs <= nr - r, "supernode extends beyond the last row");
        while rs >= 3 {
            let nnz = nnz_of(r);
            let (v0, ind) = rows(rowadr[r] as usize, nnz);
            let (v1, _) = rows(rowadr[r + 1] as usize, nnz);
            let (v2, _) = rows(rowadr[r + 2] as usize, nnz);
            let out = l.dot_sparse_x3([v0, v1, v2], ind, gather);
            put(r, out[0]);
            put(r + 1, out[1]);
            put(r + 2, out[2]);
            r += 3;
            rs -= 3;
        }
        while rs > 0 {
            put(r, row!(r));
            r += 1;
            rs -= 1;
        }
    }
}

/// `res = mat' * vec` for a sparse nr x nc matrix.
#[allow(clippy::too_many_arguments)]
pub fn mul_mat_t_vec_sparse(
    res: &mut [f64],
    mat: &[f64],
    vec: &[f64],
    nr: usize,
    nc: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    // SAFETY: the checked form indexes `res` with bounds checks, so it has no precondition
    unsafe { mul_mat_t_vec_sparse_in::<true>(res, mat, vec, nr, nc, rownnz, rowadr, colind) }
}

/// [`mul_mat_t_vec_sparse`] for a matrix the engine built (constraint Jacobian) whose column
/// indices are below `nc` by construction: the scatter skips its per-element bounds check.
///
/// # Safety
/// Every column index of the first `nr` rows must be below `nc` (and `res.len() >= nc`).
#[allow(clippy::too_many_arguments)]
pub unsafe fn mul_mat_t_vec_sparse_built(
    res: &mut [f64],
    mat: &[f64],
    vec: &[f64],
    nr: usize,
    nc: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    // SAFETY: this function's contract is the unchecked form's
    unsafe { mul_mat_t_vec_sparse_in::<false>(res, mat, vec, nr, nc, rownnz, rowadr, colind) }
}

/// The body of both forms; `CHECKED` chooses bounds-checked or unchecked scatter.
///
/// # Safety
/// With `CHECKED == false`, as [`mul_mat_t_vec_sparse_built`]; none otherwise.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn mul_mat_t_vec_sparse_in<const CHECKED: bool>(
    res: &mut [f64],
    mat: &[f64],
    vec: &[f64],
    nr: usize,
    nc: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    let res = &mut res[..nc];
    res.fill(0.0);
    for (i, &scl) in vec[..nr].iter().enumerate() {
        if scl == 0.0 {
            continue;
        }
        let adr = rowadr[i] as usize;
        let nnz = rownnz[i] as usize;
        for (&c, &v) in colind[adr..adr + nnz].iter().zip(&mat[adr..adr + nnz]) {
            let c = c as u32 as usize;
            if CHECKED {
                res[c] += v * scl;
            } else {
                debug_assert!(c < nc);
                // SAFETY: c < nc = res.len() (the caller's contract when unchecked)
                unsafe { *res.get_unchecked_mut(c) += v * scl };
            }
        }
    }
}

/// `res = M * vec` for a symmetric sparse n x n matrix M given by its lower triangle (each row
/// ends with its diagonal).
pub fn mul_sym_vec_sparse(
    res: &mut [f64],
    mat: &[f64],
    vec: &[f64],
    n: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    let res = &mut res[..n];
    let vec = &vec[..n];
    res.fill(0.0);
    for i in 0..n {
        let adr = rowadr[i] as usize;
        let diag = rownnz[i] as usize - 1;
        let row = &mat[adr..=adr + diag];
        let ind = &colind[adr..adr + diag];
        let vi = vec[i];
        res[i] = row[diag] * vi;
        for k in (0..diag).rev() {
            let j = ind[k] as usize;
            let v = row[k];
            res[i] += v * vec[j];
            res[j] += v * vi;
        }
    }
}

/// [`mul_sym_vec_sparse`] for a strictly lower pattern (every column below its row, as in M):
/// row i is the first to write `res[i]`, so `res` needs no clearing and the row's sum stays in
/// a register; the same operations in the same order.
///
/// # Safety
/// Every column of row i must be below i.
pub unsafe fn mul_sym_vec_sparse_lower(
    res: &mut [f64],
    mat: &[f64],
    vec: &[f64],
    n: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    let (res, vec) = (&mut res[..n], &vec[..n]);
    for i in 0..n {
        let adr = rowadr[i] as usize;
        let diag = rownnz[i] as usize - 1;
        let row = &mat[adr..=adr + diag];
        let ind = &colind[adr..adr + diag];
        let vi = vec[i];
        let mut acc = row[diag] * vi;
        for (&j, &v) in ind.iter().zip(&row[..diag]).rev() {
            let j = j as u32 as usize;
            debug_assert!(j < i);
            // SAFETY: j < i < n = vec.len() = res.len() by the caller's pattern (this function's
            // contract)
            unsafe {
                acc += v * *vec.get_unchecked(j);
                *res.get_unchecked_mut(j) += v * vi;
            }
        }
        res[i] = acc;
    }
}
