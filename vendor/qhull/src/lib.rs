//! Qhull 2020.2.r (libqhull_r, vendored C sources) and the shim in `shim.c`: run Qhull on a 3D
//! point set under its setjmp error handler, then walk the triangulated hull through accessor
//! functions. The handles are opaque; Qhull's struct layouts stay on the C side.
#![no_std]

use core::ffi::{c_char, c_int};

/// A Qhull instance (`qhT`).
#[repr(C)]
pub struct Qhull {
    _opaque: [u8; 0],
}
/// A hull vertex (`vertexT`).
#[repr(C)]
pub struct Vertex {
    _opaque: [u8; 0],
}
/// A hull facet (`facetT`).
#[repr(C)]
pub struct Facet {
    _opaque: [u8; 0],
}

extern "C" {
    /// A new instance (stdin/stdout/stderr as Qhull's files, as MuJoCo sets them); null when out
    /// of memory. Free with [`qhshim_free`].
    pub fn qhshim_new() -> *mut Qhull;
    /// Runs Qhull with `options` (NUL-terminated, under 256 bytes, e.g. "qhull Qt") on `npoint`
    /// xyz triples at `points` (which must outlive the instance), then triangulates and computes
    /// vertex neighbours. 0 on success, else Qhull's exit code (message printed to stderr).
    pub fn qhshim_run(qh: *mut Qhull, options: *const c_char, points: *mut f64, npoint: c_int) -> c_int;
    /// Frees the instance and all Qhull memory.
    pub fn qhshim_free(qh: *mut Qhull);
    pub fn qhshim_num_vertices(qh: *const Qhull) -> c_int;
    pub fn qhshim_num_facets(qh: *const Qhull) -> c_int;
    /// Vertex/facet lists in Qhull's order; null past the end.
    pub fn qhshim_first_vertex(qh: *const Qhull) -> *const Vertex;
    pub fn qhshim_next_vertex(v: *const Vertex) -> *const Vertex;
    pub fn qhshim_first_facet(qh: *const Qhull) -> *const Facet;
    pub fn qhshim_next_facet(f: *const Facet) -> *const Facet;
    /// Index of the vertex's point in the input; negative for points Qhull made itself.
    pub fn qhshim_vertex_pointid(qh: *mut Qhull, v: *const Vertex) -> c_int;
    /// Facet `i` around vertex `v`; null past the last.
    pub fn qhshim_vertex_neighbor(v: *const Vertex, i: c_int) -> *const Facet;
    /// Vertex `i` of facet `f`; null past the last.
    pub fn qhshim_facet_vertex(f: *const Facet, i: c_int) -> *const Vertex;
    /// 1 when the facet is top-oriented (its first two vertices swap for outward winding).
    pub fn qhshim_facet_toporient(f: *const Facet) -> c_int;
}
