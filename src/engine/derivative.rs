//! Analytical velocity derivatives of the smooth forces (`qDeriv`), used by the implicit
//! integrators.

use crate::abi::*;

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn smooth_vel(m: &mjModel, d: &mut mjData, flg_bias: bool) {
    unimplemented!("smooth_vel")
}

