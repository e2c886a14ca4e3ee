//! Text of edit items: parsing and checking typed text, printing the item's values.

use core::ffi::{c_char, c_int};

use crate::abi::mjtItem_::*;
use crate::abi::*;

fn is_numeric_edit(t: c_int) -> bool {
    t == mjITEM_EDITINT as c_int || t == mjITEM_EDITNUM as c_int || t == mjITEM_EDITFLOAT as c_int
}

fn edit(it: &mjuiItem) -> &mjuiItemEdit_ {
    // SAFETY: every union member is plain integers and floats
    unsafe { &it.__anon_union.edit }
}

/// Up to mjMAXUIEDIT numbers read from the (NUL-terminated) text, as sscanf reads them.
fn scan(text: &[c_char]) -> (usize, [f64; mjMAXUIEDIT]) {
    let mut v = [0.0f64; mjMAXUIEDIT];
    let p = v.as_mut_ptr();
    let text = super::c_text(text);
    // SAFETY: text is NUL-terminated (c_text); v has room for the 7 conversions
    let n = unsafe {
        libc::sscanf(
            text.as_ptr(),
            c"%lf %lf %lf %lf %lf %lf %lf".as_ptr(),
            p,
            p.add(1),
            p.add(2),
            p.add(3),
            p.add(4),
            p.add(5),
            p.add(6),
        )
    };
    (n.max(0) as usize, v)
}

/// 0 when the text is acceptable for the item: the right count of numbers, each within its
/// range when one is set, integers for integer items (1, 2, 3 for those failures).
pub fn check(text: &[c_char], it: &mjuiItem) -> Result<(c_int, usize, [f64; mjMAXUIEDIT]), String> {
    if it.r#type == mjITEM_EDITTXT as c_int {
        return Ok((0, 0, [0.0; mjMAXUIEDIT]));
    }
    if !is_numeric_edit(it.r#type) {
        return Err("Internal error: expected edit control".into());
    }
    let e = edit(it);
    let (n, v) = scan(text);
    if n as c_int != e.nelem {
        return Ok((1, n, v));
    }
    for i in 0..n {
        let r = e.range[i];
        if r[0] < r[1] && (v[i] < r[0] || v[i] > r[1]) {
            return Ok((2, n, v));
        }
    }
    if it.r#type == mjITEM_EDITINT as c_int && v[..n].iter().any(|&x| x != x as c_int as f64) {
        return Ok((3, n, v));
    }
    Ok((0, n, v))
}

fn snprintf_into(out: &mut Vec<u8>, fmt: &core::ffi::CStr, arg: Arg) {
    let mut buf = [0 as c_char; 50];
    // SAFETY: buf is 50 bytes; the format takes exactly the one argument given
    let n = unsafe {
        match arg {
            Arg::I(x) => libc::snprintf(buf.as_mut_ptr(), 50, fmt.as_ptr(), x),
            Arg::D(x) => libc::snprintf(buf.as_mut_ptr(), 50, fmt.as_ptr(), x),
        }
    };
    let n = (n.max(0) as usize).min(49);
    out.extend(buf[..n].iter().map(|&c| c as u8));
}

enum Arg {
    I(c_int),
    D(f64),
}

/// The item's values as shown when not being edited (numbers two spaces apart, at most
/// mjMAXUITEXT-1 characters; text items: their string up to mjMAXUINAME-1 characters).
///
/// # Safety
/// The item's data pointer holds its values.
pub unsafe fn array_text(it: &mjuiItem) -> Result<Vec<u8>, String> {
    if it.r#type == mjITEM_EDITTXT as c_int {
        let s = it.pdata as *const u8;
        let mut out = Vec::new();
        // SAFETY: a text item's data holds mjMAXUINAME chars (this function's contract); at
        // most the first mjMAXUINAME-1 are read
        while out.len() < mjMAXUINAME - 1 && unsafe { *s.add(out.len()) } != 0 {
            // SAFETY: as above, the same in-bounds char
            out.push(unsafe { *s.add(out.len()) });
        }
        return Ok(out);
    }
    if !is_numeric_edit(it.r#type) {
        return Err("Internal error: expected edit control".into());
    }
    let n = edit(it).nelem.max(0) as usize;
    let mut out = Vec::new();
    for i in 0..n {
        let mut piece = Vec::new();
        // SAFETY: a numeric edit item's data holds nelem ints (EDITINT), doubles (EDITNUM) or
        // floats (EDITFLOAT) (this function's contract), and i < nelem
        let arg = unsafe {
            if it.r#type == mjITEM_EDITINT as c_int {
                Arg::I(*(it.pdata as *const c_int).add(i))
            } else if it.r#type == mjITEM_EDITNUM as c_int {
                Arg::D(*(it.pdata as *const f64).add(i))
            } else {
                Arg::D(*(it.pdata as *const f32).add(i) as f64)
            }
        };
        snprintf_into(&mut piece, if it.r#type == mjITEM_EDITINT as c_int { c"%d" } else { c"%.4g" }, arg);
        if i + 1 < n {
            piece.extend_from_slice(b"  ");
        }
        let room = (mjMAXUITEXT - 1).saturating_sub(out.len());
        out.extend_from_slice(&piece[..piece.len().min(room)]);
    }
    Ok(out)
}

/// Stores typed text into the item's data when [`check`] accepts it; returns check's code.
/// Text items take the first mjMAXUINAME-1 characters (the data holds mjMAXUINAME bytes).
///
/// # Safety
/// The item's data pointer has room for its values.
pub unsafe fn store(text: &[c_char], it: &mjuiItem) -> Result<c_int, String> {
    if it.r#type == mjITEM_EDITTXT as c_int {
        // SAFETY: a text item's data holds mjMAXUINAME writable chars (this function's
        // contract), not aliased by `text` (a copy of the UI's edit text)
        let d = unsafe { core::slice::from_raw_parts_mut(it.pdata as *mut c_char, mjMAXUINAME) };
        let mut end = false;
        for i in 0..mjMAXUINAME {
            end |= i >= text.len() || text[i] == 0;
            d[i] = if end { 0 } else { text[i] };
        }
        d[mjMAXUINAME - 1] = 0;
        return Ok(0);
    }
    let (code, n, v) = check(text, it)?;
    if code != 0 {
        return Ok(code);
    }
    for (i, &x) in v[..n].iter().enumerate() {
        // SAFETY: check accepted exactly nelem numbers, so i < nelem, and the data holds nelem
        // writable ints, doubles or floats by the item type (this function's contract)
        unsafe {
            if it.r#type == mjITEM_EDITINT as c_int {
                *(it.pdata as *mut c_int).add(i) = x as c_int;
            } else if it.r#type == mjITEM_EDITNUM as c_int {
                *(it.pdata as *mut f64).add(i) = x;
            } else {
                *(it.pdata as *mut f32).add(i) = x as f32;
            }
        }
    }
    Ok(0)
}
