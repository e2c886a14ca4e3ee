//! Simulation warnings recorded in `mjData.warning` (`mj_warning`; simulation chapter,
//! "Errors and warnings").

use core::ffi::c_char;

use crate::abi::*;
use crate::runtime::{error, text};

/// Records warning `kind` (an `mjtWarning`) with `info` in `d.warning` and reports it through the
/// warning handler the first time it occurs; an invalid kind is an error.
pub fn record(d: &mut mjData, kind: i32, info: i32) {
    if kind < 0 || kind >= mjtWarning_::mjNWARNING as i32 {
        crate::mjerror!("mj_warning", "invalid warning type {}", kind);
        return;
    }
    let w = &mut d.warning[kind as usize];
    w.lastinfo = info;
    if w.number == 0 {
        // the info value widens to size_t with its sign, as in C
        // (through mju_warningText's buffer, which then holds the text, as upstream's does)
        let txt = text::warning_text(kind, info as isize as usize);
        let mut msg = [0 as c_char; error::MSG_LEN];
        // SAFETY: `txt` is the NUL-terminated text in the thread's buffer; `msg` holds MSG_LEN
        // bytes, the format takes one C string and one double, and snprintf terminates what it
        // writes within that size
        unsafe {
            libc::snprintf(msg.as_mut_ptr(), msg.len(), c"%s Time = %.4f.".as_ptr(), txt, d.time);
            error::warn_raw(msg.as_ptr());
        }
    }
    let w = &mut d.warning[kind as usize];
    w.number = w.number.wrapping_add(1);
}
