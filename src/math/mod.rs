//! The numerical core (the `mju_` library): dense vectors and matrices, rotations and poses,
//! decompositions and solvers, sparse matrices, ray casting against primitives, and small
//! utilities. The engine calls these functions directly; `capi` exports them.
