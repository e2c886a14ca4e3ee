//! `mju_malloc` / `mju_free`: the user-replaceable allocator behind every model and data buffer.

use core::ffi::c_void;

/// User allocator; replaces the default 64-byte aligned one when set.
#[no_mangle]
pub static mut mju_user_malloc: Option<unsafe extern "C" fn(usize) -> *mut c_void> = None;
/// User deallocator, the counterpart of mju_user_malloc.
#[no_mangle]
pub static mut mju_user_free: Option<unsafe extern "C" fn(*mut c_void)> = None;

/// Allocates `size` bytes, 64-byte aligned with the default allocator; reports
/// "Could not allocate memory" through `mju_error` on failure (and returns null if the handler
/// returns).
pub fn malloc(size: usize) -> *mut c_void {
    // SAFETY: the user allocator is a C function taking a size; aligned_alloc gets a multiple
    // of the alignment
    let p = unsafe {
        if let Some(f) = mju_user_malloc {
            f(size)
        } else {
            let padded = size.div_ceil(64).max(1) * 64;
            libc::aligned_alloc(64, padded)
        }
    };
    if p.is_null() {
        crate::runtime::error::raise(format_args!("Could not allocate memory"));
    }
    p
}

/// Frees memory from [`malloc`]; null is ignored.
///
/// # Safety
/// `p` must be null or a block from [`malloc`] not freed yet.
pub unsafe fn free(p: *mut c_void) {
    if p.is_null() {
        return;
    }
    // SAFETY: `p` came from the same allocator (this function's contract)
    unsafe {
        if let Some(f) = mju_user_free {
            f(p)
        } else {
            libc::free(p)
        }
    }
}

/// Blocks of [`malloc_zeroed`] from this size on are mapped straight from the system.
const MAP_MIN: usize = 256 << 10;
/// Tags kept below a block of [`malloc_zeroed`]: how it was made.
const TAG_CALLOC: usize = 0x6d6a_6361_6c6c_6f63;
const TAG_MMAP: usize = 0x6d6a_6d6d_6170_0000;

/// Allocates `size` zero bytes, 64-byte aligned, for [`free_zeroed`], without writing them.
/// From the default allocator a large block is fresh anonymous memory from `mmap` (zero pages
/// that cost nothing until touched, every time: `calloc` would clear a block the heap reuses,
/// and a large arena is mostly never reached, as with upstream's uninitialised arena); a small
/// one comes from `calloc`. Two words below the block record how it was made. With a user
/// allocator the block is that allocator's, cleared. Failure reports as [`malloc`] does.
pub fn malloc_zeroed(size: usize) -> *mut c_void {
    // SAFETY: reading the user allocator global, set by C before any engine call
    if unsafe { mju_user_malloc }.is_some() {
        let p = malloc(size);
        if !p.is_null() {
            // SAFETY: the fresh block holds `size` bytes
            unsafe { core::ptr::write_bytes(p as *mut u8, 0, size) };
        }
        return p;
    }
    let (tag, block, word) = if size >= MAP_MIN {
        let len = size + 64;
        // SAFETY: an anonymous private mapping of `len` bytes, no file
        let base = unsafe {
            libc::mmap(
                core::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            crate::runtime::error::raise(format_args!("Could not allocate memory"));
            return core::ptr::null_mut();
        }
        // page aligned: the block starts 64 bytes in; the word below it is the mapping's length
        (TAG_MMAP, base as usize + 64, len)
    } else {
        // SAFETY: calloc of a size with room for the alignment and the two words
        let raw = unsafe { libc::calloc(1, size + 64) };
        if raw.is_null() {
            crate::runtime::error::raise(format_args!("Could not allocate memory"));
            return raw;
        }
        // malloc's blocks are 16-aligned, so the block starts 16 to 64 bytes in; the word below
        // it is calloc's pointer
        (TAG_CALLOC, (raw as usize + 64) & !63, raw as usize)
    };
    let block = block as *mut usize;
    // SAFETY: the two words below `block` lie inside the allocation (at least 16 bytes in),
    // aligned to 8
    unsafe {
        block.sub(1).write(word);
        block.sub(2).write(tag);
    }
    block as *mut c_void
}

/// Frees a block of [`malloc_zeroed`] (null is ignored).
///
/// # Safety
/// `p` is null or came from `malloc_zeroed`, with the same user allocator setting, and is not
/// used afterwards.
pub unsafe fn free_zeroed(p: *mut c_void) {
    if p.is_null() {
        return;
    }
    // SAFETY: reading the user allocator global (contract: same setting as at allocation)
    if unsafe { mju_user_malloc }.is_some() {
        // SAFETY: the block came from `malloc` (contract)
        unsafe { free(p) };
        return;
    }
    let block = p as *mut usize;
    // SAFETY: malloc_zeroed wrote the tag and the word just below the block (contract)
    let (tag, word) = unsafe { (block.sub(2).read(), block.sub(1).read()) };
    if tag == TAG_MMAP {
        // SAFETY: the mapping starts 64 bytes below the block and is `word` bytes long
        unsafe { libc::munmap((p as usize - 64) as *mut c_void, word) };
    } else {
        // SAFETY: `word` is calloc's pointer for this block
        unsafe { libc::free(word as *mut c_void) }
    }
}

/// C structs of the API made by make functions: only numbers, raw pointers and arrays of them,
/// so all-zero bytes are a value and nothing needs dropping.
///
/// # Safety
/// Implement only for such types.
pub unsafe trait CStruct {}

// SAFETY: mjData holds only numbers, raw pointers and arrays of them
unsafe impl CStruct for crate::abi::mjData {}
// SAFETY: mjModel holds only numbers, raw pointers and arrays of them
unsafe impl CStruct for crate::abi::mjModel {}

/// One `T` in its own block from [`malloc`], owned by this handle: what C holds as the `T*` of
/// a make function (`mj_makeData`, `mj_makeModel`). It has no destructor: the block is given
/// back with [`CBox::free`] or handed to C with [`CBox::into_raw`], as the C API does it (an
/// error handler may `longjmp` over the frames holding one, which must then have nothing to
/// drop). Dropping a `CBox` leaks the block.
pub struct CBox<T: CStruct>(core::ptr::NonNull<T>);

impl<T: CStruct> CBox<T> {
    /// Moves `value` into a new block; `None` when memory runs out (reported by [`malloc`]).
    pub fn new(value: T) -> Option<Self> {
        let p = core::ptr::NonNull::new(malloc(core::mem::size_of::<T>()) as *mut T)?;
        // SAFETY: the block is fresh, holds size_of::<T>() bytes and is 64-byte aligned (or as
        // aligned as the user allocator returns, which upstream requires to suit any struct)
        unsafe { p.as_ptr().write(value) };
        Some(CBox(p))
    }

    /// Takes ownership of a block from C; `None` for null.
    ///
    /// # Safety
    /// `p` must be null or a block holding a `T` from [`malloc`] (made by [`CBox::new`] and given
    /// out with [`CBox::into_raw`], or laid out the same way), not freed and not used through
    /// any other pointer while the returned handle lives.
    pub unsafe fn from_raw(p: *mut T) -> Option<Self> {
        core::ptr::NonNull::new(p).map(CBox)
    }

    /// The pointer, for C; the caller owns the block from now on.
    pub fn into_raw(self) -> *mut T {
        self.0.as_ptr()
    }

    /// The pointer, still owned by this handle (for callbacks that take the struct by pointer).
    pub fn as_ptr(&self) -> *mut T {
        self.0.as_ptr()
    }

    /// Gives the block back to the allocator (the `T` needs no destructor: `CStruct`).
    pub fn free(self) {
        // SAFETY: the block came from `malloc` and this handle is its only owner
        unsafe { free(self.0.as_ptr() as *mut c_void) }
    }
}

impl<T: CStruct> CBox<T> {
    /// A new block with every byte (padding included) zero, as upstream's allocation followed by
    /// `memset`; `None` when memory runs out (reported by [`malloc`]).
    pub fn new_zeroed() -> Option<Self> {
        let p = core::ptr::NonNull::new(malloc(core::mem::size_of::<T>()) as *mut T)?;
        // SAFETY: the fresh block holds size_of::<T>() bytes; all-zero bytes are a `T`
        // (`CStruct`)
        unsafe { core::ptr::write_bytes(p.as_ptr() as *mut u8, 0, core::mem::size_of::<T>()) };
        Some(CBox(p))
    }
}

impl<T: CStruct> core::ops::Deref for CBox<T> {
    type Target = T;
    fn deref(&self) -> &T {
        // SAFETY: the block holds a `T` and is owned by this handle (borrowed shared here)
        unsafe { self.0.as_ref() }
    }
}

impl<T: CStruct> core::ops::DerefMut for CBox<T> {
    fn deref_mut(&mut self) -> &mut T {
        // SAFETY: the block holds a `T` and is owned by this handle (borrowed exclusively here)
        unsafe { self.0.as_mut() }
    }
}

/// `n` values of `T` copied into a block from [`malloc`] (scratch C upstream also takes from
/// `mju_malloc`, so a user allocator sees the same calls). No destructor, as [`CBox`]: give it
/// back with [`CArray::free`].
pub struct CArray<T: Copy> {
    ptr: core::ptr::NonNull<T>,
    len: usize,
}

impl<T: Copy> CArray<T> {
    /// A copy of `src` in a new block of `size_of_val(src)` bytes; `None` when memory runs out
    /// (reported by [`malloc`]).
    pub fn copy_of(src: &[T]) -> Option<Self> {
        let ptr = core::ptr::NonNull::new(malloc(core::mem::size_of_val(src)) as *mut T)?;
        // SAFETY: the fresh block holds `src.len()` values of `T`, aligned (as in `CBox::new`),
        // and does not overlap `src`
        unsafe { core::ptr::copy_nonoverlapping(src.as_ptr(), ptr.as_ptr(), src.len()) };
        Some(CArray { ptr, len: src.len() })
    }

    /// The values.
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: the block holds `len` initialised values owned by this handle
        unsafe { core::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    /// Gives the block back to the allocator.
    pub fn free(self) {
        // SAFETY: the block came from `malloc` and this handle is its only owner
        unsafe { free(self.ptr.as_ptr() as *mut c_void) }
    }
}
