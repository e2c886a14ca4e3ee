//! Dense and sparse dot products in upstream's summation order, as a scalar implementation and
//! an AVX one (chosen at run time) that give identical results.
//!
//! Upstream's x86-64 build reduces with 256-bit vectors: four lanes accumulate interleaved
//! products over blocks of four (the first block initializes them), the lanes are reduced as
//! `(s0 + s2) + (s1 + s3)`, and the leftovers are added (dense: as one group, sparse: one at a
//! time). Kernels are written once, generic over [`Lanes`], and instantiated inside a function
//! compiled with AVX enabled so that the vector dot products inline into their loops.
//!
//! An implementation is a value (a zero-sized token): [`Scalar`] always exists, an [`Avx`] only
//! where the CPU was found to support AVX (or the crate is compiled for it), so the safe methods
//! of the trait never run AVX instructions on a CPU without them.

/// A dot-product implementation. All implementations return bit-identical results.
pub trait Lanes: Copy {
    /// `sum a[k]*b[k]` for k < a.len() (`b` holds at least as many values).
    fn dot(self, a: &[f64], b: &[f64]) -> f64;

    /// `sum vals[k]*gather(ind[k])` for k < vals.len() (`ind` holds at least as many).
    fn dot_sparse<G: Fn(usize) -> f64>(self, vals: &[f64], ind: &[i32], gather: &G) -> f64;

    /// Two sparse rows `(values, indices)` (own patterns) dotted with the same gathered vector,
    /// interleaved for instruction-level parallelism; each result equals [`Lanes::dot_sparse`]'s.
    fn dot_sparse_x2<G: Fn(usize) -> f64>(self, r0: (&[f64], &[i32]), r1: (&[f64], &[i32]), gather: &G) -> [f64; 2];

    /// Three sparse rows with the common pattern `ind` (their length), dotted with the same
    /// gathered vector; each result equals [`Lanes::dot_sparse`]'s.
    fn dot_sparse_x3<G: Fn(usize) -> f64>(self, v: [&[f64]; 3], ind: &[i32], gather: &G) -> [f64; 3];
}

/// Portable implementation (four scalar accumulators).
#[derive(Clone, Copy)]
pub struct Scalar;

impl Lanes for Scalar {
    #[inline(always)]
    fn dot(self, a: &[f64], b: &[f64]) -> f64 {
        let n = a.len();
        let b = &b[..n];
        let (ab, _) = a.as_chunks::<4>();
        let (bb, _) = b.as_chunks::<4>();
        let mut res = 0.0;
        if let (Some(a0), Some(b0)) = (ab.first(), bb.first()) {
            let mut s = [a0[0] * b0[0], a0[1] * b0[1], a0[2] * b0[2], a0[3] * b0[3]];
            for (x, y) in ab[1..].iter().zip(&bb[1..]) {
                for k in 0..4 {
                    s[k] += x[k] * y[k];
                }
            }
            res = (s[0] + s[2]) + (s[1] + s[3]);
        }
        let i = ab.len() * 4;
        add_tail(res, &a[i..], &b[i..])
    }

    #[inline(always)]
    fn dot_sparse<G: Fn(usize) -> f64>(self, vals: &[f64], ind: &[i32], gather: &G) -> f64 {
        let ind = &ind[..vals.len()];
        let g = |c: i32| gather(c as usize);
        let (vb, vr) = vals.as_chunks::<4>();
        let (ib, ir) = ind.as_chunks::<4>();
        let mut res = 0.0;
        if let (Some(v0), Some(i0)) = (vb.first(), ib.first()) {
            let mut s = [v0[0] * g(i0[0]), v0[1] * g(i0[1]), v0[2] * g(i0[2]), v0[3] * g(i0[3])];
            for (v, c) in vb[1..].iter().zip(&ib[1..]) {
                for k in 0..4 {
                    s[k] += v[k] * g(c[k]);
                }
            }
            res = (s[0] + s[2]) + (s[1] + s[3]);
        }
        for (&v, &c) in vr.iter().zip(ir) {
            res += v * g(c);
        }
        res
    }

    #[inline(always)]
    fn dot_sparse_x2<G: Fn(usize) -> f64>(self, r0: (&[f64], &[i32]), r1: (&[f64], &[i32]), gather: &G) -> [f64; 2] {
        [self.dot_sparse(r0.0, r0.1, gather), self.dot_sparse(r1.0, r1.1, gather)]
    }

    #[inline(always)]
    fn dot_sparse_x3<G: Fn(usize) -> f64>(self, v: [&[f64]; 3], ind: &[i32], gather: &G) -> [f64; 3] {
        let n = ind.len();
        [
            self.dot_sparse(&v[0][..n], ind, gather),
            self.dot_sparse(&v[1][..n], ind, gather),
            self.dot_sparse(&v[2][..n], ind, gather),
        ]
    }
}

/// Adds the 0 to 3 leftover products `a[k]*b[k]` (k < a.len()) of a dense dot product to `res`
/// as one group.
#[inline(always)]
fn add_tail(res: f64, a: &[f64], b: &[f64]) -> f64 {
    // scalar loads only: a vector load across elements stored one at a time just before (as in
    // triangular solves, where b is the solution being built) stalls on store forwarding
    // SAFETY: the pointer comes from a reference to an f64, so it is valid, aligned and readable
    let ld = |x: &f64| unsafe { core::ptr::read_volatile(x) };
    match (a, b) {
        ([a0, a1, a2], [b0, b1, b2, ..]) => res + (ld(a0) * ld(b0) + ld(a1) * ld(b1) + ld(a2) * ld(b2)),
        ([a0, a1], [b0, b1, ..]) => res + (ld(a0) * ld(b0) + ld(a1) * ld(b1)),
        ([a0], [b0, ..]) => res + ld(a0) * ld(b0),
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

/// Dot product of `a` with the first a.len() values of `b` in upstream's order, with the widest
/// kernel the crate is built for.
#[inline(always)]
pub fn dot_built(a: &[f64], b: &[f64]) -> f64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx"))]
    {
        Avx::COMPILED.dot(a, b)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx")))]
    {
        Scalar.dot(a, b)
    }
}

#[cfg(target_arch = "x86_64")]
mod avx {
    use super::{add_tail, Lanes};
    use core::arch::x86_64::*;

    /// AVX implementation: a value of this type proves that the CPU supports AVX.
    #[derive(Clone, Copy)]
    pub struct Avx {
        _proof: (),
    }

    impl Avx {
        /// The implementation, when the CPU supports AVX.
        #[inline]
        pub fn detect() -> Option<Avx> {
            super::has_avx().then_some(Avx { _proof: () })
        }

        /// The implementation in a crate compiled for AVX (every CPU it runs on has it).
        #[cfg(target_feature = "avx")]
        pub const COMPILED: Avx = Avx { _proof: () };
    }

    /// 256-bit load of four values.
    #[target_feature(enable = "avx")]
    #[inline]
    fn load4(x: &[f64; 4]) -> __m256d {
        // SAFETY: x refers to four f64, exactly what the unaligned load reads
        unsafe { _mm256_loadu_pd(x.as_ptr()) }
    }

    #[target_feature(enable = "avx")]
    #[inline]
    fn reduce(sum: __m256d) -> f64 {
        let lo = _mm256_castpd256_pd128(sum);
        let hi = _mm256_extractf128_pd::<1>(sum);
        let pair = _mm_add_pd(lo, hi);
        _mm_cvtsd_f64(_mm_add_sd(pair, _mm_unpackhi_pd(pair, pair)))
    }

    #[target_feature(enable = "avx")]
    #[inline]
    fn dot(a: &[f64], b: &[f64]) -> f64 {
        let n = a.len();
        let b = &b[..n];
        let (ab, _) = a.as_chunks::<4>();
        let (bb, _) = b.as_chunks::<4>();
        let mut res = 0.0;
        if let (Some(a0), Some(b0)) = (ab.first(), bb.first()) {
            let mut sum = _mm256_mul_pd(load4(a0), load4(b0));
            for (x, y) in ab[1..].iter().zip(&bb[1..]) {
                sum = _mm256_add_pd(sum, _mm256_mul_pd(load4(x), load4(y)));
            }
            res = reduce(sum);
        }
        let i = ab.len() * 4;
        add_tail(res, &a[i..], &b[i..])
    }

    #[target_feature(enable = "avx")]
    #[inline]
    fn gather4<G: Fn(usize) -> f64>(ind: &[i32; 4], gather: &G) -> __m256d {
        _mm256_set_pd(
            gather(ind[3] as usize),
            gather(ind[2] as usize),
            gather(ind[1] as usize),
            gather(ind[0] as usize),
        )
    }

    #[target_feature(enable = "avx")]
    #[inline]
    fn dot_sparse<G: Fn(usize) -> f64>(vals: &[f64], ind: &[i32], gather: &G) -> f64 {
        let ind = &ind[..vals.len()];
        let (vb, vr) = vals.as_chunks::<4>();
        let (ib, ir) = ind.as_chunks::<4>();
        let mut res = 0.0;
        if let (Some(v0), Some(i0)) = (vb.first(), ib.first()) {
            let mut sum = _mm256_mul_pd(load4(v0), gather4(i0, gather));
            for (v, c) in vb[1..].iter().zip(&ib[1..]) {
                sum = _mm256_add_pd(sum, _mm256_mul_pd(load4(v), gather4(c, gather)));
            }
            res = reduce(sum);
        }
        for (&v, &c) in vr.iter().zip(ir) {
            res += v * gather(c as usize);
        }
        res
    }

    /// Adds the blocks of four products `vb[k]*gather(ib[k])` to `sum`.
    #[target_feature(enable = "avx")]
    #[inline]
    fn blocks<G: Fn(usize) -> f64>(sum: &mut __m256d, vb: &[[f64; 4]], ib: &[[i32; 4]], gather: &G) {
        for (v, c) in vb.iter().zip(ib) {
            *sum = _mm256_add_pd(*sum, _mm256_mul_pd(load4(v), gather4(c, gather)));
        }
    }

    /// The leftover products `vr[k]*gather(ir[k])` added one at a time.
    #[inline(always)]
    fn tail<G: Fn(usize) -> f64>(mut res: f64, vr: &[f64], ir: &[i32], gather: &G) -> f64 {
        for (&v, &c) in vr.iter().zip(ir) {
            res += v * gather(c as usize);
        }
        res
    }

    #[target_feature(enable = "avx")]
    #[inline]
    fn dot_sparse_x2<G: Fn(usize) -> f64>(r0: (&[f64], &[i32]), r1: (&[f64], &[i32]), gather: &G) -> [f64; 2] {
        let (v0, i0) = (r0.0, &r0.1[..r0.0.len()]);
        let (v1, i1) = (r1.0, &r1.1[..r1.0.len()]);
        let ((vb0, vr0), (ib0, ir0)) = (v0.as_chunks::<4>(), i0.as_chunks::<4>());
        let ((vb1, vr1), (ib1, ir1)) = (v1.as_chunks::<4>(), i1.as_chunks::<4>());
        let mut out = [0.0; 2];
        match (vb0.first().zip(ib0.first()), vb1.first().zip(ib1.first())) {
            (Some((a, ia)), Some((b, ib))) => {
                let mut s0 = _mm256_mul_pd(load4(a), gather4(ia, gather));
                let mut s1 = _mm256_mul_pd(load4(b), gather4(ib, gather));
                // blocks both rows have, in lockstep
                let m = vb0.len().min(vb1.len());
                for ((a, ia), (b, ib)) in vb0[1..m].iter().zip(&ib0[1..m]).zip(vb1[1..m].iter().zip(&ib1[1..m])) {
                    s0 = _mm256_add_pd(s0, _mm256_mul_pd(load4(a), gather4(ia, gather)));
                    s1 = _mm256_add_pd(s1, _mm256_mul_pd(load4(b), gather4(ib, gather)));
                }
                blocks(&mut s0, &vb0[m..], &ib0[m..], gather);
                blocks(&mut s1, &vb1[m..], &ib1[m..], gather);
                out = [reduce(s0), reduce(s1)];
            }
            (f0, f1) => {
                if let Some((a, ia)) = f0 {
                    let mut s0 = _mm256_mul_pd(load4(a), gather4(ia, gather));
                    blocks(&mut s0, &vb0[1..], &ib0[1..], gather);
                    out[0] = reduce(s0);
                }
                if let Some((b, ib)) = f1 {
                    let mut s1 = _mm256_mul_pd(load4(b), gather4(ib, gather));
                    blocks(&mut s1, &vb1[1..], &ib1[1..], gather);
                    out[1] = reduce(s1);
                }
            }
        }
        [tail(out[0], vr0, ir0, gather), tail(out[1], vr1, ir1, gather)]
    }

    #[target_feature(enable = "avx")]
    #[inline]
    fn dot_sparse_x3<G: Fn(usize) -> f64>(v: [&[f64]; 3], ind: &[i32], gather: &G) -> [f64; 3] {
        let n = ind.len();
        let (v0, v1, v2) = (&v[0][..n], &v[1][..n], &v[2][..n]);
        let (ib, ir) = ind.as_chunks::<4>();
        let nb = ib.len();
        let (b0, b1, b2) = (&v0.as_chunks::<4>().0[..nb], &v1.as_chunks::<4>().0[..nb], &v2.as_chunks::<4>().0[..nb]);
        let mut out = [0.0; 3];
        if let Some(i0) = ib.first() {
            let g = gather4(i0, gather);
            let mut s0 = _mm256_mul_pd(load4(&b0[0]), g);
            let mut s1 = _mm256_mul_pd(load4(&b1[0]), g);
            let mut s2 = _mm256_mul_pd(load4(&b2[0]), g);
            for k in 1..nb {
                let g = gather4(&ib[k], gather);
                s0 = _mm256_add_pd(s0, _mm256_mul_pd(load4(&b0[k]), g));
                s1 = _mm256_add_pd(s1, _mm256_mul_pd(load4(&b1[k]), g));
                s2 = _mm256_add_pd(s2, _mm256_mul_pd(load4(&b2[k]), g));
            }
            out = [reduce(s0), reduce(s1), reduce(s2)];
        }
        let i = nb * 4;
        for (k, &c) in ir.iter().enumerate() {
            let g = gather(c as usize);
            out[0] += v0[i + k] * g;
            out[1] += v1[i + k] * g;
            out[2] += v2[i + k] * g;
        }
        out
    }

    // SAFETY (of the calls below): a value of Avx is made only by Avx::detect after the CPU
    // reported AVX, or as Avx::COMPILED in a crate compiled with AVX enabled.
    impl Lanes for Avx {
        #[inline(always)]
        fn dot(self, a: &[f64], b: &[f64]) -> f64 {
            // SAFETY: self proves the CPU has AVX (see above)
            unsafe { dot(a, b) }
        }

        #[inline(always)]
        fn dot_sparse<G: Fn(usize) -> f64>(self, vals: &[f64], ind: &[i32], gather: &G) -> f64 {
            // SAFETY: self proves the CPU has AVX (see above)
            unsafe { dot_sparse(vals, ind, gather) }
        }

        #[inline(always)]
        fn dot_sparse_x2<G: Fn(usize) -> f64>(
            self,
            r0: (&[f64], &[i32]),
            r1: (&[f64], &[i32]),
            gather: &G,
        ) -> [f64; 2] {
            // SAFETY: self proves the CPU has AVX (see above)
            unsafe { dot_sparse_x2(r0, r1, gather) }
        }

        #[inline(always)]
        fn dot_sparse_x3<G: Fn(usize) -> f64>(self, v: [&[f64]; 3], ind: &[i32], gather: &G) -> [f64; 3] {
            // SAFETY: self proves the CPU has AVX (see above)
            unsafe { dot_sparse_x3(v, ind, gather) }
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
            let s = Scalar.dot(&a[..n], &b);
            let g = |j: usize| b[j];
            let ss = Scalar.dot_sparse(&a[..n], &ind, &g);
            #[cfg(target_arch = "x86_64")]
            if let Some(avx) = Avx::detect() {
                assert_eq!(s.to_bits(), avx.dot(&a[..n], &b).to_bits());
                assert_eq!(ss.to_bits(), avx.dot_sparse(&a[..n], &ind, &g).to_bits());
                for m in 0..23 {
                    let x2 = avx.dot_sparse_x2((&a[..n], &ind), (&b[..m], &ind), &g);
                    assert_eq!(x2[0].to_bits(), ss.to_bits());
                    let other = Scalar.dot_sparse(&b[..m], &ind, &g);
                    assert_eq!(x2[1].to_bits(), other.to_bits());
                    let s2 = Scalar.dot_sparse_x2((&a[..n], &ind), (&b[..m], &ind), &g);
                    assert_eq!((s2[0].to_bits(), s2[1].to_bits()), (ss.to_bits(), other.to_bits()));
                }
                let x3 = avx.dot_sparse_x3([&a, &b, &a], &ind[..n], &g);
                assert_eq!(x3[0].to_bits(), ss.to_bits());
                assert_eq!(x3[1].to_bits(), Scalar.dot_sparse(&b[..n], &ind, &g).to_bits());
                assert_eq!(x3[2].to_bits(), ss.to_bits());
            }
            // the definitions for short vectors: sequential (sparse), one group (dense)
            if n < 4 {
                let mut r = 0.0;
                for k in 0..n {
                    r += a[k] * b[ind[k] as usize];
                }
                assert_eq!(r, ss);
            }
            if n == 3 {
                assert_eq!(s, 0.0 + (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]));
            }
        }
    }
}
