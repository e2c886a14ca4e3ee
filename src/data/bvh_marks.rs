//! Which parts of `bvh_active` may hold marks. Upstream clears all `nbvh` entries at the start of
//! every collision pass; on models with large meshes that is hundreds of kilobytes per step (a
//! mesh's tree has about two nodes per face), while collisions mark only the body and flex trees
//! (small, and cleared on every pass) and rays only the mesh trees they cross (tracked here). The
//! spans live in a private block after the data buffer's arrays. Allocation, reset and copy
//! (writes from outside the engine) set the whole array as marked. Clearing therefore leaves the
//! same array as clearing everything; only a caller that writes nonzero values into `bvh_active`
//! itself would see them survive the next collision pass.
//!
//! Only data this library allocated has the block. Such data carries a tag in the four padding
//! bytes after `nplugin` (a hash of the struct's address, its buffer and the buffer's size);
//! data without a matching tag (made by another library, or a struct copied elsewhere) gets
//! upstream's full clear and no spans.

use crate::abi::{mjData, mjModel};
use core::mem::offset_of;
use core::ops::Range;
use core::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};

/// Half-open index range `[lo, hi)` of `bvh_active` that may be nonzero; empty when `lo >= hi`.
/// Atomic because rays (`mj_ray` on shared data) may mark from several threads at once.
#[repr(C)]
pub struct Span {
    lo: AtomicU32,
    hi: AtomicU32,
}

/// The spans that may hold marks outside the body and flex trees.
#[repr(C)]
pub struct BvhMarks {
    /// Everything may be marked (after a write the engine did not track).
    all: AtomicBool,
    /// Mesh trees (rays).
    pub mesh: Span,
}

/// Offset of the private block from the buffer's start: after the arrays, 8-byte aligned.
pub fn block_offset(nbuffer: usize) -> usize {
    (nbuffer + 7) & !7
}

/// Bytes to allocate for a data buffer whose arrays take `nbuffer` bytes.
pub fn buffer_alloc_size(nbuffer: usize) -> usize {
    block_offset(nbuffer) + core::mem::size_of::<BvhMarks>()
}

/// Byte offset of the tag: the padding between `nplugin` and `pstack`.
const TAG_OFFSET: usize = offset_of!(mjData, nplugin) + 4;
const _: () = assert!(offset_of!(mjData, pstack) == TAG_OFFSET + 4);

/// The tag data at `d` with its current buffer carries when this library made the buffer.
fn tag_for(d: *const mjData, buffer: *const core::ffi::c_void, nbuffer: i64) -> u32 {
    let h = (d as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (buffer as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ (nbuffer as u64).rotate_left(29);
    ((h >> 32) as u32 ^ h as u32) | 1
}

/// Writes `tag` into the tag slot of `d` (the padding after `nplugin`), e.g. to keep a tag
/// across a byte copy of the struct.
pub(super) fn set_tag(d: &mut mjData, tag: u32) {
    let p = (d as *mut mjData as *mut u8).wrapping_add(TAG_OFFSET) as *mut u32;
    // SAFETY: TAG_OFFSET..TAG_OFFSET + 4 lies inside the struct (the padding between `nplugin`
    // and `pstack`, checked above), 4-aligned as `pstack` is 8-aligned; `d` is borrowed
    // exclusively and no field covers these bytes
    unsafe { p.write(tag) }
}

/// The tag `d` carries now.
pub(super) fn tag_of(d: &mjData) -> u32 {
    let p = (d as *const mjData as *const u8).wrapping_add(TAG_OFFSET) as *const u32;
    // SAFETY: as in `set_tag`, for a shared borrow; the bytes are initialised: data lives in
    // blocks from C or from `data::make`, which writes every byte of the struct (zeroed on
    // allocation, copied byte for byte)
    unsafe { p.read() }
}

/// Clears the tag of `d` (before its blocks are freed, so that a later struct at the same
/// address does not take stale memory for its block).
pub(super) fn clear_tag(d: &mut mjData) {
    set_tag(d, 0);
}

/// Allocates a data buffer for arrays of `nbuffer` bytes with the private block after them
/// (every entry may be marked); null when memory runs out (reported by `alloc::malloc`). Tag
/// the data with [`tag_data`] once the buffer is stored in it.
pub(super) fn alloc_buffer(nbuffer: usize) -> *mut core::ffi::c_void {
    let buffer = crate::runtime::alloc::malloc(buffer_alloc_size(nbuffer));
    if !buffer.is_null() {
        let p = (buffer as *mut u8).wrapping_add(block_offset(nbuffer)) as *mut BvhMarks;
        let span = |lo, hi| Span { lo: AtomicU32::new(lo), hi: AtomicU32::new(hi) };
        // SAFETY: the fresh block holds buffer_alloc_size(nbuffer) bytes, so the private block
        // at block_offset(nbuffer) (8-aligned in a 64-aligned block) fits, and nothing else
        // refers to it yet
        unsafe { p.write(BvhMarks { all: AtomicBool::new(true), mesh: span(u32::MAX, 0) }) };
    }
    buffer
}

/// Tags `d`, whose buffer (of `d.nbuffer` bytes of arrays) came from [`alloc_buffer`], so that
/// [`bvh_marks`] finds its private block.
pub(super) fn tag_data(d: &mut mjData) {
    let tag = tag_for(d, d.buffer, d.nbuffer);
    set_tag(d, tag);
}

/// The mark spans of `d`, if this library allocated its buffer (see the module notes).
#[inline]
pub fn bvh_marks(d: &mjData) -> Option<&BvhMarks> {
    if tag_of(d) != tag_for(d, d.buffer, d.nbuffer) {
        return None;
    }
    let p = (d.buffer as *const u8).wrapping_add(block_offset(d.nbuffer as usize)) as *const BvhMarks;
    // SAFETY: a matching tag is written only by `tag_data`, for a buffer from `alloc_buffer`
    // that holds the private block after its nbuffer bytes of arrays (the tag hashes the
    // struct's address, the buffer and its size, and is cleared before the buffer is freed);
    // the block is only ever accessed through shared references (atomics)
    Some(unsafe { &*p })
}

impl BvhMarks {
    /// Any entry may be marked (after a write the engine did not track); the mesh span is left
    /// empty, as the whole array covers it.
    pub fn set_all(&self) {
        self.all.store(true, Relaxed);
        self.mesh.lo.store(u32::MAX, Relaxed);
        self.mesh.hi.store(0, Relaxed);
    }

    /// Sets every entry that may be marked to zero: the tracked spans (left empty) and the
    /// body and flex trees.
    pub fn clear(&self, m: &mjModel, active: &mut [u8]) {
        let mesh = self.mesh.take();
        // (plain loads first: a locked swap on every collision pass costs more than the clear
        // of a small model)
        if self.all.load(Relaxed) {
            self.all.store(false, Relaxed);
            active.fill(0);
            return;
        }
        let trees = [tree_bounds(m.body_bvhadr(), m.body_bvhnum()), tree_bounds(m.flex_bvhadr(), m.flex_bvhnum())];
        for r in [mesh].into_iter().chain(trees) {
            let end = r.end.min(active.len());
            active[r.start.min(end)..end].fill(0);
        }
    }
}

/// The node range covering every tree of one kind (`adr`, `num` per object).
fn tree_bounds(adr: &[i32], num: &[i32]) -> Range<usize> {
    let (mut lo, mut hi) = (usize::MAX, 0);
    for (&a, &n) in adr.iter().zip(num) {
        if a >= 0 && n > 0 {
            lo = lo.min(a as usize);
            hi = hi.max(a as usize + n as usize);
        }
    }
    lo.min(hi)..hi
}

impl Span {
    /// Entries `start..end` may be marked from now on.
    #[inline]
    pub fn widen(&self, start: usize, end: usize) {
        let (start, end) = (start as u32, end as u32);
        if self.lo.load(Relaxed) > start {
            self.lo.fetch_min(start, Relaxed);
        }
        if self.hi.load(Relaxed) < end {
            self.hi.fetch_max(end, Relaxed);
        }
    }

    /// The span, leaving it empty. An empty span (the usual case: no ray since the last
    /// pass) is only read.
    fn take(&self) -> Range<usize> {
        let (lo, hi) = (self.lo.load(Relaxed), self.hi.load(Relaxed));
        if lo >= hi {
            return 0..0;
        }
        let lo = self.lo.swap(u32::MAX, Relaxed) as usize;
        let hi = self.hi.swap(0, Relaxed) as usize;
        lo.min(hi)..hi
    }
}
