//! Typed ids of a model's named objects, looked up by name.

use super::model::Model;
use crate::abi::mjtObj_;

/// Kinds of named objects (upstream's `mjtObj` values).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i32)]
pub(crate) enum ObjectKind {
    Body = mjtObj_::mjOBJ_BODY as i32,
    Joint = mjtObj_::mjOBJ_JOINT as i32,
    Geom = mjtObj_::mjOBJ_GEOM as i32,
    Site = mjtObj_::mjOBJ_SITE as i32,
    Camera = mjtObj_::mjOBJ_CAMERA as i32,
    Tendon = mjtObj_::mjOBJ_TENDON as i32,
    Actuator = mjtObj_::mjOBJ_ACTUATOR as i32,
    Sensor = mjtObj_::mjOBJ_SENSOR as i32,
    Key = mjtObj_::mjOBJ_KEY as i32,
}

macro_rules! typed_ids {
    ($( $(#[$doc:meta])* $id:ident, $kind:ident, $find:ident, $at:ident, $count:ident; )*) => { $(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $id(usize);

        impl $id {
            /// The id as an index into the model's arrays of this kind.
            pub fn index(self) -> usize {
                self.0
            }
        }

        impl Model {
            #[doc = concat!("The ", stringify!($kind), " named `name`, if the model has one.")]
            pub fn $find(&self, name: &str) -> Option<$id> {
                self.id_of(ObjectKind::$kind, name).map($id)
            }

            #[doc = concat!("The ", stringify!($kind), " with index `index`, if it exists.")]
            pub fn $at(&self, index: usize) -> Option<$id> {
                (index < self.raw().$count as usize).then_some($id(index))
            }
        }

        impl $id {
            /// The object's name in `model` (empty when it has none).
            pub fn name(self, model: &Model) -> &str {
                model.name_of(ObjectKind::$kind, self.0)
            }
        }
    )* };
}

typed_ids! {
    /// A body of a model (0 is the world).
    BodyId, Body, body, body_at, nbody;
    /// A joint of a model.
    JointId, Joint, joint, joint_at, njnt;
    /// A geom of a model.
    GeomId, Geom, geom, geom_at, ngeom;
    /// A site of a model.
    SiteId, Site, site, site_at, nsite;
    /// A camera of a model.
    CameraId, Camera, camera, camera_at, ncam;
    /// A tendon of a model.
    TendonId, Tendon, tendon, tendon_at, ntendon;
    /// An actuator of a model.
    ActuatorId, Actuator, actuator, actuator_at, nu;
    /// A sensor of a model.
    SensorId, Sensor, sensor, sensor_at, nsensor;
    /// A keyframe of a model.
    KeyId, Key, key, key_at, nkey;
}
