//! Model compiler: a `Spec` becomes an `mjModel`.
//!
//! Steps, in upstream's order: compile frames and the kinematic tree body by body (orientations,
//! geom sizes and inertias, body inertia from geoms, joints), compile the other objects
//! (actuators, sensors), count sizes, allocate the model and copy everything in, build the
//! sparse structures, then evaluate the reference configuration with the engine
//! (`set_const`) to fill the derived quantities.

pub mod bvh;
pub mod cache;
mod discard;
pub mod flex;
mod fuse;
pub mod select;
pub mod mesh;
pub mod tree;

mod fill;
pub(crate) mod model_mut;
pub mod image;
pub mod lengthrange;
pub mod objects;
pub mod plugin;
mod sensors;
mod texture;
mod sparse;
pub mod signature;

use crate::abi::*;
use crate::spec::Spec;

/// A compile error with upstream's text layout.
#[derive(Debug, Clone)]
pub struct CompileError(pub String);

impl CompileError {
    /// Error about one element: message, then name, id and source line.
    pub fn elem(msg: &str, name: &str, id: i64, info: &crate::spec::Info) -> Self {
        if !info.text.is_empty() {
            CompileError(format!("Error: {}\nElement name '{}', id {}, {}", msg, name, id, info.text))
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
    compile_kept(spec).map(|(m, _)| m)
}

/// Compiles `spec`; with `discardvisual` or `fusestatic`, also returns the spec as upstream's
/// compiler leaves it (visual elements discarded, static bodies fused), which is what
/// upstream's MJCF writer saves.
pub fn compile_kept(spec: &Spec) -> CResult<(*mut mjModel, Option<Spec>)> {
    if spec.compiler.discardvisual != 0 {
        let reduced = discard::reduce(spec)?;
        let (m, fused) = compile_spec(&reduced)?;
        let mut tree = match fused {
            Some(f) => f.tree(&reduced),
            None => {
                let mut t = reduced;
                t.assign_ids();
                t
            }
        };
        tree.compiler.inertiafromgeom = discard::written_inertiafromgeom(spec);
        tree.compiled = None;
        return Ok((m, Some(tree)));
    }
    let (m, fused) = compile_spec(spec)?;
    Ok((m, fused.map(|f| f.tree(spec))))
}

fn compile_spec(spec: &Spec) -> CResult<(*mut mjModel, Option<fuse::Fused>)> {
    let mut c = tree::Compiled::new(spec)?;
    c.compile_meshes()?;
    c.compile_tree()?;
    let mut fused = None;
    if spec.compiler.fusestatic != 0 {
        fused = c.fuse_static()?;
    }
    c.compile_tree_plugins()?;
    c.compile_assets()?;
    c.compile_constraints().and_then(|_| c.compile_objects()).and_then(|_| c.compile_custom())?;
    c.compile_plugins()?;
    let m = fill::make(&mut c)?;
    if !m.is_null() {
        // SAFETY: fill::make returned a valid model
        unsafe { (*m).signature = signature::signature(&*m) };
    }
    Ok((m, fused))
}

/// Compiles a spec the way `mj_compile` does: bodies sorted, file assets named and elements
/// numbered first (a failed compile keeps both), the spec's error set or cleared, and after a
/// success the spec takes the model's signature, its geom wraps the compiled types, and the
/// compiled state `mj_saveXML` writes. Null when compiling failed (the reason is the spec's
/// error).
pub fn compile_edited(sp: &mut Spec, vfs: Option<&crate::abi::mjVFS>) -> *mut mjModel {
    if sp.attached_by_ref {
        sp.set_error("Error: cannot compile child spec if attached by reference to a parent spec", false);
        return core::ptr::null_mut();
    }
    sp.sort_bodies();
    let user = sp.before_compile();
    match image::with_vfs(vfs.and_then(crate::io::vfs::vfs_impl), || compile_kept(sp)) {
        Ok((m, tree)) => {
            sp.clear_error();
            // SAFETY: the compiler returned null or a valid model, owned by the caller
            if let Some(model) = unsafe { m.as_ref() } {
                sp.after_compile(model, &user);
                // as upstream, the spec carries the signature of its last compiled model (the
                // Python bindings' `bind` compares the two)
                // SAFETY: the spec's element record is its own, linked by `adopt`
                if let Some(el) = unsafe { sp.c.element.as_mut() } {
                    el.signature = model.signature;
                }
                set_geom_wrap_types(sp, model);
                sp.compiled = crate::spec::compiled::Snapshot::new(sp, model, tree);
            } else {
                sp.compiled = None;
            }
            m
        }
        Err(e) => {
            sp.set_error(&e.0, false);
            sp.compiled = None;
            core::ptr::null_mut()
        }
    }
}

/// As upstream's compiler, sets the type of each geom wrap in the spec to the one compiled
/// (sphere or cylinder, from the geom's type).
fn set_geom_wrap_types(sp: &mut Spec, m: &mjModel) {
    use crate::abi::mjtWrap_::{mjWRAP_CYLINDER, mjWRAP_SPHERE};
    if m.ntendon as usize != sp.tendons.len() || m.wrap_type.is_null() || m.tendon_adr.is_null() {
        return;
    }
    for (i, t) in sp.tendons.iter_mut().enumerate() {
        // SAFETY: a compiled model's tendon arrays have ntendon entries, its wrap arrays nwrap
        let (adr, num) = unsafe { (*m.tendon_adr.add(i), *m.tendon_num.add(i)) };
        if num as usize != t.path.len() || adr < 0 || adr + num > m.nwrap {
            continue;
        }
        for (k, w) in t.path.iter_mut().enumerate() {
            // SAFETY: as above, adr + k < nwrap
            let wt = unsafe { *m.wrap_type.add(adr as usize + k) };
            let geom = |x: i32| x == mjWRAP_SPHERE as i32 || x == mjWRAP_CYLINDER as i32;
            if geom(w.r#type) && geom(wt) {
                w.r#type = wt;
            }
        }
    }
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
        let m = load(
            r#"<mujoco><worldbody><body pos="0 0 1"><freejoint/>
            <geom type="sphere" size="0.1" density="1000"/></body></worldbody></mujoco>"#,
        )
        .unwrap();
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        let mm = unsafe { &*m };
        assert_eq!((mm.nbody, mm.nq, mm.nv, mm.ngeom), (2, 7, 6, 1));
        let mass = 1000.0 * 4.0 / 3.0 * crate::abi::mjPI * 0.001;
        assert!((mm.body_mass()[1] - mass).abs() < 1e-12);
        assert_eq!(&mm.qpos0()[..3], &[0.0, 0.0, 1.0]);
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        crate::model::alloc::delete_model(unsafe { crate::runtime::alloc::CBox::from_raw(m) }.unwrap());
    }

    #[test]
    fn hfield_rows_flipped_and_scaled() {
        // elevations are written top row first and stored bottom row first, scaled to [0, 1]
        let m = load(
            r#"<mujoco><asset><hfield name="h" nrow="2" ncol="3" size="2 1 0.5 0.25"
            elevation="1 2 3  5 -3 1"/></asset>
            <worldbody><geom type="hfield" hfield="h"/></worldbody></mujoco>"#,
        )
        .unwrap();
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        let mm = unsafe { &*m };
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        let data = unsafe { core::slice::from_raw_parts(mm.hfield_data, 6) };
        let expect: Vec<f32> = [5.0f32, -3.0, 1.0, 1.0, 2.0, 3.0].iter().map(|v| (v + 3.0) / 8.0).collect();
        assert_eq!(data, &expect[..]);
        assert_eq!((mm.nhfield, mm.hfield_nrow()[0], mm.hfield_ncol()[0]), (1, 2, 3));
        assert_eq!(mm.geom_dataid()[0], 0);
        // geom size: x, y, then a quarter of the top plus half the bottom
        assert_eq!(&mm.geom_size()[..3], &[2.0, 1.0, 0.25 * 0.5 + 0.5 * 0.25]);
        assert_eq!(mm.geom_rbound()[0], (4.0f64 + 1.0 + 0.25).sqrt());
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        crate::model::alloc::delete_model(unsafe { crate::runtime::alloc::CBox::from_raw(m) }.unwrap());

        let e = load(r#"<mujoco><asset><hfield name="h" size="1 1 1 1"/></asset></mujoco>"#).unwrap_err();
        assert!(e.starts_with("Error: hfield not specified\nElement name 'h', id 0"), "{e}");
        let e = load(
            r#"<mujoco><asset><hfield name="h" nrow="1" ncol="1" size="1 1 1 1"/></asset>
            <worldbody><geom type="hfield" hfield="g"/></worldbody></mujoco>"#,
        )
        .unwrap_err();
        assert!(e.starts_with("Error: hfield 'g' not found in geom 0"), "{e}");
    }

    #[test]
    fn flex_edges_shell_and_pairs() {
        let slide = r#"<joint type="slide" axis="1 0 0"/><joint type="slide" axis="0 1 0"/><joint type="slide" axis="0 0 1"/><geom size="0.01"/>"#;
        let bodies: String =
            (0..4).map(|i| format!(r#"<body name="v{i}" pos="{} {} 1">{slide}</body>"#, i % 2, i / 2)).collect();
        let m = load(&format!(
            r#"<mujoco><worldbody>{bodies}</worldbody><deformable><flex name="f" dim="2" body="v0 v1 v3 v2" element="0 1 2 0 2 3"/></deformable>
            <equality><flex flex="f"/></equality></mujoco>"#
        ))
        .unwrap();
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        let mm = unsafe { &*m };
        assert_eq!((mm.nflex, mm.nflexvert, mm.nflexedge, mm.nflexelem), (1, 4, 5, 2));
        // edges in order of first appearance, each (min, max)
        assert_eq!(mm.flex_edge(), &[1, 2, 0, 2, 0, 1, 2, 3, 0, 3]);
        assert_eq!(mm.flex_elemedge(), &[0, 1, 2, 3, 4, 1]);
        // four boundary edges; the shared edge gives one element-vertex pair per side
        assert_eq!((mm.flex_shellnum()[0], mm.nflexevpair), (4, 2));
        assert_eq!(mm.flex_evpair(), &[1, 1, 0, 3]);
        assert_eq!((mm.flex_rigid()[0], mm.flex_centered()[0], mm.flex_edgeequality()[0]), (0, 1, 1));
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        crate::model::alloc::delete_model(unsafe { crate::runtime::alloc::CBox::from_raw(m) }.unwrap());
    }

    #[test]
    fn repeated_names_reported_at_the_element() {
        let e = load("<mujoco><worldbody>\n<body name=\"b\"/>\n<body name=\"b\"/></worldbody></mujoco>").unwrap_err();
        assert!(e.contains("Error: repeated name 'b' in body") && e.contains("Element 'body', line 3"), "{e}");
        let e = load("<mujoco><worldbody><body name=\"world\"/></worldbody></mujoco>").unwrap_err();
        assert!(e.contains("repeated name 'world' in body"), "{e}");
        // the same name in different object types is fine
        let m = load("<mujoco><worldbody><body name=\"x\"><geom name=\"x\" size=\"1\"/><site name=\"x\"/></body></worldbody></mujoco>").unwrap();
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        crate::model::alloc::delete_model(unsafe { crate::runtime::alloc::CBox::from_raw(m) }.unwrap());
    }

    #[test]
    fn errors_name_element_and_line() {
        let e = load("<mujoco>\n<worldbody>\n<geom typo=\"1\"/>\n</worldbody></mujoco>").unwrap_err();
        assert!(e.contains("unrecognized attribute: 'typo'") && e.contains("Element 'geom', line 3"), "{e}");
        let e = load("<mujoco><worldbody><body><joint/></body></worldbody></mujoco>").unwrap_err();
        assert!(e.contains("mass and inertia of moving bodies"), "{e}");
    }
}
