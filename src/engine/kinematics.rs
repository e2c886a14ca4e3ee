//! Position stage: global poses of bodies, joints, geoms, sites (`mj_kinematics`), com-based
//! frames (`mj_comPos`), cameras and lights (`mj_camlight`). Computation chapter, "Kinematics".

use crate::abi::*;

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn kinematics(m: &mjModel, d: &mut mjData) {
    unimplemented!("kinematics")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn com_pos(m: &mjModel, d: &mut mjData) {
    unimplemented!("com_pos")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn camlight(m: &mjModel, d: &mut mjData) {
    unimplemented!("camlight")
}

