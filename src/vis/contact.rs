//! Contact decor: contact points (cylinders along the normal), contact frames and contact force
//! arrows, combined or split into normal and friction parts.

use crate::abi::mjtCatBit_::*;
use crate::abi::mjtFrame_::*;
use crate::abi::mjtGeom_::*;
use crate::abi::mjtLabel_::*;
use crate::abi::mjtObj_::*;
use crate::abi::mjtVisFlag_::*;
use crate::abi::*;
use crate::math::blas::{add3, mul_mat_vec, norm3, scl3, transpose};
use crate::math::misc::n2f;
use crate::vis::geom::*;

/// Label text of one side of a contact: the geom's name (or `g<id>`), else the flex's name (or
/// `f<id>`) with the element or vertex.
fn side_label(m: &mjModel, con: &mjContact, k: usize) -> Text<48> {
    let mut t = Text::<48>::new();
    if con.geom[k] >= 0 {
        if let Some(name) = obj_name(m, mjOBJ_GEOM as i32, con.geom[k]) {
            t.push(name.to_bytes());
        } else {
            t.fmt(format_args!("g{}", con.geom[k]));
        }
    } else {
        if let Some(name) = obj_name(m, mjOBJ_FLEX as i32, con.flex[k]) {
            t.push(name.to_bytes());
        } else {
            t.fmt(format_args!("f{}", con.flex[k]));
        }
        if con.elem[k] >= 0 {
            t.fmt(format_args!(".e{}", con.elem[k]));
        } else {
            t.fmt(format_args!(".v{}", con.vert[k]));
        }
    }
    t
}

/// Contact points (`mjVIS_CONTACTPOINT`), frames (`mjFRAME_CONTACT`) and forces
/// (`mjVIS_CONTACTFORCE`, split with `mjVIS_CONTACTSPLIT`).
pub fn add_contacts(m: &mjModel, d: &mjData, opt: &mjvOption, scn: &mut mjvScene) {
    let flags = &opt.flags;
    let show_point = flags[mjVIS_CONTACTPOINT as usize] != 0;
    let show_force = flags[mjVIS_CONTACTFORCE as usize] != 0;
    if !show_point && !show_force && opt.frame != mjFRAME_CONTACT as i32 {
        return;
    }
    let category = mjCAT_DECOR as i32;
    let objtype = mjOBJ_UNKNOWN as i32;
    let scl = m.stat.meansize;
    let contacts = d.arrays(m).contact;

    for (i, con) in contacts.iter().enumerate() {
        let efc_adr = con.efc_address;

        // normal along z
        let mut tmp = [0.0; 9];
        tmp[..6].copy_from_slice(&con.frame[3..9]);
        tmp[6..].copy_from_slice(&con.frame[..3]);
        let mut mat = [0.0; 9];
        transpose(&mut mat, &tmp, 3, 3);

        if show_point {
            let Some(g) = acquire(scn, i as i32, category, objtype) else { return };
            g.r#type = mjGEOM_CYLINDER as i32;
            let w = (m.vis.scale.contactwidth as f64 * scl) as f32;
            g.size[0] = w;
            g.size[1] = w;
            let halfheight = (m.vis.scale.contactheight as f64 * scl) as f32;
            let halfdepth = (-con.dist / 2.0) as f32;
            g.size[2] = if halfheight > halfdepth { halfheight } else { halfdepth };
            n2f(&mut g.pos, &con.pos);
            n2f(&mut g.mat, &mat);
            if flags[mjVIS_ISLAND as usize] != 0 && efc_adr >= 0 {
                let h = if d.nisland > 0 { crate::vis::objects::island_first_dof(m, d, efc_adr) } else { -1 };
                island_color(&mut g.rgba, h, true);
            } else if efc_adr >= 0 {
                g.rgba = m.vis.rgba.contactpoint;
            } else {
                g.rgba = m.vis.rgba.contactgap;
            }
            if opt.label == mjLABEL_CONTACTPOINT as i32 {
                let a = side_label(m, con, 0);
                let b = side_label(m, con, 1);
                let mut t = Text::<100>::new();
                t.push(a.bytes());
                t.push(b" | ");
                t.push(b.bytes());
                put_label(&mut g.label, t.bytes());
            }
            release(scn);
        }

        // normal along x
        transpose(&mut mat, &con.frame, 3, 3);

        if opt.frame == mjFRAME_CONTACT as i32 {
            let length = (m.vis.scale.framelength as f64 * scl / 2.0) as f32;
            let width = (m.vis.scale.framewidth as f64 * scl / 2.0) as f32;
            add_frame(scn, i as i32, &con.pos, &mat, length, width);
        }

        if efc_adr < 0 {
            continue;
        }
        let confrc = crate::engine::velocity::contact_force(m, d, i as i32);
        if !show_force {
            continue;
        }
        let mut frc = [0.0; 3];
        let n = con.dim.clamp(0, 3) as usize;
        frc[..n].copy_from_slice(&confrc[..n]);
        if norm3(&frc) < mjMINVAL {
            continue;
        }
        let split = flags[mjVIS_CONTACTSPLIT as usize] != 0 && con.dim > 1;
        let (first, last) = if split { (1, 3) } else { (0, 1) };
        for j in first..last {
            let mut vec = [0.0; 3];
            match j {
                0 => mul_mat_vec(&mut vec, &mat, &frc, 3, 3),
                1 => {
                    vec = [mat[0] * frc[0], mat[3] * frc[0], mat[6] * frc[0]];
                }
                _ => {
                    vec = [
                        mat[1] * frc[1] + mat[2] * frc[2],
                        mat[4] * frc[1] + mat[5] * frc[2],
                        mat[7] * frc[1] + mat[8] * frc[2],
                    ];
                }
            }
            vec = scl3(&vec, m.vis.map.force as f64 / m.stat.meanmass);
            let mut bf = [0i32; 2];
            for k in 0..2 {
                bf[k] = if con.geom[k] >= 0 { m.geom_bodyid()[con.geom[k] as usize] } else { m.nbody + con.flex[k] };
            }
            if bf[0] > bf[1] {
                vec = scl3(&vec, -1.0);
            }
            let Some(g) = acquire(scn, i as i32, category, objtype) else { return };
            let to = add3(&con.pos, &vec);
            let gt = if bf[0] > 0 && bf[1] > 0 && !split { mjGEOM_ARROW2 } else { mjGEOM_ARROW } as i32;
            connector(g, gt, m.vis.scale.forcewidth as f64 * scl, &con.pos, &to);
            g.rgba = if j == 2 { m.vis.rgba.contactfriction } else { m.vis.rgba.contactforce };
            if opt.label == mjLABEL_CONTACTFORCE as i32 && j == first {
                let mut t = Text::<100>::new();
                t.cnum(c"%-.3g", norm3(&frc));
                put_label(&mut g.label, t.bytes());
            }
            release(scn);
        }
    }
}
