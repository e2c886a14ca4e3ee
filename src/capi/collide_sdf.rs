//! C entry points of the signed-distance-field narrowphase: the combined field and its gradient
//! for an `mjSDF`, and the SDF plugin of a geom.

use core::ffi::c_int;
use core::ptr;

use crate::abi::*;
use crate::capi::guard;
use crate::engine::collision::sdf;

/// Copies a C `mjSDF`; the second object and the relative pose are read only for the
/// two-object types.
///
/// # Safety
/// The pointers of `s` must be valid for the entries its type uses, its plugins null or
/// registered plugins (as `mjc_getSDF` returns them).
unsafe fn sdf_from_c(s: &mjSDF) -> sdf::Sdf {
    let two = s.r#type != mjtSDFType_::mjSDFTYPE_SINGLE as i32;
    let n = if two { 2 } else { 1 };
    let mut out = sdf::Sdf {
        plugin: [None; 2],
        id: [0; 2],
        geomtype: [0; 2],
        kind: s.r#type,
        relpos: [0.0; 3],
        relmat: [0.0; 9],
    };
    for k in 0..n {
        // SAFETY: the caller's mjSDF holds one entry per object (mjc_distance contract); a
        // plugin pointer is null or a registered plugin, which is never freed
        unsafe {
            out.plugin[k] = (*s.plugin.add(k)).as_ref();
            out.id[k] = *s.id.add(k);
            out.geomtype[k] = *s.geomtype.add(k);
        }
    }
    if two {
        // SAFETY: two-object types come with a relative pose of 3 + 9 numbers (same contract)
        unsafe {
            out.relpos.copy_from_slice(core::slice::from_raw_parts(s.relpos, 3));
            out.relmat.copy_from_slice(core::slice::from_raw_parts(s.relmat, 9));
        }
    }
    out
}

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
        guard("mjc_distance", 0.0, || sdf::distance(m, d, &sdf_from_c(s), &x))
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
        guard("mjc_gradient", (), || *(gradient as *mut [f64; 3]) = sdf::gradient(m, d, &sdf_from_c(s), &x))
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
        guard("mjc_getSDF", ptr::null(), || sdf::get_sdf(m, id as usize).map_or(ptr::null(), |p| p as *const mjpPlugin))
    }
}
