//! Decompositions, solvers, sparse matrices and ray casting of the `mju_` library: thin wrappers
//! over `crate::math::{solve, band, sparse, ray}`.
//!
//! C passes bare pointers; each wrapper derives the length of every array from the sizes and
//! index arrays it is given (for sparse matrices: the furthest `rowadr[r] + rownnz[r]`), so the
//! kernels index checked slices. Scratch comes from the mjData stack, in upstream's order and
//! sizes.
#![allow(non_snake_case)]

use core::ffi::{c_char, c_int};
use core::mem::size_of;
use core::ptr;
use core::slice;

use super::guard;
use crate::abi::*;
use crate::data::stack;
use crate::math::{band, ray, solve, sparse};
use crate::mjerror;
use crate::runtime::alloc;

//------------------------------------ slices from C arrays ---------------------------------------

/// Non-negative size from a C `int`.
#[inline]
fn un(n: c_int) -> usize {
    n.max(0) as usize
}

/// `n` elements at `p` (empty when n is 0 or p is null, so the kernel's own bounds apply).
#[inline]
unsafe fn rd<'a, T>(p: *const T, n: usize) -> &'a [T] {
    // SAFETY: `p` is null or points to `n` valid elements, as the calling export's C contract requires
    unsafe {
        if n == 0 || p.is_null() {
            &[]
        } else {
            slice::from_raw_parts(p, n)
        }
    }
}

/// Mutable form of [`rd`].
#[inline]
unsafe fn wr<'a, T>(p: *mut T, n: usize) -> &'a mut [T] {
    // SAFETY: `p` is null or points to `n` writable elements, not aliased by another live slice (the calling export's C contract)
    unsafe {
        if n == 0 || p.is_null() {
            &mut []
        } else {
            slice::from_raw_parts_mut(p, n)
        }
    }
}

/// Optional array: None for a null pointer.
#[inline]
unsafe fn rd_opt<'a, T>(p: *const T, n: usize) -> Option<&'a [T]> {
    // SAFETY: `p` is null (None) or points to `n` valid elements (the calling export's C contract)
    unsafe { (!p.is_null()).then(|| rd(p, n)) }
}

/// Optional mutable array: None for a null pointer.
#[inline]
unsafe fn wr_opt<'a, T>(p: *mut T, n: usize) -> Option<&'a mut [T]> {
    // SAFETY: `p` is null (None) or points to `n` writable elements (the calling export's C contract)
    unsafe { (!p.is_null()).then(|| wr(p, n)) }
}

/// Number of elements a sparse matrix with rows `0..nr` spans: the largest `rowadr + rownnz`.
unsafe fn extent(nr: usize, rownnz: *const c_int, rowadr: *const c_int) -> usize {
    // SAFETY: `rownnz` and `rowadr` hold `nr` entries each (the calling export's C contract)
    unsafe {
        let (nnz, adr) = (rd(rownnz, nr), rd(rowadr, nr));
        nnz.iter().zip(adr).map(|(&n, &a)| (a as i64 + n as i64).max(0) as usize).max().unwrap_or(0)
    }
}

/// One more than the largest value in `v` (0 when empty or all negative).
fn span(v: &[c_int]) -> usize {
    v.iter().map(|&x| (x as i64 + 1).max(0) as usize).max().unwrap_or(0)
}

/// Zeroed scratch of `n` elements on the mjData stack; None when the allocation failed (the
/// error has been reported).
unsafe fn scratch<'a, T>(d: &mut mjData, n: usize) -> Option<&'a mut [T]> {
    // SAFETY: the stack allocation is fresh, aligned and holds `n` elements of T, zeroed before use
    unsafe {
        if n == 0 {
            return Some(&mut []);
        }
        let bytes = n.checked_mul(size_of::<T>())?;
        let p = stack::stack_alloc(d, bytes, core::mem::align_of::<T>()) as *mut T;
        if p.is_null() {
            return None;
        }
        ptr::write_bytes(p, 0, n);
        Some(slice::from_raw_parts_mut(p, n))
    }
}

//------------------------------------ dense Cholesky ---------------------------------------------

/// Cholesky factorization mat = L*L' in place (lower triangle); return the rank (diagonals below mindiag are clamped to it).
#[no_mangle]
pub unsafe extern "C" fn mju_cholFactor(mat: *mut mjtNum, n: c_int, mindiag: mjtNum) -> c_int {
    crate::boundary! {
        guard("mju_cholFactor", 0, || {
            if n <= 0 {
                return n;
            }
            let n = n as usize;
            solve::chol_factor(wr(mat, n * n), n, mindiag)
        })
    }
}

/// Solve (mat*mat')*res = vec where mat is a Cholesky factor; res and vec may be the same array.
#[no_mangle]
pub unsafe extern "C" fn mju_cholSolve(res: *mut mjtNum, mat: *const mjtNum, vec: *const mjtNum, n: c_int) {
    crate::boundary! {
        guard("mju_cholSolve", (), || {
            if n <= 0 {
                return;
            }
            let n = n as usize;
            if !ptr::eq(res, vec) {
                ptr::copy(vec, res, n);
            }
            solve::chol_solve(wr(res, n), rd(mat, n * n), n)
        })
    }
}

/// Rank-one update of a Cholesky factor: L*L' +/- x*x' (x is overwritten); return the rank.
#[no_mangle]
pub unsafe extern "C" fn mju_cholUpdate(mat: *mut mjtNum, x: *mut mjtNum, n: c_int, flg_plus: c_int) -> c_int {
    crate::boundary! {
        guard("mju_cholUpdate", 0, || {
            if n <= 0 {
                return n;
            }
            let n = n as usize;
            solve::chol_update(wr(mat, n * n), wr(x, n), n, flg_plus != 0)
        })
    }
}

/// Count the non-zeros per row of the reverse Cholesky factor of a sparse symmetric pattern (upper triangle read); return the total.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_cholFactorCount(
    L_rownnz: *mut c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
    n: c_int,
    d: *mut mjData,
) -> c_int {
    crate::boundary! {
        guard("mju_cholFactorCount", 0, || {
            let d = &mut *d;
            let nu = un(n);
            let nnz = extent(nu, rownnz, rowadr);
            stack::mark(d);
            let mut total = 0;
            if let Some(parent) = scratch::<c_int>(d, nu) {
                if let Some(flag) = scratch::<c_int>(d, nu) {
                    total = solve::chol_factor_count(
                        wr(L_rownnz, nu),
                        rd(rownnz, nu),
                        rd(rowadr, nu),
                        rd(colind, nnz),
                        nu,
                        parent,
                        flag,
                    );
                }
            }
            stack::free(d);
            total
        })
    }
}

//------------------------------------ band-dense matrices ----------------------------------------

/// Sizes of a band-dense matrix as (ntotal, nband, ndense, number of stored values).
fn band_dims(ntotal: c_int, nband: c_int, ndense: c_int) -> (usize, usize, usize, usize) {
    let (t, b, d) = (un(ntotal), un(nband), un(ndense));
    let size = t.saturating_sub(d) * b + d * t;
    (t, b, d, size)
}

/// Band-dense Cholesky factorization in place after adding diagadd+diagmul*mat_ii to the diagonal; return the minimum diagonal value, or 0 if rank-deficient.
#[no_mangle]
pub unsafe extern "C" fn mju_cholFactorBand(
    mat: *mut mjtNum,
    ntotal: c_int,
    nband: c_int,
    ndense: c_int,
    diagadd: mjtNum,
    diagmul: mjtNum,
) -> mjtNum {
    crate::boundary! {
        guard("mju_cholFactorBand", 0.0, || {
            let (t, b, d, size) = band_dims(ntotal, nband, ndense);
            band::chol_factor_band(wr(mat, size), t, b, d, diagadd, diagmul)
        })
    }
}

/// Solve (mat*mat')*res = vec where mat is a band-dense Cholesky factor.
#[no_mangle]
pub unsafe extern "C" fn mju_cholSolveBand(
    res: *mut mjtNum,
    mat: *const mjtNum,
    vec: *const mjtNum,
    ntotal: c_int,
    nband: c_int,
    ndense: c_int,
) {
    crate::boundary! {
        guard("mju_cholSolveBand", (), || {
            let (t, b, d, size) = band_dims(ntotal, nband, ndense);
            if t > 0 && !ptr::eq(res, vec) {
                ptr::copy(vec, res, t);
            }
            band::chol_solve_band(wr(res, t), rd(mat, size), t, b, d)
        })
    }
}

/// Convert a band-dense matrix to a dense one, filling the upper triangle if flg_sym>0.
#[no_mangle]
pub unsafe extern "C" fn mju_band2Dense(
    res: *mut mjtNum,
    mat: *const mjtNum,
    ntotal: c_int,
    nband: c_int,
    ndense: c_int,
    flg_sym: mjtByte,
) {
    crate::boundary! {
        guard("mju_band2Dense", (), || {
            let (t, b, d, size) = band_dims(ntotal, nband, ndense);
            band::band_to_dense(wr(res, t * t), rd(mat, size), t, b, d, flg_sym != 0)
        })
    }
}

/// Convert a dense matrix (lower triangle) to a band-dense one.
#[no_mangle]
pub unsafe extern "C" fn mju_dense2Band(
    res: *mut mjtNum,
    mat: *const mjtNum,
    ntotal: c_int,
    nband: c_int,
    ndense: c_int,
) {
    crate::boundary! {
        guard("mju_dense2Band", (), || {
            let (t, b, d, size) = band_dims(ntotal, nband, ndense);
            band::dense_to_band(wr(res, size), rd(mat, t * t), t, b, d)
        })
    }
}

/// Multiply a band-dense matrix with nvec consecutive vectors, including the upper triangle if flg_sym>0.
#[no_mangle]
pub unsafe extern "C" fn mju_bandMulMatVec(
    res: *mut mjtNum,
    mat: *const mjtNum,
    vec: *const mjtNum,
    ntotal: c_int,
    nband: c_int,
    ndense: c_int,
    nvec: c_int,
    flg_sym: mjtByte,
) {
    crate::boundary! {
        guard("mju_bandMulMatVec", (), || {
            let (t, b, d, size) = band_dims(ntotal, nband, ndense);
            let nv = un(nvec);
            band::band_mul_mat_vec(wr(res, t * nv), rd(mat, size), rd(vec, t * nv), t, b, d, nv, flg_sym != 0)
        })
    }
}

/// Address of diagonal element i in band-dense storage.
#[no_mangle]
pub extern "C" fn mju_bandDiag(i: c_int, ntotal: c_int, nband: c_int, ndense: c_int) -> c_int {
    crate::boundary! {
        band::band_diag(i, ntotal, nband, ndense)
    }
}

//------------------------------------ eigen decomposition, QCQP ----------------------------------

/// Eigen decomposition of a symmetric 3x3 matrix, mat = eigvec * diag(eigval) * eigvec' with eigenvalues decreasing; return the number of iterations.
#[no_mangle]
pub unsafe extern "C" fn mju_eig3(
    eigval: *mut mjtNum,
    eigvec: *mut mjtNum,
    quat: *mut mjtNum,
    mat: *const mjtNum,
) -> c_int {
    crate::boundary! {
        guard("mju_eig3", 0, || {
            let m: [mjtNum; 9] = rd(mat, 9).try_into().unwrap();
            let (mut val, mut vec, mut q) = ([0.0; 3], [0.0; 9], [0.0; 4]);
            let iter = solve::eig3(&mut val, &mut vec, &mut q, &m);
            wr(eigval, 3).copy_from_slice(&val);
            wr(eigvec, 9).copy_from_slice(&vec);
            wr(quat, 4).copy_from_slice(&q);
            iter
        })
    }
}

/// Solve min 0.5*x'*A*x + x'*b s.t. sum (x_i/d_i)^2 <= r^2 in 2 dimensions; return 1 if the constraint is active.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_QCQP2(
    res: *mut mjtNum,
    Ain: *const mjtNum,
    bin: *const mjtNum,
    d: *const mjtNum,
    r: mjtNum,
) -> c_int {
    crate::boundary! {
        guard("mju_QCQP2", 0, || {
            let mut x = [0.0; 2];
            let active = solve::qcqp2(
                &mut x,
                rd(Ain, 4).try_into().unwrap(),
                rd(bin, 2).try_into().unwrap(),
                rd(d, 2).try_into().unwrap(),
                r,
            );
            wr(res, 2).copy_from_slice(&x);
            active as c_int
        })
    }
}

/// Solve min 0.5*x'*A*x + x'*b s.t. sum (x_i/d_i)^2 <= r^2 in 3 dimensions; return 1 if the constraint is active.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_QCQP3(
    res: *mut mjtNum,
    Ain: *const mjtNum,
    bin: *const mjtNum,
    d: *const mjtNum,
    r: mjtNum,
) -> c_int {
    crate::boundary! {
        guard("mju_QCQP3", 0, || {
            let mut x = [0.0; 3];
            let active = solve::qcqp3(
                &mut x,
                rd(Ain, 9).try_into().unwrap(),
                rd(bin, 3).try_into().unwrap(),
                rd(d, 3).try_into().unwrap(),
                r,
            );
            wr(res, 3).copy_from_slice(&x);
            active as c_int
        })
    }
}

//------------------------------------ box-constrained QP -----------------------------------------

#[allow(clippy::too_many_arguments)]
unsafe fn box_qp_c(
    res: *mut mjtNum,
    R: *mut mjtNum,
    index: *mut c_int,
    H: *const mjtNum,
    g: *const mjtNum,
    n: c_int,
    lower: *const mjtNum,
    upper: *const mjtNum,
    opt: &solve::BoxQpOptions,
    log: *mut c_char,
    logsz: c_int,
) -> c_int {
    // SAFETY: the pointers hold the sizes mju_boxQP documents for n (res, R of n*(n+7), index, H, g, lower, upper; the bounds may be null), as its C caller must pass
    unsafe {
        let nu = un(n);
        solve::box_qp(
            wr(res, nu),
            wr(R, nu * (nu + 7)),
            wr_opt(index, nu),
            rd(H, nu * nu),
            rd(g, nu),
            n,
            rd_opt(lower, nu),
            rd_opt(upper, nu),
            opt,
            wr_opt(log as *mut u8, un(logsz)),
        )
    }
}

/// Minimize 0.5*x'*H*x + x'*g s.t. lower <= x <= upper (bounds optional), warm-started from res; return the number of free dimensions or -1 on failure. R (size n*(n+7)) receives the factor of the free subspace; index (optional, size n) the free dimensions.
#[no_mangle]
pub unsafe extern "C" fn mju_boxQP(
    res: *mut mjtNum,
    R: *mut mjtNum,
    index: *mut c_int,
    H: *const mjtNum,
    g: *const mjtNum,
    n: c_int,
    lower: *const mjtNum,
    upper: *const mjtNum,
) -> c_int {
    crate::boundary! {
        guard("mju_boxQP", -1, || {
            box_qp_c(res, R, index, H, g, n, lower, upper, &solve::BoxQpOptions::default(), ptr::null_mut(), 0)
        })
    }
}

/// mju_boxQP with explicit solver options and an optional log buffer of logsz bytes.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_boxQPoption(
    res: *mut mjtNum,
    R: *mut mjtNum,
    index: *mut c_int,
    H: *const mjtNum,
    g: *const mjtNum,
    n: c_int,
    lower: *const mjtNum,
    upper: *const mjtNum,
    maxiter: c_int,
    mingrad: mjtNum,
    backtrack: mjtNum,
    minstep: mjtNum,
    armijo: mjtNum,
    log: *mut c_char,
    logsz: c_int,
) -> c_int {
    crate::boundary! {
        guard("mju_boxQPoption", -1, || {
            let opt = solve::BoxQpOptions { maxiter, mingrad, backtrack, minstep, armijo };
            box_qp_c(res, R, index, H, g, n, lower, upper, &opt, log, logsz)
        })
    }
}

/// Allocate the arrays of mju_boxQP with mju_malloc (index, lower, upper only when their pointers are given); free each with mju_free.
#[no_mangle]
pub unsafe extern "C" fn mju_boxQPmalloc(
    res: *mut *mut mjtNum,
    R: *mut *mut mjtNum,
    index: *mut *mut c_int,
    H: *mut *mut mjtNum,
    g: *mut *mut mjtNum,
    n: c_int,
    lower: *mut *mut mjtNum,
    upper: *mut *mut mjtNum,
) {
    crate::boundary! {
        // sizes as C computes them: the int n converted to size_t
        let n = n as isize as usize;
        let num = |count: usize| alloc::malloc(size_of::<mjtNum>().wrapping_mul(count)) as *mut mjtNum;
        *res = num(n);
        *R = num(n.wrapping_mul(n.wrapping_add(7)));
        *H = num(n.wrapping_mul(n));
        *g = num(n);
        if !lower.is_null() {
            *lower = num(n);
        }
        if !upper.is_null() {
            *upper = num(n);
        }
        if !index.is_null() {
            *index = alloc::malloc(size_of::<c_int>().wrapping_mul(n)) as *mut c_int;
        }
    }
}

//------------------------------------ sparse matrices --------------------------------------------

/// Dot product of two sparse vectors with increasing indices.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_dotSparse2(
    vec1: *const mjtNum,
    ind1: *const c_int,
    nnz1: c_int,
    vec2: *const mjtNum,
    ind2: *const c_int,
    nnz2: c_int,
) -> mjtNum {
    crate::boundary! {
        guard("mju_dotSparse2", 0.0, || {
            let (n1, n2) = (un(nnz1), un(nnz2));
            sparse::dot_sparse2(rd(vec1, n1), rd(ind1, n1), rd(vec2, n2), rd(ind2, n2))
        })
    }
}

/// Convert a dense matrix to sparse; nnz is the size of res and colind. Return 1 if that is too small, 0 otherwise.
#[no_mangle]
pub unsafe extern "C" fn mju_dense2sparse(
    res: *mut mjtNum,
    mat: *const mjtNum,
    nr: c_int,
    nc: c_int,
    rownnz: *mut c_int,
    rowadr: *mut c_int,
    colind: *mut c_int,
    nnz: c_int,
) -> c_int {
    crate::boundary! {
        guard("mju_dense2sparse", 1, || {
            let (r, c, cap) = (un(nr), un(nc), un(nnz));
            sparse::dense_to_sparse(wr(res, cap), rd(mat, r * c), r, c, wr(rownnz, r), wr(rowadr, r), wr(colind, cap)) as c_int
        })
    }
}

/// Convert a sparse matrix to dense.
#[no_mangle]
pub unsafe extern "C" fn mju_sparse2dense(
    res: *mut mjtNum,
    mat: *const mjtNum,
    nr: c_int,
    nc: c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
) {
    crate::boundary! {
        guard("mju_sparse2dense", (), || {
            let (r, c) = (un(nr), un(nc));
            let nnz = extent(r, rownnz, rowadr);
            sparse::sparse_to_dense(wr(res, r * c), rd(mat, nnz), r, c, rd(rownnz, r), rd(rowadr, r), rd(colind, nnz))
        })
    }
}

/// Multiply a sparse matrix with a dense vector: res = mat*vec; rowsuper (optional) gives row supernodes.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_mulMatVecSparse(
    res: *mut mjtNum,
    mat: *const mjtNum,
    vec: *const mjtNum,
    nr: c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
    rowsuper: *const c_int,
) {
    crate::boundary! {
        guard("mju_mulMatVecSparse", (), || {
            // no lengths are passed: the C contract (rows within mat and colind, column indices
            // within vec) stands in for bounds checks; res is written through its pointer after
            // each row was read (upstream's result when res aliases vec)
            let n = un(nr);
            // SAFETY: rows lie within mat and colind (the mju_ contract; adr and nnz come from
            // rowadr and rownnz, negative counts made 0)
            let rows = |adr: usize, nnz: usize| unsafe { (rd(mat.add(adr), nnz), rd(colind.add(adr), nnz)) };
            // SAFETY: every column index lies within vec (the mju_ contract)
            let gather = |j: usize| unsafe { *vec.add(j) };
            // SAFETY: res holds nr values (the mju_ contract); no reference to it is alive
            let put = |r: usize, v: f64| unsafe { *res.add(r) = v };
            sparse::mul_mat_vec_sparse_with(n, rd(rownnz, n), rd(rowadr, n), rd_opt(rowsuper, n), rows, gather, put)
        })
    }
}

/// Multiply a transposed sparse matrix with a dense vector: res = mat'*vec.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_mulMatTVecSparse(
    res: *mut mjtNum,
    mat: *const mjtNum,
    vec: *const mjtNum,
    nr: c_int,
    nc: c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
) {
    crate::boundary! {
        guard("mju_mulMatTVecSparse", (), || {
            let (r, c) = (un(nr), un(nc));
            let nnz = extent(r, rownnz, rowadr);
            sparse::mul_mat_t_vec_sparse(wr(res, c), rd(mat, nnz), rd(vec, r), r, c, rd(rownnz, r), rd(rowadr, r), rd(colind, nnz))
        })
    }
}

/// Add the sparse matrix M to the sparse matrix dst row by row, merging patterns (dst rows need room); buf_val and buf_ind are scratch.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_addToMatSparse(
    dst: *mut mjtNum,
    rownnz: *mut c_int,
    rowadr: *mut c_int,
    colind: *mut c_int,
    nr: c_int,
    M: *const mjtNum,
    M_rownnz: *const c_int,
    M_rowadr: *const c_int,
    M_colind: *const c_int,
    buf_val: *mut mjtNum,
    buf_ind: *mut c_int,
) {
    crate::boundary! {
        guard("mju_addToMatSparse", (), || {
            let r = un(nr);
            let (dn, da, mn) = (rd(rownnz, r), rd(rowadr, r), rd(M_rownnz, r));
            // room of each destination row: its entries plus those of M's row
            let room = (0..r).map(|i| (da[i] as i64 + dn[i] as i64 + mn[i] as i64).max(0) as usize).max().unwrap_or(0);
            let buf = dn.iter().map(|&x| un(x)).max().unwrap_or(0);
            let mnnz = extent(r, M_rownnz, M_rowadr);
            sparse::add_to_mat_sparse(
                wr(dst, room),
                wr(rownnz, r),
                rd(rowadr, r),
                wr(colind, room),
                r,
                rd(M, mnnz),
                rd(M_rownnz, r),
                rd(M_rowadr, r),
                rd(M_colind, mnnz),
                wr(buf_val, buf),
                wr(buf_ind, buf),
            )
        })
    }
}

/// Add a symmetric sparse matrix given by its lower triangle to a dense n x n matrix; the upper triangle too if flg_upper.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_addToSymSparse(
    res: *mut mjtNum,
    mat: *const mjtNum,
    n: c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
    flg_upper: c_int,
) {
    crate::boundary! {
        guard("mju_addToSymSparse", (), || {
            let nu = un(n);
            let nnz = extent(nu, rownnz, rowadr);
            sparse::add_to_sym_sparse(wr(res, nu * nu), rd(mat, nnz), nu, rd(rownnz, nu), rd(rowadr, nu), rd(colind, nnz), flg_upper != 0)
        })
    }
}

/// Multiply a symmetric sparse matrix given by its lower triangle (rows ending at the diagonal) with a vector.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_mulSymVecSparse(
    res: *mut mjtNum,
    mat: *const mjtNum,
    vec: *const mjtNum,
    n: c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
) {
    crate::boundary! {
        guard("mju_mulSymVecSparse", (), || {
            let nu = un(n);
            let nnz = extent(nu, rownnz, rowadr);
            sparse::mul_sym_vec_sparse(wr(res, nu), rd(mat, nnz), rd(vec, nu), nu, rd(rownnz, nu), rd(rowadr, nu), rd(colind, nnz))
        })
    }
}

/// Number of non-zeros in the sum of two sparse vectors.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_combineSparseCount(
    a_nnz: c_int,
    b_nnz: c_int,
    a_ind: *const c_int,
    b_ind: *const c_int,
) -> c_int {
    crate::boundary! {
        guard("mju_combineSparseCount", 0, || {
            if a_nnz < 0 || b_nnz < 0 {
                // nothing to compare: upstream returns the plain sum
                return a_nnz.wrapping_add(b_nnz);
            }
            sparse::combine_sparse_count(rd(a_ind, un(a_nnz)), rd(b_ind, un(b_nnz)))
        })
    }
}

/// Pack the rows of a sparse matrix contiguously, dropping values with |value| <= minval when minval >= 0; return the total number of non-zeros.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_compressSparse(
    mat: *mut mjtNum,
    nr: c_int,
    nc: c_int,
    rownnz: *mut c_int,
    rowadr: *mut c_int,
    colind: *mut c_int,
    minval: mjtNum,
) -> c_int {
    crate::boundary! {
        let _ = nc;
        guard("mju_compressSparse", 0, || {
            let r = un(nr);
            let nnz = extent(r, rownnz, rowadr);
            sparse::compress_sparse(wr(mat, nnz), r, wr(rownnz, r), wr(rowadr, r), wr(colind, nnz), minval)
        })
    }
}

/// Transpose a sparse matrix (values skipped when res is NULL); res_rowsuper (optional) receives the row supernodes of the transpose.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_transposeSparse(
    res: *mut mjtNum,
    mat: *const mjtNum,
    nr: c_int,
    nc: c_int,
    res_rownnz: *mut c_int,
    res_rowadr: *mut c_int,
    res_colind: *mut c_int,
    res_rowsuper: *mut c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
) {
    crate::boundary! {
        guard("mju_transposeSparse", (), || {
            let (r, c) = (un(nr), un(nc));
            if r == 0 || c == 0 {
                return;
            }
            // element addresses count from the first row's
            let nnz = extent(r, rownnz, rowadr).saturating_sub(un(*rowadr));
            sparse::transpose_sparse(
                wr_opt(res, nnz),
                rd(mat, if res.is_null() { 0 } else { nnz }),
                r,
                c,
                wr(res_rownnz, c),
                wr(res_rowadr, c),
                wr(res_colind, nnz),
                wr_opt(res_rowsuper, c),
                rd(rownnz, r),
                rd(rowadr, r),
                rd(colind, nnz),
            )
        })
    }
}

/// Compute row supernodes: rowsuper[r] = number of following rows with the same pattern as row r.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_superSparse(
    nr: c_int,
    rowsuper: *mut c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
) {
    crate::boundary! {
        guard("mju_superSparse", (), || {
            let r = un(nr);
            let nnz = extent(r, rownnz, rowadr);
            sparse::super_sparse(r, wr(rowsuper, r), rd(rownnz, r), rd(rowadr, r), rd(colind, nnz))
        })
    }
}

/// Count the non-zeros per row of M'*M (lower triangle, also upper if flg_upper) and set compact row addresses; return the total.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_sqrMatTDSparseCount(
    res_rownnz: *mut c_int,
    res_rowadr: *mut c_int,
    nr: c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
    rownnzT: *const c_int,
    rowadrT: *const c_int,
    colindT: *const c_int,
    rowsuperT: *const c_int,
    d: *mut mjData,
    flg_upper: c_int,
) -> c_int {
    crate::boundary! {
        guard("mju_sqrMatTDSparseCount", 0, || {
            let d = &mut *d;
            let r = un(nr);
            let nnz_t = extent(r, rownnzT, rowadrT);
            let colind_t = rd(colindT, nnz_t);
            let rows = span(colind_t);
            let nnz = extent(rows, rownnz, rowadr);
            stack::mark(d);
            let mut total = 0;
            if let Some(chain) = scratch::<c_int>(d, 2 * r) {
                total = sparse::sqr_mat_td_sparse_count(
                    wr(res_rownnz, r),
                    wr(res_rowadr, r),
                    r,
                    rd(rownnz, rows),
                    rd(rowadr, rows),
                    rd(colind, nnz),
                    rd(rownnzT, r),
                    rd(rowadrT, r),
                    colind_t,
                    rd_opt(rowsuperT, r),
                    flg_upper != 0,
                    chain,
                );
            }
            stack::free(d);
            total
        })
    }
}

/// Set the row addresses of an uncompressed nc x nc result of mju_sqrMatTDSparse: row r starts at r*nc.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_sqrMatTDUncompressedInit(res_rowadr: *mut c_int, nc: c_int) {
    crate::boundary! {
        guard("mju_sqrMatTDUncompressedInit", (), || {
            let c = un(nc);
            sparse::sqr_mat_td_uncompressed_init(wr(res_rowadr, c), c)
        })
    }
}

/// Arrays of a call to mju_sqrMatTDSparse or its row variant, as slices.
struct SqrArgs<'a> {
    res: &'a mut [mjtNum],
    mat: &'a [mjtNum],
    mat_t: &'a [mjtNum],
    diag: Option<&'a [mjtNum]>,
    res_rownnz: &'a mut [c_int],
    res_rowadr: &'a [c_int],
    res_colind: &'a mut [c_int],
    rownnz: &'a [c_int],
    rowadr: &'a [c_int],
    colind: &'a [c_int],
    rownnz_t: &'a [c_int],
    rowadr_t: &'a [c_int],
    colind_t: &'a [c_int],
    rowsuper_t: Option<&'a [c_int]>,
    diagind: Option<&'a mut [c_int]>,
}

/// Slices for mju_sqrMatTDSparse(_row). The result's length is not passed: rows of an nc x nc
/// result hold at most nc entries, so the furthest row address plus nc bounds every write.
#[allow(clippy::too_many_arguments)]
unsafe fn sqr_args<'a>(
    res: *mut mjtNum,
    mat: *const mjtNum,
    matT: *const mjtNum,
    diag: *const mjtNum,
    nr: usize,
    nc: usize,
    res_rownnz: *mut c_int,
    res_rowadr: *const c_int,
    res_colind: *mut c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
    rownnzT: *const c_int,
    rowadrT: *const c_int,
    colindT: *const c_int,
    rowsuperT: *const c_int,
    diagind: *mut c_int,
) -> SqrArgs<'a> {
    // SAFETY: the arrays describe sparse matrices with the row counts given, and the result's rows have room for nc entries past the furthest row address (mju_sqrMatTDSparse's C contract)
    unsafe {
        let res_rowadr = rd(res_rowadr, nc);
        let res_len = res_rowadr.iter().map(|&a| un(a) + nc).max().unwrap_or(0);
        let nnz = extent(nr, rownnz, rowadr);
        let nnz_t = extent(nc, rownnzT, rowadrT);
        SqrArgs {
            res: wr(res, res_len),
            mat: rd(mat, nnz),
            mat_t: rd(matT, nnz_t),
            diag: rd_opt(diag, nr),
            res_rownnz: wr(res_rownnz, nc),
            res_rowadr,
            res_colind: wr(res_colind, res_len),
            rownnz: rd(rownnz, nr),
            rowadr: rd(rowadr, nr),
            colind: rd(colind, nnz),
            rownnz_t: rd(rownnzT, nc),
            rowadr_t: rd(rowadrT, nc),
            colind_t: rd(colindT, nnz_t),
            rowsuper_t: rd_opt(rowsuperT, nc),
            diagind: wr_opt(diagind, nc),
        }
    }
}

/// Compute res = M'*diag*M (M'*M if diag is NULL) for sparse M (nr x nc) given with its transpose; res_rowadr must be set. With diagind, also save diagonal addresses and fill the upper triangle.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_sqrMatTDSparse(
    res: *mut mjtNum,
    mat: *const mjtNum,
    matT: *const mjtNum,
    diag: *const mjtNum,
    nr: c_int,
    nc: c_int,
    res_rownnz: *mut c_int,
    res_rowadr: *const c_int,
    res_colind: *mut c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
    rowsuper: *const c_int,
    rownnzT: *const c_int,
    rowadrT: *const c_int,
    colindT: *const c_int,
    rowsuperT: *const c_int,
    d: *mut mjData,
    diagind: *mut c_int,
) {
    crate::boundary! {
        let _ = rowsuper;
        guard("mju_sqrMatTDSparse", (), || {
            let d = &mut *d;
            let (r, c) = (un(nr), un(nc));
            let a = sqr_args(
                res, mat, matT, diag, r, c, res_rownnz, res_rowadr, res_colind, rownnz, rowadr, colind, rownnzT, rowadrT,
                colindT, rowsuperT, diagind,
            );
            stack::mark(d);
            let marker = scratch::<c_int>(d, c);
            let buffer = marker.as_ref().and_then(|_| scratch::<mjtNum>(d, c * 8));
            let buffer_idx = buffer.as_ref().and_then(|_| scratch::<c_int>(d, c));
            let rowstart = buffer_idx.as_ref().and_then(|_| scratch::<c_int>(d, r));
            if let (Some(marker), Some(buffer), Some(buffer_idx), Some(rowstart)) = (marker, buffer, buffer_idx, rowstart) {
                sparse::sqr_mat_td_sparse(
                    a.res,
                    a.mat,
                    a.mat_t,
                    a.diag,
                    c,
                    a.res_rownnz,
                    a.res_rowadr,
                    a.res_colind,
                    a.rownnz,
                    a.rowadr,
                    a.colind,
                    a.rownnz_t,
                    a.rowadr_t,
                    a.colind_t,
                    a.rowsuper_t,
                    a.diagind,
                    sparse::SqrMatTdScratch { marker, buffer, buffer_idx, rowstart },
                );
            }
            stack::free(d);
        })
    }
}

/// Row-by-row reference implementation of mju_sqrMatTDSparse.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_sqrMatTDSparse_row(
    res: *mut mjtNum,
    mat: *const mjtNum,
    matT: *const mjtNum,
    diag: *const mjtNum,
    nr: c_int,
    nc: c_int,
    res_rownnz: *mut c_int,
    res_rowadr: *const c_int,
    res_colind: *mut c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
    rowsuper: *const c_int,
    rownnzT: *const c_int,
    rowadrT: *const c_int,
    colindT: *const c_int,
    rowsuperT: *const c_int,
    d: *mut mjData,
    diagind: *mut c_int,
) {
    crate::boundary! {
        let _ = rowsuper;
        guard("mju_sqrMatTDSparse_row", (), || {
            let d = &mut *d;
            let (r, c) = (un(nr), un(nc));
            let a = sqr_args(
                res, mat, matT, diag, r, c, res_rownnz, res_rowadr, res_colind, rownnz, rowadr, colind, rownnzT, rowadrT,
                colindT, rowsuperT, diagind,
            );
            stack::mark(d);
            let buffer = scratch::<mjtNum>(d, c);
            let markers = buffer.as_ref().and_then(|_| scratch::<c_int>(d, c));
            if let (Some(buffer), Some(markers)) = (buffer, markers) {
                sparse::sqr_mat_td_sparse_row(
                    a.res,
                    a.mat,
                    a.mat_t,
                    a.diag,
                    c,
                    a.res_rownnz,
                    a.res_rowadr,
                    a.res_colind,
                    a.rownnz,
                    a.rowadr,
                    a.colind,
                    a.rownnz_t,
                    a.rowadr_t,
                    a.colind_t,
                    a.rowsuper_t,
                    a.diagind,
                    buffer,
                    markers,
                );
            }
            stack::free(d);
        })
    }
}

/// Block-diagonalize a sparse matrix: permute rows (perm_r: res -> mat) and columns (perm_c: mat -> res), columns relative to each block's first column; res2 receives the same from mat2 when both are given.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_blockDiagSparse(
    res: *mut mjtNum,
    res_rownnz: *mut c_int,
    res_rowadr: *mut c_int,
    res_colind: *mut c_int,
    mat: *const mjtNum,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
    nr: c_int,
    nb: c_int,
    perm_r: *const c_int,
    perm_c: *const c_int,
    block_r: *const c_int,
    block_c: *const c_int,
    res2: *mut mjtNum,
    mat2: *const mjtNum,
) {
    crate::boundary! {
        guard("mju_blockDiagSparse", (), || {
            let r = un(nr);
            let perm_r = rd(perm_r, r);
            let rows = span(perm_r);
            let (nnz_rows, adr_rows) = (rd(rownnz, rows), rd(rowadr, rows));
            let nnz = extent(rows, rownnz, rowadr);
            let colind = rd(colind, nnz);
            let total: usize = perm_r.iter().map(|&k| un(nnz_rows.get(k as usize).copied().unwrap_or(0))).sum();
            let second = if res2.is_null() || mat2.is_null() { None } else { Some((wr(res2, total), rd(mat2, nnz))) };
            // upstream reads the first block's column even without blocks
            let nblock = un(nb);
            sparse::block_diag_sparse(
                wr(res, total),
                wr(res_rownnz, r),
                wr(res_rowadr, r),
                wr(res_colind, total),
                rd(mat, nnz),
                nnz_rows,
                adr_rows,
                colind,
                r,
                nblock,
                perm_r,
                rd(perm_c, span(colind)),
                rd(block_r, nblock),
                rd(block_c, nblock.max(1)),
                second,
            )
        })
    }
}

/// Build the gather map from src to res (pattern of res contained in that of src): map[k] = address in src of res element k.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_sparseMap(
    map: *mut c_int,
    nr: c_int,
    res_rowadr: *const c_int,
    res_rownnz: *const c_int,
    res_colind: *const c_int,
    src_rowadr: *const c_int,
    src_rownnz: *const c_int,
    src_colind: *const c_int,
) {
    crate::boundary! {
        guard("mju_sparseMap", (), || {
            let r = un(nr);
            let (rn, sn) = (extent(r, res_rownnz, res_rowadr), extent(r, src_rownnz, src_rowadr));
            sparse::sparse_map(
                wr(map, rn),
                r,
                rd(res_rowadr, r),
                rd(res_rownnz, r),
                rd(res_colind, rn),
                rd(src_rowadr, r),
                rd(src_rownnz, r),
                rd(src_colind, sn),
            )
        })
    }
}

/// Build the masked gather map copying a lower-triangular src into the symmetric pattern res (-1 where src has no entry); cursor is scratch of size nr.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_lower2SymMap(
    map: *mut c_int,
    nr: c_int,
    res_rowadr: *const c_int,
    res_rownnz: *const c_int,
    res_colind: *const c_int,
    src_rowadr: *const c_int,
    src_rownnz: *const c_int,
    src_colind: *const c_int,
    cursor: *mut c_int,
) {
    crate::boundary! {
        guard("mju_lower2SymMap", (), || {
            let r = un(nr);
            let (rn, sn) = (extent(r, res_rownnz, res_rowadr), extent(r, src_rownnz, src_rowadr));
            sparse::lower_to_sym_map(
                wr(map, rn),
                r,
                rd(res_rowadr, r),
                rd(res_rownnz, r),
                rd(res_colind, rn),
                rd(src_rowadr, r),
                rd(src_rownnz, r),
                rd(src_colind, sn),
                wr(cursor, r),
            )
        })
    }
}

//------------------------------------ rays -------------------------------------------------------

unsafe fn arr<const N: usize>(p: *const mjtNum) -> [mjtNum; N] {
    // SAFETY: `p` points to N valid numbers (fixed-size argument of the calling export)
    unsafe { rd(p, N).try_into().unwrap() }
}

/// Intersect a ray with a primitive geom, writing the surface normal at the hit if normal is given (zero when missed); return the distance or -1.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_rayGeomNormal(
    pos: *const mjtNum,
    mat: *const mjtNum,
    size: *const mjtNum,
    pnt: *const mjtNum,
    vec: *const mjtNum,
    geomtype: c_int,
    normal: *mut mjtNum,
) -> mjtNum {
    crate::boundary! {
        guard("mju_rayGeomNormal", -1.0, || {
            let mut nrm = if normal.is_null() { None } else { Some(arr::<3>(normal)) };
            let x = ray::ray_geom(&arr(pos), &arr(mat), &arr(size), &arr(pnt), &arr(vec), geomtype, nrm.as_mut());
            if let Some(v) = nrm {
                wr(normal, 3).copy_from_slice(&v);
            }
            x
        })
    }
}

/// Intersect a ray with a primitive geom (no meshes or height fields); return the distance or -1.
#[no_mangle]
pub unsafe extern "C" fn mju_rayGeom(
    pos: *const mjtNum,
    mat: *const mjtNum,
    size: *const mjtNum,
    pnt: *const mjtNum,
    vec: *const mjtNum,
    geomtype: c_int,
) -> mjtNum {
    crate::boundary! {
        mju_rayGeomNormal(pos, mat, size, pnt, vec, geomtype, ptr::null_mut())
    }
}

/// Prepare multi-ray casting from pnt: flag geoms excluded by the filters or cutoff, and compute each remaining geom's spherical bounding angles.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_multiRayPrepare(
    m: *const mjModel,
    d: *const mjData,
    pnt: *const mjtNum,
    ray_xmat: *const mjtNum,
    geomgroup: *const mjtByte,
    flg_static: mjtByte,
    bodyexclude: c_int,
    cutoff: mjtNum,
    geom_ba: *mut mjtNum,
    geom_eliminate: *mut c_int,
) {
    crate::boundary! {
        if !ray_xmat.is_null() {
            mjerror!("mju_multiRayPrepare", "ray_xmat is currently unused, should be NULL");
        }
        guard("mju_multiRayPrepare", (), || {
            let (m, d) = (&*m, &*d);
            let (ng, nb, nmat) = (un(m.ngeom), un(m.nbody), un(m.nmat));
            let geoms = ray::RayGeoms {
                nbody: nb,
                ngeom: ng,
                geom_bodyid: rd(m.geom_bodyid, ng),
                geom_matid: rd(m.geom_matid, ng),
                geom_group: rd(m.geom_group, ng),
                geom_rgba: rd(m.geom_rgba, 4 * ng),
                mat_rgba: rd(m.mat_rgba, 4 * nmat),
                geom_aabb: rd(m.geom_aabb, 6 * ng),
                geom_rbound: rd(m.geom_rbound, ng),
                body_weldid: rd(m.body_weldid, nb),
                body_bvhadr: rd(m.body_bvhadr, nb),
                body_geomnum: rd(m.body_geomnum, nb),
                body_geomadr: rd(m.body_geomadr, nb),
                geom_xpos: rd(d.geom_xpos, 3 * ng),
                geom_xmat: rd(d.geom_xmat, 9 * ng),
            };
            ray::multi_ray_prepare(
                &geoms,
                &arr(pnt),
                rd_opt(geomgroup, 6),
                flg_static != 0,
                bodyexclude,
                cutoff,
                wr(geom_ba, 4 * ng),
                wr(geom_eliminate, ng),
            )
        })
    }
}
