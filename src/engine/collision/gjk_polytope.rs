//! The expanding polytope of EPA (upstream's `Polytope`, `epa` and the initial polytopes in
//! engine_collision_gjk.c): faces with their adjacency, the map of candidate faces, the horizon
//! seen from a new support point, and the storage the polytope lives in.

use super::*;

/// A triangle of the expanding polytope.
#[repr(C)]
#[derive(Clone, Copy)]
pub(super) struct Face {
    /// vertex indices
    pub(super) verts: [i32; 3],
    /// neighbouring faces across edges (v1,v2), (v2,v3), (v3,v1)
    adj: [i32; 3],
    /// origin projected on the face
    v: V3,
    /// squared norm of v
    dist2: f64,
    /// position in the map; -1 not in map, -2 deleted
    index: i32,
}

impl Face {
    const ZERO: Face = Face { verts: [0; 3], adj: [0; 3], v: [0.0; 3], dist2: 0.0, index: 0 };
}

/// The polytope of EPA over borrowed storage.
pub(super) struct Polytope<'s> {
    pub(super) verts: &'s mut [Vertex],
    nverts: usize,
    pub(super) faces: &'s mut [Face],
    nfaces: usize,
    /// candidate faces (face indices)
    map: &'s mut [i32],
    nmap: usize,
    /// horizon: faces and their edges seen from `hor_w`
    hor_indices: &'s mut [i32],
    hor_edges: &'s mut [i32],
    nedges: usize,
    hor_w: V3,
}

/// Thread-local EPA storage for up to `MAX_EPA_ITERATIONS` iterations.
struct EpaStore {
    verts: [Vertex; 5 + MAX_EPA_ITERATIONS],
    faces: [Face; 6 * MAX_EPA_ITERATIONS],
    map: [i32; 6 * MAX_EPA_ITERATIONS],
    indices: [i32; 6 + MAX_EPA_ITERATIONS],
    edges: [i32; 6 + MAX_EPA_ITERATIONS],
}

thread_local! {
    static EPA_STORE: RefCell<EpaStore> = const {
        RefCell::new(EpaStore {
            verts: [Vertex::ZERO; 5 + MAX_EPA_ITERATIONS],
            faces: [Face::ZERO; 6 * MAX_EPA_ITERATIONS],
            map: [0; 6 * MAX_EPA_ITERATIONS],
            indices: [0; 6 + MAX_EPA_ITERATIONS],
            edges: [0; 6 + MAX_EPA_ITERATIONS],
        })
    };
}

/// `x % 3` for `x < 6`.
#[inline(always)]
fn wrap3(x: usize) -> usize {
    if x >= 3 {
        x - 3
    } else {
        x
    }
}

impl Polytope<'_> {
    fn insert_vertex(&mut self, v: &Vertex) -> usize {
        let n = self.nverts;
        self.nverts += 1;
        self.verts[n] = *v;
        n
    }

    /// Adds a face; returns its squared distance to the origin (0 if degenerate).
    #[inline]
    fn attach_face(&mut self, v1: usize, v2: usize, v3: usize, adj1: usize, adj2: usize, adj3: usize) -> f64 {
        let f = self.nfaces;
        self.nfaces += 1;
        let face = &mut self.faces[f];
        face.verts = [v1 as i32, v2 as i32, v3 as i32];
        face.adj = [adj1 as i32, adj2 as i32, adj3 as i32];
        let verts = &*self.verts;
        debug_assert!(v1.max(v2).max(v3) < self.nverts);
        // SAFETY: the polytope only names vertices it has inserted (below nverts <= verts.len())
        let (p1, p2, p3) =
            unsafe { (&verts.get_unchecked(v1).vert, &verts.get_unchecked(v2).vert, &verts.get_unchecked(v3).vert) };
        face_projection(face, p3, p2, p1)
    }

    /// Puts the first `n` faces in the map.
    fn fill_map(&mut self, n: usize) {
        for i in 0..n {
            self.map[i] = i as i32;
            self.faces[i].index = i as i32;
        }
        self.nmap = n;
    }

    /// Removes a face from the map and marks it deleted.
    #[inline]
    fn delete_face(&mut self, f: usize) {
        debug_assert!(f < self.nfaces && self.nmap <= self.map.len());
        // SAFETY: f is an attached face; a face's map position is below nmap and the map holds
        // attached faces, all kept so by this polytope
        unsafe {
            let idx = self.faces.get_unchecked(f).index;
            if idx >= 0 {
                self.nmap -= 1;
                let last = *self.map.get_unchecked(self.nmap);
                *self.map.get_unchecked_mut(idx as usize) = last;
                self.faces.get_unchecked_mut(last as usize).index = idx;
            }
            self.faces.get_unchecked_mut(f).index = -2;
        }
    }

    fn add_edge(&mut self, index: usize, edge: usize) {
        self.hor_edges[self.nedges] = edge as i32;
        self.hor_indices[self.nedges] = index as i32;
        self.nedges += 1;
    }

    /// Edge of face `f` starting at `vertex`.
    fn get_edge(&self, f: usize, vertex: i32) -> usize {
        let v = &self.faces[f].verts;
        if v[0] == vertex {
            0
        } else if v[1] == vertex {
            1
        } else {
            2
        }
    }

    /// Deletes face `f` if visible from w and recurses into its other neighbours; true if
    /// deleted.
    fn horizon_rec(&mut self, f: usize, e: usize) -> bool {
        let face = &self.faces[f];
        if dot3(&face.v, &self.hor_w) - face.dist2 > mjMINVAL {
            let (fadj, fverts) = (face.adj, face.verts);
            self.delete_face(f);
            for k in 1..3 {
                let i = wrap3(e + k);
                let adj = fadj[i] as usize;
                debug_assert!(adj < self.nfaces);
                // SAFETY: adjacency names faces the polytope has attached (below nfaces)
                if unsafe { self.faces.get_unchecked(adj) }.index > -2 {
                    let adj_edge = self.get_edge(adj, fverts[wrap3(i + 1)]);
                    if !self.horizon_rec(adj, adj_edge) {
                        self.add_edge(adj, adj_edge);
                    }
                }
            }
            return true;
        }
        false
    }

    /// Builds the horizon seen from `hor_w`, starting from face `f`.
    fn horizon(&mut self, f: usize) {
        self.delete_face(f);
        let (fadj, fverts) = (self.faces[f].adj, self.faces[f].verts);

        let adj = fadj[0] as usize;
        let adj_edge = self.get_edge(adj, fverts[1]);
        if !self.horizon_rec(adj, adj_edge) {
            self.add_edge(adj, adj_edge);
        }

        let adj = fadj[1] as usize;
        let adj_edge = self.get_edge(adj, fverts[2]);
        if self.faces[adj].index > -2 && !self.horizon_rec(adj, adj_edge) {
            self.add_edge(adj, adj_edge);
        }

        let adj = fadj[2] as usize;
        let adj_edge = self.get_edge(adj, fverts[0]);
        if self.faces[adj].index > -2 && !self.horizon_rec(adj, adj_edge) {
            self.add_edge(adj, adj_edge);
        }
    }
}

/// Projects the origin on a new face's plane: sets its point and squared distance (computed from
/// registers, before the point is stored) and returns the distance, or 0 if the face is degenerate
/// (then the face is left as it was).
#[inline(never)]
fn face_projection(face: &mut Face, p1: &V3, p2: &V3, p3: &V3) -> f64 {
    let Some(v) = origin_on_plane(p1, p2, p3) else { return 0.0 };
    let dist2 = dot3(&v, &v);
    face.v = v;
    face.dist2 = dist2;
    face.index = -1;
    dist2
}

/// Adds the support vertex along `d` (normalised by `dnorm`) to the polytope.
fn epa_support(pt: &mut Polytope, pair: &mut Pair, d: &V3, dnorm: f64) -> usize {
    let mut dir = [1.0, 0.0, 0.0];
    let mut dir_neg = [-1.0, 0.0, 0.0];
    if dnorm > mjMINVAL {
        dir = [d[0] / dnorm, d[1] / dnorm, d[2] / dnorm];
        dir_neg = scl3(&dir, -1.0);
    }
    let n = pt.nverts;
    pt.nverts += 1;
    pair.support(&mut pt.verts[n], &dir, &dir_neg);
    n
}

/// Replaces the status simplex by three polytope vertices and empties the polytope.
fn replace_simplex3(pt: &mut Polytope, status: &mut CcdStatus, v1: usize, v2: usize, v3: usize) {
    status.nsimplex = 3;
    status.simplex[0] = pt.verts[v1];
    status.simplex[1] = pt.verts[v2];
    status.simplex[2] = pt.verts[v3];
    pt.nfaces = 0;
    pt.nverts = 0;
    pt.nmap = 0;
}

/// True if the origin and p3 lie strictly on the same side of plane (p0, p1, p2).
fn same_side(p0: &V3, p1: &V3, p2: &V3, p3: &V3) -> bool {
    let diff1 = sub3(p1, p0);
    let diff2 = sub3(p2, p0);
    let n = cross3(&diff1, &diff2);
    let diff3 = sub3(p3, p0);
    let dot1 = dot3(&n, &diff3);
    let diff4 = scl3(p0, -1.0);
    let dot2 = dot3(&n, &diff4);
    (dot1 > 0.0 && dot2 > 0.0) || (dot1 < 0.0 && dot2 < 0.0)
}

/// True if the origin is inside the tetrahedron.
fn test_tetra(p0: &V3, p1: &V3, p2: &V3, p3: &V3) -> bool {
    same_side(p0, p1, p2, p3) && same_side(p1, p2, p3, p0) && same_side(p2, p3, p0, p1) && same_side(p3, p0, p1, p2)
}

/// Rotation by 120 degrees about `axis`.
fn rotmat(axis: &V3) -> [f64; 9] {
    let n = norm3(axis);
    let (u1, u2, u3) = (axis[0] / n, axis[1] / n, axis[2] / n);
    let sin = 0.86602540378;
    let cos = -0.5;
    [
        cos + u1 * u1 * (1.0 - cos),
        u1 * u2 * (1.0 - cos) - u3 * sin,
        u1 * u3 * (1.0 - cos) + u2 * sin,
        u2 * u1 * (1.0 - cos) + u3 * sin,
        cos + u2 * u2 * (1.0 - cos),
        u2 * u3 * (1.0 - cos) - u1 * sin,
        u1 * u3 * (1.0 - cos) - u2 * sin,
        u2 * u3 * (1.0 - cos) + u1 * sin,
        cos + u3 * u3 * (1.0 - cos),
    ]
}

/// Nonzero if the ray v1 -> v2 crosses triangle (v3, v4, v5).
fn ray_triangle(v1: &V3, v2: &V3, v3: &V3, v4: &V3, v5: &V3) -> i32 {
    let diff12 = sub3(v2, v1);
    let diff13 = sub3(v3, v1);
    let diff14 = sub3(v4, v1);
    let diff15 = sub3(v5, v1);
    let vol1 = det3(&diff13, &diff14, &diff12);
    let vol2 = det3(&diff14, &diff15, &diff12);
    let vol3 = det3(&diff15, &diff13, &diff12);
    if vol1 >= 0.0 && vol2 >= 0.0 && vol3 >= 0.0 {
        return 1;
    }
    if vol1 <= 0.0 && vol2 <= 0.0 && vol3 <= 0.0 {
        return -1;
    }
    0
}

/// Initial polytope (hexahedron) around a segment simplex.
fn polytope2(pt: &mut Polytope, status: &mut CcdStatus, pair: &mut Pair) -> i32 {
    let v1 = status.simplex[0].vert;
    let v2 = status.simplex[1].vert;
    let diff = sub3(&v2, &v1);

    // axis of the smallest component
    let mut value = MAX_LIMIT;
    let mut index = 0;
    for i in 0..3 {
        if diff[i].abs() < value {
            value = diff[i].abs();
            index = i;
        }
    }
    let mut e = [0.0; 3];
    e[index] = 1.0;
    let d1 = cross3(&e, &diff);

    // two more directions at 120 degrees about the segment
    let r = rotmat(&diff);
    let d2 = crate::math::blas::mul_mat_vec3(&r, &d1);
    let d3 = crate::math::blas::mul_mat_vec3(&r, &d2);

    let s0 = status.simplex[0];
    let s1 = status.simplex[1];
    let v1i = pt.insert_vertex(&s0);
    let v2i = pt.insert_vertex(&s1);
    let v3i = epa_support(pt, pair, &d1, norm3(&d1));
    let v4i = epa_support(pt, pair, &d2, norm3(&d2));
    let v5i = epa_support(pt, pair, &d3, norm3(&d3));

    let v3 = pt.verts[v3i].vert;
    let v4 = pt.verts[v4i].vert;
    let v5 = pt.verts[v5i].vert;

    let faces: [([usize; 3], [usize; 3]); 6] = [
        ([v1i, v3i, v4i], [1, 3, 2]),
        ([v1i, v5i, v3i], [2, 4, 0]),
        ([v1i, v4i, v5i], [0, 5, 1]),
        ([v2i, v4i, v3i], [5, 0, 4]),
        ([v2i, v3i, v5i], [3, 1, 5]),
        ([v2i, v5i, v4i], [4, 2, 3]),
    ];
    for (v, a) in faces {
        if pt.attach_face(v[0], v[1], v[2], a[0], a[1], a[2]) < MINVAL2 {
            replace_simplex3(pt, status, v[0], v[1], v[2]);
            return polytope3(pt, status, pair);
        }
    }

    // hexahedron must be convex
    if ray_triangle(&v1, &v2, &v3, &v4, &v5) == 0 {
        return EPA_P2_NONCONVEX;
    }

    pt.fill_map(6);
    0
}

/// Affine coordinates of p on triangle (v1, v2, v3).
fn tri_affine_coord(v1: &V3, v2: &V3, v3: &V3, p: &V3) -> [f64; 3] {
    let minors = tri_minors(v1, v2, v3);
    let (m_max, x, y) = tri_axes(&minors);
    let c = tri_cofactors(p, v1, v2, v3, x, y);
    [c[0] / m_max, c[1] / m_max, c[2] / m_max]
}

/// True if p lies on triangle (v1, v2, v3).
fn tri_point_intersect(v1: &V3, v2: &V3, v3: &V3, p: &V3) -> bool {
    let lambda = tri_affine_coord(v1, v2, v3, p);
    if lambda[0] < 0.0 || lambda[1] < 0.0 || lambda[2] < 0.0 {
        return false;
    }
    let pr = [
        v1[0] * lambda[0] + v2[0] * lambda[1] + v3[0] * lambda[2],
        v1[1] * lambda[0] + v2[1] * lambda[1] + v3[1] * lambda[2],
        v1[2] * lambda[0] + v2[2] * lambda[1] + v3[2] * lambda[2],
    ];
    let diff = sub3(&pr, p);
    norm3(&diff) < mjMINVAL
}

/// Initial polytope (hexahedron) around a triangle simplex.
fn polytope3(pt: &mut Polytope, status: &mut CcdStatus, pair: &mut Pair) -> i32 {
    // the simplex is read in place: copying its points to locals first lets LLVM split the copy
    // into stores that the vector loads after it cannot forward from (a stall of ~12 cycles each)
    let s = &status.simplex;
    let (v1, v2, v3) = (&s[0].vert, &s[1].vert, &s[2].vert);

    let diff1 = sub3(v2, v1);
    let diff2 = sub3(v3, v1);
    let n = cross3(&diff1, &diff2);
    let n_norm = norm3(&n);
    if n_norm < mjMINVAL {
        return EPA_P3_BAD_NORMAL;
    }
    let n_neg = scl3(&n, -1.0);

    let v1i = pt.insert_vertex(&s[0]);
    let v2i = pt.insert_vertex(&s[1]);
    let v3i = pt.insert_vertex(&s[2]);
    let v5i = epa_support(pt, pair, &n_neg, n_norm);
    let v4i = epa_support(pt, pair, &n, n_norm);
    let (v4, v5) = (&pt.verts[v4i].vert, &pt.verts[v5i].vert);

    if tri_point_intersect(v1, v2, v3, v4) {
        return EPA_P3_INVALID_V4;
    }
    if tri_point_intersect(v1, v2, v3, v5) {
        return EPA_P3_INVALID_V5;
    }

    if status.dist > 10.0 * mjMINVAL && !test_tetra(v1, v2, v3, v4) && !test_tetra(v1, v2, v3, v5) {
        return EPA_P3_MISSING_ORIGIN;
    }

    let faces: [([usize; 3], [usize; 3]); 6] = [
        ([v4i, v1i, v2i], [1, 3, 2]),
        ([v4i, v3i, v1i], [2, 4, 0]),
        ([v4i, v2i, v3i], [0, 5, 1]),
        ([v5i, v2i, v1i], [5, 0, 4]),
        ([v5i, v1i, v3i], [3, 1, 5]),
        ([v5i, v3i, v2i], [4, 2, 3]),
    ];
    for (v, a) in faces {
        if pt.attach_face(v[0], v[1], v[2], a[0], a[1], a[2]) < MINVAL2 {
            return EPA_P3_ORIGIN_ON_FACE;
        }
    }

    pt.fill_map(6);
    0
}

/// Initial polytope from a tetrahedron simplex.
fn polytope4(pt: &mut Polytope, status: &mut CcdStatus, pair: &mut Pair) -> i32 {
    let s = status.simplex;
    let v1 = pt.insert_vertex(&s[0]);
    let v2 = pt.insert_vertex(&s[1]);
    let v3 = pt.insert_vertex(&s[2]);
    let v4 = pt.insert_vertex(&s[3]);

    // origin on a face: continue from that triangle
    let faces: [([usize; 3], [usize; 3]); 4] =
        [([v1, v2, v3], [1, 3, 2]), ([v1, v4, v2], [2, 3, 0]), ([v1, v3, v4], [0, 3, 1]), ([v4, v3, v2], [2, 0, 1])];
    for (v, a) in faces {
        if pt.attach_face(v[0], v[1], v[2], a[0], a[1], a[2]) < MINVAL2 {
            replace_simplex3(pt, status, v[0], v[1], v[2]);
            return polytope3(pt, status, pair);
        }
    }

    if !test_tetra(&pt.verts[v1].vert, &pt.verts[v2].vert, &pt.verts[v3].vert, &pt.verts[v4].vert) {
        return EPA_P4_MISSING_ORIGIN;
    }

    pt.fill_map(4);
    0
}

/// Witness points of face `f` into x1, x2; returns the signed distance.
fn epa_witness(pt: &Polytope, f: usize, x1: &mut V3, x2: &mut V3) -> f64 {
    let face = &pt.faces[f];
    let v1 = &pt.verts[face.verts[0] as usize];
    let v2 = &pt.verts[face.verts[1] as usize];
    let v3 = &pt.verts[face.verts[2] as usize];
    let lambda = tri_affine_coord(&v1.vert, &v2.vert, &v3.vert, &face.v);
    lincomb(x1, &lambda, 3, [&v1.vert1, &v2.vert1, &v3.vert1, &v3.vert1]);
    lincomb(x2, &lambda, 3, [&v1.vert2, &v2.vert2, &v3.vert2, &v3.vert2]);
    -face.dist2.sqrt()
}

/// Expands the polytope toward the boundary of the Minkowski difference; returns the face that
/// gives the penetration depth (witness points in status).
fn epa(status: &mut CcdStatus, pt: &mut Polytope, pair: &mut Pair) -> Option<usize> {
    let mut upper = MAX_LIMIT;
    let mut upper2 = MAX_LIMIT;
    let mut face: Option<usize> = None;
    let mut tolerance = status.tolerance;
    let discrete = pair.discrete();
    if discrete {
        tolerance = mjMINVAL;
    }

    let kmax = status.max_iterations;
    let mut k = 0;
    while k < kmax {
        let pface = face;

        // closest candidate face
        let mut lower2 = MAX_LIMIT;
        for &fi in &pt.map[..pt.nmap] {
            debug_assert!((fi as usize) < pt.nfaces);
            // SAFETY: the map holds faces the polytope has attached (below nfaces)
            let dist2 = unsafe { pt.faces.get_unchecked(fi as usize) }.dist2;
            if dist2 < lower2 {
                face = Some(fi as usize);
                lower2 = dist2;
            }
        }
        let fi = match face {
            Some(fi) if !(lower2 > upper2) => fi,
            _ => {
                face = pface;
                break;
            }
        };

        if lower2 <= 0.0 {
            crate::mjwarning!("EPA: origin lies on affine hull of face");
            break;
        }

        // support point along the face normal
        let lower = lower2.sqrt();
        let fv = pt.faces[fi].v;
        let wi = epa_support(pt, pair, &fv, lower);
        let w = &pt.verts[wi];
        let (wvert, windex) = (w.vert, (w.index1, w.index2));
        let upper_k = dot3(&fv, &wvert) / lower;
        if upper_k < upper {
            upper = upper_k;
            upper2 = upper * upper;
        }
        if upper - lower < tolerance {
            break;
        }

        // repeated vertex of discrete geoms: converged
        if discrete {
            let nverts = pt.nverts - 1;
            let repeated = pt.verts[..nverts].iter().any(|v| windex.0 == v.index1 && windex.1 == v.index2);
            if repeated {
                break;
            }
        }

        pt.hor_w = wvert;
        pt.horizon(fi);

        // numerical trouble
        if pt.nedges < 3 {
            face = None;
            break;
        }

        let nfaces = pt.nfaces;
        let nedges = pt.nedges;
        if nedges > pt.faces.len() - pt.nfaces {
            crate::mjwarning!("EPA: out of memory for faces on expanding polytope");
            break;
        }

        // cone of new faces from w to the horizon
        for i in 0..nedges {
            let cur = nfaces + i;
            let prev = if i == 0 { nfaces + nedges - 1 } else { cur - 1 };
            let next = if i + 1 == nedges { nfaces } else { cur + 1 };
            let hor_index = pt.hor_indices[i] as usize;
            let hor_edge = pt.hor_edges[i] as usize;
            let hface = &mut pt.faces[hor_index];
            let v1 = hface.verts[hor_edge] as usize;
            let v2 = hface.verts[wrap3(hor_edge + 1)] as usize;
            hface.adj[hor_edge] = cur as i32;
            let dist2 = pt.attach_face(wi, v2, v1, prev, hor_index, next);

            if dist2 == 0.0 {
                face = None;
                break;
            }

            if dist2 >= lower2 && dist2 <= upper2 {
                let idx = pt.nmap;
                pt.nmap += 1;
                pt.map[idx] = (pt.nfaces - 1) as i32;
                pt.faces[pt.nfaces - 1].index = idx as i32;
            }
        }
        if face.is_none() {
            break;
        }
        pt.nedges = 0;

        if pt.nmap == 0 {
            break;
        }
        k += 1;
    }

    status.epa_iterations = k;
    match face {
        Some(f) => {
            let mut x1 = [0.0; 3];
            let mut x2 = [0.0; 3];
            status.dist = epa_witness(pt, f, &mut x1, &mut x2);
            set3(&mut status.x1, 0, &x1);
            set3(&mut status.x2, 0, &x2);
            status.nx = 1;
        }
        None => {
            status.nx = 0;
            status.dist = 0.0;
        }
    }
    face
}

// ------------------------------------------------------------------------------------------------
// storage

/// Bytes upstream reserves per face and per vertex in EPA memory from the stack or callbacks.
const C_FACE: usize = 64;
const C_VERTEX: usize = 80;
const _: () = assert!(core::mem::size_of::<Face>() <= C_FACE && core::mem::align_of::<Face>() <= 8);
const _: () = assert!(core::mem::size_of::<Vertex>() <= C_VERTEX && core::mem::align_of::<Vertex>() <= 8);

/// Builds the initial polytope and runs EPA (and multicontact) over the given storage.
fn run_epa(pt: &mut Polytope, status: &mut CcdStatus, pair: &mut Pair, max_contacts: i32) {
    let ret = match status.nsimplex {
        2 => polytope2(pt, status, pair),
        3 => polytope3(pt, status, pair),
        _ => polytope4(pt, status, pair),
    };
    status.epa_status = ret;
    if ret == 0 {
        if let Some(f) = epa(status, pt, pair) {
            if max_contacts > 1 {
                multicontact(pt, f, status, pair);
            }
        }
    }
}

/// Runs EPA with the thread-local buffers (up to `MAX_EPA_ITERATIONS`) or with memory from
/// `config.stack`.
pub(super) fn epa_with_storage(config: &CcdConfig, status: &mut CcdStatus, pair: &mut Pair) {
    let n = config.max_iterations.max(0) as usize;
    if n <= MAX_EPA_ITERATIONS {
        let done = EPA_STORE.with(|cell| {
            let Ok(mut store) = cell.try_borrow_mut() else { return false };
            let store = &mut *store;
            let mut pt = Polytope {
                verts: &mut store.verts,
                nverts: 0,
                faces: &mut store.faces,
                nfaces: 0,
                map: &mut store.map,
                nmap: 0,
                hor_indices: &mut store.indices,
                hor_edges: &mut store.edges,
                nedges: 0,
                hor_w: [0.0; 3],
            };
            run_epa(&mut pt, status, pair, config.max_contacts);
            true
        });
        if done {
            return;
        }
    }

    // memory from mjData's stack or the caller's callback, sized as upstream's request
    let n = n.max(MAX_EPA_ITERATIONS);
    let c_face = C_FACE;
    let c_vertex = C_VERTEX;
    let nbytes = c_face * 6 * n + 8 * 6 * n + c_vertex * (5 + n) + 2 * (4 * (6 + n));
    let buf = match config.memory {
        EpaMemory::Stack(d) => {
            if d.is_null() {
                crate::mjerror!("mjc_ccd", "no memory available for EPA with {} iterations", config.max_iterations);
                return;
            }
            // SAFETY: a non-null `Stack` pointer is the mjData of the collision pipeline running
            // on this thread (EpaMemory's contract); mjData is not Sync, and nothing holds a
            // borrow of its stack bookkeeping during the narrowphase; the frame is freed below
            unsafe {
                crate::engine::mark(&mut *d);
                crate::data::stack::stack_alloc(&mut *d, nbytes, 8) as *mut u8
            }
        }
        EpaMemory::Callbacks { context, alloc, .. } => {
            let Some(alloc) = alloc else {
                crate::mjerror!("mjc_ccd", "no allocator given for EPA with {} iterations", config.max_iterations);
                return;
            };
            // SAFETY: the C caller's allocator and its context from its mjCCDConfig
            // (EpaMemory's contract), called as upstream calls it
            unsafe { alloc(context, nbytes) as *mut u8 }
        }
    };
    if !buf.is_null() && (buf as usize).is_multiple_of(8) {
        // SAFETY: `buf` holds `nbytes` writable bytes, 8-aligned (checked above), owned by this
        // call until it is freed below; the five slices are carved one after another from it
        // (sizes of Vertex and Face are `c_vertex` and `c_face`, asserted at compile time), do
        // not overlap, end within `nbytes`, and all-zero bytes are valid values of their types
        let (verts, faces, map, indices, edges) = unsafe {
            core::ptr::write_bytes(buf, 0, nbytes);
            let verts = core::slice::from_raw_parts_mut(buf as *mut Vertex, 5 + n);
            let mut off = c_vertex * (5 + n);
            let faces = core::slice::from_raw_parts_mut(buf.add(off) as *mut Face, 6 * n);
            off += c_face * 6 * n;
            let map = core::slice::from_raw_parts_mut(buf.add(off) as *mut i32, 6 * n);
            off += 8 * 6 * n;
            let indices = core::slice::from_raw_parts_mut(buf.add(off) as *mut i32, 6 + n);
            off += 4 * (6 + n);
            let edges = core::slice::from_raw_parts_mut(buf.add(off) as *mut i32, 6 + n);
            (verts, faces, map, indices, edges)
        };
        let mut pt = Polytope {
            verts,
            nverts: 0,
            faces,
            nfaces: 0,
            map,
            nmap: 0,
            hor_indices: indices,
            hor_edges: edges,
            nedges: 0,
            hor_w: [0.0; 3],
        };
        run_epa(&mut pt, status, pair, config.max_contacts);
    }
    match config.memory {
        // SAFETY: as for the allocation above (d is not null: that case returned)
        EpaMemory::Stack(d) => unsafe { crate::engine::free(&mut *d) },
        EpaMemory::Callbacks { context, free, .. } => {
            if let (Some(free), false) = (free, buf.is_null()) {
                // SAFETY: the caller's own free callback on what its alloc returned
                unsafe { free(context, buf as *mut core::ffi::c_void) };
            }
        }
    }
}
