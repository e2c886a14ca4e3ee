//! mjData allocation and copying.
//!
//! Two blocks: `buffer` holds the arrays of `MJDATA_ARRAYS` marked `BUF`, each 64-byte aligned,
//! in table order; `arena` (`narena` bytes, from the model) holds the per-step arrays growing up
//! from the bottom and the stack growing down from the top (see `stack.rs`).

use core::ffi::c_void;
use core::ptr;

use crate::abi::*;
use crate::data::{bvh_marks, plugin, private_block};
use crate::model::alloc::{layout_size, skip};
use crate::runtime::alloc::{self, CBox};
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
/// `d.buffer` must hold `d.nbuffer` bytes laid out for `m` (the data invariant: this module
/// alone allocates data buffers, sized by [`data_buffer_size`]) for the arrays to be usable.
pub fn set_data_pointers(m: &mjModel, d: &mut mjData) -> bool {
    let counts = d.array_counts(m);
    let base = d.buffer as usize;
    let mut p = base;
    let slots = d.array_slots();
    for ((f, n), slot) in MJDATA_ARRAYS.iter().zip(counts).zip(slots) {
        let v = if in_buffer(f) {
            p += skip(p);
            let v = p as *mut c_void;
            p += f.elem_size * n;
            v
        } else {
            ptr::null_mut()
        };
        // SAFETY: `slot` addresses an array pointer field of `d`, which is borrowed exclusively
        // here and not otherwise used while the slots are written
        unsafe { *slot = v };
    }
    d.contact = d.arena as *mut mjContact;
    (p - base) as i64 == d.nbuffer
}

/// Allocates data for `m` without resetting it (`mj_makeRawData`). Reports and returns `None`
/// when sizes are invalid or memory runs out.
pub fn make_raw_data(m: &mjModel) -> Option<CBox<mjData>> {
    let mut d = CBox::<mjData>::new_zeroed()?;
    if !fill_raw_data(m, &mut d) {
        d.free();
        return None;
    }
    Some(d)
}

/// Gives existing data `d` new blocks sized for `m` (`mj_makeRawData` with a destination):
/// its plugin instances are destroyed and its old blocks freed first; other fields keep their
/// values except those a fresh allocation sets. On failure `d` is left without blocks.
pub fn remake_raw_data(m: &mjModel, d: &mut mjData) -> bool {
    plugin::destroy_plugins(d);
    free_blocks(d);
    fill_raw_data(m, d)
}

/// Frees the buffer and the arena of `d`, leaving both null.
fn free_blocks(d: &mut mjData) {
    // SAFETY: the buffer and the arena of data are null or blocks from `alloc::malloc` and
    // `alloc::malloc_zeroed` that only this data refers to (the data invariant: this module
    // alone allocates and replaces them)
    unsafe {
        alloc::free(d.buffer);
        alloc::free_zeroed(d.arena);
    }
    d.buffer = ptr::null_mut();
    d.arena = ptr::null_mut();
}

/// Sizes and allocates the buffer and arena of `d` for `m`, sets the array pointers and the
/// fields a new allocation starts with. False (blocks null) when sizes are invalid or memory
/// runs out, after reporting.
fn fill_raw_data(m: &mjModel, dd: &mut mjData) -> bool {
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
    dd.buffer = private_block::alloc_buffer(nbuffer, private_block::pattern_store_size(m));
    if dd.buffer.is_null() {
        mjerror!("mj_makeRawData", "could not allocate mjData buffer");
        return false;
    }
    // scratch slices of the stack (data::stack::Frame) are typed views of this memory, so it
    // starts initialised: zero, without writing the pages
    dd.arena = alloc::malloc_zeroed(m.narena.max(0) as usize);
    if dd.arena.is_null() {
        // SAFETY: the buffer came from `alloc::malloc` just above and is not used again
        unsafe { alloc::free(dd.buffer) };
        dd.buffer = ptr::null_mut();
        mjerror!("mj_makeRawData", "could not allocate mjData arena");
        return false;
    }
    if !set_data_pointers(m, dd) {
        mjerror!("mj_setPtrData", "mjData buffer size mismatch");
    }
    private_block::tag_data(dd);
    // plugin constructors may read the data before its first reset: give them zeros, not
    // whatever the allocator returned
    if m.nplugin > 0 {
        // SAFETY: the fresh buffer holds at least `nbuffer` bytes (its arrays; the private mark
        // block follows them), not borrowed anywhere
        unsafe { ptr::write_bytes(dd.buffer as *mut u8, 0, nbuffer) };
    }
    dd.threadpool = 0;
    dd.nplugin = 0;
    dd.ntree_awake = m.ntree;
    dd.nbody_awake = m.nbody;
    dd.nparent_awake = m.nbody;
    dd.nv_awake = m.nv;
    true
}

/// Frees data and both of its blocks, without touching its plugin instances.
pub fn free_data(mut d: CBox<mjData>) {
    private_block::clear_tag(&mut d);
    free_blocks(&mut d);
    d.free();
}

/// Destroys the plugin instances of data, then frees it and both of its blocks
/// (`mj_deleteData`).
pub fn delete_data(mut d: CBox<mjData>) {
    plugin::destroy_plugins(&mut d);
    free_data(d);
}

/// New data for `m` holding a copy of `src` (`mj_copyData` without a destination: allocated,
/// its plugin instances created, then copied); `None` after reporting when that fails.
pub fn copy_data_new(m: &mjModel, src: &mjData, only_visual: bool) -> Option<CBox<mjData>> {
    let d = make_raw_data(m)?;
    let mut d = plugin::init_plugin(m, d)?;
    // (a failed check leaves the new data allocated, as upstream)
    copy_data(&mut d, m, src, only_visual).then_some(d)
}

/// Copies `src` into `dest` (both made for `m`); with `only_visual` the `XNV` arrays are
/// skipped (`mjv_copyData`). Arena arrays keep their offsets within the arena. False after
/// reporting through `mju_error` when the sizes differ or `src`'s stack is in use.
pub fn copy_data(dest: &mut mjData, m: &mjModel, src: &mjData, only_visual: bool) -> bool {
    if dest.nbuffer != src.nbuffer {
        mjerror!("mj_copyDataVisual", "dest and src data buffers have different size");
        return false;
    }
    if dest.narena != src.narena {
        mjerror!("mj_copyDataVisual", "dest and src stacks have different size");
        return false;
    }
    if src.pstack != 0 {
        mjerror!("mj_copyDataVisual", "attempting to copy mjData while stack is in use");
        return false;
    }
    let (buffer, arena) = (dest.buffer, dest.arena);
    let tag = private_block::tag_of(dest);
    // SAFETY: two whole, distinct structs (a `&mut` and a `&`); a byte copy, as upstream's
    // struct assignment
    unsafe { ptr::copy_nonoverlapping(src as *const mjData, dest as *mut mjData, 1) };
    private_block::set_tag(dest, tag);
    dest.buffer = buffer;
    dest.arena = arena;
    set_data_pointers(m, dest);

    // dest keeps the objects of its own plugin instances (as many as src has instances)
    let keep_objects = (src.nplugin.max(0) as usize).min(m.nplugin.max(0) as usize);

    let counts = src.array_counts(m);
    let src_ptrs = src.array_ptrs();
    let slots = dest.array_slots();
    for (((f, n), s), slot) in MJDATA_ARRAYS.iter().zip(counts).zip(src_ptrs).zip(slots) {
        // SAFETY (every block of this loop): `slot` addresses an array pointer field of `dest`
        // (not otherwise used during the loop). Both data are made for `m` with buffers and
        // arenas of the same sizes (checked above), so each buffer array holds elem_size * n
        // bytes at the place set_data_pointers gave it, and an arena array of src (n elements
        // for src's counts, which dest now has) lies at the same offset in dest's arena. The
        // blocks of two data are distinct; copies of an array onto itself (the same data given
        // twice, see mj_copyData) are skipped.
        if only_visual && f.xnv {
            if !in_buffer(f) {
                // SAFETY: see above
                unsafe { *slot = ptr::null_mut() };
            }
            continue;
        }
        let len = f.elem_size * n;
        // SAFETY: see above
        let t = unsafe { *slot };
        if in_buffer(f) && f.name == "plugin_data" {
            let skip = (f.elem_size * keep_objects).min(len);
            if len > skip && s != t {
                // SAFETY: see above
                unsafe { ptr::copy_nonoverlapping((s as *const u8).add(skip), (t as *mut u8).add(skip), len - skip) };
            }
        } else if in_buffer(f) {
            if len > 0 && s != t {
                // SAFETY: see above
                unsafe { ptr::copy_nonoverlapping(s as *const u8, t as *mut u8, len) };
            }
        } else if s.is_null() {
            // SAFETY: see above
            unsafe { *slot = ptr::null_mut() };
        } else {
            let off = s as usize - src.arena as usize;
            let t = (arena as *mut u8).wrapping_add(off);
            if len > 0 && s as *mut u8 != t {
                // SAFETY: see above
                unsafe { ptr::copy_nonoverlapping(s as *const u8, t, len) };
            }
            // SAFETY: see above
            unsafe { *slot = t as *mut c_void };
        }
    }
    dest.contact = dest.arena as *mut mjContact;
    if let Some(marks) = bvh_marks::bvh_marks(dest) {
        marks.set_all();
    }
    plugin::copy_plugins(dest, m, src);
    dest.threadpool = src.threadpool;
    true
}
