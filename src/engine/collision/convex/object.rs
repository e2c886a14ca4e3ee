//! The convex object of the CCD algorithms (upstream's `mjCCDObj`): support points of every
//! convex shape, meshes by linear scan or hill climbing, height-field prisms, flex elements
//! and vertices, and libccd's view of it.

use super::super::libccd::MprObject;
use crate::abi::*;
use crate::engine::{v3, v9};
use crate::math::blas::{
    add_to3, add_to_scl3, dot3_split, mul_mat_t_vec3, mul_mat_t_vec3_split, mul_mat_vec3, normalize3, scalar_lane,
};
use crate::math::misc::sign;

use mjtGeom_::*;

/// Below this many vertices a mesh's support point comes from a linear scan
/// (upstream's `mjMESH_HILLCLIMB_MIN`).
pub const MESH_HILLCLIMB_MIN: i32 = 10;

const MINVAL2: f64 = mjMINVAL * mjMINVAL;

/// Which support function an object uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Undefined,
    Sphere,
    Capsule,
    Ellipsoid,
    Cylinder,
    Box,
    /// mesh by linear scan over all vertices
    Mesh,
    /// mesh by hill climbing over the vertex graph
    HillClimb,
    /// one height-field prism (`prism`)
    Prism,
    Flex,
    /// a C caller's own support function (`mjc_ccd` on an object whose `support` is not one
    /// of this library's)
    Foreign,
    /// the geom centre only: a sphere shrunk to a point for the first GJK pass
    Point,
    /// the geom's axis segment: a capsule shrunk to a line for the first GJK pass
    Line,
}

/// Which centre function an object uses.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum CenterMode {
    /// geom position, flex element centre or flex vertex (`mjc_center`)
    Plain,
    /// mean of the prism vertices
    Prism,
    /// a C caller's own centre function
    Foreign,
}

/// A support function: writes the object's farthest point along a direction (see
/// [`CcdObj::support`]) into its last argument, which is where the caller keeps it.
pub(crate) type SupportFn = fn(&mut CcdObj, &[f64; 3], &mut [f64; 3]);

/// Most vertices of a flex element (a tetrahedron).
const FLEX_MAXVERT: usize = 4;

/// A convex object for the CCD algorithms (upstream's `mjCCDObj`): a geom, a flex element or
/// a flex vertex, with its margin.
///
/// The object keeps its own copy of the geom's frame and size (and of a flex element's
/// vertices and centre): the convex functions that move a geom or element temporarily (to
/// perturb it, or to express it in a height field's frame) move the copy, where upstream
/// writes into mjData and puts the values back. Its mesh arrays are looked up once here, and
/// a height-field prism lives with the caller and is only borrowed by prism objects.
pub struct CcdObj<'a> {
    pub m: &'a mjModel,
    pub d: &'a mjData,
    /// geom id, or -1 for flex objects
    pub geom: i32,
    /// geom type (`mjtGeom`), or `mjGEOM_FLEX` for flex objects
    pub geom_type: i32,
    /// index of the mesh vertex (or box corner) returned by the last support call (-1 if none)
    pub vertindex: i32,
    /// warm start of mesh searches: graph-local vertex id (hill climbing) or vertex id
    pub meshindex: i32,
    pub flex: i32,
    pub elem: i32,
    pub vert: i32,
    pub(crate) kind: Kind,
    pub(crate) center_mode: CenterMode,
    pub margin: f64,
    /// the geom's global position and orientation (from mjData, or as moved by the convex
    /// functions) and its size (zeros for flex and bare prism objects)
    gpos: [f64; 3],
    gmat: [f64; 9],
    gsize: [f64; 3],
    /// vertices of the geom's mesh (empty unless the geom is a mesh)
    mverts: &'a [[f32; 3]],
    /// vertex graph of the geom's mesh (empty unless the mesh has one)
    graph: MeshGraph<'a>,
    /// height-field prism vertices, 0..3 bottom and 3..6 top (prism objects only)
    pub prism: Option<&'a mut [[f64; 3]; 6]>,
    /// the C object this one mirrors (for foreign support and centre functions), or null.
    /// Invariant: null, or the live C object the C caller handed to `ccd_obj`'s entry points,
    /// for as long as this object lives (only `ccd_obj::engine_obj` sets it).
    pub(crate) cobj: *mut core::ffi::c_void,
    /// flex objects (see [`CcdObj::set_flex`]): the positions of the element's vertices (in
    /// element order) or of the vertex (a vertex object), `fnvert` of them; `fnvert` is 0 when
    /// the ids were not resolved
    fverts: [[f64; 3]; FLEX_MAXVERT],
    fnvert: usize,
    /// the element's bounding-box centre or the vertex (`mjc_center`)
    fcenter: [f64; 3],
    fradius: f64,
}

/// Geom `g`'s entries of `geom_xpos`, `geom_xmat` and `geom_size` (None for an id out of range).
#[inline(always)]
fn geom_data(m: &mjModel, d: &mjData, g: usize) -> Option<([f64; 3], [f64; 9], [f64; 3])> {
    let dr = d.arrays(m);
    let pos = dr.geom_xpos.get(3 * g..3 * g + 3)?;
    let mat = dr.geom_xmat.get(9 * g..9 * g + 9)?;
    let size = m.geom_size().get(3 * g..3 * g + 3)?;
    Some((*v3(pos, 0), *v9(mat, 0), *v3(size, 0)))
}

/// 3-vector widened from single precision.
#[inline(always)]
pub(super) fn vf(v: &[f32; 3]) -> [f64; 3] {
    [v[0] as f64, v[1] as f64, v[2] as f64]
}

/// a . v with v in single precision.
#[inline(always)]
pub(super) fn dot3f(a: &[f64; 3], v: &[f32; 3]) -> f64 {
    a[0] * v[0] as f64 + a[1] * v[1] as f64 + a[2] * v[2] as f64
}

/// Index of the first vertex whose dot product with `dir` is the largest, when that value is
/// above `best`; `ibest` otherwise (a strict scan from vertex 0 with `best` as the starting
/// maximum). Long meshes are scanned in four interleaved lanes, keeping the comparisons off one
/// dependency chain; each lane keeps its first maximum and ties across lanes go to the lowest
/// index, which gives the same answer.
#[inline]
fn scan_max(dir: &[f64; 3], verts: &[[f32; 3]], mut best: f64, mut ibest: usize) -> usize {
    let n = verts.len();
    if n < 32 {
        for (i, v) in verts.iter().enumerate() {
            let vdot = dot3f(dir, v);
            if vdot > best {
                best = vdot;
                ibest = i;
            }
        }
        return ibest;
    }
    let mut lane_best = [f64::NEG_INFINITY; 4];
    let mut lane_idx = [usize::MAX; 4];
    let (quads, tail) = verts.as_chunks::<4>();
    for (q, c) in quads.iter().enumerate() {
        for k in 0..4 {
            let v = dot3f(dir, &c[k]);
            if v > lane_best[k] {
                lane_best[k] = v;
                lane_idx[k] = 4 * q + k;
            }
        }
    }
    let tail_start = 4 * quads.len();
    for (k, t) in tail.iter().enumerate() {
        let v = dot3f(dir, t);
        if v > lane_best[k] {
            lane_best[k] = v;
            lane_idx[k] = tail_start + k;
        }
    }
    let mut lbest = f64::NEG_INFINITY;
    let mut idx = usize::MAX;
    for k in 0..4 {
        if lane_idx[k] != usize::MAX && (lane_best[k] > lbest || (lane_best[k] == lbest && lane_idx[k] < idx)) {
            lbest = lane_best[k];
            idx = lane_idx[k];
        }
    }
    if idx != usize::MAX && lbest > best {
        idx
    } else {
        ibest
    }
}

/// mat * local + pos.
#[inline(always)]
fn local_to_global(mat: &[f64; 9], local: &[f64; 3], pos: &[f64; 3]) -> [f64; 3] {
    let r = mul_mat_vec3(mat, local);
    [r[0] + pos[0], r[1] + pos[1], r[2] + pos[2]]
}

/// The vertex graph of a mesh: edge list start per vertex, global vertex ids, and the
/// -1 terminated neighbour lists (graph-local ids).
#[derive(Clone, Copy)]
pub(super) struct MeshGraph<'a> {
    pub(super) edgeadr: &'a [i32],
    pub(super) globalid: &'a [i32],
    pub(super) localid: &'a [i32],
}

impl<'a> MeshGraph<'a> {
    pub(super) const EMPTY: MeshGraph<'static> = MeshGraph { edgeadr: &[], globalid: &[], localid: &[] };

    /// The graph of mesh `mesh`, or None when it has none.
    pub(super) fn new(m: &'a mjModel, mesh: usize) -> Option<Self> {
        let graph = m.mesh_graph();
        let adr = *m.mesh_graphadr().get(mesh)?;
        if adr < 0 {
            return None;
        }
        let adr = adr as usize;
        let nv = *graph.get(adr)? as usize;
        Some(MeshGraph {
            edgeadr: graph.get(adr + 2..adr + 2 + nv)?,
            globalid: graph.get(adr + 2 + nv..adr + 2 + 2 * nv)?,
            localid: graph.get(adr + 2 + 2 * nv..)?,
        })
    }

    /// Neighbours (graph-local ids) of graph vertex `v`.
    pub(super) fn neighbours(&self, v: i32) -> impl Iterator<Item = i32> + '_ {
        self.localid[self.edgeadr[v as usize] as usize..].iter().copied().take_while(|&x| x >= 0)
    }
}

/// Vertices of the mesh given by geom `g`'s data id, and its graph when the mesh has one and
/// either `graph` is set or the mesh is large enough for hill climbing (empty when ids are out
/// of range).
pub(super) fn mesh_arrays(m: &mjModel, g: usize, graph: bool) -> (&[[f32; 3]], MeshGraph<'_>) {
    let mut res = (&[][..], MeshGraph::EMPTY);
    let Some(&mesh) = m.geom_dataid().get(g) else { return res };
    if mesh < 0 {
        return res;
    }
    let mesh = mesh as usize;
    let (Some(&adr), Some(&n)) = (m.mesh_vertadr().get(mesh), m.mesh_vertnum().get(mesh)) else { return res };
    let (adr, n) = (adr.max(0) as usize, n.max(0) as usize);
    if let Some(v) = m.mesh_vert().get(3 * adr..3 * (adr + n)) {
        res.0 = v.as_chunks::<3>().0;
    }
    if graph || n >= MESH_HILLCLIMB_MIN as usize {
        if let Some(gr) = MeshGraph::new(m, mesh) {
            res.1 = gr;
        }
    }
    res
}

/// Support and centre kinds of geom `g` of type `t` (as upstream's `mjc_initCCDObj` picks the
/// functions), given its mesh's vertex count and whether the mesh graph was loaded.
#[inline(always)]
fn geom_kind(m: &mjModel, g: usize, t: i32, nvert: usize, has_graph: bool) -> (Kind, CenterMode) {
    let kind = if t == mjGEOM_ELLIPSOID as i32 {
        Kind::Ellipsoid
    } else if (t == mjGEOM_MESH as i32 || t == mjGEOM_SDF as i32) && m.geom_dataid()[g] >= 0 {
        if !has_graph || nvert < MESH_HILLCLIMB_MIN as usize {
            Kind::Mesh
        } else {
            Kind::HillClimb
        }
    } else if t == mjGEOM_SPHERE as i32 {
        Kind::Sphere
    } else if t == mjGEOM_CAPSULE as i32 {
        Kind::Capsule
    } else if t == mjGEOM_CYLINDER as i32 {
        Kind::Cylinder
    } else if t == mjGEOM_BOX as i32 {
        Kind::Box
    } else if t == mjGEOM_HFIELD as i32 {
        return (Kind::Prism, CenterMode::Prism);
    } else {
        Kind::Undefined
    };
    (kind, CenterMode::Plain)
}

/// Of `first` and `rest`, the first point farthest along `dir`, moved `inflate` along `dir`
/// (a flex element's or vertex's support point, `mjc_flexSupport`).
#[inline(always)]
fn farthest_inflated<'p>(
    first: &[f64; 3],
    rest: impl Iterator<Item = &'p [f64; 3]>,
    dir: &[f64; 3],
    inflate: f64,
) -> [f64; 3] {
    let mut res = *first;
    let mut best = dot3_split(&res, dir);
    for p in rest {
        let dot = dot3_split(p, dir);
        if dot > best {
            best = dot;
            res = *p;
        }
    }
    add_to_scl3(&mut res, dir, inflate);
    res
}

impl<'a> CcdObj<'a> {
    /// Object for geom `g` (or a flex object when `g` is negative; set `flex`, `elem`, `vert`
    /// afterwards) with `margin` (`mjc_initCCDObj`). A height-field object needs its `prism`
    /// set before its support or centre is asked for. `d` is data made for `m`; a geom id
    /// out of range panics.
    #[inline(always)]
    pub fn new(m: &'a mjModel, d: &'a mjData, g: i32, margin: f64) -> Self {
        if g < 0 {
            return Self::bare(m, d, g, mjGEOM_FLEX as i32, Kind::Flex, margin);
        }
        // every field written once, in place (two objects are made per convex pair)
        let gi = g as usize;
        let geom_type = m.geom_type()[gi];
        let (mverts, graph) = if geom_type == mjGEOM_MESH as i32 || geom_type == mjGEOM_SDF as i32 {
            mesh_arrays(m, gi, false)
        } else {
            (&[][..], MeshGraph::EMPTY)
        };
        let (kind, center_mode) = geom_kind(m, gi, geom_type, mverts.len(), !graph.edgeadr.is_empty());
        let (gpos, gmat, gsize) = geom_data(m, d, gi).expect("geom frame of data made for the model");
        CcdObj {
            m,
            d,
            geom: g,
            geom_type,
            vertindex: -1,
            meshindex: -1,
            flex: -1,
            elem: -1,
            vert: -1,
            kind,
            center_mode,
            margin,
            gpos,
            gmat,
            gsize,
            mverts,
            graph,
            prism: None,
            cobj: core::ptr::null_mut(),
            fverts: [[0.0; 3]; FLEX_MAXVERT],
            fnvert: 0,
            fcenter: [0.0; 3],
            fradius: 0.0,
        }
    }

    /// An object with no geom data loaded.
    #[inline(always)]
    fn bare(m: &'a mjModel, d: &'a mjData, geom: i32, geom_type: i32, kind: Kind, margin: f64) -> Self {
        CcdObj {
            m,
            d,
            geom,
            geom_type,
            vertindex: -1,
            meshindex: -1,
            flex: -1,
            elem: -1,
            vert: -1,
            kind,
            center_mode: CenterMode::Plain,
            margin,
            gpos: [0.0; 3],
            gmat: [0.0; 9],
            gsize: [0.0; 3],
            mverts: &[],
            graph: MeshGraph::EMPTY,
            prism: None,
            cobj: core::ptr::null_mut(),
            fverts: [[0.0; 3]; FLEX_MAXVERT],
            fnvert: 0,
            fcenter: [0.0; 3],
            fradius: 0.0,
        }
    }

    /// Makes this a flex element (`e >= 0`) or flex vertex object of flex `f` and copies its
    /// vertices, centre and radius, once; ids out of range are kept but left unresolved
    /// (support and centre then index mjData with checks).
    pub fn set_flex(&mut self, f: i32, e: i32, v: i32) {
        (self.flex, self.elem, self.vert) = (f, e, v);
        self.fnvert = 0;
        let (m, d) = (self.m, self.d);
        let Some(&radius) = usize::try_from(f).ok().and_then(|f| m.flex_radius().get(f)) else { return };
        let f = f as usize;
        let vadr = m.flex_vertadr()[f] as usize;
        let vnum = m.flex_vertnum()[f] as usize;
        let dr = d.arrays(m);
        let Some(xpos) = dr.flexvert_xpos.get(3 * vadr..3 * (vadr + vnum)) else { return };
        if e >= 0 {
            let dim = m.flex_dim()[f] as usize;
            let e = e as usize;
            if e >= m.flex_elemnum()[f] as usize || dim + 1 > FLEX_MAXVERT {
                return;
            }
            let start = m.flex_elemdataadr()[f] as usize + e * (dim + 1);
            let Some(edata) = m.flex_elem().get(start..start + dim + 1) else { return };
            if edata.iter().any(|&i| i < 0 || i as usize >= vnum) {
                return;
            }
            let a = 6 * (m.flex_elemadr()[f] as usize + e);
            let Some(aabb) = dr.flexelem_aabb.get(a..a + 3) else { return };
            for (dst, &i) in self.fverts.iter_mut().zip(edata) {
                *dst = *v3(xpos, i as usize);
            }
            self.fcenter = *v3(aabb, 0);
            self.fnvert = dim + 1;
        } else {
            if v < 0 || v as usize >= vnum {
                return;
            }
            self.fverts[0] = *v3(xpos, v as usize);
            self.fcenter = self.fverts[0];
            self.fnvert = 1;
        }
        self.fradius = radius;
    }

    /// The copied vertices of a resolved flex object (see [`CcdObj::set_flex`]), in element
    /// order, and its centre, for moving the element temporarily.
    pub(crate) fn flex_verts_mut(&mut self) -> (&mut [[f64; 3]], &mut [f64; 3]) {
        (&mut self.fverts[..self.fnvert], &mut self.fcenter)
    }

    /// A bare height-field prism object (as upstream's `mjc_HFieldElem` sets one up).
    pub(crate) fn new_prism(m: &'a mjModel, d: &'a mjData, prism: &'a mut [[f64; 3]; 6]) -> Self {
        let mut obj = Self::bare(m, d, -1, mjGEOM_HFIELD as i32, Kind::Prism, 0.0);
        obj.center_mode = CenterMode::Prism;
        obj.prism = Some(prism);
        obj
    }

    /// Vertices and graph of the mesh given by the geom's data id (see [`mesh_arrays`]).
    pub(crate) fn load_mesh(&mut self, graph: bool) {
        (self.mverts, self.graph) = mesh_arrays(self.m, self.geom as usize, graph);
    }

    /// Loads the geom's position, orientation and size (after `geom` is set; nothing for ids
    /// out of range).
    #[inline]
    pub(crate) fn load_geom_frame(&mut self) {
        if self.geom >= 0 && self.geom < self.m.ngeom {
            if let Some((pos, mat, size)) = geom_data(self.m, self.d, self.geom as usize) {
                (self.gpos, self.gmat, self.gsize) = (pos, mat, size);
            }
        }
    }

    /// Moves the geom's copy of its frame (the convex functions move geoms temporarily).
    #[inline]
    pub(crate) fn set_frame(&mut self, pos: &[f64; 3], mat: &[f64; 9]) {
        (self.gpos, self.gmat) = (*pos, *mat);
    }

    /// The geom's global position and orientation.
    #[inline(always)]
    pub(crate) fn frame(&self) -> (&[f64; 3], &[f64; 9]) {
        (&self.gpos, &self.gmat)
    }

    /// The geom's global position.
    #[inline(always)]
    pub(crate) fn pos(&self) -> &[f64; 3] {
        &self.gpos
    }

    /// The geom's global orientation.
    #[inline(always)]
    pub(crate) fn mat(&self) -> &[f64; 9] {
        &self.gmat
    }

    /// The geom's size.
    #[inline(always)]
    pub(crate) fn size(&self) -> &[f64; 3] {
        &self.gsize
    }

    /// Centre of the object in global coordinates (`mjc_center`; the prism mean for prisms).
    #[inline]
    pub fn center(&self) -> [f64; 3] {
        match self.center_mode {
            CenterMode::Plain if self.geom >= 0 => *self.pos(),
            CenterMode::Plain => self.center_plain(),
            CenterMode::Prism => self.center_prism(),
            CenterMode::Foreign => super::super::ccd_obj::foreign_center(self),
        }
    }

    /// Mean of the prism vertices (upstream's `mjc_prism_center`; zeros without a prism).
    pub fn center_prism(&self) -> [f64; 3] {
        let mut res = [0.0; 3];
        if let Some(prism) = &self.prism {
            for p in prism.iter() {
                add_to3(&mut res, p);
            }
        }
        let s = 1.0 / 6.0;
        [res[0] * s, res[1] * s, res[2] * s]
    }

    /// Geom position, flex element centre or flex vertex (upstream's `mjc_center`).
    pub fn center_plain(&self) -> [f64; 3] {
        let (m, d) = (self.m, self.d);
        if self.geom >= 0 {
            *self.pos()
        } else if self.fnvert > 0 {
            self.fcenter
        } else if self.elem >= 0 {
            let i = (m.flex_elemadr()[self.flex as usize] + self.elem) as usize;
            *v3(&d.arrays(m).flexelem_aabb[6 * i..6 * i + 3], 0)
        } else {
            let i = (m.flex_vertadr()[self.flex as usize] + self.vert) as usize;
            *v3(d.arrays(m).flexvert_xpos, i)
        }
    }

    /// Support point of the object in direction `dir` (global coordinates), as upstream's
    /// `obj->support`: geoms and prisms without margin (the CCD adds half the margin of a geom
    /// itself), flex objects with their radius plus half the margin. Sets `vertindex` for
    /// boxes and meshes, `meshindex` for hill-climbed meshes.
    #[inline]
    pub fn support(&mut self, dir: &[f64; 3]) -> [f64; 3] {
        match self.kind {
            Kind::Mesh => self.support_mesh(dir),
            Kind::Box => self.support_box(dir),
            Kind::HillClimb => self.support_hillclimb(dir),
            Kind::Ellipsoid => self.support_ellipsoid(dir),
            Kind::Sphere => self.support_sphere(dir),
            Kind::Capsule => self.support_capsule(dir),
            Kind::Cylinder => self.support_cylinder(dir),
            Kind::Point => *self.pos(),
            Kind::Line => self.support_line(dir),
            Kind::Prism => self.support_prism(dir),
            Kind::Flex => self.support_flex(dir),
            Kind::Foreign => super::super::ccd_obj::foreign_support(self, dir),
            Kind::Undefined => self.support_undefined(),
        }
    }

    /// The support function of this object's kind, for callers that keep one per object as
    /// upstream's `obj->support` does: each object then has its own indirect call site, which
    /// stays predictable when the two objects of a pair are of different kinds.
    pub(crate) fn support_fn(&self) -> SupportFn {
        macro_rules! via {
            ($o:ident, $d:ident => $e:expr) => {{
                fn f($o: &mut CcdObj, $d: &[f64; 3], out: &mut [f64; 3]) {
                    *out = $e;
                }
                f
            }};
        }
        match self.kind {
            Kind::Mesh => via!(o, d => o.support_mesh(d)),
            Kind::Box => via!(o, d => o.support_box(d)),
            Kind::HillClimb => via!(o, d => o.support_hillclimb(d)),
            Kind::Ellipsoid => via!(o, d => o.support_ellipsoid(d)),
            Kind::Sphere => via!(o, d => o.support_sphere(d)),
            Kind::Capsule => via!(o, d => o.support_capsule(d)),
            Kind::Cylinder => via!(o, d => o.support_cylinder(d)),
            Kind::Point => via!(o, _d => *o.pos()),
            Kind::Line => via!(o, d => o.support_line(d)),
            Kind::Prism => via!(o, d => o.support_prism(d)),
            Kind::Flex => via!(o, d => o.support_flex(d)),
            Kind::Foreign => via!(o, d => super::super::ccd_obj::foreign_support(o, d)),
            Kind::Undefined => via!(o, _d => o.support_undefined()),
        }
    }

    #[cold]
    #[inline(never)]
    fn support_undefined(&self) -> [f64; 3] {
        crate::mjerror!("mjc_ccd", "ccd support function is undefined for geom type {}", self.geom_type);
        [0.0; 3]
    }

    /// Support of the geom's centre point (`mjc_pointSupport`; spheres during CCD).
    pub fn support_point(&mut self, _dir: &[f64; 3]) -> [f64; 3] {
        *self.pos()
    }

    /// Support of the geom's axis segment (`mjc_lineSupport`; capsules during CCD).
    #[inline]
    pub fn support_line(&mut self, dir: &[f64; 3]) -> [f64; 3] {
        let (mat, pos) = (self.mat(), self.pos());
        let length = self.size()[1];
        let dot = mul_mat_t_vec3_split(mat, dir)[2];
        let scl = if dot >= 0.0 { length } else { -length };
        [mat[2] * scl + pos[0], mat[5] * scl + pos[1], mat[8] * scl + pos[2]]
    }

    #[inline]
    fn support_sphere(&self, dir: &[f64; 3]) -> [f64; 3] {
        let pos = self.pos();
        let r = self.size()[0];
        [r * dir[0] + pos[0], r * dir[1] + pos[1], r * dir[2] + pos[2]]
    }

    #[inline]
    fn support_capsule(&self, dir: &[f64; 3]) -> [f64; 3] {
        let (mat, pos, size) = (self.mat(), self.pos(), self.size());
        let ld = mul_mat_t_vec3_split(mat, dir);
        let mut s = [ld[0] * size[0], ld[1] * size[0], ld[2] * size[0]];
        s[2] += if ld[2] >= 0.0 { size[1] } else { -size[1] };
        local_to_global(mat, &s, pos)
    }

    #[inline]
    fn support_ellipsoid(&self, dir: &[f64; 3]) -> [f64; 3] {
        let (mat, pos, size) = (self.mat(), self.pos(), self.size());
        let ld = mul_mat_t_vec3_split(mat, dir);
        let mut s = [ld[0] * size[0], ld[1] * size[1], ld[2] * size[2]];
        let norm2 = s[0] * s[0] + s[1] * s[1] + s[2] * s[2];
        if norm2 < MINVAL2 {
            return [mat[0] * size[0] + pos[0], mat[3] * size[0] + pos[1], mat[6] * size[0] + pos[2]];
        }
        let inv = 1.0 / norm2.sqrt();
        for i in 0..3 {
            s[i] *= inv * size[i];
        }
        local_to_global(mat, &s, pos)
    }

    #[inline]
    fn support_cylinder(&self, dir: &[f64; 3]) -> [f64; 3] {
        let (mat, pos, size) = (self.mat(), self.pos(), self.size());
        let ld = mul_mat_t_vec3_split(mat, dir);
        let n2 = ld[0] * ld[0] + ld[1] * ld[1];
        let scl = if n2 >= MINVAL2 { size[0] / n2.sqrt() } else { 0.0 };
        let s = [scl * ld[0], scl * ld[1], if ld[2] >= 0.0 { size[1] } else { -size[1] }];
        local_to_global(mat, &s, pos)
    }

    #[inline]
    fn support_box(&mut self, dir: &[f64; 3]) -> [f64; 3] {
        let (mat, pos, size) = (self.mat(), self.pos(), self.size());
        let ld = mul_mat_t_vec3_split(mat, dir);
        let mut s = [0.0; 3];
        let mut corner = 0;
        for i in 0..3 {
            s[i] = if ld[i] >= 0.0 { size[i] } else { -size[i] };
            if s[i] > 0.0 {
                corner |= 1 << i;
            }
        }
        let res = local_to_global(mat, &s, pos);
        self.vertindex = corner;
        res
    }

    /// Vertices of the geom's mesh (empty for other objects).
    #[inline(always)]
    pub(crate) fn mesh_verts(&self) -> &'a [[f32; 3]] {
        self.mverts
    }

    #[inline]
    fn support_mesh(&mut self, dir: &[f64; 3]) -> [f64; 3] {
        let verts = self.mverts;
        let ld = mul_mat_t_vec3_split(self.mat(), dir);
        let mut best = -(f32::MAX as f64);
        let mut ibest = 0usize;
        if self.vertindex >= 0 {
            ibest = self.vertindex as usize;
            best = dot3f(&ld, &verts[ibest]);
        }
        let ibest = scan_max(&ld, verts, best, ibest);
        self.vertindex = ibest as i32;
        local_to_global(self.mat(), &vf(&verts[ibest]), self.pos())
    }

    fn support_hillclimb(&mut self, dir: &[f64; 3]) -> [f64; 3] {
        let verts = self.mverts;
        let graph = &self.graph;
        if graph.edgeadr.is_empty() || verts.is_empty() {
            return self.support_mesh(dir);
        }
        let ld = mul_mat_t_vec3_split(self.mat(), dir);
        let mut best = -(f32::MAX as f64);
        let mut prev = -1;
        let mut ibest = if self.meshindex >= 0 { self.meshindex } else { 0 };
        // a start handed in through a C mjCCDObj is checked; later ones come from the graph
        assert!((ibest as usize) < graph.edgeadr.len(), "mesh graph start vertex {ibest} out of range");
        // The walk reads the graph without bounds checks: models come from the compiler or from
        // MJB files that `validate_mesh_graphs` accepted (every edge list ends with -1 inside
        // the array, every neighbour below the graph's vertex count, every global id below the
        // mesh's vertex count).
        let (edgeadr, globalid, localid) = (graph.edgeadr.as_ptr(), graph.globalid.as_ptr(), graph.localid.as_ptr());
        let vp = verts.as_ptr() as *const f32;
        while ibest != prev {
            prev = ibest;
            // SAFETY: `prev` is the checked start or a neighbour read from the graph, so below
            // the graph's vertex count (validated graph, see above); its edge list ends with -1
            // inside `localid`; each neighbour's global id is below the mesh's vertex count, so
            // the three floats at 3*id lie in `verts`.
            unsafe {
                let mut e = localid.add(*edgeadr.add(prev as usize) as usize);
                loop {
                    let sub = *e;
                    if sub < 0 {
                        break;
                    }
                    let v = vp.add(3 * *globalid.add(sub as usize) as usize);
                    let vdot = scalar_lane(ld[0] * *v as f64)
                        + scalar_lane(ld[1] * *v.add(1) as f64)
                        + scalar_lane(ld[2] * *v.add(2) as f64);
                    if vdot > best {
                        best = vdot;
                        ibest = sub;
                    }
                    e = e.add(1);
                }
            }
        }
        self.meshindex = ibest;
        let gid = graph.globalid[ibest as usize];
        self.vertindex = gid;
        local_to_global(self.mat(), &vf(&verts[gid as usize]), self.pos())
    }

    /// Support point of the prism (zeros without one).
    fn support_prism(&self, dir: &[f64; 3]) -> [f64; 3] {
        let Some(prism) = &self.prism else { return [0.0; 3] };
        let start = if dir[2] < 0.0 { 0 } else { 3 };
        let mut ibest = start;
        // dir was just stored by the caller (GJK, EPA)
        let mut best = dot3_split(&prism[start], dir);
        for i in start + 1..start + 3 {
            let tmp = dot3_split(&prism[i], dir);
            if tmp > best {
                ibest = i;
                best = tmp;
            }
        }
        prism[ibest]
    }

    #[inline(never)]
    fn support_flex(&self, dir: &[f64; 3]) -> [f64; 3] {
        if self.fnvert == 0 {
            return self.support_flex_checked(dir);
        }
        let inflate = self.fradius + 0.5 * self.margin;
        let verts = &self.fverts[..self.fnvert];
        farthest_inflated(&verts[0], verts[1..].iter(), dir, inflate)
    }

    /// [`CcdObj::support_flex`] for ids `set_flex` could not resolve (indexing with checks).
    #[cold]
    #[inline(never)]
    fn support_flex_checked(&self, dir: &[f64; 3]) -> [f64; 3] {
        let (m, d) = (self.m, self.d);
        let f = self.flex as usize;
        let inflate = m.flex_radius()[f] + 0.5 * self.margin;
        let xpos = d.arrays(m).flexvert_xpos;
        let vadr = m.flex_vertadr()[f] as usize;
        if self.elem < 0 {
            return farthest_inflated(v3(xpos, vadr + self.vert as usize), core::iter::empty(), dir, inflate);
        }
        let dim = m.flex_dim()[f] as usize;
        let start = m.flex_elemdataadr()[f] as usize + self.elem as usize * (dim + 1);
        let edata = &m.flex_elem()[start..start + dim + 1];
        let vert = |v: &i32| v3(xpos, vadr + *v as usize);
        farthest_inflated(vert(&edata[0]), edata[1..].iter().map(vert), dir, inflate)
    }

    /// Support point as libccd's callback computes it (`mjccd_support`): geoms inflated by
    /// half the margin along the local direction, meshes by hill climbing from `meshindex`
    /// whenever a graph exists.
    pub fn support_ccd(&mut self, dir: &[f64; 3]) -> [f64; 3] {
        if self.geom < 0 {
            return self.support_flex(dir);
        }
        let (m, g) = (self.m, self.geom as usize);
        let size = *self.size();
        let mat = *self.mat();
        let ld = mul_mat_t_vec3(&mat, dir);
        let t = self.geom_type;
        let mut res = [0.0; 3];
        if t == mjGEOM_SPHERE as i32 {
            res = [ld[0] * size[0], ld[1] * size[0], ld[2] * size[0]];
        } else if t == mjGEOM_CAPSULE as i32 {
            res = [ld[0] * size[0], ld[1] * size[0], ld[2] * size[0]];
            res[2] += sign(ld[2]) * size[1];
        } else if t == mjGEOM_ELLIPSOID as i32 {
            res = [ld[0] * size[0], ld[1] * size[1], ld[2] * size[2]];
            normalize3(&mut res);
            for i in 0..3 {
                res[i] *= size[i];
            }
        } else if t == mjGEOM_CYLINDER as i32 {
            let tmp = (ld[0] * ld[0] + ld[1] * ld[1]).sqrt();
            if tmp > mjMINVAL {
                res[0] = ld[0] / tmp * size[0];
                res[1] = ld[1] / tmp * size[0];
            }
            res[2] = sign(ld[2]) * size[1];
        } else if t == mjGEOM_BOX as i32 {
            for i in 0..3 {
                res[i] = sign(ld[i]) * size[i];
            }
        } else if (t == mjGEOM_MESH as i32 || t == mjGEOM_SDF as i32) && m.geom_dataid()[g] >= 0 {
            let verts = self.mverts;
            let graph = MeshGraph::new(m, m.geom_dataid()[g] as usize).unwrap_or(MeshGraph::EMPTY);
            let mut ibest = -1i32;
            if graph.edgeadr.is_empty() {
                let mut best = -1e10;
                for (i, v) in verts.iter().enumerate() {
                    let vdot = dot3f(&ld, v);
                    if vdot > best {
                        best = vdot;
                        ibest = i as i32;
                    }
                }
                self.meshindex = ibest;
            } else {
                let mut loc = if self.meshindex < 0 { 0 } else { self.meshindex };
                let mut best = dot3f(&ld, &verts[graph.globalid[loc as usize] as usize]);
                let mut change = true;
                while change {
                    change = false;
                    for sub in graph.neighbours(loc) {
                        let vdot = dot3f(&ld, &verts[graph.globalid[sub as usize] as usize]);
                        if vdot > best {
                            best = vdot;
                            loc = sub;
                            change = true;
                        }
                    }
                }
                self.meshindex = loc;
                ibest = graph.globalid[loc as usize];
            }
            if ibest < 0 {
                crate::mjwarning!("mesh_support could not find support vertex");
            } else {
                res = vf(&verts[ibest as usize]);
            }
        } else {
            crate::mjerror!("mjccd_support", "ccd support function is undefined for geom type {}", m.geom_type()[g]);
        }
        for i in 0..3 {
            res[i] += ld[i] * self.margin / 2.0;
        }
        let r = mul_mat_vec3(&mat, &res);
        let pos = *self.pos();
        [r[0] + pos[0], r[1] + pos[1], r[2] + pos[2]]
    }

    /// Sets the height of the prism's bottom vertices.
    pub(crate) fn set_prism_bottom(&mut self, z: f64) {
        if let Some(p) = self.prism.as_deref_mut() {
            for v in &mut p[..3] {
                v[2] = z;
            }
        }
    }

    /// True when the three top vertices of the prism are below `z`.
    pub(crate) fn prism_top_below(&self, z: f64) -> bool {
        self.prism.as_deref().is_some_and(|p| p[3][2] < z && p[4][2] < z && p[5][2] < z)
    }

    /// Shifts the prism by one grid vertex and puts `(x, y, z)` in the last slot (top z only).
    pub(crate) fn push_prism_vert(&mut self, x: f64, y: f64, z: f64) {
        let Some(p) = self.prism.as_deref_mut() else { return };
        p[0] = p[1];
        p[1] = p[2];
        p[3] = p[4];
        p[4] = p[5];
        p[2][0] = x;
        p[5][0] = x;
        p[2][1] = y;
        p[5][1] = y;
        p[5][2] = z;
    }
}

/// libccd's view of an object: upstream's `mjccd_center` and `mjccd_support` callbacks for
/// geoms and flex objects, `mjccd_prism_center`/`mjccd_prism_support` for height-field prisms.
impl MprObject for CcdObj<'_> {
    fn mpr_center(&mut self) -> [f64; 3] {
        self.center()
    }

    fn mpr_support(&mut self, dir: &[f64; 3]) -> [f64; 3] {
        if self.kind == Kind::Prism {
            self.support_prism(dir)
        } else {
            self.support_ccd(dir)
        }
    }
}
