//! The MJB binary model format, byte-compatible with upstream 3.4.0.
//!
//! Layout (native endian): five ints `{54321, sizeof(mjtNum), #int sizes, #mjtSize sizes,
//! #arrays}`, every size field of mjModel in struct order (int sizes then mjtSize sizes), the raw
//! bytes of mjOption, mjVisual and mjStatistic, then every array of `MJMODEL_ARRAYS` in table
//! order without padding.

use core::ffi::{c_char, c_void, CStr};
use core::mem::size_of;
use core::ptr;

use crate::abi::*;
use crate::io::resource;
use crate::model::alloc::{self, MakeError};
use crate::{mjerror, mjwarning};

/// First int of every MJB file.
pub const ID: i32 = 54321;
/// Number of ints in the file header.
pub const NHEADER: usize = 5;

/// Number of `int` size fields of mjModel.
pub fn n_int() -> usize {
    MJMODEL_SIZES.iter().filter(|(_, t)| *t == "int").count()
}

/// Number of `mjtSize` size fields of mjModel.
pub fn n_size() -> usize {
    MJMODEL_SIZES.iter().filter(|(_, t)| *t == "mjtSize").count()
}

fn header() -> [i32; NHEADER] {
    [ID, size_of::<mjtNum>() as i32, n_int() as i32, n_size() as i32, MJMODEL_NARRAY as i32]
}

fn fixed_part() -> usize {
    size_of::<i32>() * (NHEADER + n_int())
        + size_of::<mjtSize>() * n_size()
        + size_of::<mjOption>()
        + size_of::<mjVisual>()
        + size_of::<mjStatistic>()
}

/// Bytes an MJB of `m` takes (`mj_sizeModel`).
pub fn model_file_size(m: &mjModel) -> usize {
    let counts = m.array_counts();
    fixed_part() + MJMODEL_ARRAYS.iter().zip(counts).map(|(f, n)| f.elem_size * n).sum::<usize>()
}

/// The bytes of a header array or of one of the plain C structs mjOption, mjVisual, mjStatistic
/// (`#[repr(C)]` numbers and arrays, written to the file as upstream writes them).
fn bytes_of<T: MjbPlain>(v: &T) -> &[u8] {
    // SAFETY: T is one of the MjbPlain types: initialised plain-old-data read as size_of::<T>()
    // bytes of the borrowed value
    unsafe { core::slice::from_raw_parts(v as *const T as *const u8, size_of::<T>()) }
}

/// Types [`bytes_of`] may view as bytes and `Reader::read_into` may fill from bytes: plain
/// `#[repr(C)]` numbers and arrays of numbers.
trait MjbPlain {}
impl MjbPlain for [i32; NHEADER] {}
impl MjbPlain for mjOption {}
impl MjbPlain for mjVisual {}
impl MjbPlain for mjStatistic {}

/// Feeds every piece of the MJB of `m`, in file order, to `put`; stops at the first `false`.
fn serialize(m: &mjModel, put: &mut dyn FnMut(&[u8]) -> bool) {
    let h = header();
    if !put(bytes_of(&h)) {
        return;
    }
    for ((_, t), v) in MJMODEL_SIZES.iter().zip(m.size_values()) {
        let ok = if *t == "int" { put(&(v as i32).to_ne_bytes()) } else { put(&v.to_ne_bytes()) };
        if !ok {
            return;
        }
    }
    if !put(bytes_of(&m.opt)) || !put(bytes_of(&m.vis)) || !put(bytes_of(&m.stat)) {
        return;
    }
    let counts = m.array_counts();
    for ((f, n), p) in MJMODEL_ARRAYS.iter().zip(counts).zip(m.array_ptrs()) {
        let len = f.elem_size * n;
        // SAFETY: array_ptrs/array_counts describe the model's arrays: len bytes at p inside
        // its buffer (the mjModel invariant)
        if len > 0 && !put(unsafe { core::slice::from_raw_parts(p as *const u8, len) }) {
            return;
        }
    }
}

/// Writes the MJB of `m` to a file; warns when the file cannot be opened (`mj_saveModel`).
pub fn save_file(m: &mjModel, filename: &CStr) {
    // SAFETY: fopen of a NUL-terminated name with a literal mode
    let fp = unsafe { libc::fopen(filename.as_ptr(), c"wb".as_ptr()) };
    if fp.is_null() {
        let name = filename.to_string_lossy();
        mjwarning!("Could not open file '{}'", name);
        return;
    }
    // SAFETY: fp is the open FILE above; fwrite reads b.len() bytes of the slice b
    serialize(m, &mut |b| unsafe { libc::fwrite(b.as_ptr() as *const c_void, 1, b.len(), fp) } == b.len());
    // SAFETY: fp is open and closed once
    unsafe { libc::fclose(fp) };
}

/// Writes the MJB of `m` into `buffer`; reports through `mju_error` when it does not fit, as
/// upstream does.
pub fn save_buffer(m: &mjModel, buffer: &mut [u8]) {
    let mut pos = 0usize;
    let size = buffer.len();
    serialize(m, &mut |b| {
        if pos + b.len() > size {
            mjerror!("bufwrite", "attempting to write outside model buffer");
            return false;
        }
        buffer[pos..pos + b.len()].copy_from_slice(b);
        pos += b.len();
        true
    });
}

/// Sequential reader over an MJB image that never reads past its end.
struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        if n > self.remaining() {
            return None;
        }
        let s = &self.buf[self.pos..self.pos + n];
        self.pos += n;
        Some(s)
    }
    fn i32(&mut self) -> Option<i32> {
        self.take(4).map(|b| i32::from_ne_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn i64(&mut self) -> Option<i64> {
        self.take(8).map(|b| i64::from_ne_bytes(b.try_into().unwrap_or([0; 8])))
    }
    /// Copies the next `size_of::<T>()` bytes into `dst`.
    fn read_into<T: MjbPlain>(&mut self, dst: &mut T) -> bool {
        match self.take(size_of::<T>()) {
            Some(b) => {
                // SAFETY: b holds size_of::<T>() bytes; T is MjbPlain (numbers only), so any
                // bytes make a valid value
                unsafe { ptr::copy_nonoverlapping(b.as_ptr(), dst as *mut T as *mut u8, b.len()) };
                true
            }
            None => false,
        }
    }
}

/// Builds a model from an MJB image (`mj_loadModelBuffer`); warns with upstream's text and
/// returns null for an incomplete, foreign, truncated, oversized or inconsistent image.
pub fn load_bytes(buf: &[u8]) -> *mut mjModel {
    if buf.len() < NHEADER * size_of::<i32>() {
        mjwarning!("Model file has an incomplete header");
        return ptr::null_mut();
    }
    let mut r = Reader { buf, pos: 0 };
    let expected = header();
    const WHY: [&str; NHEADER] = [
        "Model missing header ID",
        "Model and executable have different floating point precision",
        "Model and executable have different number of ints in mjModel",
        "Model and executable have different number of size_t members in mjModel",
        "Model and executable have different number of pointers in mjModel",
    ];
    for (e, why) in expected.iter().zip(WHY) {
        if r.i32() != Some(*e) {
            mjwarning!("{}", why);
            return ptr::null_mut();
        }
    }
    if r.remaining() < size_of::<i32>() * n_int() + size_of::<mjtSize>() * n_size() {
        mjwarning!("Truncated model file - ran out of data while reading sizes");
        return ptr::null_mut();
    }
    let mut sizes = [0i64; MJMODEL_SIZES_LEN];
    // ints come first in the file, then the mjtSize fields (struct order puts them last)
    let mut k = 0;
    for ((_, t), v) in MJMODEL_SIZES.iter().zip(sizes.iter_mut()) {
        if *t == "int" {
            *v = r.i32().unwrap_or(0) as i64;
            k += 1;
        }
    }
    debug_assert_eq!(k, n_int());
    for ((_, t), v) in MJMODEL_SIZES.iter().zip(sizes.iter_mut()) {
        if *t == "mjtSize" {
            *v = r.i64().unwrap_or(0);
        }
    }

    let mut m = match alloc::make_model(&sizes) {
        Ok(m) => m,
        Err(MakeError::Invalid(a, b, c)) => {
            mjwarning!("{}{}{}", a, b, c);
            mjwarning!("Corrupted model, wrong nbuffer field");
            return ptr::null_mut();
        }
        Err(MakeError::NoMemory) => return ptr::null_mut(),
    };
    // SAFETY: m is the model just made (owned here, deleted on every failure path); its arrays
    // (array_ptrs/array_counts) lie in its buffer, and len bytes are copied to each from the image
    unsafe {
        let mm = &mut *m;
        let nbuffer_file = sizes[MJMODEL_SIZES_LEN - 1];
        if mm.nbuffer != nbuffer_file {
            mjwarning!("Corrupted model, wrong nbuffer field");
            alloc::delete_model(m);
            return ptr::null_mut();
        }
        // all size fields as stored, then the layout must still be the one allocated
        let (buffer, nbuffer) = (mm.buffer, mm.nbuffer);
        mm.set_size_values(&sizes);
        // (legacy fields such as njmax hold -1; only the sizes that shape arrays must agree)
        if alloc::model_buffer_size(mm) != Ok(nbuffer as usize) {
            mjwarning!("Corrupted model, wrong nbuffer field");
            alloc::delete_model(m);
            return ptr::null_mut();
        }
        mm.buffer = buffer;
        alloc::set_model_pointers(mm);

        if r.remaining() < size_of::<mjOption>() + size_of::<mjVisual>() + size_of::<mjStatistic>() {
            mjwarning!("Truncated model file - ran out of data while reading structs");
            alloc::delete_model(m);
            return ptr::null_mut();
        }
        r.read_into(&mut mm.opt);
        r.read_into(&mut mm.vis);
        r.read_into(&mut mm.stat);

        let counts = mm.array_counts();
        for ((f, n), p) in MJMODEL_ARRAYS.iter().zip(counts).zip(mm.array_ptrs()) {
            let len = f.elem_size * n;
            match r.take(len) {
                Some(b) => ptr::copy_nonoverlapping(b.as_ptr(), p as *mut u8, len),
                None => {
                    mjwarning!("Truncated model file - ran out of data while reading {}", f.name);
                    alloc::delete_model(m);
                    return ptr::null_mut();
                }
            }
        }
        if r.remaining() != 0 {
            mjwarning!("Model file is too large");
            alloc::delete_model(m);
            return ptr::null_mut();
        }
        if let Err(msg) = crate::model::validate::validate_references(mm)
            .and_then(|_| crate::model::validate::validate_mesh_graphs(mm))
        {
            mjwarning!("{}", msg);
            alloc::delete_model(m);
            return ptr::null_mut();
        }
    }
    m.into_raw()
}

/// Loads an MJB through the resource layer, VFS first, then the file system (`mj_loadModel`);
/// warns and returns null when it cannot be opened (also for a missing name).
pub fn load_file(filename: Option<&CStr>, vfs: Option<&crate::io::vfs::Vfs>) -> *mut mjModel {
    let mut error = [0 as c_char; 1024];
    let res = resource::open(Some(c""), filename, vfs, &mut error);
    if res.is_null() {
        // SAFETY: the resource layer terminates its error text
        unsafe { crate::runtime::error::warn_raw(error.as_ptr()) };
        return ptr::null_mut();
    }
    let mut data: *const c_void = ptr::null();
    // SAFETY: res is a live resource from open, closed below
    let n = resource::read(unsafe { &mut *res }, &mut data);
    let m = if n < 1 || data.is_null() {
        ptr::null_mut()
    } else {
        // SAFETY: the resource reported n bytes at data, alive until it is closed
        load_bytes(unsafe { core::slice::from_raw_parts(data as *const u8, n as usize) })
    };
    // SAFETY: res came from open and is not used again
    unsafe { resource::close(res) };
    m
}
