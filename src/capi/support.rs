//! C entry points of the support stage(s) (logic in `engine`).

#[allow(unused_imports)]
use crate::abi::*;
