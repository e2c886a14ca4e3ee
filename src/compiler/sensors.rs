//! Compilation of sensors: their object references, data type, stage, dimension and the
//! addresses of their values in sensordata.

use crate::abi::mjtGeom_::*;
use crate::abi::mjtJoint_::*;
use crate::abi::mjtObj_::*;
use crate::abi::*;
use crate::spec::*;

use super::objects::err_at;
use super::tree::{islimited, Compiled};
use super::CResult;

fn sensor_datatype(t: i32) -> i32 {
    use crate::abi::mjtDataType_::*;
    use crate::abi::mjtSensor_::*;
    let is = |s: mjtSensor_| t == s as i32;
    if is(mjSENS_TOUCH) || is(mjSENS_RANGEFINDER) || is(mjSENS_INSIDESITE) {
        mjDATATYPE_POSITIVE as i32
    } else if is(mjSENS_FRAMEXAXIS) || is(mjSENS_FRAMEYAXIS) || is(mjSENS_FRAMEZAXIS) || is(mjSENS_GEOMNORMAL) {
        mjDATATYPE_AXIS as i32
    } else if is(mjSENS_BALLQUAT) || is(mjSENS_FRAMEQUAT) {
        mjDATATYPE_QUATERNION as i32
    } else {
        mjDATATYPE_REAL as i32
    }
}

fn sensor_needstage(t: i32) -> i32 {
    use crate::abi::mjtSensor_::*;
    use crate::abi::mjtStage_::*;
    let is = |s: mjtSensor_| t == s as i32;
    let acc = [
        mjSENS_TOUCH,
        mjSENS_ACCELEROMETER,
        mjSENS_FORCE,
        mjSENS_TORQUE,
        mjSENS_ACTUATORFRC,
        mjSENS_JOINTACTFRC,
        mjSENS_TENDONACTFRC,
        mjSENS_JOINTLIMITFRC,
        mjSENS_TENDONLIMITFRC,
        mjSENS_FRAMELINACC,
        mjSENS_FRAMEANGACC,
        mjSENS_CONTACT,
        mjSENS_TACTILE,
    ];
    let vel = [
        mjSENS_VELOCIMETER,
        mjSENS_GYRO,
        mjSENS_JOINTVEL,
        mjSENS_TENDONVEL,
        mjSENS_ACTUATORVEL,
        mjSENS_BALLANGVEL,
        mjSENS_JOINTLIMITVEL,
        mjSENS_TENDONLIMITVEL,
        mjSENS_FRAMELINVEL,
        mjSENS_FRAMEANGVEL,
        mjSENS_SUBTREELINVEL,
        mjSENS_SUBTREEANGMOM,
    ];
    if acc.iter().any(|&s| is(s)) {
        mjSTAGE_ACC as i32
    } else if vel.iter().any(|&s| is(s)) {
        mjSTAGE_VEL as i32
    } else {
        mjSTAGE_POS as i32
    }
}

fn condata_size(spec: i32) -> i32 {
    const SIZE: [i32; 7] = [1, 3, 3, 1, 3, 3, 3];
    (0..7).filter(|&i| spec & (1 << i) != 0).map(|i| SIZE[i]).sum()
}

fn sensor_dim(s: &Sensor) -> i32 {
    use crate::abi::mjtSensor_::*;
    let t = s.r#type;
    let is = |x: mjtSensor_| t == x as i32;
    let three = [
        mjSENS_ACCELEROMETER,
        mjSENS_VELOCIMETER,
        mjSENS_GYRO,
        mjSENS_FORCE,
        mjSENS_TORQUE,
        mjSENS_MAGNETOMETER,
        mjSENS_BALLANGVEL,
        mjSENS_FRAMEPOS,
        mjSENS_FRAMEXAXIS,
        mjSENS_FRAMEYAXIS,
        mjSENS_FRAMEZAXIS,
        mjSENS_FRAMELINVEL,
        mjSENS_FRAMEANGVEL,
        mjSENS_FRAMELINACC,
        mjSENS_FRAMEANGACC,
        mjSENS_SUBTREECOM,
        mjSENS_SUBTREELINVEL,
        mjSENS_SUBTREEANGMOM,
        mjSENS_GEOMNORMAL,
    ];
    if is(mjSENS_CAMPROJECTION) {
        2
    } else if three.iter().any(|&x| is(x)) {
        3
    } else if is(mjSENS_GEOMFROMTO) {
        6
    } else if is(mjSENS_BALLQUAT) || is(mjSENS_FRAMEQUAT) {
        4
    } else if is(mjSENS_CONTACT) {
        s.intprm[2] * condata_size(s.intprm[0])
    } else if is(mjSENS_USER) {
        s.dim
    } else if is(mjSENS_PLUGIN) {
        0 // reported by the plugin once the model holds its configuration
    } else {
        1
    }
}

impl<'a> Compiled<'a> {
    /// Sensors: references, data type, stage and dimension.
    pub fn compile_sensors(&mut self) -> CResult<()> {
        use crate::abi::mjtDataType_::*;
        use crate::abi::mjtSensor_::*;
        for si in 0..self.sensors.len() {
            let mut x = self.sensors[si].s.clone();
            let e = |m: &str| err_at(m, &x.name, si, &x.info);
            if x.userdata.len() > self.nuser_sensor as usize {
                return Err(e("user has more values than nuser_sensor in sensor"));
            }
            if x.noise < 0.0 {
                return Err(e("negative noise in sensor"));
            }
            if x.cutoff < 0.0 {
                return Err(e("negative cutoff in sensor"));
            }
            let unknown = mjOBJ_UNKNOWN as i32;
            let obj = if x.objtype != unknown { self.find_object(x.objtype, &x.objname) } else { None };
            let rf = if x.reftype != unknown { self.find_object(x.reftype, &x.refname) } else { None };
            let t = x.r#type;
            let is = |s: mjtSensor_| t == s as i32;
            if x.objtype != unknown {
                if x.objname.is_empty() {
                    return Err(e("missing name of sensorized object in sensor"));
                }
                if obj.is_none() {
                    return Err(e(&format!("unrecognized name '{}' of sensorized object", x.objname)));
                }
            } else if !(is(mjSENS_E_POTENTIAL)
                || is(mjSENS_E_KINETIC)
                || is(mjSENS_CLOCK)
                || is(mjSENS_CONTACT)
                || is(mjSENS_USER)
                || is(mjSENS_PLUGIN))
            {
                return Err(e("invalid type in sensor"));
            }
            if x.reftype != unknown {
                if x.refname.is_empty() {
                    return Err(e("missing name of reference frame object in sensor"));
                }
                if rf.is_none() {
                    return Err(e(&format!("unrecognized name '{}' of object", x.refname)));
                }
                let r = x.reftype;
                if ![mjOBJ_BODY, mjOBJ_XBODY, mjOBJ_GEOM, mjOBJ_SITE, mjOBJ_CAMERA].iter().any(|&o| r == o as i32) {
                    return Err(e("reference frame object must be (x)body, geom, site or camera in sensor"));
                }
            }
            if !is(mjSENS_USER) {
                x.c.datatype = sensor_datatype(t);
            }
            if !is(mjSENS_USER) && !is(mjSENS_PLUGIN) {
                x.c.needstage = sensor_needstage(t);
            }
            let ot = x.objtype;
            let oid = obj.unwrap_or(0);
            let frame_obj =
                [mjOBJ_BODY, mjOBJ_XBODY, mjOBJ_GEOM, mjOBJ_SITE, mjOBJ_CAMERA].iter().any(|&o| ot == o as i32);
            let scalar_joint = |c: &Self| {
                let jt = c.joints[oid].s.r#type;
                jt == mjJNT_SLIDE as i32 || jt == mjJNT_HINGE as i32
            };
            if [
                mjSENS_TOUCH,
                mjSENS_ACCELEROMETER,
                mjSENS_VELOCIMETER,
                mjSENS_GYRO,
                mjSENS_FORCE,
                mjSENS_TORQUE,
                mjSENS_MAGNETOMETER,
                mjSENS_RANGEFINDER,
                mjSENS_CAMPROJECTION,
            ]
            .iter()
            .any(|&s| is(s))
            {
                if ot != mjOBJ_SITE as i32 {
                    return Err(e("sensor must be attached to site"));
                }
                if is(mjSENS_CAMPROJECTION) {
                    let cam = &self.cameras[rf.unwrap_or(0)].s;
                    if cam.resolution[0] == 0.0 || cam.resolution[1] == 0.0 {
                        return Err(e("camera projection sensor requires camera resolution"));
                    }
                }
            } else if is(mjSENS_JOINTPOS) || is(mjSENS_JOINTVEL) || is(mjSENS_JOINTACTFRC) {
                if ot != mjOBJ_JOINT as i32 {
                    return Err(e("sensor must be attached to joint"));
                }
                if !scalar_joint(self) {
                    return Err(e("joint must be slide or hinge in sensor"));
                }
            } else if is(mjSENS_TENDONACTFRC) || is(mjSENS_TENDONPOS) || is(mjSENS_TENDONVEL) {
                if ot != mjOBJ_TENDON as i32 {
                    return Err(e("sensor must be attached to tendon"));
                }
            } else if is(mjSENS_ACTUATORPOS) || is(mjSENS_ACTUATORVEL) || is(mjSENS_ACTUATORFRC) {
                if ot != mjOBJ_ACTUATOR as i32 {
                    return Err(e("sensor must be attached to actuator"));
                }
            } else if is(mjSENS_BALLQUAT) || is(mjSENS_BALLANGVEL) {
                if ot != mjOBJ_JOINT as i32 {
                    return Err(e("sensor must be attached to joint"));
                }
                if self.joints[oid].s.r#type != mjJNT_BALL as i32 {
                    return Err(e("joint must be ball in sensor"));
                }
            } else if is(mjSENS_JOINTLIMITPOS) || is(mjSENS_JOINTLIMITVEL) || is(mjSENS_JOINTLIMITFRC) {
                if ot != mjOBJ_JOINT as i32 {
                    return Err(e("sensor must be attached to joint"));
                }
                if !self.joints[oid].is_limited() {
                    return Err(e("joint must be limited in sensor"));
                }
            } else if is(mjSENS_TENDONLIMITPOS) || is(mjSENS_TENDONLIMITVEL) || is(mjSENS_TENDONLIMITFRC) {
                if ot != mjOBJ_TENDON as i32 {
                    return Err(e("sensor must be attached to tendon"));
                }
                let tn = &self.spec.tendons[oid];
                if !islimited(tn.limited, &tn.range) {
                    return Err(e("tendon must be limited in sensor"));
                }
            } else if [
                mjSENS_FRAMEPOS,
                mjSENS_FRAMEQUAT,
                mjSENS_FRAMEXAXIS,
                mjSENS_FRAMEYAXIS,
                mjSENS_FRAMEZAXIS,
                mjSENS_FRAMELINVEL,
                mjSENS_FRAMEANGVEL,
                mjSENS_FRAMELINACC,
                mjSENS_FRAMEANGACC,
            ]
            .iter()
            .any(|&s| is(s))
            {
                if !frame_obj {
                    return Err(e("sensor must be attached to (x)body, geom, site or camera"));
                }
            } else if is(mjSENS_SUBTREECOM) || is(mjSENS_SUBTREELINVEL) || is(mjSENS_SUBTREEANGMOM) {
                if ot != mjOBJ_BODY as i32 {
                    return Err(e("sensor must be attached to body"));
                }
            } else if is(mjSENS_INSIDESITE) {
                if !frame_obj {
                    return Err(e("sensor must be attached to (x)body, geom, site or camera"));
                }
                if x.reftype != mjOBJ_SITE as i32 {
                    return Err(e("sensor must be associated with a site"));
                }
            } else if is(mjSENS_GEOMDIST) || is(mjSENS_GEOMNORMAL) || is(mjSENS_GEOMFROMTO) {
                let bg = |o: i32| o == mjOBJ_BODY as i32 || o == mjOBJ_GEOM as i32;
                if !bg(ot) || !bg(x.reftype) {
                    return Err(e("sensor must be attached to body or geom"));
                }
                if ot == x.reftype && obj == rf {
                    return Err(e("1st body/geom must be different from 2nd body/geom"));
                }
                let hf = |o: i32, id: Option<usize>| {
                    o == mjOBJ_GEOM as i32
                        && id.map(|g| self.geoms[g].s.r#type == mjGEOM_HFIELD as i32).unwrap_or(false)
                };
                if hf(ot, obj) || hf(x.reftype, rf) {
                    return Err(e("height fields are not supported in geom distance sensors"));
                }
            } else if is(mjSENS_CONTACT) {
                if ![mjOBJ_SITE, mjOBJ_BODY, mjOBJ_XBODY, mjOBJ_GEOM, mjOBJ_UNKNOWN].iter().any(|&o| ot == o as i32) {
                    return Err(e("first matching criterion: if set, must be (x)body, geom or site"));
                }
                if ![mjOBJ_BODY, mjOBJ_XBODY, mjOBJ_GEOM, mjOBJ_UNKNOWN].iter().any(|&o| x.reftype == o as i32) {
                    return Err(e("second matching criterion: if set, must be (x)body or geom"));
                }
                let (spec, mask) = (x.intprm[0], (1 << mjtConDataField_::mjNCONDATA as i32) - 1);
                if spec <= 0 {
                    return Err(e(&format!("data spec (intprm[0]) must be positive, got {}", spec)));
                }
                if spec & mask == 0 {
                    return Err(e(&format!(
                        "data spec intprm[0]={} must have at least one bit set of the first mjNCONDATA bits",
                        spec
                    )));
                }
                if spec & !mask != 0 {
                    return Err(e(&format!(
                        "data spec intprm[0]={} has bits set beyond the first mjNCONDATA bits",
                        spec
                    )));
                }
                if !(0..=3).contains(&x.intprm[1]) {
                    return Err(e(&format!(
                        "unknown reduction criterion. got {}, expected one of {{0, 1, 2, 3}}",
                        x.intprm[1]
                    )));
                }
                // upstream's message reports the sensor's dim, not intprm[2]
                if x.intprm[2] <= 0 {
                    return Err(e(&format!("num (intprm[2]) must be positive in sensor, got {}", x.dim)));
                }
            } else if is(mjSENS_USER) {
                if x.dim < 0 {
                    return Err(e("sensor dim must be non-negative in sensor"));
                }
                if x.datatype == mjDATATYPE_AXIS as i32 && x.dim != 3 {
                    return Err(e("datatype AXIS requires dim=3 in sensor"));
                }
                if x.datatype == mjDATATYPE_QUATERNION as i32 && x.dim != 4 {
                    return Err(e("datatype QUATERNION requires dim=4 in sensor"));
                }
            } else if is(mjSENS_TACTILE) {
                if x.objtype != mjOBJ_MESH as i32 {
                    return Err(e("sensor must be associated with a mesh"));
                }
                if x.reftype != mjOBJ_GEOM as i32 {
                    return Err(e("sensor must be associated with a geom"));
                }
            } else if is(mjSENS_PLUGIN) {
                x.c.needstage = self.compile_sensor_plugin(si)?;
            } else if !(is(mjSENS_E_POTENTIAL) || is(mjSENS_E_KINETIC) || is(mjSENS_CLOCK)) {
                return Err(e(&format!("invalid type in sensor '{}' (id = {})", x.name, si)));
            }
            x.c.dim = if is(mjSENS_TACTILE) { 3 * self.x.meshes[oid].nvert() as i32 } else { sensor_dim(&x) };
            if x.cutoff > 0.0
                && (x.datatype == mjDATATYPE_QUATERNION as i32
                    || (x.datatype == mjDATATYPE_AXIS as i32 && !is(mjSENS_GEOMNORMAL)))
            {
                return Err(e("cutoff applied to axis or quaternion datatype in sensor"));
            }
            let cs = &mut self.sensors[si];
            cs.objid = obj.map(|o| o as i32).unwrap_or(-1);
            cs.refid = rf.map(|o| o as i32).unwrap_or(-1);
            cs.s = x;
        }
        Ok(())
    }
}
