//! The C API: `extern "C"` entry points with upstream's names and prototypes.
//!
//! Each function checks its arguments, converts them, and calls into the layers below; no
//! physics lives here. `make header` turns the declarations of this folder into `mujoco.h`.

pub mod error;
pub mod defaults;
pub mod names;
pub mod state;
pub mod vfs;
