//! MJCF loading: `mj_loadXML` and the related entry points.

use core::ffi::{c_char, c_int, CStr};
use core::ptr;

use super::guard;
use crate::abi::*;

/// Copies `msg` into the caller's error buffer (truncated, always terminated).
unsafe fn set_error(error: *mut c_char, error_sz: c_int, msg: &str) {
    if error.is_null() || error_sz <= 0 {
        return;
    }
    let n = (msg.len()).min(error_sz as usize - 1);
    ptr::copy_nonoverlapping(msg.as_ptr() as *const c_char, error, n);
    *error.add(n) = 0;
}

/// Reads, checks and compiles an MJCF file into a model; on failure returns NULL with the
/// reason in `error`.
fn load(filename: &str, vfs: Option<&crate::io::vfs::Vfs>) -> Result<*mut mjModel, String> {
    let files = crate::xml::Files { vfs };
    let bytes = match crate::xml::tree::FileSource::read(&files, filename) {
        Some(b) if !b.is_empty() => b,
        Some(_) => return Err(format!("File '{}' is empty", filename)),
        None => return Err(format!("resource not found via provider or OS filesystem: '{}'", filename)),
    };
    let text = String::from_utf8_lossy(&bytes);
    let spec = crate::xml::parse_mjcf(&text, filename, &files)?;
    crate::compiler::compile(&spec).map_err(|e| e.0)
}

/// Parse an MJCF file (from `vfs` when given) and compile it into a model; NULL on error,
/// with the message in `error`.
#[no_mangle]
pub unsafe extern "C" fn mj_loadXML(filename: *const c_char, vfs: *const mjVFS, error: *mut c_char, error_sz: c_int) -> *mut mjModel {
    set_error(error, error_sz, "");
    if filename.is_null() {
        set_error(error, error_sz, "filename argument required");
        return ptr::null_mut();
    }
    let name = CStr::from_ptr(filename).to_string_lossy().into_owned();
    let v = crate::io::vfs::vfs_impl(vfs);
    let r = guard("mj_loadXML", Err("internal error".to_string()), || load(&name, v));
    match r {
        Ok(m) => m,
        Err(msg) => {
            set_error(error, error_sz, &msg);
            ptr::null_mut()
        }
    }
}

/// Save the last loaded XML model as MJCF (not available yet: returns 0 with a message).
#[no_mangle]
pub unsafe extern "C" fn mj_saveLastXML(filename: *const c_char, m: *const mjModel, error: *mut c_char, error_sz: c_int) -> c_int {
    let _ = (filename, m);
    set_error(error, error_sz, "mj_saveLastXML is not supported yet");
    0
}

/// Free the data kept from the last XML load.
#[no_mangle]
pub unsafe extern "C" fn mj_freeLastXML() {}

/// Print the MJCF schema as text (html and padding flags as upstream) to a file or buffer;
/// returns the number of characters written to the buffer.
#[no_mangle]
pub unsafe extern "C" fn mj_printSchema(filename: *const c_char, buffer: *mut c_char, buffer_sz: c_int, flg_html: c_int, flg_pad: c_int) -> c_int {
    let text = crate::xml::schema::print(flg_html != 0, flg_pad != 0);
    if !filename.is_null() {
        let name = CStr::from_ptr(filename).to_string_lossy().into_owned();
        let _ = std::fs::write(name, text.as_bytes());
    }
    if !buffer.is_null() && buffer_sz > 0 {
        set_error(buffer, buffer_sz, &text);
    }
    text.len() as c_int
}
