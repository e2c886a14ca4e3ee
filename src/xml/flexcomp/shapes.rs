//! Points and elements of the generated flexcomp shapes: grids (1D lines and circles, 2D
//! triangulated grids, 3D tetrahedral grids), squares and discs, and the surfaces or volumes of
//! boxes, cylinders and ellipsoids, in upstream's order and arithmetic.

use super::{FlexComp, Kind};
use crate::spec::util::normvec;

const EPS: f64 = 1e-14;

impl FlexComp {
    /// Point id of grid coordinates (2D and 3D).
    pub(super) fn grid_id2(&self, ix: i32, iy: i32) -> i32 {
        ix * self.count[1] + iy
    }
    pub(super) fn grid_id3(&self, ix: i32, iy: i32, iz: i32) -> i32 {
        ix * self.count[1] * self.count[2] + iy * self.count[2] + iz
    }

    fn needtex(&self) -> bool {
        self.texcoord.is_empty() && !self.flex.material.is_empty()
    }

    /// Grid (and circle for dim 1).
    pub(super) fn make_grid(&mut self) -> Result<(), String> {
        let dim = self.flex.dim;
        let needtex = self.needtex();
        let c = self.count;
        let sp = self.spacing;
        if dim == 1 {
            for ix in 0..c[0] {
                if self.kind == Kind::Circle {
                    if ix >= c[0] - 1 {
                        continue;
                    }
                    let theta = 2.0 * crate::abi::mjPI / (c[0] - 1) as f64;
                    let radius = sp[0] / (theta / 2.0).sin() / 2.0;
                    self.point.extend_from_slice(&[
                        radius * (theta * ix as f64).cos(),
                        radius * (theta * ix as f64).sin(),
                        0.0,
                    ]);
                    self.element.push(ix);
                    self.element.push(if ix == c[0] - 2 { 0 } else { ix + 1 });
                } else {
                    self.point.extend_from_slice(&[sp[0] * (ix as f64 - 0.5 * (c[0] - 1) as f64), 0.0, 0.0]);
                    if ix < c[0] - 1 {
                        self.element.push(ix);
                        self.element.push(ix + 1);
                    }
                }
            }
        } else if dim == 2 {
            for ix in 0..c[0] {
                for iy in 0..c[1] {
                    let mut quad2tri = [[0, 1, 2], [0, 2, 3]];
                    let pos =
                        [sp[0] * (ix as f64 - 0.5 * (c[0] - 1) as f64), sp[1] * (iy as f64 - 0.5 * (c[1] - 1) as f64)];
                    self.point.extend_from_slice(&[pos[0], pos[1], 0.0]);
                    if needtex {
                        self.texcoord.push((ix as f64 / (c[0] - 1).max(1) as f64) as f32);
                        self.texcoord.push((iy as f64 / (c[1] - 1).max(1) as f64) as f32);
                    }
                    if ((pos[0] < -EPS && pos[1] > -EPS) || (pos[0] > -EPS && pos[1] < -EPS)) && self.kind == Kind::Disc
                    {
                        quad2tri[0][2] = 3;
                        quad2tri[1][0] = 1;
                    }
                    if ix < c[0] - 1 && iy < c[1] - 1 {
                        let vert = [
                            c[2] * c[1] * ix + c[2] * iy,
                            c[2] * c[1] * (ix + 1) + c[2] * iy,
                            c[2] * c[1] * (ix + 1) + c[2] * (iy + 1),
                            c[2] * c[1] * ix + c[2] * (iy + 1),
                        ];
                        for tri in quad2tri {
                            for v in tri {
                                self.element.push(vert[v]);
                            }
                        }
                    }
                }
            }
        } else {
            const CUBE2TETS: [[usize; 4]; 6] =
                [[0, 3, 1, 7], [0, 1, 4, 7], [1, 3, 2, 7], [1, 2, 6, 7], [1, 5, 4, 7], [1, 6, 5, 7]];
            for ix in 0..c[0] {
                for iy in 0..c[1] {
                    for iz in 0..c[2] {
                        self.point.extend_from_slice(&[
                            sp[0] * (ix as f64 - 0.5 * (c[0] - 1) as f64),
                            sp[1] * (iy as f64 - 0.5 * (c[1] - 1) as f64),
                            sp[2] * (iz as f64 - 0.5 * (c[2] - 1) as f64),
                        ]);
                        if needtex {
                            self.texcoord.push(ix as f32 / (c[0] - 1).max(1) as f32);
                            self.texcoord.push(iy as f32 / (c[1] - 1).max(1) as f32);
                        }
                        if ix < c[0] - 1 && iy < c[1] - 1 && iz < c[2] - 1 {
                            let id = |x: i32, y: i32, z: i32| c[2] * c[1] * x + c[2] * y + z;
                            let vert = [
                                id(ix, iy, iz),
                                id(ix + 1, iy, iz),
                                id(ix + 1, iy + 1, iz),
                                id(ix, iy + 1, iz),
                                id(ix, iy, iz + 1),
                                id(ix + 1, iy, iz + 1),
                                id(ix + 1, iy + 1, iz + 1),
                                id(ix, iy + 1, iz + 1),
                            ];
                            for tet in CUBE2TETS {
                                for v in tet {
                                    self.element.push(vert[v]);
                                }
                            }
                        }
                    }
                }
            }
        }
        if self.element.is_empty() {
            return Err("No elements were created in grid".into());
        }
        Ok(())
    }

    /// Square, or disc (the square pulled onto the ellipse through its corners).
    pub(super) fn make_square(&mut self) -> Result<(), String> {
        self.flex.dim = 2;
        self.make_grid()?;
        if self.kind == Kind::Disc {
            let size = [
                0.5 * self.spacing[0] * (self.count[0] - 1) as f64,
                0.5 * self.spacing[1] * (self.count[1] - 1) as f64,
            ];
            for p in self.point.chunks_exact_mut(3) {
                let l0 = p[0].abs().max(p[1].abs());
                normvec(&mut p[..2]);
                p[0] *= size[0] * l0;
                p[1] *= size[1] * l0;
            }
        }
        Ok(())
    }

    /// Point id on the box surface (3D boxes: after the centre).
    fn box_id(&self, ix: i32, iy: i32, iz: i32) -> i32 {
        let c = self.count;
        if iz == 0 {
            ix * c[1] + iy + 1
        } else if iz == c[2] - 1 {
            c[0] * c[1] + ix * c[1] + iy + 1
        } else if iy == 0 {
            2 * c[0] * c[1] + ix * (c[2] - 2) + iz - 1 + 1
        } else if iy == c[1] - 1 {
            2 * c[0] * c[1] + c[0] * (c[2] - 2) + ix * (c[2] - 2) + iz - 1 + 1
        } else if ix == 0 {
            2 * c[0] * c[1] + 2 * c[0] * (c[2] - 2) + (iy - 1) * (c[2] - 2) + iz - 1 + 1
        } else {
            2 * c[0] * c[1] + 2 * c[0] * (c[2] - 2) + (c[1] - 2) * (c[2] - 2) + (iy - 1) * (c[2] - 2) + iz - 1 + 1
        }
    }

    /// Surface grid point projected onto the shape.
    fn box_project(&self, ix: i32, iy: i32, iz: i32) -> [f64; 3] {
        let c = self.count;
        let mut p = [
            2.0 * ix as f64 / (c[0] - 1) as f64 - 1.0,
            2.0 * iy as f64 / (c[1] - 1) as f64 - 1.0,
            2.0 * iz as f64 / (c[2] - 1) as f64 - 1.0,
        ];
        let size = [
            0.5 * self.spacing[0] * (c[0] - 1) as f64,
            0.5 * self.spacing[1] * (c[1] - 1) as f64,
            0.5 * self.spacing[2] * (c[2] - 1) as f64,
        ];
        match self.kind {
            Kind::Box => {
                for k in 0..3 {
                    p[k] *= size[k];
                }
            }
            Kind::Cylinder => {
                let l0 = p[0].abs().max(p[1].abs());
                normvec(&mut p[..2]);
                p[0] *= size[0] * l0;
                p[1] *= size[1] * l0;
                p[2] *= size[2];
            }
            Kind::Ellipsoid => {
                normvec(&mut p);
                for k in 0..3 {
                    p[k] *= size[k];
                }
            }
            _ => {}
        }
        p
    }

    /// Box, cylinder or ellipsoid: the surface (dim 2, open at the top as upstream always
    /// asks) or tetrahedra from the centre to the surface triangles (dim 3).
    pub(super) fn make_box(&mut self, dim: i32) -> Result<(), String> {
        let open = true;
        let needtex = self.needtex();
        self.flex.dim = dim;
        let c = self.count;
        if dim == 3 {
            self.point.extend_from_slice(&[0.0, 0.0, 0.0]);
        }
        if needtex {
            self.texcoord.extend_from_slice(&[0.0, 0.0]);
        }
        let mut n = 0;
        let lin = |ix: i32, iy: i32, iz: i32| (ix * c[1] * c[2] + iy * c[2] + iz) as usize;
        let mut idx = vec![0i32; (c[0] * c[1] * c[2]).max(0) as usize];
        // the two extreme values of a coordinate (once when the count is 1)
        let ends = |k: usize| {
            if c[k] - 1 > 0 {
                vec![0, c[k] - 1]
            } else {
                vec![0]
            }
        };
        let tex = |a: i32, na: i32| a as f32 / (na - 1).max(1) as f32;

        for &iz in &ends(2) {
            for ix in 0..c[0] {
                for iy in 0..c[1] {
                    if open && dim == 2 && iz != 0 {
                        continue;
                    }
                    let p = self.box_project(ix, iy, iz);
                    self.point.extend_from_slice(&p);
                    idx[lin(ix, iy, iz)] = n;
                    n += 1;
                    if needtex {
                        self.texcoord.push(tex(ix, c[0]));
                        self.texcoord.push(tex(iy, c[1]));
                    }
                }
            }
        }
        for &iy in &ends(1) {
            for ix in 0..c[0] {
                for iz in 0..c[2] {
                    if iz > 0 && ((open && dim == 2) || iz < c[2] - 1) {
                        let p = self.box_project(ix, iy, iz);
                        self.point.extend_from_slice(&p);
                        idx[lin(ix, iy, iz)] = n;
                        n += 1;
                        if needtex {
                            self.texcoord.push(tex(ix, c[0]));
                            self.texcoord.push(tex(iz, c[2]));
                        }
                    }
                }
            }
        }
        for &ix in &ends(0) {
            for iy in 0..c[1] {
                for iz in 0..c[2] {
                    if iz > 0 && ((open && dim == 2) || iz < c[2] - 1) && iy > 0 && iy < c[1] - 1 {
                        let p = self.box_project(ix, iy, iz);
                        self.point.extend_from_slice(&p);
                        idx[lin(ix, iy, iz)] = n;
                        n += 1;
                        if needtex {
                            self.texcoord.push(tex(iy, c[1]));
                            self.texcoord.push(tex(iz, c[2]));
                        }
                    }
                }
            }
        }

        let mut el: Vec<i32> = Vec::new();
        for &iz in &ends(2) {
            for ix in 0..c[0] {
                for iy in 0..c[1] {
                    if open && dim == 2 && iz != 0 {
                        continue;
                    }
                    if ix < c[0] - 1 && iy < c[1] - 1 {
                        if dim == 3 {
                            el.extend_from_slice(&[
                                0,
                                self.box_id(ix, iy, iz),
                                self.box_id(ix + 1, iy, iz),
                                self.box_id(ix + 1, iy + 1, iz),
                            ]);
                            el.extend_from_slice(&[
                                0,
                                self.box_id(ix, iy, iz),
                                self.box_id(ix, iy + 1, iz),
                                self.box_id(ix + 1, iy + 1, iz),
                            ]);
                        } else {
                            let s1 = if iz == 0 { 1 } else { 0 };
                            let s2 = if iz == 0 { 0 } else { 1 };
                            el.extend_from_slice(&[
                                idx[lin(ix, iy, iz)],
                                idx[lin(ix + 1, iy + s1, iz)],
                                idx[lin(ix + 1, iy + s2, iz)],
                            ]);
                            el.extend_from_slice(&[
                                idx[lin(ix, iy, iz)],
                                idx[lin(ix + s2, iy + 1, iz)],
                                idx[lin(ix + s1, iy + 1, iz)],
                            ]);
                        }
                    }
                }
            }
        }
        for &iy in &ends(1) {
            for ix in 0..c[0] {
                for iz in 0..c[2] {
                    if ix < c[0] - 1 && iz < c[2] - 1 {
                        if dim == 3 {
                            el.extend_from_slice(&[
                                0,
                                self.box_id(ix, iy, iz),
                                self.box_id(ix + 1, iy, iz),
                                self.box_id(ix + 1, iy, iz + 1),
                            ]);
                            el.extend_from_slice(&[
                                0,
                                self.box_id(ix, iy, iz),
                                self.box_id(ix, iy, iz + 1),
                                self.box_id(ix + 1, iy, iz + 1),
                            ]);
                        } else {
                            let ix0 = if iy == 0 { ix } else { ix + 1 };
                            let dx = if iy == 0 { 1 } else { -1 };
                            el.extend_from_slice(&[
                                idx[lin(ix0, iy, iz)],
                                idx[lin(ix0 + dx, iy, iz)],
                                idx[lin(ix0 + dx, iy, iz + 1)],
                            ]);
                            el.extend_from_slice(&[
                                idx[lin(ix0, iy, iz)],
                                idx[lin(ix0 + dx, iy, iz + 1)],
                                idx[lin(ix0, iy, iz + 1)],
                            ]);
                        }
                    }
                }
            }
        }
        for &ix in &ends(0) {
            for iy in 0..c[1] {
                for iz in 0..c[2] {
                    if iy < c[1] - 1 && iz < c[2] - 1 {
                        if dim == 3 {
                            el.extend_from_slice(&[
                                0,
                                self.box_id(ix, iy, iz),
                                self.box_id(ix, iy + 1, iz),
                                self.box_id(ix, iy + 1, iz + 1),
                            ]);
                            el.extend_from_slice(&[
                                0,
                                self.box_id(ix, iy, iz),
                                self.box_id(ix, iy, iz + 1),
                                self.box_id(ix, iy + 1, iz + 1),
                            ]);
                        } else {
                            let iy0 = if ix != 0 { iy } else { iy + 1 };
                            let dy = if ix != 0 { 1 } else { -1 };
                            el.extend_from_slice(&[
                                idx[lin(ix, iy0, iz)],
                                idx[lin(ix, iy0 + dy, iz)],
                                idx[lin(ix, iy0 + dy, iz + 1)],
                            ]);
                            el.extend_from_slice(&[
                                idx[lin(ix, iy0, iz)],
                                idx[lin(ix, iy0 + dy, iz + 1)],
                                idx[lin(ix, iy0, iz + 1)],
                            ]);
                        }
                    }
                }
            }
        }
        self.element.extend(el);
        Ok(())
    }
}
