//! The public C types of MuJoCo 3.4.0, one Rust module per upstream header.
//!
//! Everything here is `#[repr(C)]` with upstream's field names, order and sizes; the headers in
//! `include/mujoco/` are generated from these modules (see `src/bin/mjheader.rs`). mjModel and
//! mjData are generated from the field tables in `tables.rs`, which also drive allocation,
//! copying, MJB I/O and `mjxmacro.h`.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals)]

pub mod mjtnum;
pub mod mjmodel;
pub mod mjdata;
pub mod mjvisualize;
pub mod mjrender;
pub mod mjui;
pub mod mjthread;
pub mod mjplugin;
pub mod mjspec;
pub mod ccd;
#[macro_use]
pub mod tables;
pub mod fields;

pub use fields::*;
pub use mjdata::*;
pub use mjmodel::*;
pub use mjplugin::*;
pub use mjrender::*;
pub use mjspec::*;
pub use mjthread::*;
pub use mjtnum::*;
pub use mjui::*;
pub use mjvisualize::*;
