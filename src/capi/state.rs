//! State-vector entry points (logic in `data::state`).

use core::ffi::{c_int, c_uint};

use crate::abi::{mjData, mjModel, mjtNum};
use crate::data::state;

/// Return the number of mjtNums in a state vector of signature sig.
#[no_mangle]
pub unsafe extern "C" fn mj_stateSize(m: *const mjModel, sig: c_uint) -> c_int {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return 0 };
        state::state_size(m, sig) as c_int
    }
}

/// Copy the components selected by sig from mjData into a state vector.
#[no_mangle]
pub unsafe extern "C" fn mj_getState(m: *const mjModel, d: *const mjData, state: *mut mjtNum, sig: c_uint) {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return };
        if d.is_null() || state.is_null() {
            return;
        }
        state::get_state(m, d, state, sig)
    }
}

/// Copy the components selected by dstsig out of a state vector of signature srcsig.
#[no_mangle]
pub unsafe extern "C" fn mj_extractState(
    m: *const mjModel,
    src: *const mjtNum,
    srcsig: c_uint,
    dst: *mut mjtNum,
    dstsig: c_uint,
) {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return };
        // the signatures are checked first: a bad pair raises upstream's error whatever the buffers
        if (src.is_null() || dst.is_null()) && srcsig & dstsig == dstsig {
            return;
        }
        state::extract_state(m, src, srcsig, dst, dstsig)
    }
}

/// Write the components selected by sig from a state vector into mjData.
#[no_mangle]
pub unsafe extern "C" fn mj_setState(m: *const mjModel, d: *mut mjData, state: *const mjtNum, sig: c_uint) {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return };
        if d.is_null() || state.is_null() {
            return;
        }
        state::set_state(m, d, state, sig)
    }
}

/// Copy the components selected by sig from one mjData to another.
#[no_mangle]
pub unsafe extern "C" fn mj_copyState(m: *const mjModel, src: *const mjData, dst: *mut mjData, sig: c_uint) {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return };
        if src.is_null() || dst.is_null() {
            return;
        }
        state::copy_state(m, src, dst, sig)
    }
}

/// Store the current time, qpos, qvel, act, mocap poses and ctrl as keyframe k of the model.
#[no_mangle]
pub unsafe extern "C" fn mj_setKeyframe(m: *mut mjModel, d: *const mjData, k: c_int) {
    crate::boundary! {
        let Some(m) = m.as_mut() else { return };
        if d.is_null() {
            return;
        }
        state::set_keyframe(m, d, k)
    }
}
