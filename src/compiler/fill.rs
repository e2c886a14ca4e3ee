//! Sizes, allocation and the copy of compiled objects into a new mjModel, followed by the
//! derived quantities that the engine computes at the reference configuration.

use crate::abi::mjtJoint_::*;
use crate::abi::mjtSameFrame_::*;
use crate::abi::mjtTrn_::*;
use crate::abi::*;
use crate::model::alloc;
use crate::runtime::alloc::CBox;

use super::model_mut as mm;
use super::tree::Compiled;
use super::{CResult, CompileError};
use crate::spec::util::EPS;

/// Tolerance below which two frames count as equal.
const FRAME_EPS: f64 = 1e-6;

fn same_vec(a: &[f64; 3], b: &[f64; 3]) -> bool {
    (a[0] - b[0]).abs() < FRAME_EPS && (a[1] - b[1]).abs() < FRAME_EPS && (a[2] - b[2]).abs() < FRAME_EPS
}

fn same_quat(a: &[f64; 4], b: &[f64; 4]) -> bool {
    let minus = (0..4).all(|k| (a[k] - b[k]).abs() < FRAME_EPS);
    let plus = (0..4).all(|k| (a[k] + b[k]).abs() < FRAME_EPS);
    minus || plus
}

fn same_pose(p1: Option<&[f64; 3]>, p2: Option<&[f64; 3]>, q1: Option<&[f64; 4]>, q2: Option<&[f64; 4]>) -> bool {
    if let (Some(a), Some(b)) = (p1, p2) {
        if !same_vec(a, b) {
            return false;
        }
    }
    if let (Some(a), Some(b)) = (q1, q2) {
        if !same_quat(a, b) {
            return false;
        }
    }
    true
}

fn is_null_pose(pos: Option<&[f64; 3]>, quat: Option<&[f64; 4]>) -> bool {
    same_pose(pos, Some(&[0.0; 3]), quat, Some(&[1.0, 0.0, 0.0, 0.0]))
}

fn frame_kind(pos: &[f64; 3], quat: &[f64; 4], ipos: &[f64; 3], iquat: &[f64; 4]) -> i32 {
    if is_null_pose(Some(pos), Some(quat)) {
        mjSAMEFRAME_BODY as i32
    } else if is_null_pose(None, Some(quat)) {
        mjSAMEFRAME_BODYROT as i32
    } else if same_pose(Some(pos), Some(ipos), Some(quat), Some(iquat)) {
        mjSAMEFRAME_INERTIA as i32
    } else if same_pose(None, None, Some(quat), Some(iquat)) {
        mjSAMEFRAME_INERTIAROT as i32
    } else {
        mjSAMEFRAME_NONE as i32
    }
}

/// Sparse sizes computed from the compiled tree before allocation.
struct SparseSizes {
    nm: i32,
    nd: i32,
    nb: i32,
    nc: i32,
}

fn sparse_sizes(c: &mut Compiled, nv: usize) -> SparseSizes {
    let nbody = c.bodies.len();
    if nv == 0 {
        for b in c.bodies.iter_mut() {
            b.subtreedofs = 0;
        }
        return SparseSizes { nm: 0, nd: 0, nb: 0, nc: 0 };
    }
    let mut dof_parent = vec![-1i32; nv];
    let mut dof_body = vec![0usize; nv];
    let mut lastdof = vec![-1i32; nbody];
    for i in 0..nbody {
        let mut cur = if i > 0 { lastdof[c.bodies[i].s.parent] } else { -1 };
        for &ji in &c.bodies[i].joints {
            let j = &c.joints[ji];
            for k in 0..j.nv() {
                let adr = (j.dofadr + k) as usize;
                dof_body[adr] = i;
                dof_parent[adr] = cur;
                cur = adr as i32;
            }
        }
        lastdof[i] = cur;
    }
    let mut nm = 0;
    for i in 0..nv {
        let mut j = i as i32;
        while j != -1 {
            nm += 1;
            j = dof_parent[j as usize];
        }
    }
    let nd = 2 * nm - nv as i32;
    for i in (0..nbody).rev() {
        let mut s = c.bodies[i].dofnum;
        for &ch in &c.bodies[i].s.bodies {
            s += c.bodies[ch].subtreedofs;
        }
        c.bodies[i].subtreedofs = s;
    }
    let mut nb = 0;
    for i in 0..nbody {
        nb += c.bodies[i].subtreedofs;
        if i > 0 {
            let mut p = c.bodies[i].s.parent;
            while p > 0 {
                nb += c.bodies[p].dofnum;
                p = c.bodies[p].s.parent;
            }
        }
    }
    // simple bodies, as the copy will mark them
    let mut rootid = vec![0usize; nbody];
    let mut simple = vec![0i32; nbody];
    for i in 0..nbody {
        let par = c.bodies[i].s.parent;
        rootid[i] = if i == 0 || par == 0 { i } else { rootid[par] };
        let b = &c.bodies[i].s;
        let sameframe = is_null_pose(Some(&b.ipos), Some(&b.iquat));
        simple[i] = (sameframe
            && (rootid[i] == i || (i > 0 && par > 0 && c.bodies[par].s.parent == 0 && c.bodies[par].dofnum == 0)))
            as i32;
    }
    for i in 1..nbody {
        simple[c.bodies[i].s.parent] = 0;
    }
    for i in 1..nbody {
        if simple[i] == 0 {
            continue;
        }
        let mut rotfound = false;
        for &ji in &c.bodies[i].joints {
            let j = &c.joints[ji].s;
            let aligned =
                ((j.axis[0].abs() > EPS) as i32 + (j.axis[1].abs() > EPS) as i32 + (j.axis[2].abs() > EPS) as i32) == 1;
            let scalar = j.r#type == mjJNT_HINGE as i32 || j.r#type == mjJNT_SLIDE as i32;
            if rotfound || !is_null_pose(Some(&j.pos), None) || (scalar && !aligned) {
                simple[i] = 0;
                break;
            }
            if j.r#type == mjJNT_BALL as i32 || j.r#type == mjJNT_HINGE as i32 {
                rotfound = true;
            }
        }
        if simple[i] == 0 {
            continue;
        }
        if c.bodies[i].dofnum > 0 {
            simple[i] = 2;
            for &ji in &c.bodies[i].joints {
                if c.joints[ji].s.r#type != mjJNT_SLIDE as i32 {
                    simple[i] = 1;
                    break;
                }
            }
        }
    }
    for t in &c.x.tendons {
        if t.s.armature > 0.0 {
            for cw in &t.path {
                if cw.body >= 0 {
                    simple[cw.body as usize] = 0;
                }
            }
        }
    }
    let mut simplenum = vec![0i32; nv];
    let mut count = 0;
    for i in (0..nv).rev() {
        if simple[dof_body[i]] != 0 {
            count += 1;
        } else {
            count = 0;
        }
        simplenum[i] = count;
    }
    let mut nod = 0;
    for i in 0..nv {
        if simplenum[i] == 0 {
            let mut j = i as i32;
            while j != -1 {
                if j != i as i32 {
                    nod += 1;
                }
                j = dof_parent[j as usize];
            }
        }
    }
    SparseSizes { nm, nd, nb, nc: nod + nv as i32 }
}

/// Allocates and fills the model, then computes the derived quantities.
pub fn make(c: &mut Compiled) -> CResult<*mut mjModel> {
    let spec = c.spec;
    let nbody = c.bodies.len();
    let njnt = c.joints.len();

    // joint addresses and counts
    let (mut nq, mut nv) = (0i32, 0i32);
    let mut ntree = 0;
    for b in 0..nbody {
        for (k, &ji) in c.bodies[b].joints.clone().iter().enumerate() {
            let j = &mut c.joints[ji];
            j.qposadr = nq;
            j.dofadr = nv;
            nq += j.nq();
            nv += j.nv();
            if k == 0 {
                let mut stat = true;
                let mut a = c.bodies[b].s.parent;
                while a != 0 {
                    if !c.bodies[a].joints.is_empty() {
                        stat = false;
                        break;
                    }
                    a = c.bodies[a].s.parent;
                }
                if stat {
                    ntree += 1;
                }
            }
        }
    }
    let nu = c.actuators.len() as i32;
    let na: i32 = c.actuators.iter().map(|a| a.s.actdim).sum();
    let nbvhstatic: i32 = c.bodies.iter().map(|b| b.bvh.nodeid.len() as i32).sum::<i32>()
        + c.x.meshes.iter().map(|k| k.bvh.nodeid.len() as i32).sum::<i32>()
        + c.extra_bvh;
    let nsensordata: i32 = c.sensors.iter().map(|s| s.s.dim).sum();

    let nkey = (spec.nkey.max(0) as usize).max(spec.keys.len());
    let names: Vec<Vec<String>> = vec![
        c.bodies.iter().map(|x| x.s.name.to_string()).collect(),
        c.joints.iter().map(|x| x.s.name.to_string()).collect(),
        c.geoms.iter().map(|x| x.s.name.to_string()).collect(),
        c.sites.iter().map(|x| x.s.name.to_string()).collect(),
        c.cameras.iter().map(|x| x.s.name.to_string()).collect(),
        c.lights.iter().map(|x| x.s.name.to_string()).collect(),
        c.x.flexes.iter().map(|x| x.s.name.to_string()).collect(),
        c.x.meshes.iter().map(|x| x.name.to_string()).collect(),
        c.x.skins.iter().map(|x| x.s.name.to_string()).collect(),
        c.x.hfields.iter().map(|x| x.s.name.to_string()).collect(),
        c.x.textures.iter().map(|x| x.s.name.to_string()).collect(),
        c.x.materials.iter().map(|x| x.s.name.to_string()).collect(),
        c.x.pairs.iter().map(|x| x.s.name.to_string()).collect(),
        c.x.excludes.iter().map(|x| x.name.to_string()).collect(),
        c.x.equalities.iter().map(|x| x.s.name.to_string()).collect(),
        c.x.tendons.iter().map(|x| x.s.name.to_string()).collect(),
        c.actuators.iter().map(|x| x.s.name.to_string()).collect(),
        c.sensors.iter().map(|x| x.s.name.to_string()).collect(),
        spec.numerics.iter().map(|x| x.name.to_string()).collect(),
        spec.texts.iter().map(|x| x.name.to_string()).collect(),
        spec.tuples.iter().map(|x| x.name.to_string()).collect(),
        (0..nkey).map(|i| spec.keys.get(i).map(|k| k.name.to_string()).unwrap_or_default()).collect(),
        c.plugins.list.iter().map(|x| x.s.name.to_string()).collect(),
    ];
    let mut nnames = spec.modelname.len() as i32 + 1;
    for sec in &names {
        for n in sec {
            nnames += n.len() as i32 + 1;
        }
    }

    let ss = sparse_sizes(c, nv as usize);

    // mocap ids
    let mut nmocap = 0;
    for b in c.bodies.iter_mut() {
        if b.s.mocap != 0 {
            b.mocapid = nmocap;
            nmocap += 1;
        } else {
            b.mocapid = -1;
        }
    }

    // moving bodies need mass and inertia
    fn mass_ok(c: &Compiled, i: usize) -> bool {
        let s = &c.bodies[i].s;
        if s.mass >= MINVAL_MASS && s.inertia.iter().all(|&x| x >= MINVAL_MASS) {
            return true;
        }
        s.bodies.iter().any(|&ch| c.bodies[ch].joints.is_empty() && mass_ok(c, ch))
    }
    for i in 1..nbody {
        let b = &c.bodies[i];
        if !b.joints.is_empty() {
            let s = &b.s;
            if !mass_ok(c, i) {
                return Err(CompileError::elem(
                    "mass and inertia of moving bodies must be larger than mjMINVAL",
                    &s.name,
                    i as i64,
                    &s.info,
                ));
            }
        }
    }

    let mut sizes = [0i64; MJMODEL_SIZES_LEN];
    let mut set = |name: &str, v: i64| {
        if let Some(i) = MJMODEL_SIZES.iter().position(|(n, _)| *n == name) {
            sizes[i] = v;
        }
    };
    set("nq", nq as i64);
    set("nv", nv as i64);
    set("nu", nu as i64);
    set("na", na as i64);
    set("nbody", nbody as i64);
    let mut nbvhdynamic = 0;
    for (name, v) in super::flex::model::sizes(&c.x.flexes) {
        if name == "nbvhdynamic" {
            nbvhdynamic = v;
        }
        set(name, v);
    }
    set("nbvh", nbvhstatic as i64 + nbvhdynamic);
    set("nbvhstatic", nbvhstatic as i64);
    set("njnt", njnt as i64);
    set("ntree", ntree as i64);
    set("nM", ss.nm as i64);
    set("nB", ss.nb as i64);
    set("nC", ss.nc as i64);
    set("nD", ss.nd as i64);
    set("ngeom", c.geoms.len() as i64);
    set("nsite", c.sites.len() as i64);
    set("ncam", c.cameras.len() as i64);
    set("nlight", c.lights.len() as i64);
    set("nsensor", c.sensors.len() as i64);
    set("nmocap", nmocap as i64);
    set("nuser_body", c.nuser_body as i64);
    set("nuser_jnt", c.nuser_jnt as i64);
    set("nuser_geom", c.nuser_geom as i64);
    set("nuser_site", c.nuser_site as i64);
    set("nuser_cam", c.nuser_cam as i64);
    set("nuser_tendon", c.x.nuser_tendon as i64);
    set("nuser_actuator", c.nuser_actuator as i64);
    set("nuser_sensor", c.nuser_sensor as i64);
    set("nnames", nnames as i64);
    let npaths: usize = c.x.hfields.iter().filter(|h| !h.s.file.is_empty()).map(|h| h.s.file.len() + 1).sum::<usize>()
        + c.x.meshes.iter().filter(|k| !k.file.is_empty()).map(|k| k.file.len() + 1).sum::<usize>()
        + c.x.skins.iter().filter(|k| !k.s.file.is_empty()).map(|k| k.s.file.len() + 1).sum::<usize>()
        + c.x.textures.iter().filter(|t| !t.s.file.is_empty()).map(|t| t.s.file.len() + 1).sum::<usize>();
    set("npaths", npaths.max(1) as i64);
    set("nkey", nkey as i64);
    let skins = &c.x.skins;
    set("nskin", skins.len() as i64);
    set("nskinvert", skins.iter().map(|k| (k.s.vert.len() / 3) as i64).sum());
    set("nskintexvert", skins.iter().map(|k| (k.s.texcoord.len() / 2) as i64).sum());
    set("nskinface", skins.iter().map(|k| (k.s.face.len() / 3) as i64).sum());
    set("nskinbone", skins.iter().map(|k| k.bodyid.len() as i64).sum());
    set("nskinbonevert", skins.iter().map(|k| k.s.vertid.iter().map(|v| v.len() as i64).sum::<i64>()).sum());
    let meshes = &c.x.meshes;
    set("nmesh", meshes.len() as i64);
    set("nmeshvert", meshes.iter().map(|k| k.nvert() as i64).sum());
    set("nmeshnormal", meshes.iter().map(|k| (k.normal.len() / 3) as i64).sum());
    set("nmeshtexcoord", meshes.iter().map(|k| (k.texcoord.len() / 2) as i64).sum());
    set("nmeshface", meshes.iter().map(|k| k.nface() as i64).sum());
    set("nmeshgraph", meshes.iter().map(|k| k.graph.len() as i64).sum());
    set("noct", meshes.iter().map(|k| k.octree.nnode() as i64).sum());
    set("nmeshpoly", meshes.iter().map(|k| k.poly.paths.len() as i64).sum());
    set("nmeshpolyvert", meshes.iter().map(|k| k.poly.paths.iter().map(|p| p.len() as i64).sum::<i64>()).sum());
    set("nmeshpolymap", meshes.iter().map(|k| k.poly.map.iter().map(|p| p.len() as i64).sum::<i64>()).sum());
    set("nhfield", c.x.hfields.len() as i64);
    set("nhfielddata", c.x.hfields.iter().map(|h| h.data.len() as i64).sum());
    set("ntex", c.x.textures.len() as i64);
    set("ntexdata", c.x.textures.iter().map(|t| t.data.len() as i64).sum());
    set("nmat", c.x.materials.len() as i64);
    set("npair", c.x.pairs.len() as i64);
    set("nexclude", c.x.excludes.len() as i64);
    set("neq", c.x.equalities.len() as i64);
    set("ntendon", c.x.tendons.len() as i64);
    set("nwrap", c.x.tendons.iter().map(|t| t.path.len() as i64).sum());
    set("nnumeric", spec.numerics.len() as i64);
    set("nnumericdata", spec.numerics.iter().map(|n| n.effective_size() as i64).sum());
    set("ntext", spec.texts.len() as i64);
    set("ntextdata", spec.texts.iter().map(|t| t.data.len() as i64 + 1).sum());
    set("ntuple", c.x.tuples.len() as i64);
    set("ntupledata", c.x.tuples.iter().map(|t| t.objid.len() as i64).sum());
    set("nplugin", c.plugins.list.len() as i64);
    set("npluginattr", c.plugins.list.iter().map(|p| p.attr.len() as i64).sum());

    let mut mp = match alloc::make_model(&sizes) {
        Ok(m) => m,
        Err(_) => return Err(CompileError::model("could not create mjModel")),
    };
    let m = &mut *mp;
    let r = fill(c, m, &names, nsensordata);
    if let Err(e) = r {
        alloc::delete_model(mp);
        return Err(e);
    }
    Ok(mp.into_raw())
}

/// An mjData made for the model being compiled, freed when dropped.
struct ScratchData(Option<CBox<mjData>>);

impl ScratchData {
    fn new(m: &mjModel) -> Option<Self> {
        crate::data::make::make_raw_data(m).map(|d| ScratchData(Some(d)))
    }

    /// Complete data (`mj_makeData`: plugin instances created, reset).
    fn with_plugins(m: &mjModel) -> Option<Self> {
        crate::engine::reset::make_data(m).map(|d| ScratchData(Some(d)))
    }

    fn get(&mut self) -> &mut mjData {
        self.0.as_mut().expect("freed only in drop")
    }
}

impl Drop for ScratchData {
    fn drop(&mut self) {
        if let Some(d) = self.0.take() {
            crate::data::make::delete_data(d);
        }
    }
}

const MINVAL_MASS: f64 = crate::abi::mjMINVAL;

fn fill(c: &mut Compiled, m: &mut mjModel, names: &[Vec<String>], nsensordata: i32) -> CResult<()> {
    let spec = c.spec;
    let (nbody, nv, nq) = (m.nbody as usize, m.nv as usize, m.nq as usize);
    m.opt = spec.option;
    m.vis = spec.visual;
    m.nemax =
        c.x.equalities
            .iter()
            .map(|q| match q.s.r#type {
                t if t == mjtEq_::mjEQ_CONNECT as i32 => 3,
                t if t == mjtEq_::mjEQ_WELD as i32 => 7,
                _ => 1,
            })
            .sum();
    m.njmax = spec.njmax;
    m.nconmax = spec.nconmax;
    m.nsensordata = nsensordata;
    m.nuserdata = spec.nuserdata;

    // names and their hash maps
    {
        let nnames_map = m.nnames_map as usize;
        let mut a = mm::split(m);
        let adrs = mm::name_adrs(&mut a);
        let buf = mm::bytes_mut(a.names);
        buf.fill(0);
        let mb = spec.modelname.as_bytes();
        buf[..mb.len()].copy_from_slice(mb);
        let mut adr = mb.len() + 1;
        for (sec, a) in names.iter().zip(adrs) {
            for (i, n) in sec.iter().enumerate() {
                a[i] = adr as i32;
                buf[adr..adr + n.len()].copy_from_slice(n.as_bytes());
                adr += n.len() + 1;
            }
        }
        let secs: Vec<&[String]> = names.iter().map(|v| v.as_slice()).collect();
        let map = crate::model::names::build_names_map(&secs);
        a.names_map.copy_from_slice(&map[..nnames_map]);
        a.paths[0] = 0;
    }

    mm::body_plugin(m).fill(-1);
    mm::geom_plugin(m).fill(-1);
    mm::actuator_plugin(m).fill(-1);
    mm::sensor_plugin(m).fill(-1);

    copy_tree(c, m)?;
    // plugin instances (their sizes need the configuration in the model)
    for (si, dim, stage) in super::plugin::fill(c, m)? {
        c.sensors[si].s.dim = dim;
        c.sensors[si].s.needstage = stage;
    }
    m.nsensordata = nsensordata
        + c.sensors.iter().filter(|x| x.s.r#type == mjtSensor_::mjSENS_PLUGIN as i32).map(|x| x.s.dim).sum::<i32>();
    super::objects::fill_extra(c, m)?;

    // actuators
    {
        let mut adr = 0;
        let nua = c.nuser_actuator as usize;
        for (i, a) in c.actuators.iter().enumerate() {
            let s = &a.s;
            mm::actuator_trntype(m)[i] = s.trntype;
            mm::actuator_dyntype(m)[i] = s.dyntype;
            mm::actuator_gaintype(m)[i] = s.gaintype;
            mm::actuator_biastype(m)[i] = s.biastype;
            mm::actuator_trnid(m)[2 * i..2 * i + 2].copy_from_slice(&a.trnid);
            mm::actuator_actnum(m)[i] = s.actdim;
            mm::actuator_actadr(m)[i] = if s.actdim != 0 { adr } else { -1 };
            adr += s.actdim;
            mm::actuator_group(m)[i] = s.group;
            mm::actuator_ctrllimited(m)[i] = super::tree::islimited(s.ctrllimited, &s.ctrlrange) as u8;
            mm::actuator_forcelimited(m)[i] = super::tree::islimited(s.forcelimited, &s.forcerange) as u8;
            mm::actuator_actlimited(m)[i] = super::tree::islimited(s.actlimited, &s.actrange) as u8;
            mm::actuator_actearly(m)[i] = (s.actearly != 0) as u8;
            mm::actuator_cranklength(m)[i] = s.cranklength;
            mm::actuator_gear(m)[6 * i..6 * i + 6].copy_from_slice(&s.gear);
            mm::actuator_dynprm(m)[mjNDYN * i..mjNDYN * (i + 1)].copy_from_slice(&s.dynprm);
            mm::actuator_gainprm(m)[mjNGAIN * i..mjNGAIN * (i + 1)].copy_from_slice(&s.gainprm);
            mm::actuator_biasprm(m)[mjNBIAS * i..mjNBIAS * (i + 1)].copy_from_slice(&s.biasprm);
            mm::actuator_ctrlrange(m)[2 * i..2 * i + 2].copy_from_slice(&s.ctrlrange);
            mm::actuator_forcerange(m)[2 * i..2 * i + 2].copy_from_slice(&s.forcerange);
            mm::actuator_actrange(m)[2 * i..2 * i + 2].copy_from_slice(&s.actrange);
            mm::actuator_lengthrange(m)[2 * i..2 * i + 2].copy_from_slice(&s.lengthrange);
            copy_user(mm::actuator_user(m), i, nua, &s.userdata);
        }
        m.na = adr;
    }

    // sensors
    {
        let nus = c.nuser_sensor as usize;
        let mut adr = 0;
        for (i, x) in c.sensors.iter().enumerate() {
            let s = &x.s;
            mm::sensor_type(m)[i] = s.r#type;
            mm::sensor_datatype(m)[i] = s.datatype;
            mm::sensor_needstage(m)[i] = s.needstage;
            mm::sensor_objtype(m)[i] = s.objtype;
            mm::sensor_objid(m)[i] = x.objid;
            mm::sensor_reftype(m)[i] = s.reftype;
            mm::sensor_refid(m)[i] = x.refid;
            mm::sensor_intprm(m)[mjNSENS * i..mjNSENS * (i + 1)].copy_from_slice(&s.intprm);
            mm::sensor_dim(m)[i] = s.dim;
            mm::sensor_cutoff(m)[i] = s.cutoff;
            mm::sensor_noise(m)[i] = s.noise;
            copy_user(mm::sensor_user(m), i, nus, &s.userdata);
            mm::sensor_adr(m)[i] = adr;
            adr += s.dim;
        }
    }

    // simple dofs
    {
        let a = mm::split(m);
        let bsimple = a.body_simple;
        for t in &c.x.tendons {
            if t.s.armature != 0.0 {
                for cw in &t.path {
                    if cw.body >= 0 {
                        bsimple[cw.body as usize] = 0;
                    }
                }
            }
        }
        let dof_body = &*a.dof_bodyid;
        let simplenum = a.dof_simplenum;
        let mut count = 0;
        for i in (0..nv).rev() {
            if bsimple[dof_body[i] as usize] != 0 {
                count += 1;
            } else {
                count = 0;
            }
            simplenum[i] = count;
        }
    }

    // non-zeros of actuator moments
    {
        let mut count = 0;
        for i in 0..m.nu as usize {
            let id = m.actuator_trnid()[2 * i] as usize;
            let t = m.actuator_trntype()[i];
            if t == mjTRN_JOINT as i32 || t == mjTRN_JOINTINPARENT as i32 {
                count += match m.jnt_type()[id] {
                    x if x == mjJNT_FREE as i32 => 6,
                    x if x == mjJNT_BALL as i32 => 3,
                    _ => 1,
                };
            } else {
                count += nv as i32;
            }
        }
        m.nJmom = count;
    }

    super::objects::fill_keys(c, m)?;

    if spec.compiler.settotalmass > 0.0 {
        crate::engine::support::set_totalmass(m, spec.compiler.settotalmass);
    }

    // arena size
    if spec.memory != -1 {
        m.narena = spec.memory as _;
    } else {
        let nconmax = if m.nconmax == -1 { 100 } else { m.nconmax } as usize;
        let njmax = if m.njmax == -1 { 500 } else { m.njmax } as usize;
        let mut narena: usize = if spec.nstack != -1 {
            8 * spec.nstack as usize
        } else {
            let a = njmax + m.neq as usize + nv;
            let b = nq
                + nv
                + m.nu as usize
                + m.na as usize
                + nbody
                + m.njnt as usize
                + m.ngeom as usize
                + m.nsite as usize
                + m.neq as usize
                + m.ntendon as usize
                + m.nwrap as usize;
            8 * (1000usize).max(5 * a * a + 20 * b)
        };
        narena += nconmax * core::mem::size_of::<mjContact>()
            + njmax * (8 * 4 + 14 * 8)
            + nv * (3 * 4)
            + njmax * nv * (2 * 4 + 2 * 8)
            + njmax * njmax * (4 + 8);
        let mb = 1usize << 20;
        narena = mb * (narena / mb + if !narena.is_multiple_of(mb) { 1 } else { 0 });
        m.narena = narena as _;
    }

    super::sparse::build(m);

    // engine-derived constants at the reference configuration
    let disable = m.opt.disableflags;
    let enable = m.opt.enableflags;
    m.opt.disableflags |= mjtDisableBit_::mjDSBL_CONTACT as i32;
    m.opt.enableflags &= !(mjtEnableBit_::mjENBL_SLEEP as i32);
    let Some(mut scratch) = ScratchData::new(m) else {
        return Err(CompileError::model("could not create mjData"));
    };
    let d = scratch.get();
    crate::engine::reset::reset(m, d, 0);
    for k in 0..m.nkey as usize {
        let nq = m.nq as usize;
        // normalize a copy of the key (the normalization reads the joint types of `m`)
        let mut kq = m.key_qpos()[k * nq..(k + 1) * nq].to_vec();
        crate::engine::support::normalize_quat(m, &mut kq);
        mm::key_qpos(m)[k * nq..(k + 1) * nq].copy_from_slice(&kq);
    }
    if let Err(msg) = with_engine_errors(|| crate::engine::setconst::set_const(m, d)) {
        drop(scratch);
        m.opt.disableflags = disable;
        m.opt.enableflags = enable;
        return Err(CompileError::model(&format!("engine error: {}", msg)));
    }
    auto_spring_damper(c, m);
    if let Err(e) = super::lengthrange::length_range(m, d, &spec.compiler.LRopt) {
        drop(scratch);
        return Err(CompileError::model(&e));
    }
    drop(scratch);
    m.opt.disableflags = disable;
    m.opt.enableflags = enable;
    sleep_init_check(m)?;
    plugin_init_check(m)?;

    // user overrides of the statistics
    let st = &spec.stat;
    if !st.extent.is_nan() {
        m.stat.extent = st.extent;
    }
    if !st.meaninertia.is_nan() {
        m.stat.meaninertia = st.meaninertia;
    }
    if !st.meanmass.is_nan() {
        m.stat.meanmass = st.meanmass;
    }
    if !st.meansize.is_nan() {
        m.stat.meansize = st.meansize;
    }
    if !st.center[0].is_nan() {
        m.stat.center = st.center;
    }
    Ok(())
}

fn copy_user(dst: &mut [f64], i: usize, n: usize, src: &[f64]) {
    if n == 0 {
        return;
    }
    let row = &mut dst[i * n..(i + 1) * n];
    row.fill(0.0);
    let k = src.len().min(n);
    row[..k].copy_from_slice(&src[..k]);
}

fn copy_tree(c: &Compiled, m: &mut mjModel) -> CResult<()> {
    let nbody = m.nbody as usize;
    let nv = m.nv as usize;
    let (nub, nuj, nug, nus, nuc) = (
        c.nuser_body as usize,
        c.nuser_jnt as usize,
        c.nuser_geom as usize,
        c.nuser_site as usize,
        c.nuser_cam as usize,
    );

    let mut jntadr = 0usize;
    let mut dofadr = 0usize;
    let mut qposadr = 0usize;
    let mut bvhadr = 0usize;
    let mut lastdof = vec![-1i32; nbody];

    let a = mm::split(m);
    let body_simple = a.body_simple;
    let body_rootid = a.body_rootid;
    let body_parentid = a.body_parentid;
    let body_dofnum = a.body_dofnum;
    let qpos0 = a.qpos0;
    let qpos_spring = a.qpos_spring;
    let dof_parentid = a.dof_parentid;

    for i in 0..nbody {
        let pb = &c.bodies[i];
        let b = &pb.s;
        let par = if i > 0 { Some(b.parent) } else { None };
        body_parentid[i] = par.unwrap_or(0) as i32;
        a.body_weldid[i] = pb.weldid;
        a.body_mocapid[i] = pb.mocapid;
        a.body_jntnum[i] = pb.joints.len() as i32;
        a.body_jntadr[i] = if pb.joints.is_empty() { -1 } else { jntadr as i32 };
        body_dofnum[i] = pb.dofnum;
        a.body_dofadr[i] = if pb.dofnum != 0 { dofadr as i32 } else { -1 };
        a.body_geomnum[i] = pb.geoms.len() as i32;
        a.body_geomadr[i] = pb.geoms.first().map(|&g| g as i32).unwrap_or(-1);
        a.body_pos[3 * i..3 * i + 3].copy_from_slice(&b.pos);
        a.body_quat[4 * i..4 * i + 4].copy_from_slice(&b.quat);
        a.body_ipos[3 * i..3 * i + 3].copy_from_slice(&b.ipos);
        a.body_iquat[4 * i..4 * i + 4].copy_from_slice(&b.iquat);
        a.body_mass[i] = b.mass;
        a.body_inertia[3 * i..3 * i + 3].copy_from_slice(&b.inertia);
        a.body_gravcomp[i] = b.gravcomp;
        copy_user(a.body_user, i, nub, &b.userdata);
        a.body_contype[i] = pb.contype;
        a.body_conaffinity[i] = pb.conaffinity;
        a.body_margin[i] = pb.margin;

        let nb = pb.bvh.nodeid.len();
        a.body_bvhadr[i] = if nb > 0 { bvhadr as i32 } else { -1 };
        a.body_bvhnum[i] = nb as i32;
        if nb > 0 {
            a.bvh_aabb[6 * bvhadr..6 * (bvhadr + nb)].copy_from_slice(&pb.bvh.aabb);
            a.bvh_child[2 * bvhadr..2 * (bvhadr + nb)].copy_from_slice(&pb.bvh.child);
            a.bvh_depth[bvhadr..bvhadr + nb].copy_from_slice(&pb.bvh.depth);
            a.bvh_nodeid[bvhadr..bvhadr + nb].copy_from_slice(&pb.bvh.nodeid);
        }
        bvhadr += nb;

        let cntfree = pb.joints.iter().filter(|&&j| c.joints[j].s.r#type == mjJNT_FREE as i32).count();
        if cntfree > 1 || (cntfree == 1 && pb.joints.len() > 1) {
            return Err(CompileError::elem("free joint can only appear by itself", &b.name, i as i64, &b.info));
        }
        if cntfree > 0 && par.is_some_and(|p| p != 0) {
            return Err(CompileError::elem("free joint can only be used on top level", &b.name, i as i64, &b.info));
        }
        body_rootid[i] = if i == 0 || par == Some(0) { i as i32 } else { body_rootid[par.unwrap_or(0)] };
        lastdof[i] = par.map(|p| lastdof[p]).unwrap_or(-1);

        let sameframe = if is_null_pose(Some(&b.ipos), Some(&b.iquat)) {
            mjSAMEFRAME_BODY as i32
        } else if is_null_pose(None, Some(&b.iquat)) {
            mjSAMEFRAME_BODYROT as i32
        } else {
            mjSAMEFRAME_NONE as i32
        };
        a.body_sameframe[i] = sameframe as u8;
        let pid = body_parentid[i] as usize;
        body_simple[i] = (sameframe == mjSAMEFRAME_BODY as i32
            && (body_rootid[i] == i as i32 || (body_parentid[pid] == 0 && body_dofnum[pid] == 0)))
            as u8;
        if body_parentid[i] > 0 {
            body_simple[body_parentid[i] as usize] = 0;
        }

        let mut rotfound = false;
        for &jid in &pb.joints {
            let cj = &c.joints[jid];
            let j = &cj.s;
            a.jnt_type[jid] = j.r#type;
            a.jnt_group[jid] = j.group;
            a.jnt_limited[jid] = cj.is_limited() as u8;
            a.jnt_actfrclimited[jid] = cj.is_actfrclimited() as u8;
            a.jnt_actgravcomp[jid] = (j.actgravcomp != 0) as u8;
            a.jnt_qposadr[jid] = cj.qposadr;
            a.jnt_dofadr[jid] = cj.dofadr;
            a.jnt_bodyid[jid] = i as i32;
            a.jnt_pos[3 * jid..3 * jid + 3].copy_from_slice(&j.pos);
            a.jnt_axis[3 * jid..3 * jid + 3].copy_from_slice(&j.axis);
            a.jnt_stiffness[jid] = j.stiffness;
            a.jnt_range[2 * jid..2 * jid + 2].copy_from_slice(&j.range);
            a.jnt_actfrcrange[2 * jid..2 * jid + 2].copy_from_slice(&j.actfrcrange);
            a.jnt_solref[mjNREF * jid..mjNREF * (jid + 1)].copy_from_slice(&j.solref_limit);
            a.jnt_solimp[mjNIMP * jid..mjNIMP * (jid + 1)].copy_from_slice(&j.solimp_limit);
            a.jnt_margin[jid] = j.margin;
            copy_user(a.jnt_user, jid, nuj, &j.userdata);

            let aligned =
                ((j.axis[0].abs() > EPS) as i32 + (j.axis[1].abs() > EPS) as i32 + (j.axis[2].abs() > EPS) as i32) == 1;
            let scalar = j.r#type == mjJNT_HINGE as i32 || j.r#type == mjJNT_SLIDE as i32;
            if rotfound || !is_null_pose(Some(&j.pos), None) || (scalar && !aligned) {
                body_simple[i] = 0;
            }
            if j.r#type == mjJNT_BALL as i32 || j.r#type == mjJNT_HINGE as i32 {
                rotfound = true;
            }
            match j.r#type {
                x if x == mjJNT_FREE as i32 => {
                    qpos0[qposadr..qposadr + 3].copy_from_slice(&b.pos);
                    qpos0[qposadr + 3..qposadr + 7].copy_from_slice(&b.quat);
                    let v: [f64; 7] = qpos0[qposadr..qposadr + 7].try_into().unwrap_or([0.0; 7]);
                    qpos_spring[qposadr..qposadr + 7].copy_from_slice(&v);
                }
                x if x == mjJNT_BALL as i32 => {
                    qpos0[qposadr..qposadr + 4].copy_from_slice(&[1.0, 0.0, 0.0, 0.0]);
                    qpos_spring[qposadr..qposadr + 4].copy_from_slice(&[1.0, 0.0, 0.0, 0.0]);
                }
                _ => {
                    qpos0[qposadr] = j.r#ref;
                    qpos_spring[qposadr] = j.springref;
                }
            }
            for _ in 0..cj.nv() {
                a.dof_bodyid[dofadr] = i as i32;
                a.dof_jntid[dofadr] = jid as i32;
                a.dof_solref[mjNREF * dofadr..mjNREF * (dofadr + 1)].copy_from_slice(&j.solref_friction);
                a.dof_solimp[mjNIMP * dofadr..mjNIMP * (dofadr + 1)].copy_from_slice(&j.solimp_friction);
                a.dof_frictionloss[dofadr] = j.frictionloss;
                a.dof_armature[dofadr] = j.armature;
                a.dof_damping[dofadr] = j.damping;
                dof_parentid[dofadr] = lastdof[i];
                lastdof[i] = dofadr as i32;
                dofadr += 1;
            }
            jntadr += 1;
            qposadr += cj.nq() as usize;
        }
        if body_simple[i] != 0 && body_dofnum[i] != 0 {
            body_simple[i] = 2;
            for &jid in &pb.joints {
                if c.joints[jid].s.r#type != mjJNT_SLIDE as i32 {
                    body_simple[i] = 1;
                    break;
                }
            }
        }

        for &gid in &pb.geoms {
            let cg = &c.geoms[gid];
            let g = &cg.s;
            a.geom_type[gid] = g.r#type;
            a.geom_contype[gid] = g.contype;
            a.geom_conaffinity[gid] = g.conaffinity;
            a.geom_condim[gid] = g.condim;
            a.geom_bodyid[gid] = i as i32;
            a.geom_dataid[gid] = cg.meshref.or(cg.hfield).map_or(-1, |h| h as i32);
            a.geom_matid[gid] = cg.matid;
            a.geom_group[gid] = g.group;
            a.geom_priority[gid] = g.priority;
            a.geom_size[3 * gid..3 * gid + 3].copy_from_slice(&g.size);
            a.geom_aabb[6 * gid..6 * gid + 6].copy_from_slice(&cg.aabb);
            a.geom_pos[3 * gid..3 * gid + 3].copy_from_slice(&g.pos);
            a.geom_quat[4 * gid..4 * gid + 4].copy_from_slice(&g.quat);
            a.geom_friction[3 * gid..3 * gid + 3].copy_from_slice(&g.friction);
            a.geom_solmix[gid] = g.solmix;
            a.geom_solref[mjNREF * gid..mjNREF * (gid + 1)].copy_from_slice(&g.solref);
            a.geom_solimp[mjNIMP * gid..mjNIMP * (gid + 1)].copy_from_slice(&g.solimp);
            a.geom_margin[gid] = g.margin;
            a.geom_gap[gid] = g.gap;
            a.geom_fluid[mjNFLUID * gid..mjNFLUID * (gid + 1)].copy_from_slice(&cg.fluid);
            copy_user(a.geom_user, gid, nug, &g.userdata);
            a.geom_rgba[4 * gid..4 * gid + 4].copy_from_slice(&g.rgba);
            a.geom_sameframe[gid] = frame_kind(&g.pos, &g.quat, &b.ipos, &b.iquat) as u8;
            let s = &g.size;
            let hs = cg.hfield.map(|h| c.x.hfields[h].s.size);
            a.geom_rbound[gid] = match g.r#type {
                x if x == mjtGeom_::mjGEOM_HFIELD as i32 => {
                    let h = hs.unwrap_or_default();
                    (h[0] * h[0] + h[1] * h[1] + (h[2] * h[2]).max(h[3] * h[3])).sqrt()
                }
                x if x == mjtGeom_::mjGEOM_SPHERE as i32 => s[0],
                x if x == mjtGeom_::mjGEOM_CAPSULE as i32 => s[0] + s[1],
                x if x == mjtGeom_::mjGEOM_CYLINDER as i32 => (s[0] * s[0] + s[1] * s[1]).sqrt(),
                x if x == mjtGeom_::mjGEOM_ELLIPSOID as i32 => s[0].max(s[1]).max(s[2]),
                x if x == mjtGeom_::mjGEOM_BOX as i32 => (s[0] * s[0] + s[1] * s[1] + s[2] * s[2]).sqrt(),
                x if x == mjtGeom_::mjGEOM_MESH as i32 || x == mjtGeom_::mjGEOM_SDF as i32 => {
                    let a = cg.mesh.map_or([0.0; 6], |k| c.x.meshes[k].aamm);
                    let h = [a[0].abs().max(a[3].abs()), a[1].abs().max(a[4].abs()), a[2].abs().max(a[5].abs())];
                    (h[0] * h[0] + h[1] * h[1] + h[2] * h[2]).sqrt()
                }
                _ => 0.0,
            };
        }

        for &sid in &pb.sites {
            let cs = &c.sites[sid];
            let s = &cs.s;
            a.site_type[sid] = s.r#type;
            a.site_bodyid[sid] = i as i32;
            a.site_matid[sid] = cs.matid;
            a.site_group[sid] = s.group;
            a.site_size[3 * sid..3 * sid + 3].copy_from_slice(&s.size);
            a.site_pos[3 * sid..3 * sid + 3].copy_from_slice(&s.pos);
            a.site_quat[4 * sid..4 * sid + 4].copy_from_slice(&s.quat);
            copy_user(a.site_user, sid, nus, &s.userdata);
            a.site_rgba[4 * sid..4 * sid + 4].copy_from_slice(&s.rgba);
            a.site_sameframe[sid] = frame_kind(&s.pos, &s.quat, &b.ipos, &b.iquat) as u8;
        }

        for &cid in &pb.cameras {
            let cc = &c.cameras[cid];
            let s = &cc.s;
            a.cam_bodyid[cid] = i as i32;
            a.cam_mode[cid] = s.mode;
            a.cam_targetbodyid[cid] = cc.targetbodyid;
            a.cam_pos[3 * cid..3 * cid + 3].copy_from_slice(&s.pos);
            a.cam_quat[4 * cid..4 * cid + 4].copy_from_slice(&s.quat);
            a.cam_orthographic[cid] = s.orthographic;
            a.cam_fovy[cid] = s.fovy;
            a.cam_ipd[cid] = s.ipd;
            a.cam_resolution[2 * cid] = s.resolution[0] as i32;
            a.cam_resolution[2 * cid + 1] = s.resolution[1] as i32;
            a.cam_sensorsize[2 * cid..2 * cid + 2].copy_from_slice(&s.sensor_size);
            a.cam_intrinsic[4 * cid..4 * cid + 4].copy_from_slice(&s.intrinsic);
            copy_user(a.cam_user, cid, nuc, &s.userdata);
        }

        for &lid in &pb.lights {
            let cl = &c.lights[lid];
            let s = &cl.s;
            a.light_bodyid[lid] = i as i32;
            a.light_mode[lid] = s.mode;
            a.light_targetbodyid[lid] = cl.targetbodyid;
            a.light_type[lid] = s.r#type;
            a.light_texid[lid] = cl.texid;
            a.light_castshadow[lid] = (s.castshadow != 0) as u8;
            a.light_active[lid] = s.active;
            a.light_pos[3 * lid..3 * lid + 3].copy_from_slice(&s.pos);
            a.light_dir[3 * lid..3 * lid + 3].copy_from_slice(&s.dir);
            a.light_bulbradius[lid] = s.bulbradius;
            a.light_intensity[lid] = s.intensity;
            a.light_range[lid] = s.range;
            a.light_attenuation[3 * lid..3 * lid + 3].copy_from_slice(&s.attenuation);
            a.light_cutoff[lid] = s.cutoff;
            a.light_exponent[lid] = s.exponent;
            a.light_ambient[3 * lid..3 * lid + 3].copy_from_slice(&s.ambient);
            a.light_diffuse[3 * lid..3 * lid + 3].copy_from_slice(&s.diffuse);
            a.light_specular[3 * lid..3 * lid + 3].copy_from_slice(&s.specular);
        }
    }

    // trees
    let dof_treeid = a.dof_treeid;
    let mut ntree = 0;
    for i in 0..nv {
        if dof_parentid[i] == -1 {
            ntree += 1;
        }
        dof_treeid[i] = ntree - 1;
    }
    let body_treeid = a.body_treeid;
    let weld = &*a.body_weldid;
    let bdofadr = &*a.body_dofadr;
    for i in 0..nbody {
        let wi = weld[i] as usize;
        body_treeid[i] = if body_dofnum[wi] != 0 { dof_treeid[bdofadr[wi] as usize] } else { -1 };
    }
    let policy = a.tree_sleep_policy;
    policy.fill(mjtSleepPolicy_::mjSLEEP_AUTO as i32);
    for i in 1..nbody {
        let s = c.bodies[i].s.sleep;
        if s != mjtSleepPolicy_::mjSLEEP_AUTO as i32 {
            let t = body_treeid[i];
            if t == -1 || t == body_treeid[i - 1] {
                let b = &c.bodies[i].s;
                return Err(CompileError::elem(
                    "sleep policy only allowed for movable root bodies",
                    &b.name,
                    i as i64,
                    &b.info,
                ));
            }
            policy[t as usize] = s;
        }
    }
    let dof_madr = a.dof_Madr;
    let mut nm = 0;
    for i in 0..nv {
        dof_madr[i] = nm;
        let mut j = i as i32;
        while j >= 0 {
            nm += 1;
            j = dof_parentid[j as usize];
        }
    }
    Ok(())
}

/// Joints given `springdamper` (time constant, damping ratio) get stiffness and damping from
/// their reference inertia.
fn auto_spring_damper(c: &Compiled, m: &mut mjModel) {
    let njnt = m.njnt as usize;
    let nv = m.nv as usize;
    for (n, j) in c.joints.iter().enumerate().take(njnt) {
        let (tc, dr) = (j.s.springdamper[0], j.s.springdamper[1]);
        if tc <= 0.0 || dr <= 0.0 {
            continue;
        }
        let adr = m.jnt_dofadr()[n] as usize;
        let ndim = j.nv() as usize;
        let invw = &m.dof_invweight0()[..nv];
        let mut inertia = 0.0;
        for i in 0..ndim {
            inertia += invw[adr + i];
        }
        inertia = ndim as f64 / mjMINVAL.max(inertia);
        let stiffness = inertia / mjMINVAL.max(tc * tc * dr * dr);
        let damping = 2.0 * inertia / mjMINVAL.max(tc);
        mm::jnt_stiffness(m)[n] = stiffness;
        mm::dof_damping(m)[adr..adr + ndim].fill(damping);
    }
}

thread_local! {
    static ENGINE_ERROR: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Error handler used while the compiler runs the engine: keeps the message.
unsafe extern "C" fn keep_engine_error(msg: *const core::ffi::c_char) {
    // SAFETY: the error handler gets null or a NUL-terminated message
    let text = if msg.is_null() {
        String::new()
    } else {
        // SAFETY: a non-null message from the plugin or engine check is NUL-terminated
        unsafe { core::ffi::CStr::from_ptr(msg) }.to_string_lossy().into_owned()
    };
    ENGINE_ERROR.with(|e| {
        let mut e = e.borrow_mut();
        if e.is_none() {
            *e = Some(text);
        }
    });
}

/// Runs `f` with an error handler that keeps the first engine error instead of reporting it,
/// as upstream's compiler turns an engine error raised while compiling into a failed compile.
fn with_engine_errors<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let saved = crate::runtime::error::tls_error();
    ENGINE_ERROR.with(|e| *e.borrow_mut() = None);
    crate::runtime::error::set_tls_error(Some(keep_engine_error));
    let out = f();
    crate::runtime::error::set_tls_error(saved);
    match ENGINE_ERROR.with(|e| e.borrow_mut().take()) {
        Some(msg) => Err(msg),
        None => Ok(out),
    }
}

/// With sleep enabled and trees that start asleep, resets a fresh mjData as upstream does at
/// the end of compiling, so that trees that cannot sleep make the model fail to load.
fn sleep_init_check(m: &mut mjModel) -> CResult<()> {
    if m.opt.enableflags & mjtEnableBit_::mjENBL_SLEEP as i32 == 0 {
        return Ok(());
    }
    let init = mjtSleepPolicy_::mjSLEEP_INIT as i32;
    if !(0..m.ntree as usize).any(|i| m.tree_sleep_policy()[i] == init) {
        return Ok(());
    }
    let Some(mut scratch) = ScratchData::new(m) else {
        return Err(CompileError::model("could not create mjData"));
    };
    let reset = with_engine_errors(|| crate::engine::reset::reset(m, scratch.get(), 0));
    drop(scratch);
    reset.map_err(|msg| CompileError::model(&format!("engine error: {}", msg)))
}

thread_local! {
    static LAST_WARNING: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Warning handler used while the compiler runs plugins: keeps the last message.
unsafe extern "C" fn keep_last_warning(msg: *const core::ffi::c_char) {
    // SAFETY: the warning handler gets null or a NUL-terminated message
    let text = if msg.is_null() {
        String::new()
    } else {
        // SAFETY: a non-null message from the plugin or engine check is NUL-terminated
        unsafe { core::ffi::CStr::from_ptr(msg) }.to_string_lossy().into_owned()
    };
    LAST_WARNING.with(|w| *w.borrow_mut() = Some(text));
}

/// With plugins, makes complete data (creating the instances) and takes one step, as upstream
/// does at the end of compiling, so that a plugin refusing its configuration fails the load.
/// The message carries the plugin's last warning (twice, as upstream reports it).
fn plugin_init_check(m: &mut mjModel) -> CResult<()> {
    if m.nplugin == 0 {
        return Ok(());
    }
    let (disable, enable) = (m.opt.disableflags, m.opt.enableflags);
    let init = mjtSleepPolicy_::mjSLEEP_INIT as i32;
    let asleep_init = enable & mjtEnableBit_::mjENBL_SLEEP as i32 != 0
        && (0..m.ntree as usize).any(|i| m.tree_sleep_policy()[i] == init);
    if !asleep_init {
        m.opt.disableflags |= mjtDisableBit_::mjDSBL_CONTACT as i32;
        m.opt.enableflags &= !(mjtEnableBit_::mjENBL_SLEEP as i32);
    }
    let saved = (crate::runtime::error::tls_error(), crate::runtime::error::tls_warning());
    ENGINE_ERROR.with(|e| *e.borrow_mut() = None);
    LAST_WARNING.with(|w| *w.borrow_mut() = None);
    crate::runtime::error::set_tls_error(Some(keep_engine_error));
    crate::runtime::error::set_tls_warning(Some(keep_last_warning));
    let scratch = ScratchData::with_plugins(m);
    let made = scratch.is_some();
    if let Some(mut scratch) = scratch {
        if !asleep_init && ENGINE_ERROR.with(|e| e.borrow().is_none()) {
            crate::engine::forward::step(m, scratch.get());
        }
        drop(scratch);
    }
    crate::runtime::error::set_tls_error(saved.0);
    crate::runtime::error::set_tls_warning(saved.1);
    m.opt.disableflags = disable;
    m.opt.enableflags = enable;
    let warning = LAST_WARNING.with(|w| w.borrow_mut().take());
    match ENGINE_ERROR.with(|e| e.borrow_mut().take()) {
        Some(msg) => {
            let mut text = format!("engine error: {}", msg);
            if let Some(w) = &warning {
                text = format!("{}\n{}\n{}", text, w, w);
            }
            Err(CompileError::model(&text))
        }
        None if !made => Err(CompileError::model("could not create mjData")),
        None => Ok(()),
    }
}
