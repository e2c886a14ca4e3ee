//! Defaults of the visualizer's structs and the scene's buffers: `mjv_default*`,
//! `mjv_makeScene` (geom buffer of the requested size, flex and skin buffers sized from the
//! model) and `mjv_freeScene`.

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

/// `n` elements of `T` from `mju_malloc`.
fn alloc_n<T>(n: usize) -> *mut T {
    alloc::malloc(n * core::mem::size_of::<T>()) as *mut T
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
/// and an identity model transformation.
///
/// # Safety
/// The scene's buffer pointers are null or from an earlier `mjv_makeScene`.
pub unsafe fn make_scene(m: Option<&mjModel>, scn: &mut mjvScene, maxgeom: i32) {
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
        scn.flexedgeadr = alloc_n(nflex);
        scn.flexedgenum = alloc_n(nflex);
        scn.flexvertadr = alloc_n(nflex);
        scn.flexvertnum = alloc_n(nflex);
        scn.flexfaceadr = alloc_n(nflex);
        scn.flexfacenum = alloc_n(nflex);
        scn.flexfaceused = alloc_n(nflex);
        scn.flexedge = alloc_n(2 * m.nflexedge.max(0) as usize);
        scn.flexvert = alloc_n(3 * m.nflexvert.max(0) as usize);

        let mut nface = 0usize;
        if !scn.flexfacenum.is_null() {
            for f in 0..nflex {
                let n = flex_face_capacity(m, f);
                *scn.flexfacenum.add(f) = n;
                nface += n.max(0) as usize;
            }
        }
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

        core::ptr::copy_nonoverlapping(m.flex_edgeadr().as_ptr(), scn.flexedgeadr, nflex);
        core::ptr::copy_nonoverlapping(m.flex_edgenum().as_ptr(), scn.flexedgenum, nflex);
        core::ptr::copy_nonoverlapping(m.flex_vertadr().as_ptr(), scn.flexvertadr, nflex);
        core::ptr::copy_nonoverlapping(m.flex_vertnum().as_ptr(), scn.flexvertnum, nflex);
        let edge = m.flex_edge();
        core::ptr::copy_nonoverlapping(edge.as_ptr(), scn.flexedge, edge.len());
        for f in 0..nflex {
            *scn.flexfaceadr.add(f) =
                if f == 0 { 0 } else { *scn.flexfaceadr.add(f - 1) + *scn.flexfacenum.add(f - 1) };
        }
    }

    scn.nskin = m.map_or(0, |m| m.nskin);
    if let Some(m) = m.filter(|_| scn.nskin > 0) {
        let nskin = m.nskin as usize;
        let nvert = 3 * m.nskinvert.max(0) as usize;
        scn.skinfacenum = alloc_n(nskin);
        scn.skinvertadr = alloc_n(nskin);
        scn.skinvertnum = alloc_n(nskin);
        scn.skinvert = alloc_n(nvert);
        scn.skinnormal = alloc_n(nvert);
        if scn.skinfacenum.is_null()
            || scn.skinvertadr.is_null()
            || scn.skinvertnum.is_null()
            || scn.skinvert.is_null()
            || scn.skinnormal.is_null()
        {
            crate::mjerror!("mjv_makeScene", "could not allocate skin buffers");
            return;
        }
        core::ptr::copy_nonoverlapping(m.skin_facenum().as_ptr(), scn.skinfacenum, nskin);
        core::ptr::copy_nonoverlapping(m.skin_vertadr().as_ptr(), scn.skinvertadr, nskin);
        core::ptr::copy_nonoverlapping(m.skin_vertnum().as_ptr(), scn.skinvertnum, nskin);
    }
}

/// Frees every buffer of the scene and clears it (`mjv_freeScene`).
///
/// # Safety
/// The scene's buffer pointers are null or from `mjv_makeScene`.
pub unsafe fn free_scene(scn: &mut mjvScene) {
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
        alloc::free(p);
    }
    default_scene(scn);
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

        let mut cam: mjvCamera = unsafe { core::mem::zeroed() };
        default_camera(&mut cam);
        assert_eq!(
            (cam.fixedcamid, cam.trackbodyid, cam.distance, cam.azimuth, cam.elevation),
            (-1, -1, 2.0, 90.0, -45.0)
        );

        let mut fig: Box<mjvFigure> = Box::new(unsafe { core::mem::zeroed() });
        default_figure(&mut fig);
        assert_eq!(fig.linergb[2], [0.3, 0.3, 1.0]);
        assert!(fig.linergb[8].iter().all(|&c| (0.1..=0.9).contains(&c)));
        assert_eq!(fig.xformat[..5].iter().map(|&c| c as u8).collect::<Vec<_>>(), b"%.0f\0");
    }

    #[test]
    fn scene_without_model() {
        let mut scn: mjvScene = unsafe { core::mem::zeroed() };
        unsafe { make_scene(None, &mut scn, 10) };
        assert_eq!((scn.maxgeom, scn.nflex, scn.nskin, scn.scale, scn.rotate[0]), (10, 0, 0, 1.0, 1.0));
        assert!(!scn.geoms.is_null() && !scn.geomorder.is_null() && scn.flexvert.is_null());
        assert_eq!(scn.flags[0], 1);
        unsafe { free_scene(&mut scn) };
        assert!(scn.geoms.is_null() && scn.maxgeom == 0);
    }
}
