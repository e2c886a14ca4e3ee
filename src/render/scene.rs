//! The 3D renderer (`mjr_render`): draws an `mjvScene` with OpenGL's fixed-function pipeline —
//! opaque geoms, one planar reflection through the stencil buffer, shadow maps per shadow-casting
//! light, the skybox with haze, transparent geoms sorted by distance, labels, the frame — or,
//! in segmentation mode, flat colours per segment id.

use core::ffi::c_void;

use super::draw2d::text_actual;
use super::gl::*;
use super::glconst::*;
use super::shapes::*;
use super::util::*;
use crate::abi::mjtCatBit_::mjCAT_DECOR;
use crate::abi::mjtFont_::mjFONT_SHADOW;
use crate::abi::mjtFramebuffer_::mjFB_WINDOW;
use crate::abi::mjtGeom_::*;
use crate::abi::mjtLightType_::*;
use crate::abi::mjtObj_::mjOBJ_GEOM;
use crate::abi::mjtRndFlag_::*;
use crate::abi::mjtStereo_::*;
use crate::abi::mjtTexture_::*;
use crate::abi::*;

type R = Result<(), String>;

/// A slice of `n` elements at `p` (empty when `n` is 0 or `p` is NULL).
///
/// # Safety
/// Unless `n` is 0 or `p` NULL, `p` points to `n` initialised elements that stay alive and
/// unwritten for `'a`.
unsafe fn slice<'a, T>(p: *const T, n: usize) -> &'a [T] {
    if n == 0 || p.is_null() {
        &[]
    } else {
        // SAFETY: n initialised elements at p, alive and unwritten for 'a (this function's contract)
        unsafe { core::slice::from_raw_parts(p, n) }
    }
}

/// Length of an array indexed by `adr[i]..adr[i] + num[i]` (in units of `stride`): the end of
/// its furthest range.
fn extent(adr: &[i32], num: &[i32], stride: usize) -> usize {
    adr.iter().zip(num).map(|(&a, &n)| stride * (a.max(0) as usize + n.max(0) as usize)).max().unwrap_or(0)
}

/// The scene with its skin and flex buffers as slices; derefs to the scene.
struct Scene<'a> {
    s: &'a mjvScene,
    skinfacenum: &'a [i32],
    skinvertadr: &'a [i32],
    skinvertnum: &'a [i32],
    skinvert: &'a [f32],
    skinnormal: &'a [f32],
    flexedgeadr: &'a [i32],
    flexedgenum: &'a [i32],
    flexvertadr: &'a [i32],
    flexvertnum: &'a [i32],
    flexfaceadr: &'a [i32],
    flexfaceused: &'a [i32],
    flexedge: &'a [i32],
    flexvert: &'a [f32],
    flexface: &'a [f32],
    flexnormal: &'a [f32],
    flextexcoord: &'a [f32],
}

impl core::ops::Deref for Scene<'_> {
    type Target = mjvScene;
    fn deref(&self) -> &mjvScene {
        self.s
    }
}

impl<'a> Scene<'a> {
    /// # Safety
    /// The scene's buffers are those mjv_makeScene allocates and mjv_updateScene fills: nskin
    /// entries of skinfacenum/skinvertadr/skinvertnum, 3 floats per skin vertex of skinvert
    /// and skinnormal; nflex entries of the flex counts and addresses, flexedge/flexvert with
    /// 2 ints per edge / 3 floats per vertex of every flex, and flexface/flexnormal (9 floats)
    /// and flextexcoord (6 floats) per face of each flex's flexfacenum.
    unsafe fn new(s: &'a mjvScene) -> Scene<'a> {
        let nskin = s.nskin.max(0) as usize;
        let nflex = s.nflex.max(0) as usize;
        // SAFETY: the per-skin and per-flex arrays hold nskin / nflex entries (this function's
        // contract); the shared borrow of the scene keeps them alive and unwritten
        let (skinfacenum, skinvertadr, skinvertnum, flexedgeadr, flexedgenum, flexvertadr, flexvertnum) = unsafe {
            (
                slice(s.skinfacenum, nskin),
                slice(s.skinvertadr, nskin),
                slice(s.skinvertnum, nskin),
                slice(s.flexedgeadr, nflex),
                slice(s.flexedgenum, nflex),
                slice(s.flexvertadr, nflex),
                slice(s.flexvertnum, nflex),
            )
        };
        // SAFETY: as above
        let (flexfaceadr, flexfacenum, flexfaceused) =
            unsafe { (slice(s.flexfaceadr, nflex), slice(s.flexfacenum, nflex), slice(s.flexfaceused, nflex)) };
        let nskinvert = extent(skinvertadr, skinvertnum, 3);
        let nedge = extent(flexedgeadr, flexedgenum, 2);
        let nvert = extent(flexvertadr, flexvertnum, 3);
        let nface = extent(flexfaceadr, flexfacenum, 1);
        // SAFETY: each buffer holds its stride times the furthest adr + num of its counts (this
        // function's contract: they are allocated for all skins' vertices, all flexes' edges
        // and vertices, and flexfacenum faces per flex at flexfaceadr)
        unsafe {
            Scene {
                s,
                skinfacenum,
                skinvertadr,
                skinvertnum,
                skinvert: slice(s.skinvert, nskinvert),
                skinnormal: slice(s.skinnormal, nskinvert),
                flexedgeadr,
                flexedgenum,
                flexvertadr,
                flexvertnum,
                flexfaceadr,
                flexfaceused,
                flexedge: slice(s.flexedge, nedge),
                flexvert: slice(s.flexvert, nvert),
                flexface: slice(s.flexface, 9 * nface),
                flexnormal: slice(s.flexnormal, 9 * nface),
                flextexcoord: slice(s.flextexcoord, 6 * nface),
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, PartialOrd)]
enum Mode {
    Normal,
    ShadowMap,
    ShadowCast,
    Segment,
    IdColor,
}

#[derive(Clone, Copy, PartialEq)]
enum Tex {
    Shadow,
    Skybox,
    Regular,
}

fn is_behind(head: &[f32; 3], pos: &[f32; 3], mat: &[f32; 9]) -> bool {
    (head[0] - pos[0]) * mat[2] + (head[1] - pos[1]) * mat[5] + (head[2] - pos[2]) * mat[8] < 0.0
}

fn is_reflective(g: &mjvGeom) -> bool {
    (g.r#type == mjGEOM_PLANE as i32 || g.r#type == mjGEOM_BOX as i32) && g.transparent == 0 && g.reflectance > 0.0
}

/// Bounding radius used to sort transparent geoms.
fn rbound(g: &mjvGeom) -> f32 {
    if g.objtype == mjOBJ_GEOM as i32 {
        return g.modelrbound;
    }
    let s = &g.size;
    match g.r#type {
        t if t == mjGEOM_SPHERE as i32 => s[0],
        t if t == mjGEOM_CAPSULE as i32 => s[0] + s[2],
        t if t == mjGEOM_CYLINDER as i32 => (s[0] * s[0] + s[2] * s[2]).sqrt(),
        t if t == mjGEOM_BOX as i32 => (s[0] * s[0] + s[1] * s[1] + s[2] * s[2]).sqrt(),
        _ => s[0].max(s[1].max(s[2])),
    }
}

fn plane(c: u32, p: [f32; 4]) {
    glTexGenfv(c, GL_OBJECT_PLANE, &p);
}

/// Enables (state) or disables the texture unit for shadows, the skybox or a geom's material.
fn set_texture(kind: Tex, state: bool, con: &mjrContext, geom: Option<&mjvGeom>) {
    let nrole = mjtTextureRole_::mjNTEXROLE as usize;
    let texid = match geom {
        Some(g) if g.matid >= 0 => con.mat_texid[nrole * g.matid as usize + mjtTextureRole_::mjTEXROLE_RGB as usize],
        _ => -1,
    };
    if kind == Tex::Shadow {
        glActiveTexture(GL_TEXTURE1);
        let f = if state { glEnable } else { glDisable };
        f(GL_TEXTURE_2D);
        f(GL_TEXTURE_GEN_S);
        f(GL_TEXTURE_GEN_T);
        f(GL_TEXTURE_GEN_R);
        f(GL_TEXTURE_GEN_Q);
        if state {
            glBindTexture(GL_TEXTURE_2D, con.shadowTex);
        }
        return;
    }
    let g = geom.expect("geom for regular texture");
    if kind == Tex::Regular && g.texcoord != 0 {
        glActiveTexture(GL_TEXTURE0);
        if state && texid >= 0 {
            glEnable(GL_TEXTURE_2D);
            glBindTexture(GL_TEXTURE_2D, con.texture[texid as usize]);
        } else {
            glDisable(GL_TEXTURE_2D);
        }
    } else if kind == Tex::Regular && texid >= 0 && con.textureType[texid as usize] == mjTEXTURE_2D as i32 {
        glActiveTexture(GL_TEXTURE0);
        if state {
            glEnable(GL_TEXTURE_2D);
            glEnable(GL_TEXTURE_GEN_S);
            glEnable(GL_TEXTURE_GEN_T);
            glBindTexture(GL_TEXTURE_2D, con.texture[texid as usize]);
            let mid = g.matid as usize;
            let mut scl = [con.mat_texrepeat[2 * mid], con.mat_texrepeat[2 * mid + 1]];
            if g.dataid >= 0 {
                for k in 0..2 {
                    if g.size[k] > 0.0 {
                        scl[k] = (scl[k] as f64 / (g.size[k] as f64).max(mjMINVAL)) as f32;
                    }
                }
            }
            if con.mat_texuniform[mid] != 0 {
                for k in 0..2 {
                    if g.size[k] > 0.0 {
                        scl[k] *= g.size[k];
                    }
                }
            }
            plane(GL_S, [(0.5 * scl[0] as f64) as f32, 0.0, 0.0, -0.5]);
            plane(GL_T, [0.0, (-0.5 * scl[1] as f64) as f32, 0.0, -0.5]);
        } else {
            glDisable(GL_TEXTURE_2D);
            glDisable(GL_TEXTURE_GEN_S);
            glDisable(GL_TEXTURE_GEN_T);
        }
    } else {
        glActiveTexture(GL_TEXTURE0);
        if state && texid >= 0 {
            glEnable(GL_TEXTURE_CUBE_MAP);
            glEnable(GL_TEXTURE_GEN_S);
            glEnable(GL_TEXTURE_GEN_T);
            glEnable(GL_TEXTURE_GEN_R);
            glBindTexture(GL_TEXTURE_CUBE_MAP, con.texture[texid as usize]);
            if kind == Tex::Regular {
                let uni = con.mat_texuniform[g.matid as usize] != 0;
                let s = |k: usize| if uni { g.size[k] } else { 1.0 };
                plane(GL_S, [s(0), 0.0, 0.0, 0.0]);
                plane(GL_T, [0.0, s(1), 0.0, 0.0]);
                plane(GL_R, [0.0, 0.0, s(2), 0.0]);
            } else {
                // skybox: rotated 90 degrees about x
                plane(GL_S, [1.0, 0.0, 0.0, 0.0]);
                plane(GL_T, [0.0, 0.0, 1.0, 0.0]);
                plane(GL_R, [0.0, -1.0, 0.0, 0.0]);
            }
        } else {
            glDisable(GL_TEXTURE_CUBE_MAP);
            glDisable(GL_TEXTURE_GEN_S);
            glDisable(GL_TEXTURE_GEN_T);
            glDisable(GL_TEXTURE_GEN_R);
        }
    }
}

/// Draws one geom in the given mode.
fn render_geom(geom: &mjvGeom, mode: Mode, headpos: &[f32; 3], scn: &Scene, con: &mjrContext) {
    let size = &geom.size;
    let t = geom.r#type;
    if mode == Mode::ShadowCast && (t == mjGEOM_LINE as i32 || geom.category == mjCAT_DECOR as i32) {
        return;
    }
    let gm = &geom.mat;
    let mut mat: [f32; 16] =
        [gm[0], gm[3], gm[6], 0.0, gm[1], gm[4], gm[7], 0.0, gm[2], gm[5], gm[8], 0.0, 0.0, 0.0, 0.0, 1.0];
    let behind = is_behind(headpos, &geom.pos, &geom.mat);
    let textured = geom.matid >= 0 && (mode == Mode::Normal || mode == Mode::ShadowMap);
    if textured {
        set_texture(Tex::Regular, true, con, Some(geom));
    }
    let mut rgba = geom.rgba;
    if t == mjGEOM_PLANE as i32 && behind && mode == Mode::Normal {
        rgba[3] = (rgba[3] as f64 * 0.3) as f32;
    }
    let emission = if mode == Mode::Normal {
        [geom.emission * rgba[0], geom.emission * rgba[1], geom.emission * rgba[2], 1.0]
    } else {
        [0.0, 0.0, 0.0, 1.0]
    };
    glMaterialfv(GL_FRONT_AND_BACK, GL_EMISSION, &emission);
    glColor4fv(&rgba);
    glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, geom.shininess * 128.0);
    let spec = [geom.specular, geom.specular, geom.specular, 1.0];
    glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, &spec);

    if mode == Mode::IdColor {
        let id = geom.segid + 1;
        let seg: [u8; 4] = [(id & 0xFF) as u8, ((id >> 8) & 0xFF) as u8, ((id >> 16) & 0xFF) as u8, 0xFF];
        glColor4ubv(&seg);
    } else if mode == Mode::Segment {
        let h = |b: i32| (0.1f32 as f64 + 0.8f32 as f64 * crate::math::misc::halton(geom.segid + 10, b)) as f32;
        let seg = [h(2), h(3), h(5), 1.0];
        glColor4fv(&seg);
    }

    glPushMatrix();
    if t != mjGEOM_FLEX as i32 && t != mjGEOM_SKIN as i32 {
        glTranslatef(geom.pos[0], geom.pos[1], geom.pos[2]);
        glMultMatrixf(&mat);
    }
    let b = con.baseBuiltin;
    match t {
        x if x == mjGEOM_PLANE as i32 => {
            let mut whichface = 0;
            if behind {
                // SAFETY: GL_CULL_FACE_MODE is a single integer, written into whichface
                unsafe { glGetIntegerv(GL_CULL_FACE_MODE, &mut whichface) };
                if whichface == GL_BACK as i32 {
                    glCullFace(GL_FRONT);
                }
            }
            if geom.dataid >= 0 {
                glCallList(con.basePlane + geom.dataid as u32 + 1);
            } else {
                glScalef(size[0], size[1], 1.0);
                glCallList(con.basePlane);
            }
            if behind && whichface == GL_BACK as i32 {
                glCullFace(GL_BACK);
            }
        }
        x if x == mjGEOM_HFIELD as i32 && geom.dataid >= 0 => {
            glCallList(con.baseHField + geom.dataid as u32);
        }
        x if x == mjGEOM_SPHERE as i32 || x == mjGEOM_ELLIPSOID as i32 => {
            glScalef(size[0], size[1], size[2]);
            glCallList(b + SPHERE);
        }
        x if x == mjGEOM_CAPSULE as i32 => {
            let av = (0.5 * (size[0] + size[1]) as f64) as f32;
            glScalef(size[0], size[1], size[2]);
            glCallList(b + CYLINDEROPEN);
            glScalef(1.0, 1.0, av / size[2]);
            glTranslatef(0.0, 0.0, (size[2] - av) / av);
            glCallList(b + SPHERETOP);
            glTranslatef(0.0, 0.0, 2.0 * (av - size[2]) / av);
            glCallList(b + SPHEREBOTTOM);
        }
        x if x == mjGEOM_CYLINDER as i32 => {
            glScalef(size[0], size[1], size[2]);
            glCallList(b + CYLINDER);
        }
        x if x == mjGEOM_BOX as i32 => {
            glScalef(size[0], size[1], size[2]);
            glCallList(b + BOX);
        }
        x if (x == mjGEOM_MESH as i32 || x == mjGEOM_SDF as i32) && geom.dataid >= 0 => {
            glCallList(con.baseMesh + geom.dataid as u32);
        }
        x if x == mjGEOM_ARROW as i32 || x == mjGEOM_ARROW1 as i32 => {
            glScalef(size[0], size[1], size[2] / 6.0);
            glTranslatef(0.0, 0.0, 1.0);
            glCallList(b + CYLINDER);
            glTranslatef(0.0, 0.0, 1.0);
            if x == mjGEOM_ARROW as i32 {
                glScalef(1.75, 1.75, 1.0);
            }
            glCallList(b + CONE);
        }
        x if x == mjGEOM_ARROW2 as i32 => {
            glScalef(size[0], size[1], size[2] / 3.0);
            glCallList(b + CYLINDEROPEN);
            glScalef(1.75, 1.75, 0.5);
            glTranslatef(0.0, 0.0, -2.0);
            glRotatef(180.0, 1.0, 0.0, 0.0);
            glCallList(b + CONE);
            glRotatef(180.0, 1.0, 0.0, 0.0);
            glTranslatef(0.0, 0.0, 4.0);
            glCallList(b + CONE);
        }
        x if x == mjGEOM_LINE as i32 => {
            glLineWidth(size[0] * con.lineWidth);
            let lighting = glIsEnabled(GL_LIGHTING);
            glDisable(GL_LIGHTING);
            glBegin(GL_LINES);
            glVertex3f(0.0, 0.0, 0.0);
            glVertex3f(0.0, 0.0, size[2]);
            glEnd();
            glLineWidth(con.lineWidth);
            if lighting != 0 {
                glEnable(GL_LIGHTING);
            }
        }
        x if x == mjGEOM_LINEBOX as i32 => {
            glLineWidth((1.5 * con.lineWidth as f64) as f32);
            let lighting = glIsEnabled(GL_LIGHTING);
            glDisable(GL_LIGHTING);
            let (a, bb, c) = (size[0], size[1], size[2]);
            for z in [-c, c] {
                glBegin(GL_LINE_LOOP);
                glVertex3f(-a, -bb, z);
                glVertex3f(a, -bb, z);
                glVertex3f(a, bb, z);
                glVertex3f(-a, bb, z);
                glEnd();
            }
            glBegin(GL_LINES);
            for (x, y) in [(-a, -bb), (a, -bb), (a, bb), (-a, bb)] {
                glVertex3f(x, y, -c);
                glVertex3f(x, y, c);
            }
            glEnd();
            glLineWidth(con.lineWidth);
            if lighting != 0 {
                glEnable(GL_LIGHTING);
            }
        }
        x if x == mjGEOM_TRIANGLE as i32 => {
            glDisable(GL_CULL_FACE);
            glBegin(GL_TRIANGLES);
            glVertex3f(0.0, 0.0, 0.0);
            glVertex3f(size[0], 0.0, 0.0);
            glVertex3f(0.0, size[1], 0.0);
            glEnd();
            if scn.flags[mjRND_CULL_FACE as usize] != 0 {
                glEnable(GL_CULL_FACE);
            }
        }
        x if x == mjGEOM_FLEX as i32 => render_flex(geom, &mut mat, scn, con),
        x if x == mjGEOM_SKIN as i32 => {
            let id = geom.objid as usize;
            let [vert, normal, texcoord, face] = super::context::skin_buffers(con);
            // SAFETY: each array pointer is set while a buffer object made by mjr_makeContext
            // (a non-zero name) is bound to GL_ARRAY_BUFFER, so it is an offset (0) into that
            // buffer, and the indices come from the bound element buffer: GL reads no client
            // memory in these calls or the draw
            unsafe {
                glEnableClientState(GL_VERTEX_ARRAY);
                glBindBuffer(GL_ARRAY_BUFFER, vert[id]);
                glVertexPointer(3, GL_FLOAT, 0, core::ptr::null());
                glEnableClientState(GL_NORMAL_ARRAY);
                glBindBuffer(GL_ARRAY_BUFFER, normal[id]);
                glNormalPointer(GL_FLOAT, 0, core::ptr::null());
                let tc = texcoord[id];
                if tc != 0 {
                    glEnableClientState(GL_TEXTURE_COORD_ARRAY);
                    glBindBuffer(GL_ARRAY_BUFFER, tc);
                    glTexCoordPointer(2, GL_FLOAT, 0, core::ptr::null());
                } else {
                    glDisableClientState(GL_TEXTURE_COORD_ARRAY);
                }
                glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, face[id]);
                glDrawElements(GL_TRIANGLES, 3 * scn.skinfacenum[id], GL_UNSIGNED_INT, core::ptr::null());
            }
            glBindBuffer(GL_ARRAY_BUFFER, 0);
            glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
            glDisableClientState(GL_VERTEX_ARRAY);
            glDisableClientState(GL_NORMAL_ARRAY);
            glDisableClientState(GL_TEXTURE_COORD_ARRAY);
        }
        _ => {}
    }
    glPopMatrix();
    if textured {
        set_texture(Tex::Regular, false, con, Some(geom));
    }
}

/// Flex: vertex spheres and edge cylinders (unless the flex is drawn as a skin), then its
/// face triangles from the scene's buffers.
fn render_flex(geom: &mjvGeom, mat: &mut [f32; 16], scn: &Scene, con: &mjrContext) {
    let size = &geom.size;
    let f = geom.objid as usize;
    let faceused = scn.flexfaceused[f];
    let tex_on = glIsEnabled(GL_TEXTURE_2D) == GL_TRUE as u8;
    if tex_on {
        glDisable(GL_TEXTURE_2D);
    }
    let skinned = scn.flexskinopt != 0 && faceused != 0;
    let vadr = scn.flexvertadr[f] as usize;
    if size[0] > 0.0 && scn.flexvertopt != 0 && !skinned {
        for v in vadr..vadr + scn.flexvertnum[f] as usize {
            let p = &scn.flexvert[3 * v..3 * v + 3];
            glPushMatrix();
            glTranslatef(p[0], p[1], p[2]);
            glScalef(size[0], size[0], size[0]);
            glCallList(con.baseBuiltin + SPHERE);
            glPopMatrix();
        }
    }
    if size[0] > 0.0 && scn.flexedgeopt != 0 && !skinned {
        let eadr = scn.flexedgeadr[f] as usize;
        for e in eadr..eadr + scn.flexedgenum[f] as usize {
            let v1 = 3 * (vadr + scn.flexedge[2 * e] as usize);
            let v2 = 3 * (vadr + scn.flexedge[2 * e + 1] as usize);
            let (a, c) = (&scn.flexvert[v1..v1 + 3], &scn.flexvert[v2..v2 + 3]);
            let mut vec = [(c[0] - a[0]) as f64, (c[1] - a[1]) as f64, (c[2] - a[2]) as f64];
            let len = crate::math::blas::normalize3(&mut vec);
            let q = crate::math::spatial::neg_quat(&crate::math::spatial::quat_z2vec(&vec));
            let em = crate::math::spatial::quat2mat(&q);
            for (k, idx) in [0usize, 1, 2, 4, 5, 6, 8, 9, 10].iter().enumerate() {
                mat[*idx] = em[k] as f32;
            }
            glPushMatrix();
            glTranslatef((a[0] + c[0]) * 0.5, (a[1] + c[1]) * 0.5, (a[2] + c[2]) * 0.5);
            glMultMatrixf(mat);
            glScalef(size[0], size[0], (len * 0.5) as f32);
            glCallList(con.baseBuiltin + CYLINDEROPEN);
            glPopMatrix();
        }
    }
    if tex_on {
        glEnable(GL_TEXTURE_2D);
    }
    if faceused != 0 {
        let fadr = scn.flexfaceadr[f] as usize;
        let nused = faceused.max(0) as usize;
        let face = &scn.flexface[9 * fadr..9 * (fadr + nused)];
        let normal = &scn.flexnormal[9 * fadr..9 * (fadr + nused)];
        let textured = geom.texcoord != 0 && geom.matid >= 0;
        let texcoord = if textured { &scn.flextexcoord[6 * fadr..6 * (fadr + nused)] } else { &[][..] };
        // SAFETY: no buffer object is bound to GL_ARRAY_BUFFER here (the skin path unbinds it),
        // so the pointers are client arrays; the draw reads 3*faceused vertices: 3 floats each
        // from `face` and `normal` (9*faceused floats, the slices' lengths) and, when textured,
        // 2 floats each from `texcoord` (6*faceused); the arrays are disabled before the slices
        // go out of scope
        unsafe {
            glEnableClientState(GL_VERTEX_ARRAY);
            glEnableClientState(GL_NORMAL_ARRAY);
            glVertexPointer(3, GL_FLOAT, 0, face.as_ptr() as *const c_void);
            glNormalPointer(GL_FLOAT, 0, normal.as_ptr() as *const c_void);
            if textured {
                glEnableClientState(GL_TEXTURE_COORD_ARRAY);
                glTexCoordPointer(2, GL_FLOAT, 0, texcoord.as_ptr() as *const c_void);
            }
            glDrawArrays(GL_TRIANGLES, 0, 3 * faceused);
        }
        glDisableClientState(GL_VERTEX_ARRAY);
        glDisableClientState(GL_NORMAL_ARRAY);
        if textured {
            glDisableClientState(GL_TEXTURE_COORD_ARRAY);
        }
    }
}

/// Draws a copy of the geom with its colour scaled by the reflectance.
fn render_reflected(g: &mjvGeom, reflectance: f32, headpos: &[f32; 3], scn: &Scene, con: &mjrContext) {
    let mut copy = *g;
    for k in 0..3 {
        copy.rgba[k] *= reflectance;
    }
    render_geom(&copy, Mode::Normal, headpos, scn, con);
}

fn init_gl3(scn: &mjvScene, con: &mjrContext) {
    let white = [1.0f32; 4];
    let flag = |f: mjtRndFlag_| scn.flags[f as usize] != 0;
    glEnable(GL_MULTISAMPLE);
    glEnable(GL_LIGHTING);
    if flag(mjRND_FOG) {
        glEnable(GL_FOG);
    } else {
        glDisable(GL_FOG);
    }
    glDisable(GL_BLEND);
    glEnable(GL_NORMALIZE);
    if gl().ext.clip_control {
        glClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE);
    }
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_TRUE as u8);
    if flag(mjRND_CULL_FACE) {
        glEnable(GL_CULL_FACE);
    } else {
        glDisable(GL_CULL_FACE);
    }
    glShadeModel(GL_SMOOTH);
    glDepthFunc(GL_GEQUAL);
    glDepthRange(0.0, 1.0);
    glAlphaFunc(GL_GEQUAL, 0.99);
    glClearColor(0.0, 0.0, 0.0, 0.0);
    glClearDepth(0.0);
    glClearStencil(0);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE as i32);
    glPolygonMode(GL_FRONT_AND_BACK, if flag(mjRND_WIREFRAME) { GL_LINE } else { GL_FILL });
    glLineWidth(con.lineWidth);
    glFrontFace(GL_CCW);
    glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, &white);
    glEnable(GL_COLOR_MATERIAL);
    glColorMaterial(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE);
}

fn init_lights(scn: &mjvScene) -> R {
    let global = if scn.nlight != 0 { 0.0 } else { 0.3f32 };
    let amb = [global, global, global, 1.0];
    glLightModelfv(GL_LIGHT_MODEL_AMBIENT, &amb);
    glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, 0);
    glLightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, 1);
    let n = scn.nlight.clamp(0, mjMAXLIGHT as i32) as usize;
    for (i, l) in scn.lights[..n].iter().enumerate() {
        let id = GL_LIGHT0 + i as u32;
        light_color(id, GL_AMBIENT, l, core::mem::offset_of!(mjvLight, ambient));
        light_color(id, GL_DIFFUSE, l, core::mem::offset_of!(mjvLight, diffuse));
        light_color(id, GL_SPECULAR, l, core::mem::offset_of!(mjvLight, specular));
        let p = if l.r#type == mjLIGHT_DIRECTIONAL as i32 {
            [0.0, 180.0, 1.0, 0.0, 0.0]
        } else if l.r#type == mjLIGHT_SPOT as i32 {
            [l.exponent, l.cutoff, l.attenuation[0], l.attenuation[1], l.attenuation[2]]
        } else {
            return Err(format!("Unsupported light type: {}", l.r#type));
        };
        glLightf(id, GL_SPOT_EXPONENT, p[0]);
        glLightf(id, GL_SPOT_CUTOFF, p[1]);
        glLightf(id, GL_CONSTANT_ATTENUATION, p[2]);
        glLightf(id, GL_LINEAR_ATTENUATION, p[3]);
        glLightf(id, GL_QUADRATIC_ATTENUATION, p[4]);
    }
    for i in 0..n {
        glDisable(GL_LIGHT0 + i as u32);
    }
    Ok(())
}

/// glLightfv of a colour of the light: its float[3] field at `offset` is passed as upstream
/// passes it, so GL reads four floats, the last from the 4 bytes that follow the field in the
/// struct (the next colour's red, or after specular the two flags and padding).
fn light_color(id: u32, pname: u32, l: &mjvLight, offset: usize) {
    assert!(offset + 16 <= core::mem::size_of::<mjvLight>());
    // the pointer is derived from the whole struct, so it may read past the 3-float field
    let p = (l as *const mjvLight).cast::<u8>().wrapping_add(offset).cast::<f32>();
    // SAFETY: the colour pnames read 4 floats; p + 16 bytes lies inside *l (asserted), which the
    // shared borrow keeps alive; offsets of float fields are 4-aligned
    unsafe { glLightfv(id, pname, p) };
}

/// glLightfv with four floats (GL reads at most four for any light parameter).
fn light4(id: u32, pname: u32, v: &[f32; 4]) {
    // SAFETY: GL reads at most 4 floats (GL_POSITION, the colours; 3 for GL_SPOT_DIRECTION),
    // which v holds
    unsafe { glLightfv(id, pname, v.as_ptr()) };
}

/// Projection with reversed depth (near maps to 1).
fn reversed_z() {
    if gl().ext.clip_control {
        glTranslatef(0.0, 0.0, 0.5);
        glScalef(1.0, 1.0, -0.5);
    } else {
        glScalef(1.0, 1.0, -1.0);
    }
}

/// Sets projection and modelview for eye `view` (-1: the average of both).
fn set_view(view: i32, vp: &mjrRect, scn: &mjvScene, proj: &mut [f32; 16], modelview: &mut [f32; 16]) {
    let cam = if view >= 0 {
        scn.camera[view as usize]
    } else {
        crate::vis::camera::average_camera(&scn.camera[0], &scn.camera[1])
    };
    let halfwidth = if cam.frustum_width != 0.0 {
        cam.frustum_width
    } else {
        0.5f32 * vp.width as f32 / vp.height as f32 * (cam.frustum_top - cam.frustum_bottom)
    };
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    reversed_z();
    let args = (
        (cam.frustum_center - halfwidth) as f64,
        (cam.frustum_center + halfwidth) as f64,
        cam.frustum_bottom as f64,
        cam.frustum_top as f64,
        cam.frustum_near as f64,
        cam.frustum_far as f64,
    );
    if cam.orthographic != 0 {
        glOrtho(args.0, args.1, args.2, args.3, args.4, args.5);
    } else {
        glFrustum(args.0, args.1, args.2, args.3, args.4, args.5);
    }
    // SAFETY: GL_PROJECTION_MATRIX is 16 floats, written into proj
    unsafe { glGetFloatv(GL_PROJECTION_MATRIX, proj.as_mut_ptr()) };
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    look_at(&cam.pos, &cam.forward, &cam.up);
    if scn.enabletransform != 0 {
        transform(&scn.translate, &scn.rotate, scn.scale);
    }
    // SAFETY: GL_MODELVIEW_MATRIX is 16 floats, written into modelview
    unsafe { glGetFloatv(GL_MODELVIEW_MATRIX, modelview.as_mut_ptr()) };
}

fn adjust_light(l: &mjvLight, n: usize) -> R {
    let id = GL_LIGHT0 + n as u32;
    if l.r#type == mjLIGHT_DIRECTIONAL as i32 {
        let p = [-l.dir[0], -l.dir[1], -l.dir[2], 0.0];
        light4(id, GL_POSITION, &p);
    } else if l.r#type == mjLIGHT_SPOT as i32 {
        let d = [l.dir[0], l.dir[1], l.dir[2], 0.0];
        light4(id, GL_SPOT_DIRECTION, &d);
        let p = [l.pos[0], l.pos[1], l.pos[2], 1.0];
        light4(id, GL_POSITION, &p);
    } else {
        return Err(format!("Unsupported light type: {}", l.r#type));
    }
    Ok(())
}

/// Renders the scene into `vp` of the current buffer.
///
/// # Safety
/// The scene's buffers are those of mjv_makeScene, filled by mjv_updateScene (the C contract of
/// mjr_render): `geoms` and `geomorder` hold `ngeom` entries, and the skin and flex buffers are
/// as the private `Scene::new` requires.
pub unsafe fn render(mut vp: mjrRect, scn: &mut mjvScene, con: &mjrContext) -> R {
    if vp.width <= 0 || vp.height <= 0 {
        return Ok(());
    }
    let clip = gl().ext.clip_control;
    let mut bias: [f32; 16] = [0.5, 0.0, 0.0, 0.0, 0.0, 0.5, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.5, 0.5, 0.0, 1.0];
    if !clip {
        bias[10] = 0.5;
        bias[14] = 0.5;
    }
    let ngeom = scn.ngeom.max(0) as usize;
    let nlight = scn.nlight.clamp(0, mjMAXLIGHT as i32) as usize;
    let cam = crate::vis::camera::average_camera(&scn.camera[0], &scn.camera[1]);
    if (cam.frustum_near as f64) < mjMINVAL {
        if scn.ngeom != 0 {
            return Err("mjvScene frustum_near too small in mjr_render".into());
        }
        return Ok(());
    }

    {
        // SAFETY: the skin buffers are as Scene::new requires (this function's contract)
        let sv = unsafe { Scene::new(scn) };
        let [vbo_vert, vbo_normal, _, _] = super::context::skin_buffers(con);
        for i in 0..scn.nskin.max(0) as usize {
            let num = sv.skinvertnum[i] as usize;
            let adr = sv.skinvertadr[i] as usize;
            glBindBuffer(GL_ARRAY_BUFFER, vbo_vert[i]);
            buffer_data(GL_ARRAY_BUFFER, &sv.skinvert[3 * adr..3 * (adr + num)], GL_STREAM_DRAW);
            glBindBuffer(GL_ARRAY_BUFFER, vbo_normal[i]);
            buffer_data(GL_ARRAY_BUFFER, &sv.skinnormal[3 * adr..3 * (adr + num)], GL_STREAM_DRAW);
        }
    }

    let mut drawbuffer = if con.currentBuffer == mjFB_WINDOW as i32 {
        if con.windowDoublebuffer != 0 {
            GL_BACK
        } else {
            GL_FRONT
        }
    } else {
        GL_COLOR_ATTACHMENT0
    };
    init_lights(scn)?;

    let (hpos, _, _) = crate::vis::camera::camera_in_model(scn, "mjv_cameraInModel");
    let headpos = [hpos[0] as f32, hpos[1] as f32, hpos[2] as f32];

    // transparent geoms, sorted by distance to the head
    let geoms: &mut [mjvGeom] = if ngeom > 0 {
        // SAFETY: geoms and geomorder hold ngeom entries each (this function's contract),
        // separate allocations from each other and from the scene struct; nothing else accesses
        // them while these slices live
        unsafe { core::slice::from_raw_parts_mut(scn.geoms, ngeom) }
    } else {
        &mut []
    };
    let order: &mut [i32] = if ngeom > 0 {
        // SAFETY: as above, geomorder's ngeom entries
        unsafe { core::slice::from_raw_parts_mut(scn.geomorder, ngeom) }
    } else {
        &mut []
    };
    let mut nt = 0usize;
    for (i, g) in geoms.iter_mut().enumerate() {
        if (g.rgba[3] as f64) < 0.995 || (g.r#type == mjGEOM_PLANE as i32 && is_behind(&headpos, &g.pos, &g.mat)) {
            order[nt] = i as i32;
            nt += 1;
            g.transparent = 1;
            let d = [g.pos[0] - headpos[0], g.pos[1] - headpos[1], g.pos[2] - headpos[2]];
            g.camdist = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
            g.camdist -= rbound(g);
            if g.r#type == mjGEOM_PLANE as i32 {
                g.camdist = 1e10;
            }
        } else {
            g.transparent = 0;
        }
    }
    if nt > 1 {
        let mut buf = vec![0i32; nt];
        let dist: Vec<f32> = geoms.iter().map(|g| g.camdist).collect();
        crate::engine::collision::driver_sort::stable_sort(&mut order[..nt], &mut buf, |a, b| {
            let (d1, d2) = (dist[*a as usize], dist[*b as usize]);
            if d1 < d2 {
                -1
            } else if d1 == d2 {
                0
            } else {
                1
            }
        });
    }

    // only the first reflective geom reflects
    let mut found = false;
    for g in geoms.iter_mut() {
        if found {
            g.reflectance = 0.0;
        } else if is_reflective(g) {
            found = true;
        }
    }
    let geoms: &[mjvGeom] = geoms;
    let order: &[i32] = order;
    // SAFETY: the skin and flex buffers are as Scene::new requires (this function's contract)
    let scn = unsafe { Scene::new(scn) };
    let scn = &scn;
    let flag = |f: mjtRndFlag_| scn.flags[f as usize] != 0;
    let fill_mode = if flag(mjRND_WIREFRAME) { GL_LINE } else { GL_FILL };

    init_gl3(scn, con);
    glViewport(vp.left, vp.bottom, vp.width, vp.height);
    glScissor(vp.left, vp.bottom, vp.width, vp.height);
    glEnable(GL_SCISSOR_TEST);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);

    let mut stereo = scn.stereo;
    if stereo == mjSTEREO_QUADBUFFERED as i32 && (con.currentBuffer != mjFB_WINDOW as i32 || con.windowStereo == 0) {
        stereo = mjSTEREO_SIDEBYSIDE as i32;
    }
    if stereo == mjSTEREO_SIDEBYSIDE as i32 {
        vp.width /= 2;
    }
    let views: core::ops::Range<i32> = if stereo != 0 { 0..2 } else { -1..0 };
    let mut cam_proj = [0.0f32; 16];
    let mut cam_view = [0.0f32; 16];
    for view in views {
        if stereo == mjSTEREO_QUADBUFFERED as i32 {
            drawbuffer = match (con.windowDoublebuffer != 0, view != 0) {
                (true, true) => GL_BACK_RIGHT,
                (true, false) => GL_BACK_LEFT,
                (false, true) => GL_FRONT_RIGHT,
                (false, false) => GL_FRONT_LEFT,
            };
            glDrawBuffer(drawbuffer);
            if view != 0 {
                glClear(GL_DEPTH_BUFFER_BIT);
            }
        } else if stereo == mjSTEREO_SIDEBYSIDE as i32 {
            if view != 0 {
                vp.left += vp.width;
            }
            glViewport(vp.left, vp.bottom, vp.width, vp.height);
        }
        set_view(view, &vp, scn, &mut cam_proj, &mut cam_view);

        // segmentation: flat colours only
        if flag(mjRND_SEGMENT) {
            glShadeModel(GL_FLAT);
            glDisable(GL_LIGHTING);
            glDisable(GL_COLOR_MATERIAL);
            glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
            glDisable(GL_FOG);
            glDisable(GL_MULTISAMPLE);
            let mode = if flag(mjRND_IDCOLOR) { Mode::IdColor } else { Mode::Segment };
            for g in geoms.iter().filter(|g| g.segid >= 0) {
                render_geom(g, mode, &headpos, scn, con);
            }
            continue;
        }

        if flag(mjRND_REFLECTION) {
            render_reflections(geoms, order, nt, nlight, &headpos, scn, con, fill_mode)?;
        }

        // opaque geoms with the lights that cast no shadow (or all when shadows are off)
        let shadows = flag(mjRND_SHADOW) && con.shadowFBO != 0;
        for (i, l) in scn.lights[..nlight].iter().enumerate() {
            adjust_light(l, i)?;
            if l.castshadow == 0 || !shadows {
                glEnable(GL_LIGHT0 + i as u32);
            }
        }
        glEnable(GL_BLEND);
        glBlendFunc(GL_ONE, GL_ONE);
        for g in geoms.iter().filter(|g| is_reflective(g)) {
            render_geom(g, Mode::Normal, &headpos, scn, con);
        }
        glDisable(GL_BLEND);
        for g in geoms.iter().filter(|g| g.transparent == 0 && !is_reflective(g)) {
            render_geom(g, Mode::Normal, &headpos, scn, con);
        }
        for i in 0..nlight {
            glDisable(GL_LIGHT0 + i as u32);
        }

        // shadows: one additive pass per shadow-casting light
        let black = [0.0f32; 4];
        glFogfv(GL_FOG_COLOR, &black);
        if shadows {
            for (i, l) in scn.lights[..nlight].iter().enumerate() {
                if l.castshadow == 0 {
                    continue;
                }
                let up = ortho(&l.dir);
                glMatrixMode(GL_PROJECTION);
                glLoadIdentity();
                reversed_z();
                if l.r#type == mjLIGHT_DIRECTIONAL as i32 {
                    let c = con.shadowClip as f64;
                    glOrtho(-c, c, -c, c, cam.frustum_near as f64, cam.frustum_far as f64);
                } else if l.r#type == mjLIGHT_SPOT as i32 {
                    let fovy = ((2.0 * l.cutoff * con.shadowScale) as f64).min(160.0) as f32;
                    perspective(fovy, 1.0, cam.frustum_near, cam.frustum_far);
                } else {
                    return Err(format!("Unsupported light type: {}", l.r#type));
                }
                let mut light_proj = [0.0f32; 16];
                let mut light_view = [0.0f32; 16];
                // SAFETY: GL_PROJECTION_MATRIX is 16 floats, written into light_proj
                unsafe { glGetFloatv(GL_PROJECTION_MATRIX, light_proj.as_mut_ptr()) };
                glMatrixMode(GL_MODELVIEW);
                glLoadIdentity();
                look_at(&l.pos, &l.dir, &up);
                // SAFETY: GL_MODELVIEW_MATRIX is 16 floats, written into light_view
                unsafe { glGetFloatv(GL_MODELVIEW_MATRIX, light_view.as_mut_ptr()) };

                glBindFramebuffer(GL_FRAMEBUFFER, con.shadowFBO);
                glDrawBuffer(GL_NONE);
                glClear(GL_DEPTH_BUFFER_BIT);
                glViewport(1, 1, con.shadowSize - 2, con.shadowSize - 2);
                glShadeModel(GL_FLAT);
                glDisable(GL_LIGHTING);
                glColorMask(0, 0, 0, 0);
                let cull = glIsEnabled(GL_CULL_FACE);
                glDisable(GL_CULL_FACE);
                glEnable(GL_POLYGON_OFFSET_FILL);
                if clip {
                    glPolygonOffset(-1.5, -4.0);
                } else {
                    glPolygonOffset(-16.0, -512.0);
                }
                for g in geoms {
                    render_geom(g, Mode::ShadowCast, &headpos, scn, con);
                }

                glBindFramebuffer(GL_FRAMEBUFFER, if con.currentBuffer == mjFB_WINDOW as i32 { 0 } else { con.offFBO });
                glDrawBuffer(drawbuffer);
                glViewport(vp.left, vp.bottom, vp.width, vp.height);
                if cull != 0 {
                    glEnable(GL_CULL_FACE);
                }
                glDisable(GL_POLYGON_OFFSET_FILL);
                glShadeModel(GL_SMOOTH);
                glEnable(GL_LIGHTING);
                glColorMask(1, 1, 1, 1);
                glMatrixMode(GL_PROJECTION);
                glLoadMatrixf(&cam_proj);
                glMatrixMode(GL_MODELVIEW);
                glLoadMatrixf(&cam_view);

                let texmat = mul44(&bias, &mul44(&light_proj, &light_view));
                set_texture(Tex::Shadow, true, con, None);
                for (r, c) in [GL_S, GL_T, GL_R, GL_Q].into_iter().enumerate() {
                    glTexGenfv(c, GL_EYE_PLANE, &row4(&texmat, r));
                }
                glEnable(GL_ALPHA_TEST);
                glEnable(GL_BLEND);
                glBlendFunc(GL_ONE, GL_ONE);
                glEnable(GL_LIGHT0 + i as u32);
                for g in geoms.iter().filter(|g| g.transparent == 0) {
                    render_geom(g, Mode::ShadowMap, &headpos, scn, con);
                }
                glDisable(GL_LIGHT0 + i as u32);
                glDisable(GL_BLEND);
                glDisable(GL_ALPHA_TEST);
                set_texture(Tex::Shadow, false, con, None);
            }
        }
        glFogfv(GL_FOG_COLOR, &con.fogRGBA);

        if flag(mjRND_SKYBOX) {
            render_skybox(geoms, &headpos, &cam, scn, con);
            glPolygonMode(GL_FRONT_AND_BACK, fill_mode);
        }

        // transparent geoms: front to back, then back to front unless additive
        for i in 0..nlight {
            glEnable(GL_LIGHT0 + i as u32);
        }
        glDepthMask(GL_FALSE as u8);
        glEnable(GL_BLEND);
        glBlendFunc(GL_SRC_ALPHA, if flag(mjRND_ADDITIVE) { GL_ONE } else { GL_ONE_MINUS_SRC_ALPHA });
        for &k in &order[..nt] {
            render_geom(&geoms[k as usize], Mode::Normal, &headpos, scn, con);
        }
        if !flag(mjRND_ADDITIVE) {
            for &k in order[..nt].iter().rev() {
                render_geom(&geoms[k as usize], Mode::Normal, &headpos, scn, con);
            }
        }
        glDepthMask(GL_TRUE as u8);
        glDisable(GL_BLEND);
        for i in 0..nlight {
            glDisable(GL_LIGHT0 + i as u32);
        }

        // labels
        glDisable(GL_DEPTH_TEST);
        glDisable(GL_LIGHTING);
        for g in geoms {
            if g.label[0] != 0 {
                let l = super::draw2d::field(&g.label);
                text_actual(mjFONT_SHADOW as i32, l, con, g.pos[0], g.pos[1], g.pos[2], 1.0, 1.0, 1.0);
            }
        }
        glEnable(GL_DEPTH_TEST);
        glEnable(GL_LIGHTING);
    }

    if scn.framewidth != 0 {
        let fw = scn.framewidth;
        glClearColor(scn.framergb[0], scn.framergb[1], scn.framergb[2], 0.0);
        glEnable(GL_SCISSOR_TEST);
        for (x, y, w, h) in [
            (vp.left, vp.bottom, vp.width, fw),
            (vp.left, vp.bottom + vp.height - fw, vp.width, fw),
            (vp.left, vp.bottom, fw, vp.height),
            (vp.left + vp.width - fw, vp.bottom, fw, vp.height),
        ] {
            glScissor(x, y, w, h);
            glClear(GL_COLOR_BUFFER_BIT);
        }
        glDisable(GL_SCISSOR_TEST);
    }
    super::buffer::restore_buffer(con);
    Ok(())
}

/// The scene mirrored in the reflective geom (a box reflects in its +z face), drawn where the
/// stencil marks the geom.
#[allow(clippy::too_many_arguments)]
fn render_reflections(
    geoms: &[mjvGeom],
    order: &[i32],
    nt: usize,
    nlight: usize,
    headpos: &[f32; 3],
    scn: &Scene,
    con: &mjrContext,
    fill_mode: u32,
) -> R {
    let additive = scn.flags[mjRND_ADDITIVE as usize] != 0;
    for (i, g0) in geoms.iter().enumerate() {
        if !is_reflective(g0) {
            continue;
        }
        let mut tg = *g0;
        if tg.r#type == mjGEOM_BOX as i32 {
            tg.r#type = mjGEOM_PLANE as i32;
            tg.pos[0] += tg.size[2] * tg.mat[2];
            tg.pos[1] += tg.size[2] * tg.mat[5];
            tg.pos[2] += tg.size[2] * tg.mat[8];
        }
        let g = &tg;
        if is_behind(headpos, &g.pos, &g.mat) {
            continue;
        }
        glDisable(GL_DEPTH_TEST);
        glColorMask(0, 0, 0, 0);
        glEnable(GL_STENCIL_TEST);
        glClear(GL_STENCIL_BUFFER_BIT);
        glStencilFunc(GL_ALWAYS, 1, 0xFF);
        glStencilOp(GL_REPLACE, GL_REPLACE, GL_REPLACE);
        glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
        render_geom(g, Mode::Normal, headpos, scn, con);
        glPolygonMode(GL_FRONT_AND_BACK, fill_mode);

        glEnable(GL_DEPTH_TEST);
        glColorMask(1, 1, 1, 1);
        glStencilFunc(GL_EQUAL, 1, 0xFF);
        glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
        glEnable(GL_CLIP_PLANE0);
        let eq = [
            -g.mat[2] as f64,
            -g.mat[5] as f64,
            -g.mat[8] as f64,
            (g.pos[0] * g.mat[2] + g.pos[1] * g.mat[5] + g.pos[2] * g.mat[8]) as f64,
        ];
        glClipPlane(GL_CLIP_PLANE0, &eq);
        glFrontFace(GL_CW);
        glPushMatrix();
        reflect(&g.pos, &g.mat);
        for (j, l) in scn.lights[..nlight].iter().enumerate() {
            adjust_light(l, j)?;
            glEnable(GL_LIGHT0 + j as u32);
        }
        for (j, o) in geoms.iter().enumerate() {
            if o.transparent == 0 && i != j {
                render_reflected(o, g.reflectance, headpos, scn, con);
            }
        }
        glDepthMask(GL_FALSE as u8);
        glEnable(GL_BLEND);
        glBlendFunc(GL_SRC_ALPHA, if additive { GL_ONE } else { GL_ONE_MINUS_SRC_ALPHA });
        for &k in &order[..nt] {
            if i != k as usize {
                render_reflected(&geoms[k as usize], g.reflectance, headpos, scn, con);
            }
        }
        if !additive {
            for &k in order[..nt].iter().rev() {
                if i != k as usize {
                    render_reflected(&geoms[k as usize], g.reflectance, headpos, scn, con);
                }
            }
        }
        glDepthMask(GL_TRUE as u8);
        glDisable(GL_BLEND);
        for j in 0..nlight {
            glDisable(GL_LIGHT0 + j as u32);
        }
        glDisable(GL_STENCIL_TEST);
        glDisable(GL_CLIP_PLANE0);
        glPopMatrix();
        glFrontFace(GL_CCW);
    }
    Ok(())
}

/// The first skybox texture on a large cylinder around the head, with haze over the first
/// infinite plane.
fn render_skybox(geoms: &[mjvGeom], headpos: &[f32; 3], cam: &mjvGLCamera, scn: &Scene, con: &mjrContext) {
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    let nt = con.ntexture.clamp(0, mjMAXTEXTURE as i32) as usize;
    if !con.textureType[..nt].contains(&(mjTEXTURE_SKYBOX as i32)) {
        return;
    }
    // SAFETY: mjvGeom is plain numbers and characters, for which all-zero is a valid value
    let mut tg: mjvGeom = unsafe { core::mem::zeroed() };
    tg.matid = mjMAXMATERIAL as i32 - 1;
    glDisable(GL_LIGHTING);
    glDisable(GL_COLOR_MATERIAL);
    glCullFace(GL_FRONT);
    glPushMatrix();
    glTranslatef(headpos[0], headpos[1], headpos[2]);
    let mut dst = cam.frustum_far * 0.70;
    if scn.enabletransform != 0 {
        dst /= scn.scale;
    }
    glScalef(dst, dst, dst);
    set_texture(Tex::Skybox, true, con, Some(&tg));
    glColor4f(1.0, 1.0, 1.0, 1.0);
    glCallList(con.baseBuiltin + CYLINDER);
    set_texture(Tex::Skybox, false, con, Some(&tg));

    if scn.flags[mjRND_HAZE as usize] != 0 {
        if let Some(p) = geoms.iter().find(|g| g.r#type == mjGEOM_PLANE as i32 && g.size[0] == 0.0 && g.size[1] == 0.0)
        {
            let m3 = &p.mat;
            let elevation =
                ((headpos[0] - p.pos[0]) * m3[2] + (headpos[1] - p.pos[1]) * m3[5] + (headpos[2] - p.pos[2]) * m3[8])
                    / dst;
            if elevation >= 0.0 {
                let m4 =
                    [m3[0], m3[3], m3[6], 0.0, m3[1], m3[4], m3[7], 0.0, m3[2], m3[5], m3[8], 0.0, 0.0, 0.0, 0.0, 1.0];
                glMultMatrixf(&m4);
                glTranslatef(0.0, 0.0, -elevation);
                glScalef(1.0, 1.0, elevation);
                glEnable(GL_BLEND);
                glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
                glCallList(con.baseBuiltin + HAZE);
                glDisable(GL_BLEND);
            }
        }
    }
    glPopMatrix();
    glEnable(GL_LIGHTING);
    glEnable(GL_COLOR_MATERIAL);
    glCullFace(GL_BACK);
}
