//! Reading files the way the MJCF loader does upstream: every file goes through a resource
//! (`crate::io::resource`: the VFS, then a registered resource provider, then the disk), and
//! file paths follow upstream's `FilePath` rules (provider schemes count as absolute prefixes).

use core::ffi::{c_char, c_int, c_void, CStr};
use core::ptr;
use std::ffi::CString;

use crate::abi::mjResource;
use crate::io::vfs::Vfs;
use crate::io::{resource, vfs};

/// C string of `s`, cut at its first NUL as C would see it.
pub fn c_string(s: &str) -> CString {
    let head = s.split('\0').next().unwrap_or("");
    CString::new(head).unwrap_or_default()
}

/// True when `s` has an absolute prefix (`/`, `c:\`, `x:/`, or a registered provider scheme).
pub fn is_abs(s: &str) -> bool {
    vfs::abs_prefix_len(s.as_bytes()) > 0
}

/// `s` reduced (`.` dropped, `dir/..` folded, separators as `/`), as `FilePath(s)`.
pub fn reduce(s: &str) -> String {
    String::from_utf8_lossy(&vfs::reduce_path(s.as_bytes())).into_owned()
}

/// `a` then `b` (b alone when absolute), reduced, as `FilePath(a) + FilePath(b)`.
pub fn join(a: &str, b: &str) -> String {
    String::from_utf8_lossy(&vfs::combine_paths(a.as_bytes(), b.as_bytes())).into_owned()
}

/// An open resource, closed when dropped.
pub struct Res {
    ptr: *mut mjResource,
}

/// Size of the error buffers upstream's loader hands to `mju_openResource`.
const NERROR: usize = 1024;

impl Res {
    /// Opens `name` (joined to `dir` unless absolute; the VFS is searched under `name`); the
    /// error is the resource layer's message.
    pub fn open(dir: &str, name: &str, vfs: Option<&Vfs>) -> Result<Res, String> {
        let (d, n) = (c_string(dir), c_string(name));
        let mut err = [0 as c_char; NERROR];
        let p = resource::open(Some(&d), Some(&n), vfs, &mut err);
        if p.is_null() {
            let msg = err.iter().take_while(|&&c| c != 0).map(|&c| c as u8).collect::<Vec<u8>>();
            return Err(String::from_utf8_lossy(&msg).into_owned());
        }
        Ok(Res { ptr: p })
    }

    /// Whether `name` opens (upstream's existence probe: no error text, closed at once).
    pub fn probe(name: &str, vfs: Option<&Vfs>) -> bool {
        let n = c_string(name);
        let p = resource::open(Some(c""), Some(&n), vfs, &mut []);
        let ok = !p.is_null();
        // SAFETY: p is null or came from open, and is not used again
        unsafe { resource::close(p) };
        ok
    }

    /// The resource's bytes: None when reading failed (negative size), else the (possibly
    /// empty) contents, valid while the resource is open.
    pub fn read(&self) -> Option<&[u8]> {
        let mut buf: *const c_void = ptr::null();
        // SAFETY: the resource is open and owned by self
        let n = resource::read(unsafe { &mut *self.ptr }, &mut buf);
        if n < 0 {
            return None;
        }
        if n == 0 || buf.is_null() {
            return Some(&[]);
        }
        // SAFETY: the provider promises `n` readable bytes at `buf` until the resource closes
        Some(unsafe { core::slice::from_raw_parts(buf as *const u8, n as usize) })
    }

    /// The directory part of the resource, as `mju_getResourceDir` reports it ("" for none).
    pub fn dir(&self) -> String {
        // SAFETY: the resource is open and owned by self
        let (d, n) = resource::get_dir(Some(unsafe { &mut *self.ptr }));
        if d.is_null() || n <= 0 {
            return String::new();
        }
        // SAFETY: the provider reports `n` bytes of the directory at `d`
        let b = unsafe { core::slice::from_raw_parts(d as *const u8, n as usize) };
        String::from_utf8_lossy(b).into_owned()
    }

    /// The resource's full name.
    pub fn name(&self) -> String {
        // SAFETY: an open resource has a NUL-terminated name
        unsafe { CStr::from_ptr((*self.ptr).name) }.to_string_lossy().into_owned()
    }

    /// The timestamp recorded when the resource was opened.
    pub fn timestamp(&self) -> CString {
        // SAFETY: the field is a fixed array of the open resource; its copy is terminated here
        let ts = unsafe { &(*self.ptr).timestamp };
        let bytes: Vec<u8> = ts.iter().take_while(|&&c| c != 0).map(|&c| c as u8).collect();
        CString::new(bytes).unwrap_or_default()
    }

    /// `mju_isModifiedResource` against an earlier timestamp: 0 when unchanged.
    pub fn modified(&self, timestamp: &CStr) -> c_int {
        // SAFETY: the resource is open and owned by self
        resource::is_modified(Some(unsafe { &*self.ptr }), Some(timestamp))
    }

    /// True when the resource came from the file system (no provider, no VFS).
    pub fn on_disk(&self) -> bool {
        // SAFETY: the resource is open
        unsafe { (*self.ptr).provider.is_null() }
    }

    /// The raw resource, for the decoder registry.
    pub fn as_ptr(&self) -> *mut mjResource {
        self.ptr
    }
}

impl Drop for Res {
    fn drop(&mut self) {
        // SAFETY: the resource came from `resource::open` and is closed only here
        unsafe { resource::close(self.ptr) };
    }
}

/// Opens `dir` + `name` and copies its whole contents; the error is upstream's open message,
/// or `read_error` when reading fails.
pub fn read_all(dir: &str, name: &str, vfs: Option<&Vfs>) -> Result<Vec<u8>, String> {
    let r = Res::open(dir, name, vfs)?;
    match r.read() {
        Some(b) => Ok(b.to_vec()),
        None => Err(format!("could not read file '{}'", r.name())),
    }
}

/// File name without folders and without its extension (upstream's default asset name).
pub fn stem_of(path: &str) -> String {
    let base = match path.rfind(['/', '\\']) {
        Some(i) => &path[i + 1..],
        None => path,
    };
    match base.rfind('.') {
        Some(i) => base[..i].to_string(),
        None => base.to_string(),
    }
}

/// File name without folders.
pub fn strip_path(path: &str) -> &str {
    match path.rfind(['/', '\\']) {
        Some(i) => &path[i + 1..],
        None => path,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_files() {
        assert_eq!(join("a/b/", "../c.xml"), "a/c.xml");
        assert_eq!(join("", "./x"), "x");
        assert_eq!(join("d", "/abs"), "/abs");
        assert!(is_abs("c:\\x") && is_abs("/x") && !is_abs("x/y"));
        assert_eq!(c_string("ab\0cd").as_bytes(), b"ab");

        let dir = std::env::temp_dir().join(format!("mjrs_xmlres_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("f.txt"), b"data").unwrap();
        let d = format!("{}/", dir.to_str().unwrap());
        let r = Res::open(&d, "f.txt", None).unwrap();
        assert_eq!(r.read(), Some(&b"data"[..]));
        assert_eq!(r.dir(), d);
        assert!(r.on_disk());
        assert_eq!(r.modified(&r.timestamp()), 0);
        drop(r);
        assert!(Res::probe(&format!("{d}f.txt"), None));
        assert!(!Res::probe(&format!("{d}none.txt"), None));
        let e = Res::open(&d, "none.txt", None).err().unwrap();
        assert_eq!(e, format!("Error opening file '{d}none.txt': No such file or directory"));
        assert_eq!(read_all(&d, "f.txt", None).unwrap(), b"data");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
