//! State-vector entry points (logic in `data::state`).

use core::ffi::{c_int, c_uint};

use crate::abi::{mjData, mjModel, mjtNum};
use crate::data::state;

/// Whether `n` numbers at `p` overlap the memory of `d` (the struct, its buffer or its arena).
fn touches_data(d: &mjData, p: *const mjtNum, n: usize) -> bool {
    let (lo, hi) = (p as usize, p as usize + n * core::mem::size_of::<mjtNum>());
    let hits = |a: *const core::ffi::c_void, len: usize| {
        let a = a as usize;
        a != 0 && lo < a + len && a < hi
    };
    hits((d as *const mjData).cast(), core::mem::size_of::<mjData>())
        || hits(d.buffer, d.nbuffer.max(0) as usize)
        || hits(d.arena, d.narena.max(0) as usize)
}

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
        // SAFETY: d is a valid mjData made for m (the mj_ contract)
        let d = unsafe { &*d };
        let n = state::vector_len(m, sig);
        if touches_data(d, state, n) {
            // the vector lies in the data (e.g. one of its arrays): fill a copy first
            let mut tmp = vec![0.0; n];
            state::get_state(m, d, &mut tmp, sig);
            // SAFETY: state holds the vector's n numbers (the mj_ contract); ptr::copy allows overlap
            unsafe { core::ptr::copy(tmp.as_ptr(), state, n) };
        } else {
            // SAFETY: state holds the vector's n numbers (the mj_ contract), apart from d
            state::get_state(m, d, unsafe { core::slice::from_raw_parts_mut(state, n) }, sig)
        }
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
        let (ns, nd) = (state::vector_len(m, srcsig), state::vector_len(m, dstsig));
        // SAFETY: src holds the vector of srcsig (the mj_ contract); copied, since dst may overlap it
        let src = if src.is_null() { Vec::new() } else { unsafe { core::slice::from_raw_parts(src, ns) }.to_vec() };
        let dst = if dst.is_null() {
            &mut []
        } else {
            // SAFETY: dst holds the vector of dstsig (the mj_ contract)
            unsafe { core::slice::from_raw_parts_mut(dst, nd) }
        };
        state::extract_state(m, &src, srcsig, dst, dstsig)
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
        // SAFETY: d is a valid mjData made for m (the mj_ contract)
        let d = unsafe { &mut *d };
        let n = state::vector_len(m, sig);
        // SAFETY: state holds the vector's n numbers (the mj_ contract); copied first when it lies
        // in the data
        let v = unsafe { core::slice::from_raw_parts(state, n) };
        if touches_data(d, state, n) {
            // the copy is taken before set_state writes the arrays the vector lies in
            let copy = Vec::from(v);
            state::set_state(m, d, &copy, sig)
        } else {
            state::set_state(m, d, v, sig)
        }
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
        if core::ptr::eq(src, dst) {
            // the components are copied onto themselves: only the signature check remains
            state::bad_signature("mj_copyState", sig);
            return;
        }
        // SAFETY: src and dst are distinct valid mjData made for m (the mj_ contract)
        let (src, dst) = unsafe { (&*src, &mut *dst) };
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
        // SAFETY: d is a valid mjData made for m (the mj_ contract)
        state::set_keyframe(m, unsafe { &*d }, k)
    }
}
