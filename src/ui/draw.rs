//! Drawing the UI (`mjui_update`) into its auxiliary buffer with the fixed-function pipeline, and
//! copying it to the window (`mjui_render`) with the scrollbar thumb and an open select box.

use core::f64::consts::PI;
use core::ffi::{c_char, c_int};

use super::geom::{
    active, find_mouse, find_select, multi, radio_element, radioline_sep, scroll_rects, single, slider, text_width,
    ui_rect,
};
use super::layout::scl;
use crate::abi::mjtItem_::*;
use crate::abi::mjtSection_::*;
use crate::abi::*;
use crate::math::misc::round;
use crate::render::gl::*;
use crate::render::glconst::*;
use crate::render::{buffer, draw2d};

type Rgb = [f32; 3];

/// Fixed-function state and a pixel projection for the rectangle.
fn init_gl(r: mjrRect) {
    for cap in [GL_NORMALIZE, GL_DEPTH_TEST, GL_CULL_FACE, GL_LIGHTING, GL_COLOR_MATERIAL, GL_BLEND] {
        glDisable(cap);
    }
    glShadeModel(GL_SMOOTH);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0.0, r.width as f64, 0.0, r.height as f64, -1.0, 1.0);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glViewport(r.left, r.bottom, r.width, r.height);
}

/// Normal-font text at (x, y), the characters that fit strictly within `maxwidth`.
fn text(txt: &[u8], x: c_int, y: c_int, maxwidth: c_int, rgb: &Rgb, con: &mjrContext) {
    let mut width = 0;
    let mut len = 0;
    for &c in txt {
        width += con.charWidth[c as usize];
        if width >= maxwidth {
            break;
        }
        len += 1;
    }
    glListBase(con.baseFontNormal);
    glColor3fv(rgb);
    glRasterPos3i(x, y, 0);
    call_lists_bytes(&txt[..len]);
}

/// Text centred in the rectangle.
fn text_centered(r: mjrRect, txt: &[u8], rgb: &Rgb, con: &mjrContext) {
    let dy = (r.height - con.charHeight) / 2;
    let dx = ((r.width - text_width(txt, con, -1)) / 2).max(0);
    text(txt, r.left + dx, r.bottom + dy, r.width - dx, rgb, con);
}

fn quad(l: c_int, b: c_int, r: c_int, t: c_int) {
    glBegin(GL_QUADS);
    glVertex2i(l, b);
    glVertex2i(r, b);
    glVertex2i(r, t);
    glVertex2i(l, t);
    glEnd();
}

/// Filled rectangle, or an outline of width SCL(2) when `back` fills the inside.
fn rect(r: mjrRect, rgb: &Rgb, back: Option<&Rgb>, con: &mjrContext) {
    glColor3fv(rgb);
    quad(r.left, r.bottom, r.left + r.width, r.bottom + r.height);
    if let Some(back) = back {
        let m = scl(2, con);
        glColor3fv(back);
        quad(r.left + m, r.bottom + m, r.left + r.width - m, r.bottom + r.height - m);
    }
}

/// Rectangle shaded from `bottom` to `top` colour.
fn gradient(r: mjrRect, bottom: &Rgb, top: &Rgb) {
    glBegin(GL_QUADS);
    glColor3fv(bottom);
    glVertex2i(r.left, r.bottom);
    glVertex2i(r.left + r.width, r.bottom);
    glColor3fv(top);
    glVertex2i(r.left + r.width, r.bottom + r.height);
    glVertex2i(r.left, r.bottom + r.height);
    glEnd();
}

/// Rounds the rectangle's corners by painting the background over them (top ones only when
/// `skip_bottom`); separators use the pane colour and their own radius.
fn round_corners(r: mjrRect, skip_bottom: bool, separator: bool, ui: &mjUI, con: &mjrContext) {
    let spec = if separator { ui.spacing.cornersep } else { ui.spacing.cornersect };
    if spec == 0 {
        return;
    }
    let radius = spec as f64 * 0.01 * con.fontScale as f64;
    let (x0, y0) = (r.left as f64, r.bottom as f64);
    let (x1, y1) = ((r.left + r.width) as f64, (r.bottom + r.height) as f64);
    let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
    for (ic, &(cx, cy)) in corners.iter().enumerate().skip(if skip_bottom { 2 } else { 0 }) {
        let angle = ic as f64 * 0.5 * PI;
        let ox = cx + 2f64.sqrt() * radius * (angle + 0.25 * PI).cos();
        let oy = cy + 2f64.sqrt() * radius * (angle + 0.25 * PI).sin();
        glColor3fv(if separator { &ui.color.sectpane } else { &ui.color.master });
        glBegin(GL_TRIANGLE_FAN);
        glVertex2d(cx, cy);
        for i in 0..=10 {
            let a = angle + PI + 0.5 * PI * i as f64 / 10.0;
            glVertex2d(ox + radius * a.cos(), oy + radius * a.sin());
        }
        glEnd();
    }
}

fn stadium(r: mjrRect, radius: f64) {
    let ly = r.bottom as f64 + 0.5 * r.height as f64;
    let lx = r.left as f64 + 0.5 * r.height as f64;
    let rx = (r.left + r.width) as f64 - 0.5 * r.height as f64;
    glBegin(GL_POLYGON);
    for (cx, start) in [(lx, 0.5), (rx, 1.5)] {
        for i in 0..=15 {
            let a = PI * (start + i as f64 / 15.0);
            glVertex2d(cx + radius * a.cos(), ly + radius * a.sin());
        }
    }
    glEnd();
}

/// Horizontal rectangle with semicircular ends (buttons), filled or outlined.
fn oval(r: mjrRect, rgb: &Rgb, back: Option<&Rgb>, con: &mjrContext) {
    if r.height > r.width {
        return;
    }
    let radius = 0.5 * r.height as f64;
    glColor3fv(rgb);
    stadium(r, radius);
    if let Some(back) = back {
        glColor3fv(back);
        stadium(r, radius - scl(2, con) as f64);
    }
}

fn mean(a: &Rgb, b: &Rgb) -> Rgb {
    [((a[0] + b[0]) as f64 * 0.5) as f32, ((a[1] + b[1]) as f64 * 0.5) as f32, ((a[2] + b[2]) as f64 * 0.5) as f32]
}

/// Open (down) or closed (hollow left) triangle at the right of a title; `kind`: 0 section,
/// 1 unchecked section, 2 checked section, 3 separator (smaller).
fn symbol(r: mjrRect, open: bool, kind: c_int, ui: &mjUI, con: &mjrContext) {
    let cx = r.left + r.width - scl(ui.spacing.texthor, con);
    let cy = r.bottom + r.height / 2;
    let d = round(con.charHeight as f64 * if kind == 3 { 0.28 } else { 0.33 });
    glColor3fv(&ui.color.sectsymbol);
    glBegin(GL_TRIANGLES);
    if open {
        glVertex2i(cx, cy + d);
        glVertex2i(cx - 2 * d, cy + d);
        glVertex2i(cx - d, cy - d);
        glEnd();
        return;
    }
    glVertex2i(cx, cy - d);
    glVertex2i(cx, cy + d);
    glVertex2i(cx - 2 * d, cy);
    glEnd();
    let c = &ui.color;
    let inner = match kind {
        0 => mean(&c.secttitle, &c.secttitle2),
        1 => mean(&c.secttitleuncheck, &c.secttitleuncheck2),
        2 => mean(&c.secttitlecheck, &c.secttitlecheck2),
        _ => mean(&c.separator, &c.separator2),
    };
    glColor3f(inner[0], inner[1], inner[2]);
    let m = con.fontScale as f64 * 0.015;
    let u = 0.5 * 5f64.sqrt() * m;
    let y = d as f64 - u - 0.5 * m;
    let (cx, cy) = (cx as f64, cy as f64);
    glBegin(GL_TRIANGLES);
    glVertex2d(cx - m, cy - y);
    glVertex2d(cx - m, cy + y);
    glVertex2d(cx - 2.0 * d as f64 + 2.0 * u, cy);
    glEnd();
}

const KEY_NAMES: [(c_int, &[u8]); 27] = [
    (32, b"Space"),
    (256, b"Esc"),
    (257, b"Enter"),
    (258, b"Tab"),
    (259, b"BackSpace"),
    (260, b"Ins"),
    (261, b"Del"),
    (262, b"Right"),
    (263, b"Left"),
    (264, b"Down"),
    (265, b"Up"),
    (266, b"PgUp"),
    (267, b"PgDn"),
    (268, b"Home"),
    (269, b"End"),
    (290, b"F1"),
    (291, b"F2"),
    (292, b"F3"),
    (293, b"F4"),
    (294, b"F5"),
    (295, b"F6"),
    (296, b"F7"),
    (297, b"F8"),
    (298, b"F9"),
    (299, b"F10"),
    (300, b"F11"),
    (301, b"F12"),
];

/// Shortcut hint ("Ctrl X") in a box at the right end of the rectangle.
fn shortcut_hint(mut r: mjrRect, modifier: c_int, key: c_int, ui: &mjUI, con: &mjrContext) {
    let mut t: Vec<u8> = match modifier {
        1 => b"Ctrl ".to_vec(),
        2 => b"Shift ".to_vec(),
        4 => b"Alt ".to_vec(),
        _ => Vec::new(),
    };
    if key > 32 && key <= 126 {
        t.push(key as u8);
    } else if let Some((_, name)) = KEY_NAMES.iter().find(|(k, _)| *k == key) {
        t.extend_from_slice(name);
    }
    let tv = scl(ui.spacing.textver, con);
    let width = text_width(&t, con, -1) + 2 * tv;
    r.left += r.width - width;
    r.width = width;
    r.bottom += tv;
    r.height -= 2 * tv;
    rect(r, &ui.color.shortcut, None, con);
    text(&t, r.left + tv, r.bottom, r.width, &ui.color.fontactive, con);
}

fn name(s: &[c_char]) -> &[u8] {
    super::cstr(s)
}

/// Draws section `section` (all when negative; only item `item` when both are non-negative)
/// into the UI's auxiliary buffer.
///
/// # Safety
/// Every drawn item's data pointer holds its value(s) of the item type's C type (int for check,
/// radio, select and integer slider or edit items, a byte for CHECKBYTE, double for SLIDERNUM
/// and EDITNUM, float for EDITFLOAT, mjMAXUINAME chars for EDITTXT), as mjui_add requires.
pub unsafe fn update(section: c_int, item: c_int, ui: &mjUI, st: &mjuiState, con: &mjrContext) -> Result<(), String> {
    if section >= ui.nsect || section >= mjMAXUISECT as c_int {
        return Err(format!("mjui_update: invalid section {section}"));
    }
    if section >= 0 && item >= ui.sect[section as usize].nitem {
        return Err(format!("mjui_update: invalid item {item}"));
    }
    let texthor = scl(ui.spacing.texthor, con);
    let textver = scl(ui.spacing.textver, con);
    let label = scl(ui.spacing.label, con);
    let side = scl(ui.spacing.itemside, con);
    let mid = scl(ui.spacing.itemmid, con);
    let cellh = con.charHeight + 2 * textver;
    let c = &ui.color;
    let pane = &c.sectpane;
    let (msect, mitem) = find_mouse(ui, st, con);

    buffer::set_aux(ui.auxid, con)?;
    init_gl(mjrRect { left: 0, bottom: 0, width: ui.width, height: ui.height });
    if section < 0 {
        glClearColor(c.master[0], c.master[1], c.master[2], 1.0);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    let sects = if section >= 0 { section..section + 1 } else { 0..ui.nsect.clamp(0, mjMAXUISECT as c_int) };
    for n in sects {
        let s = &ui.sect[n as usize];
        let maxwidth = (s.rtitle.width - 2 * side - mid) / 2 - 2 * texthor;
        if section < 0 || item < 0 {
            let r = s.rtitle;
            if s.state != mjSECT_FIXED as c_int {
                if s.checkbox == 0 {
                    gradient(r, &c.secttitle2, &c.secttitle);
                    symbol(r, s.state != 0, 0, ui, con);
                    text(name(&s.name), r.left + texthor, r.bottom + textver, 2 * maxwidth, &c.sectfont, con);
                } else {
                    let (top, bottom) = if s.checkbox == 1 {
                        (&c.secttitleuncheck, &c.secttitleuncheck2)
                    } else {
                        (&c.secttitlecheck, &c.secttitlecheck2)
                    };
                    gradient(r, bottom, top);
                    symbol(r, s.state != 0, s.checkbox, ui, con);
                    text(
                        name(&s.name),
                        r.left + r.height,
                        r.bottom + textver,
                        2 * maxwidth - r.height,
                        &c.sectfont,
                        con,
                    );
                    let gap = r.height / 4;
                    let cr = mjrRect {
                        left: r.left + gap,
                        bottom: r.bottom + gap,
                        width: r.height - 2 * gap,
                        height: r.height - 2 * gap,
                    };
                    let avg = [0.5 * (top[0] + bottom[0]), 0.5 * (top[1] + bottom[1]), 0.5 * (top[2] + bottom[2])];
                    rect(cr, &c.sectsymbol, if s.checkbox == 1 { Some(&avg) } else { None }, con);
                }
                if ui.mousehelp != 0 && s.shortcut != 0 {
                    shortcut_hint(r, s.modifier, s.shortcut, ui, con);
                }
            }
            if s.state != mjSECT_CLOSED as c_int {
                rect(s.rcontent, pane, None, con);
            }
            let rr = if s.state == mjSECT_FIXED as c_int {
                s.rcontent
            } else if s.state == mjSECT_OPEN as c_int {
                mjrRect { bottom: s.rcontent.bottom, height: s.rtitle.height + s.rcontent.height, ..s.rtitle }
            } else {
                s.rtitle
            };
            round_corners(rr, false, false, ui, con);
        }
        if s.state == 0 {
            continue;
        }
        let items = if section >= 0 && item >= 0 { item..item + 1 } else { 0..s.nitem.clamp(0, mjMAXUIITEM as c_int) };
        for i in items {
            let it = &s.item[i as usize];
            if it.rect.height == 0 {
                continue;
            }
            let on = active(it.state, ui);
            let font = if on { &c.fontactive } else { &c.fontinactive };
            let inactive = &c.decorinactive;
            macro_rules! deco {
                ($f:ident) => {
                    if on {
                        &c.$f
                    } else {
                        inactive
                    }
                };
            }
            let r = it.rect;
            // label at the left of labelled items
            let label_at =
                |y: c_int| text(name(&it.name), s.rcontent.left + side + texthor, y, label - 2 * texthor, font, con);
            let t = it.r#type;
            let m = multi(it);
            if t == mjITEM_SEPARATOR as c_int {
                gradient(r, &c.separator2, &c.separator);
                text(name(&it.name), r.left + texthor, r.bottom + textver, r.width - 2 * texthor, &c.sectfont, con);
                if it.state >= mjSEPCLOSED as c_int {
                    let open = it.state == mjSEPCLOSED as c_int + 1;
                    symbol(r, open, 3, ui, con);
                    round_corners(r, open, true, ui, con);
                }
            } else if t == mjITEM_STATIC as c_int {
                let line = con.charHeight + textver;
                label_at(r.bottom + textver + (m.nelem - 1) * line);
                rect(r, pane, Some(pane), con);
                for k in 0..m.nelem.clamp(0, mjMAXUIMULTI as c_int) {
                    let y = r.bottom + textver + (m.nelem - k - 1) * line;
                    text(name(&m.name[k as usize]), r.left + texthor, y, r.width - 2 * texthor, font, con);
                }
            } else if t == mjITEM_BUTTON as c_int {
                let d = deco!(button);
                let pressed = ui.mousesect == n + 1 && ui.mouseitem == i && msect == n + 1 && mitem == i;
                oval(r, d, if pressed { None } else { Some(pane) }, con);
                text(name(&it.name), r.left + texthor, r.bottom + textver, maxwidth, font, con);
                let sc = single(it);
                if ui.mousehelp != 0 && sc.shortcut != 0 {
                    shortcut_hint(r, sc.modifier, sc.shortcut, ui, con);
                }
            } else if t == mjITEM_CHECKINT as c_int || t == mjITEM_CHECKBYTE as c_int {
                let d = deco!(check);
                // SAFETY: a check item's data is an int (CHECKINT) or a byte (CHECKBYTE) (this
                // function's contract)
                let v = unsafe {
                    if t == mjITEM_CHECKINT as c_int {
                        *(it.pdata as *const c_int)
                    } else {
                        *(it.pdata as *const u8) as c_int
                    }
                };
                rect(r, d, if v != 0 { None } else { Some(pane) }, con);
                text(name(&it.name), r.left + texthor, r.bottom + textver, maxwidth, font, con);
                let sc = single(it);
                if ui.mousehelp != 0 && sc.shortcut != 0 {
                    shortcut_hint(r, sc.modifier, sc.shortcut, ui, con);
                }
            } else if t == mjITEM_RADIO as c_int {
                let d = deco!(radio);
                label_at(r.bottom + r.height - cellh + textver);
                rect(r, d, Some(pane), con);
                // SAFETY: a radio item's data is an int (this function's contract)
                let k = unsafe { *(it.pdata as *const c_int) };
                rect(radio_element(it, k, ui, con), d, None, con);
                for k in 0..m.nelem.clamp(0, mjMAXUIMULTI as c_int) {
                    let e = radio_element(it, k, ui, con);
                    text(
                        name(&m.name[k as usize]),
                        e.left + texthor,
                        e.bottom + textver,
                        e.width - 2 * texthor,
                        font,
                        con,
                    );
                }
            } else if t == mjITEM_RADIOLINE as c_int {
                let d = deco!(radio);
                label_at(r.bottom + textver);
                rect(r, d, Some(pane), con);
                let sep = radioline_sep(it, con);
                let nel = m.nelem.clamp(0, mjMAXUIMULTI as c_int);
                let elem = |k: c_int| mjrRect {
                    left: r.left + sep[k as usize],
                    width: sep[k as usize + 1] - sep[k as usize],
                    ..r
                };
                // SAFETY: a radio line item's data is an int (this function's contract)
                let k = unsafe { *(it.pdata as *const c_int) };
                if (0..nel).contains(&k) {
                    rect(elem(k), d, None, con);
                }
                for k in 0..nel {
                    text_centered(elem(k), name(&m.name[k as usize]), font, con);
                }
            } else if t == mjITEM_SELECT as c_int {
                let d = deco!(select);
                label_at(r.bottom + textver);
                rect(r, d, None, con);
                // SAFETY: a select item's data is an int (this function's contract)
                let k = unsafe { *(it.pdata as *const c_int) };
                if m.nelem > 0 && (0..mjMAXUIMULTI as c_int).contains(&k) {
                    text(
                        name(&m.name[k as usize]),
                        r.left + texthor,
                        r.bottom + textver,
                        r.width - 2 * texthor,
                        font,
                        con,
                    );
                }
            } else if t == mjITEM_SLIDERINT as c_int || t == mjITEM_SLIDERNUM as c_int {
                let (d, d2) = if on { (&c.slider, &c.slider2) } else { (&c.decorinactive, &c.decorinactive2) };
                let sl = slider(it);
                // SAFETY: a slider's data is an int (SLIDERINT) or a double (SLIDERNUM) (this
                // function's contract)
                let v = unsafe {
                    if t == mjITEM_SLIDERINT as c_int {
                        *(it.pdata as *const c_int) as f64
                    } else {
                        *(it.pdata as *const f64)
                    }
                };
                let sel = ((v - sl.range[0]) / (sl.range[1] - sl.range[0]).max(1e-10)).max(0.0).min(1.0);
                rect(r, d, None, con);
                rect(mjrRect { width: round(r.width as f64 * sel), ..r }, d2, None, con);
                if sl.divisions <= 20.0 {
                    let w = scl(2, con);
                    for k in 1..sl.divisions as c_int {
                        let left = ((r.left - w / 2) as f64 + (r.width * k) as f64 / sl.divisions) as c_int;
                        rect(mjrRect { left, bottom: r.bottom, width: w, height: textver }, pane, None, con);
                    }
                }
                label_at(r.bottom + textver);
                let mut buf = [0 as c_char; mjMAXUITEXT];
                // SAFETY: the slider's data as above; each format takes the one argument given,
                // and snprintf writes at most mjMAXUITEXT bytes (buf's size), NUL included
                unsafe {
                    if t == mjITEM_SLIDERINT as c_int {
                        libc::snprintf(buf.as_mut_ptr(), mjMAXUITEXT, c"%d".as_ptr(), *(it.pdata as *const c_int));
                    } else {
                        libc::snprintf(buf.as_mut_ptr(), mjMAXUITEXT, c"%.3g".as_ptr(), *(it.pdata as *const f64));
                    }
                }
                text(name(&buf), r.left + texthor, r.bottom + textver, r.width - 2 * texthor, font, con);
            } else if t >= mjITEM_EDITINT as c_int && t <= mjITEM_EDITTXT as c_int {
                let d = deco!(edit);
                label_at(r.bottom + textver);
                if ui.editsect > 0 && ui.editsect == n + 1 && ui.edititem == i {
                    let ok = super::edit::check(&ui.edittext, it)?.0 == 0;
                    rect(r, if ok { d } else { &c.edit2 }, None, con);
                    let et = name(&ui.edittext);
                    let scroll = (ui.editscroll.max(0) as usize).min(et.len());
                    let k = text_width(&et[scroll..], con, ui.editcursor - ui.editscroll);
                    let one = scl(1, con);
                    let cur = mjrRect {
                        left: r.left + texthor + k - one,
                        bottom: r.bottom + textver / 2,
                        width: 2 * one,
                        height: r.height - 2 * (textver / 2),
                    };
                    rect(cur, &c.cursor, None, con);
                    text(&et[scroll..], r.left + texthor, r.bottom + textver, r.width - 2 * texthor, font, con);
                } else {
                    rect(r, d, Some(pane), con);
                    // SAFETY: an edit item's data holds its values (this function's contract)
                    let v = unsafe { super::edit::array_text(it) }?;
                    text(&v, r.left + texthor, r.bottom + textver, r.width - 2 * texthor, font, con);
                }
            } else {
                return Err("mjui_update: internal error: unexpected item type".into());
            }
        }
    }
    buffer::restore_buffer(con);
    Ok(())
}

/// Copies the visible part of the UI image into its window rectangle, then draws the scrollbar
/// thumb and, while a select item is being chosen, its drop-down list.
///
pub fn render(ui: &mut mjUI, st: &mjuiState, con: &mjrContext) -> Result<(), String> {
    let rect = ui_rect(ui, st);
    let c = ui.color;
    draw2d::rectangle(rect, c.master[0], c.master[1], c.master[2], 1.0);
    if ui.scroll > 0 && ui.height - ui.scroll < rect.height {
        ui.scroll = (ui.height - rect.height).max(0);
    }
    let src = mjrRect {
        left: 0,
        bottom: (ui.height - ui.scroll - rect.height).max(0),
        width: ui.width,
        height: rect.height.min(ui.height - ui.scroll),
    };
    buffer::blit_aux(ui.auxid, src, rect.left, rect.bottom + (rect.height - ui.height + ui.scroll).max(0), con)?;
    if ui.height > rect.height {
        let (_, thumb) = scroll_rects(rect, ui, con);
        draw2d::rectangle(thumb, c.thumb[0], c.thumb[1], c.thumb[2], 1.0);
    }
    if !(ui.mousesect > 0 && ui.mouseitem >= 0) || ui.mousesect > ui.nsect || ui.mousesect as usize > mjMAXUISECT {
        return Ok(());
    }
    let Some(it) = ui.sect[ui.mousesect as usize - 1].item.get(ui.mouseitem as usize) else {
        return Ok(());
    };
    if it.r#type != mjITEM_SELECT as c_int {
        return Ok(());
    }
    let texthor = scl(ui.spacing.texthor, con);
    let textver = scl(ui.spacing.textver, con);
    let side = scl(ui.spacing.itemside, con);
    let cellh = con.charHeight + 2 * textver;
    let offset = (rect.height - ui.height + ui.scroll).max(0) - (ui.height - ui.scroll - rect.height).max(0);
    let n = multi(it).nelem;
    let mut r = it.rect;
    r.left -= side;
    r.width += 2 * side;
    r.height = n * cellh + side;
    r.bottom += offset - r.height;
    r.left += rect.left;
    draw2d::rectangle(r, c.sectpane[0], c.sectpane[1], c.sectpane[2], 1.0);
    let mut r = it.rect;
    r.height = n * cellh;
    r.bottom += offset - r.height;
    r.left += rect.left;
    draw2d::rectangle(r, c.select2[0], c.select2[1], c.select2[2], 1.0);
    let k = find_select(it, ui, st, con);
    if k >= 0 {
        let r1 = mjrRect { bottom: r.bottom + (n - 1 - k) * cellh, height: cellh, ..r };
        draw2d::rectangle(r1, c.select[0], c.select[1], c.select[2], 1.0);
    }
    init_gl(rect);
    for k in 0..n.clamp(0, mjMAXUIMULTI as c_int) {
        let y = r.bottom + textver + (n - 1 - k) * cellh;
        text(
            name(&multi(it).name[k as usize]),
            r.left + texthor - rect.left,
            y,
            r.width - 2 * texthor,
            &c.fontactive,
            con,
        );
    }
    Ok(())
}
