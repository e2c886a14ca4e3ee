//! C entry points of the sensor and energy stages and of ray casting (logic in
//! `engine::{sensor, ray}`).
#![allow(non_snake_case)]

use core::ffi::c_int;
use core::slice;

use super::guard;
use crate::abi::*;
use crate::engine::{ray, sensor};

/// Three numbers at `p`.
#[inline]
unsafe fn vec3(p: *const mjtNum) -> [mjtNum; 3] {
    [*p, *p.add(1), *p.add(2)]
}

/// Evaluate the position-dependent sensors.
#[no_mangle]
pub unsafe extern "C" fn mj_sensorPos(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_sensorPos", (), || sensor::sensor_pos(&*m, &mut *d))
}

/// Evaluate the velocity-dependent sensors.
#[no_mangle]
pub unsafe extern "C" fn mj_sensorVel(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_sensorVel", (), || sensor::sensor_vel(&*m, &mut *d))
}

/// Evaluate the acceleration- and force-dependent sensors.
#[no_mangle]
pub unsafe extern "C" fn mj_sensorAcc(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_sensorAcc", (), || sensor::sensor_acc(&*m, &mut *d))
}

/// Compute the potential energy into d->energy[0].
#[no_mangle]
pub unsafe extern "C" fn mj_energyPos(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_energyPos", (), || sensor::energy_pos(&*m, &mut *d))
}

/// Compute the kinetic energy into d->energy[1].
#[no_mangle]
pub unsafe extern "C" fn mj_energyVel(m: *const mjModel, d: *mut mjData) {
    if m.is_null() || d.is_null() {
        return;
    }
    guard("mj_energyVel", (), || sensor::energy_vel(&*m, &mut *d))
}

/// Distance from pnt along vec to the nearest visible geom not on bodyexclude (-1: none); its id goes to geomid when given.
#[no_mangle]
pub unsafe extern "C" fn mj_ray(
    m: *const mjModel,
    d: *const mjData,
    pnt: *const mjtNum,
    vec: *const mjtNum,
    geomgroup: *const mjtByte,
    flg_static: mjtByte,
    bodyexclude: c_int,
    geomid: *mut c_int,
) -> mjtNum {
    if m.is_null() || d.is_null() || pnt.is_null() || vec.is_null() {
        return -1.0;
    }
    let groups = if geomgroup.is_null() { None } else { Some(slice::from_raw_parts(geomgroup, mjNGROUP)) };
    guard("mj_ray", -1.0, || {
        ray::ray(&*m, &*d, &vec3(pnt), &vec3(vec), groups, flg_static != 0, bodyexclude, geomid.as_mut())
    })
}

/// Cast nray rays from pnt along the rows of vec (nray x 3), as mj_ray with a distance cutoff; writes geomid and dist per ray.
#[no_mangle]
pub unsafe extern "C" fn mj_multiRay(
    m: *const mjModel,
    d: *mut mjData,
    pnt: *const mjtNum,
    vec: *const mjtNum,
    geomgroup: *const mjtByte,
    flg_static: mjtByte,
    bodyexclude: c_int,
    geomid: *mut c_int,
    dist: *mut mjtNum,
    nray: c_int,
    cutoff: mjtNum,
) {
    if m.is_null() || d.is_null() || pnt.is_null() || nray <= 0 {
        return;
    }
    if vec.is_null() || geomid.is_null() || dist.is_null() {
        return;
    }
    let n = nray as usize;
    let groups = if geomgroup.is_null() { None } else { Some(slice::from_raw_parts(geomgroup, mjNGROUP)) };
    let dirs = slice::from_raw_parts(vec, 3 * n);
    let ids = slice::from_raw_parts_mut(geomid, n);
    let dists = slice::from_raw_parts_mut(dist, n);
    guard("mj_multiRay", (), || {
        ray::multi_ray(&*m, &mut *d, &vec3(pnt), dirs, groups, flg_static != 0, bodyexclude, ids, dists, n, cutoff)
    })
}
