//! The compiler's length-range pass: every actuator through `mj_setLengthRange` with the
//! simulation options upstream's compiler sets.

use crate::abi::mjtDisableBit_::*;
use crate::abi::*;
use crate::engine::lengthrange::set_length_range;

/// The compiler's pass over all actuators, with simulation options set as upstream does.
///
/// Requires: `d` must be data made for `m`.
pub fn length_range(m: &mut mjModel, d: &mut mjData, opt: &mjLROpt) -> Result<(), String> {
    let save = m.opt;
    m.opt.disableflags = mjDSBL_FRICTIONLOSS as i32
        | mjDSBL_CONTACT as i32
        | mjDSBL_SPRING as i32
        | mjDSBL_DAMPER as i32
        | mjDSBL_GRAVITY as i32
        | mjDSBL_ACTUATION as i32;
    if opt.timestep > 0.0 {
        m.opt.timestep = opt.timestep;
    }
    let mut r = Ok(());
    for i in 0..m.nu as usize {
        if let Err(e) = set_length_range(m, d, i, opt) {
            r = Err(e);
            break;
        }
    }
    m.opt = save;
    r
}
