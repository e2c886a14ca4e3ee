//! 2D drawing over the scene: text, text overlays in the viewport's corners, rectangles,
//! labels and figures (line plots with grid, tick labels, legend and selection).

use core::ffi::{c_char, c_void};

use super::gl::*;
use super::glconst::*;
use crate::abi::mjtFont_::*;
use crate::abi::mjtGridPos_::*;
use crate::abi::*;

/// Fixed-function state for flat 2D drawing in the unit square.
pub fn init_2d() {
    glDisable(GL_NORMALIZE);
    glDisable(GL_DEPTH_TEST);
    glShadeModel(GL_FLAT);
    glDisable(GL_CULL_FACE);
    glDisable(GL_LIGHTING);
    glDisable(GL_COLOR_MATERIAL);
    glDisable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0.0, 1.0, 0.0, 1.0, -1.0, 1.0);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
}

/// Draws `txt` at raster position (x, y, z) without touching other state; the shadow font
/// first draws a half-transparent black outline.
pub fn text_actual(font: i32, txt: &[u8], con: &mjrContext, x: f32, y: f32, z: f32, r: f32, g: f32, b: f32) {
    if con.rangeFont == 0 {
        return;
    }
    if font == mjFONT_SHADOW as i32 {
        glListBase(con.baseFontShadow);
        glColor4f(0.0, 0.0, 0.0, 0.5);
        glRasterPos3f(x, y, z);
        call_lists_bytes(txt);
        glListBase(con.baseFontNormal);
        glColor4f(r, g, b, 1.0);
        glRasterPos3f(x, y, z);
        call_lists_bytes(txt);
    } else {
        glListBase(if font == mjFONT_BIG as i32 { con.baseFontBig } else { con.baseFontNormal });
        glColor4f(r, g, b, 1.0);
        glRasterPos3f(x, y, z);
        call_lists_bytes(txt);
    }
}

/// Bytes of a C string.
///
/// # Safety
/// `s` is NULL or a NUL-terminated string that stays valid and unchanged for `'a`.
pub unsafe fn cbytes<'a>(s: *const c_char) -> &'a [u8] {
    if s.is_null() {
        &[]
    } else {
        // SAFETY: NUL-terminated and valid for 'a (this function's contract)
        unsafe { core::ffi::CStr::from_ptr(s) }.to_bytes()
    }
}

/// A char array as bytes.
fn as_bytes(s: &[c_char]) -> &[u8] {
    // SAFETY: c_char and u8 have the same size and alignment, and every value of one is a value
    // of the other; same length, same borrow
    unsafe { core::slice::from_raw_parts(s.as_ptr() as *const u8, s.len()) }
}

/// Bytes of a fixed-size char array up to its first NUL.
pub fn field(s: &[c_char]) -> &[u8] {
    let b = as_bytes(s);
    &b[..b.iter().position(|&c| c == 0).unwrap_or(b.len())]
}

/// Draws the first `count` (x, y) points of `pts` from a client vertex array (the caller enabled
/// GL_VERTEX_ARRAY), at most as many as `pts` holds.
fn draw_points_2d(mode: u32, pts: &[f32], count: i32) {
    let count = count.min((pts.len() / 2).min(i32::MAX as usize) as i32);
    // SAFETY: no buffer object is bound to GL_ARRAY_BUFFER (the renderer unbinds it after
    // use), so the pointer is a client array; the draw reads `count` pairs of floats, which
    // `pts` holds (negative counts read nothing); pointer and draw are in this one call
    unsafe {
        glVertexPointer(2, GL_FLOAT, 0, pts.as_ptr() as *const c_void);
        glDrawArrays(mode, 0, count);
    }
}

fn width_of(widths: &[i32; 127], c: u8) -> i32 {
    widths.get(c as usize).copied().unwrap_or(0)
}

fn text_width(con: &mjrContext, t: &[u8]) -> i32 {
    t.iter().map(|&c| width_of(&con.charWidth, c)).sum()
}

/// One column of an overlay; returns its width less 2 (the offset of the next column).
fn draw_overlay(
    font: i32,
    vp: mjrRect,
    skip: i32,
    gridpos: i32,
    rgb: [f32; 3],
    overlay: &[u8],
    con: &mjrContext,
) -> i32 {
    const PAD: i32 = 5;
    let big = font == mjFONT_BIG as i32;
    let ch = if big { con.charHeightBig } else { con.charHeight };
    let cw = if big { &con.charWidthBig } else { &con.charWidth };
    let ov = &overlay[..overlay.len().min(mjMAXOVERLAY)];

    let (mut nr, mut nc, mut ncthis) = (ch, 0, 0);
    for &c in ov {
        if c != b'\n' {
            ncthis += width_of(cw, c);
            nc = nc.max(ncthis);
        } else {
            nr += PAD + ch;
            ncthis = 0;
        }
    }
    let w = PAD + nc + 8;
    let h = PAD + nr;
    let top = vp.bottom + vp.height - 1 - PAD - h;
    let right = vp.left + vp.width - skip - 1 - PAD - w;
    let (x, y) = match gridpos {
        g if g == mjGRID_TOPLEFT as i32 => (vp.left + skip + PAD, top),
        g if g == mjGRID_TOPRIGHT as i32 => (right, top),
        g if g == mjGRID_BOTTOMLEFT as i32 => (vp.left + skip + PAD, vp.bottom + PAD),
        g if g == mjGRID_BOTTOMRIGHT as i32 => (right, vp.bottom + PAD),
        g if g == mjGRID_TOP as i32 => (vp.left + (vp.width - skip - w) / 2 - 1 - PAD, top),
        g if g == mjGRID_BOTTOM as i32 => (vp.left + (vp.width - skip - w) / 2 - 1 - PAD, vp.bottom + PAD),
        g if g == mjGRID_LEFT as i32 => (vp.left + skip + PAD, vp.bottom + (vp.height - h) / 2 - 1 - PAD),
        g if g == mjGRID_RIGHT as i32 => (right, vp.bottom + (vp.height - h) / 2 - 1 - PAD),
        _ => (i32::MIN, 0),
    };
    if x != i32::MIN {
        glViewport(x, y, w, h);
    }
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0.0, (w - 1) as f64, 0.0, (h - 1) as f64, -1.0, 1.0);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();

    glEnable(GL_BLEND);
    glColor4d(0.0, 0.0, 0.0, 0.5);
    glBegin(GL_QUADS);
    glNormal3d(0.0, 0.0, 1.0);
    glVertex2d(0.0, 0.0);
    glVertex2d(0.0, h as f64);
    glVertex2d(w as f64, h as f64);
    glVertex2d(w as f64, 0.0);
    glEnd();
    glDisable(GL_BLEND);

    let mut nr = ch;
    let mut line: Vec<u8> = Vec::with_capacity(mjMAXOVERLAY);
    for (i, &c) in ov.iter().enumerate() {
        if c == b'\n' || i == ov.len() - 1 {
            if c != b'\n' {
                line.push(c);
            }
            text_actual(font, &line, con, 3.0, (h - nr) as f32, 0.0, rgb[0], rgb[1], rgb[2]);
            nr += PAD + ch;
            line.clear();
        } else {
            line.push(c);
        }
    }
    w - 2
}

/// Text overlay at a grid position; a second column in white next to the first in grey.
pub fn overlay(font: i32, gridpos: i32, vp: mjrRect, ov1: &[u8], ov2: &[u8], con: &mjrContext) {
    if vp.width <= 0 || vp.height <= 0 {
        return;
    }
    init_2d();
    let grey = [0.7f64 as f32; 3];
    let white = [1.0f32; 3];
    if !ov2.is_empty() {
        if gridpos == mjGRID_TOPLEFT as i32 || gridpos == mjGRID_BOTTOMLEFT as i32 {
            let skip = draw_overlay(font, vp, 0, gridpos, grey, ov1, con);
            draw_overlay(font, vp, skip, gridpos, white, ov2, con);
        } else {
            let skip = draw_overlay(font, vp, 0, gridpos, white, ov2, con);
            draw_overlay(font, vp, skip, gridpos, grey, ov1, con);
        }
    } else {
        draw_overlay(font, vp, 0, gridpos, white, ov1, con);
    }
}

/// Blended rectangle filling the viewport.
pub fn rectangle(vp: mjrRect, r: f32, g: f32, b: f32, a: f32) {
    if vp.width <= 0 || vp.height <= 0 {
        return;
    }
    init_2d();
    glViewport(vp.left, vp.bottom, vp.width, vp.height);
    glEnable(GL_BLEND);
    glColor4f(r, g, b, a);
    glBegin(GL_QUADS);
    glVertex2f(0.0, 0.0);
    glVertex2f(0.0, 1.0);
    glVertex2f(1.0, 1.0);
    glVertex2f(1.0, 0.0);
    glEnd();
    glDisable(GL_BLEND);
}

/// Blended rectangle with centred text.
pub fn label(vp: mjrRect, font: i32, txt: Option<&[u8]>, rgba: [f32; 4], rgbt: [f32; 3], con: &mjrContext) {
    if vp.width <= 0 || vp.height <= 0 {
        return;
    }
    glDisable(GL_NORMALIZE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glDisable(GL_LIGHTING);
    glDisable(GL_COLOR_MATERIAL);
    glShadeModel(GL_FLAT);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0.0, vp.width as f64, 0.0, vp.height as f64, -1.0, 1.0);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glViewport(vp.left, vp.bottom, vp.width, vp.height);
    let (w, h) = (vp.width, vp.height);
    glBegin(GL_QUADS);
    glColor4f(rgba[0], rgba[1], rgba[2], rgba[3]);
    glVertex2i(0, 0);
    glVertex2i(w, 0);
    glVertex2i(w, h);
    glVertex2i(0, h);
    glEnd();

    if let Some(txt) = txt {
        if con.rangeFont != 0 {
            let big = font == mjFONT_BIG as i32;
            let cw = if big { &con.charWidthBig } else { &con.charWidth };
            let width: i32 = txt.iter().map(|&c| width_of(cw, c)).sum();
            let cx = (w - width) / 2;
            let cy = (h - if big { con.charHeightBig } else { con.charHeight }) / 2;
            glListBase(if big { con.baseFontBig } else { con.baseFontNormal });
            glColor3f(rgbt[0], rgbt[1], rgbt[2]);
            glRasterPos2i(cx.max(0), cy);
            call_lists_bytes(txt);
        }
    }
}

/// printf-formats one number with the figure's format and strips trailing zeros after a
/// decimal point.
fn make_text(format: &[c_char], num: f32) -> Vec<u8> {
    let mut buf = [0u8; 100];
    // SAFETY: the format is NUL-terminated inside its array (checked by the caller's field());
    // snprintf bounds the output
    unsafe {
        libc::snprintf(buf.as_mut_ptr() as *mut c_char, buf.len(), format.as_ptr(), num as f64);
    }
    let mut t: Vec<u8> = buf[..buf.iter().position(|&c| c == 0).unwrap_or(buf.len())].to_vec();
    let mut i = t.len();
    while i > 0 && t[i - 1] == b'0' {
        i -= 1;
    }
    if i <= 1 {
        return t;
    }
    if t[i - 1] == b'.' {
        t.truncate(i - 1);
    } else {
        let mut j = i as isize - 1;
        while j >= 0 && t[j as usize].is_ascii_digit() {
            j -= 1;
        }
        if j >= 0 && t[j as usize] == b'.' {
            t.truncate(i);
        }
    }
    t
}

fn quad_unit() {
    glBegin(GL_QUADS);
    glVertex2d(0.0, 0.0);
    glVertex2d(0.0, 1.0);
    glVertex2d(1.0, 1.0);
    glVertex2d(1.0, 0.0);
    glEnd();
}

fn ortho_pixels(vp: &mjrRect) {
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0.0, (vp.width - 1) as f64, 0.0, (vp.height - 1) as f64, -1.0, 1.0);
}

/// Draws a figure; records the axis ranges in data and pixel units back into it.
pub fn figure(mut vp: mjrRect, fig: &mut mjvFigure, con: &mjrContext) {
    const MINRANGE: f32 = 1e-5;
    const OFFSET: f32 = 0.001;
    let pad = con.charHeight / 2;
    if vp.width <= 0 || vp.height <= 0 {
        return;
    }
    init_2d();
    glViewport(vp.left, vp.bottom, vp.width, vp.height);
    glEnable(GL_BLEND);
    glColor4fv(&fig.figurergba);
    quad_unit();
    glDisable(GL_BLEND);

    // axis ranges: the given ones, or the finite extent of the data
    let mut range = fig.range;
    for axis in 0..2 {
        let mut flg = fig.range[axis][0] < fig.range[axis][1];
        if !flg || fig.flg_extend != 0 {
            for n in 0..mjMAXLINE {
                for i in 0..fig.linepnt[n].clamp(0, mjMAXLINEPNT as i32) as usize {
                    let v = fig.linedata[n][2 * i + axis];
                    if !v.is_finite() {
                        continue;
                    }
                    if !flg {
                        range[axis] = [v, v];
                        flg = true;
                    } else {
                        if range[axis][0] > v {
                            range[axis][0] = v;
                        }
                        if range[axis][1] < v {
                            range[axis][1] = v;
                        }
                    }
                }
            }
        }
        if range[axis][1] - range[axis][0] < MINRANGE {
            let needed = MINRANGE - (range[axis][1] - range[axis][0]);
            range[axis][0] -= 0.5 * needed;
            range[axis][1] += 0.5 * needed;
        }
        if axis == 1 {
            let (ymin, ymax) = (range[1][0], range[1][1]);
            let diff = ymax - ymin;
            if diff > 0.0 {
                let power = 10f32.powf(diff.log10().floor());
                range[1][0] = (ymin / power).floor() * power;
                range[1][1] = (ymax / power).ceil() * power;
            }
            if fig.flg_symmetric != 0 {
                let s = range[1][0].abs().max(range[1][1].abs());
                range[1] = [-s, s];
            }
        }
    }
    fig.xaxisdata = range[0];
    fig.yaxisdata = range[1];

    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    if vp.width <= 1 || vp.height <= 1 {
        return;
    }
    glOrtho(0.0, (vp.width - 1) as f64, 0.0, (vp.height - 1) as f64, -1.0, 1.0);

    // title: the subplot-th part of it (parts separated by 2+ spaces), extended to the sides in
    // a faded colour
    let title: &[u8] = as_bytes(&fig.title);
    let tch = |k: usize| if k < title.len() { title[k] } else { 0 };
    let mut sy_title = 0;
    if title[0] != 0 {
        let (mut subadr, mut subcnt) = (0usize, 0);
        while subcnt < fig.subplot && subadr < 1000 && tch(subadr) != 0 {
            while subadr < 1000 && tch(subadr) != 0 && tch(subadr) != b' ' {
                subadr += 1;
            }
            let mut nspace = 0;
            while subadr < 1000 && tch(subadr) == b' ' {
                subadr += 1;
                nspace += 1;
            }
            if nspace > 1 {
                subcnt += 1;
            }
        }
        let mut sublen = 0;
        while (subadr + sublen < 1000 && tch(subadr + sublen) != 0 && tch(subadr + sublen) != b' ')
            || (subadr + sublen + 1 < 1000 && tch(subadr + sublen + 1) != 0 && tch(subadr + sublen + 1) != b' ')
        {
            sublen += 1;
        }
        if sublen != 0 {
            sy_title = con.charHeight;
            let cw = |k: usize| width_of(&con.charWidth, tch(k));
            let sx_title: i32 = (subadr..subadr + sublen).map(cw).sum();
            let left = (vp.width / 2 - sx_title / 2).max(0);
            let (mut left1, mut subadr1) = (left, subadr);
            while subadr1 > 0 && left1 >= cw(subadr1 - 1) {
                left1 -= cw(subadr1 - 1);
                subadr1 -= 1;
            }
            let (mut sublen1, mut right1) = (0usize, left1);
            while sublen1 + subadr1 < 1000 && tch(subadr1 + sublen1) != 0 && right1 + cw(subadr1 + sublen1) < vp.width {
                right1 += cw(subadr1 + sublen1);
                sublen1 += 1;
            }
            let ty = (vp.height - pad - sy_title) as f32;
            glListBase(con.baseFontNormal);
            let fade = |k: usize| (0.4 * fig.textrgb[k] as f64 + 0.6 * fig.figurergba[k] as f64) as f32;
            glColor4f(fade(0), fade(1), fade(2), 1.0);
            glRasterPos3f(left1 as f32, ty, 0.0);
            call_lists_bytes(&title[subadr1..subadr1 + sublen1]);
            glListBase(con.baseFontNormal);
            glColor4f(fig.textrgb[0], fig.textrgb[1], fig.textrgb[2], 1.0);
            glRasterPos3f(left as f32, ty, 0.0);
            call_lists_bytes(&title[subadr..subadr + sublen]);
        }
    }

    let (mut sy_label, xlabel) = (0, field(&fig.xlabel));
    if !xlabel.is_empty() {
        let sx = text_width(con, xlabel);
        sy_label = con.charHeight;
        text_actual(
            mjFONT_NORMAL as i32,
            xlabel,
            con,
            (vp.width / 2 - sx / 2).max(0) as f32,
            pad as f32,
            0.0,
            fig.textrgb[0],
            fig.textrgb[1],
            fig.textrgb[2],
        );
    }
    if sy_title != 0 || sy_label != 0 {
        let below = if sy_label != 0 { sy_label + pad / 2 } else { 0 };
        vp.bottom += below;
        vp.height -= below + if sy_title != 0 { sy_title + pad } else { 0 };
        if vp.width <= 0 || vp.height <= 0 {
            return;
        }
        glViewport(vp.left, vp.bottom, vp.width, vp.height);
        ortho_pixels(&vp);
    }

    // tick labels
    if fig.gridsize[0] > 1 && fig.gridsize[1] > 1 {
        let xtick_height = if fig.flg_ticklabel[0] != 0 { con.charHeight + pad } else { 0 };
        let tick = |axis: usize, i: i32, n: i32| {
            range[axis][0] + (range[axis][1] - range[axis][0]) * i as f32 / (n - 1) as f32
        };
        let mut ytick_width = 0;
        if fig.flg_ticklabel[1] != 0 {
            let mw = field(&fig.minwidth);
            if !mw.is_empty() {
                ytick_width = text_width(con, mw);
            }
            let n = fig.gridsize[1].min(20);
            for i in 0..n {
                ytick_width = ytick_width.max(text_width(con, &make_text(&fig.yformat, tick(1, i, n))));
            }
            ytick_width += pad;
        }
        let c = fig.textrgb[0];
        if fig.flg_ticklabel[0] != 0 {
            let n = fig.gridsize[0].min(20);
            for i in 0..n {
                let t = make_text(&fig.xformat, tick(0, i, n));
                let w = text_width(con, &t);
                let shift = if i == 0 {
                    0
                } else if i == n - 1 {
                    -w
                } else {
                    -w / 2
                };
                let x = (pad + ytick_width + shift) as f32
                    + ((vp.width - 2 * pad - ytick_width) * i) as f32 / (n - 1) as f32;
                text_actual(mjFONT_NORMAL as i32, &t, con, x, pad as f32, 0.0, c, c, c);
            }
        }
        if fig.flg_ticklabel[1] != 0 {
            let n = fig.gridsize[1].min(20);
            for i in 0..n {
                let t = make_text(&fig.yformat, tick(1, i, n));
                let w = text_width(con, &t);
                let y = (pad + xtick_height - con.charHeight / 2) as f32
                    + ((vp.height - 2 * pad - xtick_height) * i) as f32 / (n - 1) as f32;
                text_actual(mjFONT_NORMAL as i32, &t, con, (ytick_width - w) as f32, y, 0.0, c, c, c);
            }
        }
        vp.left += ytick_width;
        vp.width -= ytick_width;
        vp.bottom += xtick_height;
        vp.height -= xtick_height;
    }

    // plot area
    vp.left += pad;
    vp.width -= 2 * pad;
    vp.bottom += pad;
    vp.height -= 2 * pad;
    if vp.width <= 0 || vp.height <= 0 {
        return;
    }
    glViewport(vp.left, vp.bottom, vp.width, vp.height);
    fig.xaxispixel = [vp.left, vp.left + vp.width - 1];
    fig.yaxispixel = [vp.bottom, vp.bottom + vp.height - 1];
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(-OFFSET as f64, (1.0 + OFFSET) as f64, -OFFSET as f64, (1.0 + OFFSET) as f64, -1.0, 1.0);
    glEnable(GL_BLEND);
    glColor4fv(&fig.panergba);
    quad_unit();
    glDisable(GL_BLEND);

    glEnableClientState(GL_VERTEX_ARRAY);
    let mut grid = [0.0f32; 100];
    if fig.gridsize[0] > 1 && fig.gridsize[1] > 1 {
        glColor3fv(&fig.gridrgb);
        glLineWidth(fig.gridwidth);
        let n = fig.gridsize[0].min(20);
        for i in 0..n as usize {
            let x = i as f32 / (n - 1) as f32;
            grid[4 * i..4 * i + 4].copy_from_slice(&[x, 0.0, x, 1.0]);
        }
        draw_points_2d(GL_LINES, &grid, 2 * n);
        let n = fig.gridsize[1].min(20);
        for i in 0..n as usize {
            let y = i as f32 / (n - 1) as f32;
            grid[4 * i..4 * i + 4].copy_from_slice(&[0.0, y, 1.0, y]);
        }
        draw_points_2d(GL_LINES, &grid, 2 * n);
    }

    let difx = range[0][1] - range[0][0];
    let dify = range[1][1] - range[1][0];
    let data_ortho = || {
        glMatrixMode(GL_PROJECTION);
        glLoadIdentity();
        glOrtho(
            (range[0][0] - difx * OFFSET) as f64,
            (range[0][1] + difx * OFFSET) as f64,
            (range[1][0] - dify * OFFSET) as f64,
            (range[1][1] + dify * OFFSET) as f64,
            -1.0,
            1.0,
        );
    };
    data_ortho();
    let mode = if fig.flg_barplot != 0 { GL_LINES } else { GL_LINE_STRIP };
    for n in (0..mjMAXLINE).rev() {
        if fig.linepnt[n] != 0 {
            glColor3fv(&fig.linergb[n]);
            glLineWidth(fig.linewidth);
            draw_points_2d(mode, &fig.linedata[n], fig.linepnt[n]);
        }
    }
    if fig.flg_selection != 0 {
        glColor3f(1.0, 1.0, 1.0);
        glLineWidth(3.0);
        glBegin(GL_LINES);
        glVertex2f(fig.selection, range[1][0]);
        glVertex2f(fig.selection, range[1][1]);
        glEnd();
    }

    // legend, and the line under the mouse
    let mut hlight = fig.highlightid;
    if fig.flg_legend != 0 {
        glMatrixMode(GL_PROJECTION);
        glLoadIdentity();
        if vp.width <= 1 || vp.height <= 1 {
            return;
        }
        glOrtho(0.0, (vp.width - 1) as f64, 0.0, (vp.height - 1) as f64, -1.0, 1.0);
        let (mut lw, mut lh, mut cnt) = (0, 0, 0);
        for n in fig.legendoffset.max(0) as usize..mjMAXLINE {
            let name = field(&fig.linename[n]);
            if !name.is_empty() {
                lw = lw.max(text_width(con, name));
                lh += con.charHeight;
                cnt += 1;
                if lh + 2 * pad >= vp.height {
                    cnt -= 1;
                    lh -= con.charHeight;
                    break;
                }
            }
        }
        let mut hcnt = -1;
        let hx = fig.highlight[0] - vp.left;
        let hy = fig.highlight[1] - vp.bottom;
        if hx >= vp.width - pad - lw
            && hx <= vp.width - pad
            && hy >= vp.height - pad - lh
            && hy <= vp.height - pad
            && con.charHeight != 0
        {
            hcnt = (vp.height - pad - hy) / con.charHeight;
        }
        if cnt != 0 {
            glEnable(GL_BLEND);
            glColor4fv(&fig.legendrgba);
            glBegin(GL_QUADS);
            let (x0, y0) = ((vp.width - 2 * pad - lw) as f64, (vp.height - 2 * pad - lh) as f64);
            glVertex2d(x0, y0);
            glVertex2d(x0, vp.height as f64);
            glVertex2d(vp.width as f64, vp.height as f64);
            glVertex2d(vp.width as f64, y0);
            glEnd();
            glDisable(GL_BLEND);
        }
        let mut cnt = 0;
        for n in fig.legendoffset.max(0) as usize..mjMAXLINE {
            let name = field(&fig.linename[n]);
            if !name.is_empty() {
                let w = text_width(con, name);
                let rgb = fig.linergb[n];
                text_actual(
                    mjFONT_SHADOW as i32,
                    name,
                    con,
                    (vp.width - pad - w) as f32,
                    (vp.height - pad - (cnt + 1) * con.charHeight) as f32,
                    0.0,
                    rgb[0],
                    rgb[1],
                    rgb[2],
                );
                if hcnt == cnt {
                    hlight = n as i32;
                }
                cnt += 1;
                if (cnt + 1) * con.charHeight + 2 * pad >= vp.height {
                    break;
                }
            }
        }
    }

    if hlight >= 0 && (hlight as usize) < mjMAXLINE {
        let hl = hlight as usize;
        data_ortho();
        glColor3fv(&fig.linergb[hl]);
        glLineWidth(5.0 * fig.linewidth);
        draw_points_2d(mode, &fig.linedata[hl], fig.linepnt[hl]);
        if fig.flg_selection != 0 {
            let mut ibest: i32 = -1;
            let mut best = 0.0f32;
            for i in 0..fig.linepnt[hl].clamp(0, mjMAXLINEPNT as i32) as usize {
                let dist = ((fig.selection - fig.linedata[hl][2 * i]) as f64).abs();
                if ibest < 0 || best as f64 > dist {
                    ibest = i as i32;
                    best = dist as f32;
                }
            }
            if ibest >= 0 {
                let ib = ibest as usize;
                let mut buf = [0u8; 100];
                // SAFETY: a constant format with two doubles; snprintf writes at most buf.len()
                // bytes, NUL included
                unsafe {
                    libc::snprintf(
                        buf.as_mut_ptr() as *mut c_char,
                        buf.len(),
                        c"( %.4g : %.4g )".as_ptr(),
                        fig.linedata[hl][2 * ib] as f64,
                        fig.linedata[hl][2 * ib + 1] as f64,
                    );
                }
                let t = &buf[..buf.iter().position(|&c| c == 0).unwrap_or(0)];
                let x = (0.9 * range[0][0] as f64 + 0.1 * range[0][1] as f64) as f32;
                let y = (0.9 * range[1][0] as f64 + 0.1 * range[1][1] as f64) as f32;
                text_actual(mjFONT_SHADOW as i32, t, con, x, y, 0.0, fig.textrgb[0], fig.textrgb[1], fig.textrgb[2]);
            }
        }
    }
    glDisableClientState(GL_VERTEX_ARRAY);
}
