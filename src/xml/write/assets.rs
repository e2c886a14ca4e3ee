//! Assets (textures, materials, meshes, height fields), deformables (flexes, skins) and engine
//! plugins (`<extension>` and the plugin references of elements).
//!
//! These element kinds are read through the few accessors at the top of each writer so the
//! writer follows when their spec structs change.

use super::sections::row;
use super::{map_key, XEl, W};
use crate::abi::*;
use crate::spec::{Flex, Material, Mesh, PluginRef, Skin, Texture};
use crate::xml::attr::*;
use crate::xml::sections::{
    BUILTIN_MAP, COLORSPACE_MAP, ELASTIC2D_MAP, FLEXSELF_MAP, MARK_MAP, MESH_INERTIA_MAP, TEXROLE_MAP, TEXTURE_MAP,
};

/// A file name as the compiled model keeps it (folder stripped under `strippath`).
fn file_name(w: &W, f: &str) -> String {
    if w.s.strippath != 0 {
        f.rsplit(['/', '\\']).next().unwrap_or(f).to_string()
    } else {
        f.to_string()
    }
}

/// Values separated by single spaces (`%g` for real numbers).
fn list<T: std::fmt::Display + Copy>(v: &[T], real: bool, out: &mut String)
where
    f64: From<T>,
{
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        if real {
            out.push_str(&super::g6(f64::from(*x)));
        } else {
            out.push_str(&x.to_string());
        }
    }
}

fn reals<T: Copy + std::fmt::Display>(v: &[T]) -> String
where
    f64: From<T>,
{
    let mut s = String::new();
    list(v, true, &mut s);
    s
}

fn ints(v: &[i32]) -> String {
    let mut s = String::new();
    list(v, false, &mut s);
    s
}

/// Volume of a geom with compiled size (mesh geoms: the mesh's).
pub(super) fn geom_volume(_w: &W, g: &crate::spec::Geom) -> f64 {
    crate::compiler::tree::Compiled::geom_volume(g)
}

/// Compiled position and orientation of mesh `name` (the offset of its geoms).
pub(super) fn mesh_frame(w: &W, name: &str) -> Option<([f64; 3], [f64; 4])> {
    let k = w.s.meshes.iter().position(|m| m.name == name)?;
    let m = w.m;
    if k >= m.nmesh as usize {
        return None;
    }
    let p = row(m.mesh_pos(), k, 3);
    let q = row(m.mesh_quat(), k, 4);
    Some(([p[0], p[1], p[2]], [q[0], q[1], q[2], q[3]]))
}

/// Content type of a mesh file, from its extension (what the compiler reads it as).
fn mesh_content_type(file: &str) -> String {
    let ext = file.rsplit('.').next().unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "stl" => "model/stl",
        "obj" => "model/obj",
        "msh" => "model/vnd.mujoco.msh",
        _ => "",
    }
    .to_string()
}

/// A mesh (`name`: write the name, file and data too, for a mesh of the model).
pub(super) fn one_mesh(w: &W, e: &mut XEl, regular: Option<()>, def: &Mesh, x: &Mesh) {
    if regular.is_some() {
        e.txt("name", &x.name);
        class_attr(w, e, x.head.class);
        // a file the compiler decoded gets its content type written (upstream's compiler stores
        // it in the spec); a mesh taken from the asset cache keeps what the model said
        let derived = x.content_type.is_empty() && !x.file.is_empty() && x.decoded.get();
        let ct = if derived { mesh_content_type(&x.file) } else { x.content_type.as_str().to_string() };
        e.txt("content_type", &ct);
        e.txt("file", &file_name(w, &x.file));
        e.txt("vertex", &reals(x.uservert.as_slice()));
        e.txt("normal", &reals(x.usernormal.as_slice()));
        e.txt("texcoord", &reals(x.usertexcoord.as_slice()));
        e.txt("face", &ints(x.userface.as_slice()));
    }
    if x.inertia != def.inertia {
        e.txt("inertia", map_key(MESH_INERTIA_MAP, x.inertia));
    }
    e.num("refpos", &x.refpos, Some(&def.refpos), false);
    e.num("refquat", &x.refquat, Some(&def.refquat), false);
    e.num("scale", &x.scale, Some(&def.scale), false);
    e.key("smoothnormal", BOOL_MAP, x.smoothnormal as i32, Some(def.smoothnormal as i32));
}

/// A material (`regular`: compiled values of material `k` of the model).
pub(super) fn one_material(w: &W, e: &mut XEl, regular: Option<usize>, def: &Material, x: &Material) {
    let mut x = x.clone();
    if let Some(k) = regular {
        e.txt("name", &x.name);
        class_attr(w, e, x.head.class);
        let m = w.m;
        if k < m.nmat as usize {
            x.texrepeat.copy_from_slice(row(m.mat_texrepeat(), k, 2));
            x.emission = m.mat_emission()[k];
            x.specular = m.mat_specular()[k];
            x.shininess = m.mat_shininess()[k];
            x.reflectance = m.mat_reflectance()[k];
            x.rgba.copy_from_slice(row(m.mat_rgba(), k, 4));
        }
    }
    let rgb = mjtTextureRole_::mjTEXROLE_RGB as usize;
    let non_rgb = (1..x.textures.len()).any(|i| i != rgb && !x.textures[i].is_empty());
    if non_rgb {
        for i in 1..x.textures.len() {
            if !x.textures[i].is_empty() {
                let l = e.add("layer");
                l.txt("texture", &x.textures[i]);
                l.txt("role", map_key(TEXROLE_MAP, i as i32));
            }
        }
    } else if x.textures.get(rgb) != def.textures.get(rgb) {
        e.txt("texture", x.textures.get(rgb).map_or("", |t| t.as_str()));
    }
    e.key("texuniform", BOOL_MAP, x.texuniform as i32, Some(def.texuniform as i32));
    e.num("texrepeat", &x.texrepeat, Some(&def.texrepeat), false);
    e.num1("emission", x.emission, Some(def.emission));
    e.num1("specular", x.specular, Some(def.specular));
    e.num1("shininess", x.shininess, Some(def.shininess));
    e.num1("reflectance", x.reflectance, Some(def.reflectance));
    e.num1("metallic", x.metallic, Some(def.metallic));
    e.num1("roughness", x.roughness, Some(def.roughness));
    e.num("rgba", &x.rgba, Some(&def.rgba), false);
}

fn one_texture(w: &W, e: &mut XEl, k: usize, x: &Texture) -> Result<(), String> {
    let d = Texture::default();
    let mut x = x.clone();
    let m = w.m;
    if k < m.ntex as usize {
        // compiled: sizes of generated images, resolved color space
        x.width = m.tex_width()[k];
        x.height = m.tex_height()[k];
        x.colorspace = m.tex_colorspace()[k];
    }
    e.key("type", TEXTURE_MAP, x.r#type, None);
    e.key("colorspace", COLORSPACE_MAP, x.colorspace, None);
    e.txt("name", &x.name);
    if x.builtin != 0 {
        e.key("builtin", BUILTIN_MAP, x.builtin, None);
        e.key("mark", MARK_MAP, x.mark, Some(d.mark));
        e.num("rgb1", &x.rgb1, Some(&d.rgb1), false);
        e.num("rgb2", &x.rgb2, Some(&d.rgb2), false);
        e.num("markrgb", &x.markrgb, Some(&d.markrgb), false);
        e.num1("random", x.random, Some(d.random));
        e.int("width", x.width, None);
        e.int("height", x.height, None);
    } else if x.cubefiles.iter().all(|f| f.is_empty()) && x.file.is_empty() && x.gridsize == [1, 1] {
        return Err("XML Error: no support for buffer textures.".into());
    } else {
        e.txt("content_type", &x.content_type);
        e.txt("file", &file_name(w, &x.file));
        for (n, f) in ["fileright", "fileleft", "fileup", "filedown", "filefront", "fileback"].iter().zip(&x.cubefiles)
        {
            e.txt(n, &file_name(w, f));
        }
        if x.hflip != 0 {
            e.txt("hflip", "true");
        }
        if x.vflip != 0 {
            e.txt("vflip", "true");
        }
        if x.gridsize != [1, 1] {
            e.num("gridsize", &[x.gridsize[0] as f64, x.gridsize[1] as f64], None, false);
            let n = x.gridlayout.iter().position(|&c| c == 0).unwrap_or(x.gridlayout.len());
            let g: Vec<u8> = x.gridlayout[..n].iter().map(|&c| c as u8).collect();
            e.txt("gridlayout", &String::from_utf8_lossy(&g));
        }
    }
    Ok(())
}

/// Default class `k` (main when out of range).
fn class_of(s: &crate::spec::Spec, k: usize) -> &crate::spec::DefaultClass {
    &s.defaults[if k < s.defaults.len() { k } else { 0 }]
}

/// `class` attribute of an asset of class `k`, unless main.
fn class_attr(w: &W, e: &mut XEl, k: usize) {
    let n = super::sections::class_name(w, k);
    if n != "main" {
        e.txt("class", n);
    }
}

/// `<asset>`: textures, materials, meshes, height fields.
pub(super) fn asset(w: &W, root: &mut XEl) -> Result<(), String> {
    let s = w.s;
    if s.textures.is_empty() && s.materials.is_empty() && s.meshes.is_empty() && s.hfields.is_empty() {
        return Ok(());
    }
    let mut sec = XEl::new("asset");
    for (k, t) in s.textures.iter().enumerate() {
        one_texture(w, sec.add("texture"), k, t)?;
    }
    for (k, x) in s.materials.iter().enumerate() {
        one_material(w, sec.add("material"), Some(k), &class_of(s, x.head.class).material, x);
    }
    for x in &s.meshes {
        if x.c.plugin.active != 0 {
            // a plugin's mesh: its name, file and plugin only, as upstream writes it
            let e = sec.add("mesh");
            e.txt("name", &x.name);
            e.txt("file", &x.file);
            plugin_ref(w, e.add("plugin"), &x.c.plugin, &x.plugin)?;
        } else {
            one_mesh(w, sec.add("mesh"), Some(()), &class_of(s, x.head.class).mesh, x);
        }
    }
    let m = w.m;
    for (k, h) in s.hfields.iter().enumerate() {
        let e = sec.add("hfield");
        e.txt("name", &h.name);
        e.num("size", &h.size, None, false);
        if !h.file.is_empty() {
            e.txt("content_type", &h.content_type);
            e.txt("file", &file_name(w, &h.file));
        } else {
            e.int("nrow", h.nrow, None);
            e.int("ncol", h.ncol, None);
            if !h.userdata.is_empty() {
                let mut data = h.userdata.clone();
                if w.snap.copied_back && k < m.nhfield as usize {
                    // model rows run bottom to top; the spec's top to bottom
                    let (nr, nc) = (m.hfield_nrow()[k] as usize, m.hfield_ncol()[k] as usize);
                    let adr = m.hfield_adr()[k] as usize;
                    for j in 0..nr.min(data.len() / nc.max(1)) {
                        let f = nr - 1 - j;
                        data[f * nc..f * nc + nc].copy_from_slice(&m.hfield_data()[adr + j * nc..adr + j * nc + nc]);
                    }
                }
                let mut t = String::new();
                let nc = h.ncol.max(0) as usize;
                for (i, v) in data.iter().enumerate() {
                    if nc > 0 && i % nc == 0 {
                        t.push_str("\n            ");
                    } else if i > 0 {
                        t.push(' ');
                    }
                    t.push_str(&super::g6(*v as f64));
                }
                e.txt("elevation", &t);
            }
        }
    }
    root.kids.push(sec);
    Ok(())
}

fn one_skin(w: &W, e: &mut XEl, x: &Skin) {
    e.txt("name", &x.name);
    e.txt("file", &file_name(w, &x.file));
    e.txt("material", &x.material);
    e.int("group", x.group, Some(0));
    e.num("rgba", &x.rgba, Some(&[0.5, 0.5, 0.5, 1.0]), false);
    e.num1("inflate", x.inflate, Some(0.0));
    if x.file.is_empty() {
        e.txt("vertex", &reals(&x.vert));
        e.txt("texcoord", &reals(&x.texcoord));
        e.txt("face", &ints(&x.face));
        // compiled: each vertex's weights sum to one, bind orientations are unit
        let mut total = vec![0f32; x.vert.len() / 3];
        for (ids, ws) in x.vertid.iter().zip(&x.vertweight) {
            for (&v, &wt) in ids.iter().zip(ws) {
                if let Some(t) = total.get_mut(v as usize) {
                    *t += wt;
                }
            }
        }
        for (i, b) in x.bodyname.iter().enumerate() {
            let be = e.add("bone");
            be.txt("body", b);
            if let Some(p) = x.bindpos.get(3 * i..3 * i + 3) {
                be.num("bindpos", p, None, false);
            }
            if let Some(q) = x.bindquat.get(4 * i..4 * i + 4) {
                let mut d: Vec<f64> = q.iter().map(|&v| v as f64).collect();
                let n2: f64 = d.iter().map(|v| v * v).sum();
                if n2 >= 1e-14 && (n2.sqrt() - 1.0).abs() > 1e-14 {
                    let n = n2.sqrt();
                    d.iter_mut().for_each(|v| *v /= n);
                }
                let qf: Vec<f32> = d.iter().map(|&v| v as f32).collect();
                be.num("bindquat", &qf, None, false);
            }
            let ids = x.vertid.get(i).map_or(&[][..], |v| v.as_slice());
            be.txt("vertid", &ints(ids));
            let ws: Vec<f32> = x
                .vertweight
                .get(i)
                .map_or(&[][..], |v| v.as_slice())
                .iter()
                .zip(ids)
                .map(|(&wt, &v)| total.get(v as usize).map_or(wt, |t| wt / t))
                .collect();
            be.txt("vertweight", &reals(&ws));
        }
    }
}

/// A flex; `compiled`: its compiled element list (3D elements oriented by the compiler).
fn one_flex(e: &mut XEl, x: &Flex, compiled: Option<&[i32]>) {
    let d = Flex::default();
    e.txt("name", &x.name);
    e.num1("radius", x.radius, Some(d.radius));
    if x.material != d.material {
        e.txt("material", &x.material);
    }
    e.num("rgba", &x.rgba, Some(&d.rgba), false);
    e.key("flatskin", BOOL_MAP, x.flatskin as i32, Some(d.flatskin as i32));
    e.int("dim", x.dim, Some(d.dim));
    e.int("group", x.group, Some(d.group));
    e.txt("body", &x.vertbody.join(" "));
    e.txt("vertex", &reals(&x.vert));
    e.txt("element", &ints(compiled.unwrap_or(&x.elem)));
    e.txt("texcoord", &reals(&x.texcoord));
    if x.elemtexcoord.is_empty() && !x.texcoord.is_empty() {
        // the compiler takes the first three vertices of each element, as given
        let n = 3 * (x.elem.len() / (x.dim.max(0) as usize + 1));
        e.txt("elemtexcoord", &ints(&x.elem[..n.min(x.elem.len())]));
    } else {
        e.txt("elemtexcoord", &ints(&x.elemtexcoord));
    }
    e.txt("node", &x.nodebody.join(" "));
    let mut c = XEl::new("contact");
    c.int("contype", x.contype, Some(d.contype));
    c.int("conaffinity", x.conaffinity, Some(d.conaffinity));
    c.int("condim", x.condim, Some(d.condim));
    c.int("priority", x.priority, Some(d.priority));
    c.num("friction", &x.friction, Some(&d.friction), false);
    c.num1("solmix", x.solmix, Some(d.solmix));
    c.num("solref", &x.solref, Some(&d.solref), false);
    c.num("solimp", &x.solimp, Some(&d.solimp), false);
    c.num1("margin", x.margin, Some(d.margin));
    c.num1("gap", x.gap, Some(d.gap));
    c.key("internal", BOOL_MAP, x.internal as i32, Some(d.internal as i32));
    c.key("selfcollide", FLEXSELF_MAP, x.selfcollide, Some(d.selfcollide));
    c.int("activelayers", x.activelayers, Some(d.activelayers));
    e.add_if_any(c);
    let el = e.add("elasticity");
    el.num1("young", x.young, Some(d.young));
    el.num1("poisson", x.poisson, Some(d.poisson));
    el.num1("thickness", x.thickness, Some(d.thickness));
    el.num1("damping", x.damping, Some(d.damping));
    // upstream looks the keyword up among the first two only (none, bend)
    el.key("elastic2d", &ELASTIC2D_MAP[..2], x.elastic2d, Some(d.elastic2d));
    let mut g = XEl::new("edge");
    g.num1("stiffness", x.edgestiffness, Some(d.edgestiffness));
    g.num1("damping", x.edgedamping, Some(d.edgedamping));
    e.add_if_any(g);
}

/// `<deformable>`: flexes and skins.
pub(super) fn deformable(w: &W, root: &mut XEl) -> Result<(), String> {
    let s = w.s;
    if s.flexes.is_empty() && s.skins.is_empty() {
        return Ok(());
    }
    let sec = root.add("deformable");
    let m = w.m;
    let same = m.nflex as usize == s.flexes.len();
    for (i, f) in s.flexes.iter().enumerate() {
        let compiled = same.then(|| {
            let adr = m.flex_elemdataadr()[i] as usize;
            let n = m.flex_elemnum()[i] as usize * (m.flex_dim()[i] as usize + 1);
            &m.flex_elem()[adr..adr + n]
        });
        one_flex(sec.add("flex"), f, compiled.filter(|c| c.len() == f.elem.len()));
    }
    for k in &s.skins {
        one_skin(w, sec.add("skin"), k);
    }
    Ok(())
}

/// The registered plugin the last compile bound instance `inst` to, else the one named `name`.
fn plugin_of(inst: Option<&crate::spec::Plugin>, name: &str) -> Result<&'static mjpPlugin, String> {
    let p = crate::runtime::plugin::plugin_at_slot(inst.map_or(-1, |i| i.slot.get()));
    if p.is_null() {
        return registered(name);
    }
    // SAFETY: registered plugins live for the whole process
    Ok(unsafe { &*p })
}

/// Registered plugin `name` (must be registered: the model compiled with it).
fn registered(name: &str) -> Result<&'static mjpPlugin, String> {
    let (p, _) = crate::runtime::plugin::plugin_by_name(name.as_bytes());
    if p.is_null() {
        return Err(format!("XML Error: unknown plugin '{}'", name));
    }
    // SAFETY: registered plugins live for the whole process
    Ok(unsafe { &*p })
}

/// `<config>` children with the instance's values, in the plugin's attribute order.
fn config(e: &mut XEl, p: &mjpPlugin, cfg: &std::collections::BTreeMap<String, String>) {
    for i in 0..p.nattribute.max(0) as usize {
        // SAFETY: the plugin lists `nattribute` NUL-terminated names
        let key = unsafe { core::ffi::CStr::from_ptr(*p.attributes.add(i)) }.to_string_lossy().into_owned();
        if let Some(v) = cfg.get(&key).filter(|v| !v.is_empty()) {
            let c = e.add("config");
            c.txt("key", &key);
            c.txt("value", v);
        }
    }
}

/// An element's plugin: its instance name, or the plugin name and in-place configuration.
pub(super) fn plugin_ref(w: &W, e: &mut XEl, c: &mjsPlugin, r: &PluginRef) -> Result<(), String> {
    if !r.name.as_str().is_empty() {
        e.txt("instance", r.name.as_str());
        return Ok(());
    }
    e.txt("plugin", r.plugin_name.as_str());
    let inst = w.s.plugin_index(c.element).and_then(|k| w.s.plugins.get(k));
    let name = if r.plugin_name.as_str().is_empty() {
        inst.map_or("", |p| p.plugin_name.as_str())
    } else {
        r.plugin_name.as_str()
    };
    let p = plugin_of(inst.map(|i| &**i), name)?;
    if let Some(i) = inst {
        config(e, p, &i.config.to_btree());
    }
    Ok(())
}

/// `<extension>`: named plugin instances grouped by plugin, then the other plugins in use.
pub(super) fn extension(w: &W, root: &mut XEl) -> Result<(), String> {
    let s = w.s;
    if s.active_plugins.is_empty() {
        return Ok(());
    }
    let mut sec = XEl::new("extension");
    let mut seen: Vec<String> = Vec::new();
    let mut last: Option<String> = None;
    for inst in s.plugins.iter() {
        if inst.name.as_str().is_empty() {
            break;
        }
        // instances configured in place by composites and flexcomps carry no plugin name
        let p = plugin_of(Some(inst), inst.plugin_name.as_str())?;
        // SAFETY: a registered plugin's name is NUL-terminated
        let pname = unsafe { core::ffi::CStr::from_ptr(p.name) }.to_str().unwrap_or("");
        if last.as_deref() != Some(pname) {
            sec.add("plugin").txt("plugin", pname);
            seen.push(pname.to_string());
            last = Some(pname.to_string());
        }
        let pe = sec.kids.last_mut().unwrap();
        let ie = pe.add("instance");
        ie.txt("name", inst.name.as_str());
        config(ie, p, &inst.config.to_btree());
    }
    for (name, _) in &s.active_plugins {
        if !seen.contains(name) {
            sec.add("plugin").txt("plugin", name);
        }
    }
    root.kids.push(sec);
    Ok(())
}
