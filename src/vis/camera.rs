//! Cameras of the abstract visualizer: the model-to-room transformation of a scene, the
//! averaged head pose of its two OpenGL cameras, mouse-driven camera and model motion, and
//! computing the OpenGL cameras from an `mjvCamera` (`mjv_updateCamera`).

use crate::abi::mjtCamera_::*;
use crate::abi::mjtMouse_::*;
use crate::abi::*;
use crate::math::blas::{add3, add_to_scl3, dot3, normalize, normalize3, normalize4, scl3, sub3};
use crate::math::misc::n2f;
use crate::math::spatial::{axis_angle2quat, cross, mat2quat, mul_pose, mul_quat, neg_pose, quat2mat};
use crate::mjerror;

const PI: f64 = core::f64::consts::PI;

fn f3(v: &[f32; 3]) -> [f64; 3] {
    [v[0] as f64, v[1] as f64, v[2] as f64]
}

fn f4(v: &[f32; 4]) -> [f64; 4] {
    [v[0] as f64, v[1] as f64, v[2] as f64, v[3] as f64]
}

/// Pose in model space of a pose in room space (`mjv_room2model`); a copy when the scene's
/// transformation is off.
pub fn room2model(roompos: &[f64; 3], roomquat: &[f64; 4], scn: &mjvScene) -> ([f64; 3], [f64; 4]) {
    if (scn.scale as f64) < mjMINVAL {
        mjerror!("mjv_room2model", "mjvScene scale too small");
    }
    if scn.enabletransform == 0 {
        return (*roompos, *roomquat);
    }
    let (invpos, invquat) = neg_pose(&f3(&scn.translate), &f4(&scn.rotate));
    let (pos, quat) = mul_pose(&invpos, &invquat, roompos, roomquat);
    (scl3(&pos, 1.0 / scn.scale as f64), quat)
}

/// Pose in room space of a pose in model space (`mjv_model2room`).
pub fn model2room(modelpos: &[f64; 3], modelquat: &[f64; 4], scn: &mjvScene) -> ([f64; 3], [f64; 4]) {
    if (scn.scale as f64) < mjMINVAL {
        mjerror!("mjv_model2room", "mjvScene scale too small");
    }
    if scn.enabletransform == 0 {
        return (*modelpos, *modelquat);
    }
    let (pos, quat) = mul_pose(&f3(&scn.translate), &f4(&scn.rotate), modelpos, modelquat);
    (scl3(&pos, scn.scale as f64), quat)
}

/// Head position, forward and up direction of the scene's two cameras, averaged, in model
/// space (`mjv_cameraInModel`).
pub fn camera_in_model(scn: &mjvScene, func: &str) -> ([f64; 3], [f64; 3], [f64; 3]) {
    if (scn.camera[0].frustum_near as f64) < mjMINVAL || (scn.camera[1].frustum_near as f64) < mjMINVAL {
        mjerror!(func, "mjvScene frustum_near too small");
    }
    let (mut head, mut fwd_avg, mut up_avg) = ([0.0; 3], [0.0; 3], [0.0; 3]);
    for cam in &scn.camera {
        let pos = f3(&cam.pos);
        let mut fwd = f3(&cam.forward);
        let mut u = f3(&cam.up);
        normalize3(&mut fwd);
        normalize3(&mut u);
        let mut left = cross(&u, &fwd);
        normalize3(&mut left);
        let mat = [left[0], u[0], fwd[0], left[1], u[1], fwd[1], left[2], u[2], fwd[2]];
        let quat = mat2quat(&mat);
        let (modelpos, modelquat) = room2model(&pos, &quat, scn);
        let modelmat = quat2mat(&modelquat);
        add_to_scl3(&mut head, &modelpos, 0.5);
        for k in 0..3 {
            fwd_avg[k] += 0.5 * modelmat[3 * k + 2];
        }
        for k in 0..3 {
            up_avg[k] += 0.5 * modelmat[3 * k + 1];
        }
    }
    normalize3(&mut fwd_avg);
    normalize3(&mut up_avg);
    (head, fwd_avg, up_avg)
}

/// As [`camera_in_model`], in room space (`mjv_cameraInRoom`).
pub fn camera_in_room(scn: &mjvScene, func: &str) -> ([f64; 3], [f64; 3], [f64; 3]) {
    if (scn.camera[0].frustum_near as f64) < mjMINVAL || (scn.camera[1].frustum_near as f64) < mjMINVAL {
        mjerror!(func, "mjvScene frustum_near too small");
    }
    let (mut head, mut fwd, mut up) = ([0.0; 3], [0.0; 3], [0.0; 3]);
    for cam in &scn.camera {
        add_to_scl3(&mut head, &f3(&cam.pos), 0.5);
        add_to_scl3(&mut fwd, &f3(&cam.forward), 0.5);
        add_to_scl3(&mut up, &f3(&cam.up), 0.5);
    }
    normalize3(&mut fwd);
    normalize3(&mut up);
    (head, fwd, up)
}

/// Height of the frustum at unit distance (perspective) or its height (orthographic),
/// averaged over the two cameras (`mjv_frustumHeight`).
pub fn frustum_height(scn: &mjvScene, func: &str) -> f64 {
    let (c1, c2) = (&scn.camera[0], &scn.camera[1]);
    if c1.orthographic != c2.orthographic {
        mjerror!(func, "cannot average frustums of perspective and orthographic cameras");
    }
    let height = if c1.orthographic == 0 {
        if (c1.frustum_near as f64) < mjMINVAL || (c2.frustum_near as f64) < mjMINVAL {
            mjerror!(func, "mjvScene frustum_near too small");
        }
        ((c1.frustum_top - c1.frustum_bottom) / c1.frustum_near
            + (c2.frustum_top - c2.frustum_bottom) / c2.frustum_near) as f64
    } else {
        ((c1.frustum_top - c1.frustum_bottom) + (c2.frustum_top - c2.frustum_bottom)) as f64
    };
    0.5 * height
}

/// Rotates `vec` about z by the angle between (0,1) and the horizontal part of `forward`
/// (`mjv_alignToCamera`).
pub fn align_to_camera(vec: &[f64; 3], forward: &[f64; 3]) -> [f64; 3] {
    let mut yaxis = [forward[0], forward[1]];
    normalize(&mut yaxis);
    let xaxis = [yaxis[1], -yaxis[0]];
    [vec[0] * xaxis[0] + vec[1] * yaxis[0], vec[0] * xaxis[1] + vec[1] * yaxis[1], vec[2]]
}

/// World-space vector of a 2D mouse motion for a mouse action, aligned with the camera.
fn convert2d(action: i32, dx: f64, dy: f64, forward: &[f64; 3], func: &str) -> [f64; 3] {
    let vec = match action {
        a if a == mjMOUSE_ROTATE_V as i32 => [dy, 0.0, dx],
        a if a == mjMOUSE_ROTATE_H as i32 => [dy, dx, 0.0],
        a if a == mjMOUSE_MOVE_V as i32 || a == mjMOUSE_MOVE_V_REL as i32 => [dx, 0.0, -dy],
        a if a == mjMOUSE_MOVE_H as i32 || a == mjMOUSE_MOVE_H_REL as i32 => [dx, -dy, 0.0],
        a if a == mjMOUSE_ZOOM as i32 => [0.0; 3],
        _ => {
            let _ = func;
            mjerror!("convert2D", "unexpected mouse action {} in convert2D", action);
            [0.0; 3]
        }
    };
    align_to_camera(&vec, forward)
}

/// Public form of the mouse-to-world conversion for the perturbation code.
pub fn mouse_vector(action: i32, dx: f64, dy: f64, forward: &[f64; 3]) -> [f64; 3] {
    convert2d(action, dx, dy, forward, "")
}

/// Moves an `mjvCamera` with the mouse (`mjv_moveCamera`): rotation changes azimuth and
/// elevation, translation moves the look-at point so that it follows the cursor, zoom changes
/// the distance; the results are kept in range.
pub fn move_camera(m: &mjModel, action: i32, reldx: f64, reldy: f64, scn: &mjvScene, cam: &mut mjvCamera) {
    if cam.r#type == mjCAMERA_FIXED as i32 {
        return;
    }
    let tracking = cam.r#type == mjCAMERA_TRACKING as i32;
    match action {
        a if a == mjMOUSE_ROTATE_V as i32 || a == mjMOUSE_ROTATE_H as i32 => {
            cam.azimuth -= reldx * 180.0;
            cam.elevation -= reldy * 180.0;
        }
        a if a == mjMOUSE_MOVE_V as i32 || a == mjMOUSE_MOVE_H as i32 => {
            if tracking {
                return;
            }
            let (headpos, forward, _) = camera_in_model(scn, "mjv_cameraInModel");
            let vec = convert2d(action, reldx, reldy, &forward, "");
            let dif = sub3(&cam.lookat, &headpos);
            let mut scl = frustum_height(scn, "mjv_frustumHeight") * dot3(&dif, &forward);
            if cam.orthographic != 0 {
                scl *= 0.15;
            }
            add_to_scl3(&mut cam.lookat, &vec, -scl);
        }
        a if a == mjMOUSE_ZOOM as i32 => {
            let ext = m.stat.extent;
            cam.distance -= (1.0 + cam.distance / ext / 3.0).ln() * reldy * 9.0 * ext;
        }
        a if a == mjMOUSE_MOVE_V_REL as i32 || a == mjMOUSE_MOVE_H_REL as i32 => {
            if tracking {
                return;
            }
            let (_, forward, up) = camera_in_model(scn, "mjv_cameraInModel");
            let right = cross(&forward, &up);
            add_to_scl3(&mut cam.lookat, if a == mjMOUSE_MOVE_V_REL as i32 { &up } else { &forward }, reldy);
            add_to_scl3(&mut cam.lookat, &right, reldx);
        }
        _ => {
            mjerror!("mjv_moveCamera", "unexpected action {}", action);
        }
    }

    if cam.azimuth > 180.0 {
        cam.azimuth -= 360.0;
    }
    if cam.azimuth < -180.0 {
        cam.azimuth += 360.0;
    }
    cam.elevation = cam.elevation.clamp(-89.0, 89.0);
    if cam.distance < 0.01 * m.stat.extent {
        cam.distance = 0.01 * m.stat.extent;
    }
    if cam.distance > 100.0 * m.stat.extent {
        cam.distance = 100.0 * m.stat.extent;
    }
}

/// Moves the model within the room with the mouse (`mjv_moveModel`); nothing when the scene's
/// transformation is off.
pub fn move_model(m: &mjModel, action: i32, reldx: f64, reldy: f64, roomup: &[f64; 3], scn: &mut mjvScene) {
    if scn.enabletransform == 0 {
        return;
    }
    let (_, camforward, _) = camera_in_room(scn, "mjv_cameraInRoom");
    let mut roomforward = [0.0; 3];
    let p = dot3(&camforward, roomup);
    for k in 0..3 {
        roomforward[k] = camforward[k] + roomup[k] * -p;
    }
    normalize3(&mut roomforward);
    let mut roomright = cross(&roomforward, roomup);
    normalize3(&mut roomright);

    match action {
        a if a == mjMOUSE_ROTATE_V as i32 || a == mjMOUSE_ROTATE_H as i32 => {
            let mut vec = [0.0; 3];
            for i in 0..3 {
                vec[i] = if a == mjMOUSE_ROTATE_V as i32 {
                    roomup[i] * reldx + roomright[i] * reldy
                } else {
                    roomforward[i] * reldx + roomright[i] * reldy
                };
            }
            let scl = normalize3(&mut vec);
            let quat = axis_angle2quat(&vec, scl * PI);
            let mut result = mul_quat(&quat, &f4(&scn.rotate));
            normalize4(&mut result);
            n2f(&mut scn.rotate, &result);
        }
        a if a == mjMOUSE_MOVE_V as i32 || a == mjMOUSE_MOVE_V_REL as i32 => {
            for i in 0..3 {
                let step = (roomright[i] * reldx - roomup[i] * reldy) as f32 as f64 * m.stat.extent;
                scn.translate[i] = (scn.translate[i] as f64 + step) as f32;
            }
        }
        a if a == mjMOUSE_MOVE_H as i32 || a == mjMOUSE_MOVE_H_REL as i32 => {
            for i in 0..3 {
                let step = (roomright[i] * reldx - roomforward[i] * reldy) as f32 as f64 * m.stat.extent;
                scn.translate[i] = (scn.translate[i] as f64 + step) as f32;
            }
        }
        a if a == mjMOUSE_ZOOM as i32 => {
            scn.scale += ((1.0 + scn.scale as f64 / 3.0).ln() * reldy * 3.0) as f32;
            scn.scale = scn.scale.clamp(0.01, 100.0);
        }
        _ => {
            mjerror!("mjv_moveModel", "unexpected action {}", action);
        }
    }
}

/// The average of two OpenGL cameras (`mjv_averageCamera`): mean position, normalised mean
/// forward, mean up made orthogonal to it, mean frustum.
pub fn average_camera(c1: &mjvGLCamera, c2: &mjvGLCamera) -> mjvGLCamera {
    // SAFETY: plain old data
    let mut cam: mjvGLCamera = unsafe { core::mem::zeroed() };
    let pos = scl3(&add3(&f3(&c1.pos), &f3(&c2.pos)), 0.5);
    let mut forward = add3(&f3(&c1.forward), &f3(&c2.forward));
    normalize3(&mut forward);
    let mut up = add3(&f3(&c1.up), &f3(&c2.up));
    let projection = dot3(&up, &forward);
    add_to_scl3(&mut up, &forward, -projection);
    normalize3(&mut up);
    n2f(&mut cam.pos, &pos);
    n2f(&mut cam.forward, &forward);
    n2f(&mut cam.up, &up);
    cam.frustum_bottom = 0.5 * (c1.frustum_bottom + c2.frustum_bottom);
    cam.frustum_top = 0.5 * (c1.frustum_top + c2.frustum_top);
    cam.frustum_center = 0.5 * (c1.frustum_center + c2.frustum_center);
    cam.frustum_width = 0.5 * (c1.frustum_width + c2.frustum_width);
    cam.frustum_near = 0.5 * (c1.frustum_near + c2.frustum_near);
    cam.frustum_far = 0.5 * (c1.frustum_far + c2.frustum_far);
    if c1.orthographic != c2.orthographic {
        mjerror!("mjv_averageCamera", "cannot average perspective and orthographic cameras");
    } else {
        cam.orthographic = c1.orthographic;
    }
    cam
}

/// Head position and forward, up and right directions of an `mjvCamera` (`mjv_cameraFrame`);
/// a fixed camera's pose comes from `cam_xpos` / `cam_xmat` (mjData's arrays; the id is checked
/// against `ncam` when given).
pub fn camera_frame(cam_xpos: &[f64], cam_xmat: &[f64], cam: &mjvCamera, ncam: Option<i32>) -> Option<[[f64; 3]; 4]> {
    match cam.r#type {
        t if t == mjCAMERA_FREE as i32 || t == mjCAMERA_TRACKING as i32 => {
            let a = cam.azimuth / 180.0 * PI;
            let e = cam.elevation / 180.0 * PI;
            let (ca, sa, ce, se) = (a.cos(), a.sin(), e.cos(), e.sin());
            let forward = [ce * ca, ce * sa, se];
            let up = [-se * ca, -se * sa, ce];
            let right = [sa, -ca, 0.0];
            let mut head = [0.0; 3];
            for k in 0..3 {
                head[k] = cam.lookat[k] + forward[k] * -cam.distance;
            }
            Some([head, forward, up, right])
        }
        t if t == mjCAMERA_FIXED as i32 => {
            let cid = cam.fixedcamid;
            if cid < 0 || ncam.is_some_and(|n| cid >= n) {
                let func = if ncam.is_some() { "mjv_cameraFrustum" } else { "mjv_cameraFrame" };
                mjerror!(func, "fixed camera id is outside valid range");
                return None;
            }
            let c = cid as usize;
            let (mat, pos) = (&cam_xmat[9 * c..9 * c + 9], &cam_xpos[3 * c..3 * c + 3]);
            Some([
                [pos[0], pos[1], pos[2]],
                [-mat[2], -mat[5], -mat[8]],
                [mat[1], mat[4], mat[7]],
                [mat[0], mat[3], mat[6]],
            ])
        }
        _ => {
            mjerror!("mjv_cameraFrame", "unknown camera type");
            None
        }
    }
}

/// Near-plane extents of a camera from its intrinsics and sensor size: (vertical bottom/top,
/// horizontal left/right).
pub fn intrinsic_frustum(znear: f32, intrinsic: &[f32], sensorsize: &[f32]) -> ([f32; 2], [f32; 2]) {
    let zhor = [
        znear / intrinsic[0] * (sensorsize[0] / 2.0 - intrinsic[2]),
        znear / intrinsic[0] * (sensorsize[0] / 2.0 + intrinsic[2]),
    ];
    let zver = [
        znear / intrinsic[1] * (sensorsize[1] / 2.0 - intrinsic[3]),
        znear / intrinsic[1] * (sensorsize[1] / 2.0 + intrinsic[3]),
    ];
    (zver, zhor)
}

/// Frustum of an `mjvCamera` (`mjv_cameraFrustum`): vertical and horizontal near-plane extents
/// and the near/far clipping distances.
pub fn camera_frustum(m: &mjModel, cam: &mjvCamera) -> Option<([f32; 2], [f32; 2], [f32; 2])> {
    let (orthographic, fovy, intr) = match cam.r#type {
        t if t == mjCAMERA_FREE as i32 || t == mjCAMERA_TRACKING as i32 => {
            (m.vis.global.orthographic, m.vis.global.fovy as f64, None)
        }
        t if t == mjCAMERA_FIXED as i32 => {
            let cid = cam.fixedcamid;
            if cid < 0 || cid >= m.ncam {
                mjerror!("mjv_cameraFrustum", "fixed camera id is outside valid range");
                return None;
            }
            let c = cid as usize;
            let ss = &m.cam_sensorsize()[2 * c..2 * c + 2];
            let intr = (ss[1] != 0.0).then(|| (&m.cam_intrinsic()[4 * c..4 * c + 4], ss));
            (m.cam_orthographic()[c], m.cam_fovy()[c], intr)
        }
        _ => {
            mjerror!("mjv_cameraFrustum", "unknown camera type");
            return None;
        }
    };
    let znear = (m.vis.map.znear as f64 * m.stat.extent) as f32;
    let (zver, zhor) = if orthographic != 0 {
        ([(fovy / 2.0) as f32; 2], [0.0; 2])
    } else if let Some((intrinsic, sensorsize)) = intr {
        intrinsic_frustum(znear, intrinsic, sensorsize)
    } else {
        ([(znear as f64 * (fovy * PI / 360.0).tan()) as f32; 2], [0.0; 2])
    };
    let zclip = [znear, (m.vis.map.zfar as f64 * m.stat.extent) as f32];
    Some((zver, zhor, zclip))
}

/// Sets the scene's two OpenGL cameras from an `mjvCamera` (`mjv_updateCamera`); a tracking
/// camera first moves its look-at point to the tracked subtree's centre of mass. Turns the
/// model transformation off. Nothing for a user camera.
pub fn update_camera(m: &mjModel, d: &mjData, cam: &mut mjvCamera, scn: &mut mjvScene) {
    if cam.r#type == mjCAMERA_USER as i32 {
        return;
    }
    if cam.r#type == mjCAMERA_TRACKING as i32 {
        let bid = cam.trackbodyid;
        if bid < 0 || bid >= m.nbody {
            mjerror!("mjv_updateCamera", "track body id is outside valid range");
            return;
        }
        let com = crate::engine::v3(d.arrays(m).subtree_com, bid as usize);
        cam.lookat = *com;
    }
    let dr = d.arrays(m);
    let Some([headpos, forward, up, right]) = camera_frame(dr.cam_xpos, dr.cam_xmat, cam, Some(m.ncam)) else { return };
    let Some((zver, zhor, zclip)) = camera_frustum(m, cam) else { return };

    let (ipd, orthographic) = if cam.r#type == mjCAMERA_FIXED as i32 {
        let c = cam.fixedcamid as usize;
        (m.cam_ipd()[c], m.cam_orthographic()[c])
    } else {
        (m.vis.global.ipd as f64, m.vis.global.orthographic)
    };

    for (view, gl) in scn.camera.iter_mut().enumerate() {
        let side = if view == 1 { ipd } else { -ipd };
        for i in 0..3 {
            gl.pos[i] = (headpos[i] + side * 0.5 * right[i]) as f32;
            gl.forward[i] = forward[i] as f32;
            gl.up[i] = up[i] as f32;
        }
        gl.orthographic = orthographic;
        gl.frustum_top = zver[1];
        gl.frustum_bottom = -zver[0];
        gl.frustum_center = (zhor[1] - zhor[0]) / 2.0;
        gl.frustum_width = (zhor[1] + zhor[0]) / 2.0;
        gl.frustum_near = zclip[0];
        gl.frustum_far = zclip[1];
    }
    scn.enabletransform = 0;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn align_and_transform() {
        // forward along +x: (0,1) maps onto x
        let r = align_to_camera(&[0.0, 1.0, 0.5], &[1.0, 0.0, 0.0]);
        assert!((r[0] - 1.0).abs() < 1e-15 && r[1].abs() < 1e-15 && r[2] == 0.5);
        // SAFETY: plain old data
        let mut scn: mjvScene = unsafe { core::mem::zeroed() };
        scn.scale = 2.0;
        scn.rotate = [1.0, 0.0, 0.0, 0.0];
        scn.translate = [1.0, 0.0, 0.0];
        let q = [1.0, 0.0, 0.0, 0.0];
        assert_eq!(room2model(&[3.0, 0.0, 0.0], &q, &scn).0, [3.0, 0.0, 0.0]);
        scn.enabletransform = 1;
        assert_eq!(room2model(&[3.0, 0.0, 0.0], &q, &scn).0, [1.0, 0.0, 0.0]);
        assert_eq!(model2room(&[1.0, 0.0, 0.0], &q, &scn).0, [4.0, 0.0, 0.0]);
    }
}
