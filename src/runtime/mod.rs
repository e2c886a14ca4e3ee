//! Process-wide machinery shared by every layer: error and warning reporting, the user-replaceable
//! allocator, and the exported callback globals.
//!
//! Error handlers may leave by `longjmp` (the Python bindings do): functions on the path from an
//! entry point to [`error::raise`] keep nothing that needs a destructor.

pub mod alloc;
pub mod callbacks;
pub mod error;
pub mod strings;
pub mod text;
pub mod threadpool;
pub mod plugin;
