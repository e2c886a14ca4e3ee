//! Assets: materials, textures, meshes, height fields and skins. Each wraps upstream's C struct
//! (`c`, reached through `Deref`) with the strings and vectors it points to; file contents read
//! with the MJCF of a nested model (`filedata`) are compiler-only extras.

use std::sync::Arc;

use super::body::{debug_by_name, element, zeroed};
use super::cxx::{CxxString, CxxVec};
use super::element::{vp, Head, Info, Linked};
use super::PluginRef;
use crate::abi::*;

/// Contents of an asset file read when the MJCF was parsed: `Err` holds the message of the
/// failed open; `None` (for the single-file kinds) lets the compiler open it.
pub type FileData = Result<Arc<Vec<u8>>, String>;

#[derive(Clone)]
#[repr(C)]
pub struct Material {
    pub head: Head,
    pub c: mjsMaterial,
    pub name: CxxString,
    /// texture names by role (mjNTEXROLE entries)
    pub textures: CxxVec<CxxString>,
    pub info: Info,
}
element!(Material, mjsMaterial, [textures]);

/// `mjs_defaultMaterial`
pub fn default_material(m: &mut mjsMaterial) {
    *m = zeroed();
    m.texrepeat = [1.0, 1.0];
    m.specular = 0.5;
    m.shininess = 0.5;
    m.metallic = -1.0;
    m.roughness = -1.0;
    m.rgba = [1.0; 4];
}

impl Default for Material {
    fn default() -> Self {
        let mut c = zeroed();
        default_material(&mut c);
        Material {
            head: Head::new(mjtObj_::mjOBJ_MATERIAL),
            c,
            name: CxxString::new(),
            textures: (0..mjtTextureRole_::mjNTEXROLE as usize).map(|_| CxxString::new()).collect(),
            info: Info::default(),
        }
    }
}

/// A texture: builtin procedural, from image files, or from bytes given through the API
/// (`data`, `nchannel` x `width` x `height`).
#[derive(Clone)]
#[repr(C)]
pub struct Texture {
    pub head: Head,
    pub c: mjsTexture,
    pub name: CxxString,
    pub content_type: CxxString,
    /// image file (path as written)
    pub file: CxxString,
    /// the six cube-face files (right, left, up, down, front, back)
    pub cubefiles: CxxVec<CxxString>,
    pub data: CxxVec<u8>,
    pub info: Info,
    /// contents of `file` then of the cube files, read with the MJCF of a nested model
    pub filedata: Vec<FileData>,
    /// where those files were found (folder, name), so that the compiler can reach them
    /// through the asset cache as upstream's compile of the nested model does
    pub fileloc: Vec<Option<(String, String)>>,
    /// the spec the asset was attached from with the spec API: its model file's folder (empty:
    /// this spec's) and its asset folder, under which upstream's compiler reads the file
    pub origin: Option<(String, String)>,
    /// `data` holds what the last compile made (not bytes from the user): the next compile
    /// starts from empty data, as upstream's
    pub clear_data: bool,
}
element!(Texture, mjsTexture, [content_type, file, cubefiles, data]);

/// `mjs_defaultTexture`
pub fn default_texture(t: &mut mjsTexture) {
    *t = zeroed();
    t.r#type = mjtTexture_::mjTEXTURE_CUBE as i32;
    t.colorspace = mjtColorSpace_::mjCOLORSPACE_AUTO as i32;
    t.rgb1 = [0.8; 3];
    t.rgb2 = [0.5; 3];
    t.random = 0.01;
    t.gridsize = [1, 1];
    t.nchannel = 3;
    t.gridlayout = [b'.' as _; 12];
}

impl Default for Texture {
    fn default() -> Self {
        let mut c = zeroed();
        default_texture(&mut c);
        Texture {
            head: Head::new(mjtObj_::mjOBJ_TEXTURE),
            c,
            name: CxxString::new(),
            content_type: CxxString::new(),
            file: CxxString::new(),
            cubefiles: (0..6).map(|_| CxxString::new()).collect(),
            data: CxxVec::new(),
            info: Info::default(),
            filedata: Vec::new(),
            fileloc: Vec::new(),
            origin: None,
            clear_data: false,
        }
    }
}

impl Texture {
    /// Grid layout symbol `k` as a byte.
    pub fn layout(&self, k: usize) -> u8 {
        self.c.gridlayout[k] as u8
    }

    /// The cube-face file `i` ("" when not given).
    pub fn cubefile(&self, i: usize) -> &str {
        self.cubefiles.get(i).map_or("", |s| s.as_str())
    }
}

/// A mesh asset: vertex data from a file (OBJ, STL, MSH) or given in the model (`user*`), with
/// the reference frame, scale and inertia mode the compiler applies.
#[derive(Clone)]
#[repr(C)]
pub struct Mesh {
    pub head: Head,
    pub c: mjsMesh,
    pub name: CxxString,
    pub content_type: CxxString,
    pub file: CxxString,
    pub uservert: CxxVec<f32>,
    pub usernormal: CxxVec<f32>,
    pub usertexcoord: CxxVec<f32>,
    pub userface: CxxVec<i32>,
    pub userfacenormal: CxxVec<i32>,
    pub userfacetexcoord: CxxVec<i32>,
    pub plugin: PluginRef,
    pub material: CxxString,
    pub info: Info,
    /// contents of `file` when read with the MJCF of a nested model
    pub filedata: Option<FileData>,
    /// where that file was found (folder, name), for the asset cache
    pub fileloc: Option<(String, String)>,
    /// the spec the asset was attached from with the spec API: its model file's folder (empty:
    /// this spec's) and its asset folder, under which upstream's compiler reads the file
    pub origin: Option<(String, String)>,
    /// the last compile decoded `file` itself rather than taking the mesh from the asset cache;
    /// upstream then records the file's content type in the spec, so a saved model names it
    pub decoded: core::cell::Cell<bool>,
}
element!(
    Mesh,
    mjsMesh,
    [content_type, file, uservert, usernormal, usertexcoord, userface, userfacenormal, userfacetexcoord, material],
    plugin = plugin
);

/// `mjs_defaultMesh`
pub fn default_mesh(m: &mut mjsMesh) {
    *m = zeroed();
    m.refquat[0] = 1.0;
    m.scale = [1.0; 3];
    m.maxhullvert = -1;
    m.inertia = mjtMeshInertia_::mjMESH_INERTIA_LEGACY as i32;
}

impl Default for Mesh {
    fn default() -> Self {
        let mut c = zeroed();
        default_mesh(&mut c);
        Mesh {
            head: Head::new(mjtObj_::mjOBJ_MESH),
            c,
            name: CxxString::new(),
            content_type: CxxString::new(),
            file: CxxString::new(),
            uservert: CxxVec::new(),
            usernormal: CxxVec::new(),
            usertexcoord: CxxVec::new(),
            userface: CxxVec::new(),
            userfacenormal: CxxVec::new(),
            userfacetexcoord: CxxVec::new(),
            plugin: PluginRef::default(),
            material: CxxString::new(),
            info: Info::default(),
            filedata: None,
            fileloc: None,
            origin: None,
            decoded: core::cell::Cell::new(false),
        }
    }
}

/// A height field asset: elevations from a file (PNG or upstream's binary format) or given in
/// the model (`userdata`, rows bottom to top), over a `size` of (x, y, top, bottom).
#[derive(Clone)]
#[repr(C)]
pub struct HField {
    pub head: Head,
    pub c: mjsHField,
    pub name: CxxString,
    pub content_type: CxxString,
    pub file: CxxString,
    pub userdata: CxxVec<f32>,
    pub info: Info,
    /// contents of `file` when read with the MJCF of a nested model
    pub filedata: Option<FileData>,
    /// where that file was found (folder, name), for the asset cache
    pub fileloc: Option<(String, String)>,
    /// the spec the asset was attached from with the spec API: its model file's folder (empty:
    /// this spec's) and its asset folder, under which upstream's compiler reads the file
    pub origin: Option<(String, String)>,
}
element!(HField, mjsHField, [content_type, file, userdata]);

/// `mjs_defaultHField` (all zero)
pub fn default_hfield(h: &mut mjsHField) {
    *h = zeroed();
}

impl Default for HField {
    fn default() -> Self {
        HField {
            head: Head::new(mjtObj_::mjOBJ_HFIELD),
            c: zeroed(),
            name: CxxString::new(),
            content_type: CxxString::new(),
            file: CxxString::new(),
            userdata: CxxVec::new(),
            info: Info::default(),
            filedata: None,
            fileloc: None,
            origin: None,
        }
    }
}

/// A skin: a triangle mesh drawn over bodies, each vertex moved by weighted bones; data given
/// in the model or read from an SKN file.
#[derive(Clone)]
#[repr(C)]
pub struct Skin {
    pub head: Head,
    pub c: mjsSkin,
    pub name: CxxString,
    pub file: CxxString,
    pub material: CxxString,
    pub vert: CxxVec<f32>,
    pub texcoord: CxxVec<f32>,
    pub face: CxxVec<i32>,
    pub bodyname: CxxVec<CxxString>,
    pub bindpos: CxxVec<f32>,
    pub bindquat: CxxVec<f32>,
    pub vertid: CxxVec<CxxVec<i32>>,
    pub vertweight: CxxVec<CxxVec<f32>>,
    pub info: Info,
    /// contents of `file` when read with the MJCF of a nested model
    pub filedata: Option<FileData>,
    /// where that file was found (folder, name), for the asset cache
    pub fileloc: Option<(String, String)>,
    /// the spec the asset was attached from with the spec API: its model file's folder (empty:
    /// this spec's) and its asset folder, under which upstream's compiler reads the file
    pub origin: Option<(String, String)>,
}
element!(Skin, mjsSkin, [file, material, vert, texcoord, face, bodyname, bindpos, bindquat, vertid, vertweight]);

/// `mjs_defaultSkin`
pub fn default_skin(k: &mut mjsSkin) {
    *k = zeroed();
    k.rgba = [0.5, 0.5, 0.5, 1.0];
}

impl Default for Skin {
    fn default() -> Self {
        let mut c = zeroed();
        default_skin(&mut c);
        Skin {
            head: Head::new(mjtObj_::mjOBJ_SKIN),
            c,
            name: CxxString::new(),
            file: CxxString::new(),
            material: CxxString::new(),
            vert: CxxVec::new(),
            texcoord: CxxVec::new(),
            face: CxxVec::new(),
            bodyname: CxxVec::new(),
            bindpos: CxxVec::new(),
            bindquat: CxxVec::new(),
            vertid: CxxVec::new(),
            vertweight: CxxVec::new(),
            info: Info::default(),
            filedata: None,
            fileloc: None,
            origin: None,
        }
    }
}

debug_by_name!(Material, Texture, Mesh, HField, Skin);

/// The stem of a file name as C++'s `std::filesystem::path::stem` gives it on Linux: the last
/// component (after '/') without its final extension; "." and "..", and names whose only dot
/// leads, are kept whole.
pub fn file_stem(file: &str) -> &str {
    let base = file.rsplit('/').next().unwrap_or(file);
    if base == "." || base == ".." {
        return base;
    }
    match base.rfind('.') {
        Some(i) if i > 0 => &base[..i],
        _ => base,
    }
}

/// The model folder and asset folder a file asset is read under: those of the spec it was
/// attached from, else `modeldir` and `dir` (this spec's).
pub fn asset_dirs<'a>(origin: Option<&'a (String, String)>, modeldir: &'a str, dir: &'a str) -> (&'a str, &'a str) {
    match origin {
        Some((m, d)) => (if m.is_empty() { modeldir } else { m.as_str() }, d.as_str()),
        None => (modeldir, dir),
    }
}

#[cfg(test)]
mod tests {
    use super::file_stem;

    #[test]
    fn stems() {
        assert_eq!(file_stem("a/b/c.stl"), "c");
        assert_eq!(file_stem("c.tar.gz"), "c.tar");
        assert_eq!(file_stem(".hidden"), ".hidden");
        assert_eq!(file_stem("dir/.."), "..");
        assert_eq!(file_stem("a\\b.png"), "a\\b");
        assert_eq!(file_stem(""), "");
    }
}
