//! Attribute values of MJCF elements: numbers and number lists parsed as upstream's reader parses
//! them (C `strtod` rules, errno on overflow), keyword tables, and the typed readers the section
//! readers call.

use crate::spec::*;
use core::ffi::CStr;

use super::tree::Element;
use super::XmlError;

type R<T> = Result<T, XmlError>;

/// Keyword tables: (keyword, value).
pub type Map = &'static [(&'static str, i32)];

pub const BOOL_MAP: Map = &[("false", 0), ("true", 1)];
pub const TFAUTO_MAP: Map = &[("false", 0), ("true", 1), ("auto", 2)];
pub const ENABLE_MAP: Map = &[("disable", 0), ("enable", 1)];
pub const FLUID_MAP: Map = &[("none", 0), ("ellipsoid", 1)];
pub const SLEEP_MAP: Map = &[("auto", 0), ("never", 3), ("allowed", 4), ("init", 5)];
pub const JOINT_MAP: Map = &[("free", 0), ("ball", 1), ("slide", 2), ("hinge", 3)];
pub const GEOM_MAP: Map = &[
    ("plane", 0),
    ("hfield", 1),
    ("sphere", 2),
    ("capsule", 3),
    ("ellipsoid", 4),
    ("cylinder", 5),
    ("box", 6),
    ("mesh", 7),
    ("sdf", 8),
];
pub const CAMLIGHT_MAP: Map = &[("fixed", 0), ("track", 1), ("trackcom", 2), ("targetbody", 3), ("targetbodycom", 4)];
pub const LIGHTTYPE_MAP: Map = &[("spot", 0), ("directional", 1), ("point", 2), ("image", 3)];
pub const INTEGRATOR_MAP: Map = &[("Euler", 0), ("RK4", 1), ("implicit", 2), ("implicitfast", 3)];
pub const CONE_MAP: Map = &[("pyramidal", 0), ("elliptic", 1)];
pub const JAC_MAP: Map = &[("dense", 0), ("sparse", 1), ("auto", 2)];
pub const SOLVER_MAP: Map = &[("PGS", 0), ("CG", 1), ("Newton", 2)];
pub const DYN_MAP: Map =
    &[("none", 0), ("integrator", 1), ("filter", 2), ("filterexact", 3), ("muscle", 4), ("user", 5)];
pub const GAIN_MAP: Map = &[("fixed", 0), ("affine", 1), ("muscle", 2), ("user", 3)];
pub const BIAS_MAP: Map = &[("none", 0), ("affine", 1), ("muscle", 2), ("user", 3)];
pub const LRMODE_MAP: Map = &[("none", 0), ("muscle", 1), ("muscleuser", 2), ("all", 3)];
pub const MESHTYPE_MAP: Map = &[("false", 0), ("true", 1)];
pub const COORD_MAP: Map = &[("local", 0), ("global", 1)];
pub const ANGLE_MAP: Map = &[("radian", 0), ("degree", 1)];

/// Numbers that the reader can parse from attribute text.
pub trait Num: Copy {
    fn parse(s: &str) -> Option<Self>;
    /// The C library's conversion upstream uses (`strtod`, `strtof`, `strtol`), which sets
    /// `errno` on overflow and underflow, and `EDOM` for a NaN), applied to `buf` from byte
    /// `at` (which must lie before its NUL): the value and the number of bytes it took.
    fn strto(buf: &CStr, at: usize) -> (Self, usize);
    /// Single values of this type are read as upstream's ReadAttrInt does (a C++ stream
    /// extraction of one token), not as a list of numbers.
    const STREAM: bool = false;
    /// One token as a C++ stream extracts it (the whole token, in range), if it is one.
    fn from_stream(_tok: &str) -> Option<Self> {
        None
    }
}

/// The errno of the calling thread.
fn errno() -> libc::c_int {
    // SAFETY: glibc's per-thread errno location is always valid
    unsafe { *libc::__errno_location() }
}

/// Sets the errno of the calling thread.
fn set_errno(v: libc::c_int) {
    // SAFETY: glibc's per-thread errno location is always valid
    unsafe { *libc::__errno_location() = v };
}

/// Runs a C conversion `f(start, &mut end)` on `buf` from byte `at`: its result and the bytes
/// it consumed.
fn c_convert<T>(buf: &CStr, at: usize, f: impl FnOnce(*const libc::c_char, *mut *mut libc::c_char) -> T) -> (T, usize) {
    assert!(at < buf.to_bytes_with_nul().len());
    let p = buf.as_ptr().wrapping_add(at);
    let mut end = p as *mut libc::c_char;
    let x = f(p, &mut end);
    (x, end as usize - p as usize)
}

/// Upstream's reading of an attribute's numbers (StringToVector): C conversions one after
/// another, separated by white space, stopping at the first error; with the errno they left
/// (0, EDOM after a NaN, ERANGE, EINVAL).
fn string_to_vec<T: Num>(text: &str) -> (Vec<T>, libc::c_int) {
    let c = std::ffi::CString::new(text.split('\0').next().unwrap_or("")).unwrap_or_default();
    let mut v = Vec::new();
    let is_space = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
    let b = c.as_bytes_with_nul();
    set_errno(0);
    let mut p = 0;
    loop {
        while b[p] != 0 && is_space(b[p]) {
            p += 1;
        }
        if b[p] == 0 {
            break;
        }
        let (x, n) = T::strto(&c, p);
        let end = p + n;
        if !(b[end] == 0 || is_space(b[end])) || n == 0 {
            set_errno(libc::EINVAL);
        }
        let e = errno();
        if e != 0 && e != libc::EDOM {
            break;
        }
        v.push(x);
        p = end;
    }
    (v, errno())
}

fn parse_float_token(s: &str) -> Option<f64> {
    let t = s.trim_start_matches('+');
    if let Ok(v) = t.parse::<f64>() {
        return Some(v);
    }
    // strtod also accepts hexadecimal floats and "infinity"
    let l = t.to_ascii_lowercase();
    match l.as_str() {
        "inf" | "infinity" | "+inf" => Some(f64::INFINITY),
        "-inf" | "-infinity" => Some(f64::NEG_INFINITY),
        "nan" | "-nan" => Some(f64::NAN),
        _ => None,
    }
}

impl Num for f64 {
    fn parse(s: &str) -> Option<Self> {
        parse_float_token(s)
    }
    fn strto(buf: &CStr, at: usize) -> (Self, usize) {
        // SAFETY: p points before the NUL of buf (checked by c_convert); strtod stops at it
        let (x, n) = c_convert(buf, at, |p, end| unsafe { libc::strtod(p, end) });
        if x.is_nan() {
            set_errno(libc::EDOM);
        }
        (x, n)
    }
}
impl Num for f32 {
    fn parse(s: &str) -> Option<Self> {
        let t = s.trim_start_matches('+');
        match t.parse::<f32>() {
            Ok(v) => Some(v),
            Err(_) => parse_float_token(s).map(|v| v as f32),
        }
    }
    fn strto(buf: &CStr, at: usize) -> (Self, usize) {
        // SAFETY: p points before the NUL of buf (checked by c_convert); strtof stops at it
        let (x, n) = c_convert(buf, at, |p, end| unsafe { libc::strtof(p, end) });
        if x.is_nan() {
            set_errno(libc::EDOM);
        }
        (x, n)
    }
}
impl Num for i32 {
    fn parse(s: &str) -> Option<Self> {
        let t = s.strip_prefix('+').unwrap_or(s);
        t.parse::<i64>().ok().map(|v| v.clamp(i32::MIN as i64, i32::MAX as i64) as i32)
    }
    fn strto(buf: &CStr, at: usize) -> (Self, usize) {
        // SAFETY: p points before the NUL of buf (checked by c_convert); strtol stops at it
        let (x, n) = c_convert(buf, at, |p, end| unsafe { libc::strtol(p, end, 10) });
        if x < i32::MIN as libc::c_long || x > i32::MAX as libc::c_long {
            set_errno(libc::ERANGE);
        }
        (x as i32, n)
    }
    const STREAM: bool = true;
    fn from_stream(tok: &str) -> Option<Self> {
        let digits = tok.strip_prefix(['+', '-']).unwrap_or(tok);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        tok.strip_prefix('+').unwrap_or(tok).parse::<i32>().ok()
    }
}

/// All numbers of an attribute (None when absent or empty).
pub fn read_vec<T: Num>(e: &Element, attr: &str) -> R<Option<Vec<T>>> {
    let Some(text) = e.attr(attr) else { return Ok(None) };
    let (v, err) = string_to_vec::<T>(text);
    match err {
        0 => {}
        libc::EDOM => crate::runtime::error::warn(format_args!("XML contains a 'NaN'. Please check it carefully.")),
        libc::ERANGE => return Err(XmlError::at(e, &format!("number is too large in attribute '{}'", attr))),
        libc::EINVAL => return Err(XmlError::at(e, &format!("bad format in attribute '{}'", attr))),
        _ => return Err(XmlError::at(e, &format!("unknown error in attribute '{}'", attr))),
    }
    if v.is_empty() {
        return Ok(None);
    }
    Ok(Some(v))
}

/// Reads up to `out.len()` numbers into `out`; `exact` requires all of them. Returns how many.
pub fn read_arr<T: Num>(e: &Element, attr: &str, out: &mut [T], exact: bool) -> R<usize> {
    let Some(v) = read_vec::<T>(e, attr)? else { return Ok(0) };
    if exact && v.len() < out.len() {
        return Err(XmlError::at(e, &format!("attribute '{}' does not have enough data", attr)));
    }
    if v.len() > out.len() {
        return Err(XmlError::at(e, &format!("attribute '{}' has too much data", attr)));
    }
    out[..v.len()].copy_from_slice(&v);
    Ok(v.len())
}

/// Reads a required attribute of exactly `out.len()` numbers.
pub fn read_req<T: Num>(e: &Element, attr: &str, out: &mut [T]) -> R<()> {
    if e.attr(attr).is_none() || read_arr(e, attr, out, true)? == 0 {
        return Err(XmlError::at(e, &format!("required attribute missing: '{}'", attr)));
    }
    Ok(())
}

/// Reads one number.
pub fn read1<T: Num>(e: &Element, attr: &str, out: &mut T) -> R<bool> {
    if T::STREAM {
        let Some(text) = e.attr(attr) else { return Ok(false) };
        let is_space = |c: char| matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r');
        let mut toks = text.split(is_space).filter(|t| !t.is_empty());
        let Some(v) = T::from_stream(toks.next().unwrap_or("")) else {
            return Err(XmlError::at(e, &format!("problem reading attribute '{}'", attr)));
        };
        if toks.next().is_some() {
            return Err(XmlError::at(e, &format!("attribute '{}' has too much data", attr)));
        }
        *out = v;
        return Ok(true);
    }
    let mut a = [*out];
    let n = read_arr(e, attr, &mut a, true)?;
    if n > 0 {
        *out = a[0];
    }
    Ok(n > 0)
}

/// Reads a text attribute.
pub fn read_txt(e: &Element, attr: &str) -> Option<String> {
    e.attr(attr).map(|s| s.to_string())
}

/// Reads a required text attribute.
pub fn read_txt_req(e: &Element, attr: &str) -> R<String> {
    read_txt(e, attr).ok_or_else(|| XmlError::at(e, &format!("required attribute missing: '{}'", attr)))
}

/// Maps a keyword attribute through `map`.
pub fn map_value(e: &Element, attr: &str, map: Map) -> R<Option<i32>> {
    let Some(text) = e.attr(attr) else { return Ok(None) };
    match map.iter().find(|(k, _)| *k == text) {
        Some((_, v)) => Ok(Some(*v)),
        None => Err(XmlError::at(e, &format!("invalid keyword: '{}'", text))),
    }
}

pub(super) fn map_into(e: &Element, attr: &str, map: Map, out: &mut i32) -> R<()> {
    if let Some(v) = map_value(e, attr, map)? {
        *out = v;
    }
    Ok(())
}

/// A flag as the spec stores it: `bool` in Rust-only fields, `mjtByte` or `int` in C structs.
pub(crate) trait Flag {
    fn put(&mut self, v: bool);
}
impl Flag for bool {
    fn put(&mut self, v: bool) {
        *self = v;
    }
}
impl Flag for u8 {
    fn put(&mut self, v: bool) {
        *self = v as u8;
    }
}
impl Flag for i32 {
    fn put(&mut self, v: bool) {
        *self = v as i32;
    }
}

pub(super) fn map_bool(e: &Element, attr: &str, out: &mut impl Flag) -> R<()> {
    if let Some(v) = map_value(e, attr, BOOL_MAP)? {
        out.put(v == 1);
    }
    Ok(())
}

/// Reads `quat`, rejecting the zero quaternion.
pub(super) fn read_quat(e: &Element, attr: &str, q: &mut [f64; 4]) -> R<()> {
    read_arr(e, attr, q, true)?;
    if q.iter().all(|&x| x == 0.0) {
        return Err(XmlError::at(e, "zero quaternion is not allowed"));
    }
    Ok(())
}

/// Reads the alternative orientation attributes; returns how many orientation specifiers
/// (including `quat`) were given.
pub(super) fn read_alternative(e: &Element, alt: &mut impl crate::spec::element::AltField) -> R<usize> {
    let mut n = e.attr("quat").is_some() as usize;
    let mut aa = [0.0; 4];
    if read_arr(e, "axisangle", &mut aa, true)? > 0 {
        n += 1;
        alt.put(Orientation::AxisAngle(aa));
    }
    let mut xy = [0.0; 6];
    if read_arr(e, "xyaxes", &mut xy, true)? > 0 {
        n += 1;
        alt.put(Orientation::XYAxes(xy));
    }
    let mut z = [0.0; 3];
    if read_arr(e, "zaxis", &mut z, true)? > 0 {
        n += 1;
        alt.put(Orientation::ZAxis(z));
    }
    let mut eu = [0.0; 3];
    if read_arr(e, "euler", &mut eu, true)? > 0 {
        n += 1;
        alt.put(Orientation::Euler(eu));
    }
    if n > 1 {
        return Err(XmlError::at(e, "multiple orientation specifiers are not allowed"));
    }
    Ok(n)
}

pub(super) fn read_user<T: From<Vec<f64>>>(e: &Element, out: &mut T) -> R<()> {
    if let Some(v) = read_vec::<f64>(e, "user")? {
        *out = v.into();
    }
    Ok(())
}

pub(super) fn info(e: &Element) -> Info {
    Info::line(e.line)
}
