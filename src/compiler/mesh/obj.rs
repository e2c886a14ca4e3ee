//! Wavefront OBJ text, read exactly as upstream reads it.
//!
//! MuJoCo 3.4.0 hands OBJ files to tinyobjloader (commit 1421a10d, early 2020) through
//! `ObjReader::ParseFromString(text, "")` with the default configuration (triangulation on,
//! vertex colours on) and then uses the flat vertex, normal and texture-coordinate arrays and
//! the faces of the first shape. This module reproduces the outcome of that call, quirks
//! included:
//!
//! * Lines end at `\n`, `\r\n` or a lone `\r`; a NUL byte ends a line's content. Leading
//!   blanks (space, tab) are skipped; `#` starts a comment line; unknown lines are ignored.
//! * Numbers go through tinyobjloader's own reader, which is not correctly rounded: digits
//!   are accumulated in a double (integer part by `m = m*10 + d`, fraction by adding
//!   `d * 10^-k` with `10^-k` from a table for k < 8 and from `pow` beyond), a decimal
//!   exponent `e` is applied as `ldexp(m * pow(5, e), e)`, and the double is then rounded to
//!   float. The reader is greedy and stops at the first character that does not fit
//!   (`1.5abc` is 1.5); a bare `.`, `+.` or `-.` reads as zero; `1e`, `1e+`, `abc`, `nan`,
//!   `inf` and an empty field fail, and a field that fails reads as 0.
//!   Exponent digits accumulate in a wrapping 32-bit integer. `0e500` and the like give the
//!   x86 default NaN (sign bit set), whatever the sign written.
//! * `v x y z [...]` keeps x, y, z (a 4th value or colours are not kept here); `vn` keeps
//!   three values; `vt` keeps two (missing ones are 0, a third is dropped).
//! * Face, line and point entries are `i`, `i/j`, `i//k` or `i/j/k`, read with C `atoi`
//!   (leading white space, sign, saturating digits, truncation to 32 bits). Positive indices
//!   are one-based, negative ones count back from the number of elements read so far (and
//!   may stay negative), zero (including an empty or non-numeric field) makes the whole
//!   file invalid. Out-of-range indices are kept as they are.
//! * Polygons with more than three vertices are split by ear clipping in the plane chosen
//!   from the first non-degenerate corner, in single precision; faces with fewer than three
//!   vertices are dropped, and the clipping can give up on degenerate polygons (leaving
//!   part of the polygon, or all of it, out).
//! * Shapes are split by `g name` (kept only when it has triangles), `o name` (kept when it
//!   has triangles, lines or points), and the end of the file. `usemtl` only matters after
//!   an `mtllib` line, when `usemtl` with an empty name selects the lone default material:
//!   a material change moves the pending faces into the current shape without ending it.

use std::hint::black_box;

/// One face vertex: zero-based vertex, normal and texture-coordinate indices (-1: absent).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjIndex {
    pub vertex: i32,
    pub normal: i32,
    pub texcoord: i32,
}

/// What upstream's reader hands to the mesh compiler.
#[derive(Debug, Default)]
pub struct ObjData {
    pub vertices: Vec<f32>,
    pub normals: Vec<f32>,
    pub texcoords: Vec<f32>,
    /// the first shape's face-vertex indices and vertex count per face (None: no shape)
    pub first_shape: Option<(Vec<ObjIndex>, Vec<u32>)>,
}

/// Parses OBJ text as upstream's reader does; Err(()) when it reports the input invalid.
#[allow(clippy::result_unit_err)] // upstream's reader says only that the input is invalid
pub fn parse_obj(bytes: &[u8]) -> Result<ObjData, ()> {
    let mut r = Reader { material: -1, ..Reader::default() };
    let mut rest = bytes;
    while !rest.is_empty() {
        let end = rest.iter().position(|&b| b == b'\n' || b == b'\r').unwrap_or(rest.len());
        let line = &rest[..end];
        let next = match rest.get(end) {
            Some(b'\r') if rest.get(end + 1) == Some(&b'\n') => end + 2,
            Some(_) => end + 1,
            None => end,
        };
        rest = &rest[next..];
        let line = match line.iter().position(|&b| b == 0) {
            Some(nul) => &line[..nul],
            None => line,
        };
        r.line(line)?;
    }
    Ok(r.finish())
}

// ---------------------------------------------------------------------------------------------
// Reading within one line

/// A position in one line; reads past the end give NUL, like the C string upstream scans.
struct Cursor<'a> {
    s: &'a [u8],
    p: usize,
}

impl<'a> Cursor<'a> {
    #[inline]
    fn at(&self, k: usize) -> u8 {
        self.s.get(self.p + k).copied().unwrap_or(0)
    }

    #[inline]
    fn peek(&self) -> u8 {
        self.at(0)
    }

    /// Skips spaces and tabs (and carriage returns, which never occur within a line).
    #[inline]
    fn skip_blanks(&mut self) {
        while matches!(self.peek(), b' ' | b'\t' | b'\r') {
            self.p += 1;
        }
    }

    /// Moves to the next space, tab or end of line.
    #[inline]
    fn skip_word(&mut self) {
        while !matches!(self.peek(), b' ' | b'\t' | b'\r' | 0) {
            self.p += 1;
        }
    }

    /// Moves to the next slash, space, tab or end of line.
    #[inline]
    fn skip_field(&mut self) {
        while !matches!(self.peek(), b'/' | b' ' | b'\t' | b'\r' | 0) {
            self.p += 1;
        }
    }

    /// The next blank-delimited word, with the cursor moved past it.
    #[inline]
    fn word(&mut self) -> &'a [u8] {
        self.skip_blanks();
        let start = self.p;
        self.skip_word();
        &self.s[start..self.p]
    }

    /// A real number field; `default` when it does not parse.
    #[inline]
    fn real(&mut self, default: f32) -> f32 {
        match parse_real(self.word()) {
            Some(x) => to_f32(x),
            None => default,
        }
    }

    /// C `atoi` at the cursor (the cursor does not move): `(int) strtol(s, NULL, 10)`.
    fn atoi(&self) -> i32 {
        let mut i = 0;
        while matches!(self.at(i), b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
            i += 1;
        }
        let negative = match self.at(i) {
            b'-' => {
                i += 1;
                true
            }
            b'+' => {
                i += 1;
                false
            }
            _ => false,
        };
        let mut mag: u64 = 0;
        let mut overflow = false;
        while self.at(i).is_ascii_digit() {
            match mag.checked_mul(10).and_then(|m| m.checked_add(u64::from(self.at(i) - b'0'))) {
                Some(m) => mag = m,
                None => overflow = true,
            }
            i += 1;
        }
        let long: i64 = if negative {
            if overflow || mag > 1u64 << 63 {
                i64::MIN
            } else {
                (mag as i64).wrapping_neg()
            }
        } else if overflow || mag > i64::MAX as u64 {
            i64::MAX
        } else {
            mag as i64
        };
        long as i32
    }

    /// One `i[/j][/k]` entry of a face, line or point list; None when an index is zero.
    fn index(&mut self, nv: i32, nvn: i32, nvt: i32) -> Option<ObjIndex> {
        let mut r = ObjIndex { vertex: -1, normal: -1, texcoord: -1 };
        r.vertex = fix_index(self.atoi(), nv)?;
        self.skip_field();
        if self.peek() != b'/' {
            return Some(r);
        }
        self.p += 1;
        if self.peek() == b'/' {
            self.p += 1;
            r.normal = fix_index(self.atoi(), nvn)?;
            self.skip_field();
            return Some(r);
        }
        r.texcoord = fix_index(self.atoi(), nvt)?;
        self.skip_field();
        if self.peek() != b'/' {
            return Some(r);
        }
        self.p += 1;
        r.normal = fix_index(self.atoi(), nvn)?;
        self.skip_field();
        Some(r)
    }
}

/// One-based or relative index to zero-based; zero is rejected.
#[inline]
fn fix_index(idx: i32, count: i32) -> Option<i32> {
    if idx > 0 {
        Some(idx - 1)
    } else if idx == 0 {
        None
    } else {
        Some(count.wrapping_add(idx))
    }
}

// ---------------------------------------------------------------------------------------------
// Numbers

/// The NaN an x86 multiply produces for 0 * inf.
const X86_DEFAULT_NAN: u64 = 0xfff8_0000_0000_0000;

/// 10^-k for small k, as the double literals upstream tabulates.
const NEG_POW10: [f64; 8] = [1.0, 0.1, 0.01, 0.001, 0.0001, 0.00001, 0.000001, 0.0000001];

/// tinyobjloader's number reader on one blank-delimited field (None: no number).
fn parse_real(s: &[u8]) -> Option<f64> {
    let n = s.len();
    let first = *s.first()?;
    let mut i = 0;
    let mut negative = false;
    let mut leading_dot = false;
    match first {
        b'+' | b'-' => {
            negative = first == b'-';
            i = 1;
            leading_dot = s.get(1) == Some(&b'.');
        }
        b'0'..=b'9' => {}
        b'.' => leading_dot = true,
        _ => return None,
    }

    let mut m = 0.0f64;
    if !leading_dot {
        let start = i;
        while i < n && s[i].is_ascii_digit() {
            m *= 10.0;
            m += f64::from(s[i] - b'0');
            i += 1;
        }
        if i == start {
            return None;
        }
    }

    let mut exp: i32 = 0;
    if i < n {
        let mut has_exp = matches!(s[i], b'e' | b'E');
        if s[i] == b'.' {
            i += 1;
            let mut k: i32 = 1;
            while i < n && s[i].is_ascii_digit() {
                let scale =
                    if (0..8).contains(&k) { NEG_POW10[k as usize] } else { black_box(10.0f64).powf(-f64::from(k)) };
                m += f64::from(s[i] - b'0') * scale;
                k = k.wrapping_add(1);
                i += 1;
            }
            has_exp = i < n && matches!(s[i], b'e' | b'E');
        }
        if has_exp {
            i += 1;
            let mut exp_negative = false;
            match s.get(i) {
                Some(&c) if c == b'+' || c == b'-' => {
                    exp_negative = c == b'-';
                    i += 1;
                }
                Some(c) if c.is_ascii_digit() => {}
                _ => return None,
            }
            let start = i;
            while i < n && s[i].is_ascii_digit() {
                exp = exp.wrapping_mul(10).wrapping_add(i32::from(s[i] - b'0'));
                i += 1;
            }
            if exp_negative {
                exp = exp.wrapping_neg();
            }
            if i == start {
                return None;
            }
        }
    }

    let mag = if exp != 0 {
        let scaled = m * black_box(5.0f64).powf(f64::from(exp));
        if scaled.is_nan() {
            // 0 * inf or inf * 0; the sign multiply upstream keeps this NaN as it is
            return Some(f64::from_bits(X86_DEFAULT_NAN));
        }
        ldexp(scaled, exp)
    } else {
        m
    };
    Some(if negative { -mag } else { mag })
}

/// x * 2^n with one rounding (C `ldexp`).
fn ldexp(x: f64, n: i32) -> f64 {
    let two_1023 = f64::from_bits(0x7fe0_0000_0000_0000);
    let two_m969 = f64::from_bits(54 << 52); // 2^-1022 * 2^53
    let mut y = x;
    let mut n = n;
    if n > 1023 {
        y *= two_1023;
        n -= 1023;
        if n > 1023 {
            y *= two_1023;
            n -= 1023;
            n = n.min(1023);
        }
    } else if n < -1022 {
        y *= two_m969;
        n += 969;
        if n < -1022 {
            y *= two_m969;
            n += 969;
            n = n.max(-1022);
        }
    }
    y * f64::from_bits(((0x3ff + n) as u64) << 52)
}

/// Double to float as x86 `cvtsd2ss` does, NaN sign and payload included.
#[inline]
fn to_f32(x: f64) -> f32 {
    if x.is_nan() {
        let b = x.to_bits();
        let sign = ((b >> 32) as u32) & 0x8000_0000;
        let payload = ((b >> 29) as u32) & 0x003f_ffff;
        f32::from_bits(sign | 0x7fc0_0000 | payload)
    } else {
        x as f32
    }
}

// ---------------------------------------------------------------------------------------------
// Whole-file state

#[derive(Default)]
struct Reader {
    v: Vec<f32>,
    vn: Vec<f32>,
    vt: Vec<f32>,

    // primitives read since the last flush: faces (flat entries + lengths), lines, points
    face_entries: Vec<ObjIndex>,
    face_lens: Vec<usize>,
    lines: usize,
    lines_have_entries: bool,
    points: usize,
    points_have_entries: bool,

    // the shape being built
    tri: Vec<ObjIndex>,
    tri_counts: Vec<u32>,
    shape_has_lines: bool,
    shape_has_points: bool,

    /// current material id (-1: none)
    material: i32,
    /// an `mtllib` line loaded the (empty) material text, defining material "" = 0
    default_material: bool,

    first: Option<(Vec<ObjIndex>, Vec<u32>)>,
    scratch: Vec<ObjIndex>,
}

impl Reader {
    /// Whether shapes still matter (only the first one is kept).
    #[inline]
    fn collecting(&self) -> bool {
        self.first.is_none()
    }

    fn counts(&self) -> (i32, i32, i32) {
        ((self.v.len() / 3) as i32, (self.vn.len() / 3) as i32, (self.vt.len() / 2) as i32)
    }

    fn line(&mut self, line: &[u8]) -> Result<(), ()> {
        let mut c = Cursor { s: line, p: 0 };
        while matches!(c.peek(), b' ' | b'\t') {
            c.p += 1;
        }
        let t0 = c.peek();
        let t1 = c.at(1);
        let blank1 = t1 == b' ' || t1 == b'\t';
        let blank2 = matches!(c.at(2), b' ' | b'\t');
        match t0 {
            0 | b'#' => Ok(()),
            b'v' if blank1 => {
                c.p += 2;
                let x = c.real(0.0);
                let y = c.real(0.0);
                let z = c.real(0.0);
                self.v.extend_from_slice(&[x, y, z]);
                Ok(())
            }
            b'v' if t1 == b'n' && blank2 => {
                c.p += 3;
                let x = c.real(0.0);
                let y = c.real(0.0);
                let z = c.real(0.0);
                self.vn.extend_from_slice(&[x, y, z]);
                Ok(())
            }
            b'v' if t1 == b't' && blank2 => {
                c.p += 3;
                let x = c.real(0.0);
                let y = c.real(0.0);
                self.vt.extend_from_slice(&[x, y]);
                Ok(())
            }
            b'l' | b'p' if blank1 => {
                c.p += 2;
                let (nv, nvn, nvt) = self.counts();
                let mut count = 0usize;
                while c.peek() != 0 {
                    c.index(nv, nvn, nvt).ok_or(())?;
                    count += 1;
                    c.skip_blanks();
                }
                if t0 == b'l' {
                    self.lines += 1;
                    self.lines_have_entries |= count > 0;
                } else {
                    self.points += 1;
                    self.points_have_entries |= count > 0;
                }
                Ok(())
            }
            b'f' if blank1 => {
                c.p += 2;
                c.skip_blanks();
                let (nv, nvn, nvt) = self.counts();
                let keep = self.collecting();
                let start = self.face_entries.len();
                while c.peek() != 0 {
                    let ix = c.index(nv, nvn, nvt).ok_or(())?;
                    if keep {
                        self.face_entries.push(ix);
                    }
                    c.skip_blanks();
                }
                if keep {
                    self.face_lens.push(self.face_entries.len() - start);
                }
                Ok(())
            }
            b'u' if line[c.p..].starts_with(b"usemtl") => {
                c.p += 6;
                let name = c.word();
                let id = if self.default_material && name.is_empty() { 0 } else { -1 };
                if id != self.material {
                    self.flush();
                    self.face_entries.clear();
                    self.face_lens.clear();
                    self.material = id;
                }
                Ok(())
            }
            b'm' if line[c.p..].starts_with(b"mtllib") && matches!(c.at(6), b' ' | b'\t') => {
                if c.at(7) != 0 {
                    self.default_material = true;
                }
                Ok(())
            }
            b'g' | b'o' if blank1 => {
                self.flush();
                if self.collecting()
                    && (!self.tri.is_empty() || (t0 == b'o' && (self.shape_has_lines || self.shape_has_points)))
                {
                    self.first = Some(self.take_shape());
                }
                self.tri.clear();
                self.tri_counts.clear();
                self.shape_has_lines = false;
                self.shape_has_points = false;
                self.clear_pending();
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn take_shape(&mut self) -> (Vec<ObjIndex>, Vec<u32>) {
        (std::mem::take(&mut self.tri), std::mem::take(&mut self.tri_counts))
    }

    fn clear_pending(&mut self) {
        self.face_entries.clear();
        self.face_lens.clear();
        self.lines = 0;
        self.lines_have_entries = false;
        self.points = 0;
        self.points_have_entries = false;
    }

    /// Moves the pending primitives into the current shape; false when there were none.
    fn flush(&mut self) -> bool {
        if self.face_lens.is_empty() && self.lines == 0 && self.points == 0 {
            return false;
        }
        if self.collecting() {
            let mut at = 0;
            for &len in &self.face_lens {
                let face = &self.face_entries[at..at + len];
                at += len;
                let (tri, counts) = (&mut self.tri, &mut self.tri_counts);
                triangulate(face, &self.v, tri, counts, &mut self.scratch);
            }
        }
        self.shape_has_lines |= self.lines_have_entries;
        self.shape_has_points |= self.points_have_entries;
        true
    }

    fn finish(mut self) -> ObjData {
        let any = self.flush();
        if self.collecting() && (any || !self.tri.is_empty()) {
            self.first = Some(self.take_shape());
        }
        ObjData { vertices: self.v, normals: self.vn, texcoords: self.vt, first_shape: self.first }
    }
}

// ---------------------------------------------------------------------------------------------
// Triangulation

/// Appends the triangles upstream makes of one face.
fn triangulate(face: &[ObjIndex], v: &[f32], out: &mut Vec<ObjIndex>, counts: &mut Vec<u32>, rem: &mut Vec<ObjIndex>) {
    let n = face.len();
    if n < 3 {
        return;
    }
    if n == 3 {
        out.extend_from_slice(face);
        counts.push(3);
        return;
    }
    let nv = v.len() / 3;
    let at = |ix: ObjIndex| -> Option<usize> {
        if ix.vertex >= 0 && (ix.vertex as usize) < nv {
            Some(ix.vertex as usize * 3)
        } else {
            None
        }
    };

    // projection plane: drop the axis the first proper corner's normal is largest along
    let (mut ax0, mut ax1) = (1usize, 2usize);
    for k in 0..n {
        let corner = (at(face[k]), at(face[(k + 1) % n]), at(face[(k + 2) % n]));
        let (Some(a), Some(b), Some(c)) = corner else {
            continue;
        };
        let (e0x, e0y, e0z) = (v[b] - v[a], v[b + 1] - v[a + 1], v[b + 2] - v[a + 2]);
        let (e1x, e1y, e1z) = (v[c] - v[b], v[c + 1] - v[b + 1], v[c + 2] - v[b + 2]);
        let cx = (e0y * e1z - e0z * e1y).abs();
        let cy = (e0z * e1x - e0x * e1z).abs();
        let cz = (e0x * e1y - e0y * e1x).abs();
        if cx > f32::EPSILON || cy > f32::EPSILON || cz > f32::EPSILON {
            if !(cx > cy && cx > cz) {
                ax0 = 0;
                if cz > cx && cz > cy {
                    ax1 = 1;
                }
            }
            break;
        }
    }

    // signed area in that plane
    let mut area = 0.0f32;
    for k in 0..n {
        let (Some(a), Some(b)) = (at(face[k]), at(face[(k + 1) % n])) else {
            continue;
        };
        area += (v[a + ax0] * v[b + ax1] - v[a + ax1] * v[b + ax0]) * 0.5;
    }

    // ear clipping, giving up after a full round without progress
    rem.clear();
    rem.extend_from_slice(face);
    let mut guess = 0usize;
    let mut tries = n;
    let mut last_len = n;
    while rem.len() > 3 && tries > 0 {
        let np = rem.len();
        if guess >= np {
            guess -= np;
        }
        if last_len != np {
            last_len = np;
            tries = np;
        } else {
            tries -= 1;
        }

        let mut ind = [rem[0]; 3];
        let mut px = [0.0f32; 3];
        let mut py = [0.0f32; 3];
        for k in 0..3 {
            ind[k] = rem[(guess + k) % np];
            if let Some(a) = at(ind[k]) {
                px[k] = v[a + ax0];
                py[k] = v[a + ax1];
            }
        }
        let cross = (px[1] - px[0]) * (py[2] - py[1]) - (py[1] - py[0]) * (px[2] - px[1]);
        if cross * area < 0.0 {
            guess += 1;
            continue;
        }

        let overlap = (3..np).any(|other| match at(rem[(guess + other) % np]) {
            Some(a) => in_triangle(&px, &py, v[a + ax0], v[a + ax1]),
            None => false,
        });
        if overlap {
            guess += 1;
            continue;
        }

        out.extend_from_slice(&ind);
        counts.push(3);
        rem.remove((guess + 1) % np);
    }
    if rem.len() == 3 {
        out.extend_from_slice(&rem[..3]);
        counts.push(3);
    }
}

/// Even-odd crossing test of a point against a triangle (W. R. Franklin's pnpoly).
fn in_triangle(px: &[f32; 3], py: &[f32; 3], tx: f32, ty: f32) -> bool {
    let mut inside = false;
    let mut j = 2;
    for i in 0..3 {
        if (py[i] > ty) != (py[j] > ty) && tx < (px[j] - px[i]) * (ty - py[i]) / (py[j] - py[i]) + px[i] {
            inside = !inside;
        }
        j = i;
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(a: &[f32]) -> Vec<u32> {
        a.iter().map(|x| x.to_bits()).collect()
    }

    fn ix(vertex: i32, normal: i32, texcoord: i32) -> ObjIndex {
        ObjIndex { vertex, normal, texcoord }
    }

    // expected values below come from tinyobjloader 1421a10d (capi-tests/obj/obj_ref.cc)

    #[test]
    fn numbers_match_tinyobjloader() {
        let text = b"v 0.1 1e-45 .5e1\nv -. 0.123456789012 1e39\nv 3.4028235e38 1.5abc 0e500\n\
                     v 1e-400 -0e500 7.0e-46\nv 5.48170340e7 abc 1e+\nvt 0.5\nvn 1 2\n";
        let d = parse_obj(text).unwrap();
        assert_eq!(
            bits(&d.vertices),
            vec![
                0x3dcccccd, 0x00000001, 0x40a00000, 0x80000000, 0x3dfcd6ea, 0x7f800000, 0x7f7fffff, 0x3fc00000,
                0xffc00000, 0x00000000, 0xffc00000, 0x00000000,
                // not correctly rounded: the nearest float is 0x4c511c42
                0x4c511c43, 0, 0,
            ]
        );
        assert_eq!(bits(&d.texcoords), vec![0x3f000000, 0]);
        assert_eq!(bits(&d.normals), vec![0x3f800000, 0x40000000, 0]);
        assert!(d.first_shape.is_none());
    }

    #[test]
    fn concave_polygon_and_index_forms() {
        let text = b"v 0 0 0\nv 4 0 0\nv 4 4 0\nv 2 1 0\nv 0 4 0\nvt 0 0\nvn 0 0 1\n\
                     f 1/1/1 2//1 3/1 -2 -1\n";
        let d = parse_obj(text).unwrap();
        let (idx, nfv) = d.first_shape.unwrap();
        let (a, b, c) = (ix(0, 0, 0), ix(1, 0, -1), ix(2, -1, 0));
        let (e, f) = (ix(3, -1, -1), ix(4, -1, -1));
        assert_eq!(idx, vec![b, c, e, e, f, a, a, b, e]);
        assert_eq!(nfv, vec![3, 3, 3]);
    }

    #[test]
    fn degenerate_quad_and_crlf() {
        let d = parse_obj(b"v 1 1 1\r\nv 2 2 2\rv 3 3 3\nv 4 4 4\nf 1 2 3 4\r\n").unwrap();
        let (idx, nfv) = d.first_shape.unwrap();
        let v: Vec<i32> = idx.iter().map(|i| i.vertex).collect();
        assert_eq!(v, vec![0, 1, 2, 0, 2, 3]);
        assert_eq!(nfv, vec![3, 3]);
    }

    #[test]
    fn shapes_split_by_group_and_material() {
        // usemtl "" names the default material once an mtllib line was seen; that flushes the
        // pending faces into the current shape, and `g` then ends the shape
        let text = b"mtllib m.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nusemtl\nf 3 2 1\n\
                     g second\nf 2 1 3\n";
        let (idx, _) = parse_obj(text).unwrap().first_shape.unwrap();
        let v: Vec<i32> = idx.iter().map(|i| i.vertex).collect();
        assert_eq!(v, vec![0, 1, 2, 2, 1, 0]);

        // lines alone make a shape without triangles; `g` with no name does not split
        let (idx, nfv) = parse_obj(b"v 0 0 0\nv 1 0 0\nv 0 1 0\nl 1 2\no x\nf 1 2 3\n").unwrap().first_shape.unwrap();
        assert!(idx.is_empty() && nfv.is_empty());
        let (idx, _) = parse_obj(b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\ng\nf 3 2 1\n").unwrap().first_shape.unwrap();
        assert_eq!(idx.len(), 6);
    }

    #[test]
    fn invalid_inputs() {
        let tri = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
        let bad_lines = [
            "f 0 1 2\n",
            "f 1/0 2 3\n",
            "f 1/ 2/ 3/\n",
            "f 1 /2 3\n",
            "l  \n",
            "l 1 0\n",
            "f 1/1/1/1 2 3\n",
            "f 1 2 3//\n",
        ];
        for bad in bad_lines {
            assert!(parse_obj(format!("{tri}{bad}").as_bytes()).is_err(), "{bad:?}");
        }
        // out-of-range and relative indices past the start are kept, not rejected
        let text = format!("{tri}f 1 2 7\nf -5 1 2\n");
        let (idx, _) = parse_obj(text.as_bytes()).unwrap().first_shape.unwrap();
        let v: Vec<i32> = idx.iter().map(|i| i.vertex).collect();
        assert_eq!(v, vec![0, 1, 6, -2, 0, 1]);
        assert!(parse_obj(b"").unwrap().first_shape.is_none());
    }

    #[test]
    fn garbage_never_panics() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let alphabet = b"vfntlpgo /-+.eE0123456789\n\r\t#\0\x0b\xff";
        for _ in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let len = (state % 200) as usize;
            let text: Vec<u8> = (0..len)
                .map(|k| {
                    let h = state.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                    let h = h.wrapping_add((k as u64).wrapping_mul(0x632b_e59b_d9b4_e019));
                    alphabet[((h >> 33) % alphabet.len() as u64) as usize]
                })
                .collect();
            let _ = parse_obj(&text);
        }
    }
}
