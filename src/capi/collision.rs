//! C entry points for collision (issue 6).

#[allow(unused_imports)]
use crate::abi::*;
