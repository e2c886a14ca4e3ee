//! C entry points of the sensor stage(s) (logic in `engine`).

#[allow(unused_imports)]
use crate::abi::*;
