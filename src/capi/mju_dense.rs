//! The dense part of the `mju_` library: vectors, matrices, quaternions, poses, spatial algebra
//! and small numeric utilities. Logic lives in `crate::math::{blas, spatial, misc}`.
//!
//! Conventions of these wrappers: a count `n <= 0` means an empty vector (pointers are then not
//! touched, so NULL is fine); products of dimensions are formed in `usize`. Fixed-size arguments
//! are copied before the call and results written afterwards, and a variable-size input that
//! overlaps the output is copied first, so passing the same array as input and output (as C
//! callers do, e.g. `mju_scl(v, v, 2, n)`) gives upstream's numbers.

use core::ffi::{c_char, c_int, c_uchar};
use core::mem::size_of;
use core::{ptr, slice};

use super::guard;
use crate::abi::*;
use crate::math::{blas, misc, spatial};

//------------------------------ helpers -----------------------------------------------------------

#[inline]
fn cnt(n: c_int) -> usize {
    n.max(0) as usize
}

#[inline]
unsafe fn rd<'a, T>(p: *const T, n: usize) -> &'a [T] {
    // SAFETY: `p` is null or points to `n` valid elements, as the calling export's C contract requires
    unsafe {
        if n == 0 {
            &[]
        } else {
            slice::from_raw_parts(p, n)
        }
    }
}

#[inline]
unsafe fn wr<'a, T>(p: *mut T, n: usize) -> &'a mut [T] {
    // SAFETY: `p` is null or points to `n` writable elements, not aliased by another live slice (the calling export's C contract)
    unsafe {
        if n == 0 {
            &mut []
        } else {
            slice::from_raw_parts_mut(p, n)
        }
    }
}

/// Whether the byte ranges of two arrays intersect.
#[inline]
fn overlap<T, U>(a: *const T, na: usize, b: *const U, nb: usize) -> bool {
    let (a0, b0) = (a as usize, b as usize);
    let (a1, b1) = (a0.wrapping_add(na * size_of::<T>()), b0.wrapping_add(nb * size_of::<U>()));
    na > 0 && nb > 0 && a0 < b1 && b0 < a1
}

/// An input array as a slice: borrowed, or copied into `keep` when it overlaps the output.
#[inline]
unsafe fn inp<T: Copy, U>(p: *const T, n: usize, out: *const U, nout: usize, keep: &mut Vec<T>) -> &[T] {
    // SAFETY: `p` points to `n` valid elements and `out` to `nout` (the calling export's C contract); an overlap is copied first
    unsafe {
        if overlap(p, n, out, nout) {
            *keep = rd(p, n).to_vec();
            keep
        } else {
            rd(p, n)
        }
    }
}

/// Copy of a fixed-size array.
#[inline]
unsafe fn get<const N: usize>(p: *const mjtNum) -> [mjtNum; N] {
    // SAFETY: `p` points to N valid numbers (fixed-size argument of the calling export)
    unsafe { p.cast::<[mjtNum; N]>().read() }
}

/// Stores a fixed-size array.
#[inline]
unsafe fn put<const N: usize>(p: *mut mjtNum, v: [mjtNum; N]) {
    // SAFETY: `p` points to N writable numbers (fixed-size output of the calling export)
    unsafe { p.cast::<[mjtNum; N]>().write(v) }
}

/// A fixed-size array to update in place (no other argument may alias it: copy those first).
#[inline]
unsafe fn arr<'a, const N: usize>(p: *mut mjtNum) -> &'a mut [mjtNum; N] {
    // SAFETY: `p` points to N valid numbers (fixed-size argument of the calling export)
    unsafe { &mut *p.cast::<[mjtNum; N]>() }
}

//------------------------------ 3D and 4D vectors -------------------------------------------------

/// Set the 3-vector res to zero.
#[no_mangle]
pub unsafe extern "C" fn mju_zero3(res: *mut mjtNum) {
    crate::boundary! {
        blas::zero3(arr(res))
    }
}

/// Copy the 3-vector data into res.
#[no_mangle]
pub unsafe extern "C" fn mju_copy3(res: *mut mjtNum, data: *const mjtNum) {
    crate::boundary! {
        let v = get(data);
        blas::copy3(arr(res), &v)
    }
}

/// Scale the 3-vector vec by scl into res.
#[no_mangle]
pub unsafe extern "C" fn mju_scl3(res: *mut mjtNum, vec: *const mjtNum, scl: mjtNum) {
    crate::boundary! {
        put(res, blas::scl3(&get(vec), scl))
    }
}

/// Sum of two 3-vectors into res.
#[no_mangle]
pub unsafe extern "C" fn mju_add3(res: *mut mjtNum, vec1: *const mjtNum, vec2: *const mjtNum) {
    crate::boundary! {
        put(res, blas::add3(&get(vec1), &get(vec2)))
    }
}

/// Difference vec1 - vec2 of two 3-vectors into res.
#[no_mangle]
pub unsafe extern "C" fn mju_sub3(res: *mut mjtNum, vec1: *const mjtNum, vec2: *const mjtNum) {
    crate::boundary! {
        put(res, blas::sub3(&get(vec1), &get(vec2)))
    }
}

/// Add the 3-vector vec to res.
#[no_mangle]
pub unsafe extern "C" fn mju_addTo3(res: *mut mjtNum, vec: *const mjtNum) {
    crate::boundary! {
        let v = get(vec);
        blas::add_to3(arr(res), &v)
    }
}

/// Subtract the 3-vector vec from res.
#[no_mangle]
pub unsafe extern "C" fn mju_subFrom3(res: *mut mjtNum, vec: *const mjtNum) {
    crate::boundary! {
        let v = get(vec);
        blas::sub_from3(arr(res), &v)
    }
}

/// Add the 3-vector vec scaled by scl to res.
#[no_mangle]
pub unsafe extern "C" fn mju_addToScl3(res: *mut mjtNum, vec: *const mjtNum, scl: mjtNum) {
    crate::boundary! {
        let v = get(vec);
        blas::add_to_scl3(arr(res), &v, scl)
    }
}

/// res = vec1 + scl * vec2 for 3-vectors.
#[no_mangle]
pub unsafe extern "C" fn mju_addScl3(res: *mut mjtNum, vec1: *const mjtNum, vec2: *const mjtNum, scl: mjtNum) {
    crate::boundary! {
        put(res, blas::add_scl3(&get(vec1), &get(vec2), scl))
    }
}

/// Scale a 3-vector to unit length, a tiny one becoming 1,0,0; returns the original length.
#[no_mangle]
pub unsafe extern "C" fn mju_normalize3(vec: *mut mjtNum) -> mjtNum {
    crate::boundary! {
        blas::normalize3(arr(vec))
    }
}

/// Euclidean length of a 3-vector.
#[no_mangle]
pub unsafe extern "C" fn mju_norm3(vec: *const mjtNum) -> mjtNum {
    crate::boundary! {
        blas::norm3(&get(vec))
    }
}

/// Dot product of two 3-vectors.
#[no_mangle]
pub unsafe extern "C" fn mju_dot3(vec1: *const mjtNum, vec2: *const mjtNum) -> mjtNum {
    crate::boundary! {
        blas::dot3(&get(vec1), &get(vec2))
    }
}

/// Euclidean distance between the points pos1 and pos2.
#[no_mangle]
pub unsafe extern "C" fn mju_dist3(pos1: *const mjtNum, pos2: *const mjtNum) -> mjtNum {
    crate::boundary! {
        blas::dist3(&get(pos1), &get(pos2))
    }
}

/// Product of a row-major 3x3 matrix and a 3-vector: res = mat * vec.
#[no_mangle]
pub unsafe extern "C" fn mju_mulMatVec3(res: *mut mjtNum, mat: *const mjtNum, vec: *const mjtNum) {
    crate::boundary! {
        put(res, blas::mul_mat_vec3(&get(mat), &get(vec)))
    }
}

/// Product of a transposed 3x3 matrix and a 3-vector: res = mat' * vec.
#[no_mangle]
pub unsafe extern "C" fn mju_mulMatTVec3(res: *mut mjtNum, mat: *const mjtNum, vec: *const mjtNum) {
    crate::boundary! {
        put(res, blas::mul_mat_t_vec3(&get(mat), &get(vec)))
    }
}

/// Cross product of two 3-vectors: res = a x b.
#[no_mangle]
pub unsafe extern "C" fn mju_cross(res: *mut mjtNum, a: *const mjtNum, b: *const mjtNum) {
    crate::boundary! {
        put(res, spatial::cross(&get(a), &get(b)))
    }
}

/// Set the 4-vector res to zero.
#[no_mangle]
pub unsafe extern "C" fn mju_zero4(res: *mut mjtNum) {
    crate::boundary! {
        blas::zero4(arr(res))
    }
}

/// Set the 4-vector res to the identity quaternion 1,0,0,0.
#[no_mangle]
pub unsafe extern "C" fn mju_unit4(res: *mut mjtNum) {
    crate::boundary! {
        blas::unit4(arr(res))
    }
}

/// Copy the 4-vector data into res.
#[no_mangle]
pub unsafe extern "C" fn mju_copy4(res: *mut mjtNum, data: *const mjtNum) {
    crate::boundary! {
        let v = get(data);
        blas::copy4(arr(res), &v)
    }
}

/// Scale a 4-vector to unit length, a tiny one becoming 1,0,0,0; returns the original length.
#[no_mangle]
pub unsafe extern "C" fn mju_normalize4(vec: *mut mjtNum) -> mjtNum {
    crate::boundary! {
        blas::normalize4(arr(vec))
    }
}

/// Whether two 3-vectors agree within mjMINVAL in every component.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_equal3(vec1: *const mjtNum, vec2: *const mjtNum) -> c_int {
    crate::boundary! {
        blas::equal3(&get(vec1), &get(vec2)) as c_int
    }
}

/// Product of two 3x3 matrices: res = mat1 * mat2.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_mulMatMat3(res: *mut mjtNum, mat1: *const mjtNum, mat2: *const mjtNum) {
    crate::boundary! {
        put(res, blas::mul_mat_mat3(&get(mat1), &get(mat2)))
    }
}

/// Product of 3x3 matrices with the first transposed: res = mat1' * mat2.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_mulMatTMat3(res: *mut mjtNum, mat1: *const mjtNum, mat2: *const mjtNum) {
    crate::boundary! {
        put(res, blas::mul_mat_t_mat3(&get(mat1), &get(mat2)))
    }
}

/// Product of 3x3 matrices with the second transposed: res = mat1 * mat2'.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_mulMatMatT3(res: *mut mjtNum, mat1: *const mjtNum, mat2: *const mjtNum) {
    crate::boundary! {
        put(res, blas::mul_mat_mat_t3(&get(mat1), &get(mat2)))
    }
}

//------------------------------ vectors of length n -----------------------------------------------

/// Set the n-vector res to zero.
#[no_mangle]
pub unsafe extern "C" fn mju_zero(res: *mut mjtNum, n: c_int) {
    crate::boundary! {
        blas::zero(wr(res, cnt(n)))
    }
}

/// Set every element of the n-vector res to val.
#[no_mangle]
pub unsafe extern "C" fn mju_fill(res: *mut mjtNum, val: mjtNum, n: c_int) {
    crate::boundary! {
        blas::fill(wr(res, cnt(n)), val)
    }
}

/// Copy the n-vector vec into res.
#[no_mangle]
pub unsafe extern "C" fn mju_copy(res: *mut mjtNum, vec: *const mjtNum, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        if ptr::eq(res, vec) {
            return;
        }
        let mut k = Vec::new();
        let v = inp(vec, n, res, n, &mut k);
        blas::copy(wr(res, n), v)
    }
}

/// Sum of the elements of an n-vector.
#[no_mangle]
pub unsafe extern "C" fn mju_sum(vec: *const mjtNum, n: c_int) -> mjtNum {
    crate::boundary! {
        blas::sum(rd(vec, cnt(n)))
    }
}

/// L1 norm of an n-vector: the sum of the absolute values of its elements.
#[no_mangle]
pub unsafe extern "C" fn mju_L1(vec: *const mjtNum, n: c_int) -> mjtNum {
    crate::boundary! {
        blas::l1(rd(vec, cnt(n)))
    }
}

/// Scale the n-vector vec by scl into res.
#[no_mangle]
pub unsafe extern "C" fn mju_scl(res: *mut mjtNum, vec: *const mjtNum, scl: mjtNum, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        if ptr::eq(res, vec) {
            return blas::scl_inplace(wr(res, n), scl);
        }
        let mut k = Vec::new();
        let v = inp(vec, n, res, n, &mut k);
        blas::scl(wr(res, n), v, scl)
    }
}

/// Sum of two n-vectors into res.
#[no_mangle]
pub unsafe extern "C" fn mju_add(res: *mut mjtNum, vec1: *const mjtNum, vec2: *const mjtNum, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        if ptr::eq(res, vec1) && !overlap(res, n, vec2, n) {
            return blas::add_to(wr(res, n), rd(vec2, n));
        }
        let (mut k1, mut k2) = (Vec::new(), Vec::new());
        let a = inp(vec1, n, res, n, &mut k1);
        let b = inp(vec2, n, res, n, &mut k2);
        blas::add(wr(res, n), a, b)
    }
}

/// Difference vec1 - vec2 of two n-vectors into res.
#[no_mangle]
pub unsafe extern "C" fn mju_sub(res: *mut mjtNum, vec1: *const mjtNum, vec2: *const mjtNum, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        if ptr::eq(res, vec1) && !overlap(res, n, vec2, n) {
            return blas::sub_from(wr(res, n), rd(vec2, n));
        }
        let (mut k1, mut k2) = (Vec::new(), Vec::new());
        let a = inp(vec1, n, res, n, &mut k1);
        let b = inp(vec2, n, res, n, &mut k2);
        blas::sub(wr(res, n), a, b)
    }
}

/// Add the n-vector vec to res.
#[no_mangle]
pub unsafe extern "C" fn mju_addTo(res: *mut mjtNum, vec: *const mjtNum, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        let mut k = Vec::new();
        let v = inp(vec, n, res, n, &mut k);
        blas::add_to(wr(res, n), v)
    }
}

/// Subtract the n-vector vec from res.
#[no_mangle]
pub unsafe extern "C" fn mju_subFrom(res: *mut mjtNum, vec: *const mjtNum, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        let mut k = Vec::new();
        let v = inp(vec, n, res, n, &mut k);
        blas::sub_from(wr(res, n), v)
    }
}

/// Add the n-vector vec scaled by scl to res.
#[no_mangle]
pub unsafe extern "C" fn mju_addToScl(res: *mut mjtNum, vec: *const mjtNum, scl: mjtNum, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        let mut k = Vec::new();
        let v = inp(vec, n, res, n, &mut k);
        blas::add_to_scl(wr(res, n), v, scl)
    }
}

/// res = vec1 + vec2 * scl for n-vectors.
#[no_mangle]
pub unsafe extern "C" fn mju_addScl(res: *mut mjtNum, vec1: *const mjtNum, vec2: *const mjtNum, scl: mjtNum, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        if ptr::eq(res, vec1) && !overlap(res, n, vec2, n) {
            return blas::add_to_scl(wr(res, n), rd(vec2, n), scl);
        }
        let (mut k1, mut k2) = (Vec::new(), Vec::new());
        let a = inp(vec1, n, res, n, &mut k1);
        let b = inp(vec2, n, res, n, &mut k2);
        blas::add_scl(wr(res, n), a, b, scl)
    }
}

/// Scale an n-vector to unit length, a tiny one becoming 1,0,...,0; returns the original length.
#[no_mangle]
pub unsafe extern "C" fn mju_normalize(res: *mut mjtNum, n: c_int) -> mjtNum {
    crate::boundary! {
        if n <= 0 {
            // as upstream: a zero-length vector has norm 0 and gets its "first element" set to 1
            if !res.is_null() {
                *res = 1.0;
            }
            return 0.0;
        }
        blas::normalize(wr(res, cnt(n)))
    }
}

/// Euclidean length of an n-vector.
#[no_mangle]
pub unsafe extern "C" fn mju_norm(res: *const mjtNum, n: c_int) -> mjtNum {
    crate::boundary! {
        blas::norm(rd(res, cnt(n)))
    }
}

/// Dot product of two n-vectors.
#[no_mangle]
pub unsafe extern "C" fn mju_dot(vec1: *const mjtNum, vec2: *const mjtNum, n: c_int) -> mjtNum {
    crate::boundary! {
        let n = cnt(n);
        crate::math::lanes::dot_built(rd(vec1, n), rd(vec2, n))
    }
}

//------------------------------ matrices ----------------------------------------------------------

/// Product of an nr x nc matrix and an nc-vector: res = mat * vec.
#[no_mangle]
pub unsafe extern "C" fn mju_mulMatVec(res: *mut mjtNum, mat: *const mjtNum, vec: *const mjtNum, nr: c_int, nc: c_int) {
    crate::boundary! {
        let (nr, nc) = (cnt(nr), cnt(nc));
        // row by row, reading the inputs as they are when each entry is written (upstream's result
        // when res aliases an input); the borrowed rows end before each store
        for i in 0..nr {
            *res.add(i) = crate::math::lanes::dot_built(rd(mat.add(i * nc), nc), rd(vec, nc));
        }
    }
}

/// Product of a transposed nr x nc matrix and an nr-vector: res = mat' * vec.
#[no_mangle]
pub unsafe extern "C" fn mju_mulMatTVec(
    res: *mut mjtNum,
    mat: *const mjtNum,
    vec: *const mjtNum,
    nr: c_int,
    nc: c_int,
) {
    crate::boundary! {
        let (nr, nc) = (cnt(nr), cnt(nc));
        let (mut k1, mut k2) = (Vec::new(), Vec::new());
        let m = inp(mat, nr * nc, res, nc, &mut k1);
        let v = inp(vec, nr, res, nc, &mut k2);
        blas::mul_mat_t_vec(wr(res, nc), m, v, nr, nc)
    }
}

/// Quadratic form vec1' * mat * vec2 with a square n x n matrix.
#[no_mangle]
pub unsafe extern "C" fn mju_mulVecMatVec(
    vec1: *const mjtNum,
    mat: *const mjtNum,
    vec2: *const mjtNum,
    n: c_int,
) -> mjtNum {
    crate::boundary! {
        let n = cnt(n);
        blas::mul_vec_mat_vec(rd(vec1, n), rd(mat, n * n), rd(vec2, n))
    }
}

/// Transpose the nr x nc matrix mat into the nc x nr matrix res.
#[no_mangle]
pub unsafe extern "C" fn mju_transpose(res: *mut mjtNum, mat: *const mjtNum, nr: c_int, nc: c_int) {
    crate::boundary! {
        let (nr, nc) = (cnt(nr), cnt(nc));
        let mut k = Vec::new();
        let m = inp(mat, nr * nc, res, nr * nc, &mut k);
        blas::transpose(wr(res, nr * nc), m, nr, nc)
    }
}

/// Symmetric part of a square n x n matrix: res = mat/2 + mat'/2; res may be mat itself.
#[no_mangle]
pub unsafe extern "C" fn mju_symmetrize(res: *mut mjtNum, mat: *const mjtNum, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        if ptr::eq(res, mat) {
            return blas::symmetrize_inplace(wr(res, n * n), n);
        }
        let mut k = Vec::new();
        let m = inp(mat, n * n, res, n * n, &mut k);
        blas::symmetrize(wr(res, n * n), m, n)
    }
}

/// Set the n x n matrix mat to the identity.
#[no_mangle]
pub unsafe extern "C" fn mju_eye(mat: *mut mjtNum, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        blas::eye(wr(mat, n * n), n)
    }
}

/// Matrix product res = mat1 * mat2 with mat1 r1 x c1, mat2 c1 x c2 and res r1 x c2.
#[no_mangle]
pub unsafe extern "C" fn mju_mulMatMat(
    res: *mut mjtNum,
    mat1: *const mjtNum,
    mat2: *const mjtNum,
    r1: c_int,
    c1: c_int,
    c2: c_int,
) {
    crate::boundary! {
        let (r1, c1, c2) = (cnt(r1), cnt(c1), cnt(c2));
        let (mut k1, mut k2) = (Vec::new(), Vec::new());
        let a = inp(mat1, r1 * c1, res, r1 * c2, &mut k1);
        let b = inp(mat2, c1 * c2, res, r1 * c2, &mut k2);
        blas::mul_mat_mat(wr(res, r1 * c2), a, b, r1, c1, c2)
    }
}

/// Matrix product res = mat1 * mat2' with mat1 r1 x c1, mat2 r2 x c1 and res r1 x r2.
#[no_mangle]
pub unsafe extern "C" fn mju_mulMatMatT(
    res: *mut mjtNum,
    mat1: *const mjtNum,
    mat2: *const mjtNum,
    r1: c_int,
    c1: c_int,
    r2: c_int,
) {
    crate::boundary! {
        let (r1, c1, r2) = (cnt(r1), cnt(c1), cnt(r2));
        let (mut k1, mut k2) = (Vec::new(), Vec::new());
        let a = inp(mat1, r1 * c1, res, r1 * r2, &mut k1);
        let b = inp(mat2, r2 * c1, res, r1 * r2, &mut k2);
        blas::mul_mat_mat_t(wr(res, r1 * r2), a, b, r1, c1, r2)
    }
}

/// Matrix product res = mat1' * mat2 with mat1 r1 x c1, mat2 r1 x c2 and res c1 x c2.
#[no_mangle]
pub unsafe extern "C" fn mju_mulMatTMat(
    res: *mut mjtNum,
    mat1: *const mjtNum,
    mat2: *const mjtNum,
    r1: c_int,
    c1: c_int,
    c2: c_int,
) {
    crate::boundary! {
        let (r1, c1, c2) = (cnt(r1), cnt(c1), cnt(c2));
        let (mut k1, mut k2) = (Vec::new(), Vec::new());
        let a = inp(mat1, r1 * c1, res, c1 * c2, &mut k1);
        let b = inp(mat2, r1 * c2, res, c1 * c2, &mut k2);
        blas::mul_mat_t_mat(wr(res, c1 * c2), a, b, r1, c1, c2)
    }
}

/// Gram product res = mat' * diag * mat of an nr x nc matrix, res nc x nc; mat' * mat when diag is NULL.
#[no_mangle]
pub unsafe extern "C" fn mju_sqrMatTD(res: *mut mjtNum, mat: *const mjtNum, diag: *const mjtNum, nr: c_int, nc: c_int) {
    crate::boundary! {
        let (nr, nc) = (cnt(nr), cnt(nc));
        let (mut k1, mut k2) = (Vec::new(), Vec::new());
        let m = inp(mat, nr * nc, res, nc * nc, &mut k1);
        let d = if diag.is_null() { None } else { Some(inp(diag, nr, res, nc * nc, &mut k2)) };
        blas::sqr_mat_td(wr(res, nc * nc), m, d, nr, nc)
    }
}

/// Copy the permuted diagonal blocks of a dense matrix (nc_mat columns) into res (nc_res columns).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_blockDiag(
    res: *mut mjtNum,
    mat: *const mjtNum,
    nc_mat: c_int,
    nc_res: c_int,
    nb: c_int,
    perm_r: *const c_int,
    perm_c: *const c_int,
    block_nr: *const c_int,
    block_nc: *const c_int,
    blockadr_r: *const c_int,
    blockadr_c: *const c_int,
) {
    crate::boundary! {
        guard("mju_blockDiag", (), || {
            let nb = cnt(nb);
            let (nc_mat, nc_res) = (cnt(nc_mat), cnt(nc_res));
            let (bnr, bnc, br, bc) = (rd(block_nr, nb), rd(block_nc, nb), rd(blockadr_r, nb), rd(blockadr_c, nb));
            let ext = blas::block_diag_extent(nc_mat, nc_res, |i| *perm_r.add(i), |i| *perm_c.add(i), bnr, bnc, br, bc);
            let Some((nres, nmat, npr, npc)) = ext else {
                return crate::mjerror!("mju_blockDiag", "negative index or block address");
            };
            let mut k = Vec::new();
            let m = inp(mat, nmat, res, nres, &mut k);
            let (pr, pc) = (rd(perm_r, npr), rd(perm_c, npc));
            blas::block_diag(wr(res, nres), m, nc_mat, nc_res, pr, pc, bnr, bnc, br, bc)
        })
    }
}

//------------------------------ spatial transforms ------------------------------------------------

/// Move a 6D motion or force vector, rotation:translation, from oldpos to newpos, then rotate it by rotnew2old' unless that is NULL.
#[no_mangle]
pub unsafe extern "C" fn mju_transformSpatial(
    res: *mut mjtNum,
    vec: *const mjtNum,
    flg_force: c_int,
    newpos: *const mjtNum,
    oldpos: *const mjtNum,
    rotnew2old: *const mjtNum,
) {
    crate::boundary! {
        let rot: Option<[mjtNum; 9]> = if rotnew2old.is_null() { None } else { Some(get(rotnew2old)) };
        put(res, spatial::transform_spatial(&get(vec), flg_force != 0, &get(newpos), &get(oldpos), rot.as_ref()))
    }
}

/// Product of a 6D inertia (10 numbers) and a 6D motion vector.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_mulInertVec(res: *mut mjtNum, inert: *const mjtNum, vec: *const mjtNum) {
    crate::boundary! {
        put(res, spatial::mul_inert_vec(&get(inert), &get(vec)))
    }
}

//------------------------------ quaternions -------------------------------------------------------

/// Rotate the 3-vector vec by the quaternion quat.
#[no_mangle]
pub unsafe extern "C" fn mju_rotVecQuat(res: *mut mjtNum, vec: *const mjtNum, quat: *const mjtNum) {
    crate::boundary! {
        put(res, spatial::rot_vec_quat(&get(vec), &get(quat)))
    }
}

/// Conjugate of a quaternion: the inverse rotation for unit quaternions.
#[no_mangle]
pub unsafe extern "C" fn mju_negQuat(res: *mut mjtNum, quat: *const mjtNum) {
    crate::boundary! {
        put(res, spatial::neg_quat(&get(quat)))
    }
}

/// Quaternion product res = quat1 * quat2.
#[no_mangle]
pub unsafe extern "C" fn mju_mulQuat(res: *mut mjtNum, quat1: *const mjtNum, quat2: *const mjtNum) {
    crate::boundary! {
        put(res, spatial::mul_quat(&get(quat1), &get(quat2)))
    }
}

/// Product of quat and the pure quaternion 0,axis.
#[no_mangle]
pub unsafe extern "C" fn mju_mulQuatAxis(res: *mut mjtNum, quat: *const mjtNum, axis: *const mjtNum) {
    crate::boundary! {
        put(res, spatial::mul_quat_axis(&get(quat), &get(axis)))
    }
}

/// Quaternion of a rotation by angle, in radians, about axis.
#[no_mangle]
pub unsafe extern "C" fn mju_axisAngle2Quat(res: *mut mjtNum, axis: *const mjtNum, angle: mjtNum) {
    crate::boundary! {
        put(res, spatial::axis_angle2quat(&get(axis), angle))
    }
}

/// Angular velocity that turns by the rotation quat in time dt.
#[no_mangle]
pub unsafe extern "C" fn mju_quat2Vel(res: *mut mjtNum, quat: *const mjtNum, dt: mjtNum) {
    crate::boundary! {
        put(res, spatial::quat2vel(&get(quat), dt))
    }
}

/// Orientation difference as a 3D velocity res such that qb * quat of res = qa.
#[no_mangle]
pub unsafe extern "C" fn mju_subQuat(res: *mut mjtNum, qa: *const mjtNum, qb: *const mjtNum) {
    crate::boundary! {
        put(res, spatial::sub_quat(&get(qa), &get(qb)))
    }
}

/// Row-major 3x3 rotation matrix of a quaternion.
#[no_mangle]
pub unsafe extern "C" fn mju_quat2Mat(res: *mut mjtNum, quat: *const mjtNum) {
    crate::boundary! {
        put(res, spatial::quat2mat(&get(quat)))
    }
}

/// Unit quaternion of a 3x3 rotation matrix.
#[no_mangle]
pub unsafe extern "C" fn mju_mat2Quat(quat: *mut mjtNum, mat: *const mjtNum) {
    crate::boundary! {
        put(quat, spatial::mat2quat(&get(mat)))
    }
}

/// Time derivative of a quaternion under the angular velocity vel.
#[no_mangle]
pub unsafe extern "C" fn mju_derivQuat(res: *mut mjtNum, quat: *const mjtNum, vel: *const mjtNum) {
    crate::boundary! {
        put(res, spatial::deriv_quat(&get(quat), &get(vel)))
    }
}

/// Advance a quaternion, normalized first, by the angular velocity vel over time scale.
#[no_mangle]
pub unsafe extern "C" fn mju_quatIntegrate(quat: *mut mjtNum, vel: *const mjtNum, scale: mjtNum) {
    crate::boundary! {
        let v = get(vel);
        spatial::quat_integrate(arr(quat), &v, scale)
    }
}

/// Quaternion of the rotation taking the z axis to the direction of vec.
#[no_mangle]
pub unsafe extern "C" fn mju_quatZ2Vec(quat: *mut mjtNum, vec: *const mjtNum) {
    crate::boundary! {
        put(quat, spatial::quat_z2vec(&get(vec)))
    }
}

/// Refine quat towards the rotation part of an arbitrary 3x3 matrix; returns the iterations taken.
#[no_mangle]
pub unsafe extern "C" fn mju_mat2Rot(quat: *mut mjtNum, mat: *const mjtNum) -> c_int {
    crate::boundary! {
        let m = get(mat);
        spatial::mat2rot(arr(quat), &m)
    }
}

/// Quaternion of three Euler angles in radians about the axes in seq: 3 of 'xyzXYZ', lower case intrinsic, upper case extrinsic.
#[no_mangle]
pub unsafe extern "C" fn mju_euler2Quat(quat: *mut mjtNum, euler: *const mjtNum, seq: *const c_char) {
    crate::boundary! {
        // the C string, at most 4 bytes of it (enough to tell whether it has exactly 3)
        let mut len = 0;
        while !seq.is_null() && len < 4 && *seq.add(len) != 0 {
            len += 1;
        }
        let s = rd(seq.cast::<u8>(), len);
        put(quat, spatial::euler2quat(&get(euler), s))
    }
}

//------------------------------ poses -------------------------------------------------------------

/// Compose two poses: posres,quatres = pos1,quat1 * pos2,quat2.
#[no_mangle]
pub unsafe extern "C" fn mju_mulPose(
    posres: *mut mjtNum,
    quatres: *mut mjtNum,
    pos1: *const mjtNum,
    quat1: *const mjtNum,
    pos2: *const mjtNum,
    quat2: *const mjtNum,
) {
    crate::boundary! {
        let (p, q) = spatial::mul_pose(&get(pos1), &get(quat1), &get(pos2), &get(quat2));
        put(quatres, q);
        put(posres, p);
    }
}

/// Inverse of a pose: the opposite spatial transformation.
#[no_mangle]
pub unsafe extern "C" fn mju_negPose(
    posres: *mut mjtNum,
    quatres: *mut mjtNum,
    pos: *const mjtNum,
    quat: *const mjtNum,
) {
    crate::boundary! {
        let (p, q) = spatial::neg_pose(&get(pos), &get(quat));
        put(quatres, q);
        put(posres, p);
    }
}

/// Apply the pose pos,quat to the point vec: res = quat * vec + pos.
#[no_mangle]
pub unsafe extern "C" fn mju_trnVecPose(res: *mut mjtNum, pos: *const mjtNum, quat: *const mjtNum, vec: *const mjtNum) {
    crate::boundary! {
        put(res, spatial::trn_vec_pose(&get(pos), &get(quat), &get(vec)))
    }
}

//------------------------------ actuators and contacts --------------------------------------------

/// Active muscle force; prm = range[2], force, scale, lmin, lmax, vmax, fpmax, fvmax.
#[no_mangle]
pub unsafe extern "C" fn mju_muscleGain(
    len: mjtNum,
    vel: mjtNum,
    lengthrange: *const mjtNum,
    acc0: mjtNum,
    prm: *const mjtNum,
) -> mjtNum {
    crate::boundary! {
        misc::muscle_gain(len, vel, &get(lengthrange), acc0, &get(prm))
    }
}

/// Passive muscle force; prm = range[2], force, scale, lmin, lmax, vmax, fpmax, fvmax.
#[no_mangle]
pub unsafe extern "C" fn mju_muscleBias(
    len: mjtNum,
    lengthrange: *const mjtNum,
    acc0: mjtNum,
    prm: *const mjtNum,
) -> mjtNum {
    crate::boundary! {
        misc::muscle_bias(len, &get(lengthrange), acc0, &get(prm))
    }
}

/// Rate of change of muscle activation; prm = tau_act, tau_deact, smoothing_width.
#[no_mangle]
pub unsafe extern "C" fn mju_muscleDynamics(ctrl: mjtNum, act: mjtNum, prm: *const mjtNum) -> mjtNum {
    crate::boundary! {
        misc::muscle_dynamics(ctrl, act, &get(prm))
    }
}

/// Muscle activation time constant, switching (smoothly if smoothing_width > 0) between tau_act and tau_deact.
/// cbindgen:ignore
#[no_mangle]
pub extern "C" fn mju_muscleDynamicsTimescale(
    dctrl: mjtNum,
    tau_act: mjtNum,
    tau_deact: mjtNum,
    smoothing_width: mjtNum,
) -> mjtNum {
    crate::boundary! {
        misc::muscle_dynamics_timescale(dctrl, tau_act, tau_deact, smoothing_width)
    }
}

/// Normalized muscle force-length curve (1 at length 1, 0 outside [lmin, lmax]).
/// cbindgen:ignore
#[no_mangle]
pub extern "C" fn mju_muscleGainLength(length: mjtNum, lmin: mjtNum, lmax: mjtNum) -> mjtNum {
    crate::boundary! {
        misc::muscle_gain_length(length, lmin, lmax)
    }
}

/// Pyramid representation of a contact force with dim components, normal first.
#[no_mangle]
pub unsafe extern "C" fn mju_encodePyramid(pyramid: *mut mjtNum, force: *const mjtNum, mu: *const mjtNum, dim: c_int) {
    crate::boundary! {
        if dim <= 1 {
            return;
        }
        let nt = cnt(dim - 1);
        let (mut k1, mut k2) = (Vec::new(), Vec::new());
        let f = inp(force, nt + 1, pyramid, 2 * nt, &mut k1);
        let m = inp(mu, nt, pyramid, 2 * nt, &mut k2);
        misc::encode_pyramid(wr(pyramid, 2 * nt), f, m)
    }
}

/// Contact force with dim components from its pyramid representation.
#[no_mangle]
pub unsafe extern "C" fn mju_decodePyramid(force: *mut mjtNum, pyramid: *const mjtNum, mu: *const mjtNum, dim: c_int) {
    crate::boundary! {
        if dim <= 0 {
            // as upstream: an empty sum for the normal component
            if !force.is_null() {
                *force = 0.0;
            }
            return;
        }
        let nt = cnt(dim - 1);
        let np = if nt == 0 { 1 } else { 2 * nt };
        let (mut k1, mut k2) = (Vec::new(), Vec::new());
        let p = inp(pyramid, np, force, nt + 1, &mut k1);
        let m = inp(mu, nt, force, nt + 1, &mut k2);
        misc::decode_pyramid(wr(force, nt + 1), p, m)
    }
}

/// Closed-form position after time dt of a spring-damper with stiffness Kp and damping Kv, from pos0 and vel0.
#[allow(non_snake_case)]
#[no_mangle]
pub extern "C" fn mju_springDamper(pos0: mjtNum, vel0: mjtNum, Kp: mjtNum, Kv: mjtNum, dt: mjtNum) -> mjtNum {
    crate::boundary! {
        misc::spring_damper(pos0, vel0, Kp, Kv, dt)
    }
}

//------------------------------ scalars -----------------------------------------------------------

/// The smaller of a and b; b if either is NaN.
#[no_mangle]
pub extern "C" fn mju_min(a: mjtNum, b: mjtNum) -> mjtNum {
    crate::boundary! {
        misc::min(a, b)
    }
}

/// The larger of a and b; b if either is NaN.
#[no_mangle]
pub extern "C" fn mju_max(a: mjtNum, b: mjtNum) -> mjtNum {
    crate::boundary! {
        misc::max(a, b)
    }
}

/// x limited to the interval [min, max].
#[no_mangle]
pub extern "C" fn mju_clip(x: mjtNum, min: mjtNum, max: mjtNum) -> mjtNum {
    crate::boundary! {
        misc::clip(x, min, max)
    }
}

/// Sign of x as -1, 0 or +1.
#[no_mangle]
pub extern "C" fn mju_sign(x: mjtNum) -> mjtNum {
    crate::boundary! {
        misc::sign(x)
    }
}

/// Nearest integer to x, halves rounded up.
#[no_mangle]
pub extern "C" fn mju_round(x: mjtNum) -> c_int {
    crate::boundary! {
        misc::round(x)
    }
}

/// 1 if x is NaN or larger than mjMAXVAL in magnitude, else 0.
#[no_mangle]
pub extern "C" fn mju_isBad(x: mjtNum) -> c_int {
    crate::boundary! {
        misc::is_bad(x) as c_int
    }
}

/// 1 if every element of the n-vector is zero, else 0.
#[no_mangle]
pub unsafe extern "C" fn mju_isZero(vec: *const mjtNum, n: c_int) -> c_int {
    crate::boundary! {
        misc::is_zero(rd(vec, cnt(n))) as c_int
    }
}

/// 1 if all n bytes are zero, else 0.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_isZeroByte(vec: *const c_uchar, n: c_int) -> c_int {
    crate::boundary! {
        if n < 0 {
            return 0;
        }
        misc::is_zero_byte(rd(vec, cnt(n))) as c_int
    }
}

/// Normal random number with mean 0 and variance 1 from C's rand; a second one goes to num2 unless it is NULL.
#[no_mangle]
pub unsafe extern "C" fn mju_standardNormal(num2: *mut mjtNum) -> mjtNum {
    crate::boundary! {
        misc::standard_normal(num2.as_mut())
    }
}

/// Convert n floats to mjtNum.
#[no_mangle]
pub unsafe extern "C" fn mju_f2n(res: *mut mjtNum, vec: *const f32, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        let mut k = Vec::new();
        let v = inp(vec, n, res, n, &mut k);
        misc::f2n(wr(res, n), v)
    }
}

/// Convert n mjtNums to float.
#[no_mangle]
pub unsafe extern "C" fn mju_n2f(res: *mut f32, vec: *const mjtNum, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        let mut k = Vec::new();
        let v = inp(vec, n, res, n, &mut k);
        misc::n2f(wr(res, n), v)
    }
}

/// Convert n doubles to mjtNum.
#[no_mangle]
pub unsafe extern "C" fn mju_d2n(res: *mut mjtNum, vec: *const f64, n: c_int) {
    crate::boundary! {
        mju_copy(res, vec, n)
    }
}

/// Convert n mjtNums to double.
#[no_mangle]
pub unsafe extern "C" fn mju_n2d(res: *mut f64, vec: *const mjtNum, n: c_int) {
    crate::boundary! {
        mju_copy(res, vec, n)
    }
}

/// Sort n numbers in increasing order by a stable insertion sort.
#[no_mangle]
pub unsafe extern "C" fn mju_insertionSort(list: *mut mjtNum, n: c_int) {
    crate::boundary! {
        misc::insertion_sort(wr(list, cnt(n)))
    }
}

/// Sort n integers in increasing order by insertion sort.
#[no_mangle]
pub unsafe extern "C" fn mju_insertionSortInt(list: *mut c_int, n: c_int) {
    crate::boundary! {
        misc::insertion_sort(wr(list, cnt(n)))
    }
}

/// Element index of the Halton low-discrepancy sequence in the given base.
#[no_mangle]
pub extern "C" fn mju_Halton(index: c_int, base: c_int) -> mjtNum {
    crate::boundary! {
        // upstream divides by zero for base 0 and never ends for base 1
        if index > 0 && (base == 0 || base == 1) {
            crate::mjerror!("mju_Halton", "base must not be 0 or 1");
            return 0.0;
        }
        misc::halton(index, base)
    }
}

/// Quintic sigmoid 6x^5 - 15x^4 + 10x^3 on [0, 1], 0 below and 1 above.
#[no_mangle]
pub extern "C" fn mju_sigmoid(x: mjtNum) -> mjtNum {
    crate::boundary! {
        misc::sigmoid(x)
    }
}

//------------------------------ integers, gather and scatter --------------------------------------

/// Set n integers to zero.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_zeroInt(res: *mut c_int, n: c_int) {
    crate::boundary! {
        misc::zero_int(wr(res, cnt(n)))
    }
}

/// Copy n integers from vec to res.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_copyInt(res: *mut c_int, vec: *const c_int, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        if ptr::eq(res, vec) {
            return;
        }
        let mut k = Vec::new();
        let v = inp(vec, n, res, n, &mut k);
        misc::copy_int(wr(res, n), v)
    }
}

/// res[i] = vec[ind[i]] for i < n.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_gather(res: *mut mjtNum, vec: *const mjtNum, ind: *const c_int, n: c_int) {
    crate::boundary! {
        guard("mju_gather", (), || gather_impl("mju_gather", res, vec, ind, n))
    }
}

/// res[i] = vec[ind[i]] for i < n, or 0 where ind[i] is negative.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_gatherMasked(res: *mut mjtNum, vec: *const mjtNum, ind: *const c_int, n: c_int) {
    crate::boundary! {
        let n = cnt(n);
        let mut k0 = Vec::new();
        let ind = inp(ind, n, res, n, &mut k0);
        let m = misc::index_extent(ind, true).unwrap_or(0);
        let mut k = Vec::new();
        let v = inp(vec, m, res, n, &mut k);
        misc::gather_masked(wr(res, n), v, ind)
    }
}

/// res[ind[i]] = vec[i] for i < n.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_scatter(res: *mut mjtNum, vec: *const mjtNum, ind: *const c_int, n: c_int) {
    crate::boundary! {
        guard("mju_scatter", (), || scatter_impl("mju_scatter", res, vec, ind, n))
    }
}

/// res[i] = vec[ind[i]] for n integers.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_gatherInt(res: *mut c_int, vec: *const c_int, ind: *const c_int, n: c_int) {
    crate::boundary! {
        guard("mju_gatherInt", (), || gather_impl("mju_gatherInt", res, vec, ind, n))
    }
}

/// res[ind[i]] = vec[i] for n integers.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_scatterInt(res: *mut c_int, vec: *const c_int, ind: *const c_int, n: c_int) {
    crate::boundary! {
        guard("mju_scatterInt", (), || scatter_impl("mju_scatterInt", res, vec, ind, n))
    }
}

unsafe fn gather_impl<T: Copy>(func: &str, res: *mut T, vec: *const T, ind: *const c_int, n: c_int) {
    // SAFETY: `res`, `vec` and `ind` hold what mju_gather's contract says: n outputs, n indices, every index in `vec`'s range
    unsafe {
        let n = cnt(n);
        let mut k0 = Vec::new();
        let ind = inp(ind, n, res, n, &mut k0);
        let Some(m) = misc::index_extent(ind, false) else {
            return crate::mjerror!(func, "negative index");
        };
        let mut k = Vec::new();
        let v = inp(vec, m, res, n, &mut k);
        misc::gather(wr(res, n), v, ind)
    }
}

unsafe fn scatter_impl<T: Copy>(func: &str, res: *mut T, vec: *const T, ind: *const c_int, n: c_int) {
    // SAFETY: `res`, `vec` and `ind` hold what mju_scatter's contract says: n inputs, n indices, every index in `res`'s range
    unsafe {
        let n = cnt(n);
        let ind = rd(ind, n);
        let Some(m) = misc::index_extent(ind, false) else {
            return crate::mjerror!(func, "negative index");
        };
        let (mut k0, mut k) = (Vec::new(), Vec::new());
        let ind = inp(ind.as_ptr(), n, res, m, &mut k0);
        let v = inp(vec, n, res, m, &mut k);
        misc::scatter(wr(res, m), v, ind)
    }
}

//------------------------------ geometry and flex interpolation -----------------------------------

/// The three semi-axes of a geom of the given type and size.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_geomSemiAxes(semiaxes: *mut mjtNum, size: *const mjtNum, r#type: mjtGeom) {
    crate::boundary! {
        put(semiaxes, misc::geom_semi_axes(&get(size), r#type))
    }
}

/// 1 if point is outside the box (pos, mat, size) inflated by inflate, -1 if inside the deflated box, else 0.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_outsideBox(
    point: *const mjtNum,
    pos: *const mjtNum,
    mat: *const mjtNum,
    size: *const mjtNum,
    inflate: mjtNum,
) -> c_int {
    crate::boundary! {
        misc::outside_box(&get(point), &get(pos), &get(mat), &get(size), inflate)
    }
}

/// Deformation gradient at p of a hexahedral flex element of the given order from its nodal values dof.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_defGradient(res: *mut mjtNum, p: *const mjtNum, dof: *const mjtNum, order: c_int) {
    crate::boundary! {
        let d = rd(dof, 3 * misc::basis_nodes(order));
        let g = misc::def_gradient(&get(p), d, order);
        put(res, g)
    }
}

/// Value at x of the basis function of node i of a hexahedral element of the given order.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_evalBasis(x: *const mjtNum, i: c_int, order: c_int) -> mjtNum {
    crate::boundary! {
        misc::eval_basis(&get(x), i, order)
    }
}

/// Add to res the interpolation at x of the nodal values coeff (3 per node) of the given order.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_interpolate3D(res: *mut mjtNum, x: *const mjtNum, coeff: *const mjtNum, order: c_int) {
    crate::boundary! {
        let (mut r, xv) = (get(res), get(x));
        misc::interpolate3d(&mut r, &xv, rd(coeff, 3 * misc::basis_nodes(order)), order);
        put(res, r)
    }
}
