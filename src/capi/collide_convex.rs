//! C entry points for collide_convex (issue 6).

#[allow(unused_imports)]
use crate::abi::*;
