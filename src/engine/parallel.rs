//! Stages that run on the thread pool bound to mjData (`mju_bindThreadPool`).
//!
//! Without a pool every stage runs on the calling thread. With one, independent pieces of work
//! run at once through [`threadpool::split_work`]; the calling thread always takes part, so a
//! busy or sleeping pool never makes a step slower than running the pieces in turn. Every
//! piece writes its own part of mjData and allocates scratch from its own thread's stack
//! region, so the numbers are those of the serial order, bit for bit.

use crate::abi::{mjData, mjModel, mjThreadPool};
use crate::runtime::threadpool::{self, PoolImpl};

/// The pool bound to `d`, if any.
pub fn bound_pool<'a>(d: &mjData) -> Option<&'a PoolImpl> {
    if d.threadpool == 0 {
        return None;
    }
    // SAFETY: a non-zero `threadpool` was set by mju_bindThreadPool from a pool of
    // mju_threadPoolCreate, which the caller keeps alive while it is bound (upstream's contract)
    unsafe { threadpool::pool_impl(d.threadpool as *const mjThreadPool) }
}

/// The model and data handed to the participants of one split: each takes its own `&mut`
/// data through [`Shared::get`], for pieces whose writes are disjoint. The model is only read.
pub struct Shared(*const mjModel, *mut mjData);

// SAFETY: the pointers are only dereferenced through `get`, whose callers guarantee that the
// pieces running at once write disjoint parts of the data; the model is not written while
// the engine runs
unsafe impl Sync for Shared {}

impl Shared {
    /// Shares `m` and `d` for the duration of one split.
    pub fn new(m: &mjModel, d: &mut mjData) -> Self {
        Shared(m, d)
    }

    /// The shared model and data.
    ///
    /// # Safety
    /// Both outlive the split, and what the pieces running at once write is disjoint from what
    /// the others read or write.
    pub unsafe fn get<'a>(&self) -> (&'a mjModel, &'a mut mjData) {
        // SAFETY: live and disjointly written (contract)
        unsafe { (&*self.0, &mut *self.1) }
    }
}
