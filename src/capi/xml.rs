//! MJCF loading: `mj_loadXML` and the related entry points.

use core::ffi::{c_char, c_int, CStr};
use core::ptr;

use super::{guard, write_error};
use crate::abi::*;

/// Reads, checks and compiles an MJCF file into a model; on failure returns NULL with the
/// reason in `error`. Every file is opened as a resource: the VFS, then registered resource
/// providers, then the file system.
fn load(filename: &str, vfs: Option<&mjVFS>) -> Result<*mut mjModel, String> {
    let files = crate::xml::Files { vfs };
    let parsed = crate::xml::parse_file(filename, &files, 0)?;
    let m = crate::compiler::image::with_vfs(files.vfs_ptr(), || crate::compiler::compile(&parsed.spec)).map_err(|e| e.0)?;
    if !m.is_null() {
        // files are anchored for saving only when they came from the file system
        let dir = if vfs.is_some() { None } else { parsed.disk_dir.as_deref() };
        // SAFETY: the compiler returned a valid model.
        crate::xml::writer::remember(&parsed.root, unsafe { &*m }, dir);
    }
    Ok(m)
}

/// Parse an MJCF file (opened through `vfs`, resource providers or the file system) and
/// compile it into a model; NULL on error, with the message in `error`.
#[no_mangle]
pub unsafe extern "C" fn mj_loadXML(filename: *const c_char, vfs: *const mjVFS, error: *mut c_char, error_sz: c_int) -> *mut mjModel {
    write_error(error, error_sz, "");
    if filename.is_null() {
        write_error(error, error_sz, "ParseXML: filename argument required\n");
        return ptr::null_mut();
    }
    let name = CStr::from_ptr(filename).to_string_lossy().into_owned();
    let v = vfs.as_ref();
    let r = guard("mj_loadXML", Err("internal error".to_string()), || load(&name, v));
    match r {
        Ok(m) => m,
        Err(msg) => {
            write_error(error, error_sz, &msg);
            ptr::null_mut()
        }
    }
}

/// Write the last model loaded from XML as MJCF to `filename` (stdout when NULL or empty);
/// `m`, when given, must be that model. Returns 1 on success, 0 with the reason in `error`.
#[no_mangle]
pub unsafe extern "C" fn mj_saveLastXML(filename: *const c_char, m: *const mjModel, error: *mut c_char, error_sz: c_int) -> c_int {
    write_error(error, error_sz, "");
    let mref = if m.is_null() { None } else { Some(&*m) };
    let text = match guard("mj_saveLastXML", Err("internal error".to_string()), || crate::xml::writer::last_xml(mref)) {
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

/// Forget the model kept from the last XML load.
#[no_mangle]
pub unsafe extern "C" fn mj_freeLastXML() {
    crate::xml::writer::forget();
}

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
        write_error(buffer, buffer_sz, &text);
    }
    text.len() as c_int
}
