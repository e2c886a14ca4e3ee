//! Scalar helpers, gather/scatter, sorting, random numbers, contact pyramids, actuator curves,
//! flex interpolation and geometry tests (upstream `engine_util_misc.c`, plus `mju_blockDiag`'s
//! neighbours in `engine_util_sparse.c` live in `blas`).

use super::blas::{add_to_scl3, mul_mat_t_vec3};
use crate::abi::mjtGeom_::{mjGEOM_CAPSULE, mjGEOM_CYLINDER, mjGEOM_SPHERE};
use crate::abi::{mjMAXVAL, mjMINVAL};
use crate::mjerror;

/// C's `mjMAX`: a > b ? a : b (b when either is NaN).
#[inline]
fn cmax(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

//------------------------------ scalars -----------------------------------------------------------

/// a <= b ? a : b
#[inline]
pub fn min(a: f64, b: f64) -> f64 {
    if a <= b {
        a
    } else {
        b
    }
}

/// a >= b ? a : b
#[inline]
pub fn max(a: f64, b: f64) -> f64 {
    if a >= b {
        a
    } else {
        b
    }
}

/// x clamped to [lo, hi] (lo wins when x < lo, then hi when x > hi).
#[inline]
pub fn clip(x: f64, lo: f64, hi: f64) -> f64 {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

/// -1, 0 or +1 (0 for NaN).
#[inline]
pub fn sign(x: f64) -> f64 {
    if x < 0.0 {
        -1.0
    } else if x > 0.0 {
        1.0
    } else {
        0.0
    }
}

/// Nearest integer, halves rounded up; out-of-range and NaN give i32::MIN as x86's truncating
/// conversion does.
#[inline]
pub fn round(x: f64) -> i32 {
    let lower = x.floor();
    let upper = x.ceil();
    let r = if x - lower < upper - x { lower } else { upper };
    if (-2147483648.0..2147483648.0).contains(&r) {
        r as i32
    } else {
        i32::MIN
    }
}

/// NaN or |x| > mjMAXVAL.
#[inline]
pub fn is_bad(x: f64) -> bool {
    // NaN is outside every range
    !(-mjMAXVAL..=mjMAXVAL).contains(&x)
}

/// All elements are 0 (true for an empty vector).
#[inline]
pub fn is_zero(vec: &[f64]) -> bool {
    vec.iter().all(|&v| v == 0.0)
}

/// All bytes are 0 (true for an empty vector).
#[inline]
pub fn is_zero_byte(vec: &[u8]) -> bool {
    vec.iter().all(|&v| v == 0)
}

/// Quintic smoothstep over [0, 1]: 6x^5 - 15x^4 + 10x^3, 0 below and 1 above.
#[inline]
pub fn sigmoid(x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    x * x * x * (3.0 * x * (2.0 * x - 5.0) + 10.0)
}

/// Element `index` of the Halton sequence in `base`. Panics when base is 0 and index > 0.
pub fn halton(index: i32, base: i32) -> f64 {
    let b = base as f64;
    let mut n = index;
    let mut f = 1.0 / b;
    let mut h = 0.0;
    while n > 0 {
        let q = n / base;
        let r = n - q * base;
        h += f * r as f64;
        f /= b;
        n = q;
    }
    h
}

/// Standard normal sample by the polar Box-Muller method on C's `rand()` (so `srand` seeds it);
/// the second sample goes to `num2` when given.
pub fn standard_normal(num2: Option<&mut f64>) -> f64 {
    let scale = 2.0 / libc::RAND_MAX as f64;
    let (mut x1, mut x2, mut w);
    loop {
        // SAFETY: libc's rand takes no arguments (upstream draws from it, not thread-safe there either)
        x1 = scale * unsafe { libc::rand() } as f64 - 1.0;
        // SAFETY: as above
        x2 = scale * unsafe { libc::rand() } as f64 - 1.0;
        w = x1 * x1 + x2 * x2;
        if !(w >= 1.0 || w == 0.0) {
            break;
        }
    }
    w = ((-2.0 * w.ln()) / w).sqrt();
    if let Some(n2) = num2 {
        *n2 = x2 * w;
    }
    x1 * w
}

//------------------------------ vectors of numbers and indices ------------------------------------

/// res = 0
#[inline]
pub fn zero_int(res: &mut [i32]) {
    res.fill(0);
}

/// res = vec
#[inline]
pub fn copy_int(res: &mut [i32], vec: &[i32]) {
    res.copy_from_slice(vec);
}

/// float to mjtNum
#[inline]
pub fn f2n(res: &mut [f64], vec: &[f32]) {
    let vec = &vec[..res.len()];
    for (r, &v) in res.iter_mut().zip(vec) {
        *r = v as f64;
    }
}

/// mjtNum to float (round to nearest)
#[inline]
pub fn n2f(res: &mut [f32], vec: &[f64]) {
    let vec = &vec[..res.len()];
    for (r, &v) in res.iter_mut().zip(vec) {
        *r = v as f32;
    }
}

/// `res[i] = vec[ind[i]]`. Panics on a negative or out-of-range index.
#[inline]
pub fn gather<T: Copy>(res: &mut [T], vec: &[T], ind: &[i32]) {
    let ind = &ind[..res.len()];
    for (r, &i) in res.iter_mut().zip(ind) {
        // a negative index becomes one past any slice (u32 view) and fails the bounds check
        *r = vec[i as u32 as usize];
    }
}

/// [`gather`] of indices the engine built (island maps): no per-element check.
///
/// # Safety
/// Every `ind[i]` for `i < res.len()` must lie in `0..vec.len()`.
#[inline]
pub unsafe fn gather_built(res: &mut [f64], vec: &[f64], ind: &[i32]) {
    let ind = &ind[..res.len()];
    debug_assert!(ind.iter().all(|&i| (i as u32 as usize) < vec.len()));
    for (r, &i) in res.iter_mut().zip(ind) {
        // SAFETY: i lies in 0..vec.len() (this function's contract)
        *r = unsafe { *vec.get_unchecked(i as u32 as usize) };
    }
}

/// [`scatter`] of indices the engine built (island maps): no per-element check.
///
/// # Safety
/// Every `ind[i]` for `i < vec.len()` must lie in `0..res.len()`.
#[inline]
pub unsafe fn scatter_built(res: &mut [f64], vec: &[f64], ind: &[i32]) {
    let ind = &ind[..vec.len()];
    debug_assert!(ind.iter().all(|&i| (i as u32 as usize) < res.len()));
    for (&v, &i) in vec.iter().zip(ind) {
        // SAFETY: i lies in 0..res.len() (this function's contract)
        unsafe { *res.get_unchecked_mut(i as u32 as usize) = v };
    }
}

/// `res[i] = vec[ind[i]]`, or 0 where `ind[i] < 0`.
#[inline]
pub fn gather_masked(res: &mut [f64], vec: &[f64], ind: &[i32]) {
    let ind = &ind[..res.len()];
    for (r, &i) in res.iter_mut().zip(ind) {
        *r = if i >= 0 { vec[i as usize] } else { 0.0 };
    }
}

/// `res[ind[i]] = vec[i]`. Panics on a negative or out-of-range index.
#[inline]
pub fn scatter<T: Copy>(res: &mut [T], vec: &[T], ind: &[i32]) {
    for (&v, &i) in vec.iter().zip(&ind[..vec.len()]) {
        // a negative index fails the bounds check (u32 view)
        res[i as u32 as usize] = v;
    }
}

/// One past the largest index (0 for none), None when one is negative (`masked`: negative
/// indices are allowed and ignored).
pub fn index_extent(ind: &[i32], masked: bool) -> Option<usize> {
    let mut n = 0usize;
    for &i in ind {
        if i < 0 {
            if masked {
                continue;
            }
            return None;
        }
        n = n.max(i as usize + 1);
    }
    Some(n)
}

/// Stable insertion sort, increasing.
pub fn insertion_sort<T: Copy + PartialOrd>(list: &mut [T]) {
    for i in 1..list.len() {
        let x = list[i];
        let mut j = i;
        while j > 0 && list[j - 1] > x {
            list[j] = list[j - 1];
            j -= 1;
        }
        list[j] = x;
    }
}

//------------------------------ contact pyramids --------------------------------------------------

/// Pyramid representation (2 per tangent direction) of a contact force (normal, tangents), with
/// one friction coefficient per tangent (mu.len() = number of tangents).
pub fn encode_pyramid(pyramid: &mut [f64], force: &[f64], mu: &[f64]) {
    let nt = mu.len();
    if nt == 0 {
        return;
    }
    let (pyramid, force) = (&mut pyramid[..2 * nt], &force[..nt + 1]);
    let a = force[0] / nt as f64;
    for i in 0..nt {
        let b = min(a, force[i + 1] / mu[i]);
        pyramid[2 * i] = 0.5 * (a + b);
        pyramid[2 * i + 1] = 0.5 * (a - b);
    }
}

/// Contact force (normal, tangents) from its pyramid representation; without tangents the
/// force is `pyramid[0]`.
pub fn decode_pyramid(force: &mut [f64], pyramid: &[f64], mu: &[f64]) {
    let nt = mu.len();
    if nt == 0 {
        force[0] = pyramid[0];
        return;
    }
    let (force, pyramid) = (&mut force[..nt + 1], &pyramid[..2 * nt]);
    force[0] = 0.0;
    for &p in pyramid {
        force[0] += p;
    }
    for i in 0..nt {
        force[i + 1] = (pyramid[2 * i] - pyramid[2 * i + 1]) * mu[i];
    }
}

//------------------------------ spring-damper and muscles ----------------------------------------

/// Position after time t of the spring-damper x'' + b x' + k x = 0 from (pos0, vel0).
pub fn spring_damper(pos0: f64, vel0: f64, k: f64, b: f64, t: f64) -> f64 {
    let det = b * b - 4.0 * k;
    if det > mjMINVAL {
        // overdamped
        let w = det.sqrt() / 2.0;
        let r1 = -b / 2.0 + w;
        let r2 = -b / 2.0 - w;
        let c1 = (pos0 * r2 - vel0) / (r2 - r1);
        let c2 = (pos0 * r1 - vel0) / (r1 - r2);
        c1 * (r1 * t).exp() + c2 * (r2 * t).exp()
    } else if (-mjMINVAL..=mjMINVAL).contains(&det) {
        // critically damped
        let c1 = pos0;
        let c2 = vel0 + b * c1 / 2.0;
        (-b * t / 2.0).exp() * (c1 + c2 * t)
    } else {
        // underdamped (also NaN)
        let w = det.abs().sqrt() / 2.0;
        let c1 = pos0;
        let c2 = (vel0 + b * c1 / 2.0) / w;
        (-b * t / 2.0).exp() * (c1 * (w * t).cos() + c2 * (w * t).sin())
    }
}

/// Normalized active-force length curve: two half-quadratics up to 1 at length 1, and down again.
pub fn muscle_gain_length(length: f64, lmin: f64, lmax: f64) -> f64 {
    if lmin <= length && length <= lmax {
        let a = 0.5 * (lmin + 1.0);
        let b = 0.5 * (1.0 + lmax);
        if length <= a {
            let x = (length - lmin) / cmax(mjMINVAL, a - lmin);
            0.5 * x * x
        } else if length <= 1.0 {
            let x = (1.0 - length) / cmax(mjMINVAL, 1.0 - a);
            1.0 - 0.5 * x * x
        } else if length <= b {
            let x = (length - 1.0) / cmax(mjMINVAL, b - 1.0);
            1.0 - 0.5 * x * x
        } else {
            let x = (lmax - length) / cmax(mjMINVAL, lmax - b);
            0.5 * x * x
        }
    } else {
        0.0
    }
}

/// Muscle active force; `prm = (range[2], force, scale, lmin, lmax, vmax, fpmax, fvmax)`.
pub fn muscle_gain(len: f64, vel: f64, lengthrange: &[f64; 2], acc0: f64, prm: &[f64; 9]) -> f64 {
    let range = [prm[0], prm[1]];
    let mut force = prm[2];
    let (scale, lmin, lmax, vmax, fvmax) = (prm[3], prm[4], prm[5], prm[6], prm[8]);
    if force < 0.0 {
        force = scale / cmax(mjMINVAL, acc0);
    }
    let l0 = (lengthrange[1] - lengthrange[0]) / cmax(mjMINVAL, range[1] - range[0]);
    let l = range[0] + (len - lengthrange[0]) / cmax(mjMINVAL, l0);
    let v = vel / cmax(mjMINVAL, l0 * vmax);
    let fl = muscle_gain_length(l, lmin, lmax);
    let y = fvmax - 1.0;
    let fv = if v <= -1.0 {
        0.0
    } else if v <= 0.0 {
        (v + 1.0) * (v + 1.0)
    } else if v <= y {
        fvmax - (y - v) * (y - v) / cmax(mjMINVAL, y)
    } else {
        fvmax
    };
    -force * fl * fv
}

/// Muscle passive force; prm as in `muscle_gain`.
pub fn muscle_bias(len: f64, lengthrange: &[f64; 2], acc0: f64, prm: &[f64; 9]) -> f64 {
    let range = [prm[0], prm[1]];
    let mut force = prm[2];
    let (scale, lmax, fpmax) = (prm[3], prm[5], prm[7]);
    if force < 0.0 {
        force = scale / cmax(mjMINVAL, acc0);
    }
    let l0 = (lengthrange[1] - lengthrange[0]) / cmax(mjMINVAL, range[1] - range[0]);
    let l = range[0] + (len - lengthrange[0]) / cmax(mjMINVAL, l0);
    let b = 0.5 * (1.0 + lmax);
    if l <= 1.0 {
        0.0
    } else if l <= b {
        let x = (l - 1.0) / cmax(mjMINVAL, b - 1.0);
        -force * fpmax * 0.5 * x * x
    } else {
        let x = (l - b) / cmax(mjMINVAL, b - 1.0);
        -force * fpmax * (0.5 + x)
    }
}

/// Activation time constant: tau_act when dctrl > 0 else tau_deact, blended by a sigmoid of
/// width `smoothing_width` when that is at least mjMINVAL.
pub fn muscle_dynamics_timescale(dctrl: f64, tau_act: f64, tau_deact: f64, smoothing_width: f64) -> f64 {
    if smoothing_width < mjMINVAL {
        if dctrl > 0.0 {
            tau_act
        } else {
            tau_deact
        }
    } else {
        tau_deact + (tau_act - tau_deact) * sigmoid(dctrl / smoothing_width + 0.5)
    }
}

/// Muscle activation rate; prm = (tau_act, tau_deact, smoothing_width).
pub fn muscle_dynamics(ctrl: f64, act: f64, prm: &[f64; 3]) -> f64 {
    let ctrlclamp = clip(ctrl, 0.0, 1.0);
    let actclamp = clip(act, 0.0, 1.0);
    let tau_act = prm[0] * (0.5 + 1.5 * actclamp);
    let tau_deact = prm[1] / (0.5 + 1.5 * actclamp);
    let dctrl = ctrlclamp - act;
    let tau = muscle_dynamics_timescale(dctrl, tau_act, tau_deact, prm[2]);
    dctrl / cmax(mjMINVAL, tau)
}

//------------------------------ geometry ----------------------------------------------------------

/// The three semi-axes of a geom of type `geom_type` (mjtGeom) and size `size`.
#[inline]
pub fn geom_semi_axes(size: &[f64; 3], geom_type: i32) -> [f64; 3] {
    if geom_type == mjGEOM_SPHERE as i32 {
        [size[0], size[0], size[0]]
    } else if geom_type == mjGEOM_CAPSULE as i32 {
        [size[0], size[0], size[1] + size[0]]
    } else if geom_type == mjGEOM_CYLINDER as i32 {
        [size[0], size[0], size[1]]
    } else {
        *size
    }
}

/// 1 if `point` is outside the box (pos, mat, size) scaled by `inflate`, -1 if inside the box
/// shrunk by `inflate`, 0 in between. An inflation below 1 is reported through mju_error.
pub fn outside_box(point: &[f64; 3], pos: &[f64; 3], mat: &[f64; 9], size: &[f64; 3], inflate: f64) -> i32 {
    if inflate < 1.0 {
        mjerror!("mju_outsideBox", "inflation coefficient must be >= 1");
    }
    let v = mul_mat_t_vec3(mat, &[point[0] - pos[0], point[1] - pos[1], point[2] - pos[2]]);
    let mut big = *size;
    if inflate > 1.0 {
        big = [big[0] * inflate, big[1] * inflate, big[2] * inflate];
    }
    if (0..3).any(|i| v[i] > big[i] || v[i] < -big[i]) {
        return 1;
    }
    if inflate == 1.0 {
        return -1;
    }
    let small = [size[0] / inflate, size[1] / inflate, size[2] / inflate];
    if (0..3).all(|i| v[i] < small[i] && v[i] > -small[i]) {
        return -1;
    }
    0
}

//------------------------------ flex interpolation ------------------------------------------------

/// Lagrange basis function i of the given order (1 or 2) on [0, 1]; others reported (0).
#[inline]
fn phi(s: f64, i: i32, order: i32) -> f64 {
    match order {
        1 => {
            if i == 0 {
                1.0 - s
            } else {
                s
            }
        }
        2 => match i {
            0 => 2.0 * s * s - 3.0 * s + 1.0,
            1 => 4.0 * (s - s * s),
            2 => 2.0 * s * s - s,
            _ => {
                mjerror!("phi", "invalid index {}", i);
                0.0
            }
        },
        _ => {
            mjerror!("phi", "order must be 1 or 2");
            0.0
        }
    }
}

/// Derivative of `phi`.
#[inline]
fn dphi(s: f64, i: i32, order: i32) -> f64 {
    match order {
        1 => {
            if i == 0 {
                -1.0
            } else {
                1.0
            }
        }
        2 => match i {
            0 => 4.0 * s - 3.0,
            1 => 4.0 * (1.0 - 2.0 * s),
            2 => 4.0 * s - 1.0,
            _ => {
                mjerror!("dphi", "invalid index {}, must be 0, 1, or 2", i);
                0.0
            }
        },
        _ => {
            mjerror!("dphi", "order must be 1 or 2");
            0.0
        }
    }
}

/// Number of nodes of a hexahedral element of the given order: (order + 1)^3, 0 when negative.
pub fn basis_nodes(order: i32) -> usize {
    let n = (order as i64 + 1).pow(3);
    if n > 0 {
        n as usize
    } else {
        0
    }
}

/// Deformation gradient at `p` from the nodal values `dof` (3 per node, `basis_nodes(order)`
/// nodes, ordered with the x index slowest and the z index fastest).
pub fn def_gradient(p: &[f64; 3], dof: &[f64], order: i32) -> [f64; 9] {
    let mut res = [0.0; 9];
    let mut idx = 0;
    for i in 0..=order {
        for j in 0..=order {
            for k in 0..=order {
                let g = [
                    dphi(p[0], i, order) * phi(p[1], j, order) * phi(p[2], k, order),
                    phi(p[0], i, order) * dphi(p[1], j, order) * phi(p[2], k, order),
                    phi(p[0], i, order) * phi(p[1], j, order) * dphi(p[2], k, order),
                ];
                let d = &dof[3 * idx..3 * idx + 3];
                for r in 0..3 {
                    for c in 0..3 {
                        res[3 * r + c] += d[r] * g[c];
                    }
                }
                idx += 1;
            }
        }
    }
    res
}

/// Value at `x` of the basis function of node i (order 1 or 2; -1 for other orders).
pub fn eval_basis(x: &[f64; 3], i: i32, order: i32) -> f64 {
    match order {
        1 => phi(x[2], i & 1, order) * phi(x[1], i & 2, order) * phi(x[0], i & 4, order),
        2 => phi(x[2], i % 3, order) * phi(x[1], (i / 3) % 3, order) * phi(x[0], i / 9, order),
        _ => -1.0,
    }
}

/// res += sum over nodes j of coeff[3j..3j+3] * basis_j(x) (coeff: 3 * basis_nodes(order)).
pub fn interpolate3d(res: &mut [f64; 3], x: &[f64; 3], coeff: &[f64], order: i32) {
    if order == 1 || order == 2 {
        // node j = (ix, iy, iz) in row-major order; its basis is the product of one phi per
        // coordinate, multiplied as eval_basis does, with each phi computed once
        let k = order as usize + 1;
        let mut p = [[0.0; 3]; 3];
        for (a, pa) in p.iter_mut().enumerate() {
            for (t, v) in pa.iter_mut().enumerate().take(k) {
                *v = phi(x[a], t as i32, order);
            }
        }
        let mut nodes = coeff[..3 * k * k * k].chunks_exact(3);
        for px in &p[0][..k] {
            for py in &p[1][..k] {
                for pz in &p[2][..k] {
                    let c: &[f64; 3] = nodes.next().unwrap().try_into().unwrap();
                    add_to_scl3(res, c, pz * py * px);
                }
            }
        }
        return;
    }
    for j in 0..basis_nodes(order) {
        let c: &[f64; 3] = coeff[3 * j..3 * j + 3].try_into().unwrap();
        add_to_scl3(res, c, eval_basis(x, j as i32, order));
    }
}

/// A C `(int)` cast of a double as x86-64 does it (`cvttsd2si`): truncation toward zero, and
/// `INT_MIN` for NaN and values out of range (Rust's `as` saturates instead).
#[inline]
pub fn c_int(x: f64) -> i32 {
    if x.is_nan() || x <= i32::MIN as f64 - 1.0 || x >= i32::MAX as f64 + 1.0 {
        i32::MIN
    } else {
        x as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars() {
        assert_eq!(round(2.5), 3);
        assert_eq!(round(-2.5), -2);
        assert_eq!(round(-2.6), -3);
        assert_eq!(round(f64::NAN), i32::MIN);
        assert_eq!(round(1e300), i32::MIN);
        assert_eq!(sign(-3.0), -1.0);
        assert_eq!(sign(0.0), 0.0);
        assert_eq!(clip(5.0, 0.0, 1.0), 1.0);
        assert_eq!(min(1.0, 2.0), 1.0);
        assert_eq!(max(1.0, 2.0), 2.0);
        assert!(is_bad(f64::NAN) && is_bad(2e10) && !is_bad(1e10));
        assert_eq!(sigmoid(0.5), 0.5);
        assert_eq!(sigmoid(2.0), 1.0);
        assert_eq!(halton(1, 2), 0.5);
        assert_eq!(halton(3, 2), 0.75);
        assert_eq!(halton(5, 3), 2.0 / 3.0 + 1.0 / 9.0);
    }

    #[test]
    fn sorting_and_indices() {
        let mut v = [3.0, -1.0, 2.0, -1.0];
        insertion_sort(&mut v);
        assert_eq!(v, [-1.0, -1.0, 2.0, 3.0]);
        let mut g = [0.0; 3];
        gather(&mut g, &[10.0, 11.0, 12.0], &[2, 0, 2]);
        assert_eq!(g, [12.0, 10.0, 12.0]);
        gather_masked(&mut g, &[10.0, 11.0, 12.0], &[-1, 1, 0]);
        assert_eq!(g, [0.0, 11.0, 10.0]);
        let mut s = [0; 4];
        scatter(&mut s, &[7, 8], &[3, 1]);
        assert_eq!(s, [0, 8, 0, 7]);
        assert_eq!(index_extent(&[3, 1], false), Some(4));
        assert_eq!(index_extent(&[3, -1], false), None);
        assert_eq!(index_extent(&[-1, -2], true), Some(0));
    }

    #[test]
    fn pyramids() {
        let mu = [0.5, 2.0];
        let force = [4.0, 0.5, -1.0];
        let mut p = [0.0; 4];
        encode_pyramid(&mut p, &force, &mu);
        assert_eq!(p, [1.5, 0.5, 0.75, 1.25]);
        let mut f = [0.0; 3];
        decode_pyramid(&mut f, &p, &mu);
        assert_eq!(f, force);
    }

    #[test]
    fn dynamics() {
        // undamped unit oscillator: a quarter period turns position into -velocity
        let x = spring_damper(1.0, 0.0, 1.0, 0.0, std::f64::consts::FRAC_PI_2);
        assert!(x.abs() < 1e-15);
        // critically damped (b^2 = 4k), from rest at 1
        let t = 0.7;
        assert!((spring_damper(1.0, 0.0, 1.0, 2.0, t) - (-t).exp() * (1.0 + t)).abs() < 1e-15);
        assert_eq!(muscle_gain_length(1.0, 0.5, 1.6), 1.0);
        assert_eq!(muscle_gain_length(0.5, 0.5, 1.6), 0.0);
        assert_eq!(muscle_gain_length(0.75, 0.5, 1.6), 0.5);
        assert_eq!(muscle_dynamics_timescale(1.0, 2.0, 3.0, 0.0), 2.0);
        assert_eq!(muscle_dynamics_timescale(0.0, 2.0, 3.0, 1.0), 2.5);
    }

    #[test]
    fn boxes_and_basis() {
        let id = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];
        let size = [1.0, 1.0, 1.0];
        assert_eq!(outside_box(&[2.0, 0.0, 0.0], &[0.0; 3], &id, &size, 1.5), 1);
        assert_eq!(outside_box(&[0.1, 0.0, 0.0], &[0.0; 3], &id, &size, 1.5), -1);
        assert_eq!(outside_box(&[0.9, 0.0, 0.0], &[0.0; 3], &id, &size, 1.5), 0);
        assert_eq!(geom_semi_axes(&[1.0, 2.0, 3.0], mjGEOM_CAPSULE as i32), [1.0, 1.0, 3.0]);
        // trilinear basis sums to 1; the identity deformation has gradient I
        let x = [0.2, 0.3, 0.9];
        let s: f64 = (0..8).map(|i| eval_basis(&x, i, 1)).sum();
        assert!((s - 1.0).abs() < 1e-15);
        let mut dof = [0.0; 24];
        let mut n = 0;
        for i in 0..2 {
            for j in 0..2 {
                for k in 0..2 {
                    dof[3 * n..3 * n + 3].copy_from_slice(&[i as f64, j as f64, k as f64]);
                    n += 1;
                }
            }
        }
        assert_eq!(def_gradient(&x, &dof, 1), id);
    }
}
