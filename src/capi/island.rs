//! C entry points for island (issue 6).

#[allow(unused_imports)]
use crate::abi::*;
