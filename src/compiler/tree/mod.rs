//! Compilation of the kinematic tree and the objects that refer to it.

use std::collections::HashMap;

use crate::abi::mjtGeom_::*;
use crate::abi::mjtJoint_::*;
use crate::abi::mjtTrn_::*;
use crate::abi::*;
use crate::spec::*;

use super::{CResult, CompileError};
use crate::spec::util::*;

mod geom;

/// A compiled frame: its pose relative to its body.
#[derive(Clone, Debug)]
pub struct CFrame {
    pub pos: [f64; 3],
    pub quat: [f64; 4],
}

pub use super::bvh::Bvh;

#[derive(Clone, Debug)]
pub struct CBody {
    pub s: Body,
    pub weldid: i32,
    pub dofnum: i32,
    pub subtreedofs: i32,
    pub mocapid: i32,
    pub contype: i32,
    pub conaffinity: i32,
    pub margin: f64,
    pub xpos0: [f64; 3],
    pub xquat0: [f64; 4],
    pub bvh: Bvh,
    /// upstream's list of node element pointers, which a rebuilt BVH (static bodies fused in)
    /// extends instead of replacing; the model's node ids are read from its head
    pub bvh_ptrs: Vec<Option<usize>>,
    /// model ids of this body's elements, in order
    pub joints: Vec<usize>,
    pub geoms: Vec<usize>,
    pub sites: Vec<usize>,
    pub cameras: Vec<usize>,
    pub lights: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct CJoint {
    pub s: Joint,
    pub qposadr: i32,
    pub dofadr: i32,
}

impl CJoint {
    pub fn nq(&self) -> i32 {
        match self.s.r#type {
            t if t == mjJNT_FREE as i32 => 7,
            t if t == mjJNT_BALL as i32 => 4,
            _ => 1,
        }
    }
    pub fn nv(&self) -> i32 {
        match self.s.r#type {
            t if t == mjJNT_FREE as i32 => 6,
            t if t == mjJNT_BALL as i32 => 3,
            _ => 1,
        }
    }
    pub fn is_limited(&self) -> bool {
        islimited(self.s.limited, &self.s.range)
    }
    pub fn is_actfrclimited(&self) -> bool {
        islimited(self.s.actfrclimited, &self.s.actfrcrange)
    }
}

pub fn islimited(limited: i32, range: &[f64; 2]) -> bool {
    limited == TF_TRUE || (limited == TF_AUTO && range[0] < range[1])
}

#[derive(Clone, Debug)]
pub struct CGeom {
    pub s: Geom,
    pub mass: f64,
    pub inertia: [f64; 3],
    pub aabb: [f64; 6],
    pub fluid: [f64; mjNFLUID],
    pub inferinertia: bool,
    pub matid: i32,
    /// height field of an hfield geom (`geom_dataid`)
    pub hfield: Option<usize>,
    /// mesh of a mesh or SDF geom (none for a geom fitted to its mesh)
    pub mesh: Option<usize>,
    /// mesh the geom names (`geom_dataid`, also for fitted geoms)
    pub meshref: Option<usize>,
}

#[derive(Clone, Debug)]
pub struct CSite {
    pub s: Site,
    pub matid: i32,
}

#[derive(Clone, Debug)]
pub struct CCamera {
    pub s: Camera,
    pub targetbodyid: i32,
}

#[derive(Clone, Debug)]
pub struct CLight {
    pub s: Light,
    pub targetbodyid: i32,
    pub texid: i32,
}

#[derive(Clone, Debug)]
pub struct CActuator {
    pub s: Actuator,
    pub trnid: [i32; 2],
}

#[derive(Clone, Debug)]
pub struct CSensor {
    pub s: Sensor,
    pub objid: i32,
    pub refid: i32,
}

/// Everything the compiler works on, in model order.
pub struct Compiled<'a> {
    pub spec: &'a Spec,
    pub frames: Vec<CFrame>,
    pub bodies: Vec<CBody>,
    pub joints: Vec<CJoint>,
    pub geoms: Vec<CGeom>,
    pub sites: Vec<CSite>,
    pub cameras: Vec<CCamera>,
    pub lights: Vec<CLight>,
    pub actuators: Vec<CActuator>,
    pub sensors: Vec<CSensor>,
    pub nuser_body: i32,
    pub nuser_jnt: i32,
    pub nuser_geom: i32,
    pub nuser_site: i32,
    pub nuser_cam: i32,
    pub nuser_actuator: i32,
    pub nuser_sensor: i32,
    /// objects outside the tree
    pub x: super::objects::Extra,
    /// BVH nodes upstream counts in excess when it fuses static bodies (left zero at the end)
    pub extra_bvh: i32,
    /// engine plugin instances and the elements using them
    pub plugins: super::plugin::Plugins,
    /// after fusing static bodies: joint, geom and site indices by name as they were before
    /// (upstream resolves later references through these stale maps)
    pub prefuse: Option<Box<super::fuse::PrefuseIds>>,
}

fn nuser(given: i32, lens: impl Iterator<Item = usize>) -> i32 {
    if given == -1 {
        lens.max().unwrap_or(0) as i32
    } else {
        given
    }
}

fn names_map<T>(items: &[T], name: impl Fn(&T) -> &str) -> HashMap<String, usize> {
    let mut h = HashMap::new();
    for (i, x) in items.iter().enumerate() {
        let n = name(x);
        if !n.is_empty() {
            h.entry(n.to_string()).or_insert(i);
        }
    }
    h
}

/// Number of size parameters each geom type needs.
fn geom_nsize(t: i32) -> usize {
    match t {
        t if t == mjGEOM_PLANE as i32 => 3,
        t if t == mjGEOM_HFIELD as i32 => 0,
        t if t == mjGEOM_SPHERE as i32 => 1,
        t if t == mjGEOM_CAPSULE as i32 => 2,
        t if t == mjGEOM_ELLIPSOID as i32 => 3,
        t if t == mjGEOM_CYLINDER as i32 => 2,
        t if t == mjGEOM_BOX as i32 => 3,
        _ => 0,
    }
}

impl<'a> Compiled<'a> {
    /// Puts the spec's objects into model order (bodies depth first; each body's elements
    /// in order, body after body).
    pub fn new(spec: &'a Spec) -> CResult<Self> {
        if !spec.bodies[0].joints.is_empty() {
            return Err(CompileError::model("joint found in world body"));
        }
        if spec.bodies.len() + spec.flexes.len() >= 65534 {
            return Err(CompileError::model("number of bodies plus flexes must be less than 65534"));
        }
        let mut c = Compiled {
            spec,
            frames: Vec::new(),
            bodies: Vec::new(),
            joints: Vec::new(),
            geoms: Vec::new(),
            sites: Vec::new(),
            cameras: Vec::new(),
            lights: Vec::new(),
            actuators: Vec::new(),
            sensors: Vec::new(),
            nuser_body: 0,
            nuser_jnt: 0,
            nuser_geom: 0,
            nuser_site: 0,
            nuser_cam: 0,
            nuser_actuator: 0,
            nuser_sensor: 0,
            x: Default::default(),
            extra_bvh: 0,
            prefuse: None,
            plugins: super::plugin::Plugins::new(&spec.plugins),
        };
        for b in &spec.bodies {
            let mut cb = CBody {
                s: (**b).clone(),
                weldid: 0,
                dofnum: 0,
                subtreedofs: 0,
                mocapid: -1,
                contype: 0,
                conaffinity: 0,
                margin: 0.0,
                xpos0: [0.0; 3],
                xquat0: [1.0, 0.0, 0.0, 0.0],
                bvh: Bvh::default(),
                bvh_ptrs: Vec::new(),
                joints: Vec::new(),
                geoms: Vec::new(),
                sites: Vec::new(),
                cameras: Vec::new(),
                lights: Vec::new(),
            };
            for &j in &b.joints {
                cb.joints.push(c.joints.len());
                c.joints.push(CJoint { s: (*spec.joints[j]).clone(), qposadr: -1, dofadr: -1 });
            }
            for &g in &b.geoms {
                cb.geoms.push(c.geoms.len());
                c.geoms.push(CGeom {
                    s: (*spec.geoms[g]).clone(),
                    mass: 0.0,
                    inertia: [0.0; 3],
                    aabb: [0.0; 6],
                    fluid: [0.0; mjNFLUID],
                    inferinertia: true,
                    matid: -1,
                    hfield: None,
                    mesh: None,
                    meshref: None,
                });
            }
            for &x in &b.sites {
                cb.sites.push(c.sites.len());
                c.sites.push(CSite { s: (*spec.sites[x]).clone(), matid: -1 });
            }
            for &x in &b.cameras {
                cb.cameras.push(c.cameras.len());
                c.cameras.push(CCamera { s: (*spec.cameras[x]).clone(), targetbodyid: -1 });
            }
            for &x in &b.lights {
                cb.lights.push(c.lights.len());
                c.lights.push(CLight { s: (*spec.lights[x]).clone(), targetbodyid: -1, texid: -1 });
            }
            c.bodies.push(cb);
        }
        c.actuators = spec.actuators.iter().map(|a| CActuator { s: (**a).clone(), trnid: [-1, -1] }).collect();
        c.sensors = spec.sensors.iter().map(|x| CSensor { s: (**x).clone(), objid: -1, refid: -1 }).collect();
        c.nuser_body = nuser(spec.nuser_body, c.bodies.iter().map(|b| b.s.userdata.len()));
        c.nuser_jnt = nuser(spec.nuser_jnt, c.joints.iter().map(|b| b.s.userdata.len()));
        c.nuser_geom = nuser(spec.nuser_geom, c.geoms.iter().map(|b| b.s.userdata.len()));
        c.nuser_site = nuser(spec.nuser_site, c.sites.iter().map(|b| b.s.userdata.len()));
        c.nuser_cam = nuser(spec.nuser_cam, c.cameras.iter().map(|b| b.s.userdata.len()));
        c.nuser_actuator = nuser(spec.nuser_actuator, c.actuators.iter().map(|b| b.s.userdata.len()));
        c.nuser_sensor = nuser(spec.nuser_sensor, c.sensors.iter().map(|b| b.s.userdata.len()));
        super::objects::check_empty_names(spec)?;
        c.check_repeated_names()?;
        c.check_repeated_extra()?;
        let mut seen = std::collections::HashSet::new();
        for p in &spec.plugins {
            if !p.name.is_empty() && !seen.insert(p.name.as_str()) {
                return Err(CompileError::model(&format!("repeated name '{}' in plugin", p.name)));
            }
        }
        Ok(c)
    }

    fn check_repeated_names(&self) -> CResult<()> {
        fn check<'b>(names: impl Iterator<Item = (&'b str, &'b crate::spec::Info)>, what: &str) -> CResult<()> {
            // as upstream: the names sorted, the first adjacent pair reported
            let mut all: Vec<&str> = names.map(|(n, _)| n).filter(|n| !n.is_empty()).collect();
            all.sort_unstable();
            match all.windows(2).find(|w| w[0] == w[1]) {
                Some(w) => Err(CompileError::model(&format!("repeated name '{}' in {}", w[0], what))),
                None => Ok(()),
            }
        }
        check(self.bodies.iter().map(|x| (x.s.name.as_str(), &x.s.info)), "body")?;
        check(self.joints.iter().map(|x| (x.s.name.as_str(), &x.s.info)), "joint")?;
        check(self.geoms.iter().map(|x| (x.s.name.as_str(), &x.s.info)), "geom")?;
        check(self.sites.iter().map(|x| (x.s.name.as_str(), &x.s.info)), "site")?;
        check(self.cameras.iter().map(|x| (x.s.name.as_str(), &x.s.info)), "camera")?;
        check(self.lights.iter().map(|x| (x.s.name.as_str(), &x.s.info)), "light")?;
        check(self.actuators.iter().map(|x| (x.s.name.as_str(), &x.s.info)), "actuator")?;
        check(self.sensors.iter().map(|x| (x.s.name.as_str(), &x.s.info)), "sensor")?;
        Ok(())
    }

    fn degree(&self) -> bool {
        self.spec.compiler.degree != 0
    }

    fn seq(&self) -> &[u8; 3] {
        self.spec.compiler.seq()
    }

    fn frame(&self, f: Option<usize>) -> Option<&CFrame> {
        f.map(|i| &self.frames[i])
    }

    /// Compiles frames, then bodies in order (a parent before its children).
    pub fn compile_tree(&mut self) -> CResult<()> {
        // a frame after its parent frame (which may come later in the list)
        let n = self.spec.frames.len();
        let mut done: Vec<Option<CFrame>> = vec![None; n];
        for top in 0..n {
            let mut chain = vec![top];
            while let Some(p) = self.spec.frames[*chain.last().unwrap_or(&top)].parent {
                if done[p].is_some() || chain.len() > n {
                    break;
                }
                chain.push(p);
            }
            for &i in chain.iter().rev() {
                if done[i].is_some() {
                    continue;
                }
                let f = &self.spec.frames[i];
                let mut quat = f.quat;
                let mut pos = f.pos;
                resolve_orientation(&mut quat, self.degree(), self.seq(), &f.alt).map_err(|e| {
                    CompileError::elem(
                        &format!("orientation specification error '{}' in site {}", e, i),
                        &f.name,
                        i as i64,
                        &f.info,
                    )
                })?;
                if let Some(pf) = f.parent.and_then(|p| done.get(p).cloned().flatten()) {
                    frameaccum_child(&pf.pos, &pf.quat, &mut pos, &mut quat);
                }
                normvec(&mut quat);
                done[i] = Some(CFrame { pos, quat });
            }
        }
        self.frames.extend(done.into_iter().flatten());
        for i in 0..self.bodies.len() {
            self.compile_body(i)?;
        }
        Ok(())
    }

    fn body_err(&self, i: usize, msg: &str) -> CompileError {
        let b = &self.bodies[i].s;
        CompileError::elem(msg, &b.name, i as i64, &b.info)
    }

    fn compile_body(&mut self, id: usize) -> CResult<()> {
        let comp = self.spec.compiler;
        if self.bodies[id].s.userdata.len() > self.nuser_body as usize {
            return Err(self.body_err(id, "user has more values than nuser_body in body"));
        }
        {
            let b = &mut self.bodies[id].s;
            normvec(&mut b.quat);
            normvec(&mut b.iquat);
        }
        // children inherit this body's weld unless they have joints
        let children = self.bodies[id].s.bodies.clone();
        let weldid = self.bodies[id].weldid;
        for &ch in &children {
            self.bodies[ch].weldid = if !self.bodies[ch].s.joints.is_empty() { ch as i32 } else { weldid };
        }
        {
            let (deg, seq) = (self.degree(), *self.seq());
            let b = &mut self.bodies[id].s;
            let alt = b.alt;
            if let Err(e) = resolve_orientation(&mut b.quat, deg, &seq, &alt) {
                return Err(self.body_err(id, &format!("error '{}' in frame alternative", e)));
            }
        }
        let (fi_def, ialt_quat) = {
            let b = &self.bodies[id].s;
            (defined(b.fullinertia[0]), matches!(b.ialt.get(), Orientation::Quat))
        };
        if fi_def && !ialt_quat {
            return Err(self.body_err(id, "fullinertia and inertial orientation cannot both be specified"));
        }
        {
            let b = &self.bodies[id].s;
            if fi_def && (b.inertia[0] != 0.0 || b.inertia[1] != 0.0 || b.inertia[2] != 0.0) {
                return Err(self.body_err(id, "fullinertia and diagonal inertia cannot both be specified"));
            }
        }
        if fi_def {
            let full = self.bodies[id].s.fullinertia;
            match full_inertia(&full) {
                Ok((q, inert)) => {
                    let b = &mut self.bodies[id].s;
                    b.iquat = q;
                    b.inertia = inert;
                }
                Err(e) => return Err(self.body_err(id, &format!("error '{}' in fullinertia", e))),
            }
        }
        {
            let (deg, seq) = (self.degree(), *self.seq());
            let b = &mut self.bodies[id].s;
            let ialt = b.ialt;
            if let Err(e) = resolve_orientation(&mut b.iquat, deg, &seq, &ialt) {
                return Err(self.body_err(id, &format!("error '{}' in inertia alternative", e)));
            }
        }

        // geoms
        let explicit = self.bodies[id].s.explicitinertial != 0;
        for gi in self.bodies[id].geoms.clone() {
            let g = &mut self.geoms[gi];
            g.inferinertia = id > 0
                && (!explicit || comp.inertiafromgeom == TF_TRUE)
                && g.s.group >= comp.inertiagrouprange[0]
                && g.s.group <= comp.inertiagrouprange[1];
            self.compile_geom(gi)?;
        }

        // inertial frame from geoms
        if id > 0
            && (comp.inertiafromgeom == TF_TRUE
                || (!defined(self.bodies[id].s.ipos[0]) && comp.inertiafromgeom == TF_AUTO))
        {
            self.inertia_from_geom(id)?;
        }
        {
            let b = &mut self.bodies[id].s;
            if !defined(b.ipos[0]) {
                b.ipos = b.pos;
                b.iquat = b.quat;
            }
        }
        if id > 0 {
            let b = &mut self.bodies[id].s;
            b.mass = b.mass.max(comp.boundmass);
            for k in 0..3 {
                b.inertia[k] = b.inertia[k].max(comp.boundinertia);
            }
            if b.mass < 0.0 || b.inertia.iter().any(|&x| x < 0.0) {
                return Err(self.body_err(id, "mass and inertia cannot be negative"));
            }
            let b = &mut self.bodies[id].s;
            let i = b.inertia;
            if i[0] + i[1] < i[2] || i[0] + i[2] < i[1] || i[1] + i[2] < i[0] {
                if comp.balanceinertia != 0 {
                    let m = (i[0] + i[1] + i[2]) / 3.0;
                    b.inertia = [m, m, m];
                } else {
                    return Err(self.body_err(id, "inertia must satisfy A + B >= C; use 'balanceinertia' to fix"));
                }
            }
        }
        if let Some(f) = self.frame(self.bodies[id].s.frame).cloned() {
            let b = &mut self.bodies[id].s;
            frameaccum_child(&f.pos, &f.quat, &mut b.c.pos, &mut b.c.quat);
        }

        self.update_collision_masks(id);

        // free-joint alignment
        let align_free = {
            let b = &self.bodies[id];
            b.joints.len() == 1
                && self.joints[b.joints[0]].s.r#type == mjJNT_FREE as i32
                && b.s.bodies.is_empty()
                && (self.joints[b.joints[0]].s.align == 1
                    || (self.joints[b.joints[0]].s.align == 2 && (comp.alignfree != 0)))
        };
        let mut inv = ([0.0; 3], [1.0, 0.0, 0.0, 0.0]);
        if align_free {
            let b = &mut self.bodies[id].s;
            let (ip, iq) = (b.ipos, b.iquat);
            frameaccum(&mut b.c.pos, &mut b.c.quat, &ip, &iq);
            inv = frameinvert(&ip, &iq);
            b.ipos = [0.0; 3];
            b.iquat = [1.0, 0.0, 0.0, 0.0];
            for gi in self.bodies[id].geoms.clone() {
                let g = &mut self.geoms[gi].s;
                frameaccum_child(&inv.0, &inv.1, &mut g.c.pos, &mut g.c.quat);
            }
        }

        self.compute_bvh(id);

        // joints
        let mut dofnum = 0;
        for ji in self.bodies[id].joints.clone() {
            dofnum += self.compile_joint(ji)?;
        }
        self.bodies[id].dofnum = dofnum;
        if dofnum > 6 {
            let n = self.bodies[id].s.name.to_string();
            return Err(self.body_err(id, &format!("more than 6 dofs in body '{}'", n)));
        }
        let mut hasball = false;
        for &ji in &self.bodies[id].joints {
            let t = self.joints[ji].s.r#type;
            if (t == mjJNT_BALL as i32 || t == mjJNT_HINGE as i32) && hasball {
                let n = self.bodies[id].s.name.to_string();
                return Err(self.body_err(id, &format!("ball followed by rotation in body '{}'", n)));
            }
            if t == mjJNT_BALL as i32 {
                hasball = true;
            }
        }
        {
            let b = &self.bodies[id];
            if (b.s.mocap != 0) && (dofnum > 0 || (id > 0 && b.s.parent != 0)) {
                let n = b.s.name.to_string();
                return Err(self.body_err(id, &format!("mocap body '{}' is not a fixed child of world", n)));
            }
        }
        if id > 0 {
            let p = self.bodies[id].s.parent;
            let (ppos, pquat) = (self.bodies[p].xpos0, self.bodies[p].xquat0);
            let b = &mut self.bodies[id];
            let r = rot_vec_quat(&b.s.pos, &pquat);
            b.xpos0 = [r[0] + ppos[0], r[1] + ppos[1], r[2] + ppos[2]];
            b.xquat0 = mulquat(&pquat, &b.s.quat);
        }

        for si in self.bodies[id].sites.clone() {
            self.compile_site(si)?;
        }
        for ci in self.bodies[id].cameras.clone() {
            self.compile_camera(ci)?;
        }
        for li in self.bodies[id].lights.clone() {
            self.compile_light(li)?;
        }

        if align_free {
            for si in self.bodies[id].sites.clone() {
                let s = &mut self.sites[si].s;
                frameaccum_child(&inv.0, &inv.1, &mut s.c.pos, &mut s.c.quat);
            }
            for ci in self.bodies[id].cameras.clone() {
                let s = &mut self.cameras[ci].s;
                frameaccum_child(&inv.0, &inv.1, &mut s.c.pos, &mut s.c.quat);
            }
            for li in self.bodies[id].lights.clone() {
                let s = &mut self.lights[li].s;
                let mut qunit = [1.0, 0.0, 0.0, 0.0];
                frameaccum_child(&inv.0, &inv.1, &mut s.pos, &mut qunit);
                s.dir = rot_vec_quat(&s.dir, &inv.1);
            }
        }
        Ok(())
    }

    fn inertia_from_geom(&mut self, id: usize) -> CResult<()> {
        let comp = &self.spec.compiler;
        let sel: Vec<usize> = self.bodies[id]
            .geoms
            .iter()
            .copied()
            .filter(|&g| {
                let x = &self.geoms[g];
                x.s.group >= comp.inertiagrouprange[0] && x.s.group <= comp.inertiagrouprange[1] && x.mass > EPS
            })
            .collect();
        if sel.len() == 1 {
            let g = &self.geoms[sel[0]];
            let b = &mut self.bodies[id].s;
            b.ipos = g.s.pos;
            b.iquat = g.s.quat;
            b.mass = g.mass;
            b.inertia = g.inertia;
        } else if sel.len() > 1 {
            let mut mass = 0.0;
            let mut com = [0.0; 3];
            for &gi in &sel {
                let g = &self.geoms[gi];
                mass += g.mass;
                com[0] += g.mass * g.s.pos[0];
                com[1] += g.mass * g.s.pos[1];
                com[2] += g.mass * g.s.pos[2];
            }
            if mass < EPS {
                return Err(self.body_err(id, "body mass is too small, cannot compute center of mass"));
            }
            let ipos = [com[0] / mass, com[1] / mass, com[2] / mass];
            let mut toti = [0.0; 6];
            for &gi in &sel {
                let g = &self.geoms[gi];
                let dpos = [g.s.pos[0] - ipos[0], g.s.pos[1] - ipos[1], g.s.pos[2] - ipos[2]];
                let i0 = globalinertia(&g.inertia, &g.s.quat);
                let i1 = offcenter(g.mass, &dpos);
                for j in 0..6 {
                    toti[j] = toti[j] + i0[j] + i1[j];
                }
            }
            match full_inertia(&toti) {
                Ok((q, inert)) => {
                    let b = &mut self.bodies[id].s;
                    b.mass = mass;
                    b.ipos = ipos;
                    b.iquat = q;
                    b.inertia = inert;
                    b.fullinertia = toti;
                }
                Err(e) => return Err(self.body_err(id, &format!("error '{}' in alternative for principal axes", e))),
            }
        }
        Ok(())
    }

    /// The body's collision masks and margin from its geoms (union of masks, largest margin).
    pub(super) fn update_collision_masks(&mut self, id: usize) {
        let (mut ct, mut ca, mut mg) = (0, 0, 0.0f64);
        for &gi in &self.bodies[id].geoms {
            let g = &self.geoms[gi].s;
            ct |= g.contype;
            ca |= g.conaffinity;
            mg = mg.max(g.margin);
        }
        let b = &mut self.bodies[id];
        (b.contype, b.conaffinity, b.margin) = (ct, ca, mg);
    }

    pub(super) fn compute_bvh(&mut self, id: usize) {
        let b = &self.bodies[id];
        if b.geoms.is_empty() {
            return;
        }
        let ipos = b.s.ipos;
        let iquat = b.s.iquat;
        let qinv = [iquat[0], -iquat[1], -iquat[2], -iquat[3]];
        // colliding geoms, their boxes placed in the body's inertial frame
        let mut leaves = Vec::new();
        for &gi in &b.geoms {
            let g = &self.geoms[gi];
            if g.s.contype != 0 || g.s.conaffinity != 0 {
                let v = [g.s.pos[0] - ipos[0], g.s.pos[1] - ipos[1], g.s.pos[2] - ipos[2]];
                let center = rot_vec_quat(&v, &qinv);
                let pose = super::bvh::Pose { quat: g.s.quat, offset: v, qinv };
                leaves.push(super::bvh::Leaf { id: gi as i32, center, aabb: g.aabb, pose: Some(pose) });
            }
        }
        let bvh = super::bvh::build(&leaves);
        let ptrs = &mut self.bodies[id].bvh_ptrs;
        let n = bvh.nodeid.len();
        ptrs.extend(std::iter::repeat_n(None, n));
        for (i, &g) in bvh.nodeid.iter().enumerate() {
            if g >= 0 {
                ptrs[i] = Some(g as usize);
            }
        }
        self.bodies[id].bvh = bvh;
    }

    fn joint_err(&self, i: usize, msg: &str) -> CompileError {
        let j = &self.joints[i].s;
        CompileError::elem(msg, &j.name, i as i64, &j.info)
    }

    fn checklimited(&self, autolimits: bool, entity: &str, attr: &str, limited: i32, hasrange: bool) -> Option<String> {
        if !autolimits && limited == 2 && hasrange {
            return Some(format!(
                "{e} has `{a}range` but not `{a}limited`. set the autolimits=\"true\" compiler option, specify `{a}limited` explicitly (\"true\" or \"false\"), or remove the `{a}range` attribute.",
                e = entity,
                a = attr
            ));
        }
        None
    }

    fn compile_joint(&mut self, ji: usize) -> CResult<i32> {
        let comp = self.spec.compiler;
        if self.joints[ji].s.userdata.len() > self.nuser_jnt as usize {
            return Err(self.joint_err(ji, "user has more values than nuser_jnt in joint"));
        }
        let frame = self.frame(self.joints[ji].s.frame).cloned();
        let j = self.joints[ji].s.clone();
        if (j.springdamper[0] != 0.0 || j.springdamper[1] != 0.0)
            && (j.springdamper[0] <= 0.0 || j.springdamper[1] <= 0.0)
        {
            return Err(self.joint_err(ji, "when defined, springdamper values must be positive in joint"));
        }
        let free = j.r#type == mjJNT_FREE as i32;
        let ball = j.r#type == mjJNT_BALL as i32;
        let hinge = j.r#type == mjJNT_HINGE as i32;
        // the angle unit of the spec the joint came from
        let deg = j.degree.unwrap_or(comp.degree != 0);
        let mut j = j;
        if free {
            j.limited = TF_FALSE;
        } else if j.limited == TF_AUTO {
            let hasrange = !(j.range[0] == 0.0 && j.range[1] == 0.0);
            if let Some(m) = self.checklimited(comp.autolimits != 0, "joint", "", j.limited, hasrange) {
                return Err(self.joint_err(ji, &m));
            }
        }
        if islimited(j.limited, &j.range) {
            if j.range[0] >= j.range[1] && !ball {
                return Err(self.joint_err(ji, "range[0] should be smaller than range[1] in joint"));
            }
            if j.range[0] != 0.0 && ball {
                return Err(self.joint_err(ji, "range[0] should be 0 in ball joint"));
            }
            if deg && (hinge || ball) {
                if j.range[0] != 0.0 {
                    j.range[0] *= mjPI / 180.0;
                }
                if j.range[1] != 0.0 {
                    j.range[1] *= mjPI / 180.0;
                }
            }
        }
        if free || ball {
            j.actfrclimited = TF_FALSE;
        } else if j.actfrclimited == TF_AUTO {
            let hasrange = !(j.actfrcrange[0] == 0.0 && j.actfrcrange[1] == 0.0);
            if let Some(m) = self.checklimited(comp.autolimits != 0, "joint", "", j.actfrclimited, hasrange) {
                return Err(self.joint_err(ji, &m));
            }
        }
        if islimited(j.actfrclimited, &j.actfrcrange) && j.actfrcrange[0] >= j.actfrcrange[1] {
            return Err(self.joint_err(ji, "actfrcrange[0] should be smaller than actfrcrange[1] in joint"));
        }
        if free || ball {
            j.axis = [0.0, 0.0, 1.0];
        } else if let Some(f) = &frame {
            j.axis = rot_vec_quat(&j.axis, &f.quat);
        }
        if normvec(&mut j.axis) < EPS {
            return Err(self.joint_err(ji, "axis too small in joint"));
        }
        if free && j.limited == TF_TRUE {
            return Err(self.joint_err(ji, "limits should not be defined in free joint"));
        }
        if free {
            j.pos = [0.0; 3];
        } else if let Some(f) = &frame {
            let mut q = [1.0, 0.0, 0.0, 0.0];
            frameaccum_child(&f.pos, &f.quat, &mut j.pos, &mut q);
        }
        if hinge && deg {
            j.r#ref *= mjPI / 180.0;
            j.springref *= mjPI / 180.0;
        }
        self.joints[ji].s = j;
        Ok(if free {
            6
        } else if ball {
            3
        } else {
            1
        })
    }

    fn compile_site(&mut self, si: usize) -> CResult<()> {
        let err = |c: &Self, msg: &str| {
            let s = &c.sites[si].s;
            CompileError::elem(msg, &s.name, si as i64, &s.info)
        };
        if self.sites[si].s.userdata.len() > self.nuser_site as usize {
            return Err(err(self, "user has more values than nuser_site in site"));
        }
        let frame = self.frame(self.sites[si].s.frame).cloned();
        let (deg, seq) = (self.degree(), *self.seq());
        let mut s = self.sites[si].s.clone();
        let t = s.r#type;
        if !(0..9).contains(&t) {
            return Err(err(self, "invalid type in site"));
        }
        if t == mjGEOM_MESH as i32 || t == mjGEOM_HFIELD as i32 || t == mjGEOM_PLANE as i32 {
            return Err(err(self, "meshes, hfields and planes not allowed in site"));
        }
        if defined(s.fromto[0]) {
            if ![mjGEOM_CAPSULE as i32, mjGEOM_CYLINDER as i32, mjGEOM_ELLIPSOID as i32, mjGEOM_BOX as i32].contains(&t)
            {
                return Err(err(self, "fromto requires capsule, cylinder, box or ellipsoid in geom"));
            }
            if s.pos[0] != 0.0 || s.pos[1] != 0.0 || s.pos[2] != 0.0 {
                return Err(err(self, "both pos and fromto defined in geom"));
            }
            let f = s.fromto;
            let mut vec = [f[0] - f[3], f[1] - f[4], f[2] - f[5]];
            s.size[1] = normvec(&mut vec) / 2.0;
            if s.size[1] < EPS {
                return Err(err(self, "fromto points too close in geom"));
            }
            if t == mjGEOM_ELLIPSOID as i32 || t == mjGEOM_BOX as i32 {
                s.size[2] = s.size[1];
                s.size[1] = s.size[0];
            }
            s.pos = [(f[0] + f[3]) / 2.0, (f[1] + f[4]) / 2.0, (f[2] + f[5]) / 2.0];
            s.quat = z2quat(&vec);
        } else if let Err(e) = resolve_orientation(&mut s.c.quat, deg, &seq, &s.c.alt) {
            return Err(err(self, &format!("orientation specification error '{}' in site {}", e, si)));
        }
        if let Some(f) = &frame {
            frameaccum_child(&f.pos, &f.quat, &mut s.c.pos, &mut s.c.quat);
        }
        normvec(&mut s.quat);
        for i in 0..geom_nsize(t) {
            if s.size[i] <= 0.0 {
                return Err(err(self, &format!("size {} must be positive in geom", i)));
            }
        }
        self.sites[si].s = s;
        Ok(())
    }

    pub(crate) fn body_by_name(&self, name: &str) -> Option<usize> {
        self.bodies.iter().position(|b| b.s.name == name)
    }

    fn compile_camera(&mut self, ci: usize) -> CResult<()> {
        let err = |c: &Self, msg: &str| {
            let s = &c.cameras[ci].s;
            CompileError::elem(msg, &s.name, ci as i64, &s.info)
        };
        if self.cameras[ci].s.userdata.len() > self.nuser_cam as usize {
            return Err(err(self, "user has more values than nuser_cam in camera"));
        }
        let frame = self.frame(self.cameras[ci].s.frame).cloned();
        let (deg, seq) = (self.degree(), *self.seq());
        let mut c = self.cameras[ci].s.clone();
        if let Err(e) = resolve_orientation(&mut c.c.quat, deg, &seq, &c.c.alt) {
            return Err(err(self, &format!("orientation specification error '{}' in camera {}", e, ci)));
        }
        if let Some(f) = &frame {
            frameaccum_child(&f.pos, &f.quat, &mut c.c.pos, &mut c.c.quat);
        }
        normvec(&mut c.quat);
        if !c.targetbody.is_empty() {
            match self.body_by_name(&c.targetbody) {
                Some(b) => self.cameras[ci].targetbodyid = b as i32,
                None => return Err(err(self, "unknown target body in camera")),
            }
        }
        if c.fovy >= 180.0 {
            return Err(err(self, &format!("fovy too large in camera '{}' (id = {}, value = {})", c.name, ci, c.fovy)));
        }
        if (c.principal_length[0] != 0.0 && c.principal_pixel[0] != 0.0)
            || (c.principal_length[1] != 0.0 && c.principal_pixel[1] != 0.0)
        {
            return Err(err(self, "principal length duplicated in camera"));
        }
        if (c.focal_length[0] != 0.0 && c.focal_pixel[0] != 0.0)
            || (c.focal_length[1] != 0.0 && c.focal_pixel[1] != 0.0)
        {
            return Err(err(self, "focal length duplicated in camera"));
        }
        if c.sensor_size[0] > 0.0 && c.sensor_size[1] > 0.0 {
            let pd = [c.resolution[0] / c.sensor_size[0], c.resolution[1] / c.sensor_size[1]];
            c.intrinsic[0] = c.focal_pixel[0] / pd[0] + c.focal_length[0];
            c.intrinsic[1] = c.focal_pixel[1] / pd[1] + c.focal_length[1];
            c.intrinsic[2] = c.principal_pixel[0] / pd[0] + c.principal_length[0];
            c.intrinsic[3] = c.principal_pixel[1] / pd[1] + c.principal_length[1];
            // single-precision atan2, as upstream (float arguments)
            c.fovy = (c.sensor_size[1] / 2.0).atan2(c.intrinsic[1]) as f64 * 360.0 / mjPI;
        } else {
            c.intrinsic[0] = self.spec.visual.map.znear;
            c.intrinsic[1] = self.spec.visual.map.znear;
        }
        self.cameras[ci].s = c;
        Ok(())
    }

    fn compile_light(&mut self, li: usize) -> CResult<()> {
        let err = |c: &Self, msg: &str| {
            let s = &c.lights[li].s;
            CompileError::elem(msg, &s.name, li as i64, &s.info)
        };
        let frame = self.frame(self.lights[li].s.frame).cloned();
        let mut l = self.lights[li].s.clone();
        if let Some(f) = &frame {
            let mut q = [1.0, 0.0, 0.0, 0.0];
            frameaccum_child(&f.pos, &f.quat, &mut l.pos, &mut q);
            l.dir = rot_vec_quat(&l.dir, &f.quat);
        }
        if normvec(&mut l.dir) < EPS {
            return Err(err(self, "zero direction in light"));
        }
        if !l.targetbody.is_empty() {
            match self.body_by_name(&l.targetbody) {
                Some(b) => self.lights[li].targetbodyid = b as i32,
                None => return Err(err(self, "unknown target body in light")),
            }
        }
        if !l.texture.is_empty() {
            match self.texture_id(&l.texture) {
                Some(t) => self.lights[li].texid = t as i32,
                None => return Err(err(self, "unknown texture in light")),
            }
        }
        self.lights[li].s = l;
        Ok(())
    }

    /// Compiles actuators and sensors (references resolved by name).
    pub fn compile_objects(&mut self) -> CResult<()> {
        let comp = self.spec.compiler;
        // after fusing: the indices from before (upstream's stale maps), unnamed ones left out
        let stale = |t: mjtObj_| {
            self.prefuse_ids(t as i32)
                .map(|m| m.iter().filter(|(k, _)| !k.is_empty()).map(|(k, &v)| (k.clone(), v)).collect())
        };
        let jmap: HashMap<String, usize> =
            stale(mjtObj_::mjOBJ_JOINT).unwrap_or_else(|| names_map(&self.joints, |x| &x.s.name));
        let smap: HashMap<String, usize> =
            stale(mjtObj_::mjOBJ_SITE).unwrap_or_else(|| names_map(&self.sites, |x| &x.s.name));
        let bmap = names_map(&self.bodies, |x| &x.s.name);
        for ai in 0..self.actuators.len() {
            let err = |c: &Self, msg: &str| {
                let s = &c.actuators[ai].s;
                CompileError::elem(msg, &s.name, ai as i64, &s.info)
            };
            if self.actuators[ai].s.userdata.len() > self.nuser_actuator as usize {
                let n = self.actuators[ai].s.name.to_string();
                return Err(err(
                    self,
                    &format!("user has more values than nuser_actuator in actuator '{}' (id = {})", n, ai),
                ));
            }
            let mut a = self.actuators[ai].s.clone();
            if a.target.is_empty() {
                return Err(err(self, "missing transmission target for actuator"));
            }
            let mut trnid = [-1, -1];
            let t = a.trntype;
            let target: Option<usize>;
            if t == mjTRN_JOINT as i32 || t == mjTRN_JOINTINPARENT as i32 {
                target = jmap.get(a.target.as_str()).copied();
                if target.is_none() {
                    return Err(err(
                        self,
                        &format!("unknown transmission target '{}' for actuator id = {}", a.target, ai),
                    ));
                }
            } else if t == mjTRN_SLIDERCRANK as i32 {
                if a.slidersite.is_empty() {
                    return Err(err(self, &format!("missing base site for slider-crank '{}' (id = {})", a.name, ai)));
                }
                match smap.get(a.slidersite.as_str()) {
                    Some(&s) => trnid[1] = s as i32,
                    None => {
                        return Err(err(self, &format!("base site '{}' not found for actuator {}", a.slidersite, ai)))
                    }
                }
                if a.cranklength <= 0.0 {
                    return Err(err(
                        self,
                        &format!("crank length must be positive in actuator '{}' (id = {})", a.name, ai),
                    ));
                }
                target = smap.get(a.target.as_str()).copied();
            } else if t == mjTRN_SITE as i32 {
                if !a.refsite.is_empty() {
                    match smap.get(a.refsite.as_str()) {
                        Some(&s) => trnid[1] = s as i32,
                        None => {
                            return Err(err(
                                self,
                                &format!("reference site '{}' not found for actuator {}", a.refsite, ai),
                            ))
                        }
                    }
                }
                target = smap.get(a.target.as_str()).copied();
            } else if t == mjTRN_BODY as i32 {
                target = bmap.get(a.target.as_str()).copied();
            } else if t == mjTRN_TENDON as i32 {
                target = self.spec.tendons.iter().position(|x| x.name == a.target);
            } else {
                return Err(err(self, "invalid transmission type in actuator"));
            }
            match target {
                Some(x) => trnid[0] = x as i32,
                None => {
                    return Err(err(self, &format!("transmission target '{}' not found in actuator {}", a.target, ai)))
                }
            }
            // inherit the target's range
            use crate::abi::mjtBias_::*;
            use crate::abi::mjtDyn_::*;
            use crate::abi::mjtGain_::*;
            if a.gaintype == mjGAIN_FIXED as i32
                && a.biastype == mjBIAS_AFFINE as i32
                && a.gainprm[0] == -a.biasprm[1]
                && a.inheritrange > 0.0
            {
                let pos_like = a.dyntype == mjDYN_NONE as i32 || a.dyntype == mjDYN_FILTEREXACT as i32;
                if !pos_like && a.dyntype != mjDYN_INTEGRATOR as i32 {
                    return Err(err(self, "inheritrange only available for position and intvelocity actuators"));
                }
                let tr = if t == mjTRN_JOINT as i32 {
                    let j = &self.joints[trnid[0] as usize];
                    if j.s.r#type != mjJNT_HINGE as i32 && j.s.r#type != mjJNT_SLIDE as i32 {
                        return Err(err(self, "inheritrange can only be used with hinge and slide joints, actuator"));
                    }
                    j.s.range
                } else if t == mjTRN_TENDON as i32 {
                    self.spec.tendons[trnid[0] as usize].range
                } else {
                    return Err(err(
                        self,
                        "inheritrange can only be used with joint and tendon transmission, actuator",
                    ));
                };
                if tr[0] == tr[1] {
                    return Err(err(
                        self,
                        &format!("inheritrange used but target '{}' has no range defined in actuator {}", a.target, ai),
                    ));
                }
                let mean = 0.5 * (tr[1] + tr[0]);
                let radius = 0.5 * (tr[1] - tr[0]) * a.inheritrange;
                let r = if pos_like { &mut a.ctrlrange } else { &mut a.actrange };
                r[0] = mean - radius;
                r[1] = mean + radius;
            }
            for (lim, range, what) in [
                (a.forcelimited, a.forcerange, "force"),
                (a.ctrllimited, a.ctrlrange, "ctrl"),
                (a.actlimited, a.actrange, "act"),
            ] {
                if lim == TF_AUTO {
                    let hasrange = !(range[0] == 0.0 && range[1] == 0.0);
                    if let Some(m) = self.checklimited(comp.autolimits != 0, "actuator", what, lim, hasrange) {
                        return Err(err(self, &m));
                    }
                }
            }
            if a.forcerange[0] >= a.forcerange[1] && islimited(a.forcelimited, &a.forcerange) {
                return Err(err(self, "invalid force range for actuator"));
            }
            if a.ctrlrange[0] >= a.ctrlrange[1] && islimited(a.ctrllimited, &a.ctrlrange) {
                return Err(err(self, "invalid control range for actuator"));
            }
            if a.actrange[0] >= a.actrange[1] && islimited(a.actlimited, &a.actrange) {
                return Err(err(self, "invalid actrange for actuator"));
            }
            if islimited(a.actlimited, &a.actrange) && a.dyntype == mjDYN_NONE as i32 {
                return Err(err(self, "actrange specified but dyntype is 'none' in actuator"));
            }
            let plugin = a.c.plugin.active != 0;
            if !plugin && a.actdim > 1 && a.dyntype != mjDYN_USER as i32 {
                return Err(err(self, "actdim > 1 is only allowed for dyntype 'user' in actuator"));
            }
            if !plugin && a.actdim == 1 && a.dyntype == mjDYN_NONE as i32 {
                return Err(err(self, "invalid actdim 1 in stateless actuator"));
            }
            if !plugin && a.actdim == 0 && a.dyntype != mjDYN_NONE as i32 {
                return Err(err(self, "invalid actdim 0 in stateful actuator"));
            }
            if a.actdim < 0 {
                a.actdim = (a.dyntype != mjDYN_NONE as i32) as i32;
            }
            for k in 0..2 {
                let prm = if k == 0 && a.gaintype == mjGAIN_MUSCLE as i32 {
                    Some(a.gainprm)
                } else if k == 1 && a.biastype == mjBIAS_MUSCLE as i32 {
                    Some(a.biasprm)
                } else {
                    None
                };
                if let Some(p) = prm {
                    if p[0] >= p[1] {
                        return Err(err(self, "range[0]<range[1] required in muscle"));
                    }
                    if p[4] >= 1.0 || p[5] <= 1.0 {
                        return Err(err(self, "lmin<1<lmax required in muscle"));
                    }
                    if p[3] <= 0.0 || p[6] <= 0.0 || p[7] <= 0.0 || p[8] <= 0.0 {
                        return Err(err(
                            self,
                            &format!(
                                "positive scale, vmax, fpmax, fvmax required in muscle '{}' (id = {})",
                                a.name, ai
                            ),
                        ));
                    }
                }
            }
            self.actuators[ai].s = a;
            self.actuators[ai].trnid = trnid;
            self.compile_actuator_plugin(ai)?;
        }

        self.compile_sensors()
    }
}
