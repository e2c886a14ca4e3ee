//! C entry points that write mjModel and mjData as text (logic in `io::print`).

use core::ffi::{c_char, c_int, CStr};

use libc::FILE;

use crate::abi::{mjData, mjModel};
use crate::capi::guard;
use crate::io::print;
use crate::mjerror;

/// The C string at `p`, None for null.
///
/// # Safety
/// `p` is null or NUL-terminated, alive for the returned lifetime.
unsafe fn cstr<'a>(p: *const c_char) -> Option<&'a CStr> {
    // SAFETY: the caller's contract
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) })
}

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
        // SAFETY: filename and float_format are null or NUL-terminated (mj_printFormattedModel contract)
        let (filename, ff) = unsafe { (cstr(filename), cstr(float_format)) };
        guard("mj_printFormattedModel", (), || print::print_model(m, filename, ff))
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
        // SAFETY: filename is null or NUL-terminated (mj_printModel contract)
        let filename = unsafe { cstr(filename) };
        guard("mj_printModel", (), || print::print_model(m, filename, Some(print::DEFAULT_FORMAT)))
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
        // SAFETY: filename and float_format are null or NUL-terminated (mj_printFormattedData contract)
        let (filename, ff) = unsafe { (cstr(filename), cstr(float_format)) };
        guard("mj_printFormattedData", (), || print::print_data(m, d, filename, ff))
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
        // SAFETY: filename is null or NUL-terminated (mj_printData contract)
        let filename = unsafe { cstr(filename) };
        guard("mj_printData", (), || print::print_data(m, d, filename, Some(print::DEFAULT_FORMAT)))
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
        if nr <= 0 || nc <= 0 || nc > 300 || rowadr.is_null() || rownnz.is_null() || fp.is_null() {
            return;
        }
        let n = nr as usize;
        // SAFETY: rowadr and rownnz (and diag, rowsuper when non-null) hold nr ints, colind
        // every entry the rows address, str is null or NUL-terminated, fp an open stream
        // (mj_printSparsity contract)
        let (adr, nnz, opt, title) = unsafe {
            let opt = |p: *const c_int| (!p.is_null()).then(|| core::slice::from_raw_parts(p, n));
            (core::slice::from_raw_parts(rowadr, n), core::slice::from_raw_parts(rownnz, n), opt, cstr(str))
        };
        let ncol = (0..n).map(|r| (adr[r] + nnz[r]).max(0) as usize).max().unwrap_or(0);
        // SAFETY: as above
        let (col, diag, rowsuper): (&[c_int], _, _) =
            unsafe { (if colind.is_null() { &[] } else { core::slice::from_raw_parts(colind, ncol) }, opt(diag), opt(rowsuper)) };
        let title = title.map_or(&b"(null)"[..], |t| t.to_bytes());
        // fp is the caller's open stream, the format a fixed one-float format (Out's invariant)
        let mut o = print::Out { fp, ff: print::DEFAULT_FORMAT.as_ptr() };
        guard("mj_printSparsity", (), || print::print_sparsity(&mut o, title, nr, nc, adr, diag, nnz, rowsuper, col))
    }
}
