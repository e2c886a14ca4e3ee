//! `discardvisual`: the model without its purely visual parts. Materials and textures go, and
//! so do geoms that cannot collide and that nothing refers to (pairs, geom wraps of tendons,
//! sensors, tuples), and meshes used only by such geoms. Bodies that lose a geom keep the mass
//! and inertia they had with it, as explicit inertial values.
//!
//! Upstream compiles once and deletes afterwards; here the spec is reduced first, with the body
//! inertias of a first pass over the full tree, and the reduced spec is compiled as usual, which
//! numbers every remaining object as upstream's deletion does.

use std::collections::HashSet;

use crate::abi::mjtObj_::*;
use crate::abi::mjtWrap_::*;
use crate::spec::{Spec, TF_AUTO, TF_TRUE};

use super::tree::Compiled;
use super::CResult;

/// Which geoms are visual only, and the meshes something other than those geoms uses.
fn visual_geoms(spec: &Spec) -> (Vec<bool>, HashSet<&str>) {
    // geoms something refers to by name
    let mut referenced: HashSet<&str> = HashSet::new();
    let mut mesh_referenced: HashSet<&str> = HashSet::new();
    for p in &spec.pairs {
        referenced.insert(&p.geom1);
        referenced.insert(&p.geom2);
    }
    for t in &spec.tendons {
        for w in &t.path {
            if w.r#type == mjWRAP_SPHERE as i32 || w.r#type == mjWRAP_CYLINDER as i32 {
                referenced.insert(&w.target);
            }
        }
    }
    for s in &spec.sensors {
        for (t, n) in [(s.objtype, &s.objname), (s.reftype, &s.refname)] {
            if t == mjOBJ_GEOM as i32 {
                referenced.insert(n);
            } else if t == mjOBJ_MESH as i32 {
                mesh_referenced.insert(n);
            }
        }
    }
    for t in &spec.tuples {
        for (ty, n) in t.objtype.iter().zip(&t.objname) {
            if *ty == mjOBJ_GEOM as i32 {
                referenced.insert(n);
            }
        }
    }
    let visual: Vec<bool> = spec
        .geoms
        .iter()
        .map(|g| g.contype == 0 && g.conaffinity == 0 && (g.name.is_empty() || !referenced.contains(g.name.as_str())))
        .collect();
    for (g, v) in spec.geoms.iter().zip(&visual) {
        if !v && !g.meshname.is_empty() {
            mesh_referenced.insert(&g.meshname);
        }
    }
    (visual, mesh_referenced)
}

/// The `inertiafromgeom` upstream's compiler leaves in the spec (and so writes): "true"
/// becomes "auto" when a body without explicit inertial values loses a geom.
pub fn written_inertiafromgeom(spec: &Spec) -> i32 {
    let v = spec.compiler.inertiafromgeom;
    if v != TF_TRUE {
        return v;
    }
    let (visual, _) = visual_geoms(spec);
    let loses = spec.bodies.iter().any(|b| b.explicitinertial == 0 && b.geoms.iter().any(|&g| visual[g]));
    if loses {
        TF_AUTO
    } else {
        v
    }
}

/// The spec without materials, textures, visual-only geoms and the meshes only they use.
pub fn reduce(spec: &Spec) -> CResult<Spec> {
    let (visual, mesh_referenced) = visual_geoms(spec);
    // upstream clears these references in a copy the compiler restores, and then finds the
    // material's name with an index past the emptied list
    let named = |m: &str| !m.is_empty() && spec.materials.iter().any(|x| x.name == m);
    if spec.sites.iter().any(|x| named(&x.material))
        || spec.skins.iter().any(|x| named(&x.material))
        || spec.tendons.iter().any(|x| named(&x.material))
    {
        return Err(super::CompileError::model("object not found"));
    }
    let mut out = spec.clone();
    // materials and textures: all of them
    out.materials.clear();
    out.textures.clear();
    for g in out.geoms.iter_mut() {
        g.material.clear();
    }
    // upstream leaves flex material references in place; one that named a (now deleted)
    // material fails when the flex compiles
    for f in out.flexes.iter_mut() {
        if !f.material.is_empty() && spec.materials.iter().any(|m| m.name == f.material) {
            f.material = super::flex::DISCARDED_MATERIAL.into();
        }
    }

    if visual.iter().any(|&v| v) {
        // body inertias of the full tree, kept by bodies that lose geoms
        let inertias: Vec<(f64, [f64; 3], [f64; 4], [f64; 3])> = {
            let mut c = Compiled::new(&out)?;
            c.compile_meshes()?;
            c.compile_tree()?;
            c.bodies.iter().map(|b| (b.s.mass, b.s.ipos, b.s.iquat, b.s.inertia)).collect()
        };
        let from_geoms = spec.compiler.inertiafromgeom == TF_TRUE;
        let mut any = false;
        for (i, b) in spec.bodies.iter().enumerate().skip(1) {
            let loses = b.geoms.iter().any(|&g| visual[g]);
            if (loses && (b.explicitinertial == 0)) || ((b.explicitinertial != 0) && from_geoms) {
                let ob = &mut out.bodies[i];
                ob.explicitinertial = 1;
                (ob.mass, ob.ipos, ob.iquat, ob.inertia) = inertias[i];
                ob.ialt.set(crate::spec::Orientation::Quat);
                ob.fullinertia[0] = crate::spec::UNDEF;
                any |= loses;
            }
        }
        if any && from_geoms {
            out.compiler.inertiafromgeom = TF_AUTO;
        }

        // renumber the remaining geoms
        let mut newid = vec![usize::MAX; spec.geoms.len()];
        let mut geoms = Vec::new();
        for (i, g) in out.geoms.iter().enumerate() {
            if !visual[i] {
                newid[i] = geoms.len();
                geoms.push(g.clone());
            }
        }
        out.geoms = geoms;
        for b in out.bodies.iter_mut() {
            b.geoms = b.geoms.iter().filter(|&&g| !visual[g]).map(|&g| newid[g]).collect();
        }
    }
    out.meshes.retain(|m| mesh_referenced.contains(m.name.as_str()));
    Ok(out)
}
