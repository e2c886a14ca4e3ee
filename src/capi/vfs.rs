//! Virtual file system entry points (logic in `io::vfs`).

use core::ffi::{c_char, c_int, c_void, CStr};

use crate::abi::mjVFS;
use crate::io::vfs::{self, VFS_FAILED};

/// Initialize an empty VFS; release it with mj_deleteVFS.
#[no_mangle]
pub unsafe extern "C" fn mj_defaultVFS(vfs: *mut mjVFS) {
    crate::boundary! {
        // SAFETY: the caller passes null or a writable mjVFS (mj_defaultVFS contract)
        let Some(vfs) = (unsafe { vfs.as_mut() }) else { return };
        vfs::vfs_init(vfs)
    }
}

/// Read a file from disk into the VFS; return 0 ok, 2 name already present, -1 unreadable.
#[no_mangle]
pub unsafe extern "C" fn mj_addFileVFS(vfs: *mut mjVFS, directory: *const c_char, filename: *const c_char) -> c_int {
    crate::boundary! {
        // SAFETY: the caller passes null or an mjVFS set up by mj_defaultVFS (mj_*VFS contract)
        let Some(v) = (unsafe { vfs.as_mut() }).and_then(vfs::vfs_impl_mut) else { return VFS_FAILED };
        if filename.is_null() {
            return VFS_FAILED;
        }
        let dir = if directory.is_null() { None } else { Some(CStr::from_ptr(directory)) };
        v.add_file(dir, CStr::from_ptr(filename))
    }
}

/// Copy a memory buffer into the VFS as a file; return 0 ok, 2 name already present, -1 failure.
#[no_mangle]
pub unsafe extern "C" fn mj_addBufferVFS(
    vfs: *mut mjVFS,
    name: *const c_char,
    buffer: *const c_void,
    nbuffer: c_int,
) -> c_int {
    crate::boundary! {
        // SAFETY: the caller passes null or an mjVFS set up by mj_defaultVFS (mj_*VFS contract)
        let Some(v) = (unsafe { vfs.as_mut() }).and_then(vfs::vfs_impl_mut) else { return VFS_FAILED };
        if name.is_null() {
            return VFS_FAILED;
        }
        let name = CStr::from_ptr(name);
        // the name check comes first, as upstream's does
        if v.has_buffer_name(name) {
            return vfs::VFS_REPEATED;
        }
        if nbuffer < 0 || (buffer.is_null() && nbuffer > 0) {
            return VFS_FAILED;
        }
        let bytes: &[u8] = if nbuffer == 0 {
            &[]
        } else {
            core::slice::from_raw_parts(buffer as *const u8, nbuffer as usize)
        };
        v.add_buffer(name, bytes)
    }
}

/// Remove a file from the VFS; return 0 ok, -1 not found.
#[no_mangle]
pub unsafe extern "C" fn mj_deleteFileVFS(vfs: *mut mjVFS, filename: *const c_char) -> c_int {
    crate::boundary! {
        // SAFETY: the caller passes null or an mjVFS set up by mj_defaultVFS (mj_*VFS contract)
        let Some(v) = (unsafe { vfs.as_mut() }).and_then(vfs::vfs_impl_mut) else { return VFS_FAILED };
        if filename.is_null() {
            return VFS_FAILED;
        }
        v.delete_file(CStr::from_ptr(filename))
    }
}

/// Remove all files from the VFS and free its internal memory.
#[no_mangle]
pub unsafe extern "C" fn mj_deleteVFS(vfs: *mut mjVFS) {
    crate::boundary! {
        // SAFETY: the caller passes null or an mjVFS set up by mj_defaultVFS (mj_deleteVFS contract)
        let Some(vfs) = (unsafe { vfs.as_mut() }) else { return };
        vfs::vfs_free(vfs)
    }
}
