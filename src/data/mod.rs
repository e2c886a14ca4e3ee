//! mjData lifecycle: allocation, the stack and arena, reset, and the state vector.

pub mod state;
