//! Flexes: compiled after the kinematic tree (vertex positions come from the bodies' reference
//! poses). Per flex: checks, body references, rigid/centred detection, tetrahedron
//! orientation, edges, flaps (triangles), elasticity, shell fragments with element layers and
//! element-vertex pairs, and the element BVH, then the vertex positions normalised to the
//! root box.

mod elasticity;
pub mod model;

use std::collections::HashMap;

use crate::abi::mjtFlexSelf_::*;
use crate::spec::Flex;

use super::bvh::{self, Bvh, Leaf};
use super::tree::Compiled;
use super::{CResult, CompileError};
use crate::spec::util::{cross, dot3, rot_vec_quat};

/// Edges per element, by dimension.
pub const NUM_EDGES: [usize; 3] = [1, 3, 6];

/// Local vertex pairs of the element edges, by dimension.
const ELEDGE: [&[[usize; 2]]; 3] =
    [&[[0, 1]], &[[1, 2], [2, 0], [0, 1]], &[[0, 1], [1, 2], [2, 0], [2, 3], [0, 3], [1, 3]]];

/// Material name a flex gets when `discardvisual` deleted the material it named.
pub const DISCARDED_MATERIAL: &str = "\u{0}discarded material";

/// A compiled flex.
#[derive(Clone, Debug, Default)]
pub struct CFlex {
    pub s: Flex,
    pub interpolated: bool,
    pub order: i32,
    pub rigid: bool,
    pub centered: bool,
    pub nvert: usize,
    pub nnode: usize,
    pub nelem: usize,
    pub matid: i32,
    pub vertbodyid: Vec<i32>,
    pub nodebodyid: Vec<i32>,
    /// element vertex ids (tetrahedra reoriented)
    pub elem: Vec<i32>,
    pub elemtexcoord: Vec<i32>,
    pub edge: Vec<[i32; 2]>,
    pub edgeidx: Vec<i32>,
    /// per edge: the two vertices opposite it (triangles; -1 on the boundary)
    pub flaps: Vec<[i32; 4]>,
    pub shell: Vec<i32>,
    pub elemlayer: Vec<i32>,
    pub evpair: Vec<i32>,
    pub stiffness: Vec<f64>,
    pub bending: Vec<f64>,
    pub bvh: Bvh,
    pub vert0: Vec<f64>,
    pub node0: Vec<f64>,
}

impl CFlex {
    pub fn nedge(&self) -> usize {
        self.edge.len()
    }
    pub fn dim(&self) -> usize {
        self.s.dim as usize
    }
}

fn err(f: &Flex, id: usize, msg: &str) -> CompileError {
    CompileError::elem(msg, &f.name, id as i64, &f.info)
}

impl Compiled<'_> {
    /// Compiles every flex of the spec (after the tree and static-body fusion).
    pub fn compile_flexes(&mut self) -> CResult<()> {
        let spec = self.spec;
        let bmap: HashMap<&str, usize> = {
            let mut h = HashMap::new();
            for (i, b) in self.bodies.iter().enumerate() {
                if !b.s.name.is_empty() {
                    h.entry(b.s.name.as_str()).or_insert(i);
                }
            }
            h
        };
        let mut out = Vec::with_capacity(spec.flexes.len());
        for (id, f) in spec.flexes.iter().enumerate() {
            out.push(self.compile_flex(f, id, &bmap)?);
        }
        self.x.flexes = out;
        Ok(())
    }

    fn compile_flex(&self, f: &Flex, id: usize, bmap: &HashMap<&str, usize>) -> CResult<CFlex> {
        let e = |m: &str| err(f, id, m);
        let dim = f.dim;
        let interpolated = !f.nodebody.is_empty();
        if !(1..=3).contains(&dim) {
            return Err(e("dim must be 1, 2 or 3"));
        }
        let d1 = (dim + 1) as usize;
        if f.elem.is_empty() {
            return Err(e("elem is empty"));
        }
        if !f.elem.len().is_multiple_of(d1) {
            return Err(e("elem size must be multiple of (dim+1)"));
        }
        if f.vertbody.is_empty() && !interpolated {
            return Err(e("vertbody and nodebody are both empty"));
        }
        if !f.vert.len().is_multiple_of(3) {
            return Err(e("vert size must be a multiple of 3"));
        }
        if f.edgestiffness > 0.0 && dim > 1 {
            return Err(e("edge stiffness only available for dim=1, please use elasticity plugins"));
        }
        if interpolated && f.selfcollide != mjFLEXSELF_NONE as i32 {
            return Err(e("trilinear interpolation cannot do self-collision"));
        }
        if interpolated && f.internal != 0 {
            return Err(e("trilinear interpolation cannot do internal collisions"));
        }
        let nelem = f.elem.len() / d1;
        let mut c = CFlex { s: f.clone(), interpolated, nelem, matid: -1, ..CFlex::default() };
        c.s.nodebody.clear();
        c.s.vertbody.clear();
        c.elem = f.elem.to_vec();

        if f.vert.is_empty() {
            c.centered = true;
            c.nvert = f.vertbody.len();
        } else {
            c.nvert = f.vert.len() / 3;
            if f.vertbody.len() == 1 {
                c.rigid = true;
            }
        }
        let nvert = c.nvert;
        if nvert < d1 {
            return Err(e("not enough vertices"));
        }

        c.nnode = f.nodebody.len();
        if c.nnode > 0 && c.order == 0 {
            c.order = ((c.nnode as f64).powf(1.0 / 3.0) - 1.0) as i32;
            if c.nnode as f64 != ((c.order + 1) as f64).powf(3.0) {
                return Err(e(&format!("number of nodes must be {}^3 but it is {}", c.order, c.nnode)));
            }
        }

        if f.elem.iter().any(|&v| v < 0 || v as usize >= nvert) {
            return Err(e("elem vertex id out of range"));
        }
        if !f.texcoord.is_empty() && f.texcoord.len() != 2 * nvert && f.elemtexcoord.is_empty() {
            return Err(e("two texture coordinates per vertex expected"));
        }
        c.elemtexcoord = f.elemtexcoord.to_vec();
        if c.elemtexcoord.is_empty() && !f.texcoord.is_empty() {
            // upstream copies 3 ids per element, whatever the dimension
            let n = (3 * nelem).min(c.elem.len());
            c.elemtexcoord = vec![0; 3 * nelem];
            c.elemtexcoord[..n].copy_from_slice(&c.elem[..n]);
        }

        if f.material == DISCARDED_MATERIAL {
            return Err(CompileError::model("object not found"));
        }
        if let Some(k) = self.spec.materials.iter().position(|m| m.name == f.material) {
            c.matid = k as i32;
        } else if !f.material.is_empty() {
            return Err(e(&format!("unknown material '{}' in flex", f.material)));
        }

        // body references
        for name in &f.vertbody {
            match bmap.get(name.as_str()) {
                Some(&b) => {
                    c.vertbodyid.push(b as i32);
                    let bending = dim == 2 && (f.elastic2d == 1 || f.elastic2d == 3);
                    if self.bodies[b].joints.len() != 3 && bending {
                        return Err(e("pins are not supported for bending"));
                    }
                }
                None => return Err(e(&format!("unknown body '{}' in flex", name))),
            }
        }
        for name in &f.nodebody {
            match bmap.get(name.as_str()) {
                Some(&b) => c.nodebodyid.push(b as i32),
                None => return Err(e(&format!("unknown body '{}' in flex", name))),
            }
        }

        for el in c.elem.chunks(d1) {
            let mut s = el.to_vec();
            s.sort_unstable();
            if s.windows(2).any(|w| w[0] == w[1]) {
                return Err(e("repeated vertex in element"));
            }
        }

        if !c.rigid && !interpolated {
            c.rigid = c.vertbodyid.iter().skip(1).all(|&b| b == c.vertbodyid[0]);
        }
        if !c.centered && !interpolated {
            c.centered = f.vert.iter().all(|&v| v == 0.0);
        }
        if !c.centered && interpolated {
            c.centered = f.node.iter().all(|&v| v == 0.0);
        }

        // global vertex and node positions at the reference configuration
        let mut vx = vec![0.0; 3 * nvert];
        for i in 0..nvert {
            let b = if c.rigid { c.vertbodyid.first() } else { c.vertbodyid.get(i) };
            let b = match b {
                Some(&b) if b >= 0 => b as usize,
                _ => 0,
            };
            let body = &self.bodies[b];
            let mut p = body.xpos0;
            if !c.centered || interpolated {
                let v = if 3 * i + 3 <= f.vert.len() {
                    [f.vert[3 * i], f.vert[3 * i + 1], f.vert[3 * i + 2]]
                } else {
                    [0.0; 3]
                };
                let off = rot_vec_quat(&v, &body.xquat0);
                for k in 0..3 {
                    p[k] += off[k];
                }
            }
            vx[3 * i..3 * i + 3].copy_from_slice(&p);
            if interpolated {
                if let Some(x) = c.vertbodyid.get_mut(i) {
                    *x = -1;
                }
            }
        }
        let mut nx = vec![0.0; 3 * c.nnode];
        for i in 0..c.nnode {
            let body = &self.bodies[c.nodebodyid[i] as usize];
            let mut p = body.xpos0;
            if !c.centered {
                let v = if 3 * i + 3 <= f.node.len() {
                    [f.node[3 * i], f.node[3 * i + 1], f.node[3 * i + 2]]
                } else {
                    [0.0; 3]
                };
                let off = rot_vec_quat(&v, &body.xquat0);
                for k in 0..3 {
                    p[k] += off[k];
                }
            }
            nx[3 * i..3 * i + 3].copy_from_slice(&p);
        }

        // tetrahedra: faces (0,1,2), (0,2,3), (0,3,1), (1,3,2) outward
        if dim == 3 {
            for el in c.elem.chunks_mut(4) {
                let p = |k: usize| {
                    let v = el[k] as usize;
                    [vx[3 * v], vx[3 * v + 1], vx[3 * v + 2]]
                };
                let (v0, v1, v2, v3) = (p(0), p(1), p(2), p(3));
                let d = |a: &[f64; 3]| [a[0] - v0[0], a[1] - v0[1], a[2] - v0[2]];
                let nrm = cross(&d(&v1), &d(&v2));
                if dot3(&nrm, &d(&v3)) > 0.0 {
                    el.swap(1, 2);
                }
            }
        }

        // edges, in order of first appearance
        let ne = NUM_EDGES[dim as usize - 1];
        let eledge = ELEDGE[dim as usize - 1];
        let mut index: HashMap<(i32, i32), i32> = HashMap::new();
        c.edgeidx = vec![0; nelem * ne];
        for t in 0..nelem {
            let v = &c.elem[t * d1..(t + 1) * d1];
            for k in 0..ne {
                let (a, b) = (v[eledge[k][0]], v[eledge[k][1]]);
                let key = (a.min(b), a.max(b));
                let next = c.edge.len() as i32;
                let idx = *index.entry(key).or_insert_with(|| {
                    c.edge.push([key.0, key.1]);
                    next
                });
                c.edgeidx[t * ne + k] = idx;
            }
        }

        if dim == 2 {
            c.flaps = make_flaps(&c.elem, c.edge.len());
        }

        // elasticity
        if f.young > 0.0 {
            if f.poisson < 0.0 || f.poisson >= 0.5 {
                return Err(e("Poisson ratio must be in [0, 0.5)"));
            }
            c.stiffness = vec![0.0; 21 * nelem];
            if interpolated {
                let min_size = (nx.len() * nx.len() / 21) as usize;
                if min_size > nelem {
                    return Err(e(&format!("Trilinear dofs are require at least {} elements", min_size)));
                }
                let ndof = 3 * c.nnode;
                let mut k = vec![0.0; (21 * nelem).max(ndof * ndof)];
                elasticity::linear_stiffness(&mut k, &nx, f.young, f.poisson, c.order);
                k.truncate(21 * nelem);
                c.stiffness = k;
            } else {
                for t in 0..nelem {
                    let v = &c.elem[t * d1..(t + 1) * d1];
                    let out = &mut c.stiffness[21 * t..21 * (t + 1)];
                    if dim == 2 && f.elastic2d >= 2 && f.thickness > 0.0 {
                        elasticity::element_stiffness(out, &vx, v, 2, f.young, f.poisson, f.thickness);
                    } else if dim == 3 {
                        elasticity::element_stiffness(out, &vx, v, 3, f.young, f.poisson, 4.0);
                    }
                }
            }
            if dim == 2 && (f.elastic2d == 1 || f.elastic2d == 3) {
                if f.thickness < 0.0 {
                    return Err(e("thickness must be positive for bending stiffness"));
                }
                c.bending = vec![0.0; 17 * c.edge.len()];
                let mu = f.young / (2.0 * (1.0 + f.poisson));
                for (k, flap) in c.flaps.iter().enumerate() {
                    elasticity::flap_bending(&mut c.bending[17 * k..17 * (k + 1)], &vx, flap, mu, f.thickness);
                }
            }
        }

        shell_pairs(&mut c);

        // element boxes and their hierarchy
        let mut leaves = Vec::new();
        for t in 0..nelem {
            if dim == 3 && c.elemlayer[t] >= f.activelayers {
                continue;
            }
            let v = &c.elem[t * d1..(t + 1) * d1];
            let p0 = v[0] as usize;
            let mut lo = [vx[3 * p0], vx[3 * p0 + 1], vx[3 * p0 + 2]];
            let mut hi = lo;
            for &vi in &v[1..] {
                let vi = vi as usize;
                for k in 0..3 {
                    lo[k] = lo[k].min(vx[3 * vi + k]);
                    hi[k] = hi[k].max(vx[3 * vi + k]);
                }
            }
            let aabb = [
                0.5 * (hi[0] + lo[0]),
                0.5 * (hi[1] + lo[1]),
                0.5 * (hi[2] + lo[2]),
                0.5 * (hi[0] - lo[0]) + f.radius,
                0.5 * (hi[1] - lo[1]) + f.radius,
                0.5 * (hi[2] - lo[2]) + f.radius,
            ];
            leaves.push(Leaf { id: t as i32, center: [aabb[0], aabb[1], aabb[2]], aabb, pose: None });
        }
        c.bvh = bvh::build(&leaves);

        // vertex positions relative to the root box, on [0, 1]
        c.vert0 = vec![0.0; 3 * nvert];
        if c.bvh.aabb.len() >= 6 {
            let root = &c.bvh.aabb[..6];
            for j in 0..nvert {
                for k in 0..3 {
                    let size = 2.0 * (root[k + 3] - f.radius);
                    c.vert0[3 * j + k] = (vx[3 * j + k] - root[k]) / size + 0.5;
                }
            }
        }
        c.node0 = nx;
        Ok(c)
    }
}

/// Per edge (numbered as in the edge list), its two vertices and the vertex opposite it in
/// the first and second triangle containing it (-1: boundary).
fn make_flaps(elem: &[i32], nedge: usize) -> Vec<[i32; 4]> {
    let mut flaps: Vec<[i32; 4]> = Vec::with_capacity(nedge);
    let mut index: HashMap<(i32, i32), usize> = HashMap::new();
    let eledge = ELEDGE[1];
    for v in elem.chunks(3) {
        for k in 0..3 {
            let (a, b) = (v[eledge[k][0]], v[eledge[k][1]]);
            let opposite = v[(eledge[k][1] + 1) % 3];
            let key = (a.min(b), a.max(b));
            match index.get(&key) {
                Some(&i) => flaps[i][3] = opposite,
                None => {
                    index.insert(key, flaps.len());
                    flaps.push([a, b, opposite, -1]);
                }
            }
        }
    }
    flaps
}

/// Shell fragments (boundary facets in original vertex order), element layers (distance
/// from the boundary, tetrahedra only) and element-vertex collision pairs (dim < 3).
fn shell_pairs(c: &mut CFlex) {
    let dim = c.dim();
    let d1 = dim + 1;
    let nelem = c.nelem;
    // local fragments: vertex positions within the element, in upstream's slot order
    let frags: &[&[usize]] = match dim {
        1 => &[&[0], &[1]],
        2 => &[&[0, 1], &[2, 0], &[1, 2]],
        _ => &[&[0, 1, 2], &[0, 3, 1], &[0, 2, 3], &[1, 3, 2]],
    };
    // [sorted fragment vertices, element, fragment vertices in element order]
    let mut spec: Vec<Vec<i32>> = Vec::with_capacity(nelem * d1);
    for t in 0..nelem {
        let el = &c.elem[t * d1..(t + 1) * d1];
        for fr in frags {
            let orig: Vec<i32> = fr.iter().map(|&k| el[k]).collect();
            let mut v = orig.clone();
            if dim > 1 {
                v.sort_unstable();
            }
            v.push(t as i32);
            v.extend_from_slice(&orig);
            spec.push(v);
        }
    }
    spec.sort();

    let n = nelem * d1;
    let mut connect: Vec<(i32, i32, Vec<i32>)> = Vec::new();
    let mut border = vec![false; nelem];
    let mut borderfrag = vec![false; n];
    let mut cnt = 1;
    for i in 1..n {
        if spec[i - 1][..dim] == spec[i][..dim] {
            connect.push((spec[i - 1][dim], spec[i][dim], spec[i][..dim].to_vec()));
            cnt += 1;
        } else {
            if cnt == 1 {
                border[spec[i - 1][dim] as usize] = true;
                borderfrag[i - 1] = true;
            }
            cnt = 1;
        }
    }
    if cnt == 1 {
        border[spec[n - 1][dim] as usize] = true;
        borderfrag[n - 1] = true;
    }
    for i in 0..n {
        if borderfrag[i] {
            c.shell.extend_from_slice(&spec[i][dim + 1..]);
        }
    }

    if dim < 3 {
        c.elemlayer = vec![0; nelem];
    } else {
        let mut layer: Vec<i32> = (0..nelem).map(|t| if border[t] { 0 } else { nelem as i32 + 1 }).collect();
        let mut change = true;
        while change {
            change = false;
            for (e1, e2, _) in &connect {
                let (e1, e2) = (*e1 as usize, *e2 as usize);
                if layer[e1] > layer[e2] + 1 {
                    layer[e1] = layer[e2] + 1;
                    change = true;
                } else if layer[e2] > layer[e1] + 1 {
                    layer[e2] = layer[e1] + 1;
                    change = true;
                }
            }
        }
        c.elemlayer = layer;
    }

    if dim < 3 {
        for (e1, e2, frag) in &connect {
            if !(border[*e1 as usize] || border[*e2 as usize]) {
                continue;
            }
            for (ei, other) in [(*e1, *e2), (*e2, *e1)] {
                let el = &c.elem[ei as usize * d1..(ei as usize + 1) * d1];
                if let Some(&v) = el.iter().find(|v| !frag.contains(v)) {
                    c.evpair.push(other);
                    c.evpair.push(v);
                }
            }
        }
    }
}
