//! C entry points of sleeping islands (logic in `engine::sleep`). Upstream exports these three
//! without declaring them in `mujoco.h`, so they stay out of the generated header.

use core::ffi::c_int;

use crate::abi::*;
use crate::capi::guard;
use crate::engine::sleep;

/// Recompute the awake flags, awake index lists and their counts from tree_asleep.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_updateSleep(m: *const mjModel, d: *mut mjData) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_mut()) else { return };
        guard("mj_updateSleep", (), || sleep::update_sleep(m, d))
    }
}

/// Wake tree i and the trees sleeping in its cycle (set to wakeval); returns how many woke.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_wakeTree(tree_asleep: *mut c_int, ntree: c_int, i: c_int, wakeval: c_int) -> c_int {
    crate::boundary! {
        if tree_asleep.is_null() || ntree <= 0 {
            crate::mjerror!("mj_wakeTree", "invalid tree {}", i);
            return 0;
        }
        let trees = core::slice::from_raw_parts_mut(tree_asleep, ntree as usize);
        guard("mj_wakeTree", 0, || sleep::wake_tree(trees, i, wakeval))
    }
}

/// Sleep state (mjtSleepState) of object i of the given mjtObj type.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mj_sleepState(m: *const mjModel, d: *const mjData, r#type: c_int, i: c_int) -> c_int {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else { return mjtSleepState_::mjS_AWAKE as c_int };
        guard("mj_sleepState", mjtSleepState_::mjS_AWAKE as c_int, || sleep::sleep_state(m, d, r#type, i))
    }
}
