//! Signed distance from a point to a closed triangle mesh, computed the way upstream's compiler
//! gets it (the TriangleMeshDistance header it bundles): a tree of bounding spheres over the
//! triangles, the closest point on each candidate triangle (Ericson's region tests), and the
//! sign from angle-weighted pseudo-normals of the closest vertex, edge or face. The arithmetic
//! is done in the same order so that the distances come out bit for bit the same.

use std::collections::HashMap;

use super::super::select;

type V3 = [f64; 3];

fn add(a: &V3, b: &V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: &V3, b: &V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn dot(a: &V3, b: &V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Cross product with the middle term in the header's order (-a0*b2 + a2*b0).
fn cross(a: &V3, b: &V3) -> V3 {
    [a[1] * b[2] - a[2] * b[1], -a[0] * b[2] + a[2] * b[0], a[0] * b[1] - a[1] * b[0]]
}

fn scale(s: f64, a: &V3) -> V3 {
    [s * a[0], s * a[1], s * a[2]]
}

fn div(a: &V3, s: f64) -> V3 {
    [a[0] / s, a[1] / s, a[2] / s]
}

fn norm(a: &V3) -> f64 {
    dot(a, a).sqrt()
}

fn unit(a: &V3) -> V3 {
    div(a, norm(a))
}

/// `std::max` / `std::min` (the first argument on ties).
fn cmax(a: f64, b: f64) -> f64 {
    if a < b {
        b
    } else {
        a
    }
}

fn cmin(a: f64, b: f64) -> f64 {
    if b < a {
        b
    } else {
        a
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Sphere {
    center: V3,
    radius: f64,
}

/// A tree node: two child spheres, or a leaf (`left == -1`) whose triangle is `right`.
#[derive(Clone, Copy, Debug)]
struct Node {
    bv_left: Sphere,
    bv_right: Sphere,
    left: i32,
    right: i32,
}

impl Default for Node {
    fn default() -> Self {
        Node { bv_left: Sphere::default(), bv_right: Sphere::default(), left: -1, right: -1 }
    }
}

#[derive(Clone, Copy)]
struct Tri {
    v: [V3; 3],
    id: i32,
}

/// Which part of a triangle is closest to a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Nearest {
    V0,
    V1,
    V2,
    E01,
    E12,
    E02,
    F,
}

struct Hit {
    distance: f64,
    nearest: Nearest,
    triangle: i32,
    bary: V3,
}

pub struct MeshDistance {
    vertices: Vec<V3>,
    triangles: Vec<[i32; 3]>,
    nodes: Vec<Node>,
    pn_faces: Vec<V3>,
    pn_edges: Vec<[V3; 3]>,
    pn_verts: Vec<V3>,
}

impl MeshDistance {
    /// Builds the tree and pseudo-normals of the mesh (`vert` xyz, `face` vertex triples; at
    /// least one face).
    pub fn new(vert: &[f64], face: &[i32]) -> MeshDistance {
        let vertices: Vec<V3> = vert.chunks_exact(3).map(|v| [v[0], v[1], v[2]]).collect();
        let triangles: Vec<[i32; 3]> = face.chunks_exact(3).map(|f| [f[0], f[1], f[2]]).collect();
        let mut tris: Vec<Tri> = triangles
            .iter()
            .enumerate()
            .map(|(i, t)| Tri {
                v: [vertices[t[0] as usize], vertices[t[1] as usize], vertices[t[2] as usize]],
                id: i as i32,
            })
            .collect();
        let mut md = MeshDistance {
            vertices,
            triangles,
            nodes: vec![Node::default()],
            pn_faces: Vec::new(),
            pn_edges: Vec::new(),
            pn_verts: Vec::new(),
        };
        let n = tris.len();
        md.build(0, &mut tris, 0, n);
        md.pseudonormals();
        md
    }

    /// Fills node `id` over `tris[begin..end]`; returns the sphere bounding them.
    fn build(&mut self, id: usize, tris: &mut [Tri], begin: usize, end: usize) -> Sphere {
        let count = end - begin;
        if count == 1 {
            let t = &tris[begin];
            self.nodes[id].left = -1;
            self.nodes[id].right = t.id;
            let center = div(&add(&add(&t.v[0], &t.v[1]), &t.v[2]), 3.0);
            let radius =
                cmax(cmax(norm(&sub(&t.v[0], &center)), norm(&sub(&t.v[1], &center))), norm(&sub(&t.v[2], &center)));
            return Sphere { center, radius };
        }
        let mut top = [f64::MIN; 3];
        let mut bottom = [f64::MAX; 3];
        let mut center = [0.0; 3];
        for t in &tris[begin..end] {
            for p in &t.v {
                center = add(&center, p);
                for k in 0..3 {
                    top[k] = cmax(top[k], p[k]);
                    bottom[k] = cmin(bottom[k], p[k]);
                }
            }
        }
        center = div(&center, (3 * count) as f64);
        let diag = sub(&top, &bottom);
        let mut axis = 0;
        for k in 1..3 {
            if diag[axis] < diag[k] {
                axis = k;
            }
        }
        let mut radius_sq: f64 = 0.0;
        for t in &tris[begin..end] {
            for p in &t.v {
                let d = sub(&center, p);
                radius_sq = cmax(radius_sq, dot(&d, &d));
            }
        }
        select::sort(&mut tris[begin..end], |a: &Tri, b: &Tri| a.v[0][axis] < b.v[0][axis]);

        let mid = (0.5 * (begin + end) as f64) as usize;
        let left = self.nodes.len();
        self.nodes[id].left = left as i32;
        self.nodes.push(Node::default());
        let s = self.build(left, tris, begin, mid);
        self.nodes[id].bv_left = s;
        let right = self.nodes.len();
        self.nodes[id].right = right as i32;
        self.nodes.push(Node::default());
        let s = self.build(right, tris, mid, end);
        self.nodes[id].bv_right = s;
        Sphere { center, radius: radius_sq.sqrt() }
    }

    fn pseudonormals(&mut self) {
        let nv = self.vertices.len() as u64;
        let key = |i: i32, j: i32| (i.min(j) as u64).wrapping_mul(nv).wrapping_add(i.max(j) as u64);
        let mut edge: HashMap<u64, V3> = HashMap::new();
        self.pn_verts = vec![[0.0; 3]; self.vertices.len()];
        for t in &self.triangles {
            let a = &self.vertices[t[0] as usize];
            let b = &self.vertices[t[1] as usize];
            let c = &self.vertices[t[2] as usize];
            let n = unit(&cross(&sub(b, a), &sub(c, a)));
            self.pn_faces.push(n);
            let alpha = [
                dot(&unit(&sub(b, a)), &unit(&sub(c, a))).acos(),
                dot(&unit(&sub(a, b)), &unit(&sub(c, b))).acos(),
                dot(&unit(&sub(b, c)), &unit(&sub(a, c))).acos(),
            ];
            for k in 0..3 {
                let pv = &mut self.pn_verts[t[k] as usize];
                *pv = add(pv, &scale(alpha[k], &n));
            }
            for (i, j) in [(t[0], t[1]), (t[1], t[2]), (t[0], t[2])] {
                edge.entry(key(i, j)).and_modify(|e| *e = add(e, &n)).or_insert(n);
            }
        }
        for pv in self.pn_verts.iter_mut() {
            *pv = unit(pv);
        }
        self.pn_edges = self
            .triangles
            .iter()
            .map(|t| [unit(&edge[&key(t[0], t[1])]), unit(&edge[&key(t[1], t[2])]), unit(&edge[&key(t[0], t[2])])])
            .collect();
    }

    fn query(&self, hit: &mut Hit, node: usize, p: &V3) {
        let nd = &self.nodes[node];
        if nd.left == -1 {
            let t = &self.triangles[nd.right as usize];
            let (dsq, nearest, bary) = point_triangle(
                p,
                &self.vertices[t[0] as usize],
                &self.vertices[t[1] as usize],
                &self.vertices[t[2] as usize],
            );
            if dsq < hit.distance * hit.distance {
                hit.nearest = nearest;
                hit.bary = bary;
                hit.distance = dsq.sqrt();
                hit.triangle = nd.right;
            }
            return;
        }
        let d_left = norm(&sub(p, &nd.bv_left.center)) - nd.bv_left.radius;
        let d_right = norm(&sub(p, &nd.bv_right.center)) - nd.bv_right.radius;
        if d_left < d_right {
            if d_left < hit.distance {
                self.query(hit, nd.left as usize, p);
            }
            if d_right < hit.distance {
                self.query(hit, nd.right as usize, p);
            }
        } else {
            if d_right < hit.distance {
                self.query(hit, nd.right as usize, p);
            }
            if d_left < hit.distance {
                self.query(hit, nd.left as usize, p);
            }
        }
    }

    /// Distance from `p` to the mesh, negative inside.
    pub fn signed_distance(&self, p: &V3) -> f64 {
        let mut hit = Hit { distance: f64::MAX, nearest: Nearest::F, triangle: -1, bary: [0.0; 3] };
        self.query(&mut hit, 0, p);
        let ti = hit.triangle as usize;
        let t = &self.triangles[ti];
        let pn = match hit.nearest {
            Nearest::V0 => self.pn_verts[t[0] as usize],
            Nearest::V1 => self.pn_verts[t[1] as usize],
            Nearest::V2 => self.pn_verts[t[2] as usize],
            Nearest::E01 => self.pn_edges[ti][0],
            Nearest::E12 => self.pn_edges[ti][1],
            Nearest::E02 => self.pn_edges[ti][2],
            Nearest::F => self.pn_faces[ti],
        };
        let v = |k: usize| &self.vertices[t[k] as usize];
        let q = add(&add(&scale(hit.bary[0], v(0)), &scale(hit.bary[1], v(1))), &scale(hit.bary[2], v(2)));
        let u = sub(p, &q);
        hit.distance * if dot(&u, &pn) >= 0.0 { 1.0 } else { -1.0 }
    }
}

/// Squared distance from `p` to triangle (a, b, c), the closest feature and the barycentric
/// coordinates of the closest point.
fn point_triangle(p: &V3, a: &V3, b: &V3, c: &V3) -> (f64, Nearest, V3) {
    let ab = sub(b, a);
    let ac = sub(c, a);
    let bc = sub(c, b);
    let at = |q: V3| {
        let d = sub(p, &q);
        dot(&d, &d)
    };

    let snom = dot(&sub(p, a), &ab);
    let sdenom = dot(&sub(p, b), &sub(a, b));
    let tnom = dot(&sub(p, a), &ac);
    let tdenom = dot(&sub(p, c), &sub(a, c));
    if snom <= 0.0 && tnom <= 0.0 {
        return (at(*a), Nearest::V0, [1.0, 0.0, 0.0]);
    }
    let unom = dot(&sub(p, b), &bc);
    let udenom = dot(&sub(p, c), &sub(b, c));
    if sdenom <= 0.0 && unom <= 0.0 {
        return (at(*b), Nearest::V1, [0.0, 1.0, 0.0]);
    }
    if tdenom <= 0.0 && udenom <= 0.0 {
        return (at(*c), Nearest::V2, [0.0, 0.0, 1.0]);
    }

    let n = cross(&ab, &ac);
    let vc = dot(&n, &cross(&sub(a, p), &sub(b, p)));
    if vc <= 0.0 && snom >= 0.0 && sdenom >= 0.0 {
        let arc = snom / (snom + sdenom);
        let bary = [1.0 - arc, arc, 0.0];
        return (at(add(&scale(bary[0], a), &scale(bary[1], b))), Nearest::E01, bary);
    }
    let va = dot(&n, &cross(&sub(b, p), &sub(c, p)));
    if va <= 0.0 && unom >= 0.0 && udenom >= 0.0 {
        let arc = unom / (unom + udenom);
        let bary = [0.0, 1.0 - arc, arc];
        return (at(add(&scale(bary[1], b), &scale(bary[2], c))), Nearest::E12, bary);
    }
    let vb = dot(&n, &cross(&sub(c, p), &sub(a, p)));
    if vb <= 0.0 && tnom >= 0.0 && tdenom >= 0.0 {
        let arc = tnom / (tnom + tdenom);
        let bary = [1.0 - arc, 0.0, arc];
        return (at(add(&scale(bary[0], a), &scale(bary[2], c))), Nearest::E02, bary);
    }
    let u = va / (va + vb + vc);
    let v = vb / (va + vb + vc);
    let w = 1.0 - u - v;
    let q = add(&add(&scale(u, a), &scale(v, b)), &scale(w, c));
    (at(q), Nearest::F, [u, v, w])
}
