//! The virtual file system: named in-memory files that model loading consults before the disk.
//!
//! An `mjVFS` holds a pointer to a [`Vfs`]. File names are normalised the way 3.4.0 does it:
//! the path is first reduced (`.` components dropped, `dir/..` collapsed, separators written as
//! `/`), then, for files added from disk and for lookups, the directory part is stripped and the
//! rest lower-cased (ASCII only). Buffers added with [`Vfs::add_buffer`] keep their reduced name
//! as given, so a lookup tries the stripped lower-case name first and the reduced full name
//! second.

use core::ffi::{c_char, CStr};
use std::collections::HashMap;

use crate::abi::mjVFS;

/// One file held in memory.
#[derive(Debug, Default)]
pub struct VfsFile {
    /// The normalised name the file is stored under.
    pub name: Vec<u8>,
    /// File contents.
    pub data: Vec<u8>,
    /// Content stamp (FNV-style hash of the bytes, as upstream computes it); 0 means none.
    pub stamp: u64,
}

/// The in-memory files of one `mjVFS`, keyed by normalised name.
#[derive(Debug, Default)]
pub struct Vfs {
    files: HashMap<Vec<u8>, VfsFile>,
}

/// Result codes of the VFS entry points (upstream's values).
pub const VFS_OK: i32 = 0;
/// A file of the same normalised name is already present.
pub const VFS_REPEATED: i32 = 2;
/// The file could not be read / allocated, or was not found.
pub const VFS_FAILED: i32 = -1;

fn is_sep(c: u8) -> bool {
    c == b'/' || c == b'\\'
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Length of a `scheme:` prefix that names a registered resource provider (upstream treats
/// such a prefix as the absolute part of a path).
fn provider_prefix_len(s: &[u8]) -> Option<usize> {
    crate::runtime::plugin::provider_prefix_len(s)
}

/// Length of the absolute prefix of a path (`/`, `c:\`, `scheme:/`, ...), 0 for relative paths.
pub fn abs_prefix_len(s: &[u8]) -> usize {
    if s.is_empty() {
        return 0;
    }
    if let Some(n) = provider_prefix_len(s) {
        return n;
    }
    if is_sep(s[0]) {
        return 1;
    }
    if let Some(p) = find(s, b":/") {
        return p + 2;
    }
    if let Some(p) = find(s, b":\\") {
        return p + 2;
    }
    0
}

/// Reduces a path: keeps the absolute prefix, drops `.` directories, cancels `dir/..`, and
/// joins the remaining parts with `/`. The last component is kept as it is.
pub fn reduce_path(s: &[u8]) -> Vec<u8> {
    let pre = abs_prefix_len(s);
    let mut parts: Vec<&[u8]> = Vec::new();
    let mut start = pre;
    for i in pre..s.len() {
        if is_sep(s[i]) {
            let part = &s[start..i];
            start = i + 1;
            if part == b".." && parts.last().is_some_and(|p| *p != b"..") {
                parts.pop();
            } else if part != b"." {
                parts.push(part);
            }
        }
    }
    parts.push(&s[start..]);

    let mut out = Vec::with_capacity(s.len());
    out.extend_from_slice(&s[..pre]);
    for (k, p) in parts.iter().enumerate() {
        if k > 0 {
            out.push(b'/');
        }
        out.extend_from_slice(p);
    }
    out
}

/// Joins a directory and a file name (the file name wins if it is absolute), then reduces.
pub fn combine_paths(dir: &[u8], file: &[u8]) -> Vec<u8> {
    if abs_prefix_len(file) > 0 {
        return reduce_path(file);
    }
    let mut s = Vec::with_capacity(dir.len() + 1 + file.len());
    s.extend_from_slice(dir);
    if let Some(&last) = dir.last() {
        if !is_sep(last) {
            s.push(b'/');
        }
    }
    s.extend_from_slice(file);
    reduce_path(&s)
}

/// The name a file is registered and first looked up under: reduced, without its directory,
/// ASCII lower-case.
pub fn stripped_name(s: &[u8]) -> Vec<u8> {
    let r = reduce_path(s);
    let base = match r.iter().rposition(|&c| is_sep(c)) {
        Some(n) => &r[n + 1..],
        None => &r[..],
    };
    base.to_ascii_lowercase()
}

/// Upstream's content stamp: an FNV-1 variant that ORs (not XORs) each byte into the hash.
pub fn content_stamp(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h |= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Reports a warning whose text is `fmt` (one `%s`) applied to `path`, as upstream formats it.
/// `fmt` must be one of this file's literals with exactly one `%s`.
fn warn_path(fmt: &CStr, path: &CStr) {
    let mut msg = [0 as c_char; crate::runtime::error::MSG_LEN];
    // SAFETY: fmt has one %s, matched by the NUL-terminated path; snprintf writes at most
    // msg.len() bytes, NUL included
    unsafe { libc::snprintf(msg.as_mut_ptr(), msg.len(), fmt.as_ptr(), path.as_ptr()) };
    // SAFETY: msg is NUL-terminated by snprintf
    unsafe { crate::runtime::error::warn_raw(msg.as_ptr()) };
}

/// Reads a whole file as upstream's loaders do: empty on failure (or for an empty file); size
/// and read problems are reported as warnings (with nothing of ours on the heap, so a handler
/// may longjmp).
pub(crate) fn read_disk_file(path: &CStr) -> Vec<u8> {
    // SAFETY: libc stdio on a FILE opened here and closed on every path out; fread writes at
    // most `size` bytes into the buffer resized to `size`
    unsafe {
        let fp = libc::fopen(path.as_ptr(), c"rb".as_ptr());
        if fp.is_null() {
            return Vec::new();
        }
        if libc::fseek(fp, 0, libc::SEEK_END) != 0 {
            libc::fclose(fp);
            warn_path(c"Failed to calculate size for '%s'", path);
            return Vec::new();
        }
        let size = libc::ftell(fp);
        if size > i32::MAX as libc::c_long {
            libc::fclose(fp);
            warn_path(c"File size over 2GB is not supported. File: '%s'", path);
            return Vec::new();
        } else if size < 0 {
            libc::fclose(fp);
            warn_path(c"Failed to calculate size for '%s'", path);
            return Vec::new();
        }
        let size = size as usize;
        let mut buf: Vec<u8> = Vec::new();
        if buf.try_reserve_exact(size).is_err() {
            libc::fclose(fp);
            return Vec::new();
        }
        buf.resize(size, 0);
        if libc::fseek(fp, 0, libc::SEEK_SET) != 0 {
            libc::fclose(fp);
            drop(buf);
            warn_path(c"Read error while reading '%s'", path);
            return Vec::new();
        }
        let got = libc::fread(buf.as_mut_ptr().cast(), 1, size, fp);
        if got != size {
            if libc::ferror(fp) != 0 {
                libc::fclose(fp);
                drop(buf);
                warn_path(c"Read error while reading '%s'", path);
                return Vec::new();
            } else if libc::feof(fp) != 0 {
                buf.truncate(got);
            }
        }
        libc::fclose(fp);
        buf
    }
}

impl Vfs {
    /// An empty file system.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of files held.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// True when no file is held.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// Stores `data` under the already normalised `key`; false if the name is taken.
    fn insert(&mut self, key: Vec<u8>, data: Vec<u8>, stamp: u64) -> bool {
        if self.files.contains_key(&key) {
            return false;
        }
        let f = VfsFile { name: key.clone(), data, stamp };
        self.files.insert(key, f);
        true
    }

    /// Reads `dir`/`file` from disk and stores it under the stripped lower-case file name.
    /// Returns 0, 2 if the name is taken (checked before reading), -1 if the file cannot be read
    /// or is empty.
    pub fn add_file(&mut self, dir: Option<&CStr>, file: &CStr) -> i32 {
        let dir = dir.map(|d| d.to_bytes()).unwrap_or(b"");
        let full = combine_paths(dir, file.to_bytes());
        let key = stripped_name(file.to_bytes());
        if self.files.contains_key(&key) {
            return VFS_REPEATED;
        }
        // a path with an interior NUL cannot come from C strings, so this always succeeds
        let Ok(full) = std::ffi::CString::new(full) else { return VFS_FAILED };
        let data = read_disk_file(&full);
        if data.is_empty() {
            return VFS_FAILED;
        }
        let stamp = content_stamp(&data);
        if self.insert(key, data, stamp) {
            VFS_OK
        } else {
            VFS_REPEATED
        }
    }

    /// True if a buffer named `name` could not be added because the name is taken.
    pub fn has_buffer_name(&self, name: &CStr) -> bool {
        self.files.contains_key(&reduce_path(name.to_bytes()))
    }

    /// Stores a copy of `bytes` under the reduced (not stripped, case-kept) `name`.
    /// Returns 0, 2 if the name is taken, -1 if memory cannot be reserved.
    pub fn add_buffer(&mut self, name: &CStr, bytes: &[u8]) -> i32 {
        let key = reduce_path(name.to_bytes());
        if self.files.contains_key(&key) {
            return VFS_REPEATED;
        }
        let mut data = Vec::new();
        if data.try_reserve_exact(bytes.len()).is_err() {
            return VFS_FAILED;
        }
        data.extend_from_slice(bytes);
        let stamp = content_stamp(&data);
        self.insert(key, data, stamp);
        VFS_OK
    }

    /// Removes a file, trying the stripped lower-case name, then the reduced full name.
    /// Returns 0 or -1 if neither is present.
    pub fn delete_file(&mut self, name: &CStr) -> i32 {
        if self.files.remove(&stripped_name(name.to_bytes())).is_some() {
            return VFS_OK;
        }
        if self.files.remove(&reduce_path(name.to_bytes())).is_some() {
            return VFS_OK;
        }
        VFS_FAILED
    }

    /// Looks a file up the way resource opening does: stripped lower-case name first, then the
    /// reduced full name.
    pub fn get(&self, name: &CStr) -> Option<&VfsFile> {
        self.files.get(&stripped_name(name.to_bytes())).or_else(|| self.files.get(&reduce_path(name.to_bytes())))
    }
}

/// The implementation object behind an `mjVFS`, or None if it was never initialised.
///
/// An `mjVFS` that Rust code can reference keeps the invariant of the type: its `impl_` is null
/// or came from [`vfs_init`] and was not freed (the `mj_defaultVFS` / `mj_deleteVFS` contract).
pub fn vfs_impl(vfs: &mjVFS) -> Option<&Vfs> {
    // SAFETY: impl_ is null or a live Box<Vfs> from vfs_init (the mjVFS invariant above); the
    // result borrows `vfs`, so it cannot outlive the object
    unsafe { (vfs.impl_ as *const Vfs).as_ref() }
}

/// Mutable form of [`vfs_impl`].
pub fn vfs_impl_mut(vfs: &mut mjVFS) -> Option<&mut Vfs> {
    // SAFETY: as in vfs_impl; the exclusive borrow of `vfs` makes this the only reference
    unsafe { (vfs.impl_ as *mut Vfs).as_mut() }
}

/// Installs a fresh, empty implementation object in `vfs` (a previous one is not freed, as
/// upstream does not either).
pub fn vfs_init(vfs: &mut mjVFS) {
    vfs.impl_ = Box::into_raw(Box::new(Vfs::new())).cast();
}

/// Frees the implementation object of `vfs` and clears `impl_`.
pub fn vfs_free(vfs: &mut mjVFS) {
    let p = vfs.impl_ as *mut Vfs;
    if !p.is_null() {
        // SAFETY: a non-null impl_ is a live Box<Vfs> from vfs_init (the mjVFS invariant); it is
        // cleared below, so it is freed once
        drop(unsafe { Box::from_raw(p) });
    }
    vfs.impl_ = core::ptr::null_mut();
}

/// Contents of the file `name` in `vfs`, matched as when a resource is opened from the VFS
/// (stripped lower-case name first, then the reduced full name). None if `vfs` is None,
/// uninitialised, or has no such file.
pub fn vfs_find<'a>(vfs: Option<&'a mjVFS>, name: &CStr) -> Option<&'a [u8]> {
    vfs_impl(vfs?)?.get(name).map(|f| f.data.as_slice())
}

/// Content stamp of the file `name` in `vfs` (0 if the file has none), for resource timestamps.
pub fn vfs_find_stamp(vfs: Option<&mjVFS>, name: &CStr) -> Option<u64> {
    vfs_impl(vfs?)?.get(name).map(|f| f.stamp)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(s: &str) -> String {
        String::from_utf8(reduce_path(s.as_bytes())).unwrap()
    }

    #[test]
    fn reduce() {
        assert_eq!(r("a/b/../c.xml"), "a/c.xml");
        assert_eq!(r("./a\\.\\b.xml"), "a/b.xml");
        assert_eq!(r("../../a.xml"), "../../a.xml");
        assert_eq!(r("a/../../b"), "../b");
        assert_eq!(r("/abs/./x/../y"), "/abs/y");
        assert_eq!(r("C:\\dir\\..\\f.STL"), "C:\\f.STL");
        assert_eq!(r("http://host/a/../b"), "http://host/b");
        assert_eq!(r("a//b"), "a//b");
        assert_eq!(r("a/.."), "a/..");
        assert_eq!(r(""), "");
    }

    #[test]
    fn strip_and_combine() {
        assert_eq!(stripped_name(b"Dir/Sub\\MESH.Stl"), b"mesh.stl");
        assert_eq!(stripped_name(b"plain.XML"), b"plain.xml");
        assert_eq!(combine_paths(b"dir", b"f.xml"), b"dir/f.xml");
        assert_eq!(combine_paths(b"dir/", b"./f.xml"), b"dir/f.xml");
        assert_eq!(combine_paths(b"dir", b"/abs/f.xml"), b"/abs/f.xml");
        assert_eq!(combine_paths(b"", b"f.xml"), b"f.xml");
    }

    #[test]
    fn stamp() {
        assert_eq!(content_stamp(b""), 0xcbf2_9ce4_8422_2325);
        let one = (0xcbf2_9ce4_8422_2325u64 | 0x61).wrapping_mul(0x100000001b3);
        assert_eq!(content_stamp(b"a"), one);
    }

    #[test]
    fn buffers_and_lookup() {
        let mut v = Vfs::new();
        assert_eq!(v.add_buffer(c"Dir/Model.XML", b"abc"), 0);
        assert_eq!(v.add_buffer(c"Dir/./Model.XML", b"xyz"), 2);
        // buffers keep their case and directory: only the full name finds them
        assert_eq!(v.get(c"Dir/Model.XML").unwrap().data, b"abc");
        assert!(v.get(c"model.xml").is_none());
        assert!(v.get(c"dir/model.xml").is_none());
        // a lower-case plain name is found from any directory
        assert_eq!(v.add_buffer(c"mesh.stl", b""), 0);
        assert_eq!(v.get(c"some/where/MESH.STL").unwrap().data.len(), 0);
        assert_eq!(v.len(), 2);
        assert_eq!(v.delete_file(c"x/Mesh.stl"), 0);
        assert_eq!(v.delete_file(c"Dir/Model.XML"), 0);
        assert_eq!(v.delete_file(c"Dir/Model.XML"), -1);
        assert!(v.is_empty());
    }

    #[test]
    fn disk_files() {
        let dir = std::env::temp_dir().join(format!("mjrs_vfs_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("Data.BIN"), [1u8, 2, 3]).unwrap();
        std::fs::write(dir.join("empty.bin"), []).unwrap();
        let d = std::ffi::CString::new(dir.to_str().unwrap()).unwrap();
        let mut v = Vfs::new();
        assert_eq!(v.add_file(Some(&d), c"Data.BIN"), 0);
        assert_eq!(v.add_file(Some(&d), c"data.bin"), 2);
        assert_eq!(v.add_file(Some(&d), c"empty.bin"), -1);
        assert_eq!(v.add_file(Some(&d), c"missing.bin"), -1);
        assert_eq!(v.get(c"DATA.bin").unwrap().data, [1, 2, 3]);
        assert_eq!(v.get(c"data.bin").unwrap().stamp, content_stamp(&[1, 2, 3]));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
