//! Polygons of a mesh: coplanar triangles (of the hull when there is one) merged into polygonal
//! sides, their normals, and for each vertex the polygons it belongs to.
//!
//! Upstream groups the triangles in a `std::set` ordered by a tolerance comparison of their
//! normals, which is not a strict weak ordering; which triangles end up together then depends on
//! the shape of the set's red-black tree. `NormalSet` reproduces the tree of upstream's C++
//! library (libc++) operation for operation, so the grouping and the output order are the same.

use crate::spec::util::{cross, dot3};

const MINVAL: f64 = 1e-15;
const EPS: f64 = 1e-14;

/// Unit normal of triangle (a, b, c) as upstream's compiler computes it (a degenerate triangle
/// keeps upstream's division by its tiny length).
pub fn make_normal(a: &[f64], b: &[f64], c: &[f64]) -> [f64; 3] {
    let ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let ac = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    let mut n = cross(&ab, &ac);
    let nrm = dot3(&n, &n).sqrt();
    if nrm < EPS {
        n = [1.0, 0.0, 0.0];
    }
    [n[0] / nrm, n[1] / nrm, n[2] / nrm]
}

/// One polygon under construction: its boundary edges, grouped in islands of connected
/// triangles until a later triangle joins them.
struct Polygon {
    normal: [f64; 3],
    edges: Vec<(i32, i32)>,
    islands: Vec<i32>,
    nisland: i32,
}

impl Polygon {
    fn new(normal: [f64; 3], v: [i32; 3]) -> Self {
        Polygon { normal, edges: vec![(v[0], v[1]), (v[1], v[2]), (v[2], v[0])], islands: vec![0, 0, 0], nisland: 1 }
    }

    fn combine_islands(&mut self, island1: &mut i32, island2: &mut i32) {
        if *island2 < *island1 {
            core::mem::swap(island1, island2);
        }
        for k in self.islands.iter_mut() {
            if *k == *island2 {
                *k = *island1;
            } else if *k > *island2 {
                *k -= 1;
            }
        }
    }

    /// Removes the boundary edge (to, from) if present; returns its island.
    fn take_edge(&mut self, from: i32, to: i32) -> Option<i32> {
        let i = self.edges.iter().position(|&(a, b)| a == to && b == from)?;
        self.edges.remove(i);
        Some(self.islands.remove(i))
    }

    fn insert_face(&mut self, v1: i32, v2: i32, v3: i32) {
        let mut island = -1;
        let mut add = [true; 3];
        for (k, (a, b)) in [(v1, v2), (v2, v3), (v3, v1)].into_iter().enumerate() {
            if let Some(mut other) = self.take_edge(a, b) {
                if island == -1 {
                    island = other;
                } else if other != island {
                    self.nisland -= 1;
                    self.combine_islands(&mut island, &mut other);
                }
                add[k] = false;
            }
        }
        if island == -1 {
            island = self.nisland;
            self.nisland += 1;
        }
        for (k, e) in [(v1, v2), (v2, v3), (v3, v1)].into_iter().enumerate() {
            if add[k] {
                self.edges.push(e);
                self.islands.push(island);
            }
        }
    }

    /// The closed vertex paths of the polygon, one per island.
    fn paths(&self) -> Vec<Vec<i32>> {
        if self.edges.len() == 3 {
            return vec![vec![self.edges[0].0, self.edges[1].0, self.edges[2].0]];
        }
        let mut paths = Vec::new();
        for i in 0..self.nisland {
            let mut path = Vec::new();
            if let Some(j) = (0..self.edges.len()).find(|&j| self.islands[j] == i) {
                path.push(self.edges[j].0);
                path.push(self.edges[j].1);
            }
            if path.is_empty() {
                continue;
            }
            let mut next = *path.last().unwrap();
            for _ in 0..self.edges.len() {
                let mut finished = false;
                for k in 1..self.edges.len() {
                    if self.islands[k] == i && self.edges[k].0 == next {
                        next = self.edges[k].1;
                        if next == path[0] {
                            paths.push(path.clone());
                            finished = true;
                            break;
                        }
                        path.push(next);
                        break;
                    }
                }
                if finished {
                    break;
                }
            }
        }
        paths
    }
}

/// Upstream's ordering of polygons: "less" by normal, with nearly parallel normals equivalent.
fn normal_less(n1: &[f64; 3], n2: &[f64; 3]) -> bool {
    if n1[0] * n2[0] + n1[1] * n2[1] + n1[2] * n2[2] > 0.99999872 {
        return false;
    }
    for k in 0..3 {
        if (n1[k] - n2[k]).abs() > MINVAL {
            return n1[k] > n2[k];
        }
    }
    false
}

const NIL: usize = usize::MAX;
/// index of the end node, whose left child is the root
const END: usize = 0;

struct Node {
    left: usize,
    right: usize,
    parent: usize,
    black: bool,
    poly: Option<Polygon>,
}

/// A red-black tree of polygons with the insertion, search and rebalancing of libc++'s
/// `std::set` (no removal needed).
struct NormalSet {
    nodes: Vec<Node>,
}

impl NormalSet {
    fn new() -> Self {
        NormalSet { nodes: vec![Node { left: NIL, right: NIL, parent: NIL, black: false, poly: None }] }
    }

    fn normal(&self, n: usize) -> &[f64; 3] {
        &self.nodes[n].poly.as_ref().unwrap().normal
    }

    /// `set::find`: lower bound, then equivalence check.
    fn find(&self, v: &[f64; 3]) -> Option<usize> {
        let mut result = END;
        let mut n = self.nodes[END].left;
        while n != NIL {
            if !normal_less(self.normal(n), v) {
                result = n;
                n = self.nodes[n].left;
            } else {
                n = self.nodes[n].right;
            }
        }
        (result != END && !normal_less(v, self.normal(result))).then_some(result)
    }

    /// `set::emplace`: inserts unless the descent meets an equivalent node.
    fn emplace(&mut self, p: Polygon) {
        let v = p.normal;
        let (mut parent, mut left) = (END, true);
        let mut n = self.nodes[END].left;
        while n != NIL {
            if normal_less(&v, self.normal(n)) {
                parent = n;
                left = true;
                n = self.nodes[n].left;
            } else if normal_less(self.normal(n), &v) {
                parent = n;
                left = false;
                n = self.nodes[n].right;
            } else {
                return;
            }
        }
        let x = self.nodes.len();
        self.nodes.push(Node { left: NIL, right: NIL, parent, black: false, poly: Some(p) });
        if left {
            self.nodes[parent].left = x;
        } else {
            self.nodes[parent].right = x;
        }
        self.balance_after_insert(x);
    }

    fn is_left_child(&self, x: usize) -> bool {
        self.nodes[self.nodes[x].parent].left == x
    }

    fn rotate_left(&mut self, x: usize) {
        let y = self.nodes[x].right;
        self.nodes[x].right = self.nodes[y].left;
        if self.nodes[x].right != NIL {
            let r = self.nodes[x].right;
            self.nodes[r].parent = x;
        }
        let xp = self.nodes[x].parent;
        self.nodes[y].parent = xp;
        if self.is_left_child(x) {
            self.nodes[xp].left = y;
        } else {
            self.nodes[xp].right = y;
        }
        self.nodes[y].left = x;
        self.nodes[x].parent = y;
    }

    fn rotate_right(&mut self, x: usize) {
        let y = self.nodes[x].left;
        self.nodes[x].left = self.nodes[y].right;
        if self.nodes[x].left != NIL {
            let l = self.nodes[x].left;
            self.nodes[l].parent = x;
        }
        let xp = self.nodes[x].parent;
        self.nodes[y].parent = xp;
        if self.is_left_child(x) {
            self.nodes[xp].left = y;
        } else {
            self.nodes[xp].right = y;
        }
        self.nodes[y].right = x;
        self.nodes[x].parent = y;
    }

    fn balance_after_insert(&mut self, mut x: usize) {
        let root = self.nodes[END].left;
        self.nodes[x].black = x == root;
        while x != root && !self.nodes[self.nodes[x].parent].black {
            let p = self.nodes[x].parent;
            let g = self.nodes[p].parent;
            if self.is_left_child(p) {
                let y = self.nodes[g].right;
                if y != NIL && !self.nodes[y].black {
                    self.nodes[p].black = true;
                    x = g;
                    self.nodes[x].black = x == root;
                    self.nodes[y].black = true;
                } else {
                    if !self.is_left_child(x) {
                        x = p;
                        self.rotate_left(x);
                    }
                    x = self.nodes[x].parent;
                    self.nodes[x].black = true;
                    x = self.nodes[x].parent;
                    self.nodes[x].black = false;
                    self.rotate_right(x);
                    break;
                }
            } else {
                let y = self.nodes[g].left;
                if y != NIL && !self.nodes[y].black {
                    self.nodes[p].black = true;
                    x = g;
                    self.nodes[x].black = x == root;
                    self.nodes[y].black = true;
                } else {
                    if self.is_left_child(x) {
                        x = p;
                        self.rotate_right(x);
                    }
                    x = self.nodes[x].parent;
                    self.nodes[x].black = true;
                    x = self.nodes[x].parent;
                    self.nodes[x].black = false;
                    self.rotate_left(x);
                    break;
                }
            }
        }
    }

    /// Nodes in order.
    fn in_order(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.nodes.len() - 1);
        let mut stack = Vec::new();
        let mut n = self.nodes[END].left;
        while n != NIL || !stack.is_empty() {
            while n != NIL {
                stack.push(n);
                n = self.nodes[n].left;
            }
            let t = stack.pop().unwrap();
            out.push(t);
            n = self.nodes[t].right;
        }
        out
    }
}

/// Polygons of a mesh: vertex paths, their normals (3 per polygon) and per vertex the polygons
/// containing it.
#[derive(Clone, Debug, Default)]
pub struct Polygons {
    pub paths: Vec<Vec<i32>>,
    pub normals: Vec<f64>,
    pub map: Vec<Vec<i32>>,
}

/// Merges the triangles `faces` (vertex ids into `vert`) into polygons.
pub fn make_polygons(vert: &[f64], nvert: usize, faces: &[i32]) -> Polygons {
    let mut set = NormalSet::new();
    let v = |i: i32| &vert[3 * i as usize..3 * i as usize + 3];
    for f in faces.chunks_exact(3) {
        let normal = make_normal(v(f[0]), v(f[1]), v(f[2]));
        match set.find(&normal) {
            None => set.emplace(Polygon::new(normal, [f[0], f[1], f[2]])),
            Some(n) => set.nodes[n].poly.as_mut().unwrap().insert_face(f[0], f[1], f[2]),
        }
    }
    let mut out = Polygons { map: vec![Vec::new(); nvert], ..Default::default() };
    for n in set.in_order() {
        let p = set.nodes[n].poly.as_ref().unwrap();
        for path in p.paths() {
            if path.len() < 3 {
                continue;
            }
            out.paths.push(path);
            out.normals.extend_from_slice(&p.normal);
        }
    }
    for (i, path) in out.paths.iter().enumerate() {
        for &vid in path {
            out.map[vid as usize].push(i as i32);
        }
    }
    out
}

/// Recomputes the polygon normals from the (transformed) vertices.
pub fn polygon_normals(vert: &[f64], p: &mut Polygons) {
    for (i, path) in p.paths.iter().enumerate() {
        let v = |k: usize| &vert[3 * path[k] as usize..3 * path[k] as usize + 3];
        let n = make_normal(v(0), v(1), v(2));
        p.normals[3 * i..3 * i + 3].copy_from_slice(&n);
    }
}
