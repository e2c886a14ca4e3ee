//! C entry points of the passive stage(s) (logic in `engine`).

#[allow(unused_imports)]
use crate::abi::*;
