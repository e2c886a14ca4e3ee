//! The OpenGL renderer (`mjr_*`), on the fixed-function pipeline as upstream's: OpenGL entry
//! points are resolved at run time from the caller's context ([`gl`]); no libGL link.
//!
//! - [`gl`], [`glconst`] — entry-point table and enumerants
//! - [`context`] — `mjrContext` creation, resizing, aux buffers, release
//! - [`shapes`] — display lists of meshes, height fields, planes and built-in shapes
//! - [`font`] — the built-in bitmap fonts
//! - [`buffer`] — framebuffer binding, pixel read/draw, blits
//! - [`scene`] — `mjr_render`
//! - [`draw2d`] — text, overlays, rectangles, labels, figures
//! - [`util`] — float vector and matrix helpers
//! - [`egl`] — a headless OpenGL context (for the Rust API's renderer)

pub mod buffer;
pub mod context;
pub mod draw2d;
pub mod egl;
pub mod font;
pub mod gl;
pub mod glconst;
pub mod scene;
pub mod shapes;
pub mod util;
