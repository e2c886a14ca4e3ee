//! Dense and sparse dot products in upstream's summation order, as a scalar implementation and
//! an AVX one (chosen at run time) that give identical results.
//!
//! Upstream's x86-64 build reduces with 256-bit vectors: four lanes accumulate interleaved
//! products over blocks of four (the first block initializes them), the lanes are reduced as
//! `(s0 + s2) + (s1 + s3)`, and the leftovers are added (dense: as one group, sparse: one at a
//! time). Kernels are written once, generic over [`Lanes`], and instantiated inside a function
//! compiled with AVX enabled so that the vector dot products inline into their loops.

/// A dot-product implementation. All implementations return bit-identical results.
pub trait Lanes {
    /// `sum a[k]*b[k]` for k < n.
    ///
    /// # Safety
    /// `a` and `b` must be valid for `n` reads; the implementation's CPU feature must be present.
    unsafe fn dot(a: *const f64, b: *const f64, n: usize) -> f64;

    /// `sum vals[k]*gather(ind[k])` for k < n.
    ///
    /// # Safety
    /// `vals` and `ind` must be valid for `n` reads; the implementation's CPU feature must be
    /// present.
    unsafe fn dot_sparse<G: Fn(usize) -> f64>(vals: *const f64, ind: *const i32, n: usize, gather: &G) -> f64;

    /// Two sparse rows (own patterns) dotted with the same gathered vector, interleaved for
    /// instruction-level parallelism; each result equals [`Lanes::dot_sparse`]'s.
    ///
    /// # Safety
    /// As [`Lanes::dot_sparse`], for both rows.
    #[allow(clippy::too_many_arguments)]
    unsafe fn dot_sparse_x2<G: Fn(usize) -> f64>(
        v0: *const f64,
        i0: *const i32,
        n0: usize,
        v1: *const f64,
        i1: *const i32,
        n1: usize,
        gather: &G,
    ) -> [f64; 2];

    /// Three sparse rows with the common pattern `ind`, dotted with the same gathered vector.
    ///
    /// # Safety
    /// As [`Lanes::dot_sparse`], for each of `v0`, `v1`, `v2`.
    unsafe fn dot_sparse_x3<G: Fn(usize) -> f64>(
        v0: *const f64,
        v1: *const f64,
        v2: *const f64,
        ind: *const i32,
        n: usize,
        gather: &G,
    ) -> [f64; 3];
}

/// Portable implementation (four scalar accumulators).
pub struct Scalar;

impl Lanes for Scalar {
    #[inline(always)]
    unsafe fn dot(a: *const f64, b: *const f64, n: usize) -> f64 {
        let mut res = 0.0;
        let mut i = 0;
        if n >= 4 {
            let mut s = [*a * *b, *a.add(1) * *b.add(1), *a.add(2) * *b.add(2), *a.add(3) * *b.add(3)];
            i = 4;
            while i <= n - 4 {
                for (k, sk) in s.iter_mut().enumerate() {
                    *sk += *a.add(i + k) * *b.add(i + k);
                }
                i += 4;
            }
            res = (s[0] + s[2]) + (s[1] + s[3]);
        }
        add_tail(res, a.add(i), b.add(i), n - i)
    }

    #[inline(always)]
    unsafe fn dot_sparse<G: Fn(usize) -> f64>(vals: *const f64, ind: *const i32, n: usize, gather: &G) -> f64 {
        let g = |k: usize| gather(*ind.add(k) as usize);
        let mut res = 0.0;
        let mut i = 0;
        if n >= 4 {
            let mut s = [*vals * g(0), *vals.add(1) * g(1), *vals.add(2) * g(2), *vals.add(3) * g(3)];
            i = 4;
            while i <= n - 4 {
                for (k, sk) in s.iter_mut().enumerate() {
                    *sk += *vals.add(i + k) * g(i + k);
                }
                i += 4;
            }
            res = (s[0] + s[2]) + (s[1] + s[3]);
        }
        while i < n {
            res += *vals.add(i) * g(i);
            i += 1;
        }
        res
    }

    #[inline(always)]
    unsafe fn dot_sparse_x2<G: Fn(usize) -> f64>(
        v0: *const f64,
        i0: *const i32,
        n0: usize,
        v1: *const f64,
        i1: *const i32,
        n1: usize,
        gather: &G,
    ) -> [f64; 2] {
        [Self::dot_sparse(v0, i0, n0, gather), Self::dot_sparse(v1, i1, n1, gather)]
    }

    #[inline(always)]
    unsafe fn dot_sparse_x3<G: Fn(usize) -> f64>(
        v0: *const f64,
        v1: *const f64,
        v2: *const f64,
        ind: *const i32,
        n: usize,
        gather: &G,
    ) -> [f64; 3] {
        [
            Self::dot_sparse(v0, ind, n, gather),
            Self::dot_sparse(v1, ind, n, gather),
            Self::dot_sparse(v2, ind, n, gather),
        ]
    }
}

/// Adds the 0 to 3 leftover products of a dense dot product to `res` as one group.
#[inline(always)]
unsafe fn add_tail(res: f64, a: *const f64, b: *const f64, m: usize) -> f64 {
    // scalar loads only: a vector load across elements stored one at a time just before (as in
    // triangular solves, where b is the solution being built) stalls on store forwarding
    let ld = |p: *const f64| core::ptr::read_volatile(p);
    match m {
        3 => res + (ld(a) * ld(b) + ld(a.add(1)) * ld(b.add(1)) + ld(a.add(2)) * ld(b.add(2))),
        2 => res + (ld(a) * ld(b) + ld(a.add(1)) * ld(b.add(1))),
        1 => res + ld(a) * ld(b),
        _ => res,
    }
}

/// Whether the CPU supports AVX (cached by the standard library after the first query).
#[inline]
pub fn has_avx() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[cfg(target_arch = "x86_64")]
pub use avx::Avx;

/// Dot product of `n` values at `a` and `b` in upstream's order, with the widest kernel the
/// crate is built for.
///
/// # Safety
/// `a` and `b` must be valid for `n` reads.
#[inline(always)]
pub unsafe fn dot_raw(a: *const f64, b: *const f64, n: usize) -> f64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
    {
        <Avx as Lanes>::dot(a, b, n)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
    {
        <Scalar as Lanes>::dot(a, b, n)
    }
}

#[cfg(target_arch = "x86_64")]
mod avx {
    use super::{add_tail, Lanes};
    use core::arch::x86_64::*;

    /// AVX implementation; use only after [`super::has_avx`] returned true.
    pub struct Avx;

    #[target_feature(enable = "avx")]
    #[inline]
    unsafe fn reduce(sum: __m256d) -> f64 {
        let lo = _mm256_castpd256_pd128(sum);
        let hi = _mm256_extractf128_pd::<1>(sum);
        let pair = _mm_add_pd(lo, hi);
        _mm_cvtsd_f64(_mm_add_sd(pair, _mm_unpackhi_pd(pair, pair)))
    }

    #[target_feature(enable = "avx")]
    #[inline]
    unsafe fn dot(a: *const f64, b: *const f64, n: usize) -> f64 {
        let mut res = 0.0;
        let mut i = 0;
        if n >= 4 {
            let mut sum = _mm256_mul_pd(_mm256_loadu_pd(a), _mm256_loadu_pd(b));
            i = 4;
            while i <= n - 4 {
                sum = _mm256_add_pd(sum, _mm256_mul_pd(_mm256_loadu_pd(a.add(i)), _mm256_loadu_pd(b.add(i))));
                i += 4;
            }
            res = reduce(sum);
        }
        add_tail(res, a.add(i), b.add(i), n - i)
    }

    #[target_feature(enable = "avx")]
    #[inline]
    unsafe fn gather4<G: Fn(usize) -> f64>(ind: *const i32, gather: &G) -> __m256d {
        _mm256_set_pd(
            gather(*ind.add(3) as usize),
            gather(*ind.add(2) as usize),
            gather(*ind.add(1) as usize),
            gather(*ind as usize),
        )
    }

    #[target_feature(enable = "avx")]
    #[inline]
    unsafe fn dot_sparse<G: Fn(usize) -> f64>(vals: *const f64, ind: *const i32, n: usize, gather: &G) -> f64 {
        let mut res = 0.0;
        let mut i = 0;
        if n >= 4 {
            let mut sum = _mm256_mul_pd(_mm256_loadu_pd(vals), gather4(ind, gather));
            i = 4;
            while i <= n - 4 {
                sum = _mm256_add_pd(sum, _mm256_mul_pd(_mm256_loadu_pd(vals.add(i)), gather4(ind.add(i), gather)));
                i += 4;
            }
            res = reduce(sum);
        }
        while i < n {
            res += *vals.add(i) * gather(*ind.add(i) as usize);
            i += 1;
        }
        res
    }

    /// Adds blocks of four products from `k` on while at least four remain; returns the next
    /// index.
    #[target_feature(enable = "avx")]
    #[inline]
    unsafe fn blocks<G: Fn(usize) -> f64>(
        sum: &mut __m256d,
        vals: *const f64,
        ind: *const i32,
        n: usize,
        mut k: usize,
        gather: &G,
    ) -> usize {
        while k <= n - 4 {
            *sum = _mm256_add_pd(*sum, _mm256_mul_pd(_mm256_loadu_pd(vals.add(k)), gather4(ind.add(k), gather)));
            k += 4;
        }
        k
    }

    #[target_feature(enable = "avx")]
    #[inline]
    #[allow(clippy::too_many_arguments)]
    unsafe fn dot_sparse_x2<G: Fn(usize) -> f64>(
        v0: *const f64,
        i0: *const i32,
        n0: usize,
        v1: *const f64,
        i1: *const i32,
        n1: usize,
        gather: &G,
    ) -> [f64; 2] {
        let mut out = [0.0; 2];
        let (mut a, mut b) = (0, 0);
        if n0 >= 4 && n1 >= 4 {
            let mut s0 = _mm256_mul_pd(_mm256_loadu_pd(v0), gather4(i0, gather));
            let mut s1 = _mm256_mul_pd(_mm256_loadu_pd(v1), gather4(i1, gather));
            // blocks both rows have, in lockstep
            let last = n0.min(n1) - 4;
            let mut k = 4;
            while k <= last {
                s0 = _mm256_add_pd(s0, _mm256_mul_pd(_mm256_loadu_pd(v0.add(k)), gather4(i0.add(k), gather)));
                s1 = _mm256_add_pd(s1, _mm256_mul_pd(_mm256_loadu_pd(v1.add(k)), gather4(i1.add(k), gather)));
                k += 4;
            }
            a = blocks(&mut s0, v0, i0, n0, k, gather);
            b = blocks(&mut s1, v1, i1, n1, k, gather);
            out = [reduce(s0), reduce(s1)];
        } else {
            if n0 >= 4 {
                let mut s0 = _mm256_mul_pd(_mm256_loadu_pd(v0), gather4(i0, gather));
                a = blocks(&mut s0, v0, i0, n0, 4, gather);
                out[0] = reduce(s0);
            }
            if n1 >= 4 {
                let mut s1 = _mm256_mul_pd(_mm256_loadu_pd(v1), gather4(i1, gather));
                b = blocks(&mut s1, v1, i1, n1, 4, gather);
                out[1] = reduce(s1);
            }
        }
        while a < n0 {
            out[0] += *v0.add(a) * gather(*i0.add(a) as usize);
            a += 1;
        }
        while b < n1 {
            out[1] += *v1.add(b) * gather(*i1.add(b) as usize);
            b += 1;
        }
        out
    }

    #[target_feature(enable = "avx")]
    #[inline]
    unsafe fn dot_sparse_x3<G: Fn(usize) -> f64>(
        v0: *const f64,
        v1: *const f64,
        v2: *const f64,
        ind: *const i32,
        n: usize,
        gather: &G,
    ) -> [f64; 3] {
        let mut out = [0.0; 3];
        let mut i = 0;
        if n >= 4 {
            let g = gather4(ind, gather);
            let mut s0 = _mm256_mul_pd(_mm256_loadu_pd(v0), g);
            let mut s1 = _mm256_mul_pd(_mm256_loadu_pd(v1), g);
            let mut s2 = _mm256_mul_pd(_mm256_loadu_pd(v2), g);
            i = 4;
            while i <= n - 4 {
                let g = gather4(ind.add(i), gather);
                s0 = _mm256_add_pd(s0, _mm256_mul_pd(_mm256_loadu_pd(v0.add(i)), g));
                s1 = _mm256_add_pd(s1, _mm256_mul_pd(_mm256_loadu_pd(v1.add(i)), g));
                s2 = _mm256_add_pd(s2, _mm256_mul_pd(_mm256_loadu_pd(v2.add(i)), g));
                i += 4;
            }
            out = [reduce(s0), reduce(s1), reduce(s2)];
        }
        while i < n {
            let g = gather(*ind.add(i) as usize);
            out[0] += *v0.add(i) * g;
            out[1] += *v1.add(i) * g;
            out[2] += *v2.add(i) * g;
            i += 1;
        }
        out
    }

    impl Lanes for Avx {
        #[inline(always)]
        unsafe fn dot(a: *const f64, b: *const f64, n: usize) -> f64 {
            dot(a, b, n)
        }

        #[inline(always)]
        unsafe fn dot_sparse<G: Fn(usize) -> f64>(vals: *const f64, ind: *const i32, n: usize, gather: &G) -> f64 {
            dot_sparse(vals, ind, n, gather)
        }

        #[inline(always)]
        unsafe fn dot_sparse_x2<G: Fn(usize) -> f64>(
            v0: *const f64,
            i0: *const i32,
            n0: usize,
            v1: *const f64,
            i1: *const i32,
            n1: usize,
            gather: &G,
        ) -> [f64; 2] {
            dot_sparse_x2(v0, i0, n0, v1, i1, n1, gather)
        }

        #[inline(always)]
        unsafe fn dot_sparse_x3<G: Fn(usize) -> f64>(
            v0: *const f64,
            v1: *const f64,
            v2: *const f64,
            ind: *const i32,
            n: usize,
            gather: &G,
        ) -> [f64; 3] {
            dot_sparse_x3(v0, v1, v2, ind, n, gather)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalar_and_avx_agree_bitwise() {
        let a: Vec<f64> = (0..23).map(|i| ((i * 7919) % 101) as f64 / 7.0 - 3.3).collect();
        let b: Vec<f64> = (0..23).map(|i| ((i * 104729) % 97) as f64 / 3.0 - 5.1).collect();
        let ind: Vec<i32> = (0..23).map(|i| i * 5 % 23).collect();
        for n in 0..23 {
            unsafe {
                let s = Scalar::dot(a.as_ptr(), b.as_ptr(), n);
                let g = |j: usize| b[j];
                let ss = Scalar::dot_sparse(a.as_ptr(), ind.as_ptr(), n, &g);
                #[cfg(target_arch = "x86_64")]
                if has_avx() {
                    assert_eq!(s.to_bits(), Avx::dot(a.as_ptr(), b.as_ptr(), n).to_bits());
                    assert_eq!(ss.to_bits(), Avx::dot_sparse(a.as_ptr(), ind.as_ptr(), n, &g).to_bits());
                    for m in 0..23 {
                        let x2 = Avx::dot_sparse_x2(a.as_ptr(), ind.as_ptr(), n, b.as_ptr(), ind.as_ptr(), m, &g);
                        assert_eq!(x2[0].to_bits(), ss.to_bits());
                        let other = Scalar::dot_sparse(b.as_ptr(), ind.as_ptr(), m, &g);
                        assert_eq!(x2[1].to_bits(), other.to_bits());
                    }
                    let x3 = Avx::dot_sparse_x3(a.as_ptr(), b.as_ptr(), a.as_ptr(), ind.as_ptr(), n, &g);
                    assert_eq!(x3[0].to_bits(), ss.to_bits());
                    assert_eq!(x3[2].to_bits(), ss.to_bits());
                }
                // the sequential definition for short vectors
                if n < 4 {
                    let mut r = 0.0;
                    for k in 0..n {
                        r += a[k] * b[ind[k] as usize];
                    }
                    assert_eq!(r, ss);
                }
            }
        }
    }
}
