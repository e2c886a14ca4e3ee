//! [`Spec`]: build or edit a model in code (upstream's `mjSpec`), then compile it.

use std::path::Path;

use super::error::{catching, Error, Result};
use super::model::{Assets, Model};
use crate::abi::{mjOption, mjtGeom_, mjtJoint_, mjtTrn_};
use crate::spec::Spec as Inner;

/// An editable model specification (upstream's `mjSpec`): start empty or from MJCF, add bodies,
/// joints, geoms, sites and actuators, then [`Spec::compile`] it into a [`Model`].
///
/// ```
/// use mujoco_native::{GeomShape, JointKind, Spec};
/// let mut spec = Spec::new();
/// let mut world = spec.world();
/// world.add_geom().shape(GeomShape::Plane).size([1.0, 1.0, 0.1]);
/// let mut pole = world.add_body();
/// pole.name("pole").pos([0.0, 0.0, 1.0]);
/// pole.add_joint(JointKind::Hinge).name("hinge").axis([0.0, 1.0, 0.0]);
/// pole.add_geom().shape(GeomShape::Capsule).fromto([0.0, 0.0, 0.0, 0.0, 0.0, 0.5]).size([0.02, 0.0, 0.0]);
/// spec.add_motor("hinge").name("torque").gear(2.0);
/// let model = spec.compile()?;
/// assert_eq!((model.nq(), model.nu()), (1, 1));
/// assert!(model.joint("hinge").is_some());
/// # Ok::<(), mujoco_native::Error>(())
/// ```
pub struct Spec {
    inner: Box<Inner>,
}

// SAFETY: the spec owns all its elements; the pointers inside it point into itself (its C
// records, linked by `adopt`) and move with the box
unsafe impl Send for Spec {}

/// Shapes of geoms (upstream's `mjtGeom`, without meshes and height fields).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GeomShape {
    /// Infinite plane (size: half-extents of its rendered rectangle, grid spacing).
    Plane,
    /// Sphere (size\[0\]: radius).
    Sphere,
    /// Capsule (size\[0\]: radius, size\[1\]: half-length, or `fromto`).
    Capsule,
    /// Ellipsoid (size: three radii).
    Ellipsoid,
    /// Cylinder (size\[0\]: radius, size\[1\]: half-length, or `fromto`).
    Cylinder,
    /// Box (size: three half-sizes).
    Box,
}

/// Kinds of joints (upstream's `mjtJoint`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JointKind {
    /// Six degrees of freedom (7 position coordinates).
    Free,
    /// Three rotational degrees of freedom (a quaternion).
    Ball,
    /// Translation along an axis.
    Slide,
    /// Rotation about an axis.
    Hinge,
}

impl Spec {
    fn wrap(mut inner: Inner) -> Spec {
        inner.clear_error();
        let mut inner = Box::new(inner);
        inner.adopt();
        Spec { inner }
    }

    /// An empty specification with upstream's defaults (angles in degrees, as in MJCF).
    pub fn new() -> Spec {
        Self::wrap(Inner::default())
    }

    /// The specification an MJCF or URDF document describes (`mj_parseXMLString`).
    pub fn from_xml_string(xml: &str) -> Result<Spec> {
        let files = crate::xml::Files { vfs: None };
        let parsed = catching(|| crate::xml::parse_mjcf(xml, "", &files))?.map_err(Error::new)?;
        Ok(Self::wrap(parsed))
    }

    /// The specification of an MJCF or URDF file (`mj_parseXML`).
    pub fn from_xml(path: impl AsRef<Path>) -> Result<Spec> {
        let name = path.as_ref().to_string_lossy().into_owned();
        let files = crate::xml::Files { vfs: None };
        let parsed = catching(|| crate::xml::parse_file(&name, &files, 0))?.map_err(Error::new)?;
        Ok(Self::wrap(parsed.spec))
    }

    /// Whether angles (joint ranges, euler angles) are given in degrees (the default) or radians.
    pub fn set_degrees(&mut self, degrees: bool) -> &mut Self {
        self.inner.c.compiler.degree = degrees as u8;
        self
    }

    /// The physics options the compiled model starts with.
    pub fn option_mut(&mut self) -> &mut mjOption {
        &mut self.inner.c.option
    }

    /// The world body, to add to.
    pub fn world(&mut self) -> BodyEditor<'_> {
        BodyEditor { spec: &mut self.inner, id: 0 }
    }

    /// The body named `name`, to edit or add to.
    pub fn body(&mut self, name: &str) -> Option<BodyEditor<'_>> {
        let id = self.inner.bodies.iter().position(|b| b.name == name)?;
        Some(BodyEditor { spec: &mut self.inner, id })
    }

    /// Adds a motor (a direct force or torque actuator) on the joint named `joint`.
    pub fn add_motor(&mut self, joint: &str) -> ActuatorEditor<'_> {
        let id = self.inner.add_actuator(None);
        let a = &mut self.inner.actuators[id];
        a.target = joint.into();
        a.c.trntype = mjtTrn_::mjTRN_JOINT as i32;
        ActuatorEditor { spec: &mut self.inner, id }
    }

    /// Compiles the specification into a model (`mj_compile`); the error text is upstream's.
    pub fn compile(&mut self) -> Result<Model> {
        self.compile_with(&Assets::new())
    }

    /// [`Spec::compile`] with files (meshes, textures) from `assets`.
    pub fn compile_with(&mut self, assets: &Assets) -> Result<Model> {
        let inner = &mut self.inner;
        let m = catching(|| crate::compiler::compile_edited(inner, Some(assets.as_raw())))?;
        if m.is_null() {
            let e = &self.inner.error;
            let n = e.iter().position(|&b| b == 0).unwrap_or(e.len());
            return Err(Error::new(String::from_utf8_lossy(&e[..n]).into_owned()));
        }
        // SAFETY: the compiler made this model and nothing else owns it
        Ok(unsafe { Model::from_raw(m) }.expect("not null"))
    }

    /// The specification as MJCF (`mj_saveXMLString`), after a successful [`Spec::compile`].
    pub fn to_xml(&self) -> Result<String> {
        let inner = &self.inner;
        catching(|| crate::xml::write::write(inner))?.map_err(Error::new)
    }
}

impl Default for Spec {
    fn default() -> Self {
        Self::new()
    }
}

impl core::fmt::Debug for Spec {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Spec").field("bodies", &self.inner.bodies.len()).finish()
    }
}

/// A body of a [`Spec`] being edited.
pub struct BodyEditor<'s> {
    spec: &'s mut Inner,
    id: usize,
}

impl BodyEditor<'_> {
    /// Names the body.
    pub fn name(&mut self, name: &str) -> &mut Self {
        self.spec.bodies[self.id].name = name.into();
        self
    }
    /// Position relative to the parent body.
    pub fn pos(&mut self, pos: [f64; 3]) -> &mut Self {
        self.spec.bodies[self.id].c.pos = pos;
        self
    }
    /// Orientation relative to the parent body (unit quaternion w, x, y, z).
    pub fn quat(&mut self, quat: [f64; 4]) -> &mut Self {
        self.spec.bodies[self.id].c.quat = quat;
        self
    }
    /// Adds a child body.
    pub fn add_body(&mut self) -> BodyEditor<'_> {
        let id = self.spec.add_body(self.id, None);
        BodyEditor { spec: self.spec, id }
    }
    /// Adds a joint of kind `kind` to the body.
    pub fn add_joint(&mut self, kind: JointKind) -> JointEditor<'_> {
        let id = self.spec.add_joint(self.id, None, kind == JointKind::Free);
        self.spec.joints[id].c.r#type = match kind {
            JointKind::Free => mjtJoint_::mjJNT_FREE,
            JointKind::Ball => mjtJoint_::mjJNT_BALL,
            JointKind::Slide => mjtJoint_::mjJNT_SLIDE,
            JointKind::Hinge => mjtJoint_::mjJNT_HINGE,
        } as i32;
        JointEditor { spec: self.spec, id }
    }
    /// Adds a geom (a sphere until [`GeomEditor::shape`] says otherwise).
    pub fn add_geom(&mut self) -> GeomEditor<'_> {
        let id = self.spec.add_geom(self.id, None);
        GeomEditor { spec: self.spec, id }
    }
    /// Adds a site (a frame to attach sensors and actuators to).
    pub fn add_site(&mut self) -> SiteEditor<'_> {
        let id = self.spec.add_site(self.id, None);
        SiteEditor { spec: self.spec, id }
    }
}

/// A joint of a [`Spec`] being edited.
pub struct JointEditor<'s> {
    spec: &'s mut Inner,
    id: usize,
}

impl JointEditor<'_> {
    /// Names the joint.
    pub fn name(&mut self, name: &str) -> &mut Self {
        self.spec.joints[self.id].name = name.into();
        self
    }
    /// Axis of rotation or translation, in the body frame.
    pub fn axis(&mut self, axis: [f64; 3]) -> &mut Self {
        self.spec.joints[self.id].c.axis = axis;
        self
    }
    /// Position of the joint in the body frame.
    pub fn pos(&mut self, pos: [f64; 3]) -> &mut Self {
        self.spec.joints[self.id].c.pos = pos;
        self
    }
    /// Limits the joint to `[lo, hi]` (in the spec's angle unit for rotations).
    pub fn range(&mut self, lo: f64, hi: f64) -> &mut Self {
        let c = &mut self.spec.joints[self.id].c;
        c.range = [lo, hi];
        c.limited = crate::abi::mjtLimited_::mjLIMITED_TRUE as i32;
        self
    }
    /// Viscous damping.
    pub fn damping(&mut self, damping: f64) -> &mut Self {
        self.spec.joints[self.id].c.damping = damping;
        self
    }
    /// Spring stiffness.
    pub fn stiffness(&mut self, stiffness: f64) -> &mut Self {
        self.spec.joints[self.id].c.stiffness = stiffness;
        self
    }
    /// Rotor inertia added to the joint's degrees of freedom.
    pub fn armature(&mut self, armature: f64) -> &mut Self {
        self.spec.joints[self.id].c.armature = armature;
        self
    }
}

/// A geom of a [`Spec`] being edited.
pub struct GeomEditor<'s> {
    spec: &'s mut Inner,
    id: usize,
}

impl GeomEditor<'_> {
    /// Names the geom.
    pub fn name(&mut self, name: &str) -> &mut Self {
        self.spec.geoms[self.id].name = name.into();
        self
    }
    /// The geom's shape.
    pub fn shape(&mut self, shape: GeomShape) -> &mut Self {
        self.spec.geoms[self.id].c.r#type = match shape {
            GeomShape::Plane => mjtGeom_::mjGEOM_PLANE,
            GeomShape::Sphere => mjtGeom_::mjGEOM_SPHERE,
            GeomShape::Capsule => mjtGeom_::mjGEOM_CAPSULE,
            GeomShape::Ellipsoid => mjtGeom_::mjGEOM_ELLIPSOID,
            GeomShape::Cylinder => mjtGeom_::mjGEOM_CYLINDER,
            GeomShape::Box => mjtGeom_::mjGEOM_BOX,
        } as i32;
        self
    }
    /// Size parameters (their meaning depends on the shape; see [`GeomShape`]).
    pub fn size(&mut self, size: [f64; 3]) -> &mut Self {
        self.spec.geoms[self.id].c.size = size;
        self
    }
    /// Position in the body frame.
    pub fn pos(&mut self, pos: [f64; 3]) -> &mut Self {
        self.spec.geoms[self.id].c.pos = pos;
        self
    }
    /// Orientation in the body frame (unit quaternion w, x, y, z).
    pub fn quat(&mut self, quat: [f64; 4]) -> &mut Self {
        self.spec.geoms[self.id].c.quat = quat;
        self
    }
    /// A capsule, cylinder or box from one point to another (sets position, orientation and
    /// length when compiled).
    pub fn fromto(&mut self, fromto: [f64; 6]) -> &mut Self {
        self.spec.geoms[self.id].c.fromto = fromto;
        self
    }
    /// Density (mass from volume; 1000 by default).
    pub fn density(&mut self, density: f64) -> &mut Self {
        self.spec.geoms[self.id].c.density = density;
        self
    }
    /// Mass (instead of density).
    pub fn mass(&mut self, mass: f64) -> &mut Self {
        self.spec.geoms[self.id].c.mass = mass;
        self
    }
    /// Sliding, torsional and rolling friction.
    pub fn friction(&mut self, friction: [f64; 3]) -> &mut Self {
        self.spec.geoms[self.id].c.friction = friction;
        self
    }
    /// Colour (red, green, blue, alpha in 0..1).
    pub fn rgba(&mut self, rgba: [f32; 4]) -> &mut Self {
        self.spec.geoms[self.id].c.rgba = rgba;
        self
    }
}

/// A site of a [`Spec`] being edited.
pub struct SiteEditor<'s> {
    spec: &'s mut Inner,
    id: usize,
}

impl SiteEditor<'_> {
    /// Names the site.
    pub fn name(&mut self, name: &str) -> &mut Self {
        self.spec.sites[self.id].name = name.into();
        self
    }
    /// Position in the body frame.
    pub fn pos(&mut self, pos: [f64; 3]) -> &mut Self {
        self.spec.sites[self.id].c.pos = pos;
        self
    }
}

/// An actuator of a [`Spec`] being edited.
pub struct ActuatorEditor<'s> {
    spec: &'s mut Inner,
    id: usize,
}

impl ActuatorEditor<'_> {
    /// Names the actuator.
    pub fn name(&mut self, name: &str) -> &mut Self {
        self.spec.actuators[self.id].name = name.into();
        self
    }
    /// Transmission gain: force or torque per unit of control.
    pub fn gear(&mut self, gear: f64) -> &mut Self {
        self.spec.actuators[self.id].c.gear[0] = gear;
        self
    }
    /// Clamps the control to `[lo, hi]`.
    pub fn ctrlrange(&mut self, lo: f64, hi: f64) -> &mut Self {
        let c = &mut self.spec.actuators[self.id].c;
        c.ctrlrange = [lo, hi];
        c.ctrllimited = crate::abi::mjtLimited_::mjLIMITED_TRUE as i32;
        self
    }
}
