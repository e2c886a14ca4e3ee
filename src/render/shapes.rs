//! Display lists of the model's meshes, height fields and planes and of the built-in shapes
//! (unit sphere, half spheres, cylinders, cone, box, haze), tessellated as upstream does so that
//! the same vertices reach the driver.

use core::f64::consts::PI;

use super::gl::*;
use super::glconst::*;
use super::util::make_normal;
use crate::abi::mjtGeom_::mjGEOM_PLANE;
use crate::abi::*;

/// Display-list offsets of the built-in shapes (`baseBuiltin + k`).
pub const SPHERE: u32 = 0;
pub const SPHERETOP: u32 = 1;
pub const SPHEREBOTTOM: u32 = 2;
pub const CYLINDER: u32 = 3;
pub const CYLINDEROPEN: u32 = 4;
pub const HAZE: u32 = 5;
pub const BOX: u32 = 6;
pub const CONE: u32 = 7;
pub const NBUILTIN: i32 = 8;

/// Allocates `newrange` lists; `Err` when OpenGL has none left.
pub fn list_allocate(base: &mut u32, range: &mut i32, newrange: i32) -> Result<(), String> {
    *range = newrange;
    if newrange != 0 {
        *base = glGenLists(newrange);
        if *base == 0 {
            return Err("Could not allocate display lists".into());
        }
    }
    Ok(())
}

/// Lists of plane geoms: list 0 is a unit square of numquads² quads, list 1+k the grid of the
/// k-th plane of the model (finite sides split into at most mjMAXPLANEGRID cells, infinite
/// sides spanning beyond the skybox).
pub fn make_planes(m: &mjModel, con: &mut mjrContext) -> Result<(), String> {
    const G: usize = mjMAXPLANEGRID;
    let zfar = m.vis.map.zfar as f64 * m.stat.extent;
    let gtype = m.geom_type();
    let nplane = gtype.iter().filter(|&&t| t == mjGEOM_PLANE as i32).count() as i32;
    list_allocate(&mut con.basePlane, &mut con.rangePlane, nplane + 1)?;

    let nq = m.vis.quality.numquads;
    glNewList(con.basePlane, GL_COMPILE);
    glBegin(GL_QUADS);
    glNormal3d(0.0, 0.0, 1.0);
    let d = 2.0 / nq as f64;
    for x in 0..nq {
        for y in 0..nq {
            let (x0, x1, y0, y1) =
                (d * x as f64 - 1.0, d * (x + 1) as f64 - 1.0, d * y as f64 - 1.0, d * (y + 1) as f64 - 1.0);
            glVertex3d(x0, y0, 0.0);
            glVertex3d(x1, y0, 0.0);
            glVertex3d(x1, y1, 0.0);
            glVertex3d(x0, y1, 0.0);
        }
    }
    glEnd();
    glEndList();

    let size = m.geom_size();
    let matid = m.geom_matid();
    let texrepeat = m.mat_texrepeat();
    let mut grid = [[0.0f64; G + 1]; 2];
    let mut nn = [0usize; 2];
    let mut k_plane = 0u32;
    for i in 0..m.ngeom as usize {
        if gtype[i] != mjGEOM_PLANE as i32 {
            continue;
        }
        let sz = [size[3 * i], size[3 * i + 1]];
        for k in 0..2 {
            if sz[k] > 0.0 {
                // finite side: an even number of cells of size 2*sz2, padded at both ends
                let sz2 = size[3 * i + 2].max(sz[k] / (G - 2) as f64);
                let mut n = (sz[k] / sz2.max(mjMINVAL)).floor() as i32;
                n -= n % 2;
                let pad = sz[k] - n as f64 * sz2;
                let n = (n + 2) as usize;
                for x in 0..n {
                    let (left, right) = if x == 0 {
                        (-sz[k], -sz[k] + pad)
                    } else {
                        let l = -sz[k] + pad + (x - 1) as f64 * sz2 * 2.0;
                        (l, l + if x == n - 1 { pad } else { sz2 * 2.0 })
                    };
                    grid[k][x] = left;
                    grid[k][x + 1] = left.max(right);
                }
                nn[k] = n;
            } else {
                // infinite side: cells matching the texture repeat, spanning beyond the skybox
                let mid = matid[i];
                let sx = if mid >= 0 && texrepeat[2 * mid as usize + k] > 0.0 {
                    (2.0f32 / texrepeat[2 * mid as usize + k]) as f64
                } else {
                    2.1 * zfar / (G - 2) as f64
                };
                let d = (2.1 * zfar + 2.0 * sx) / G as f64;
                for (x, g) in grid[k].iter_mut().enumerate() {
                    *g = d * x as f64 - d * (G / 2) as f64;
                }
                nn[k] = G;
            }
        }
        glNewList(con.basePlane + k_plane + 1, GL_COMPILE);
        glBegin(GL_QUADS);
        glNormal3d(0.0, 0.0, 1.0);
        for x in 0..nn[0] {
            for y in 0..nn[1] {
                glVertex3d(grid[0][x], grid[1][y], 0.0);
                glVertex3d(grid[0][x + 1], grid[1][y], 0.0);
                glVertex3d(grid[0][x + 1], grid[1][y + 1], 0.0);
                glVertex3d(grid[0][x], grid[1][y + 1], 0.0);
            }
        }
        glEnd();
        glEndList();
        k_plane += 1;
    }
    Ok(())
}

/// Compiles list 2*meshid (the mesh, with its normals and texture coordinates; a vertex normal
/// far from the face normal is replaced by the face normal when there are no texture
/// coordinates) and list 2*meshid+1 (its convex hull, flat-shaded).
pub fn upload_mesh(m: &mjModel, con: &mjrContext, meshid: usize) {
    glDeleteLists(con.baseMesh + 2 * meshid as u32, 2);
    let vert = m.mesh_vert();
    let normal = m.mesh_normal();
    let texcoord = m.mesh_texcoord();
    let vertadr = m.mesh_vertadr()[meshid] as usize;
    let normaladr = m.mesh_normaladr()[meshid] as usize;
    let texadr = m.mesh_texcoordadr()[meshid];
    let face = m.mesh_face();
    let facenormal = m.mesh_facenormal();
    let facetex = m.mesh_facetexcoord();
    let v3 = |k: usize| -> &[f32; 3] { vert[3 * (k + vertadr)..3 * (k + vertadr) + 3].try_into().unwrap() };

    glNewList(con.baseMesh + 2 * meshid as u32, GL_COMPILE);
    glBegin(GL_TRIANGLES);
    let f0 = m.mesh_faceadr()[meshid] as usize;
    for f in f0..f0 + m.mesh_facenum()[meshid] as usize {
        let v = [v3(face[3 * f] as usize), v3(face[3 * f + 1] as usize), v3(face[3 * f + 2] as usize)];
        let fnorm = make_normal(v[0], v[1], v[2]);
        for j in 0..3 {
            let na = 3 * (facenormal[3 * f + j] as usize + normaladr);
            let n: &[f32; 3] = normal[na..na + 3].try_into().unwrap();
            if texadr >= 0 {
                let ta = 2 * (facetex[3 * f + j] as usize + texadr as usize);
                glTexCoord2fv(texcoord[ta..ta + 2].try_into().unwrap());
                glNormal3fv(n);
            } else if (((n[0] * fnorm[0] + n[1] * fnorm[1]) + n[2] * fnorm[2]) as f64) < 0.8 {
                glNormal3fv(&fnorm);
            } else {
                glNormal3fv(n);
            }
            glVertex3fv(v[j]);
        }
    }
    glEnd();
    glEndList();

    let gadr = m.mesh_graphadr()[meshid];
    if gadr >= 0 {
        let graph = m.mesh_graph();
        let gadr = gadr as usize;
        let numvert = graph[gadr] as usize;
        let numface = graph[gadr + 1] as usize;
        glNewList(con.baseMesh + 2 * meshid as u32 + 1, GL_COMPILE);
        glBegin(GL_TRIANGLES);
        for f in 0..numface {
            let j = gadr + 2 + 3 * numvert + 3 * numface + 3 * f;
            let idx = [graph[j] as usize, graph[j + 1] as usize, graph[j + 2] as usize];
            let v = [v3(idx[0]), v3(idx[1]), v3(idx[2])];
            let n = make_normal(v[0], v[1], v[2]);
            glNormal3fv(&n);
            for k in 0..3 {
                if texadr >= 0 {
                    glTexCoord2fv(&hull_texcoord(m, 2 * (idx[k] + texadr as usize)));
                }
                glVertex3fv(v[k]);
            }
        }
        glEnd();
        glEndList();
    }
}

/// Texture coordinates of a hull vertex. Upstream indexes the texture coordinates with the
/// hull's vertex ids, which can run past the mesh's coordinates into the following model
/// arrays; the same bytes of the model buffer are read here (the layout is upstream's), and
/// zeros past the buffer's end.
fn hull_texcoord(m: &mjModel, adr: usize) -> [f32; 2] {
    // addresses only (wrapping arithmetic, no dereference): where the pair would be
    let p = (m.mesh_texcoord as *const u8).wrapping_add(adr.wrapping_mul(4));
    let start = m.buffer as *const u8;
    let end = start.wrapping_add(m.nbuffer.max(0) as usize);
    if p >= start && p.wrapping_add(8) <= end {
        // SAFETY: the model's arrays all live in its one allocation `buffer` of nbuffer bytes
        // (mjModel's layout); the 8 bytes at p were checked to lie inside it, and every byte of
        // the buffer is initialised (read unaligned, as it may straddle arrays)
        unsafe { core::ptr::read_unaligned(p as *const [f32; 2]) }
    } else {
        [0.0, 0.0]
    }
}

/// Triangle-strip emulation for height fields: keeps the last three vertices and emits a
/// triangle (alternating orientation) once three are in.
struct Strip {
    n: usize,
    v: [[f32; 3]; 3],
}

impl Strip {
    fn add(&mut self, x: f32, y: f32, z: f32, sclz: f32) {
        self.v[0] = self.v[1];
        self.v[1] = self.v[2];
        self.v[2] = [x, y, z * sclz];
        self.n += 1;
        if self.n >= 3 {
            let (a, b, c) = if self.n % 2 == 1 { (0, 1, 2) } else { (0, 2, 1) };
            let n = make_normal(&self.v[a], &self.v[b], &self.v[c]);
            glNormal3fv(&n);
            glVertex3fv(&self.v[a]);
            glVertex3fv(&self.v[b]);
            glVertex3fv(&self.v[c]);
        }
    }
}

/// Compiles the list of height field `id`: the elevation surface as triangles, then the four
/// sides and the bottom (numquads² cells) as quads.
pub fn upload_hfield(m: &mjModel, con: &mjrContext, id: usize) {
    glDeleteLists(con.baseHField + id as u32, 1);
    glNewList(con.baseHField + id as u32, GL_COMPILE);
    let adr = m.hfield_adr()[id] as usize;
    let nr = m.hfield_nrow()[id] as usize;
    let nc = m.hfield_ncol()[id] as usize;
    let data = &m.hfield_data()[adr..adr + nr * nc];
    let mut width = 0.5f32 * (nc as i32 - 1) as f32;
    let mut height = 0.5f32 * (nr as i32 - 1) as f32;
    let hs = m.hfield_size();
    let sz = [hs[4 * id] as f32, hs[4 * id + 1] as f32, hs[4 * id + 2] as f32, hs[4 * id + 3] as f32];
    let gx = |c: usize, w: f32| sz[0] * (c as f32 / w - 1.0);
    let gy = |r: usize, h: f32| sz[1] * (r as f32 / h - 1.0);

    glBegin(GL_TRIANGLES);
    for r in 0..nr.saturating_sub(1) {
        let mut s = Strip { n: 0, v: [[0.0; 3]; 3] };
        for c in 0..nc {
            s.add(gx(c, width), gy(r + 1, height), data[(r + 1) * nc + c], sz[2]);
            s.add(gx(c, width), gy(r, height), data[r * nc + c], sz[2]);
        }
    }
    glEnd();

    glBegin(GL_QUADS);
    for r in 0..nr.saturating_sub(1) {
        glNormal3f(-1.0, 0.0, 0.0);
        glVertex3f(-sz[0], gy(r + 1, height), -sz[3]);
        glVertex3f(-sz[0], gy(r, height), -sz[3]);
        glVertex3f(-sz[0], gy(r, height), data[r * nc] * sz[2]);
        glVertex3f(-sz[0], gy(r + 1, height), data[(r + 1) * nc] * sz[2]);

        glNormal3f(1.0, 0.0, 0.0);
        glVertex3f(sz[0], gy(r, height), -sz[3]);
        glVertex3f(sz[0], gy(r + 1, height), -sz[3]);
        glVertex3f(sz[0], gy(r + 1, height), data[(r + 1) * nc + nc - 1] * sz[2]);
        glVertex3f(sz[0], gy(r, height), data[r * nc + nc - 1] * sz[2]);
    }
    for c in 0..nc.saturating_sub(1) {
        glNormal3f(0.0, -1.0, 0.0);
        glVertex3f(gx(c, width), -sz[1], -sz[3]);
        glVertex3f(gx(c + 1, width), -sz[1], -sz[3]);
        glVertex3f(gx(c + 1, width), -sz[1], data[c + 1] * sz[2]);
        glVertex3f(gx(c, width), -sz[1], data[c] * sz[2]);

        glNormal3f(0.0, 1.0, 0.0);
        glVertex3f(gx(c + 1, width), sz[1], -sz[3]);
        glVertex3f(gx(c, width), sz[1], -sz[3]);
        glVertex3f(gx(c, width), sz[1], data[(nr - 1) * nc + c] * sz[2]);
        glVertex3f(gx(c + 1, width), sz[1], data[(nr - 1) * nc + c + 1] * sz[2]);
    }

    // bottom on its own grid
    let nq = m.vis.quality.numquads.max(0) as usize;
    width = 0.5f32 * nq as f32;
    height = width;
    glNormal3f(0.0, 0.0, -1.0);
    for r in 0..nq {
        for c in 0..nq {
            glVertex3f(gx(c, width), gy(r, height), -sz[3]);
            glVertex3f(gx(c, width), gy(r + 1, height), -sz[3]);
            glVertex3f(gx(c + 1, width), gy(r + 1, height), -sz[3]);
            glVertex3f(gx(c + 1, width), gy(r, height), -sz[3]);
        }
    }
    glEnd();
    glEndList();
}

/// Azimuth of slice j of n, computed in double and rounded to float as upstream does.
fn az(j: i32, n: i32) -> f32 {
    ((2.0f32 as f64 * PI * j as f64) / n as f32 as f64) as f32
}

/// Vertex and normal on a sphere (centred at z = sign) at azimuth a and elevation e.
fn sphere_vertex(a: f32, e: f32, sign: i32) -> ([f32; 3], [f32; 3]) {
    let v = [a.cos() * e.cos(), a.sin() * e.cos(), sign as f32 + e.sin()];
    (v, [v[0], v[1], v[2] - sign as f32])
}

fn emit(v: &[f32; 3], n: &[f32; 3]) {
    glNormal3fv(n);
    glVertex3fv(v);
}

/// Half of a unit sphere centred at z = sign (top for +1, bottom for -1).
fn half_sphere(sign: i32, nslice: i32, nstack: i32) {
    glBegin(GL_TRIANGLES);
    let e1 = ((PI / 2.0f32 as f64 * sign as f64 * (nstack - 1) as f64) / nstack as f32 as f64) as f32;
    for j in 0..nslice {
        let (v1, n1) = sphere_vertex(az(j, nslice), e1, sign);
        let (v2, n2) = sphere_vertex(az(j + 1, nslice), e1, sign);
        let v3 = [0.0, 0.0, (2 * sign) as f32];
        let n3 = [0.0, 0.0, sign as f32];
        if sign > 0 {
            emit(&v1, &n1);
            emit(&v2, &n2);
            emit(&v3, &n3);
        } else {
            emit(&v3, &n3);
            emit(&v2, &n2);
            emit(&v1, &n1);
        }
    }
    glEnd();

    glBegin(GL_QUADS);
    for i in 0..nstack - 1 {
        let e1 = ((PI / 2.0f32 as f64 * sign as f64 * i as f64) / nstack as f32 as f64) as f32;
        let e2 = ((PI / 2.0f32 as f64 * sign as f64 * (i + 1) as f64) / nstack as f32 as f64) as f32;
        for j in 0..nslice {
            let (a1, a2) = (az(j, nslice), az(j + 1, nslice));
            let q = [
                sphere_vertex(a1, e1, sign),
                sphere_vertex(a2, e1, sign),
                sphere_vertex(a2, e2, sign),
                sphere_vertex(a1, e2, sign),
            ];
            quad(&q, sign > 0);
        }
    }
    glEnd();
}

fn quad(q: &[([f32; 3], [f32; 3]); 4], forward: bool) {
    if forward {
        for (v, n) in q {
            emit(v, n);
        }
    } else {
        for (v, n) in q.iter().rev() {
            emit(v, n);
        }
    }
}

/// Unit sphere: triangle fans at the poles, quads elsewhere.
fn sphere(nslice: i32, nstack: i32) {
    let half = nstack / 2;
    glBegin(GL_TRIANGLES);
    for sign in [-1, 1] {
        let e1 = ((0.5 * PI * sign as f64 * (half - 1) as f64) / half as f32 as f64) as f32;
        for j in 0..nslice {
            let (v1, n1) = sphere_vertex(az(j, nslice), e1, 0);
            let (v2, n2) = sphere_vertex(az(j + 1, nslice), e1, 0);
            let v3 = [0.0, 0.0, sign as f32];
            let n3 = v3;
            if sign > 0 {
                emit(&v1, &n1);
                emit(&v2, &n2);
                emit(&v3, &n3);
            } else {
                emit(&v3, &n3);
                emit(&v2, &n2);
                emit(&v1, &n1);
            }
        }
    }
    glEnd();

    glBegin(GL_QUADS);
    for sign in [-1, 1] {
        for i in 0..half - 1 {
            let e1 = ((0.5 * PI * sign as f64 * i as f64) / half as f32 as f64) as f32;
            let e2 = ((0.5 * PI * sign as f64 * (i + 1) as f64) / half as f32 as f64) as f32;
            for j in 0..nslice {
                let (a1, a2) = (az(j, nslice), az(j + 1, nslice));
                let q = [
                    sphere_vertex(a1, e1, 0),
                    sphere_vertex(a2, e1, 0),
                    sphere_vertex(a2, e2, 0),
                    sphere_vertex(a1, e2, 0),
                ];
                quad(&q, sign > 0);
            }
        }
    }
    glEnd();
}

fn disk_vertex(a: f32, r: f32, sign: i32) -> [f32; 3] {
    [a.cos() * r, a.sin() * r, sign as f32]
}

/// Unit disk at z = sign facing ±z (sign 0: at z = 0 facing -z).
fn disk(sign: i32, nslice: i32, nstack: i32) {
    let normal = [0.0, 0.0, if sign == 0 { -1.0 } else { sign as f32 }];
    glBegin(GL_TRIANGLES);
    glNormal3fv(&normal);
    let r1 = 1.0f32 / nstack as f32;
    for j in 0..nslice {
        let v1 = disk_vertex(az(j, nslice), r1, sign);
        let v2 = disk_vertex(az(j + 1, nslice), r1, sign);
        let v3 = [0.0, 0.0, sign as f32];
        let tri = if sign > 0 { [v1, v2, v3] } else { [v3, v2, v1] };
        for v in &tri {
            glVertex3fv(v);
        }
    }
    glEnd();

    glBegin(GL_QUADS);
    glNormal3fv(&normal);
    for i in 0..nstack - 1 {
        let r1 = (i + 1) as f32 / nstack as f32;
        let r2 = (i + 2) as f32 / nstack as f32;
        for j in 0..nslice {
            let (a1, a2) = (az(j, nslice), az(j + 1, nslice));
            let q = [
                disk_vertex(a1, r2, sign),
                disk_vertex(a2, r2, sign),
                disk_vertex(a2, r1, sign),
                disk_vertex(a1, r1, sign),
            ];
            if sign > 0 {
                q.iter().for_each(glVertex3fv);
            } else {
                q.iter().rev().for_each(glVertex3fv);
            }
        }
    }
    glEnd();
}

fn cone_vertex(a: f32, r: f32) -> ([f32; 3], [f32; 3]) {
    let scale = 1.0f32 / 2.0f32.sqrt();
    ([a.cos() * r, a.sin() * r, 1.0 - r], [a.cos() * scale, a.sin() * scale, scale])
}

/// Open cone of unit radius and height, apex at z = 1.
fn cone(nslice: i32, nstack: i32) {
    glBegin(GL_TRIANGLES);
    let r1 = 1.0f32 / nstack as f32;
    for j in 0..nslice {
        let (v1, n1) = cone_vertex(az(j, nslice), r1);
        let (v2, n2) = cone_vertex(az(j + 1, nslice), r1);
        let v3 = [0.0, 0.0, 1.0];
        let mut n3 = [n1[0] + n2[0], n1[1] + n2[1], n1[2] + n2[2]];
        super::util::normalize(&mut n3);
        emit(&v1, &n1);
        emit(&v2, &n2);
        emit(&v3, &n3);
    }
    glEnd();

    glBegin(GL_QUADS);
    for i in 0..nstack - 1 {
        let r1 = (i + 1) as f32 / nstack as f32;
        let r2 = (i + 2) as f32 / nstack as f32;
        for j in 0..nslice {
            let (a1, a2) = (az(j, nslice), az(j + 1, nslice));
            quad(&[cone_vertex(a1, r2), cone_vertex(a2, r2), cone_vertex(a2, r1), cone_vertex(a1, r1)], true);
        }
    }
    glEnd();
}

fn cylinder_vertex(a: f32, h: f32) -> ([f32; 3], [f32; 3]) {
    let v = [a.cos(), a.sin(), h];
    let l = (v[0] * v[0] + v[1] * v[1]).sqrt();
    (v, [v[0] / l, v[1] / l, 0.0])
}

/// Open cylinder of unit radius from z = -1 to z = 1.
fn cylinder(nslice: i32, nstack: i32) {
    glBegin(GL_QUADS);
    for i in 0..nstack {
        let h1 = (2 * i) as f32 / nstack as f32 - 1.0;
        let h2 = (2 * (i + 1)) as f32 / nstack as f32 - 1.0;
        for j in 0..nslice {
            let (a1, a2) = (az(j, nslice), az(j + 1, nslice));
            quad(
                &[cylinder_vertex(a1, h1), cylinder_vertex(a2, h1), cylinder_vertex(a2, h2), cylinder_vertex(a1, h2)],
                true,
            );
        }
    }
    glEnd();
}

/// Truncated cone fading from transparent at the rim to opaque at the transition height.
fn haze(nslice: i32, r: f32, rgba: &[f32; 4]) {
    let alpha = 1.0f32.atan2(r);
    let beta = (0.75 * PI) as f32 - alpha;
    let h = 0.5f32.sqrt() * r * alpha.sin() / beta.sin();
    let vert = |a: f32, hh: f32| [a.cos() * (1.0 - r * (1.0 - hh)), a.sin() * (1.0 - r * (1.0 - hh)), hh];
    glBegin(GL_QUADS);
    glNormal3f(0.0, 0.0, 1.0);
    for i in 0..2 {
        let (h1, h2) = if i == 0 { (0.0, h) } else { (h, 1.0) };
        for j in 0..nslice {
            let (a1, a2) = (az(j, nslice), az(j + 1, nslice));
            let c1 = (i == 1) as i32 as f32;
            let c2 = (i == 0) as i32 as f32;
            glColor4f(rgba[0], rgba[1], rgba[2], c1);
            glVertex3fv(&vert(a1, h1));
            glVertex3fv(&vert(a2, h1));
            glColor4f(rgba[0], rgba[1], rgba[2], c2);
            glVertex3fv(&vert(a2, h2));
            glVertex3fv(&vert(a1, h2));
        }
    }
    glEnd();
}

/// Compiles the built-in shapes at the model's tessellation quality.
pub fn make_builtin(m: &mjModel, con: &mut mjrContext) -> Result<(), String> {
    let q = &m.vis.quality;
    let (nstack, nslice, nq) = (q.numstacks, q.numslices, q.numquads);
    let d = 2.0f32 / nq as f32;
    list_allocate(&mut con.baseBuiltin, &mut con.rangeBuiltin, NBUILTIN)?;
    let b = con.baseBuiltin;

    glNewList(b + SPHERE, GL_COMPILE);
    sphere(nslice, nstack);
    glEndList();

    glNewList(b + SPHERETOP, GL_COMPILE);
    half_sphere(1, nslice, nstack / 2);
    glEndList();

    glNewList(b + SPHEREBOTTOM, GL_COMPILE);
    half_sphere(-1, nslice, nstack / 2);
    glEndList();

    glNewList(b + CYLINDER, GL_COMPILE);
    disk(-1, nslice, nstack / 2);
    cylinder(nslice, nstack);
    disk(1, nslice, nstack / 2);
    glEndList();

    glNewList(b + CYLINDEROPEN, GL_COMPILE);
    cylinder(nslice, nstack);
    glEndList();

    glNewList(b + HAZE, GL_COMPILE);
    haze(nslice, m.vis.map.haze, &m.vis.rgba.haze);
    glEndList();

    // box: numquads² quads per face
    glNewList(b + BOX, GL_COMPILE);
    glBegin(GL_QUADS);
    let c = |k: i32| d * k as f32 - 1.0;
    for x in 0..nq {
        for y in 0..nq {
            let (x0, x1, y0, y1) = (c(x), c(x + 1), c(y), c(y + 1));
            glNormal3f(0.0, 0.0, 1.0);
            glVertex3f(x0, y0, 1.0);
            glVertex3f(x1, y0, 1.0);
            glVertex3f(x1, y1, 1.0);
            glVertex3f(x0, y1, 1.0);

            glNormal3f(0.0, 0.0, -1.0);
            glVertex3f(x0, y1, -1.0);
            glVertex3f(x1, y1, -1.0);
            glVertex3f(x1, y0, -1.0);
            glVertex3f(x0, y0, -1.0);

            glNormal3f(1.0, 0.0, 0.0);
            glVertex3f(1.0, x0, y0);
            glVertex3f(1.0, x1, y0);
            glVertex3f(1.0, x1, y1);
            glVertex3f(1.0, x0, y1);

            glNormal3f(-1.0, 0.0, 0.0);
            glVertex3f(-1.0, x0, y1);
            glVertex3f(-1.0, x1, y1);
            glVertex3f(-1.0, x1, y0);
            glVertex3f(-1.0, x0, y0);

            glNormal3f(0.0, -1.0, 0.0);
            glVertex3f(x0, -1.0, y0);
            glVertex3f(x1, -1.0, y0);
            glVertex3f(x1, -1.0, y1);
            glVertex3f(x0, -1.0, y1);

            glNormal3f(0.0, 1.0, 0.0);
            glVertex3f(x0, 1.0, y1);
            glVertex3f(x1, 1.0, y1);
            glVertex3f(x1, 1.0, y0);
            glVertex3f(x0, 1.0, y0);
        }
    }
    glEnd();
    glEndList();

    glNewList(b + CONE, GL_COMPILE);
    cone(nslice, nstack);
    disk(0, nslice, nstack);
    glEndList();
    Ok(())
}
