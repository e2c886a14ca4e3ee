//! Defaults of the visualizer's structs and the scene's buffers: `mjv_default*`,
//! `mjv_makeScene` (geom buffer of the requested size, flex and skin buffers sized from the
//! model) and `mjv_freeScene`; the one place where the scene's buffer pointers become slices.
//!
//! # The scene invariant
//!
//! Upstream's contract for an `mjvScene` (which C code owns and may hand over at any time):
//! every buffer pointer is null or a live `mju_malloc` block of its own, as `mjv_makeScene`
//! leaves it: `geoms` holds `maxgeom` geoms; the per-flex arrays `nflex` ints; `flexvert` 3,
//! `flexedge` 2 values per entry their (adr, num) pairs cover; `flexface`/`flexnormal` 9 and
//! `flextexcoord` 6 floats per face slot of (`flexfaceadr`, `flexfacenum`); the per-skin arrays
//! `nskin` ints, `skinvert`/`skinnormal` 3 floats per vertex of (`skinvertadr`,
//! `skinvertnum`). The accessors below ([`geom_buffer`], [`flex_buffers`], [`skin_buffers`],
//! ...) rely on it and size every slice from the scene alone; the rest of `vis` indexes those
//! slices, so a scene made for another model fails a bounds check instead of writing past a
//! buffer.

use core::ffi::c_void;

use crate::abi::mjtCamera_::*;
use crate::abi::mjtFrame_::*;
use crate::abi::mjtLabel_::*;
use crate::abi::*;
use crate::math::misc::halton;
use crate::runtime::alloc;
use crate::runtime::strings::{rnd_flag_default, vis_flag_default};

/// Clears a scene (`mjv_defaultScene`): no buffers, everything zero.
pub fn default_scene(scn: &mut mjvScene) {
    // SAFETY: mjvScene is plain old data; all-zero is its empty state
    *scn = unsafe { core::mem::zeroed() };
}

/// Default visualization options: no labels or frames, groups 0-2 on, flags as listed in
/// `mjVISSTRING`, BVH depth 1, flex layer 0.
pub fn default_option(opt: &mut mjvOption) {
    opt.label = mjLABEL_NONE as i32;
    opt.frame = mjFRAME_NONE as i32;
    for i in 0..mjNGROUP {
        let on = (i < 3) as mjtByte;
        opt.geomgroup[i] = on;
        opt.sitegroup[i] = on;
        opt.jointgroup[i] = on;
        opt.tendongroup[i] = on;
        opt.actuatorgroup[i] = on;
        opt.flexgroup[i] = on;
        opt.skingroup[i] = on;
    }
    for (i, f) in opt.flags.iter_mut().enumerate() {
        *f = vis_flag_default(i) as mjtByte;
    }
    opt.bvh_depth = 1;
    opt.flex_layer = 0;
}

/// Default free camera looking at the origin from distance 2, azimuth 90, elevation -45.
pub fn default_camera(cam: &mut mjvCamera) {
    // SAFETY: plain old data
    *cam = unsafe { core::mem::zeroed() };
    cam.r#type = mjCAMERA_FREE as i32;
    cam.fixedcamid = -1;
    cam.trackbodyid = -1;
    cam.distance = 2.0;
    cam.azimuth = 90.0;
    cam.elevation = -45.0;
}

/// Free camera framing the model: looks at the model's centre from 1.5 extents away, with the
/// azimuth, elevation and projection of the model's visual settings.
pub fn default_free_camera(m: &mjModel, cam: &mut mjvCamera) {
    // SAFETY: plain old data
    *cam = unsafe { core::mem::zeroed() };
    cam.r#type = mjCAMERA_FREE as i32;
    cam.fixedcamid = -1;
    cam.trackbodyid = -1;
    cam.lookat = m.stat.center;
    cam.distance = 1.5 * m.stat.extent;
    cam.azimuth = m.vis.global.azimuth as f64;
    cam.elevation = m.vis.global.elevation as f64;
    cam.orthographic = m.vis.global.orthographic;
}

/// Empty perturbation: nothing selected, unit reference orientation, scale 1.
pub fn default_perturb(pert: &mut mjvPerturb) {
    // SAFETY: plain old data
    *pert = unsafe { core::mem::zeroed() };
    pert.flexselect = -1;
    pert.skinselect = -1;
    pert.refquat[0] = 1.0;
    pert.scale = 1.0;
}

/// The first eight line colours of a figure; later ones come from Halton sequences.
const LINE_RGB: [[f32; 3]; 8] = [
    [1.0, 0.3, 0.3],
    [0.1, 1.0, 0.1],
    [0.3, 0.3, 1.0],
    [0.1, 1.0, 1.0],
    [1.0, 0.2, 1.0],
    [1.0, 1.0, 0.1],
    [1.0, 0.6, 0.2],
    [0.6, 0.7, 0.4],
];

/// Copies a C string literal into a fixed char array.
fn set_str(dst: &mut [core::ffi::c_char], s: &[u8]) {
    crate::vis::geom::put_label(dst, s);
}

/// Default figure: legend and tick labels on, 2x2 grid, white text on black, unit ranges,
/// formats "%.0f" / "%.2g", and a distinct colour for every line.
pub fn default_figure(fig: &mut mjvFigure) {
    // SAFETY: plain old data
    unsafe { core::ptr::write_bytes(fig as *mut mjvFigure, 0, 1) };
    fig.highlightid = -1;
    fig.flg_legend = 1;
    fig.flg_ticklabel = [1, 1];
    fig.flg_extend = 1;
    fig.linewidth = 3.0;
    fig.gridwidth = 1.0;
    fig.gridsize = [2, 2];
    fig.gridrgb = [0.4, 0.4, 0.4];
    fig.figurergba[3] = 1.0;
    fig.panergba[3] = 1.0;
    fig.legendrgba[3] = 0.3;
    fig.textrgb = [1.0, 1.0, 1.0];
    fig.range = [[0.0, 1.0], [0.0, 1.0]];
    set_str(&mut fig.xformat, b"%.0f");
    set_str(&mut fig.yformat, b"%.2g");
    set_str(&mut fig.minwidth, b"XXX");
    for (n, rgb) in fig.linergb.iter_mut().enumerate() {
        if n < 8 {
            *rgb = LINE_RGB[n];
        } else {
            let n = n as i32;
            let c = |base| (0.1f32 as f64 + 0.8f32 as f64 * halton(n, base)) as f32;
            *rgb = [c(2), c(3), c(5)];
        }
    }
}

/// `n` elements of `T` from `mju_malloc` (null when it fails and the error handler returns).
fn alloc_n<T>(n: usize) -> *mut T {
    alloc::malloc(n * core::mem::size_of::<T>()) as *mut T
}

/// A `mju_malloc` block holding a copy of `src` (null when the allocation fails).
fn alloc_copy<T: Copy>(src: &[T]) -> *mut T {
    let p = alloc_n::<T>(src.len());
    if !p.is_null() {
        // SAFETY: `p` is a fresh block of src.len() elements of T (mju_malloc aligns to 64
        // bytes), not aliased by anything yet
        unsafe { core::slice::from_raw_parts_mut(p, src.len()) }.copy_from_slice(src);
    }
    p
}

/// Number of faces flex `f` may need in the scene: none in 1D, two per element and two per
/// boundary fragment in 2D, in 3D the larger of the boundary fragments and four per element of
/// the most populated layer.
fn flex_face_capacity(m: &mjModel, f: usize) -> i32 {
    let dim = m.flex_dim()[f];
    let elemnum = m.flex_elemnum()[f];
    let shellnum = m.flex_shellnum()[f];
    match dim {
        0 => 0,
        2 => 2 * shellnum + 2 * elemnum,
        _ => {
            let adr = m.flex_elemadr()[f].max(0) as usize;
            let layers = &m.flex_elemlayer()[adr..adr + elemnum.max(0) as usize];
            let (mut maxlayer, mut layer) = (0, 0);
            loop {
                let nlayer = layers.iter().filter(|&&l| l == layer).count() as i32;
                maxlayer = maxlayer.max(nlayer);
                layer += 1;
                if nlayer == 0 {
                    break;
                }
            }
            shellnum.max(4 * maxlayer)
        }
    }
}

/// Frees the scene's buffers and allocates new ones (`mjv_makeScene`): `maxgeom` geoms, flex
/// and skin buffers sized from `m` (none without a model); sets the default rendering flags
/// and an identity model transformation. The scene's pointers must keep the [scene
/// invariant](self#the-scene-invariant) on entry; they keep it on return.
pub fn make_scene(m: Option<&mjModel>, scn: &mut mjvScene, maxgeom: i32) {
    free_scene(scn);

    if maxgeom > 0 {
        scn.maxgeom = maxgeom;
        scn.geoms = alloc_n::<mjvGeom>(maxgeom as usize);
        scn.geomorder = alloc_n::<i32>(maxgeom as usize);
        if scn.geoms.is_null() || scn.geomorder.is_null() {
            crate::mjerror!("mjv_makeScene", "could not allocate geom buffers");
        }
    }

    for (i, f) in scn.flags.iter_mut().enumerate() {
        *f = rnd_flag_default(i) as mjtByte;
    }
    scn.scale = 1.0;
    scn.rotate[0] = 1.0;

    scn.nflex = m.map_or(0, |m| m.nflex);
    if let Some(m) = m.filter(|_| scn.nflex > 0) {
        let nflex = m.nflex as usize;
        let facenum: Vec<i32> = (0..nflex).map(|f| flex_face_capacity(m, f)).collect();
        let nface: usize = facenum.iter().map(|&n| n.max(0) as usize).sum();
        let mut faceadr = vec![0i32; nflex];
        for f in 1..nflex {
            faceadr[f] = faceadr[f - 1] + facenum[f - 1];
        }
        scn.flexedgeadr = alloc_copy(m.flex_edgeadr());
        scn.flexedgenum = alloc_copy(m.flex_edgenum());
        scn.flexvertadr = alloc_copy(m.flex_vertadr());
        scn.flexvertnum = alloc_copy(m.flex_vertnum());
        scn.flexfaceadr = alloc_copy(&faceadr);
        scn.flexfacenum = alloc_copy(&facenum);
        scn.flexfaceused = alloc_n(nflex);
        scn.flexedge = alloc_copy(m.flex_edge());
        scn.flexvert = alloc_n(3 * m.nflexvert.max(0) as usize);
        if nface > 0 {
            scn.flexface = alloc_n(9 * nface);
            scn.flexnormal = alloc_n(9 * nface);
            scn.flextexcoord = alloc_n(6 * nface);
        }
        let missing = [
            scn.flexedgeadr,
            scn.flexedgenum,
            scn.flexfaceadr,
            scn.flexfacenum,
            scn.flexfaceused,
            scn.flexvertadr,
            scn.flexvertnum,
            scn.flexedge,
        ]
        .iter()
        .any(|p| p.is_null())
            || scn.flexvert.is_null()
            || (nface > 0 && (scn.flexface.is_null() || scn.flexnormal.is_null() || scn.flextexcoord.is_null()));
        if missing {
            crate::runtime::error::raise(format_args!("Could not allocate flex buffers"));
            return;
        }
    }

    scn.nskin = m.map_or(0, |m| m.nskin);
    if let Some(m) = m.filter(|_| scn.nskin > 0) {
        let nvert = 3 * m.nskinvert.max(0) as usize;
        scn.skinfacenum = alloc_copy(m.skin_facenum());
        scn.skinvertadr = alloc_copy(m.skin_vertadr());
        scn.skinvertnum = alloc_copy(m.skin_vertnum());
        scn.skinvert = alloc_n(nvert);
        scn.skinnormal = alloc_n(nvert);
        if scn.skinfacenum.is_null()
            || scn.skinvertadr.is_null()
            || scn.skinvertnum.is_null()
            || scn.skinvert.is_null()
            || scn.skinnormal.is_null()
        {
            crate::mjerror!("mjv_makeScene", "could not allocate skin buffers");
        }
    }
}

/// Frees every buffer of the scene and clears it (`mjv_freeScene`). The scene's pointers must
/// keep the [scene invariant](self#the-scene-invariant).
pub fn free_scene(scn: &mut mjvScene) {
    let ptrs: [*mut c_void; 19] = [
        scn.geoms.cast(),
        scn.geomorder.cast(),
        scn.flexedgeadr.cast(),
        scn.flexedgenum.cast(),
        scn.flexvertadr.cast(),
        scn.flexvertnum.cast(),
        scn.flexfaceadr.cast(),
        scn.flexfacenum.cast(),
        scn.flexfaceused.cast(),
        scn.flexedge.cast(),
        scn.flexvert.cast(),
        scn.flexface.cast(),
        scn.flexnormal.cast(),
        scn.flextexcoord.cast(),
        scn.skinfacenum.cast(),
        scn.skinvertadr.cast(),
        scn.skinvertnum.cast(),
        scn.skinvert.cast(),
        scn.skinnormal.cast(),
    ];
    for p in ptrs {
        // SAFETY: the scene invariant: each pointer is null or a live mju_malloc block of
        // mjv_makeScene, and the scene is cleared right after, so none is freed twice
        unsafe { alloc::free(p) };
    }
    default_scene(scn);
}

//------------------------------------ the scene's buffers ----------------------------------------

/// Length of an array indexed by (adr, num) pairs: the largest adr + num, times `width`.
fn extent(adr: &[i32], num: &[i32], width: usize) -> usize {
    adr.iter().zip(num).map(|(&a, &n)| (a.max(0) + n.max(0)) as usize).max().unwrap_or(0) * width
}

/// The first `n` elements at `p` (empty for null or `n` 0) for reading.
///
/// Used only on a scene's own buffer pointers, with the count the scene invariant gives.
macro_rules! scene_slice {
    ($p:expr, $n:expr) => {{
        let (p, n) = ($p, $n);
        if p.is_null() || n == 0 {
            &[]
        } else {
            // SAFETY: the scene invariant: a non-null buffer pointer of the scene addresses
            // at least this many elements (the count mjv_makeScene allocated), and the shared
            // borrow of the scene keeps them from being written or freed meanwhile
            unsafe { core::slice::from_raw_parts(p as *const _, n) }
        }
    }};
}

/// As [`scene_slice`], for writing, under an exclusive borrow of the scene.
macro_rules! scene_slice_mut {
    ($p:expr, $n:expr) => {{
        let (p, n) = ($p, $n);
        if p.is_null() || n == 0 {
            &mut []
        } else {
            // SAFETY: the scene invariant: a non-null buffer pointer addresses at least this
            // many elements in its own mju_malloc block (no two of the scene's buffers
            // overlap, nor the scene struct), and the exclusive borrow of the scene keeps
            // everything else away from them
            unsafe { core::slice::from_raw_parts_mut(p, n) }
        }
    }};
}

/// The scene's geom buffer, all `maxgeom` slots (empty without one).
pub fn geom_buffer(scn: &mut mjvScene) -> &mut [mjvGeom] {
    scene_slice_mut!(scn.geoms, scn.maxgeom.max(0) as usize)
}

/// The scene's geoms in use: the first `ngeom` (at most `maxgeom`).
pub fn geoms(scn: &mjvScene) -> &[mjvGeom] {
    scene_slice!(scn.geoms, scn.ngeom.clamp(0, scn.maxgeom.max(0)) as usize)
}

/// The scene's per-flex bookkeeping, `nflex` values each (empty when not allocated).
pub struct FlexInfo<'a> {
    pub edgeadr: &'a [i32],
    pub edgenum: &'a [i32],
    pub vertadr: &'a [i32],
    pub vertnum: &'a [i32],
    pub faceadr: &'a [i32],
    pub facenum: &'a [i32],
    pub faceused: &'a [i32],
}

/// See [`FlexInfo`].
pub fn flex_info(scn: &mjvScene) -> FlexInfo<'_> {
    let n = scn.nflex.max(0) as usize;
    FlexInfo {
        edgeadr: scene_slice!(scn.flexedgeadr, n),
        edgenum: scene_slice!(scn.flexedgenum, n),
        vertadr: scene_slice!(scn.flexvertadr, n),
        vertnum: scene_slice!(scn.flexvertnum, n),
        faceadr: scene_slice!(scn.flexfaceadr, n),
        facenum: scene_slice!(scn.flexfacenum, n),
        faceused: scene_slice!(scn.flexfaceused, n),
    }
}

/// The scene's flex buffers for writing: faces used per flex, vertex positions (3 per vertex
/// of the scene's flexes), and 9 face, 9 normal and 6 texture-coordinate floats per face slot.
pub struct FlexBuffers<'a> {
    pub faceadr: &'a [i32],
    pub facenum: &'a [i32],
    pub faceused: &'a mut [i32],
    pub vert: &'a mut [f32],
    pub face: &'a mut [f32],
    pub normal: &'a mut [f32],
    pub texcoord: &'a mut [f32],
}

/// See [`FlexBuffers`]; each buffer's length follows from the scene's own bookkeeping.
pub fn flex_buffers(scn: &mut mjvScene) -> FlexBuffers<'_> {
    let (nvert, nface) = {
        let info = flex_info(scn);
        (extent(info.vertadr, info.vertnum, 3), extent(info.faceadr, info.facenum, 1))
    };
    let n = scn.nflex.max(0) as usize;
    FlexBuffers {
        faceadr: scene_slice!(scn.flexfaceadr, n),
        facenum: scene_slice!(scn.flexfacenum, n),
        faceused: scene_slice_mut!(scn.flexfaceused, n),
        vert: scene_slice_mut!(scn.flexvert, nvert),
        face: scene_slice_mut!(scn.flexface, 9 * nface),
        normal: scene_slice_mut!(scn.flexnormal, 9 * nface),
        texcoord: scene_slice_mut!(scn.flextexcoord, 6 * nface),
    }
}

/// The scene's per-skin bookkeeping, `nskin` values each (empty when not allocated).
pub struct SkinInfo<'a> {
    pub facenum: &'a [i32],
    pub vertadr: &'a [i32],
    pub vertnum: &'a [i32],
}

/// See [`SkinInfo`].
pub fn skin_info(scn: &mjvScene) -> SkinInfo<'_> {
    let n = scn.nskin.max(0) as usize;
    SkinInfo {
        facenum: scene_slice!(scn.skinfacenum, n),
        vertadr: scene_slice!(scn.skinvertadr, n),
        vertnum: scene_slice!(scn.skinvertnum, n),
    }
}

/// The scene's skin vertex positions (3 floats per vertex of its skins).
pub fn skin_vert(scn: &mjvScene) -> &[f32] {
    let info = skin_info(scn);
    scene_slice!(scn.skinvert, extent(info.vertadr, info.vertnum, 3))
}

/// The scene's skin vertex positions and normals for writing (3 floats per vertex each).
pub fn skin_buffers(scn: &mut mjvScene) -> (&mut [f32], &mut [f32]) {
    let info = skin_info(scn);
    let n = extent(info.vertadr, info.vertnum, 3);
    (scene_slice_mut!(scn.skinvert, n), scene_slice_mut!(scn.skinnormal, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::mjtVisFlag_::*;

    #[test]
    fn defaults() {
        // SAFETY: plain old data
        let mut opt: mjvOption = unsafe { core::mem::zeroed() };
        default_option(&mut opt);
        assert_eq!(opt.geomgroup, [1, 1, 1, 0, 0, 0]);
        assert_eq!(opt.flags[mjVIS_TEXTURE as usize], 1);
        assert_eq!(opt.flags[mjVIS_JOINT as usize], 0);
        assert_eq!(opt.flags[mjVIS_FLEXSKIN as usize], 1);
        assert_eq!(opt.bvh_depth, 1);

        // SAFETY: plain old data
        let mut cam: mjvCamera = unsafe { core::mem::zeroed() };
        default_camera(&mut cam);
        assert_eq!(
            (cam.fixedcamid, cam.trackbodyid, cam.distance, cam.azimuth, cam.elevation),
            (-1, -1, 2.0, 90.0, -45.0)
        );

        // SAFETY: plain old data
        let mut fig: Box<mjvFigure> = Box::new(unsafe { core::mem::zeroed() });
        default_figure(&mut fig);
        assert_eq!(fig.linergb[2], [0.3, 0.3, 1.0]);
        assert!(fig.linergb[8].iter().all(|&c| (0.1..=0.9).contains(&c)));
        assert_eq!(fig.xformat[..5].iter().map(|&c| c as u8).collect::<Vec<_>>(), b"%.0f\0");
    }

    #[test]
    fn scene_without_model() {
        // SAFETY: plain old data (null buffers)
        let mut scn: mjvScene = unsafe { core::mem::zeroed() };
        make_scene(None, &mut scn, 10);
        assert_eq!((scn.maxgeom, scn.nflex, scn.nskin, scn.scale, scn.rotate[0]), (10, 0, 0, 1.0, 1.0));
        assert!(!scn.geoms.is_null() && !scn.geomorder.is_null() && scn.flexvert.is_null());
        assert_eq!(scn.flags[0], 1);
        free_scene(&mut scn);
        assert!(scn.geoms.is_null() && scn.maxgeom == 0);
    }

    #[test]
    fn buffers_are_sized_by_the_scene() {
        // SAFETY: plain old data (null buffers)
        let mut scn: mjvScene = unsafe { core::mem::zeroed() };
        make_scene(None, &mut scn, 3);
        assert_eq!(geom_buffer(&mut scn).len(), 3);
        assert!(geoms(&scn).is_empty());
        // a geom count past the buffer is clamped, never read past it
        scn.ngeom = 7;
        assert_eq!(geoms(&scn).len(), 3);
        scn.ngeom = 0;
        for k in 0..3 {
            let g = crate::vis::geom::acquire(&mut scn, k, 0, 0).unwrap();
            assert_eq!(g.segid, k);
            crate::vis::geom::release(&mut scn);
        }
        assert!(crate::vis::geom::acquire(&mut scn, 3, 0, 0).is_none());
        assert_eq!((scn.ngeom, scn.status), (3, 1));

        // two flexes of 3 and 2 vertices, 4 and 0 face slots; two skins of 5 and 1 vertices
        scn.nflex = 2;
        scn.flexvertadr = alloc_copy(&[0, 3]);
        scn.flexvertnum = alloc_copy(&[3, 2]);
        scn.flexfaceadr = alloc_copy(&[0, 4]);
        scn.flexfacenum = alloc_copy(&[4, 0]);
        scn.flexfaceused = alloc_n(2);
        scn.flexvert = alloc_n(15);
        scn.flexface = alloc_n(36);
        scn.flexnormal = alloc_n(36);
        let b = flex_buffers(&mut scn);
        assert_eq!((b.faceused.len(), b.vert.len(), b.face.len(), b.normal.len()), (2, 15, 36, 36));
        assert!(b.texcoord.is_empty());
        assert_eq!(flex_info(&scn).edgeadr.len(), 0);
        scn.nskin = 2;
        scn.skinvertadr = alloc_copy(&[0, 5]);
        scn.skinvertnum = alloc_copy(&[5, 1]);
        scn.skinvert = alloc_n(18);
        scn.skinnormal = alloc_n(18);
        assert_eq!(skin_vert(&scn).len(), 18);
        let (v, n) = skin_buffers(&mut scn);
        assert_eq!((v.len(), n.len()), (18, 18));
        assert_eq!(skin_info(&scn).facenum.len(), 0);
        free_scene(&mut scn);
        assert!(scn.flexvert.is_null() && scn.skinvert.is_null() && scn.nflex == 0);
    }
}
