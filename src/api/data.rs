//! [`Data`]: the simulation state of one model and everything computed from it.

use core::ptr::NonNull;

use super::error::{catching, Error, Result};
use super::ids::{ActuatorId, BodyId, GeomId, JointId, KeyId, SensorId, SiteId};
use super::model::Model;
use crate::abi::{mjContact, mjData, mjtState_, DataMut, DataRef};

/// The simulation state (`mjData`) of a [`Model`], with the stages that advance and evaluate it.
/// It keeps a handle to its model, so the two always match.
///
/// ```
/// use mujoco_native::{Data, Model};
/// let model = Model::from_xml_string(
///     r#"<mujoco><worldbody><body pos="0 0 1"><freejoint/><geom size="0.1"/></body></worldbody></mujoco>"#,
/// )?;
/// let mut data = Data::new(&model)?;
/// for _ in 0..100 {
///     data.step()?;
/// }
/// // free fall for 100 steps of 2 ms, semi-implicit Euler
/// let z = data.qpos()[2];
/// assert!((z - (1.0 - 0.5 * 9.81 * 0.2 * 0.202)).abs() < 1e-9, "{z}");
/// # Ok::<(), mujoco_native::Error>(())
/// ```
pub struct Data {
    model: Model,
    ptr: NonNull<mjData>,
}

// SAFETY: an mjData is plain memory owned by this value, and its model is shared read-only
// (upstream's rule: a data is used by one thread at a time, and may move between threads).
unsafe impl Send for Data {}

/// Which parts of the state [`Data::state`] and [`Data::set_state`] read and write (upstream's
/// `mjtState` bits; `FULLPHYSICS` is time, qpos, qvel, act, warmstart, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StateParts(pub u32);

impl StateParts {
    /// Time, qpos, qvel, act (`mjSTATE_PHYSICS` plus time).
    pub const FULLPHYSICS: StateParts = StateParts(mjtState_::mjSTATE_FULLPHYSICS as u32);
    /// Everything `mj_step` reads (`mjSTATE_INTEGRATION`).
    pub const INTEGRATION: StateParts = StateParts(mjtState_::mjSTATE_INTEGRATION as u32);
}

/// A simulation warning recorded in the data (`mjData.warning`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// Index of the warning kind (upstream's `mjtWarning`).
    pub kind: usize,
    /// How many times it occurred since the last reset.
    pub count: i32,
    /// The info value of its last occurrence (an index, a size).
    pub last_info: i32,
    /// Upstream's text for it (`mju_warningText`).
    pub text: String,
}

impl Data {
    /// Data for `model`, reset to its initial state (`mj_makeData`).
    pub fn new(model: &Model) -> Result<Data> {
        let p =
            catching(|| crate::engine::reset::make_data(model.raw()).map_or(core::ptr::null_mut(), |d| d.into_raw()))?;
        let ptr = NonNull::new(p).ok_or_else(|| Error::new("mj_makeData: could not allocate the data"))?;
        Ok(Data { model: model.clone(), ptr })
    }

    /// Takes ownership of data made by the C API for `model` (`mj_makeData`).
    ///
    /// # Safety
    /// `d` must have been made by this library for `model`, and must not be used or freed by
    /// anything else afterwards.
    pub unsafe fn from_raw(model: &Model, d: *mut mjData) -> Option<Data> {
        NonNull::new(d).map(|ptr| Data { model: model.clone(), ptr })
    }

    /// The model this data belongs to.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The C struct, to pass to C code as `mjData*` (valid while this value lives).
    pub fn as_mut_ptr(&mut self) -> *mut mjData {
        self.ptr.as_ptr()
    }

    /// The C struct, read-only.
    pub fn raw(&self) -> &mjData {
        // SAFETY: owned and valid while `self` lives; shared borrow of `self`
        unsafe { self.ptr.as_ref() }
    }

    /// The C struct, mutable (scalar fields; arrays through [`Self::arrays_mut`]).
    pub fn raw_mut(&mut self) -> &mut mjData {
        // SAFETY: owned and valid while `self` lives; exclusive borrow of `self`
        unsafe { self.ptr.as_mut() }
    }

    /// Runs one engine entry on the data with errors caught.
    fn run(&mut self, f: impl FnOnce(&crate::abi::mjModel, &mut mjData)) -> Result<()> {
        // SAFETY: owned and valid while `self` lives; `self.ptr` and `self.model` are distinct
        // fields, so the exclusive borrow of the data and the shared one of the model are disjoint
        let d = unsafe { self.ptr.as_mut() };
        let m = self.model.raw();
        let r = catching(|| f(m, d));
        if r.is_err() {
            // an error ends the stage early, as upstream's longjmp would; the stack frames it
            // left open are dropped so the data can be used (or reset) again
            let d = self.raw_mut();
            if d.threadpool == 0 {
                d.pstack = 0;
                d.pbase = 0;
            }
        }
        r
    }

    /// Advances the simulation by one timestep (`mj_step`).
    pub fn step(&mut self) -> Result<()> {
        self.run(crate::engine::forward::step)
    }

    /// First half of a split step (`mj_step1`): positions, velocities, sensors, controls.
    pub fn step1(&mut self) -> Result<()> {
        self.run(crate::engine::forward::step1)
    }

    /// Second half of a split step (`mj_step2`): actuation, acceleration, integration.
    pub fn step2(&mut self) -> Result<()> {
        self.run(crate::engine::forward::step2)
    }

    /// Forward dynamics without integrating (`mj_forward`).
    pub fn forward(&mut self) -> Result<()> {
        self.run(crate::engine::forward::forward)
    }

    /// Inverse dynamics (`mj_inverse`): `qfrc_inverse` from the state and `qacc`.
    pub fn inverse(&mut self) -> Result<()> {
        self.run(crate::engine::inverse::inverse)
    }

    /// Resets to the model's initial state (`mj_resetData`).
    pub fn reset(&mut self) -> Result<()> {
        self.run(|m, d| crate::engine::reset::reset(m, d, 0))
    }

    /// Resets, then sets the state of keyframe `key` (`mj_resetDataKeyframe`).
    pub fn reset_to_key(&mut self, key: KeyId) -> Result<()> {
        self.run(|m, d| crate::engine::reset::reset_keyframe(m, d, key.index() as i32))
    }

    /// Every array and field of the data, read-only (`data.arrays().xpos`, `.ncon`, ...).
    pub fn arrays(&self) -> DataRef<'_> {
        self.raw().arrays(self.model.raw())
    }

    /// Every array and field of the data, each borrowed mutably on its own:
    /// `let DataMut { qpos, qvel, .. } = data.arrays_mut();`.
    pub fn arrays_mut(&mut self) -> DataMut<'_> {
        // SAFETY: owned and valid while `self` lives, borrowed exclusively through `self`
        let d = unsafe { self.ptr.as_mut() };
        d.arrays_mut(self.model.raw())
    }

    /// Simulation time in seconds.
    pub fn time(&self) -> f64 {
        self.raw().time
    }
    /// Position coordinates (`nq`).
    pub fn qpos(&self) -> &[f64] {
        self.arrays().qpos
    }
    /// Position coordinates, mutable.
    pub fn qpos_mut(&mut self) -> &mut [f64] {
        self.arrays_mut().qpos
    }
    /// Velocities (`nv`).
    pub fn qvel(&self) -> &[f64] {
        self.arrays().qvel
    }
    /// Velocities, mutable.
    pub fn qvel_mut(&mut self) -> &mut [f64] {
        self.arrays_mut().qvel
    }
    /// Accelerations (`nv`), from the last step or forward pass.
    pub fn qacc(&self) -> &[f64] {
        self.arrays().qacc
    }
    /// Actuator activations (`na`).
    pub fn act(&self) -> &[f64] {
        self.arrays().act
    }
    /// Controls (`nu`).
    pub fn ctrl(&self) -> &[f64] {
        self.arrays().ctrl
    }
    /// Controls, mutable.
    pub fn ctrl_mut(&mut self) -> &mut [f64] {
        self.arrays_mut().ctrl
    }
    /// Sensor readings (`nsensordata`).
    pub fn sensordata(&self) -> &[f64] {
        self.arrays().sensordata
    }

    /// The control of one actuator.
    pub fn set_ctrl(&mut self, actuator: ActuatorId, value: f64) {
        self.ctrl_mut()[actuator.index()] = value;
    }

    /// The position coordinates of one joint (7 for a free joint, 4 for a ball, else 1).
    pub fn joint_qpos(&self, joint: JointId) -> &[f64] {
        let (adr, n) = self.joint_span(joint, true);
        &self.qpos()[adr..adr + n]
    }

    /// The velocities of one joint (6 for a free joint, 3 for a ball, else 1).
    pub fn joint_qvel(&self, joint: JointId) -> &[f64] {
        let (adr, n) = self.joint_span(joint, false);
        &self.qvel()[adr..adr + n]
    }

    /// The position coordinates of one joint, mutable.
    pub fn joint_qpos_mut(&mut self, joint: JointId) -> &mut [f64] {
        let (adr, n) = self.joint_span(joint, true);
        &mut self.qpos_mut()[adr..adr + n]
    }

    fn joint_span(&self, joint: JointId, pos: bool) -> (usize, usize) {
        let m = self.model.raw();
        let j = joint.index();
        let (nq, nv) = crate::spec::joint_size(m.jnt_type()[j]);
        if pos {
            (m.jnt_qposadr()[j] as usize, nq)
        } else {
            (m.jnt_dofadr()[j] as usize, nv)
        }
    }

    /// The reading of one sensor (`sensor_dim` numbers).
    pub fn sensor(&self, sensor: SensorId) -> &[f64] {
        let m = self.model.raw();
        let s = sensor.index();
        let (adr, dim) = (m.sensor_adr()[s] as usize, m.sensor_dim()[s] as usize);
        &self.sensordata()[adr..adr + dim]
    }

    /// Global position of a body's frame.
    pub fn body_xpos(&self, body: BodyId) -> [f64; 3] {
        let i = body.index();
        self.arrays().xpos[3 * i..3 * i + 3].try_into().expect("3 numbers")
    }

    /// Global orientation of a body's frame, as a unit quaternion (w, x, y, z).
    pub fn body_xquat(&self, body: BodyId) -> [f64; 4] {
        let i = body.index();
        self.arrays().xquat[4 * i..4 * i + 4].try_into().expect("4 numbers")
    }

    /// Global position of a site.
    pub fn site_xpos(&self, site: SiteId) -> [f64; 3] {
        let i = site.index();
        self.arrays().site_xpos[3 * i..3 * i + 3].try_into().expect("3 numbers")
    }

    /// Global orientation of a site, as a row-major 3x3 rotation matrix.
    pub fn site_xmat(&self, site: SiteId) -> [f64; 9] {
        let i = site.index();
        self.arrays().site_xmat[9 * i..9 * i + 9].try_into().expect("9 numbers")
    }

    /// Global position of a geom.
    pub fn geom_xpos(&self, geom: GeomId) -> [f64; 3] {
        let i = geom.index();
        self.arrays().geom_xpos[3 * i..3 * i + 3].try_into().expect("3 numbers")
    }

    /// Global orientation of a geom, as a row-major 3x3 rotation matrix.
    pub fn geom_xmat(&self, geom: GeomId) -> [f64; 9] {
        let i = geom.index();
        self.arrays().geom_xmat[9 * i..9 * i + 9].try_into().expect("9 numbers")
    }

    /// Translational and rotational Jacobian of a site (`mj_jacSite`): how the site's position
    /// and orientation move per unit of each velocity. Needs positions computed (after
    /// [`Self::forward`] or a step).
    pub fn jac_site(&self, site: SiteId) -> Jacobian {
        self.jacobian(|m, d, p, r| crate::engine::support::jac_site(m, d, Some(p), Some(r), site.index()))
    }

    /// Jacobian of a body's frame origin (`mj_jacBody`), as [`Self::jac_site`].
    pub fn jac_body(&self, body: BodyId) -> Jacobian {
        self.jacobian(|m, d, p, r| crate::engine::support::jac_body(m, d, Some(p), Some(r), body.index()))
    }

    /// Jacobian of a body's centre of mass (`mj_jacBodyCom`), as [`Self::jac_site`].
    pub fn jac_body_com(&self, body: BodyId) -> Jacobian {
        self.jacobian(|m, d, p, r| crate::engine::support::jac_body_com(m, d, Some(p), Some(r), body.index()))
    }

    /// Jacobian of a world point that moves with a body (`mj_jac`), as [`Self::jac_site`].
    pub fn jac_point(&self, body: BodyId, point: [f64; 3]) -> Jacobian {
        self.jacobian(|m, d, p, r| crate::engine::support::jac(m, d, Some(p), Some(r), &point, body.index()))
    }

    fn jacobian(&self, fill: impl FnOnce(&crate::abi::mjModel, &mjData, &mut [f64], &mut [f64])) -> Jacobian {
        let m = self.model.raw();
        let nv = m.nv as usize;
        let mut j = Jacobian { nv, pos: vec![0.0; 3 * nv], rot: vec![0.0; 3 * nv] };
        fill(m, self.raw(), &mut j.pos, &mut j.rot);
        j
    }

    /// 6D velocity of a body at its frame origin (`mj_objectVelocity`): angular velocity
    /// first, then linear, in world axes, or in the body's own axes when `local`. Needs
    /// velocities computed (after [`Self::forward`] or a step).
    pub fn body_velocity(&self, body: BodyId, local: bool) -> [f64; 6] {
        let m = self.model.raw();
        crate::engine::support::object_velocity(
            m,
            self.raw(),
            crate::abi::mjtObj_::mjOBJ_BODY as i32,
            body.index(),
            local,
        )
    }

    /// 6D velocity of a site (`mj_objectVelocity`), as [`Self::body_velocity`].
    pub fn site_velocity(&self, site: SiteId, local: bool) -> [f64; 6] {
        let m = self.model.raw();
        crate::engine::support::object_velocity(
            m,
            self.raw(),
            crate::abi::mjtObj_::mjOBJ_SITE as i32,
            site.index(),
            local,
        )
    }

    /// The contacts found by the last collision pass.
    pub fn contacts(&self) -> &[mjContact] {
        let a = self.arrays();
        let n = (*a.ncon).max(0) as usize;
        // the contact array is sized by ncon already
        &a.contact[..n.min(a.contact.len())]
    }

    /// The warnings recorded since the last reset, with upstream's texts.
    pub fn warnings(&self) -> Vec<Warning> {
        self.raw()
            .warning
            .iter()
            .enumerate()
            .filter(|(_, w)| w.number > 0)
            .map(|(kind, w)| Warning {
                kind,
                count: w.number,
                last_info: w.lastinfo,
                text: crate::runtime::text::warning_text_string(kind as i32, w.lastinfo as isize as usize),
            })
            .collect()
    }

    /// The parts `which` of the state, in upstream's order (`mj_getState`).
    pub fn state(&self, which: StateParts) -> Vec<f64> {
        let m = self.model.raw();
        let mut v = vec![0.0; crate::data::state::state_size(m, which.0)];
        crate::data::state::get_state(m, self.raw(), &mut v, which.0);
        v
    }

    /// Sets the parts `which` of the state from `state` (`mj_setState`); `state` must hold as many
    /// numbers as [`Self::state`] gives.
    pub fn set_state(&mut self, state: &[f64], which: StateParts) -> Result<()> {
        let m = self.model.clone();
        let n = crate::data::state::state_size(m.raw(), which.0);
        if state.len() != n {
            return Err(Error::new(format!("mj_setState: state has {} numbers, expected {n}", state.len())));
        }
        crate::data::state::set_state(m.raw(), self.raw_mut(), state, which.0);
        Ok(())
    }
}

/// A 3 x nv Jacobian pair, row-major: `pos` maps joint velocities to the point's linear
/// velocity, `rot` to the angular velocity (upstream's `jacp` and `jacr`).
#[derive(Clone, Debug, PartialEq)]
pub struct Jacobian {
    /// Number of columns (degrees of freedom of the model).
    pub nv: usize,
    /// Translational rows, 3 x nv.
    pub pos: Vec<f64>,
    /// Rotational rows, 3 x nv.
    pub rot: Vec<f64>,
}

impl Jacobian {
    /// Row `r` (0, 1, 2 for x, y, z) of the translational part.
    pub fn pos_row(&self, r: usize) -> &[f64] {
        &self.pos[r * self.nv..(r + 1) * self.nv]
    }

    /// Row `r` of the rotational part.
    pub fn rot_row(&self, r: usize) -> &[f64] {
        &self.rot[r * self.nv..(r + 1) * self.nv]
    }
}

impl Clone for Data {
    /// A copy of the data (`mj_copyData`), for the same model.
    fn clone(&self) -> Data {
        let p = crate::data::make::copy_data_new(self.model.raw(), self.raw(), false)
            .map_or(core::ptr::null_mut(), |d| d.into_raw());
        Data { model: self.model.clone(), ptr: NonNull::new(p).expect("mj_copyData: out of memory") }
    }
}

impl Drop for Data {
    fn drop(&mut self) {
        // SAFETY: the only owner of data made by the library
        if let Some(d) = unsafe { crate::runtime::alloc::CBox::from_raw(self.ptr.as_ptr()) } {
            crate::data::make::delete_data(d);
        }
    }
}

impl core::fmt::Debug for Data {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Data").field("time", &self.time()).field("ncon", &self.raw().ncon).finish()
    }
}
