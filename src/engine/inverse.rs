//! Inverse dynamics (`mj_inverse`) and the forward/inverse comparison.

use crate::abi::*;

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn inverse_skip(m: &mjModel, d: &mut mjData, skipstage: i32, skipsensor: bool) {
    unimplemented!("inverse_skip")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn compare_fwd_inv(m: &mjModel, d: &mut mjData) {
    unimplemented!("compare_fwd_inv")
}

