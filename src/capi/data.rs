//! mjData lifecycle.

use core::ffi::c_int;
use core::ptr;

use super::guard;
use crate::abi::*;
use crate::data::{make, plugin};
use crate::engine::reset;
use crate::mjerror;
use crate::runtime::alloc::CBox;

/// Allocate mjData for the model and reset it.
#[no_mangle]
pub unsafe extern "C" fn mj_makeData(m: *const mjModel) -> *mut mjData {
    crate::boundary! {
        if m.is_null() {
            mjerror!("mj_makeData", "NULL model");
            return ptr::null_mut();
        }
        guard("mj_makeData", ptr::null_mut(), || reset::make_data(&*m).map_or(ptr::null_mut(), CBox::into_raw))
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
                *dest = make::make_raw_data(&*m).map_or(ptr::null_mut(), CBox::into_raw);
            } else {
                make::remake_raw_data(&*m, &mut **dest);
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
            // the caller keeps the data when the instances were created; it is freed otherwise
            // (the C contract: d comes from mj_makeRawData for m)
            if let Some(d) = CBox::from_raw(d) {
                let _ = plugin::init_plugin(&*m, d).map(CBox::into_raw);
            }
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
        guard("mj_copyData", ptr::null_mut(), || copy_data(dest, &*m, src, false))
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
        guard("mjv_copyData", ptr::null_mut(), || copy_data(dest, &*m, src, true))
    }
}

/// `mj_copyData` / `mjv_copyData` after the argument checks: into `dest`, or into new data when
/// it is null.
///
/// # Safety
/// The C contract: `src` is data made for `m`, `dest` null or data made for `m` (possibly `src`
/// itself).
unsafe fn copy_data(dest: *mut mjData, m: &mjModel, src: *const mjData, only_visual: bool) -> *mut mjData {
    if dest.is_null() {
        // SAFETY: `src` is valid data (the C contract)
        return make::copy_data_new(m, unsafe { &*src }, only_visual).map_or(ptr::null_mut(), CBox::into_raw);
    }
    // copying data onto itself reads from a copy of the struct (the arrays are its own)
    // SAFETY: `src` is valid data (the C contract); a byte copy of the struct
    let alias = ptr::eq(dest, src).then(|| unsafe { ptr::read(src) });
    // SAFETY: `dest` is valid data, not otherwise referenced during the call (the C contract;
    // when it is `src`, the source is the copy above)
    let (d, s) = unsafe { (&mut *dest, alias.as_ref().unwrap_or_else(|| &*src)) };
    if make::copy_data(d, m, s, only_visual) {
        dest
    } else {
        ptr::null_mut()
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
        guard("mj_deleteData", (), || {
            // SAFETY: the C contract: d is null or data from mj_makeData, not used afterwards
            if let Some(d) = unsafe { CBox::from_raw(d) } {
                make::delete_data(d);
            }
        })
    }
}
