//! The C API: `extern "C"` entry points with upstream's names and prototypes.
//!
//! Each function checks its arguments, converts them, and calls into the layers below; no
//! physics lives here. `make header` turns the declarations of this folder into `mujoco.h`.

pub mod boundary;
pub mod error;
pub mod defaults;
pub mod names;
pub mod state;
pub mod derivative;
pub mod vfs;
pub mod cache;
pub mod data;
pub mod memory;
pub mod model;

/// Copies `msg` into a caller's error buffer of `error_sz` bytes (truncated, always
/// terminated); nothing for a null or empty buffer.
pub(crate) unsafe fn write_error(error: *mut core::ffi::c_char, error_sz: core::ffi::c_int, msg: &str) {
    // SAFETY: `error` is null or holds `error_sz` writable bytes (the calling export's C contract)
    unsafe {
        if error.is_null() || error_sz <= 0 {
            return;
        }
        let n = msg.len().min(error_sz as usize - 1);
        core::ptr::copy_nonoverlapping(msg.as_ptr() as *const core::ffi::c_char, error, n);
        *error.add(n) = 0;
    }
}

/// Mutable view of `n` numbers at `p`, or `None` for a null pointer (an optional output).
#[inline]
pub(crate) unsafe fn opt_mut<'a>(p: *mut crate::abi::mjtNum, n: usize) -> Option<&'a mut [crate::abi::mjtNum]> {
    // SAFETY: `p` is null or points to `n` writable numbers (the calling export's C contract)
    unsafe {
        if p.is_null() {
            None
        } else {
            Some(core::slice::from_raw_parts_mut(p, n))
        }
    }
}

/// Runs `f`, turning a Rust panic into an `mju_error` report naming `func`; a panic never
/// crosses into C. Returns `fallback` when `f` panicked and the error handler returned.
#[inline]
pub(crate) fn guard<R>(func: &str, fallback: R, f: impl FnOnce() -> R) -> R {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(_) => {
            crate::mjerror!(func, "internal error (Rust panic); please report this as a bug");
            fallback
        }
    }
}
pub mod mju_util;
pub mod mju_dense;
pub mod mju_solve;
pub mod smooth;
pub mod tendon;
pub mod passive;
pub mod sensor;
pub mod support;
pub mod forward;
pub mod inverse;
pub mod sleep;
pub mod collision;
pub mod collide_primitive;
pub mod collide_convex;
pub mod ccd;
pub mod collide_sdf;
pub mod constraint;
pub mod island;
pub mod xml;
pub mod xml_deps;
pub mod plugin;
pub mod vis;
pub mod render;
pub mod ui;
pub mod print;
pub mod spec;
// (right after `spec`: cbindgen writes the header in module order, and upstream's header has
// these declarations there)
pub mod spec_values;
pub mod spec_edit;
pub mod spec_plugin;
pub mod spec_assets;
