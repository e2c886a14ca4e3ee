//! The data's private block: memory after the arrays of a data buffer this library allocated,
//! for state upstream's mjData has no field for. It holds the BVH mark spans
//! ([`super::bvh_marks`]) and the primal solver's store of sparsity patterns
//! ([`PatternStore`], used by `engine::solver::patterns`).
//!
//! Only data this library allocated has the block. Such data carries a tag in the four padding
//! bytes after `nplugin` (a hash of the struct's address, its buffer and the buffer's size);
//! data without a matching tag (made by another library, or a struct copied elsewhere) has no
//! block, and the engine does without it.

use crate::abi::{mjData, mjModel, mjtSolver_};
use core::mem::offset_of;
use core::sync::atomic::{AtomicU32, Ordering::Relaxed};

use super::bvh_marks::BvhMarks;

/// The fixed part of the private block; the pattern store's ints follow it.
#[repr(C)]
struct Block {
    marks: BvhMarks,
    store: StoreHeader,
}

/// Sizes of the pattern store: two halves (the entries committed by the last solve and the
/// ones being written), each with a directory of `maxdir` (offset, length) pairs and `cap` ints.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct StoreSize {
    /// ints of entries per half
    pub cap: u32,
    /// directory entries per half
    pub maxdir: u32,
}

/// Size of the pattern store for data of `m`: none unless its solves may count sparse Hessians
/// (sparse Jacobian and the Newton solver when the data is made). An entry per tree (islands
/// are unions of trees, and an entry's head and counts take 7 ints); room for all of M's
/// pattern and, per dof, 64 ints of Jacobian pattern (rows and columns) and 3 of counts and M
/// rows. Entries that do not fit are counted every time (`engine::solver::patterns`).
pub fn pattern_store_size(m: &mjModel) -> StoreSize {
    if !crate::model::is_sparse(m) || m.opt.solver != mjtSolver_::mjSOL_NEWTON as i32 || m.nv <= 0 {
        return StoreSize::default();
    }
    let (nv, nm, ntree) = (m.nv as u64, m.nM.max(0) as u64, m.ntree.max(1) as u64);
    let cap = nm + nv * (64 + 3) + ntree * 7;
    if cap > i32::MAX as u64 / 4 {
        return StoreSize::default();
    }
    StoreSize { cap: cap as u32, maxdir: ntree as u32 }
}

impl StoreSize {
    /// ints of the whole store
    fn ints(self) -> usize {
        2 * (2 * self.maxdir as usize + self.cap as usize)
    }
}

#[repr(C)]
struct StoreHeader {
    size: StoreSize,
    /// the half holding the committed entries (0 or 1)
    old: AtomicU32,
    /// committed entries
    nold: AtomicU32,
}

/// Offset of the private block from the buffer's start: after the arrays, 8-byte aligned.
fn block_offset(nbuffer: usize) -> usize {
    (nbuffer + 7) & !7
}

/// Bytes to allocate for a data buffer whose arrays take `nbuffer` bytes, with a pattern store
/// of `store`.
fn buffer_alloc_size(nbuffer: usize, store: StoreSize) -> usize {
    block_offset(nbuffer) + core::mem::size_of::<Block>() + 4 * store.ints()
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
/// (every BVH entry may be marked, no patterns stored); null when memory runs out (reported by
/// `alloc::malloc`). Tag the data with [`tag_data`] once the buffer is stored in it.
pub(super) fn alloc_buffer(nbuffer: usize, store: StoreSize) -> *mut core::ffi::c_void {
    let buffer = crate::runtime::alloc::malloc(buffer_alloc_size(nbuffer, store));
    if !buffer.is_null() {
        let p = (buffer as *mut u8).wrapping_add(block_offset(nbuffer)) as *mut Block;
        let header = StoreHeader { size: store, old: AtomicU32::new(0), nold: AtomicU32::new(0) };
        // SAFETY: the fresh block holds buffer_alloc_size(nbuffer, store) bytes, so the private
        // block at block_offset(nbuffer) (8-aligned in a 64-aligned block) fits, and nothing
        // else refers to it yet; the store's ints need no initial values (no entry is committed)
        unsafe { p.write(Block { marks: BvhMarks::new(), store: header }) };
    }
    buffer
}

/// Tags `d`, whose buffer (of `d.nbuffer` bytes of arrays) came from [`alloc_buffer`], so that
/// [`bvh_marks`] and [`pattern_store`] find its private block.
pub(super) fn tag_data(d: &mut mjData) {
    let tag = tag_for(d, d.buffer, d.nbuffer);
    set_tag(d, tag);
}

/// The private block of `d`, if this library allocated its buffer (see the module notes).
#[inline]
fn block(d: &mjData) -> Option<&Block> {
    if tag_of(d) != tag_for(d, d.buffer, d.nbuffer) {
        return None;
    }
    let p = (d.buffer as *const u8).wrapping_add(block_offset(d.nbuffer as usize)) as *const Block;
    // SAFETY: a matching tag is written only by `tag_data`, for a buffer from `alloc_buffer`
    // that holds the private block after its nbuffer bytes of arrays (the tag hashes the
    // struct's address, the buffer and its size, and is cleared before the buffer is freed);
    // the fixed part is only ever accessed through shared references (atomics and sizes set
    // at allocation)
    Some(unsafe { &*p })
}

/// The mark spans of `d`, if it has a private block.
#[inline]
pub fn bvh_marks(d: &mjData) -> Option<&BvhMarks> {
    block(d).map(|b| &b.marks)
}

/// The pattern store of data with a private block: its committed half (the entries of the last
/// solve) is read, the other half written, each entry by one solve. Slices handed out borrow the
/// handle, so laying out and committing (which take it exclusively) happen when none is alive.
pub struct PatternStore {
    header: *const StoreHeader,
    ints: *mut i32,
}

// SAFETY: the handle only reaches the store through the methods below: shared use from several
// threads reads the committed half and writes entries of the other half, one solve's each
// (`next_entry`'s contract)
unsafe impl Send for PatternStore {}
// SAFETY: as above
unsafe impl Sync for PatternStore {}

/// The pattern store of `d`, when it has a private block with room for one.
///
/// # Safety
/// The handle reaches into `d`'s buffer without borrowing it: it must not be used after the
/// buffer is freed or replaced, and no other handle of the same data may be alive (it is meant
/// to live for one call of the constraint stage).
pub unsafe fn pattern_store(d: &mjData) -> Option<PatternStore> {
    let b = block(d)?;
    if b.store.size.cap == 0 || b.store.size.maxdir == 0 {
        return None;
    }
    let ints = (b as *const Block).wrapping_add(1) as *mut i32;
    Some(PatternStore { header: &b.store, ints })
}

impl PatternStore {
    fn header(&self) -> &StoreHeader {
        // SAFETY: made by `pattern_store` from a live block (its contract keeps it alive)
        unsafe { &*self.header }
    }

    /// Sizes of the store.
    pub fn size(&self) -> StoreSize {
        self.header().size
    }

    /// The half holding the committed entries (0 or 1); the other one is being written.
    fn committed_half(&self) -> usize {
        self.header().old.load(Relaxed) as usize & 1
    }

    /// Start (in ints) of half `h`'s directory and of its entries.
    fn half(&self, h: usize) -> (usize, usize) {
        let s = self.size();
        let base = h * (2 * s.maxdir as usize + s.cap as usize);
        (base, base + 2 * s.maxdir as usize)
    }

    /// The committed half: its directory (offset and length of each of its entries; length 0
    /// for an entry that had no room) and its entries.
    pub fn committed(&self) -> (&[i32], &[i32]) {
        let h = self.header();
        let (dir, data) = self.half(self.committed_half());
        let n = (h.nold.load(Relaxed) as usize).min(h.size.maxdir as usize);
        // SAFETY: both ranges lie in the store (its size is fixed at allocation); the
        // committed half is written only after `commit` made it the other half, which needs
        // every slice of it to be gone (see `commit`)
        unsafe {
            (
                core::slice::from_raw_parts(self.ints.add(dir), 2 * n),
                core::slice::from_raw_parts(self.ints.add(data), h.size.cap as usize),
            )
        }
    }

    /// The directory of the half being written, to lay out the next entries.
    pub fn next_dir(&mut self) -> &mut [i32] {
        let h = self.header();
        let (dir, _) = self.half(self.committed_half() ^ 1);
        // SAFETY: the range lies in the store; the handle is borrowed exclusively and is the
        // data's only one (`pattern_store`), so no other slice of the store is alive
        unsafe { core::slice::from_raw_parts_mut(self.ints.add(dir), 2 * h.size.maxdir as usize) }
    }

    /// The room of entry `k` in the half being written, as laid out in its directory; `None`
    /// when it has none.
    ///
    /// # Safety
    /// Each `k` is used by one caller at a time, and the directory is not being changed: the
    /// directory's ranges are disjoint, so entries of different `k` do not overlap.
    #[allow(clippy::mut_from_ref)] // shared handle, exclusive parts: the contract keeps them apart
    pub unsafe fn next_entry(&self, k: usize) -> Option<&mut [i32]> {
        let h = self.header();
        let s = h.size;
        if k >= s.maxdir as usize {
            return None;
        }
        let (dir, data) = self.half(self.committed_half() ^ 1);
        // SAFETY: the directory lies in the store; it is only read here (caller's contract)
        let (off, len) = unsafe { (*self.ints.add(dir + 2 * k), *self.ints.add(dir + 2 * k + 1)) };
        let (off, len) = (off as usize, len as usize);
        if len == 0 || off + len > s.cap as usize {
            return None;
        }
        // SAFETY: the range lies in the half's entries (checked); exclusive by the contract
        Some(unsafe { core::slice::from_raw_parts_mut(self.ints.add(data + off), len) })
    }

    /// Makes the half just written, with its first `n` entries, the committed one (no slice of
    /// the store is alive: the handle is borrowed exclusively).
    pub fn commit(&mut self, n: usize) {
        let h = self.header();
        h.nold.store(n.min(h.size.maxdir as usize) as u32, Relaxed);
        h.old.store((self.committed_half() ^ 1) as u32, Relaxed);
    }
}
