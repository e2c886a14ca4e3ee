//! C entry points that write mjModel and mjData as text (logic in `io::print`).

use core::ffi::{c_char, c_int};

use libc::FILE;

use crate::abi::{mjData, mjModel};
use crate::capi::guard;
use crate::io::print;
use crate::mjerror;

/// Write the model as text to a file (stdout for NULL) with the given printf float format.
#[no_mangle]
pub unsafe extern "C" fn mj_printFormattedModel(
    m: *const mjModel,
    filename: *const c_char,
    float_format: *const c_char,
) {
    crate::boundary! {
        let Some(m) = m.as_ref() else {
            mjerror!("mj_printFormattedModel", "NULL model");
            return;
        };
        guard("mj_printFormattedModel", (), || print::print_model(m, filename, float_format))
    }
}

/// Write the model as text to a file (stdout for NULL) with the default float format.
#[no_mangle]
pub unsafe extern "C" fn mj_printModel(m: *const mjModel, filename: *const c_char) {
    crate::boundary! {
        let Some(m) = m.as_ref() else {
            mjerror!("mj_printModel", "NULL model");
            return;
        };
        guard("mj_printModel", (), || print::print_model(m, filename, print::DEFAULT_FORMAT.as_ptr()))
    }
}

/// Write the data as text to a file (stdout for NULL) with the given printf float format.
#[no_mangle]
pub unsafe extern "C" fn mj_printFormattedData(
    m: *const mjModel,
    d: *const mjData,
    filename: *const c_char,
    float_format: *const c_char,
) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else {
            mjerror!("mj_printFormattedData", "NULL model or data");
            return;
        };
        guard("mj_printFormattedData", (), || print::print_data(m, d, filename, float_format))
    }
}

/// Write the data as text to a file (stdout for NULL) with the default float format.
#[no_mangle]
pub unsafe extern "C" fn mj_printData(m: *const mjModel, d: *const mjData, filename: *const c_char) {
    crate::boundary! {
        let (Some(m), Some(d)) = (m.as_ref(), d.as_ref()) else {
            mjerror!("mj_printData", "NULL model or data");
            return;
        };
        guard("mj_printData", (), || print::print_data(m, d, filename, print::DEFAULT_FORMAT.as_ptr()))
    }
}

/// Draw the nonzero pattern of a compressed-row matrix into an open C stream.
///
/// cbindgen:ignore
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn mj_printSparsity(
    str: *const c_char,
    nr: c_int,
    nc: c_int,
    rowadr: *const c_int,
    diag: *const c_int,
    rownnz: *const c_int,
    rowsuper: *const c_int,
    colind: *const c_int,
    fp: *mut FILE,
) {
    crate::boundary! {
        guard("mj_printSparsity", (), || {
            print::print_sparsity_raw(str, nr, nc, rowadr, diag, rownnz, rowsuper, colind, fp)
        })
    }
}
