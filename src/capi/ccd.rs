//! C entry points for the convex-object internals upstream's library exports (issue 20):
//! `mjc_initCCDObj`, `mjc_center`, `mjc_ccd`, and libccd's callbacks `mjccd_center`,
//! `mjccd_support`. Not in upstream's public header, so not in ours.

use core::ffi::{c_int, c_void};

use crate::abi::*;
use crate::engine::collision::ccd_obj::{self, mjCCDConfig, mjCCDObj, CObj};
use crate::engine::collision::gjk::CcdStatus;

/// Initialises a convex object for geom `g` (a flex object for negative `g`) with `margin`.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjc_initCCDObj(
    obj: *mut mjCCDObj,
    m: *const mjModel,
    d: *const mjData,
    g: c_int,
    margin: mjtNum,
) {
    crate::boundary! {
        let (Some(obj), Some(m), Some(d)) = (obj.as_mut(), m.as_ref(), d.as_ref()) else { return };
        if g >= m.ngeom as c_int {
            return;
        }
        crate::capi::guard("mjc_initCCDObj", (), || ccd_obj::init_obj(obj, m, d, g, margin))
    }
}

/// Centre of a convex object: geom position, flex element centre or flex vertex.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjc_center(res: *mut mjtNum, obj: *const mjCCDObj) {
    crate::boundary! {
        if res.is_null() || obj.is_null() {
            return;
        }
        // SAFETY: the caller passes an initialised object and room for 3 numbers (mjc_ contract)
        crate::capi::guard("mjc_center", (), || {
            if let Some(c) = CObj::from_raw(obj as *mut mjCCDObj) {
                *(res as *mut [f64; 3]) = ccd_obj::center(&c);
            }
        })
    }
}

/// libccd centre callback: `mjc_center` into a `ccd_vec3_t`.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjccd_center(obj: *const c_void, center: *mut mjtNum) {
    crate::boundary! {
        mjc_center(center, obj as *const mjCCDObj)
    }
}

/// libccd support callback: support point of the object along `dir`, margin included.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjccd_support(obj: *const c_void, dir: *const mjtNum, vec: *mut mjtNum) {
    crate::boundary! {
        if obj.is_null() || dir.is_null() || vec.is_null() {
            return;
        }
        let dir = *(dir as *const [f64; 3]);
        crate::capi::guard("mjccd_support", (), || {
            // SAFETY: libccd passes the object it was given and room for 3 numbers
            if let Some(c) = CObj::from_raw(obj as *mut mjCCDObj) {
                *(vec as *mut [f64; 3]) = ccd_obj::ccd_support(&c, &dir);
            }
        })
    }
}

/// General convex collision detection between two objects: distance (negative: penetration
/// depth) and witness points in `status`.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjc_ccd(
    config: *const mjCCDConfig,
    status: *mut CcdStatus,
    obj1: *mut mjCCDObj,
    obj2: *mut mjCCDObj,
) -> mjtNum {
    crate::boundary! {
        let (Some(config), Some(status)) = (config.as_ref(), status.as_mut()) else { return 0.0 };
        if obj1.is_null() || obj2.is_null() {
            return 0.0;
        }
        // SAFETY: the caller passes initialised objects (mjc_ contract)
        crate::capi::guard("mjc_ccd", 0.0, || ccd_obj::ccd_c(config, status, CObj::from_raw(obj1), CObj::from_raw(obj2)))
    }
}
