//! Model compiler: a `Spec` becomes an `mjModel`.
//!
//! Steps, in upstream's order: compile frames and the kinematic tree body by body (orientations,
//! geom sizes and inertias, body inertia from geoms, joints), compile the other objects
//! (actuators, sensors), count sizes, allocate the model and copy everything in, build the
//! sparse structures, then evaluate the reference configuration with the engine
//! (`set_const`) to fill the derived quantities.

pub mod tree;
pub mod util;

mod fill;
pub mod image;
pub mod lengthrange;
pub mod objects;
mod sparse;

use crate::abi::*;
use crate::spec::Spec;

/// A compile error with upstream's text layout.
#[derive(Debug, Clone)]
pub struct CompileError(pub String);

impl CompileError {
    /// Error about one element: message, then name, id and source line.
    pub fn elem(msg: &str, name: &str, id: i64, line: i32) -> Self {
        if line > 0 {
            CompileError(format!("Error: {}\nElement name '{}', id {}, line {}", msg, name, id, line))
        } else {
            CompileError(format!("Error: {}\nElement name '{}', id {}", msg, name, id))
        }
    }

    /// Error about the model as a whole.
    pub fn model(msg: &str) -> Self {
        CompileError(format!("Error: {}", msg))
    }
}

pub type CResult<T> = Result<T, CompileError>;

/// Compiles `spec` into a newly allocated model (free with `mj_deleteModel`).
pub fn compile(spec: &Spec) -> CResult<*mut mjModel> {
    let mut c = tree::Compiled::new(spec)?;
    c.compile_tree()?;
    c.compile_assets()?;
    c.compile_constraints().and_then(|_| c.compile_objects()).and_then(|_| c.compile_custom())?;
    let m = fill::make(&mut c)?;
    Ok(m)
}

#[cfg(test)]
mod tests {
    use crate::xml::{parse_mjcf, Files};

    fn load(text: &str) -> Result<*mut crate::abi::mjModel, String> {
        let spec = parse_mjcf(text, "", &Files { vfs: None })?;
        super::compile(&spec).map_err(|e| e.0)
    }

    #[test]
    fn sphere_mass_and_free_joint() {
        let m = load(r#"<mujoco><worldbody><body pos="0 0 1"><freejoint/>
            <geom type="sphere" size="0.1" density="1000"/></body></worldbody></mujoco>"#)
        .unwrap();
        let mm = unsafe { &*m };
        assert_eq!((mm.nbody, mm.nq, mm.nv, mm.ngeom), (2, 7, 6, 1));
        let mass = 1000.0 * 4.0 / 3.0 * crate::abi::mjPI * 0.001;
        assert!((mm.body_mass()[1] - mass).abs() < 1e-12);
        assert_eq!(&mm.qpos0()[..3], &[0.0, 0.0, 1.0]);
        unsafe { crate::model::alloc::delete_model(m) };
    }

    #[test]
    fn errors_name_element_and_line() {
        let e = load("<mujoco>\n<worldbody>\n<geom typo=\"1\"/>\n</worldbody></mujoco>").unwrap_err();
        assert!(e.contains("unrecognized attribute: 'typo'") && e.contains("Element 'geom', line 3"), "{e}");
        let e = load("<mujoco><worldbody><body><joint/></body></worldbody></mujoco>").unwrap_err();
        assert!(e.contains("mass and inertia of moving bodies"), "{e}");
    }
}
