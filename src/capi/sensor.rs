//! C entry points of the sensor and energy stages and of ray casting (logic in
//! `engine::{sensor, ray}` and `math::ray`).
#![allow(non_snake_case)]

use core::ffi::c_int;
use core::slice;

use super::guard;
use crate::abi::*;
use crate::engine::{ray, sensor};
use crate::math::ray as math_ray;

/// Three numbers at `p`.
#[inline]
unsafe fn vec3(p: *const mjtNum) -> [mjtNum; 3] {
    // SAFETY: `p` points to 3 valid numbers (the calling export's C contract)
    unsafe { [*p, *p.add(1), *p.add(2)] }
}

/// Evaluate the position-dependent sensors.
#[no_mangle]
pub unsafe extern "C" fn mj_sensorPos(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_sensorPos", (), || sensor::sensor_pos(&*m, &mut *d))
    }
}

/// Evaluate the velocity-dependent sensors.
#[no_mangle]
pub unsafe extern "C" fn mj_sensorVel(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_sensorVel", (), || sensor::sensor_vel(&*m, &mut *d))
    }
}

/// Evaluate the acceleration- and force-dependent sensors.
#[no_mangle]
pub unsafe extern "C" fn mj_sensorAcc(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_sensorAcc", (), || sensor::sensor_acc(&*m, &mut *d))
    }
}

/// Compute the potential energy into d->energy[0].
#[no_mangle]
pub unsafe extern "C" fn mj_energyPos(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_energyPos", (), || sensor::energy_pos(&*m, &mut *d))
    }
}

/// Compute the kinetic energy into d->energy[1].
#[no_mangle]
pub unsafe extern "C" fn mj_energyVel(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            return;
        }
        guard("mj_energyVel", (), || sensor::energy_vel(&*m, &mut *d))
    }
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
    crate::boundary! {
        if m.is_null() || d.is_null() || pnt.is_null() || vec.is_null() {
            return -1.0;
        }
        let groups = if geomgroup.is_null() { None } else { Some(slice::from_raw_parts(geomgroup, mjNGROUP)) };
        guard("mj_ray", -1.0, || {
            ray::ray(&*m, &*d, &vec3(pnt), &vec3(vec), groups, flg_static != 0, bodyexclude, geomid.as_mut())
        })
    }
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
    crate::boundary! {
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
}

/// Whether `id` is a valid index below `n`; reports the bad id as an error otherwise.
fn check_id(func: &str, what: &str, id: c_int, n: c_int) -> bool {
    if id < 0 || id >= n {
        crate::mjerror!(func, "invalid {} id {}", what, id);
        return false;
    }
    true
}

/// Distance from pnt along vec to the surface of mesh geom geomid (-1: miss); writes the unit normal of the triangle hit into normal when given.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_rayMeshNormal(
    m: *const mjModel,
    d: *const mjData,
    geomid: c_int,
    pnt: *const mjtNum,
    vec: *const mjtNum,
    normal: *mut mjtNum,
) -> mjtNum {
    crate::boundary! {
        if m.is_null() || d.is_null() || pnt.is_null() || vec.is_null() {
            return -1.0;
        }
        if !check_id("mj_rayMeshNormal", "geom", geomid, (*m).ngeom) {
            return -1.0;
        }
        guard("mj_rayMeshNormal", -1.0, || {
            let mut nrm = [0.0; 3];
            let want = if normal.is_null() { None } else { Some(&mut nrm) };
            let x = ray::ray_mesh(&*m, &*d, geomid as usize, &vec3(pnt), &vec3(vec), want);
            if !normal.is_null() {
                slice::from_raw_parts_mut(normal, 3).copy_from_slice(&nrm);
            }
            x
        })
    }
}

/// Distance from pnt along vec to the surface of mesh geom geomid, or -1 when the ray misses it.
#[no_mangle]
pub unsafe extern "C" fn mj_rayMesh(
    m: *const mjModel,
    d: *const mjData,
    geomid: c_int,
    pnt: *const mjtNum,
    vec: *const mjtNum,
) -> mjtNum {
    crate::boundary! {
        mj_rayMeshNormal(m, d, geomid, pnt, vec, core::ptr::null_mut())
    }
}

/// Distance along the ray (lpnt, lvec) to the triangle v (three points), given a basis b0, b1 of
/// the plane normal to lvec; -1 on a miss. The triangle's unit normal goes to `normal` if given.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn ray_triangle(
    v: *mut [mjtNum; 3],
    lpnt: *const mjtNum,
    lvec: *const mjtNum,
    b0: *const mjtNum,
    b1: *const mjtNum,
    normal: *mut mjtNum,
) -> mjtNum {
    crate::boundary! {
        if v.is_null() || lpnt.is_null() || lvec.is_null() || b0.is_null() || b1.is_null() {
            return -1.0;
        }
        let tri = [*v, *v.add(1), *v.add(2)];
        guard("ray_triangle", -1.0, || {
            let mut nrm = [0.0; 3];
            let want = if normal.is_null() { None } else { Some(&mut nrm) };
            let x = math_ray::ray_triangle(&tri, &vec3(lpnt), &vec3(lvec), &vec3(b0), &vec3(b1), want);
            if !normal.is_null() {
                slice::from_raw_parts_mut(normal, 3).copy_from_slice(&nrm);
            }
            x
        })
    }
}

/// Distance from pnt along vec to height-field geom geomid, or -1 when the ray misses it.
#[no_mangle]
pub unsafe extern "C" fn mj_rayHfield(
    m: *const mjModel,
    d: *const mjData,
    geomid: c_int,
    pnt: *const mjtNum,
    vec: *const mjtNum,
) -> mjtNum {
    crate::boundary! {
        if m.is_null() || d.is_null() || pnt.is_null() || vec.is_null() {
            return -1.0;
        }
        if !check_id("mj_rayHfield", "geom", geomid, (*m).ngeom) {
            return -1.0;
        }
        guard("mj_rayHfield", -1.0, || ray::ray_hfield(&*m, &*d, geomid as usize, &vec3(pnt), &vec3(vec)))
    }
}

/// Distance from pnt along vec to flex flexid as drawn with the given layer and vertex/edge/face/skin flags (-1: miss); the nearest vertex of the hit goes to vertid.
#[no_mangle]
pub unsafe extern "C" fn mju_rayFlex(
    m: *const mjModel,
    d: *const mjData,
    flex_layer: c_int,
    flg_vert: mjtByte,
    flg_edge: mjtByte,
    flg_face: mjtByte,
    flg_skin: mjtByte,
    flexid: c_int,
    pnt: *const mjtNum,
    vec: *const mjtNum,
    vertid: *mut c_int,
) -> mjtNum {
    crate::boundary! {
        if m.is_null() || d.is_null() || pnt.is_null() || vec.is_null() {
            return -1.0;
        }
        if !check_id("mju_rayFlex", "flex", flexid, (*m).nflex) {
            return -1.0;
        }
        guard("mju_rayFlex", -1.0, || {
            ray::ray_flex(
                &*m,
                &*d,
                flex_layer,
                flg_vert != 0,
                flg_edge != 0,
                flg_face != 0,
                flg_skin != 0,
                flexid as usize,
                &vec3(pnt),
                &vec3(vec),
                vertid.as_mut(),
            )
        })
    }
}

/// Distance from pnt along vec to a triangle mesh given by nface faces over nvert float vertices (-1: miss); the nearest vertex of the hit face goes to vertid.
#[no_mangle]
pub unsafe extern "C" fn mju_raySkin(
    nface: c_int,
    nvert: c_int,
    face: *const c_int,
    vert: *const f32,
    pnt: *const mjtNum,
    vec: *const mjtNum,
    vertid: *mut c_int,
) -> mjtNum {
    crate::boundary! {
        if pnt.is_null() || vec.is_null() {
            return -1.0;
        }
        let faces = if face.is_null() || nface <= 0 {
            &[][..]
        } else {
            slice::from_raw_parts(face, 3 * nface as usize)
        };
        let verts = if vert.is_null() || nvert <= 0 {
            &[][..]
        } else {
            slice::from_raw_parts(vert, 3 * nvert as usize)
        };
        guard("mju_raySkin", -1.0, || {
            math_ray::ray_skin(faces, verts, &vec3(pnt), &vec3(vec), vertid.as_mut())
        })
    }
}
