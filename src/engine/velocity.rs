//! Velocity stage: com-based velocities (`mj_comVel`), subtree momenta (`mj_subtreeVel`) and
//! recursive Newton-Euler (`mj_rne`, `mj_rnePostConstraint`). Computation chapter.

use crate::abi::*;

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn com_vel(m: &mjModel, d: &mut mjData) {
    unimplemented!("com_vel")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn subtree_vel(m: &mjModel, d: &mut mjData) {
    unimplemented!("subtree_vel")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn rne(m: &mjModel, d: &mut mjData, flg_acc: bool, result: &mut [f64]) {
    unimplemented!("rne")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn rne_post_constraint(m: &mjModel, d: &mut mjData) {
    unimplemented!("rne_post_constraint")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn tendon_bias(m: &mjModel, d: &mut mjData, qfrc: &mut [f64]) {
    unimplemented!("tendon_bias")
}

