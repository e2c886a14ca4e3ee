//! mjData lifecycle: allocation, the stack and arena, reset, and the state vector.

pub mod make;
pub mod reset;
pub mod stack;
pub mod state;
