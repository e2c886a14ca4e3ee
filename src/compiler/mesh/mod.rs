//! Mesh compilation, as upstream's compiler does it: data from the model or a file (repeated
//! vertices merged for STL), convex hull graph, vertex normals, polygons, the reference
//! transform and scale, volume or area and inertia (legacy, exact, convex or shell), the mesh
//! moved to its centre of mass and principal axes, face circumcentres, and the face BVH.
//! Geoms then take their frame, size and inertia from the compiled mesh.

pub mod cached;
pub mod decode;
pub mod hull;
pub mod marching;
pub mod obj;
pub mod octree;
pub mod polygon;
pub mod sdf;
pub mod tmd;

use crate::abi::mjtMeshInertia_::*;
use crate::spec::{Mesh, Spec};

use super::bvh::{self, Bvh};
use super::{CResult, CompileError};
use crate::spec::util::{cross, dot3, eig3, normvec, quat2mat, MINVAL};

/// A compiled mesh, in its own frame (centre of mass, principal axes of inertia).
#[derive(Clone, Debug, Default)]
pub struct CMesh {
    pub name: String,
    /// file as stored in the model (after `strippath`)
    pub file: String,
    pub material: String,
    pub scale: [f64; 3],
    pub inertia: i32,
    pub vert: Vec<f64>,
    pub normal: Vec<f32>,
    pub texcoord: Vec<f32>,
    pub face: Vec<i32>,
    pub facenormal: Vec<i32>,
    pub facetexcoord: Vec<i32>,
    /// convex hull graph (empty: none)
    pub graph: Vec<i32>,
    pub poly: polygon::Polygons,
    /// the transform applied to the data: the mesh frame in the frame of the given data
    pub pos: [f64; 3],
    pub quat: [f64; 4],
    /// axis-aligned bounds (min xyz, max xyz) in the mesh frame
    pub aamm: [f64; 6],
    /// half-sizes of the box with the mesh's inertia
    pub boxsz: [f64; 3],
    pub volume: f64,
    pub surface: f64,
    pub bvh: Bvh,
    /// signed-distance octree (meshes of SDF geoms; no nodes otherwise)
    pub octree: octree::Octree,
    /// half-edges of the faces given (what upstream keeps; counted by the asset cache)
    pub nhalfedge: usize,
}

impl CMesh {
    pub fn nvert(&self) -> usize {
        self.vert.len() / 3
    }

    pub fn nface(&self) -> usize {
        self.face.len() / 3
    }

    /// Volume, or surface area for shell inertia.
    pub fn volume_ref(&self) -> f64 {
        if self.inertia == mjMESH_INERTIA_SHELL as i32 {
            self.surface
        } else {
            self.volume
        }
    }

    /// Hull triangles when the graph exists.
    fn graph_faces(&self) -> &[i32] {
        let (nv, nf) = (self.graph[0] as usize, self.graph[1] as usize);
        &self.graph[2 + 3 * nv + 3 * nf..2 + 3 * nv + 6 * nf]
    }
}

/// Area of triangle (a, b, c), its centre and unit normal (area 0 below the minimum size).
fn triangle(a: &[f64], b: &[f64], c: &[f64]) -> (f64, [f64; 3], [f64; 3]) {
    let center = [(a[0] + b[0] + c[0]) / 3.0, (a[1] + b[1] + c[1]) / 3.0, (a[2] + b[2] + c[2]) / 3.0];
    let e1 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let e2 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    let mut n = cross(&e1, &e2);
    let len = dot3(&n, &n).sqrt();
    if len < MINVAL {
        return (0.0, center, n);
    }
    n = [n[0] / len, n[1] / len, n[2] / len];
    (0.5 * len, center, n)
}

fn v3(vert: &[f64], i: i32) -> &[f64] {
    &vert[3 * i as usize..3 * i as usize + 3]
}

/// Error naming the mesh.
pub fn mesh_err(m: &Mesh, id: usize, msg: &str) -> CompileError {
    CompileError::elem(msg, &m.name, id as i64, &m.info)
}

/// Vertices in double precision, checked finite; with `remove_repeated`, equal vertices merged
/// (in order of first appearance) and `face` renumbered.
pub fn process_vertices<E>(
    vert: &[f32],
    face: &mut [i32],
    remove_repeated: bool,
    err: &dyn Fn(&str) -> E,
) -> Result<Vec<f64>, E> {
    if !vert.len().is_multiple_of(3) {
        return Err(err("vertex data must be a multiple of 3"));
    }
    if !face.len().is_multiple_of(3) {
        return Err(err("face data must be a multiple of 3"));
    }
    let finite = |i: usize, v: &[f32]| -> Result<(), E> {
        if v.iter().all(|x| x.is_finite()) {
            Ok(())
        } else {
            Err(err(&format!("vertex coordinate {} is not finite", i)))
        }
    };
    if !remove_repeated {
        for (i, v) in vert.chunks_exact(3).enumerate() {
            finite(i, v)?;
        }
        return Ok(vert.iter().map(|&x| x as f64).collect());
    }
    // key: the bits with -0 folded into +0 (values compare equal)
    let key = |v: &[f32]| [(v[0] + 0.0).to_bits(), (v[1] + 0.0).to_bits(), (v[2] + 0.0).to_bits()];
    let mut map: std::collections::HashMap<[u32; 3], i32> = std::collections::HashMap::with_capacity(vert.len() / 3);
    let mut unique: Vec<f64> = Vec::with_capacity(vert.len());
    for (i, v) in vert.chunks_exact(3).enumerate() {
        finite(3 * i, v)?;
        map.entry(key(v)).or_insert_with(|| {
            unique.extend(v.iter().map(|&x| x as f64));
            (unique.len() / 3 - 1) as i32
        });
    }
    if unique.len() == vert.len() {
        return Ok(unique);
    }
    for f in face.iter_mut() {
        let at = 3 * *f as usize;
        *f = map[&key(&vert[at..at + 3])];
    }
    Ok(unique)
}

/// Compiles mesh `id` of `spec`; `needhull` asks for the convex hull graph (colliding geoms,
/// pairs, convex inertia). `generated` is the data of a mesh made by its SDF plugin, which
/// replaces the model's vertices, normals and faces and is kept in place (not moved to its
/// centre of mass and principal axes) without a signed-distance octree.
pub fn compile(
    spec: &Spec,
    m: &Mesh,
    id: usize,
    needhull: bool,
    needsdf: bool,
    modeldir: &str,
    generated: Option<sdf::Generated>,
) -> CResult<CMesh> {
    let err = |msg: &str| mesh_err(m, id, msg);
    let reorient = generated.is_none();
    let needsdf = needsdf && generated.is_none();
    let mut c = CMesh {
        name: m.name.to_string(),
        file: m.file.to_string(),
        material: m.material.to_string(),
        scale: m.scale,
        inertia: m.inertia,
        pos: [0.0; 3],
        quat: [1.0, 0.0, 0.0, 0.0],
        aamm: [1e10, 1e10, 1e10, -1e10, -1e10, -1e10],
        ..CMesh::default()
    };
    // data given in the model
    let mut face = m.userface.to_vec();
    let spec_vert = process_vertices(&m.uservert[..], &mut face, false, &err)?;
    c.face = face;
    c.vert = spec_vert;
    c.normal = m.usernormal.to_vec();
    if let Some(g) = generated {
        c.vert = process_vertices(&g.vert, &mut [], false, &err)?;
        c.normal = g.normal;
        c.face = g.face;
    }
    c.texcoord = m.usertexcoord.to_vec();
    c.facetexcoord = m.userfacetexcoord.to_vec();
    let mut content_type = m.content_type.to_string();
    m.decoded.set(false);
    let slot = super::cache::Slot::get();
    let mut res = None;

    if !m.file.is_empty() {
        if spec.strippath != 0 {
            c.file = crate::io::files::strip_path(&c.file).to_string();
        }
        let (modeldir, meshdir) = crate::spec::assets::asset_dirs(m.origin.as_ref(), modeldir, &spec.meshdir);
        let filename = crate::io::files::join(meshdir, &c.file);
        let open_err = |e| match e {
            super::image::TexError::Open(msg) => CompileError::model(&msg),
            super::image::TexError::Texture(msg) => err(&msg),
        };
        let (mdir, mname, pre) = super::image::locate(m.fileloc.as_ref(), m.filedata.as_ref(), modeldir, &filename);
        // the asset cache: a compiled mesh of the same unmodified file
        if pre.is_none() {
            let r = super::image::open_asset(mdir, mname).map_err(open_err)?;
            if cached::restore(&slot, &r, &mut c, m.maxhullvert, needhull) {
                check_initial(&c, false, &err)?;
                if needsdf && c.octree.nnode() == 0 {
                    c.octree = octree::Octree::build(&c.vert, &c.face, &c.aamm, m.c.plugin.active == 0)
                        .map_err(|msg| err(&msg))?;
                } else if !needsdf {
                    c.octree = octree::Octree::default();
                }
                return Ok(c);
            }
            res = Some(r);
        }
        let (bytes, rname) = match &res {
            Some(r) => (r.read().map(|b| b.to_vec()), r.name()),
            None => super::image::read_asset(mdir, mname, pre).map_err(open_err)?,
        };
        let ctype = super::image::asset_content_type(&rname, &content_type);
        if ctype.is_empty() {
            if !content_type.is_empty() {
                return Err(err(&format!("invalid content type: '{}'", content_type)));
            }
            return Err(err(&format!("unknown or unsupported mesh file: '{}'", rname)));
        }
        content_type = ctype;
        m.decoded.set(true);
        let righthand = m.scale[0] * m.scale[1] * m.scale[2] > 0.0;
        let raw = match content_type.as_str() {
            "model/stl" => decode::stl(bytes.as_deref(), &rname, righthand),
            "model/obj" => decode::obj(bytes.as_deref(), &rname, righthand),
            "model/vnd.mujoco.msh" => decode::msh(bytes.as_deref(), &rname, righthand),
            other => return Err(err(&format!("unsupported mesh type: '{}'", other))),
        }
        .map_err(|msg| err(&msg))?;
        let mut fface = raw.face;
        let fvert = process_vertices(&raw.vert, &mut fface, raw.remove_repeated, &err)?;

        // the file's data, completed by the model's where the file has none
        if !raw.normal.is_empty() && !m.usernormal.is_empty() {
            return Err(err("repeated normal specification"));
        }
        c.normal = if raw.normal.is_empty() { m.usernormal.to_vec() } else { raw.normal };
        if !raw.texcoord.is_empty() && !m.usertexcoord.is_empty() {
            return Err(err("repeated texcoord specification"));
        }
        c.texcoord = if raw.texcoord.is_empty() { m.usertexcoord.to_vec() } else { raw.texcoord };
        if !fface.is_empty() && !m.userface.is_empty() {
            return Err(err("repeated face specification"));
        }
        c.face = if fface.is_empty() { m.userface.to_vec() } else { fface };
        if !fvert.is_empty() && !m.uservert.is_empty() {
            return Err(err("repeated vertex specification"));
        }
        c.vert = if fvert.is_empty() {
            let mut f = c.face.clone();
            let v = process_vertices(&m.uservert[..], &mut f, false, &err)?;
            c.face = f;
            v
        } else {
            fvert
        };
        if !raw.facenormal.is_empty() && !m.usernormal.is_empty() {
            return Err(err("repeated facenormal specification"));
        }
        c.facenormal = if raw.facenormal.is_empty() { m.userfacenormal.to_vec() } else { raw.facenormal };
        if !raw.facetexcoord.is_empty() && !m.userfacetexcoord.is_empty() {
            return Err(err("repeated facetexcoord specification"));
        }
        c.facetexcoord = if raw.facetexcoord.is_empty() { m.userfacetexcoord.to_vec() } else { raw.facetexcoord };
    }

    check_initial(&c, content_type == "model/obj", &err)?;
    process(&mut c, m, needhull, reorient, &err)?;
    if needsdf {
        c.octree = octree::Octree::build(&c.vert, &c.face, &c.aamm, m.c.plugin.active == 0).map_err(|msg| err(&msg))?;
    }
    if let Some(r) = &res {
        cached::store(&slot, r, &c, m.maxhullvert);
    }
    Ok(c)
}

fn check_initial(c: &CMesh, is_obj: bool, err: &dyn Fn(&str) -> CompileError) -> CResult<()> {
    if c.vert.len() < 12 {
        return Err(err("at least 4 vertices required"));
    }
    if !c.vert.len().is_multiple_of(3) {
        return Err(err("vertex data must be a multiple of 3"));
    }
    if !c.normal.len().is_multiple_of(3) {
        return Err(err("normal data must be a multiple of 3"));
    }
    if !c.texcoord.len().is_multiple_of(2) {
        return Err(err("texcoord must be a multiple of 2"));
    }
    if !c.face.len().is_multiple_of(3) {
        return Err(err("face data must be a multiple of 3"));
    }
    if !c.texcoord.is_empty() && c.texcoord.len() != 2 * c.nvert() && c.facetexcoord.is_empty() && !is_obj {
        return Err(err("texcoord must be 2*nv if face texcoord indices are not provided in an OBJ file"));
    }
    let nv = c.nvert() as i32;
    for (i, &f) in c.face.iter().enumerate() {
        if f >= nv || f < 0 {
            return Err(err(&format!("in face {}, vertex index {} does not exist", i / 3, f)));
        }
    }
    Ok(())
}

/// Everything after loading: hull, normals, polygons, transforms, inertia, frame, BVH.
fn process(c: &mut CMesh, m: &Mesh, needhull: bool, reorient: bool, err: &dyn Fn(&str) -> CompileError) -> CResult<()> {
    // faces sharing a directed edge are misoriented (an error for exact inertia)
    let mut halfedge: Vec<(i32, i32)> = Vec::new();
    for f in c.face.chunks_exact(3) {
        let (area, _, _) = triangle(v3(&c.vert, f[0]), v3(&c.vert, f[1]), v3(&c.vert, f[2]));
        if area > MINVAL.sqrt() {
            halfedge.extend_from_slice(&[(f[0], f[1]), (f[1], f[2]), (f[2], f[0])]);
        }
    }
    c.nhalfedge = halfedge.len();
    halfedge.sort();
    if let Some(w) = halfedge.windows(2).find(|w| w[0] == w[1]) {
        if c.inertia == mjMESH_INERTIA_EXACT as i32 {
            return Err(err(&format!(
                "faces of mesh '{}' have inconsistent orientation. Please check the faces containing the vertices {} and {}.",
                c.name,
                w[0].0 + 1,
                w[0].1 + 1
            )));
        }
    }

    if needhull || c.face.is_empty() {
        c.graph = match hull::make_graph(&c.vert, m.maxhullvert) {
            Ok(g) => g,
            Err(hull::HullError::Qhull) => return Err(err("qhull error")),
            Err(hull::HullError::Internal(msg)) => {
                crate::mjerror!("mj_loadXML", "{}", msg);
                return Err(err(msg));
            }
        };
    }
    if c.face.is_empty() && !c.graph.is_empty() {
        c.face = c.graph_faces().to_vec();
    }
    if c.normal.is_empty() {
        make_normals(c, m.smoothnormal != 0);
    }
    if !c.facenormal.is_empty() && c.facenormal.len() != c.face.len() {
        return Err(err("face data must have the same size as face normal data"));
    }
    if c.facetexcoord.is_empty() && !c.texcoord.is_empty() {
        c.facetexcoord = c.face.clone();
    }
    if c.facenormal.is_empty() {
        let per_vertex = (c.normal.len() / c.vert.len()) as i32;
        c.facenormal = c.face.iter().map(|&f| per_vertex * f).collect();
    }
    c.poly = if c.graph.is_empty() {
        polygon::make_polygons(&c.vert, c.nvert(), &c.face)
    } else {
        polygon::make_polygons(&c.vert, c.nvert(), c.graph_faces())
    };

    apply_transformations(c, m);

    // centroid of the faces (area-weighted)
    let mut facecen = [0.0; 3];
    let mut total_area = 0.0;
    for f in c.face.chunks_exact(3) {
        let (area, center, _) = triangle(v3(&c.vert, f[0]), v3(&c.vert, f[1]), v3(&c.vert, f[2]));
        for k in 0..3 {
            facecen[k] += area * center[k];
        }
        total_area += area;
    }
    if total_area >= MINVAL {
        for x in facecen.iter_mut() {
            *x /= total_area;
        }
    }
    if total_area < MINVAL {
        return Err(err(&format!("mesh surface area is too small: {}", c.name)));
    }

    let shell = c.inertia == mjMESH_INERTIA_SHELL as i32;
    let mut com = [0.0; 3];
    if shell {
        c.surface = surface_and_com(c, &facecen, &mut com);
        if c.surface < MINVAL {
            return Err(err(&format!("mesh surface area is too small: {}", c.name)));
        }
    } else {
        c.volume = volume_and_com(c, &facecen, &mut com);
        if c.volume < MINVAL {
            if c.volume < 0.0 {
                return Err(err(&format!("mesh volume is negative (misoriented triangles): {}", c.name)));
            }
            return Err(err(&format!("mesh volume is too small: {} . Try setting inertia to shell", c.name)));
        }
    }
    let (total, inert) = inertia(c, &com);
    if shell {
        c.surface = total;
    } else {
        c.volume = total;
    }
    let full = [inert[0], inert[3], inert[4], inert[3], inert[1], inert[5], inert[4], inert[5], inert[2]];
    let (eigval, quat) = eig3(&full);
    if eigval[2] <= 0.0 {
        return Err(err(&format!("eigenvalue of mesh inertia must be positive: {}", c.name)));
    }
    let (atol, rtol) = (1e-9, 1e-6);
    if eigval[0] + eigval[1] < eigval[2] * (1.0 - rtol) - atol
        || eigval[0] + eigval[2] < eigval[1] * (1.0 - rtol) - atol
        || eigval[1] + eigval[2] < eigval[0] * (1.0 - rtol) - atol
    {
        return Err(err(&format!("eigenvalues of mesh inertia violate A + B >= C: {}", c.name)));
    }
    let volume = c.volume_ref();
    c.boxsz = [
        0.5 * (6.0 * (eigval[1] + eigval[2] - eigval[0]) / volume).sqrt(),
        0.5 * (6.0 * (eigval[0] + eigval[2] - eigval[1]) / volume).sqrt(),
        0.5 * (6.0 * (eigval[0] + eigval[1] - eigval[2]) / volume).sqrt(),
    ];

    // move to the centre of mass and the principal axes (a generated mesh stays in place)
    let (com, quat) = if reorient { (com, quat) } else { ([0.0; 3], [1.0, 0.0, 0.0, 0.0]) };
    for v in c.vert.chunks_exact_mut(3) {
        for k in 0..3 {
            v[k] -= com[k];
        }
    }
    rotate(c, &quat);
    c.pos = com;
    c.quat = quat;

    make_centers_and_bvh(c);
    polygon::polygon_normals(&c.vert, &mut c.poly);
    Ok(())
}

/// Area-weighted vertex normals; without `smooth`, faces at a large angle to a vertex's normal
/// are taken out of it again.
fn make_normals(c: &mut CMesh, smooth: bool) {
    let nv = c.nvert();
    c.normal = vec![0f32; 3 * nv];
    if c.facenormal.is_empty() {
        c.facenormal = vec![0; c.face.len()];
    }
    let face_normal = |vert: &[f64], f: &[i32]| -> ([f64; 3], f64) {
        let (a, b, cc) = (v3(vert, f[0]), v3(vert, f[1]), v3(vert, f[2]));
        let e1 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let e2 = [cc[0] - a[0], cc[1] - a[1], cc[2] - a[2]];
        let mut n = cross(&e1, &e2);
        let area = normvec(&mut n);
        (n, area)
    };
    for (i, f) in c.face.chunks_exact(3).enumerate() {
        let (n, area) = face_normal(&c.vert, f);
        for j in 0..3 {
            let at = 3 * f[j] as usize;
            for k in 0..3 {
                c.normal[at + k] = (c.normal[at + k] as f64 + n[k] * area) as f32;
            }
            c.facenormal[3 * i + j] = f[j];
        }
    }
    if !smooth {
        let mut remove = vec![0f32; 3 * nv];
        for f in c.face.chunks_exact(3) {
            let (n, area) = face_normal(&c.vert, f);
            for j in 0..3 {
                let at = 3 * f[j] as usize;
                let mut vn = [c.normal[at] as f64, c.normal[at + 1] as f64, c.normal[at + 2] as f64];
                normvec(&mut vn);
                if dot3(&n, &vn) < 0.8 {
                    for k in 0..3 {
                        remove[at + k] = (remove[at + k] as f64 + n[k] * area) as f32;
                    }
                }
            }
        }
        for (x, r) in c.normal.iter_mut().zip(&remove) {
            *x -= *r;
        }
    }
    for n in c.normal.chunks_exact_mut(3) {
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        if len as f64 > MINVAL {
            for x in n.iter_mut() {
                *x /= len;
            }
        } else {
            n.copy_from_slice(&[0.0, 0.0, 1.0]);
        }
    }
}

/// The mesh's `refpos`, `refquat` and `scale`, then normals renormalised.
fn apply_transformations(c: &mut CMesh, m: &Mesh) {
    let rp = m.refpos;
    if rp != [0.0; 3] {
        for v in c.vert.chunks_exact_mut(3) {
            for k in 0..3 {
                v[k] -= rp[k];
            }
        }
    }
    let rq = m.refquat;
    if rq[0] != 1.0 || rq[1] != 0.0 || rq[2] != 0.0 || rq[3] != 0.0 {
        let mut q = rq;
        normvec(&mut q);
        let mat = quat2mat(&q);
        let mul_t = |v: [f64; 3]| -> [f64; 3] {
            [
                mat[0] * v[0] + mat[3] * v[1] + mat[6] * v[2],
                mat[1] * v[0] + mat[4] * v[1] + mat[7] * v[2],
                mat[2] * v[0] + mat[5] * v[1] + mat[8] * v[2],
            ]
        };
        for v in c.vert.chunks_exact_mut(3) {
            let r = mul_t([v[0], v[1], v[2]]);
            v.copy_from_slice(&r);
        }
        for n in c.normal.chunks_exact_mut(3) {
            let r = mul_t([n[0] as f64, n[1] as f64, n[2] as f64]);
            for k in 0..3 {
                n[k] = r[k] as f32;
            }
        }
    }
    let s = m.scale;
    if s != [1.0; 3] {
        for v in c.vert.chunks_exact_mut(3) {
            for k in 0..3 {
                v[k] *= s[k];
            }
        }
        for n in c.normal.chunks_exact_mut(3) {
            for k in 0..3 {
                n[k] = (n[k] as f64 * s[k]) as f32;
            }
        }
    }
    for n in c.normal.chunks_exact_mut(3) {
        let len = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
        if len as f64 > MINVAL {
            let scl = 1.0 / len.sqrt();
            for x in n.iter_mut() {
                *x *= scl;
            }
        } else {
            n.copy_from_slice(&[0.0, 0.0, 1.0]);
        }
    }
}

/// Faces whose volume or area the mass properties use: the hull's for convex inertia.
fn inertia_faces(c: &CMesh) -> &[i32] {
    if c.inertia == mjMESH_INERTIA_CONVEX as i32 {
        c.graph_faces()
    } else {
        &c.face
    }
}

/// Volume of the mesh as pyramids from `facecen`, and their centre of mass.
fn volume_and_com(c: &CMesh, facecen: &[f64; 3], com: &mut [f64; 3]) -> f64 {
    let legacy = c.inertia == mjMESH_INERTIA_LEGACY as i32;
    let mut total = 0.0;
    *com = [0.0; 3];
    for f in inertia_faces(c).chunks_exact(3) {
        let (area, center, normal) = triangle(v3(&c.vert, f[0]), v3(&c.vert, f[1]), v3(&c.vert, f[2]));
        let vec = [center[0] - facecen[0], center[1] - facecen[1], center[2] - facecen[2]];
        let mut volume = dot3(&vec, &normal) * area / 3.0;
        if legacy {
            volume = volume.abs();
        }
        total += volume;
        for k in 0..3 {
            com[k] += volume * (center[k] * 3.0 / 4.0 + facecen[k] / 4.0);
        }
    }
    if total >= MINVAL {
        for x in com.iter_mut() {
            *x /= total;
        }
    }
    total
}

/// Surface area and its centre (shell inertia).
fn surface_and_com(c: &CMesh, facecen: &[f64; 3], com: &mut [f64; 3]) -> f64 {
    let mut total = 0.0;
    *com = [0.0; 3];
    for f in c.face.chunks_exact(3) {
        let (area, center, _) = triangle(v3(&c.vert, f[0]), v3(&c.vert, f[1]), v3(&c.vert, f[2]));
        total += area;
        for k in 0..3 {
            com[k] += area * (center[k] * 3.0 / 4.0 + facecen[k] / 4.0);
        }
    }
    if total >= MINVAL {
        for x in com.iter_mut() {
            *x /= total;
        }
    }
    total
}

/// Inertia about `com` per unit density (xx yy zz xy xz yz) from the face tetrahedra (or
/// triangles for shells); returns the recomputed volume or area too.
fn inertia(c: &CMesh, com: &[f64; 3]) -> (f64, [f64; 6]) {
    let centered: Vec<f64> =
        c.vert.chunks_exact(3).flat_map(|v| [v[0] - com[0], v[1] - com[1], v[2] - com[2]]).collect();
    let shell = c.inertia == mjMESH_INERTIA_SHELL as i32;
    let legacy = c.inertia == mjMESH_INERTIA_LEGACY as i32;
    const K: [[usize; 2]; 6] = [[0, 0], [1, 1], [2, 2], [0, 1], [0, 2], [1, 2]];
    let mut p = [0.0; 6];
    let mut total = 0.0;
    let cdiv = if shell { 12.0 } else { 20.0 };
    for f in inertia_faces(c).chunks_exact(3) {
        let (d, e, ff) = (v3(&centered, f[0]), v3(&centered, f[1]), v3(&centered, f[2]));
        let (area, center, normal) = triangle(d, e, ff);
        let mut volume = if shell { area } else { dot3(&center, &normal) * area / 3.0 };
        if legacy {
            volume = volume.abs();
        }
        total += volume;
        for j in 0..6 {
            let (a, b) = (K[j][0], K[j][1]);
            p[j] += volume / cdiv
                * (2.0 * (d[a] * d[b] + e[a] * e[b] + ff[a] * ff[b])
                    + d[a] * e[b]
                    + d[b] * e[a]
                    + d[a] * ff[b]
                    + d[b] * ff[a]
                    + e[a] * ff[b]
                    + e[b] * ff[a]);
        }
    }
    (total, [p[1] + p[2], p[0] + p[2], p[0] + p[1], -p[3], -p[4], -p[5]])
}

/// Rotates vertices and normals into the frame `quat`, recording the bounds.
fn rotate(c: &mut CMesh, quat: &[f64; 4]) {
    let mat = quat2mat(&[quat[0], -quat[1], -quat[2], -quat[3]]);
    let mul = |v: [f64; 3]| -> [f64; 3] {
        [
            mat[0] * v[0] + mat[1] * v[1] + mat[2] * v[2],
            mat[3] * v[0] + mat[4] * v[1] + mat[5] * v[2],
            mat[6] * v[0] + mat[7] * v[1] + mat[8] * v[2],
        ]
    };
    for v in c.vert.chunks_exact_mut(3) {
        let r = mul([v[0], v[1], v[2]]);
        v.copy_from_slice(&r);
        for k in 0..3 {
            c.aamm[k] = c.aamm[k].min(r[k]);
            c.aamm[k + 3] = c.aamm[k + 3].max(r[k]);
        }
    }
    for n in c.normal.chunks_exact_mut(3) {
        let r = mul([n[0] as f64, n[1] as f64, n[2] as f64]);
        for k in 0..3 {
            n[k] = r[k] as f32;
        }
    }
}

/// Face circumcentres (the BVH splits at them) and the BVH of the faces' boxes.
fn make_centers_and_bvh(c: &mut CMesh) {
    let mut leaves = Vec::with_capacity(c.nface());
    for (i, f) in c.face.chunks_exact(3).enumerate() {
        let (p0, p1, p2) = (v3(&c.vert, f[0]), v3(&c.vert, f[1]), v3(&c.vert, f[2]));
        let a = [p0[0] - p2[0], p0[1] - p2[1], p0[2] - p2[2]];
        let b = [p1[0] - p2[0], p1[1] - p2[1], p1[2] - p2[2]];
        let nrm = cross(&a, &b);
        let (na2, nb2) = (dot3(&a, &a), dot3(&b, &b));
        let area = dot3(&nrm, &nrm).sqrt();
        let vec = [na2 * b[0] - nb2 * a[0], na2 * b[1] - nb2 * a[1], na2 * b[2] - nb2 * a[2]];
        let res = cross(&vec, &nrm);
        let center = [
            res[0] / (2.0 * area * area) + p2[0],
            res[1] / (2.0 * area * area) + p2[1],
            res[2] / (2.0 * area * area) + p2[2],
        ];
        let mut aamm = [f64::MAX, f64::MAX, f64::MAX, -f64::MAX, -f64::MAX, -f64::MAX];
        for p in [p0, p1, p2] {
            for k in 0..3 {
                aamm[k] = aamm[k].min(p[k]);
                aamm[k + 3] = aamm[k + 3].max(p[k]);
            }
        }
        let aabb = [
            0.5 * (aamm[0] + aamm[3]),
            0.5 * (aamm[1] + aamm[4]),
            0.5 * (aamm[2] + aamm[5]),
            0.5 * (aamm[3] - aamm[0]),
            0.5 * (aamm[4] - aamm[1]),
            0.5 * (aamm[5] - aamm[2]),
        ];
        leaves.push(bvh::Leaf { id: i as i32, center, aabb, pose: None });
    }
    c.bvh = bvh::build(&leaves);
}

/// Size of a geom of primitive type `gtype` fitted to mesh `c` (its inertia box, or with
/// `fitaabb` its bounding box, then scaled by `fitscale`); `center` receives the box centre
/// for `fitaabb`.
pub fn fit_geom(
    c: &CMesh,
    gtype: i32,
    fitaabb: bool,
    fitscale: f64,
    size: &mut [f64; 3],
    center: &mut [f64; 3],
) -> Result<(), String> {
    use crate::abi::mjtGeom_::*;
    let t = gtype;
    if !fitaabb {
        let b = c.boxsz;
        match t {
            x if x == mjGEOM_SPHERE as i32 => size[0] = (b[0] + b[1] + b[2]) / 3.0,
            x if x == mjGEOM_CAPSULE as i32 => {
                size[0] = (b[0] + b[1]) / 2.0;
                size[1] = (b[2] - size[0] / 2.0).max(0.0);
            }
            x if x == mjGEOM_CYLINDER as i32 => {
                size[0] = (b[0] + b[1]) / 2.0;
                size[1] = b[2];
            }
            x if x == mjGEOM_ELLIPSOID as i32 || x == mjGEOM_BOX as i32 => *size = b,
            _ => return Err(format!("invalid geom type in fitting mesh {}", c.name)),
        }
    } else {
        let a = c.aamm;
        *center = [(a[0] + a[3]) / 2.0, (a[1] + a[4]) / 2.0, (a[2] + a[5]) / 2.0];
        let hs = [a[3] - center[0], a[4] - center[1], a[5] - center[2]];
        match t {
            x if x == mjGEOM_SPHERE as i32 => size[0] = hs[0].max(hs[1]).max(hs[2]),
            x if x == mjGEOM_CAPSULE as i32 || x == mjGEOM_CYLINDER as i32 => {
                size[0] = hs[0].max(hs[1]);
                size[1] = hs[2];
                if x == mjGEOM_CAPSULE as i32 {
                    size[1] -= size[0];
                }
            }
            x if x == mjGEOM_ELLIPSOID as i32 || x == mjGEOM_BOX as i32 => *size = hs,
            _ => return Err(format!("invalid fittype in mesh {}", c.name)),
        }
    }
    for s in size.iter_mut() {
        *s *= fitscale;
    }
    Ok(())
}

pub mod model;
