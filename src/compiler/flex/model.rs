//! Flex sizes and the copy of compiled flexes into mjModel.

use crate::abi::*;

use super::super::model_mut as mm;
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
/// Requires: `m` must be allocated with the sizes counted from `c`.
pub fn fill_flexes(c: &Compiled, m: &mut mjModel) {
    let nflex = m.nflex as usize;
    if nflex == 0 {
        return;
    }
    let nbody = m.nbody as usize;
    let mut bvh_adr = 0usize;
    for i in 0..nbody {
        bvh_adr = bvh_adr.max((mm::body_bvhadr(m)[i] + mm::body_bvhnum(m)[i]).max(0) as usize);
    }
    bvh_adr += c.x.meshes.iter().map(|k| k.bvh.nodeid.len()).sum::<usize>();

    let (mut vadr, mut nadr, mut eadr, mut tadr) = (0usize, 0usize, 0usize, 0usize);
    let (mut dadr, mut edadr, mut sadr, mut padr, mut xadr) = (0usize, 0usize, 0usize, 0usize, 0usize);
    let weld = mm::body_weldid(m).to_vec();

    for (i, f) in c.x.flexes.iter().enumerate() {
        let s = &f.s;
        let dim = f.dim();
        let (nv, nn, ne, nt) = (f.nvert, f.nnode, f.nedge(), f.nelem);
        let nb = f.bvh.nodeid.len();

        mm::flex_contype(m)[i] = s.contype;
        mm::flex_conaffinity(m)[i] = s.conaffinity;
        mm::flex_condim(m)[i] = s.condim;
        mm::flex_matid(m)[i] = f.matid;
        mm::flex_group(m)[i] = s.group;
        mm::flex_priority(m)[i] = s.priority;
        mm::flex_solmix(m)[i] = s.solmix;
        mm::flex_solref(m)[mjNREF * i..mjNREF * (i + 1)].copy_from_slice(&s.solref);
        mm::flex_solimp(m)[mjNIMP * i..mjNIMP * (i + 1)].copy_from_slice(&s.solimp);
        mm::flex_radius(m)[i] = s.radius;
        mm::flex_friction(m)[3 * i..3 * i + 3].copy_from_slice(&s.friction);
        mm::flex_margin(m)[i] = s.margin;
        mm::flex_gap(m)[i] = s.gap;
        mm::flex_rgba(m)[4 * i..4 * i + 4].copy_from_slice(&s.rgba);

        let stiff = mm::flex_stiffness(m);
        stiff[21 * tadr..21 * (tadr + nt)].fill(0.0);
        put(stiff, 21 * tadr, &f.stiffness);
        let bend = mm::flex_bending(m);
        bend[17 * eadr..17 * (eadr + ne)].fill(0.0);
        put(bend, 17 * eadr, &f.bending);
        mm::flex_damping(m)[i] = s.damping;

        mm::flex_dim(m)[i] = s.dim;
        mm::flex_vertadr(m)[i] = vadr as i32;
        mm::flex_vertnum(m)[i] = nv as i32;
        mm::flex_nodeadr(m)[i] = nadr as i32;
        mm::flex_nodenum(m)[i] = nn as i32;
        mm::flex_edgeadr(m)[i] = eadr as i32;
        mm::flex_edgenum(m)[i] = ne as i32;
        mm::flex_elemadr(m)[i] = tadr as i32;
        mm::flex_elemdataadr(m)[i] = dadr as i32;
        mm::flex_elemedgeadr(m)[i] = edadr as i32;
        let shellnum = f.shell.len() / dim;
        mm::flex_shellnum(m)[i] = shellnum as i32;
        mm::flex_shelldataadr(m)[i] = if shellnum > 0 { sadr as i32 } else { -1 };
        if f.evpair.is_empty() {
            mm::flex_evpairadr(m)[i] = -1;
            mm::flex_evpairnum(m)[i] = 0;
        } else {
            mm::flex_evpairadr(m)[i] = padr as i32;
            mm::flex_evpairnum(m)[i] = (f.evpair.len() / 2) as i32;
            put(mm::flex_evpair(m), 2 * padr, &f.evpair);
        }
        if s.texcoord.is_empty() {
            mm::flex_texcoordadr(m)[i] = -1;
            put(mm::flex_elemtexcoord(m), dadr, &f.elem);
        } else {
            mm::flex_texcoordadr(m)[i] = xadr as i32;
            put(mm::flex_texcoord(m), 2 * xadr, &s.texcoord);
            put(mm::flex_elemtexcoord(m), dadr, &f.elemtexcoord);
        }
        mm::flex_elemnum(m)[i] = nt as i32;
        put(mm::flex_elem(m), dadr, &f.elem);
        put(mm::flex_elemedge(m), edadr, &f.edgeidx);
        put(mm::flex_elemlayer(m), tadr, &f.elemlayer);
        if shellnum > 0 {
            put(mm::flex_shell(m), sadr, &f.shell);
        }
        mm::flex_edgestiffness(m)[i] = s.edgestiffness;
        mm::flex_edgedamping(m)[i] = s.edgedamping;
        mm::flex_rigid(m)[i] = f.rigid as u8;
        mm::flex_centered(m)[i] = f.centered as u8;
        mm::flex_internal(m)[i] = s.internal;
        mm::flex_flatskin(m)[i] = s.flatskin;
        mm::flex_selfcollide(m)[i] = s.selfcollide;
        mm::flex_activelayers(m)[i] = s.activelayers;
        mm::flex_passive(m)[i] = s.passive;
        mm::flex_bvhnum(m)[i] = nb as i32;
        mm::flex_bvhadr(m)[i] = if nb > 0 { bvh_adr as i32 } else { -1 };
        mm::flex_edgeequality(m)[i] =
            c.x.equalities.iter().any(|q| q.s.r#type == mjtEq_::mjEQ_FLEX as i32 && q.s.name1 == s.name) as u8;

        if nb > 0 {
            mm::bvh_child(m)[2 * bvh_adr..2 * (bvh_adr + nb)].copy_from_slice(&f.bvh.child);
            mm::bvh_depth(m)[bvh_adr..bvh_adr + nb].copy_from_slice(&f.bvh.depth);
            mm::bvh_nodeid(m)[bvh_adr..bvh_adr + nb].copy_from_slice(&f.bvh.nodeid);
        }

        let vert = mm::flex_vert(m);
        vert[3 * vadr..3 * (vadr + nv)].fill(0.0);
        if !(f.centered && !f.interpolated) {
            put(vert, 3 * vadr, &s.vert[..s.vert.len().min(3 * nv)]);
        }
        let node = mm::flex_node(m);
        if f.centered && f.interpolated {
            node[3 * nadr..3 * (nadr + nn)].fill(0.0);
        } else if f.interpolated {
            put(node, 3 * nadr, &s.node[..s.node.len().min(3 * nn)]);
        }
        put(mm::flex_vert0(m), 3 * vadr, &f.vert0);
        put(mm::flex_node0(m), 3 * nadr, &f.node0);

        let vb = mm::flex_vertbodyid(m);
        if f.rigid {
            vb[vadr..vadr + nv].fill(f.vertbodyid.first().copied().unwrap_or(-1));
        } else {
            put(vb, vadr, &f.vertbodyid[..f.vertbodyid.len().min(nv)]);
        }
        let nbid = mm::flex_nodebodyid(m);
        if f.rigid {
            nbid[nadr..nadr + nn].fill(f.nodebodyid.first().copied().unwrap_or(-1));
        } else {
            put(nbid, nadr, &f.nodebodyid[..f.nodebodyid.len().min(nn)]);
        }
        mm::flex_interp(m)[i] = f.order;

        let flap = dim == 2 && (s.elastic2d == 1 || s.elastic2d == 3);
        for (k, e) in f.edge.iter().enumerate() {
            let a = eadr + k;
            mm::flex_edge(m)[2 * a..2 * a + 2].copy_from_slice(e);
            let fl = if flap { [f.flaps[k][2], f.flaps[k][3]] } else { [-1, -1] };
            mm::flex_edgeflap(m)[2 * a..2 * a + 2].copy_from_slice(&fl);
            if f.rigid {
                mm::flexedge_rigid(m)[a] = 1;
            } else if !f.interpolated {
                // (vertex bodies fewer than vertices: upstream reads past its list)
                let body = |v: i32| f.vertbodyid.get(v as usize).copied().unwrap_or(0).max(0) as usize;
                let (b1, b2) = (body(e[0]), body(e[1]));
                mm::flexedge_rigid(m)[a] = (weld[b1] == weld[b2]) as u8;
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
