//! C entry points for collide_primitive (issue 6).

#[allow(unused_imports)]
use crate::abi::*;
