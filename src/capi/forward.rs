//! C entry points of the forward stage(s) (logic in `engine`).

#[allow(unused_imports)]
use crate::abi::*;
