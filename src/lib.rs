//! A Rust reimplementation of MuJoCo 3.4.0 that is a C-ABI drop-in for `libmujoco.so.3.4.0`.
//!
//! Layers (calls go down only): `capi` (extern "C" entry points) → `io` (MJB files, VFS) →
//! `model`/`data` (lifecycle of mjModel and mjData) → `runtime` (errors, allocation, callbacks)
//! → `abi` (the public C types and field tables).
#![allow(clippy::missing_safety_doc)]

pub mod abi;
pub mod runtime;
pub mod model;
pub mod io;
pub mod data;
pub mod engine;
pub mod vis;
pub mod render;
pub mod ui;
pub mod math;
pub mod xml;
pub mod spec;
pub mod compiler;
pub mod capi;
