//! Dense vector and matrix arithmetic (upstream `engine_util_blas.c`).
//!
//! Fixed-size operations take `&[f64; N]` and return their result by value; variable-size
//! operations work on slices whose lengths give the sizes (matrices are row-major, with their
//! dimensions passed explicitly). Every loop adds and multiplies in upstream's order, so results
//! are bit-identical to `libmujoco.so` (whose AVX kernels are reproduced by the 4-lane dot).

use crate::abi::mjMINVAL;

//------------------------------ 3D vectors and 3x3 matrices ---------------------------------------

/// res = 0
#[inline]
pub fn zero3(res: &mut [f64; 3]) {
    *res = [0.0; 3];
}

/// Whether every component differs by less than mjMINVAL.
#[inline]
pub fn equal3(a: &[f64; 3], b: &[f64; 3]) -> bool {
    (a[0] - b[0]).abs() < mjMINVAL && (a[1] - b[1]).abs() < mjMINVAL && (a[2] - b[2]).abs() < mjMINVAL
}

/// res = vec
#[inline]
pub fn copy3(res: &mut [f64; 3], vec: &[f64; 3]) {
    *res = *vec;
}

/// vec * scl
#[inline]
pub fn scl3(vec: &[f64; 3], scl: f64) -> [f64; 3] {
    [vec[0] * scl, vec[1] * scl, vec[2] * scl]
}

/// a + b
#[inline]
pub fn add3(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// a - b
#[inline]
pub fn sub3(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// res += vec
#[inline]
pub fn add_to3(res: &mut [f64; 3], vec: &[f64; 3]) {
    res[0] += vec[0];
    res[1] += vec[1];
    res[2] += vec[2];
}

/// res -= vec
#[inline]
pub fn sub_from3(res: &mut [f64; 3], vec: &[f64; 3]) {
    res[0] -= vec[0];
    res[1] -= vec[1];
    res[2] -= vec[2];
}

/// res += vec * scl
#[inline]
pub fn add_to_scl3(res: &mut [f64; 3], vec: &[f64; 3], scl: f64) {
    res[0] += vec[0] * scl;
    res[1] += vec[1] * scl;
    res[2] += vec[2] * scl;
}

/// a + b * scl
#[inline]
pub fn add_scl3(a: &[f64; 3], b: &[f64; 3], scl: f64) -> [f64; 3] {
    [a[0] + scl * b[0], a[1] + scl * b[1], a[2] + scl * b[2]]
}

/// Normalizes `vec` in place and returns its length before; below mjMINVAL it becomes (1,0,0).
#[inline]
pub fn normalize3(vec: &mut [f64; 3]) -> f64 {
    let norm = (vec[0] * vec[0] + vec[1] * vec[1] + vec[2] * vec[2]).sqrt();
    if norm < mjMINVAL {
        *vec = [1.0, 0.0, 0.0];
    } else {
        let inv = 1.0 / norm;
        vec[0] *= inv;
        vec[1] *= inv;
        vec[2] *= inv;
    }
    norm
}

/// Euclidean length.
#[inline]
pub fn norm3(vec: &[f64; 3]) -> f64 {
    (vec[0] * vec[0] + vec[1] * vec[1] + vec[2] * vec[2]).sqrt()
}

/// `x` unchanged, passed through an empty asm statement that LLVM's SLP vectoriser cannot see
/// through. Used on the terms of short dot products in latency-bound loops, so they stay three
/// independent scalar chains (as upstream's C compiles) instead of two terms packed into a
/// vector and shuffled back out. No instruction is emitted; the value is the same.
#[inline(always)]
pub fn scalar_lane(x: f64) -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        let mut x = x;
        // SAFETY: an empty template that only names the register holding x
        unsafe { core::arch::asm!("/* {0} */", inout(xmm_reg) x, options(pure, nomem, nostack, preserves_flags)) };
        x
    }
    #[cfg(not(target_arch = "x86_64"))]
    x
}

/// Dot product.
#[inline]
pub fn dot3(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// [`dot3`] reading each vector as a 16-byte pair and a scalar, the split in which a `[f64; 3]`
/// is stored: a 16-byte load of elements 1 and 2 (LLVM's choice left to itself) straddles two
/// stores and, when they are recent, waits for both to complete instead of taking the data from
/// the store buffer. Used where the vectors were just written by the caller. Same value as `dot3`.
#[inline(always)]
pub fn dot3_split(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        // SAFETY: SSE2 is part of x86-64; each load reads the first two of a vector's 3 values
        let xy = unsafe { _mm_mul_pd(_mm_loadu_pd(a.as_ptr()), _mm_loadu_pd(b.as_ptr())) };
        // SAFETY: SSE2 register operations only (part of x86-64)
        let (x, y) = unsafe { (_mm_cvtsd_f64(xy), _mm_cvtsd_f64(_mm_unpackhi_pd(xy, xy))) };
        x + y + a[2] * b[2]
    }
    #[cfg(not(target_arch = "x86_64"))]
    dot3(a, b)
}

/// Distance between two points.
#[inline]
pub fn dist3(a: &[f64; 3], b: &[f64; 3]) -> f64 {
    let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
}

/// mat * vec for a row-major 3x3 matrix.
#[inline]
pub fn mul_mat_vec3(mat: &[f64; 9], vec: &[f64; 3]) -> [f64; 3] {
    [
        mat[0] * vec[0] + mat[1] * vec[1] + mat[2] * vec[2],
        mat[3] * vec[0] + mat[4] * vec[1] + mat[5] * vec[2],
        mat[6] * vec[0] + mat[7] * vec[1] + mat[8] * vec[2],
    ]
}

/// [`mul_mat_vec3`] reading the matrix one element at a time, for a matrix the caller has just
/// stored (a parent body's `xmat`): its nine values may have gone out as nine 8-byte stores, and a
/// 16-byte load across two of them cannot be forwarded from the store buffer. Same values as
/// `mul_mat_vec3`.
#[inline(always)]
pub fn mul_mat_vec3_split(mat: &[f64; 9], vec: &[f64; 3]) -> [f64; 3] {
    let m = mat.map(scalar_lane);
    [
        m[0] * vec[0] + m[1] * vec[1] + m[2] * vec[2],
        m[3] * vec[0] + m[4] * vec[1] + m[5] * vec[2],
        m[6] * vec[0] + m[7] * vec[1] + m[8] * vec[2],
    ]
}

/// mat' * vec for a row-major 3x3 matrix.
#[inline]
pub fn mul_mat_t_vec3(mat: &[f64; 9], vec: &[f64; 3]) -> [f64; 3] {
    [
        mat[0] * vec[0] + mat[3] * vec[1] + mat[6] * vec[2],
        mat[1] * vec[0] + mat[4] * vec[1] + mat[7] * vec[2],
        mat[2] * vec[0] + mat[5] * vec[1] + mat[8] * vec[2],
    ]
}

/// [`mul_mat_t_vec3`] reading `vec` as a 16-byte pair and a scalar, as [`dot3_split`] does: for
/// vectors the caller has just stored (support directions). Same values as `mul_mat_t_vec3`.
#[inline(always)]
pub fn mul_mat_t_vec3_split(mat: &[f64; 9], vec: &[f64; 3]) -> [f64; 3] {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        let m = mat.as_ptr();
        // SAFETY: SSE2 is part of x86-64; the loads read mat[0..2], mat[3..5], mat[6..8] and
        // vec[0..2], all in bounds
        unsafe {
            let v01 = _mm_loadu_pd(vec.as_ptr());
            let (v0, v1, v2) = (_mm_unpacklo_pd(v01, v01), _mm_unpackhi_pd(v01, v01), _mm_set1_pd(vec[2]));
            let xy = _mm_add_pd(
                _mm_add_pd(_mm_mul_pd(_mm_loadu_pd(m), v0), _mm_mul_pd(_mm_loadu_pd(m.add(3)), v1)),
                _mm_mul_pd(_mm_loadu_pd(m.add(6)), v2),
            );
            let z01 = _mm_mul_pd(_mm_set_pd(mat[5], mat[2]), v01);
            let z = _mm_cvtsd_f64(z01) + _mm_cvtsd_f64(_mm_unpackhi_pd(z01, z01)) + mat[8] * vec[2];
            [_mm_cvtsd_f64(xy), _mm_cvtsd_f64(_mm_unpackhi_pd(xy, xy)), z]
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    mul_mat_t_vec3(mat, vec)
}

/// a * b for 3x3 matrices.
#[inline]
pub fn mul_mat_mat3(a: &[f64; 9], b: &[f64; 9]) -> [f64; 9] {
    let mut r = [0.0; 9];
    for i in 0..3 {
        for j in 0..3 {
            r[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
        }
    }
    r
}

/// a' * b for 3x3 matrices.
#[inline]
pub fn mul_mat_t_mat3(a: &[f64; 9], b: &[f64; 9]) -> [f64; 9] {
    let mut r = [0.0; 9];
    for i in 0..3 {
        for j in 0..3 {
            r[3 * i + j] = a[i] * b[j] + a[3 + i] * b[3 + j] + a[6 + i] * b[6 + j];
        }
    }
    r
}

/// a * b' for 3x3 matrices.
#[inline]
pub fn mul_mat_mat_t3(a: &[f64; 9], b: &[f64; 9]) -> [f64; 9] {
    let mut r = [0.0; 9];
    for i in 0..3 {
        for j in 0..3 {
            r[3 * i + j] = a[3 * i] * b[3 * j] + a[3 * i + 1] * b[3 * j + 1] + a[3 * i + 2] * b[3 * j + 2];
        }
    }
    r
}

//------------------------------ 4D vectors --------------------------------------------------------

/// res = 0
#[inline]
pub fn zero4(res: &mut [f64; 4]) {
    *res = [0.0; 4];
}

/// res = (1, 0, 0, 0)
#[inline]
pub fn unit4(res: &mut [f64; 4]) {
    *res = [1.0, 0.0, 0.0, 0.0];
}

/// res = vec
#[inline]
pub fn copy4(res: &mut [f64; 4], vec: &[f64; 4]) {
    *res = *vec;
}

/// Normalizes `vec` in place and returns its length before: below mjMINVAL it becomes (1,0,0,0);
/// a length within mjMINVAL of 1 is left alone.
#[inline]
pub fn normalize4(vec: &mut [f64; 4]) -> f64 {
    let norm = (vec[0] * vec[0] + vec[1] * vec[1] + vec[2] * vec[2] + vec[3] * vec[3]).sqrt();
    if norm < mjMINVAL {
        *vec = [1.0, 0.0, 0.0, 0.0];
    } else if (norm - 1.0).abs() > mjMINVAL {
        let inv = 1.0 / norm;
        vec[0] *= inv;
        vec[1] *= inv;
        vec[2] *= inv;
        vec[3] *= inv;
    }
    norm
}

//------------------------------ vectors -----------------------------------------------------------

/// res = 0
#[inline]
pub fn zero(res: &mut [f64]) {
    res.fill(0.0);
}

/// res = val
#[inline]
pub fn fill(res: &mut [f64], val: f64) {
    res.fill(val);
}

/// res = vec (lengths must agree)
#[inline]
pub fn copy(res: &mut [f64], vec: &[f64]) {
    res.copy_from_slice(vec);
}

/// Sum of the elements, left to right.
#[inline]
pub fn sum(vec: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in vec {
        s += v;
    }
    s
}

/// Sum of absolute values, left to right.
#[inline]
pub fn l1(vec: &[f64]) -> f64 {
    let mut s = 0.0;
    for &v in vec {
        s += v.abs();
    }
    s
}

/// res = vec * scl (res.len() elements)
#[inline]
pub fn scl(res: &mut [f64], vec: &[f64], scl: f64) {
    let vec = &vec[..res.len()];
    #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
    // SAFETY: both slices hold res.len() elements; AVX is enabled at compile time
    unsafe {
        use core::arch::x86_64::*;
        let (s4, s2) = (_mm256_set1_pd(scl), _mm_set1_pd(scl));
        zip_avx(res, Some(vec), Some(vec), |x, _| _mm256_mul_pd(x, s4), |x, _| _mm_mul_pd(x, s2), |x, _| x * scl)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
    for (r, &v) in res.iter_mut().zip(vec) {
        *r = v * scl;
    }
}

/// res *= scl
#[inline]
pub fn scl_inplace(res: &mut [f64], scl: f64) {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
    // SAFETY: res holds res.len() elements; AVX is enabled at compile time
    unsafe {
        use core::arch::x86_64::*;
        let (s4, s2) = (_mm256_set1_pd(scl), _mm_set1_pd(scl));
        zip_avx(res, None, None, |x, _| _mm256_mul_pd(x, s4), |x, _| _mm_mul_pd(x, s2), |x, _| x * scl)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
    for r in res.iter_mut() {
        *r *= scl;
    }
}

/// res = a + b
#[inline]
pub fn add(res: &mut [f64], a: &[f64], b: &[f64]) {
    let n = res.len();
    let (a, b) = (&a[..n], &b[..n]);
    #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
    // SAFETY: all slices hold n elements; AVX is enabled at compile time
    unsafe {
        use core::arch::x86_64::*;
        zip_avx(res, Some(a), Some(b), |x, y| _mm256_add_pd(x, y), |x, y| _mm_add_pd(x, y), |x, y| x + y)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
    for ((r, &x), &y) in res.iter_mut().zip(a).zip(b) {
        *r = x + y;
    }
}

/// res = a - b
#[inline]
pub fn sub(res: &mut [f64], a: &[f64], b: &[f64]) {
    let n = res.len();
    let (a, b) = (&a[..n], &b[..n]);
    #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
    // SAFETY: all slices hold n elements; AVX is enabled at compile time
    unsafe {
        use core::arch::x86_64::*;
        zip_avx(res, Some(a), Some(b), |x, y| _mm256_sub_pd(x, y), |x, y| _mm_sub_pd(x, y), |x, y| x - y)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
    for ((r, &x), &y) in res.iter_mut().zip(a).zip(b) {
        *r = x - y;
    }
}

/// res += vec
#[inline]
pub fn add_to(res: &mut [f64], vec: &[f64]) {
    let vec = &vec[..res.len()];
    #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
    // SAFETY: both slices hold res.len() elements; AVX is enabled at compile time
    unsafe {
        use core::arch::x86_64::*;
        zip_avx(res, None, Some(vec), |x, y| _mm256_add_pd(x, y), |x, y| _mm_add_pd(x, y), |x, y| x + y)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
    for (r, &v) in res.iter_mut().zip(vec) {
        *r += v;
    }
}

/// res -= vec
#[inline]
pub fn sub_from(res: &mut [f64], vec: &[f64]) {
    let vec = &vec[..res.len()];
    for (r, &v) in res.iter_mut().zip(vec) {
        *r -= v;
    }
}

/// res += vec * scl
#[inline(always)]
pub fn add_to_scl(res: &mut [f64], vec: &[f64], scl: f64) {
    let vec = &vec[..res.len()];
    #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
    add_to_scl_avx(res, vec, scl);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
    for (r, &v) in res.iter_mut().zip(vec) {
        *r += v * scl;
    }
}

/// [`add_to_scl`] with AVX: blocks of eight, then at most one block of four, a pair and a
/// single element (each element is one multiply and one add, so any vector width gives the same
/// numbers; short rows just avoid the generic loop's set-up).
#[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
#[inline(always)]
fn add_to_scl_avx(res: &mut [f64], vec: &[f64], scl: f64) {
    use core::arch::x86_64::*;
    let n = res.len();
    let vec = &vec[..n];
    let (res, vec) = (res.as_mut_ptr(), vec.as_ptr());
    // SAFETY: res and vec hold n values (vec sliced above) and do not overlap (res is borrowed
    // exclusively); every access below is at an index below n by the loop conditions; the crate
    // is compiled with AVX, so every CPU it runs on has it
    unsafe {
        let s = _mm256_set1_pd(scl);
        let step4 = |i: usize| {
            let r = _mm256_add_pd(_mm256_loadu_pd(res.add(i)), _mm256_mul_pd(_mm256_loadu_pd(vec.add(i)), s));
            _mm256_storeu_pd(res.add(i), r);
        };
        // rows here are mostly short: at most one pass of each width after the blocks of eight
        let mut i = 0;
        while i + 8 <= n {
            step4(i);
            step4(i + 4);
            i += 8;
        }
        if i + 4 <= n {
            step4(i);
            i += 4;
        }
        if i + 2 <= n {
            let s = _mm256_castpd256_pd128(s);
            let r = _mm_add_pd(_mm_loadu_pd(res.add(i)), _mm_mul_pd(_mm_loadu_pd(vec.add(i)), s));
            _mm_storeu_pd(res.add(i), r);
            i += 2;
        }
        if i < n {
            *res.add(i) += *vec.add(i) * scl;
        }
    }
}

/// Elementwise `res[k] = f(a[k], b[k])` for k < res.len(), where a missing `a` or `b` stands for
/// `res` itself (its value before the store): blocks of eight, then at most one block of four, a
/// pair and one element, with the same operation at every width (so the numbers do not depend
/// on the width). The operations are AVX intrinsics written in the callers' unsafe blocks.
#[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
#[inline(always)]
fn zip_avx(
    res: &mut [f64],
    a: Option<&[f64]>,
    b: Option<&[f64]>,
    f4: impl Fn(core::arch::x86_64::__m256d, core::arch::x86_64::__m256d) -> core::arch::x86_64::__m256d,
    f2: impl Fn(core::arch::x86_64::__m128d, core::arch::x86_64::__m128d) -> core::arch::x86_64::__m128d,
    f1: impl Fn(f64, f64) -> f64,
) {
    use core::arch::x86_64::*;
    let n = res.len();
    let res = res.as_mut_ptr();
    let a = a.map_or(res as *const f64, |a| a[..n].as_ptr());
    let b = b.map_or(res as *const f64, |b| b[..n].as_ptr());
    // SAFETY: res, a and b hold n values (a and b sliced above, or res itself), and every access
    // below is at an index below n by the loop conditions; a given a or b is a shared borrow, so
    // it does not overlap the exclusively borrowed res; the crate is compiled with AVX, so every
    // CPU it runs on has it
    unsafe {
        let step4 = |i: usize| _mm256_storeu_pd(res.add(i), f4(_mm256_loadu_pd(a.add(i)), _mm256_loadu_pd(b.add(i))));
        let mut i = 0;
        while i + 8 <= n {
            step4(i);
            step4(i + 4);
            i += 8;
        }
        if i + 4 <= n {
            step4(i);
            i += 4;
        }
        if i + 2 <= n {
            _mm_storeu_pd(res.add(i), f2(_mm_loadu_pd(a.add(i)), _mm_loadu_pd(b.add(i))));
            i += 2;
        }
        if i < n {
            *res.add(i) = f1(*a.add(i), *b.add(i));
        }
    }
}

/// res = a + b * scl
#[inline]
pub fn add_scl(res: &mut [f64], a: &[f64], b: &[f64], scl: f64) {
    let n = res.len();
    let (a, b) = (&a[..n], &b[..n]);
    for ((r, &x), &y) in res.iter_mut().zip(a).zip(b) {
        *r = x + y * scl;
    }
}

/// Dot product of `a` with the first a.len() elements of `b`.
///
/// Blocks of four accumulate in four lanes that are combined as (l0 + l2) + (l1 + l3), then the
/// remaining one to three products are added: the order of upstream's AVX kernel.
#[inline]
pub fn dot(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len();
    let b = &b[..n];
    #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
    {
        super::lanes::Lanes::dot(super::lanes::Avx::COMPILED, a, b)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
    {
        let nb = n / 4 * 4;
        let mut res = 0.0;
        if nb > 0 {
            let mut l = [a[0] * b[0], a[1] * b[1], a[2] * b[2], a[3] * b[3]];
            for (x, y) in a[4..nb].chunks_exact(4).zip(b[4..nb].chunks_exact(4)) {
                l[0] += x[0] * y[0];
                l[1] += x[1] * y[1];
                l[2] += x[2] * y[2];
                l[3] += x[3] * y[3];
            }
            res = (l[0] + l[2]) + (l[1] + l[3]);
        }
        let (x, y) = (&a[nb..], &b[nb..]);
        match x.len() {
            3 => res += x[0] * y[0] + x[1] * y[1] + x[2] * y[2],
            2 => res += x[0] * y[0] + x[1] * y[1],
            1 => res += x[0] * y[0],
            _ => {}
        }
        res
    }
}

/// [`dot`] of two 6-vectors (spatial vectors), same numbers: ((p0 + p2) + (p1 + p3)) + (p4 + p5).
#[inline(always)]
pub fn dot6(a: &[f64; 6], b: &[f64; 6]) -> f64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
    // SAFETY: both arrays hold 6 elements; AVX is enabled at compile time
    unsafe {
        use core::arch::x86_64::*;
        let p = _mm256_mul_pd(_mm256_loadu_pd(a.as_ptr()), _mm256_loadu_pd(b.as_ptr()));
        let pair = _mm_add_pd(_mm256_castpd256_pd128(p), _mm256_extractf128_pd::<1>(p));
        let head = _mm_cvtsd_f64(_mm_add_sd(pair, _mm_unpackhi_pd(pair, pair)));
        head + (a[4] * b[4] + a[5] * b[5])
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
    {
        let l = [a[0] * b[0], a[1] * b[1], a[2] * b[2], a[3] * b[3]];
        ((l[0] + l[2]) + (l[1] + l[3])) + (a[4] * b[4] + a[5] * b[5])
    }
}

/// Four [`dot6`] products at once with the same numbers: lane k is `dot6(a[k], b[k])` (the
/// lane sums are formed side by side instead of one row at a time).
#[inline(always)]
pub fn dot6x4(a: [&[f64; 6]; 4], b: [&[f64; 6]; 4]) -> [f64; 4] {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
    // SAFETY: every row holds 6 elements; AVX is enabled at compile time
    unsafe {
        use core::arch::x86_64::*;
        let head = |k: usize| _mm256_mul_pd(_mm256_loadu_pd(a[k].as_ptr()), _mm256_loadu_pd(b[k].as_ptr()));
        let tail = |k: usize| _mm_mul_pd(_mm_loadu_pd(a[k].as_ptr().add(4)), _mm_loadu_pd(b[k].as_ptr().add(4)));
        let (p0, p1, p2, p3) = (head(0), head(1), head(2), head(3));
        // (x0 + x2, x1 + x3) of rows 0 and 2 in one register, of rows 1 and 3 in the other
        let s02 = _mm256_add_pd(_mm256_permute2f128_pd::<0x20>(p0, p2), _mm256_permute2f128_pd::<0x31>(p0, p2));
        let s13 = _mm256_add_pd(_mm256_permute2f128_pd::<0x20>(p1, p3), _mm256_permute2f128_pd::<0x31>(p1, p3));
        let heads = _mm256_hadd_pd(s02, s13);
        let t02 = _mm256_set_m128d(tail(2), tail(0));
        let t13 = _mm256_set_m128d(tail(3), tail(1));
        let tails = _mm256_hadd_pd(t02, t13);
        let mut r = [0.0; 4];
        _mm256_storeu_pd(r.as_mut_ptr(), _mm256_add_pd(heads, tails));
        r
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
    [dot6(a[0], b[0]), dot6(a[1], b[1]), dot6(a[2], b[2]), dot6(a[3], b[3])]
}

/// Two [`dot6`] products at once with the same numbers.
#[inline(always)]
pub fn dot6x2(a: [&[f64; 6]; 2], b: [&[f64; 6]; 2]) -> [f64; 2] {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
    // SAFETY: every row holds 6 elements; AVX is enabled at compile time
    unsafe {
        use core::arch::x86_64::*;
        let pair = |k: usize| {
            let p = _mm256_mul_pd(_mm256_loadu_pd(a[k].as_ptr()), _mm256_loadu_pd(b[k].as_ptr()));
            _mm_add_pd(_mm256_castpd256_pd128(p), _mm256_extractf128_pd::<1>(p))
        };
        let tail = |k: usize| _mm_mul_pd(_mm_loadu_pd(a[k].as_ptr().add(4)), _mm_loadu_pd(b[k].as_ptr().add(4)));
        let heads = _mm_hadd_pd(pair(0), pair(1));
        let tails = _mm_hadd_pd(tail(0), tail(1));
        let mut r = [0.0; 2];
        _mm_storeu_pd(r.as_mut_ptr(), _mm_add_pd(heads, tails));
        r
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
    [dot6(a[0], b[0]), dot6(a[1], b[1])]
}

/// Euclidean length.
#[inline]
pub fn norm(vec: &[f64]) -> f64 {
    dot(vec, vec).sqrt()
}

/// Normalizes in place and returns the length before; below mjMINVAL the vector becomes
/// (1, 0, ..., 0). An empty vector is left alone (returns 0).
#[inline]
pub fn normalize(vec: &mut [f64]) -> f64 {
    let norm = dot(vec, vec).sqrt();
    if vec.is_empty() {
        return norm;
    }
    if norm < mjMINVAL {
        vec.fill(0.0);
        vec[0] = 1.0;
    } else {
        let inv = 1.0 / norm;
        for v in vec.iter_mut() {
            *v *= inv;
        }
    }
    norm
}

//------------------------------ matrix-vector -----------------------------------------------------

/// res = mat * vec, mat nr x nc (res: nr, vec: nc)
pub fn mul_mat_vec(res: &mut [f64], mat: &[f64], vec: &[f64], nr: usize, nc: usize) {
    let (res, mat, vec) = (&mut res[..nr], &mat[..nr * nc], &vec[..nc]);
    if nc == 0 {
        res.fill(0.0);
        return;
    }
    for (out, row) in res.iter_mut().zip(mat.chunks_exact(nc)) {
        *out = dot(row, vec);
    }
}

/// res = mat' * vec, mat nr x nc (res: nc, vec: nr); rows whose vec entry is 0 are skipped.
pub fn mul_mat_t_vec(res: &mut [f64], mat: &[f64], vec: &[f64], nr: usize, nc: usize) {
    let (res, mat, vec) = (&mut res[..nc], &mat[..nr * nc], &vec[..nr]);
    res.fill(0.0);
    if nc == 0 {
        return;
    }
    for (row, &v) in mat.chunks_exact(nc).zip(vec) {
        if v != 0.0 {
            add_to_scl(res, row, v);
        }
    }
}

/// vec1' * mat * vec2 for a square n x n matrix (n = vec1.len()).
pub fn mul_vec_mat_vec(vec1: &[f64], mat: &[f64], vec2: &[f64]) -> f64 {
    let n = vec1.len();
    let (mat, vec2) = (&mat[..n * n], &vec2[..n]);
    let mut res = 0.0;
    for (i, &v) in vec1.iter().enumerate() {
        res += v * dot(&mat[i * n..i * n + n], vec2);
    }
    res
}

//------------------------------ matrices ----------------------------------------------------------

/// res (nc x nr) = mat' (mat nr x nc)
pub fn transpose(res: &mut [f64], mat: &[f64], nr: usize, nc: usize) {
    let (res, mat) = (&mut res[..nr * nc], &mat[..nr * nc]);
    for i in 0..nr {
        let row = &mat[i * nc..i * nc + nc];
        for (j, &v) in row.iter().enumerate() {
            // SAFETY: j * nr + i < nc * nr, the length of res
            unsafe { *res.get_unchecked_mut(j * nr + i) = v };
        }
    }
}

/// res = (mat + mat') / 2 for n x n matrices.
pub fn symmetrize(res: &mut [f64], mat: &[f64], n: usize) {
    let (res, mat) = (&mut res[..n * n], &mat[..n * n]);
    for i in 0..n {
        res[i * (n + 1)] = mat[i * (n + 1)];
        for j in 0..i {
            let v = 0.5 * (mat[i * n + j] + mat[j * n + i]);
            res[j * n + i] = v;
            res[i * n + j] = v;
        }
    }
}

/// mat = (mat + mat') / 2 in place (same numbers as `symmetrize`).
pub fn symmetrize_inplace(mat: &mut [f64], n: usize) {
    let mat = &mut mat[..n * n];
    for i in 0..n {
        for j in 0..i {
            let v = 0.5 * (mat[i * n + j] + mat[j * n + i]);
            mat[j * n + i] = v;
            mat[i * n + j] = v;
        }
    }
}

/// n x n identity.
pub fn eye(mat: &mut [f64], n: usize) {
    let mat = &mut mat[..n * n];
    mat.fill(0.0);
    for i in 0..n {
        mat[i * (n + 1)] = 1.0;
    }
}

//------------------------------ matrix-matrix -----------------------------------------------------

/// res (r1 x c2) = mat1 (r1 x c1) * mat2 (c1 x c2); zeros of mat1 are skipped.
pub fn mul_mat_mat(res: &mut [f64], mat1: &[f64], mat2: &[f64], r1: usize, c1: usize, c2: usize) {
    let (res, mat1, mat2) = (&mut res[..r1 * c2], &mat1[..r1 * c1], &mat2[..c1 * c2]);
    res.fill(0.0);
    for i in 0..r1 {
        let row = &mut res[i * c2..i * c2 + c2];
        for k in 0..c1 {
            let t = mat1[i * c1 + k];
            if t != 0.0 {
                add_to_scl(row, &mat2[k * c2..k * c2 + c2], t);
            }
        }
    }
}

/// res (r1 x r2) = mat1 (r1 x c1) * mat2' (mat2 r2 x c1)
pub fn mul_mat_mat_t(res: &mut [f64], mat1: &[f64], mat2: &[f64], r1: usize, c1: usize, r2: usize) {
    let (res, mat1, mat2) = (&mut res[..r1 * r2], &mat1[..r1 * c1], &mat2[..r2 * c1]);
    for i in 0..r1 {
        let a = &mat1[i * c1..i * c1 + c1];
        for j in 0..r2 {
            res[i * r2 + j] = dot(a, &mat2[j * c1..j * c1 + c1]);
        }
    }
}

/// res (c1 x c2) = mat1' (mat1 r1 x c1) * mat2 (r1 x c2); zeros of mat1 are skipped.
pub fn mul_mat_t_mat(res: &mut [f64], mat1: &[f64], mat2: &[f64], r1: usize, c1: usize, c2: usize) {
    let (res, mat1, mat2) = (&mut res[..c1 * c2], &mat1[..r1 * c1], &mat2[..r1 * c2]);
    res.fill(0.0);
    for i in 0..r1 {
        let src = &mat2[i * c2..i * c2 + c2];
        for j in 0..c1 {
            let t = mat1[i * c1 + j];
            if t != 0.0 {
                add_to_scl(&mut res[j * c2..j * c2 + c2], src, t);
            }
        }
    }
}

/// res (nc x nc) = mat' * diag * mat (mat nr x nc; no diag: mat' * mat). Only the lower triangle
/// is accumulated; `upper` then mirrors it into the upper triangle (otherwise that stays 0).
pub fn sqr_mat_td_impl(res: &mut [f64], mat: &[f64], diag: Option<&[f64]>, nr: usize, nc: usize, upper: bool) {
    let (res, mat) = (&mut res[..nc * nc], &mat[..nr * nc]);
    res.fill(0.0);
    match diag {
        Some(diag) => {
            let diag = &diag[..nr];
            for j in 0..nr {
                let d = diag[j];
                if d == 0.0 {
                    continue;
                }
                let row = &mat[j * nc..j * nc + nc];
                for i in 0..nc {
                    let t = row[i];
                    if t != 0.0 {
                        add_to_scl(&mut res[i * nc..i * nc + i + 1], &row[..i + 1], t * d);
                    }
                }
            }
        }
        None => {
            for i in 0..nc {
                for j in 0..nr {
                    // SAFETY: j * nc + i < nr * nc, the length of mat
                    let t = unsafe { *mat.get_unchecked(j * nc + i) };
                    if t != 0.0 {
                        add_to_scl(&mut res[i * nc..i * nc + i + 1], &mat[j * nc..j * nc + i + 1], t);
                    }
                }
            }
        }
    }
    if upper {
        for i in 0..nc {
            for j in i + 1..nc {
                // SAFETY: i, j < nc and res holds nc * nc numbers
                unsafe { *res.get_unchecked_mut(i * nc + j) = *res.get_unchecked(j * nc + i) };
            }
        }
    }
}

/// res (nc x nc) = mat' * diag * mat, or mat' * mat without diag (full symmetric result).
#[inline]
pub fn sqr_mat_td(res: &mut [f64], mat: &[f64], diag: Option<&[f64]>, nr: usize, nc: usize) {
    sqr_mat_td_impl(res, mat, diag, nr, nc, true)
}

/// Block-diagonalizes a dense matrix: block b (`block_nr[b] x block_nc[b]`) is filled row by row,
/// contiguously from `res[nc_res * block_r[b]]`, with
/// `mat[nc_mat * perm_r[block_r[b] + r] + perm_c[block_c[b] + c]]`. Panics on a negative or out-of-range index.
#[allow(clippy::too_many_arguments)]
pub fn block_diag(
    res: &mut [f64],
    mat: &[f64],
    nc_mat: usize,
    nc_res: usize,
    perm_r: &[i32],
    perm_c: &[i32],
    block_nr: &[i32],
    block_nc: &[i32],
    block_r: &[i32],
    block_c: &[i32],
) {
    let nb = block_nr.len();
    let (block_nc, block_r, block_c) = (&block_nc[..nb], &block_r[..nb], &block_c[..nb]);
    for b in 0..nb {
        let (bnr, bnc) = (count(block_nr[b]), count(block_nc[b]));
        if bnr == 0 || bnc == 0 {
            continue;
        }
        let (r0, c0) = (idx(block_r[b]), idx(block_c[b]));
        let (rows, cols) = (&perm_r[r0..r0 + bnr], &perm_c[c0..c0 + bnc]);
        let out = &mut res[nc_res * r0..nc_res * r0 + bnr * bnc];
        // columns checked once per block: a negative one wraps to a huge index and fails
        let last_col = cols.iter().fold(0u32, |a, &c| a.max(c as u32)) as usize;
        for (&row, dst) in rows.iter().zip(out.chunks_exact_mut(bnc)) {
            let src = &mat[nc_mat * idx(row)..];
            assert!(last_col < src.len(), "block_diag: column out of range");
            for (o, &col) in dst.iter_mut().zip(cols) {
                // SAFETY: every column is at most last_col, below src.len() (checked above)
                *o = unsafe { *src.get_unchecked(col as u32 as usize) };
            }
        }
    }
}

/// Sizes (res, mat, perm_r, perm_c) that `block_diag` reads and writes, None when an index or
/// block start is negative.
#[allow(clippy::too_many_arguments)]
pub fn block_diag_extent(
    nc_mat: usize,
    nc_res: usize,
    perm_r: impl Fn(usize) -> i32,
    perm_c: impl Fn(usize) -> i32,
    block_nr: &[i32],
    block_nc: &[i32],
    block_r: &[i32],
    block_c: &[i32],
) -> Option<(usize, usize, usize, usize)> {
    let (mut nres, mut nmat, mut npr, mut npc) = (0usize, 0usize, 0usize, 0usize);
    for b in 0..block_nr.len() {
        let (bnr, bnc) = (count(block_nr[b]), count(block_nc[b]));
        if bnr == 0 || bnc == 0 {
            continue;
        }
        let r0 = usize::try_from(block_r[b]).ok()?;
        let c0 = usize::try_from(block_c[b]).ok()?;
        npr = npr.max(r0 + bnr);
        npc = npc.max(c0 + bnc);
        nres = nres.max(nc_res * r0 + bnr * bnc);
        let mut cmax = 0;
        for c in 0..bnc {
            cmax = cmax.max(usize::try_from(perm_c(c0 + c)).ok()?);
        }
        for r in 0..bnr {
            let row = usize::try_from(perm_r(r0 + r)).ok()?;
            nmat = nmat.max(nc_mat * row + cmax + 1);
        }
    }
    Some((nres, nmat, npr, npc))
}

#[inline]
fn idx(i: i32) -> usize {
    usize::try_from(i).expect("negative index")
}

#[inline]
fn count(n: i32) -> usize {
    n.max(0) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_vectors() {
        let a = [1.0, 2.0, 3.0];
        let b = [4.0, -5.0, 6.0];
        assert_eq!(add3(&a, &b), [5.0, -3.0, 9.0]);
        assert_eq!(sub3(&a, &b), [-3.0, 7.0, -3.0]);
        assert_eq!(dot3(&a, &b), 12.0);
        assert_eq!(dot3_split(&a, &b), 12.0);
        // summed left to right like dot3: (1 + 2e16) - 2e16 is 0, 1 + (2e16 - 2e16) would be 1
        assert_eq!(dot3_split(&[1.0, 1e16, -1e16], &[1.0, 2.0, 2.0]), 0.0);
        assert_eq!(dot3(&[1.0, 1e16, -1e16], &[1.0, 2.0, 2.0]), 0.0);
        // each row summed left to right: rows (1, 1e16, -1e16) give 0, not 1
        let m = [1.0, 2.0, 1.0, 1e16, 3.0, 1e16, -1e16, 5.0, -1e16];
        let v = [1.0, 2.0, 2.0];
        assert_eq!(mul_mat_t_vec3_split(&m, &v), mul_mat_t_vec3(&m, &v));
        assert_eq!(mul_mat_vec3_split(&m, &v), mul_mat_vec3(&m, &v));
        let rows = [1.0, 1e16, -1e16, 1.0, 1e16, -1e16, 1.0, 1e16, -1e16];
        assert_eq!(mul_mat_vec3_split(&rows, &v), [0.0; 3]);
        assert_eq!(mul_mat_t_vec3_split(&m, &v), [0.0, 2.0 + 6.0 + 10.0, 0.0]);
        assert_eq!(add_scl3(&a, &b, 2.0), [9.0, -8.0, 15.0]);
        assert_eq!(dist3(&[0.0, 3.0, 0.0], &[4.0, 0.0, 0.0]), 5.0);
        let mut v = [0.0, 3.0, 4.0];
        assert_eq!(normalize3(&mut v), 5.0);
        assert_eq!(v, [0.0, 3.0 * 0.2, 4.0 * 0.2]);
        let mut z = [0.0; 3];
        assert_eq!(normalize3(&mut z), 0.0);
        assert_eq!(z, [1.0, 0.0, 0.0]);
        let mut q = [0.0, 0.0, 2.0, 0.0];
        assert_eq!(normalize4(&mut q), 2.0);
        assert_eq!(q, [0.0, 0.0, 1.0, 0.0]);
        assert!(equal3(&a, &[1.0, 2.0, 3.0 + 1e-16]));
        assert!(!equal3(&a, &[1.0, 2.0, 3.0 + 1e-9]));
    }

    #[test]
    fn matrices3() {
        // rotation by 90 degrees about z
        let r = [0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0];
        assert_eq!(mul_mat_vec3(&r, &[1.0, 0.0, 0.0]), [0.0, 1.0, 0.0]);
        assert_eq!(mul_mat_t_vec3(&r, &[0.0, 1.0, 0.0]), [1.0, 0.0, 0.0]);
        let id = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
        assert_eq!(mul_mat_t_mat3(&r, &r), id);
        assert_eq!(mul_mat_mat_t3(&r, &r), id);
        // four quarter turns
        let r2 = mul_mat_mat3(&r, &r);
        assert_eq!(mul_mat_mat3(&r2, &r2), id);
    }

    #[test]
    fn vectors() {
        let a: Vec<f64> = (1..=7).map(f64::from).collect();
        assert_eq!(dot(&a, &a), 140.0);
        assert_eq!(sum(&a), 28.0);
        assert_eq!(l1(&[-1.0, 2.0, -3.0]), 6.0);
        assert_eq!(dot(&[], &[]), 0.0);
        let (x, y) = ([0.1, -2.3, 1e-3, 7.7, 3.3, -0.9], [1.9, 0.4, -5.5, 1e5, 2.2, 0.3]);
        assert_eq!(dot6(&x, &y).to_bits(), dot(&x, &y).to_bits());
        let rows: Vec<[f64; 6]> = (0..8)
            .map(|r| core::array::from_fn(|k| ((r * 7 + k * 13) % 11) as f64 / 3.0 - 1.7 + 1e-9 * r as f64))
            .collect();
        let four = dot6x4([&rows[0], &rows[1], &rows[2], &rows[3]], [&rows[4], &rows[5], &rows[6], &rows[7]]);
        let two = dot6x2([&rows[1], &rows[6]], [&rows[3], &rows[0]]);
        for k in 0..4 {
            assert_eq!(four[k].to_bits(), dot(&rows[k], &rows[k + 4]).to_bits());
        }
        assert_eq!(two[0].to_bits(), dot(&rows[1], &rows[3]).to_bits());
        assert_eq!(two[1].to_bits(), dot(&rows[6], &rows[0]).to_bits());
        // elementwise kernels at every length up to two blocks of eight and a remainder
        let b: Vec<f64> = (0..19).map(|k| 0.7 * k as f64 - 2.1).collect();
        let c: Vec<f64> = (0..19).map(|k| 1.3 / (k as f64 + 0.5)).collect();
        let mut r = [1.0; 19];
        for n in 0..=19 {
            let mut want = [1.0; 19];
            for k in 0..n {
                want[k] += c[k] * 0.3;
            }
            r.fill(1.0);
            add_to_scl(&mut r[..n], &c, 0.3);
            assert_eq!(r, want, "{n}");
        }
        for n in 0..=19 {
            let mut r = vec![9.0; n];
            add(&mut r, &b, &c);
            assert!(r.iter().enumerate().all(|(k, &v)| v == b[k] + c[k]));
            sub(&mut r, &b, &c);
            assert!(r.iter().enumerate().all(|(k, &v)| v == b[k] - c[k]));
            add_to(&mut r, &c);
            assert!(r.iter().enumerate().all(|(k, &v)| v == (b[k] - c[k]) + c[k]));
            scl(&mut r, &b, 0.3);
            assert!(r.iter().enumerate().all(|(k, &v)| v == b[k] * 0.3));
            scl_inplace(&mut r, -1.7);
            assert!(r.iter().enumerate().all(|(k, &v)| v == (b[k] * 0.3) * -1.7));
        }
        let mut v = [3.0, 4.0];
        assert_eq!(normalize(&mut v), 5.0);
        assert_eq!(v, [3.0 * 0.2, 4.0 * 0.2]);
        let mut r = [0.0; 3];
        add_scl(&mut r, &[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0], -1.0);
        assert_eq!(r, [0.0, -1.0, -2.0]);
    }

    #[test]
    fn products() {
        // A (2x3), B (3x2)
        let a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let b = [7.0, 8.0, 9.0, 10.0, 11.0, 12.0];
        let mut r = [0.0; 4];
        mul_mat_mat(&mut r, &a, &b, 2, 3, 2);
        assert_eq!(r, [58.0, 64.0, 139.0, 154.0]);
        let mut bt = [0.0; 6];
        transpose(&mut bt, &b, 3, 2);
        mul_mat_mat_t(&mut r, &a, &bt, 2, 3, 2);
        assert_eq!(r, [58.0, 64.0, 139.0, 154.0]);
        let mut at = [0.0; 6];
        transpose(&mut at, &a, 2, 3);
        mul_mat_t_mat(&mut r, &at, &b, 3, 2, 2);
        assert_eq!(r, [58.0, 64.0, 139.0, 154.0]);
        let mut y = [0.0; 2];
        mul_mat_vec(&mut y, &a, &[1.0, 1.0, 1.0], 2, 3);
        assert_eq!(y, [6.0, 15.0]);
        let mut z = [0.0; 3];
        mul_mat_t_vec(&mut z, &a, &[1.0, -1.0], 2, 3);
        assert_eq!(z, [-3.0, -3.0, -3.0]);
        // a' * a and a' * diag(2, 1) * a
        let mut s = [0.0; 9];
        sqr_mat_td(&mut s, &a, None, 2, 3);
        assert_eq!(s, [17.0, 22.0, 27.0, 22.0, 29.0, 36.0, 27.0, 36.0, 45.0]);
        sqr_mat_td(&mut s, &a, Some(&[2.0, 1.0]), 2, 3);
        assert_eq!(s, [18.0, 24.0, 30.0, 24.0, 33.0, 42.0, 30.0, 42.0, 54.0]);
        let m = [1.0, 2.0, 4.0, 3.0];
        assert_eq!(mul_vec_mat_vec(&[1.0, 1.0], &m, &[1.0, 0.0]), 5.0);
        let mut sym = [0.0; 4];
        symmetrize(&mut sym, &m, 2);
        assert_eq!(sym, [1.0, 3.0, 3.0, 3.0]);
        let mut m2 = m;
        symmetrize_inplace(&mut m2, 2);
        assert_eq!(m2, sym);
        let mut e = [5.0; 4];
        eye(&mut e, 2);
        assert_eq!(e, [1.0, 0.0, 0.0, 1.0]);
    }

    #[test]
    fn block_diagonal() {
        // 3x3 matrix, blocks {row 2, cols 0..2} and {rows 0..1, col 1}
        let mat = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
        let perm_r = [2, 0, 1];
        let perm_c = [0, 1, 1];
        let (nr, nc, br, bc) = ([1, 2], [2, 1], [0, 1], [0, 2]);
        let ext = block_diag_extent(3, 3, |i| perm_r[i], |i| perm_c[i], &nr, &nc, &br, &bc);
        assert_eq!(ext, Some((5, 8, 3, 3)));
        let mut res = [0.0; 5];
        block_diag(&mut res, &mat, 3, 3, &perm_r, &perm_c, &nr, &nc, &br, &bc);
        assert_eq!(res, [6.0, 7.0, 0.0, 1.0, 4.0]);
    }
}
