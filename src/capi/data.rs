//! mjData lifecycle.

use core::ffi::c_int;
use core::ptr;

use super::guard;
use crate::abi::*;
use crate::data::{make, plugin};
use crate::engine::reset;
use crate::mjerror;

/// Allocate mjData for the model and reset it.
#[no_mangle]
pub unsafe extern "C" fn mj_makeData(m: *const mjModel) -> *mut mjData {
    crate::boundary! {
        if m.is_null() {
            mjerror!("mj_makeData", "NULL model");
            return ptr::null_mut();
        }
        guard("mj_makeData", ptr::null_mut(), || reset::make_data(&*m))
    }
}

/// Allocate mjData for the model without resetting it (upstream-internal; mj_makeData does
/// this first). With *dest not NULL, that data gets new blocks sized for the model (its plugin
/// instances destroyed first); otherwise new data is stored in *dest.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_makeRawData(dest: *mut *mut mjData, m: *const mjModel) {
    crate::boundary! {
        if dest.is_null() || m.is_null() {
            mjerror!("mj_makeRawData", "NULL argument");
            return;
        }
        guard("mj_makeRawData", (), || {
            if (*dest).is_null() {
                *dest = make::make_raw_data(&*m);
            } else {
                make::remake_raw_data(&*m, *dest);
            }
        })
    }
}

/// Create the model's plugin instances in data (upstream-internal; mj_makeData does this).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_initPlugin(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            mjerror!("mj_initPlugin", "NULL argument");
            return;
        }
        guard("mj_initPlugin", (), || {
            plugin::init_plugin(&*m, d);
        })
    }
}

/// Copy mjData; allocate a new one when dest is NULL. m is only used for sizes.
#[no_mangle]
pub unsafe extern "C" fn mj_copyData(dest: *mut mjData, m: *const mjModel, src: *const mjData) -> *mut mjData {
    crate::boundary! {
        if m.is_null() || src.is_null() {
            mjerror!("mj_copyData", "NULL argument");
            return ptr::null_mut();
        }
        guard("mj_copyData", ptr::null_mut(), || make::copy_data(dest, &*m, &*src, false))
    }
}

/// Copy mjData, skipping the arrays a scene does not need; allocate dest when NULL.
#[no_mangle]
pub unsafe extern "C" fn mjv_copyData(dest: *mut mjData, m: *const mjModel, src: *const mjData) -> *mut mjData {
    crate::boundary! {
        if m.is_null() || src.is_null() {
            mjerror!("mjv_copyData", "NULL argument");
            return ptr::null_mut();
        }
        guard("mjv_copyData", ptr::null_mut(), || make::copy_data(dest, &*m, &*src, true))
    }
}

/// Reset data to defaults: qpos = qpos0, everything else cleared.
#[no_mangle]
pub unsafe extern "C" fn mj_resetData(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            mjerror!("mj_resetData", "NULL argument");
            return;
        }
        guard("mj_resetData", (), || reset::reset(&*m, &mut *d, 0))
    }
}

/// Reset data to defaults, filling every buffer byte that is not state with debug_value.
#[no_mangle]
pub unsafe extern "C" fn mj_resetDataDebug(m: *const mjModel, d: *mut mjData, debug_value: u8) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            mjerror!("mj_resetDataDebug", "NULL argument");
            return;
        }
        guard("mj_resetDataDebug", (), || reset::reset(&*m, &mut *d, debug_value))
    }
}

/// Reset data; if 0 <= key < nkey, then set time, qpos, qvel, act, mocap and ctrl from keyframe key.
#[no_mangle]
pub unsafe extern "C" fn mj_resetDataKeyframe(m: *const mjModel, d: *mut mjData, key: c_int) {
    crate::boundary! {
        if m.is_null() || d.is_null() {
            mjerror!("mj_resetDataKeyframe", "NULL argument");
            return;
        }
        guard("mj_resetDataKeyframe", (), || reset::reset_keyframe(&*m, &mut *d, key))
    }
}

/// Free memory allocation in mjData.
#[no_mangle]
pub unsafe extern "C" fn mj_deleteData(d: *mut mjData) {
    crate::boundary! {
        guard("mj_deleteData", (), || make::delete_data(d))
    }
}
