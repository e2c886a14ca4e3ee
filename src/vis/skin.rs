//! The scene's deformable meshes: flex vertices and faces (flat element faces, or a smooth
//! skin offset by the flex radius) and skin vertices and normals from the bones' poses.

use crate::abi::mjtVisFlag_::*;
use crate::abi::*;
use crate::data::stack::with_frame;
use crate::engine::{v3, v4};
use crate::math::blas::{add_scl3, add_to3, mul_mat_vec3, normalize3, sub3};
use crate::math::misc::n2f;
use crate::math::spatial::{cross, mul_quat, neg_quat, quat2mat};
use crate::vis::geom::group;
use crate::vis::scene::{flex_buffers, skin_buffers, FlexBuffers};

type V3 = [f64; 3];

fn vert(x: &[f64], i: i32) -> &V3 {
    v3(x, i as usize)
}

fn face_normal(x: &[f64], i0: i32, i1: i32, i2: i32) -> V3 {
    let (a, b, c) = (vert(x, i0), vert(x, i1), vert(x, i2));
    let mut n = cross(&sub3(b, a), &sub3(c, a));
    normalize3(&mut n);
    n
}

/// Output face slot `k` of the face and normal buffers (9 floats each).
struct Faces<'a> {
    face: &'a mut [f32],
    normal: &'a mut [f32],
    tex: Option<&'a mut [f32]>,
    texsrc: &'a [f32],
}

impl Faces<'_> {
    /// Face with its flat normal, offset along the normal by `radius`.
    fn flat(&mut self, k: usize, radius: f64, x: &[f64], i: [i32; 3]) {
        let nrm = face_normal(x, i[0], i[1], i[2]);
        for (j, &v) in i.iter().enumerate() {
            n2f(&mut self.face[9 * k + 3 * j..9 * k + 3 * j + 3], &add_scl3(vert(x, v), &nrm, radius));
            n2f(&mut self.normal[9 * k + 3 * j..9 * k + 3 * j + 3], &nrm);
        }
    }

    /// Face offset along the smoothed vertex normals by `radius`; normals smoothed or flat.
    fn smooth(&mut self, k: usize, radius: f64, flat: bool, vn: &[f64], x: &[f64], i: [i32; 3]) {
        let sign = if radius > 0.0 { 1.0 } else { -1.0 };
        let mut normal = [0.0f32; 9];
        let mut face = [0.0f32; 9];
        let flat_nrm = if flat { Some(face_normal(x, i[0], i[1], i[2])) } else { None };
        for (j, &v) in i.iter().enumerate() {
            let p = vert(x, v);
            let n = vert(vn, v);
            let shade = flat_nrm.as_ref().unwrap_or(n);
            for c in 0..3 {
                normal[3 * j + c] = (sign * shade[c]) as f32;
                face[3 * j + c] = (p[c] + radius * n[c]) as f32;
            }
        }
        self.normal[9 * k..9 * k + 9].copy_from_slice(&normal);
        self.face[9 * k..9 * k + 9].copy_from_slice(&face);
    }

    /// Face of a smooth skin from vertices already offset and shaded ([`offset_vertices`]).
    fn copy_smooth(&mut self, k: usize, pos: &[f32], nrm: &[f32], i: [i32; 3]) {
        let mut normal = [0.0f32; 9];
        let mut face = [0.0f32; 9];
        for (j, &v) in i.iter().enumerate() {
            let b = 3 * v as usize;
            face[3 * j..3 * j + 3].copy_from_slice(&pos[b..b + 3]);
            normal[3 * j..3 * j + 3].copy_from_slice(&nrm[b..b + 3]);
        }
        self.normal[9 * k..9 * k + 9].copy_from_slice(&normal);
        self.face[9 * k..9 * k + 9].copy_from_slice(&face);
    }

    /// Side wall of a 2D flex along boundary edge (i0, i1).
    fn side(&mut self, k: usize, radius: f64, vn: &[f64], x: &[f64], i0: i32, i1: i32) {
        let v01 = sub3(vert(x, i1), vert(x, i0));
        let mut nrm = cross(&v01, vert(vn, i1));
        if radius < 0.0 {
            nrm = [-nrm[0], -nrm[1], -nrm[2]];
        }
        normalize3(&mut nrm);
        let n = [nrm[0] as f32, nrm[1] as f32, nrm[2] as f32];
        let mut normal = [0.0f32; 9];
        let mut face = [0.0f32; 9];
        let ind = [i0, i1, i1];
        for (j, &v) in ind.iter().enumerate() {
            let sign = if j == 1 { -1.0 } else { 1.0 };
            let (p, vnv) = (vert(x, v), vert(vn, v));
            normal[3 * j..3 * j + 3].copy_from_slice(&n);
            for c in 0..3 {
                face[3 * j + c] = (p[c] + sign * radius * vnv[c]) as f32;
            }
        }
        self.normal[9 * k..9 * k + 9].copy_from_slice(&normal);
        self.face[9 * k..9 * k + 9].copy_from_slice(&face);
    }

    /// Texture coordinates of face `k` from vertices (i0, i1, i2) of the source coordinates.
    fn tex(&mut self, k: usize, i: [i32; 3]) {
        if let Some(t) = self.tex.as_deref_mut() {
            for (j, &v) in i.iter().enumerate() {
                let at = 2 * v.max(0) as usize;
                t[6 * k + 2 * j] = self.texsrc.get(at).copied().unwrap_or(0.0);
                t[6 * k + 2 * j + 1] = self.texsrc.get(at + 1).copied().unwrap_or(0.0);
            }
        }
    }
}

/// Flex texture coordinates from address `adr` up to the end of the model's buffer: upstream
/// indexes them with element texture ids that may point past the flex's own coordinates, and
/// then reads what follows in the buffer (same layout here); beyond the buffer reads stop.
fn texcoords_to_buffer_end(m: &mjModel, adr: usize) -> &[f32] {
    let start = (m.flex_texcoord as usize).wrapping_add(8 * adr);
    let (base, end) = (m.buffer as usize, m.buffer as usize + m.nbuffer.max(0) as usize);
    if m.flex_texcoord.is_null() || start < base || start >= end {
        return &[];
    }
    // SAFETY: [start, end) lies inside the model's buffer (nbuffer bytes at `buffer`, checked
    // above), which `m` owns and nobody writes while it is borrowed; flex_texcoord is a float
    // array of that buffer, so `start` (2*adr floats past it) is aligned for f32, and the
    // buffer's arrays are all initialised numbers
    unsafe { core::slice::from_raw_parts(start as *const f32, (end - start) / 4) }
}

/// Appends the vertices offset along their smoothed normals by `radius`, then their shading
/// normals (the normal, flipped for a non-positive offset), as [`Faces::smooth`] computes them
/// per face corner.
fn offset_vertices(x: &[f64], vn: &[f64], radius: f64, out: &mut Vec<f32>) {
    let sign = if radius > 0.0 { 1.0 } else { -1.0 };
    out.extend(x.iter().zip(vn.iter()).map(|(&xp, &np)| (xp + radius * np) as f32));
    out.extend(vn.iter().map(|&np| (sign * np) as f32));
}

/// Reports more flex faces than the scene has room for (cannot happen for a scene made for
/// the model).
#[cold]
#[inline(never)]
fn too_many_faces() {
    crate::runtime::error::raise(format_args!("too many flex faces in mjv_updateActiveFlex"));
}

/// Fills the scene's flex buffers (`mjv_updateActiveFlex`): vertex positions for all flexes,
/// and faces as the options ask: element faces with flat normals (`mjVIS_FLEXFACE`; 3D flexes
/// show the chosen layer) or a smooth skin (`mjVIS_FLEXSKIN`) offset by the flex radius.
pub fn update_flex(m: &mjModel, d: &mut mjData, scn: &mut mjvScene, opt: &mjvOption) {
    let flags = &opt.flags;
    scn.flexvertopt = flags[mjVIS_FLEXVERT as usize];
    scn.flexedgeopt = flags[mjVIS_FLEXEDGE as usize];
    scn.flexfaceopt = flags[mjVIS_FLEXFACE as usize];
    scn.flexskinopt = flags[mjVIS_FLEXSKIN as usize];
    let show_face = flags[mjVIS_FLEXFACE as usize] != 0;
    let show_skin = flags[mjVIS_FLEXSKIN as usize] != 0;

    let skip_faces = scn.nflex < m.nflex || (m.nflex > 0 && scn.flexfaceused.is_null());
    let FlexBuffers { faceadr, facenum, faceused, vert, face, normal, texcoord } = flex_buffers(scn);
    {
        let xpos = d.arrays(m).flexvert_xpos;
        if !vert.is_empty() {
            n2f(&mut vert[..xpos.len()], xpos);
        }
    }
    if skip_faces {
        return;
    }

    for f in 0..m.nflex as usize {
        let dim = m.flex_dim()[f];
        let radius = m.flex_radius()[f];
        let flat = m.flex_flatskin()[f] != 0;
        let vadr = m.flex_vertadr()[f] as usize;
        let vnum = m.flex_vertnum()[f] as usize;
        let xr = 3 * vadr..3 * (vadr + vnum);
        let fadr = faceadr[f] as usize;
        let fnum = facenum[f] as usize;
        let used = &mut faceused[f];
        let texadr = m.flex_texcoordadr()[f];

        if dim == 1 || (!show_face && !show_skin) {
            *used = 0;
            continue;
        }
        if fnum == 0 || face.is_empty() {
            *used = 0;
            continue;
        }
        let mut out = Faces {
            face: &mut face[9 * fadr..9 * (fadr + fnum)],
            normal: &mut normal[9 * fadr..9 * (fadr + fnum)],
            tex: (texadr >= 0).then(|| &mut texcoord[6 * fadr..6 * (fadr + fnum)]),
            texsrc: if texadr >= 0 { texcoords_to_buffer_end(m, texadr as usize) } else { &[] },
        };
        let elemadr = m.flex_elemdataadr()[f] as usize;
        let n = (dim + 1) as usize;
        let elem = |e: usize| &m.flex_elem()[elemadr + e * n..elemadr + e * n + n];
        let etex = |e: usize| &m.flex_elemtexcoord()[elemadr + e * n..elemadr + e * n + n];
        let nelem = m.flex_elemnum()[f] as usize;
        let shelladr = m.flex_shelldataadr()[f] as usize;
        let nshell = m.flex_shellnum()[f] as usize;
        let dimu = dim as usize;
        let shell = |s: usize| &m.flex_shell()[shelladr + s * dimu..shelladr + s * dimu + dimu];

        let mut k = 0usize;
        // stop quietly rather than write past the flex's slots (upstream then reports an error)
        let room = |k: usize, extra: usize| k + extra <= fnum;

        if !show_skin {
            let x = &d.arrays(m).flexvert_xpos[xr];
            let layer = &m.flex_elemlayer()[m.flex_elemadr()[f] as usize..];
            for e in 0..nelem {
                if dim != 2 && layer[e] != opt.flex_layer {
                    continue;
                }
                let (ed, td) = (elem(e), etex(e));
                let tris: &[[usize; 3]] =
                    if dim == 2 { &[[0, 1, 2], [0, 2, 1]] } else { &[[0, 1, 2], [0, 2, 3], [0, 3, 1], [1, 3, 2]] };
                if !room(k, tris.len()) {
                    k += tris.len();
                    continue;
                }
                for t in tris {
                    out.flat(k, radius, x, [ed[t[0]], ed[t[1]], ed[t[2]]]);
                    out.tex(k, [td[t[0]], td[t[1]], td[t[2]]]);
                    k += 1;
                }
            }
        } else {
            with_frame(d, |d, fr| {
                let vn = fr.nums(d, 3 * vnum);
                let x = &d.arrays(m).flexvert_xpos[xr];
                vn.fill(0.0);
                let mut add_normal = |i: &[i32]| {
                    let nrm = face_normal(x, i[0], i[1], i[2]);
                    for &v in &i[..3] {
                        add_to3(crate::engine::v3m(vn, v as usize), &nrm);
                    }
                };
                if dim == 2 {
                    for e in 0..nelem {
                        add_normal(elem(e));
                    }
                } else {
                    for s in 0..nshell {
                        add_normal(shell(s));
                    }
                }
                for i in 0..vnum {
                    normalize3(crate::engine::v3m(vn, i));
                }
                let vn = &*vn;

                // with smooth shading every face corner is its vertex offset along the vertex
                // normal: compute those once per vertex (for both offset signs); on the heap, so
                // that mjData's stack use stays upstream's (nothing below reports errors)
                let n3 = 3 * vnum;
                let mut pre = Vec::new();
                if !flat {
                    pre.reserve_exact(4 * n3);
                    offset_vertices(x, vn, radius, &mut pre);
                    offset_vertices(x, vn, -radius, &mut pre);
                }
                let have_pre = !flat && pre.len() == 4 * n3;
                let pre = &pre[..];
                let smooth = |out: &mut Faces, k: usize, minus: bool, i: [i32; 3]| {
                    if have_pre {
                        let o = if minus { 2 * n3 } else { 0 };
                        out.copy_smooth(k, &pre[o..o + n3], &pre[o + n3..o + 2 * n3], i);
                    } else {
                        out.smooth(k, if minus { -radius } else { radius }, flat, vn, x, i);
                    }
                };

                if dim == 2 {
                    for e in 0..nelem {
                        let (ed, td) = (elem(e), etex(e));
                        if room(k, 2) {
                            smooth(&mut out, k, false, [ed[0], ed[1], ed[2]]);
                            out.tex(k, [td[0], td[1], td[2]]);
                            smooth(&mut out, k + 1, true, [ed[0], ed[2], ed[1]]);
                            out.tex(k + 1, [td[0], td[2], td[1]]);
                        }
                        k += 2;
                    }
                    for s in 0..nshell {
                        let sd = shell(s);
                        if room(k, 2) {
                            out.side(k, radius, vn, x, sd[0], sd[1]);
                            out.tex(k, [sd[0], sd[1], sd[1]]);
                            out.side(k + 1, -radius, vn, x, sd[1], sd[0]);
                            out.tex(k + 1, [sd[1], sd[0], sd[0]]);
                        }
                        k += 2;
                    }
                } else {
                    for s in 0..nshell {
                        let sd = shell(s);
                        if room(k, 1) {
                            smooth(&mut out, k, false, [sd[0], sd[1], sd[2]]);
                            out.tex(k, [sd[0], sd[1], sd[2]]);
                        }
                        k += 1;
                    }
                }
            });
        }
        *used = k as i32;
        if k > fnum {
            too_many_faces();
        }
    }
}

/// Fills the scene's skin vertices and normals (`mjv_updateActiveSkin`): for each skin in a
/// shown group, every vertex is the weighted sum of its bones' motions from the bind pose,
/// normals are area-weighted face normals, and the skin is inflated along them; skins of hidden
/// groups are zeroed.
pub fn update_skin(m: &mjModel, d: &mjData, scn: &mut mjvScene, opt: &mjvOption) {
    let dr = d.arrays(m);
    if m.nskin == 0 || scn.skinvert.is_null() || scn.skinnormal.is_null() {
        return;
    }
    let (sv, sn) = skin_buffers(scn);
    for i in 0..m.nskin as usize {
        let vadr = m.skin_vertadr()[i] as usize;
        let vnum = m.skin_vertnum()[i] as usize;
        let fadr = m.skin_faceadr()[i] as usize;
        let fnum = m.skin_facenum()[i] as usize;
        sv[3 * vadr..3 * (vadr + vnum)].fill(0.0);
        sn[3 * vadr..3 * (vadr + vnum)].fill(0.0);
        if opt.skingroup[group(m.skin_group()[i])] == 0 {
            continue;
        }

        let badr = m.skin_boneadr()[i] as usize;
        for j in badr..badr + m.skin_bonenum()[i] as usize {
            let bp = &m.skin_bonebindpos()[3 * j..3 * j + 3];
            let bq = &m.skin_bonebindquat()[4 * j..4 * j + 4];
            let bindpos = [bp[0] as f64, bp[1] as f64, bp[2] as f64];
            let bindquat = [bq[0] as f64, bq[1] as f64, bq[2] as f64, bq[3] as f64];
            let body = m.skin_bonebodyid()[j] as usize;
            let quat = mul_quat(v4(dr.xquat, body), &neg_quat(&bindquat));
            let rotate = quat2mat(&quat);
            let translate = sub3(v3(dr.xpos, body), &mul_mat_vec3(&rotate, &bindpos));
            let va = m.skin_bonevertadr()[j] as usize;
            for k in va..va + m.skin_bonevertnum()[j] as usize {
                let vid = m.skin_bonevertid()[k] as usize;
                let w = m.skin_bonevertweight()[k];
                let p = &m.skin_vert()[3 * (vadr + vid)..3 * (vadr + vid) + 3];
                let pos = [p[0] as f64, p[1] as f64, p[2] as f64];
                let mut pos1 = mul_mat_vec3(&rotate, &pos);
                add_to3(&mut pos1, &translate);
                for c in 0..3 {
                    sv[3 * (vadr + vid) + c] += w * pos1[c] as f32;
                }
            }
        }

        for k in fadr..fadr + fnum {
            let f = &m.skin_face()[3 * k..3 * k + 3];
            let at = |v: i32, c: usize| sv[3 * (vadr + v as usize) + c];
            let mut v01 = [0.0; 3];
            let mut v02 = [0.0; 3];
            for r in 0..3 {
                v01[r] = (at(f[1], r) - at(f[0], r)) as f64;
                v02[r] = (at(f[2], r) - at(f[0], r)) as f64;
            }
            let nrm = cross(&v01, &v02);
            for &v in f {
                for t in 0..3 {
                    let p = 3 * (vadr + v as usize) + t;
                    sn[p] = (sn[p] as f64 + nrm[t]) as f32;
                }
            }
        }

        for k in vadr..vadr + vnum {
            let s = (sn[3 * k] * sn[3 * k] + sn[3 * k + 1] * sn[3 * k + 1] + sn[3 * k + 2] * sn[3 * k + 2]).sqrt();
            let s = s as f64;
            let scl = (1.0 / if mjMINVAL > s { mjMINVAL } else { s }) as f32;
            for c in 0..3 {
                sn[3 * k + c] *= scl;
            }
        }

        let inflate = m.skin_inflate()[i];
        if inflate != 0.0 {
            for k in 3 * vadr..3 * (vadr + vnum) {
                sv[k] += inflate * sn[k];
            }
        }
    }
}
