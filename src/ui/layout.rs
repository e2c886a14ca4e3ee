//! UI layout (`mjui_resize`): section title and content rectangles, item rectangles and the UI's
//! total and maximum heights, in framebuffer pixels with the bottom measured from the UI's top
//! during the computation and flipped at the end.

use core::ffi::c_int;

use crate::abi::mjtItem_::*;
use crate::abi::mjtSection_::*;
use crate::abi::*;

/// Theme size (abstract pixels) scaled to framebuffer pixels by the context's font scale.
pub fn scl(sz: c_int, con: &mjrContext) -> c_int {
    crate::math::misc::round(sz as f64 * 0.01 * con.fontScale as f64).max(0)
}

fn is_check_or_button(t: c_int) -> bool {
    t == mjITEM_BUTTON as c_int || t == mjITEM_CHECKINT as c_int || t == mjITEM_CHECKBYTE as c_int
}

/// Items below a closed separator are skipped, except in pass 0.
fn mark_skipped(s: &mut mjuiSection, pass: i32) {
    let mut skip = 0;
    for it in s.item[..s.nitem.max(0) as usize].iter_mut() {
        if pass == 0 {
            it.skip = 0;
        } else if it.r#type == mjITEM_SEPARATOR as c_int {
            skip = (it.state == mjSEPCLOSED as c_int) as c_int;
        } else {
            it.skip = skip;
        }
    }
}

/// One layout with the current section states. Pass 0 counts every item (maximum height),
/// pass 1 leaves out items below closed separators (actual height).
fn layout(ui: &mut mjUI, con: &mjrContext) {
    let sp = ui.spacing;
    let w_master = scl(sp.total, con);
    let w_scroll = scl(sp.scroll, con);
    let g_section = scl(sp.section, con);
    let g_side = scl(sp.itemside, con);
    let g_mid = scl(sp.itemmid, con);
    let g_ver = scl(sp.itemver, con);
    let g_textver = scl(sp.textver, con);
    let g_label = scl(sp.label, con);
    let texth = con.charHeight + 2 * g_textver;
    let colwidth = (w_master - w_scroll - 2 * g_section - 2 * g_side - g_mid) / 2;
    let radiocol = if ui.radiocol != 0 { ui.radiocol } else { 2 };

    let (mut full, mut open) = (0, 0);
    for pass in 0..2 {
        let mut height = 0;
        let mut maxheight = 0;
        for s in ui.sect[..ui.nsect.max(0) as usize].iter_mut() {
            height += g_section;
            maxheight += g_section;
            mark_skipped(s, pass);

            s.rtitle.left = g_section;
            s.rtitle.width = w_master - w_scroll - 2 * g_section;
            s.rtitle.height = if s.state == mjSECT_FIXED as c_int { 0 } else { texth };
            s.rtitle.bottom = height + s.rtitle.height;
            height += s.rtitle.height;
            maxheight += s.rtitle.height;
            s.rcontent = mjrRect { left: s.rtitle.left, bottom: 0, width: s.rtitle.width, height: 0 };

            let n = s.nitem.max(0) as usize;
            let mut i = 0;
            while i < n {
                s.item[i].rect = mjrRect { left: 0, bottom: 0, width: 0, height: 0 };
                if s.item[i].skip != 0 {
                    i += 1;
                    continue;
                }
                let t = s.item[i].r#type;
                s.rcontent.height += if t == mjITEM_SEPARATOR as c_int { g_section } else { g_ver };
                let left = s.rcontent.left + g_side;
                let wide = s.rcontent.width - 2 * g_side;
                let pair = i + 1 < n && s.item[i + 1].r#type == t && is_check_or_button(t);
                let r = if pair {
                    // two items side by side, the second one laid out here
                    let bottom = height + s.rcontent.height + texth;
                    s.item[i + 1].rect =
                        mjrRect { left: left + colwidth + g_mid, bottom, width: colwidth, height: texth };
                    mjrRect { left, bottom, width: colwidth, height: texth }
                } else {
                    let it = &s.item[i];
                    // SAFETY: every union member is plain integers and floats
                    let nelem = unsafe { it.__anon_union.multi.nelem };
                    let (mut left, mut width, h) = if t == mjITEM_STATIC as c_int {
                        (left, wide, (con.charHeight + g_textver) * nelem)
                    } else if is_check_or_button(t) {
                        (left, colwidth, texth)
                    } else if t == mjITEM_RADIO as c_int {
                        let nrow = (nelem - 1) / radiocol + 1;
                        (left, wide, texth * nrow)
                    } else {
                        (left, wide, texth)
                    };
                    // labelled items start after the label column
                    if it.name[0] != 0 && (t >= mjITEM_RADIO as c_int || t == mjITEM_STATIC as c_int) {
                        left += g_label;
                        width -= g_label;
                    }
                    mjrRect { left, bottom: height + s.rcontent.height + h, width, height: h }
                };
                s.item[i].rect = r;
                if pair {
                    i += 1;
                }
                s.rcontent.height += r.height;
                i += 1;
            }
            s.rcontent.height += g_ver;
            s.rcontent.bottom = height + s.rcontent.height;
            if s.state != mjSECT_CLOSED as c_int {
                height += s.rcontent.height;
            }
            maxheight += s.rcontent.height;
        }
        height += g_section;
        maxheight += g_section;
        if pass == 0 {
            full = maxheight;
        } else {
            open = height;
        }
    }

    for s in ui.sect[..ui.nsect.max(0) as usize].iter_mut() {
        s.rtitle.bottom = open - s.rtitle.bottom;
        s.rcontent.bottom = open - s.rcontent.bottom;
        for it in s.item[..s.nitem.max(0) as usize].iter_mut() {
            it.rect.bottom = open - it.rect.bottom;
        }
    }
    ui.width = w_master;
    ui.height = open;
    ui.maxheight = full;
}

/// Lays out the UI. When the open sections do not fit in the maximum height (all items, capped by
/// the largest renderbuffer OpenGL allows), the least recently clicked open sections are closed
/// until they do, and the layout is redone.
pub fn resize(ui: &mut mjUI, con: &mjrContext) -> Result<(), String> {
    let mut max_buffer = 0;
    // SAFETY: an OpenGL context is current (as for every mjr_/mjui_ drawing call)
    unsafe { crate::render::gl::glGetIntegerv(crate::render::glconst::GL_MAX_RENDERBUFFER_SIZE, &mut max_buffer) };
    layout(ui, con);
    ui.maxheight = ui.maxheight.min(max_buffer);
    if ui.height <= ui.maxheight {
        return Ok(());
    }
    let nsect = ui.nsect.max(0) as usize;
    let sects = &ui.sect[..nsect];
    // section gaps, titles of regular sections, contents of fixed ones
    let mut hnew = (ui.nsect + 1) * scl(ui.spacing.section, con);
    for s in sects {
        hnew += if s.state == mjSECT_FIXED as c_int { s.rcontent.height } else { s.rtitle.height };
    }
    if hnew > ui.maxheight {
        return Err("fixed section height already too big, closing sections cannot help".into());
    }
    // open sections, most recently clicked last (stable for equal clicks)
    let mut open: Vec<(c_int, usize)> = sects
        .iter()
        .enumerate()
        .filter(|(_, s)| s.state == mjSECT_OPEN as c_int)
        .map(|(n, s)| (s.lastclick, n))
        .collect();
    open.sort_by_key(|&(click, _)| click);
    if open.is_empty() {
        return Err("internal error: expected some sections to be open".into());
    }
    let mut close = Vec::new();
    for &(_, n) in open.iter().rev() {
        let h = ui.sect[n].rcontent.height;
        if hnew + h <= ui.maxheight {
            hnew += h;
        } else {
            close.push(n);
        }
    }
    for n in close {
        ui.sect[n].state = mjSECT_CLOSED as c_int;
    }
    layout(ui, con);
    ui.maxheight = ui.maxheight.min(max_buffer);
    if ui.height != hnew {
        return Err("internal error: tryresize produced unexpeced ui height".into());
    }
    Ok(())
}
