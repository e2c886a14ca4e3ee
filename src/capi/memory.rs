//! The mjData stack and arena.

use core::ffi::{c_int, c_void};
use core::mem::{align_of, size_of};
use core::ptr;

use crate::abi::*;
use crate::data::stack;
use crate::mjerror;

/// Mark a new frame on the mjData stack.
#[no_mangle]
pub unsafe extern "C" fn mj_markStack(d: *mut mjData) {
    crate::boundary! {
        stack::mark(&mut *d)
    }
}

/// Free the current mjData stack frame; pointers allocated since the matching mj_markStack become invalid.
#[no_mangle]
pub unsafe extern "C" fn mj_freeStack(d: *mut mjData) {
    crate::boundary! {
        stack::free(&mut *d)
    }
}

/// Allocate a number of bytes on the mjData stack at a given alignment; calls mju_error on stack overflow.
#[no_mangle]
pub unsafe extern "C" fn mj_stackAllocByte(d: *mut mjData, bytes: usize, alignment: usize) -> *mut c_void {
    crate::boundary! {
        stack::stack_alloc(&mut *d, bytes, alignment)
    }
}

/// Allocate bytes on the mjData stack, naming the caller (function and line) in the stack
/// overflow error.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_stackAllocInfo(
    d: *mut mjData,
    bytes: usize,
    alignment: usize,
    caller: *const core::ffi::c_char,
    line: c_int,
) -> *mut c_void {
    crate::boundary! {
        let name = if caller.is_null() { None } else { Some(core::ffi::CStr::from_ptr(caller).to_str().unwrap_or("?")) };
        stack::stack_alloc_at(&mut *d, bytes, alignment, name.map(|n| (n, line)))
    }
}

/// Allocate an array of mjtNums on the mjData stack; calls mju_error on stack overflow.
#[no_mangle]
pub unsafe extern "C" fn mj_stackAllocNum(d: *mut mjData, size: usize) -> *mut mjtNum {
    crate::boundary! {
        if size >= usize::MAX / size_of::<mjtNum>() {
            mjerror!("mj_stackAllocNum", "requested size is too large (more than 2^64 bytes).");
            return ptr::null_mut();
        }
        stack::stack_alloc(&mut *d, size * size_of::<mjtNum>(), align_of::<mjtNum>()) as *mut mjtNum
    }
}

/// Allocate an array of ints on the mjData stack; calls mju_error on stack overflow.
#[no_mangle]
pub unsafe extern "C" fn mj_stackAllocInt(d: *mut mjData, size: usize) -> *mut c_int {
    crate::boundary! {
        if size >= usize::MAX / size_of::<c_int>() {
            mjerror!("mj_stackAllocInt", "requested size is too large (more than 2^64 bytes).");
            return ptr::null_mut();
        }
        stack::stack_alloc(&mut *d, size * size_of::<c_int>(), align_of::<c_int>()) as *mut c_int
    }
}

/// Allocate bytes in the mjData arena; NULL when the arena is full.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_arenaAllocByte(d: *mut mjData, bytes: usize, alignment: usize) -> *mut c_void {
    crate::boundary! {
        stack::arena_alloc(&mut *d, bytes, alignment)
    }
}

/// Bytes available between the arena and the stack.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_stackBytesAvailable(d: *mut mjData) -> usize {
    crate::boundary! {
        stack::bytes_available(&*d)
    }
}
