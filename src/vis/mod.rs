//! The abstract visualizer: turns a model and its data into an `mjvScene` (a list of geoms to
//! draw, lights, two OpenGL cameras, flex and skin meshes) without touching OpenGL, and the
//! mouse interaction around it (camera motion, perturbations, selection).
//!
//! - [`geom`] — one `mjvGeom` (initialisation, connectors, materials, labels, frames)
//! - [`scene`] — defaults of the visualizer structs, scene allocation
//! - [`camera`] — room/model transformation, camera frames and frusta, camera motion
//! - [`perturb`] — perturbations and selection
//! - [`objects`], [`decor`], [`contact`] — the geoms of each category, in upstream's order
//! - [`lights`], [`skin`] — lights, flex and skin buffers
//! - [`update`] — `mjv_addGeoms` and `mjv_updateScene`
//! - [`print`] — `mj_printScene`

pub mod camera;
pub mod catenary;
pub mod contact;
pub mod decor;
pub mod geom;
pub mod lights;
pub mod objects;
pub mod perturb;
pub mod print;
pub mod scene;
pub mod skin;
pub mod update;
