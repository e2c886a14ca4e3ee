//! The simulation pipeline, one module per stage (computation chapter).
//!
//! Stages take `m: &mjModel` and `d: &mut mjData` and work on slices of mjData's arrays, split
//! from the data with `d.arrays_mut(m)` / `d.arrays(m)` (generated from the field table).
//! Scratch memory comes from mjData's stack through `crate::data::stack::with_frame`.
//! Nothing here allocates on the heap.

pub mod actuation;
pub mod collision;
pub mod constraint;
pub mod derivative;
pub mod derivative_dense;
pub mod derivative_fd;
pub mod flex;
pub mod forward;
pub mod inertia;
pub mod inverse;
pub mod island;
pub mod kinematics;
pub mod lengthrange;
pub mod reset;
pub mod parallel;
pub mod passive;
pub mod ray;
pub mod sensor;
pub mod setconst;
pub mod sleep;
pub mod solver;
pub mod support;
pub mod tendon;
pub mod velocity;

pub mod wrap;

use crate::abi::*;

/// True when disable flag `flag` (an `mjtDisableBit`) is set.
#[inline]
pub fn disabled(m: &mjModel, flag: mjtDisableBit_) -> bool {
    m.opt.disableflags & flag as i32 != 0
}

/// True when enable flag `flag` (an `mjtEnableBit`) is set.
#[inline]
pub fn enabled(m: &mjModel, flag: mjtEnableBit_) -> bool {
    m.opt.enableflags & flag as i32 != 0
}

/// Pushes a stack frame (`mj_markStack`).
#[inline]
pub fn mark(d: &mut mjData) {
    crate::data::stack::mark(d)
}

/// Pops the frame pushed by the matching [`mark`] (`mj_freeStack`).
#[inline]
pub fn free(d: &mut mjData) {
    crate::data::stack::free(d)
}

/// Elements `3i..3i+3` of a flat array as a fixed-size array.
#[inline(always)]
pub fn v3(s: &[f64], i: usize) -> &[f64; 3] {
    s[3 * i..3 * i + 3].try_into().unwrap()
}

/// Mutable [`v3`].
#[inline(always)]
pub fn v3m(s: &mut [f64], i: usize) -> &mut [f64; 3] {
    (&mut s[3 * i..3 * i + 3]).try_into().unwrap()
}

/// Elements `4i..4i+4` of a flat array.
#[inline(always)]
pub fn v4(s: &[f64], i: usize) -> &[f64; 4] {
    s[4 * i..4 * i + 4].try_into().unwrap()
}

/// Mutable [`v4`].
#[inline(always)]
pub fn v4m(s: &mut [f64], i: usize) -> &mut [f64; 4] {
    (&mut s[4 * i..4 * i + 4]).try_into().unwrap()
}

/// Elements `6i..6i+6` (a spatial vector).
#[inline(always)]
pub fn v6(s: &[f64], i: usize) -> &[f64; 6] {
    s[6 * i..6 * i + 6].try_into().unwrap()
}

/// Mutable [`v6`].
#[inline(always)]
pub fn v6m(s: &mut [f64], i: usize) -> &mut [f64; 6] {
    (&mut s[6 * i..6 * i + 6]).try_into().unwrap()
}

/// Elements `9i..9i+9` (a 3x3 matrix).
#[inline(always)]
pub fn v9(s: &[f64], i: usize) -> &[f64; 9] {
    s[9 * i..9 * i + 9].try_into().unwrap()
}

/// Mutable [`v9`].
#[inline(always)]
pub fn v9m(s: &mut [f64], i: usize) -> &mut [f64; 9] {
    (&mut s[9 * i..9 * i + 9]).try_into().unwrap()
}

/// Elements `10i..10i+10` (a com-based inertia).
#[inline(always)]
pub fn v10(s: &[f64], i: usize) -> &[f64; 10] {
    s[10 * i..10 * i + 10].try_into().unwrap()
}

/// Records warning `kind` with `info` in `d.warning` and reports it the first time (`mj_warning`).
/// Cold and out of line, like error reports: its message buffer stays out of callers' frames.
#[cold]
#[inline(never)]
pub fn warning(d: &mut mjData, kind: mjtWarning_, info: i32) {
    crate::data::warning::record(d, kind as i32, info)
}

/// Start time of a timed section (`mjcb_time`, or 0 without one).
#[inline]
pub fn timer_start() -> f64 {
    match time_callback() {
        // SAFETY: a timer callback is foreign code taking no arguments (upstream's contract)
        Some(f) => unsafe { f() },
        None => 0.0,
    }
}

/// The user's timer callback (`mjcb_time`), if one is installed.
#[inline]
fn time_callback() -> crate::abi::mjfTime {
    // SAFETY: mjcb_time is a plain global written only by the user through the C API
    // (upstream's contract: set before simulating, not while a step runs), so this read does
    // not race
    unsafe { crate::runtime::callbacks::mjcb_time }
}

/// Ends a timed section: adds the elapsed time to `timer[kind]` and counts one call.
#[inline]
pub fn timer_end(d: &mut mjData, kind: mjtTimer_, start: f64) {
    let t = &mut d.timer[kind as usize];
    if let Some(f) = time_callback() {
        // SAFETY: as in `timer_start`
        t.duration += unsafe { f() } - start;
    }
    t.number += 1;
}

/// Adds the elapsed time to `timer[kind]` without counting a call (upstream's `TM_ADD`).
#[inline]
pub fn timer_add(d: &mut mjData, kind: mjtTimer_, start: f64) {
    if let Some(f) = time_callback() {
        // SAFETY: as in `timer_start`
        d.timer[kind as usize].duration += unsafe { f() } - start;
    }
}

pub use crate::model::is_sparse;
