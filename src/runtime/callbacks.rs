//! The exported `mjcb_*` callback globals and `mj_resetCallbacks`.
//!
//! The engine reads each pointer once per call site, as upstream does.

use crate::abi::{mjfAct, mjfConFilt, mjfGeneric, mjfSensor, mjfTime};

/// Callback: user-defined passive forces, called after the built-in ones.
#[no_mangle]
pub static mut mjcb_passive: mjfGeneric = None;
/// Callback: user-defined controls, called before actuation.
#[no_mangle]
pub static mut mjcb_control: mjfGeneric = None;
/// Callback: user contact filter; a nonzero return discards the geom pair.
#[no_mangle]
pub static mut mjcb_contactfilter: mjfConFilt = None;
/// Callback: user-defined sensors, called per stage.
#[no_mangle]
pub static mut mjcb_sensor: mjfSensor = None;
/// Callback: timer for the mjData timers.
#[no_mangle]
pub static mut mjcb_time: mjfTime = None;
/// Callback: user actuator dynamics.
#[no_mangle]
pub static mut mjcb_act_dyn: mjfAct = None;
/// Callback: user actuator gain.
#[no_mangle]
pub static mut mjcb_act_gain: mjfAct = None;
/// Callback: user actuator bias.
#[no_mangle]
pub static mut mjcb_act_bias: mjfAct = None;

/// Clears every `mjcb_*` callback.
pub fn reset_callbacks() {
    // SAFETY: plain stores of None into the exported callback globals; like upstream, the
    // library does not synchronise them (the user sets them before simulating)
    unsafe {
        mjcb_passive = None;
        mjcb_control = None;
        mjcb_contactfilter = None;
        mjcb_sensor = None;
        mjcb_time = None;
        mjcb_act_dyn = None;
        mjcb_act_gain = None;
        mjcb_act_bias = None;
    }
}
