//! The scene's lights (`mjv_makeLights`): the headlight at the viewer, then the model's active
//! lights.

use crate::abi::mjtLightType_::*;
use crate::abi::*;
use crate::engine::v3;
use crate::math::misc::n2f;
use crate::vis::camera::camera_in_model;

/// Fills `scn.lights`: the headlight (when active in the model's visual settings) along the
/// averaged camera's gaze, then every active model light at its current pose, up to
/// `mjMAXLIGHT`.
pub fn make_lights(m: &mjModel, d: &mjData, scn: &mut mjvScene) {
    let dr = d.arrays(m);
    // SAFETY: mjvLight is plain old data (numbers); all-zero is a valid value
    let zero: mjvLight = unsafe { core::mem::zeroed() };
    scn.nlight = 0;
    if m.vis.headlight.active != 0 {
        let l = &mut scn.lights[0];
        *l = zero;
        l.id = -1;
        l.headlight = 1;
        l.texid = -1;
        l.r#type = mjLIGHT_DIRECTIONAL as i32;
        l.castshadow = 0;
        l.bulbradius = 0.02;
        l.intensity = 0.0;
        l.range = 10.0;
        let (hpos, hfwd, _) = camera_in_model(scn, "mjv_cameraInModel");
        let l = &mut scn.lights[0];
        n2f(&mut l.pos, &hpos);
        n2f(&mut l.dir, &hfwd);
        l.ambient = m.vis.headlight.ambient;
        l.diffuse = m.vis.headlight.diffuse;
        l.specular = m.vis.headlight.specular;
        scn.nlight += 1;
    }

    let f3 = |s: &[f32], i: usize| [s[3 * i], s[3 * i + 1], s[3 * i + 2]];
    for i in 0..m.nlight as usize {
        if scn.nlight as usize >= mjMAXLIGHT {
            break;
        }
        if m.light_active()[i] == 0 {
            continue;
        }
        let l = &mut scn.lights[scn.nlight as usize];
        *l = zero;
        l.id = i as i32;
        l.r#type = m.light_type()[i];
        l.texid = m.light_texid()[i];
        l.castshadow = m.light_castshadow()[i];
        l.bulbradius = m.light_bulbradius()[i];
        l.intensity = m.light_intensity()[i];
        l.range = m.light_range()[i];
        if l.r#type == mjLIGHT_SPOT as i32 {
            l.attenuation = f3(m.light_attenuation(), i);
            l.exponent = m.light_exponent()[i];
            l.cutoff = m.light_cutoff()[i];
        }
        l.ambient = f3(m.light_ambient(), i);
        l.diffuse = f3(m.light_diffuse(), i);
        l.specular = f3(m.light_specular(), i);
        n2f(&mut l.pos, v3(dr.light_xpos, i));
        n2f(&mut l.dir, v3(dr.light_xdir, i));
        scn.nlight += 1;
    }
}
