//! Thread pool and task types.
//!
//! Layouts and values reproduce upstream's `mjthread.h` exactly; `make header` turns this
//! file into that header.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals, clippy::upper_case_acronyms)]

#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use core::ffi::{c_char, c_int, c_uint, c_void};

pub const mjMAXTHREAD: usize = 128;
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtTaskStatus_ {
    mjTASK_NEW = 0,
    mjTASK_QUEUED = 1,
    mjTASK_COMPLETED = 2,
}
pub type mjtTaskStatus = c_int;

pub type mjfTask = Option<unsafe extern "C" fn(_: *mut c_void) -> *mut c_void>;
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjThreadPool_ {
    pub nworker: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjTask_ {
    pub func: mjfTask,
    pub args: *mut c_void,
    pub status: c_int,
}
pub type mjThreadPool = mjThreadPool_;

pub type mjTask = mjTask_;
