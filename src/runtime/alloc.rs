//! `mju_malloc` / `mju_free`: the user-replaceable allocator behind every model and data buffer.

use core::ffi::c_void;

/// User allocator; replaces the default 64-byte aligned one when set.
#[no_mangle]
pub static mut mju_user_malloc: Option<unsafe extern "C" fn(usize) -> *mut c_void> = None;
/// User deallocator, the counterpart of mju_user_malloc.
#[no_mangle]
pub static mut mju_user_free: Option<unsafe extern "C" fn(*mut c_void)> = None;

/// Allocates `size` bytes, 64-byte aligned with the default allocator; reports
/// "Could not allocate memory" through `mju_error` on failure (and returns null if the handler
/// returns).
pub fn malloc(size: usize) -> *mut c_void {
    // SAFETY: the user allocator is a C function taking a size; aligned_alloc gets a multiple
    // of the alignment
    let p = unsafe {
        if let Some(f) = mju_user_malloc {
            f(size)
        } else {
            let padded = size.div_ceil(64).max(1) * 64;
            libc::aligned_alloc(64, padded)
        }
    };
    if p.is_null() {
        crate::runtime::error::raise(format_args!("Could not allocate memory"));
    }
    p
}

/// Frees memory from [`malloc`]; null is ignored.
///
/// # Safety
/// `p` must be null or a block from [`malloc`] not freed yet.
pub unsafe fn free(p: *mut c_void) {
    if p.is_null() {
        return;
    }
    // SAFETY: `p` came from the same allocator (this function's contract)
    unsafe {
        if let Some(f) = mju_user_free {
            f(p)
        } else {
            libc::free(p)
        }
    }
}
