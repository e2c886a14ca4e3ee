//! Which parts of `bvh_active` may hold marks. Upstream clears all `nbvh` entries at the start of
//! every collision pass; on models with large meshes that is hundreds of kilobytes per step (a
//! mesh's tree has about two nodes per face), while collisions mark only the body and flex trees
//! (small, and cleared on every pass) and rays only the mesh trees they cross (tracked here). The
//! spans live in the data's private block ([`super::private_block`]). Allocation, reset and copy
//! (writes from outside the engine) set the whole array as marked. Clearing therefore leaves the
//! same array as clearing everything; only a caller that writes nonzero values into `bvh_active`
//! itself would see them survive the next collision pass. Data without a private block gets
//! upstream's full clear and no spans.

use crate::abi::mjModel;
use core::ops::Range;
use core::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};

pub use super::private_block::bvh_marks;

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

impl BvhMarks {
    /// Every entry may be marked: the state of fresh data.
    pub(super) fn new() -> Self {
        BvhMarks { all: AtomicBool::new(true), mesh: Span { lo: AtomicU32::new(u32::MAX), hi: AtomicU32::new(0) } }
    }

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
