//! Convex narrowphase: the object abstraction used by the CCD algorithms (support points of
//! every convex shape, meshes by hill climbing, height-field prisms, flex elements), the
//! general convex pair function, plane-convex and convex-height-field: upstream's
//! `engine_collision_convex.c` (native CCD path); its flex element variants are in
//! `convex_flex.rs`.

use super::gjk::{ccd, with_status, CcdConfig, EpaMemory};
use super::libccd::{is_origin, mpr_penetration, MprConfig, MprObject};
use super::make_frame;
use crate::abi::*;
use crate::engine::{disabled, enabled, v3, v3m, v9, v9m};
use crate::math::blas::{
    add_to3, add_to_scl3, dist3, dot3, dot3_split, mul_mat_mat3, mul_mat_t_mat3, mul_mat_t_vec3, mul_mat_t_vec3_split,
    mul_mat_vec3, normalize3, scalar_lane, sub3, sub_from3,
};
use crate::math::misc::{min, sign};
use crate::math::spatial::{axis_angle2quat, quat2mat};

use mjtDisableBit_::*;
use mjtEnableBit_::*;
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

/// A convex object for the CCD algorithms (upstream's `mjCCDObj`): a geom, a flex element or
/// a flex vertex, with its margin.
///
/// Kept small, since two are built for every convex pair: the geom's frame and size are
/// pointers into mjData and mjModel, its mesh arrays are looked up once here, and a
/// height-field prism lives with the caller and is only borrowed by prism objects.
/// A support function: writes the object's farthest point along a direction (see
/// [`CcdObj::support`]) into its last argument, which is where the caller keeps it.
pub(crate) type SupportFn = unsafe fn(&mut CcdObj, &[f64; 3], &mut [f64; 3]);

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
    /// the geom's global position and orientation in mjData and its size in mjModel (static
    /// zeros for flex and bare prism objects); read on every use, as upstream does, so a geom
    /// moved temporarily by the convex functions is seen where it is
    gpos: *const [f64; 3],
    gmat: *const [f64; 9],
    gsize: *const [f64; 3],
    /// vertices of the geom's mesh (empty unless the geom is a mesh)
    mverts: &'a [[f32; 3]],
    /// vertex graph of the geom's mesh (empty unless the mesh has one)
    graph: MeshGraph<'a>,
    /// height-field prism vertices, 0..3 bottom and 3..6 top (prism objects only)
    pub prism: Option<&'a mut [[f64; 3]; 6]>,
    /// the C object this one mirrors (for foreign support and centre functions), or null
    pub(crate) cobj: *mut core::ffi::c_void,
    /// flex objects (see [`CcdObj::set_flex`]): the flex's vertex positions (an element's) or the
    /// vertex itself (a vertex object); null when the ids were not resolved
    fxpos: *const [f64; 3],
    /// the element's vertex ids within the flex (null for a vertex object) and their count
    felem: *const i32,
    fnvert: usize,
    /// the element's bounding-box centre or the vertex (`mjc_center`)
    fcenter: *const [f64; 3],
    fradius: f64,
}

/// Geom `g`'s entries of `geom_xpos`, `geom_xmat` and `geom_size`.
///
/// # Safety
/// `g` must be below ngeom of the model `d` was made for.
#[inline(always)]
unsafe fn geom_ptrs(m: &mjModel, d: &mjData, g: usize) -> (*const [f64; 3], *const [f64; 9], *const [f64; 3]) {
    (d.geom_xpos.add(3 * g) as *const _, d.geom_xmat.add(9 * g) as *const _, m.geom_size.add(3 * g) as *const _)
}

/// Frame and size of objects that are not geoms.
static ZEROS: [f64; 9] = [0.0; 9];

/// 3-vector widened from single precision.
#[inline(always)]
fn vf(v: &[f32; 3]) -> [f64; 3] {
    [v[0] as f64, v[1] as f64, v[2] as f64]
}

/// a . v with v in single precision.
#[inline(always)]
fn dot3f(a: &[f64; 3], v: &[f32; 3]) -> f64 {
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
struct MeshGraph<'a> {
    edgeadr: &'a [i32],
    globalid: &'a [i32],
    localid: &'a [i32],
}

impl<'a> MeshGraph<'a> {
    const EMPTY: MeshGraph<'static> = MeshGraph { edgeadr: &[], globalid: &[], localid: &[] };

    /// The graph of mesh `mesh`, or None when it has none.
    fn new(m: &'a mjModel, mesh: usize) -> Option<Self> {
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
    fn neighbours(&self, v: i32) -> impl Iterator<Item = i32> + '_ {
        self.localid[self.edgeadr[v as usize] as usize..].iter().copied().take_while(|&x| x >= 0)
    }
}

/// Vertices of the mesh given by geom `g`'s data id, and its graph when the mesh has one and
/// either `graph` is set or the mesh is large enough for hill climbing (empty when ids are out
/// of range).
fn mesh_arrays(m: &mjModel, g: usize, graph: bool) -> (&[[f32; 3]], MeshGraph<'_>) {
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
    /// set before its support or centre is asked for.
    ///
    /// # Safety
    /// `d` must be data made for `m`, `g` a geom id or negative.
    #[inline(always)]
    pub unsafe fn new(m: &'a mjModel, d: &'a mjData, g: i32, margin: f64) -> Self {
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
        // SAFETY: gi < ngeom (checked by the geom_type lookup above)
        let (gpos, gmat, gsize) = geom_ptrs(m, d, gi);
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
            fxpos: core::ptr::null(),
            felem: core::ptr::null(),
            fnvert: 0,
            fcenter: core::ptr::null(),
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
            gpos: ZEROS.as_ptr() as *const [f64; 3],
            gmat: ZEROS.as_ptr() as *const [f64; 9],
            gsize: ZEROS.as_ptr() as *const [f64; 3],
            mverts: &[],
            graph: MeshGraph::EMPTY,
            prism: None,
            cobj: core::ptr::null_mut(),
            fxpos: core::ptr::null(),
            felem: core::ptr::null(),
            fnvert: 0,
            fcenter: core::ptr::null(),
            fradius: 0.0,
        }
    }

    /// Makes this a flex element (`e >= 0`) or flex vertex object of flex `f` and resolves
    /// where its vertices, centre and radius live, once; ids out of range are kept but left
    /// unresolved (support and centre then index with checks, as before resolution).
    ///
    /// # Safety
    /// As [`CcdObj::new`].
    pub unsafe fn set_flex(&mut self, f: i32, e: i32, v: i32) {
        (self.flex, self.elem, self.vert) = (f, e, v);
        self.fxpos = core::ptr::null();
        let (m, d) = (self.m, self.d);
        let Some(&radius) = usize::try_from(f).ok().and_then(|f| m.flex_radius().get(f)) else { return };
        let f = f as usize;
        let vadr = m.flex_vertadr()[f] as usize;
        let vnum = m.flex_vertnum()[f] as usize;
        let xpos = d.flexvert_xpos(m);
        if vadr + vnum > xpos.len() / 3 {
            return;
        }
        // the flex's vertices lie in flexvert_xpos (checked above)
        let base = (xpos.as_ptr() as *const [f64; 3]).add(vadr);
        if e >= 0 {
            let dim = m.flex_dim()[f] as usize;
            let e = e as usize;
            if e >= m.flex_elemnum()[f] as usize {
                return;
            }
            let start = m.flex_elemdataadr()[f] as usize + e * (dim + 1);
            let Some(edata) = m.flex_elem().get(start..start + dim + 1) else { return };
            if edata.iter().any(|&i| i < 0 || i as usize >= vnum) {
                return;
            }
            let a = 6 * (m.flex_elemadr()[f] as usize + e);
            let Some(aabb) = d.flexelem_aabb(m).get(a..a + 3) else { return };
            self.felem = edata.as_ptr();
            self.fnvert = dim + 1;
            self.fcenter = aabb.as_ptr() as *const [f64; 3];
            self.fxpos = base;
        } else {
            if v < 0 || v as usize >= vnum {
                return;
            }
            self.felem = core::ptr::null();
            self.fnvert = 1;
            // v < vnum
            self.fxpos = base.add(v as usize);
            self.fcenter = self.fxpos;
        }
        self.fradius = radius;
    }

    /// A bare height-field prism object (as upstream's `mjc_HFieldElem` sets one up).
    pub(super) fn new_prism(m: &'a mjModel, d: &'a mjData, prism: &'a mut [[f64; 3]; 6]) -> Self {
        let mut obj = Self::bare(m, d, -1, mjGEOM_HFIELD as i32, Kind::Prism, 0.0);
        obj.center_mode = CenterMode::Prism;
        obj.prism = Some(prism);
        obj
    }

    /// Vertices and graph of the mesh given by the geom's data id (see [`mesh_arrays`]).
    pub(crate) fn load_mesh(&mut self, graph: bool) {
        (self.mverts, self.graph) = mesh_arrays(self.m, self.geom as usize, graph);
    }

    /// Points the object at the geom's position, orientation and size (after `geom` is set;
    /// nothing for ids out of range).
    ///
    /// # Safety
    /// As [`CcdObj::new`].
    #[inline]
    pub(crate) unsafe fn load_geom_frame(&mut self) {
        if self.geom >= 0 && self.geom < self.m.ngeom {
            let g = self.geom as usize;
            // SAFETY: g < ngeom
            (self.gpos, self.gmat, self.gsize) = geom_ptrs(self.m, self.d, g);
        }
    }

    /// The geom's global position and orientation.
    #[inline(always)]
    pub(crate) fn frame(&self) -> (&'a [f64; 3], &'a [f64; 9]) {
        (self.pos(), self.mat())
    }

    /// The geom's global position.
    #[inline(always)]
    pub(crate) fn pos(&self) -> &'a [f64; 3] {
        // SAFETY: points into the geom's mjData entry (or static zeros), alive for 'a
        unsafe { &*self.gpos }
    }

    /// The geom's global orientation.
    #[inline(always)]
    pub(crate) fn mat(&self) -> &'a [f64; 9] {
        // SAFETY: as `pos`
        unsafe { &*self.gmat }
    }

    /// The geom's size.
    #[inline(always)]
    pub(crate) fn size(&self) -> &'a [f64; 3] {
        // SAFETY: as `pos`
        unsafe { &*self.gsize }
    }

    /// Centre of the object in global coordinates (`mjc_center`; the prism mean for prisms).
    ///
    /// # Safety
    /// As [`CcdObj::new`].
    #[inline]
    pub unsafe fn center(&self) -> [f64; 3] {
        match self.center_mode {
            CenterMode::Plain if self.geom >= 0 => *self.pos(),
            CenterMode::Plain => self.center_plain(),
            CenterMode::Prism => self.center_prism(),
            CenterMode::Foreign => super::ccd_obj::foreign_center(self),
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
    ///
    /// # Safety
    /// As [`CcdObj::new`].
    pub unsafe fn center_plain(&self) -> [f64; 3] {
        let (m, d) = (self.m, self.d);
        if self.geom >= 0 {
            *self.pos()
        } else if !self.fxpos.is_null() {
            // SAFETY: resolved by set_flex
            *self.fcenter
        } else if self.elem >= 0 {
            let i = (m.flex_elemadr()[self.flex as usize] + self.elem) as usize;
            *v3(&d.flexelem_aabb(m)[6 * i..6 * i + 3], 0)
        } else {
            let i = (m.flex_vertadr()[self.flex as usize] + self.vert) as usize;
            *v3(d.flexvert_xpos(m), i)
        }
    }

    /// Support point of the object in direction `dir` (global coordinates), as upstream's
    /// `obj->support`: geoms and prisms without margin (the CCD adds half the margin of a geom
    /// itself), flex objects with their radius plus half the margin. Sets `vertindex` for
    /// boxes and meshes, `meshindex` for hill-climbed meshes.
    ///
    /// # Safety
    /// As [`CcdObj::new`].
    #[inline]
    pub unsafe fn support(&mut self, dir: &[f64; 3]) -> [f64; 3] {
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
            Kind::Foreign => super::ccd_obj::foreign_support(self, dir),
            Kind::Undefined => self.support_undefined(),
        }
    }

    /// The support function of this object's kind, for callers that keep one per object as
    /// upstream's `obj->support` does: each object then has its own indirect call site, which
    /// stays predictable when the two objects of a pair are of different kinds.
    pub(crate) fn support_fn(&self) -> SupportFn {
        macro_rules! via {
            ($o:ident, $d:ident => $e:expr) => {{
                unsafe fn f($o: &mut CcdObj, $d: &[f64; 3], out: &mut [f64; 3]) {
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
            Kind::Foreign => via!(o, d => super::ccd_obj::foreign_support(o, d)),
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
    ///
    /// # Safety
    /// As [`CcdObj::new`]; the object must be a geom.
    pub unsafe fn support_point(&mut self, _dir: &[f64; 3]) -> [f64; 3] {
        *self.pos()
    }

    /// Support of the geom's axis segment (`mjc_lineSupport`; capsules during CCD).
    ///
    /// # Safety
    /// As [`CcdObj::new`]; the object must be a geom.
    #[inline]
    pub unsafe fn support_line(&mut self, dir: &[f64; 3]) -> [f64; 3] {
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
        self.vertindex = corner;
        local_to_global(mat, &s, pos)
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
    unsafe fn support_flex(&self, dir: &[f64; 3]) -> [f64; 3] {
        if self.fxpos.is_null() {
            return self.support_flex_checked(dir);
        }
        let inflate = self.fradius + 0.5 * self.margin;
        // SAFETY: set_flex resolved the element's vertex ids (all below the flex's vertex
        // count) or the vertex
        if self.felem.is_null() {
            return farthest_inflated(&*self.fxpos, core::iter::empty(), dir, inflate);
        }
        let vert = |i: usize| &*self.fxpos.add(*self.felem.add(i) as usize);
        farthest_inflated(vert(0), (1..self.fnvert).map(vert), dir, inflate)
    }

    /// [`CcdObj::support_flex`] for ids `set_flex` could not resolve (indexing with checks).
    #[cold]
    #[inline(never)]
    unsafe fn support_flex_checked(&self, dir: &[f64; 3]) -> [f64; 3] {
        let (m, d) = (self.m, self.d);
        let f = self.flex as usize;
        let inflate = m.flex_radius()[f] + 0.5 * self.margin;
        let xpos = d.flexvert_xpos(m);
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
    pub unsafe fn support_ccd(&mut self, dir: &[f64; 3]) -> [f64; 3] {
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
    pub(super) fn set_prism_bottom(&mut self, z: f64) {
        if let Some(p) = self.prism.as_deref_mut() {
            for v in &mut p[..3] {
                v[2] = z;
            }
        }
    }

    /// True when the three top vertices of the prism are below `z`.
    pub(super) fn prism_top_below(&self, z: f64) -> bool {
        self.prism.as_deref().is_some_and(|p| p[3][2] < z && p[4][2] < z && p[5][2] < z)
    }

    /// Shifts the prism by one grid vertex and puts `(x, y, z)` in the last slot (top z only).
    pub(super) fn push_prism_vert(&mut self, x: f64, y: f64, z: f64) {
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

/// Elevation data of height field `hid` (rows x columns).
pub(super) fn hfield_heights(m: &mjModel, hid: usize) -> &[f32] {
    let n = (m.hfield_nrow()[hid].max(0) * m.hfield_ncol()[hid].max(0)) as usize;
    let adr = m.hfield_adr()[hid] as usize;
    &m.hfield_data()[adr..adr + n]
}

/// libccd's view of an object: upstream's `mjccd_center` and `mjccd_support` callbacks for
/// geoms and flex objects, `mjccd_prism_center`/`mjccd_prism_support` for height-field prisms.
impl MprObject for CcdObj<'_> {
    unsafe fn mpr_center(&mut self) -> [f64; 3] {
        self.center()
    }

    unsafe fn mpr_support(&mut self, dir: &[f64; 3]) -> [f64; 3] {
        if self.kind == Kind::Prism {
            self.support_prism(dir)
        } else {
            self.support_ccd(dir)
        }
    }
}

//------------------------------------------ CCD driving -------------------------------------------

/// Runs native CCD for one pair and writes its contacts (at most `max_contacts`) into `con`
/// (`mjc_CCDIteration`).
pub(super) unsafe fn ccd_iteration(
    m: &mjModel,
    d: &mjData,
    obj1: &mut CcdObj,
    obj2: &mut CcdObj,
    con: &mut [mjContact],
    max_contacts: i32,
    margin: f64,
) -> usize {
    if disabled(m, mjDSBL_NATIVECCD) {
        return libccd_iteration(m, d, obj1, obj2, con, margin);
    }
    let config = CcdConfig {
        max_iterations: m.opt.ccd_iterations,
        tolerance: m.opt.ccd_tolerance,
        max_contacts,
        dist_cutoff: 0.0,
        memory: EpaMemory::Stack(d as *const mjData as *mut mjData),
    };
    with_status(|status| {
        let dist = ccd(&config, status, obj1, obj2);
        if dist.is_nan() || dist >= 0.0 {
            return 0;
        }
        let n = (status.nx.max(0) as usize).min(con.len());
        for (i, c) in con[..n].iter_mut().enumerate() {
            let x1 = v3(&status.x1, i);
            let x2 = v3(&status.x2, i);
            c.dist = margin + dist;
            let mut normal = sub3(x1, x2);
            normalize3(&mut normal);
            c.frame[..3].copy_from_slice(&normal);
            for k in 0..3 {
                c.pos[k] = 0.5 * (x1[k] + x2[k]);
            }
            c.frame[3..6].fill(0.0);
        }
        n
    })
}

/// libccd's settings as upstream fills `ccd_t` from the model options.
fn mpr_config(m: &mjModel) -> MprConfig {
    MprConfig { tolerance: m.opt.ccd_tolerance, max_iterations: m.opt.ccd_iterations as i64 as u64 }
}

/// The libccd half of `mjc_CCDIteration`: one contact by MPR, with the normal fixed for smooth
/// geoms when both objects are geoms.
unsafe fn libccd_iteration(
    m: &mjModel,
    d: &mjData,
    obj1: &mut CcdObj,
    obj2: &mut CcdObj,
    con: &mut [mjContact],
    margin: f64,
) -> usize {
    let Some(p) = mpr_penetration(obj1, obj2, &mpr_config(m)) else { return 0 };
    if is_origin(&p.dir) || con.is_empty() {
        return 0;
    }
    let c = &mut con[0];
    c.dist = margin - p.depth;
    c.frame[..3].copy_from_slice(&p.dir);
    c.pos = p.pos;
    c.frame[3..6].fill(0.0);
    if obj1.geom >= 0 && obj2.geom >= 0 {
        fix_normal(m, d, c, obj1.geom as usize, obj2.geom as usize);
    }
    1
}

/// Penetration of two objects by native CCD, or by libccd's MPR when native CCD is disabled
/// (`mjc_penetration`): depth, unit direction from object 2 to object 1 and midpoint, or None
/// without penetration (with MPR, a touching contact gives a zero direction).
pub(super) unsafe fn penetration(
    m: &mjModel,
    d: &mjData,
    obj1: &mut CcdObj,
    obj2: &mut CcdObj,
) -> Option<(f64, [f64; 3], [f64; 3])> {
    if disabled(m, mjDSBL_NATIVECCD) {
        return mpr_penetration(obj1, obj2, &mpr_config(m)).map(|p| (p.depth, p.dir, p.pos));
    }
    let config = CcdConfig {
        max_iterations: m.opt.ccd_iterations,
        tolerance: m.opt.ccd_tolerance,
        max_contacts: 1,
        dist_cutoff: 0.0,
        memory: EpaMemory::Stack(d as *const mjData as *mut mjData),
    };
    with_status(|status| {
        let dist = ccd(&config, status, obj1, obj2);
        if dist < 0.0 {
            let x1 = v3(&status.x1, 0);
            let x2 = v3(&status.x2, 0);
            let mut dir = sub3(x1, x2);
            normalize3(&mut dir);
            let pos = [0.5 * (x1[0] + x2[0]), 0.5 * (x1[1] + x2[1]), 0.5 * (x1[2] + x2[2])];
            Some((-dist, dir, pos))
        } else {
            None
        }
    })
}

/// True when the last of `con[..n]` is farther than `tolerance` from all earlier ones
/// (`mjc_isDistinctContact`).
fn is_distinct_contact(con: &[mjContact], n: usize, tolerance: f64) -> bool {
    let last = &con[n - 1].pos;
    con[..n - 1].iter().all(|c| dist3(&c.pos, last) > tolerance)
}

/// Rotates the frame (`xmat`, `xpos`) by `rot` about the point `origin` (`mju_rotateFrame`).
fn rotate_frame(origin: &[f64; 3], rot: &[f64; 9], xmat: &mut [f64; 9], xpos: &mut [f64; 3]) {
    *xmat = mul_mat_mat3(rot, xmat);
    let rel = sub3(origin, xpos);
    let mut vec = mul_mat_vec3(rot, &rel);
    sub_from3(&mut vec, &rel);
    sub_from3(xpos, &vec);
}

/// Copy of geom `g`'s global position and orientation.
pub(super) unsafe fn geom_frame(m: &mjModel, d: &mjData, g: usize) -> ([f64; 3], [f64; 9]) {
    (*v3(d.geom_xpos(m), g), *v9(d.geom_xmat(m), g))
}

/// Overwrites geom `g`'s global position and orientation (the convex functions move geoms
/// temporarily and put them back).
unsafe fn set_geom_frame(m: &mjModel, d: &mjData, g: usize, pos: &[f64; 3], mat: &[f64; 9]) {
    *v3m(d.geom_xpos(m), g) = *pos;
    *v9m(d.geom_xmat(m), g) = *mat;
}

/// Contacts one CCD pass can return (`maxContacts`).
fn max_contacts(obj1: &CcdObj, obj2: &CcdObj) -> i32 {
    if obj1.margin > 0.0 || obj2.margin > 0.0 {
        return 1;
    }
    let m = obj1.m;
    let t1 = m.geom_type()[obj1.geom as usize];
    let t2 = m.geom_type()[obj2.geom as usize];
    let (b, me) = (mjGEOM_BOX as i32, mjGEOM_MESH as i32);
    if t1 == b && t2 == b {
        return 8;
    }
    if (t1 == b || t1 == me) && (t2 == b || t2 == me) {
        return if enabled(m, mjENBL_MULTICCD) { 4 } else { 1 };
    }
    1
}

/// General convex pair (`mjc_Convex`).
///
/// # Safety
/// `d` must be data made for `m`; `g1`, `g2` geom ids of convex types.
pub unsafe fn convex(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let mut obj1 = CcdObj::new(m, d, g1 as i32, margin);
    let mut obj2 = CcdObj::new(m, d, g2 as i32, margin);
    let maxc = max_contacts(&obj1, &obj2);
    let mut ncon = ccd_iteration(m, d, &mut obj1, &mut obj2, con, maxc, margin);

    if !disabled(m, mjDSBL_NATIVECCD) && maxc > 1 {
        return ncon;
    }

    let types = m.geom_type();
    let smooth = |t: i32| t == mjGEOM_ELLIPSOID as i32 || t == mjGEOM_SPHERE as i32;
    if ncon != 1 || !enabled(m, mjENBL_MULTICCD) || smooth(types[g1]) || smooth(types[g2]) {
        return ncon;
    }

    // perturb both geoms by small rotations about the first contact, collect distinct contacts
    let (xpos1, xmat1) = geom_frame(m, d, g1);
    let (xpos2, xmat2) = geom_frame(m, d, g2);

    let mut frame = con[0].frame;
    make_frame(&mut frame);
    let tolerance = 1e-3 * min(m.geom_rbound()[g1], m.geom_rbound()[g2]);
    let axes = [[frame[3], frame[4], frame[5]], [frame[6], frame[7], frame[8]]];
    let origin = con[0].pos;

    for axis in &axes {
        for angle in [-1e-3, 1e-3] {
            let rot = quat2mat(&axis_angle2quat(axis, angle));
            let (mut p1, mut r1) = (xpos1, xmat1);
            rotate_frame(&origin, &rot, &mut r1, &mut p1);
            set_geom_frame(m, d, g1, &p1, &r1);
            let invrot = [rot[0], rot[3], rot[6], rot[1], rot[4], rot[7], rot[2], rot[5], rot[8]];
            let (mut p2, mut r2) = (xpos2, xmat2);
            rotate_frame(&origin, &invrot, &mut r2, &mut p2);
            set_geom_frame(m, d, g2, &p2, &r2);

            if ncon < con.len() {
                let found = ccd_iteration(m, d, &mut obj1, &mut obj2, &mut con[ncon..], 1, margin);
                if found > 0 && is_distinct_contact(con, ncon + 1, tolerance) {
                    con[ncon].dist = con[0].dist;
                    ncon += 1;
                }
            }

            set_geom_frame(m, d, g1, &xpos1, &xmat1);
            set_geom_frame(m, d, g2, &xpos2, &xmat2);
        }
    }
    ncon
}

/// Most contacts a plane-mesh pair gets, and the fraction of the mesh's bounding radius
/// extra contacts must keep from the first one.
const MAX_PLANE_MESH: usize = 3;
const TOL_PLANE_MESH: f64 = 0.3;

/// Writes a plane contact at mesh vertex `vertex` unless it is near `first`
/// (`addplanemesh`); returns the number of contacts added.
#[allow(clippy::too_many_arguments)]
fn add_plane_mesh(
    con: &mut mjContact,
    vertex: [f64; 3],
    pos1: &[f64; 3],
    normal: &[f64; 3],
    pos2: &[f64; 3],
    mat2: &[f64; 9],
    first: &[f64; 3],
    rbound: f64,
) -> usize {
    let mut pnt = mul_mat_vec3(mat2, &vertex);
    add_to3(&mut pnt, pos2);
    if dist3(&pnt, first) < TOL_PLANE_MESH * rbound {
        return 0;
    }
    let dif = sub3(&pnt, pos1);
    con.dist = dot3(normal, &dif);
    let mut pos = pnt;
    add_to_scl3(&mut pos, normal, -0.5 * con.dist);
    con.pos = pos;
    con.frame[..3].copy_from_slice(normal);
    con.frame[3..6].fill(0.0);
    1
}

/// Plane `g1` against a convex geom `g2` (`mjc_PlaneConvex`).
///
/// # Safety
/// As [`convex`].
pub unsafe fn plane_convex(m: &mjModel, d: &mjData, con: &mut [mjContact], g1: usize, g2: usize, margin: f64) -> usize {
    let (pos1, mat1) = geom_frame(m, d, g1);
    let (pos2, mat2) = geom_frame(m, d, g2);
    let normal = [mat1[2], mat1[5], mat1[8]];
    let mut obj = CcdObj::new(m, d, g2 as i32, 0.0);
    let dir = [-mat1[2], -mat1[5], -mat1[8]];
    let vec = obj.support_ccd(&dir);

    let dif = sub3(&vec, &pos1);
    let dist = dot3(&normal, &dif);
    if dist > margin || con.is_empty() {
        return 0;
    }
    con[0].dist = dist;
    let mut p = vec;
    add_to_scl3(&mut p, &normal, -0.5 * dist);
    con[0].pos = p;
    con[0].frame[..3].copy_from_slice(&normal);
    con[0].frame[3..6].fill(0.0);

    let mut count = 1;
    let mesh = m.geom_dataid()[g2];
    if mesh == -1 {
        return count;
    }
    let mesh = mesh as usize;
    // the mesh of the geom's data id even when the geom is a primitive fitted to it (an
    // ellipsoid with fitaabb): upstream scans that mesh's vertices too
    let verts = if obj.mesh_verts().is_empty() { mesh_arrays(m, g2, false).0 } else { obj.mesh_verts() };
    let locdir = mul_mat_t_vec3(&mat2, &dir);
    let threshold = dot3(&normal, &sub3(&pos2, &pos1)) - margin;
    let first = con[0].pos;
    let rbound = m.geom_rbound()[g2];
    let cap = MAX_PLANE_MESH.min(con.len());
    let vdot = |i: usize| dot3f(&locdir, &verts[i]);

    if m.mesh_graphadr()[mesh] < 0 {
        for i in 0..verts.len() {
            if count >= cap {
                break;
            }
            if vdot(i) > threshold && i as i32 != obj.meshindex {
                count += add_plane_mesh(&mut con[count], vf(&verts[i]), &pos1, &normal, &pos2, &mat2, &first, rbound);
            }
        }
    } else if obj.meshindex >= 0 {
        let graph = MeshGraph::new(m, mesh).unwrap_or(MeshGraph::EMPTY);
        for loc in graph.neighbours(obj.meshindex) {
            if count >= cap {
                break;
            }
            let v = graph.globalid[loc as usize] as usize;
            if vdot(v) > threshold {
                count += add_plane_mesh(&mut con[count], vf(&verts[v]), &pos1, &normal, &pos2, &mat2, &first, rbound);
            }
        }
    }
    count
}

/// Height field `g1` against a convex geom `g2` (`mjc_ConvexHField`): CCD against every
/// triangular prism of the grid under the geom's bounding box.
///
/// # Safety
/// As [`convex`].
pub unsafe fn convex_hfield(
    m: &mjModel,
    d: &mjData,
    con: &mut [mjContact],
    g1: usize,
    g2: usize,
    margin: f64,
) -> usize {
    let (pos1, mat1) = geom_frame(m, d, g1);
    let (savepos2, savemat2) = geom_frame(m, d, g2);
    let hid = m.geom_dataid()[g1] as usize;
    let nrow = m.hfield_nrow()[hid];
    let ncol = m.hfield_ncol()[hid];
    let hs = &m.hfield_size()[4 * hid..4 * hid + 4];
    let (size0, size1, size2, size3) = (hs[0], hs[1], hs[2], hs[3]);

    // bounding sphere of geom 2 against the height field's box
    let rel = [savepos2[0] - pos1[0], savepos2[1] - pos1[1], savepos2[2] - pos1[2]];
    let pos = mul_mat_t_vec3(&mat1, &rel);
    let radius = m.geom_rbound()[g2] + margin;
    if size0 < pos[0] - radius
        || -size0 > pos[0] + radius
        || size1 < pos[1] - radius
        || -size1 > pos[1] + radius
        || size2 < pos[2] - radius
        || -size3 > pos[2] + radius
    {
        return 0;
    }

    let mut prism = [[0.0; 3]; 6];
    let mut obj1 = CcdObj::new(m, d, g1 as i32, 0.0);
    obj1.prism = Some(&mut prism);
    let mut obj2 = CcdObj::new(m, d, g2 as i32, 0.0);

    // express geom 2 in the height field's frame for the rest of the test
    let mat = mul_mat_t_mat3(&mat1, &savemat2);
    set_geom_frame(m, d, g2, &pos, &mat);

    let mut ext = [0.0; 6]; // xmax, xmin, ymax, ymin, zmax, zmin
    for k in 0..3 {
        let mut dir = [0.0; 3];
        dir[k] = 1.0;
        ext[2 * k] = obj2.support(&dir)[k];
        dir[k] = -1.0;
        ext[2 * k + 1] = obj2.support(&dir)[k];
    }
    let [xmax, xmin, ymax, ymin, zmax, zmin] = ext;

    let restore = || set_geom_frame(m, d, g2, &savepos2, &savemat2);

    if xmin - margin > size0
        || xmax + margin < -size0
        || ymin - margin > size1
        || ymax + margin < -size1
        || zmin - margin > size2
        || zmax + margin < -size3
    {
        restore();
        return 0;
    }

    let (nc1, nr1) = ((ncol - 1) as f64, (nrow - 1) as f64);
    let cmin = crate::math::misc::c_int(((xmin + size0) / (2.0 * size0) * nc1).floor()).max(0);
    let cmax = crate::math::misc::c_int(((xmax + size0) / (2.0 * size0) * nc1).ceil()).min(ncol - 1);
    let rmin = crate::math::misc::c_int(((ymin + size1) / (2.0 * size1) * nr1).floor()).max(0);
    let rmax = crate::math::misc::c_int(((ymax + size1) / (2.0 * size1) * nr1).ceil()).min(nrow - 1);

    obj2.margin = margin;
    let dx = (2.0 * size0) / nc1;
    let dy = (2.0 * size1) / nr1;
    obj1.set_prism_bottom(-size3);

    let hdata = hfield_heights(m, hid);
    let ncolu = ncol as usize;
    // grid vertex (r + 1 - i, c) as the newest prism vertex
    let add = |obj: &mut CcdObj, r: i32, c: i32, i: i32| {
        let rr = r + 1 - i;
        let z = hdata[rr as usize * ncolu + c as usize] as f64 * size2 + margin;
        obj.push_prism_vert(dx * c as f64 - size0, dy * rr as f64 - size1, z);
    };

    let mut ncon = 0;
    'grid: for r in rmin..rmax {
        add(&mut obj1, r, cmin, 0);
        add(&mut obj1, r, cmin, 1);
        for c in cmin + 1..=cmax {
            for i in 0..2 {
                add(&mut obj1, r, c, i);
                if obj1.prism_top_below(zmin) {
                    continue;
                }
                if let Some((depth, dir, vec)) = penetration(m, d, &mut obj1, &mut obj2) {
                    if !is_origin(&dir) {
                        let Some(cn) = con.get_mut(ncon) else { break 'grid };
                        set_hfield_contact(cn, depth, &dir, &vec, &mat1, &pos1);
                        ncon += 1;
                        if ncon >= mjMAXCONPAIR {
                            break 'grid;
                        }
                    }
                }
            }
        }
    }

    restore();
    if disabled(m, mjDSBL_NATIVECCD) {
        for c in &mut con[..ncon] {
            fix_normal(m, d, c, g1, g2);
        }
    }
    ncon
}

/// Writes a penetration found in a height field's frame (`hmat`, `hpos`) into `con` in global
/// coordinates: distance, normal and point (convex and flex element against height field).
pub(super) fn set_hfield_contact(
    con: &mut mjContact,
    depth: f64,
    dir: &[f64; 3],
    pos: &[f64; 3],
    hmat: &[f64; 9],
    hpos: &[f64; 3],
) {
    con.dist = -depth;
    con.frame[..3].copy_from_slice(&mul_mat_vec3(hmat, dir));
    let mut p = mul_mat_vec3(hmat, pos);
    add_to3(&mut p, hpos);
    con.pos = p;
    con.frame[3..6].fill(0.0);
}

//------------------------------------------ contact normal fix ------------------------------------

/// Normal at the ellipsoid boundary for a point inside, by ray projection (`mjc_ellipsoidInside`).
fn ellipsoid_inside(nrm: &mut [f64; 3], pos: &[f64; 3], size: &[f64; 3]) -> bool {
    const MAXITER: i32 = 30;
    const TOL: f64 = 1e-6;
    let s2inv = [1.0 / (size[0] * size[0]), 1.0 / (size[1] * size[1]), 1.0 / (size[2] * size[2])];
    let c = pos[0] * pos[0] * s2inv[0] + pos[1] * pos[1] * s2inv[1] + pos[2] * pos[2] * s2inv[2] - 1.0;
    if c > 0.0 {
        return false;
    }
    normalize3(nrm);
    for iter in 0..MAXITER {
        let a = nrm[0] * nrm[0] * s2inv[0] + nrm[1] * nrm[1] * s2inv[1] + nrm[2] * nrm[2] * s2inv[2];
        let b = pos[0] * nrm[0] * s2inv[0] + pos[1] * nrm[1] * s2inv[1] + pos[2] * nrm[2] * s2inv[2];
        let det = b * b - a * c;
        if det < mjMINVAL || a < mjMINVAL {
            return iter > 0;
        }
        let x = (-b + det.sqrt()) / a;
        if x < 0.0 {
            return iter > 0;
        }
        let pnt = [pos[0] + nrm[0] * x, pos[1] + nrm[1] * x, pos[2] + nrm[2] * x];
        let mut newnrm = [pnt[0] * s2inv[0], pnt[1] * s2inv[1], pnt[2] * s2inv[2]];
        normalize3(&mut newnrm);
        let change = dist3(nrm, &newnrm);
        *nrm = newnrm;
        if change < TOL {
            break;
        }
    }
    true
}

/// Normal of the ellipsoid at the point nearest to an outside point (`mjc_ellipsoidOutside`).
fn ellipsoid_outside(nrm: &mut [f64; 3], pos: &[f64; 3], size: &[f64; 3]) -> bool {
    const MAXITER: i32 = 30;
    const TOL: f64 = 1e-6;
    let s2 = [size[0] * size[0], size[1] * size[1], size[2] * size[2]];
    let ps2 = [pos[0] * pos[0] * s2[0], pos[1] * pos[1] * s2[1], pos[2] * pos[2] * s2[2]];
    let mut la = 0.0;
    for _ in 0..MAXITER {
        let r = [1.0 / (s2[0] + la), 1.0 / (s2[1] + la), 1.0 / (s2[2] + la)];
        let val = ps2[0] * r[0] * r[0] + ps2[1] * r[1] * r[1] + ps2[2] * r[2] * r[2] - 1.0;
        if val < TOL {
            break;
        }
        let deriv = -2.0 * (ps2[0] * r[0] * r[0] * r[0] + ps2[1] * r[1] * r[1] * r[1] + ps2[2] * r[2] * r[2] * r[2]);
        if deriv > -mjMINVAL {
            break;
        }
        let delta = -val / deriv;
        if delta < TOL {
            break;
        }
        la += delta;
    }
    *nrm = [pos[0] / (s2[0] + la), pos[1] / (s2[1] + la), pos[2] / (s2[2] + la)];
    normalize3(nrm);
    true
}

/// Replaces the normal of a contact between smooth geoms by the analytic one where upstream
/// does (`mjc_fixNormal`).
///
/// # Safety
/// As [`convex`].
pub unsafe fn fix_normal(m: &mjModel, d: &mjData, con: &mut mjContact, g1: usize, g2: usize) {
    let gid = [g1, g2];
    let smooth = |t: i32| {
        t == mjGEOM_SPHERE as i32
            || t == mjGEOM_CAPSULE as i32
            || t == mjGEOM_ELLIPSOID as i32
            || t == mjGEOM_CYLINDER as i32
    };
    let types = gid.map(|g| m.geom_type()[g]);
    if !smooth(types[0]) && !smooth(types[1]) {
        return;
    }
    let f = [con.frame[0], con.frame[1], con.frame[2]];
    let mut normal = [f, [-f[0], -f[1], -f[2]]];
    let mut processed = [false; 2];

    for i in 0..2 {
        let t = types[i];
        if !smooth(t) {
            continue;
        }
        let (gpos, mat) = geom_frame(m, d, gid[i]);
        let size = *v3(m.geom_size(), gid[i]);
        let dif = sub3(&con.pos, &gpos);
        let pos = mul_mat_t_vec3(&mat, &dif);
        let mut nrm = mul_mat_t_vec3(&mat, &normal[i]);

        if t == mjGEOM_SPHERE as i32 {
            nrm = pos;
            processed[i] = true;
        } else if t == mjGEOM_CAPSULE as i32 {
            nrm[2] = if pos[2] < -size[1] {
                pos[2] + size[1]
            } else if pos[2] > size[1] {
                pos[2] - size[1]
            } else {
                0.0
            };
            nrm[0] = pos[0];
            nrm[1] = pos[1];
            processed[i] = true;
        } else if t == mjGEOM_ELLIPSOID as i32 {
            if size[0] < mjMINVAL || size[1] < mjMINVAL || size[2] < mjMINVAL {
                continue;
            }
            let dst = pos[0] * pos[0] / (size[0] * size[0])
                + pos[1] * pos[1] / (size[1] * size[1])
                + pos[2] * pos[2] / (size[2] * size[2]);
            processed[i] = if dst <= 1.0 {
                ellipsoid_inside(&mut nrm, &pos, &size)
            } else {
                ellipsoid_outside(&mut nrm, &pos, &size)
            };
        } else {
            // cylinder: only near the round wall
            if pos[2].abs() > 0.95 * size[1] {
                continue;
            }
            let dst1 = (size[1] - pos[2].abs()).abs();
            let dst2 = (size[0] - crate::math::blas::norm(&pos[..2])).abs();
            if dst1 < 0.25 * dst2 {
                continue;
            }
            nrm = [pos[0], pos[1], 0.0];
            processed[i] = true;
        }

        if processed[i] {
            normalize3(&mut nrm);
            normal[i] = mul_mat_vec3(&mat, &nrm);
        }
    }

    if processed[0] && processed[1] {
        let mut n = sub3(&normal[0], &normal[1]);
        normalize3(&mut n);
        con.frame[..3].copy_from_slice(&n);
    } else if processed[0] {
        con.frame[..3].copy_from_slice(&normal[0]);
    } else if processed[1] {
        let n = normal[1];
        con.frame[..3].copy_from_slice(&[-n[0], -n[1], -n[2]]);
    }
    if processed[0] || processed[1] {
        con.frame[3..6].fill(0.0);
    }
}
