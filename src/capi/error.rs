//! Errors, warnings, the allocator and the handler hooks.
//!
//! `mju_error`, `mju_warning` and their `_i`/`_s` forms are C-variadic and live in `variadic.c`;
//! they format the message and come back here.

use core::ffi::{c_char, c_void};

use crate::runtime::error::{self, Handler};
use crate::runtime::{alloc, callbacks};

/// Report an already formatted error message (exported, not declared by upstream).
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_error_raw(msg: *const c_char) {
    crate::boundary! {
        error::raise_raw(msg)
    }
}

/// Report an already formatted warning message (called by `mju_warning`; not part of the API).
/// cbindgen:ignore
#[doc(hidden)]
#[no_mangle]
pub unsafe extern "C" fn _mjrs_warning_raw(msg: *const c_char) {
    crate::boundary! {
        error::warn_raw(msg)
    }
}

/// Allocate memory with the user allocator or the default 64-byte aligned one.
#[no_mangle]
pub extern "C" fn mju_malloc(size: usize) -> *mut c_void {
    crate::boundary! {
        alloc::malloc(size)
    }
}

/// Free memory allocated by mju_malloc.
#[no_mangle]
pub unsafe extern "C" fn mju_free(ptr: *mut c_void) {
    crate::boundary! {
        alloc::free(ptr)
    }
}

/// Clear the user error and memory handlers.
#[no_mangle]
pub extern "C" fn mju_clearHandlers() {
    crate::boundary! {
        // SAFETY: plain stores of None into the exported handler globals (unsynchronised, as
        // upstream's)
        unsafe {
            error::mju_user_error = None;
            error::mju_user_warning = None;
            alloc::mju_user_malloc = None;
            alloc::mju_user_free = None;
        }
    }
}

/// Reset all callbacks to NULL.
#[no_mangle]
pub extern "C" fn mj_resetCallbacks() {
    crate::boundary! {
        callbacks::reset_callbacks()
    }
}

/// Append a time-stamped message to MUJOCO_LOG.TXT.
#[no_mangle]
pub unsafe extern "C" fn mju_writeLog(r#type: *const c_char, msg: *const c_char) {
    crate::boundary! {
        if r#type.is_null() || msg.is_null() {
            return;
        }
        error::write_log(core::ffi::CStr::from_ptr(r#type), msg)
    }
}

/// cbindgen:ignore
#[doc(hidden)]
#[no_mangle]
pub extern "C" fn _mjPRIVATE__get_tls_error_fn() -> Handler {
    crate::boundary! {
        error::tls_error()
    }
}

/// cbindgen:ignore
#[doc(hidden)]
#[no_mangle]
pub extern "C" fn _mjPRIVATE__set_tls_error_fn(h: Handler) {
    crate::boundary! {
        error::set_tls_error(h)
    }
}

/// cbindgen:ignore
#[doc(hidden)]
#[no_mangle]
pub extern "C" fn _mjPRIVATE__get_tls_warning_fn() -> Handler {
    crate::boundary! {
        error::tls_warning()
    }
}

/// cbindgen:ignore
#[doc(hidden)]
#[no_mangle]
pub extern "C" fn _mjPRIVATE__set_tls_warning_fn(h: Handler) {
    crate::boundary! {
        error::set_tls_warning(h)
    }
}
