//! `fusestatic`: bodies without joints (not mocap) merge into their parent after the tree is
//! compiled. Their geoms and sites move to the parent (frames changed), their children become
//! the parent's, their mass and inertia add to the parent's (unless the parent is the world),
//! and every body, joint, geom and site is renumbered in tree order, as upstream does.
//!
//! A named body stays when another element refers to it by name. Upstream also fuses bodies
//! holding cameras or lights, and then crashes; such bodies are kept here.

use std::collections::HashMap;

use crate::abi::mjtObj_::{self, *};
use crate::abi::mjtSensor_::*;
use crate::abi::mjtTrn_::*;

use super::tree::Compiled;
use super::{CResult, CompileError};
use crate::spec::util::*;
use crate::spec::{Body, Owned, Spec};

/// The elements of `v` in `order` (old indices).
fn reorder<T>(v: &mut Vec<T>, order: &[usize]) -> Vec<T> {
    let mut old: Vec<Option<T>> = std::mem::take(v).into_iter().map(Some).collect();
    order.iter().map(|&o| old[o].take().unwrap()).collect()
}

/// pose of a child given in the frame (pos, quat): moved into the frame's parent
fn change_frame(cpos: &mut [f64; 3], cquat: &mut [f64; 4], pos: &[f64; 3], quat: &[f64; 4]) {
    let (mut p, mut q) = (*pos, *quat);
    frameaccum(&mut p, &mut q, cpos, cquat);
    *cpos = p;
    *cquat = q;
}

/// Joint, geom and site indices by name from before fusing. Upstream renumbers these lists when
/// it fuses but keeps its name maps, so an element compiled afterwards that names a joint, geom
/// or site gets the one now at the old index.
pub struct PrefuseIds {
    pub joints: HashMap<String, usize>,
    pub geoms: HashMap<String, usize>,
    pub sites: HashMap<String, usize>,
}

impl PrefuseIds {
    /// The map for joints, geoms or sites (None for another type).
    pub fn of(&self, objtype: mjtObj_) -> Option<&HashMap<String, usize>> {
        match objtype {
            mjOBJ_JOINT => Some(&self.joints),
            mjOBJ_GEOM => Some(&self.geoms),
            mjOBJ_SITE => Some(&self.sites),
            _ => None,
        }
    }
}

/// Index of the first element with each name, and "" for the last unnamed one (the shape of
/// upstream's id maps, see `objects::ids`).
fn first_index<'a>(names: impl Iterator<Item = &'a str>) -> HashMap<String, usize> {
    let mut h = HashMap::new();
    for (i, n) in names.enumerate() {
        if n.is_empty() {
            h.insert(String::new(), i);
        } else {
            h.entry(n.to_string()).or_insert(i);
        }
    }
    h
}

impl Compiled<'_> {
    /// Body names that other elements look up when upstream re-resolves references.
    fn body_names_referenced(&self) -> Vec<String> {
        let spec = self.spec;
        let body_type = |t: i32| t == mjOBJ_BODY as i32 || t == mjOBJ_XBODY as i32;
        let mut v: Vec<String> = Vec::new();
        v.extend(self.cameras.iter().filter(|c| !c.s.targetbody.is_empty()).map(|c| c.s.targetbody.to_string()));
        v.extend(self.lights.iter().filter(|l| !l.s.targetbody.is_empty()).map(|l| l.s.targetbody.to_string()));
        v.extend(spec.skins.iter().flat_map(|k| k.bodyname.iter().map(|b| b.to_string())));
        v.extend(spec.excludes.iter().flat_map(|x| [x.body1.to_string(), x.body2.to_string()]));
        v.extend(
            spec.equalities
                .iter()
                .filter(|q| body_type(q.objtype))
                .flat_map(|q| [q.name1.to_string(), q.name2.to_string()])
                .filter(|n| !n.is_empty()),
        );
        v.extend(self.actuators.iter().filter(|a| a.s.trntype == mjTRN_BODY as i32).map(|a| a.s.target.to_string()));
        for x in &self.sensors {
            if body_type(x.s.objtype) {
                v.push(x.s.objname.to_string());
            }
            if body_type(x.s.reftype) {
                v.push(x.s.refname.to_string());
            }
        }
        for t in &spec.tuples {
            for (&ty, n) in t.objtype.iter().zip(&t.objname) {
                if body_type(ty) {
                    v.push(n.to_string());
                }
            }
        }
        v
    }

    /// Whether a force or torque sensor sits on a site of body `id`.
    fn body_has_force_sensor(&self, id: usize) -> bool {
        self.sensors.iter().any(|s| {
            (s.s.r#type == mjSENS_FORCE as i32 || s.s.r#type == mjSENS_TORQUE as i32)
                && s.s.objtype == mjOBJ_SITE as i32
                && self.sites.iter().any(|x| x.s.name == s.s.objname && x.s.body == id)
        })
    }

    /// Adds body `child`'s mass and inertia (its inertial frame moved by its pose) to `parent`'s.
    fn accumulate_inertia(&mut self, parent: usize, child: usize) -> CResult<()> {
        let o = self.bodies[child].s.clone();
        let (mut oipos, mut oiquat) = (o.ipos, o.iquat);
        frameaccum(&mut oipos, &mut oiquat, &o.pos, &o.quat);
        let r = &mut self.bodies[parent].s;
        let mass = [r.mass, o.mass];
        let inertia = [r.inertia, o.inertia];
        let ipos = [r.ipos, oipos];
        // upstream pairs the moved position with the child's unmoved inertial orientation
        let iquat = [r.iquat, o.iquat];
        r.mass = 0.0;
        r.ipos = [0.0; 3];
        for j in 0..2 {
            r.mass += mass[j];
            for k in 0..3 {
                r.ipos[k] += mass[j] * ipos[j][k];
            }
        }
        if r.mass < crate::abi::mjMINVAL {
            r.mass = 0.0;
            r.inertia = [0.0; 3];
            r.ipos = [0.0; 3];
            r.iquat = [1.0, 0.0, 0.0, 0.0];
            return Ok(());
        }
        for k in 0..3 {
            r.ipos[k] /= r.mass;
        }
        let mut toti = [0.0; 6];
        for j in 0..2 {
            let dpos = [ipos[j][0] - r.ipos[0], ipos[j][1] - r.ipos[1], ipos[j][2] - r.ipos[2]];
            let a = globalinertia(&inertia[j], &iquat[j]);
            let b = offcenter(mass[j], &dpos);
            for k in 0..6 {
                toti[k] += a[k] + b[k];
            }
        }
        r.fullinertia = toti;
        match full_inertia(&toti) {
            Ok((q, inert)) => {
                r.iquat = q;
                r.inertia = inert;
                Ok(())
            }
            Err(e) => Err(CompileError::model(&format!("error '{}' in fusing static body inertias", e))),
        }
    }

    /// Fuses every static body into its parent, then renumbers the tree; returns the tree left
    /// (None when no body was fused).
    pub fn fuse_static(&mut self) -> CResult<Option<Fused>> {
        // the spec's index of each joint, geom and site, in the order `Compiled::new` took them
        let spec = self.spec;
        let flat = |f: fn(&crate::spec::Body) -> &Vec<usize>| -> Vec<usize> {
            spec.bodies.iter().flat_map(|b| f(b).iter().copied()).collect()
        };
        let (sj, sg, ss) = (flat(|b| &b.joints), flat(|b| &b.geoms), flat(|b| &b.sites));
        let n = self.bodies.len();
        let mut alive = vec![true; n];
        // upstream re-resolves every reference to a body by name without the candidate's name,
        // through a name -> index map that fusing leaves stale (an index past the shrunken list
        // fails the lookup, and so keeps the candidate)
        let refs = self.body_names_referenced();
        let mut map: HashMap<String, usize> = HashMap::new();
        for (i, b) in self.bodies.iter().enumerate() {
            if !b.s.name.is_empty() {
                map.entry(b.s.name.to_string()).or_insert(i);
            }
        }
        let mut size = n;
        let mut pos = 0usize;
        for i in 1..n {
            pos += 1;
            let name = self.bodies[i].s.name.to_string();
            if !name.is_empty() {
                map.remove(&name);
                let fails =
                    refs.iter().any(|r| map.get(r).is_none_or(|&k| k + 1 > size)) || self.body_has_force_sensor(i);
                map.entry(name.clone()).or_insert(pos);
                if fails {
                    continue;
                }
            }
            let b = &self.bodies[i];
            if !b.joints.is_empty() || (b.s.mocap != 0) || !b.cameras.is_empty() || !b.lights.is_empty() {
                continue;
            }
            let par = b.s.parent;
            if par != 0 && b.s.mass >= crate::abi::mjMINVAL {
                self.accumulate_inertia(par, i)?;
            }
            let (bpos, bquat) = (self.bodies[i].s.pos, self.bodies[i].s.quat);

            // children join the parent where the body was
            let children = std::mem::take(&mut self.bodies[i].s.bodies);
            for &ch in &children {
                let c = &mut self.bodies[ch].s;
                change_frame(&mut c.c.pos, &mut c.c.quat, &bpos, &bquat);
                c.parent = par;
            }
            let list = &mut self.bodies[par].s.bodies;
            if let Some(at) = list.iter().position(|&x| x == i) {
                list.splice(at..at + 1, children);
            }

            // geoms and sites move to the parent
            for gi in std::mem::take(&mut self.bodies[i].geoms) {
                let g = &mut self.geoms[gi].s;
                change_frame(&mut g.c.pos, &mut g.c.quat, &bpos, &bquat);
                g.body = par;
                self.bodies[par].geoms.push(gi);
            }
            for si in std::mem::take(&mut self.bodies[i].sites) {
                let s = &mut self.sites[si].s;
                change_frame(&mut s.c.pos, &mut s.c.quat, &bpos, &bquat);
                s.body = par;
                self.bodies[par].sites.push(si);
            }
            alive[i] = false;
            size -= 1;
            pos -= 1;
            if !name.is_empty() {
                map.remove(&name);
            }

            // the parent's collision masks and BVH
            self.update_collision_masks(par);
            let before = self.bodies[i].bvh.nodeid.len() + self.bodies[par].bvh.nodeid.len();
            if !self.bodies[par].geoms.is_empty() {
                self.compute_bvh(par);
            }
            self.extra_bvh += self.bodies[par].bvh.nodeid.len() as i32 - before as i32;
        }
        if alive.iter().all(|&a| a) {
            return Ok(None);
        }
        self.prefuse = Some(Box::new(PrefuseIds {
            joints: first_index(self.joints.iter().map(|x| x.s.name.as_str())),
            geoms: first_index(self.geoms.iter().map(|x| x.s.name.as_str())),
            sites: first_index(self.sites.iter().map(|x| x.s.name.as_str())),
        }));
        let (jorder, gorder, sorder) = self.renumber(&alive);
        let of = |order: &[usize], from: &[usize]| -> Vec<usize> { order.iter().map(|&o| from[o]).collect() };
        let (joints, geoms, sites) = (of(&jorder, &sj), of(&gorder, &sg), of(&sorder, &ss));
        if joints.len() != sj.len() || geoms.len() != sg.len() || sites.len() != ss.len() {
            return Err(CompileError::model("internal error: fusestatic lost an element"));
        }
        let bodies = self
            .bodies
            .iter()
            .zip((0..n).filter(|&i| alive[i]))
            .map(|(b, from)| FusedBody {
                from,
                parent: b.s.parent,
                bodies: b.s.bodies.clone(),
                joints: b.joints.iter().map(|&j| joints[j]).collect(),
                geoms: b.geoms.iter().map(|&g| geoms[g]).collect(),
                sites: b.sites.iter().map(|&x| sites[x]).collect(),
            })
            .collect();
        Ok(Some(Fused { bodies }))
    }

    /// Drops fused bodies and renumbers bodies (kept order) and joints, geoms and sites (tree
    /// order), BVH node ids included; returns the previous indices of the joints, geoms and
    /// sites in their new order.
    fn renumber(&mut self, alive: &[bool]) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
        let n = self.bodies.len();
        let mut bnew = vec![usize::MAX; n];
        let mut k = 0;
        for i in 0..n {
            if alive[i] {
                bnew[i] = k;
                k += 1;
            }
        }
        // tree order of joints, geoms and sites
        let (mut jorder, mut gorder, mut sorder) = (Vec::new(), Vec::new(), Vec::new());
        let mut stack = vec![0usize];
        while let Some(b) = stack.pop() {
            let cb = &self.bodies[b];
            jorder.extend_from_slice(&cb.joints);
            gorder.extend_from_slice(&cb.geoms);
            sorder.extend_from_slice(&cb.sites);
            stack.extend(cb.s.bodies.iter().rev());
        }
        let inverse = |order: &[usize], len: usize| {
            let mut v = vec![usize::MAX; len];
            for (new, &old) in order.iter().enumerate() {
                v[old] = new;
            }
            v
        };
        let (jnew, gnew, snew) = (
            inverse(&jorder, self.joints.len()),
            inverse(&gorder, self.geoms.len()),
            inverse(&sorder, self.sites.len()),
        );
        self.joints = reorder(&mut self.joints, &jorder);
        self.geoms = reorder(&mut self.geoms, &gorder);
        self.sites = reorder(&mut self.sites, &sorder);
        let order: Vec<usize> = (0..n).filter(|&i| alive[i]).collect();
        self.bodies = reorder(&mut self.bodies, &order);
        for j in self.joints.iter_mut() {
            j.s.body = bnew[j.s.body];
        }
        for g in self.geoms.iter_mut() {
            g.s.body = bnew[g.s.body];
        }
        for s in self.sites.iter_mut() {
            s.s.body = bnew[s.s.body];
        }
        // target bodies were resolved before fusing; a referenced body is never fused
        let target = |id: i32| if id >= 0 { bnew[id as usize] as i32 } else { id };
        for c in self.cameras.iter_mut() {
            c.s.body = bnew[c.s.body];
            c.targetbodyid = target(c.targetbodyid);
        }
        for l in self.lights.iter_mut() {
            l.s.body = bnew[l.s.body];
            l.targetbodyid = target(l.targetbodyid);
        }
        for b in self.bodies.iter_mut() {
            if b.s.parent != usize::MAX && b.s.parent < n {
                b.s.parent = bnew[b.s.parent];
            }
            for x in b.s.bodies.iter_mut() {
                *x = bnew[*x];
            }
            for x in b.joints.iter_mut() {
                *x = jnew[*x];
            }
            for x in b.geoms.iter_mut() {
                *x = gnew[*x];
            }
            for x in b.sites.iter_mut() {
                *x = snew[*x];
            }
        }
        // welds follow the new parents
        for i in 1..self.bodies.len() {
            let p = self.bodies[i].s.parent;
            self.bodies[i].weldid = if !self.bodies[i].joints.is_empty() { i as i32 } else { self.bodies[p].weldid };
        }
        for b in self.bodies.iter_mut() {
            let n = b.bvh.nodeid.len();
            for x in b.bvh_ptrs.iter_mut().flatten() {
                *x = gnew[*x];
            }
            for i in 0..n {
                b.bvh.nodeid[i] = b.bvh_ptrs.get(i).copied().flatten().map_or(-1, |g| g as i32);
            }
        }
        (jorder, gorder, sorder)
    }
}

/// A body of the fused tree: the spec body it is, its parent and children (new indices), and
/// the spec's joints, geoms and sites it holds, in model order.
pub struct FusedBody {
    from: usize,
    parent: usize,
    bodies: Vec<usize>,
    joints: Vec<usize>,
    geoms: Vec<usize>,
    sites: Vec<usize>,
}

/// The kinematic tree fusing left, in terms of the spec that was compiled.
pub struct Fused {
    bodies: Vec<FusedBody>,
}

impl Fused {
    /// `spec` with its tree as fused, as upstream's compiler leaves the spec: bodies in model
    /// order, geoms and sites of fused bodies moved to the parent (after its own), children of
    /// fused bodies in their place. Frames of fused bodies belong to no body any more, and so
    /// are the elements placed in them (upstream's writer then leaves them out).
    pub fn tree(&self, spec: &Spec) -> Spec {
        // (the clone's bodies: their plugin references point into the clone)
        let mut t = spec.clone();
        let old = std::mem::take(&mut t.bodies);
        let mut bnew = vec![usize::MAX; old.len()];
        for (k, b) in self.bodies.iter().enumerate() {
            bnew[b.from] = k;
        }
        let mut bodies = Vec::with_capacity(self.bodies.len());
        for (k, fb) in self.bodies.iter().enumerate() {
            let mut b: Body = (*old[fb.from]).clone();
            b.head.index = k;
            if k > 0 {
                b.parent = fb.parent;
            }
            b.bodies = fb.bodies.clone();
            b.joints = fb.joints.clone();
            b.geoms = fb.geoms.clone();
            b.sites = fb.sites.clone();
            for &j in &fb.joints {
                t.joints[j].body = k;
            }
            for &g in &fb.geoms {
                t.geoms[g].body = k;
            }
            for &x in &fb.sites {
                t.sites[x].body = k;
            }
            for &x in &b.cameras {
                t.cameras[x].body = k;
            }
            for &x in &b.lights {
                t.lights[x].body = k;
            }
            bodies.push(Owned::new(b));
        }
        t.bodies = bodies;
        for f in t.frames.iter_mut() {
            f.body = bnew.get(f.body).copied().unwrap_or(usize::MAX);
        }
        t.assign_ids();
        t
    }
}
