//! The numerical core (the `mju_` library): dense vectors and matrices, rotations and poses,
//! decompositions and solvers, sparse matrices, ray casting against primitives, and small
//! utilities. The engine calls these functions directly; `capi` exports them.
pub mod blas;
pub mod spatial;
pub mod misc;
pub mod solve;
pub mod band;
pub mod sparse;
pub mod ray;
pub mod lanes;
