//! The abstract visualizer's entry points (logic in `vis`): defaults, scene allocation,
//! cameras, perturbations, selection, scene updates and printing.

use core::ffi::{c_char, c_int};

use super::guard;
use crate::abi::*;
use crate::mjerror;
use crate::vis::geom as vis;
use crate::vis::{camera, lights, perturb, scene, skin, update};

/// Fill a visual geom's type, size, pose and color (defaults for NULL arguments) and reset its rendering properties.
#[no_mangle]
pub unsafe extern "C" fn mjv_initGeom(
    geom: *mut mjvGeom,
    r#type: c_int,
    size: *const mjtNum,
    pos: *const mjtNum,
    mat: *const mjtNum,
    rgba: *const f32,
) {
    crate::boundary! {
        if geom.is_null() {
            mjerror!("mjv_initGeom", "NULL geom");
            return;
        }
        guard("mjv_initGeom", (), || {
            let size = (!size.is_null()).then(|| core::slice::from_raw_parts(size, vis::size_len(r#type)));
            vis::init_geom(
                &mut *geom,
                r#type,
                size,
                (pos as *const [f64; 3]).as_ref(),
                (mat as *const [f64; 9]).as_ref(),
                (rgba as *const [f32; 4]).as_ref(),
            )
        })
    }
}

/// Shape a visual geom as a connector (capsule, cylinder, arrow or line) of the given width between two points.
#[no_mangle]
pub unsafe extern "C" fn mjv_connector(
    geom: *mut mjvGeom,
    r#type: c_int,
    width: mjtNum,
    from: *const mjtNum,
    to: *const mjtNum,
) {
    crate::boundary! {
        if geom.is_null() || from.is_null() || to.is_null() {
            mjerror!("mjv_connector", "NULL argument");
            return;
        }
        if !vis::is_connector_type(r#type) {
            mjerror!("mjv_connector", "invalid geom type {} for connector", r#type);
        }
        guard("mjv_connector", (), || {
            vis::connector(&mut *geom, r#type, width, &*(from as *const [f64; 3]), &*(to as *const [f64; 3]))
        })
    }
}

//------------------------------------ defaults and scenes ------------------------------------------

/// Set the default camera: free, looking at the origin from distance 2.
#[no_mangle]
pub unsafe extern "C" fn mjv_defaultCamera(cam: *mut mjvCamera) {
    crate::boundary! {
        if let Some(c) = cam.as_mut() {
            scene::default_camera(c);
        }
    }
}

/// Set a free camera that frames the model as its visual settings ask.
#[no_mangle]
pub unsafe extern "C" fn mjv_defaultFreeCamera(m: *const mjModel, cam: *mut mjvCamera) {
    crate::boundary! {
        let (Some(m), Some(c)) = (m.as_ref(), cam.as_mut()) else {
            mjerror!("mjv_defaultFreeCamera", "NULL model or camera");
            return;
        };
        scene::default_free_camera(m, c);
    }
}

/// Set the default perturbation: nothing selected or active.
#[no_mangle]
pub unsafe extern "C" fn mjv_defaultPerturb(pert: *mut mjvPerturb) {
    crate::boundary! {
        if let Some(p) = pert.as_mut() {
            scene::default_perturb(p);
        }
    }
}

/// Set the default visualization options.
#[no_mangle]
pub unsafe extern "C" fn mjv_defaultOption(opt: *mut mjvOption) {
    crate::boundary! {
        if let Some(o) = opt.as_mut() {
            scene::default_option(o);
        }
    }
}

/// Set the default figure.
#[no_mangle]
pub unsafe extern "C" fn mjv_defaultFigure(fig: *mut mjvFigure) {
    crate::boundary! {
        if let Some(f) = fig.as_mut() {
            scene::default_figure(f);
        }
    }
}

/// Clear an abstract scene (no buffers).
#[no_mangle]
pub unsafe extern "C" fn mjv_defaultScene(scn: *mut mjvScene) {
    crate::boundary! {
        if let Some(s) = scn.as_mut() {
            scene::default_scene(s);
        }
    }
}

/// Free the scene's buffers, then allocate room for maxgeom geoms and for the flexes and skins of the model (which may be NULL).
#[no_mangle]
pub unsafe extern "C" fn mjv_makeScene(m: *const mjModel, scn: *mut mjvScene, maxgeom: c_int) {
    crate::boundary! {
        let Some(s) = scn.as_mut() else {
            mjerror!("mjv_makeScene", "NULL scene");
            return;
        };
        guard("mjv_makeScene", (), || scene::make_scene(m.as_ref(), s, maxgeom))
    }
}

/// Free the scene's buffers and clear it.
#[no_mangle]
pub unsafe extern "C" fn mjv_freeScene(scn: *mut mjvScene) {
    crate::boundary! {
        if let Some(s) = scn.as_mut() {
            guard("mjv_freeScene", (), || scene::free_scene(s))
        }
    }
}

//------------------------------------ cameras -----------------------------------------------------

/// Pose in model space of a pose in room space (a copy when the scene's transformation is off).
#[no_mangle]
pub unsafe extern "C" fn mjv_room2model(
    modelpos: *mut mjtNum,
    modelquat: *mut mjtNum,
    roompos: *const mjtNum,
    roomquat: *const mjtNum,
    scn: *const mjvScene,
) {
    crate::boundary! {
        if modelpos.is_null() || modelquat.is_null() || roompos.is_null() || roomquat.is_null() || scn.is_null() {
            mjerror!("mjv_room2model", "NULL argument");
            return;
        }
        guard("mjv_room2model", (), || {
            let (p, q) = camera::room2model(&*(roompos as *const [f64; 3]), &*(roomquat as *const [f64; 4]), &*scn);
            *(modelpos as *mut [f64; 3]) = p;
            *(modelquat as *mut [f64; 4]) = q;
        })
    }
}

/// Pose in room space of a pose in model space (a copy when the scene's transformation is off).
#[no_mangle]
pub unsafe extern "C" fn mjv_model2room(
    roompos: *mut mjtNum,
    roomquat: *mut mjtNum,
    modelpos: *const mjtNum,
    modelquat: *const mjtNum,
    scn: *const mjvScene,
) {
    crate::boundary! {
        if modelpos.is_null() || modelquat.is_null() || roompos.is_null() || roomquat.is_null() || scn.is_null() {
            mjerror!("mjv_model2room", "NULL argument");
            return;
        }
        guard("mjv_model2room", (), || {
            let (p, q) = camera::model2room(&*(modelpos as *const [f64; 3]), &*(modelquat as *const [f64; 4]), &*scn);
            *(roompos as *mut [f64; 3]) = p;
            *(roomquat as *mut [f64; 4]) = q;
        })
    }
}

/// The C string at `p`, None for null.
///
/// # Safety
/// `p` is null or NUL-terminated, and the string outlives the returned borrow.
unsafe fn opt_cstr<'a>(p: *const c_char) -> Option<&'a core::ffi::CStr> {
    // SAFETY: this function's contract
    (!p.is_null()).then(|| unsafe { core::ffi::CStr::from_ptr(p) })
}

/// Write the given outputs (each may be NULL).
unsafe fn put3(dst: *mut mjtNum, v: &[f64; 3]) {
    // SAFETY: `dst` points to 3 writable numbers (the calling export's C contract)
    unsafe {
        if !dst.is_null() {
            *(dst as *mut [f64; 3]) = *v;
        }
    }
}

/// Head position, forward and up direction of the scene's cameras, averaged, in model space; outputs may be NULL.
#[no_mangle]
pub unsafe extern "C" fn mjv_cameraInModel(
    headpos: *mut mjtNum,
    forward: *mut mjtNum,
    up: *mut mjtNum,
    scn: *const mjvScene,
) {
    crate::boundary! {
        let Some(s) = scn.as_ref() else {
            mjerror!("mjv_cameraInModel", "NULL scene");
            return;
        };
        guard("mjv_cameraInModel", (), || {
            let (h, f, u) = camera::camera_in_model(s, "mjv_cameraInModel");
            put3(headpos, &h);
            put3(forward, &f);
            put3(up, &u);
        })
    }
}

/// Head position, forward and up direction of the scene's cameras, averaged, in room space; outputs may be NULL.
#[no_mangle]
pub unsafe extern "C" fn mjv_cameraInRoom(
    headpos: *mut mjtNum,
    forward: *mut mjtNum,
    up: *mut mjtNum,
    scn: *const mjvScene,
) {
    crate::boundary! {
        let Some(s) = scn.as_ref() else {
            mjerror!("mjv_cameraInRoom", "NULL scene");
            return;
        };
        guard("mjv_cameraInRoom", (), || {
            let (h, f, u) = camera::camera_in_room(s, "mjv_cameraInRoom");
            put3(headpos, &h);
            put3(forward, &f);
            put3(up, &u);
        })
    }
}

/// Frustum height at unit distance from the camera, averaged over the scene's two cameras.
#[no_mangle]
pub unsafe extern "C" fn mjv_frustumHeight(scn: *const mjvScene) -> mjtNum {
    crate::boundary! {
        let Some(s) = scn.as_ref() else {
            mjerror!("mjv_frustumHeight", "NULL scene");
            return 0.0;
        };
        guard("mjv_frustumHeight", 0.0, || camera::frustum_height(s, "mjv_frustumHeight"))
    }
}

/// Rotate vec about the vertical by the angle between (0,1) and the horizontal part of forward.
#[no_mangle]
pub unsafe extern "C" fn mjv_alignToCamera(res: *mut mjtNum, vec: *const mjtNum, forward: *const mjtNum) {
    crate::boundary! {
        if res.is_null() || vec.is_null() || forward.is_null() {
            mjerror!("mjv_alignToCamera", "NULL argument");
            return;
        }
        let r = camera::align_to_camera(&*(vec as *const [f64; 3]), &*(forward as *const [f64; 3]));
        *(res as *mut [f64; 3]) = r;
    }
}

/// Move the camera with the mouse; action is an mjtMouse.
#[no_mangle]
pub unsafe extern "C" fn mjv_moveCamera(
    m: *const mjModel,
    action: c_int,
    reldx: mjtNum,
    reldy: mjtNum,
    scn: *const mjvScene,
    cam: *mut mjvCamera,
) {
    crate::boundary! {
        let (Some(m), Some(s), Some(c)) = (m.as_ref(), scn.as_ref(), cam.as_mut()) else {
            mjerror!("mjv_moveCamera", "NULL argument");
            return;
        };
        guard("mjv_moveCamera", (), || camera::move_camera(m, action, reldx, reldy, s, c))
    }
}

/// Move the model within the room with the mouse; action is an mjtMouse.
#[no_mangle]
pub unsafe extern "C" fn mjv_moveModel(
    m: *const mjModel,
    action: c_int,
    reldx: mjtNum,
    reldy: mjtNum,
    roomup: *const mjtNum,
    scn: *mut mjvScene,
) {
    crate::boundary! {
        let (Some(m), Some(s)) = (m.as_ref(), scn.as_mut()) else {
            mjerror!("mjv_moveModel", "NULL argument");
            return;
        };
        if roomup.is_null() {
            mjerror!("mjv_moveModel", "NULL argument");
            return;
        }
        guard("mjv_moveModel", (), || camera::move_model(m, action, reldx, reldy, &*(roomup as *const [f64; 3]), s))
    }
}

/// Return the average of two OpenGL cameras.
#[no_mangle]
pub unsafe extern "C" fn mjv_averageCamera(cam1: *const mjvGLCamera, cam2: *const mjvGLCamera) -> mjvGLCamera {
    crate::boundary! {
        let (Some(a), Some(b)) = (cam1.as_ref(), cam2.as_ref()) else {
            mjerror!("mjv_averageCamera", "NULL camera");
            return core::mem::zeroed();
        };
        guard("mjv_averageCamera", core::mem::zeroed(), || camera::average_camera(a, b))
    }
}

/// Head position and forward, up and right directions of a camera; outputs may be NULL.
#[no_mangle]
pub unsafe extern "C" fn mjv_cameraFrame(
    headpos: *mut mjtNum,
    forward: *mut mjtNum,
    up: *mut mjtNum,
    right: *mut mjtNum,
    d: *const mjData,
    cam: *const mjvCamera,
) {
    crate::boundary! {
        let (Some(d), Some(c)) = (d.as_ref(), cam.as_ref()) else {
            mjerror!("mjv_cameraFrame", "NULL data or camera");
            return;
        };
        guard("mjv_cameraFrame", (), || {
            // a fixed camera's pose: upstream reads it at fixedcamid without a model to check
            let (xpos, xmat): (&[f64], &[f64]) = if c.r#type == crate::abi::mjtCamera_::mjCAMERA_FIXED as i32
                && c.fixedcamid >= 0
                && !d.cam_xpos.is_null()
                && !d.cam_xmat.is_null()
            {
                let n = c.fixedcamid as usize + 1;
                // SAFETY: mjv_cameraFrame's contract: d is data of a model with more than
                // fixedcamid cameras, so cam_xpos / cam_xmat hold at least 3n / 9n numbers
                unsafe { (core::slice::from_raw_parts(d.cam_xpos, 3 * n), core::slice::from_raw_parts(d.cam_xmat, 9 * n)) }
            } else {
                (&[], &[])
            };
            if let Some([h, f, u, r]) = camera::camera_frame(xpos, xmat, c, None) {
                put3(headpos, &h);
                put3(forward, &f);
                put3(up, &u);
                put3(right, &r);
            }
        })
    }
}

/// Camera frustum: vertical and horizontal near-plane extents and near/far clipping distances; outputs may be NULL.
#[no_mangle]
pub unsafe extern "C" fn mjv_cameraFrustum(
    zver: *mut f32,
    zhor: *mut f32,
    zclip: *mut f32,
    m: *const mjModel,
    cam: *const mjvCamera,
) {
    crate::boundary! {
        let (Some(m), Some(c)) = (m.as_ref(), cam.as_ref()) else {
            mjerror!("mjv_cameraFrustum", "NULL model or camera");
            return;
        };
        guard("mjv_cameraFrustum", (), || {
            if let Some((v, h, z)) = camera::camera_frustum(m, c) {
                for (p, val) in [(zver, v), (zhor, h), (zclip, z)] {
                    if !p.is_null() {
                        *(p as *mut [f32; 2]) = val;
                    }
                }
            }
        })
    }
}

/// Set the scene's two OpenGL cameras from an mjvCamera (nothing for a user camera).
#[no_mangle]
pub unsafe extern "C" fn mjv_updateCamera(
    m: *const mjModel,
    d: *const mjData,
    cam: *mut mjvCamera,
    scn: *mut mjvScene,
) {
    crate::boundary! {
        let (Some(m), Some(cam)) = (m.as_ref(), cam.as_mut()) else { return };
        let (Some(d), Some(s)) = (d.as_ref(), scn.as_mut()) else {
            mjerror!("mjv_updateCamera", "NULL data or scene");
            return;
        };
        guard("mjv_updateCamera", (), || camera::update_camera(m, d, cam, s))
    }
}

//------------------------------------ perturbations -----------------------------------------------

/// Move the perturbation's reference with the mouse; action is an mjtMouse.
#[no_mangle]
pub unsafe extern "C" fn mjv_movePerturb(
    m: *const mjModel,
    d: *const mjData,
    action: c_int,
    reldx: mjtNum,
    reldy: mjtNum,
    scn: *const mjvScene,
    pert: *mut mjvPerturb,
) {
    crate::boundary! {
        let (Some(m), Some(d), Some(s), Some(p)) = (m.as_ref(), d.as_ref(), scn.as_ref(), pert.as_mut()) else {
            mjerror!("mjv_movePerturb", "NULL argument");
            return;
        };
        guard("mjv_movePerturb", (), || perturb::move_perturb(m, d, action, reldx, reldy, s, p))
    }
}

/// Start perturbing the selected body: reference pose, mass at the selection point, mouse scale.
#[no_mangle]
pub unsafe extern "C" fn mjv_initPerturb(
    m: *const mjModel,
    d: *mut mjData,
    scn: *const mjvScene,
    pert: *mut mjvPerturb,
) {
    crate::boundary! {
        let (Some(m), Some(d), Some(s), Some(p)) = (m.as_ref(), d.as_mut(), scn.as_ref(), pert.as_mut()) else {
            mjerror!("mjv_initPerturb", "NULL argument");
            return;
        };
        guard("mjv_initPerturb", (), || perturb::init_perturb(m, d, s, p))
    }
}

/// Move a perturbed mocap body to the reference pose; when paused, also a free body or the free root of its tree (through qpos).
#[no_mangle]
pub unsafe extern "C" fn mjv_applyPerturbPose(
    m: *const mjModel,
    d: *mut mjData,
    pert: *const mjvPerturb,
    flg_paused: c_int,
) {
    crate::boundary! {
        let (Some(m), Some(d), Some(p)) = (m.as_ref(), d.as_mut(), pert.as_ref()) else {
            mjerror!("mjv_applyPerturbPose", "NULL argument");
            return;
        };
        guard("mjv_applyPerturbPose", (), || perturb::apply_perturb_pose(m, d, p, flg_paused != 0))
    }
}

/// Write the perturbation's spring-damper force and torque into xfrc_applied of the selected body.
#[no_mangle]
pub unsafe extern "C" fn mjv_applyPerturbForce(m: *const mjModel, d: *mut mjData, pert: *const mjvPerturb) {
    crate::boundary! {
        let (Some(m), Some(d), Some(p)) = (m.as_ref(), d.as_mut(), pert.as_ref()) else {
            mjerror!("mjv_applyPerturbForce", "NULL argument");
            return;
        };
        guard("mjv_applyPerturbForce", (), || perturb::apply_perturb_force(m, d, p))
    }
}

/// Select the geom, flex or skin under the cursor and return its body (-1: none); the ids of the kinds not hit are -1 (each id output may be NULL).
#[no_mangle]
pub unsafe extern "C" fn mjv_select(
    m: *const mjModel,
    d: *const mjData,
    vopt: *const mjvOption,
    aspectratio: mjtNum,
    relx: mjtNum,
    rely: mjtNum,
    scn: *const mjvScene,
    selpnt: *mut mjtNum,
    geomid: *mut c_int,
    flexid: *mut c_int,
    skinid: *mut c_int,
) -> c_int {
    crate::boundary! {
        let (Some(m), Some(d), Some(o), Some(s)) = (m.as_ref(), d.as_ref(), vopt.as_ref(), scn.as_ref()) else {
            mjerror!("mjv_select", "NULL argument");
            return -1;
        };
        guard("mjv_select", -1, || {
            let sel = perturb::select(m, d, o, aspectratio, relx, rely, s);
            for (p, v) in [(geomid, sel.geom), (flexid, sel.flex), (skinid, sel.skin)] {
                if !p.is_null() {
                    *p = v;
                }
            }
            if let Some(pt) = sel.point {
                put3(selpnt, &pt);
            }
            sel.body
        })
    }
}

//------------------------------------ scene update ------------------------------------------------

/// Add the geoms of the categories in catmask (mjtCatBit) to the scene; pert may be NULL.
#[no_mangle]
pub unsafe extern "C" fn mjv_addGeoms(
    m: *const mjModel,
    d: *mut mjData,
    opt: *const mjvOption,
    pert: *const mjvPerturb,
    catmask: c_int,
    scn: *mut mjvScene,
) {
    crate::boundary! {
        let (Some(m), Some(d), Some(o), Some(s)) = (m.as_ref(), d.as_mut(), opt.as_ref(), scn.as_mut()) else {
            mjerror!("mjv_addGeoms", "NULL argument");
            return;
        };
        guard("mjv_addGeoms", (), || update::add_geoms(m, d, o, pert.as_ref(), catmask, s))
    }
}

/// Fill the scene's lights: the headlight, then the model's active lights.
#[no_mangle]
pub unsafe extern "C" fn mjv_makeLights(m: *const mjModel, d: *const mjData, scn: *mut mjvScene) {
    crate::boundary! {
        let (Some(m), Some(d), Some(s)) = (m.as_ref(), d.as_ref(), scn.as_mut()) else {
            mjerror!("mjv_makeLights", "NULL argument");
            return;
        };
        guard("mjv_makeLights", (), || lights::make_lights(m, d, s))
    }
}

/// Update the skin vertices and normals of the skins in the default groups (deprecated upstream; warns).
#[no_mangle]
pub unsafe extern "C" fn mjv_updateSkin(m: *const mjModel, d: *const mjData, scn: *mut mjvScene) {
    crate::boundary! {
        let (Some(m), Some(d), Some(s)) = (m.as_ref(), d.as_ref(), scn.as_mut()) else {
            mjerror!("mjv_updateSkin", "NULL argument");
            return;
        };
        guard("mjv_updateSkin", (), || {
            let mut opt: mjvOption = core::mem::zeroed();
            scene::default_option(&mut opt);
            skin::update_skin(m, d, s, &opt);
        });
        crate::mjwarning!("mjv_updateSkin is deprecated, please use mjv_updateActiveSkin.");
    }
}

/// Rebuild the whole scene from the model and data: plugin decorations, geoms, cameras, lights, flexes and skins.
#[no_mangle]
pub unsafe extern "C" fn mjv_updateScene(
    m: *const mjModel,
    d: *mut mjData,
    opt: *const mjvOption,
    pert: *const mjvPerturb,
    cam: *mut mjvCamera,
    catmask: c_int,
    scn: *mut mjvScene,
) {
    crate::boundary! {
        let (Some(m), Some(d), Some(o), Some(s)) = (m.as_ref(), d.as_mut(), opt.as_ref(), scn.as_mut()) else {
            mjerror!("mjv_updateScene", "NULL argument");
            return;
        };
        guard("mjv_updateScene", (), || update::update_scene(m, d, o, pert.as_ref(), cam.as_mut(), catmask, s))
    }
}

/// Fill the scene's flex vertex and face buffers for the flexes the options show.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjv_updateActiveFlex(
    m: *const mjModel,
    d: *mut mjData,
    scn: *mut mjvScene,
    opt: *const mjvOption,
) {
    crate::boundary! {
        let (Some(m), Some(d), Some(s), Some(o)) = (m.as_ref(), d.as_mut(), scn.as_mut(), opt.as_ref()) else {
            mjerror!("mjv_updateActiveFlex", "NULL argument");
            return;
        };
        guard("mjv_updateActiveFlex", (), || skin::update_flex(m, d, s, o))
    }
}

/// Fill the scene's skin vertices and normals for the skins in the groups the options show.
/// cbindgen:ignore
#[no_mangle]
pub unsafe extern "C" fn mjv_updateActiveSkin(
    m: *const mjModel,
    d: *const mjData,
    scn: *mut mjvScene,
    opt: *const mjvOption,
) {
    crate::boundary! {
        let (Some(m), Some(d), Some(s), Some(o)) = (m.as_ref(), d.as_ref(), scn.as_mut(), opt.as_ref()) else {
            mjerror!("mjv_updateActiveSkin", "NULL argument");
            return;
        };
        guard("mjv_updateActiveSkin", (), || skin::update_skin(m, d, s, o))
    }
}

//------------------------------------ printing ----------------------------------------------------

/// Write the scene as text to a file (stdout for NULL) with the given printf float format.
#[no_mangle]
pub unsafe extern "C" fn mj_printFormattedScene(
    s: *const mjvScene,
    filename: *const c_char,
    float_format: *const c_char,
) {
    crate::boundary! {
        let Some(s) = s.as_ref() else {
            mjerror!("mj_printFormattedScene", "NULL scene");
            return;
        };
        guard("mj_printFormattedScene", (), || {
            // SAFETY: upstream's contract: filename and float_format are null or NUL-terminated
            let (filename, ff) = unsafe { (opt_cstr(filename), opt_cstr(float_format)) };
            crate::vis::print::print_scene(s, filename, ff)
        })
    }
}

/// Write the scene as text to a file (stdout for NULL) with the default float format.
#[no_mangle]
pub unsafe extern "C" fn mj_printScene(s: *const mjvScene, filename: *const c_char) {
    crate::boundary! {
        let Some(s) = s.as_ref() else {
            mjerror!("mj_printScene", "NULL scene");
            return;
        };
        guard("mj_printScene", (), || {
            // SAFETY: upstream's contract: filename is null or NUL-terminated
            let filename = unsafe { opt_cstr(filename) };
            crate::vis::print::print_scene(s, filename, Some(crate::io::print::DEFAULT_FORMAT))
        })
    }
}
