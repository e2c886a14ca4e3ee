//! C entry points of the smooth stage(s) (logic in `engine`).

#[allow(unused_imports)]
use crate::abi::*;
