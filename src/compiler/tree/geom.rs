//! Compilation of geoms: size checks, mesh and height-field references, volume and inertia
//! of each primitive (used for the body inertia when it is inferred from the geoms), and the
//! fluid-interaction coefficients of the ellipsoid model (computation chapter, "Fluid forces").

use crate::abi::*;
use crate::spec::util::*;
use crate::spec::*;

use super::*;
use crate::compiler::{CResult, CompileError};

impl<'a> Compiled<'a> {
    pub(super) fn mesh_err(&self, k: usize, msg: &str) -> CompileError {
        crate::compiler::mesh::mesh_err(&self.spec.meshes[k], k, msg)
    }

    pub(super) fn geom_err(&self, i: usize, msg: &str) -> CompileError {
        let g = &self.geoms[i].s;
        CompileError::elem(msg, &g.name, i as i64, &g.info)
    }

    pub(crate) fn geom_volume(g: &Geom) -> f64 {
        let s = &g.size;
        let shell = g.typeinertia == 1;
        match g.r#type {
            t if t == mjGEOM_SPHERE as i32 => {
                let r = s[0];
                if shell {
                    4.0 * mjPI * r * r
                } else {
                    4.0 * mjPI * r * r * r / 3.0
                }
            }
            t if t == mjGEOM_CAPSULE as i32 => {
                let (h, r) = (2.0 * s[1], s[0]);
                if shell {
                    4.0 * mjPI * r * r + 2.0 * mjPI * r * h
                } else {
                    mjPI * (r * r * h + 4.0 * r * r * r / 3.0)
                }
            }
            t if t == mjGEOM_CYLINDER as i32 => {
                let (h, r) = (2.0 * s[1], s[0]);
                if shell {
                    2.0 * mjPI * r * r + 2.0 * mjPI * r * h
                } else {
                    mjPI * r * r * h
                }
            }
            t if t == mjGEOM_ELLIPSOID as i32 => {
                if shell {
                    let p = 1.6075;
                    let tmp = (s[0] * s[1]).powf(p) + (s[1] * s[2]).powf(p) + (s[2] * s[0]).powf(p);
                    4.0 * mjPI * (tmp / 3.0).powf(1.0 / p)
                } else {
                    4.0 * mjPI * s[0] * s[1] * s[2] / 3.0
                }
            }
            t if t == mjGEOM_HFIELD as i32 || t == mjGEOM_BOX as i32 => {
                if shell {
                    8.0 * (s[0] * s[1] + s[1] * s[2] + s[2] * s[0])
                } else {
                    s[0] * s[1] * s[2] * 8.0
                }
            }
            _ => 0.0,
        }
    }

    pub(super) fn geom_inertia(g: &Geom, mass: f64) -> [f64; 3] {
        let s = &g.size;
        let shell = g.typeinertia == 1;
        match g.r#type {
            t if t == mjGEOM_SPHERE as i32 => {
                let v = if shell { 2.0 * mass * s[0] * s[0] / 3.0 } else { 2.0 * mass * s[0] * s[0] / 5.0 };
                [v, v, v]
            }
            t if t == mjGEOM_CAPSULE as i32 => {
                let (hh, h, r) = (s[1], 2.0 * s[1], s[0]);
                if !shell {
                    let sm = mass * 4.0 * r / (4.0 * r + 3.0 * h);
                    let cm = mass - sm;
                    let mut i0 = cm * (3.0 * r * r + h * h) / 12.0;
                    let mut i2 = cm * r * r / 2.0;
                    let si = 2.0 * sm * r * r / 5.0;
                    i0 += si + sm * h * (3.0 * r + 2.0 * h) / 8.0;
                    i2 += si;
                    [i0, i0, i2]
                } else {
                    let asph = 4.0 * mjPI * r * r;
                    let acyl = 2.0 * mjPI * r * h;
                    let at = asph + acyl;
                    let sm = mass * asph / at;
                    let cm = mass - sm;
                    let mut i0 = cm * (6.0 * r * r + h * h) / 12.0;
                    let mut i2 = cm * r * r;
                    let si = 2.0 * sm * r * r / 3.0;
                    let hs_com = r / 2.0;
                    let hs_pos = hh + hs_com;
                    i0 += si + sm * (hs_pos * hs_pos - hs_com * hs_com);
                    i2 += si;
                    [i0, i0, i2]
                }
            }
            t if t == mjGEOM_CYLINDER as i32 => {
                let (hh, h, r) = (s[1], 2.0 * s[1], s[0]);
                if !shell {
                    let i0 = mass * (3.0 * r * r + h * h) / 12.0;
                    [i0, i0, mass * r * r / 2.0]
                } else {
                    let adisk = mjPI * r * r;
                    let acyl = 2.0 * mjPI * r * h;
                    let at = 2.0 * adisk + acyl;
                    let md = mass * adisk / at;
                    let mc = mass - 2.0 * md;
                    let mut i0 = mc * (6.0 * r * r + h * h) / 12.0;
                    let mut i2 = mc * r * r;
                    let idx = md * r * r / 4.0 + md * hh * hh;
                    let idz = md * r * r / 2.0;
                    i0 += 2.0 * idx;
                    i2 += 2.0 * idz;
                    [i0, i0, i2]
                }
            }
            t if t == mjGEOM_ELLIPSOID as i32 => {
                let (s00, s11, s22) = (s[0] * s[0], s[1] * s[1], s[2] * s[2]);
                if !shell {
                    [mass * (s11 + s22) / 5.0, mass * (s00 + s22) / 5.0, mass * (s00 + s11) / 5.0]
                } else {
                    let eps = 1e-6;
                    let va = 4.0 * mjPI * s[0] * s[1] * s[2] / 3.0;
                    let (ae, be, ce) = (s[0] + eps, s[1] + eps, s[2] + eps);
                    let vb = 4.0 * mjPI * ae * be * ce / 3.0;
                    let density = mass / (vb - va);
                    let ma = va * density;
                    let ia = [ma * (s11 + s22) / 5.0, ma * (s00 + s22) / 5.0, ma * (s00 + s11) / 5.0];
                    let mb = vb * density;
                    let ib = [
                        mb * (be * be + ce * ce) / 5.0,
                        mb * (ae * ae + ce * ce) / 5.0,
                        mb * (ae * ae + be * be) / 5.0,
                    ];
                    [ib[0] - ia[0], ib[1] - ia[1], ib[2] - ia[2]]
                }
            }
            t if t == mjGEOM_HFIELD as i32 || t == mjGEOM_BOX as i32 => {
                let (s00, s11, s22) = (s[0] * s[0], s[1] * s[1], s[2] * s[2]);
                if !shell {
                    [mass * (s11 + s22) / 3.0, mass * (s00 + s22) / 3.0, mass * (s00 + s11) / 3.0]
                } else {
                    let (lx, ly, lz) = (2.0 * s[0], 2.0 * s[1], 2.0 * s[2]);
                    let (a0, a1, a2) = (lx * ly, ly * lz, lz * lx);
                    let at = 2.0 * (a0 + a1 + a2);
                    let m0 = mass * a0 / at;
                    let ix0 = m0 * ly * ly / 12.0;
                    let iy0 = m0 * lx * lx / 12.0;
                    let iz0 = m0 * (lx * lx + ly * ly) / 12.0;
                    let m1 = mass * a1 / at;
                    let ix1 = m1 * (ly * ly + lz * lz) / 12.0;
                    let iy1 = m1 * lz * lz / 12.0;
                    let iz1 = m1 * ly * ly / 12.0;
                    let m2 = mass * a2 / at;
                    let ix2 = m2 * lz * lz / 12.0;
                    let iy2 = m2 * (lx * lx + lz * lz) / 12.0;
                    let iz2 = m2 * lx * lx / 12.0;
                    [
                        2.0 * (m0 * s22 + m2 * s11 + ix0 + ix1 + ix2),
                        2.0 * (m0 * s22 + m1 * s00 + iy0 + iy1 + iy2),
                        2.0 * (m1 * s00 + m2 * s11 + iz0 + iz1 + iz2),
                    ]
                }
            }
            _ => [0.0; 3],
        }
    }

    pub(super) fn compile_geom(&mut self, gi: usize) -> CResult<()> {
        if self.geoms[gi].s.userdata.len() > self.nuser_geom as usize {
            let n = self.geoms[gi].s.name.to_string();
            return Err(
                self.geom_err(gi, &format!("user has more values than nuser_geom in geom '{}' (id = {})", n, gi))
            );
        }
        let frame = self.frame(self.geoms[gi].s.frame).cloned();
        let body = self.geoms[gi].s.body;
        let weldid = self.bodies[body].weldid;
        let (deg, seq) = (self.degree(), *self.seq());
        let mut g = self.geoms[gi].s.clone();
        let t = g.r#type;
        if !(0..9).contains(&t) {
            return Err(self.geom_err(gi, "invalid type in geom"));
        }
        if ![1, 3, 4, 6].contains(&g.condim) {
            return Err(self.geom_err(gi, "invalid condim in geom"));
        }
        let is_mesh = t == mjGEOM_MESH as i32 || t == mjGEOM_SDF as i32;
        let mut mesh = self.geoms[gi].mesh;
        if is_mesh && mesh.is_none() {
            return Err(self.geom_err(gi, &format!("mesh geom '{}' (id = {}) must have valid meshid", g.name, gi)));
        }
        let hfield = if g.hfieldname.is_empty() {
            None
        } else {
            match self.spec.hfields.iter().position(|h| h.name == g.hfieldname) {
                Some(h) => Some(h),
                None => return Err(self.geom_err(gi, &format!("hfield '{}' not found in geom {}", g.hfieldname, gi))),
            }
        };
        if (t == mjGEOM_HFIELD as i32) != hfield.is_some() {
            return Err(self.geom_err(gi, &format!("hfield geom '{}' (id = {}) must have valid hfieldid", g.name, gi)));
        }
        if t == mjGEOM_PLANE as i32 && weldid != 0 {
            return Err(self.geom_err(gi, "plane only allowed in static bodies"));
        }
        normvec(&mut g.quat);
        if defined(g.fromto[0]) {
            if ![mjGEOM_CAPSULE as i32, mjGEOM_CYLINDER as i32, mjGEOM_ELLIPSOID as i32, mjGEOM_BOX as i32].contains(&t)
            {
                return Err(self.geom_err(gi, "fromto requires capsule, cylinder, box or ellipsoid in geom"));
            }
            if g.pos[0] != 0.0 || g.pos[1] != 0.0 || g.pos[2] != 0.0 {
                return Err(self.geom_err(gi, "both pos and fromto defined in geom"));
            }
            let f = g.fromto;
            let mut vec = [f[0] - f[3], f[1] - f[4], f[2] - f[5]];
            g.size[1] = normvec(&mut vec) / 2.0;
            if g.size[1] < EPS {
                return Err(self.geom_err(gi, "fromto points too close in geom"));
            }
            if t == mjGEOM_ELLIPSOID as i32 || t == mjGEOM_BOX as i32 {
                g.size[2] = g.size[1];
                g.size[1] = g.size[0];
            }
            g.pos = [(f[0] + f[3]) / 2.0, (f[1] + f[4]) / 2.0, (f[2] + f[5]) / 2.0];
            g.quat = z2quat(&vec);
        } else if let Err(e) = resolve_orientation(&mut g.c.quat, deg, &seq, &g.c.alt) {
            return Err(self.geom_err(gi, &format!("orientation specification error '{}' in geom {}", e, gi)));
        }
        // a mesh places the geom at its frame; other types are fitted to it and drop it
        if let Some(k) = mesh {
            if defined(g.fromto[0]) {
                return Err(self.geom_err(gi, "fromto cannot be used with mesh geom"));
            }
            let km = &self.x.meshes[k];
            let mut center = [0.0; 3];
            if !is_mesh {
                let fitaabb = self.spec.compiler.fitaabb != 0;
                crate::compiler::mesh::fit_geom(km, t, fitaabb, g.fitscale, &mut g.size, &mut center)
                    .map_err(|e| self.mesh_err(k, &e))?;
                mesh = None;
            } else if g.typeinertia == 1 {
                return Err(self.geom_err(gi, "for mesh geoms, inertia should be specified in the mesh asset"));
            }
            let mut meshpos = rot_vec_quat(&center, &km.quat);
            for i in 0..3 {
                meshpos[i] += km.pos[i];
            }
            frameaccum(&mut g.c.pos, &mut g.c.quat, &meshpos, &km.quat);
        }
        if t == mjGEOM_PLANE as i32 {
            if g.size[2] <= 0.0 {
                return Err(self.geom_err(gi, "plane size(3) must be positive"));
            }
        } else {
            for i in 0..geom_nsize(t) {
                if g.size[i] <= 0.0 {
                    return Err(self.geom_err(gi, &format!("size {} must be positive in geom", i)));
                }
            }
        }
        if g.size.iter().any(|s| s.is_nan()) {
            return Err(self.geom_err(gi, "nan size in geom"));
        }
        // a height field geom takes its size from the height field (x, y, and a thickness
        // for its mass)
        let hsize = hfield.map(|h| self.spec.hfields[h].size);
        if let Some(h) = hsize {
            g.size = [h[0], h[1], 0.25 * h[2] + 0.5 * h[3]];
        }
        let mesh_aamm = mesh.map(|k| self.x.meshes[k].aamm);
        if let Some(a) = mesh_aamm {
            g.size = [a[0].abs().max(a[3].abs()), a[1].abs().max(a[4].abs()), a[2].abs().max(a[5].abs())];
        }
        // bounding box in (center, half-size) form
        let s = g.size;
        let aamm: [f64; 6] = match (t, hsize) {
            (_, Some(h)) => [-h[0], -h[1], -h[3], h[0], h[1], h[2]],
            _ if mesh_aamm.is_some() => mesh_aamm.unwrap(),
            _ => match t {
                x if x == mjGEOM_SPHERE as i32 => [-s[0], -s[0], -s[0], s[0], s[0], s[0]],
                x if x == mjGEOM_CAPSULE as i32 => [-s[0], -s[0], -(s[0] + s[1]), s[0], s[0], s[0] + s[1]],
                x if x == mjGEOM_CYLINDER as i32 => [-s[0], -s[0], -s[1], s[0], s[0], s[1]],
                x if x == mjGEOM_PLANE as i32 => [-mjMAXVAL, -mjMAXVAL, -mjMAXVAL, mjMAXVAL, mjMAXVAL, 0.0],
                _ => [-s[0], -s[1], -s[2], s[0], s[1], s[2]],
            },
        };
        let aabb = [
            (aamm[3] + aamm[0]) / 2.0,
            (aamm[4] + aamm[1]) / 2.0,
            (aamm[5] + aamm[2]) / 2.0,
            (aamm[3] - aamm[0]) / 2.0,
            (aamm[4] - aamm[1]) / 2.0,
            (aamm[5] - aamm[2]) / 2.0,
        ];
        let mut mass = 0.0;
        let mut inertia = [0.0; 3];
        let km = mesh.map(|k| &self.x.meshes[k]);
        let volume = |g: &Geom| km.map_or_else(|| Self::geom_volume(g), |k| k.volume_ref());
        let geom_inertia = |g: &Geom, mass: f64| match km {
            Some(k) => {
                let b = k.boxsz;
                [
                    mass * (b[1] * b[1] + b[2] * b[2]) / 3.0,
                    mass * (b[0] * b[0] + b[2] * b[2]) / 3.0,
                    mass * (b[0] * b[0] + b[1] * b[1]) / 3.0,
                ]
            }
            None => Self::geom_inertia(g, mass),
        };
        if self.geoms[gi].inferinertia {
            if defined(g.mass) {
                if g.mass == 0.0 {
                    mass = 0.0;
                    g.density = 0.0;
                } else if volume(&g) > EPS {
                    mass = g.mass;
                    g.density = g.mass / volume(&g);
                    inertia = geom_inertia(&g, mass);
                }
            } else if g.density == 0.0 {
                mass = 0.0;
            } else {
                mass = g.density * volume(&g);
                inertia = geom_inertia(&g, mass);
            }
            if mass < 0.0 || inertia.iter().any(|&x| x < 0.0) || g.density < 0.0 {
                return Err(self.geom_err(gi, "mass, inertia or density are negative in geom"));
            }
        }
        let mut fluid = [0.0; mjNFLUID];
        if g.fluid_ellipsoid > 0.0 {
            fluid = fluid_coefs(&g);
        }
        if let Some(f) = &frame {
            frameaccum_child(&f.pos, &f.quat, &mut g.c.pos, &mut g.c.quat);
        }
        let cg = &mut self.geoms[gi];
        cg.s = g;
        cg.mass = mass;
        cg.inertia = inertia;
        cg.aabb = aabb;
        cg.fluid = fluid;
        cg.hfield = hfield;
        cg.mesh = mesh;
        Ok(())
    }
}

/// Added-mass coefficient of an ellipsoid along its first semi-axis.
fn added_mass_kappa(dx: f64, dy: f64, dz: f64) -> f64 {
    const W: [f64; 15] = [
        0.01146766, 0.03154605, 0.05239501, 0.07032663, 0.08450236, 0.09517529, 0.10221647, 0.10474107, 0.10221647,
        0.09517529, 0.08450236, 0.07032663, 0.05239501, 0.03154605, 0.01146766,
    ];
    const L: [f64; 15] = [
        7.865151709349917e-08,
        1.7347976913907274e-05,
        0.0003548008144506193,
        0.002846636252924549,
        0.014094260903596077,
        0.053063261727396636,
        0.17041978741317773,
        0.5,
        1.4036301548686991,
        3.9353484827022642,
        11.644841677041734,
        39.53187807410903,
        177.5711362220801,
        1429.4772912937397,
        54087.416549217705,
    ];
    const D: [f64; 15] = [
        5.538677720489877e-05,
        0.002080868285293228,
        0.016514126520723166,
        0.07261900344370877,
        0.23985243401862602,
        0.6868318249020725,
        1.8551129519182894,
        5.0,
        14.060031152313941,
        43.28941239611009,
        156.58546376397112,
        747.9826085305024,
        5827.4042950027115,
        116754.0197944512,
        25482945.327264845,
    ];
    let ix = 1.0 / (dx * dx);
    let iy = 1.0 / (dy * dy);
    let iz = 1.0 / (dz * dz);
    let scale = (dx * dx * dx * dy * dz).powf(0.4);
    let mut kappa = 0.0;
    for i in 0..15 {
        let lambda = scale * L[i];
        let denom = (1.0 + lambda * ix) * ((1.0 + lambda * ix) * (1.0 + lambda * iy) * (1.0 + lambda * iz)).sqrt();
        kappa += scale * D[i] / denom * W[i];
    }
    kappa * ix
}

/// The 12 fluid-interaction numbers of a geom (ellipsoid model).
fn fluid_coefs(g: &Geom) -> [f64; mjNFLUID] {
    let s = &g.size;
    let (dx, dy, dz) = match g.r#type {
        t if t == mjGEOM_SPHERE as i32 => (s[0], s[0], s[0]),
        t if t == mjGEOM_CAPSULE as i32 => (s[0], s[0], s[1] + s[0]),
        t if t == mjGEOM_CYLINDER as i32 => (s[0], s[0], s[1]),
        _ => (s[0], s[1], s[2]),
    };
    let volume = 4.0 / 3.0 * mjPI * dx * dy * dz;
    let kx = added_mass_kappa(dx, dy, dz);
    let ky = added_mass_kappa(dy, dz, dx);
    let kz = added_mass_kappa(dz, dx, dy);
    let p2 = |v: f64| v * v;
    let ixf = p2(dy * dy - dz * dz) * (kz - ky).abs()
        / EPS.max((2.0 * (dy * dy - dz * dz) + (dy * dy + dz * dz) * (ky - kz)).abs());
    let iyf = p2(dz * dz - dx * dx) * (kx - kz).abs()
        / EPS.max((2.0 * (dz * dz - dx * dx) + (dz * dz + dx * dx) * (kz - kx)).abs());
    let izf = p2(dx * dx - dy * dy) * (ky - kx).abs()
        / EPS.max((2.0 * (dx * dx - dy * dy) + (dx * dx + dy * dy) * (kx - ky)).abs());
    let vm = [volume * kx / EPS.max(2.0 - kx), volume * ky / EPS.max(2.0 - ky), volume * kz / EPS.max(2.0 - kz)];
    let vi = [volume * ixf / 5.0, volume * iyf / 5.0, volume * izf / 5.0];
    let c = &g.fluid_coefs;
    [g.fluid_ellipsoid, c[0], c[1], c[2], c[3], c[4], vm[0], vm[1], vm[2], vi[0], vi[1], vi[2]]
}
