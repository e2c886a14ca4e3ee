//! Resources (`mju_openResource` and friends): named byte sources that the model loaders read.
//!
//! A resource is opened from the VFS when one is given and it holds the name, else through the
//! registered resource provider whose prefix is the scheme of the joined name (`mem:x.xml`),
//! else from the file system. Resources from the VFS carry this module's VFS provider
//! (upstream's has no prefix and is not registered); file-system resources have no provider.
//! File and VFS resources keep their state behind `mjResource.data`: a [`FileSpec`] (bytes read
//! lazily, once, plus the modification time) or a [`VfsSpec`] (a view of the VFS file and its
//! content stamp). Timestamps are the Base64 text of the raw bytes of `time_t` (files) or of the
//! 64-bit content stamp (VFS files).

use core::ffi::{c_char, c_int, c_void, CStr};
use core::ptr;

use crate::abi::{mjResource, mjpResourceProvider};
use crate::io::vfs;
use crate::runtime::alloc;
use crate::runtime::plugin;
use crate::runtime::text;

/// State of a resource read from the file system.
pub struct FileSpec {
    is_read: bool,
    buffer: Vec<u8>,
    mtime: libc::time_t,
}

/// State of a resource found in a VFS: the file's bytes (valid while the file is in the VFS)
/// and its content stamp.
pub struct VfsSpec {
    data: *const u8,
    len: usize,
    stamp: u64,
}

/// A provider table that may live in a `static` (it holds only function pointers and nulls).
#[repr(transparent)]
pub struct StaticProvider(pub mjpResourceProvider);
// SAFETY: the table is immutable and its pointers are null or functions.
unsafe impl Sync for StaticProvider {}

/// The provider that serves resources out of a VFS.
pub static VFS_PROVIDER: StaticProvider = StaticProvider(mjpResourceProvider {
    prefix: ptr::null(),
    open: Some(vfs_open),
    read: Some(vfs_read),
    close: Some(vfs_close),
    getdir: Some(vfs_getdir),
    modified: Some(vfs_modified),
    data: ptr::null_mut(),
});

/// Length of the directory part of `path` (through its last separator), 0 without one.
pub fn dirname_len(path: &[u8]) -> usize {
    path.iter().rposition(|&c| c == b'/' || c == b'\\').map_or(0, |p| p + 1)
}

/// True when `name` is kept as it is by [`join_path`]: a registered provider serves its
/// scheme, or it has an absolute prefix (`/`, `c:\\`, `x:/`).
fn is_abs(name: &[u8]) -> bool {
    !name.is_empty() && (plugin::provider_for(name).is_some() || vfs::abs_prefix_len(name) > 0)
}

/// True when `dir` and `name` are joined with a `/` between them (see [`join_path`]).
fn needs_separator(dir: &[u8]) -> bool {
    dir.last().is_some_and(|&c| c != b'/' && c != b'\\')
}

/// Joins a directory and a name as resource opening does (no reduction): an absolute name
/// (see `is_abs`) is kept, otherwise a `/` is inserted unless the directory is empty or ends
/// in a separator.
pub fn join_path(dir: &[u8], name: &[u8]) -> Vec<u8> {
    if is_abs(name) {
        return name.to_vec();
    }
    let mut s = Vec::with_capacity(dir.len() + 1 + name.len());
    s.extend_from_slice(dir);
    if needs_separator(dir) {
        s.push(b'/');
    }
    s.extend_from_slice(name);
    s
}

/// Writes the joined path of `dir` and `name` plus a NUL into `out`, which must hold
/// [`join_path`]`(dir, name).len() + 1` bytes; returns the path length.
fn write_joined(out: &mut [c_char], dir: &[u8], name: &[u8]) -> usize {
    let mut n = 0;
    let mut put = |b: &[u8]| {
        for (d, &c) in out[n..n + b.len()].iter_mut().zip(b) {
            *d = c as c_char;
        }
        n += b.len();
    };
    if !is_abs(name) {
        put(dir);
        if needs_separator(dir) {
            put(b"/");
        }
    }
    put(name);
    out[n] = 0;
    n
}

/// Length of [`join_path`]`(dir, name)` without building it.
fn joined_len(dir: &[u8], name: &[u8]) -> usize {
    if is_abs(name) {
        name.len()
    } else {
        dir.len() + needs_separator(dir) as usize + name.len()
    }
}

/// Writes the Base64 text of `bytes` into the resource's fixed timestamp field.
fn set_timestamp(res: &mut mjResource, bytes: &[u8]) {
    let mut out = [0u8; 16];
    let n = text::encode_base64(&mut out, bytes);
    for (d, s) in res.timestamp.iter_mut().zip(&out[..n]) {
        *d = *s as c_char;
    }
}

/// Decodes up to 8 bytes of a timestamp string the way upstream does (groups of four, invalid
/// characters as zero bits); missing bytes stay zero (also for text shorter than a group).
/// Extra bytes are discarded instead of overrunning the destination.
fn decode_stamp(ts: &CStr) -> [u8; 8] {
    let s = ts.to_bytes();
    let mut src = Vec::with_capacity(s.len() + 8);
    src.extend_from_slice(s);
    src.extend_from_slice(&[0; 8]);
    let mut out = vec![0u8; 3 * (s.len() / 4 + 2) + 8];
    // SAFETY: src is NUL-padded by more than a group, out holds 3 bytes per group read
    unsafe { text::decode_base64_raw(out.as_mut_ptr(), src.as_ptr() as *const c_char) };
    let mut r = [0u8; 8];
    r.copy_from_slice(&out[..8]);
    r
}

/// Copies `msg` into the caller's error buffer as `strncpy` + terminate does.
fn set_error(error: &mut [c_char], msg: &CStr) {
    if error.is_empty() {
        return;
    }
    let b = msg.to_bytes();
    let n = b.len().min(error.len() - 1);
    for (d, &c) in error[..n].iter_mut().zip(b) {
        *d = c as c_char;
    }
    error[n] = 0;
}

//------------------------------------------ file system -------------------------------------------

/// Opens `res.name` on the file system: records its modification time, or writes upstream's
/// error text and returns false.
///
/// A resource without a provider keeps the invariant: `name` is NUL-terminated and `data` is
/// null or a `Box<FileSpec>` made here (both are set only in this module).
fn file_open(res: &mut mjResource, error: &mut [c_char]) -> bool {
    res.provider = ptr::null();
    let spec = Box::into_raw(Box::new(FileSpec { is_read: false, buffer: Vec::new(), mtime: 0 }));
    res.data = spec.cast();
    // SAFETY: stat gets the NUL-terminated name (set by `open`) and a zeroed stat to fill in
    let (rc, st) = unsafe {
        let mut st: libc::stat = core::mem::zeroed();
        (libc::stat(res.name, &mut st), st)
    };
    if rc != 0 {
        let errno = std::io::Error::last_os_error().raw_os_error().unwrap_or(0);
        // SAFETY: snprintf writes at most error.len() bytes; the two %s get the resource name
        // and strerror's static text, both NUL-terminated (nothing is written when empty)
        unsafe {
            libc::snprintf(
                error.as_mut_ptr(),
                error.len(),
                c"Error opening file '%s': %s".as_ptr(),
                res.name,
                libc::strerror(errno),
            )
        };
        return false;
    }
    // SAFETY: spec was just made from a Box and is owned by the resource
    let spec = unsafe { &mut *spec };
    spec.mtime = st.st_mtime;
    set_timestamp(res, &spec.mtime.to_ne_bytes());
    true
}

/// The file's bytes (read on first use): pointer (null when empty) and length.
fn file_read(res: &mut mjResource) -> (c_int, *const c_void) {
    // SAFETY: a provider-less resource's data is a live Box<FileSpec> (file_open's invariant)
    let spec = unsafe { &mut *(res.data as *mut FileSpec) };
    if !spec.is_read {
        // SAFETY: the name is NUL-terminated (file_open's invariant)
        spec.buffer = vfs::read_disk_file(unsafe { CStr::from_ptr(res.name) });
        spec.is_read = true;
    }
    let buf = if spec.buffer.is_empty() { ptr::null() } else { spec.buffer.as_ptr().cast() };
    (spec.buffer.len() as c_int, buf)
}

fn file_close(res: &mut mjResource) {
    let spec = res.data as *mut FileSpec;
    if !spec.is_null() {
        // SAFETY: a non-null data is the Box<FileSpec> of file_open; it is cleared below
        drop(unsafe { Box::from_raw(spec) });
        res.data = ptr::null_mut();
    }
}

fn file_modified(res: &mjResource, timestamp: &CStr) -> c_int {
    if text::valid_base64(timestamp.to_bytes()) != core::mem::size_of::<libc::time_t>() {
        return 1;
    }
    let then = libc::time_t::from_ne_bytes(decode_stamp(timestamp));
    let spec = res.data as *const FileSpec;
    if spec.is_null() {
        return 1;
    }
    // SAFETY: a non-null data is the live Box<FileSpec> of file_open; difftime is pure
    let diff = unsafe { libc::difftime((*spec).mtime, then) };
    if diff < 0.0 {
        -1
    } else if diff > 0.0 {
        1
    } else {
        0
    }
}

//------------------------------------------ VFS provider ------------------------------------------

// The VFS provider's callbacks are called with null or a resource of this module: while it is
// being opened its data is the `Vfs` (put there by `open`), once open a `Box<VfsSpec>`; `name`
// is null or NUL-terminated.

unsafe extern "C" fn vfs_open(res: *mut mjResource) -> c_int {
    // SAFETY: null or a resource being opened by `open` (see above)
    let Some(res) = (unsafe { res.as_mut() }) else { return 0 };
    if res.name.is_null() || res.data.is_null() {
        return 0;
    }
    // SAFETY: `open` set data to the &Vfs it was given, alive for the whole call
    let v = unsafe { &*(res.data as *const vfs::Vfs) };
    // SAFETY: the name is non-null and NUL-terminated
    let Some(file) = v.get(unsafe { CStr::from_ptr(res.name) }) else { return 0 };
    let spec = VfsSpec {
        data: if file.data.is_empty() { ptr::null() } else { file.data.as_ptr() },
        len: file.data.len(),
        stamp: file.stamp,
    };
    res.data = Box::into_raw(Box::new(spec)).cast();
    res.timestamp[0] = 0;
    if file.stamp != 0 {
        set_timestamp(res, &file.stamp.to_ne_bytes());
    }
    1
}

unsafe extern "C" fn vfs_read(res: *mut mjResource, buffer: *mut *const c_void) -> c_int {
    // SAFETY: null or an open VFS resource, whose data is its Box<VfsSpec> (see above)
    let spec = match unsafe { res.as_ref() } {
        // SAFETY: the data of an open VFS resource is its live Box<VfsSpec>
        Some(r) if !r.name.is_null() && !r.data.is_null() => unsafe { &*(r.data as *const VfsSpec) },
        _ => {
            if !buffer.is_null() {
                // SAFETY: non-null out-pointer of the caller
                unsafe { *buffer = ptr::null() };
            }
            return -1;
        }
    };
    if !buffer.is_null() {
        // SAFETY: non-null out-pointer of the caller
        unsafe { *buffer = spec.data.cast() };
    }
    spec.len as c_int
}

unsafe extern "C" fn vfs_close(res: *mut mjResource) {
    // SAFETY: null or an open VFS resource (see above)
    if let Some(r) = unsafe { res.as_mut() } {
        if !r.data.is_null() {
            // SAFETY: the data of an open VFS resource is its Box<VfsSpec>; cleared below
            drop(unsafe { Box::from_raw(r.data as *mut VfsSpec) });
            r.data = ptr::null_mut();
        }
    }
}

unsafe extern "C" fn vfs_getdir(res: *mut mjResource, dir: *mut *const c_char, ndir: *mut c_int) {
    // SAFETY: null or an open VFS resource (see above); dir and ndir are the caller's writable
    // out-pointers (get_dir's contract); a non-null name is NUL-terminated
    unsafe {
        match res.as_ref() {
            Some(r) if !r.name.is_null() => {
                *dir = r.name;
                *ndir = dirname_len(CStr::from_ptr(r.name).to_bytes()) as c_int;
            }
            Some(r) => {
                *dir = r.name;
                *ndir = 0;
            }
            None => {
                *dir = ptr::null();
                *ndir = 0;
            }
        }
    }
}

unsafe extern "C" fn vfs_modified(res: *const mjResource, timestamp: *const c_char) -> c_int {
    // SAFETY: a non-null timestamp is NUL-terminated (mju_isModifiedResource contract)
    let ts = if timestamp.is_null() { c"" } else { unsafe { CStr::from_ptr(timestamp) } };
    if text::valid_base64(ts.to_bytes()) > 8 {
        return 2;
    }
    let stamp = u64::from_ne_bytes(decode_stamp(ts));
    if stamp == 0 {
        return 3;
    }
    // SAFETY: null or an open VFS resource (see above)
    if let Some(r) = unsafe { res.as_ref() } {
        let spec = r.data as *const VfsSpec;
        if spec.is_null() {
            return 4;
        }
        // SAFETY: the data of an open VFS resource is its live Box<VfsSpec>
        let spec = unsafe { &*spec };
        if spec.stamp == 0 {
            return 5;
        }
        if spec.stamp == stamp {
            return 0;
        }
    }
    1
}

//------------------------------------------ entry points ------------------------------------------

/// Opens `name` (joined to `dir` unless absolute): from `vfs` if given and the VFS holds it
/// (looked up by `name` alone), else through the provider registered for the joined name's
/// scheme (its failure is final), else from the file system. On failure returns null with a
/// message in `error` (which is cleared first; a None name is an error). The resource is freed
/// with [`close`].
pub fn open(dir: Option<&CStr>, name: Option<&CStr>, vfs: Option<&vfs::Vfs>, error: &mut [c_char]) -> *mut mjResource {
    if let Some(e) = error.first_mut() {
        *e = 0;
    }
    let Some(name) = name else {
        set_error(error, c"resource name is NULL");
        return ptr::null_mut();
    };
    // (a plain C struct, zeroed before use)
    let res = alloc::malloc(core::mem::size_of::<mjResource>()) as *mut mjResource;
    if res.is_null() {
        set_error(error, c"could not allocate memory");
        return ptr::null_mut();
    }
    // SAFETY: res holds one mjResource (allocated above)
    unsafe { ptr::write_bytes(res, 0, 1) };

    // no heap memory of ours is live while the allocator may report an error
    let name_b = name.to_bytes();
    let dir_b = dir.map_or(&b""[..], |d| d.to_bytes());
    let nbuf = joined_len(dir_b, name_b).max(name_b.len()) + 1;
    // SAFETY: res is allocated and zeroed, owned here
    let r = unsafe { &mut *res };
    r.name = alloc::malloc(nbuf) as *mut c_char;
    if r.name.is_null() {
        set_error(error, c"could not allocate memory");
        // SAFETY: res came from the malloc above and is not used again
        unsafe { close(res) };
        return ptr::null_mut();
    }
    // SAFETY: the name buffer holds nbuf bytes and is owned by the resource
    let namebuf = unsafe { core::slice::from_raw_parts_mut(r.name, nbuf) };

    // the VFS comes first, under the name as given
    if let Some(v) = vfs {
        for (d, &c) in namebuf.iter_mut().zip(name.to_bytes_with_nul()) {
            *d = c as c_char;
        }
        r.data = v as *const vfs::Vfs as *mut c_void;
        r.provider = &VFS_PROVIDER.0;
        // SAFETY: the resource is being opened with data = the Vfs (vfs_open's contract)
        if unsafe { vfs_open(r) } != 0 {
            return res;
        }
    }

    // then a registered provider for the joined name's scheme; failing that is final
    let len = write_joined(namebuf, dir_b, name_b);
    let full: Vec<u8> = namebuf[..len].iter().map(|&c| c as u8).collect();
    if let Some(p) = plugin::provider_for(&full) {
        r.provider = p;
        r.data = ptr::null_mut();
        // SAFETY: the provider's open callback gets a zeroed resource with its name set (the
        // mjpResourceProvider contract)
        if p.open.is_some_and(|f| unsafe { f(&mut *r) } != 0) {
            return res;
        }
        // SAFETY: snprintf writes at most error.len() bytes; both %s are NUL-terminated (the
        // name written above, the registered prefix)
        unsafe {
            libc::snprintf(
                error.as_mut_ptr(),
                error.len(),
                c"could not open '%s'using a resource provider matching prefix '%s'".as_ptr(),
                r.name,
                p.prefix,
            )
        };
        // SAFETY: res came from this function and is not used again
        unsafe { close(res) };
        return ptr::null_mut();
    }

    // lastly the file system
    if file_open(r, error) {
        return res;
    }
    // SAFETY: res came from this function and is not used again
    unsafe { close(res) };
    ptr::null_mut()
}

/// Closes a resource and frees it; null is ignored.
///
/// # Safety
/// `res` must be null or come from [`open`] and not be closed yet (it is freed: a raw owning
/// pointer handed back by C, which no reference can express).
pub unsafe fn close(res: *mut mjResource) {
    // SAFETY: null or a live resource from `open` (this function's contract)
    let Some(r) = (unsafe { res.as_mut() }) else { return };
    // SAFETY: a non-null provider is VFS_PROVIDER or a registered provider table
    if let Some(p) = unsafe { r.provider.as_ref() } {
        if let Some(f) = p.close {
            // SAFETY: the provider's close callback gets a resource it opened
            unsafe { f(res) };
        }
    } else {
        file_close(r);
    }
    // SAFETY: name (null or malloc'd) and the resource itself were malloc'd by `open`, freed
    // once here
    unsafe {
        alloc::free(r.name.cast());
        alloc::free(res.cast());
    }
}

/// Points `*buffer` at the resource's bytes and returns their number (negative on error).
pub fn read(res: &mut mjResource, buffer: &mut *const c_void) -> c_int {
    // SAFETY: a non-null provider is VFS_PROVIDER or a registered provider table
    if let Some(p) = unsafe { res.provider.as_ref() } {
        return match p.read {
            // SAFETY: the provider's read callback gets a resource it opened and a writable
            // out-pointer
            Some(f) => unsafe { f(res, buffer) },
            None => {
                *buffer = ptr::null();
                -1
            }
        };
    }
    let (n, b) = file_read(res);
    *buffer = b;
    n
}

/// The directory part of the resource's name: a pointer to the name and the length of its
/// directory part; null and 0 for a null resource.
pub fn get_dir(res: Option<&mut mjResource>) -> (*const c_char, c_int) {
    let (mut dir, mut ndir): (*const c_char, c_int) = (ptr::null(), 0);
    let Some(r) = res else { return (dir, ndir) };
    // SAFETY: a non-null provider is VFS_PROVIDER or a registered provider table
    if let Some(p) = unsafe { r.provider.as_ref() } {
        if let Some(f) = p.getdir {
            // SAFETY: the provider's getdir callback gets a resource it opened and writable
            // out-pointers
            unsafe { f(r, &mut dir, &mut ndir) };
        }
    } else if !r.name.is_null() {
        dir = r.name;
        // SAFETY: an open resource's non-null name is NUL-terminated
        ndir = dirname_len(unsafe { CStr::from_ptr(r.name) }.to_bytes()) as c_int;
    }
    (dir, ndir)
}

/// Compares the resource with a timestamp from an earlier open: 0 unchanged, > 0 newer (or
/// unknown), < 0 older.
pub fn is_modified(res: Option<&mjResource>, timestamp: Option<&CStr>) -> c_int {
    let Some(r) = res else { return 1 };
    // SAFETY: a non-null provider is VFS_PROVIDER or a registered provider table
    if let Some(p) = unsafe { r.provider.as_ref() } {
        return match p.modified {
            // SAFETY: the provider's modified callback gets a resource it opened and null or a
            // NUL-terminated timestamp
            Some(f) => unsafe { f(r, timestamp.map_or(ptr::null(), |t| t.as_ptr())) },
            None => 1,
        };
    }
    file_modified(r, timestamp.unwrap_or(c""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;

    fn bytemuck_bytes(s: &[c_char]) -> &[u8] {
        // SAFETY: c_char and u8 have the same size and alignment
        unsafe { core::slice::from_raw_parts(s.as_ptr() as *const u8, s.len()) }
    }

    #[test]
    fn paths() {
        assert_eq!(dirname_len(b"a/b\\c.xml"), 4);
        assert_eq!(dirname_len(b"c.xml"), 0);
        assert_eq!(dirname_len(b"/"), 1);
        assert_eq!(join_path(b"dir", b"f.xml"), b"dir/f.xml");
        assert_eq!(join_path(b"dir/", b"./f.xml"), b"dir/./f.xml");
        assert_eq!(join_path(b"dir", b"/abs"), b"/abs");
        assert_eq!(join_path(b"dir", b"c:\\x"), b"c:\\x");
        assert_eq!(join_path(b"", b"f"), b"f");
        for (d, n) in [(&b"dir"[..], &b"f"[..]), (b"dir/", b"f"), (b"d", b"/abs"), (b"", b"f"), (b"a\\", b"b")] {
            let mut out = vec![1 as c_char; 32];
            let len = write_joined(&mut out, d, n);
            assert_eq!(len, joined_len(d, n));
            let got: Vec<u8> = out[..len].iter().map(|&c| c as u8).collect();
            assert_eq!(got, join_path(d, n));
            assert_eq!(out[len], 0);
        }
    }

    #[test]
    fn file_and_vfs_resources() {
        let dir = std::env::temp_dir().join(format!("mjrs_res_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("r.txt"), b"hello").unwrap();
        let d = CString::new(dir.to_str().unwrap()).unwrap();
        let mut err = [0 as c_char; 256];
        let msg =
            |err: &[c_char]| CStr::from_bytes_until_nul(bytemuck_bytes(err)).unwrap().to_str().unwrap().to_owned();
        let r = open(Some(&d), Some(c"r.txt"), None, &mut err);
        assert!(!r.is_null());
        // SAFETY: r is a live resource from open, closed below
        let rr = unsafe { &mut *r };
        assert!(rr.provider.is_null());
        let mut buf: *const c_void = ptr::null();
        assert_eq!(read(rr, &mut buf), 5);
        // SAFETY: read reported 5 bytes at buf, alive until close
        assert_eq!(unsafe { core::slice::from_raw_parts(buf as *const u8, 5) }, b"hello");
        let ts = CStr::from_bytes_until_nul(bytemuck_bytes(&rr.timestamp)).unwrap().to_owned();
        assert_eq!(ts.to_bytes().len(), 12);
        assert_eq!(is_modified(Some(rr), Some(&ts)), 0);
        assert_eq!(is_modified(Some(rr), Some(c"AAAAAAAAAAA=")), 1);
        assert_eq!(is_modified(Some(rr), Some(c"bad")), 1);
        let (_, nd) = get_dir(Some(rr));
        assert_eq!(nd as usize, d.as_bytes().len() + 1);
        // SAFETY: r came from open and is not used again
        unsafe { close(r) };

        let r = open(Some(&d), Some(c"none.txt"), None, &mut err);
        assert!(r.is_null());
        let m = msg(&err);
        assert!(m.starts_with("Error opening file '") && m.ends_with("': No such file or directory"));
        assert!(open(Some(&d), None, None, &mut err).is_null());
        assert_eq!(msg(&err), "resource name is NULL");

        let mut v = crate::abi::mjVFS { impl_: ptr::null_mut() };
        vfs::vfs_init(&mut v);
        vfs::vfs_impl_mut(&mut v).unwrap().add_buffer(c"mem.bin", b"abc");
        let r = open(Some(c"ignored"), Some(c"mem.bin"), vfs::vfs_impl(&v), &mut err);
        assert!(!r.is_null());
        // SAFETY: r is a live resource from open, closed below
        let rr = unsafe { &mut *r };
        assert!(!rr.provider.is_null());
        assert_eq!(err[0], 0);
        assert_eq!(read(rr, &mut buf), 3);
        let ts = CStr::from_bytes_until_nul(bytemuck_bytes(&rr.timestamp)).unwrap().to_owned();
        let stamp = vfs::content_stamp(b"abc");
        let mut expect = [0u8; 13];
        text::encode_base64(&mut expect, &stamp.to_ne_bytes());
        assert_eq!(ts.to_bytes_with_nul(), &expect);
        assert_eq!(is_modified(Some(rr), Some(&ts)), 0);
        assert_eq!(is_modified(Some(rr), Some(c"AAAAAAAAAAA=")), 3);
        assert_eq!(is_modified(Some(rr), Some(c"AQAAAAAAAAA=")), 1);
        assert_eq!(is_modified(Some(rr), Some(c"AAAAAAAAAAAAAAAA")), 2);
        assert_eq!(get_dir(Some(rr)).1, 0);
        // SAFETY: r came from open and is not used again
        unsafe { close(r) };

        // names the VFS does not hold fall through to the file system
        let r = open(Some(&d), Some(c"r.txt"), vfs::vfs_impl(&v), &mut err);
        // SAFETY: r is null or a live resource from open
        assert!(!r.is_null() && unsafe { (*r).provider.is_null() });
        // SAFETY: r came from open and is not used again
        unsafe { close(r) };
        vfs::vfs_free(&mut v);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
