//! mjModel allocation: one struct plus one buffer from which every array is carved, 64-byte
//! aligned, in table order (so `nbuffer` equals upstream's for the same sizes).

use core::ffi::c_void;
use core::ptr;

use crate::abi::*;
use crate::model::defaults;
use crate::runtime::alloc::{self, CBox};

/// Alignment of every array in the model and data buffers.
pub const ALIGN: usize = 64;

/// Bytes to skip from `offset` to the next aligned address.
#[inline]
pub fn skip(offset: usize) -> usize {
    (ALIGN - offset % ALIGN) % ALIGN
}

/// Upstream's cap on a single array dimension product (`INT_MAX / 4`).
pub const MAX_ARRAY_SIZE: i64 = (i32::MAX / 4) as i64;

/// Names-map slots per named object.
pub const LOAD_MULTIPLE: i64 = 2;

/// Size of a buffer holding the given arrays (with their element counts) one after another, each
/// starting aligned; fails with the name of the first array whose size overflows (a negative row
/// count shows up as an enormous element count).
pub fn layout_size<'a>(arrays: impl Iterator<Item = (&'a ArrayField, usize)>) -> Result<usize, &'static str> {
    let mut total: usize = 0;
    for (f, n) in arrays {
        if n > i64::MAX as usize {
            return Err(f.name);
        }
        let bytes = f.elem_size.checked_mul(n).ok_or(f.name)?;
        total = total.checked_add(skip(total)).and_then(|t| t.checked_add(bytes)).ok_or(f.name)?;
    }
    Ok(total)
}

/// Buffer size of `m`'s arrays, or the name of the first array whose size overflows.
pub fn model_buffer_size(m: &mjModel) -> Result<usize, &'static str> {
    layout_size(MJMODEL_ARRAYS.iter().zip(m.array_counts()))
}

/// Points every array of `m` into `m.buffer`; returns false when the layout does not fill
/// exactly `nbuffer` bytes. `m.buffer` must hold `m.nbuffer` bytes (the model invariant: only
/// this module allocates model buffers, sized by [`model_buffer_size`]) for the arrays to be
/// usable afterwards.
pub fn set_model_pointers(m: &mut mjModel) -> bool {
    let counts = m.array_counts();
    let base = m.buffer as *mut u8;
    let mut p = base as usize;
    let slots = m.array_slots();
    for ((f, n), slot) in MJMODEL_ARRAYS.iter().zip(counts).zip(slots) {
        p += skip(p);
        // SAFETY: `slot` addresses an array pointer field of `m`, which is borrowed exclusively
        // here and not otherwise used while the slots are written
        unsafe { *slot = p as *mut c_void };
        p += f.elem_size * n;
    }
    (p - base as usize) as i64 == m.nbuffer
}

/// Why a model could not be made from its sizes.
#[derive(Debug, PartialEq, Eq)]
pub enum MakeError {
    /// Sizes are invalid; upstream warns with the three parts joined (text, field name, text).
    Invalid(&'static str, &'static str, &'static str),
    /// Memory could not be obtained (already reported through `mju_error`).
    NoMemory,
}

/// Allocates a zeroed model for the size fields in `sizes` (struct order of `MJMODEL_SIZES`, all
/// fields up to `npaths` used; `nnames_map` is derived as upstream does, later fields and
/// `narena`/`nbuffer` are left for the caller), with default options, visual and statistics.
pub fn make_model(sizes: &[i64; MJMODEL_SIZES_LEN]) -> Result<CBox<mjModel>, MakeError> {
    // the struct is filled on the stack first, so nothing leaks if a check fails
    // SAFETY: mjModel holds only numbers, raw pointers and arrays of them, for which all-zero
    // bytes are a value
    let mut tmp: mjModel = unsafe { core::mem::zeroed() };
    let idx = |name: &str| MJMODEL_SIZES.iter().position(|(n, _)| *n == name).unwrap_or(0);
    let last_given = idx("npaths");
    let mut v = [0i64; MJMODEL_SIZES_LEN];
    v[..=last_given].copy_from_slice(&sizes[..=last_given]);
    for &(name, _) in MJMODEL_SIZES[..=last_given].iter() {
        let i = idx(name);
        if v[i] > i32::MAX as i64 || v[i] < i32::MIN as i64 {
            return Err(MakeError::Invalid("Invalid model: ", name, " too large."));
        }
    }
    tmp.set_size_values(&v);

    let named = [
        tmp.nbody,
        tmp.njnt,
        tmp.ngeom,
        tmp.nsite,
        tmp.ncam,
        tmp.nlight,
        tmp.nflex,
        tmp.nmesh,
        tmp.nskin,
        tmp.nhfield,
        tmp.ntex,
        tmp.nmat,
        tmp.npair,
        tmp.nexclude,
        tmp.neq,
        tmp.ntendon,
        tmp.nu,
        tmp.nsensor,
        tmp.nnumeric,
        tmp.ntext,
        tmp.ntuple,
        tmp.nkey,
        tmp.nplugin,
    ];
    let nnames_map: i64 = named.iter().map(|&x| x as i64).sum();
    if nnames_map >= i32::MAX as i64 / LOAD_MULTIPLE {
        return Err(MakeError::Invalid("Invalid model: size of nnames_map is larger than INT_MAX", "", ""));
    }
    tmp.nnames_map = (LOAD_MULTIPLE * nnames_map) as i32;

    for ((name, _), val) in MJMODEL_SIZES.iter().zip(tmp.size_values()) {
        if val < 0 {
            return Err(MakeError::Invalid("Invalid model: negative ", name, ""));
        }
    }
    if tmp.nbody == 0 {
        return Err(MakeError::Invalid("Invalid model: nbody == 0", "", ""));
    }
    if tmp.nmocap as i64 >= MAX_ARRAY_SIZE {
        return Err(MakeError::Invalid("Invalid model: nmocap too large", "", ""));
    }
    let nbuffer = model_buffer_size(&tmp).map_err(|name| MakeError::Invalid("Invalid model: ", name, " too large."))?;
    tmp.nbuffer = nbuffer as i64;

    let Some(mut m) = CBox::new(tmp) else {
        return Err(MakeError::NoMemory);
    };
    let buffer = alloc::malloc(nbuffer);
    if buffer.is_null() {
        m.free();
        crate::mjerror!("mj_makeModel", "could not allocate mjModel buffer");
        return Err(MakeError::NoMemory);
    }
    // SAFETY: the fresh block holds `nbuffer` bytes, not referred to elsewhere
    unsafe { ptr::write_bytes(buffer as *mut u8, 0, nbuffer) };
    m.buffer = buffer;
    if !set_model_pointers(&mut m) {
        crate::mjerror!("mj_setPtrModel", "mjModel buffer size mismatch");
    }
    defaults::default_option(&mut m.opt);
    defaults::default_visual(&mut m.vis);
    defaults::default_statistic(&mut m.stat);
    Ok(m)
}

/// Frees a model and its buffer (`mj_deleteModel`).
pub fn delete_model(m: CBox<mjModel>) {
    // SAFETY: a model's buffer is a block from `alloc::malloc` that only it refers to (the
    // model invariant: made by `make_model`, replaced by nothing)
    unsafe { alloc::free(m.buffer) };
    m.free();
}

/// A new copy of `src` (`mj_copyModel` without a destination); `None` after reporting through
/// `mju_error` when `src`'s sizes are invalid.
pub fn copy_model(src: &mjModel) -> Option<CBox<mjModel>> {
    let Ok(mut dest) = make_model(&src.size_values()) else {
        crate::mjerror!("mj_copyModel", "failed to make mjModel. Invalid sizes.");
        return None;
    };
    if !same_buffer(&dest, src) {
        delete_model(dest);
        crate::mjerror!("mj_copyModel", "dest and src models have different buffer size");
        return None;
    }
    copy_into(&mut dest, src, false);
    Some(dest)
}

/// Copies `src` into the model `dest` owns (`mj_copyModel` with a destination); when the buffer
/// sizes differ, `dest` is deleted and the error reported (`None` then).
pub fn copy_model_replace(mut dest: CBox<mjModel>, src: &mjModel) -> Option<CBox<mjModel>> {
    if !same_buffer(&dest, src) {
        delete_model(dest);
        crate::mjerror!("mj_copyModel", "dest and src models have different buffer size");
        return None;
    }
    copy_into(&mut dest, src, false);
    Some(dest)
}

/// Copies `src` into `dest` skipping the `XNV` arrays (`mjv_copyModel`); false after reporting
/// through `mju_error` when the buffer sizes differ.
pub fn copy_model_visual(dest: &mut mjModel, src: &mjModel) -> bool {
    if !same_buffer(dest, src) {
        crate::mjerror!("mj_copyModel", "dest and src models have different buffer size");
        return false;
    }
    copy_into(dest, src, true);
    true
}

fn same_buffer(dest: &mjModel, src: &mjModel) -> bool {
    dest.nbuffer == src.nbuffer
}

/// The struct and the arrays of `src` into `dest`, whose buffer has the same size; with
/// `only_visual` the `XNV` arrays are skipped.
fn copy_into(dest: &mut mjModel, src: &mjModel, only_visual: bool) {
    let buffer = dest.buffer;
    // SAFETY: two whole, distinct structs (a `&mut` and a `&`); a byte copy, as upstream's
    // struct assignment
    unsafe { ptr::copy_nonoverlapping(src as *const mjModel, dest as *mut mjModel, 1) };
    dest.buffer = buffer;
    set_model_pointers(dest);
    let counts = src.array_counts();
    for ((f, n), (s, t)) in MJMODEL_ARRAYS.iter().zip(counts).zip(src.array_ptrs().into_iter().zip(dest.array_ptrs())) {
        if only_visual && f.xnv {
            continue;
        }
        if n > 0 {
            // SAFETY: both models have the same sizes (the struct was just copied) and buffers
            // of the same size laid out alike (the model invariant), so each array holds
            // elem_size * n bytes in both; the buffers are distinct blocks (two models never
            // share one)
            unsafe { ptr::copy_nonoverlapping(s as *const u8, t as *mut u8, f.elem_size * n) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes(nq: i64, nv: i64, nbody: i64) -> [i64; MJMODEL_SIZES_LEN] {
        let mut v = [0i64; MJMODEL_SIZES_LEN];
        let idx = |name: &str| MJMODEL_SIZES.iter().position(|(n, _)| *n == name).unwrap();
        v[idx("nq")] = nq;
        v[idx("nv")] = nv;
        v[idx("nbody")] = nbody;
        v
    }

    #[test]
    fn skip_aligns_to_64() {
        assert_eq!(skip(0), 0);
        assert_eq!(skip(1), 63);
        assert_eq!(skip(64), 0);
        assert_eq!(skip(100), 28);
    }

    #[test]
    fn buffer_size_is_sum_of_aligned_arrays() {
        let m = make_model(&sizes(7, 6, 2)).unwrap();
        let mm = &*m;
        // every array starts 64-aligned and the arrays tile the buffer
        let counts = mm.array_counts();
        let expect = layout_size(MJMODEL_ARRAYS.iter().zip(counts)).unwrap();
        assert_eq!(mm.nbuffer as usize, expect);
        assert_eq!(mm.nnames_map, 4); // 2 per body
        assert_eq!(mm.qpos0 as usize % 64, 0);
        assert_eq!(mm.opt.timestep, 0.002);
        assert_eq!(mm.stat.extent, 2.0);
        delete_model(m);
    }

    #[test]
    fn invalid_sizes_are_rejected_with_upstream_text() {
        assert_eq!(make_model(&sizes(1, 1, 0)).err(), Some(MakeError::Invalid("Invalid model: nbody == 0", "", "")));
        assert_eq!(make_model(&sizes(-1, 1, 1)).err(), Some(MakeError::Invalid("Invalid model: negative ", "nq", "")));
    }
}
