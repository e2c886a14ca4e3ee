//! The UI framework's entry points (logic in `ui`): built-in themes and UI definition.

use core::ffi::c_int;

use crate::abi::*;
use crate::ui;

fn raise(r: Result<(), String>) {
    if let Err(msg) = r {
        crate::runtime::error::raise(format_args!("{msg}"));
    }
}

/// Get builtin UI theme spacing (0-1).
#[no_mangle]
pub extern "C" fn mjui_themeSpacing(ind: c_int) -> mjuiThemeSpacing {
    crate::boundary! {
        ui::theme_spacing(ind)
    }
}

/// Get builtin UI theme color (0-3).
#[no_mangle]
pub extern "C" fn mjui_themeColor(ind: c_int) -> mjuiThemeColor {
    crate::boundary! {
        ui::theme_color(ind)
    }
}

/// Add definitions to UI.
#[no_mangle]
pub unsafe extern "C" fn mjui_add(ui: *mut mjUI, def: *const mjuiDef) {
    crate::boundary! {
        let Some(u) = ui.as_mut() else {
            crate::mjerror!("mjui_add", "NULL ui");
            return;
        };
        if def.is_null() {
            crate::mjerror!("mjui_add", "NULL def");
            return;
        }
        raise(super::guard("mjui_add", Ok(()), || ui::add(u, ui::def_list(def))))
    }
}

/// Add definitions to UI section.
#[no_mangle]
pub unsafe extern "C" fn mjui_addToSection(ui: *mut mjUI, sect: c_int, def: *const mjuiDef) {
    crate::boundary! {
        let Some(u) = ui.as_mut() else {
            crate::mjerror!("mjui_addToSection", "NULL ui");
            return;
        };
        if def.is_null() {
            crate::mjerror!("mjui_addToSection", "NULL def");
            return;
        }
        if sect < 0 || sect as usize >= mjMAXUISECT {
            crate::mjerror!("mjui_addToSection", "invalid section {}", sect);
            return;
        }
        raise(super::guard("mjui_addToSection", Ok(()), || ui::add_to_section(u, sect, ui::def_list(def))))
    }
}

/// Compute UI sizes.
#[no_mangle]
pub unsafe extern "C" fn mjui_resize(ui: *mut mjUI, con: *const mjrContext) {
    crate::boundary! {
        let (Some(u), Some(c)) = (ui.as_mut(), con.as_ref()) else {
            crate::mjerror!("mjui_resize", "NULL argument");
            return;
        };
        raise(super::guard("mjui_resize", Ok(()), || ui::layout::resize(u, c)))
    }
}

/// Update specific section/item; -1: update all.
#[no_mangle]
pub unsafe extern "C" fn mjui_update(
    section: c_int,
    item: c_int,
    ui: *const mjUI,
    state: *const mjuiState,
    con: *const mjrContext,
) {
    crate::boundary! {
        let (Some(u), Some(s), Some(c)) = (ui.as_ref(), state.as_ref(), con.as_ref()) else {
            crate::mjerror!("mjui_update", "NULL argument");
            return;
        };
        raise(super::guard("mjui_update", Ok(()), || ui::draw::update(section, item, u, s, c)))
    }
}

/// Copy UI image to current buffer.
#[no_mangle]
pub unsafe extern "C" fn mjui_render(ui: *mut mjUI, state: *const mjuiState, con: *const mjrContext) {
    crate::boundary! {
        let (Some(u), Some(s), Some(c)) = (ui.as_mut(), state.as_ref(), con.as_ref()) else {
            crate::mjerror!("mjui_render", "NULL argument");
            return;
        };
        raise(super::guard("mjui_render", Ok(()), || ui::draw::render(u, s, c)))
    }
}

/// Handle UI event, return pointer to changed item, NULL if no change.
#[no_mangle]
pub unsafe extern "C" fn mjui_event(ui: *mut mjUI, state: *mut mjuiState, con: *const mjrContext) -> *mut mjuiItem {
    crate::boundary! {
        let (Some(u), Some(s), Some(c)) = (ui.as_mut(), state.as_mut(), con.as_ref()) else {
            crate::mjerror!("mjui_event", "NULL argument");
            return core::ptr::null_mut();
        };
        match super::guard("mjui_event", Ok(core::ptr::null_mut()), || ui::event::event(u, s, c)) {
            Ok(p) => p,
            Err(msg) => {
                crate::runtime::error::raise(format_args!("{msg}"));
                core::ptr::null_mut()
            }
        }
    }
}
