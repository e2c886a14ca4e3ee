//! The simulation pipeline, one module per stage (computation chapter).

pub mod sleep;
