//! Abstract visualization types (scene, camera, perturbation, figures).
//!
//! Layouts and values reproduce upstream's `mjvisualize.h` exactly; `make header` turns this
//! file into that header.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals, clippy::upper_case_acronyms)]

#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use core::ffi::{c_char, c_int, c_uint, c_void};

pub const mjNGROUP: usize = 6;
pub const mjMAXLIGHT: usize = 100;
pub const mjMAXOVERLAY: usize = 500;
pub const mjMAXLINE: usize = 100;
pub const mjMAXLINEPNT: usize = 1001;
pub const mjMAXPLANEGRID: usize = 200;
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtCatBit_ {
    mjCAT_STATIC = 1,
    mjCAT_DYNAMIC = 2,
    mjCAT_DECOR = 4,
    mjCAT_ALL = 7,
}
pub type mjtCatBit = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtMouse_ {
    mjMOUSE_NONE = 0,
    mjMOUSE_ROTATE_V = 1,
    mjMOUSE_ROTATE_H = 2,
    mjMOUSE_MOVE_V = 3,
    mjMOUSE_MOVE_H = 4,
    mjMOUSE_ZOOM = 5,
    mjMOUSE_MOVE_V_REL = 6,
    mjMOUSE_MOVE_H_REL = 7,
}
pub type mjtMouse = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtPertBit_ {
    mjPERT_TRANSLATE = 1,
    mjPERT_ROTATE = 2,
}
pub type mjtPertBit = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtCamera_ {
    mjCAMERA_FREE = 0,
    mjCAMERA_TRACKING = 1,
    mjCAMERA_FIXED = 2,
    mjCAMERA_USER = 3,
}
pub type mjtCamera = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtLabel_ {
    mjLABEL_NONE = 0,
    mjLABEL_BODY = 1,
    mjLABEL_JOINT = 2,
    mjLABEL_GEOM = 3,
    mjLABEL_SITE = 4,
    mjLABEL_CAMERA = 5,
    mjLABEL_LIGHT = 6,
    mjLABEL_TENDON = 7,
    mjLABEL_ACTUATOR = 8,
    mjLABEL_CONSTRAINT = 9,
    mjLABEL_FLEX = 10,
    mjLABEL_SKIN = 11,
    mjLABEL_SELECTION = 12,
    mjLABEL_SELPNT = 13,
    mjLABEL_CONTACTPOINT = 14,
    mjLABEL_CONTACTFORCE = 15,
    mjLABEL_ISLAND = 16,
    mjNLABEL = 17,
}
pub type mjtLabel = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtFrame_ {
    mjFRAME_NONE = 0,
    mjFRAME_BODY = 1,
    mjFRAME_GEOM = 2,
    mjFRAME_SITE = 3,
    mjFRAME_CAMERA = 4,
    mjFRAME_LIGHT = 5,
    mjFRAME_CONTACT = 6,
    mjFRAME_WORLD = 7,
    mjNFRAME = 8,
}
pub type mjtFrame = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtVisFlag_ {
    mjVIS_CONVEXHULL = 0,
    mjVIS_TEXTURE = 1,
    mjVIS_JOINT = 2,
    mjVIS_CAMERA = 3,
    mjVIS_ACTUATOR = 4,
    mjVIS_ACTIVATION = 5,
    mjVIS_LIGHT = 6,
    mjVIS_TENDON = 7,
    mjVIS_RANGEFINDER = 8,
    mjVIS_CONSTRAINT = 9,
    mjVIS_INERTIA = 10,
    mjVIS_SCLINERTIA = 11,
    mjVIS_PERTFORCE = 12,
    mjVIS_PERTOBJ = 13,
    mjVIS_CONTACTPOINT = 14,
    mjVIS_ISLAND = 15,
    mjVIS_CONTACTFORCE = 16,
    mjVIS_CONTACTSPLIT = 17,
    mjVIS_TRANSPARENT = 18,
    mjVIS_AUTOCONNECT = 19,
    mjVIS_COM = 20,
    mjVIS_SELECT = 21,
    mjVIS_STATIC = 22,
    mjVIS_SKIN = 23,
    mjVIS_FLEXVERT = 24,
    mjVIS_FLEXEDGE = 25,
    mjVIS_FLEXFACE = 26,
    mjVIS_FLEXSKIN = 27,
    mjVIS_BODYBVH = 28,
    mjVIS_MESHBVH = 29,
    mjVIS_SDFITER = 30,
    mjNVISFLAG = 31,
}
pub type mjtVisFlag = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtRndFlag_ {
    mjRND_SHADOW = 0,
    mjRND_WIREFRAME = 1,
    mjRND_REFLECTION = 2,
    mjRND_ADDITIVE = 3,
    mjRND_SKYBOX = 4,
    mjRND_FOG = 5,
    mjRND_HAZE = 6,
    mjRND_SEGMENT = 7,
    mjRND_IDCOLOR = 8,
    mjRND_CULL_FACE = 9,
    mjNRNDFLAG = 10,
}
pub type mjtRndFlag = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtStereo_ {
    mjSTEREO_NONE = 0,
    mjSTEREO_QUADBUFFERED = 1,
    mjSTEREO_SIDEBYSIDE = 2,
}
pub type mjtStereo = c_int;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjvPerturb_ {
    pub select: c_int,
    pub flexselect: c_int,
    pub skinselect: c_int,
    pub active: c_int,
    pub active2: c_int,
    pub refpos: [mjtNum; 3],
    pub refquat: [mjtNum; 4],
    pub refselpos: [mjtNum; 3],
    pub localpos: [mjtNum; 3],
    pub localmass: mjtNum,
    pub scale: mjtNum,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjvCamera_ {
    pub r#type: c_int,
    pub fixedcamid: c_int,
    pub trackbodyid: c_int,
    pub lookat: [mjtNum; 3],
    pub distance: mjtNum,
    pub azimuth: mjtNum,
    pub elevation: mjtNum,
    pub orthographic: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjvGLCamera_ {
    pub pos: [f32; 3],
    pub forward: [f32; 3],
    pub up: [f32; 3],
    pub frustum_center: f32,
    pub frustum_width: f32,
    pub frustum_bottom: f32,
    pub frustum_top: f32,
    pub frustum_near: f32,
    pub frustum_far: f32,
    pub orthographic: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjvGeom_ {
    pub r#type: c_int,
    pub dataid: c_int,
    pub objtype: c_int,
    pub objid: c_int,
    pub category: c_int,
    pub matid: c_int,
    pub texcoord: c_int,
    pub segid: c_int,
    pub size: [f32; 3],
    pub pos: [f32; 3],
    pub mat: [f32; 9],
    pub rgba: [f32; 4],
    pub emission: f32,
    pub specular: f32,
    pub shininess: f32,
    pub reflectance: f32,
    pub label: [c_char; 100],
    pub camdist: f32,
    pub modelrbound: f32,
    pub transparent: mjtByte,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjvLight_ {
    pub id: c_int,
    pub pos: [f32; 3],
    pub dir: [f32; 3],
    pub r#type: c_int,
    pub texid: c_int,
    pub attenuation: [f32; 3],
    pub cutoff: f32,
    pub exponent: f32,
    pub ambient: [f32; 3],
    pub diffuse: [f32; 3],
    pub specular: [f32; 3],
    pub headlight: mjtByte,
    pub castshadow: mjtByte,
    pub bulbradius: f32,
    pub intensity: f32,
    pub range: f32,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjvOption_ {
    pub label: c_int,
    pub frame: c_int,
    pub geomgroup: [mjtByte; mjNGROUP],
    pub sitegroup: [mjtByte; mjNGROUP],
    pub jointgroup: [mjtByte; mjNGROUP],
    pub tendongroup: [mjtByte; mjNGROUP],
    pub actuatorgroup: [mjtByte; mjNGROUP],
    pub flexgroup: [mjtByte; mjNGROUP],
    pub skingroup: [mjtByte; mjNGROUP],
    pub flags: [mjtByte; mjtVisFlag_::mjNVISFLAG as usize],
    pub bvh_depth: c_int,
    pub flex_layer: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjvScene_ {
    pub maxgeom: c_int,
    pub ngeom: c_int,
    pub geoms: *mut mjvGeom,
    pub geomorder: *mut c_int,
    pub nflex: c_int,
    pub flexedgeadr: *mut c_int,
    pub flexedgenum: *mut c_int,
    pub flexvertadr: *mut c_int,
    pub flexvertnum: *mut c_int,
    pub flexfaceadr: *mut c_int,
    pub flexfacenum: *mut c_int,
    pub flexfaceused: *mut c_int,
    pub flexedge: *mut c_int,
    pub flexvert: *mut f32,
    pub flexface: *mut f32,
    pub flexnormal: *mut f32,
    pub flextexcoord: *mut f32,
    pub flexvertopt: mjtByte,
    pub flexedgeopt: mjtByte,
    pub flexfaceopt: mjtByte,
    pub flexskinopt: mjtByte,
    pub nskin: c_int,
    pub skinfacenum: *mut c_int,
    pub skinvertadr: *mut c_int,
    pub skinvertnum: *mut c_int,
    pub skinvert: *mut f32,
    pub skinnormal: *mut f32,
    pub nlight: c_int,
    pub lights: [mjvLight; mjMAXLIGHT],
    pub camera: [mjvGLCamera; 2],
    pub enabletransform: mjtByte,
    pub translate: [f32; 3],
    pub rotate: [f32; 4],
    pub scale: f32,
    pub stereo: c_int,
    pub flags: [mjtByte; mjtRndFlag_::mjNRNDFLAG as usize],
    pub framewidth: c_int,
    pub framergb: [f32; 3],
    pub status: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjvFigure_ {
    pub flg_legend: c_int,
    pub flg_ticklabel: [c_int; 2],
    pub flg_extend: c_int,
    pub flg_barplot: c_int,
    pub flg_selection: c_int,
    pub flg_symmetric: c_int,
    pub linewidth: f32,
    pub gridwidth: f32,
    pub gridsize: [c_int; 2],
    pub gridrgb: [f32; 3],
    pub figurergba: [f32; 4],
    pub panergba: [f32; 4],
    pub legendrgba: [f32; 4],
    pub textrgb: [f32; 3],
    pub linergb: [[f32; 3]; mjMAXLINE],
    pub range: [[f32; 2]; 2],
    pub xformat: [c_char; 20],
    pub yformat: [c_char; 20],
    pub minwidth: [c_char; 20],
    pub title: [c_char; 1000],
    pub xlabel: [c_char; 100],
    pub linename: [[c_char; 100]; mjMAXLINE],
    pub legendoffset: c_int,
    pub subplot: c_int,
    pub highlight: [c_int; 2],
    pub highlightid: c_int,
    pub selection: f32,
    pub linepnt: [c_int; mjMAXLINE],
    /// 2 * mjMAXLINEPNT coordinates per line (cbindgen takes no products in array sizes)
    pub linedata: [[f32; 2002]; mjMAXLINE],
    pub xaxispixel: [c_int; 2],
    pub yaxispixel: [c_int; 2],
    pub xaxisdata: [f32; 2],
    pub yaxisdata: [f32; 2],
}
pub type mjvPerturb = mjvPerturb_;

pub type mjvCamera = mjvCamera_;

pub type mjvGLCamera = mjvGLCamera_;

pub type mjvGeom = mjvGeom_;

pub type mjvLight = mjvLight_;

pub type mjvOption = mjvOption_;

pub type mjvScene = mjvScene_;

pub type mjvFigure = mjvFigure_;
