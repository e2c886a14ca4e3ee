//! mjData allocation and copying.
//!
//! Two blocks: `buffer` holds the arrays of `MJDATA_ARRAYS` marked `BUF`, each 64-byte aligned,
//! in table order; `arena` (`narena` bytes, from the model) holds the per-step arrays growing up
//! from the bottom and the stack growing down from the top (see `stack.rs`).

use core::ffi::c_void;
use core::mem::size_of;
use core::ptr;

use crate::abi::*;
use crate::data::{bvh_marks, plugin};
use crate::model::alloc::{layout_size, skip};
use crate::runtime::alloc;
use crate::{mjerror, mjwarning};

/// Whether field `i` of `MJDATA_ARRAYS` lives in `buffer` (else in the arena).
#[inline]
fn in_buffer(f: &ArrayField) -> bool {
    f.group.as_bytes() == b"BUF"
}

/// Size of the data buffer for model `m`, or the first array that cannot be sized.
pub fn data_buffer_size(m: &mjModel, d: &mjData) -> Result<usize, &'static str> {
    layout_size(MJDATA_ARRAYS.iter().zip(d.array_counts(m)).filter(|(f, _)| in_buffer(f)))
}

/// Points the buffer arrays of `d` into `d.buffer` and clears the arena arrays (the contact
/// array starts at the arena's base); false when the layout does not fill `nbuffer` bytes.
///
/// # Safety
/// `d.buffer` must hold `d.nbuffer` bytes laid out for `m`.
pub unsafe fn set_data_pointers(m: &mjModel, d: &mut mjData) -> bool {
    let counts = d.array_counts(m);
    let base = d.buffer as usize;
    let mut p = base;
    let slots = d.array_slots();
    for ((f, n), slot) in MJDATA_ARRAYS.iter().zip(counts).zip(slots) {
        if in_buffer(f) {
            p += skip(p);
            *slot = p as *mut c_void;
            p += f.elem_size * n;
        } else {
            *slot = ptr::null_mut();
        }
    }
    d.contact = d.arena as *mut mjContact;
    (p - base) as i64 == d.nbuffer
}

/// Allocates data for `m` without resetting it (`mj_makeRawData`). Reports and returns null
/// when sizes are invalid or memory runs out.
pub unsafe fn make_raw_data(m: &mjModel) -> *mut mjData {
    let d = alloc::malloc(size_of::<mjData>()) as *mut mjData;
    if d.is_null() {
        return ptr::null_mut();
    }
    ptr::write_bytes(d as *mut u8, 0, size_of::<mjData>());
    if !fill_raw_data(m, &mut *d) {
        alloc::free(d as *mut c_void);
        return ptr::null_mut();
    }
    d
}

/// Gives existing data `d` new blocks sized for `m` (`mj_makeRawData` with a destination):
/// its plugin instances are destroyed and its old blocks freed first; other fields keep their
/// values except those a fresh allocation sets. On failure `d` is left without blocks.
///
/// # Safety
/// `d` must be valid data (made by this library).
pub unsafe fn remake_raw_data(m: &mjModel, d: *mut mjData) -> bool {
    plugin::destroy_plugins(d);
    let dd = &mut *d;
    alloc::free(dd.buffer);
    alloc::free(dd.arena);
    dd.buffer = ptr::null_mut();
    dd.arena = ptr::null_mut();
    fill_raw_data(m, dd)
}

/// Sizes and allocates the buffer and arena of `d` for `m`, sets the array pointers and the
/// fields a new allocation starts with. False (blocks null) when sizes are invalid or memory
/// runs out, after reporting.
unsafe fn fill_raw_data(m: &mjModel, dd: &mut mjData) -> bool {
    dd.buffer = ptr::null_mut();
    dd.arena = ptr::null_mut();
    let nbuffer = match data_buffer_size(m, dd) {
        Ok(n) => n,
        Err(name) => {
            mjwarning!("Invalid data: {} too large.", name);
            return false;
        }
    };
    if m.narena < 0 {
        // a damaged MJB size: upstream's allocation of it fails with this text
        crate::runtime::error::raise(format_args!("Could not allocate memory"));
        return false;
    }
    dd.nbuffer = nbuffer as i64;
    dd.narena = m.narena;
    dd.buffer = alloc::malloc(bvh_marks::buffer_alloc_size(nbuffer));
    if dd.buffer.is_null() {
        mjerror!("mj_makeRawData", "could not allocate mjData buffer");
        return false;
    }
    dd.arena = alloc::malloc(m.narena.max(0) as usize);
    if dd.arena.is_null() {
        alloc::free(dd.buffer);
        dd.buffer = ptr::null_mut();
        mjerror!("mj_makeRawData", "could not allocate mjData arena");
        return false;
    }
    // scratch slices of the stack (data::stack::Frame) are typed views of this memory, so it
    // starts initialised
    ptr::write_bytes(dd.arena as *mut u8, 0, m.narena.max(0) as usize);
    if !set_data_pointers(m, dd) {
        mjerror!("mj_setPtrData", "mjData buffer size mismatch");
    }
    bvh_marks::init_block(dd as *mut mjData);
    // plugin constructors may read the data before its first reset: give them zeros, not
    // whatever the allocator returned
    if m.nplugin > 0 {
        ptr::write_bytes(dd.buffer as *mut u8, 0, nbuffer);
    }
    dd.threadpool = 0;
    dd.nplugin = 0;
    dd.ntree_awake = m.ntree;
    dd.nbody_awake = m.nbody;
    dd.nparent_awake = m.nbody;
    dd.nv_awake = m.nv;
    true
}

/// Destroys the plugin instances of data, then frees it and both of its blocks.
pub unsafe fn delete_data(d: *mut mjData) {
    if d.is_null() {
        return;
    }
    plugin::destroy_plugins(d);
    bvh_marks::tag_slot(d).write(0);
    alloc::free((*d).buffer);
    alloc::free((*d).arena);
    alloc::free(d as *mut c_void);
}

/// Copies `src` into `dest` (allocated when null); with `only_visual` the `XNV` arrays are
/// skipped (`mjv_copyData`). Arena arrays keep their offsets within the arena.
pub unsafe fn copy_data(mut dest: *mut mjData, m: &mjModel, src: &mjData, only_visual: bool) -> *mut mjData {
    if dest.is_null() {
        dest = make_raw_data(m);
        if dest.is_null() || !plugin::init_plugin(m, dest) {
            return ptr::null_mut();
        }
    }
    let d = &mut *dest;
    if d.nbuffer != src.nbuffer {
        mjerror!("mj_copyDataVisual", "dest and src data buffers have different size");
        return ptr::null_mut();
    }
    if d.narena != src.narena {
        mjerror!("mj_copyDataVisual", "dest and src stacks have different size");
        return ptr::null_mut();
    }
    if src.pstack != 0 {
        mjerror!("mj_copyDataVisual", "attempting to copy mjData while stack is in use");
        return ptr::null_mut();
    }
    let (buffer, arena) = (d.buffer, d.arena);
    let tag = bvh_marks::tag_slot(dest).read();
    ptr::copy_nonoverlapping(src as *const mjData, dest, 1);
    bvh_marks::tag_slot(dest).write(tag);
    let d = &mut *dest;
    d.buffer = buffer;
    d.arena = arena;
    set_data_pointers(m, d);

    // dest keeps the objects of its own plugin instances (as many as src has instances)
    let keep_objects = (src.nplugin.max(0) as usize).min(m.nplugin.max(0) as usize);

    let counts = src.array_counts(m);
    let src_ptrs = src.array_ptrs();
    let slots = d.array_slots();
    for (((f, n), s), slot) in MJDATA_ARRAYS.iter().zip(counts).zip(src_ptrs).zip(slots) {
        if only_visual && f.xnv {
            if !in_buffer(f) {
                *slot = ptr::null_mut();
            }
            continue;
        }
        let len = f.elem_size * n;
        if in_buffer(f) && f.name == "plugin_data" {
            let skip = (f.elem_size * keep_objects).min(len);
            if len > skip {
                ptr::copy_nonoverlapping((s as *const u8).add(skip), (*slot as *mut u8).add(skip), len - skip);
            }
        } else if in_buffer(f) {
            if len > 0 {
                ptr::copy_nonoverlapping(s as *const u8, *slot as *mut u8, len);
            }
        } else if s.is_null() {
            *slot = ptr::null_mut();
        } else {
            let off = s as usize - src.arena as usize;
            let t = (arena as *mut u8).add(off);
            if len > 0 {
                ptr::copy_nonoverlapping(s as *const u8, t, len);
            }
            *slot = t as *mut c_void;
        }
    }
    d.contact = d.arena as *mut mjContact;
    if let Some(marks) = bvh_marks::bvh_marks(d) {
        marks.set_all();
    }
    plugin::copy_plugins(dest, m, src);
    (*dest).threadpool = src.threadpool;
    dest
}
