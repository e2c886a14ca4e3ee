//! Default option structs and the library version (logic in `model::defaults`).

use core::ffi::{c_char, c_int};

use crate::abi::{mjLROpt, mjNIMP, mjNREF, mjOption, mjVisual, mjtNum};
use crate::model::defaults;

/// Set the physics options to their default values.
#[no_mangle]
pub unsafe extern "C" fn mj_defaultOption(opt: *mut mjOption) {
    crate::boundary! {
        if let Some(o) = opt.as_mut() {
            defaults::default_option(o);
        }
    }
}

/// Set the visualization options to their default values.
#[no_mangle]
pub unsafe extern "C" fn mj_defaultVisual(vis: *mut mjVisual) {
    crate::boundary! {
        if let Some(v) = vis.as_mut() {
            defaults::default_visual(v);
        }
    }
}

/// Set the options of actuator length-range computation to their default values.
#[no_mangle]
pub unsafe extern "C" fn mj_defaultLROpt(opt: *mut mjLROpt) {
    crate::boundary! {
        if let Some(o) = opt.as_mut() {
            defaults::default_lropt(o);
        }
    }
}

/// Write the default solref[mjNREF] and solimp[mjNIMP]; either pointer may be NULL.
#[no_mangle]
pub unsafe extern "C" fn mj_defaultSolRefImp(solref: *mut mjtNum, solimp: *mut mjtNum) {
    crate::boundary! {
        let r = (solref as *mut [mjtNum; mjNREF]).as_mut();
        let i = (solimp as *mut [mjtNum; mjNIMP]).as_mut();
        defaults::default_solrefimp(r, i);
    }
}

/// Return the library version as an integer, 340 for 3.4.0.
#[no_mangle]
pub extern "C" fn mj_version() -> c_int {
    crate::boundary! {
        defaults::VERSION
    }
}

/// Return the library version as a static string, "3.4.0".
#[no_mangle]
pub extern "C" fn mj_versionString() -> *const c_char {
    crate::boundary! {
        defaults::version_string_ptr()
    }
}
