//! Object name lookup (logic in `model::names`).

use core::ffi::{c_char, c_int, CStr};

use crate::abi::mjModel;
use crate::model::names;

/// Get the id of the object with the given mjtObj type and name; -1 if not found.
#[no_mangle]
pub unsafe extern "C" fn mj_name2id(m: *const mjModel, r#type: c_int, name: *const c_char) -> c_int {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return -1 };
        if name.is_null() {
            return -1;
        }
        names::name2id(m, r#type, CStr::from_ptr(name))
    }
}

/// Get the name of the object with the given mjtObj type and id; NULL if not found or unnamed.
#[no_mangle]
pub unsafe extern "C" fn mj_id2name(m: *const mjModel, r#type: c_int, id: c_int) -> *const c_char {
    crate::boundary! {
        let Some(m) = m.as_ref() else { return core::ptr::null() };
        names::id2name(m, r#type, id)
    }
}
