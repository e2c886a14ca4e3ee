//! Jacobians, object velocities, applied forces and configuration-space helpers shared by the
//! stages (upstream's core_util and support files).

use crate::abi::*;

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn jac(m: &mjModel, d: &mjData, jacp: Option<&mut [f64]>, jacr: Option<&mut [f64]>, point: &[f64; 3], body: usize) {
    unimplemented!("jac")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn jac_site(m: &mjModel, d: &mjData, jacp: Option<&mut [f64]>, jacr: Option<&mut [f64]>, site: usize) {
    unimplemented!("jac_site")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn jac_body_com(m: &mjModel, d: &mjData, jacp: Option<&mut [f64]>, jacr: Option<&mut [f64]>, body: usize) {
    unimplemented!("jac_body_com")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn object_velocity(m: &mjModel, d: &mjData, objtype: i32, objid: usize, flg_local: bool) -> [f64; 6] {
    unimplemented!("object_velocity")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn object_acceleration(m: &mjModel, d: &mjData, objtype: i32, objid: usize, flg_local: bool) -> [f64; 6] {
    unimplemented!("object_acceleration")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn apply_ft(m: &mjModel, d: &mut mjData, force: Option<&[f64; 3]>, torque: Option<&[f64; 3]>, point: &[f64; 3], body: usize, qfrc: &mut [f64]) {
    unimplemented!("apply_ft")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn xfrc_accumulate(m: &mjModel, d: &mut mjData, qfrc: &mut [f64]) {
    unimplemented!("xfrc_accumulate")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn integrate_pos_ind(m: &mjModel, qpos: &mut [f64], qvel: &[f64], dt: f64, index: Option<&[i32]>, nbody: usize) {
    unimplemented!("integrate_pos_ind")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn integrate_pos(m: &mjModel, qpos: &mut [f64], qvel: &[f64], dt: f64) {
    unimplemented!("integrate_pos")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn differentiate_pos(m: &mjModel, qvel: &mut [f64], dt: f64, qpos1: &[f64], qpos2: &[f64]) {
    unimplemented!("differentiate_pos")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn normalize_quat(m: &mjModel, qpos: &mut [f64]) {
    unimplemented!("normalize_quat")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn actuator_disabled(m: &mjModel, i: usize) -> bool {
    unimplemented!("actuator_disabled")
}

