//! What a successful compile leaves with the spec: a copy of the compiled model (the source of
//! the compiled values the MJCF writer saves: positions and orientations in body frames,
//! sizes, computed inertias, ranges in radians) and the spec's options, visual and statistic
//! settings as they were compiled. `mj_copyBack` (upstream's `mjCModel::CopyBack`) overwrites
//! the values it covers with those of a model the caller changed.

use crate::abi::*;

/// The compiled state of a spec.
pub struct Snapshot {
    /// private copy of the compiled model (owned; freed on drop)
    model: *mut mjModel,
    pub option: mjOption,
    pub visual: mjVisual,
    /// statistic settings as given (NaN: computed), changed by `copy_back`
    pub stat: mjStatistic,
    /// the statistics the compiler computed
    stat_auto: mjStatistic,
    /// size settings as compiled
    pub nuser: [i32; 8],
    /// `copy_back` brought a model's values in
    pub copied_back: bool,
    /// the spec as the compiler left it when it removed elements (`discardvisual`,
    /// `fusestatic`): the tree and assets the writer saves, numbered as the model
    pub tree: Option<Box<super::Spec>>,
}

// SAFETY: the snapshot owns its model copy exclusively; nothing else points into it.
unsafe impl Send for Snapshot {}
// SAFETY: as for Send; shared access only reads the model copy
unsafe impl Sync for Snapshot {}

impl Drop for Snapshot {
    fn drop(&mut self) {
        // SAFETY: `model` was made by `copy_model` and is freed only here.
        if let Some(m) = unsafe { crate::runtime::alloc::CBox::from_raw(self.model) } {
            crate::model::alloc::delete_model(m);
        }
    }
}

impl Clone for Snapshot {
    fn clone(&self) -> Self {
        // SAFETY: `self.model` is a valid model.
        let model =
            crate::model::alloc::copy_model(unsafe { &*self.model }).map_or(core::ptr::null_mut(), |m| m.into_raw());
        assert!(!model.is_null(), "out of memory copying a compiled model");
        Snapshot { model, tree: self.tree.clone(), ..*self }
    }
}

impl Snapshot {
    /// Records what compiling `spec` into `m` produced (`tree`: the spec as the compiler left
    /// it, when it removed elements).
    pub fn new(spec: &super::Spec, m: &mjModel, tree: Option<super::Spec>) -> Option<Box<Snapshot>> {
        let model = crate::model::alloc::copy_model(m).map_or(core::ptr::null_mut(), |m| m.into_raw());
        if model.is_null() {
            return None;
        }
        let mut stat = spec.stat;
        if stat.center[0].is_nan() {
            stat.center = [f64::NAN; 3];
        }
        Some(Box::new(Snapshot {
            model,
            option: spec.option,
            visual: spec.visual,
            stat,
            stat_auto: m.stat,
            copied_back: false,
            tree: tree.map(Box::new),
            nuser: [
                m.nuser_body,
                m.nuser_jnt,
                m.nuser_geom,
                m.nuser_site,
                m.nuser_cam,
                m.nuser_tendon,
                m.nuser_actuator,
                m.nuser_sensor,
            ],
        }))
    }

    /// The compiled model (with the values `copy_back` brought in).
    pub fn model(&self) -> &mjModel {
        // SAFETY: owned, valid for the snapshot's life.
        unsafe { &*self.model }
    }
}

/// Copies array fields of `src` over those of `dst` (the smaller length when they differ).
macro_rules! copy_fields {
    ($dst:expr, $src:expr, [$($f:ident),* $(,)?]) => {$(
        {
            let n = $dst.$f().len().min($src.$f().len());
            // SAFETY: both arrays hold at least n elements; different buffers.
            unsafe { core::ptr::copy_nonoverlapping($src.$f, $dst.$f, n) };
        }
    )*};
}

/// `mj_copyBack`: brings the numeric values of `m` that upstream copies back (options, visual,
/// changed statistics, reference positions, and the element parameters the engine reads) into
/// the compiled state of `spec`. `m` must have the compiled model's sizes and signature.
pub fn copy_back(spec: &mut super::Spec, m: Option<&mjModel>) -> Result<(), String> {
    let Some(m) = m else {
        return Err("Error: mjModel pointer is null in CopyBack".into());
    };
    let Some(snap) = spec.compiled.as_mut() else {
        return Err("Error: mjCModel has not been compiled in CopyBack".into());
    };
    let c = snap.model();
    let same = |a: &[i64], b: &[i64]| a == b;
    let sizes = |x: &mjModel| {
        vec![
            x.nq as i64,
            x.nv as i64,
            x.nu as i64,
            x.na as i64,
            x.nbody as i64,
            x.njnt as i64,
            x.ngeom as i64,
            x.nsite as i64,
            x.ncam as i64,
            x.nlight as i64,
            x.nmesh as i64,
            x.nskin as i64,
            x.nhfield as i64,
            x.nmat as i64,
            x.ntex as i64,
            x.npair as i64,
            x.nexclude as i64,
            x.neq as i64,
            x.ntendon as i64,
            x.nwrap as i64,
            x.nsensor as i64,
            x.nnumeric as i64,
            x.nnumericdata as i64,
            x.ntext as i64,
            x.ntextdata as i64,
            x.nnames as i64,
            x.nM as i64,
            x.nD as i64,
            x.nC as i64,
            x.nB as i64,
            x.nJmom as i64,
            x.nemax as i64,
            x.nconmax as i64,
            x.njmax as i64,
            x.npaths as i64,
        ]
    };
    if !same(&sizes(c), &sizes(m)) {
        return Err("Error: incompatible models in CopyBack".into());
    }
    if c.signature != m.signature {
        return Err("Error: incompatible signatures in CopyBack".into());
    }
    snap.copied_back = true;
    snap.option = m.opt;
    snap.visual = m.vis;
    let (a, s) = (&snap.stat_auto, &mut snap.stat);
    if m.stat.meaninertia != a.meaninertia {
        s.meaninertia = m.stat.meaninertia;
    }
    if m.stat.meanmass != a.meanmass {
        s.meanmass = m.stat.meanmass;
    }
    if m.stat.meansize != a.meansize {
        s.meansize = m.stat.meansize;
    }
    if m.stat.extent != a.extent {
        s.extent = m.stat.extent;
    }
    if m.stat.center != a.center {
        s.center = m.stat.center;
    }
    // SAFETY: the snapshot owns its model exclusively.
    let d = unsafe { &mut *snap.model };
    copy_fields!(
        d,
        m,
        [
            qpos0,
            qpos_spring,
            body_pos,
            body_quat,
            body_ipos,
            body_iquat,
            body_mass,
            body_inertia,
            body_user,
            jnt_pos,
            jnt_axis,
            jnt_stiffness,
            jnt_range,
            jnt_solref,
            jnt_solimp,
            jnt_margin,
            jnt_user,
            dof_solref,
            dof_solimp,
            dof_armature,
            dof_damping,
            dof_frictionloss,
            geom_size,
            geom_pos,
            geom_quat,
            geom_friction,
            geom_solref,
            geom_solimp,
            geom_rgba,
            geom_solmix,
            geom_margin,
            geom_gap,
            geom_user,
            mesh_pos,
            mesh_quat,
            hfield_data,
            site_size,
            site_pos,
            site_quat,
            site_rgba,
            site_user,
            cam_pos,
            cam_quat,
            cam_fovy,
            cam_ipd,
            cam_resolution,
            cam_intrinsic,
            cam_user,
            light_pos,
            light_dir,
            light_attenuation,
            light_cutoff,
            light_exponent,
            light_ambient,
            light_diffuse,
            light_specular,
            mat_texrepeat,
            mat_emission,
            mat_specular,
            mat_shininess,
            mat_reflectance,
            mat_rgba,
            pair_solref,
            pair_solreffriction,
            pair_solimp,
            pair_margin,
            pair_gap,
            pair_friction,
            eq_data,
            eq_solref,
            eq_solimp,
            tendon_range,
            tendon_actfrcrange,
            tendon_solref_lim,
            tendon_solimp_lim,
            tendon_solref_fri,
            tendon_solimp_fri,
            tendon_rgba,
            tendon_width,
            tendon_margin,
            tendon_stiffness,
            tendon_damping,
            tendon_armature,
            tendon_frictionloss,
            tendon_user,
            actuator_dynprm,
            actuator_gainprm,
            actuator_biasprm,
            actuator_ctrlrange,
            actuator_forcerange,
            actuator_actrange,
            actuator_lengthrange,
            actuator_gear,
            actuator_cranklength,
            actuator_user,
            sensor_cutoff,
            sensor_noise,
            sensor_user,
            numeric_data,
            tuple_objprm,
            key_time,
            key_qpos,
            key_qvel,
            key_act,
            key_mpos,
            key_mquat,
            key_ctrl,
        ]
    );
    Ok(())
}
