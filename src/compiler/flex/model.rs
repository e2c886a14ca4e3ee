//! Flex sizes and the copy of compiled flexes into mjModel.

use crate::abi::*;

use super::super::fill::w;
use super::super::tree::Compiled;
use super::{CFlex, NUM_EDGES};

/// Copies as much of `src` as fits into `dst` from `at` on (upstream copies whole vectors;
/// a longer one runs into the next flex's slots, which that flex then overwrites).
fn put<T: Copy>(dst: &mut [T], at: usize, src: &[T]) {
    if at >= dst.len() {
        return;
    }
    let n = src.len().min(dst.len() - at);
    dst[at..at + n].copy_from_slice(&src[..n]);
}

/// The model sizes of the flexes, by name.
pub fn sizes(flexes: &[CFlex]) -> Vec<(&'static str, i64)> {
    let sum = |f: &dyn Fn(&CFlex) -> usize| flexes.iter().map(f).sum::<usize>() as i64;
    vec![
        ("nflex", flexes.len() as i64),
        ("nflexnode", sum(&|f| f.nnode)),
        ("nflexvert", sum(&|f| f.nvert)),
        ("nflexedge", sum(&|f| f.nedge())),
        ("nflexelem", sum(&|f| f.nelem)),
        ("nflexelemdata", sum(&|f| f.nelem * (f.dim() + 1))),
        ("nflexelemedge", sum(&|f| f.nelem * NUM_EDGES[f.dim() - 1])),
        ("nflexshelldata", sum(&|f| f.shell.len())),
        ("nflexevpair", sum(&|f| f.evpair.len() / 2)),
        ("nflextexcoord", sum(&|f| f.s.texcoord.len() / 2)),
        ("nbvhdynamic", sum(&|f| f.bvh.nodeid.len())),
    ]
}

/// Copies the compiled flexes into `m`; their BVHs follow the bodies' and meshes'.
///
/// # Safety
/// `m` must be allocated with the sizes counted from `c`.
pub unsafe fn fill_flexes(c: &Compiled, m: &mut mjModel) {
    let nflex = m.nflex as usize;
    if nflex == 0 {
        return;
    }
    let nbody = m.nbody as usize;
    let nbvh = m.nbvh as usize;
    let mut bvh_adr = 0usize;
    for i in 0..nbody {
        bvh_adr = bvh_adr.max((w(m.body_bvhadr, nbody)[i] + w(m.body_bvhnum, nbody)[i]).max(0) as usize);
    }
    bvh_adr += c.x.meshes.iter().map(|k| k.bvh.nodeid.len()).sum::<usize>();

    let (nvert, nnode, nedge, nelem) =
        (m.nflexvert as usize, m.nflexnode as usize, m.nflexedge as usize, m.nflexelem as usize);
    let (neldata, neledge, nshell) = (m.nflexelemdata as usize, m.nflexelemedge as usize, m.nflexshelldata as usize);
    let (nevpair, ntex) = (m.nflexevpair as usize, m.nflextexcoord as usize);
    let (mut vadr, mut nadr, mut eadr, mut tadr) = (0usize, 0usize, 0usize, 0usize);
    let (mut dadr, mut edadr, mut sadr, mut padr, mut xadr) = (0usize, 0usize, 0usize, 0usize, 0usize);
    let weld = w(m.body_weldid, nbody).to_vec();

    for (i, f) in c.x.flexes.iter().enumerate() {
        let s = &f.s;
        let dim = f.dim();
        let (nv, nn, ne, nt) = (f.nvert, f.nnode, f.nedge(), f.nelem);
        let nb = f.bvh.nodeid.len();

        w(m.flex_contype, nflex)[i] = s.contype;
        w(m.flex_conaffinity, nflex)[i] = s.conaffinity;
        w(m.flex_condim, nflex)[i] = s.condim;
        w(m.flex_matid, nflex)[i] = f.matid;
        w(m.flex_group, nflex)[i] = s.group;
        w(m.flex_priority, nflex)[i] = s.priority;
        w(m.flex_solmix, nflex)[i] = s.solmix;
        w(m.flex_solref, mjNREF * nflex)[mjNREF * i..mjNREF * (i + 1)].copy_from_slice(&s.solref);
        w(m.flex_solimp, mjNIMP * nflex)[mjNIMP * i..mjNIMP * (i + 1)].copy_from_slice(&s.solimp);
        w(m.flex_radius, nflex)[i] = s.radius;
        w(m.flex_friction, 3 * nflex)[3 * i..3 * i + 3].copy_from_slice(&s.friction);
        w(m.flex_margin, nflex)[i] = s.margin;
        w(m.flex_gap, nflex)[i] = s.gap;
        w(m.flex_rgba, 4 * nflex)[4 * i..4 * i + 4].copy_from_slice(&s.rgba);

        let stiff = w(m.flex_stiffness, 21 * nelem);
        stiff[21 * tadr..21 * (tadr + nt)].fill(0.0);
        put(stiff, 21 * tadr, &f.stiffness);
        let bend = w(m.flex_bending, 17 * nedge);
        bend[17 * eadr..17 * (eadr + ne)].fill(0.0);
        put(bend, 17 * eadr, &f.bending);
        w(m.flex_damping, nflex)[i] = s.damping;

        w(m.flex_dim, nflex)[i] = s.dim;
        w(m.flex_vertadr, nflex)[i] = vadr as i32;
        w(m.flex_vertnum, nflex)[i] = nv as i32;
        w(m.flex_nodeadr, nflex)[i] = nadr as i32;
        w(m.flex_nodenum, nflex)[i] = nn as i32;
        w(m.flex_edgeadr, nflex)[i] = eadr as i32;
        w(m.flex_edgenum, nflex)[i] = ne as i32;
        w(m.flex_elemadr, nflex)[i] = tadr as i32;
        w(m.flex_elemdataadr, nflex)[i] = dadr as i32;
        w(m.flex_elemedgeadr, nflex)[i] = edadr as i32;
        let shellnum = f.shell.len() / dim;
        w(m.flex_shellnum, nflex)[i] = shellnum as i32;
        w(m.flex_shelldataadr, nflex)[i] = if shellnum > 0 { sadr as i32 } else { -1 };
        if f.evpair.is_empty() {
            w(m.flex_evpairadr, nflex)[i] = -1;
            w(m.flex_evpairnum, nflex)[i] = 0;
        } else {
            w(m.flex_evpairadr, nflex)[i] = padr as i32;
            w(m.flex_evpairnum, nflex)[i] = (f.evpair.len() / 2) as i32;
            put(w(m.flex_evpair, 2 * nevpair), 2 * padr, &f.evpair);
        }
        let eltex = w(m.flex_elemtexcoord, neldata);
        if s.texcoord.is_empty() {
            w(m.flex_texcoordadr, nflex)[i] = -1;
            put(eltex, dadr, &f.elem);
        } else {
            w(m.flex_texcoordadr, nflex)[i] = xadr as i32;
            put(w(m.flex_texcoord, 2 * ntex), 2 * xadr, &s.texcoord);
            put(eltex, dadr, &f.elemtexcoord);
        }
        w(m.flex_elemnum, nflex)[i] = nt as i32;
        put(w(m.flex_elem, neldata), dadr, &f.elem);
        put(w(m.flex_elemedge, neledge), edadr, &f.edgeidx);
        put(w(m.flex_elemlayer, nelem), tadr, &f.elemlayer);
        if shellnum > 0 {
            put(w(m.flex_shell, nshell), sadr, &f.shell);
        }
        w(m.flex_edgestiffness, nflex)[i] = s.edgestiffness;
        w(m.flex_edgedamping, nflex)[i] = s.edgedamping;
        w(m.flex_rigid, nflex)[i] = f.rigid as u8;
        w(m.flex_centered, nflex)[i] = f.centered as u8;
        w(m.flex_internal, nflex)[i] = s.internal;
        w(m.flex_flatskin, nflex)[i] = s.flatskin;
        w(m.flex_selfcollide, nflex)[i] = s.selfcollide;
        w(m.flex_activelayers, nflex)[i] = s.activelayers;
        w(m.flex_passive, nflex)[i] = s.passive;
        w(m.flex_bvhnum, nflex)[i] = nb as i32;
        w(m.flex_bvhadr, nflex)[i] = if nb > 0 { bvh_adr as i32 } else { -1 };
        w(m.flex_edgeequality, nflex)[i] =
            c.x.equalities.iter().any(|q| q.s.r#type == mjtEq_::mjEQ_FLEX as i32 && q.s.name1 == s.name) as u8;

        if nb > 0 {
            w(m.bvh_child, 2 * nbvh)[2 * bvh_adr..2 * (bvh_adr + nb)].copy_from_slice(&f.bvh.child);
            w(m.bvh_depth, nbvh)[bvh_adr..bvh_adr + nb].copy_from_slice(&f.bvh.depth);
            w(m.bvh_nodeid, nbvh)[bvh_adr..bvh_adr + nb].copy_from_slice(&f.bvh.nodeid);
        }

        let vert = w(m.flex_vert, 3 * nvert);
        vert[3 * vadr..3 * (vadr + nv)].fill(0.0);
        if !(f.centered && !f.interpolated) {
            put(vert, 3 * vadr, &s.vert[..s.vert.len().min(3 * nv)]);
        }
        let node = w(m.flex_node, 3 * nnode);
        if f.centered && f.interpolated {
            node[3 * nadr..3 * (nadr + nn)].fill(0.0);
        } else if f.interpolated {
            put(node, 3 * nadr, &s.node[..s.node.len().min(3 * nn)]);
        }
        put(w(m.flex_vert0, 3 * nvert), 3 * vadr, &f.vert0);
        put(w(m.flex_node0, 3 * nnode), 3 * nadr, &f.node0);

        let vb = w(m.flex_vertbodyid, nvert);
        if f.rigid {
            vb[vadr..vadr + nv].fill(f.vertbodyid.first().copied().unwrap_or(-1));
        } else {
            put(vb, vadr, &f.vertbodyid[..f.vertbodyid.len().min(nv)]);
        }
        let nbid = w(m.flex_nodebodyid, nnode);
        if f.rigid {
            nbid[nadr..nadr + nn].fill(f.nodebodyid.first().copied().unwrap_or(-1));
        } else {
            put(nbid, nadr, &f.nodebodyid[..f.nodebodyid.len().min(nn)]);
        }
        w(m.flex_interp, nflex)[i] = f.order;

        let flap = dim == 2 && (s.elastic2d == 1 || s.elastic2d == 3);
        for (k, e) in f.edge.iter().enumerate() {
            let a = eadr + k;
            w(m.flex_edge, 2 * nedge)[2 * a..2 * a + 2].copy_from_slice(e);
            let fl = if flap { [f.flaps[k][2], f.flaps[k][3]] } else { [-1, -1] };
            w(m.flex_edgeflap, 2 * nedge)[2 * a..2 * a + 2].copy_from_slice(&fl);
            if f.rigid {
                w(m.flexedge_rigid, nedge)[a] = 1;
            } else if !f.interpolated {
                // (vertex bodies fewer than vertices: upstream reads past its list)
                let body = |v: i32| f.vertbodyid.get(v as usize).copied().unwrap_or(0).max(0) as usize;
                let (b1, b2) = (body(e[0]), body(e[1]));
                w(m.flexedge_rigid, nedge)[a] = (weld[b1] == weld[b2]) as u8;
            }
        }

        vadr += nv;
        nadr += nn;
        eadr += ne;
        tadr += nt;
        dadr += (dim + 1) * nt;
        edadr += NUM_EDGES[dim - 1] * nt;
        sadr += f.shell.len();
        padr += f.evpair.len() / 2;
        xadr += s.texcoord.len() / 2;
        bvh_adr += nb;
    }
}
