//! The exported `mjcb_*` callback globals and `mj_resetCallbacks`.
//!
//! The engine reads each pointer once per call site, as upstream does.

use crate::abi::{mjfAct, mjfConFilt, mjfGeneric, mjfSensor, mjfTime};

#[no_mangle]
pub static mut mjcb_passive: mjfGeneric = None;
#[no_mangle]
pub static mut mjcb_control: mjfGeneric = None;
#[no_mangle]
pub static mut mjcb_contactfilter: mjfConFilt = None;
#[no_mangle]
pub static mut mjcb_sensor: mjfSensor = None;
#[no_mangle]
pub static mut mjcb_time: mjfTime = None;
#[no_mangle]
pub static mut mjcb_act_dyn: mjfAct = None;
#[no_mangle]
pub static mut mjcb_act_gain: mjfAct = None;
#[no_mangle]
pub static mut mjcb_act_bias: mjfAct = None;

/// Clears every `mjcb_*` callback.
pub fn reset_callbacks() {
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
