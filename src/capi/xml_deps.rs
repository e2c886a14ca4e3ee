//! `mju_getXMLDependencies`: the files an MJCF model depends on (logic in `xml::deps`).
//!
//! `mjStringVec` is a C++ `std::vector<std::string>` of the standard library upstream's binary
//! is built with, libc++ (statically linked, 64-bit little-endian, default string layout), so
//! the result is written in that layout:
//! - vector: three pointers, begin / end / end of storage, to 24-byte strings;
//! - string, short form (length <= 22): byte 0 = length << 1, characters from byte 1, then NUL;
//! - string, long form: word 0 = allocation size | 1, word 1 = length, word 2 = heap pointer.
//!
//! libc++'s `operator new`/`operator delete` are malloc/free, which is what is used here.

use core::ffi::{c_char, CStr};
use core::ptr;

use super::guard;
use crate::abi::mjStringVec;

#[repr(C)]
struct CxxString {
    words: [u64; 3],
}

#[repr(C)]
struct CxxVec {
    begin: *mut CxxString,
    end: *mut CxxString,
    cap: *mut CxxString,
}

/// Longest string libc++ keeps inline.
const SHORT_MAX: usize = 22;

/// Heap block libc++ allocates for a long string of `len` characters.
fn long_alloc(len: usize) -> usize {
    let guess = ((len + 1 + 7) & !7) - 1;
    (if guess == SHORT_MAX + 1 { guess + 2 } else { guess }) + 1
}

/// Builds a string in place; false when memory ran out.
unsafe fn write_string(dst: *mut CxxString, s: &[u8]) -> bool {
    // SAFETY: `dst` points to a libc++ std::string object of the caller (mju_getXMLDependencies' contract), written as libc++ lays it out
    unsafe {
        ptr::write_bytes(dst, 0, 1);
        if s.len() <= SHORT_MAX {
            let b = dst as *mut u8;
            *b = (s.len() as u8) << 1;
            ptr::copy_nonoverlapping(s.as_ptr(), b.add(1), s.len());
            return true;
        }
        let alloc = long_alloc(s.len());
        let p = libc::malloc(alloc) as *mut u8;
        if p.is_null() {
            return false;
        }
        ptr::copy_nonoverlapping(s.as_ptr(), p, s.len());
        *p.add(s.len()) = 0;
        (*dst).words = [alloc as u64 | 1, s.len() as u64, p as u64];
        true
    }
}

/// Releases the strings and storage of a vector (as its destructor would).
unsafe fn release(v: &CxxVec) {
    // SAFETY: `v` is a libc++ std::vector<std::string> of the caller whose storage came from operator new (mju_getXMLDependencies' contract)
    unsafe {
        let mut p = v.begin;
        while !p.is_null() && p < v.end {
            if (*p).words[0] & 1 != 0 {
                libc::free((*p).words[2] as *mut libc::c_void);
            }
            p = p.add(1);
        }
        if !v.begin.is_null() {
            libc::free(v.begin as *mut libc::c_void);
        }
    }
}

/// Replaces the contents of the vector at `out` with `items`.
unsafe fn assign(out: *mut CxxVec, items: &[String]) {
    // SAFETY: `out` points to the caller's libc++ std::vector<std::string> (mju_getXMLDependencies' contract)
    unsafe {
        let mut fresh = CxxVec { begin: ptr::null_mut(), end: ptr::null_mut(), cap: ptr::null_mut() };
        if !items.is_empty() {
            let buf = libc::malloc(items.len() * core::mem::size_of::<CxxString>()) as *mut CxxString;
            if buf.is_null() {
                crate::runtime::error::raise(format_args!("Could not allocate memory"));
                return;
            }
            fresh.begin = buf;
            fresh.end = buf;
            for s in items {
                if !write_string(fresh.end, s.as_bytes()) {
                    fresh.cap = fresh.end;
                    release(&fresh);
                    crate::runtime::error::raise(format_args!("Could not allocate memory"));
                    return;
                }
                fresh.end = fresh.end.add(1);
            }
            fresh.cap = fresh.end;
        }
        release(&*out);
        ptr::write(out, fresh);
    }
}

/// List into `dependencies` the files the MJCF file `filename` depends on: the file itself,
/// included and nested model files (recursively) and the asset files they name, with the
/// compiler's asset folders and the model's folder applied.
#[no_mangle]
pub unsafe extern "C" fn mju_getXMLDependencies(filename: *const c_char, dependencies: *mut mjStringVec) {
    crate::boundary! {
        if filename.is_null() {
            crate::runtime::error::raise(format_args!(
                "Problem reading XML file '(null)': Error=XML_ERROR_FILE_COULD_NOT_BE_OPENED ErrorID=4 (0x4) Line number=0: filename=<null>"
            ));
            return;
        }
        let name = CStr::from_ptr(filename).to_string_lossy().into_owned();
        let found = guard("mju_getXMLDependencies", Err(String::new()), || crate::xml::deps::dependencies(&name));
        match found {
            Ok(list) => {
                if !dependencies.is_null() {
                    assign(dependencies as *mut CxxVec, &list);
                }
            }
            Err(msg) if !msg.is_empty() => crate::runtime::error::raise(format_args!("{msg}")),
            Err(_) => {}
        }
    }
}
