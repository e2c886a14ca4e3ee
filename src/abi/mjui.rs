//! User-interface types.
//!
//! Layouts and values reproduce upstream's `mjui.h` exactly; `make header` turns this
//! file into that header.
#![allow(non_camel_case_types, non_snake_case, non_upper_case_globals, clippy::upper_case_acronyms)]

#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use core::ffi::{c_char, c_int, c_uint, c_void};

pub const mjMAXUISECT: usize = 10;
pub const mjMAXUIITEM: usize = 200;
pub const mjMAXUITEXT: usize = 300;
pub const mjMAXUINAME: usize = 40;
pub const mjMAXUIMULTI: usize = 35;
pub const mjMAXUIEDIT: usize = 7;
pub const mjMAXUIRECT: usize = 25;
pub const mjSEPCLOSED: usize = 1000;
pub const mjPRESERVE: usize = 2000;
pub const mjKEY_ESCAPE: usize = 256;
pub const mjKEY_ENTER: usize = 257;
pub const mjKEY_TAB: usize = 258;
pub const mjKEY_BACKSPACE: usize = 259;
pub const mjKEY_INSERT: usize = 260;
pub const mjKEY_DELETE: usize = 261;
pub const mjKEY_RIGHT: usize = 262;
pub const mjKEY_LEFT: usize = 263;
pub const mjKEY_DOWN: usize = 264;
pub const mjKEY_UP: usize = 265;
pub const mjKEY_PAGE_UP: usize = 266;
pub const mjKEY_PAGE_DOWN: usize = 267;
pub const mjKEY_HOME: usize = 268;
pub const mjKEY_END: usize = 269;
pub const mjKEY_F1: usize = 290;
pub const mjKEY_F2: usize = 291;
pub const mjKEY_F3: usize = 292;
pub const mjKEY_F4: usize = 293;
pub const mjKEY_F5: usize = 294;
pub const mjKEY_F6: usize = 295;
pub const mjKEY_F7: usize = 296;
pub const mjKEY_F8: usize = 297;
pub const mjKEY_F9: usize = 298;
pub const mjKEY_F10: usize = 299;
pub const mjKEY_F11: usize = 300;
pub const mjKEY_F12: usize = 301;
pub const mjKEY_NUMPAD_0: usize = 320;
pub const mjKEY_NUMPAD_9: usize = 329;
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtButton_ {
    mjBUTTON_NONE = 0,
    mjBUTTON_LEFT = 1,
    mjBUTTON_RIGHT = 2,
    mjBUTTON_MIDDLE = 3,
}
pub type mjtButton = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtEvent_ {
    mjEVENT_NONE = 0,
    mjEVENT_MOVE = 1,
    mjEVENT_PRESS = 2,
    mjEVENT_RELEASE = 3,
    mjEVENT_SCROLL = 4,
    mjEVENT_KEY = 5,
    mjEVENT_RESIZE = 6,
    mjEVENT_REDRAW = 7,
    mjEVENT_FILESDROP = 8,
}
pub type mjtEvent = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtItem_ {
    mjITEM_END = -2,
    mjITEM_SECTION = -1,
    mjITEM_SEPARATOR = 0,
    mjITEM_STATIC = 1,
    mjITEM_BUTTON = 2,
    mjITEM_CHECKINT = 3,
    mjITEM_CHECKBYTE = 4,
    mjITEM_RADIO = 5,
    mjITEM_RADIOLINE = 6,
    mjITEM_SELECT = 7,
    mjITEM_SLIDERINT = 8,
    mjITEM_SLIDERNUM = 9,
    mjITEM_EDITINT = 10,
    mjITEM_EDITNUM = 11,
    mjITEM_EDITFLOAT = 12,
    mjITEM_EDITTXT = 13,
    mjNITEM = 14,
}
pub type mjtItem = c_int;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum mjtSection_ {
    mjSECT_CLOSED = 0,
    mjSECT_OPEN = 1,
    mjSECT_FIXED = 2,
}
pub type mjtSection = c_int;

pub type mjfItemEnable = Option<unsafe extern "C" fn(category: c_int, data: *mut c_void) -> c_int>;
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjuiState_ {
    pub nrect: c_int,
    pub rect: [mjrRect; mjMAXUIRECT],
    pub userdata: *mut c_void,
    pub r#type: c_int,
    pub left: c_int,
    pub right: c_int,
    pub middle: c_int,
    pub doubleclick: c_int,
    pub button: c_int,
    pub buttontime: f64,
    pub x: f64,
    pub y: f64,
    pub dx: f64,
    pub dy: f64,
    pub sx: f64,
    pub sy: f64,
    pub control: c_int,
    pub shift: c_int,
    pub alt: c_int,
    pub key: c_int,
    pub keytime: f64,
    pub mouserect: c_int,
    pub dragrect: c_int,
    pub dragbutton: c_int,
    pub dropcount: c_int,
    pub droppaths: *mut *const c_char,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjuiThemeSpacing_ {
    pub total: c_int,
    pub scroll: c_int,
    pub label: c_int,
    pub section: c_int,
    pub cornersect: c_int,
    pub cornersep: c_int,
    pub itemside: c_int,
    pub itemmid: c_int,
    pub itemver: c_int,
    pub texthor: c_int,
    pub textver: c_int,
    pub linescroll: c_int,
    pub samples: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjuiThemeColor_ {
    pub master: [f32; 3],
    pub thumb: [f32; 3],
    pub secttitle: [f32; 3],
    pub secttitle2: [f32; 3],
    pub secttitleuncheck: [f32; 3],
    pub secttitleuncheck2: [f32; 3],
    pub secttitlecheck: [f32; 3],
    pub secttitlecheck2: [f32; 3],
    pub sectfont: [f32; 3],
    pub sectsymbol: [f32; 3],
    pub sectpane: [f32; 3],
    pub separator: [f32; 3],
    pub separator2: [f32; 3],
    pub shortcut: [f32; 3],
    pub fontactive: [f32; 3],
    pub fontinactive: [f32; 3],
    pub decorinactive: [f32; 3],
    pub decorinactive2: [f32; 3],
    pub button: [f32; 3],
    pub check: [f32; 3],
    pub radio: [f32; 3],
    pub select: [f32; 3],
    pub select2: [f32; 3],
    pub slider: [f32; 3],
    pub slider2: [f32; 3],
    pub edit: [f32; 3],
    pub edit2: [f32; 3],
    pub cursor: [f32; 3],
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjuiItemSingle_ {
    pub modifier: c_int,
    pub shortcut: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjuiItemMulti_ {
    pub nelem: c_int,
    pub name: [[c_char; mjMAXUINAME]; mjMAXUIMULTI],
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjuiItemSlider_ {
    pub range: [f64; 2],
    pub divisions: f64,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjuiItemEdit_ {
    pub nelem: c_int,
    pub range: [[f64; 2]; mjMAXUIEDIT],
}
#[repr(C)]
#[derive(Clone, Copy)]
pub union mjuiItem__union {
    pub single: mjuiItemSingle_,
    pub multi: mjuiItemMulti_,
    pub slider: mjuiItemSlider_,
    pub edit: mjuiItemEdit_,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjuiItem_ {
    pub r#type: c_int,
    pub name: [c_char; mjMAXUINAME],
    pub state: c_int,
    pub pdata: *mut c_void,
    pub sectionid: c_int,
    pub itemid: c_int,
    pub userid: c_int,
    pub __anon_union: mjuiItem__union,
    pub rect: mjrRect,
    pub skip: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjuiSection_ {
    pub name: [c_char; mjMAXUINAME],
    pub state: c_int,
    pub modifier: c_int,
    pub shortcut: c_int,
    pub checkbox: c_int,
    pub nitem: c_int,
    pub item: [mjuiItem; mjMAXUIITEM],
    pub rtitle: mjrRect,
    pub rcontent: mjrRect,
    pub lastclick: c_int,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjUI_ {
    pub spacing: mjuiThemeSpacing,
    pub color: mjuiThemeColor,
    pub predicate: mjfItemEnable,
    pub userdata: *mut c_void,
    pub rectid: c_int,
    pub auxid: c_int,
    pub radiocol: c_int,
    pub width: c_int,
    pub height: c_int,
    pub maxheight: c_int,
    pub scroll: c_int,
    pub mousesect: c_int,
    pub mouseitem: c_int,
    pub mousehelp: c_int,
    pub mouseclicks: c_int,
    pub mousesectcheck: c_int,
    pub editsect: c_int,
    pub edititem: c_int,
    pub editcursor: c_int,
    pub editscroll: c_int,
    pub edittext: [c_char; mjMAXUITEXT],
    pub editchanged: *mut mjuiItem,
    pub nsect: c_int,
    pub sect: [mjuiSection; mjMAXUISECT],
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct mjuiDef_ {
    pub r#type: c_int,
    pub name: [c_char; mjMAXUINAME],
    pub state: c_int,
    pub pdata: *mut c_void,
    pub other: [c_char; mjMAXUITEXT],
    pub otherint: c_int,
}
pub type mjuiState = mjuiState_;

pub type mjuiThemeSpacing = mjuiThemeSpacing_;

pub type mjuiThemeColor = mjuiThemeColor_;

pub type mjuiItem = mjuiItem_;

pub type mjuiSection = mjuiSection_;

pub type mjUI = mjUI_;

pub type mjuiDef = mjuiDef_;
