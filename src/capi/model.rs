//! mjModel lifecycle and MJB files.

use core::ffi::{c_char, c_int, c_void};
use core::ptr;

use super::guard;
use crate::abi::*;
use crate::io::mjb;
use crate::model::alloc;
use crate::{mjerror, mjwarning};

/// Copy mjModel; allocate a new one when dest is NULL.
#[no_mangle]
pub unsafe extern "C" fn mj_copyModel(dest: *mut mjModel, src: *const mjModel) -> *mut mjModel {
    if src.is_null() {
        mjerror!("mj_copyModel", "NULL src model");
        return ptr::null_mut();
    }
    guard("mj_copyModel", ptr::null_mut(), || alloc::copy_model(dest, &*src, false))
}

/// Save model to an MJB file, or to buffer when buffer is not NULL (buffer_sz bytes).
#[no_mangle]
pub unsafe extern "C" fn mj_saveModel(m: *const mjModel, filename: *const c_char, buffer: *mut c_void, buffer_sz: c_int) {
    if m.is_null() {
        mjerror!("mj_saveModel", "NULL model");
        return;
    }
    guard("mj_saveModel", (), || {
        if !buffer.is_null() {
            mjb::save_buffer(&*m, buffer as *mut u8, buffer_sz.max(0) as usize);
        } else if filename.is_null() {
            mjwarning!("Could not open file '(null)'");
        } else {
            mjb::save_file(&*m, filename);
        }
    })
}

/// Load a model from an MJB file, looked up in vfs first when vfs is not NULL.
#[no_mangle]
pub unsafe extern "C" fn mj_loadModel(filename: *const c_char, vfs: *const mjVFS) -> *mut mjModel {
    if filename.is_null() {
        mjwarning!("mj_loadModel: NULL filename");
        return ptr::null_mut();
    }
    guard("mj_loadModel", ptr::null_mut(), || mjb::load_file(filename, vfs))
}

/// Free memory allocation in model.
#[no_mangle]
pub unsafe extern "C" fn mj_deleteModel(m: *mut mjModel) {
    guard("mj_deleteModel", (), || alloc::delete_model(m))
}

/// Return the number of bytes an MJB of the model takes.
#[no_mangle]
pub unsafe extern "C" fn mj_sizeModel(m: *const mjModel) -> mjtSize {
    if m.is_null() {
        mjerror!("mj_sizeModel", "NULL model");
        return 0;
    }
    guard("mj_sizeModel", 0, || mjb::model_file_size(&*m) as mjtSize)
}

/// Copy mjModel, skipping the arrays a scene does not need; dest must be allocated.
#[no_mangle]
pub unsafe extern "C" fn mjv_copyModel(dest: *mut mjModel, src: *const mjModel) {
    if dest.is_null() || src.is_null() {
        mjerror!("mjv_copyModel", "NULL model");
        return;
    }
    guard("mjv_copyModel", (), || {
        alloc::copy_model(dest, &*src, true);
    })
}
