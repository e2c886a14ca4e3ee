//! The octree upstream's compiler builds over a mesh used by SDF geoms: boxes split down to
//! level 6 wherever triangles cross them, then refined until neighbouring leaves differ by at
//! most one level; every node stores the signed distance at its 8 corners (corners hanging on
//! the face or edge of a coarser neighbour take the mean of that neighbour's corners, so the
//! interpolation is continuous). Node order, corner numbering and arithmetic follow upstream.

use std::collections::{HashMap, VecDeque};

use super::tmd::MeshDistance;

type Tri = [[f64; 3]; 3];

/// Deepest level the triangle-driven subdivision reaches.
const MAX_LEVEL: i32 = 6;

#[derive(Clone, Debug)]
pub struct OctNode {
    pub level: i32,
    parent: i32,
    slot: i32,
    pub child: [i32; 8],
    vertid: [i32; 8],
    /// min xyz, max xyz
    pub aamm: [f64; 6],
    pub coeff: [f64; 8],
}

#[derive(Clone, Debug, Default)]
pub struct Octree {
    pub nodes: Vec<OctNode>,
    vert: Vec<[f64; 3]>,
    /// corners each hanging corner averages (empty: not hanging)
    hang: Vec<Vec<i32>>,
    /// corner positions to corner ids; coordinates of a corner are always computed the same way,
    /// so exact keys (with -0 as 0) find every repeat
    vmap: HashMap<[u64; 3], i32>,
}

struct Task {
    elements: Vec<usize>,
    level: i32,
}

fn key(p: &[f64; 3]) -> [u64; 3] {
    let b = |x: f64| if x == 0.0 { 0 } else { x.to_bits() };
    [b(p[0]), b(p[1]), b(p[2])]
}

/// Whether triangle `v` touches box `aamm` (Schwarz and Seidel's overlap test).
fn box_triangle(v: &Tri, aamm: &[f64; 6]) -> bool {
    for i in 0..3 {
        if v[0][i] < aamm[i] && v[1][i] < aamm[i] && v[2][i] < aamm[i] {
            return false;
        }
        let j = i + 3;
        if v[0][i] > aamm[j] && v[1][i] > aamm[j] && v[2][i] > aamm[j] {
            return false;
        }
    }
    let mut e = [[0.0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            e[i][j] = v[(i + 1) % 3][j] - v[i][j];
        }
    }
    let n = [
        e[0][1] * e[1][2] - e[0][2] * e[1][1],
        e[0][2] * e[1][0] - e[0][0] * e[1][2],
        e[0][0] * e[1][1] - e[0][1] * e[1][0],
    ];
    let dot3 = |a: &[f64], b: &[f64]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let size = [aamm[3] - aamm[0], aamm[4] - aamm[1], aamm[5] - aamm[2]];
    let c: [f64; 3] = std::array::from_fn(|k| if n[k] > 0.0 { size[k] } else { 0.0 });
    let c1: [f64; 3] = std::array::from_fn(|k| c[k] - v[0][k]);
    let c2: [f64; 3] = std::array::from_fn(|k| size[k] - c[k] - v[0][k]);
    let nb = dot3(&n, &aamm[..3]);
    if (nb + dot3(&n, &c1)) * (nb + dot3(&n, &c2)) > 0.0 {
        return false;
    }
    let max0 = |x: f64| if 0.0 >= x { 0.0 } else { x };
    for a in 0..3 {
        let b = (a + 1) % 3;
        let c = (a + 2) % 3;
        for i in 0..3 {
            let sign = if n[a] >= 0.0 { 1.0 } else { -1.0 };
            let ne = [-e[i][c] * sign, e[i][b] * sign];
            let d = -(ne[0] * v[i][b] + ne[1] * v[i][c]) + max0(size[b] * ne[0]) + max0(size[c] * ne[1]);
            if ne[0] * aamm[b] + ne[1] * aamm[c] + d < 0.0 {
                return false;
            }
        }
    }
    true
}

impl Octree {
    pub fn nnode(&self) -> usize {
        self.nodes.len()
    }

    /// Number of distinct node corners.
    pub fn nvert(&self) -> usize {
        self.vert.len()
    }

    /// Builds the octree of the mesh (`vert`, `face`) inside its bounds `aamm` enlarged by 10%,
    /// with signed-distance coefficients at the node corners when `coeffs` (else zero: upstream
    /// leaves them to the mesh's SDF plugin).
    pub fn build(vert: &[f64], face: &[i32], aamm: &[f64; 6], coeffs: bool) -> Result<Octree, String> {
        let v = |i: i32| {
            let p = [vert[3 * i as usize], vert[3 * i as usize + 1], vert[3 * i as usize + 2]];
            // upstream passes the corners through a rotation by the identity, which zeroes
            // a vector that is all (signed) zeros
            if p[0] == 0.0 && p[1] == 0.0 && p[2] == 0.0 {
                [0.0; 3]
            } else {
                p
            }
        };
        let tris: Vec<Tri> = face.chunks_exact(3).map(|f| [v(f[0]), v(f[1]), v(f[2])]).collect();
        let cen = [(aamm[0] + aamm[3]) / 2.0, (aamm[1] + aamm[4]) / 2.0, (aamm[2] + aamm[5]) / 2.0];
        let half = [(aamm[3] - aamm[0]) / 2.0, (aamm[4] - aamm[1]) / 2.0, (aamm[5] - aamm[2]) / 2.0];
        let bounds = [
            cen[0] - 1.1 * half[0],
            cen[1] - 1.1 * half[1],
            cen[2] - 1.1 * half[2],
            cen[0] + 1.1 * half[0],
            cen[1] + 1.1 * half[1],
            cen[2] + 1.1 * half[2],
        ];
        let mut oct = Octree::default();
        oct.subdivide_triangles(&tris, bounds);
        oct.balance();
        oct.mark_hanging();
        oct.vmap = HashMap::new();
        if coeffs && !oct.nodes.is_empty() {
            oct.coefficients(&MeshDistance::new(vert, face))?;
        }
        Ok(oct)
    }

    /// Appends a node at `level` (child `slot` of `parent`, or the root with box `aamm`) and
    /// numbers its corners.
    fn add_node(&mut self, level: i32, parent: i32, slot: i32, aamm: [f64; 6]) -> usize {
        let index = self.nodes.len();
        let mut node = OctNode { level, parent, slot, child: [-1; 8], vertid: [-1; 8], aamm, coeff: [0.0; 8] };
        if parent != -1 {
            let p = &mut self.nodes[parent as usize];
            p.child[slot as usize] = index as i32;
            let pa = p.aamm;
            for k in 0..3 {
                let upper = slot & (1 << k) != 0;
                node.aamm[k] = if upper { (pa[k + 3] + pa[k]) / 2.0 } else { pa[k] };
                node.aamm[k + 3] = if upper { pa[k + 3] } else { (pa[k] + pa[k + 3]) / 2.0 };
            }
        }
        for i in 0..8 {
            let a = &node.aamm;
            let p = [
                if i & 1 != 0 { a[3] } else { a[0] },
                if i & 2 != 0 { a[4] } else { a[1] },
                if i & 4 != 0 { a[5] } else { a[2] },
            ];
            let next = self.vert.len() as i32;
            let id = *self.vmap.entry(key(&p)).or_insert(next);
            if id == next {
                self.vert.push(p);
            }
            node.vertid[i] = id;
        }
        self.nodes.push(node);
        index
    }

    /// Appends the 8 children of `node`.
    fn split(&mut self, node: usize) -> [usize; 8] {
        let level = self.nodes[node].level + 1;
        std::array::from_fn(|slot| self.add_node(level, node as i32, slot as i32, [0.0; 6]))
    }

    /// Breadth-first splitting of boxes that triangles cross, down to `MAX_LEVEL`.
    fn subdivide_triangles(&mut self, tris: &[Tri], bounds: [f64; 6]) {
        self.add_node(0, -1, -1, bounds);
        let mut queue = VecDeque::new();
        queue.push_back((0usize, Task { elements: (0..tris.len()).collect(), level: 0 }));
        while let Some((index, task)) = queue.pop_front() {
            let aamm = self.nodes[index].aamm;
            let colliding: Vec<usize> =
                task.elements.iter().copied().filter(|&e| box_triangle(&tris[e], &aamm)).collect();
            if colliding.is_empty() || task.level >= MAX_LEVEL {
                continue;
            }
            for c in self.split(index) {
                queue.push_back((c, Task { elements: colliding.clone(), level: task.level + 1 }));
            }
        }
    }

    /// The node at the same or a coarser level adjacent to `node` across face `dir` (axis
    /// `dir / 2`, upper side when `dir` is odd), or -1 at the boundary.
    fn coarse_neighbor(&self, node: i32, dir: usize) -> i32 {
        if node == -1 {
            return -1;
        }
        let n = &self.nodes[node as usize];
        if n.parent == -1 {
            return -1;
        }
        let bit = 1 << (dir / 2);
        let upper_side = dir % 2 == 1;
        if upper_side != (n.slot & bit != 0) {
            self.nodes[n.parent as usize].child[(n.slot ^ bit) as usize]
        } else {
            self.coarse_neighbor(n.parent, dir)
        }
    }

    /// The leaf adjacent to `node` across face `dir` that touches `node`'s centre line, or -1.
    fn neighbor(&self, node: usize, dir: usize) -> i32 {
        let mut r = self.coarse_neighbor(node as i32, dir);
        if r == -1 {
            return -1;
        }
        let a = &self.nodes[node].aamm;
        let center = [(a[0] + a[3]) / 2.0, (a[1] + a[4]) / 2.0, (a[2] + a[5]) / 2.0];
        while self.nodes[r as usize].child[0] != -1 {
            let ra = &self.nodes[r as usize].aamm;
            let rc = [(ra[0] + ra[3]) / 2.0, (ra[1] + ra[4]) / 2.0, (ra[2] + ra[5]) / 2.0];
            let mut slot = 0usize;
            for k in 0..3 {
                if center[k] > rc[k] {
                    slot |= 1 << k;
                }
            }
            let bit = 1 << (dir / 2);
            let towards = if dir % 2 == 1 { 0 } else { bit };
            slot = (slot & !bit) | towards;
            r = self.nodes[r as usize].child[slot];
        }
        r
    }

    fn leaves(&self) -> Vec<usize> {
        (0..self.nodes.len()).filter(|&i| self.nodes[i].child[0] == -1).collect()
    }

    /// Splits leaves until adjacent leaves differ by at most one level.
    fn balance(&mut self) {
        loop {
            let mut coarse = Vec::new();
            for leaf in self.leaves() {
                for dir in 0..6 {
                    let nb = self.neighbor(leaf, dir);
                    if nb == -1 {
                        continue;
                    }
                    let (ln, lf) = (self.nodes[nb as usize].level, self.nodes[leaf].level);
                    if ln > lf + 1 {
                        coarse.push(leaf);
                    }
                    if lf > ln + 1 {
                        coarse.push(nb as usize);
                    }
                }
            }
            if coarse.is_empty() {
                return;
            }
            for n in coarse {
                if self.nodes[n].child[0] == -1 {
                    self.split(n);
                }
            }
        }
    }

    /// Records, for every corner lying on a face or edge of a coarser neighbouring leaf, the
    /// corners of that neighbour it is interpolated from.
    fn mark_hanging(&mut self) {
        self.hang = vec![Vec::new(); self.vert.len()];
        for leaf in self.leaves() {
            for dir in 0..6 {
                let nb = self.neighbor(leaf, dir);
                if nb == -1 || self.nodes[nb as usize].level >= self.nodes[leaf].level {
                    continue;
                }
                let nb = nb as usize;
                let (dim, side) = (dir / 2, dir % 2);
                for i in 0..4 {
                    let corner = (side << dim) | ((i & 1) << ((dim + 1) % 3)) | (((i >> 1) & 1) << ((dim + 2) % 3));
                    let hv = self.nodes[leaf].vertid[corner] as usize;
                    if !self.hang[hv].is_empty() {
                        continue;
                    }
                    let p = self.vert[hv];
                    let na = &self.nodes[nb].aamm;
                    let is_min: [bool; 3] = std::array::from_fn(|d| (p[d] - na[d]).abs() < 1e-9);
                    let is_max: [bool; 3] = std::array::from_fn(|d| (p[d] - na[d + 3]).abs() < 1e-9);
                    let planes = (0..3).filter(|&d| is_min[d] || is_max[d]).count();
                    let nv = &self.nodes[nb].vertid;
                    let idx = |bits: [usize; 3]| (bits[2] << 2) | (bits[1] << 1) | bits[0];
                    let mut deps = Vec::new();
                    if planes == 2 {
                        // on an edge of the neighbour: the edge's two ends
                        let free = (0..3).find(|&d| !is_min[d] && !is_max[d]).unwrap();
                        let mut bits = [0usize; 3];
                        bits[(free + 1) % 3] = is_max[(free + 1) % 3] as usize;
                        bits[(free + 2) % 3] = is_max[(free + 2) % 3] as usize;
                        deps.push(nv[idx(bits)]);
                        bits[free] = 1;
                        deps.push(nv[idx(bits)]);
                    } else if planes == 1 {
                        // inside a face of the neighbour: the face's four corners
                        let fixed = (0..3).find(|&d| is_min[d] || is_max[d]).unwrap();
                        let mut bits = [0usize; 3];
                        bits[fixed] = is_max[fixed] as usize;
                        for j in 0..4usize {
                            bits[(fixed + 1) % 3] = j & 1;
                            bits[(fixed + 2) % 3] = (j >> 1) & 1;
                            deps.push(nv[idx(bits)]);
                        }
                    }
                    self.hang[hv] = deps;
                }
            }
        }
    }

    /// Corner values breadth-first from the root: signed distances, or for hanging corners the
    /// mean of the (already computed) corners they depend on.
    fn coefficients(&mut self, sdf: &MeshDistance) -> Result<(), String> {
        let nv = self.vert.len();
        let mut coeff = vec![0.0; nv];
        let mut done = vec![false; nv];
        let mut queue = VecDeque::from([0usize]);
        while let Some(n) = queue.pop_front() {
            for j in 0..8 {
                let v = self.nodes[n].vertid[j] as usize;
                if done[v] {
                    continue;
                }
                let deps = &self.hang[v];
                if deps.is_empty() {
                    coeff[v] = sdf.signed_distance(&self.vert[v]);
                } else {
                    let mut sum = 0.0;
                    for &d in deps {
                        sum += coeff[d as usize];
                        if !done[d as usize] {
                            return Err("sdf coefficient computation failed".into());
                        }
                    }
                    coeff[v] = sum / deps.len() as f64;
                }
                done[v] = true;
            }
            for &c in &self.nodes[n].child {
                if c != -1 {
                    queue.push_back(c as usize);
                }
            }
        }
        for node in self.nodes.iter_mut() {
            for j in 0..8 {
                node.coeff[j] = coeff[node.vertid[j] as usize];
            }
        }
        Ok(())
    }
}
