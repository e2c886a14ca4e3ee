//! MuJoCo 3.4.0's physics in pure Rust.
//!
//! This crate is a reimplementation of [MuJoCo](https://mujoco.org) 3.4.0 that gives upstream's
//! numbers: from the same state, a step gives what upstream's library gives (the project's
//! tests compare every stage with upstream's own library). It serves two kinds of users:
//!
//! - **Rust programs** use the safe API below: [`Model`], [`Data`], typed ids, [`rollout`].
//!   Nothing to link at run time, no `unsafe`.
//! - **C, C++ and Python programs** use `libmujoco.so.3.4.0`, which the same crate builds (`make`
//!   in the repository): a drop-in for upstream's library with its exact C ABI.
//!
//! # A first simulation
//!
//! ```
//! use mujoco_native::{Data, Model};
//!
//! let model = Model::from_xml_string(r#"
//!   <mujoco>
//!     <worldbody>
//!       <geom type="plane" size="1 1 .1"/>
//!       <body name="ball" pos="0 0 .5">
//!         <freejoint/>
//!         <geom type="sphere" size=".05"/>
//!       </body>
//!     </worldbody>
//!   </mujoco>"#)?;
//! let mut data = Data::new(&model)?;
//! while data.time() < 1.0 {
//!     data.step()?;
//! }
//! let ball = model.body("ball").expect("named in the model");
//! let z = data.body_xpos(ball)[2];
//! assert!((z - 0.05).abs() < 1e-2, "the ball rests on the plane: z = {z}");
//! assert!(!data.contacts().is_empty());
//! # Ok::<(), mujoco_native::Error>(())
//! ```
//!
//! # The types
//!
//! - [`Model`] is a compiled model (upstream's `mjModel`), from an MJCF or URDF file or string
//!   ([`Model::from_xml`], [`Model::from_xml_string`], with in-memory [`Assets`]), from MJB
//!   bytes ([`Model::from_mjb`]), or from a [`Spec`]. It is `Send + Sync` and cheap to clone: share it between
//!   threads.
//! - [`Data`] is the state of one simulation of a model (upstream's `mjData`): [`Data::step`],
//!   [`Data::step1`]/[`Data::step2`], [`Data::forward`], [`Data::inverse`], [`Data::reset`],
//!   [`Data::reset_to_key`]. It is `Send`: one thread at a time, as upstream requires.
//!   State and outputs are slices ([`Data::qpos`], [`Data::ctrl_mut`], [`Data::sensordata`]);
//!   [`Data::arrays`] and [`Data::arrays_mut`] reach every array of upstream's `mjData`.
//! - Ids are typed: [`Model::body`], [`Model::joint`], [`Model::actuator`], [`Model::sensor`]
//!   and friends look a name up once; [`Data::joint_qpos`], [`Data::set_ctrl`],
//!   [`Data::sensor`] use the id.
//! - Errors are [`Error`]s carrying upstream's message text. An error the engine raises during a
//!   call (upstream's `mju_error`) ends that call with `Err`; it never exits the process.
//!   Warnings are counted in the data: [`Data::warnings`].
//! - [`Spec`] builds or edits a model in code (upstream's `mjSpec`): bodies, joints, geoms,
//!   sites and motors through [`BodyEditor`] and friends, then [`Spec::compile`].
//! - [`rollout`] runs many simulations of one model on several threads, with the same result,
//!   bit for bit, as running them one by one.
//!
//! - With the cargo feature `render`, `Renderer` draws pictures of a simulation offscreen
//!   through EGL (upstream's visualizer and OpenGL renderer), as RGB pixels.
//!
//! # Working with C
//!
//! [`Model::as_ptr`] and [`Data::as_mut_ptr`] give upstream's C structs (`mjModel*`, `mjData*`)
//! to C code compiled against upstream's headers, and [`Model::from_raw`] / [`Data::from_raw`]
//! take over ones made by the C API. The raw structs themselves are in [`abi`].
//!
//! # The numbers
//!
//! The engine follows upstream's computation order exactly (no reordering, no fused
//! multiply-add), so results are bitwise those of upstream's library built the same way; see
//! the repository's `docs/STATUS.md` for what is compared and how.
#![warn(missing_docs)]
// Unsafe hygiene (issue 38): every unsafe operation, also inside an `unsafe fn`, sits in an
// explicit `unsafe {}` block, and every block and `unsafe impl` has a `// SAFETY:` comment.
#![deny(unsafe_op_in_unsafe_fn, clippy::undocumented_unsafe_blocks)]
// Lints allowed in the whole crate, and why:
// - needless_range_loop, explicit_counter_loop: loops ported from upstream keep its index
//   variables, so each line can be checked against upstream's code and the order of the
//   floating-point operations stays visibly the same.
// - too_many_arguments: functions keep upstream's parameter lists (collision routines, the
//   `mju_` library, the solvers).
// - neg_cmp_op_on_partial_ord, nonminimal_bool, manual_clamp: comparisons are written as upstream
//   writes them; the suggested forms differ on NaN (`!(a < b)` holds for NaN, `clamp` panics on
//   NaN bounds), and NaN must propagate as upstream's does.
// - type_complexity: tuples of slices handed out by the split views of mjModel and mjData.
#![allow(
    clippy::needless_range_loop,
    clippy::explicit_counter_loop,
    clippy::too_many_arguments,
    clippy::neg_cmp_op_on_partial_ord,
    clippy::nonminimal_bool,
    clippy::manual_clamp,
    clippy::type_complexity
)]

mod api;

pub use api::data::{Data, Jacobian, StateParts, Warning};
pub use api::error::{Error, Result};
pub use api::ids::{ActuatorId, BodyId, CameraId, GeomId, JointId, KeyId, SensorId, SiteId, TendonId};
pub use api::model::{Assets, Model};
#[cfg(feature = "render")]
pub use api::render::Renderer;
pub use api::rollout::rollout;
pub use api::spec::{ActuatorEditor, BodyEditor, GeomEditor, GeomShape, JointEditor, JointKind, SiteEditor, Spec};

// The layers below are the engine and the C library; they are public for the C edge and the
// project's own tests and benches, not part of the Rust API.
#[doc(hidden)]
pub mod abi;
#[doc(hidden)]
pub mod compiler;
#[doc(hidden)]
pub mod data;
#[doc(hidden)]
pub mod engine;
#[doc(hidden)]
pub mod io;
#[doc(hidden)]
pub mod math;
#[doc(hidden)]
pub mod model;
#[doc(hidden)]
pub mod render;
#[doc(hidden)]
pub mod runtime;
#[doc(hidden)]
pub mod spec;
#[doc(hidden)]
pub mod ui;
#[doc(hidden)]
pub mod vis;
#[doc(hidden)]
pub mod xml;
// The C entry points' doc comments are the header's comments, in C notation (`a[i]`), and their
// contract is upstream's API documentation (no `# Safety` sections); each runs in `boundary!`.
#[doc(hidden)]
#[allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags, clippy::missing_safety_doc)]
pub mod capi;
