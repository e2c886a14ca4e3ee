//! Scene geoms of the model's own objects: flexes, skins, geoms, sites, spatial tendons (with
//! the catenary of slack two-point tendons) and slider-crank transmissions.

use crate::abi::mjtCatBit_::*;
use crate::abi::mjtConstraint_::*;
use crate::abi::mjtDisableBit_::*;
use crate::abi::mjtEnableBit_::*;
use crate::abi::mjtGeom_::*;
use crate::abi::mjtLabel_::*;
use crate::abi::mjtObj_::*;
use crate::abi::mjtTrn_::*;
use crate::abi::mjtVisFlag_::*;
use crate::abi::*;
use crate::engine::{v3, v9};
use crate::math::blas::{add_to3, dot3, norm3, scl3, sub3};
use crate::math::misc::{n2f, round};
use crate::vis::catenary::catenary;
use crate::vis::geom::*;

fn f4(s: &[f32], i: usize) -> [f32; 4] {
    [s[4 * i], s[4 * i + 1], s[4 * i + 2], s[4 * i + 3]]
}

/// True when any flex element is shown.
pub fn flex_shown(opt: &mjvOption) -> bool {
    let f = &opt.flags;
    f[mjVIS_FLEXVERT as usize] != 0
        || f[mjVIS_FLEXEDGE as usize] != 0
        || f[mjVIS_FLEXFACE as usize] != 0
        || f[mjVIS_FLEXSKIN as usize] != 0
}

/// One geom per shown flex (its vertices, edges and faces are drawn from the scene's flex
/// buffers).
pub fn add_flex_geoms(m: &mjModel, d: &mjData, opt: &mjvOption, pert: &mjvPerturb, catmask: i32, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    let category = mjCAT_DYNAMIC as i32;
    if category & catmask == 0 || !flex_shown(opt) {
        return;
    }
    for i in 0..m.nflex as usize {
        if opt.flexgroup[group(m.flex_group()[i])] == 0 {
            continue;
        }
        let Some(g) = acquire(scn, i as i32, category, mjOBJ_FLEX as i32) else { return };
        let adr = m.flex_vertadr()[i] as usize;
        init_geom(g, mjGEOM_FLEX as i32, None, Some(v3(dr.flexvert_xpos, adr)), None, None);
        g.size[0] = m.flex_radius()[i] as f32;
        set_material(m, g, m.flex_matid()[i], &f4(m.flex_rgba(), i), &opt.flags);
        if m.flex_texcoordadr()[i] >= 0 {
            g.texcoord = 1;
        } else {
            g.matid = -1;
        }
        if pert.flexselect == i as i32 {
            mark_selected(&m.vis, g);
        }
        if g.rgba[3] == 0.0 {
            continue;
        }
        if opt.label == mjLABEL_FLEX as i32 {
            make_label(m, mjOBJ_FLEX as i32, i as i32, &mut g.label);
        }
        release(scn);
    }
}

/// One geom per shown skin (its mesh comes from the scene's skin buffers).
pub fn add_skin_geoms(m: &mjModel, d: &mjData, opt: &mjvOption, pert: &mjvPerturb, catmask: i32, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    let category = mjCAT_DYNAMIC as i32;
    if category & catmask == 0 || opt.flags[mjVIS_SKIN as usize] == 0 {
        return;
    }
    for i in 0..m.nskin as usize {
        if opt.skingroup[group(m.skin_group()[i])] == 0 {
            continue;
        }
        let Some(g) = acquire(scn, i as i32, category, mjOBJ_SKIN as i32) else { return };
        let bone = m.skin_bonebodyid()[m.skin_boneadr()[i] as usize] as usize;
        init_geom(g, mjGEOM_SKIN as i32, None, Some(v3(dr.xpos, bone)), None, None);
        set_material(m, g, m.skin_matid()[i], &f4(m.skin_rgba(), i), &opt.flags);
        if pert.skinselect == i as i32 {
            mark_selected(&m.vis, g);
        }
        if m.skin_texcoordadr()[i] >= 0 {
            g.texcoord = 1;
        }
        if g.rgba[3] == 0.0 {
            continue;
        }
        if opt.label == mjLABEL_SKIN as i32 {
            make_label(m, mjOBJ_SKIN as i32, i as i32, &mut g.label);
        }
        release(scn);
    }
}

/// The model's geoms: pose, size, material, island colours, selection glow, labels; meshes
/// refer to the original or convex-hull render mesh, planes to their plane index and are
/// re-centred under the viewer when infinite.
pub fn add_geom_geoms(m: &mjModel, d: &mjData, opt: &mjvOption, pert: &mjvPerturb, catmask: i32, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    let mut planeid = -1;
    let gtype = m.geom_type();
    let campos = [scn.camera[0].pos, scn.camera[1].pos];
    for i in 0..m.ngeom as usize {
        if gtype[i] == mjGEOM_PLANE as i32 {
            planeid += 1;
        }
        let body = m.geom_bodyid()[i] as usize;
        let category = body_category(m, body);
        if category & catmask == 0 || opt.geomgroup[group(m.geom_group()[i])] == 0 {
            continue;
        }
        let Some(g) = acquire(scn, i as i32, category, mjOBJ_GEOM as i32) else { return };
        init_geom(g, gtype[i], Some(v3(m.geom_size(), i)), Some(v3(dr.geom_xpos, i)), Some(v9(dr.geom_xmat, i)), None);
        g.dataid = m.geom_dataid()[i];
        g.modelrbound = m.geom_rbound()[i] as f32;
        set_material(m, g, m.geom_matid()[i], &f4(m.geom_rgba(), i), &opt.flags);

        if opt.flags[mjVIS_ISLAND as usize] != 0 {
            let weld = m.body_weldid()[body] as usize;
            if m.body_dofnum()[weld] != 0 {
                g.matid = -1;
                let dof = m.body_dofadr()[weld] as usize;
                let island = if d.nisland != 0 { dr.dof_island[dof] } else { -1 };
                let mut h = if island >= 0 { dr.island_dofadr[island as usize] } else { -1 };
                let awake = dr.body_awake[body];
                if h == -1 && m.opt.enableflags & mjENBL_SLEEP as i32 != 0 {
                    let mut tree = m.dof_treeid()[dof];
                    if awake == 0 {
                        tree = crate::engine::sleep::sleep_cycle(dr.tree_asleep, tree);
                    }
                    h = m.tree_dofadr().get(tree as usize).copied().unwrap_or(-1);
                }
                island_color(&mut g.rgba, h, awake != 0);
            }
        }

        let is_mesh = gtype[i] == mjGEOM_MESH as i32 || gtype[i] == mjGEOM_SDF as i32;
        let dataid = m.geom_dataid()[i];
        if is_mesh && dataid >= 0 && m.mesh_texcoordadr()[dataid as usize] >= 0 {
            g.texcoord = 1;
        }
        if g.rgba[3] == 0.0 {
            continue;
        }
        if pert.select > 0 && pert.select == body as i32 {
            mark_selected(&m.vis, g);
        }
        if opt.label == mjLABEL_GEOM as i32 {
            make_label(m, mjOBJ_GEOM as i32, i as i32, &mut g.label);
        }

        if is_mesh {
            g.dataid *= 2;
            if dataid >= 0
                && m.mesh_graphadr()[dataid as usize] >= 0
                && opt.flags[mjVIS_CONVEXHULL as usize] != 0
                && (m.geom_contype()[i] != 0 || m.geom_conaffinity()[i] != 0)
            {
                g.dataid += 1;
            }
        } else if gtype[i] == mjGEOM_PLANE as i32 {
            g.dataid = planeid;
            let mut pos = *v3(dr.geom_xpos, i);
            let size = v3(m.geom_size(), i);
            if size[0] <= 0.0 || size[1] <= 0.0 {
                let gp = v3(dr.geom_xpos, i);
                let mut vec = [0.0; 3];
                for j in 0..3 {
                    vec[j] = 0.5 * (campos[0][j] + campos[1][j]) as f64 - gp[j];
                }
                let xmat = v9(dr.geom_xmat, i);
                for k in 0..2 {
                    if size[k] > 0.0 {
                        continue;
                    }
                    let axis = [xmat[k], xmat[3 + k], xmat[6 + k]];
                    let zfar = m.vis.map.zfar as f64 * m.stat.extent;
                    let matid = m.geom_matid()[i];
                    let sx = if matid >= 0 && m.mat_texrepeat()[2 * matid as usize + k] > 0.0 {
                        (2.0 / m.mat_texrepeat()[2 * matid as usize + k]) as f64
                    } else {
                        2.1 * zfar / (mjMAXPLANEGRID as f64 - 2.0)
                    };
                    let dx = dot3(&vec, &axis);
                    let dx = 2.0 * sx * round(0.5 * dx / sx) as f64;
                    for j in 0..3 {
                        pos[j] += axis[j] * dx;
                    }
                }
            }
            n2f(&mut g.pos, &pos);
        }
        release(scn);
    }
}

/// The model's sites.
pub fn add_site_geoms(m: &mjModel, d: &mjData, opt: &mjvOption, pert: &mjvPerturb, catmask: i32, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    for i in 0..m.nsite as usize {
        let body = m.site_bodyid()[i];
        let category = body_category(m, body as usize);
        if category & catmask == 0 || opt.sitegroup[group(m.site_group()[i])] == 0 {
            continue;
        }
        let Some(g) = acquire(scn, i as i32, category, mjOBJ_SITE as i32) else { return };
        init_geom(
            g,
            m.site_type()[i],
            Some(v3(m.site_size(), i)),
            Some(v3(dr.site_xpos, i)),
            Some(v9(dr.site_xmat, i)),
            None,
        );
        set_material(m, g, m.site_matid()[i], &f4(m.site_rgba(), i), &opt.flags);
        if g.rgba[3] == 0.0 {
            continue;
        }
        if pert.select > 0 && pert.select == body {
            mark_selected(&m.vis, g);
        }
        if opt.label == mjLABEL_SITE as i32 {
            make_label(m, mjOBJ_SITE as i32, i as i32, &mut g.label);
        }
        release(scn);
    }
}

/// First dof of the island of constraint row `efc` (-1 when the row has no island).
pub fn island_first_dof(m: &mjModel, d: &mjData, efc: i32) -> i32 {
    let dr = d.arrays(m);
    let island = dr.efc_island.get(efc as usize).copied().unwrap_or(-1);
    dr.island_dofadr.get(island as usize).copied().unwrap_or(-1)
}

/// Impedance of the limit row of object `id` of constraint type `ctype` among the limit rows
/// (0 when it is not limited; the last such row counts).
pub fn limit_impedance(m: &mjModel, d: &mjData, ctype: i32, id: i32) -> f64 {
    let dr = d.arrays(m);
    let start = (d.ne + d.nf) as usize;
    let end = start + d.nl as usize;
    let (typ, eid, kbip) = (dr.efc_type, dr.efc_id, dr.efc_KBIP);
    let mut imp = 0.0;
    for k in start..end {
        if typ[k] == ctype && eid[k] == id {
            imp = kbip[4 * k + 2];
        }
    }
    imp
}

/// Spatial tendons as capsules along their paths (thinner inside wrapping objects), coloured
/// by their limit state; a slack two-site tendon under gravity hangs as a catenary.
pub fn add_tendon_geoms(m: &mjModel, d: &mjData, opt: &mjvOption, catmask: i32, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    let category = mjCAT_DYNAMIC as i32;
    if category & catmask == 0 || opt.flags[mjVIS_TENDON as usize] == 0 {
        return;
    }
    let (wrapadr, wrapnum, wrap_obj, wrap_xpos) = (dr.ten_wrapadr, dr.ten_wrapnum, dr.wrap_obj, dr.wrap_xpos);
    for i in 0..m.ntendon as usize {
        if opt.tendongroup[group(m.tendon_group()[i])] == 0 {
            continue;
        }
        let stiffness = m.tendon_stiffness()[i];
        let lengthspring = &m.tendon_lengthspring()[2 * i..2 * i + 2];
        let limitedspring = stiffness > 0.0 && lengthspring[0] == 0.0 && lengthspring[1] > 0.0;
        let range = &m.tendon_range()[2 * i..2 * i + 2];
        let limitedconstraint =
            stiffness == 0.0 && m.tendon_limited()[i] == 1 && range[0] == 0.0 && dr.ten_length[i] < range[1];
        let mut draw_catenary = m.opt.disableflags & mjDSBL_GRAVITY as i32 == 0
            && norm3(&m.opt.gravity) > mjMINVAL
            && m.tendon_num()[i] == 2
            && limitedspring != limitedconstraint
            && m.tendon_damping()[i] == 0.0
            && m.tendon_frictionloss()[i] == 0.0;
        if draw_catenary {
            for j in 0..m.nu as usize {
                if m.actuator_trntype()[j] == mjTRN_TENDON as i32 && m.actuator_trnid()[2 * j] == i as i32 {
                    draw_catenary = false;
                    break;
                }
            }
        }

        let adr = wrapadr[i] as usize;
        if !draw_catenary {
            let end = (wrapadr[i] + wrapnum[i] - 1).max(wrapadr[i]) as usize;
            for j in adr..end {
                if wrap_obj[j] == -2 || wrap_obj[j + 1] == -2 {
                    continue;
                }
                let Some(g) = acquire(scn, i as i32, category, mjOBJ_TENDON as i32) else { return };
                let width = if wrap_obj[j] >= 0 && wrap_obj[j + 1] >= 0 {
                    0.5 * m.tendon_width()[i]
                } else {
                    m.tendon_width()[i]
                };
                connector(g, mjGEOM_CAPSULE as i32, width, v3(wrap_xpos, j), v3(wrap_xpos, j + 1));

                let matid = m.tendon_matid()[i];
                let mut rgba = f4(m.tendon_rgba(), i);
                if matid == -1 && rgba == [0.5, 0.5, 0.5, 1.0] {
                    let imp = limit_impedance(m, d, mjCNSTR_LIMIT_TENDON as i32, i as i32);
                    let c = &m.vis.rgba.constraint;
                    for k in 0..3 {
                        rgba[k] = ((1.0 - imp) * rgba[k] as f64 + imp * c[k] as f64) as f32;
                    }
                }
                set_material(m, g, matid, &rgba, &opt.flags);

                if opt.flags[mjVIS_ISLAND as usize] != 0 {
                    g.matid = -1;
                    let mut h = -1;
                    if d.nisland != 0 {
                        let efcadr = dr.tendon_efcadr[i];
                        if efcadr >= 0 {
                            h = island_first_dof(m, d, efcadr);
                        }
                    }
                    island_color(&mut g.rgba, h, true);
                }
                if opt.label == mjLABEL_TENDON as i32 && j == adr {
                    make_label(m, mjOBJ_TENDON as i32, i as i32, &mut g.label);
                }
                release(scn);
            }
        } else {
            // (a fixed tendon can get here too; its wrap points are whatever the slots hold)
            let point =
                |k: usize| -> [f64; 3] { wrap_xpos.get(3 * k..3 * k + 3).map_or([0.0; 3], |p| [p[0], p[1], p[2]]) };
            let (x0, x1) = (point(adr), point(adr + 1));
            let length = if limitedconstraint { range[1] } else { lengthspring[1] };
            let ncatenary = (m.vis.quality.numslices + 1).min(100);
            let mut points = [0.0; 300];
            let npoints = catenary(&x0, &x1, &m.opt.gravity, length, &mut points, ncatenary.max(0) as usize);
            for j in 0..npoints.saturating_sub(1) {
                let Some(g) = acquire(scn, i as i32, category, mjOBJ_TENDON as i32) else { return };
                connector(g, mjGEOM_CAPSULE as i32, m.tendon_width()[i], v3(&points, j), v3(&points, j + 1));
                set_material(m, g, m.tendon_matid()[i], &f4(m.tendon_rgba(), i), &opt.flags);
                if opt.label == mjLABEL_TENDON as i32 && npoints / 2 != 0 {
                    make_label(m, mjOBJ_TENDON as i32, i as i32, &mut g.label);
                }
                release(scn);
            }
        }
    }
}

/// Slider-crank transmissions: the slider as a cylinder and the rod as a capsule (coloured as
/// broken when the rod cannot reach).
pub fn add_slidercrank_geoms(m: &mjModel, d: &mjData, opt: &mjvOption, catmask: i32, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    let category = mjCAT_DYNAMIC as i32;
    if category & catmask == 0 {
        return;
    }
    let scl = m.stat.meansize as f32;
    let (sxpos, sxmat) = (dr.site_xpos, dr.site_xmat);
    for i in 0..m.nu as usize {
        if m.actuator_trntype()[i] != mjTRN_SLIDERCRANK as i32 {
            continue;
        }
        let j = m.actuator_trnid()[2 * i] as usize;
        let k = m.actuator_trnid()[2 * i + 1] as usize;
        let rod = m.actuator_cranklength()[i];
        let axis = [sxmat[9 * k + 2], sxmat[9 * k + 5], sxmat[9 * k + 8]];
        let vec = sub3(v3(sxpos, j), v3(sxpos, k));
        let mut len = dot3(&vec, &axis);
        let mut det = len * len + rod * rod - dot3(&vec, &vec);
        let mut broken = false;
        if det < 0.0 {
            det = 0.0;
            broken = true;
        }
        len -= det.sqrt();
        let mut end = scl3(&axis, len);
        add_to3(&mut end, v3(sxpos, k));

        let width = scl * m.vis.scale.slidercrank;
        let Some(g) = acquire(scn, i as i32, category, mjOBJ_ACTUATOR as i32) else { return };
        connector(g, mjGEOM_CYLINDER as i32, width as f64, v3(sxpos, k), &end);
        g.rgba = m.vis.rgba.slidercrank;
        if opt.label == mjLABEL_ACTUATOR as i32 {
            make_label(m, mjOBJ_ACTUATOR as i32, i as i32, &mut g.label);
        }
        release(scn);

        let Some(g) = acquire(scn, i as i32, category, mjOBJ_ACTUATOR as i32) else { return };
        connector(g, mjGEOM_CAPSULE as i32, width as f64 / 2.0, &end, v3(sxpos, j));
        g.rgba = if broken { m.vis.rgba.crankbroken } else { m.vis.rgba.slidercrank };
        release(scn);
    }
}
