//! Errors of the Rust API.

use core::fmt;

/// An error from loading, compiling or simulating, with upstream's message text (for example
/// `"XML Error: Schema violation: unrecognized element\nElement 'bdy', line 1\n"`, or
/// `"mj_stackAlloc: out of memory, stack overflow ..."` raised during a step).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    message: String,
}

impl Error {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        Error { message: message.into() }
    }

    /// The message, as upstream's library would report it.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message.trim_end())
    }
}

impl std::error::Error for Error {}

/// The result type of the Rust API.
pub type Result<T, E = Error> = core::result::Result<T, E>;

/// Runs `f` with engine errors caught: an `mju_error` raised inside returns `Err` with its
/// message (it never `longjmp`s through Rust frames or exits the process).
pub(crate) fn catching<R>(f: impl FnOnce() -> R) -> Result<R> {
    crate::runtime::error::catch_errors(f).map_err(Error::new)
}
