//! Joint-space inertia: composite rigid body (`mj_crb`), `qM`/`M`, its LTDL factorisation
//! (`qLD`) and solves/products with it. Computation chapter, "Inertia".

use crate::abi::*;

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn crb(m: &mjModel, d: &mut mjData) {
    unimplemented!("crb")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn make_m(m: &mjModel, d: &mut mjData) {
    unimplemented!("make_m")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn factor_m(m: &mjModel, d: &mut mjData) {
    unimplemented!("factor_m")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn factor_i(mat: &mut [f64], diaginv: &mut [f64], nv: usize, rownnz: &[i32], rowadr: &[i32], colind: &[i32], index: Option<&[i32]>) {
    unimplemented!("factor_i")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn solve_ld(x: &mut [f64], qld: &[f64], qldiaginv: &[f64], nv: usize, n: usize, rownnz: &[i32], rowadr: &[i32], colind: &[i32], index: Option<&[i32]>) {
    unimplemented!("solve_ld")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn solve_m(m: &mjModel, d: &mut mjData, x: &mut [f64], y: &[f64], n: usize) {
    unimplemented!("solve_m")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn mul_m(m: &mjModel, d: &mjData, res: &mut [f64], vec: &[f64]) {
    unimplemented!("mul_m")
}

