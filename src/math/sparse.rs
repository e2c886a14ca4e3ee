//! Sparse matrices in compressed row format: row `r` holds `rownnz[r]` values starting at
//! `rowadr[r]`, with column indices (increasing) in `colind`. Conversion to and from dense,
//! products with vectors, merging, transposition, supernodes, the symbolic and numeric
//! `M'*diag*M` and block diagonalization.
//!
//! Reductions follow upstream's AVX build exactly (see [`dot_sparse`]).

#[cfg(target_arch = "x86_64")]
use super::lanes::Avx;
use super::lanes::{Lanes, Scalar};
use super::solve::dot;

/// Sparse-dense dot product `sum_k vals[k] * vec[ind[k]]` in upstream's order (see
/// [`super::lanes`]).
#[inline]
pub fn dot_sparse(vals: &[f64], vec: &[f64], ind: &[i32]) -> f64 {
    let n = vals.len();
    let ind = &ind[..n];
    let gather = |j: usize| vec[j];
    #[cfg(target_arch = "x86_64")]
    if n >= 4 {
        if let Some(avx) = Avx::detect() {
            // SAFETY: the Avx value proves the CPU has AVX
            return unsafe { dot_sparse_avx(avx, vals, ind, &gather) };
        }
    }
    Scalar.dot_sparse(vals, ind, &gather)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
fn dot_sparse_avx<G: Fn(usize) -> f64>(avx: Avx, vals: &[f64], ind: &[i32], gather: &G) -> f64 {
    avx.dot_sparse(vals, ind, gather)
}

/// Dot product of two sparse vectors (indices increasing).
pub fn dot_sparse2(vec1: &[f64], ind1: &[i32], vec2: &[f64], ind2: &[i32]) -> f64 {
    let (n1, n2) = (vec1.len(), vec2.len());
    let (ind1, ind2) = (&ind1[..n1], &ind2[..n2]);
    let (mut i1, mut i2) = (0, 0);
    let mut res = 0.0;
    while i1 < n1 && i2 < n2 {
        let (a, b) = (ind1[i1], ind2[i2]);
        if a == b {
            res += vec1[i1] * vec2[i2];
            i1 += 1;
            i2 += 1;
        } else if a < b {
            i1 += 1;
        } else {
            i2 += 1;
        }
    }
    res
}

/// Converts a dense nr x nc matrix to sparse with room for `res.len()` (= `colind.len()`)
/// non-zeros. Returns true when that room is too small (the output then holds the rows that
/// fit) or empty.
#[allow(clippy::too_many_arguments)]
pub fn dense_to_sparse(
    res: &mut [f64],
    mat: &[f64],
    nr: usize,
    nc: usize,
    rownnz: &mut [i32],
    rowadr: &mut [i32],
    colind: &mut [i32],
) -> bool {
    let cap = res.len().min(colind.len());
    if cap == 0 {
        return true;
    }
    let mut adr = 0usize;
    for r in 0..nr {
        rownnz[r] = 0;
        rowadr[r] = adr as i32;
        for (c, &v) in mat[r * nc..(r + 1) * nc].iter().enumerate() {
            if v != 0.0 {
                if adr >= cap {
                    return true;
                }
                colind[adr] = c as i32;
                rownnz[r] += 1;
                res[adr] = v;
                adr += 1;
            }
        }
    }
    false
}

/// Converts a sparse nr x nc matrix to dense.
pub fn sparse_to_dense(
    res: &mut [f64],
    mat: &[f64],
    nr: usize,
    nc: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    let res = &mut res[..nr * nc];
    res.fill(0.0);
    for r in 0..nr {
        let adr = rowadr[r] as usize;
        let nnz = rownnz[r] as usize;
        let row = &mut res[r * nc..(r + 1) * nc];
        for (&c, &v) in colind[adr..adr + nnz].iter().zip(&mat[adr..adr + nnz]) {
            row[c as usize] = v;
        }
    }
}

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
    let rows = move |adr: usize, nnz: usize| unsafe { (mat.get_unchecked(adr..adr + nnz), colind.get_unchecked(adr..adr + nnz)) };
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
    let res = &mut res[..nc];
    res.fill(0.0);
    for (i, &scl) in vec[..nr].iter().enumerate() {
        if scl == 0.0 {
            continue;
        }
        let adr = rowadr[i] as usize;
        let nnz = rownnz[i] as usize;
        for (&c, &v) in colind[adr..adr + nnz].iter().zip(&mat[adr..adr + nnz]) {
            res[c as u32 as usize] += v * scl;
        }
    }
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
            debug_assert!(c < nc);
            // SAFETY: c < nc = res.len() (this function's contract)
            unsafe { *res.get_unchecked_mut(c) += v * scl };
        }
    }
}

/// `dst = a*dst + b*src` for sparse vectors; the result (pattern: union) is written to `dst`
/// and `dst_ind`, which need room for it. `buf`, `buf_ind` are scratch of the old dst length.
/// Returns the new number of non-zeros. Kept out of line: inlined into the sparse Cholesky update
/// (as profile guidance chose) its merge loop ran 17% more instructions.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
pub fn combine_sparse(
    dst: &mut [f64],
    src: &[f64],
    a: f64,
    b: f64,
    dst_nnz: usize,
    src_nnz: usize,
    dst_ind: &mut [i32],
    src_ind: &[i32],
    buf: &mut [f64],
    buf_ind: &mut [i32],
) -> usize {
    let src = &src[..src_nnz];
    let src_ind = &src_ind[..src_nnz];
    if src_nnz == 1 {
        // one entry (a fixed tendon adds one joint at a time): merged in place, the same
        // products and sums as the general merge below
        return combine_one(dst, a, b * src[0], src_ind[0], dst_nnz, dst_ind);
    }
    if dst_nnz == src_nnz && same_pattern(&dst_ind[..dst_nnz], src_ind) {
        for (d, s) in dst[..dst_nnz].iter_mut().zip(src) {
            *d = *d * a + s * b;
        }
        return dst_nnz;
    }

    let buf = &mut buf[..dst_nnz];
    let buf_ind = &mut buf_ind[..dst_nnz];
    buf.copy_from_slice(&dst[..dst_nnz]);
    buf_ind.copy_from_slice(&dst_ind[..dst_nnz]);

    let (mut bi, mut si, mut nnz) = (0, 0, 0);
    while bi < dst_nnz && si < src_nnz {
        let (badr, sadr) = (buf_ind[bi], src_ind[si]);
        if badr == sadr {
            dst[nnz] = a * buf[bi] + b * src[si];
            dst_ind[nnz] = badr;
            bi += 1;
            si += 1;
        } else if badr < sadr {
            dst[nnz] = a * buf[bi];
            dst_ind[nnz] = badr;
            bi += 1;
        } else {
            dst[nnz] = b * src[si];
            dst_ind[nnz] = sadr;
            si += 1;
        }
        nnz += 1;
    }
    while si < src_nnz {
        dst[nnz] = b * src[si];
        dst_ind[nnz] = src_ind[si];
        si += 1;
        nnz += 1;
    }
    while bi < dst_nnz {
        dst[nnz] = a * buf[bi];
        dst_ind[nnz] = buf_ind[bi];
        bi += 1;
        nnz += 1;
    }
    nnz
}

/// Whether two index lists of equal length are the same: eight indices at a time (one vector
/// compare), the rest one by one. A slice comparison calls `memcmp`, whose call costs more than
/// the comparison on short rows; element by element is slow on long ones.
#[inline]
pub fn same_pattern(a: &[i32], b: &[i32]) -> bool {
    let b = &b[..a.len()];
    let (ac, ar) = a.as_chunks::<8>();
    let (bc, br) = b.as_chunks::<8>();
    ac.iter().zip(bc).all(|(x, y)| x == y) && ar.iter().zip(br).all(|(x, y)| x == y)
}

/// `dst = a*dst + e_col*bs` for a sparse `dst` (`combine_sparse` with one source entry `bs`
/// already multiplied by its coefficient, at column `col`); returns the new number of non-zeros.
fn combine_one(dst: &mut [f64], a: f64, bs: f64, col: i32, nnz: usize, ind: &mut [i32]) -> usize {
    // columns usually arrive in increasing order (a tendon's joints): appended
    let pos = if nnz == 0 || ind[nnz - 1] < col { nnz } else { ind[..nnz].partition_point(|&c| c < col) };
    let matched = pos < nnz && ind[pos] == col;
    if a != 1.0 {
        // (with a == 1 these products are the entries themselves)
        for v in &mut dst[..nnz] {
            *v *= a;
        }
    }
    if matched {
        dst[pos] += bs;
        return nnz;
    }
    dst.copy_within(pos..nnz, pos + 1);
    ind.copy_within(pos..nnz, pos + 1);
    dst[pos] = bs;
    ind[pos] = col;
    nnz + 1
}

/// Adds the sparse matrix `m` to the sparse `dst` row by row (patterns merged; `dst` rows need
/// room for the merged row). `buf_val`, `buf_ind` are scratch as long as the longest dst row.
#[allow(clippy::too_many_arguments)]
pub fn add_to_mat_sparse(
    dst: &mut [f64],
    rownnz: &mut [i32],
    rowadr: &[i32],
    colind: &mut [i32],
    nr: usize,
    m: &[f64],
    m_rownnz: &[i32],
    m_rowadr: &[i32],
    m_colind: &[i32],
    buf_val: &mut [f64],
    buf_ind: &mut [i32],
) {
    for i in 0..nr {
        let adr = rowadr[i] as usize;
        let madr = m_rowadr[i] as usize;
        rownnz[i] = combine_sparse(
            &mut dst[adr..],
            &m[madr..],
            1.0,
            1.0,
            rownnz[i] as usize,
            m_rownnz[i] as usize,
            &mut colind[adr..],
            &m_colind[madr..],
            buf_val,
            buf_ind,
        ) as i32;
    }
}

/// Adds a symmetric sparse n x n matrix given by its lower triangle to the dense `res`; the
/// strict upper triangle too when `upper`.
pub fn add_to_sym_sparse(
    res: &mut [f64],
    mat: &[f64],
    n: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    upper: bool,
) {
    let res = &mut res[..n * n];
    for i in 0..n {
        let adr = rowadr[i] as usize;
        let nnz = rownnz[i] as usize;
        for (&j, &v) in colind[adr..adr + nnz].iter().zip(&mat[adr..adr + nnz]) {
            let j = j as usize;
            res[i * n + j] += v;
            if upper && j < i {
                res[j * n + i] += v;
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
            // SAFETY: j < i < n by the caller's pattern
            acc += v * *vec.get_unchecked(j);
            *res.get_unchecked_mut(j) += v * vi;
        }
        res[i] = acc;
    }
}

/// Number of non-zeros in the union of two sparse index sets.
pub fn combine_sparse_count(a_ind: &[i32], b_ind: &[i32]) -> i32 {
    let (na, nb) = (a_ind.len(), b_ind.len());
    let (mut a, mut b, mut common) = (0, 0, 0);
    while a < na && b < nb {
        if a_ind[a] == b_ind[b] {
            common += 1;
            a += 1;
            b += 1;
        } else if a_ind[a] < b_ind[b] {
            a += 1;
        } else {
            b += 1;
        }
    }
    (na + nb - common) as i32
}

/// Packs the rows of a sparse matrix contiguously from address 0, dropping values with
/// `|v| <= minval` when `minval >= 0`. Returns the total number of non-zeros (0 without rows).
pub fn compress_sparse(
    mat: &mut [f64],
    nr: usize,
    rownnz: &mut [i32],
    rowadr: &mut [i32],
    colind: &mut [i32],
    minval: f64,
) -> i32 {
    let remove = minval >= 0.0;
    let mut adr = 0usize;
    for r in 0..nr {
        let old = rowadr[r] as usize;
        rowadr[r] = adr as i32;
        let end = old + rownnz[r] as usize;
        let mut nnz = 0;
        for k in old..end {
            if remove && mat[k].abs() <= minval {
                continue;
            }
            if adr != k {
                mat[adr] = mat[k];
                colind[adr] = colind[k];
            }
            adr += 1;
            nnz += 1;
        }
        if remove {
            rownnz[r] = nnz;
        }
    }
    if nr == 0 {
        return 0;
    }
    rowadr[nr - 1] + rownnz[nr - 1]
}

/// Transposes a sparse nr x nc matrix (values optional: pattern only when `res` is None).
/// Element addresses are relative to `rowadr[0]`. With `res_rowsuper`, also computes the row
/// supernodes of the transpose.
#[allow(clippy::too_many_arguments)]
pub fn transpose_sparse(
    res: Option<&mut [f64]>,
    mat: &[f64],
    nr: usize,
    nc: usize,
    res_rownnz: &mut [i32],
    res_rowadr: &mut [i32],
    res_colind: &mut [i32],
    mut res_rowsuper: Option<&mut [i32]>,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
) {
    if nr == 0 || nc == 0 {
        return;
    }
    let res_rownnz = &mut res_rownnz[..nc];
    let res_rowadr = &mut res_rowadr[..nc];
    res_rownnz.fill(0);
    let offset = rowadr[0];

    for r in 0..nr {
        let start = (rowadr[r] - offset) as usize;
        for &c in &colind[start..start + rownnz[r] as usize] {
            res_rownnz[c as usize] += 1;
        }
    }

    if let Some(sup) = res_rowsuper.as_deref_mut() {
        for i in 0..nc - 1 {
            sup[i] = (res_rownnz[i] == res_rownnz[i + 1]) as i32;
        }
        sup[nc - 1] = 0;
    }

    res_rowadr[0] = 0;
    for i in 1..nc {
        res_rowadr[i] = res_rowadr[i - 1] + res_rownnz[i - 1];
    }

    // every address the scatter writes lies below the total count
    let total = (res_rowadr[nc - 1] + res_rownnz[nc - 1]).max(0) as usize;
    assert!(total <= res_colind.len() && res.as_deref().is_none_or(|r| total <= r.len()));
    let sup: &mut [i32] = match res_rowsuper.as_deref_mut() {
        Some(sup) => &mut sup[..nc],
        None => &mut [],
    };
    match res {
        Some(res) => {
            if sup.is_empty() {
                transpose_scatter::<true, false>(
                    res, mat, nr, offset, rownnz, rowadr, colind, res_rowadr, res_colind, sup,
                )
            } else {
                transpose_scatter::<true, true>(
                    res, mat, nr, offset, rownnz, rowadr, colind, res_rowadr, res_colind, sup,
                )
            }
        }
        None => {
            if sup.is_empty() {
                transpose_scatter::<false, false>(
                    &mut [],
                    mat,
                    nr,
                    offset,
                    rownnz,
                    rowadr,
                    colind,
                    res_rowadr,
                    res_colind,
                    sup,
                )
            } else {
                transpose_scatter::<false, true>(
                    &mut [],
                    mat,
                    nr,
                    offset,
                    rownnz,
                    rowadr,
                    colind,
                    res_rowadr,
                    res_colind,
                    sup,
                )
            }
        }
    }

    for i in (1..nc).rev() {
        res_rowadr[i] = res_rowadr[i - 1];
    }
    res_rowadr[0] = 0;

    if let Some(sup) = res_rowsuper {
        for i in (0..nc - 1).rev() {
            if sup[i] != 0 {
                sup[i] += sup[i + 1];
            }
        }
    }
}

/// Second pass of [`transpose_sparse`]: places every element at its row's running address
/// (values only with `VAL`) and clears supernode marks broken by a gap in a row (with `SUP`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn transpose_scatter<const VAL: bool, const SUP: bool>(
    res: &mut [f64],
    mat: &[f64],
    nr: usize,
    offset: i32,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    res_rowadr: &mut [i32],
    res_colind: &mut [i32],
    sup: &mut [i32],
) {
    for (r, (&adr_r, &nnz_r)) in rowadr[..nr].iter().zip(&rownnz[..nr]).enumerate() {
        let mut c_prev = -1;
        let start = (adr_r - offset) as usize;
        let end = start + nnz_r as usize;
        let cols = &colind[start..end];
        let vals = if VAL { &mat[start..end] } else { &[][..] };
        for (k, &c) in cols.iter().enumerate() {
            let cu = c as usize;
            let adr = res_rowadr[cu] as usize;
            res_rowadr[cu] += 1;
            // SAFETY: the caller checked that the counted non-zeros fit in res_colind (and res),
            // and adr stays below the end of row cu of the transpose.
            unsafe {
                *res_colind.get_unchecked_mut(adr) = r as i32;
                if VAL {
                    *res.get_unchecked_mut(adr) = *vals.get_unchecked(k);
                }
            }
            if SUP {
                if c > 0 && c != c_prev + 1 && sup[cu - 1] != 0 {
                    sup[cu - 1] = 0;
                }
                c_prev = c;
            }
        }
    }
}

/// Row supernodes: `rowsuper[r]` = number of following rows with the same pattern as row r.
pub fn super_sparse(nr: usize, rowsuper: &mut [i32], rownnz: &[i32], rowadr: &[i32], colind: &[i32]) {
    if nr == 0 {
        return;
    }
    // one backward pass: a row matching the next one extends that row's run
    let (rowsuper, rownnz, rowadr) = (&mut rowsuper[..nr], &rownnz[..nr], &rowadr[..nr]);
    let mut next = 0;
    rowsuper[nr - 1] = 0;
    for r in (0..nr - 1).rev() {
        let n = rownnz[r];
        if n == rownnz[r + 1] {
            let n = n as usize;
            let (a, b) = (rowadr[r] as usize, rowadr[r + 1] as usize);
            next = if same_pattern(&colind[a..a + n], &colind[b..b + n]) { next + 1 } else { 0 };
        } else {
            next = 0;
        }
        rowsuper[r] = next;
    }
}

/// Counts the non-zeros per row of `M'*M` (lower triangle, plus the upper one when `upper`)
/// for M given by its pattern and its transpose's (`*_t`); fills `res_rownnz` and compact
/// `res_rowadr` and returns the total. `chain` is scratch of length 2*nr.
#[allow(clippy::too_many_arguments)]
pub fn sqr_mat_td_sparse_count(
    res_rownnz: &mut [i32],
    res_rowadr: &mut [i32],
    nr: usize,
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    rownnz_t: &[i32],
    rowadr_t: &[i32],
    colind_t: &[i32],
    rowsuper_t: Option<&[i32]>,
    upper: bool,
    chain: &mut [i32],
) -> i32 {
    let chain = &mut chain[..2 * nr];
    let mut nchain = 0usize;
    // start of the current row's pattern in `chain`
    let mut cur = 0usize;

    for r in 0..nr {
        if r > 0 && rowsuper_t.is_some_and(|s| s[r - 1] > 0) {
            // same pattern as the previous row, plus its own diagonal
            res_rownnz[r] = res_rownnz[r - 1];
            if upper {
                for j in 0..nchain {
                    res_rownnz[chain[cur + j] as usize] += 1;
                }
            }
            if rownnz_t[r] != 0 {
                chain[cur + nchain] = r as i32;
                nchain += 1;
                res_rownnz[r] += 1;
            }
            continue;
        }

        // merge the patterns (up to column r) of the rows of M with a non-zero in column r,
        // alternating between the two halves of `chain`
        let (mut inew, mut iold) = (0usize, nr);
        nchain = 0;
        let radr_t = rowadr_t[r] as usize;
        for i in 0..rownnz_t[r] as usize {
            let c = colind_t[radr_t + i] as usize;
            core::mem::swap(&mut inew, &mut iold);

            let mut nnew = 0usize;
            let mut adr = 0usize;
            let start = rowadr[c] as usize;
            for &col in &colind[start..start + rownnz[c] as usize] {
                while adr < nchain && chain[iold + adr] < col && chain[iold + adr] <= r as i32 {
                    chain[inew + nnew] = chain[iold + adr];
                    nnew += 1;
                    adr += 1;
                }
                if col > r as i32 {
                    break;
                }
                if adr < nchain && chain[iold + adr] == col {
                    adr += 1;
                }
                chain[inew + nnew] = col;
                nnew += 1;
            }
            while adr < nchain && chain[iold + adr] <= r as i32 {
                chain[inew + nnew] = chain[iold + adr];
                nnew += 1;
                adr += 1;
            }
            nchain = nnew;
        }

        res_rownnz[r] = nchain as i32;
        cur = inew;

        if upper {
            let mut end = nchain;
            if nchain > 0 && chain[cur + nchain - 1] == r as i32 {
                end -= 1;
            }
            for j in 0..end {
                res_rownnz[chain[cur + j] as usize] += 1;
            }
        }
    }

    if nr == 0 {
        return 0;
    }
    res_rowadr[0] = 0;
    for r in 1..nr {
        res_rowadr[r] = res_rowadr[r - 1] + res_rownnz[r - 1];
    }
    res_rowadr[nr - 1] + res_rownnz[nr - 1]
}

/// Row addresses of an uncompressed nc x nc result: row r starts at r*nc.
pub fn sqr_mat_td_uncompressed_init(res_rowadr: &mut [i32], nc: usize) {
    for (r, a) in res_rowadr[..nc].iter_mut().enumerate() {
        *a = (r * nc) as i32;
    }
}

/// Largest number of columns with identical pattern handled together.
const MAXSUPER: usize = 8;

/// Scratch of [`sqr_mat_td_sparse`], in the order upstream allocates it.
pub struct SqrMatTdScratch<'a> {
    /// nc ints: row marks of the current column.
    pub marker: &'a mut [i32],
    /// nc*8 values: dense accumulators for up to 8 columns.
    pub buffer: &'a mut [f64],
    /// nc ints: rows set in the current column.
    pub buffer_idx: &'a mut [i32],
    /// nr ints: per row of M, the first entry beyond the current column.
    pub rowstart: &'a mut [i32],
}

/// `res = M'*diag*M` (`M'*M` without `diag`) for the sparse nr x nc M given in rows (`mat`) and
/// columns (`mat_t`, its transpose, with supernodes `rowsuper_t`), computed column by column.
/// `res_rowadr` must be set (e.g. by [`sqr_mat_td_sparse_count`]); the lower triangle is written,
/// and with `diagind` the addresses of the diagonals are saved and the upper triangle filled.
#[allow(clippy::too_many_arguments)]
pub fn sqr_mat_td_sparse(
    res: &mut [f64],
    mat: &[f64],
    mat_t: &[f64],
    diag: Option<&[f64]>,
    nc: usize,
    res_rownnz: &mut [i32],
    res_rowadr: &[i32],
    res_colind: &mut [i32],
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    rownnz_t: &[i32],
    rowadr_t: &[i32],
    colind_t: &[i32],
    rowsuper_t: Option<&[i32]>,
    diagind: Option<&mut [i32]>,
    scratch: SqrMatTdScratch,
) {
    let SqrMatTdScratch { marker, buffer, buffer_idx, rowstart } = scratch;
    let marker = &mut marker[..nc];
    let buffer_idx = &mut buffer_idx[..nc];
    // dense accumulators, column-major like upstream's (lane s of row j at s*nc + j), so the
    // scratch is left with the same contents
    let acc = &mut buffer[..nc * MAXSUPER];
    marker.fill(0);
    rowstart.fill(0);
    res_rownnz[..nc].fill(0);

    let mut c = 0usize;
    while c < nc {
        let mut buffer_nnz = 0usize;
        let nnz = rownnz_t[c] as usize;
        let adr = rowadr_t[c] as usize;
        let ind = &colind_t[adr..adr + nnz];

        // columns c .. c+ns share the pattern of column c
        let extra = match rowsuper_t {
            Some(sup) if sup[c] != 0 => (sup[c] as usize).min(MAXSUPER - 1),
            _ => 0,
        };
        let ns = 1 + extra;
        let mut val: [&[f64]; MAXSUPER] = [&[]; MAXSUPER];
        for (s, v) in val[..ns].iter_mut().enumerate() {
            let a = rowadr_t[c + s] as usize;
            *v = &mat_t[a..a + nnz];
        }

        let mut diag_c = [0.0; MAXSUPER];
        if let Some(dg) = diag {
            for s in 0..ns {
                let mut ds = 0.0;
                for (&x, &k) in val[s].iter().zip(ind) {
                    ds += (x * x) * dg[k as usize];
                }
                diag_c[s] = ds;
            }
        } else {
            for s in 0..ns {
                diag_c[s] = dot(val[s], val[s]);
            }
        }

        // strict lower triangle of columns c..c+ns, accumulated densely
        for (i, &r) in ind.iter().enumerate() {
            let r = r as usize;
            let adr_r = rowadr[r] as usize;
            let nnz_r = rownnz[r] as usize;
            let ind_r = &colind[adr_r..adr_r + nnz_r];
            let val_r = &mat[adr_r..adr_r + nnz_r];

            let mut v = [0.0; MAXSUPER];
            if let Some(dg) = diag {
                let d = dg[r];
                for s in 0..ns {
                    v[s] = d * val[s][i];
                }
            } else {
                for s in 0..ns {
                    v[s] = val[s][i];
                }
            }

            let rs0 = rowstart[r] as usize;
            let ind_r = ind_r.get(rs0..).unwrap_or(&[]);
            let val_r = val_r.get(rs0..).unwrap_or(&[]);
            let mut st =
                GatherState { marker: &mut *marker, acc: &mut *acc, buffer_idx: &mut *buffer_idx, buffer_nnz, nc, c };
            let skipped = match ns {
                1 => st.gather::<1>(ind_r, val_r, &v),
                2 => st.gather::<2>(ind_r, val_r, &v),
                3 => st.gather::<3>(ind_r, val_r, &v),
                4 => st.gather::<4>(ind_r, val_r, &v),
                5 => st.gather::<5>(ind_r, val_r, &v),
                6 => st.gather::<6>(ind_r, val_r, &v),
                7 => st.gather::<7>(ind_r, val_r, &v),
                _ => st.gather::<8>(ind_r, val_r, &v),
            };
            buffer_nnz = st.buffer_nnz;
            rowstart[r] = (rs0 + skipped) as i32;
        }

        // scatter below the diagonal
        for &j in &buffer_idx[..buffer_nnz] {
            let j = j as usize;
            marker[j] = 0;
            let adr_j = (res_rowadr[j] + res_rownnz[j]) as usize;
            let nm = ns.min(j - c);
            res_rownnz[j] += nm as i32;
            for (s, (rv, ci)) in res[adr_j..adr_j + nm].iter_mut().zip(&mut res_colind[adr_j..adr_j + nm]).enumerate() {
                *rv = acc[s * nc + j];
                *ci = (c + s) as i32;
            }
        }

        // diagonals
        for s in 0..ns {
            let adr_s = (res_rowadr[c + s] + res_rownnz[c + s]) as usize;
            res_rownnz[c + s] += 1;
            res_colind[adr_s] = (c + s) as i32;
            res[adr_s] = diag_c[s];
        }

        c += ns;
    }

    if let Some(diagind) = diagind {
        fill_upper(res, nc, res_rownnz, res_rowadr, res_colind, diagind);
    }
}

/// Dense accumulation state of one column block of [`sqr_mat_td_sparse`].
struct GatherState<'a> {
    marker: &'a mut [i32],
    acc: &'a mut [f64],
    buffer_idx: &'a mut [i32],
    buffer_nnz: usize,
    nc: usize,
    c: usize,
}

impl GatherState<'_> {
    /// Adds `val_r[k] * v[s]` into lane s of row `ind_r[k]` (first touch sets) for the entries
    /// below column c; returns the number of leading entries at or above it.
    #[inline(always)]
    fn gather<const N: usize>(&mut self, ind_r: &[i32], val_r: &[f64], v: &[f64; MAXSUPER]) -> usize {
        let (nc, c) = (self.nc, self.c);
        assert!(self.acc.len() >= N * nc && self.marker.len() == nc);
        let mut skipped = 0;
        for (&j, &vk) in ind_r.iter().zip(val_r) {
            let j = j as usize;
            if j <= c {
                skipped += 1;
                continue;
            }
            let Some(mk) = self.marker.get_mut(j) else { continue };
            // SAFETY: j < nc and s < N, so s*nc + j < N*nc <= acc.len()
            unsafe {
                if *mk == 0 {
                    *mk = 1;
                    self.buffer_idx[self.buffer_nnz] = j as i32;
                    self.buffer_nnz += 1;
                    for s in 0..N {
                        *self.acc.get_unchecked_mut(s * nc + j) = vk * v[s];
                    }
                } else {
                    for s in 0..N {
                        *self.acc.get_unchecked_mut(s * nc + j) += vk * v[s];
                    }
                }
            }
        }
        skipped
    }
}

/// Saves the diagonal addresses and mirrors the strict lower triangle into the upper one.
fn fill_upper(
    res: &mut [f64],
    nc: usize,
    res_rownnz: &mut [i32],
    res_rowadr: &[i32],
    res_colind: &mut [i32],
    diagind: &mut [i32],
) {
    for i in 0..nc {
        diagind[i] = res_rowadr[i] + res_rownnz[i] - 1;
    }
    for i in 0..nc {
        // all but the last entry (the diagonal) of row i
        let start = res_rowadr[i] as usize;
        let end = start + (res_rownnz[i] - 1).max(0) as usize;
        for j in start..end {
            let col = res_colind[j] as usize;
            let adr = (res_rowadr[col] + res_rownnz[col]) as usize;
            res_rownnz[col] += 1;
            res[adr] = res[j];
            res_colind[adr] = i as i32;
        }
    }
}

/// Row-by-row variant of [`sqr_mat_td_sparse`] (upstream's reference implementation).
/// `buffer` (nc values) and `markers` (nc ints) are scratch.
#[allow(clippy::too_many_arguments)]
pub fn sqr_mat_td_sparse_row(
    res: &mut [f64],
    mat: &[f64],
    mat_t: &[f64],
    diag: Option<&[f64]>,
    nc: usize,
    res_rownnz: &mut [i32],
    res_rowadr: &[i32],
    res_colind: &mut [i32],
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    rownnz_t: &[i32],
    rowadr_t: &[i32],
    colind_t: &[i32],
    rowsuper_t: Option<&[i32]>,
    diagind: Option<&mut [i32]>,
    buffer: &mut [f64],
    markers: &mut [i32],
) {
    for i in 0..nc {
        let rowadr_i = res_rowadr[i] as usize;
        res_rownnz[i] = 0;
        buffer[i] = 0.0;
        markers[i] = 0;

        // supernode: start from the previous row's pattern
        if i > 0 && rowsuper_t.is_some_and(|s| s[i - 1] != 0) {
            res_rownnz[i] = res_rownnz[i - 1];
            let prev = res_rowadr[i - 1] as usize;
            let n = res_rownnz[i] as usize;
            res_colind.copy_within(prev..prev + n, rowadr_i);
        }

        let adr_t = rowadr_t[i] as usize;
        for r in adr_t..adr_t + rownnz_t[i] as usize {
            let t = colind_t[r] as usize;
            let adr = rowadr[t] as usize;
            for c in adr..adr + rownnz[t] as usize {
                let cc = colind[c] as usize;
                if cc > i {
                    break;
                }
                if let Some(dg) = diag {
                    buffer[cc] += mat_t[r] * dg[t] * mat[c];
                } else {
                    buffer[cc] += mat_t[r] * mat[c];
                }
                if markers[cc] != 0 {
                    continue;
                }
                markers[cc] = 1;
                let nnz = res_rownnz[i] as usize;
                let cols = &mut res_colind[rowadr_i..rowadr_i + nnz + 1];
                if cc == i {
                    cols[nnz] = cc as i32;
                    res_rownnz[i] += 1;
                    continue;
                }
                // insert in order
                let l = cols[..nnz].partition_point(|&x| x < cc as i32);
                cols.copy_within(l..nnz, l + 1);
                cols[l] = cc as i32;
                res_rownnz[i] += 1;
            }
        }

        let nnz = res_rownnz[i] as usize;
        let reuse = rowsuper_t.is_some_and(|s| s[i] != 0);
        for r in 0..nnz {
            let c = res_colind[rowadr_i + r] as usize;
            res[rowadr_i + r] = buffer[c];
            buffer[c] = 0.0;
            if !reuse {
                markers[c] = 0;
            }
        }
    }

    if let Some(diagind) = diagind {
        fill_upper(res, nc, res_rownnz, res_rowadr, res_colind, diagind);
    }
}

/// Block-diagonalizes a sparse matrix: row r of `res` is row `perm_r[r]` of `mat` with columns
/// mapped by `perm_c` and shifted to the block's first column `block_c`; `res2` receives the
/// same rows of `mat2` when both are given.
#[allow(clippy::too_many_arguments)]
pub fn block_diag_sparse(
    res: &mut [f64],
    res_rownnz: &mut [i32],
    res_rowadr: &mut [i32],
    res_colind: &mut [i32],
    mat: &[f64],
    rownnz: &[i32],
    rowadr: &[i32],
    colind: &[i32],
    nr: usize,
    nb: usize,
    perm_r: &[i32],
    perm_c: &[i32],
    block_r: &[i32],
    block_c: &[i32],
    second: Option<(&mut [f64], &[f64])>,
) {
    // give paired arrays one common length, so that one bound check covers each pair
    let (mut nres, mut nsrc) = (res.len().min(res_colind.len()), mat.len().min(colind.len()));
    if let Some((res2, mat2)) = &second {
        (nres, nsrc) = (nres.min(res2.len()), nsrc.min(mat2.len()));
    }
    let (res, res_colind, mat, colind) = (&mut res[..nres], &mut res_colind[..nres], &mat[..nsrc], &colind[..nsrc]);
    let mut second = second.map(|(res2, mat2)| (&mut res2[..nres], &mat2[..nsrc]));
    let rowadr = &rowadr[..rownnz.len()];

    let mut block = 0usize;
    let mut col_offset = block_c[0];
    let mut row_next = if nb > 1 { block_r[1] as usize } else { nr };
    let mut res_adr = 0usize;
    let rows = perm_r[..nr].iter().zip(res_rownnz[..nr].iter_mut()).zip(res_rowadr[..nr].iter_mut());
    for (r, ((&k, res_nnz), res_radr)) in rows.enumerate() {
        let k = k as usize;
        let (nnz, mat_adr) = (rownnz[k] as usize, rowadr[k] as usize);
        *res_nnz = nnz as i32;
        *res_radr = res_adr as i32;

        let res_end = res_adr + nnz;
        let dst_ind = &mut res_colind[res_adr..res_end];
        let dst = &mut res[res_adr..res_end];
        let src_ind = &colind[mat_adr..mat_adr + nnz];
        let src = &mat[mat_adr..mat_adr + nnz];
        // rows are short: one fused pass instead of separate copies (memcpy calls)
        if let Some((res2, mat2)) = second.as_mut() {
            let dst2 = &mut res2[res_adr..res_end];
            let src2 = &mat2[mat_adr..mat_adr + nnz];
            for j in 0..nnz {
                dst_ind[j] = perm_c[src_ind[j] as usize] - col_offset;
                dst[j] = src[j];
                dst2[j] = src2[j];
            }
        } else {
            for j in 0..nnz {
                dst_ind[j] = perm_c[src_ind[j] as usize] - col_offset;
                dst[j] = src[j];
            }
        }
        res_adr = res_end;

        if r + 1 >= row_next && block + 1 < nb {
            block += 1;
            col_offset = block_c[block];
            row_next = if block + 1 < nb { block_r[block + 1] as usize } else { nr };
        }
    }
}

/// Gather map from `src` to `res` (pattern of res within that of src, row by row): `map[k]` is
/// the address in src of res's element k.
#[allow(clippy::too_many_arguments)]
pub fn sparse_map(
    map: &mut [i32],
    nr: usize,
    res_rowadr: &[i32],
    res_rownnz: &[i32],
    res_colind: &[i32],
    src_rowadr: &[i32],
    src_rownnz: &[i32],
    src_colind: &[i32],
) {
    for i in 0..nr {
        let mut rc = res_rowadr[i] as usize;
        let rend = rc + res_rownnz[i] as usize;
        let mut sc = src_rowadr[i] as usize;
        let send = sc + src_rownnz[i] as usize;
        while rc < rend {
            let col = res_colind[rc];
            while sc < send && src_colind[sc] < col {
                sc += 1;
            }
            map[rc] = sc as i32;
            rc += 1;
            sc += 1;
        }
    }
}

/// Masked gather map copying a lower-triangular `src` into the symmetric pattern `res`:
/// `map[k]` is the address in src of res's element k (either triangle), -1 where src has none.
/// `cursor` is scratch of length nr.
#[allow(clippy::too_many_arguments)]
pub fn lower_to_sym_map(
    map: &mut [i32],
    nr: usize,
    res_rowadr: &[i32],
    res_rownnz: &[i32],
    res_colind: &[i32],
    src_rowadr: &[i32],
    src_rownnz: &[i32],
    src_colind: &[i32],
    cursor: &mut [i32],
) {
    if nr == 0 {
        return;
    }
    let nnz = (res_rowadr[nr - 1] + res_rownnz[nr - 1]) as usize;
    map[..nnz].fill(-1);
    cursor[..nr].copy_from_slice(&res_rowadr[..nr]);

    // find column `col` in row `row` of res from its cursor on; record src address k
    let mut place = |map: &mut [i32], row: usize, col: i32, k: usize| {
        let end = (res_rowadr[row] + res_rownnz[row]) as usize;
        let mut c = cursor[row] as usize;
        while c < end && res_colind[c] < col {
            c += 1;
        }
        if c < end && res_colind[c] == col {
            map[c] = k as i32;
            c += 1;
        }
        cursor[row] = c as i32;
    };

    for i in 0..nr {
        let start = src_rowadr[i] as usize;
        for (k, &j) in src_colind.iter().enumerate().skip(start).take(src_rownnz[i] as usize) {
            if j > i as i32 {
                break;
            }
            place(map, i, j, k);
            if j != i as i32 {
                place(map, j as usize, i as i32, k);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // 3x4 matrix [[1,0,2,0],[0,0,0,0],[0,3,0,4]]
    const DENSE: [f64; 12] = [1.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 3.0, 0.0, 4.0];

    #[test]
    fn dense_sparse_roundtrip_and_products() {
        let (mut v, mut nnz, mut adr, mut ind) = ([0.0; 4], [0; 3], [0; 3], [0; 4]);
        assert!(!dense_to_sparse(&mut v, &DENSE, 3, 4, &mut nnz, &mut adr, &mut ind));
        assert_eq!((nnz, adr, ind), ([2, 0, 2], [0, 2, 2], [0, 2, 1, 3]));
        let mut back = [0.0; 12];
        sparse_to_dense(&mut back, &v, 3, 4, &nnz, &adr, &ind);
        assert_eq!(back, DENSE);
        // too little room
        assert!(dense_to_sparse(&mut [0.0; 3], &DENSE, 3, 4, &mut [0; 3], &mut [0; 3], &mut [0; 3]));

        let mut y = [0.0; 3];
        mul_mat_vec_sparse(&mut y, &v, &[1.0, 1.0, 1.0, 1.0], 3, &nnz, &adr, &ind, None);
        assert_eq!(y, [3.0, 0.0, 7.0]);
        let mut z = [0.0; 4];
        mul_mat_t_vec_sparse(&mut z, &v, &[1.0, 5.0, 2.0], 3, 4, &nnz, &adr, &ind);
        assert_eq!(z, [1.0, 6.0, 2.0, 8.0]);
    }

    #[test]
    fn transpose_and_supernodes() {
        let v = [1.0, 2.0, 3.0, 4.0];
        let (nnz, adr, ind) = ([2, 0, 2], [0, 2, 2], [0, 2, 1, 3]);
        let (mut t, mut tn, mut ta, mut ti, mut ts) = ([0.0; 4], [0; 4], [0; 4], [0; 4], [0; 4]);
        transpose_sparse(Some(&mut t), &v, 3, 4, &mut tn, &mut ta, &mut ti, Some(&mut ts), &nnz, &adr, &ind);
        assert_eq!((tn, ta, ti), ([1, 1, 1, 1], [0, 1, 2, 3], [0, 2, 0, 2]));
        assert_eq!(t, [1.0, 3.0, 2.0, 4.0]);
        let mut sup = [0; 4];
        super_sparse(4, &mut sup, &tn, &ta, &ti);
        assert_eq!(sup, [0, 0, 0, 0]);
        super_sparse(2, &mut sup, &[2, 2], &[0, 2], &[0, 1, 0, 1]);
        assert_eq!(&sup[..2], &[1, 0]);
    }

    #[test]
    fn same_pattern_in_chunks_and_tail() {
        for n in [0usize, 1, 3, 8, 11, 16, 17, 40] {
            let a: Vec<i32> = (0..n as i32).map(|i| 3 * i + 1).collect();
            assert!(same_pattern(&a, &a.clone()), "n={n}");
            for k in 0..n {
                let mut b = a.clone();
                b[k] += 1;
                assert!(!same_pattern(&a, &b), "n={n} k={k}");
            }
        }
    }

    #[test]
    fn combine_and_counts() {
        let mut dst = [1.0, 2.0, 0.0, 0.0];
        let mut dind = [0, 3, 0, 0];
        let (mut buf, mut bind) = ([0.0; 4], [0; 4]);
        let n = combine_sparse(&mut dst, &[10.0, 20.0], 1.0, 2.0, 2, 2, &mut dind, &[1, 3], &mut buf, &mut bind);
        assert_eq!(n, 3);
        assert_eq!(&dst[..3], &[1.0, 20.0, 42.0]);
        assert_eq!(&dind[..3], &[0, 1, 3]);
        assert_eq!(combine_sparse_count(&[0, 3], &[1, 3]), 3);

        // one source entry (the in-place path) against a dense derivation: before, between,
        // on and after the existing columns, into an empty vector, with a scale that rounds
        let (b, s) = (3.0, 0.7);
        for (a, col) in [0.1, 1.0].into_iter().flat_map(|a| [0, 2, 3, 5, 9].map(|c| (a, c))) {
            for base in [&[][..], &[3][..], &[1, 3, 5][..]] {
                let n = base.len();
                let mut dst = [0.0; 4];
                let mut dind = [0; 4];
                let mut dense = [0.0; 10];
                for (k, &c) in base.iter().enumerate() {
                    dst[k] = 1.0 + 0.3 * k as f64;
                    dind[k] = c;
                    dense[c as usize] = dst[k];
                }
                let (mut buf, mut bind) = ([0.0; 4], [0; 4]);
                let got = combine_sparse(&mut dst, &[s], a, b, n, 1, &mut dind, &[col], &mut buf, &mut bind);
                let mut want = Vec::new();
                for (c, &v) in dense.iter().enumerate() {
                    let on_src = c as i32 == col;
                    if base.contains(&(c as i32)) {
                        want.push((c as i32, if on_src { a * v + b * s } else { a * v }));
                    } else if on_src {
                        want.push((c as i32, b * s));
                    }
                }
                let got: Vec<_> = dind[..got].iter().copied().zip(dst[..got].iter().copied()).collect();
                assert_eq!(got, want, "column {col} into {base:?}, a = {a}");
            }
        }
        assert_eq!(dot_sparse2(&[1.0, 2.0], &[0, 3], &[10.0, 20.0], &[1, 3]), 40.0);
    }

    #[test]
    fn sqr_mat_td_of_small_matrix() {
        // M = [[1,2],[0,3]]: M'M = [[1,2],[2,13]]
        let (mat, nnz, adr, ind) = ([1.0, 2.0, 3.0], [2, 1], [0, 2], [0, 1, 1]);
        let (mut mt, mut tn, mut ta, mut ti) = ([0.0; 3], [0; 2], [0; 2], [0; 3]);
        transpose_sparse(Some(&mut mt), &mat, 2, 2, &mut tn, &mut ta, &mut ti, None, &nnz, &adr, &ind);
        let (mut rn, mut ra, mut chain) = ([0; 2], [0; 2], [0; 4]);
        let total =
            sqr_mat_td_sparse_count(&mut rn, &mut ra, 2, &nnz, &adr, &ind, &tn, &ta, &ti, None, true, &mut chain);
        assert_eq!(total, 4);
        let (mut res, mut rnz, mut rci, mut di) = ([0.0; 4], [0; 2], [0; 4], [0; 2]);
        let (mut marker, mut buffer, mut bidx, mut rowstart) = ([0; 2], [0.0; 16], [0; 2], [0; 2]);
        sqr_mat_td_sparse(
            &mut res,
            &mat,
            &mt,
            None,
            2,
            &mut rnz,
            &ra,
            &mut rci,
            &nnz,
            &adr,
            &ind,
            &tn,
            &ta,
            &ti,
            None,
            Some(&mut di),
            SqrMatTdScratch {
                marker: &mut marker,
                buffer: &mut buffer,
                buffer_idx: &mut bidx,
                rowstart: &mut rowstart,
            },
        );
        let mut dense = [0.0; 4];
        sparse_to_dense(&mut dense, &res, 2, 2, &rnz, &ra, &rci);
        assert_eq!(dense, [1.0, 2.0, 2.0, 13.0]);
        assert_eq!(di, [0, 3]);
    }

    #[test]
    fn symmetric_products() {
        // lower triangle of [[2,1],[1,3]]
        let (mat, nnz, adr, ind) = ([2.0, 1.0, 3.0], [1, 2], [0, 1], [0, 0, 1]);
        let mut y = [0.0; 2];
        mul_sym_vec_sparse(&mut y, &mat, &[1.0, 1.0], 2, &nnz, &adr, &ind);
        assert_eq!(y, [3.0, 4.0]);
        let mut d = [0.0; 4];
        add_to_sym_sparse(&mut d, &mat, 2, &nnz, &adr, &ind, true);
        assert_eq!(d, [2.0, 1.0, 1.0, 3.0]);
    }
}
