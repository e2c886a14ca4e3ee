//! Utility entry points: object-type names, text helpers, Base64, matrix printing, simulation
//! warnings, resources and the thread pool (logic in `runtime::text`, `io::resource`,
//! `runtime::threadpool` and `data::stack`).

use core::ffi::{c_char, c_int, c_void, CStr};
use core::ptr;

use crate::abi::mjtWarning_::mjNWARNING;
use crate::abi::{mjData, mjResource, mjTask, mjThreadPool, mjVFS, mjtNum};
use crate::data::stack;
use crate::io::resource;
use crate::runtime::{text, threadpool};

use super::guard;

//------------------------------------------ strings -----------------------------------------------

/// Name of an mjtObj type, such as "body" or "geom"; NULL for types that have none.
#[no_mangle]
pub extern "C" fn mju_type2Str(r#type: c_int) -> *const c_char {
    crate::boundary! {
        text::type_to_str(r#type).map_or(ptr::null(), |s| s.as_ptr())
    }
}

/// The mjtObj type named by a string; mjOBJ_UNKNOWN when the name is not recognised.
#[no_mangle]
pub unsafe extern "C" fn mju_str2Type(str: *const c_char) -> c_int {
    crate::boundary! {
        if str.is_null() {
            return 0;
        }
        text::str_to_type(CStr::from_ptr(str).to_bytes())
    }
}

/// Byte count as text with the largest exact binary suffix, K to E; thread-local buffer.
#[no_mangle]
pub extern "C" fn mju_writeNumBytes(nbytes: usize) -> *const c_char {
    crate::boundary! {
        guard("mju_writeNumBytes", ptr::null(), || text::write_num_bytes(nbytes))
    }
}

/// Text of an mjtWarning with its info value; thread-local buffer.
#[no_mangle]
pub extern "C" fn mju_warningText(warning: c_int, info: usize) -> *const c_char {
    crate::boundary! {
        guard("mju_warningText", ptr::null(), || text::warning_text(warning, info))
    }
}

/// strncpy that always NUL-terminates dst within n bytes; returns dst.
#[no_mangle]
pub unsafe extern "C" fn mju_strncpy(dst: *mut c_char, src: *const c_char, n: c_int) -> *mut c_char {
    crate::boundary! {
        if !dst.is_null() && !src.is_null() && n > 0 {
            libc::strncpy(dst, src, n as usize);
            *dst.add(n as usize - 1) = 0;
        }
        dst
    }
}

//------------------------------------------ printing ----------------------------------------------

/// Print a dense row-major matrix to stdout.
#[no_mangle]
pub unsafe extern "C" fn mju_printMat(mat: *const mjtNum, nr: c_int, nc: c_int) {
    crate::boundary! {
        text::print_mat(mat, nr, nc)
    }
}

/// Print a sparse matrix in row-compressed storage to stdout.
#[no_mangle]
pub unsafe extern "C" fn mju_printMatSparse(
    mat: *const mjtNum,
    nr: c_int,
    rownnz: *const c_int,
    rowadr: *const c_int,
    colind: *const c_int,
) {
    crate::boundary! {
        text::print_mat_sparse(mat, nr, rownnz, rowadr, colind)
    }
}

//------------------------------------------ Base64 and sizes --------------------------------------

/// Encode ndata bytes as padded Base64 plus NUL into buf; returns 4*((ndata+2)/3)+1.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_encodeBase64(buf: *mut c_char, data: *const u8, ndata: usize) -> usize {
    crate::boundary! {
        let n = text::base64_len(ndata);
        if buf.is_null() {
            return n;
        }
        let src: &[u8] = if ndata == 0 || data.is_null() { &[] } else { core::slice::from_raw_parts(data, ndata) };
        let out = core::slice::from_raw_parts_mut(buf as *mut u8, text::base64_len(src.len()));
        text::encode_base64(out, src);
        n
    }
}

/// Number of bytes a Base64 string decodes to; 0 if it is empty or not valid Base64.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_isValidBase64(s: *const c_char) -> usize {
    crate::boundary! {
        if s.is_null() {
            return 0;
        }
        text::valid_base64(CStr::from_ptr(s).to_bytes())
    }
}

/// Decode a valid Base64 string into buf; returns the number of bytes written.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_decodeBase64(buf: *mut u8, s: *const c_char) -> usize {
    crate::boundary! {
        if buf.is_null() || s.is_null() {
            return 0;
        }
        text::decode_base64_raw(buf, s)
    }
}

/// Number of values selected by a contact-sensor data specification (bits of mjtConDataField).
/// cbindgen:ignore
#[no_mangle]
pub extern "C" fn mju_condataSize(dataspec: c_int) -> c_int {
    crate::boundary! {
        text::condata_size(dataspec)
    }
}

/// Byte distance that keeps data written by different threads on separate cache lines.
/// cbindgen:ignore
#[no_mangle]
pub extern "C" fn mju_getDestructiveInterferenceSize() -> usize {
    crate::boundary! {
        text::DESTRUCTIVE_INTERFERENCE_SIZE
    }
}

//------------------------------------------ warnings ----------------------------------------------

/// Record a simulation warning in d->warning and report it the first time it occurs.
#[no_mangle]
pub unsafe extern "C" fn mj_warning(d: *mut mjData, warning: c_int, info: c_int) {
    crate::boundary! {
        match d.as_mut() {
            Some(d) => crate::data::warning::record(d, warning, info),
            None if !(0..mjNWARNING as c_int).contains(&warning) => {
                crate::mjerror!("mj_warning", "invalid warning type {}", warning)
            }
            None => {}
        }
    }
}

//------------------------------------------ resources ---------------------------------------------

/// Open a resource from the VFS (if given and holding the name), a registered provider matching its prefix, or the file system; NULL with a message in error on failure.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_openResource(
    dir: *const c_char,
    name: *const c_char,
    vfs: *const mjVFS,
    error: *mut c_char,
    nerror: usize,
) -> *mut mjResource {
    crate::boundary! {
        // SAFETY: dir and name are null or NUL-terminated, vfs null or an mjVFS from
        // mj_defaultVFS, error null or writable for nerror bytes (mju_openResource contract)
        let (dir, name, vfs) = unsafe { (dir.as_ref().map(|_| CStr::from_ptr(dir)), name.as_ref().map(|_| CStr::from_ptr(name)), vfs.as_ref()) };
        let error: &mut [c_char] = if error.is_null() {
            &mut []
        } else if nerror == 0 {
            // upstream clears the first byte even of an empty buffer
            // SAFETY: a non-null error buffer has at least its first byte (upstream's contract)
            unsafe { *error = 0 };
            &mut []
        } else {
            // SAFETY: as above, nerror writable bytes
            unsafe { core::slice::from_raw_parts_mut(error, nerror) }
        };
        guard("mju_openResource", ptr::null_mut(), || resource::open(dir, name, vfs.and_then(crate::io::vfs::vfs_impl), error))
    }
}

/// Close and free a resource; NULL is ignored.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_closeResource(resource: *mut mjResource) {
    crate::boundary! {
        guard("mju_closeResource", (), || resource::close(resource))
    }
}

/// Point *buffer at the bytes of a resource and return their number; negative on error.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_readResource(resource: *mut mjResource, buffer: *mut *const c_void) -> c_int {
    crate::boundary! {
        if buffer.is_null() {
            return -1;
        }
        // SAFETY: resource is null or open, buffer writable (mju_readResource contract)
        let Some(res) = (unsafe { resource.as_mut() }) else {
            // SAFETY: buffer is non-null and writable
            unsafe { *buffer = ptr::null() };
            return -1;
        };
        // SAFETY: buffer is non-null and writable
        let buffer = unsafe { &mut *buffer };
        guard("mju_readResource", -1, || resource::read(res, buffer))
    }
}

/// Directory part of a resource name: *dir points at the name, *ndir is the directory's length.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_getResourceDir(resource: *mut mjResource, dir: *mut *const c_char, ndir: *mut c_int) {
    crate::boundary! {
        if dir.is_null() || ndir.is_null() {
            return;
        }
        // SAFETY: resource is null or open, dir and ndir writable (mju_getResourceDir contract)
        unsafe {
            *dir = ptr::null();
            *ndir = 0;
        }
        // SAFETY: as above
        let res = unsafe { resource.as_mut() };
        guard("mju_getResourceDir", (), || {
            let (d, n) = resource::get_dir(res);
            // SAFETY: as above
            unsafe {
                *dir = d;
                *ndir = n;
            }
        })
    }
}

/// Compare a resource with an earlier timestamp: 0 unchanged, positive newer or unknown, negative older.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_isModifiedResource(resource: *const mjResource, timestamp: *const c_char) -> c_int {
    crate::boundary! {
        // SAFETY: resource is null or open, timestamp null or NUL-terminated
        // (mju_isModifiedResource contract)
        let (res, ts) = unsafe { (resource.as_ref(), timestamp.as_ref().map(|_| CStr::from_ptr(timestamp))) };
        guard("mju_isModifiedResource", 1, || resource::is_modified(res, ts))
    }
}

//------------------------------------------ thread pool -------------------------------------------

/// Create a thread pool with the given number of worker threads; at most mjMAXTHREAD run.
#[no_mangle]
pub extern "C" fn mju_threadPoolCreate(number_of_threads: usize) -> *mut mjThreadPool {
    crate::boundary! {
        guard("mju_threadPoolCreate", ptr::null_mut(), || threadpool::create(number_of_threads))
    }
}

/// Attach a thread pool to mjData and split its stack among the pool's threads.
#[no_mangle]
pub unsafe extern "C" fn mju_bindThreadPool(d: *mut mjData, thread_pool: *mut c_void) {
    crate::boundary! {
        let Some(d) = d.as_mut() else { return };
        if thread_pool.is_null() {
            return;
        }
        guard("mju_bindThreadPool", (), || stack::bind_thread_pool(d, thread_pool as *mut mjThreadPool))
    }
}

/// Queue a task, whose status must be mjTASK_NEW, for the pool's workers.
#[no_mangle]
pub unsafe extern "C" fn mju_threadPoolEnqueue(thread_pool: *mut mjThreadPool, task: *mut mjTask) {
    crate::boundary! {
        let Some(p) = threadpool::pool_impl(thread_pool) else { return };
        if task.is_null() {
            return;
        }
        guard("mju_threadPoolEnqueue", (), || threadpool::enqueue(p, task))
    }
}

/// Stop the pool's workers and free the pool.
#[no_mangle]
pub unsafe extern "C" fn mju_threadPoolDestroy(thread_pool: *mut mjThreadPool) {
    crate::boundary! {
        guard("mju_threadPoolDestroy", (), || threadpool::destroy(thread_pool))
    }
}

/// Initialize a task: no function, no arguments, status mjTASK_NEW.
#[no_mangle]
pub unsafe extern "C" fn mju_defaultTask(task: *mut mjTask) {
    crate::boundary! {
        if !task.is_null() {
            threadpool::default_task(task)
        }
    }
}

/// Wait until a queued task has completed.
#[no_mangle]
pub unsafe extern "C" fn mju_taskJoin(task: *mut mjTask) {
    crate::boundary! {
        if !task.is_null() {
            threadpool::join(task)
        }
    }
}

/// Number of worker threads running in the pool.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_threadPoolNumberOfThreads(thread_pool: *mut mjThreadPool) -> usize {
    crate::boundary! {
        threadpool::pool_impl(thread_pool).map_or(0, threadpool::number_of_threads)
    }
}

/// Worker id of the calling thread: 0 outside a pool, 1..n for a pool's workers.
/// cbindgen:ignore
#[no_mangle]
pub extern "C" fn mju_threadPoolCurrentWorkerId(_thread_pool: *mut mjThreadPool) -> usize {
    crate::boundary! {
        threadpool::current_worker_id()
    }
}

/// Take the pool's arena-allocation mutex.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_threadPoolLockAllocMutex(thread_pool: *mut mjThreadPool) {
    crate::boundary! {
        if let Some(p) = threadpool::pool_impl(thread_pool) {
            threadpool::lock_alloc(p)
        }
    }
}

/// Release the pool's arena-allocation mutex.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mju_threadPoolUnlockAllocMutex(thread_pool: *mut mjThreadPool) {
    crate::boundary! {
        if let Some(p) = threadpool::pool_impl(thread_pool) {
            threadpool::unlock_alloc(p)
        }
    }
}
