//! MJCF loading: `mj_loadXML` and the related entry points.

use core::ffi::{c_char, c_int, CStr};
use core::ptr;

use super::{guard, write_error};
use crate::abi::*;

/// Parse an MJCF file (opened through `vfs`, resource providers or the file system) and
/// compile it into a model; NULL on error, with the message in `error`.
#[no_mangle]
pub unsafe extern "C" fn mj_loadXML(
    filename: *const c_char,
    vfs: *const mjVFS,
    error: *mut c_char,
    error_sz: c_int,
) -> *mut mjModel {
    crate::boundary! {
        write_error(error, error_sz, "");
        if filename.is_null() {
            write_error(error, error_sz, "ParseXML: filename argument required\n");
            return ptr::null_mut();
        }
        let name = CStr::from_ptr(filename).to_string_lossy().into_owned();
        let v = vfs.as_ref();
        let r = guard("mj_loadXML", Err("internal error".to_string()), || crate::xml::load_model(&name, v));
        match r {
            Ok(m) => m,
            Err(msg) => {
                write_error(error, error_sz, &msg);
                ptr::null_mut()
            }
        }
    }
}

/// Write the last model loaded from XML as MJCF to `filename` (stdout when NULL or empty);
/// `m`, when given, is first copied back into it (`mj_copyBack`). Returns 1 on success, 0 with the reason in `error`.
#[no_mangle]
pub unsafe extern "C" fn mj_saveLastXML(
    filename: *const c_char,
    m: *const mjModel,
    error: *mut c_char,
    error_sz: c_int,
) -> c_int {
    crate::boundary! {
        write_error(error, error_sz, "");
        let mref = if m.is_null() { None } else { Some(&*m) };
        let text = match guard("mj_saveLastXML", Err("internal error".to_string()), || crate::xml::write::last::last_xml(mref)) {
            Ok(t) => t,
            Err(msg) => {
                write_error(error, error_sz, &msg);
                return 0;
            }
        };
        let name = if filename.is_null() { String::new() } else { CStr::from_ptr(filename).to_string_lossy().into_owned() };
        if name.is_empty() {
            use std::io::Write;
            let _ = std::io::stdout().write_all(text.as_bytes());
            return 1;
        }
        match std::fs::write(&name, text.as_bytes()) {
            Ok(()) => 1,
            Err(_) => {
                write_error(error, error_sz, "File not found");
                0
            }
        }
    }
}

/// MJCF text of spec `s` (compiled), or the reason it cannot be written.
unsafe fn spec_text(s: *const mjSpec) -> Result<String, String> {
    // SAFETY: `s` is null or an mjSpec made by this library and still alive (mj_saveXMLString's C contract)
    unsafe {
        if s.is_null() {
            return Err("Cannot write empty model".to_string());
        }
        let sp = super::spec::spec_mut(s as *mut mjSpec);
        guard("mj_saveXML", Err("internal error".to_string()), || crate::xml::write::write(sp))
    }
}

/// Write compiled spec `s` as MJCF to `filename`; 0 on success, -1 with the reason in `error`.
#[no_mangle]
pub unsafe extern "C" fn mj_saveXML(
    s: *const mjSpec,
    filename: *const c_char,
    error: *mut c_char,
    error_sz: c_int,
) -> c_int {
    crate::boundary! {
        let text = match spec_text(s) {
            Ok(t) if !t.is_empty() => t,
            Ok(_) => return -1,
            Err(msg) => {
                write_error(error, error_sz, &msg);
                return -1;
            }
        };
        if filename.is_null() {
            write_error(error, error_sz, "filename is null");
            return -1;
        }
        let name = CStr::from_ptr(filename).to_string_lossy().into_owned();
        // as upstream, a file that cannot be created is not reported
        let _ = std::fs::write(&name, text.as_bytes());
        0
    }
}

/// Write compiled spec `s` as MJCF into `xml` (`xml_sz` bytes); 0 on success, -1 with the
/// reason in `error`, or the text length when the buffer is too small.
#[no_mangle]
pub unsafe extern "C" fn mj_saveXMLString(
    s: *const mjSpec,
    xml: *mut c_char,
    xml_sz: c_int,
    error: *mut c_char,
    error_sz: c_int,
) -> c_int {
    crate::boundary! {
        let text = match spec_text(s) {
            Ok(t) if !t.is_empty() => t,
            Ok(_) => return -1,
            Err(msg) => {
                write_error(error, error_sz, &msg);
                return -1;
            }
        };
        if xml.is_null() || text.len() >= xml_sz.max(0) as usize {
            write_error(error, error_sz, &format!("Output string too short, should be at least {}", text.len() + 1));
            return text.len().min(c_int::MAX as usize) as c_int;
        }
        core::ptr::copy_nonoverlapping(text.as_ptr(), xml as *mut u8, text.len());
        *xml.add(text.len()) = 0;
        0
    }
}

/// Forget the model kept from the last XML load.
#[no_mangle]
pub unsafe extern "C" fn mj_freeLastXML() {
    crate::boundary! {
        crate::xml::write::last::forget();
    }
}

/// Print the MJCF schema as text (html and padding flags as upstream) to a file or buffer;
/// returns the number of characters written to the buffer.
#[no_mangle]
pub unsafe extern "C" fn mj_printSchema(
    filename: *const c_char,
    buffer: *mut c_char,
    buffer_sz: c_int,
    flg_html: c_int,
    flg_pad: c_int,
) -> c_int {
    crate::boundary! {
        let text = crate::xml::schema::print(flg_html != 0, flg_pad != 0);
        if !filename.is_null() {
            let name = CStr::from_ptr(filename).to_string_lossy().into_owned();
            let _ = std::fs::write(name, text.as_bytes());
        }
        if !buffer.is_null() && buffer_sz > 0 {
            write_error(buffer, buffer_sz, &text);
        }
        text.len() as c_int
    }
}

/// cbindgen:ignore
/// Significant digits of numbers in XML the calling thread writes (upstream's private hook,
/// used by its tests to save models without loss).
#[doc(hidden)]
#[no_mangle]
pub extern "C" fn _mjPRIVATE__get_xml_precision() -> c_int {
    crate::boundary! {
        crate::xml::write::precision()
    }
}

/// cbindgen:ignore
/// Sets the calling thread's XML number precision (see `_mjPRIVATE__get_xml_precision`).
#[doc(hidden)]
#[no_mangle]
pub extern "C" fn _mjPRIVATE__set_xml_precision(precision: c_int) {
    crate::boundary! {
        crate::xml::write::set_precision(precision)
    }
}
