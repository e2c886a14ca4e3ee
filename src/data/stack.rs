//! mjData's arena and stack (simulation chapter, "Memory allocation").
//!
//! One block of `narena` bytes: arena allocations grow up from the bottom (`parena`), the stack
//! grows down from the top (`pstack` bytes in use). `mark` pushes a frame that records `pbase`
//! and `pstack`; `free` pops back to it. High-water marks go to `maxuse_stack`/`maxuse_arena`.
//!
//! With a thread pool bound (`mju_bindThreadPool`), the top of the block is split into one
//! region per thread (the calling thread first, then each worker), each ending in a
//! [`StackInfo`] that replaces `pstack`/`pbase` for that thread; a thread finds its region from
//! its worker id. High-water marks then go to `maxuse_threadstack[worker id]`, and arena
//! allocations take the pool's allocation mutex.

use core::ffi::c_void;
use core::mem::{align_of, size_of};
use core::ptr;

use crate::abi::*;
use crate::mjerror;
use crate::runtime::threadpool;

/// Record of a stack frame pushed by [`mark`].
#[repr(C)]
struct FrameRecord {
    pbase: usize,
    pstack: usize,
    pc: *mut c_void,
}

#[inline]
fn bottom(d: &mjData) -> usize {
    d.arena as usize + d.narena as usize
}

/// Allocates `size` bytes aligned to `align` on the stack; null for size 0. Overflow reports
/// through `mju_error` with upstream's message (and returns null if the handler returns).
#[inline]
pub fn stack_alloc(d: &mut mjData, size: usize, align: usize) -> *mut c_void {
    stack_alloc_at(d, size, align, None)
}

/// Name and line of the code asking for stack memory, named in the overflow report
/// (`mj_stackAllocInfo`).
pub type Caller<'a> = Option<(&'a str, i32)>;

/// [`stack_alloc`] with the caller named in an overflow report.
#[inline]
pub fn stack_alloc_at(d: &mut mjData, size: usize, align: usize, caller: Caller) -> *mut c_void {
    if size == 0 {
        return ptr::null_mut();
    }
    if d.threadpool != 0 {
        return pool_stack_alloc(d, size, align, caller);
    }
    own_stack_alloc(d, size, align, caller)
}

/// [`stack_alloc_at`] of `size > 0` bytes on the data's own stack (no pool bound).
#[inline(always)]
fn own_stack_alloc(d: &mut mjData, size: usize, align: usize, caller: Caller) -> *mut c_void {
    let (top, limit, start) = own_stack_place(d, size, align);
    match start {
        // the same test as top - start <= top - limit (size > 0 puts start below top)
        Some(start) if start >= limit => {
            let usage = bottom(d) - start;
            d.pstack = usage;
            d.maxuse_stack = d.maxuse_stack.max(usage as i64);
            d.maxuse_arena = d.maxuse_arena.max((usage + d.parena) as i64);
            start as *mut c_void
        }
        _ => stack_overflow(d, top, start, top.saturating_sub(limit), caller),
    }
}

/// Where `size` bytes aligned to `align` would go on the data's own stack now: the current
/// top, the lowest address the stack may reach, and the new top (None if it would wrap below
/// zero). They fit when the new top is at or above the limit.
#[inline(always)]
fn own_stack_place(d: &mjData, size: usize, align: usize) -> (usize, usize, Option<usize>) {
    let align = align.max(1);
    let top = bottom(d) - d.pstack;
    let limit = d.arena as usize + d.parena;
    let start = top.checked_sub(size).map(|s| if align.is_power_of_two() { s & !(align - 1) } else { s - s % align });
    (top, limit, start)
}

/// True when `size > 0` bytes aligned to `align` fit on the data's own stack now.
#[inline(always)]
fn own_stack_fits(d: &mjData, size: usize, align: usize) -> bool {
    let (_, limit, start) = own_stack_place(d, size, align);
    size > 0 && start.is_some_and(|s| s >= limit)
}

/// Reports a stack overflow (the slow path of [`stack_alloc`]); returns null.
#[cold]
#[inline(never)]
fn stack_overflow(d: &mjData, top: usize, start: Option<usize>, available: usize, caller: Caller) -> *mut c_void {
    let bot = bottom(d);
    let required = start.map(|s| top - s).unwrap_or(usize::MAX);
    mjerror!(
        "mj_stackAlloc",
        "out of memory, stack overflow{}\n  max = {}, available = {}, requested = {}\n nefc = {}, ncon = {}",
        caller_text(caller),
        bot - d.arena as usize - d.parena,
        available,
        required,
        d.nefc,
        d.ncon
    );
    ptr::null_mut()
}

/// " at CALLER, line N" for an overflow report, or nothing (formatted without allocating).
fn caller_text(caller: Caller<'_>) -> impl core::fmt::Display + '_ {
    struct At<'a>(Caller<'a>);
    impl core::fmt::Display for At<'_> {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            match self.0 {
                Some((name, line)) => write!(f, " at {name}, line {line}"),
                None => Ok(()),
            }
        }
    }
    At(caller)
}

/// Pushes a stack frame (`mj_markStack`).
#[inline]
pub fn mark(d: &mut mjData) {
    if d.threadpool != 0 {
        pool_mark(d);
        return;
    }
    let old_pstack = d.pstack;
    let old_base = d.pbase;
    let f = stack_alloc(d, size_of::<FrameRecord>(), align_of::<FrameRecord>()) as *mut FrameRecord;
    if f.is_null() {
        return;
    }
    // SAFETY: `f` is a fresh, non-null stack allocation of a FrameRecord's size and alignment
    // inside the arena (stack_alloc checked the room)
    unsafe {
        ptr::write(f, FrameRecord { pbase: old_base, pstack: bottom(d) - old_pstack, pc: ptr::null_mut() });
    }
    d.pbase = f as usize;
}

/// Pops the most recent stack frame (`mj_freeStack`); does nothing without one.
#[inline]
pub fn free(d: &mut mjData) {
    if d.threadpool != 0 {
        pool_free(d);
        return;
    }
    if d.pbase == 0 {
        return;
    }
    // SAFETY: a non-zero pbase is the address of the FrameRecord `mark` wrote, still on the stack
    let f = unsafe { ptr::read(d.pbase as *const FrameRecord) };
    d.pbase = f.pbase;
    d.pstack = bottom(d) - f.pstack;
}

/// Address of the innermost open stack frame of the calling thread (0 when none).
#[inline]
fn innermost_frame(d: &mjData) -> usize {
    if d.threadpool == 0 {
        return d.pbase;
    }
    let (info, _) = own_stack_info(d);
    // SAFETY: a non-null StackInfo is the calling thread's record inside the arena, written
    // by bind_thread_pool and only by this thread afterwards
    unsafe { info.as_ref() }.map_or(0, |i| i.stack_base)
}

/// Plain data that scratch memory may hold: every initialised bit pattern is a valid value.
///
/// # Safety
/// Implement only for types without invalid bit patterns, pointers to be followed, or `Drop`.
pub unsafe trait Scratch: Copy {}
// SAFETY: numbers and C structs of numbers
unsafe impl Scratch for f64 {}
// SAFETY: as above
unsafe impl Scratch for f32 {}
// SAFETY: as above
unsafe impl Scratch for i32 {}
// SAFETY: as above
unsafe impl Scratch for u8 {}
// SAFETY: as above
unsafe impl Scratch for u32 {}
// SAFETY: as above
unsafe impl Scratch for usize {}
// SAFETY: as above
unsafe impl Scratch for mjContact {}
// SAFETY: arrays of such types
unsafe impl<T: Scratch, const N: usize> Scratch for [T; N] {}

/// Scratch memory on mjData's stack, open for one [`with_frame`] call (`mj_markStack` when it
/// opens, `mj_freeStack` when it closes). Slices it hands out live as long as the frame, and
/// only the innermost open frame hands them out, so they never overlap.
pub struct Frame<'f> {
    base: usize,
    data: *const mjData,
    // invariant in 'f: slices cannot be made to outlive the frame
    _f: core::marker::PhantomData<fn(&'f ()) -> &'f ()>,
}

/// Runs `body` with a new stack frame of `d`, then pops it. `body` gets `d` back, so it can use
/// the data (and open inner frames) while it holds scratch slices.
#[inline]
pub fn with_frame<R>(d: &mut mjData, body: impl for<'f> FnOnce(&mut mjData, &Frame<'f>) -> R) -> R {
    mark(d);
    let frame = Frame { base: innermost_frame(d), data: d, _f: core::marker::PhantomData };
    let r = body(d, &frame);
    assert!(innermost_frame(d) == frame.base, "stack frame closed out of order");
    free(d);
    r
}

impl<'f> Frame<'f> {
    /// `n` values of scratch (their contents are whatever the stack held); empty after an
    /// overflow that the error handler returned from. Panics when `d` is not the frame's data
    /// or an inner frame is open.
    #[inline]
    pub fn alloc<T: Scratch>(&self, d: &mut mjData, n: usize) -> &'f mut [T] {
        let p = if d.threadpool == 0 {
            // without a pool the innermost frame is `pbase` (checked here once, not again in
            // innermost_frame and stack_alloc)
            assert!(
                core::ptr::eq(d, self.data) && d.pbase == self.base,
                "scratch from a frame that is not the innermost open one"
            );
            let bytes = n * size_of::<T>();
            if bytes == 0 {
                return &mut [];
            }
            own_stack_alloc(d, bytes, align_of::<T>(), None)
        } else {
            self.pool_alloc(d, n * size_of::<T>(), align_of::<T>())
        } as *mut T;
        if p.is_null() {
            return &mut [];
        }
        // SAFETY: stack_alloc reserved n*size_of::<T>() bytes aligned for T inside the arena,
        // below every live slice of this and the outer frames and above the arena arrays, and
        // nothing else is handed that memory until this frame closes, which ends 'f. The arena
        // is initialised when allocated (data::make), and T accepts any initialised bytes.
        unsafe { core::slice::from_raw_parts_mut(p, n) }
    }

    /// [`Self::alloc`] with a thread pool bound (out of line: the common case has none).
    #[inline(never)]
    fn pool_alloc(&self, d: &mut mjData, bytes: usize, align: usize) -> *mut c_void {
        assert!(
            core::ptr::eq(d, self.data) && innermost_frame(d) == self.base,
            "scratch from a frame that is not the innermost open one"
        );
        stack_alloc(d, bytes, align)
    }

    /// `n` mjtNums of scratch.
    #[inline]
    pub fn nums(&self, d: &mut mjData, n: usize) -> &'f mut [f64] {
        self.alloc(d, n)
    }

    /// Runs of `counts[k]` mjtNums, in one allocation at the addresses (and with the stack
    /// high-water mark) that one [`Self::nums`] call per run, in order, would give: runs of
    /// doubles need no padding between them, and the first run lies highest, as the stack grows
    /// down. When the runs do not fit (or a pool is bound) they are taken one by one, so an
    /// overflow is reported for the run that fails, as upstream reports it.
    #[inline(always)]
    pub fn nums_many<const N: usize>(&self, d: &mut mjData, counts: [usize; N]) -> [&'f mut [f64]; N] {
        let total: usize = counts.iter().sum();
        if d.threadpool != 0 || !own_stack_fits(d, total * size_of::<f64>(), align_of::<f64>()) {
            return counts.map(|n| self.nums(d, n));
        }
        let mut rest: &'f mut [f64] = self.alloc(d, total);
        counts.map(|n| {
            let all = core::mem::take(&mut rest);
            let at = all.len() - n;
            let (below, run) = all.split_at_mut(at);
            rest = below;
            run
        })
    }

    /// `n` ints of scratch.
    #[inline]
    pub fn ints(&self, d: &mut mjData, n: usize) -> &'f mut [i32] {
        self.alloc(d, n)
    }
}

/// Bytes left between the arena's top and the stack's top.
pub fn bytes_available(d: &mjData) -> usize {
    if d.threadpool != 0 {
        return pool_bytes_available(d);
    }
    let top = bottom(d) - d.pstack;
    top - (d.arena as usize + d.parena)
}

/// Arena offset up to which the arena may grow without reaching any stack: `narena - pstack`,
/// and with a pool bound also below the lowest thread's stack region.
pub fn arena_limit(d: &mjData) -> usize {
    let limit = d.narena as usize - d.pstack;
    if d.threadpool == 0 {
        return limit;
    }
    let info = thread_stack_info(d, shard_count(d) - 1);
    if info.is_null() {
        return 0;
    }
    limit.min((info as usize).saturating_sub(d.arena as usize))
}

/// Allocates `bytes` aligned to `align` from the arena; null when it does not fit.
pub fn arena_alloc(d: &mut mjData, bytes: usize, align: usize) -> *mut c_void {
    if d.threadpool != 0 {
        // arena allocations from several threads are serialised by the pool's mutex
        // SAFETY: a non-zero `threadpool` was set by bind_thread_pool from mju_threadPoolCreate's
        // pool, which the caller keeps alive while it is bound
        let pool = unsafe { threadpool::pool_impl(d.threadpool as *const mjThreadPool) };
        if let Some(p) = pool {
            threadpool::lock_alloc(p);
        }
        // below the threads' stack regions too: upstream lets the arena run over them, which
        // overwrites their stack records and crashes the next stack allocation of a worker
        let r = arena_alloc_unlocked(d, bytes, align, arena_limit(d));
        if let Some(p) = pool {
            threadpool::unlock_alloc(p);
        }
        return r;
    }
    arena_alloc_unlocked(d, bytes, align, arena_limit(d))
}

/// Places several arrays (pointer slot, bytes, alignment) in the arena one after another, as
/// successive [`arena_alloc`] calls would (same addresses, same high-water mark), with the pool's
/// lock taken once. Alignments are powers of two (`align_of`). Stops at the first array that
/// does not fit and returns false.
pub fn arena_alloc_slots(d: &mut mjData, slots: &[(*mut *mut c_void, usize, usize)]) -> bool {
    let pool = if d.threadpool != 0 {
        // SAFETY: as in arena_alloc, a bound pool outlives its binding
        unsafe { threadpool::pool_impl(d.threadpool as *const mjThreadPool) }
    } else {
        None
    };
    if let Some(p) = pool {
        threadpool::lock_alloc(p);
    }
    let available = arena_limit(d);
    let (mut top, mut placed, mut ok) = (d.parena, false, true);
    for &(slot, bytes, align) in slots {
        // alignments of Rust types are powers of two: the padding to the next multiple is the
        // low bits of -top
        debug_assert!(align.is_power_of_two());
        let padding = top.wrapping_neg() & (align - 1);
        if top + padding + bytes > available {
            ok = false;
            break;
        }
        // SAFETY: the caller's slots are mjData's own pointer fields (solver_arrays); the address
        // stays inside the arena, top + padding + bytes <= narena - pstack (checked above)
        unsafe { *slot = (d.arena as *mut u8).add(top + padding) as *mut c_void };
        top += padding + bytes;
        placed = true;
    }
    if placed {
        d.parena = top;
        d.maxuse_arena = d.maxuse_arena.max((d.pstack + d.parena) as i64);
    }
    if let Some(p) = pool {
        threadpool::unlock_alloc(p);
    }
    ok
}

#[inline]
fn arena_alloc_unlocked(d: &mut mjData, bytes: usize, align: usize, available: usize) -> *mut c_void {
    let align = align.max(1);
    let mis = if align.is_power_of_two() { d.parena & (align - 1) } else { d.parena % align };
    let padding = if mis != 0 { align - mis } else { 0 };
    if d.parena + padding + bytes > available {
        return ptr::null_mut();
    }
    // SAFETY: parena + padding + bytes fits below `available`, at most narena (checked above)
    let p = unsafe { (d.arena as *mut u8).add(d.parena + padding) } as *mut c_void;
    d.parena += padding + bytes;
    d.maxuse_arena = d.maxuse_arena.max((d.pstack + d.parena) as i64);
    p
}

//------------------------------------------ thread pool -------------------------------------------

/// Stack bookkeeping of one thread when a pool is bound (upstream's `mjStackInfo`), stored at
/// the low end of that thread's region. All four are addresses.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct StackInfo {
    /// First address above the region (the stack grows down from here).
    pub bottom: usize,
    /// Current top of the stack.
    pub top: usize,
    /// Lowest address the stack may reach (just above this record).
    pub limit: usize,
    /// Most recent frame pushed by mark, 0 if none.
    pub stack_base: usize,
}

/// Stack regions are sized in multiples of this (upstream's destructive interference size).
const SHARD_ALIGN: usize = 128;

/// Number of stack regions: the pool's worker threads plus the calling thread.
fn shard_count(d: &mjData) -> usize {
    // SAFETY: `threadpool` is 0 or a bound pool that outlives its binding (bind_thread_pool)
    match unsafe { threadpool::pool_impl(d.threadpool as *const mjThreadPool) } {
        Some(p) => threadpool::number_of_threads(p) + 1,
        None => 1,
    }
}

/// The stack record of thread `thread_id` (0: the thread that does not belong to the pool).
/// Errors as upstream does when the pool was not bound or the arena cannot hold one region per
/// thread; null when no region can be computed.
pub fn thread_stack_info(d: &mjData, thread_id: usize) -> *mut StackInfo {
    // SAFETY: `threadpool` is 0 or a bound pool that outlives its binding (bind_thread_pool)
    let pool = unsafe { threadpool::pool_impl(d.threadpool as *const mjThreadPool) };
    if !pool.is_some_and(threadpool::is_bound) {
        crate::runtime::error::raise(format_args!(
            "Thread Pool not bound, use mju_bindThreadPool to add an mjThreadPool to mjData"
        ));
    }
    let shards = shard_count(d);
    let total = d.narena as usize;
    let mut per = total / (2 * shards);
    let mis = per % SHARD_ALIGN;
    if mis != 0 {
        per += SHARD_ALIGN - mis;
    }
    if per * shards > total {
        crate::runtime::error::raise(format_args!("Arena is not large enough for {shards} shards"));
        return ptr::null_mut();
    }
    if thread_id >= shards {
        mjerror!("mj_stackAlloc", "worker {thread_id} does not belong to the thread pool bound to mjData");
        return ptr::null_mut();
    }
    let at = bottom(d) - (thread_id + 1) * per;
    (at - at % align_of::<StackInfo>()) as *mut StackInfo
}

/// Binds a pool to `d` (`mju_bindThreadPool`): records it and splits the stack into one region
/// per thread. The calling thread's region keeps what is already on the stack.
///
/// # Safety
/// `pool` must come from `mju_threadPoolCreate` and outlive its use by `d`.
pub unsafe fn bind_thread_pool(d: &mut mjData, pool: *mut mjThreadPool) {
    if d.threadpool != 0 {
        crate::runtime::error::raise(format_args!("Thread Pool already bound to mjData"));
    }
    d.threadpool = pool as usize;
    // SAFETY: the caller passes a pool from mju_threadPoolCreate (or null)
    if let Some(p) = unsafe { threadpool::pool_impl(pool) } {
        threadpool::set_bound(p);
    }
    let shards = shard_count(d);
    let current_top = bottom(d) - d.pstack;
    let mut cursor = bottom(d);
    for k in 0..shards {
        let info = thread_stack_info(d, k);
        if info.is_null() {
            return;
        }
        let at = info as usize;
        let (top, base) = if k == 0 {
            if at > current_top {
                mjerror!(
                    "mj_bindThreadPool",
                    "sharding stack - existing stack larger than shard size: current_size = {}, max_size = {}",
                    current_top,
                    at
                );
            }
            (current_top, d.pbase)
        } else {
            (cursor, 0)
        };
        // SAFETY: thread_stack_info gives the aligned address of region k's record, inside the
        // arena and below the region's bottom
        unsafe {
            ptr::write(info, StackInfo { bottom: cursor, top, limit: at + size_of::<StackInfo>(), stack_base: base })
        };
        cursor = at - 1;
    }
}

/// `x mod b` as upstream computes it (a mask for powers of two, so alignment 0 gives `x`).
#[inline]
fn fastmod(x: usize, b: usize) -> usize {
    if b & b.wrapping_sub(1) == 0 {
        x & b.wrapping_sub(1)
    } else {
        x % b
    }
}

/// The calling thread's stack record, or null (after an error report).
fn own_stack_info(d: &mjData) -> (*mut StackInfo, usize) {
    let id = threadpool::current_worker_id();
    (thread_stack_info(d, id), id)
}

/// Stack allocation in the calling thread's region.
#[inline(never)]
fn pool_stack_alloc(d: &mut mjData, size: usize, align: usize, caller: Caller) -> *mut c_void {
    if size == 0 {
        return ptr::null_mut();
    }
    let (info, id) = own_stack_info(d);
    if info.is_null() {
        return ptr::null_mut();
    }
    // SAFETY: `info` is this thread's record in the arena (non-null, checked), and only this
    // thread touches it
    unsafe { alloc_in(d, &mut *info, id, size, align, caller) }
}

/// Allocates `size` bytes below `info.top`; updates `maxuse_threadstack[id]`.
///
/// # Safety
/// `info` must be the record of thread `id` in `d`.
unsafe fn alloc_in(
    d: *mut mjData,
    info: &mut StackInfo,
    id: usize,
    size: usize,
    align: usize,
    caller: Caller,
) -> *mut c_void {
    let top = info.top;
    let start = top.checked_sub(size).map(|s| s - fastmod(s, align));
    let available = top.wrapping_sub(info.limit);
    let required = start.map_or(usize::MAX, |s| top - s);
    let Some(start) = start.filter(|_| required <= available) else {
        mjerror!(
            "mj_stackAlloc",
            "out of memory, stack overflow{}\n  max = {}, available = {}, requested = {}\n nefc = {}, ncon = {}",
            caller_text(caller),
            info.bottom.wrapping_sub(info.limit),
            available,
            required,
            // SAFETY: `d` is the caller's valid mjData (this function's contract)
            unsafe { (*d).nefc },
            // SAFETY: as above
            unsafe { (*d).ncon }
        );
        return ptr::null_mut();
    };
    info.top = start;
    let usage = info.bottom.wrapping_sub(start) as mjtSize;
    if id < mjMAXTHREAD {
        // each thread writes only its own entry
        // SAFETY: `d` is valid (contract); id < mjMAXTHREAD indexes the fixed array in bounds
        unsafe {
            let slot = ptr::addr_of_mut!((*d).maxuse_threadstack[id]);
            if *slot < usage {
                *slot = usage;
            }
        }
    }
    start as *mut c_void
}

/// `mark` in the calling thread's region.
#[inline(never)]
fn pool_mark(d: &mut mjData) {
    let (info, id) = own_stack_info(d);
    if info.is_null() {
        return;
    }
    // SAFETY: `info` is this thread's record (non-null, checked), touched by this thread only;
    // the frame written is a fresh allocation of its size and alignment
    unsafe {
        let info = &mut *info;
        let old_top = info.top;
        let f = alloc_in(d, info, id, size_of::<FrameRecord>(), align_of::<FrameRecord>(), None) as *mut FrameRecord;
        if f.is_null() {
            return;
        }
        ptr::write(f, FrameRecord { pbase: info.stack_base, pstack: old_top, pc: ptr::null_mut() });
        info.stack_base = f as usize;
    }
}

/// `free` in the calling thread's region.
#[inline(never)]
fn pool_free(d: &mut mjData) {
    let (info, _) = own_stack_info(d);
    if info.is_null() {
        return;
    }
    // SAFETY: `info` is this thread's record (non-null, checked); a non-zero stack_base is the
    // FrameRecord pool_mark wrote, still on this thread's stack
    unsafe {
        let info = &mut *info;
        if info.stack_base == 0 {
            return;
        }
        let f = ptr::read(info.stack_base as *const FrameRecord);
        info.stack_base = f.pbase;
        info.top = f.pstack;
    }
}

/// Bytes left in the calling thread's region.
fn pool_bytes_available(d: &mjData) -> usize {
    let (info, _) = own_stack_info(d);
    if info.is_null() {
        return 0;
    }
    // SAFETY: `info` is this thread's record (non-null, checked)
    unsafe { (*info).top.wrapping_sub((*info).limit) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data_with_arena(buf: &mut [u64]) -> mjData {
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
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
    fn nums_many_matches_one_call_per_run() {
        // the same runs taken one by one and together: same addresses, same stack use
        let counts = [3, 0, 5, 2];
        let mut layouts = Vec::new();
        for together in [false, true] {
            let mut buf = vec![0u64; 64];
            let mut d = data_with_arena(&mut buf);
            // an odd stack top first, so the runs start with padding
            mark(&mut d);
            stack_alloc(&mut d, 4, 4);
            let base = d.arena as usize;
            let addrs: Vec<(usize, usize)> = with_frame(&mut d, |d, f| {
                let runs: Vec<&mut [f64]> = if together {
                    f.nums_many(d, counts).into_iter().collect()
                } else {
                    counts.map(|n| f.nums(d, n)).into_iter().collect()
                };
                // (an empty run has no address in the stack)
                runs.iter().map(|r| if r.is_empty() { (0, 0) } else { (r.as_ptr() as usize - base, r.len()) }).collect()
            });
            layouts.push((addrs, d.maxuse_stack, d.maxuse_arena));
        }
        assert_eq!(layouts[0], layouts[1]);
        let (addrs, maxuse, _) = &layouts[0];
        assert_eq!(addrs.iter().map(|a| a.1).collect::<Vec<_>>(), counts);
        // first run highest, runs back to back below it, 8-aligned below the 4-byte block
        assert_eq!(addrs[0].0, 512 - 24 - 8 - 24 - 24);
        assert_eq!(addrs[2].0, addrs[0].0 - 40);
        assert_eq!(addrs[3].0, addrs[2].0 - 16);
        assert_eq!(*maxuse, (512 - addrs[3].0) as i64);
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

    struct Probe {
        d: *mut mjData,
        avail: usize,
        used: usize,
        id: usize,
    }

    unsafe extern "C" fn probe(arg: *mut c_void) -> *mut c_void {
        // SAFETY: test fixture: called only by this test with pointers to its own live objects
        unsafe {
            let p = &mut *(arg as *mut Probe);
            let d = &mut *p.d;
            p.id = threadpool::current_worker_id();
            p.avail = bytes_available(d);
            mark(d);
            let q = stack_alloc(d, 8, 8);
            p.used = p.avail - bytes_available(d);
            assert!(!q.is_null());
            free(d);
            assert_eq!(bytes_available(d), p.avail);
            arg
        }
    }

    #[test]
    fn bound_pool_splits_the_stack() {
        let mut buf = vec![0u64; 4096];
        let mut d = data_with_arena(&mut buf);
        let end = d.arena as usize + 32768;
        mark(&mut d);
        stack_alloc(&mut d, 100, 8);
        assert_eq!(d.pstack, 128);
        let pool = threadpool::create(2);
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        unsafe { bind_thread_pool(&mut d, pool) };
        // 3 regions of 32768 / 6 rounded up to a multiple of 128 bytes
        let per = 5504;
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        let infos: Vec<StackInfo> = (0..3).map(|k| unsafe { *thread_stack_info(&d, k) }).collect();
        assert_eq!(thread_stack_info(&d, 0) as usize, end - per);
        assert_eq!(thread_stack_info(&d, 2) as usize, end - 3 * per);
        assert_eq!((infos[0].bottom, infos[0].top, infos[0].stack_base), (end, end - 128, d.pbase));
        assert_eq!(infos[0].limit, end - per + 32);
        assert_eq!((infos[1].bottom, infos[1].top, infos[1].stack_base), (end - per - 1, end - per - 1, 0));
        assert_eq!(infos[2].bottom, end - 2 * per - 1);
        assert_eq!(bytes_available(&d), per - 128 - 32);

        // the calling thread uses region 0; d.pstack no longer moves
        mark(&mut d);
        assert_eq!(d.pstack, 128);
        assert_eq!(d.maxuse_threadstack[0], 152);
        free(&mut d);
        assert_eq!(bytes_available(&d), per - 128 - 32);

        // workers use their own regions
        let mut probes: Vec<Probe> = (0..8).map(|_| Probe { d: &mut d, avail: 0, used: 0, id: 0 }).collect();
        let mut tasks: Vec<mjTask> = probes
            .iter_mut()
            .map(|p| mjTask { func: Some(probe), args: p as *mut Probe as *mut c_void, status: 0 })
            .collect();
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        unsafe {
            let p = threadpool::pool_impl(pool).unwrap();
            for t in tasks.iter_mut() {
                threadpool::enqueue(p, t);
            }
            for t in tasks.iter_mut() {
                threadpool::join(t);
            }
        }
        for p in &probes {
            assert!(p.id == 1 || p.id == 2);
            assert_eq!(p.avail, per - 33);
            assert_eq!(p.used, 39);
            assert_eq!(d.maxuse_threadstack[p.id], 39);
        }
        // arena allocation still works (under the pool's mutex)
        assert!(!arena_alloc(&mut d, 64, 8).is_null());
        assert_eq!(d.parena, 64);
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        unsafe { threadpool::destroy(pool) };
    }
}
