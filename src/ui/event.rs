//! UI events (`mjui_event`): mouse tracking of buttons, sliders, select boxes and the
//! scrollbar, section and separator toggling, text editing and keyboard shortcuts. Every change
//! redraws the affected part with [`update`].

use core::ffi::{c_char, c_int};

use super::draw::update;
use super::geom::{
    active, find_mouse, find_select, mouse_in_rect, multi, radio_cols, radioline_sep, single, slider, ui_rect,
};
use super::layout::{resize, scl};
use crate::abi::mjtButton_::*;
use crate::abi::mjtEvent_::*;
use crate::abi::mjtItem_::*;
use crate::abi::mjtSection_::*;
use crate::abi::*;
use crate::math::misc::round;

type R<T> = Result<T, String>;

/// An item addressed by section and index.
type Id = (usize, usize);

fn item(ui: &mut mjUI, id: Id) -> &mut mjuiItem {
    &mut ui.sect[id.0].item[id.1]
}

fn ptr(ui: &mut mjUI, id: Option<Id>) -> *mut mjuiItem {
    match id {
        Some(id) => item(ui, id),
        None => core::ptr::null_mut(),
    }
}

fn text_len(t: &[c_char]) -> usize {
    super::cstr(t).len()
}

/// Section index and item index of a (1-based section, item) pair when both are valid.
fn valid(ui: &mjUI, sect1: c_int, item: c_int) -> Option<Id> {
    if sect1 < 1 || sect1 > ui.nsect.min(mjMAXUISECT as c_int) || item < 0 || item >= mjMAXUIITEM as c_int {
        return None;
    }
    Some((sect1 as usize - 1, item as usize))
}

/// Radio element under the mouse, -1 when past the last one.
fn find_radio(it: &mjuiItem, ui: &mjUI, st: &mjuiState) -> c_int {
    let ncol = radio_cols(ui);
    let n = multi(it).nelem;
    let nrow = (n - 1) / ncol + 1;
    let (rx, ry) = mouse_in_rect(it.rect, ui, st);
    let row = (((1.0 - ry) * nrow as f64).floor() as c_int).min(nrow - 1).max(0);
    let col = ((rx * ncol as f64).floor() as c_int).min(ncol - 1).max(0);
    let k = row * ncol + col;
    if k < n {
        k
    } else {
        -1
    }
}

fn find_radioline(it: &mjuiItem, ui: &mjUI, st: &mjuiState, con: &mjrContext) -> c_int {
    let sep = radioline_sep(it, con);
    let (rx, _) = mouse_in_rect(it.rect, ui, st);
    let x = round(rx * it.rect.width as f64);
    (0..multi(it).nelem.clamp(0, mjMAXUIMULTI as c_int))
        .find(|&i| x >= sep[i as usize] && x < sep[i as usize + 1])
        .unwrap_or(-1)
}

/// Slider value from the mouse, snapped to the divisions.
///
/// # Safety
/// The item's data pointer is a writable int (SLIDERINT) or double (SLIDERNUM).
unsafe fn set_slider(it: &mjuiItem, ui: &mjUI, st: &mjuiState) {
    let (rx, _) = mouse_in_rect(it.rect, ui, st);
    let sl = slider(it);
    let rx = rx.min(1.0).max(0.0);
    let rx = (round(rx * sl.divisions) as f64 / sl.divisions.max(1.0)).min(1.0).max(0.0);
    let v = sl.range[0] * (1.0 - rx) + sl.range[1] * rx;
    // SAFETY: an int or a double by the slider type (this function's contract)
    unsafe {
        if it.r#type == mjITEM_SLIDERINT as c_int {
            *(it.pdata as *mut c_int) = round(v);
        } else {
            *(it.pdata as *mut f64) = v;
        }
    }
}

/// Scrolls the edit text so that the cursor is within the item's text area.
fn reveal_cursor(r: mjrRect, ui: &mut mjUI, con: &mjrContext) {
    if ui.editcursor <= ui.editscroll {
        ui.editscroll = ui.editcursor;
        return;
    }
    let mut width = r.width - 2 * scl(ui.spacing.texthor, con);
    let mut i = ui.editcursor.min(mjMAXUITEXT as c_int);
    while width >= 0 && i >= ui.editscroll && i > 0 {
        i -= 1;
        width -= con.charWidth[ui.edittext[i as usize] as u8 as usize];
    }
    if width < 0 {
        ui.editscroll = i + 1;
    }
}

/// Puts the edit cursor at the character boundary nearest the mouse.
fn set_cursor(r: mjrRect, ui: &mut mjUI, st: &mjuiState, con: &mjrContext) {
    let th = scl(ui.spacing.texthor, con);
    let r1 = mjrRect { left: r.left + th, width: r.width - 2 * th, ..r };
    let (rx, _) = mouse_in_rect(r1, ui, st);
    let len = text_len(&ui.edittext) as c_int;
    if rx < 0.0 {
        ui.editcursor = 0;
        ui.editscroll = 0;
    } else if rx > 1.0 {
        ui.editcursor = len;
        reveal_cursor(r, ui, con);
    } else {
        let target = round(r1.width as f64 * rx);
        let (mut best, mut bestdif, mut sum) = (ui.editscroll, target, 0);
        for i in ui.editscroll.max(0)..len {
            sum += con.charWidth[ui.edittext[i as usize] as u8 as usize];
            if bestdif > (sum - target).abs() {
                bestdif = (sum - target).abs();
                best = i + 1;
            }
        }
        ui.editcursor = best;
    }
}

/// The character a key types into an edit item of the given type (0 when it types none).
fn valid_key(key: c_int, len: usize, t: c_int, st: &mjuiState) -> c_int {
    if t == mjITEM_EDITTXT as c_int {
        if len >= mjMAXUINAME - 1 || !(32..=127).contains(&key) {
            return 0;
        }
        if (b'A' as c_int..=b'Z' as c_int).contains(&key) && st.shift == 0 {
            return key + (b'a' - b'A') as c_int;
        }
        if st.shift != 0 {
            const SHIFTED: [(u8, u8); 11] = [
                (b'`', b'~'),
                (b'-', b'_'),
                (b'=', b'+'),
                (b'[', b'{'),
                (b']', b'}'),
                (b'\\', b'|'),
                (b';', b':'),
                (b'\'', b'"'),
                (b',', b'<'),
                (b'.', b'>'),
                (b'/', b'?'),
            ];
            if let Some(&(_, s)) = SHIFTED.iter().find(|(k, _)| *k as c_int == key) {
                return s as c_int;
            }
        }
        return key;
    }
    let numeric = t == mjITEM_EDITINT as c_int || t == mjITEM_EDITNUM as c_int || t == mjITEM_EDITFLOAT as c_int;
    if !numeric || len >= mjMAXUITEXT - 1 {
        return 0;
    }
    let real = t != mjITEM_EDITINT as c_int;
    let pad = (mjKEY_NUMPAD_0 as c_int..=mjKEY_NUMPAD_9 as c_int).contains(&key);
    let ok = key == b' ' as c_int
        || key == b'+' as c_int
        || key == b'=' as c_int
        || key == b'-' as c_int
        || (b'0' as c_int..=b'9' as c_int).contains(&key)
        || pad
        || (real && (key == b'e' as c_int || key == b'E' as c_int || key == b'.' as c_int));
    if !ok {
        0
    } else if key == b'=' as c_int {
        b'+' as c_int
    } else if key == b'E' as c_int {
        b'e' as c_int
    } else if pad {
        key - mjKEY_NUMPAD_0 as c_int + b'0' as c_int
    } else {
        key
    }
}

fn shortcut_matches(st: &mjuiState, modifier: c_int, key: c_int) -> bool {
    key != 0
        && st.key == key
        && (st.control != 0) as c_int + 2 * (st.shift != 0) as c_int + 4 * (st.alt != 0) as c_int == modifier
}

/// Redraws one item.
///
/// # Safety
/// As [`update`]: the items' data pointers hold their values.
unsafe fn redraw(sect: usize, it: usize, ui: &mjUI, st: &mjuiState, con: &mjrContext) -> R<()> {
    // SAFETY: the items' data pointers hold their values (this function's contract)
    unsafe { update(sect as c_int, it as c_int, ui, st, con) }
}

/// Redraws the whole UI.
///
/// # Safety
/// As [`update`].
unsafe fn redraw_all(ui: &mjUI, st: &mjuiState, con: &mjrContext) -> R<()> {
    // SAFETY: as for redraw
    unsafe { update(-1, -1, ui, st, con) }
}

/// Handles one event; returns the item whose value changed (or the button pressed), or NULL.
///
/// # Safety
/// Every item's data pointer holds its value(s) of the item type's C type, as mjui_add requires
/// (see [`update`]).
pub unsafe fn event(ui: &mut mjUI, st: &mut mjuiState, con: &mjrContext) -> R<*mut mjuiItem> {
    ui.editchanged = core::ptr::null_mut();
    let ty = st.r#type;
    if ty == mjEVENT_PRESS as c_int {
        ui.mouseclicks += 1;
    }
    let mouse = ty == mjEVENT_PRESS as c_int || ty == mjEVENT_MOVE as c_int || ty == mjEVENT_RELEASE as c_int;
    if mouse && st.button != mjBUTTON_LEFT as c_int {
        // the right button shows shortcut help while held
        if st.button == mjBUTTON_RIGHT as c_int && ty != mjEVENT_MOVE as c_int {
            ui.mousehelp = (ty == mjEVENT_PRESS as c_int) as c_int;
            // SAFETY: the items' data pointers hold their values (this function's contract)
            unsafe { redraw_all(ui, st, con) }?;
        }
        return Ok(core::ptr::null_mut());
    }

    let (sect_cur, item_cur) = find_mouse(ui, st, con);
    let cur = valid(ui, sect_cur, item_cur);
    if sect_cur > 0 && ty == mjEVENT_PRESS as c_int {
        ui.sect[sect_cur as usize - 1].lastclick = ui.mouseclicks;
    }
    let sect_rec = ui.mousesect;
    let rec = if sect_rec > 0 { valid(ui, sect_rec, ui.mouseitem) } else { None };
    let edit = if ui.editsect > 0 { valid(ui, ui.editsect, ui.edititem) } else { None };
    if (sect_rec > 0 && rec.is_none()) || (ui.editsect > 0 && edit.is_none()) {
        return Err("mjui_event: invalid tracked section or item".into());
    }
    let rect = ui_rect(ui, st);

    if ty == mjEVENT_MOVE as c_int {
        if sect_rec == -1 {
            ui.scroll -= round(st.dy * ui.height as f64 / rect.height as f64);
            ui.scroll = ui.scroll.min(ui.height - rect.height).max(0);
        } else if let Some(id) = rec {
            let t = item(ui, id).r#type;
            if t == mjITEM_SLIDERINT as c_int || t == mjITEM_SLIDERNUM as c_int {
                let it = *item(ui, id);
                // SAFETY: a slider's data is a writable int or double (this function's contract)
                unsafe { set_slider(&it, ui, st) };
                // SAFETY: the items' data pointers hold their values (this function's contract)
                unsafe { redraw(id.0, id.1, ui, st, con) }?;
                return Ok(ptr(ui, rec));
            }
            if (mjITEM_EDITINT as c_int..=mjITEM_EDITTXT as c_int).contains(&t) {
                let r = item(ui, id).rect;
                set_cursor(r, ui, st, con);
            }
            // SAFETY: the items' data pointers hold their values (this function's contract)
            unsafe { redraw(id.0, id.1, ui, st, con) }?;
        }
        return Ok(core::ptr::null_mut());
    }

    if ty == mjEVENT_PRESS as c_int {
        if let Some(e) = edit {
            if ui.editsect == sect_cur && ui.edititem == item_cur {
                // click in the edited item: move the cursor
                ui.mousesect = sect_cur;
                ui.mouseitem = item_cur;
                let r = item(ui, e).rect;
                set_cursor(r, ui, st, con);
                // SAFETY: the items' data pointers hold their values (this function's contract)
                unsafe { redraw(e.0, e.1, ui, st, con) }?;
                return Ok(core::ptr::null_mut());
            }
            // click elsewhere: keep valid text, stop editing
            let text = ui.edittext;
            // SAFETY: the edited item's data has room for its values (this function's contract)
            if unsafe { super::edit::store(&text, item(ui, e)) }? == 0 {
                ui.editchanged = ptr(ui, edit);
            }
            ui.editsect = 0;
            // SAFETY: the items' data pointers hold their values (this function's contract)
            unsafe { redraw(e.0, e.1, ui, st, con) }?;
        }
        ui.mousesect = 0;
        if sect_cur == -1 {
            ui.mousesect = -1;
            ui.mouseitem = 0;
        } else if sect_cur == -2 {
            ui.scroll = ui.height - rect.height;
        } else if sect_cur == -3 {
            ui.scroll = 0;
        } else if sect_cur > 0 && item_cur < 0 {
            let n = sect_cur as usize - 1;
            if item_cur == -2 && ui.sect[n].checkbox > 0 {
                // the application handles section checkboxes
                ui.mousesectcheck = sect_cur;
                return Ok(core::ptr::null_mut());
            }
            ui.mousesectcheck = 0;
            let state = ui.sect[n].state;
            if st.doubleclick != 0 {
                if state != mjSECT_FIXED as c_int {
                    let nsect = ui.nsect.clamp(0, mjMAXUISECT as c_int) as usize;
                    for s in ui.sect[..nsect].iter_mut().filter(|s| s.state != mjSECT_FIXED as c_int) {
                        s.state = state;
                    }
                }
            } else if state == mjSECT_OPEN as c_int {
                ui.sect[n].state = mjSECT_CLOSED as c_int;
            } else if state == mjSECT_CLOSED as c_int {
                ui.sect[n].state = mjSECT_OPEN as c_int;
            }
            resize(ui, con)?;
            // SAFETY: the items' data pointers hold their values (this function's contract)
            unsafe { redraw_all(ui, st, con) }?;
        } else if let Some(id) = cur {
            let it = *item(ui, id);
            if !active(it.state, ui) {
                return Ok(ui.editchanged);
            }
            let t = it.r#type;
            let mut change = false;
            if t == mjITEM_SEPARATOR as c_int {
                let closed = mjSEPCLOSED as c_int;
                if it.state == closed + 1 || it.state == closed {
                    item(ui, id).state = if it.state == closed { closed + 1 } else { closed };
                    resize(ui, con)?;
                    // SAFETY: the items' data pointers hold their values (this function's contract)
                    unsafe { redraw_all(ui, st, con) }?;
                }
                return Ok(ui.editchanged);
            } else if t == mjITEM_BUTTON as c_int || t == mjITEM_SELECT as c_int {
                ui.mousesect = sect_cur;
                ui.mouseitem = item_cur;
                change = t == mjITEM_BUTTON as c_int;
            } else if t == mjITEM_CHECKINT as c_int {
                let p = it.pdata as *mut c_int;
                // SAFETY: a CHECKINT item's data is a writable int (this function's contract)
                unsafe { *p = 1 - *p };
                change = true;
            } else if t == mjITEM_CHECKBYTE as c_int {
                let p = it.pdata as *mut u8;
                // SAFETY: a CHECKBYTE item's data is a writable byte (this function's contract)
                unsafe { *p = 1u8.wrapping_sub(*p) };
                change = true;
            } else if t == mjITEM_RADIO as c_int || t == mjITEM_RADIOLINE as c_int {
                let k =
                    if t == mjITEM_RADIO as c_int { find_radio(&it, ui, st) } else { find_radioline(&it, ui, st, con) };
                if k >= 0 {
                    // SAFETY: a radio item's data is a writable int (this function's contract)
                    unsafe { *(it.pdata as *mut c_int) = k };
                    change = true;
                }
            } else if t == mjITEM_SLIDERINT as c_int || t == mjITEM_SLIDERNUM as c_int {
                // SAFETY: a slider's data is a writable int or double (this function's contract)
                unsafe { set_slider(&it, ui, st) };
                ui.mousesect = sect_cur;
                ui.mouseitem = item_cur;
                change = true;
            } else if (mjITEM_EDITINT as c_int..=mjITEM_EDITTXT as c_int).contains(&t) {
                // the text and its NUL; text items write their whole name field
                // SAFETY: an edit item's data holds its values (this function's contract)
                let text = unsafe { super::edit::array_text(&it) }?;
                let n = if t == mjITEM_EDITTXT as c_int { mjMAXUINAME } else { text.len() + 1 };
                for (j, d) in ui.edittext[..n].iter_mut().enumerate() {
                    *d = text.get(j).map_or(0, |&c| c as c_char);
                }
                ui.editscroll = 0;
                set_cursor(it.rect, ui, st, con);
                ui.editsect = sect_cur;
                ui.edititem = item_cur;
                ui.mousesect = sect_cur;
                ui.mouseitem = item_cur;
            }
            // SAFETY: the items' data pointers hold their values (this function's contract)
            unsafe { redraw(id.0, id.1, ui, st, con) }?;
            if change {
                return Ok(ptr(ui, cur));
            }
        }
        return Ok(ui.editchanged);
    }

    if ty == mjEVENT_RELEASE as c_int {
        if let Some(id) = rec {
            let it = *item(ui, id);
            if it.r#type == mjITEM_SELECT as c_int {
                let k = find_select(&it, ui, st, con);
                if k >= 0 {
                    // SAFETY: a select item's data is a writable int (this function's contract)
                    unsafe { *(it.pdata as *mut c_int) = k };
                }
                // the open box covered other items
                ui.mousesect = 0;
                // SAFETY: the items' data pointers hold their values (this function's contract)
                unsafe { redraw_all(ui, st, con) }?;
                if k >= 0 {
                    return Ok(ptr(ui, rec));
                }
            } else if it.r#type == mjITEM_BUTTON as c_int {
                ui.mousesect = 0;
                // SAFETY: the items' data pointers hold their values (this function's contract)
                unsafe { redraw(id.0, id.1, ui, st, con) }?;
            }
        }
        ui.mousesect = 0;
        return Ok(core::ptr::null_mut());
    }

    if ty == mjEVENT_SCROLL as c_int {
        ui.scroll -= round(st.sy * scl(ui.spacing.linescroll, con) as f64);
        ui.scroll = ui.scroll.min(ui.height - rect.height).max(0);
        return Ok(core::ptr::null_mut());
    }

    if ty == mjEVENT_KEY as c_int {
        if let Some(e) = edit {
            // SAFETY: the items' data pointers hold their values (this function's contract)
            return unsafe { key_edit(ui, st, con, e) };
        }
        // SAFETY: the items' data pointers hold their values (this function's contract)
        return unsafe { key_shortcut(ui, st, con) };
    }

    if ty == mjEVENT_RESIZE as c_int {
        ui.scroll = ui.scroll.min(ui.height - rect.height).max(0);
    }
    Ok(core::ptr::null_mut())
}

/// A key while editing: Escape abandons, Enter stores valid text, arrows, Home, End,
/// BackSpace and Delete edit, other keys type their character.
///
/// # Safety
/// As [`event`].
unsafe fn key_edit(ui: &mut mjUI, st: &mut mjuiState, con: &mjrContext, e: Id) -> R<*mut mjuiItem> {
    let key = st.key;
    st.key = 0;
    let len = text_len(&ui.edittext) as c_int;
    let last = mjMAXUITEXT - 1;
    let k = key as usize;
    if k == mjKEY_ESCAPE {
        ui.editsect = 0;
    } else if k == mjKEY_ENTER {
        let text = ui.edittext;
        // SAFETY: the edited item's data has room for its values (this function's contract)
        if unsafe { super::edit::store(&text, item(ui, e)) }? == 0 {
            ui.editsect = 0;
            // SAFETY: the items' data pointers hold their values (this function's contract)
            unsafe { redraw(e.0, e.1, ui, st, con) }?;
            ui.editchanged = item(ui, e);
            return Ok(ui.editchanged);
        }
    } else if k == mjKEY_LEFT {
        ui.editcursor = if st.control != 0 { 0 } else { (ui.editcursor - 1).max(0) };
    } else if k == mjKEY_RIGHT {
        ui.editcursor = if st.control != 0 { len } else { len.min(ui.editcursor + 1) };
    } else if k == mjKEY_HOME {
        ui.editcursor = 0;
    } else if k == mjKEY_END {
        ui.editcursor = len;
    } else if k == mjKEY_BACKSPACE {
        if ui.editcursor > 0 {
            let c = ui.editcursor as usize;
            if c <= len as usize {
                ui.edittext.copy_within(c..=len as usize, c - 1);
            }
            ui.editcursor -= 1;
        }
    } else if k == mjKEY_DELETE {
        if ui.editcursor >= 0 && ui.editcursor < len {
            let c = ui.editcursor as usize;
            ui.edittext.copy_within(c + 1..=(len as usize + 1).min(last), c);
        }
    } else {
        let ch = valid_key(key, len as usize, item(ui, e).r#type, st);
        if ch != 0 && ui.editcursor >= 0 && ui.editcursor <= len && (len as usize) < last {
            let c = ui.editcursor as usize;
            ui.edittext.copy_within(c..=len as usize, c + 1);
            ui.edittext[c] = ch as c_char;
            ui.editcursor += 1;
        }
    }
    if ui.editsect > 0 {
        let r = item(ui, e).rect;
        reveal_cursor(r, ui, con);
    }
    // SAFETY: the items' data pointers hold their values (this function's contract)
    unsafe { redraw(e.0, e.1, ui, st, con) }?;
    Ok(core::ptr::null_mut())
}

/// A key outside editing: a section shortcut opens that section alone; an item shortcut
/// toggles a check box or presses a button.
///
/// # Safety
/// As [`event`].
unsafe fn key_shortcut(ui: &mut mjUI, st: &mut mjuiState, con: &mjrContext) -> R<*mut mjuiItem> {
    let nsect = ui.nsect.clamp(0, mjMAXUISECT as c_int) as usize;
    if let Some(n) = (0..nsect).find(|&n| shortcut_matches(st, ui.sect[n].modifier, ui.sect[n].shortcut)) {
        for s in ui.sect[..nsect].iter_mut().filter(|s| s.state < 2) {
            s.state = 0;
        }
        if ui.sect[n].state < 2 {
            ui.sect[n].state = 1;
        }
        resize(ui, con)?;
        // SAFETY: the items' data pointers hold their values (this function's contract)
        unsafe { redraw_all(ui, st, con) }?;
        st.key = 0;
        return Ok(core::ptr::null_mut());
    }
    for n in 0..nsect {
        for i in 0..ui.sect[n].nitem.clamp(0, mjMAXUIITEM as c_int) as usize {
            let it = ui.sect[n].item[i];
            let t = it.r#type;
            if !(t == mjITEM_BUTTON as c_int || t == mjITEM_CHECKINT as c_int || t == mjITEM_CHECKBYTE as c_int) {
                continue;
            }
            let sc = single(&it);
            if !shortcut_matches(st, sc.modifier, sc.shortcut) {
                continue;
            }
            st.key = 0;
            if !active(it.state, ui) {
                return Ok(core::ptr::null_mut());
            }
            if t == mjITEM_CHECKINT as c_int {
                let p = it.pdata as *mut c_int;
                // SAFETY: a CHECKINT item's data is a writable int; the other items' data hold
                // their values (this function's contract)
                unsafe {
                    *p = 1 - *p;
                    redraw(n, i, ui, st, con)?;
                }
            } else if t == mjITEM_CHECKBYTE as c_int {
                let p = it.pdata as *mut u8;
                // SAFETY: a CHECKBYTE item's data is a writable byte; the rest as above
                unsafe {
                    *p = 1u8.wrapping_sub(*p);
                    redraw(n, i, ui, st, con)?;
                }
            }
            return Ok(item(ui, (n, i)));
        }
    }
    Ok(core::ptr::null_mut())
}
