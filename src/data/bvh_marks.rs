//! Which parts of `bvh_active` may hold marks. Upstream clears all `nbvh` entries at the start of
//! every collision pass; on models with large meshes that is hundreds of kilobytes per step (a
//! mesh's tree has about two nodes per face), while collisions mark only body and flex trees and
//! rays only the mesh trees they cross. The spans live in a private block after the data
//! buffer's arrays. Every engine writer of `bvh_active` widens them; allocation, reset and copy
//! (writes from outside the engine) set them to the whole array. Clearing the spans therefore
//! leaves the same array as clearing everything; only a caller that writes nonzero values into
//! `bvh_active` itself would see them survive the next collision pass.

use crate::abi::{mjData, mjModel};
use core::ops::Range;
use core::sync::atomic::{AtomicU32, Ordering::Relaxed};

/// Half-open index range `[lo, hi)` of `bvh_active` that may be nonzero; empty when `lo >= hi`.
/// Atomic because rays (`mj_ray` on shared data) may mark from several threads at once.
#[repr(C)]
pub struct Span {
    lo: AtomicU32,
    hi: AtomicU32,
}

/// The spans that may hold marks, one per kind of tree: the compiler places body trees first,
/// then mesh trees, then flex trees, so one span for all would cover the meshes whenever a flex
/// collides.
#[repr(C)]
pub struct BvhMarks {
    /// Body trees (collisions).
    pub body: Span,
    /// Flex trees (collisions).
    pub flex: Span,
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

/// The mark spans of `d`.
///
/// # Safety
/// `d.buffer` must have been allocated with `buffer_alloc_size(d.nbuffer)` bytes.
#[inline]
pub unsafe fn bvh_marks(d: &mjData) -> &BvhMarks {
    &*((d.buffer as *const u8).add(block_offset(d.nbuffer as usize)) as *const BvhMarks)
}

impl BvhMarks {
    /// Any entry may be marked (after a write the engine did not track).
    pub fn set_all(&self, m: &mjModel) {
        self.body.lo.store(0, Relaxed);
        self.body.hi.store(m.nbvh.max(0) as u32, Relaxed);
        for s in [&self.flex, &self.mesh] {
            s.take();
        }
    }

    /// Sets every entry that may be marked to zero, leaving the spans empty.
    pub fn clear(&self, active: &mut [u8]) {
        for s in [&self.body, &self.flex, &self.mesh] {
            let r = s.take();
            let end = r.end.min(active.len());
            active[r.start.min(end)..end].fill(0);
        }
    }
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

    /// The span, leaving it empty.
    fn take(&self) -> Range<usize> {
        let lo = self.lo.swap(u32::MAX, Relaxed) as usize;
        let hi = self.hi.swap(0, Relaxed) as usize;
        lo.min(hi)..hi
    }
}
