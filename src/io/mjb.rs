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

unsafe fn bytes_of<T>(v: &T) -> &[u8] {
    core::slice::from_raw_parts(v as *const T as *const u8, size_of::<T>())
}

/// Feeds every piece of the MJB of `m`, in file order, to `put`; stops at the first `false`.
unsafe fn serialize(m: &mjModel, put: &mut dyn FnMut(&[u8]) -> bool) {
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
        if len > 0 && !put(core::slice::from_raw_parts(p as *const u8, len)) {
            return;
        }
    }
}

/// Writes the MJB of `m` to a file; warns when the file cannot be opened (`mj_saveModel`).
///
/// # Safety
/// `m` must be a valid model and `filename` a NUL-terminated string.
pub unsafe fn save_file(m: &mjModel, filename: *const c_char) {
    let fp = libc::fopen(filename, c"wb".as_ptr());
    if fp.is_null() {
        let name = CStr::from_ptr(filename).to_string_lossy();
        mjwarning!("Could not open file '{}'", name);
        return;
    }
    serialize(m, &mut |b| libc::fwrite(b.as_ptr() as *const c_void, 1, b.len(), fp) == b.len());
    libc::fclose(fp);
}

/// Writes the MJB of `m` into `buffer` of `size` bytes; reports through `mju_error` when it does
/// not fit, as upstream does.
///
/// # Safety
/// `m` must be a valid model and `buffer` writable for `size` bytes.
pub unsafe fn save_buffer(m: &mjModel, buffer: *mut u8, size: usize) {
    let mut pos = 0usize;
    serialize(m, &mut |b| {
        if pos + b.len() > size {
            mjerror!("bufwrite", "attempting to write outside model buffer");
            return false;
        }
        ptr::copy_nonoverlapping(b.as_ptr(), buffer.add(pos), b.len());
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
    unsafe fn read_into<T>(&mut self, dst: &mut T) -> bool {
        match self.take(size_of::<T>()) {
            Some(b) => {
                ptr::copy_nonoverlapping(b.as_ptr(), dst as *mut T as *mut u8, b.len());
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
/// warns and returns null when it cannot be opened.
///
/// # Safety
/// `filename` must be a NUL-terminated string; `vfs` null or a valid VFS.
pub unsafe fn load_file(filename: *const c_char, vfs: *const mjVFS) -> *mut mjModel {
    let mut error = [0 as c_char; 1024];
    let res = resource::open(c"".as_ptr(), filename, vfs, error.as_mut_ptr(), error.len());
    if res.is_null() {
        crate::runtime::error::warn_raw(error.as_ptr());
        return ptr::null_mut();
    }
    let mut data: *const c_void = ptr::null();
    let n = resource::read(res, &mut data);
    let m = if n < 1 || data.is_null() {
        ptr::null_mut()
    } else {
        load_bytes(core::slice::from_raw_parts(data as *const u8, n as usize))
    };
    resource::close(res);
    m
}
