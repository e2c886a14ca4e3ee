//! C entry points of the tendon stage(s) (logic in `engine`).

#[allow(unused_imports)]
use crate::abi::*;
