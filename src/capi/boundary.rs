//! The one boundary every export goes through.
//!
//! Each `#[no_mangle]` function of the library has [`boundary!`](crate::boundary) as its whole body. The macro runs
//! the body under `catch_unwind`, so a Rust panic anywhere below becomes an `mju_error` naming the
//! function (as upstream reports an internal error) and never unwinds into, or aborts, the C
//! caller. When the error handler returns, the export returns [`Fallback::fallback`] of its type.
//! The `exports_go_through_the_boundary` test lists the library's exports and fails on one whose
//! body does not start with `boundary!`.

use core::ffi::{c_int, c_uint};

/// The value an export returns after a panic that the error handler survived.
pub trait Fallback {
    /// Zero, null or nothing.
    fn fallback() -> Self;
}

impl Fallback for () {
    fn fallback() {}
}

macro_rules! zero_fallback {
    ($($t:ty => $v:expr),* $(,)?) => { $( impl Fallback for $t { fn fallback() -> Self { $v } } )* };
}
zero_fallback!(c_int => 0, c_uint => 0, u8 => 0, i8 => 0, u64 => 0, i64 => 0, usize => 0, f32 => 0.0, f64 => 0.0);

impl<T> Fallback for *const T {
    fn fallback() -> Self {
        core::ptr::null()
    }
}

impl<T> Fallback for *mut T {
    fn fallback() -> Self {
        core::ptr::null_mut()
    }
}

impl<T> Fallback for Option<T> {
    fn fallback() -> Self {
        None
    }
}

/// Name of the export a [`boundary!`](crate::boundary) sits in, from the type name of an item declared inside it
/// (`mujoco::capi::forward::mj_step::here` gives `mj_step`).
pub fn export_name(item_path: &'static str) -> &'static str {
    let mut parts = item_path.rsplit("::");
    parts.next();
    parts.next().unwrap_or(item_path)
}

/// Runs an export's body; a panic becomes an `mju_error` naming the export.
#[inline(always)]
pub fn run<R: Fallback>(here: &'static str, f: impl FnOnce() -> R) -> R {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(_) => {
            crate::mjerror!(export_name(here), "internal error (Rust panic); please report this as a bug");
            R::fallback()
        }
    }
}

/// The body of an export: `boundary! { ... }`. See the module documentation.
#[macro_export]
#[doc(hidden)]
macro_rules! boundary {
    ($($body:tt)*) => {{
        fn here() {}
        $crate::capi::boundary::run(core::any::type_name_of_val(&here), || {
            #[allow(unused_unsafe)]
            // SAFETY: an export's pointer arguments are valid as upstream's API documents them
            // for this function (the C caller's side of the contract); the body checks what
            // upstream checks (NULL where upstream allows it, sizes, ids).
            unsafe { $($body)* }
        })
    }};
}

/// Structs returned by value: all fields zero.
macro_rules! zeroed_fallback {
    ($($t:ty),*) => { $( impl Fallback for $t {
        fn fallback() -> Self {
            // SAFETY: a plain C struct of numbers, for which all bits zero is a valid value
            unsafe { core::mem::zeroed() }
        }
    } )* };
}
zeroed_fallback!(
    crate::abi::mjvGLCamera,
    crate::abi::mjrRect,
    crate::abi::mjuiThemeSpacing,
    crate::abi::mjuiThemeColor
);

#[cfg(test)]
mod tests {
    use core::ffi::{c_char, c_int, CStr};
    use std::cell::RefCell;

    thread_local! {
        static LAST: RefCell<String> = const { RefCell::new(String::new()) };
    }

    unsafe extern "C" fn record(msg: *const c_char) {
        // SAFETY: the error path passes a NUL-terminated message
        let text = unsafe { CStr::from_ptr(msg) }.to_string_lossy().into_owned();
        LAST.with(|l| *l.borrow_mut() = text);
    }

    #[allow(non_snake_case)]
    fn mj_panicsForTest(n: c_int) -> c_int {
        crate::boundary! {
            let v: Vec<c_int> = Vec::new();
            v[n as usize]
        }
    }

    #[test]
    fn a_panic_becomes_an_error_naming_the_export() {
        let before = crate::runtime::error::tls_error();
        crate::runtime::error::set_tls_error(Some(record));
        let r = mj_panicsForTest(3);
        crate::runtime::error::set_tls_error(before);
        assert_eq!(r, 0);
        let msg = LAST.with(|l| l.borrow().clone());
        assert_eq!(msg, "mj_panicsForTest: internal error (Rust panic); please report this as a bug");
    }

    #[test]
    fn export_names_come_from_the_item_path() {
        assert_eq!(super::export_name("mujoco::capi::forward::mj_step::here"), "mj_step");
        assert_eq!(super::export_name("here"), "here");
    }
}
