//! The model-editing API for assets: materials, textures, meshes (with the builtin shapes of
//! `mjs_makeMesh`), height fields and skins.

use core::ffi::{c_int, c_void};
use core::mem::offset_of;
use core::ptr;

use super::guard;
use super::spec::{add_to_spec, as_kind, owner, wrapper};
use crate::abi::*;
use crate::spec::{self, HField, Material, Mesh, Skin, Texture};

/// Add a mesh to a spec, with the defaults of `def` (NULL: the main class).
#[no_mangle]
pub unsafe extern "C" fn mjs_addMesh(s: *mut mjSpec, def: *const mjsDefault) -> *mut mjsMesh {
    crate::boundary! {
        add_to_spec(s, def, |sp, class| {
            let id = sp.add_mesh(class);
            &mut sp.meshes[id].c
        })
    }
}

/// Add a height field to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addHField(s: *mut mjSpec) -> *mut mjsHField {
    crate::boundary! {
        add_to_spec(s, ptr::null(), |sp, _| {
            let id = sp.add_hfield();
            &mut sp.hfields[id].c
        })
    }
}

/// Add a skin to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addSkin(s: *mut mjSpec) -> *mut mjsSkin {
    crate::boundary! {
        add_to_spec(s, ptr::null(), |sp, _| {
            let id = sp.add_skin();
            &mut sp.skins[id].c
        })
    }
}

/// Add a texture to a spec.
#[no_mangle]
pub unsafe extern "C" fn mjs_addTexture(s: *mut mjSpec) -> *mut mjsTexture {
    crate::boundary! {
        add_to_spec(s, ptr::null(), |sp, _| {
            let id = sp.add_texture();
            &mut sp.textures[id].c
        })
    }
}

/// Add a material to a spec, with the defaults of `def` (NULL: the main class).
#[no_mangle]
pub unsafe extern "C" fn mjs_addMaterial(s: *mut mjSpec, def: *const mjsDefault) -> *mut mjsMaterial {
    crate::boundary! {
        add_to_spec(s, def, |sp, class| {
            let id = sp.add_material(class);
            &mut sp.materials[id].c
        })
    }
}

/// Fill a mesh with builtin shape `builtin` made from `nparams` parameters: 0 on success, -1
/// on bad parameters and 1 for an unknown shape (the reason in `mjs_getError`).
#[no_mangle]
pub unsafe extern "C" fn mjs_makeMesh(
    mesh: *mut mjsMesh,
    builtin: mjtMeshBuiltin,
    params: *mut f64,
    nparams: c_int,
) -> c_int {
    crate::boundary! {
        if mesh.is_null() {
            return -1;
        }
        let m: &mut Mesh = wrapper(mesh as *mut c_void, offset_of!(Mesh, c));
        let p: &[f64] = if params.is_null() || nparams <= 0 { &[] } else { core::slice::from_raw_parts(params, nparams as usize) };
        let r = guard("mjs_makeMesh", Err("Error: internal error".to_string()), || spec::builtin_mesh::make_mesh(m, builtin, p));
        match r {
            Ok(()) => 0,
            Err(msg) => {
                if let Some(sp) = owner(&m.head.el) {
                    sp.set_error(&msg, false);
                }
                use mjtMeshBuiltin_::*;
                let known = [mjMESH_BUILTIN_SPHERE, mjMESH_BUILTIN_HEMISPHERE, mjMESH_BUILTIN_CONE, mjMESH_BUILTIN_SUPERSPHERE, mjMESH_BUILTIN_SUPERTORUS, mjMESH_BUILTIN_WEDGE, mjMESH_BUILTIN_PLATE];
                if known.iter().any(|&k| k as i32 == builtin) {
                    -1
                } else {
                    1
                }
            }
        }
    }
}

/// The element as a mesh, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asMesh(element: *mut mjsElement) -> *mut mjsMesh {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_MESH, |x: &mut Mesh| &mut x.c)
    }
}

/// The element as a height field, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asHField(element: *mut mjsElement) -> *mut mjsHField {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_HFIELD, |x: &mut HField| &mut x.c)
    }
}

/// The element as a skin, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asSkin(element: *mut mjsElement) -> *mut mjsSkin {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_SKIN, |x: &mut Skin| &mut x.c)
    }
}

/// The element as a texture, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asTexture(element: *mut mjsElement) -> *mut mjsTexture {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_TEXTURE, |x: &mut Texture| &mut x.c)
    }
}

/// The element as a material, NULL when it is not one.
#[no_mangle]
pub unsafe extern "C" fn mjs_asMaterial(element: *mut mjsElement) -> *mut mjsMaterial {
    crate::boundary! {
        as_kind(element, mjtObj_::mjOBJ_MATERIAL, |x: &mut Material| &mut x.c)
    }
}

/// Upstream's default values of a mesh specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultMesh(mesh: *mut mjsMesh) {
    crate::boundary! {
        if let Some(x) = mesh.as_mut() {
            spec::assets::default_mesh(x);
        }
    }
}

/// Upstream's default values of a height field specification (all zero).
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultHField(hfield: *mut mjsHField) {
    crate::boundary! {
        if let Some(x) = hfield.as_mut() {
            spec::assets::default_hfield(x);
        }
    }
}

/// Upstream's default values of a skin specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultSkin(skin: *mut mjsSkin) {
    crate::boundary! {
        if let Some(x) = skin.as_mut() {
            spec::assets::default_skin(x);
        }
    }
}

/// Upstream's default values of a texture specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultTexture(texture: *mut mjsTexture) {
    crate::boundary! {
        if let Some(x) = texture.as_mut() {
            spec::assets::default_texture(x);
        }
    }
}

/// Upstream's default values of a material specification.
#[no_mangle]
pub unsafe extern "C" fn mjs_defaultMaterial(material: *mut mjsMaterial) {
    crate::boundary! {
        if let Some(x) = material.as_mut() {
            spec::assets::default_material(x);
        }
    }
}
