//! Actuator forces and activation dynamics (`mj_fwdActuation`). Computation chapter,
//! "Actuation model".

use crate::abi::*;

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn fwd_actuation(m: &mjModel, d: &mut mjData) {
    unimplemented!("fwd_actuation")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn next_activation(m: &mjModel, d: &mjData, actuator: usize, actadr: usize, act_dot: f64) -> f64 {
    unimplemented!("next_activation")
}

