//! The Rust API: safe types over the same engine the C API runs. See the crate documentation.

pub mod data;
pub mod error;
pub mod ids;
pub mod model;
#[cfg(feature = "render")]
pub mod render;
pub mod rollout;
pub mod spec;
