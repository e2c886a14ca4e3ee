//! C entry points of the signed-distance-field narrowphase: the combined field and its gradient
//! for an `mjSDF`, and the SDF plugin of a geom.

use core::ffi::c_int;
use core::ptr;

use crate::abi::*;
use crate::capi::guard;
use crate::engine::collision::sdf;

/// Value at local point x of the field an mjSDF describes (one geom or a combination of two).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjc_distance(
    m: *const mjModel,
    d: *const mjData,
    s: *const mjSDF,
    x: *const mjtNum,
) -> mjtNum {
    crate::boundary! {
        let (Some(m), Some(d), Some(s)) = (m.as_ref(), d.as_ref(), s.as_ref()) else { return 0.0 };
        if x.is_null() {
            return 0.0;
        }
        let x = *(x as *const [f64; 3]);
        guard("mjc_distance", 0.0, || sdf::distance(m, d, &sdf::Sdf::from_c(s), &x))
    }
}

/// Gradient at local point x of the field an mjSDF describes.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjc_gradient(
    m: *const mjModel,
    d: *const mjData,
    s: *const mjSDF,
    gradient: *mut mjtNum,
    x: *const mjtNum,
) {
    crate::boundary! {
        let (Some(m), Some(d), Some(s)) = (m.as_ref(), d.as_ref(), s.as_ref()) else { return };
        if x.is_null() || gradient.is_null() {
            return;
        }
        let x = *(x as *const [f64; 3]);
        guard("mjc_gradient", (), || *(gradient as *mut [f64; 3]) = sdf::gradient(m, d, &sdf::Sdf::from_c(s), &x))
    }
}

/// The registered SDF plugin behind a geom's plugin instance.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjc_getSDF(m: *const mjModel, id: c_int) -> *const mjpPlugin {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return ptr::null() };
        if id < 0 || id >= m.ngeom as c_int || m.geom_plugin()[id as usize] < 0 {
            return ptr::null();
        }
        guard("mjc_getSDF", ptr::null(), || sdf::get_sdf(m, id as usize))
    }
}
