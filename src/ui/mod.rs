//! The UI framework (`mjui_*`): built-in themes and the definition of sections and items from
//! `mjuiDef` lists; layout in [`layout`], drawing in [`draw`], events in [`event`].

pub mod draw;
pub mod edit;
pub mod event;
pub mod geom;
pub mod layout;

use core::ffi::{c_char, c_int};

use crate::abi::mjtItem_::*;
use crate::abi::mjtSection_::*;
use crate::abi::*;

type R = Result<(), String>;

const SPACING: [[c_int; 13]; 2] = [
    // total scroll label section cornersect cornersep itemside itemmid itemver texthor textver linescroll samples
    [270, 15, 120, 8, 6, 6, 4, 4, 4, 8, 4, 30, 4],
    [310, 15, 120, 10, 10, 10, 7, 7, 7, 10, 5, 30, 4],
];

/// Built-in spacing theme: 0 tight, otherwise wide.
pub fn theme_spacing(ind: i32) -> mjuiThemeSpacing {
    let s = &SPACING[(ind != 0) as usize];
    mjuiThemeSpacing {
        total: s[0],
        scroll: s[1],
        label: s[2],
        section: s[3],
        cornersect: s[4],
        cornersep: s[5],
        itemside: s[6],
        itemmid: s[7],
        itemver: s[8],
        texthor: s[9],
        textver: s[10],
        linescroll: s[11],
        samples: s[12],
    }
}

/// Grey levels (r = g = b) or colours of the 28 entries of each colour theme, in field order.
const COLOR: [[[f64; 3]; 28]; 4] = [
    // default
    [
        [0.25; 3],
        [0.12; 3],
        [0.6, 0.2, 0.2],
        [0.1; 3],
        [0.45, 0.17, 0.17],
        [0.45, 0.17, 0.17],
        [0.45, 0.17, 0.17],
        [0.45, 0.17, 0.17],
        [1.0; 3],
        [0.7; 3],
        [0.1; 3],
        [0.25; 3],
        [0.1; 3],
        [0.0, 0.0, 1.0],
        [1.0; 3],
        [0.5; 3],
        [0.3; 3],
        [0.4; 3],
        [0.6, 0.4, 0.4],
        [0.4, 0.4, 0.7],
        [0.4, 0.6, 0.4],
        [0.4, 0.6, 0.6],
        [0.2, 0.3, 0.3],
        [0.3, 0.2, 0.3],
        [0.6, 0.4, 0.6],
        [0.6, 0.6, 0.4],
        [0.7, 0.0, 0.0],
        [0.9; 3],
    ],
    // orange
    [
        [0.2; 3],
        [0.12; 3],
        [0.3; 3],
        [0.15; 3],
        [0.25; 3],
        [0.25; 3],
        [0.25; 3],
        [0.25; 3],
        [0.8; 3],
        [0.7; 3],
        [0.15; 3],
        [0.2; 3],
        [0.15; 3],
        [0.0, 0.0, 1.0],
        [0.9; 3],
        [0.5; 3],
        [0.2; 3],
        [0.25; 3],
        [0.6, 0.4, 0.2],
        [0.6, 0.4, 0.2],
        [0.6, 0.4, 0.2],
        [0.6, 0.4, 0.2],
        [0.3, 0.2, 0.1],
        [0.2; 3],
        [0.6, 0.4, 0.2],
        [0.6, 0.4, 0.2],
        [0.7, 0.0, 0.0],
        [0.9; 3],
    ],
    // white
    [
        [0.9; 3],
        [0.7; 3],
        [0.8; 3],
        [1.0; 3],
        [0.95; 3],
        [0.95; 3],
        [0.95; 3],
        [0.95; 3],
        [0.0, 0.0, 0.8],
        [0.0, 0.0, 0.8],
        [1.0; 3],
        [0.9; 3],
        [1.0; 3],
        [0.0, 1.0, 1.0],
        [0.0; 3],
        [0.7; 3],
        [0.95; 3],
        [0.9; 3],
        [0.8; 3],
        [0.8; 3],
        [0.8; 3],
        [0.8; 3],
        [0.9; 3],
        [0.95; 3],
        [0.8; 3],
        [0.8; 3],
        [1.0, 0.3, 0.3],
        [0.2; 3],
    ],
    // black
    [
        [0.15; 3],
        [0.3; 3],
        [0.25; 3],
        [0.0; 3],
        [0.2; 3],
        [0.2; 3],
        [0.2; 3],
        [0.2; 3],
        [1.0, 0.3, 0.3],
        [1.0, 0.3, 0.3],
        [0.0; 3],
        [0.15; 3],
        [0.0; 3],
        [0.0, 0.0, 1.0],
        [1.0; 3],
        [0.4; 3],
        [0.1; 3],
        [0.15; 3],
        [0.3; 3],
        [0.3; 3],
        [0.3; 3],
        [0.3; 3],
        [0.15; 3],
        [0.15; 3],
        [0.3; 3],
        [0.3; 3],
        [0.8, 0.2, 0.2],
        [0.8; 3],
    ],
];

/// Built-in colour theme: 0 default, 1 orange, 2 white, otherwise black.
pub fn theme_color(ind: i32) -> mjuiThemeColor {
    let t = &COLOR[if (0..3).contains(&ind) { ind as usize } else { 3 }];
    let mut f = [[0.0f32; 3]; 28];
    for (o, c) in f.iter_mut().zip(t) {
        *o = [c[0] as f32, c[1] as f32, c[2] as f32];
    }
    // SAFETY: mjuiThemeColor is 28 consecutive float[3]
    unsafe { core::mem::transmute::<[[f32; 3]; 28], mjuiThemeColor>(f) }
}

fn cstr(s: &[c_char]) -> &[u8] {
    // SAFETY: c_char and u8 have the same layout
    let b = unsafe { core::slice::from_raw_parts(s.as_ptr() as *const u8, s.len()) };
    &b[..b.iter().position(|&c| c == 0).unwrap_or(b.len())]
}

/// The characters of a char array up to its first NUL (or its end), NUL-terminated: a C string
/// for sscanf even when the array is full.
pub fn c_text(s: &[c_char]) -> Vec<c_char> {
    let mut t: Vec<c_char> = cstr(s).iter().map(|&c| c as c_char).collect();
    t.push(0);
    t
}

/// strncpy into a fixed array, last byte forced to NUL.
fn copy_name(dst: &mut [c_char], src: &[c_char]) {
    let n = dst.len();
    let s = cstr(src);
    for (i, d) in dst.iter_mut().enumerate() {
        *d = if i < s.len() { s[i] as c_char } else { 0 };
    }
    dst[n - 1] = 0;
}

/// Modifier (' ' none, 'C' control, 'S' shift, 'A' alt) and key (a character or '#' and a
/// decimal code) of a shortcut specification.
fn parse_shortcut(text: &[c_char]) -> Result<(c_int, c_int), String> {
    let t = cstr(text);
    if t.is_empty() {
        return Ok((0, 0));
    }
    if t.len() < 2 || t.len() > 5 {
        return Err("mjui_add: invalid shortcut specification".into());
    }
    let m = match t[0] {
        b' ' => 0,
        b'C' => 1,
        b'S' => 2,
        b'A' => 4,
        _ => return Err("mjui_add: invalid shortcut modifier".into()),
    };
    let key = if t[1] == b'#' {
        let mut k: c_int = 0;
        let text = c_text(text);
        // SAFETY: text is NUL-terminated (c_text) and longer than 2 (t.len() >= 2 checked
        // above); sscanf writes one int into k
        if unsafe { libc::sscanf(text.as_ptr().add(2), c"%d".as_ptr(), &mut k) } != 1 {
            return Err("mjui_add: invalid shortcut numeric code".into());
        }
        k
    } else {
        if t.len() > 2 {
            return Err("mjui_add: invalid shortcut".into());
        }
        t[1] as i8 as c_int
    };
    Ok((m, key))
}

fn cap(x: f64) -> f64 {
    if 1.0 > x {
        1.0
    } else {
        x
    }
}

/// The entries of a C definition list, up to and including its mjITEM_END entry.
///
/// # Safety
/// `def` points to an array of entries terminated by one of type mjITEM_END (the mjui_add
/// contract), which stays alive and unchanged for `'a`.
pub unsafe fn def_list<'a>(def: *const mjuiDef) -> &'a [mjuiDef] {
    let mut n = 0usize;
    // SAFETY: every entry up to the mjITEM_END one is part of the array (this function's contract)
    while unsafe { (*def.add(n)).r#type } != mjITEM_END as i32 {
        n += 1;
    }
    // SAFETY: n + 1 entries, the last the mjITEM_END one, as just read
    unsafe { core::slice::from_raw_parts(def, n + 1) }
}

/// Appends the sections and items of `defs` (up to its first mjITEM_END entry, or all of them)
/// to the UI.
pub fn add(ui: &mut mjUI, defs: &[mjuiDef]) -> R {
    for d in defs {
        let t = d.r#type;
        if t == mjITEM_END as i32 {
            return Ok(());
        }
        if t == mjITEM_SECTION as i32 {
            if ui.nsect as usize >= mjMAXUISECT {
                return Err("mjui_add: too many sections".into());
            }
            if cstr(&d.name).len() >= mjMAXUINAME - 1 {
                return Err("mjui_add: section name too long".into());
            }
            let st = d.state;
            if st != mjSECT_CLOSED as i32
                && st != mjSECT_OPEN as i32
                && st != mjSECT_FIXED as i32
                && st != mjPRESERVE as i32
            {
                return Err("mjui_add: invalid section state".into());
            }
            ui.nsect += 1;
            let se = &mut ui.sect[ui.nsect as usize - 1];
            let oldstate = se.state;
            let states: Vec<c_int> = se.item.iter().map(|it| it.state).collect();
            // SAFETY: mjuiSection is plain numbers, characters and the items' (nullable) data
            // pointers; all-zero is its cleared state
            unsafe { core::ptr::write_bytes(se as *mut mjuiSection, 0, 1) };
            for (it, s) in se.item.iter_mut().zip(states) {
                it.state = s;
            }
            se.state = if st == mjPRESERVE as i32 { oldstate } else { st };
            copy_name(&mut se.name, &d.name);
            se.checkbox = d.otherint;
            (se.modifier, se.shortcut) = parse_shortcut(&d.other)?;
        } else if t >= 0 && t < mjNITEM as i32 {
            if ui.nsect <= 0 {
                return Err("mjui_add: item defined outside section".into());
            }
            let nsect = ui.nsect;
            let se = &mut ui.sect[nsect as usize - 1];
            if se.nitem as usize >= mjMAXUIITEM {
                return Err("mjui_add: too many items in section".into());
            }
            if cstr(&d.name).len() >= mjMAXUINAME {
                return Err("mjui_add: item name too long".into());
            }
            if d.state < 0 {
                return Err("mjui_add: invalid item state".into());
            }
            se.nitem += 1;
            let itemid = se.nitem - 1;
            let it = &mut se.item[itemid as usize];
            let oldstate = it.state;
            // SAFETY: mjuiItem is plain numbers, characters and a nullable data pointer; all-zero
            // is its cleared state
            unsafe { core::ptr::write_bytes(it as *mut mjuiItem, 0, 1) };
            it.state = if t == mjITEM_SEPARATOR as i32 && d.state == mjPRESERVE as i32 {
                oldstate.max(mjSEPCLOSED as i32)
            } else {
                d.state
            };
            it.r#type = t;
            it.pdata = d.pdata;
            copy_name(&mut it.name, &d.name);
            it.sectionid = nsect - 1;
            it.itemid = itemid;
            it.userid = d.otherint;
            if t > mjITEM_BUTTON as i32 && it.pdata.is_null() {
                return Err("mjui_add: no data pointer for item with data".into());
            }
            if t <= mjITEM_BUTTON as i32 && !it.pdata.is_null() {
                return Err("mjui_add: data pointer for item without data".into());
            }
            let u = &mut it.__anon_union;
            // SAFETY (the member borrows below): every member of the union is plain integers,
            // floats and characters, so each bit pattern (the item was just zeroed) is valid for
            // each member
            if t == mjITEM_BUTTON as i32 || t == mjITEM_CHECKINT as i32 || t == mjITEM_CHECKBYTE as i32 {
                // SAFETY: plain-data union member (see above)
                let single = unsafe { &mut u.single };
                (single.modifier, single.shortcut) = parse_shortcut(&d.other)?;
            } else if t == mjITEM_STATIC as i32
                || t == mjITEM_RADIO as i32
                || t == mjITEM_RADIOLINE as i32
                || t == mjITEM_SELECT as i32
            {
                let other = cstr(&d.other);
                // SAFETY: plain-data union member (see above)
                let multi = unsafe { &mut u.multi };
                multi.nelem = 0;
                let mut i = 0;
                while i < other.len() {
                    if multi.nelem as usize >= mjMAXUIMULTI {
                        return Err("mjui_add: too many multi elements".into());
                    }
                    let start = i;
                    while i < other.len() && other[i] != b'\n' {
                        i += 1;
                    }
                    if i == start || i - start >= mjMAXUINAME - 1 {
                        return Err("mjui_add: invalid multi element name".into());
                    }
                    let k = multi.nelem as usize;
                    multi.nelem += 1;
                    for (j, &c) in other[start..i].iter().enumerate() {
                        multi.name[k][j] = c as c_char;
                    }
                    multi.name[k][i - start] = 0;
                    i += 1;
                }
            } else if t == mjITEM_SLIDERINT as i32 || t == mjITEM_SLIDERNUM as i32 {
                let mut x = [0.0f64; 3];
                let p = x.as_mut_ptr();
                let other = c_text(&d.other);
                // SAFETY: other is NUL-terminated (c_text); x has room for the 3 conversions
                let num = unsafe { libc::sscanf(other.as_ptr(), c"%lf %lf %lf".as_ptr(), p, p.add(1), p.add(2)) };
                if num != 2 && num != 3 {
                    return Err("mjui_add: slider expects 'min max [div]'".into());
                }
                // SAFETY: plain-data union member (see above)
                let slider = unsafe { &mut u.slider };
                slider.range = [x[0], x[1]];
                slider.divisions = if num == 3 {
                    cap(x[2])
                } else if t == mjITEM_SLIDERINT as i32 {
                    cap(x[1] - x[0])
                } else {
                    200.0
                };
            } else if t == mjITEM_EDITINT as i32 || t == mjITEM_EDITNUM as i32 || t == mjITEM_EDITFLOAT as i32 {
                let mut x = [0.0f64; 15];
                let p: Vec<*mut f64> = x.iter_mut().map(|v| v as *mut f64).collect();
                let other = c_text(&d.other);
                // SAFETY: other is NUL-terminated (c_text); the 15 pointers are to distinct
                // elements of x, one per conversion
                let num = unsafe {
                    libc::sscanf(
                        other.as_ptr(),
                        c"%lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf".as_ptr(),
                        p[0],
                        p[1],
                        p[2],
                        p[3],
                        p[4],
                        p[5],
                        p[6],
                        p[7],
                        p[8],
                        p[9],
                        p[10],
                        p[11],
                        p[12],
                        p[13],
                        p[14],
                    )
                };
                if num < 1 {
                    return Err("mjui_add: edit length missing".into());
                }
                // SAFETY: plain-data union member (see above)
                let edit = unsafe { &mut u.edit };
                edit.nelem = crate::math::misc::round(x[0]);
                if edit.nelem < 1 || edit.nelem as usize > mjMAXUIEDIT {
                    return Err("mjui_add: invalid edit length".into());
                }
                if edit.nelem * 2 != num - 1 && num > 1 {
                    return Err("mjui_add: incorrent number of edit ranges".into());
                }
                if num > 1 {
                    for i in 0..edit.nelem as usize {
                        edit.range[i] = [x[1 + 2 * i], x[2 + 2 * i]];
                    }
                }
            } else if t == mjITEM_EDITTXT as i32 {
                u.edit.nelem = 0;
            }
        } else {
            return Err("mjui_add: invalid item type".into());
        }
    }
    Ok(())
}

/// `add` into section `sect` (which becomes the last one while adding).
pub fn add_to_section(ui: &mut mjUI, sect: i32, defs: &[mjuiDef]) -> R {
    let nsect = ui.nsect;
    ui.nsect = sect + 1;
    let r = add(ui, defs);
    ui.nsect = nsect;
    r
}
