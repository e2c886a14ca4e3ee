//! OpenGL rendering context types.
//!
//! Layouts and values reproduce upstream's `mjrender.h` exactly; `make header` turns this
//! file into that header.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals, clippy::upper_case_acronyms)]

#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use core::ffi::{c_char, c_int, c_uint, c_void};

pub const mjNAUX: usize = 10;
pub const mjMAXTEXTURE: usize = 1000;
pub const mjMAXMATERIAL: usize = 1000;
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtGridPos_ {
    mjGRID_TOPLEFT = 0,
    mjGRID_TOPRIGHT = 1,
    mjGRID_BOTTOMLEFT = 2,
    mjGRID_BOTTOMRIGHT = 3,
    mjGRID_TOP = 4,
    mjGRID_BOTTOM = 5,
    mjGRID_LEFT = 6,
    mjGRID_RIGHT = 7,
}
pub type mjtGridPos = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtFramebuffer_ {
    mjFB_WINDOW = 0,
    mjFB_OFFSCREEN = 1,
}
pub type mjtFramebuffer = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtDepthMap_ {
    mjDEPTH_ZERONEAR = 0,
    mjDEPTH_ZEROFAR = 1,
}
pub type mjtDepthMap = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtFontScale_ {
    mjFONTSCALE_50 = 50,
    mjFONTSCALE_100 = 100,
    mjFONTSCALE_150 = 150,
    mjFONTSCALE_200 = 200,
    mjFONTSCALE_250 = 250,
    mjFONTSCALE_300 = 300,
}
pub type mjtFontScale = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtFont_ {
    mjFONT_NORMAL = 0,
    mjFONT_SHADOW = 1,
    mjFONT_BIG = 2,
}
pub type mjtFont = c_int;

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjrRect_ {
    pub left: c_int,
    pub bottom: c_int,
    pub width: c_int,
    pub height: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjrContext_ {
    pub lineWidth: f32,
    pub shadowClip: f32,
    pub shadowScale: f32,
    pub fogStart: f32,
    pub fogEnd: f32,
    pub fogRGBA: [f32; 4],
    pub shadowSize: c_int,
    pub offWidth: c_int,
    pub offHeight: c_int,
    pub offSamples: c_int,
    pub fontScale: c_int,
    pub auxWidth: [c_int; mjNAUX],
    pub auxHeight: [c_int; mjNAUX],
    pub auxSamples: [c_int; mjNAUX],
    pub offFBO: c_uint,
    pub offFBO_r: c_uint,
    pub offColor: c_uint,
    pub offColor_r: c_uint,
    pub offDepthStencil: c_uint,
    pub offDepthStencil_r: c_uint,
    pub shadowFBO: c_uint,
    pub shadowTex: c_uint,
    pub auxFBO: [c_uint; mjNAUX],
    pub auxFBO_r: [c_uint; mjNAUX],
    pub auxColor: [c_uint; mjNAUX],
    pub auxColor_r: [c_uint; mjNAUX],
    /// mjMAXMATERIAL * mjNTEXROLE texture ids (cbindgen takes no products in array sizes)
    pub mat_texid: [c_int; 10000],
    pub mat_texuniform: [c_int; mjMAXMATERIAL],
    /// mjMAXMATERIAL * 2 repeat factors
    pub mat_texrepeat: [f32; 2000],
    pub ntexture: c_int,
    pub textureType: [c_int; mjMAXTEXTURE],
    pub texture: [c_uint; mjMAXTEXTURE],
    pub basePlane: c_uint,
    pub baseMesh: c_uint,
    pub baseHField: c_uint,
    pub baseBuiltin: c_uint,
    pub baseFontNormal: c_uint,
    pub baseFontShadow: c_uint,
    pub baseFontBig: c_uint,
    pub rangePlane: c_int,
    pub rangeMesh: c_int,
    pub rangeHField: c_int,
    pub rangeBuiltin: c_int,
    pub rangeFont: c_int,
    pub nskin: c_int,
    pub skinvertVBO: *mut c_uint,
    pub skinnormalVBO: *mut c_uint,
    pub skintexcoordVBO: *mut c_uint,
    pub skinfaceVBO: *mut c_uint,
    pub charWidth: [c_int; 127],
    pub charWidthBig: [c_int; 127],
    pub charHeight: c_int,
    pub charHeightBig: c_int,
    pub glInitialized: c_int,
    pub windowAvailable: c_int,
    pub windowSamples: c_int,
    pub windowStereo: c_int,
    pub windowDoublebuffer: c_int,
    pub currentBuffer: c_int,
    pub readPixelFormat: c_int,
    pub readDepthMap: c_int,
}
pub type mjrRect = mjrRect_;

pub type mjrContext = mjrContext_;
