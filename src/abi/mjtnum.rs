//! Numeric base types: `mjtNum`, `mjtByte`, `mjtSize`.
//!
//! Layouts and values reproduce upstream's `mjtnum.h` exactly; `make header` turns this
//! file into that header.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals, clippy::upper_case_acronyms)]

#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use core::ffi::{c_char, c_int, c_uint, c_void};

/// Floating-point type of every physics quantity.
pub type mjtNum = f64;
/// Byte used for boolean flags.
pub type mjtByte = u8;
/// Signed size of buffers in bytes.
pub type mjtSize = i64;
/// Smallest value allowed in a denominator.
pub const mjMINVAL: f64 = 1E-15;
