//! mjData's arena and stack (simulation chapter, "Memory allocation").
//!
//! One block of `narena` bytes: arena allocations grow up from the bottom (`parena`), the stack
//! grows down from the top (`pstack` bytes in use). `mark` pushes a frame that records `pbase`
//! and `pstack`; `free` pops back to it. High-water marks go to `maxuse_stack`/`maxuse_arena`.

use core::ffi::c_void;
use core::mem::{align_of, size_of};
use core::ptr;

use crate::abi::*;
use crate::mjerror;

/// Stack frame pushed by [`mark`].
#[repr(C)]
struct Frame {
    pbase: usize,
    pstack: usize,
    pc: *mut c_void,
}

#[inline]
fn bottom(d: &mjData) -> usize {
    d.arena as usize + d.narena as usize
}

/// Reports use of a thread pool, which this library does not provide yet.
fn threadpool_unsupported(func: &str) {
    mjerror!(func, "not supported yet: stack allocation with a thread pool bound to mjData");
}

/// Allocates `size` bytes aligned to `align` on the stack; null for size 0. Overflow reports
/// through `mju_error` with upstream's message (and returns null if the handler returns).
pub fn stack_alloc(d: &mut mjData, size: usize, align: usize) -> *mut c_void {
    if size == 0 {
        return ptr::null_mut();
    }
    if d.threadpool != 0 {
        threadpool_unsupported("mj_stackAlloc");
        return ptr::null_mut();
    }
    let align = align.max(1);
    let bot = bottom(d);
    let top = bot - d.pstack;
    let limit = d.arena as usize + d.parena;
    // the new top, computed without wrapping below zero
    let start = top.checked_sub(size).map(|s| s - s % align);
    let available = top.saturating_sub(limit);
    match start {
        Some(start) if top - start <= available => {
            let usage = bot - start;
            d.pstack = usage;
            d.maxuse_stack = d.maxuse_stack.max(usage as i64);
            d.maxuse_arena = d.maxuse_arena.max((usage + d.parena) as i64);
            start as *mut c_void
        }
        _ => {
            let required = start.map(|s| top - s).unwrap_or(usize::MAX);
            mjerror!(
                "mj_stackAlloc",
                "out of memory, stack overflow\n  max = {}, available = {}, requested = {}\n nefc = {}, ncon = {}",
                bot - d.arena as usize - d.parena,
                available,
                required,
                d.nefc,
                d.ncon
            );
            ptr::null_mut()
        }
    }
}

/// Pushes a stack frame (`mj_markStack`).
pub fn mark(d: &mut mjData) {
    if d.threadpool != 0 {
        threadpool_unsupported("mj_markStack");
        return;
    }
    let old_pstack = d.pstack;
    let old_base = d.pbase;
    let f = stack_alloc(d, size_of::<Frame>(), align_of::<Frame>()) as *mut Frame;
    if f.is_null() {
        return;
    }
    unsafe {
        ptr::write(f, Frame { pbase: old_base, pstack: bottom(d) - old_pstack, pc: ptr::null_mut() });
    }
    d.pbase = f as usize;
}

/// Pops the most recent stack frame (`mj_freeStack`); does nothing without one.
pub fn free(d: &mut mjData) {
    if d.threadpool != 0 {
        threadpool_unsupported("mj_freeStack");
        return;
    }
    if d.pbase == 0 {
        return;
    }
    let f = unsafe { ptr::read(d.pbase as *const Frame) };
    d.pbase = f.pbase;
    d.pstack = bottom(d) - f.pstack;
}

/// Bytes left between the arena's top and the stack's top.
pub fn bytes_available(d: &mjData) -> usize {
    let top = bottom(d) - d.pstack;
    top - (d.arena as usize + d.parena)
}

/// Allocates `bytes` aligned to `align` from the arena; null when it does not fit.
pub fn arena_alloc(d: &mut mjData, bytes: usize, align: usize) -> *mut c_void {
    let align = align.max(1);
    let mis = d.parena % align;
    let padding = if mis != 0 { align - mis } else { 0 };
    let available = d.narena as usize - d.pstack;
    if d.parena + padding + bytes > available {
        return ptr::null_mut();
    }
    let p = unsafe { (d.arena as *mut u8).add(d.parena + padding) } as *mut c_void;
    d.parena += padding + bytes;
    d.maxuse_arena = d.maxuse_arena.max((d.pstack + d.parena) as i64);
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data_with_arena(buf: &mut [u64]) -> mjData {
        let mut d: mjData = unsafe { core::mem::zeroed() };
        d.arena = buf.as_mut_ptr() as *mut c_void;
        d.narena = (buf.len() * 8) as i64;
        d
    }

    #[test]
    fn stack_grows_down_and_frames_restore() {
        let mut buf = vec![0u64; 128];
        let mut d = data_with_arena(&mut buf);
        mark(&mut d);
        let frame_use = d.pstack;
        assert_eq!(frame_use, 24);
        let p = stack_alloc(&mut d, 10 * 8, 8) as usize;
        assert_eq!(p, d.arena as usize + 1024 - 24 - 80);
        assert_eq!(d.pstack, 104);
        mark(&mut d);
        stack_alloc(&mut d, 3, 1);
        free(&mut d);
        assert_eq!(d.pstack, 104);
        free(&mut d);
        assert_eq!((d.pstack, d.pbase), (0, 0));
        assert_eq!(d.maxuse_stack, 104 + 24 + 3);
    }

    #[test]
    fn arena_grows_up_and_respects_stack() {
        let mut buf = vec![0u64; 16];
        let mut d = data_with_arena(&mut buf);
        let a = arena_alloc(&mut d, 5, 1) as usize;
        let b = arena_alloc(&mut d, 8, 8) as usize;
        assert_eq!(b - a, 8);
        assert_eq!(d.parena, 16);
        assert_eq!(bytes_available(&d), 112);
        assert!(arena_alloc(&mut d, 113, 1).is_null());
    }
}
