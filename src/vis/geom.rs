//! Abstract visual geoms: filling an `mjvGeom` from a type, size, pose and colour
//! (`mjv_initGeom`), shaping one as a connector between two points (`mjv_connector`), and the
//! pieces every scene builder shares: taking the next free geom of a scene, materials, labels,
//! island colours, coordinate frames and triangles.

use core::ffi::c_char;

use crate::abi::mjtCatBit_::*;
use crate::abi::mjtGeom_::*;
use crate::abi::mjtObj_::*;
use crate::abi::mjtVisFlag_::*;
use crate::abi::*;
use crate::math::blas::{add3, mul_mat_vec3, norm3, normalize3};
use crate::math::misc::{halton, n2f};
use crate::math::spatial::cross;
use crate::math::spatial::{quat2mat, quat_z2vec};

/// Number of size values [`init_geom`] reads for a geom type.
pub fn size_len(gtype: i32) -> usize {
    match gtype {
        t if t == mjGEOM_SPHERE as i32 => 1,
        t if t == mjGEOM_CAPSULE as i32 || t == mjGEOM_CYLINDER as i32 => 2,
        _ => 3,
    }
}

/// Sets type, size, position, orientation and colour of `geom` (defaults for the ones not
/// given) and resets the rendering properties; other fields are left alone. `size` holds
/// [`size_len`] values: a sphere's radius, a capsule's or cylinder's radius and half-length,
/// else the three half-sizes.
pub fn init_geom(
    geom: &mut mjvGeom,
    gtype: i32,
    size: Option<&[f64]>,
    pos: Option<&[f64; 3]>,
    mat: Option<&[f64; 9]>,
    rgba: Option<&[f32; 4]>,
) {
    geom.r#type = gtype;
    geom.size = match size {
        Some(s) if gtype == mjGEOM_SPHERE as i32 => [s[0] as f32; 3],
        Some(s) if gtype == mjGEOM_CAPSULE as i32 || gtype == mjGEOM_CYLINDER as i32 => {
            [s[0] as f32, s[0] as f32, s[1] as f32]
        }
        Some(s) => {
            let mut out = [0.0f32; 3];
            n2f(&mut out, s);
            out
        }
        None => [0.1; 3],
    };
    match pos {
        Some(p) => n2f(&mut geom.pos, p),
        None => geom.pos = [0.0; 3],
    }
    match mat {
        Some(r) => n2f(&mut geom.mat, r),
        None => geom.mat = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0],
    }
    geom.rgba = rgba.copied().unwrap_or([0.5, 0.5, 0.5, 1.0]);

    geom.dataid = -1;
    geom.matid = -1;
    geom.texcoord = 0;
    geom.emission = 0.0;
    geom.specular = 0.5;
    geom.shininess = 0.5;
    geom.reflectance = 0.0;
    geom.label[0] = 0;
    geom.modelrbound = 0.0;
}

/// True for the types a connector can have (capsule, cylinder, arrows, line).
pub fn is_connector_type(gtype: i32) -> bool {
    [mjGEOM_CAPSULE, mjGEOM_CYLINDER, mjGEOM_ARROW, mjGEOM_ARROW1, mjGEOM_ARROW2, mjGEOM_LINE]
        .iter()
        .any(|&t| t as i32 == gtype)
}

/// Shapes `geom` as a connector of type `gtype` and the given width from `from` to `to`: type,
/// size, position (the midpoint for capsules and cylinders, else `from`) and the smallest
/// rotation taking z onto the segment. Other fields are left as they are.
pub fn connector(geom: &mut mjvGeom, gtype: i32, width: f64, from: &[f64; 3], to: &[f64; 3]) {
    let dif = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
    geom.r#type = gtype;
    geom.size = [width as f32, width as f32, norm3(&dif) as f32];
    if gtype == mjGEOM_CAPSULE as i32 || gtype == mjGEOM_CYLINDER as i32 {
        for k in 0..3 {
            geom.pos[k] = (0.5 * (from[k] + to[k])) as f32;
        }
        geom.size[2] *= 0.5;
    } else {
        n2f(&mut geom.pos, from);
    }
    let mat = quat2mat(&quat_z2vec(&dif));
    n2f(&mut geom.mat, &mat);
}

/// The next free geom of `scn`, cleared, initialised as an `mjGEOM_NONE` geom and tagged with
/// the object it shows; None (and `status` 1) when the scene is full. The geom counts only
/// after [`release`].
pub fn acquire(scn: &mut mjvScene, objid: i32, category: i32, objtype: i32) -> Option<&mut mjvGeom> {
    if scn.ngeom >= scn.maxgeom {
        scn.status = 1;
        return None;
    }
    let k = scn.ngeom;
    let g = &mut crate::vis::scene::geom_buffer(scn)[k as usize];
    *g = blank_geom();
    init_geom(g, mjGEOM_NONE as i32, None, None, None, None);
    g.objtype = objtype;
    g.objid = objid;
    g.category = category;
    g.segid = k;
    Some(g)
}

/// An all-zero geom.
pub fn blank_geom() -> mjvGeom {
    // SAFETY: mjvGeom is plain old data (numbers and a char array); all-zero is a valid value
    unsafe { core::mem::zeroed() }
}

/// Keeps the geom last handed out by [`acquire`].
pub fn release(scn: &mut mjvScene) {
    scn.ngeom += 1;
}

/// Index into the group flags of a visualizer option for a group number (clamped to 0..5).
#[inline]
pub fn group(g: i32) -> usize {
    g.clamp(0, mjNGROUP as i32 - 1) as usize
}

/// Static (welded to the world and not mocap) or dynamic category of a body.
pub fn body_category(m: &mjModel, body: usize) -> i32 {
    if m.body_weldid()[body] == 0 && m.body_mocapid()[body] == -1 {
        mjCAT_STATIC as i32
    } else {
        mjCAT_DYNAMIC as i32
    }
}

/// Material, colour and texture of a model object's geom: the material's colour and lighting
/// when it has one, the object's own colour when that is not the default grey (or there is no
/// material), the material id when textures are shown, and the transparency scale for dynamic
/// geoms.
pub fn set_material(m: &mjModel, g: &mut mjvGeom, matid: i32, rgba: &[f32], flags: &[mjtByte]) {
    if matid >= 0 {
        let k = matid as usize;
        g.rgba.copy_from_slice(&m.mat_rgba()[4 * k..4 * k + 4]);
        g.emission = m.mat_emission()[k];
        g.specular = m.mat_specular()[k];
        g.shininess = m.mat_shininess()[k];
        g.reflectance = m.mat_reflectance()[k];
    }
    if rgba[0] != 0.5 || rgba[1] != 0.5 || rgba[2] != 0.5 || rgba[3] != 1.0 || matid < 0 {
        g.rgba.copy_from_slice(&rgba[..4]);
    }
    if flags[mjVIS_TEXTURE as usize] != 0 && matid >= 0 {
        g.matid = matid;
    }
    if flags[mjVIS_TRANSPARENT as usize] != 0 && g.category == mjCAT_DYNAMIC as i32 {
        g.rgba[3] *= m.vis.map.alpha;
    }
}

/// Brightens a geom of the selected object.
pub fn mark_selected(vis: &mjVisual, g: &mut mjvGeom) {
    g.emission += vis.global.glow;
}

/// Writes `text` into a label buffer: at most its size less one bytes, NUL-terminated, the rest
/// zero.
pub fn put_label(label: &mut [c_char], text: &[u8]) {
    let n = text.len().min(label.len() - 1);
    for (k, l) in label.iter_mut().enumerate() {
        *l = if k < n { text[k] as c_char } else { 0 };
    }
}

/// Name of object `id` of type `objtype`, None when it has none (`mj_id2name`).
pub fn obj_name(m: &mjModel, objtype: i32, id: i32) -> Option<&core::ffi::CStr> {
    crate::model::names::name_of(m, objtype, id)
}

/// Writes the label of object `id` of type `objtype`: its name, else "type id", else the id.
pub fn make_label(m: &mjModel, objtype: i32, id: i32, label: &mut [c_char; 100]) {
    let mut buf = Text::<100>::new();
    if let Some(name) = obj_name(m, objtype, id) {
        buf.push(name.to_bytes());
    } else if let Some(t) = crate::runtime::text::type_to_str(objtype) {
        buf.push(t.to_bytes());
        buf.fmt(format_args!(" {id}"));
    } else {
        buf.fmt(format_args!("{id}"));
    }
    put_label(label, buf.bytes());
}

/// A fixed buffer of text that drops what does not fit (as `snprintf` into a char array of
/// `N` bytes does, keeping `N - 1`).
pub struct Text<const N: usize> {
    buf: [u8; N],
    len: usize,
}

impl<const N: usize> Text<N> {
    pub fn new() -> Self {
        Text { buf: [0; N], len: 0 }
    }
    pub fn push(&mut self, b: &[u8]) {
        let n = b.len().min(N - 1 - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&b[..n]);
        self.len += n;
    }
    pub fn fmt(&mut self, args: core::fmt::Arguments) {
        use core::fmt::Write;
        let _ = self.write_fmt(args);
    }
    /// One number through the C library's printf with a one-double format.
    pub fn cnum(&mut self, fmt: &core::ffi::CStr, v: f64) {
        let mut tmp = [0 as c_char; 512];
        // SAFETY: bounded write; the format takes exactly one double
        let n = unsafe { libc::snprintf(tmp.as_mut_ptr(), tmp.len(), fmt.as_ptr(), v) };
        let n = (n.max(0) as usize).min(tmp.len() - 1);
        let mut b = [0u8; 512];
        for (o, &c) in b.iter_mut().zip(&tmp[..n]) {
            *o = c as u8;
        }
        self.push(&b[..n]);
    }
    pub fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl<const N: usize> Default for Text<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> core::fmt::Write for Text<N> {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.push(s.as_bytes());
        Ok(())
    }
}

/// Colour from hue, saturation and value (all in [0, 1]).
pub fn hsv2rgb(h: f32, s: f32, v: f32) -> [f32; 3] {
    if s <= 0.0 {
        return [v, v, v];
    }
    let hh = h * 6.0;
    let i = hh as i32;
    let ff = hh - i as f32;
    let p = v * (1.0 - s);
    let q = v * (1.0 - (s * ff));
    let t = v * (1.0 - (s * (1.0 - ff)));
    match i {
        0 => [v, t, p],
        1 => [q, v, p],
        2 => [p, v, t],
        3 => [p, q, v],
        4 => [t, p, v],
        _ => [v, p, q],
    }
}

/// Colour of constraint island `h` (a Halton-sequence hue; grey for -1), paler when asleep.
pub fn island_color(rgba: &mut [f32; 4], h: i32, awake: bool) {
    let (mut hue, mut sat, mut val) = (1.0f32, 0.0f32, 0.7f32);
    if h >= 0 {
        hue = halton(h + 1, 7) as f32;
        sat = (0.5 + 0.5 * halton(h + 1, 3)) as f32;
        val = (0.6 + 0.4 * halton(h + 1, 5)) as f32;
    }
    if !awake {
        val = (val as f64 * 0.6) as f32;
        sat = (sat as f64 * 0.7) as f32;
    }
    let rgb = hsv2rgb(hue, sat, val);
    rgba[..3].copy_from_slice(&rgb);
    rgba[3] = 1.0;
}

/// Colour of a perturbation decor: the red and green channels of `rgba` swapped in as the
/// first and second perturbation are active.
pub fn mix_color(rgba: &[f32; 4], flg1: bool, flg2: bool) -> [f32; 4] {
    let mut r = if flg1 { rgba[0] } else { 0.0 };
    if flg2 {
        r = r.max(rgba[1]);
    }
    let mut g = if flg1 { rgba[1] } else { 0.0 };
    if flg2 {
        g = g.max(rgba[0]);
    }
    [r, g, rgba[2], rgba[3]]
}

/// Adds three cylinders (red, green, blue) along the axes of frame (`pos`, `rot`).
pub fn add_frame(scn: &mut mjvScene, objid: i32, pos: &[f64; 3], rot: &[f64; 9], length: f32, width: f32) {
    for j in 0..3 {
        let mut axis = [0.0; 3];
        axis[j] = length as f64;
        let to = add3(pos, &mul_mat_vec3(rot, &axis));
        let Some(g) = acquire(scn, objid, mjCAT_DECOR as i32, mjOBJ_UNKNOWN as i32) else { return };
        connector(g, mjGEOM_CYLINDER as i32, width as f64, pos, &to);
        for k in 0..3 {
            g.rgba[k] = if j == k { 0.9 } else { 0.0 };
        }
        g.rgba[3] = 1.0;
        release(scn);
    }
}

/// Makes `g` the triangle (v0, v1, v2) of the given colour: x along v0->v1, y along v0->v2,
/// z the normal, sizes the two edge lengths and the normal's length.
pub fn make_triangle(g: &mut mjvGeom, v0: &[f64; 3], v1: &[f64; 3], v2: &[f64; 3], rgba: &[f32; 4]) {
    let mut e1 = [v1[0] - v0[0], v1[1] - v0[1], v1[2] - v0[2]];
    let mut e2 = [v2[0] - v0[0], v2[1] - v0[1], v2[2] - v0[2]];
    let mut normal = cross(&e1, &e2);
    let lengths = [normalize3(&mut e1), normalize3(&mut e2), normalize3(&mut normal)];
    let xmat = [e1[0], e2[0], normal[0], e1[1], e2[1], normal[1], e1[2], e2[2], normal[2]];
    init_geom(g, mjGEOM_TRIANGLE as i32, Some(&lengths), Some(v0), Some(&xmat), Some(rgba));
}

/// Pointer-free identity matrix.
pub const IDENTITY: [f64; 9] = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0];

#[cfg(test)]
mod tests {
    use super::*;

    fn blank() -> mjvGeom {
        blank_geom()
    }

    #[test]
    fn init_defaults_and_sizes() {
        let mut g = blank();
        init_geom(&mut g, mjGEOM_NONE as i32, None, None, None, None);
        assert_eq!(g.size, [0.1; 3]);
        assert_eq!(g.mat, [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
        assert_eq!(g.rgba, [0.5, 0.5, 0.5, 1.0]);
        assert_eq!((g.dataid, g.matid, g.specular), (-1, -1, 0.5));
        init_geom(&mut g, mjGEOM_CAPSULE as i32, Some(&[0.2, 0.7]), None, None, None);
        assert_eq!(g.size, [0.2, 0.2, 0.7]);
        assert_eq!(size_len(mjGEOM_SPHERE as i32), 1);
        assert_eq!(size_len(mjGEOM_BOX as i32), 3);
    }

    #[test]
    fn colors_and_labels() {
        assert_eq!(hsv2rgb(0.0, 0.0, 0.7), [0.7; 3]);
        assert_eq!(hsv2rgb(0.5, 1.0, 1.0), [0.0, 1.0, 1.0]);
        let mut rgba = [0.0; 4];
        island_color(&mut rgba, -1, true);
        assert_eq!(rgba, [0.7, 0.7, 0.7, 1.0]);
        assert_eq!(mix_color(&[0.9, 0.1, 0.2, 1.0], false, true), [0.1, 0.9, 0.2, 1.0]);
        let mut t = Text::<8>::new();
        t.push(b"abc");
        t.cnum(c"%.3f", 1.5);
        assert_eq!(t.bytes(), b"abc1.50");
        let mut label = [1 as c_char; 100];
        put_label(&mut label, b"xy");
        assert_eq!((label[0], label[1], label[2], label[99]), (b'x' as c_char, b'y' as c_char, 0, 0));
    }

    #[test]
    fn connector_is_centred_for_capsules() {
        let mut g = blank();
        connector(&mut g, mjGEOM_CAPSULE as i32, 0.1, &[0.0, 0.0, 0.0], &[0.0, 0.0, 2.0]);
        assert_eq!(g.pos, [0.0, 0.0, 1.0]);
        assert_eq!(g.size, [0.1, 0.1, 1.0]);
        connector(&mut g, mjGEOM_ARROW as i32, 0.1, &[1.0, 0.0, 0.0], &[1.0, 0.0, 2.0]);
        assert_eq!(g.pos, [1.0, 0.0, 0.0]);
        assert_eq!(g.size[2], 2.0);
        assert!(is_connector_type(mjGEOM_LINE as i32) && !is_connector_type(mjGEOM_BOX as i32));
    }
}
