//! Where the narrowphase puts the contacts it finds, and the ordered split of a collision loop
//! over the thread pool.
//!
//! Serially the contacts go to mjData's arena right after `d.contact`, as upstream's do. With a
//! pool bound, [`ordered_split`] runs the pieces of one collision loop (consecutive broadphase
//! pairs, consecutive flex SAP pairs) on several threads at once: each piece gets its own
//! region of the free arena, recorded for its thread here, and once every piece is done their
//! contacts are moved down into `d.contact` in piece order, which is the order of the serial
//! loop. A piece that fills its region makes the split give up without appending anything;
//! the caller then runs the loop serially, so counts, warnings and high-water marks are
//! always those of the serial run.

use core::cell::Cell;
use core::ops::Range;
use core::ptr;
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

use crate::abi::*;
use crate::data::stack::{arena_alloc, arena_limit};
use crate::engine::parallel::Shared;
use crate::runtime::threadpool::{split_threads, split_work, PoolImpl};

const CONSIZE: usize = core::mem::size_of::<mjContact>();

/// Most pieces one split hands out.
const MAX_PIECES: usize = 32;

/// Pieces per thread of a split: enough for the threads to even out pieces of unequal cost,
/// few enough that each piece's share of the free arena holds what one piece may find.
const PIECES_PER_THREAD: usize = 4;

/// Number of pieces to split `n` items into over `pool`, at least `min_items` per piece; 0 or
/// 1 when a split is not worth it.
fn piece_count(pool: &PoolImpl, n: usize, min_items: usize) -> usize {
    (n / min_items.max(1)).min(PIECES_PER_THREAD * split_threads(pool)).min(MAX_PIECES)
}

/// Fewest contacts a piece's region must hold for a split to be tried.
const MIN_REGION: usize = 4 * mjMAXCONPAIR;

/// The region of the arena where one piece running on this thread writes its contacts.
struct Region {
    /// First contact of the region.
    base: *mut mjContact,
    /// Contacts the region holds.
    cap: usize,
    /// Contacts found so far.
    n: usize,
    /// Highest end, in contacts from `base`, of any room asked for (what the serial run's
    /// arena high-water mark saw).
    high: usize,
    /// Room was asked for that the region lacked.
    full: bool,
}

impl Region {
    /// The next `size` contacts of the region, recorded as asked for; None (and `full`) when
    /// the region lacks them.
    fn take(&mut self, size: usize) -> Option<*mut mjContact> {
        if self.n + size > self.cap {
            self.full = true;
            return None;
        }
        self.high = self.high.max(self.n + size);
        // SAFETY: base..base + cap is this piece's own region of the free arena (ordered_split),
        // past every array and every other region; n + size <= cap
        Some(unsafe { self.base.add(self.n) })
    }
}

thread_local! {
    /// The region of the split piece running on this thread; null outside a split.
    static REGION: Cell<*mut Region> = const { Cell::new(ptr::null_mut()) };
}

/// Runs `f` on the region of the split piece running on this thread, if there is one (never
/// without a pool bound).
#[inline]
fn with_region<R>(d: &mjData, f: impl FnOnce(&mut Region) -> R) -> Option<R> {
    if d.threadpool == 0 {
        return None;
    }
    let p = REGION.with(Cell::get);
    if p.is_null() {
        return None;
    }
    // SAFETY: a non-null pointer was set by ordered_split's piece on this thread to a Region on
    // that piece's frame, and is reset before the frame ends; only this thread reaches it, and
    // no other reference to it is alive while `f` runs
    Some(f(unsafe { &mut *p }))
}

/// Room for `mjMAXCONPAIR` contacts after those found so far, with a shared view of the data for
/// the narrowphase that fills them; None when there is no room (serially with
/// `mjWARN_CONTACTFULL`). The caller ends both borrows, then calls [`commit`] with the number
/// of contacts written (0 included).
pub(super) fn room(d: &mut mjData) -> Option<(&mjData, &mut [mjContact])> {
    let in_region = with_region(d, |r| r.take(mjMAXCONPAIR));
    let p = match in_region {
        Some(p) => p?,
        None => {
            let p = arena_alloc(d, CONSIZE * mjMAXCONPAIR, core::mem::align_of::<mjContact>()) as *mut mjContact;
            if p.is_null() {
                crate::engine::warning(d, mjtWarning_::mjWARN_CONTACTFULL, d.ncon);
                return None;
            }
            p
        }
    };
    // SAFETY: `p` starts mjMAXCONPAIR contacts of the arena that nothing else uses now: serially
    // arena_alloc reserved them right after the `ncon` contacts of d.contact (the collision
    // pipeline keeps parena there, and clear_efc emptied the other arena arrays); in a split,
    // the piece's region holds them. The arena is initialised when made and mjContact accepts
    // any bytes. The block lies outside the mjData struct and past every array that
    // `d.arrays(m)` can view, so the shared view returned with it reaches none of it; both
    // borrows end with the exclusive borrow of `d`, before the next request.
    let con = unsafe { core::slice::from_raw_parts_mut(p, mjMAXCONPAIR) };
    Some((&*d, con))
}

/// Appends the first `num` contacts of the last [`room`] to those found.
#[inline]
pub(super) fn commit(d: &mut mjData, num: usize) {
    if with_region(d, |r| r.n += num).is_none() {
        d.ncon += num as i32;
        d.parena = d.ncon as usize * CONSIZE;
    }
}

/// Appends one contact inside a split piece (`mj_addContact`); None outside a split, where the
/// caller appends to the arena itself. Some(false) when the region is full.
pub fn push_in_split(d: &mjData, con: &mjContact) -> Option<bool> {
    with_region(d, |r| {
        let Some(slot) = r.take(1) else { return false };
        // SAFETY: `take` gave slot n of this piece's own region
        unsafe { slot.write(*con) };
        r.n += 1;
        true
    })
}

/// Number of contacts found so far (`d.ncon` serially).
#[inline]
pub(super) fn count(d: &mjData) -> usize {
    with_region(d, |r| r.n).unwrap_or(d.ncon as usize)
}

/// Contacts `from..from + n` of those found so far.
pub(super) fn found_mut<'a>(m: &mjModel, d: &'a mut mjData, from: usize, n: usize) -> &'a mut [mjContact] {
    match with_region(d, |r| {
        assert!(from + n <= r.n, "contacts {from}..{} beyond the {} found", from + n, r.n);
        // SAFETY: the first r.n contacts of this piece's region were written by this piece
        unsafe { r.base.add(from) }
    }) {
        // SAFETY: in bounds of the found contacts (checked above); the region is past every
        // array, so this borrow of `d` covers no memory that another view of it reaches
        Some(p) => unsafe { core::slice::from_raw_parts_mut(p, n) },
        None => &mut d.arrays_mut(m).contact[from..from + n],
    }
}

/// Restores this thread's previous region when a piece ends, by return or by panic.
struct RegionGuard(*mut Region);

impl Drop for RegionGuard {
    fn drop(&mut self) {
        REGION.with(|r| r.set(self.0));
    }
}

/// What one piece left in its region.
#[derive(Default)]
struct PieceResult {
    n: AtomicUsize,
    high: AtomicUsize,
    full: AtomicBool,
}

/// Cuts the items `0..n` into consecutive ranges of at least `min_items` (at most
/// [`PIECES_PER_THREAD`] per thread) and runs `piece(m, d, range)` for each on the calling thread
/// and the workers of `pool`, each piece writing its contacts to its own region of the free
/// arena, then appends them in the order of the ranges: the contacts, `ncon`, `parena` and `maxuse_arena` are those of
/// running the pieces in turn. Returns false, with nothing appended, when the split was not
/// possible (a split already running on this thread, fewer than 2 or more than [`MAX_PIECES`]
/// pieces, too little free arena, more contacts seen at once on this data (`maxuse_con`) than
/// a region holds) or a piece ran out of room: the caller then runs the pieces in turn.
///
/// The pieces must write nothing in `d` but contacts (through this module), their own
/// thread's stack and `bvh_active` marks (as atomics): they run at once on the same data.
pub(super) fn ordered_split(
    m: &mjModel,
    d: &mut mjData,
    pool: &PoolImpl,
    n: usize,
    min_items: usize,
    piece: &(dyn Fn(&mjModel, &mut mjData, Range<usize>) + Sync),
) -> bool {
    let npieces = piece_count(pool, n, min_items);
    if !(2..=MAX_PIECES).contains(&npieces) || !REGION.with(Cell::get).is_null() {
        return false;
    }
    let start = d.ncon as usize;
    debug_assert_eq!(d.parena, start * CONSIZE);
    let cap = arena_limit(d).saturating_sub(start * CONSIZE) / CONSIZE / npieces.max(1);
    // a data that has seen more contacts than a region holds would likely fill one again, and
    // a split that gives up costs a second, serial pass
    if cap < MIN_REGION || d.maxuse_con as usize > cap {
        return false;
    }
    let first = (d.contact as usize) + start * CONSIZE;
    let results: [PieceResult; MAX_PIECES] = Default::default();
    let shared = Shared::new(m, d);
    split_work(pool, npieces, &|k| {
        // SAFETY: `m` and `d` outlive the split; the pieces write only their own region, their
        // own thread's stack and atomic marks (this function's contract)
        let (m, d) = unsafe { shared.get() };
        let mut region =
            Region { base: (first + k * cap * CONSIZE) as *mut mjContact, cap, n: 0, high: 0, full: false };
        let _guard = RegionGuard(REGION.with(|r| r.replace(&mut region)));
        piece(m, d, k * n / npieces..(k + 1) * n / npieces);
        let res = &results[k];
        res.n.store(region.n, Relaxed);
        res.high.store(region.high, Relaxed);
        res.full.store(region.full, Relaxed);
    });
    let results = &results[..npieces];
    if results.iter().any(|r| r.full.load(Relaxed)) {
        return false;
    }
    let mut total = start;
    let mut high = 0;
    for (k, r) in results.iter().enumerate() {
        let (n, h) = (r.n.load(Relaxed), r.high.load(Relaxed));
        if h > 0 {
            high = high.max(total + h);
        }
        if n > 0 && k > 0 {
            // SAFETY: piece k's n contacts lie in its region, inside the free arena; they move
            // down to right after the `total` contacts so far (an overlapping move)
            unsafe {
                ptr::copy((first + k * cap * CONSIZE) as *const mjContact, (d.contact as *mut mjContact).add(total), n)
            };
        }
        total += n;
    }
    d.ncon = total as i32;
    d.parena = total * CONSIZE;
    if high > 0 {
        d.maxuse_arena = d.maxuse_arena.max((d.pstack + high * CONSIZE) as i64);
    }
    true
}
