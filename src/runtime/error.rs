//! `mju_error` / `mju_warning` and their handler chain (simulation chapter, "Errors and warnings").
//!
//! A message goes to the thread-local handler if one is set (the Python bindings install one),
//! else to `mju_user_error`/`mju_user_warning`, else it is appended to `MUJOCO_LOG.TXT` and
//! printed; an unhandled error then exits the process. Messages are formatted into fixed stack
//! buffers, so a handler that longjmps out loses nothing.

use core::cell::Cell;
use core::ffi::{c_char, CStr};
use core::fmt::{self, Write};

/// Signature of message handlers.
/// cbindgen:ignore
pub type Handler = Option<unsafe extern "C" fn(*const c_char)>;

/// User error handler; called with the message when no thread-local handler is set.
#[no_mangle]
pub static mut mju_user_error: Option<unsafe extern "C" fn(*const c_char)> = None;
/// User warning handler; called with the message when no thread-local handler is set.
#[no_mangle]
pub static mut mju_user_warning: Option<unsafe extern "C" fn(*const c_char)> = None;

thread_local! {
    static TLS_ERROR: Cell<Handler> = const { Cell::new(None) };
    static TLS_WARNING: Cell<Handler> = const { Cell::new(None) };
    static CATCHING: Cell<bool> = const { Cell::new(false) };
    static CAPTURED: core::cell::RefCell<Option<Vec<String>>> = const { core::cell::RefCell::new(None) };
}

/// Runs `f` with the warnings it reports collected instead of handled; returns them in order.
pub fn capture_warnings<R>(f: impl FnOnce() -> R) -> (R, Vec<String>) {
    let outer = CAPTURED.with(|c| c.replace(Some(Vec::new())));
    let r = f();
    let got = CAPTURED.with(|c| c.replace(outer)).unwrap_or_default();
    (r, got)
}

/// An error reported through `mju_error` while [`catch_errors`] runs on this thread.
#[derive(Debug)]
pub struct Raised(pub String);

/// Runs `f`; an error it reports (any `mju_error`, before any handler sees it) ends it early
/// and comes back as `Err` with the message, and so does a Rust panic (as an internal error).
/// The error unwinds only through Rust frames of this crate to here: it never `longjmp`s and
/// never exits the process.
pub fn catch_errors<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    let outer = CATCHING.with(|c| c.replace(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(outer));
    r.map_err(|payload| match payload.downcast::<Raised>() {
        Ok(e) => e.0,
        Err(p) => {
            let what = p.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| p.downcast_ref::<String>().cloned());
            format!("internal error (Rust panic: {}); please report this as a bug", what.unwrap_or_default())
        }
    })
}

/// Size of the message buffers (upstream's, including the terminating NUL).
pub const MSG_LEN: usize = 1024;

/// Fixed-capacity, NUL-terminated message buffer that truncates like `vsnprintf`.
pub struct MsgBuf {
    buf: [u8; MSG_LEN],
    len: usize,
}

impl MsgBuf {
    pub const fn new() -> Self {
        MsgBuf { buf: [0; MSG_LEN], len: 0 }
    }
    /// Pointer to the NUL-terminated text.
    pub fn as_ptr(&self) -> *const c_char {
        self.buf.as_ptr() as *const c_char
    }
    /// The text without terminator.
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl Default for MsgBuf {
    fn default() -> Self {
        Self::new()
    }
}

impl Write for MsgBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = MSG_LEN - 1 - self.len;
        let n = s.len().min(room);
        self.buf[self.len..self.len + n].copy_from_slice(&s.as_bytes()[..n]);
        self.len += n;
        self.buf[self.len] = 0;
        Ok(())
    }
}

/// Formats a message into a stack buffer.
pub fn format(args: fmt::Arguments) -> MsgBuf {
    let mut b = MsgBuf::new();
    let _ = b.write_fmt(args);
    b
}

/// Reports an already formatted error (`mju_error_raw`). Returns only if a handler returns.
///
/// # Safety
/// `msg` must be a NUL-terminated string.
pub unsafe fn raise_raw(msg: *const c_char) {
    if CATCHING.with(|c| c.get()) {
        // SAFETY: `msg` is NUL-terminated (this function's contract)
        let text = unsafe { CStr::from_ptr(msg) }.to_string_lossy().into_owned();
        // without the panic hook: this is an error report, not a crash
        std::panic::resume_unwind(Box::new(Raised(text)));
    }
    // SAFETY: the handlers are C functions installed by the user through mju_user_error or
    // the thread-local setter, called with the NUL-terminated message as upstream does; reading
    // the global handler races only with a user who sets it while another thread raises, as
    // upstream's does
    unsafe {
        if let Some(h) = TLS_ERROR.with(|c| c.get()) {
            h(msg);
        } else if let Some(h) = mju_user_error {
            h(msg);
        } else {
            write_log(c"ERROR", msg);
            libc::printf(c"ERROR: %s\n\n".as_ptr(), msg);
            libc::exit(libc::EXIT_FAILURE);
        }
    }
}

/// Reports an error; returns only if the installed handler returns. Out of line, so that the
/// message buffer is not part of every caller's stack frame.
#[cold]
#[inline(never)]
pub fn raise(args: fmt::Arguments) {
    let b = format(args);
    // SAFETY: MsgBuf always holds a NUL-terminated string
    unsafe { raise_raw(b.as_ptr()) }
}

/// Reports an already formatted warning.
///
/// # Safety
/// `msg` must be a NUL-terminated string.
pub unsafe fn warn_raw(msg: *const c_char) {
    let captured = CAPTURED.with(|c| {
        let mut c = c.borrow_mut();
        match c.as_mut() {
            Some(v) => {
                // SAFETY: `msg` is NUL-terminated (this function's contract)
                v.push(unsafe { CStr::from_ptr(msg) }.to_string_lossy().into_owned());
                true
            }
            None => false,
        }
    });
    if captured {
        return;
    }
    // SAFETY: as in raise_raw: user-installed C handlers called with the NUL-terminated message
    unsafe {
        if let Some(h) = TLS_WARNING.with(|c| c.get()) {
            h(msg);
        } else if let Some(h) = mju_user_warning {
            h(msg);
        } else {
            write_log(c"WARNING", msg);
            libc::printf(c"WARNING: %s\n\n".as_ptr(), msg);
        }
    }
}

/// Reports a warning (out of line, as [`raise`]).
#[cold]
#[inline(never)]
pub fn warn(args: fmt::Arguments) {
    let b = format(args);
    // SAFETY: MsgBuf always holds a NUL-terminated string
    unsafe { warn_raw(b.as_ptr()) }
}

/// Appends a time-stamped entry to `MUJOCO_LOG.TXT` in the working directory (`mju_writeLog`).
///
/// # Safety
/// Both arguments must be NUL-terminated strings.
pub unsafe fn write_log(kind: &CStr, msg: *const c_char) {
    // SAFETY: libc calls on NUL-terminated literals, local out-parameters (asctime_r needs 26
    // bytes, the buffer has 64) and `msg`, NUL-terminated by contract; the FILE is closed here
    unsafe {
        let fp = libc::fopen(c"MUJOCO_LOG.TXT".as_ptr(), c"a+t".as_ptr());
        if fp.is_null() {
            return;
        }
        let mut t: libc::time_t = 0;
        libc::time(&mut t);
        let mut tm: libc::tm = core::mem::zeroed();
        libc::localtime_r(&t, &mut tm);
        let mut stamp = [0 as c_char; 64];
        libc::asctime_r(&tm, stamp.as_mut_ptr());
        libc::fprintf(fp, c"%s%s: %s\n\n".as_ptr(), stamp.as_ptr(), kind.as_ptr(), msg);
        libc::fclose(fp);
    }
}

pub fn tls_error() -> Handler {
    TLS_ERROR.with(|c| c.get())
}
pub fn set_tls_error(h: Handler) {
    TLS_ERROR.with(|c| c.set(h))
}
pub fn tls_warning() -> Handler {
    TLS_WARNING.with(|c| c.get())
}
pub fn set_tls_warning(h: Handler) {
    TLS_WARNING.with(|c| c.set(h))
}

/// Reports an error prefixed with the name of the API function, as upstream's messages are:
/// `mjerror!("mj_loadModel", "truncated file")` gives "mj_loadModel: truncated file".
#[macro_export]
macro_rules! mjerror {
    ($func:expr, $($arg:tt)*) => {
        $crate::runtime::error::raise(format_args!("{}: {}", $func, format_args!($($arg)*)))
    };
}

/// Reports a warning (no prefix).
#[macro_export]
macro_rules! mjwarning {
    ($($arg:tt)*) => {
        $crate::runtime::error::warn(format_args!($($arg)*))
    };
}
