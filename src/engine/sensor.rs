//! Sensors by stage (`mj_sensorPos`/`Vel`/`Acc`) and energy (`mj_energyPos`/`Vel`).

use crate::abi::*;

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn sensor_pos(m: &mjModel, d: &mut mjData) {
    unimplemented!("sensor_pos")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn sensor_vel(m: &mjModel, d: &mut mjData) {
    unimplemented!("sensor_vel")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn sensor_acc(m: &mjModel, d: &mut mjData) {
    unimplemented!("sensor_acc")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn energy_pos(m: &mjModel, d: &mut mjData) {
    unimplemented!("energy_pos")
}

/// Not built yet.
///
/// # Safety
/// `d` must be data made for `m`.
#[allow(unused_variables)]
pub unsafe fn energy_vel(m: &mjModel, d: &mut mjData) {
    unimplemented!("energy_vel")
}

