//! C entry points for constraint (issue 6).

#[allow(unused_imports)]
use crate::abi::*;
