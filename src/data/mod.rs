//! mjData lifecycle: allocation, the stack and arena, reset, and the state vector.

pub mod bvh_marks;
pub mod make;
pub mod plugin;
pub mod private_block;
pub mod stack;
pub mod state;
pub mod warning;
