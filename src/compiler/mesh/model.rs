//! Meshes in the model: which need a convex hull, compiling them in order, and copying them
//! into mjModel.

use crate::abi::mjtGeom_::*;
use crate::abi::mjtMeshInertia_::*;
use crate::abi::*;

use super::super::tree::Compiled;
use super::super::CResult;
use super::CMesh;
use super::super::fill::w;


impl Compiled<'_> {
    /// Resolves the meshes of geoms and compiles every mesh (before the tree, whose geoms take
    /// sizes and inertia from them). A mesh needs its convex hull when a geom using it collides,
    /// is in an explicit pair, or the mesh's inertia is convex.
    pub fn compile_meshes(&mut self) -> CResult<()> {
        let spec = self.spec;
        for (i, m) in spec.meshes.iter().enumerate() {
            if m.name.is_empty() {
                return Err(super::mesh_err(m, i, "empty name in mesh"));
            }
        }
        let mut needhull = vec![false; spec.meshes.len()];
        let mut needsdf = vec![false; spec.meshes.len()];
        for gi in 0..self.geoms.len() {
            let g = &self.geoms[gi].s;
            if g.meshname.is_empty() {
                continue;
            }
            let Some(k) = spec.meshes.iter().position(|m| m.name == g.meshname) else {
                let msg = format!("mesh '{}' not found in geom {}", g.meshname, gi);
                return Err(super::super::CompileError::elem(&msg, &g.name, gi as i64, &g.info));
            };
            let in_pair = !g.name.is_empty() && spec.pairs.iter().any(|p| p.geom1 == g.name || p.geom2 == g.name);
            let uses_mesh = g.r#type == mjGEOM_MESH as i32 || g.r#type == mjGEOM_SDF as i32;
            if uses_mesh && (g.contype != 0 || g.conaffinity != 0 || in_pair || spec.meshes[k].inertia == mjMESH_INERTIA_CONVEX as i32) {
                needhull[k] = true;
            }
            needsdf[k] |= g.r#type == mjGEOM_SDF as i32;
            self.geoms[gi].mesh = Some(k);
            self.geoms[gi].meshref = Some(k);
            if self.geoms[gi].s.material.is_empty() {
                // a geom without material takes its mesh's
                self.geoms[gi].s.material = spec.meshes[k].material.to_string().into();
            }
        }
        let modeldir = crate::xml::res::reduce(&spec.modelfiledir);
        for (i, m) in spec.meshes.iter().enumerate() {
            let c = super::compile(spec, m, i, needhull[i], needsdf[i], &modeldir)?;
            self.x.meshes.push(c);
        }
        Ok(())
    }
}

/// Copies the compiled meshes into `m`: per-mesh addresses, data, graphs, polygons and face
/// BVHs (after the bodies' BVHs); file paths go to `paths` from `padr` on.
///
/// # Safety
/// `m` must be allocated with the sizes counted from `c`.
pub unsafe fn fill_meshes(c: &Compiled, m: &mut mjModel, padr: &mut usize) {
    let meshes: &[CMesh] = &c.x.meshes;
    let nmesh = m.nmesh as usize;
    let (nv, nn, nt, nf) = (m.nmeshvert as usize, m.nmeshnormal as usize, m.nmeshtexcoord as usize, m.nmeshface as usize);
    let (ng, np, npv, npm) = (m.nmeshgraph as usize, m.nmeshpoly as usize, m.nmeshpolyvert as usize, m.nmeshpolymap as usize);
    let nbvh = m.nbvh as usize;
    let nbody = m.nbody as usize;
    let noct = m.noct as usize;
    let mut oct_adr = 0usize;
    let mut bvh_adr = 0usize;
    for i in 0..nbody {
        bvh_adr = bvh_adr.max((w(m.body_bvhadr, nbody)[i] + w(m.body_bvhnum, nbody)[i]).max(0) as usize);
    }
    let (mut vadr, mut nadr, mut tadr, mut fadr, mut gadr) = (0usize, 0usize, 0usize, 0usize, 0usize);
    let (mut padr_poly, mut pvadr, mut pmadr) = (0usize, 0usize, 0usize);
    for (i, k) in meshes.iter().enumerate() {
        let (kv, kn, kt, kf) = (k.nvert(), k.normal.len() / 3, k.texcoord.len() / 2, k.nface());
        let kb = k.bvh.nodeid.len();
        let kp = k.poly.paths.len();
        w(m.mesh_polyadr, nmesh)[i] = padr_poly as i32;
        w(m.mesh_polynum, nmesh)[i] = kp as i32;
        w(m.mesh_vertadr, nmesh)[i] = vadr as i32;
        w(m.mesh_vertnum, nmesh)[i] = kv as i32;
        w(m.mesh_normaladr, nmesh)[i] = nadr as i32;
        w(m.mesh_normalnum, nmesh)[i] = kn as i32;
        w(m.mesh_texcoordadr, nmesh)[i] = if kt > 0 { tadr as i32 } else { -1 };
        w(m.mesh_texcoordnum, nmesh)[i] = kt as i32;
        w(m.mesh_faceadr, nmesh)[i] = fadr as i32;
        w(m.mesh_facenum, nmesh)[i] = kf as i32;
        w(m.mesh_graphadr, nmesh)[i] = if k.graph.is_empty() { -1 } else { gadr as i32 };
        w(m.mesh_bvhnum, nmesh)[i] = kb as i32;
        w(m.mesh_bvhadr, nmesh)[i] = if kb > 0 { bvh_adr as i32 } else { -1 };
        let ko = k.octree.nnode();
        w(m.mesh_octnum, nmesh)[i] = ko as i32;
        w(m.mesh_octadr, nmesh)[i] = if ko > 0 { oct_adr as i32 } else { -1 };
        for (j, node) in k.octree.nodes.iter().enumerate() {
            let o = oct_adr + j;
            let a = &node.aamm;
            let aabb = [
                (a[0] + a[3]) / 2.0,
                (a[1] + a[4]) / 2.0,
                (a[2] + a[5]) / 2.0,
                (a[3] - a[0]) / 2.0,
                (a[4] - a[1]) / 2.0,
                (a[5] - a[2]) / 2.0,
            ];
            w(m.oct_aabb, 6 * noct)[6 * o..6 * o + 6].copy_from_slice(&aabb);
            w(m.oct_child, 8 * noct)[8 * o..8 * o + 8].copy_from_slice(&node.child);
            w(m.oct_depth, noct)[o] = node.level;
            w(m.oct_coeff, 8 * noct)[8 * o..8 * o + 8].copy_from_slice(&node.coeff);
        }
        oct_adr += ko;
        w(m.mesh_scale, 3 * nmesh)[3 * i..3 * i + 3].copy_from_slice(&k.scale);
        w(m.mesh_pos, 3 * nmesh)[3 * i..3 * i + 3].copy_from_slice(&k.pos);
        w(m.mesh_quat, 4 * nmesh)[4 * i..4 * i + 4].copy_from_slice(&k.quat);
        w(m.mesh_pathadr, nmesh)[i] = -1;
        if !k.file.is_empty() {
            let buf = w(m.paths as *mut u8, m.npaths as usize);
            let f = k.file.as_bytes();
            if let Some(d) = buf.get_mut(*padr..*padr + f.len() + 1) {
                d[..f.len()].copy_from_slice(f);
                d[f.len()] = 0;
                w(m.mesh_pathadr, nmesh)[i] = *padr as i32;
            }
            *padr += f.len() + 1;
        }

        for (dst, &src) in w(m.mesh_vert, 3 * nv)[3 * vadr..3 * (vadr + kv)].iter_mut().zip(&k.vert) {
            *dst = src as f32;
        }
        w(m.mesh_normal, 3 * nn)[3 * nadr..3 * (nadr + kn)].copy_from_slice(&k.normal);
        w(m.mesh_face, 3 * nf)[3 * fadr..3 * (fadr + kf)].copy_from_slice(&k.face);
        w(m.mesh_facenormal, 3 * nf)[3 * fadr..3 * (fadr + kf)].copy_from_slice(&k.facenormal);
        let ftex = &mut w(m.mesh_facetexcoord, 3 * nf)[3 * fadr..3 * (fadr + kf)];
        if kt > 0 {
            w(m.mesh_texcoord, 2 * nt)[2 * tadr..2 * (tadr + kt)].copy_from_slice(&k.texcoord);
            ftex.copy_from_slice(&k.facetexcoord);
        } else {
            ftex.fill(0);
        }
        if !k.graph.is_empty() {
            w(m.mesh_graph, ng)[gadr..gadr + k.graph.len()].copy_from_slice(&k.graph);
        }
        w(m.mesh_polynormal, 3 * np)[3 * padr_poly..3 * (padr_poly + kp)].copy_from_slice(&k.poly.normals);
        let mut count = 0usize;
        for (j, path) in k.poly.paths.iter().enumerate() {
            w(m.mesh_polyvertnum, np)[padr_poly + j] = path.len() as i32;
            w(m.mesh_polyvertadr, np)[padr_poly + j] = (pvadr + count) as i32;
            w(m.mesh_polyvert, npv)[pvadr + count..pvadr + count + path.len()].copy_from_slice(path);
            count += path.len();
        }
        let mut mcount = 0usize;
        for (j, list) in k.poly.map.iter().enumerate() {
            w(m.mesh_polymapnum, nv)[vadr + j] = list.len() as i32;
            w(m.mesh_polymapadr, nv)[vadr + j] = (pmadr + mcount) as i32;
            w(m.mesh_polymap, npm)[pmadr + mcount..pmadr + mcount + list.len()].copy_from_slice(list);
            mcount += list.len();
        }
        if kb > 0 {
            w(m.bvh_aabb, 6 * nbvh)[6 * bvh_adr..6 * (bvh_adr + kb)].copy_from_slice(&k.bvh.aabb);
            w(m.bvh_child, 2 * nbvh)[2 * bvh_adr..2 * (bvh_adr + kb)].copy_from_slice(&k.bvh.child);
            w(m.bvh_depth, nbvh)[bvh_adr..bvh_adr + kb].copy_from_slice(&k.bvh.depth);
            w(m.bvh_nodeid, nbvh)[bvh_adr..bvh_adr + kb].copy_from_slice(&k.bvh.nodeid);
        }
        padr_poly += kp;
        pvadr += count;
        pmadr += mcount;
        vadr += kv;
        nadr += kn;
        tadr += kt;
        fadr += kf;
        gadr += k.graph.len();
        bvh_adr += kb;
    }
}
