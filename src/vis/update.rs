//! Building a whole scene: `mjv_addGeoms` in upstream's order of categories, and
//! `mjv_updateScene` (plugin decorations, geoms, cameras, lights, flexes, skins).

use crate::abi::mjtCatBit_::*;
use crate::abi::mjtVisFlag_::*;
use crate::abi::mjtWarning_::*;
use crate::abi::*;
use crate::vis::{contact, decor, objects, scene, skin};

/// Appends the scene geoms of every category in `catmask` (`mjv_addGeoms`): model objects
/// first (flexes, skins, geoms, sites, tendons, slider-cranks), then the decor elements. Static
/// geoms are left out unless `mjVIS_STATIC` is on. Stops quietly (setting `scn.status`) when
/// the scene is full.
pub fn add_geoms(
    m: &mjModel,
    d: &mut mjData,
    opt: &mjvOption,
    pert: Option<&mjvPerturb>,
    mut catmask: i32,
    scn: &mut mjvScene,
) {
    // SAFETY: mjvPerturb is plain old data (numbers); all-zero is a valid value
    let mut local: mjvPerturb = unsafe { core::mem::zeroed() };
    scene::default_perturb(&mut local);
    let pert = pert.unwrap_or(&local);
    if opt.flags[mjVIS_STATIC as usize] == 0 {
        catmask &= !(mjCAT_STATIC as i32);
    }
    let d = &*d;

    objects::add_flex_geoms(m, d, opt, pert, catmask, scn);
    objects::add_skin_geoms(m, d, opt, pert, catmask, scn);
    objects::add_geom_geoms(m, d, opt, pert, catmask, scn);
    objects::add_site_geoms(m, d, opt, pert, catmask, scn);
    objects::add_tendon_geoms(m, d, opt, catmask, scn);
    objects::add_slidercrank_geoms(m, d, opt, catmask, scn);

    if catmask & mjCAT_DECOR as i32 == 0 {
        return;
    }
    decor::add_geom_frames(m, d, opt, catmask, scn);
    decor::add_site_frames(m, d, opt, catmask, scn);
    decor::add_body_bvh(m, d, opt, scn);
    decor::add_flex_bvh(m, d, opt, scn);
    decor::add_mesh_bvh(m, d, opt, scn);
    decor::add_mesh_octree(m, d, opt, scn);
    decor::add_tactile(m, d, opt, scn);
    decor::add_inertia(m, d, opt, pert, catmask, scn);
    decor::add_perturb(m, d, opt, pert, scn);
    decor::add_body_frames(m, d, opt, catmask, scn);
    decor::add_selection_point(m, d, opt, pert, scn);
    decor::add_body_labels(m, d, opt, pert, catmask, scn);
    decor::add_joints(m, d, opt, scn);
    decor::add_actuators(m, d, opt, scn);
    decor::add_island_labels(m, d, opt, scn);
    decor::add_cameras(m, d, opt, scn);
    decor::add_lights(m, d, opt, scn);
    decor::add_com(m, d, opt, scn);
    decor::add_autoconnect(m, d, opt, scn);
    decor::add_rangefinders(m, d, opt, scn);
    decor::add_applied_forces(m, d, opt, scn);
    decor::add_equality(m, d, opt, scn);
    contact::add_contacts(m, d, opt, scn);
}

/// Rebuilds the scene (`mjv_updateScene`): plugins' `visualize` hooks add their geoms first,
/// then [`add_geoms`], the cameras, the lights, and the flex and skin buffers when shown; a
/// full scene raises the `mjWARN_VGEOMFULL` warning.
pub fn update_scene(
    m: &mjModel,
    d: &mut mjData,
    opt: &mjvOption,
    pert: Option<&mjvPerturb>,
    cam: Option<&mut mjvCamera>,
    catmask: i32,
    scn: &mut mjvScene,
) {
    scn.ngeom = 0;
    scn.status = 0;

    if m.nplugin > 0 {
        let slots = m.plugin();
        for (i, &slot) in slots.iter().enumerate() {
            let p = crate::runtime::plugin::plugin_at_slot(slot);
            if p.is_null() {
                crate::mjerror!("mjv_updateScene", "invalid plugin slot: {}", slot);
                return;
            }
            // SAFETY: a non-null slot's plugin is a registered mjpPlugin, which the plugin table
            // keeps for the life of the process; its `visualize` hook is C code with upstream's
            // contract (model, data, options and scene of this call, plugin instance id)
            unsafe {
                if let Some(f) = (*p).visualize {
                    f(m, d, opt, scn, i as i32);
                }
            }
        }
    }

    add_geoms(m, d, opt, pert, catmask, scn);
    if let Some(cam) = cam {
        crate::vis::camera::update_camera(m, d, cam, scn);
    }
    crate::vis::lights::make_lights(m, d, scn);
    if objects::flex_shown(opt) {
        skin::update_flex(m, d, scn, opt);
    }
    if opt.flags[mjVIS_SKIN as usize] != 0 {
        skin::update_skin(m, d, scn, opt);
    }
    if scn.status != 0 {
        crate::engine::warning(d, mjWARN_VGEOMFULL, scn.maxgeom);
    }
}
