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

use crate::abi::{mjResource, mjVFS, mjpResourceProvider};
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
unsafe fn write_joined(out: *mut c_char, dir: &[u8], name: &[u8]) -> usize {
    let mut n = 0;
    let mut put = |b: &[u8]| {
        ptr::copy_nonoverlapping(b.as_ptr() as *const c_char, out.add(n), b.len());
        n += b.len();
    };
    if !is_abs(name) {
        put(dir);
        if needs_separator(dir) {
            put(b"/");
        }
    }
    put(name);
    *out.add(n) = 0;
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
unsafe fn set_error(error: *mut c_char, nerror: usize, msg: &CStr) {
    if error.is_null() || nerror == 0 {
        return;
    }
    let b = msg.to_bytes();
    let n = b.len().min(nerror - 1);
    ptr::copy_nonoverlapping(b.as_ptr() as *const c_char, error, n);
    *error.add(n) = 0;
}

//------------------------------------------ file system -------------------------------------------

/// Opens `res.name` on the file system: records its modification time, or writes upstream's
/// error text and returns false.
unsafe fn file_open(res: &mut mjResource, error: *mut c_char, nerror: usize) -> bool {
    res.provider = ptr::null();
    let spec = Box::into_raw(Box::new(FileSpec { is_read: false, buffer: Vec::new(), mtime: 0 }));
    res.data = spec.cast();
    let mut st: libc::stat = core::mem::zeroed();
    if libc::stat(res.name, &mut st) != 0 {
        let errno = std::io::Error::last_os_error().raw_os_error().unwrap_or(0);
        if !error.is_null() {
            libc::snprintf(error, nerror, c"Error opening file '%s': %s".as_ptr(), res.name, libc::strerror(errno));
        }
        return false;
    }
    (*spec).mtime = st.st_mtime;
    set_timestamp(res, &(*spec).mtime.to_ne_bytes());
    true
}

unsafe fn file_read(res: &mut mjResource, buffer: *mut *const c_void) -> c_int {
    let spec = &mut *(res.data as *mut FileSpec);
    if !spec.is_read {
        spec.buffer = vfs::read_disk_file(CStr::from_ptr(res.name));
        spec.is_read = true;
    }
    *buffer = if spec.buffer.is_empty() { ptr::null() } else { spec.buffer.as_ptr().cast() };
    spec.buffer.len() as c_int
}

unsafe fn file_close(res: &mut mjResource) {
    let spec = res.data as *mut FileSpec;
    if !spec.is_null() {
        drop(Box::from_raw(spec));
        res.data = ptr::null_mut();
    }
}

unsafe fn file_modified(res: &mjResource, timestamp: &CStr) -> c_int {
    if text::valid_base64(timestamp.to_bytes()) != core::mem::size_of::<libc::time_t>() {
        return 1;
    }
    let then = libc::time_t::from_ne_bytes(decode_stamp(timestamp));
    let spec = res.data as *const FileSpec;
    if spec.is_null() {
        return 1;
    }
    let diff = libc::difftime((*spec).mtime, then);
    if diff < 0.0 {
        -1
    } else if diff > 0.0 {
        1
    } else {
        0
    }
}

//------------------------------------------ VFS provider ------------------------------------------

unsafe extern "C" fn vfs_open(res: *mut mjResource) -> c_int {
    let Some(res) = res.as_mut() else { return 0 };
    if res.name.is_null() || res.data.is_null() {
        return 0;
    }
    let Some(v) = vfs::vfs_impl(res.data as *const mjVFS) else { return 0 };
    let Some(file) = v.get(CStr::from_ptr(res.name)) else { return 0 };
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
    let spec = match res.as_ref() {
        Some(r) if !r.name.is_null() && !r.data.is_null() => &*(r.data as *const VfsSpec),
        _ => {
            if !buffer.is_null() {
                *buffer = ptr::null();
            }
            return -1;
        }
    };
    if !buffer.is_null() {
        *buffer = spec.data.cast();
    }
    spec.len as c_int
}

unsafe extern "C" fn vfs_close(res: *mut mjResource) {
    if let Some(r) = res.as_mut() {
        if !r.data.is_null() {
            drop(Box::from_raw(r.data as *mut VfsSpec));
            r.data = ptr::null_mut();
        }
    }
}

unsafe extern "C" fn vfs_getdir(res: *mut mjResource, dir: *mut *const c_char, ndir: *mut c_int) {
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

unsafe extern "C" fn vfs_modified(res: *const mjResource, timestamp: *const c_char) -> c_int {
    let ts = if timestamp.is_null() { c"" } else { CStr::from_ptr(timestamp) };
    if text::valid_base64(ts.to_bytes()) > 8 {
        return 2;
    }
    let stamp = u64::from_ne_bytes(decode_stamp(ts));
    if stamp == 0 {
        return 3;
    }
    if let Some(r) = res.as_ref() {
        let spec = r.data as *const VfsSpec;
        if spec.is_null() {
            return 4;
        }
        if (*spec).stamp == 0 {
            return 5;
        }
        if (*spec).stamp == stamp {
            return 0;
        }
    }
    1
}

//------------------------------------------ entry points ------------------------------------------

/// Opens `name` (joined to `dir` unless absolute): from `vfs` if given and the VFS holds it
/// (looked up by `name` alone), else through the provider registered for the joined name's
/// scheme (its failure is final), else from the file system. On failure returns null with a
/// message in `error` (which is cleared first).
///
/// # Safety
/// `dir` and `name` must be null or NUL-terminated; `vfs` null or a valid VFS; `error` null or
/// writable for `nerror` bytes.
pub unsafe fn open(
    dir: *const c_char,
    name: *const c_char,
    vfs: *const mjVFS,
    error: *mut c_char,
    nerror: usize,
) -> *mut mjResource {
    if !error.is_null() {
        *error = 0;
    }
    if name.is_null() {
        set_error(error, nerror, c"resource name is NULL");
        return ptr::null_mut();
    }
    let res = alloc::malloc(core::mem::size_of::<mjResource>()) as *mut mjResource;
    if res.is_null() {
        set_error(error, nerror, c"could not allocate memory");
        return ptr::null_mut();
    }
    ptr::write_bytes(res, 0, 1);

    // no heap memory of ours is live while the allocator may report an error
    let name_b = CStr::from_ptr(name).to_bytes();
    let dir_b = if dir.is_null() { &b""[..] } else { CStr::from_ptr(dir).to_bytes() };
    let nbuf = joined_len(dir_b, name_b).max(name_b.len()) + 1;
    (*res).name = alloc::malloc(nbuf) as *mut c_char;
    if (*res).name.is_null() {
        set_error(error, nerror, c"could not allocate memory");
        close(res);
        return ptr::null_mut();
    }

    // the VFS comes first, under the name as given
    if !vfs.is_null() {
        ptr::copy_nonoverlapping(name, (*res).name, name_b.len() + 1);
        (*res).data = vfs as *mut c_void;
        (*res).provider = &VFS_PROVIDER.0;
        if vfs_open(res) != 0 {
            return res;
        }
    }

    // then a registered provider for the joined name's scheme; failing that is final
    let len = write_joined((*res).name, dir_b, name_b);
    let full = core::slice::from_raw_parts((*res).name as *const u8, len);
    if let Some(p) = plugin::provider_for(full) {
        (*res).provider = p;
        (*res).data = ptr::null_mut();
        if p.open.is_some_and(|f| f(res) != 0) {
            return res;
        }
        if !error.is_null() {
            libc::snprintf(
                error,
                nerror,
                c"could not open '%s'using a resource provider matching prefix '%s'".as_ptr(),
                (*res).name,
                p.prefix,
            );
        }
        close(res);
        return ptr::null_mut();
    }

    // lastly the file system
    if file_open(&mut *res, error, nerror) {
        return res;
    }
    close(res);
    ptr::null_mut()
}

/// Closes a resource and frees it; null is ignored.
///
/// # Safety
/// `res` must be null or come from [`open`] and not be closed yet.
pub unsafe fn close(res: *mut mjResource) {
    let Some(r) = res.as_mut() else { return };
    if let Some(p) = r.provider.as_ref() {
        if let Some(f) = p.close {
            f(res);
        }
    } else {
        file_close(r);
    }
    alloc::free(r.name.cast());
    alloc::free(res.cast());
}

/// Points `*buffer` at the resource's bytes and returns their number (negative on error).
///
/// # Safety
/// `res` must be an open resource, `buffer` writable.
pub unsafe fn read(res: *mut mjResource, buffer: *mut *const c_void) -> c_int {
    let Some(r) = res.as_mut() else {
        *buffer = ptr::null();
        return -1;
    };
    if let Some(p) = r.provider.as_ref() {
        return match p.read {
            Some(f) => f(res, buffer),
            None => {
                *buffer = ptr::null();
                -1
            }
        };
    }
    file_read(r, buffer)
}

/// The directory part of the resource's name: `*dir` points at the name, `*ndir` is the length
/// of its directory part; null and 0 for a null resource.
///
/// # Safety
/// `dir` and `ndir` writable; `res` null or open.
pub unsafe fn get_dir(res: *mut mjResource, dir: *mut *const c_char, ndir: *mut c_int) {
    *dir = ptr::null();
    *ndir = 0;
    let Some(r) = res.as_ref() else { return };
    if let Some(p) = r.provider.as_ref() {
        if let Some(f) = p.getdir {
            f(res, dir, ndir);
        }
    } else if !r.name.is_null() {
        *dir = r.name;
        *ndir = dirname_len(CStr::from_ptr(r.name).to_bytes()) as c_int;
    }
}

/// Compares the resource with a timestamp from an earlier open: 0 unchanged, > 0 newer (or
/// unknown), < 0 older.
///
/// # Safety
/// `res` must be open; `timestamp` null or NUL-terminated.
pub unsafe fn is_modified(res: *const mjResource, timestamp: *const c_char) -> c_int {
    let Some(r) = res.as_ref() else { return 1 };
    if let Some(p) = r.provider.as_ref() {
        return match p.modified {
            Some(f) => f(res, timestamp),
            None => 1,
        };
    }
    let ts = if timestamp.is_null() { c"" } else { CStr::from_ptr(timestamp) };
    file_modified(r, ts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;

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
            let len = unsafe { write_joined(out.as_mut_ptr(), d, n) };
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
        unsafe {
            let r = open(d.as_ptr(), c"r.txt".as_ptr(), ptr::null(), err.as_mut_ptr(), err.len());
            assert!(!r.is_null());
            assert!((*r).provider.is_null());
            let mut buf: *const c_void = ptr::null();
            assert_eq!(read(r, &mut buf), 5);
            assert_eq!(core::slice::from_raw_parts(buf as *const u8, 5), b"hello");
            let ts = CStr::from_ptr((*r).timestamp.as_ptr()).to_owned();
            assert_eq!(ts.to_bytes().len(), 12);
            assert_eq!(is_modified(r, ts.as_ptr()), 0);
            assert_eq!(is_modified(r, c"AAAAAAAAAAA=".as_ptr()), 1);
            assert_eq!(is_modified(r, c"bad".as_ptr()), 1);
            let (mut dp, mut nd) = (ptr::null(), 0);
            get_dir(r, &mut dp, &mut nd);
            assert_eq!(nd as usize, d.as_bytes().len() + 1);
            close(r);

            let r = open(d.as_ptr(), c"none.txt".as_ptr(), ptr::null(), err.as_mut_ptr(), err.len());
            assert!(r.is_null());
            let msg = CStr::from_ptr(err.as_ptr()).to_str().unwrap();
            assert!(msg.starts_with("Error opening file '") && msg.ends_with("': No such file or directory"));

            let mut v = crate::abi::mjVFS { impl_: ptr::null_mut() };
            vfs::vfs_init(&mut v);
            vfs::vfs_impl_mut(&mut v).unwrap().add_buffer(c"mem.bin", b"abc");
            let r = open(c"ignored".as_ptr(), c"mem.bin".as_ptr(), &v, err.as_mut_ptr(), err.len());
            assert!(!r.is_null() && !(*r).provider.is_null());
            assert_eq!(err[0], 0);
            assert_eq!(read(r, &mut buf), 3);
            let ts = CStr::from_ptr((*r).timestamp.as_ptr()).to_owned();
            let stamp = vfs::content_stamp(b"abc");
            let mut expect = [0u8; 13];
            text::encode_base64(&mut expect, &stamp.to_ne_bytes());
            assert_eq!(ts.to_bytes_with_nul(), &expect);
            assert_eq!(is_modified(r, ts.as_ptr()), 0);
            assert_eq!(is_modified(r, c"AAAAAAAAAAA=".as_ptr()), 3);
            assert_eq!(is_modified(r, c"AQAAAAAAAAA=".as_ptr()), 1);
            assert_eq!(is_modified(r, c"AAAAAAAAAAAAAAAA".as_ptr()), 2);
            get_dir(r, &mut dp, &mut nd);
            assert_eq!(nd, 0);
            close(r);

            // names the VFS does not hold fall through to the file system
            let r = open(d.as_ptr(), c"r.txt".as_ptr(), &v, err.as_mut_ptr(), err.len());
            assert!(!r.is_null() && (*r).provider.is_null());
            close(r);
            vfs::vfs_free(&mut v);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
