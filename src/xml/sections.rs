//! Readers for the sections outside the kinematic tree: assets (textures, materials), contact
//! pairs and exclusions, equality constraints, tendons, custom fields and keyframes, plus the
//! default-class versions of their elements.

use crate::abi::*;
use crate::io::files::{stem_of, strip_path};
use crate::spec::*;

use super::attr::*;
use super::reader::*;
use super::tree::Element;
use super::{XmlError, UNRECOGNIZED};

type R<T> = Result<T, XmlError>;

pub const TEXTURE_MAP: Map = &[("2d", 0), ("cube", 1), ("skybox", 2)];
pub const COLORSPACE_MAP: Map = &[("auto", 0), ("linear", 1), ("sRGB", 2)];
pub const BUILTIN_MAP: Map = &[("none", 0), ("gradient", 1), ("checker", 2), ("flat", 3)];
pub const MARK_MAP: Map = &[("none", 0), ("edge", 1), ("cross", 2), ("random", 3)];
pub const TEXROLE_MAP: Map = &[
    ("rgb", 1),
    ("occlusion", 2),
    ("roughness", 3),
    ("metallic", 4),
    ("normal", 5),
    ("opacity", 6),
    ("emissive", 7),
    ("rgba", 8),
    ("orm", 9),
];

/// `<material>` attributes (also used for default classes).
pub fn one_material(e: &Element, m: &mut Material) -> R<()> {
    set_name(e, &mut m.name);
    let mut has_tex = false;
    if let Some(t) = read_txt(e, "texture") {
        m.textures[mjtTextureRole_::mjTEXROLE_RGB as usize] = t.into();
        has_tex = true;
    }
    for layer in &e.children {
        if has_tex {
            return Err(XmlError::at(layer, "A material with a texture attribute cannot have layer sub-elements"));
        }
        let role = read_txt_req(layer, "role")?;
        let r = TEXROLE_MAP.iter().find(|(k, _)| *k == role).map(|(_, v)| *v as usize).unwrap_or(0);
        m.textures[r] = read_txt_req(layer, "texture")?.into();
    }
    map_bool(e, "texuniform", &mut m.texuniform)?;
    read_arr(e, "texrepeat", &mut m.texrepeat, true)?;
    read1(e, "emission", &mut m.emission)?;
    read1(e, "specular", &mut m.specular)?;
    read1(e, "shininess", &mut m.shininess)?;
    read1(e, "reflectance", &mut m.reflectance)?;
    read1(e, "metallic", &mut m.metallic)?;
    read1(e, "roughness", &mut m.roughness)?;
    read_arr(e, "rgba", &mut m.rgba, true)?;
    m.info = info(e);
    Ok(())
}

/// `<texture>`; file attributes are resolved as upstream does (`ReadCx::texture_file`), at the
/// points where upstream reads them.
fn one_texture(e: &Element, cx: &super::ReadCx) -> R<Texture> {
    let mut t = Texture { info: info(e), ..Texture::default() };
    map_into(e, "type", TEXTURE_MAP, &mut t.c.r#type)?;
    map_into(e, "colorspace", COLORSPACE_MAP, &mut t.colorspace)?;
    set_name(e, &mut t.name);
    if let Some(c) = read_txt(e, "content_type") {
        t.content_type = c.into();
    }
    if let Some(f) = e.attr("file") {
        t.file = cx.texture_file(e, f).into();
    }
    if t.name.is_empty() && !t.file.is_empty() {
        t.name = stem_of(&t.file).into();
    }
    read1(e, "width", &mut t.width)?;
    read1(e, "height", &mut t.height)?;
    read1(e, "nchannel", &mut t.nchannel)?;
    read_arr(e, "rgb1", &mut t.rgb1, true)?;
    read_arr(e, "rgb2", &mut t.rgb2, true)?;
    read_arr(e, "markrgb", &mut t.markrgb, true)?;
    read1(e, "random", &mut t.random)?;
    map_into(e, "builtin", BUILTIN_MAP, &mut t.builtin)?;
    map_into(e, "mark", MARK_MAP, &mut t.mark)?;
    map_bool(e, "hflip", &mut t.hflip)?;
    map_bool(e, "vflip", &mut t.vflip)?;
    read_arr(e, "gridsize", &mut t.gridsize, true)?;
    if let Some(text) = read_txt(e, "gridlayout") {
        if text.len() > 12 {
            return Err(XmlError::at(e, "gridlayout length cannot exceed 12 characters"));
        }
        if text.len() as i32 != t.gridsize[0] * t.gridsize[1] {
            return Err(XmlError::at(e, "gridlayout length must match gridsize"));
        }
        for (d, &b) in t.c.gridlayout.iter_mut().zip(text.as_bytes()) {
            *d = b as _;
        }
    }
    for (i, f) in ["fileright", "fileleft", "fileup", "filedown", "filefront", "fileback"].iter().enumerate() {
        if let Some(v) = e.attr(f) {
            t.cubefiles[i] = cx.texture_file(e, v).into();
        }
    }
    Ok(t)
}

/// Reads the image files of the textures of a nested model now, through the resources, with
/// that model's folders (the compiler reads the main model's textures itself; see
/// `crate::compiler::image::open_texture`). A file that cannot be opened is recorded with its
/// error, reported when the texture is compiled.
pub fn load_texture_files(s: &mut Spec, src: &super::Files) {
    let modeldir = crate::io::files::reduce(&s.modelfiledir);
    let texdir = s.texturedir.clone();
    let strip = s.strippath != 0;
    for t in s.textures.iter_mut() {
        if !t.filedata.is_empty() {
            continue;
        }
        let names: Vec<String> = std::iter::once(&t.file).chain(t.cubefiles.iter()).map(|x| x.to_string()).collect();
        for n in names {
            if n.is_empty() {
                t.filedata.push(Err(String::new()));
                t.fileloc.push(None);
                continue;
            }
            let n = if strip { strip_path(&n).to_string() } else { n };
            let name = crate::io::files::join(&texdir, &n);
            let data = crate::io::files::read_all(&modeldir, &name, src.vfs_ref());
            t.filedata.push(data.map(std::sync::Arc::new));
            t.fileloc.push(Some((modeldir.to_string(), name)));
        }
    }
}

/// One `<hfield>`: name, file or dimensions, size, and elevations (given top row first, stored
/// bottom row first; all zero when absent).
fn one_hfield(e: &Element, cx: &super::ReadCx) -> R<HField> {
    let mut h = HField { info: info(e), ..HField::default() };
    set_name(e, &mut h.name);
    if let Some(c) = read_txt(e, "content_type") {
        h.content_type = c.into();
    }
    let file = e.attr("file").map(|f| cx.asset_file(e, f));
    read1(e, "nrow", &mut h.nrow)?;
    read1(e, "ncol", &mut h.ncol)?;
    read_req(e, "size", &mut h.size)?;
    if file.is_none() && h.nrow > 0 && h.ncol > 0 {
        let (nrow, ncol) = (h.nrow as usize, h.ncol as usize);
        let n = nrow as u64 * ncol as u64;
        if n > (i32::MAX / 4) as u64 {
            return Err(XmlError::at(e, "height field too large: nrow*ncol exceeds the model size limit"));
        }
        match read_vec::<f32>(e, "elevation")? {
            Some(v) => {
                if v.len() as u64 != n {
                    return Err(XmlError::at(e, "elevation data length must match nrow*ncol"));
                }
                let mut flipped = vec![0f32; nrow * ncol];
                for (i, row) in v.chunks_exact(ncol).enumerate() {
                    flipped[(nrow - 1 - i) * ncol..(nrow - i) * ncol].copy_from_slice(row);
                }
                h.userdata = flipped.into();
            }
            None => h.userdata = vec![0f32; nrow * ncol].into(),
        }
    }
    if let Some(f) = file {
        h.file = f.into();
    }
    if h.name.is_empty() && !h.file.is_empty() {
        h.name = stem_of(&h.file).into();
    }
    Ok(h)
}

pub const MESH_INERTIA_MAP: Map = &[("convex", 0), ("legacy", 2), ("exact", 1), ("shell", 3)];
pub const MESH_BUILTIN_MAP: Map = &[
    ("none", 0),
    ("sphere", 1),
    ("hemisphere", 2),
    ("cone", 3),
    ("supertorus", 5),
    ("supersphere", 4),
    ("wedge", 6),
    ("plate", 7),
];

/// One `<mesh>` (in `<asset>` with the spec `s` its plugin instance goes to, or in a default
/// class when `cx` is None): file, reference frame, scale, inertia mode, plugin, normals
/// option, hull size, inline data and material.
pub fn one_mesh(e: &Element, m: &mut Mesh, cx: Option<(&super::ReadCx, &mut Spec)>) -> R<()> {
    let (cx, s) = match cx {
        Some((cx, s)) => (Some(cx), Some(s)),
        None => (None, None),
    };
    set_name(e, &mut m.name);
    if let Some(c) = read_txt(e, "content_type") {
        m.content_type = c.into();
    }
    let file = match (e.attr("file"), cx) {
        (Some(f), Some(cx)) => Some(cx.mesh_file(e, f)),
        (Some(f), None) => Some(f.to_string()),
        _ => None,
    };
    if let Some(f) = &file {
        m.file = f.into();
    }
    read_arr(e, "refpos", &mut m.refpos, true)?;
    read_arr(e, "refquat", &mut m.refquat, true)?;
    read_arr(e, "scale", &mut m.scale, true)?;
    map_into(e, "inertia", MESH_INERTIA_MAP, &mut m.inertia)?;
    if let (Some(p), Some(s)) = (e.children_named("plugin").next(), s) {
        one_plugin(p, s, &mut m.c.plugin, &mut m.plugin)?;
    }
    map_bool(e, "smoothnormal", &mut m.smoothnormal)?;
    let mut n = 0i32;
    if read1(e, "maxhullvert", &mut n)? {
        if n != -1 && n < 4 {
            return Err(XmlError::at(e, "maxhullvert must be larger than 3"));
        }
        m.maxhullvert = n;
    }
    if let Some(v) = read_vec::<f32>(e, "vertex")? {
        m.uservert = v.into();
    }
    if let Some(v) = read_vec::<f32>(e, "normal")? {
        m.usernormal = v.into();
    }
    if let Some(v) = read_vec::<f32>(e, "texcoord")? {
        m.usertexcoord = v.into();
    }
    if let Some(v) = read_vec::<i32>(e, "face")? {
        m.userface = v.into();
    }
    if let Some(b) = map_value(e, "builtin", MESH_BUILTIN_MAP)? {
        let params =
            read_vec::<f64>(e, "params")?.ok_or_else(|| XmlError::at(e, "required attribute missing: 'params'"))?;
        if file.is_some() {
            return Err(XmlError::at(e, "builtin cannot be used with a mesh file"));
        }
        if !m.uservert.is_empty() {
            return Err(XmlError::at(e, "builtin mesh cannot be used with user vertex data"));
        }
        crate::spec::builtin_mesh::make_mesh(m, b, &params).map_err(|msg| XmlError::at(e, &msg))?;
    }
    if let Some(mt) = read_txt(e, "material") {
        m.material = mt.into();
    }
    m.info = info(e);
    Ok(())
}

/// One `<skin>` (in `<asset>` or `<deformable>`): attributes, mesh data and `<bone>` children.
pub fn one_skin(e: &Element, cx: &super::ReadCx) -> R<Skin> {
    let mut k = Skin { info: info(e), ..Skin::default() };
    set_name(e, &mut k.name);
    if let Some(f) = e.attr("file") {
        k.file = cx.asset_file(e, f).into();
    }
    if let Some(mt) = read_txt(e, "material") {
        k.material = mt.into();
    }
    read1(e, "group", &mut k.group)?;
    if !(0..mjNGROUP as i32).contains(&k.group) {
        return Err(XmlError::at(e, "skin group must be between 0 and 5"));
    }
    read_arr(e, "rgba", &mut k.rgba, true)?;
    read1(e, "inflate", &mut k.inflate)?;
    if let Some(v) = read_vec::<f32>(e, "vertex")? {
        k.vert = v.into();
    }
    if let Some(v) = read_vec::<f32>(e, "texcoord")? {
        k.texcoord = v.into();
    }
    if let Some(v) = read_vec::<i32>(e, "face")? {
        k.face = v.into();
    }
    for b in e.children_named("bone") {
        k.bodyname.push(read_txt_req(b, "body")?.into());
        let (mut pos, mut quat) = ([0f32; 3], [0f32; 4]);
        read_req(b, "bindpos", &mut pos)?;
        read_req(b, "bindquat", &mut quat)?;
        k.bindpos.extend_from_slice(&pos);
        k.bindquat.extend_from_slice(&quat);
        let missing = |a: &str| XmlError::at(b, &format!("required attribute missing: '{}'", a));
        k.vertid.push(read_vec::<i32>(b, "vertid")?.ok_or_else(|| missing("vertid"))?.into());
        k.vertweight.push(read_vec::<f32>(b, "vertweight")?.ok_or_else(|| missing("vertweight"))?.into());
    }
    if k.name.is_empty() && !k.file.is_empty() {
        k.name = stem_of(&k.file).into();
    }
    Ok(k)
}

pub const FLEXSELF_MAP: Map = &[("none", 0), ("narrow", 1), ("bvh", 2), ("sap", 3), ("auto", 4)];
pub const ELASTIC2D_MAP: Map = &[("none", 0), ("bend", 1), ("stretch", 2), ("both", 3)];

/// One `<flex>` in `<deformable>`: attributes, data vectors and the `<contact>`, `<edge>` and
/// `<elasticity>` children (the first of each).
///
/// Upstream's keyword reads for `passive` and `vertcollide` store not their own value but
/// whether the keyword parsed last into a scratch variable (from `flatskin` or `internal`) was
/// true; that variable is left over from the previous `<flex>` when this one sets neither, and
/// is not true before the first. `last_bool` carries it from flex to flex.
pub fn one_flex(e: &Element, last_bool: &mut i32) -> R<Flex> {
    let mut f = Flex::default();
    set_name(e, &mut f.name);
    if let Some(mt) = read_txt(e, "material") {
        f.material = mt.into();
    }
    read1(e, "radius", &mut f.radius)?;
    read_arr(e, "rgba", &mut f.rgba, true)?;
    if let Some(v) = map_value(e, "flatskin", BOOL_MAP)? {
        f.flatskin = (v == 1) as u8;
        *last_bool = v;
    }
    read1(e, "dim", &mut f.dim)?;
    read1(e, "group", &mut f.group)?;
    f.vertbody = read_txt_req(e, "body")?.split_ascii_whitespace().map(CxxString::from).collect();
    if let Some(t) = read_txt(e, "node") {
        f.nodebody = t.split_ascii_whitespace().map(CxxString::from).collect();
    }
    if let Some(v) = read_vec::<f64>(e, "vertex")? {
        f.vert = v.into();
    }
    match read_vec::<i32>(e, "element")? {
        Some(v) => f.elem = v.into(),
        None => return Err(XmlError::at(e, "required attribute missing: 'element'")),
    }
    if let Some(v) = read_vec::<f32>(e, "texcoord")? {
        f.texcoord = v.into();
    }
    if let Some(v) = read_vec::<i32>(e, "elemtexcoord")? {
        f.elemtexcoord = v.into();
    }
    if let Some(c) = e.children_named("contact").next() {
        read1(c, "contype", &mut f.contype)?;
        read1(c, "conaffinity", &mut f.conaffinity)?;
        read1(c, "condim", &mut f.condim)?;
        read1(c, "priority", &mut f.priority)?;
        read_arr(c, "friction", &mut f.friction, false)?;
        read1(c, "solmix", &mut f.solmix)?;
        read_arr(c, "solref", &mut f.solref, false)?;
        read_arr(c, "solimp", &mut f.solimp, false)?;
        read1(c, "margin", &mut f.margin)?;
        read1(c, "gap", &mut f.gap)?;
        if let Some(v) = map_value(c, "internal", BOOL_MAP)? {
            f.internal = (v == 1) as u8;
            *last_bool = v;
        }
        map_into(c, "selfcollide", FLEXSELF_MAP, &mut f.selfcollide)?;
        if map_value(c, "vertcollide", BOOL_MAP)?.is_some() {
            f.vertcollide = (*last_bool == 1) as i32;
        }
        if map_value(c, "passive", BOOL_MAP)?.is_some() {
            f.passive = (*last_bool == 1) as i32;
        }
        read1(c, "activelayers", &mut f.activelayers)?;
    }
    if let Some(c) = e.children_named("edge").next() {
        read1(c, "stiffness", &mut f.edgestiffness)?;
        read1(c, "damping", &mut f.edgedamping)?;
    }
    if let Some(c) = e.children_named("elasticity").next() {
        read1(c, "young", &mut f.young)?;
        read1(c, "poisson", &mut f.poisson)?;
        read1(c, "thickness", &mut f.thickness)?;
        read1(c, "damping", &mut f.damping)?;
        map_into(c, "elastic2d", ELASTIC2D_MAP, &mut f.elastic2d)?;
    }
    f.info = info(e);
    Ok(f)
}

/// Reads the files of a nested model that live under its mesh folder (height fields and
/// skins) now, through the resources, as [`load_texture_files`] does for textures.
pub fn load_meshdir_files(s: &mut Spec, src: &super::Files) {
    let modeldir = crate::io::files::reduce(&s.modelfiledir);
    let meshdir = s.meshdir.clone();
    let strip = s.strippath != 0;
    let preload =
        |file: &str, data: &mut Option<Result<std::sync::Arc<Vec<u8>>, String>>, loc: &mut Option<(String, String)>| {
            if data.is_some() || file.is_empty() {
                return;
            }
            let name = crate::io::files::join(&meshdir, if strip { strip_path(file) } else { file });
            *data = Some(crate::io::files::read_all(&modeldir, &name, src.vfs_ref()).map(std::sync::Arc::new));
            *loc = Some((modeldir.to_string(), name));
        };
    for h in s.hfields.iter_mut() {
        let h = &mut **h;
        preload(&h.file, &mut h.filedata, &mut h.fileloc);
    }
    for m in s.meshes.iter_mut() {
        let m = &mut **m;
        preload(&m.file, &mut m.filedata, &mut m.fileloc);
    }
    for k in s.skins.iter_mut() {
        let k = &mut **k;
        preload(&k.file, &mut k.filedata, &mut k.fileloc);
    }
}

/// `<asset>`: meshes, height fields, skins, textures, materials and models.
pub fn asset_section(section: &Element, s: &mut Spec, cx: &super::ReadCx) -> R<()> {
    for e in &section.children {
        let def = get_class(e, s)?.unwrap_or(0);
        match e.name.as_str() {
            "hfield" => {
                let h = one_hfield(e, cx)?;
                super::reader::claim_name(e, s, "hfield", &h.name)?;
                s.hfields.push(Owned::new(h));
            }
            "skin" => {
                let k = one_skin(e, cx)?;
                super::reader::claim_name(e, s, "skin", &k.name)?;
                s.skins.push(Owned::new(k));
            }
            "mesh" => {
                let mut m = s.defaults[def].mesh.clone();
                m.name.clear();
                one_mesh(e, &mut m, Some((cx, s)))?;
                super::reader::claim_name(e, s, "mesh", &m.name)?;
                if m.name.is_empty() && !m.file.is_empty() {
                    // named after its file, as upstream names it when compiling
                    m.name = stem_of(crate::io::files::strip_path(&m.file)).into();
                }
                s.meshes.push(Owned::new(m));
            }
            "texture" => {
                let t = one_texture(e, cx)?;
                super::reader::claim_name(e, s, "texture", &t.name)?;
                s.textures.push(Owned::new(t));
            }
            "material" => {
                let mut m = s.defaults[def].material.clone();
                m.name.clear();
                one_material(e, &mut m)?;
                super::reader::claim_name(e, s, "material", &m.name)?;
                s.materials.push(Owned::new(m));
            }
            "model" => {
                let mut child = cx.load_model(e)?;
                if let Some(n) = e.attr("name") {
                    child.modelname = n.into();
                }
                let name = child.modelname.to_string();
                s.models.push((name, crate::spec::SpecRef::new(child)));
            }
            _ => return Err(XmlError::at(e, UNRECOGNIZED)),
        }
    }
    Ok(())
}

/// `<pair>` attributes (also for default classes, where the geom names are ignored).
pub fn one_pair(e: &Element, p: &mut Pair, defaults: bool) -> R<()> {
    if !defaults {
        if let Some(t) = read_txt(e, "geom1") {
            p.geom1 = t.into();
        }
        if let Some(t) = read_txt(e, "geom2") {
            p.geom2 = t.into();
        }
    }
    set_name(e, &mut p.name);
    read1(e, "condim", &mut p.condim)?;
    read_arr(e, "solref", &mut p.solref, false)?;
    read_arr(e, "solreffriction", &mut p.solreffriction, false)?;
    read_arr(e, "solimp", &mut p.solimp, false)?;
    read1(e, "margin", &mut p.margin)?;
    read1(e, "gap", &mut p.gap)?;
    read_arr(e, "friction", &mut p.friction, false)?;
    p.info = info(e);
    Ok(())
}

/// `<contact>`: explicit pairs and excluded body pairs.
pub fn contact_section(section: &Element, s: &mut Spec) -> R<()> {
    for e in &section.children {
        let def = get_class(e, s)?.unwrap_or(0);
        match e.name.as_str() {
            "pair" => {
                let mut p = s.defaults[def].pair.clone();
                p.name.clear();
                one_pair(e, &mut p, false)?;
                super::reader::claim_name(e, s, "pair", &p.name)?;
                s.pairs.push(Owned::new(p));
            }
            "exclude" => {
                let mut x = Exclude { info: info(e), ..Exclude::default() };
                set_name(e, &mut x.name);
                x.body1 = read_txt_req(e, "body1")?.into();
                x.body2 = read_txt_req(e, "body2")?.into();
                super::reader::claim_name(e, s, "exclude", &x.name)?;
                s.excludes.push(Owned::new(x));
            }
            _ => return Err(XmlError::at(e, UNRECOGNIZED)),
        }
    }
    Ok(())
}

/// One equality element; `defaults` reads only the attributes a default class carries.
pub fn one_equality(e: &Element, q: &mut Equality, defaults: bool) -> R<()> {
    use crate::abi::mjtEq_::*;
    use crate::abi::mjtObj_::*;
    if !defaults {
        q.r#type = match e.name.as_str() {
            "connect" => mjEQ_CONNECT as i32,
            "weld" => mjEQ_WELD as i32,
            "joint" => mjEQ_JOINT as i32,
            "tendon" => mjEQ_TENDON as i32,
            "flex" => mjEQ_FLEX as i32,
            _ => return Err(XmlError::at(e, "unrecognized equality constraint type")),
        };
        set_name(e, &mut q.name);
        let name1;
        let mut name2 = String::new();
        if q.r#type == mjEQ_CONNECT as i32 || q.r#type == mjEQ_WELD as i32 {
            let weld = q.r#type == mjEQ_WELD as i32;
            let (s1, s2) = (read_txt(e, "site1"), read_txt(e, "site2"));
            let (b1, b2) = (read_txt(e, "body1"), read_txt(e, "body2"));
            let mut anchor = [0.0; 3];
            let has_anchor = read_arr(e, "anchor", &mut anchor, true)? > 0;
            if has_anchor {
                q.data[..3].copy_from_slice(&anchor);
            }
            let mut has_relpose = false;
            if weld {
                let mut rp = [0.0; 7];
                has_relpose = read_arr(e, "relpose", &mut rp, true)? > 0;
                if has_relpose {
                    q.data[3..10].copy_from_slice(&rp);
                }
            }
            let maybe_site = s1.is_some() || s2.is_some();
            let maybe_body = b1.is_some() || b2.is_some() || has_anchor || has_relpose;
            if maybe_site && maybe_body {
                return Err(XmlError::at(e, "body and site semantics cannot be mixed"));
            }
            let site_sem = s1.is_some() && s2.is_some();
            let body_sem = if weld { b1.is_some() } else { b1.is_some() && has_anchor };
            if site_sem == body_sem {
                let msg = if weld {
                    "either body1 must be defined and optionally {body2, anchor, relpose}, or site1 and site2 must be defined"
                } else {
                    "either both body1 and anchor must be defined, or both site1 and site2 must be defined"
                };
                return Err(XmlError::at(e, msg));
            }
            if body_sem {
                name1 = b1.unwrap_or_default();
                name2 = b2.unwrap_or_default();
                q.objtype = mjOBJ_BODY as i32;
                if weld && !has_anchor {
                    q.data[..3].fill(0.0);
                }
            } else {
                name1 = s1.unwrap_or_default();
                name2 = s2.unwrap_or_default();
                q.objtype = mjOBJ_SITE as i32;
            }
            if weld {
                read1(e, "torquescale", &mut q.data[10])?;
            }
        } else if q.r#type == mjEQ_FLEX as i32 {
            name1 = read_txt_req(e, "flex")?;
        } else {
            let (a1, a2) = if q.r#type == mjEQ_JOINT as i32 { ("joint1", "joint2") } else { ("tendon1", "tendon2") };
            name1 = read_txt_req(e, a1)?;
            if let Some(t) = read_txt(e, a2) {
                name2 = t;
            }
            let mut poly = [0.0; 5];
            let n = read_arr(e, "polycoef", &mut poly, false)?;
            q.data[..n].copy_from_slice(&poly[..n]);
        }
        q.name1 = name1.into();
        q.name2 = name2.into();
    }
    let mut act = q.active;
    map_bool(e, "active", &mut act)?;
    q.active = act;
    read_arr(e, "solref", &mut q.solref, false)?;
    read_arr(e, "solimp", &mut q.solimp, false)?;
    q.info = info(e);
    Ok(())
}

/// `<equality>` section.
pub fn equality_section(section: &Element, s: &mut Spec) -> R<()> {
    for e in &section.children {
        let def = get_class(e, s)?.unwrap_or(0);
        let mut q = s.defaults[def].equality.clone();
        q.name.clear();
        one_equality(e, &mut q, false)?;
        super::reader::claim_name(e, s, "equality", &q.name)?;
        s.equalities.push(Owned::new(q));
    }
    Ok(())
}

/// Tendon attributes (also for default classes).
pub fn one_tendon(e: &Element, t: &mut Tendon) -> R<()> {
    set_name(e, &mut t.name);
    read1(e, "group", &mut t.group)?;
    if let Some(m) = read_txt(e, "material") {
        t.material = m.into();
    }
    map_into(e, "limited", TFAUTO_MAP, &mut t.limited)?;
    map_into(e, "actuatorfrclimited", TFAUTO_MAP, &mut t.actfrclimited)?;
    read1(e, "width", &mut t.width)?;
    read_arr(e, "solreflimit", &mut t.solref_limit, false)?;
    read_arr(e, "solimplimit", &mut t.solimp_limit, false)?;
    read_arr(e, "solreffriction", &mut t.solref_friction, false)?;
    read_arr(e, "solimpfriction", &mut t.solimp_friction, false)?;
    read_arr(e, "range", &mut t.range, true)?;
    read_arr(e, "actuatorfrcrange", &mut t.actfrcrange, true)?;
    read1(e, "margin", &mut t.margin)?;
    read1(e, "stiffness", &mut t.stiffness)?;
    read1(e, "damping", &mut t.damping)?;
    read1(e, "armature", &mut t.armature)?;
    read1(e, "frictionloss", &mut t.frictionloss)?;
    if read_arr(e, "springlength", &mut t.springlength, false)? == 1 {
        t.springlength[1] = t.springlength[0];
    }
    read_arr(e, "rgba", &mut t.rgba, true)?;
    read_user(e, &mut t.userdata)?;
    t.info = info(e);
    Ok(())
}

/// `<tendon>` section: fixed and spatial tendons with their paths.
pub fn tendon_section(section: &Element, s: &mut Spec) -> R<()> {
    use crate::abi::mjtWrap_::*;
    for e in &section.children {
        let def = get_class(e, s)?.unwrap_or(0);
        let mut t = s.defaults[def].tendon.clone();
        t.name.clear();
        one_tendon(e, &mut t)?;
        t.path.clear();
        for sub in &e.children {
            let mut w = Wrap { info: info(sub), ..Wrap::default() };
            match sub.name.as_str() {
                "site" => {
                    w.r#type = mjWRAP_SITE as i32;
                    w.target = read_txt_req(sub, "site")?.into();
                }
                "geom" => {
                    w.r#type = mjWRAP_SPHERE as i32;
                    w.target = read_txt_req(sub, "geom")?.into();
                    w.sidesite = read_txt(sub, "sidesite").unwrap_or_default().into();
                }
                "pulley" => {
                    w.r#type = mjWRAP_PULLEY as i32;
                    read_req(sub, "divisor", core::slice::from_mut(&mut w.prm))?;
                }
                "joint" => {
                    w.r#type = mjWRAP_JOINT as i32;
                    w.target = read_txt_req(sub, "joint")?.into();
                    read_req(sub, "coef", core::slice::from_mut(&mut w.prm))?;
                }
                _ => return Err(XmlError::at(sub, "unknown wrap type")),
            }
            t.path.push(Owned::new(w));
        }
        super::reader::claim_name(e, s, "tendon", &t.name)?;
        s.tendons.push(Owned::new(t));
    }
    Ok(())
}

/// `<custom>`: numeric, text and tuple fields.
pub fn custom_section(section: &Element, s: &mut Spec) -> R<()> {
    for e in &section.children {
        match e.name.as_str() {
            "numeric" => {
                let mut n = Numeric { info: info(e), ..Numeric::default() };
                n.name = read_txt_req(e, "name")?.into();
                let given = read1(e, "size", &mut n.size)?;
                let data = read_vec::<f64>(e, "data")?.unwrap_or_default();
                if given {
                    if data.len() > n.size.max(0) as usize {
                        return Err(XmlError::at(e, "attribute 'data' has too much data"));
                    }
                } else {
                    n.size = data.len() as i32;
                }
                if n.size < 1 || n.size > 500 {
                    return Err(XmlError::at(e, "custom field size must be between 1 and 500"));
                }
                n.data = vec![0.0; n.size as usize].into();
                n.data[..data.len()].copy_from_slice(&data);
                super::reader::claim_name(e, s, "numeric", &n.name)?;
                s.numerics.push(Owned::new(n));
            }
            "text" => {
                let mut t = Text { info: info(e), ..Text::default() };
                t.name = read_txt_req(e, "name")?.into();
                t.data = read_txt_req(e, "data")?.into();
                if t.data.is_empty() {
                    return Err(XmlError::at(e, "text field cannot be empty"));
                }
                super::reader::claim_name(e, s, "text", &t.name)?;
                s.texts.push(Owned::new(t));
            }
            "tuple" => {
                let mut t = Tuple { info: info(e), ..Tuple::default() };
                t.name = read_txt_req(e, "name")?.into();
                for o in e.children_named("element") {
                    let ty = read_txt_req(o, "objtype")?;
                    let ot = crate::runtime::text::str_to_type(ty.as_bytes());
                    if ot == mjtObj_::mjOBJ_UNKNOWN as i32 {
                        return Err(XmlError::at(o, "unknown object type"));
                    }
                    t.objtype.push(ot);
                    t.objname.push(read_txt_req(o, "objname")?.into());
                    let mut prm = 0.0;
                    read1(o, "prm", &mut prm)?;
                    t.objprm.push(prm);
                }
                super::reader::claim_name(e, s, "tuple", &t.name)?;
                s.tuples.push(Owned::new(t));
            }
            _ => return Err(XmlError::at(e, UNRECOGNIZED)),
        }
    }
    Ok(())
}

/// `<keyframe>` section.
pub fn keyframe_section(section: &Element, s: &mut Spec) -> R<()> {
    for e in &section.children {
        let mut k = Key { info: info(e), ..Key::default() };
        set_name(e, &mut k.name);
        read1(e, "time", &mut k.time)?;
        for (attr, out) in [
            ("qpos", &mut k.qpos),
            ("qvel", &mut k.qvel),
            ("act", &mut k.act),
            ("mpos", &mut k.mpos),
            ("mquat", &mut k.mquat),
            ("ctrl", &mut k.ctrl),
        ] {
            if let Some(v) = read_vec::<f64>(e, attr)? {
                *out = v.into();
            }
        }
        super::reader::claim_name(e, s, "key", &k.name)?;
        s.keys.push(Owned::new(k));
    }
    Ok(())
}

pub(crate) const CONDATA_MAP: Map =
    &[("found", 0), ("force", 1), ("torque", 2), ("dist", 3), ("pos", 4), ("normal", 5), ("tangent", 6)];
pub(crate) const REDUCE_MAP: Map = &[("none", 0), ("mindist", 1), ("maxforce", 2), ("netforce", 3)];
pub(crate) const STAGE_MAP: Map = &[("none", 0), ("pos", 1), ("vel", 2), ("acc", 3)];
pub(crate) const DATATYPE_MAP: Map = &[("real", 0), ("positive", 1), ("axis", 2), ("quaternion", 3)];

fn obj_type(e: &Element, attr: &str) -> R<i32> {
    let t = read_txt_req(e, attr)?;
    Ok(crate::runtime::text::str_to_type(t.as_bytes()))
}

/// `<sensor>` section.
pub fn sensor_section(section: &Element, s: &mut Spec) -> R<()> {
    use crate::abi::mjtObj_::*;
    use crate::abi::mjtSensor_::*;
    for e in &section.children {
        let mut x = Sensor::default();
        set_name(e, &mut x.name);
        read1(e, "cutoff", &mut x.cutoff)?;
        read1(e, "noise", &mut x.noise)?;
        read_user(e, &mut x.userdata)?;
        let simple: Option<(mjtSensor_, mjtObj_, &str)> = match e.name.as_str() {
            "touch" => Some((mjSENS_TOUCH, mjOBJ_SITE, "site")),
            "accelerometer" => Some((mjSENS_ACCELEROMETER, mjOBJ_SITE, "site")),
            "velocimeter" => Some((mjSENS_VELOCIMETER, mjOBJ_SITE, "site")),
            "gyro" => Some((mjSENS_GYRO, mjOBJ_SITE, "site")),
            "force" => Some((mjSENS_FORCE, mjOBJ_SITE, "site")),
            "torque" => Some((mjSENS_TORQUE, mjOBJ_SITE, "site")),
            "magnetometer" => Some((mjSENS_MAGNETOMETER, mjOBJ_SITE, "site")),
            "camprojection" => Some((mjSENS_CAMPROJECTION, mjOBJ_SITE, "site")),
            "rangefinder" => Some((mjSENS_RANGEFINDER, mjOBJ_SITE, "site")),
            "jointpos" => Some((mjSENS_JOINTPOS, mjOBJ_JOINT, "joint")),
            "jointvel" => Some((mjSENS_JOINTVEL, mjOBJ_JOINT, "joint")),
            "tendonpos" => Some((mjSENS_TENDONPOS, mjOBJ_TENDON, "tendon")),
            "tendonvel" => Some((mjSENS_TENDONVEL, mjOBJ_TENDON, "tendon")),
            "actuatorpos" => Some((mjSENS_ACTUATORPOS, mjOBJ_ACTUATOR, "actuator")),
            "actuatorvel" => Some((mjSENS_ACTUATORVEL, mjOBJ_ACTUATOR, "actuator")),
            "actuatorfrc" => Some((mjSENS_ACTUATORFRC, mjOBJ_ACTUATOR, "actuator")),
            "jointactuatorfrc" => Some((mjSENS_JOINTACTFRC, mjOBJ_JOINT, "joint")),
            "tendonactuatorfrc" => Some((mjSENS_TENDONACTFRC, mjOBJ_TENDON, "tendon")),
            "ballquat" => Some((mjSENS_BALLQUAT, mjOBJ_JOINT, "joint")),
            "ballangvel" => Some((mjSENS_BALLANGVEL, mjOBJ_JOINT, "joint")),
            "jointlimitpos" => Some((mjSENS_JOINTLIMITPOS, mjOBJ_JOINT, "joint")),
            "jointlimitvel" => Some((mjSENS_JOINTLIMITVEL, mjOBJ_JOINT, "joint")),
            "jointlimitfrc" => Some((mjSENS_JOINTLIMITFRC, mjOBJ_JOINT, "joint")),
            "tendonlimitpos" => Some((mjSENS_TENDONLIMITPOS, mjOBJ_TENDON, "tendon")),
            "tendonlimitvel" => Some((mjSENS_TENDONLIMITVEL, mjOBJ_TENDON, "tendon")),
            "tendonlimitfrc" => Some((mjSENS_TENDONLIMITFRC, mjOBJ_TENDON, "tendon")),
            "subtreecom" => Some((mjSENS_SUBTREECOM, mjOBJ_BODY, "body")),
            "subtreelinvel" => Some((mjSENS_SUBTREELINVEL, mjOBJ_BODY, "body")),
            "subtreeangmom" => Some((mjSENS_SUBTREEANGMOM, mjOBJ_BODY, "body")),
            "e_potential" => Some((mjSENS_E_POTENTIAL, mjOBJ_UNKNOWN, "")),
            "e_kinetic" => Some((mjSENS_E_KINETIC, mjOBJ_UNKNOWN, "")),
            "clock" => Some((mjSENS_CLOCK, mjOBJ_UNKNOWN, "")),
            _ => None,
        };
        if e.name == "tactile" {
            // the geom touched is the reference, the mesh with the taxels the object
            x.r#type = mjSENS_TACTILE as i32;
            x.reftype = mjOBJ_GEOM as i32;
            x.refname = read_txt_req(e, "geom")?.into();
            x.objtype = mjOBJ_MESH as i32;
            x.objname = read_txt_req(e, "mesh")?.into();
        } else if let Some((t, ot, attr)) = simple {
            x.r#type = t as i32;
            x.objtype = ot as i32;
            if !attr.is_empty() {
                x.objname = read_txt_req(e, attr)?.into();
            }
            if t == mjSENS_CAMPROJECTION {
                x.refname = read_txt_req(e, "camera")?.into();
                x.reftype = mjOBJ_CAMERA as i32;
            }
        } else {
            let frame = [
                ("framepos", mjSENS_FRAMEPOS, true),
                ("framequat", mjSENS_FRAMEQUAT, true),
                ("framexaxis", mjSENS_FRAMEXAXIS, true),
                ("frameyaxis", mjSENS_FRAMEYAXIS, true),
                ("framezaxis", mjSENS_FRAMEZAXIS, true),
                ("framelinvel", mjSENS_FRAMELINVEL, true),
                ("frameangvel", mjSENS_FRAMEANGVEL, true),
                ("framelinacc", mjSENS_FRAMELINACC, false),
                ("frameangacc", mjSENS_FRAMEANGACC, false),
            ];
            if let Some(&(_, t, withref)) = frame.iter().find(|f| f.0 == e.name) {
                x.r#type = t as i32;
                x.objtype = obj_type(e, "objtype")?;
                x.objname = read_txt_req(e, "objname")?.into();
                if withref {
                    if let Some(rt) = read_txt(e, "reftype") {
                        x.reftype = crate::runtime::text::str_to_type(rt.as_bytes());
                        x.refname = read_txt_req(e, "refname")?.into();
                    } else if let Some(rn) = read_txt(e, "refname") {
                        return Err(XmlError::at(e, &format!("refname '{}' given but reftype is missing", rn)));
                    }
                }
            } else {
                match e.name.as_str() {
                    "insidesite" => {
                        x.r#type = mjSENS_INSIDESITE as i32;
                        x.reftype = mjOBJ_SITE as i32;
                        x.refname = read_txt_req(e, "site")?.into();
                        x.objtype = obj_type(e, "objtype")?;
                        x.objname = read_txt_req(e, "objname")?.into();
                    }
                    "distance" | "normal" | "fromto" => {
                        let b1 = read_txt(e, "body1");
                        let g1 = read_txt(e, "geom1");
                        if b1.is_some() == g1.is_some() {
                            return Err(XmlError::at(e, "exactly one of (geom1, body1) must be specified"));
                        }
                        x.objtype = if b1.is_some() { mjOBJ_BODY } else { mjOBJ_GEOM } as i32;
                        x.objname = g1.or(b1).unwrap_or_default().into();
                        let b2 = read_txt(e, "body2");
                        let g2 = read_txt(e, "geom2");
                        if b2.is_some() == g2.is_some() {
                            return Err(XmlError::at(e, "exactly one of (geom2, body2) must be specified"));
                        }
                        x.reftype = if b2.is_some() { mjOBJ_BODY } else { mjOBJ_GEOM } as i32;
                        x.refname = g2.or(b2).unwrap_or_default().into();
                        x.r#type = match e.name.as_str() {
                            "distance" => mjSENS_GEOMDIST,
                            "normal" => mjSENS_GEOMNORMAL,
                            _ => mjSENS_GEOMFROMTO,
                        } as i32;
                    }
                    "contact" => {
                        let c1: Vec<(Option<String>, mjtObj_)> = vec![
                            (read_txt(e, "site"), mjOBJ_SITE),
                            (read_txt(e, "body1"), mjOBJ_BODY),
                            (read_txt(e, "subtree1"), mjOBJ_XBODY),
                            (read_txt(e, "geom1"), mjOBJ_GEOM),
                        ];
                        if c1.iter().filter(|c| c.0.is_some()).count() > 1 {
                            return Err(XmlError::at(
                                e,
                                "at most one of (geom1, body1, subtree1, site) can be specified",
                            ));
                        }
                        // the last given name wins, as upstream reads them in this order
                        x.objtype = mjOBJ_UNKNOWN as i32;
                        for (n, t) in &c1 {
                            if let Some(n) = n {
                                x.objname = n.clone().into();
                                x.objtype = *t as i32;
                            }
                        }
                        let c2: Vec<(Option<String>, mjtObj_)> = vec![
                            (read_txt(e, "body2"), mjOBJ_BODY),
                            (read_txt(e, "subtree2"), mjOBJ_XBODY),
                            (read_txt(e, "geom2"), mjOBJ_GEOM),
                        ];
                        if c2.iter().filter(|c| c.0.is_some()).count() > 1 {
                            return Err(XmlError::at(e, "at most one of (geom2, body2, subtree2) can be specified"));
                        }
                        x.reftype = mjOBJ_UNKNOWN as i32;
                        for (n, t) in &c2 {
                            if let Some(n) = n {
                                x.refname = n.clone().into();
                                x.reftype = *t as i32;
                            }
                        }
                        let mut dataspec = 1;
                        if let Some(text) = e.attr("data") {
                            let mut keys = Vec::new();
                            for w in text.split_ascii_whitespace() {
                                match CONDATA_MAP.iter().find(|(k, _)| *k == w) {
                                    Some((_, v)) => keys.push(*v),
                                    None => return Err(XmlError::at(e, &format!("invalid keyword: '{}'", w))),
                                }
                            }
                            if !keys.is_empty() {
                                dataspec = 1 << keys[0];
                                for i in 1..keys.len() {
                                    if keys[i] <= keys[i - 1] {
                                        return Err(XmlError::at(
                                            e,
                                            "data attributes must be in order: found, force, torque, dist, pos, normal, tangent",
                                        ));
                                    }
                                    dataspec |= 1 << keys[i];
                                }
                            }
                        }
                        x.intprm[0] = dataspec;
                        x.intprm[1] = 0;
                        map_into(e, "reduce", REDUCE_MAP, &mut x.intprm[1])?;
                        x.intprm[2] = 1;
                        read1(e, "num", &mut x.intprm[2])?;
                        if x.intprm[2] <= 0 {
                            return Err(XmlError::at(e, "'num' must be positive in sensor"));
                        }
                        x.r#type = mjSENS_CONTACT as i32;
                    }
                    "user" => {
                        x.r#type = mjSENS_USER as i32;
                        let on = read_txt(e, "objname");
                        if let Some(ot) = read_txt(e, "objtype") {
                            if on.is_none() {
                                return Err(XmlError::at(e, &format!("objtype '{}' given but objname is missing", ot)));
                            }
                            x.objtype = crate::runtime::text::str_to_type(ot.as_bytes());
                        } else if let Some(n) = &on {
                            return Err(XmlError::at(e, &format!("objname '{}' given but objtype is missing", n)));
                        }
                        x.objname = on.unwrap_or_default().into();
                        read_req(e, "dim", core::slice::from_mut(&mut x.dim))?;
                        map_into(e, "needstage", STAGE_MAP, &mut x.needstage)?;
                        map_into(e, "datatype", DATATYPE_MAP, &mut x.datatype)?;
                    }
                    "plugin" => {
                        x.r#type = mjSENS_PLUGIN as i32;
                        one_plugin(e, s, &mut x.c.plugin, &mut x.plugin)?;
                        let ot = read_txt(e, "objtype").unwrap_or_default();
                        x.objtype = crate::runtime::text::str_to_type(ot.as_bytes());
                        let on = read_txt(e, "objname").unwrap_or_default();
                        let unknown = mjOBJ_UNKNOWN as i32;
                        if x.objtype != unknown && on.is_empty() {
                            return Err(XmlError::at(e, "objtype is specified but objname is not"));
                        }
                        if x.objtype == unknown && !on.is_empty() {
                            return Err(XmlError::at(e, "objname is specified but objtype is not"));
                        }
                        if let Some(rt) = read_txt(e, "reftype") {
                            x.reftype = crate::runtime::text::str_to_type(rt.as_bytes());
                        }
                        let rn = read_txt(e, "refname").unwrap_or_default();
                        if x.reftype != unknown && rn.is_empty() {
                            return Err(XmlError::at(e, "reftype is specified but refname is not"));
                        }
                        if x.reftype == unknown && !rn.is_empty() {
                            return Err(XmlError::at(e, "refname is specified but reftype is not"));
                        }
                        x.objname = on.into();
                        x.refname = rn.into();
                    }
                    _ => return Err(XmlError::at(e, UNRECOGNIZED)),
                }
            }
        }
        x.info = info(e);
        super::reader::claim_name(e, s, "sensor", &x.name)?;
        s.sensors.push(Owned::new(x));
    }
    Ok(())
}

// ---------------------------------------------------------------- engine plugins

/// The `<config key value>` children of a plugin element, by key.
fn plugin_configs(e: &Element) -> R<std::collections::BTreeMap<String, String>> {
    let mut out = std::collections::BTreeMap::new();
    for c in e.children_named("config") {
        let key = read_txt_req(c, "key")?;
        if out.contains_key(&key) {
            return Err(XmlError::at(c, &format!("duplicate config key: {}", key)));
        }
        let value = read_txt_req(c, "value")?;
        out.insert(key, value);
    }
    Ok(out)
}

/// `<extension>`: plugins the model uses (they must be registered) and their named instances.
pub fn extension_section(section: &Element, s: &mut Spec) -> R<()> {
    for e in section.children_named("plugin") {
        let name = read_txt_req(e, "plugin")?;
        if !s.activate_plugin(&name) {
            return Err(XmlError::at(e, &format!("plugin {} not found", name)));
        }
        for c in e.children_named("instance") {
            if s.c.hasImplicitPluginElem != 0 {
                return Err(XmlError::at(c, "explicit plugin instance must appear before implicit plugin elements"));
            }
            let iname = read_txt_req(c, "name")?;
            let config = plugin_configs(c)?;
            let k = s.add_plugin();
            let p = &mut s.plugins[k];
            p.plugin_name.set(&name);
            p.info = info(e);
            p.name.set(&iname);
            p.config.set_btree(&config);
        }
    }
    Ok(())
}

/// A `<plugin plugin=... instance=...>` element of a body, geom, actuator or sensor: an
/// instance configured in place (a new unnamed instance the element points at) or a reference
/// to a named one. Sets the element's plugin field (`c`, `r`) as active.
pub fn one_plugin(e: &Element, s: &mut Spec, c: &mut mjsPlugin, r: &mut PluginRef) -> R<()> {
    c.active = 1;
    r.plugin_name = read_txt(e, "plugin").unwrap_or_default().into();
    r.name = read_txt(e, "instance").unwrap_or_default().into();
    if r.name.is_empty() {
        let k = s.add_plugin();
        c.element = &mut s.plugins[k].head.el;
        let config = plugin_configs(e)?;
        s.plugins[k].config.set_btree(&config);
    } else {
        s.c.hasImplicitPluginElem = 1;
    }
    Ok(())
}
