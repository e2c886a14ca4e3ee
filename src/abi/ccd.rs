//! Layouts of upstream's internal convex-collision entry points (`mjc_initCCDObj`, `mjc_ccd`,
//! `mjccd_support`, ...), which its library exports although no public header declares them:
//! `mjCCDObj` (engine_collision_convex.h) and `mjCCDConfig` (engine_collision_gjk.h), with the
//! function-pointer types they hold.

#![allow(non_camel_case_types)]

use core::ffi::{c_int, c_void};

use super::{mjData, mjModel, mjtNum};

/// Allocator of a CCD query's scratch memory (`mjCCDConfig.alloc`): context, bytes.
pub type mjfCCDAlloc = unsafe extern "C" fn(*mut c_void, usize) -> *mut c_void;
/// Frees what [`mjfCCDAlloc`] gave (`mjCCDConfig.free`): context, pointer.
pub type mjfCCDFree = unsafe extern "C" fn(*mut c_void, *mut c_void);

/// Support function of a C object: `res` = support point along `dir`.
pub type mjfCCDSupport = unsafe extern "C" fn(res: *mut mjtNum, obj: *mut mjCCDObj, dir: *const mjtNum);
/// Centre function of a C object.
pub type mjfCCDCenter = unsafe extern "C" fn(res: *mut mjtNum, obj: *const mjCCDObj);

/// Upstream's `mjCCDObj` (engine_collision_convex.h), field for field.
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct mjCCDObj {
    pub model: *const mjModel,
    pub data: *const mjData,
    pub geom: c_int,
    pub geom_type: c_int,
    pub vertindex: c_int,
    pub meshindex: c_int,
    pub flex: c_int,
    pub elem: c_int,
    pub vert: c_int,
    pub margin: mjtNum,
    pub rotate: [mjtNum; 4],
    pub center: Option<mjfCCDCenter>,
    pub support: Option<mjfCCDSupport>,
    pub prism: [[mjtNum; 3]; 6],
    pub size: *const mjtNum,
    pub hfield_data: *const f32,
    pub hfield_nrow: c_int,
    pub hfield_ncol: c_int,
}

/// Upstream's `mjCCDConfig` (engine_collision_gjk.h).
#[repr(C)]
#[allow(non_camel_case_types)]
pub struct mjCCDConfig {
    pub max_iterations: c_int,
    pub tolerance: mjtNum,
    pub max_contacts: c_int,
    pub dist_cutoff: mjtNum,
    pub context: *mut c_void,
    pub alloc: Option<mjfCCDAlloc>,
    pub free: Option<mjfCCDFree>,
}
