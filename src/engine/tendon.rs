//! Tendon lengths and Jacobians with wrapping (`mj_tendon`) and actuator transmissions
//! (`mj_transmission`). Computation chapter, "Tendons" and "Actuation model".

use crate::abi::*;

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn tendon(m: &mjModel, d: &mut mjData) {
    unimplemented!("tendon")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn transmission(m: &mjModel, d: &mut mjData) {
    unimplemented!("transmission")
}

