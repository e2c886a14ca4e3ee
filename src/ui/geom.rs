//! Geometry shared by drawing and event handling: element rectangles of radio groups, radio
//! line separators, the scrollbar, and where the mouse is in the UI.

use core::ffi::c_int;

use super::layout::scl;
use crate::abi::mjtItem_::*;
use crate::abi::*;
use crate::math::misc::round;

/// The item's multi-element data (radio, radio line, select, static).
pub fn multi(it: &mjuiItem) -> &mjuiItemMulti_ {
    // SAFETY: every union member is plain integers, floats and characters
    unsafe { &it.__anon_union.multi }
}

/// The item's button/check shortcut data.
pub fn single(it: &mjuiItem) -> mjuiItemSingle_ {
    // SAFETY: every union member is plain integers, floats and characters
    unsafe { it.__anon_union.single }
}

/// The item's slider data.
pub fn slider(it: &mjuiItem) -> mjuiItemSlider_ {
    // SAFETY: every union member is plain integers, floats and characters
    unsafe { it.__anon_union.slider }
}

/// Whether an item is active: its state, or the predicate's verdict for states above 1.
pub fn active(state: c_int, ui: &mjUI) -> bool {
    if state <= 0 {
        false
    } else if state == 1 {
        true
    } else {
        match ui.predicate {
            None => true,
            // SAFETY: the application's predicate callback (mjUI contract), called with an item
            // state and the UI's userdata as upstream calls it
            Some(f) => (unsafe { f(state, ui.userdata) }) != 0,
        }
    }
}

/// Width of the text (up to `limit` characters; all for a negative limit, none for 0).
pub fn text_width(txt: &[u8], con: &mjrContext, limit: i32) -> c_int {
    if limit == 0 {
        return 0;
    }
    let n = if limit < 0 { txt.len() } else { txt.len().min(limit as usize) };
    txt[..n].iter().map(|&c| con.charWidth[c as usize]).sum()
}

/// Number of columns of radio groups.
pub fn radio_cols(ui: &mjUI) -> c_int {
    if ui.radiocol != 0 {
        ui.radiocol
    } else {
        2
    }
}

/// Rectangle of element `n` of a radio group: row-major cells, the last column takes the rest.
pub fn radio_element(it: &mjuiItem, n: c_int, ui: &mjUI, con: &mjrContext) -> mjrRect {
    let mid = scl(ui.spacing.itemmid, con);
    let ncol = radio_cols(ui);
    let nrow = (multi(it).nelem - 1) / ncol + 1;
    let cw = (it.rect.width - (ncol - 1) * mid) / ncol;
    let ch = con.charHeight + 2 * scl(ui.spacing.textver, con);
    let (row, col) = (n / ncol, n % ncol);
    let left = it.rect.left + col * (cw + mid);
    let width = if col == ncol - 1 { it.rect.width - left + it.rect.left } else { cw };
    mjrRect { left, bottom: it.rect.bottom + (nrow - 1 - row) * ch, width, height: ch }
}

/// Element boundaries of a radio line (relative to the item's left): each element gets its
/// text width plus an equal share of the remaining width, rounded cumulatively.
pub fn radioline_sep(it: &mjuiItem, con: &mjrContext) -> [c_int; mjMAXUIMULTI + 1] {
    let mut sep = [0; mjMAXUIMULTI + 1];
    let m = multi(it);
    let n = m.nelem.clamp(0, mjMAXUIMULTI as c_int) as usize;
    if n == 0 {
        return sep;
    }
    let widths: Vec<c_int> = m.name[..n].iter().map(|s| text_width(super::cstr(s), con, -1)).collect();
    let extra = (it.rect.width - widths.iter().sum::<c_int>()) as f64 / n as f64;
    for i in 0..n {
        sep[i + 1] = sep[i] + widths[i] + round((i + 1) as f64 * extra) - round(i as f64 * extra);
    }
    sep[n] = it.rect.width;
    sep
}

/// Scrollbar and its thumb at the right of the UI's window rectangle.
pub fn scroll_rects(rect: mjrRect, ui: &mjUI, con: &mjrContext) -> (mjrRect, mjrRect) {
    let w = scl(ui.spacing.scroll, con);
    let bar = mjrRect { left: rect.left + rect.width - w, width: w, ..rect };
    let t0 = ui.scroll as f64 / ui.height as f64;
    let t1 = (ui.scroll + rect.height) as f64 / ui.height as f64;
    let thumb = mjrRect {
        bottom: rect.bottom + round(rect.height as f64 * (1.0 - t1)),
        height: round(rect.height as f64 * (t1 - t0)),
        ..bar
    };
    (bar, thumb)
}

/// The UI's window rectangle.
pub fn ui_rect(ui: &mjUI, st: &mjuiState) -> mjrRect {
    st.rect[ui.rectid.clamp(0, mjMAXUIRECT as c_int - 1) as usize]
}

/// Mouse position in UI pixels (origin at the bottom of the UI image).
pub fn mouse_in_ui(ui: &mjUI, st: &mjuiState) -> (c_int, c_int) {
    let rect = ui_rect(ui, st);
    let mut y = st.y as c_int;
    if ui.height > rect.height {
        y -= ui.scroll;
    }
    (st.x as c_int - rect.left, y - (rect.height - ui.height) - rect.bottom)
}

/// Mouse position relative to a rectangle of the UI image (0..1 inside).
pub fn mouse_in_rect(r: mjrRect, ui: &mjUI, st: &mjuiState) -> (f64, f64) {
    let (x, y) = mouse_in_ui(ui, st);
    ((x - r.left) as f64 / r.width as f64, (y - r.bottom) as f64 / r.height as f64)
}

pub fn inside(x: c_int, y: c_int, r: mjrRect) -> bool {
    x >= r.left && x <= r.left + r.width && y >= r.bottom && y <= r.bottom + r.height
}

/// Inside the rounded ends of a button.
pub fn inside_oval(x: c_int, y: c_int, r: mjrRect) -> bool {
    if !inside(x, y, r) {
        return false;
    }
    let rad = r.height / 2;
    if x >= r.left + rad && x <= r.left + r.width - rad {
        return true;
    }
    let dy = y - (r.bottom + rad);
    let dx = x - (r.left + rad);
    if dx < 0 && dx * dx + dy * dy < rad * rad {
        return true;
    }
    let dx = x - (r.left + r.width - rad);
    dx > 0 && dx * dx + dy * dy < rad * rad
}

/// What the mouse is over: (section + 1, item), or (-1 thumb | -2 below it | -3 above it, -1)
/// on the scrollbar, item -1 on a section title and -2 on its checkbox; (0, 0) elsewhere.
pub fn find_mouse(ui: &mjUI, st: &mjuiState, con: &mjrContext) -> (c_int, c_int) {
    let rect = ui_rect(ui, st);
    let (x, y) = (st.x as c_int, st.y as c_int);
    if ui.height > rect.height {
        let (bar, thumb) = scroll_rects(rect, ui, con);
        if inside(x, y, bar) {
            let s = if inside(x, y, thumb) {
                -1
            } else if y < thumb.bottom {
                -2
            } else {
                -3
            };
            return (s, -1);
        }
    }
    let (x, y) = mouse_in_ui(ui, st);
    for (n, s) in ui.sect[..ui.nsect.clamp(0, mjMAXUISECT as c_int) as usize].iter().enumerate() {
        if s.state < 2 && inside(x, y, s.rtitle) {
            let mut item = -1;
            if s.checkbox > 0 {
                let rc = mjrRect { width: s.rtitle.height.min(s.rtitle.width), ..s.rtitle };
                if inside(x, y, rc) {
                    item = -2;
                }
            }
            return (n as c_int + 1, item);
        }
        if s.state != 0 && inside(x, y, s.rcontent) {
            for (i, it) in s.item[..s.nitem.clamp(0, mjMAXUIITEM as c_int) as usize].iter().enumerate() {
                let hit = if it.r#type == mjITEM_BUTTON as c_int {
                    inside_oval(x, y, it.rect)
                } else {
                    inside(x, y, it.rect)
                };
                if hit {
                    return (n as c_int + 1, i as c_int);
                }
            }
        }
    }
    (0, 0)
}

/// Element of the open select box under the mouse, -1 when none (or not tracking a select).
pub fn find_select(it: &mjuiItem, ui: &mjUI, st: &mjuiState, con: &mjrContext) -> c_int {
    if !(ui.mousesect > 0 && ui.mouseitem >= 0 && it.r#type == mjITEM_SELECT as c_int) {
        return -1;
    }
    let n = multi(it).nelem;
    let ch = con.charHeight + 2 * scl(ui.spacing.textver, con);
    let height = n * ch;
    let r = mjrRect { bottom: it.rect.bottom - height, height, ..it.rect };
    let (rx, ry) = mouse_in_rect(r, ui, st);
    if ry > 0.0 && ry < 1.0 && rx > 0.0 && rx < 1.0 {
        let k = ((ry * n as f64).floor() as c_int).min(n - 1).max(0);
        n - 1 - k
    } else {
        -1
    }
}
