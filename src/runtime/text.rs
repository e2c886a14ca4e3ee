//! Small text utilities of the `mju_` library: object-type names, byte counts written with
//! binary suffixes, the texts of the simulation warnings, Base64, matrix printing and the
//! contact-sensor data sizes.
//!
//! Functions that upstream backs with a static buffer (`mju_writeNumBytes`, `mju_warningText`)
//! write into a thread-local buffer here too, so the returned pointer stays valid until the next
//! call on the same thread.

use core::cell::UnsafeCell;
use core::ffi::{c_char, c_int, CStr};

use crate::abi::mjtNum;
use crate::abi::mjtObj_::*;
use crate::abi::mjtWarning_::*;

/// Names of the object types, in the order `mju_type2Str` knows them.
const OBJ_NAMES: [(c_int, &CStr); 26] = [
    (mjOBJ_BODY as c_int, c"body"),
    (mjOBJ_XBODY as c_int, c"xbody"),
    (mjOBJ_JOINT as c_int, c"joint"),
    (mjOBJ_DOF as c_int, c"dof"),
    (mjOBJ_GEOM as c_int, c"geom"),
    (mjOBJ_SITE as c_int, c"site"),
    (mjOBJ_CAMERA as c_int, c"camera"),
    (mjOBJ_LIGHT as c_int, c"light"),
    (mjOBJ_FLEX as c_int, c"flex"),
    (mjOBJ_MESH as c_int, c"mesh"),
    (mjOBJ_SKIN as c_int, c"skin"),
    (mjOBJ_HFIELD as c_int, c"hfield"),
    (mjOBJ_TEXTURE as c_int, c"texture"),
    (mjOBJ_MATERIAL as c_int, c"material"),
    (mjOBJ_PAIR as c_int, c"pair"),
    (mjOBJ_EXCLUDE as c_int, c"exclude"),
    (mjOBJ_EQUALITY as c_int, c"equality"),
    (mjOBJ_TENDON as c_int, c"tendon"),
    (mjOBJ_ACTUATOR as c_int, c"actuator"),
    (mjOBJ_SENSOR as c_int, c"sensor"),
    (mjOBJ_NUMERIC as c_int, c"numeric"),
    (mjOBJ_TEXT as c_int, c"text"),
    (mjOBJ_TUPLE as c_int, c"tuple"),
    (mjOBJ_KEY as c_int, c"key"),
    (mjOBJ_PLUGIN as c_int, c"plugin"),
    (mjOBJ_FRAME as c_int, c"frame"),
];

/// Name of an object type, None for types without one (unknown, default, model, ...).
pub fn type_to_str(t: c_int) -> Option<&'static CStr> {
    OBJ_NAMES.iter().find(|(v, _)| *v == t).map(|(_, s)| *s)
}

/// Object type of a name; `mjOBJ_UNKNOWN` when not recognised. As upstream, "frame" is not
/// recognised although `mju_type2Str` writes it.
pub fn str_to_type(s: &[u8]) -> c_int {
    OBJ_NAMES
        .iter()
        .filter(|(v, _)| *v != mjOBJ_FRAME as c_int)
        .find(|(_, n)| n.to_bytes() == s)
        .map(|(v, _)| *v)
        .unwrap_or(mjOBJ_UNKNOWN as c_int)
}

/// Copies `src` into the fixed buffer `dst` the way `snprintf` would: truncated to
/// `dst.len() - 1` bytes and NUL-terminated.
fn put(dst: &mut [u8], src: &[u8]) {
    if dst.is_empty() {
        return;
    }
    let n = src.len().min(dst.len() - 1);
    dst[..n].copy_from_slice(&src[..n]);
    dst[n] = 0;
}

/// Upstream's buffer sizes for the two thread-local texts.
const NUMBYTES_LEN: usize = 20;
const WARNTEXT_LEN: usize = 1000;

thread_local! {
    static NUMBYTES: UnsafeCell<[u8; NUMBYTES_LEN]> = const { UnsafeCell::new([0; NUMBYTES_LEN]) };
    static WARNTEXT: UnsafeCell<[u8; WARNTEXT_LEN]> = const { UnsafeCell::new([0; WARNTEXT_LEN]) };
}

/// A byte count with the largest binary suffix (K, M, G, T, P, E) that divides it exactly, or
/// plain digits; written into `out` truncated like upstream's 20-byte buffer.
pub fn num_bytes_text(nbytes: usize) -> String {
    const SUFFIX: &[u8; 7] = b" KMGTPE";
    for i in 0..6 {
        let shift = 10 * (6 - i);
        let bits = 1usize << shift;
        if nbytes >= bits && nbytes & (bits - 1) == 0 {
            return format!("{}{}", nbytes >> shift, SUFFIX[6 - i] as char);
        }
    }
    format!("{nbytes}")
}

/// `mju_writeNumBytes`: [`num_bytes_text`] in the thread-local buffer (at most 19 characters).
pub fn write_num_bytes(nbytes: usize) -> *const c_char {
    let s = num_bytes_text(nbytes);
    NUMBYTES.with(|b| {
        // SAFETY: the buffer belongs to this thread and no reference to it outlives this call
        let buf = unsafe { &mut *b.get() };
        put(buf, s.as_bytes());
        buf.as_ptr() as *const c_char
    })
}

/// The text of a simulation warning with its info value (`mju_warningText`), untruncated.
pub fn warning_text_string(warning: c_int, info: usize) -> String {
    const UNSTABLE: &str = "The simulation is unstable.";
    match warning {
        w if w == mjWARN_INERTIA as c_int => {
            format!("Inertia matrix is too close to singular at DOF {info}. Check model.")
        }
        w if w == mjWARN_CONTACTFULL as c_int => {
            format!("Too many contacts. The arena memory is full, increase arena memory allocation.(ncon = {info})")
        }
        w if w == mjWARN_CNSTRFULL as c_int => {
            // upstream formats the size through mju_writeNumBytes (and so overwrites its buffer)
            let p = write_num_bytes(info);
            // SAFETY: write_num_bytes returns a NUL-terminated thread-local buffer
            let n = unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned();
            format!(
                "Insufficient arena memory for the number of constraints generated. Increase arena memory allocation above {n} bytes."
            )
        }
        w if w == mjWARN_VGEOMFULL as c_int => {
            format!("Pre-allocated visual geom buffer is full. Increase maxgeom above {info}.")
        }
        w if w == mjWARN_BADQPOS as c_int => {
            format!("Nan, Inf or huge value in QPOS at DOF {info}. {UNSTABLE}")
        }
        w if w == mjWARN_BADQVEL as c_int => {
            format!("Nan, Inf or huge value in QVEL at DOF {info}. {UNSTABLE}")
        }
        w if w == mjWARN_BADQACC as c_int => {
            format!("Nan, Inf or huge value in QACC at DOF {info}. {UNSTABLE}")
        }
        w if w == mjWARN_BADCTRL as c_int => {
            format!("Nan, Inf or huge value in CTRL at ACTUATOR {info}. {UNSTABLE}")
        }
        _ => format!("Unknown warning type {warning}."),
    }
}

/// `mju_warningText`: [`warning_text_string`] in the thread-local 1000-byte buffer.
pub fn warning_text(warning: c_int, info: usize) -> *const c_char {
    let s = warning_text_string(warning, info);
    WARNTEXT.with(|b| {
        // SAFETY: as in write_num_bytes
        let buf = unsafe { &mut *b.get() };
        put(buf, s.as_bytes());
        buf.as_ptr() as *const c_char
    })
}

//------------------------------------------ Base64 ------------------------------------------------

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Value of one Base64 character; anything outside the alphabet counts as 0.
fn b64_value(c: u8) -> u32 {
    match c {
        b'A'..=b'Z' => (c - b'A') as u32,
        b'a'..=b'z' => (c - b'a') as u32 + 26,
        b'0'..=b'9' => (c - b'0') as u32 + 52,
        b'+' => 62,
        b'/' => 63,
        _ => 0,
    }
}

/// Characters (including the terminating NUL) that encoding `n` bytes takes.
pub const fn base64_len(n: usize) -> usize {
    4 * n.div_ceil(3) + 1
}

/// Encodes `data` with padding into `out` followed by a NUL; returns [`base64_len`].
/// `out` must hold at least that many bytes.
pub fn encode_base64(out: &mut [u8], data: &[u8]) -> usize {
    let mut j = 0;
    let mut chunks = data.chunks_exact(3);
    for c in &mut chunks {
        let k = (c[0] as u32) << 16 | (c[1] as u32) << 8 | c[2] as u32;
        for s in [18, 12, 6, 0] {
            out[j] = B64[((k >> s) & 63) as usize];
            j += 1;
        }
    }
    match *chunks.remainder() {
        [a] => {
            let k = (a as u32) << 16;
            out[j..j + 4].copy_from_slice(&[B64[(k >> 18) as usize & 63], B64[(k >> 12) as usize & 63], b'=', b'=']);
            j += 4;
        }
        [a, b] => {
            let k = (a as u32) << 16 | (b as u32) << 8;
            out[j..j + 4].copy_from_slice(&[
                B64[(k >> 18) as usize & 63],
                B64[(k >> 12) as usize & 63],
                B64[(k >> 6) as usize & 63],
                b'=',
            ]);
            j += 4;
        }
        _ => {}
    }
    out[j] = 0;
    base64_len(data.len())
}

/// Number of bytes `s` (without its NUL) decodes to, or 0 if it is empty or not valid padded
/// Base64 (a length that is not a multiple of 4, a character outside the alphabet, or `=` other
/// than one or two at the very end).
pub fn valid_base64(s: &[u8]) -> usize {
    let i = s.iter().position(|&c| c == b'=').unwrap_or(s.len());
    if !s[..i].iter().all(|&c| c.is_ascii_alphanumeric() || c == b'/' || c == b'+') {
        return 0;
    }
    let pad = match &s[i..] {
        [] => 0,
        [b'='] => 1,
        [b'=', b'='] => 2,
        _ => return 0,
    };
    let len = i + pad;
    if len % 4 != 0 {
        0
    } else {
        3 * (len / 4) - pad
    }
}

/// Decodes the NUL-terminated string `s` into `buf` exactly as upstream does: groups of four
/// characters are read until a group starts at the NUL (so a string whose length is not a
/// multiple of 4 is read past its terminator), characters outside the alphabet count as 0, and
/// a group yields fewer bytes when its third or fourth character is `=`. Returns the bytes
/// written.
///
/// # Safety
/// `s` must be readable up to the group of four that starts at or after its NUL; `buf` must
/// hold the decoded bytes.
pub unsafe fn decode_base64_raw(buf: *mut u8, s: *const c_char) -> usize {
    let s = s as *const u8;
    let (mut i, mut j) = (0usize, 0usize);
    // SAFETY: reads stay within the groups of four up to the NUL and writes within the decoded
    // size, both guaranteed by the caller (this function's contract)
    while unsafe { *s.add(i) } != 0 {
        // SAFETY: as above
        unsafe {
            let mut k = 0u32;
            for _ in 0..4 {
                k = (k << 6) | b64_value(*s.add(i));
                i += 1;
            }
            *buf.add(j) = (k >> 16) as u8;
            j += 1;
            if *s.add(i - 2) != b'=' {
                *buf.add(j) = (k >> 8) as u8;
                j += 1;
            }
            if *s.add(i - 1) != b'=' {
                *buf.add(j) = k as u8;
                j += 1;
            }
        }
    }
    j
}

/// Safe form of [`decode_base64_raw`] for valid input (length a multiple of 4).
pub fn decode_base64(s: &[u8]) -> Vec<u8> {
    let mut src = s.to_vec();
    src.extend_from_slice(&[0; 4]);
    let mut out = vec![0u8; 3 * s.len().div_ceil(4)];
    // SAFETY: src is NUL-padded by a whole group; out holds 3 bytes per group
    let n = unsafe { decode_base64_raw(out.as_mut_ptr(), src.as_ptr() as *const c_char) };
    out.truncate(n);
    out
}

//------------------------------------------ printing ----------------------------------------------

/// Prints an `nr` x `nc` row-major matrix to stdout (C stdio), 8 decimals per entry.
///
/// # Safety
/// `mat` must hold `nr * nc` values when both are positive.
pub unsafe fn print_mat(mat: *const mjtNum, nr: c_int, nc: c_int) {
    // SAFETY: r * nc + c < nr * nc values, which `mat` holds (contract); printf with literal
    // formats matching the argument types
    unsafe {
        for r in 0..nr.max(0) as usize {
            for c in 0..nc.max(0) as usize {
                libc::printf(c"%.8f ".as_ptr(), *mat.add(r * nc as usize + c));
            }
            libc::printf(c"\n".as_ptr());
        }
        libc::printf(c"\n".as_ptr());
    }
}

/// Prints a sparse matrix in row-compressed form to stdout as `(row col): value` entries.
///
/// # Safety
/// The arrays must describe a valid sparse matrix with `nr` rows.
pub unsafe fn print_mat_sparse(
    mat: *const mjtNum,
    nr: c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
) {
    // SAFETY: the arrays describe a valid sparse matrix of nr rows (contract), so every row's
    // entries adr..adr+nnz are in `mat` and `colind`; printf formats match the argument types
    unsafe {
        for r in 0..nr.max(0) as usize {
            let adr = *rowadr.add(r);
            let nnz = *rownnz.add(r);
            for a in adr..adr + nnz {
                let a = a as isize;
                libc::printf(c"(%d %d): %9.6f  ".as_ptr(), r as c_int, *colind.offset(a), *mat.offset(a));
            }
            libc::printf(c"\n".as_ptr());
        }
        libc::printf(c"\n".as_ptr());
    }
}

//------------------------------------------ misc --------------------------------------------------

/// Values per contact-sensor data field (found, force, torque, dist, pos, normal, tangent).
pub const CONDATA_SIZE: [c_int; crate::abi::mjtConDataField_::mjNCONDATA as usize] = [1, 3, 3, 1, 3, 3, 3];

/// The same table as upstream's library exports it (`mjCONDATA_SIZE`, read-only data, not in
/// the public header).
/// cbindgen:ignore
#[no_mangle]
#[allow(non_upper_case_globals)]
pub static mjCONDATA_SIZE: [c_int; crate::abi::mjtConDataField_::mjNCONDATA as usize] = CONDATA_SIZE;

/// Total number of values of the fields selected by the bits of `dataspec`.
pub fn condata_size(dataspec: c_int) -> c_int {
    CONDATA_SIZE.iter().enumerate().filter(|(i, _)| dataspec & (1 << i) != 0).map(|(_, n)| n).sum()
}

/// Upstream's assumed cache-line separation between data written by different threads.
pub const DESTRUCTIVE_INTERFERENCE_SIZE: usize = 128;

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(data: &[u8]) -> String {
        let mut out = vec![0xffu8; base64_len(data.len())];
        assert_eq!(encode_base64(&mut out, data), out.len());
        assert_eq!(*out.last().unwrap(), 0);
        String::from_utf8(out[..out.len() - 1].to_vec()).unwrap()
    }

    #[test]
    fn base64_known_strings() {
        let cases: [(&str, &str); 7] = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, code) in cases {
            assert_eq!(enc(plain.as_bytes()), code);
            assert_eq!(valid_base64(code.as_bytes()), plain.len());
            assert_eq!(decode_base64(code.as_bytes()), plain.as_bytes());
        }
        assert_eq!(enc(b"Man is"), "TWFuIGlz");
        assert_eq!(enc(&[0xff, 0xfe, 0xfd, 0x00]), "//79AA==");
        assert_eq!(decode_base64(b"//79AA=="), [0xff, 0xfe, 0xfd, 0x00]);
        let all: Vec<u8> = (0..=255u8).collect();
        let code = enc(&all);
        assert_eq!(valid_base64(code.as_bytes()), 256);
        assert_eq!(decode_base64(code.as_bytes()), all);
    }

    #[test]
    fn base64_invalid() {
        assert_eq!(valid_base64(b""), 0);
        assert_eq!(valid_base64(b"Zg="), 0);
        assert_eq!(valid_base64(b"Zg"), 0);
        assert_eq!(valid_base64(b"Zg=a"), 0);
        assert_eq!(valid_base64(b"Z==="), 0);
        assert_eq!(valid_base64(b"Zm9v!"), 0);
        assert_eq!(valid_base64(b"Zm 9"), 0);
        assert_eq!(valid_base64(b"===="), 0);
        // a padded group with an '=' only at its end is accepted as length 4k
        assert_eq!(valid_base64(b"Zm9="), 2);
        assert_eq!(valid_base64(b"Zm=="), 1);
        // invalid characters decode as zero bits
        assert_eq!(decode_base64(b"!!!!"), [0, 0, 0]);
    }

    #[test]
    fn num_bytes() {
        let cases: [(usize, &str); 12] = [
            (0, "0"),
            (1, "1"),
            (1023, "1023"),
            (1024, "1K"),
            (1025, "1025"),
            (3 << 10, "3K"),
            (1 << 20, "1M"),
            (1536 << 10, "1536K"),
            (5 << 30, "5G"),
            (7 << 40, "7T"),
            (1 << 50, "1P"),
            (15 << 60, "15E"),
        ];
        for (n, s) in cases {
            assert_eq!(num_bytes_text(n), s);
            let p = write_num_bytes(n);
            // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
            assert_eq!(unsafe { CStr::from_ptr(p) }.to_str().unwrap(), s);
        }
        // 20 digits do not fit the 20-byte buffer
        assert_eq!(num_bytes_text(usize::MAX), "18446744073709551615");
        let p = write_num_bytes(usize::MAX);
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        assert_eq!(unsafe { CStr::from_ptr(p) }.to_str().unwrap(), "1844674407370955161");
    }

    #[test]
    fn names_and_warnings() {
        assert_eq!(type_to_str(1).unwrap(), c"body");
        assert_eq!(type_to_str(100).unwrap(), c"frame");
        assert!(type_to_str(0).is_none() && type_to_str(26).is_none() && type_to_str(101).is_none());
        assert_eq!(str_to_type(b"plugin"), 25);
        assert_eq!(str_to_type(b"frame"), 0);
        assert_eq!(str_to_type(b"Body"), 0);
        assert_eq!(
            warning_text_string(2, 3 << 20),
            "Insufficient arena memory for the number of constraints generated. Increase arena memory allocation above 3M bytes."
        );
        assert_eq!(warning_text_string(8, 1), "Unknown warning type 8.");
        assert_eq!(warning_text_string(-1, 1), "Unknown warning type -1.");
        assert_eq!(warning_text_string(0, 7), "Inertia matrix is too close to singular at DOF 7. Check model.");
    }

    #[test]
    fn condata() {
        assert_eq!(condata_size(0), 0);
        assert_eq!(condata_size(1), 1);
        assert_eq!(condata_size(0b111_1111), 17);
        assert_eq!(condata_size(0b000_0110), 6);
        assert_eq!(condata_size(-1), 17);
    }
}
