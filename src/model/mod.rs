//! mjModel lifecycle and model-wide lookups: allocation from sizes, copying, defaults, names.

pub mod defaults;
pub mod names;
pub mod validate;
pub mod alloc;
pub mod sparsity;
