//! Files and resources: the MJB binary model format and the virtual file system.

pub mod mjb;
pub mod vfs;
pub mod resource;
pub mod print;
pub mod files;
