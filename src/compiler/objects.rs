//! Compilation of the objects outside the kinematic tree: skins, height fields,
//! materials, contact pairs and exclusions, equality constraints, tendons, custom fields and
//! keyframes, and their copy into the model.

use std::collections::HashMap;

use crate::abi::mjtEq_::*;
use crate::abi::mjtGeom_::*;
use crate::abi::mjtJoint_::*;
use crate::abi::mjtObj_::*;
use crate::abi::mjtWrap_::*;
use crate::abi::*;
use crate::spec::*;

use super::model_mut as mm;
use super::texture::{compile_texture, TexDirs};
use super::tree::{islimited, Compiled};
use super::{CResult, CompileError};

pub const NTEXROLE: usize = mjtTextureRole_::mjNTEXROLE as usize;

/// A compiled skin: its data (from the model or its SKN file), the bones' body ids, vertex
/// weights normalised per vertex and bind quaternions normalised.
#[derive(Clone, Debug)]
pub struct CSkin {
    pub s: Skin,
    pub matid: i32,
    pub bodyid: Vec<i32>,
}

/// A compiled height field: its spec (file path after `strippath`) and elevations scaled to
/// [0, 1], rows bottom to top.
#[derive(Clone, Debug)]
pub struct CHField {
    pub s: HField,
    pub data: Vec<f32>,
}

#[derive(Clone, Debug)]
pub struct CTexture {
    pub s: Texture,
    pub data: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct CMaterial {
    pub s: Material,
    pub texid: [i32; NTEXROLE],
}

#[derive(Clone, Debug)]
pub struct CPair {
    pub s: Pair,
    pub geom1: i32,
    pub geom2: i32,
    pub signature: i32,
}

#[derive(Clone, Debug)]
pub struct CExclude {
    pub name: String,
    pub signature: i32,
}

#[derive(Clone, Debug)]
pub struct CEquality {
    pub s: Equality,
    pub obj1id: i32,
    pub obj2id: i32,
}

/// A compiled wrap: type, object id and parameter as the model stores them.
#[derive(Clone, Debug)]
pub struct CWrap {
    pub wtype: i32,
    pub objid: i32,
    pub prm: f64,
    /// body the wrapped object belongs to (-1: none)
    pub body: i32,
}

#[derive(Clone, Debug)]
pub struct CTendon {
    pub s: Tendon,
    pub matid: i32,
    pub path: Vec<CWrap>,
}

#[derive(Clone, Debug)]
pub struct CTuple {
    pub s: Tuple,
    pub objid: Vec<i32>,
}

/// Compiled objects outside the tree.
#[derive(Default)]
pub struct Extra {
    pub meshes: Vec<super::mesh::CMesh>,
    pub flexes: Vec<super::flex::CFlex>,
    pub skins: Vec<CSkin>,
    pub hfields: Vec<CHField>,
    pub textures: Vec<CTexture>,
    pub materials: Vec<CMaterial>,
    pub pairs: Vec<CPair>,
    pub excludes: Vec<CExclude>,
    pub equalities: Vec<CEquality>,
    pub tendons: Vec<CTendon>,
    pub tuples: Vec<CTuple>,
    pub nuser_tendon: i32,
}

fn names<T>(items: &[T], name: impl Fn(&T) -> &str) -> HashMap<String, usize> {
    let mut h = HashMap::new();
    for (i, x) in items.iter().enumerate() {
        let n = name(x);
        if !n.is_empty() {
            h.entry(n.to_string()).or_insert(i);
        }
    }
    h
}

/// Upstream's name-to-id map of one object type (FindObject): unnamed objects are in it too,
/// under the empty name, which finds the last of them (a reference left empty resolves to it).
fn ids<T>(items: &[T], name: impl Fn(&T) -> &str) -> HashMap<String, usize> {
    let mut h = names(items, &name);
    if let Some(last) = items.iter().rposition(|x| name(x).is_empty()) {
        h.insert(String::new(), last);
    }
    h
}

pub(super) fn err_at(msg: &str, name: &str, id: usize, info: &Info) -> CompileError {
    CompileError::elem(msg, name, id as i64, info)
}

/// Upstream's check that every mesh, height field, texture (but a skybox) and material has a
/// name (file assets are named after their files before).
pub fn check_empty_names(spec: &Spec) -> CResult<()> {
    for (i, m) in spec.meshes.iter().enumerate() {
        if m.name.is_empty() {
            return Err(err_at("empty name in mesh", &m.name, i, &m.info));
        }
    }
    for (i, h) in spec.hfields.iter().enumerate() {
        if h.name.is_empty() {
            return Err(err_at("empty name in height field", &h.name, i, &h.info));
        }
    }
    for (i, t) in spec.textures.iter().enumerate() {
        if t.name.is_empty() && t.r#type != mjtTexture_::mjTEXTURE_SKYBOX as i32 {
            return Err(err_at("empty name in texture", &t.name, i, &t.info));
        }
    }
    for (i, m) in spec.materials.iter().enumerate() {
        if m.name.is_empty() {
            return Err(err_at("empty name in material", &m.name, i, &m.info));
        }
    }
    Ok(())
}

/// The compile error for an asset file that could not be used: a resource that did not open is
/// reported without naming the element (as upstream), any other problem as the element's.
pub(super) fn asset_error(err: super::image::TexError, elem: impl Fn(&str) -> CompileError) -> CompileError {
    match err {
        super::image::TexError::Open(m) => CompileError::model(&m),
        super::image::TexError::Texture(m) => elem(&m),
    }
}

/// Reads upstream's SKN format into `k`: four int counts (vertices, texture coordinates,
/// faces, bones), the float and int arrays, then per bone a 40-byte body name, bind pose,
/// vertex count, vertex ids and weights.
fn decode_skn(k: &mut Skin, b: &[u8], name: &str) -> Result<(), String> {
    let word = |i: usize| -> [u8; 4] { [b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]] };
    if b.len() < 16 {
        return Err(format!("missing header in SKN file '{name}'"));
    }
    let (nvert, ntex, nface, nbone) = (
        i32::from_ne_bytes(word(0)),
        i32::from_ne_bytes(word(1)),
        i32::from_ne_bytes(word(2)),
        i32::from_ne_bytes(word(3)),
    );
    if nvert < 0 || ntex < 0 || nface < 0 || nbone < 0 {
        return Err(format!("negative size in header of SKN file '{name}'"));
    }
    let (nvert, ntex, nface, nbone) = (nvert as usize, ntex as usize, nface as usize, nbone as usize);
    if (b.len() as u64) < 16 + 12 * nvert as u64 + 8 * ntex as u64 + 12 * nface as u64 {
        return Err(format!("insufficient data in SKN file '{name}'"));
    }
    let nword = b.len() / 4;
    let f = |i: usize| f32::from_ne_bytes(word(4 + i));
    let int = |i: usize| i32::from_ne_bytes(word(4 + i));
    let mut cnt = 0usize;
    k.vert = (0..3 * nvert).map(|i| f(cnt + i)).collect();
    cnt += 3 * nvert;
    k.texcoord = (0..2 * ntex).map(|i| f(cnt + i)).collect();
    cnt += 2 * ntex;
    k.face = (0..3 * nface).map(|i| int(cnt + i)).collect();
    cnt += 3 * nface;
    k.bodyname.clear();
    k.bindpos.clear();
    k.bindquat.clear();
    k.vertid.clear();
    k.vertweight.clear();
    for i in 0..nbone {
        if (nword as i64) - 4 - (cnt as i64) < 18 {
            return Err(format!("insufficient data in SKN file '{name}', bone {i}"));
        }
        // the name: at most 39 bytes of the 40, up to the first NUL
        let start = 16 + 4 * cnt;
        let raw = &b[start..start + 39];
        let len = raw.iter().position(|&c| c == 0).unwrap_or(39);
        k.bodyname.push(String::from_utf8_lossy(&raw[..len]).as_ref().into());
        cnt += 10;
        k.bindpos.extend_from_slice(&[f(cnt), f(cnt + 1), f(cnt + 2)]);
        cnt += 3;
        k.bindquat.extend_from_slice(&[f(cnt), f(cnt + 1), f(cnt + 2), f(cnt + 3)]);
        cnt += 4;
        let vcount = int(cnt);
        cnt += 1;
        if vcount < 1 {
            return Err(format!("vertex count must be positive in SKN file '{name}', bone {i}"));
        }
        let vcount = vcount as usize;
        if (nword as i64) - 4 - (cnt as i64) < 2 * vcount as i64 {
            return Err(format!("insufficient vertex data in SKN file '{name}', bone {i}"));
        }
        k.vertid.push((0..vcount).map(|j| int(cnt + j)).collect());
        cnt += vcount;
        k.vertweight.push((0..vcount).map(|j| f(cnt + j)).collect());
        cnt += vcount;
    }
    if b.len() != 16 + 4 * cnt {
        return Err(format!("unexpected buffer size in SKN file '{name}'"));
    }
    Ok(())
}

/// Compiles skin `i` (upstream's order of checks).
fn compile_skin(c: &Compiled, k: &Skin, i: usize, spec: &Spec, modeldir: &str) -> CResult<CSkin> {
    let e = |m: &str| err_at(m, &k.name, i, &k.info);
    let mut k = k.clone();
    if !k.file.is_empty() {
        let given = !k.vert.is_empty()
            || !k.texcoord.is_empty()
            || !k.face.is_empty()
            || !k.bodyname.is_empty()
            || !k.bindpos.is_empty()
            || !k.bindquat.is_empty()
            || !k.vertid.is_empty()
            || !k.vertweight.is_empty();
        if given {
            return Err(e(&format!("Both skin data and file were specified: {}", k.file)));
        }
        if spec.strippath != 0 {
            k.file = crate::io::files::strip_path(&k.file).into();
        }
        let ext = k.file.rfind('.').map_or("", |p| &k.file[p..]);
        if !ext.eq_ignore_ascii_case(".skn") {
            return Err(e(&format!("Unknown skin file type: {}", k.file)));
        }
        let (modeldir, meshdir) = crate::spec::assets::asset_dirs(k.origin.as_ref(), modeldir, &spec.meshdir);
        let filename = crate::io::files::join(meshdir, &k.file);
        let (bytes, name) =
            super::image::read_asset(modeldir, &filename, k.filedata.as_ref()).map_err(|err| asset_error(err, e))?;
        let bytes = match bytes {
            None => return Err(e(&format!("could not read SKN file '{name}'"))),
            Some(b) if b.is_empty() => return Err(e(&format!("SKN file '{name}' is empty"))),
            Some(b) => b,
        };
        decode_skn(&mut k, &bytes, &name).map_err(|m| e(&m))?;
    }
    if k.vert.is_empty()
        || k.face.is_empty()
        || k.bodyname.is_empty()
        || k.bindpos.is_empty()
        || k.bindquat.is_empty()
        || k.vertid.is_empty()
        || k.vertweight.is_empty()
    {
        return Err(e("Missing data in skin"));
    }
    if !k.vert.len().is_multiple_of(3) {
        return Err(e("Vertex data must be multiple of 3"));
    }
    if !k.texcoord.is_empty() && k.texcoord.len() != 2 * k.vert.len() / 3 {
        return Err(e("Vertex and texcoord data incompatible size"));
    }
    if !k.face.len().is_multiple_of(3) {
        return Err(e("Face data must be multiple of 3"));
    }
    let nbone = k.bodyname.len();
    if k.bindpos.len() != 3 * nbone {
        return Err(e("Unexpected bindpos size in skin"));
    }
    if k.bindquat.len() != 4 * nbone {
        return Err(e("Unexpected bindquat size in skin"));
    }
    if k.vertid.len() != nbone {
        return Err(e("Unexpected vertid size in skin"));
    }
    if k.vertweight.len() != nbone {
        return Err(e("Unexpected vertweight size in skin"));
    }
    let mut bodyid = Vec::with_capacity(nbone);
    for b in &k.bodyname {
        match c.body_by_name(b) {
            Some(id) => bodyid.push(id as i32),
            None => return Err(e(&format!("unknown body '{}' in skin", b))),
        }
    }
    let matid = if k.material.is_empty() {
        -1
    } else {
        match spec.materials.iter().position(|mt| mt.name == k.material) {
            Some(id) => id as i32,
            None => return Err(e(&format!("unknown material '{}' in skin", k.material))),
        }
    };

    // total weight of each vertex over all bones, then weights normalised by it
    let nvert = k.vert.len() / 3;
    let mut total = vec![0f32; nvert];
    for (ids, ws) in k.vertid.iter().zip(&k.vertweight) {
        if ws.len() != ids.len() || ids.is_empty() {
            return Err(e("vertid and vertweight must have same non-zero size in skin"));
        }
        for (&v, &w) in ids.iter().zip(ws) {
            if v < 0 || v as usize >= nvert {
                return Err(e(&format!("vertid {} out of range in skin", v)));
            }
            total[v as usize] += w;
        }
    }
    if let Some(v) = total.iter().position(|&w| w as f64 <= mjMINVAL) {
        return Err(e(&format!("vertex {} must have positive total weight in skin", v)));
    }
    for (ids, ws) in k.vertid.iter().zip(k.vertweight.iter_mut()) {
        for (&v, w) in ids.iter().zip(ws.iter_mut()) {
            *w /= total[v as usize];
        }
    }

    // bind quaternions normalised in double precision
    for q in k.bindquat.chunks_exact_mut(4) {
        let mut d = [q[0] as f64, q[1] as f64, q[2] as f64, q[3] as f64];
        crate::spec::util::normvec(&mut d);
        for (x, &y) in q.iter_mut().zip(&d) {
            *x = y as f32;
        }
    }
    Ok(CSkin { s: k, matid, bodyid })
}

/// Compiles height field `i` (upstream's order of checks): elevations from the model or from
/// its file (under the compiler's mesh folder), then shifted and scaled to [0, 1].
fn compile_hfield(h: &HField, i: usize, spec: &Spec, modeldir: &str) -> CResult<CHField> {
    let e = |m: &str| err_at(m, &h.name, i, &h.info);
    let mut h = h.clone();
    let (mut nrow, mut ncol) = (h.nrow, h.ncol);
    if !h.file.is_empty() {
        // the dimensions come from the file
        nrow = 0;
        ncol = 0;
    }
    let mut data = Vec::new();
    if !h.userdata.is_empty() {
        if nrow as i64 * ncol as i64 != h.userdata.len() as i64 {
            return Err(e("elevation data length must match nrow*ncol"));
        }
        data = h.userdata.to_vec();
    }
    if h.size.iter().any(|&x| x <= 0.0) {
        return Err(e("size parameter is not positive in hfield"));
    }
    if spec.strippath != 0 {
        h.file = crate::io::files::strip_path(&h.file).into();
    }
    if !h.file.is_empty() {
        if nrow != 0 || ncol != 0 || !data.is_empty() {
            return Err(e("hfield specified from file and manually"));
        }
        let mut ctype = super::image::asset_content_type(&h.file, &h.content_type);
        if ctype.is_empty() {
            ctype = "image/vnd.mujoco.hfield".to_string();
        }
        if ctype != "image/png" && ctype != "image/vnd.mujoco.hfield" {
            return Err(e(&format!("unsupported content type: '{}'", ctype)));
        }
        let (modeldir, meshdir) = crate::spec::assets::asset_dirs(h.origin.as_ref(), modeldir, &spec.meshdir);
        let filename = crate::io::files::join(meshdir, &h.file);
        let (dir, name, pre) = super::image::locate(h.fileloc.as_ref(), h.filedata.as_ref(), modeldir, &filename);
        let (r, c, d) =
            super::image::load_hfield_file(dir, name, pre, ctype == "image/png").map_err(|err| asset_error(err, e))?;
        (nrow, ncol, data) = (r, c, d);
    }
    if nrow < 1 || ncol < 1 || data.is_empty() {
        return Err(e("hfield not specified"));
    }

    // shift and scale to [0, 1] in single precision, as upstream; NaNs take no part in the range
    let (mut emin, mut emax) = (1e10f32, -1e10f32);
    for &v in &data {
        if v < emin {
            emin = v;
        }
        if emax < v {
            emax = v;
        }
    }
    if emin > emax {
        return Err(e(&format!("invalid data range in hfield '{}'", h.file)));
    }
    let range = emax - emin;
    for v in data.iter_mut() {
        *v -= emin;
        if range as f64 > crate::spec::util::EPS {
            *v /= range;
        }
    }
    h.nrow = nrow;
    h.ncol = ncol;
    Ok(CHField { s: h, data })
}

// ---------------------------------------------------------------- compilation

impl<'a> Compiled<'a> {
    /// Texture of a light, by name (-1: none).
    pub fn texture_id(&self, name: &str) -> Option<usize> {
        self.spec.textures.iter().position(|t| t.name == name)
    }

    /// Height fields, textures, materials and the material references of geoms, sites and
    /// tendons.
    pub fn compile_assets(&mut self) -> CResult<()> {
        let spec = self.spec;
        self.compile_flexes()?;
        let modeldir = crate::io::files::reduce(&spec.modelfiledir);
        for (i, k) in spec.skins.iter().enumerate() {
            if !k.material.is_empty() && !spec.materials.iter().any(|mt| mt.name == k.material) {
                return Err(err_at(&format!("material '{}' not found in skin {}", k.material, i), &k.name, i, &k.info));
            }
        }
        for (i, k) in spec.skins.iter().enumerate() {
            let c = compile_skin(self, k, i, spec, &modeldir)?;
            self.x.skins.push(c);
        }
        for (i, h) in spec.hfields.iter().enumerate() {
            let c = compile_hfield(h, i, spec, &modeldir)?;
            self.x.hfields.push(c);
        }
        let dirs = TexDirs { modeldir, texturedir: spec.texturedir.to_string() };
        for (i, t) in spec.textures.iter().enumerate() {
            let mut t = (**t).clone();
            if spec.strippath != 0 {
                t.file = crate::io::files::strip_path(&t.file).into();
                for f in t.cubefiles.iter_mut() {
                    *f = crate::io::files::strip_path(f).into();
                }
            }
            // a texture attached from another spec is read under that spec's folders
            let own = t.origin.clone().map(|o| {
                let (md, td) = crate::spec::assets::asset_dirs(Some(&o), &dirs.modeldir, &dirs.texturedir);
                TexDirs { modeldir: md.to_string(), texturedir: td.to_string() }
            });
            let data = compile_texture(&mut t, i, own.as_ref().unwrap_or(&dirs))?;
            self.x.textures.push(CTexture { s: t, data });
        }
        let texmap = names(&spec.textures, |t| &t.name);
        let matmap = names(&spec.materials, |m| &m.name);
        for gi in 0..self.geoms.len() {
            let mat = &self.geoms[gi].s.material;
            if !mat.is_empty() {
                match matmap.get(mat.as_str()) {
                    Some(&id) => self.geoms[gi].matid = id as i32,
                    None => {
                        let g = &self.geoms[gi].s;
                        return Err(err_at(
                            &format!("material '{}' not found in geom {}", mat, gi),
                            &g.name,
                            gi,
                            &g.info,
                        ));
                    }
                }
            }
        }
        for si in 0..self.sites.len() {
            let mat = &self.sites[si].s.material;
            if !mat.is_empty() {
                match matmap.get(mat.as_str()) {
                    Some(&id) => self.sites[si].matid = id as i32,
                    None => {
                        let s = &self.sites[si].s;
                        return Err(err_at(
                            &format!("material '{}' not found in site {}", mat, si),
                            &s.name,
                            si,
                            &s.info,
                        ));
                    }
                }
            }
        }
        for (i, t) in spec.tendons.iter().enumerate() {
            if !t.material.is_empty() && !matmap.contains_key(t.material.as_str()) {
                return Err(err_at(
                    &format!("material '{}' not found in tendon {}", t.material, i),
                    &t.name,
                    i,
                    &t.info,
                ));
            }
        }
        for (i, m) in spec.materials.iter().enumerate() {
            let mut texid = [-1; NTEXROLE];
            for j in 0..NTEXROLE {
                let tn = &m.textures[j];
                if !tn.is_empty() {
                    match texmap.get(tn.as_str()) {
                        Some(&id) => texid[j] = id as i32,
                        None => {
                            return Err(err_at(
                                &format!("texture '{}' not found in material {}", tn, i),
                                &m.name,
                                i,
                                &m.info,
                            ))
                        }
                    }
                }
            }
            self.x.materials.push(CMaterial { s: (**m).clone(), texid });
        }
        Ok(())
    }

    /// Contact pairs, excluded body pairs, equality constraints and tendons.
    pub fn compile_constraints(&mut self) -> CResult<()> {
        let spec = self.spec;
        let stale = |t: mjtObj_| self.prefuse_ids(t as i32).cloned();
        let gmap = stale(mjOBJ_GEOM).unwrap_or_else(|| ids(&self.geoms, |g| &g.s.name));
        let bmap = ids(&self.bodies, |b| &b.s.name);
        let smap = stale(mjOBJ_SITE).unwrap_or_else(|| ids(&self.sites, |s| &s.s.name));
        let jmap = stale(mjOBJ_JOINT).unwrap_or_else(|| ids(&self.joints, |j| &j.s.name));
        let tmap = ids(&spec.tendons, |t| &t.name);
        let fmap = ids(&spec.flexes, |f| &f.name);
        let gbody = |g: usize| self.geoms[g].s.body as i32;

        // pairs
        let mut pairs = Vec::new();
        for (i, p) in spec.pairs.iter().enumerate() {
            let e = |m: &str| err_at(m, &p.name, i, &p.info);
            if ![1, 3, 4, 6].contains(&p.condim) {
                return Err(e("invalid condim in contact pair"));
            }
            let g1 = gmap
                .get(p.geom1.as_str())
                .copied()
                .ok_or_else(|| e(&format!("geom '{}' not found in collision {}", p.geom1, i)))?;
            let g2 = gmap
                .get(p.geom2.as_str())
                .copied()
                .ok_or_else(|| e(&format!("geom '{}' not found in collision {}", p.geom2, i)))?;
            let (g1, g2) = if gbody(g1) > gbody(g2) { (g2, g1) } else { (g1, g2) };
            let signature = (gbody(g1) << 16) + gbody(g2);
            pairs.push(CPair { s: (**p).clone(), geom1: g1 as i32, geom2: g2 as i32, signature });
        }
        pairs.sort_by_key(|p| p.signature);
        self.x.pairs = pairs;

        // excludes
        let mut ex = Vec::new();
        for (i, x) in spec.excludes.iter().enumerate() {
            let e = |m: &str| err_at(m, &x.name, i, &x.info);
            let b1 = bmap
                .get(x.body1.as_str())
                .copied()
                .ok_or_else(|| e(&format!("body '{}' not found in bodypair {}", x.body1, i)))?;
            let b2 = bmap
                .get(x.body2.as_str())
                .copied()
                .ok_or_else(|| e(&format!("body '{}' not found in bodypair {}", x.body2, i)))?;
            let (b1, b2) = if b1 > b2 { (b2, b1) } else { (b1, b2) };
            ex.push(CExclude { name: x.name.to_string(), signature: ((b1 as i32) << 16) + b2 as i32 });
        }
        ex.sort_by_key(|x| x.signature);
        self.x.excludes = ex;

        // equality constraints
        for (i, q) in spec.equalities.iter().enumerate() {
            let e = |m: &str| err_at(m, &q.name, i, &q.info);
            let et = q.r#type;
            let map = if et == mjEQ_WELD as i32 || et == mjEQ_CONNECT as i32 {
                if q.objtype == mjOBJ_SITE as i32 {
                    &smap
                } else if q.objtype == mjOBJ_BODY as i32 {
                    &bmap
                } else if et == mjEQ_WELD as i32 {
                    return Err(e("weld constraint supports only sites and bodies"));
                } else {
                    return Err(e("connect constraint supports only sites and bodies"));
                }
            } else if et == mjEQ_JOINT as i32 {
                &jmap
            } else if et == mjEQ_TENDON as i32 {
                &tmap
            } else if et == mjEQ_FLEX as i32 {
                &fmap
            } else {
                return Err(e("invalid type in equality constraint"));
            };
            let o1 = map
                .get(q.name1.as_str())
                .copied()
                .ok_or_else(|| e(&format!("unknown element '{}' in equality constraint", q.name1)))?
                as i32;
            let mut o2 = -1;
            if !q.name2.is_empty() {
                o2 = map
                    .get(q.name2.as_str())
                    .copied()
                    .ok_or_else(|| e(&format!("unknown element '{}' in equality constraint {}", q.name2, i)))?
                    as i32;
            }
            let body = (et == mjEQ_WELD as i32 || et == mjEQ_CONNECT as i32) && q.objtype == mjOBJ_BODY as i32;
            if body && o2 == -1 {
                o2 = 0;
            }
            if o1 == o2 {
                return Err(e(&format!("element '{}' is repeated in equality constraint {}", q.name1, i)));
            }
            if et == mjEQ_JOINT as i32 {
                let scalar = |t: i32| t == mjJNT_HINGE as i32 || t == mjJNT_SLIDE as i32;
                let t1 = self.joints[o1 as usize].s.r#type;
                let t2 = if o2 >= 0 { self.joints[o2 as usize].s.r#type } else { mjJNT_HINGE as i32 };
                if !scalar(t1) || !scalar(t2) {
                    return Err(e("only HINGE and SLIDE joint allowed in constraint"));
                }
            }
            if et == mjEQ_FLEX as i32 && self.x.flexes[o1 as usize].rigid {
                return Err(e(&format!("rigid flex '{}' in equality constraint {}", q.name1, i)));
            }
            self.x.equalities.push(CEquality { s: (**q).clone(), obj1id: o1, obj2id: o2 });
        }

        // tendons
        let given = spec.nuser_tendon;
        self.x.nuser_tendon =
            if given == -1 { spec.tendons.iter().map(|t| t.userdata.len()).max().unwrap_or(0) as i32 } else { given };
        let matmap = names(&spec.materials, |m| &m.name);
        for (i, t) in spec.tendons.iter().enumerate() {
            let e = |m: &str| err_at(m, &t.name, i, &t.info);
            if t.userdata.len() > self.x.nuser_tendon as usize {
                return Err(e("user has more values than nuser_tendon in tendon"));
            }
            let sz = t.path.len();
            if sz == 0 {
                return Err(e(&format!("tendon '{}' (id = {}): path cannot be empty", t.name, i)));
            }
            let spatial = t.path[0].r#type != mjWRAP_JOINT as i32;
            if spatial && sz < 2 {
                return Err(e(&format!(
                    "tendon '{}' (id = {}): spatial path must contain at least two objects",
                    t.name, i
                )));
            }
            if spatial && t.width <= 0.0 {
                return Err(e(&format!("tendon '{}' (id = {}) must have positive width", t.name, i)));
            }
            let mut path = Vec::with_capacity(sz);
            for (k, w) in t.path.iter().enumerate() {
                let mut cw = CWrap { wtype: w.r#type, objid: -1, prm: w.prm, body: -1 };
                // upstream reports against the wrap itself: named after its target, numbered by
                // its place in the path
                let werr = |m: String| err_at(&m, &w.target, k, &w.info);
                if w.r#type == mjWRAP_JOINT as i32 {
                    let j = jmap
                        .get(w.target.as_str())
                        .copied()
                        .ok_or_else(|| werr(format!("joint '{}' not found in tendon {}, wrap {}", w.target, i, k)))?;
                    cw.objid = j as i32;
                } else if w.r#type == mjWRAP_SPHERE as i32 || w.r#type == mjWRAP_CYLINDER as i32 {
                    let g = gmap
                        .get(w.target.as_str())
                        .copied()
                        .ok_or_else(|| werr(format!("geom '{}' not found in tendon {}, wrap {}", w.target, i, k)))?;
                    let gt = self.geoms[g].s.r#type;
                    if gt == mjGEOM_CYLINDER as i32 {
                        cw.wtype = mjWRAP_CYLINDER as i32;
                    } else if gt != mjGEOM_SPHERE as i32 {
                        return Err(werr(format!(
                            "geom '{}' in tendon {}, wrap {} is not sphere or cylinder",
                            w.target, i, k
                        )));
                    }
                    cw.objid = g as i32;
                    cw.body = self.geoms[g].s.body as i32;
                    cw.prm = -1.0;
                    if !w.sidesite.is_empty() {
                        let s = smap.get(w.sidesite.as_str()).copied().ok_or_else(|| {
                            werr(format!("side site '{}' not found in tendon {}, wrap {}", w.sidesite, i, k))
                        })?;
                        cw.prm = s as f64;
                    }
                } else if w.r#type == mjWRAP_PULLEY as i32 {
                    if w.prm < 0.0 {
                        return Err(werr(format!("pulley has negative divisor in tendon {}, wrap {}", i, k)));
                    }
                } else if w.r#type == mjWRAP_SITE as i32 {
                    let s = smap
                        .get(w.target.as_str())
                        .copied()
                        .ok_or_else(|| werr(format!("site '{}' not found in wrap {}", w.target, k)))?;
                    cw.objid = s as i32;
                    cw.body = self.sites[s].s.body as i32;
                } else {
                    return Err(werr(format!("unknown wrap type in tendon {}, wrap {}", i, k)));
                }
                path.push(cw);
            }
            for k in 0..sz {
                let ty = path[k].wtype;
                if !spatial {
                    if ty != mjWRAP_JOINT as i32 {
                        return Err(e(&format!(
                            "tendon '{}' (id = {}): spatial object found in fixed path at pos {}",
                            t.name, i, k
                        )));
                    }
                    continue;
                }
                if t.armature < 0.0 {
                    return Err(e(&format!("tendon '{}' (id = {}): tendon armature cannot be negative", t.name, i)));
                }
                let prev = if k > 0 { Some(path[k - 1].wtype) } else { None };
                let next = path.get(k + 1).map(|w| w.wtype);
                let pulley = mjWRAP_PULLEY as i32;
                let site = mjWRAP_SITE as i32;
                if ty == pulley {
                    if prev == Some(pulley) {
                        return Err(e(&format!("tendon '{}' (id = {}): consecutive pulleys (pos {})", t.name, i, k)));
                    }
                    if k == sz - 1 {
                        return Err(e(&format!("tendon '{}' (id = {}): path ends with pulley", t.name, i)));
                    }
                } else if ty == site {
                    if (prev.is_none() || prev == Some(pulley)) && (next.is_none() || next == Some(pulley)) {
                        return Err(e(&format!(
                            "tendon '{}' (id = {}): site {} needs a neighbor that is not a pulley",
                            t.name, i, k
                        )));
                    }
                    if next == Some(site) && path[k].objid == path[k + 1].objid {
                        return Err(e(&format!("tendon '{}' (id = {}): site {} is repeated", t.name, i, k)));
                    }
                } else if ty == mjWRAP_SPHERE as i32 || ty == mjWRAP_CYLINDER as i32 {
                    if k == 0 || k == sz - 1 || prev != Some(site) || next != Some(site) {
                        return Err(e(&format!(
                            "tendon '{}' (id = {}): geom at pos {} not bracketed by sites",
                            t.name, i, k
                        )));
                    }
                    if t.armature > 0.0 {
                        return Err(e(&format!(
                            "tendon '{}' (id = {}): geom wrapping not supported by tendon armature",
                            t.name, i
                        )));
                    }
                } else {
                    return Err(e(&format!(
                        "tendon '{} (id = {})': joint wrap found in spatial path at pos {}",
                        t.name, i, k
                    )));
                }
            }
            let autolimits = spec.compiler.autolimits != 0;
            let limmsg = "tendon has `range` but not `limited`. set the autolimits=\"true\" compiler option, specify `limited` explicitly (\"true\" or \"false\"), or remove the `range` attribute.";
            if t.limited == TF_AUTO && !autolimits && !(t.range[0] == 0.0 && t.range[1] == 0.0) {
                return Err(e(limmsg));
            }
            if t.range[0] >= t.range[1] && islimited(t.limited, &t.range) {
                return Err(e("invalid limits in tendon"));
            }
            if t.actfrclimited == TF_AUTO && !autolimits && !(t.actfrcrange[0] == 0.0 && t.actfrcrange[1] == 0.0) {
                return Err(e(limmsg));
            }
            let afl = islimited(t.actfrclimited, &t.actfrcrange);
            if afl && (t.actfrcrange[0] >= t.actfrcrange[1] || t.actfrcrange[0] > 0.0 || t.actfrcrange[1] < 0.0) {
                return Err(e("invalid actuatorfrcrange in tendon"));
            }
            if t.springlength[0] > t.springlength[1] {
                return Err(e("invalid springlength in tendon"));
            }
            let matid = if t.material.is_empty() {
                -1
            } else {
                matmap.get(t.material.as_str()).map(|&m| m as i32).unwrap_or(-1)
            };
            self.x.tendons.push(CTendon { s: (**t).clone(), matid, path });
        }
        Ok(())
    }

    /// Custom tuples (numeric and text fields need no compilation beyond their checks).
    pub fn compile_custom(&mut self) -> CResult<()> {
        let spec = self.spec;
        for (i, n) in spec.numerics.iter().enumerate() {
            if n.size != 0 && !n.data.is_empty() && (n.size as usize) < n.data.len() {
                return Err(err_at(
                    &format!("numeric '{}' (id = {}): specified size smaller than initialization array", n.name, i),
                    &n.name,
                    i,
                    &n.info,
                ));
            }
            if n.effective_size() == 0 {
                return Err(err_at(
                    &format!("numeric '{}' (id = {}): size cannot be zero", n.name, i),
                    &n.name,
                    i,
                    &n.info,
                ));
            }
        }
        for (i, t) in spec.tuples.iter().enumerate() {
            let e = |m: &str| err_at(m, &t.name, i, &t.info);
            if t.objtype.is_empty() {
                return Err(e(&format!("tuple '{}' (id = {}) is empty", t.name, i)));
            }
            let mut ids = Vec::new();
            for (k, &ot) in t.objtype.iter().enumerate() {
                match self.find_object(ot, &t.objname[k]) {
                    Some(id) => ids.push(id as i32),
                    None => return Err(e(&format!("unrecognized object '{}' in tuple {}", t.objname[k], i))),
                }
            }
            self.x.tuples.push(CTuple { s: (**t).clone(), objid: ids });
        }
        Ok(())
    }

    /// Id of a named object of the given type.
    /// After fusing static bodies, the joint, geom or site indices by name from before
    /// (`fuse::PrefuseIds`); None for other types or without fusing.
    pub(crate) fn prefuse_ids(&self, objtype: i32) -> Option<&HashMap<String, usize>> {
        let p = self.prefuse.as_ref()?;
        [mjOBJ_JOINT, mjOBJ_GEOM, mjOBJ_SITE].into_iter().find(|&o| o as i32 == objtype).and_then(|o| p.of(o))
    }

    pub fn find_object(&self, objtype: i32, name: &str) -> Option<usize> {
        let spec = self.spec;
        let pos = |v: &mut dyn Iterator<Item = &str>| {
            let mut k = 0;
            for n in v {
                if n == name {
                    return Some(k);
                }
                k += 1;
            }
            None
        };
        let t = objtype;
        if t == mjOBJ_BODY as i32 || t == mjOBJ_XBODY as i32 {
            pos(&mut self.bodies.iter().map(|x| x.s.name.as_str()))
        } else if let Some(ids) = self.prefuse_ids(t) {
            // fusing renumbered the list; the index comes from before (upstream's stale map)
            ids.get(name).copied().filter(|_| !name.is_empty())
        } else if t == mjOBJ_JOINT as i32 {
            pos(&mut self.joints.iter().map(|x| x.s.name.as_str()))
        } else if t == mjOBJ_GEOM as i32 {
            pos(&mut self.geoms.iter().map(|x| x.s.name.as_str()))
        } else if t == mjOBJ_SITE as i32 {
            pos(&mut self.sites.iter().map(|x| x.s.name.as_str()))
        } else if t == mjOBJ_CAMERA as i32 {
            pos(&mut self.cameras.iter().map(|x| x.s.name.as_str()))
        } else if t == mjOBJ_LIGHT as i32 {
            pos(&mut self.lights.iter().map(|x| x.s.name.as_str()))
        } else if t == mjOBJ_FLEX as i32 {
            pos(&mut spec.flexes.iter().map(|x| x.name.as_str()))
        } else if t == mjOBJ_SKIN as i32 {
            pos(&mut spec.skins.iter().map(|x| x.name.as_str()))
        } else if t == mjOBJ_HFIELD as i32 {
            pos(&mut spec.hfields.iter().map(|x| x.name.as_str()))
        } else if t == mjOBJ_MESH as i32 {
            pos(&mut self.x.meshes.iter().map(|x| x.name.as_str()))
        } else if t == mjOBJ_TEXTURE as i32 {
            pos(&mut spec.textures.iter().map(|x| x.name.as_str()))
        } else if t == mjOBJ_MATERIAL as i32 {
            pos(&mut spec.materials.iter().map(|x| x.name.as_str()))
        } else if t == mjOBJ_PAIR as i32 {
            pos(&mut self.x.pairs.iter().map(|x| x.s.name.as_str()))
        } else if t == mjOBJ_EXCLUDE as i32 {
            pos(&mut self.x.excludes.iter().map(|x| x.name.as_str()))
        } else if t == mjOBJ_EQUALITY as i32 {
            pos(&mut spec.equalities.iter().map(|x| x.name.as_str()))
        } else if t == mjOBJ_TENDON as i32 {
            pos(&mut spec.tendons.iter().map(|x| x.name.as_str()))
        } else if t == mjOBJ_ACTUATOR as i32 {
            pos(&mut self.actuators.iter().map(|x| x.s.name.as_str()))
        } else if t == mjOBJ_SENSOR as i32 {
            pos(&mut self.sensors.iter().map(|x| x.s.name.as_str()))
        } else if t == mjOBJ_NUMERIC as i32 {
            pos(&mut spec.numerics.iter().map(|x| x.name.as_str()))
        } else if t == mjOBJ_TEXT as i32 {
            pos(&mut spec.texts.iter().map(|x| x.name.as_str()))
        } else if t == mjOBJ_TUPLE as i32 {
            pos(&mut spec.tuples.iter().map(|x| x.name.as_str()))
        } else if t == mjOBJ_KEY as i32 {
            pos(&mut spec.keys.iter().map(|x| x.name.as_str()))
        } else {
            None
        }
    }

    /// Checks for repeated names among the objects outside the tree.
    pub fn check_repeated_extra(&self) -> CResult<()> {
        fn check<'b>(names: impl Iterator<Item = &'b str>, what: &str) -> CResult<()> {
            // as upstream: the names sorted, the first adjacent pair reported
            let mut all: Vec<&str> = names.filter(|n| !n.is_empty()).collect();
            all.sort_unstable();
            match all.windows(2).find(|w| w[0] == w[1]) {
                Some(w) => Err(CompileError::model(&format!("repeated name '{}' in {}", w[0], what))),
                None => Ok(()),
            }
        }
        let s = self.spec;
        check(s.flexes.iter().map(|x| x.name.as_str()), "flex")?;
        check(s.meshes.iter().map(|x| x.name.as_str()), "mesh")?;
        check(s.skins.iter().map(|x| x.name.as_str()), "skin")?;
        check(s.hfields.iter().map(|x| x.name.as_str()), "hfield")?;
        check(s.textures.iter().map(|x| x.name.as_str()), "texture")?;
        check(s.materials.iter().map(|x| x.name.as_str()), "material")?;
        check(s.pairs.iter().map(|x| x.name.as_str()), "pair")?;
        check(s.excludes.iter().map(|x| x.name.as_str()), "exclude")?;
        check(s.equalities.iter().map(|x| x.name.as_str()), "equality")?;
        check(s.tendons.iter().map(|x| x.name.as_str()), "tendon")?;
        check(s.numerics.iter().map(|x| x.name.as_str()), "numeric")?;
        check(s.texts.iter().map(|x| x.name.as_str()), "text")?;
        check(s.tuples.iter().map(|x| x.name.as_str()), "tuple")?;
        check(s.keys.iter().map(|x| x.name.as_str()), "key")?;
        Ok(())
    }
}

// ---------------------------------------------------------------- copy into the model

/// Copies the compiled objects outside the tree into `m` (sizes already set).
///
/// Requires: `m` must be a model allocated with the sizes counted from `c`.
pub fn fill_extra(c: &Compiled, m: &mut mjModel) -> CResult<()> {
    let x = &c.x;
    let spec = c.spec;

    // height fields (their file paths come first in `paths`)
    let mut padr = 0usize;
    let mut adr = 0usize;
    for (i, h) in x.hfields.iter().enumerate() {
        mm::hfield_size(m)[4 * i..4 * i + 4].copy_from_slice(&h.s.size);
        mm::hfield_nrow(m)[i] = h.s.nrow;
        mm::hfield_ncol(m)[i] = h.s.ncol;
        mm::hfield_adr(m)[i] = adr as i32;
        mm::hfield_pathadr(m)[i] = -1;
        if !h.s.file.is_empty() {
            let buf = mm::bytes_mut(mm::paths(m));
            let f = h.s.file.as_bytes();
            if let Some(d) = buf.get_mut(padr..padr + f.len() + 1) {
                d[..f.len()].copy_from_slice(f);
                d[f.len()] = 0;
                mm::hfield_pathadr(m)[i] = padr as i32;
            }
            padr += f.len() + 1;
        }
        mm::hfield_data(m)[adr..adr + h.data.len()].copy_from_slice(&h.data);
        adr += h.data.len();
    }

    super::mesh::model::fill_meshes(c, m, &mut padr);
    super::flex::model::fill_flexes(c, m);

    // skins (their file paths after the height fields' and meshes')
    let (mut vadr, mut tadr, mut fadr, mut badr, mut bvadr) = (0usize, 0usize, 0usize, 0usize, 0usize);
    for (i, k) in x.skins.iter().enumerate() {
        let s = &k.s;
        let (nvert, ntex, nface, nbone) = (s.vert.len() / 3, s.texcoord.len() / 2, s.face.len() / 3, k.bodyid.len());
        mm::skin_matid(m)[i] = k.matid;
        mm::skin_group(m)[i] = s.group;
        mm::skin_rgba(m)[4 * i..4 * i + 4].copy_from_slice(&s.rgba);
        mm::skin_inflate(m)[i] = s.inflate;
        mm::skin_vertadr(m)[i] = vadr as i32;
        mm::skin_vertnum(m)[i] = nvert as i32;
        mm::skin_texcoordadr(m)[i] = if ntex > 0 { tadr as i32 } else { -1 };
        mm::skin_faceadr(m)[i] = fadr as i32;
        mm::skin_facenum(m)[i] = nface as i32;
        mm::skin_boneadr(m)[i] = badr as i32;
        mm::skin_bonenum(m)[i] = nbone as i32;
        mm::skin_pathadr(m)[i] = -1;
        if !s.file.is_empty() {
            let buf = mm::bytes_mut(mm::paths(m));
            let f = s.file.as_bytes();
            if let Some(dst) = buf.get_mut(padr..padr + f.len() + 1) {
                dst[..f.len()].copy_from_slice(f);
                dst[f.len()] = 0;
                mm::skin_pathadr(m)[i] = padr as i32;
            }
            padr += f.len() + 1;
        }
        mm::skin_vert(m)[3 * vadr..3 * (vadr + nvert)].copy_from_slice(&s.vert);
        mm::skin_texcoord(m)[2 * tadr..2 * (tadr + ntex)].copy_from_slice(&s.texcoord);
        mm::skin_face(m)[3 * fadr..3 * (fadr + nface)].copy_from_slice(&s.face);
        mm::skin_bonebindpos(m)[3 * badr..3 * (badr + nbone)].copy_from_slice(&s.bindpos);
        mm::skin_bonebindquat(m)[4 * badr..4 * (badr + nbone)].copy_from_slice(&s.bindquat);
        mm::skin_bonebodyid(m)[badr..badr + nbone].copy_from_slice(&k.bodyid);
        for (j, (ids, ws)) in s.vertid.iter().zip(&s.vertweight).enumerate() {
            mm::skin_bonevertadr(m)[badr + j] = bvadr as i32;
            mm::skin_bonevertnum(m)[badr + j] = ids.len() as i32;
            mm::skin_bonevertid(m)[bvadr..bvadr + ids.len()].copy_from_slice(ids);
            mm::skin_bonevertweight(m)[bvadr..bvadr + ids.len()].copy_from_slice(ws);
            bvadr += ids.len();
        }
        vadr += nvert;
        tadr += ntex;
        fadr += nface;
        badr += nbone;
    }

    // textures
    let mut adr = 0usize;
    for (i, t) in x.textures.iter().enumerate() {
        mm::tex_type(m)[i] = t.s.r#type;
        mm::tex_colorspace(m)[i] = t.s.colorspace;
        mm::tex_height(m)[i] = t.s.height;
        mm::tex_width(m)[i] = t.s.width;
        mm::tex_nchannel(m)[i] = t.s.nchannel;
        mm::tex_adr(m)[i] = adr as i32;
        mm::tex_pathadr(m)[i] = -1;
        if !t.s.file.is_empty() {
            let buf = mm::bytes_mut(mm::paths(m));
            let f = t.s.file.as_bytes();
            if let Some(d) = buf.get_mut(padr..padr + f.len() + 1) {
                d[..f.len()].copy_from_slice(f);
                d[f.len()] = 0;
                mm::tex_pathadr(m)[i] = padr as i32;
            }
            padr += f.len() + 1;
        }
        mm::tex_data(m)[adr..adr + t.data.len()].copy_from_slice(&t.data);
        adr += t.data.len();
    }

    // materials
    for (i, mt) in x.materials.iter().enumerate() {
        let s = &mt.s;
        mm::mat_texid(m)[NTEXROLE * i..NTEXROLE * (i + 1)].copy_from_slice(&mt.texid);
        mm::mat_texuniform(m)[i] = s.texuniform;
        mm::mat_texrepeat(m)[2 * i..2 * i + 2].copy_from_slice(&s.texrepeat);
        mm::mat_emission(m)[i] = s.emission;
        mm::mat_specular(m)[i] = s.specular;
        mm::mat_shininess(m)[i] = s.shininess;
        mm::mat_reflectance(m)[i] = s.reflectance;
        mm::mat_metallic(m)[i] = s.metallic;
        mm::mat_roughness(m)[i] = s.roughness;
        mm::mat_rgba(m)[4 * i..4 * i + 4].copy_from_slice(&s.rgba);
    }

    // pairs and excludes
    for (i, p) in x.pairs.iter().enumerate() {
        let s = &p.s;
        mm::pair_dim(m)[i] = s.condim;
        mm::pair_geom1(m)[i] = p.geom1;
        mm::pair_geom2(m)[i] = p.geom2;
        mm::pair_signature(m)[i] = p.signature;
        mm::pair_solref(m)[mjNREF * i..mjNREF * (i + 1)].copy_from_slice(&s.solref);
        mm::pair_solreffriction(m)[mjNREF * i..mjNREF * (i + 1)].copy_from_slice(&s.solreffriction);
        mm::pair_solimp(m)[mjNIMP * i..mjNIMP * (i + 1)].copy_from_slice(&s.solimp);
        mm::pair_margin(m)[i] = s.margin;
        mm::pair_gap(m)[i] = s.gap;
        mm::pair_friction(m)[5 * i..5 * i + 5].copy_from_slice(&s.friction);
    }
    for (i, e) in x.excludes.iter().enumerate() {
        mm::exclude_signature(m)[i] = e.signature;
    }

    // equality constraints
    for (i, q) in x.equalities.iter().enumerate() {
        let s = &q.s;
        mm::eq_type(m)[i] = s.r#type;
        mm::eq_obj1id(m)[i] = q.obj1id;
        mm::eq_obj2id(m)[i] = q.obj2id;
        mm::eq_objtype(m)[i] = s.objtype;
        mm::eq_active0(m)[i] = s.active;
        mm::eq_solref(m)[mjNREF * i..mjNREF * (i + 1)].copy_from_slice(&s.solref);
        mm::eq_solimp(m)[mjNIMP * i..mjNIMP * (i + 1)].copy_from_slice(&s.solimp);
        mm::eq_data(m)[mjNEQDATA * i..mjNEQDATA * (i + 1)].copy_from_slice(&s.data);
    }

    // tendons and wraps
    let nut = x.nuser_tendon as usize;
    let mut adr = 0usize;
    for (i, t) in x.tendons.iter().enumerate() {
        let s = &t.s;
        mm::tendon_adr(m)[i] = adr as i32;
        mm::tendon_num(m)[i] = t.path.len() as i32;
        mm::tendon_matid(m)[i] = t.matid;
        mm::tendon_group(m)[i] = s.group;
        mm::tendon_limited(m)[i] = islimited(s.limited, &s.range) as u8;
        mm::tendon_actfrclimited(m)[i] = islimited(s.actfrclimited, &s.actfrcrange) as u8;
        mm::tendon_width(m)[i] = s.width;
        mm::tendon_solref_lim(m)[mjNREF * i..mjNREF * (i + 1)].copy_from_slice(&s.solref_limit);
        mm::tendon_solimp_lim(m)[mjNIMP * i..mjNIMP * (i + 1)].copy_from_slice(&s.solimp_limit);
        mm::tendon_solref_fri(m)[mjNREF * i..mjNREF * (i + 1)].copy_from_slice(&s.solref_friction);
        mm::tendon_solimp_fri(m)[mjNIMP * i..mjNIMP * (i + 1)].copy_from_slice(&s.solimp_friction);
        mm::tendon_range(m)[2 * i..2 * i + 2].copy_from_slice(&s.range);
        mm::tendon_actfrcrange(m)[2 * i..2 * i + 2].copy_from_slice(&s.actfrcrange);
        mm::tendon_margin(m)[i] = s.margin;
        mm::tendon_stiffness(m)[i] = s.stiffness;
        mm::tendon_damping(m)[i] = s.damping;
        mm::tendon_armature(m)[i] = s.armature;
        mm::tendon_frictionloss(m)[i] = s.frictionloss;
        mm::tendon_lengthspring(m)[2 * i..2 * i + 2].copy_from_slice(&s.springlength);
        if nut > 0 {
            let row = &mut mm::tendon_user(m)[nut * i..nut * (i + 1)];
            row.fill(0.0);
            let k = s.userdata.len().min(nut);
            row[..k].copy_from_slice(&s.userdata[..k]);
        }
        mm::tendon_rgba(m)[4 * i..4 * i + 4].copy_from_slice(&s.rgba);
        for (k, cw) in t.path.iter().enumerate() {
            mm::wrap_type(m)[adr + k] = cw.wtype;
            mm::wrap_objid(m)[adr + k] = cw.objid;
            mm::wrap_prm(m)[adr + k] = cw.prm;
        }
        adr += t.path.len();
    }

    // custom fields
    let mut adr = 0usize;
    for (i, n) in spec.numerics.iter().enumerate() {
        mm::numeric_adr(m)[i] = adr as i32;
        let size = n.effective_size();
        mm::numeric_size(m)[i] = size;
        let d = &mut mm::numeric_data(m)[adr..adr + size as usize];
        d.fill(0.0);
        let k = n.data.len().min(d.len());
        d[..k].copy_from_slice(&n.data[..k]);
        adr += size as usize;
    }
    let mut adr = 0usize;
    for (i, t) in spec.texts.iter().enumerate() {
        mm::text_adr(m)[i] = adr as i32;
        mm::text_size(m)[i] = t.data.len() as i32 + 1;
        let d = mm::bytes_mut(mm::text_data(m));
        d[adr..adr + t.data.len()].copy_from_slice(t.data.as_bytes());
        d[adr + t.data.len()] = 0;
        adr += t.data.len() + 1;
    }
    let mut adr = 0usize;
    for (i, t) in x.tuples.iter().enumerate() {
        mm::tuple_adr(m)[i] = adr as i32;
        mm::tuple_size(m)[i] = t.objid.len() as i32;
        for k in 0..t.objid.len() {
            mm::tuple_objtype(m)[adr + k] = t.s.objtype[k];
            mm::tuple_objid(m)[adr + k] = t.objid[k];
            mm::tuple_objprm(m)[adr + k] = t.s.objprm[k];
        }
        adr += t.objid.len();
    }
    Ok(())
}

/// Fills the keyframes from the spec; missing values take the model's reference values.
///
/// Requires: `m` must be fully filled apart from the keyframes.
pub fn fill_keys(c: &Compiled, m: &mut mjModel) -> CResult<()> {
    let (nq, nv, na, nu, nmocap, nbody) =
        (m.nq as usize, m.nv as usize, m.na as usize, m.nu as usize, m.nmocap as usize, m.nbody as usize);
    let nkey = m.nkey as usize;
    let qpos0 = m.qpos0()[..nq].to_vec();
    let bpos = m.body_pos()[..3 * nbody].to_vec();
    let bquat = m.body_quat()[..4 * nbody].to_vec();
    let mocapid = m.body_mocapid()[..nbody].to_vec();
    let mut mpos0 = vec![0.0; 3 * nmocap];
    let mut mquat0 = vec![0.0; 4 * nmocap];
    for b in 0..nbody {
        if mocapid[b] >= 0 {
            let k = mocapid[b] as usize;
            mpos0[3 * k..3 * k + 3].copy_from_slice(&bpos[3 * b..3 * b + 3]);
            mquat0[4 * k..4 * k + 4].copy_from_slice(&bquat[4 * b..4 * b + 4]);
        }
    }
    let empty = Key::default();
    for i in 0..nkey {
        let k: &Key = c.spec.keys.get(i).map_or(&empty, |k| &**k);
        let built;
        let k = match k.attached {
            Some(flags) => {
                built = attached_key(c, m, k, flags, &qpos0, &mpos0, &mquat0);
                &built
            }
            None => k,
        };
        let e = |msg: String| err_at(&msg, &k.name, i, &k.info);
        // fewer values than needed are completed with the reference values
        let fill = |given: &[f64], n: usize, dflt: &[f64], what: &str| -> CResult<Vec<f64>> {
            if given.is_empty() {
                return Ok(dflt.to_vec());
            }
            if given.len() > n {
                return Err(match what {
                    "qpos" | "qvel" | "act" => {
                        e(format!("keyframe '{}': invalid {} size, expected {}, got {}", k.name, what, n, given.len()))
                    }
                    _ => e(format!("keyframe {}: invalid {} size, expected length {}", i, what, n)),
                });
            }
            let mut v = dflt.to_vec();
            v[..given.len()].copy_from_slice(given);
            Ok(v)
        };
        let mut qpos = fill(&k.qpos, nq, &qpos0, "qpos")?;
        let qvel = fill(&k.qvel, nv, &vec![0.0; nv], "qvel")?;
        let act = fill(&k.act, na, &vec![0.0; na], "act")?;
        let mpos = fill(&k.mpos, 3 * nmocap, &mpos0, "mpos")?;
        let mut mquat = fill(&k.mquat, 4 * nmocap, &mquat0, "mquat")?;
        let ctrl = fill(&k.ctrl, nu, &vec![0.0; nu], "ctrl")?;
        // quaternions normalized before the copy into the model
        for j in 0..m.njnt as usize {
            let t = m.jnt_type()[j];
            if t == mjJNT_BALL as i32 || t == mjJNT_FREE as i32 {
                let a = m.jnt_qposadr()[j] as usize + if t == mjJNT_FREE as i32 { 3 } else { 0 };
                crate::spec::util::normvec(&mut qpos[a..a + 4]);
            }
        }
        for j in 0..nmocap {
            crate::spec::util::normvec(&mut mquat[4 * j..4 * j + 4]);
        }
        mm::key_time(m)[i] = k.time;
        mm::key_qpos(m)[i * nq..(i + 1) * nq].copy_from_slice(&qpos);
        mm::key_qvel(m)[i * nv..(i + 1) * nv].copy_from_slice(&qvel);
        mm::key_act(m)[i * na..(i + 1) * na].copy_from_slice(&act);
        mm::key_mpos(m)[i * 3 * nmocap..(i + 1) * 3 * nmocap].copy_from_slice(&mpos);
        mm::key_mquat(m)[i * 4 * nmocap..(i + 1) * 4 * nmocap].copy_from_slice(&mquat);
        mm::key_ctrl(m)[i * nu..(i + 1) * nu].copy_from_slice(&ctrl);
    }
    Ok(())
}

/// The values of a keyframe brought in by `<attach>`: those stored on joints, actuators and
/// mocap bodies under its name, the reference values elsewhere (zero velocities and controls).
fn attached_key(
    c: &Compiled,
    m: &mjModel,
    k: &Key,
    flags: [bool; 6],
    qpos0: &[f64],
    mpos0: &[f64],
    mquat0: &[f64],
) -> Key {
    let (nq, nv, na, nu) = (m.nq as usize, m.nv as usize, m.na as usize, m.nu as usize);
    let mut out = Key { name: k.name.clone(), info: k.info.clone(), ..Key::default() };
    out.time = k.time;
    let find = |v: &[(String, Vec<f64>, Vec<f64>)]| v.iter().find(|x| x.0 == k.name).cloned();
    if flags[0] || flags[1] {
        let mut q = qpos0.to_vec();
        let mut dq = vec![0.0; nv];
        for (j, cj) in c.joints.iter().enumerate() {
            if let Some((_, kq, kv)) = find(&cj.s.keyvals) {
                let qa = m.jnt_qposadr()[j] as usize;
                let va = m.jnt_dofadr()[j] as usize;
                if let Some(d) = q.get_mut(qa..qa + kq.len()) {
                    d.copy_from_slice(&kq);
                }
                if let Some(d) = dq.get_mut(va..va + kv.len()) {
                    d.copy_from_slice(&kv);
                }
            }
        }
        if flags[0] {
            out.qpos = q.into();
        }
        if flags[1] {
            out.qvel = dq.into();
        }
    }
    if flags[2] || flags[3] {
        let mut act = vec![0.0; na];
        let mut ctrl = vec![0.0; nu];
        for (i, a) in c.actuators.iter().enumerate() {
            if let Some((_, ka, kc)) = a.s.keyvals.iter().find(|x| x.0 == k.name) {
                let adr = m.actuator_actadr()[i];
                if adr >= 0 {
                    if let Some(d) = act.get_mut(adr as usize..adr as usize + ka.len()) {
                        d.copy_from_slice(ka);
                    }
                }
                if let Some(x) = kc {
                    ctrl[i] = *x;
                }
            }
        }
        if flags[2] {
            out.act = act.into();
        }
        if flags[3] {
            out.ctrl = ctrl.into();
        }
    }
    if flags[4] || flags[5] {
        let mut mp = mpos0.to_vec();
        let mut mq = mquat0.to_vec();
        for (b, cb) in c.bodies.iter().enumerate() {
            let id = m.body_mocapid()[b];
            if id < 0 {
                continue;
            }
            let id = id as usize;
            if let Some((_, p, q)) = cb.s.keyvals.iter().find(|x| x.0 == k.name) {
                if !p[0].is_nan() {
                    mp[3 * id..3 * id + 3].copy_from_slice(p);
                }
                if !q[0].is_nan() {
                    mq[4 * id..4 * id + 4].copy_from_slice(q);
                }
            }
        }
        if flags[4] {
            out.mpos = mp.into();
        }
        if flags[5] {
            out.mquat = mq.into();
        }
    }
    let _ = nq;
    out
}
