//! Reference validation of a loaded mjModel (`mj_validateReferences`).
//!
//! Every index or address stored in the model is checked against the size of the array it points
//! into, in upstream's order and with upstream's messages, so that a model read from an untrusted
//! MJB file cannot make later code read out of bounds.
//!
//! Upstream does its arithmetic in `int`; here sums and products are done in `i64`, so a model
//! whose addresses only pass upstream's checks through signed overflow is rejected. Where upstream
//! itself would read out of bounds (a null array with a positive count, an address of -1 used as
//! an index), an error is returned instead.

use core::ffi::c_int;

use crate::abi::mjModel;
use crate::abi::mjtEq_::*;
use crate::abi::mjtGeom_::*;
use crate::abi::mjtObj_::*;
use crate::abi::mjtSensor_::*;
use crate::abi::mjtTrn_::*;
use crate::abi::mjtWrap_::*;

/// Number of position coordinates of each joint type (free, ball, slide, hinge).
pub const NPOS: [c_int; 4] = [7, 4, 1, 1];
/// Number of velocity coordinates (degrees of freedom) of each joint type.
pub const NVEL: [c_int; 4] = [6, 3, 1, 1];

/// Largest element count accepted for one object.
const MAX_ARRAY_SIZE: i64 = (c_int::MAX / 4) as i64;

/// Returned when an array that must hold elements is null.
const NULL_ARRAY: &str = "Invalid model: missing array.";

/// Number of sensordata values written by a sensor of the given type; `dim` is used by the
/// types whose size is user-defined. Returns -1 for plugin sensors and unknown types.
pub fn sensor_size(sensor_type: c_int, dim: c_int) -> c_int {
    const fn t(s: crate::abi::mjtSensor_) -> c_int {
        s as c_int
    }
    const ONE: &[c_int] = &[
        t(mjSENS_TOUCH),
        t(mjSENS_RANGEFINDER),
        t(mjSENS_JOINTPOS),
        t(mjSENS_JOINTVEL),
        t(mjSENS_TENDONPOS),
        t(mjSENS_TENDONVEL),
        t(mjSENS_ACTUATORPOS),
        t(mjSENS_ACTUATORVEL),
        t(mjSENS_ACTUATORFRC),
        t(mjSENS_JOINTACTFRC),
        t(mjSENS_TENDONACTFRC),
        t(mjSENS_JOINTLIMITPOS),
        t(mjSENS_JOINTLIMITVEL),
        t(mjSENS_JOINTLIMITFRC),
        t(mjSENS_TENDONLIMITPOS),
        t(mjSENS_TENDONLIMITVEL),
        t(mjSENS_TENDONLIMITFRC),
        t(mjSENS_GEOMDIST),
        t(mjSENS_INSIDESITE),
        t(mjSENS_E_POTENTIAL),
        t(mjSENS_E_KINETIC),
        t(mjSENS_CLOCK),
    ];
    const THREE: &[c_int] = &[
        t(mjSENS_ACCELEROMETER),
        t(mjSENS_VELOCIMETER),
        t(mjSENS_GYRO),
        t(mjSENS_FORCE),
        t(mjSENS_TORQUE),
        t(mjSENS_MAGNETOMETER),
        t(mjSENS_BALLANGVEL),
        t(mjSENS_FRAMEPOS),
        t(mjSENS_FRAMEXAXIS),
        t(mjSENS_FRAMEYAXIS),
        t(mjSENS_FRAMEZAXIS),
        t(mjSENS_FRAMELINVEL),
        t(mjSENS_FRAMEANGVEL),
        t(mjSENS_FRAMELINACC),
        t(mjSENS_FRAMEANGACC),
        t(mjSENS_SUBTREECOM),
        t(mjSENS_SUBTREELINVEL),
        t(mjSENS_SUBTREEANGMOM),
        t(mjSENS_GEOMNORMAL),
    ];
    const FOUR: &[c_int] = &[t(mjSENS_BALLQUAT), t(mjSENS_FRAMEQUAT)];
    const DIM: &[c_int] = &[t(mjSENS_CONTACT), t(mjSENS_TACTILE), t(mjSENS_USER)];

    if ONE.contains(&sensor_type) {
        1
    } else if sensor_type == t(mjSENS_CAMPROJECTION) {
        2
    } else if THREE.contains(&sensor_type) {
        3
    } else if FOUR.contains(&sensor_type) {
        4
    } else if sensor_type == t(mjSENS_GEOMFROMTO) {
        6
    } else if DIM.contains(&sensor_type) {
        dim
    } else {
        -1
    }
}

/// Number of objects of type `objtype` in `m`: -1 for types that do not name a counted object
/// (unknown, frame, default, model), -2 for values that are not object types.
fn num_objects(m: &mjModel, objtype: c_int) -> c_int {
    const fn t(o: crate::abi::mjtObj_) -> c_int {
        o as c_int
    }
    match objtype {
        x if x == t(mjOBJ_DEFAULT) || x == t(mjOBJ_FRAME) || x == t(mjOBJ_UNKNOWN) || x == t(mjOBJ_MODEL) => -1,
        x if x == t(mjOBJ_BODY) || x == t(mjOBJ_XBODY) => m.nbody,
        x if x == t(mjOBJ_JOINT) => m.njnt,
        x if x == t(mjOBJ_DOF) => m.nv,
        x if x == t(mjOBJ_GEOM) => m.ngeom,
        x if x == t(mjOBJ_SITE) => m.nsite,
        x if x == t(mjOBJ_CAMERA) => m.ncam,
        x if x == t(mjOBJ_LIGHT) => m.nlight,
        x if x == t(mjOBJ_FLEX) => m.nflex,
        x if x == t(mjOBJ_MESH) => m.nmesh,
        x if x == t(mjOBJ_SKIN) => m.nskin,
        x if x == t(mjOBJ_HFIELD) => m.nhfield,
        x if x == t(mjOBJ_TEXTURE) => m.ntex,
        x if x == t(mjOBJ_MATERIAL) => m.nmat,
        x if x == t(mjOBJ_PAIR) => m.npair,
        x if x == t(mjOBJ_EXCLUDE) => m.nexclude,
        x if x == t(mjOBJ_EQUALITY) => m.neq,
        x if x == t(mjOBJ_TENDON) => m.ntendon,
        x if x == t(mjOBJ_ACTUATOR) => m.nu,
        x if x == t(mjOBJ_SENSOR) => m.nsensor,
        x if x == t(mjOBJ_NUMERIC) => m.nnumeric,
        x if x == t(mjOBJ_TEXT) => m.ntext,
        x if x == t(mjOBJ_TUPLE) => m.ntuple,
        x if x == t(mjOBJ_KEY) => m.nkey,
        x if x == t(mjOBJ_PLUGIN) => m.nplugin,
        _ => -2,
    }
}

/// The first `n` ints of a model array: empty when `n <= 0` (the pointer is not looked at), an
/// error when the pointer is null and `n > 0`. `p` is the array's pointer and `all` its safe
/// accessor, called only for a non-null pointer.
fn ints(m: &mjModel, p: *const c_int, all: fn(&mjModel) -> &[c_int], n: i64) -> Result<&[c_int], &'static str> {
    if n <= 0 {
        Ok(&[])
    } else if p.is_null() {
        Err(NULL_ARRAY)
    } else {
        // the counts given here are those of the arrays' definitions (`n` never exceeds them)
        all(m).get(..n as usize).ok_or(NULL_ARRAY)
    }
}

/// [`ints`] for the field `$f` of model `$m`.
macro_rules! ints {
    ($m:ident . $f:ident, $n:expr) => {
        ints($m, $m.$f, mjModel::$f, $n)
    };
}

/// One field holding references into another array.
struct RefCheck {
    /// The references (ids or start addresses): pointer and accessor.
    adr: (*const c_int, fn(&mjModel) -> &[c_int]),
    /// Number of references.
    nadrs: i64,
    /// Size of the array referred to.
    ntarget: i64,
    /// For address fields, the element counts that go with each address (pointer and accessor).
    num: Option<(*const c_int, fn(&mjModel) -> &[c_int])>,
    /// Messages: address out of bounds, count negative, count too large.
    out_of_bounds: &'static str,
    negative: &'static str,
    too_large: &'static str,
}

macro_rules! ref_num_ptr {
    ($m:ident, -) => {
        None
    };
    ($m:ident, $num:ident) => {
        Some(($m.$num as *const c_int, mjModel::$num))
    };
}

macro_rules! ref_num_name {
    (-) => {
        "0"
    };
    ($num:ident) => {
        concat!("m->", stringify!($num))
    };
}

/// Builds the list of reference checks; each row is `adrarray, nadrs [* k], ntarget, numarray`
/// with `-` for "no count array".
macro_rules! ref_checks {
    ($m:ident; $( $adr:ident, $nadrs:ident $(* $k:literal)?, $ntarget:ident, $num:tt; )*) => {
        [ $( RefCheck {
            adr: ($m.$adr as *const c_int, mjModel::$adr),
            nadrs: ($m.$nadrs as i64) $(* $k)?,
            ntarget: $m.$ntarget as i64,
            num: ref_num_ptr!($m, $num),
            out_of_bounds: concat!("Invalid model: ", stringify!($adr), " out of bounds."),
            negative: concat!("Invalid model: ", ref_num_name!($num), " is negative."),
            too_large: concat!("Invalid model: ", ref_num_name!($num), " is too large."),
        } ),* ]
    };
}

fn check_references(m: &mjModel) -> Result<(), &'static str> {
    let checks = ref_checks! { m;
        body_parentid,      nbody,          nbody,          -;
        body_rootid,        nbody,          nbody,          -;
        body_weldid,        nbody,          nbody,          -;
        body_mocapid,       nbody,          nmocap,         -;
        body_jntadr,        nbody,          njnt,           body_jntnum;
        body_dofadr,        nbody,          nv,             body_dofnum;
        body_geomadr,       nbody,          ngeom,          body_geomnum;
        body_bvhadr,        nbody,          nbvh,           body_bvhnum;
        body_plugin,        nbody,          nplugin,        -;
        jnt_qposadr,        njnt,           nq,             -;
        jnt_dofadr,         njnt,           nv,             -;
        jnt_bodyid,         njnt,           nbody,          -;
        dof_bodyid,         nv,             nbody,          -;
        dof_jntid,          nv,             njnt,           -;
        dof_parentid,       nv,             nv,             -;
        dof_Madr,           nv,             nM,             -;
        tree_bodyadr,       ntree,          nbody,          tree_bodynum;
        tree_dofadr,        ntree,          nv,             tree_dofnum;
        geom_bodyid,        ngeom,          nbody,          -;
        geom_matid,         ngeom,          nmat,           -;
        site_bodyid,        nsite,          nbody,          -;
        site_matid,         nsite,          nmat,           -;
        cam_bodyid,         ncam,           nbody,          -;
        cam_targetbodyid,   ncam,           nbody,          -;
        light_bodyid,       nlight,         nbody,          -;
        light_targetbodyid, nlight,         nbody,          -;
        mesh_vertadr,       nmesh,          nmeshvert,      mesh_vertnum;
        mesh_normaladr,     nmesh,          nmeshnormal,    mesh_normalnum;
        mesh_texcoordadr,   nmesh,          nmeshtexcoord,  mesh_texcoordnum;
        mesh_faceadr,       nmesh,          nmeshface,      mesh_facenum;
        mesh_bvhadr,        nmesh,          nbvh,           mesh_bvhnum;
        mesh_graphadr,      nmesh,          nmeshgraph,     -;
        mesh_polyadr,       nmesh,          nmeshpoly,      mesh_polynum;
        mesh_polyvertadr,   nmeshpoly,      nmeshpolyvert,  mesh_polyvertnum;
        mesh_polymapadr,    nmeshvert,      nmeshpolymap,   mesh_polymapnum;
        flex_vertadr,       nflex,          nflexvert,      flex_vertnum;
        flex_edgeadr,       nflex,          nflexedge,      flex_edgenum;
        flex_elemadr,       nflex,          nflexelem,      flex_elemnum;
        flex_evpairadr,     nflex,          nflexevpair,    flex_evpairnum;
        flex_texcoordadr,   nflex,          nflextexcoord,  -;
        flex_elemdataadr,   nflex,          nflexelemdata,  -;
        flex_elemedgeadr,   nflex,          nflexelemedge,  -;
        flex_shelldataadr,  nflex,          nflexshelldata, -;
        flex_edge,          nflexedge * 2,  nflexvert,      -;
        flex_elem,          nflexelemdata,  nflexvert,      -;
        flex_elemedge,      nflexelemedge,  nflexedge,      -;
        flex_shell,         nflexshelldata, nflexvert,      -;
        flex_bvhadr,        nflex,          nbvh,           flex_bvhnum;
        skin_matid,         nskin,          nmat,           -;
        skin_vertadr,       nskin,          nskinvert,      skin_vertnum;
        skin_texcoordadr,   nskin,          nskintexvert,   -;
        skin_faceadr,       nskin,          nskinface,      skin_facenum;
        skin_boneadr,       nskin,          nskinbone,      skin_bonenum;
        skin_bonevertadr,   nskinbone,      nskinbonevert,  skin_bonevertnum;
        skin_bonebodyid,    nskinbone,      nbody,          -;
        skin_bonevertid,    nskinbonevert,  nskinvert,      -;
        pair_geom1,         npair,          ngeom,          -;
        pair_geom2,         npair,          ngeom,          -;
        actuator_plugin,    nu,             nplugin,        -;
        actuator_actadr,    nu,             na,             actuator_actnum;
        sensor_plugin,      nsensor,        nplugin,        -;
        plugin_stateadr,    nplugin,        npluginstate,   plugin_statenum;
        plugin_attradr,     nplugin,        npluginattr,    -;
        tendon_adr,         ntendon,        nwrap,          tendon_num;
        tendon_matid,       ntendon,        nmat,           -;
        tendon_treeid,      ntendon * 2,    ntree,          -;
        numeric_adr,        nnumeric,       nnumericdata,   numeric_size;
        text_adr,           ntext,          ntextdata,      text_size;
        tuple_adr,          ntuple,         ntupledata,     tuple_size;
        name_bodyadr,       nbody,          nnames,         -;
        name_jntadr,        njnt,           nnames,         -;
        name_geomadr,       ngeom,          nnames,         -;
        name_siteadr,       nsite,          nnames,         -;
        name_camadr,        ncam,           nnames,         -;
        name_lightadr,      nlight,         nnames,         -;
        name_meshadr,       nmesh,          nnames,         -;
        name_skinadr,       nskin,          nnames,         -;
        name_hfieldadr,     nhfield,        nnames,         -;
        name_texadr,        ntex,           nnames,         -;
        name_matadr,        nmat,           nnames,         -;
        name_pairadr,       npair,          nnames,         -;
        name_excludeadr,    nexclude,       nnames,         -;
        name_eqadr,         neq,            nnames,         -;
        name_tendonadr,     ntendon,        nnames,         -;
        name_actuatoradr,   nu,             nnames,         -;
        name_sensoradr,     nsensor,        nnames,         -;
        name_numericadr,    nnumeric,       nnames,         -;
        name_textadr,       ntext,          nnames,         -;
        name_tupleadr,      ntuple,         nnames,         -;
        name_keyadr,        nkey,           nnames,         -;
        hfield_pathadr,     nhfield,        npaths,         -;
        mesh_pathadr,       nmesh,          npaths,         -;
        skin_pathadr,       nskin,          npaths,         -;
        tex_pathadr,        ntex,           npaths,         -;
    };

    for c in &checks {
        let adrs = ints(m, c.adr.0, c.adr.1, c.nadrs)?;
        let nums = match c.num {
            Some((p, all)) => Some(ints(m, p, all, c.nadrs)?),
            None => None,
        };
        for (i, &adr) in adrs.iter().enumerate() {
            let num = nums.map_or(1, |n| n[i]) as i64;
            if num < 0 {
                return Err(c.negative);
            }
            if num > MAX_ARRAY_SIZE {
                return Err(c.too_large);
            }
            if adr as i64 + num > c.ntarget || adr < -1 {
                return Err(c.out_of_bounds);
            }
        }
    }
    Ok(())
}

/// Checks that every reference stored in `m` lies within the array it refers to; the error is
/// the message upstream's `mj_validateReferences` returns.
/// Every non-null array pointer of `m` must address the elements its sizes give (the model
/// invariant, as for the model's accessors).
pub fn validate_references(m: &mjModel) -> Result<(), &'static str> {
    check_references(m)?;

    // body tree order
    {
        let n = m.nbody as i64;
        let parent = ints!(m.body_parentid, n)?;
        let root = ints!(m.body_rootid, n)?;
        let weld = ints!(m.body_weldid, n)?;
        for i in 0..parent.len() {
            let ic = i as c_int;
            if i > 0 && parent[i] >= ic {
                return Err("Invalid model: bad body_parentid.");
            }
            if root[i] > ic {
                return Err("Invalid model: bad body_rootid.");
            }
            if weld[i] > ic {
                return Err("Invalid model: bad body_weldid.");
            }
        }
    }

    // joints
    {
        let n = m.njnt as i64;
        let jtype = ints!(m.jnt_type, n)?;
        let qposadr = ints!(m.jnt_qposadr, n)?;
        let dofadr = ints!(m.jnt_dofadr, n)?;
        for i in 0..jtype.len() {
            let t = jtype[i];
            if !(0..4).contains(&t) {
                return Err("Invalid model: jnt_type out of bounds.");
            }
            if qposadr[i] as i64 + NPOS[t as usize] as i64 > m.nq as i64 || qposadr[i] < 0 {
                return Err("Invalid model: jnt_qposadr out of bounds.");
            }
            if dofadr[i] as i64 + NVEL[t as usize] as i64 > m.nv as i64 || dofadr[i] < 0 {
                return Err("Invalid model: jnt_dofadr out of bounds.");
            }
        }
    }

    // dof tree order
    for (i, &p) in ints!(m.dof_parentid, m.nv as i64)?.iter().enumerate() {
        if p >= i as c_int {
            return Err("Invalid model: bad dof_parentid.");
        }
    }

    // geoms
    {
        let n = m.ngeom as i64;
        let condim = ints!(m.geom_condim, n)?;
        let gtype = ints!(m.geom_type, n)?;
        let dataid = ints!(m.geom_dataid, n)?;
        for i in 0..condim.len() {
            if condim[i] > 6 || condim[i] < 0 {
                return Err("Invalid model: geom_condim out of bounds.");
            }
            let ndata = if gtype[i] == mjGEOM_HFIELD as c_int {
                Some(m.nhfield)
            } else if gtype[i] == mjGEOM_MESH as c_int || gtype[i] == mjGEOM_SDF as c_int {
                Some(m.nmesh)
            } else {
                None
            };
            if let Some(ndata) = ndata {
                if dataid[i] >= ndata || dataid[i] < -1 {
                    return Err("Invalid model: geom_dataid out of bounds.");
                }
            }
        }
    }

    // height fields
    {
        let n = m.nhfield as i64;
        let adr = ints!(m.hfield_adr, n)?;
        let nrow = ints!(m.hfield_nrow, n)?;
        let ncol = ints!(m.hfield_ncol, n)?;
        for i in 0..adr.len() {
            let end = adr[i] as i64 + nrow[i] as i64 * ncol[i] as i64;
            if end > m.nhfielddata as i64 || adr[i] < 0 {
                return Err("Invalid model: hfield_adr out of bounds.");
            }
        }
    }

    // textures
    {
        let n = m.ntex as i64;
        let adr = ints!(m.tex_adr, n)?;
        let nchannel = ints!(m.tex_nchannel, n)?;
        let height = ints!(m.tex_height, n)?;
        let width = ints!(m.tex_width, n)?;
        for i in 0..adr.len() {
            let size = (nchannel[i] as i64).saturating_mul(height[i] as i64).saturating_mul(width[i] as i64);
            if (adr[i] as i64).saturating_add(size) > m.ntexdata as i64 || adr[i] < 0 {
                return Err("Invalid model: tex_adr out of bounds.");
            }
        }
    }

    // contact pairs
    for &sig in ints!(m.pair_signature, m.npair as i64)? {
        let body1 = sig & 0xFFFF;
        if body1 >= m.nbody || body1 < 0 {
            return Err("Invalid model: pair_body1 out of bounds.");
        }
        let body2 = sig >> 16;
        if body2 >= m.nbody || body2 < 0 {
            return Err("Invalid model: pair_body2 out of bounds.");
        }
    }

    // equality constraints
    {
        let n = m.neq as i64;
        let eqtype = ints!(m.eq_type, n)?;
        let obj1 = ints!(m.eq_obj1id, n)?;
        let obj2 = ints!(m.eq_obj2id, n)?;
        let objtype = ints!(m.eq_objtype, n)?;
        const OOB1: &str = "Invalid model: eq_obj1id out of bounds.";
        const OOB2: &str = "Invalid model: eq_obj2id out of bounds.";
        for i in 0..eqtype.len() {
            let (id1, id2, t) = (obj1[i], obj2[i], eqtype[i]);
            if t == mjEQ_JOINT as c_int || t == mjEQ_TENDON as c_int {
                let count = if t == mjEQ_JOINT as c_int { m.njnt } else { m.ntendon };
                if id1 >= count || id1 < 0 {
                    return Err(OOB1);
                }
                // the second object may be omitted (-1)
                if id2 >= count || id2 < -1 {
                    return Err(OOB2);
                }
            } else if t == mjEQ_WELD as c_int || t == mjEQ_CONNECT as c_int {
                let count = if objtype[i] == mjOBJ_BODY as c_int {
                    m.nbody
                } else if objtype[i] == mjOBJ_SITE as c_int {
                    m.nsite
                } else {
                    return Err("Invalid model: eq_objtype is not body or site.");
                };
                if id1 >= count || id1 < 0 {
                    return Err(OOB1);
                }
                if id2 >= count || id2 < 0 {
                    return Err(OOB2);
                }
            } else if t == mjEQ_FLEX as c_int {
                if id1 >= m.nflex || id1 < 0 {
                    return Err(OOB1);
                }
                if id2 != -1 {
                    return Err("Invalid model: eq_obj2id must be -1.");
                }
            } else {
                crate::mjerror!("mj_validateReferences", "unknown equality constraint type.");
                return Err("Invalid model: unknown equality constraint type.");
            }
        }
    }

    // tendon wrapping objects
    {
        let n = m.nwrap as i64;
        let wtype = ints!(m.wrap_type, n)?;
        let objid = ints!(m.wrap_objid, n)?;
        for i in 0..wtype.len() {
            let t = wtype[i];
            let count = if t == mjWRAP_JOINT as c_int {
                m.njnt
            } else if t == mjWRAP_SITE as c_int {
                m.nsite
            } else if t == mjWRAP_SPHERE as c_int || t == mjWRAP_CYLINDER as c_int {
                m.ngeom
            } else {
                continue;
            };
            if objid[i] >= count || objid[i] < 0 {
                return Err("Invalid model: wrap_objid out of bounds.");
            }
        }
    }

    // actuator transmissions
    {
        let n = m.nu as i64;
        let trntype = ints!(m.actuator_trntype, n)?;
        let trnid = ints!(m.actuator_trnid, 2 * n)?;
        const OOB: &str = "Invalid model: actuator_trnid out of bounds.";
        for i in 0..trntype.len() {
            let (id, idslider, t) = (trnid[2 * i], trnid[2 * i + 1], trntype[i]);
            let count = if t == mjTRN_JOINT as c_int || t == mjTRN_JOINTINPARENT as c_int {
                m.njnt
            } else if t == mjTRN_TENDON as c_int {
                m.ntendon
            } else if t == mjTRN_SITE as c_int || t == mjTRN_SLIDERCRANK as c_int {
                m.nsite
            } else if t == mjTRN_BODY as c_int {
                m.nbody
            } else {
                continue;
            };
            if id < 0 || id >= count {
                return Err(OOB);
            }
            if t == mjTRN_SLIDERCRANK as c_int && (idslider < 0 || idslider >= m.nsite) {
                return Err(OOB);
            }
        }
    }

    // sensors
    {
        let n = m.nsensor as i64;
        let stype = ints!(m.sensor_type, n)?;
        let dim = ints!(m.sensor_dim, n)?;
        let adr = ints!(m.sensor_adr, n)?;
        let objtype = ints!(m.sensor_objtype, n)?;
        let objid = ints!(m.sensor_objid, n)?;
        let reftype = ints!(m.sensor_reftype, n)?;
        let refid = ints!(m.sensor_refid, n)?;
        for i in 0..stype.len() {
            let size = if stype[i] == mjSENS_PLUGIN as c_int {
                // the plugin sizes its own output (sensor_plugin was range-checked above)
                let instance = ints!(m.sensor_plugin, n)?[i];
                if instance < 0 {
                    return Err("Invalid model: Bad sensor_type.");
                }
                let slot = ints!(m.plugin, m.nplugin as i64)?[instance as usize];
                // SAFETY: registered plugins are leaked and never modified
                let plugin = unsafe { crate::runtime::plugin::plugin_at_slot(slot).as_ref() };
                match plugin.and_then(|p| p.nsensordata) {
                    // SAFETY: a registered plugin's callback takes the model and one of its
                    // plugin instances and sensors (mjpPlugin's contract; `instance` was range-
                    // checked with sensor_plugin above)
                    Some(f) => unsafe { f(m, instance, i as c_int) },
                    None => {
                        crate::mjerror!(
                            "mj_validateReferences",
                            "`nsensordata` is a null function pointer for plugin at slot {}",
                            slot
                        );
                        return Err("Invalid model: Bad sensor_type.");
                    }
                }
            } else {
                sensor_size(stype[i], dim[i])
            };
            if size < 0 {
                return Err("Invalid model: Bad sensor_type.");
            }
            if adr[i] < 0 || adr[i] as i64 + size as i64 > m.nsensordata as i64 {
                return Err("Invalid model: sensor_adr out of bounds.");
            }
            let nobj = num_objects(m, objtype[i]);
            if nobj == -2 {
                return Err("Invalid model: invalid sensor_objtype");
            }
            if nobj != -1 && (objid[i] < 0 || objid[i] >= nobj) {
                return Err("Invalid model: invalid sensor_objid");
            }
            let nref = num_objects(m, reftype[i]);
            if nref == -2 {
                return Err("Invalid model: invalid sensor_reftype");
            }
            if nref != -1 && (refid[i] < -1 || refid[i] >= nref) {
                return Err("Invalid model: invalid sensor_refid");
            }
            if stype[i] == mjSENS_TACTILE as c_int {
                check_tactile(m, objid[i])?;
            }
        }
    }

    // excluded body pairs
    for &sig in ints!(m.exclude_signature, m.nexclude as i64)? {
        let body1 = sig & 0xFFFF;
        if body1 >= m.nbody || body1 < 0 {
            return Err("Invalid model: exclude_body1 out of bounds.");
        }
        let body2 = sig >> 16;
        if body2 >= m.nbody || body2 < 0 {
            return Err("Invalid model: exclude_body2 out of bounds.");
        }
    }

    // tuples
    {
        let n = m.ntuple as i64;
        let size = ints!(m.tuple_size, n)?;
        let tadr = ints!(m.tuple_adr, n)?;
        let nd = m.ntupledata as i64;
        let objtype = ints!(m.tuple_objtype, nd)?;
        let objid = ints!(m.tuple_objid, nd)?;
        for i in 0..size.len() {
            for j in 0..size[i].max(0) as i64 {
                let adr = tadr[i] as i64 + j;
                if adr < 0 || adr >= nd {
                    return Err("Invalid model: tuple_adr out of bounds.");
                }
                let adr = adr as usize;
                let nobj = num_objects(m, objtype[adr]);
                if nobj == -2 {
                    return Err("Invalid model: invalid tuple_objtype");
                }
                if nobj != -1 && (objid[adr] < 0 || objid[adr] >= nobj) {
                    return Err("Invalid model: invalid tuple_objid");
                }
            }
        }
    }

    // the sparsity patterns of M, B and D are not checked here (nor by upstream, which loads
    // damaged ones); mj_makeData checks them (model::sparsity::check_patterns)
    Ok(())
}

/// Checks the convex-hull graphs in `mesh_graph` (per mesh: vertex count, face count, each
/// vertex's edge-list address, its mesh vertex id, then the -1-terminated edge lists), which the
/// convex collision walks without bounds checks: every edge list must end inside the array,
/// every neighbour must be a graph vertex and every graph vertex a vertex of its mesh. MJB files
/// are checked on loading; compiled models have valid graphs by construction.
/// `m` as for [`validate_references`], which must have accepted it.
pub fn validate_mesh_graphs(m: &mjModel) -> Result<(), &'static str> {
    const BAD: &str = "Invalid model: bad mesh_graph.";
    let graph = ints!(m.mesh_graph, m.nmeshgraph as i64)?;
    let graphadr = ints!(m.mesh_graphadr, m.nmesh as i64)?;
    let vertnum = ints!(m.mesh_vertnum, m.nmesh as i64)?;
    for (&adr, &nvert) in graphadr.iter().zip(vertnum) {
        if adr < 0 {
            continue;
        }
        let adr = adr as usize;
        let numvert = *graph.get(adr).ok_or(BAD)?;
        let lists = adr + 2 + 2 * numvert.max(0) as usize;
        if numvert < 1 || lists > graph.len() {
            return Err(BAD);
        }
        let edgeadr = &graph[adr + 2..adr + 2 + numvert as usize];
        let globalid = &graph[adr + 2 + numvert as usize..lists];
        let localid = &graph[lists..];
        if globalid.iter().any(|&v| v < 0 || v >= nvert) {
            return Err(BAD);
        }
        for &e in edgeadr {
            if e < 0 {
                return Err(BAD);
            }
            let list = localid.get(e as usize..).ok_or(BAD)?;
            let end = list.iter().position(|&v| v < 0).ok_or(BAD)?;
            if list[..end].iter().any(|&v| v >= numvert) {
                return Err(BAD);
            }
        }
    }
    Ok(())
}

/// A tactile sensor's object id, taken as a geom id as upstream does, must belong to a body with
/// at least one geom that can collide.
fn check_tactile(m: &mjModel, obj_id: c_int) -> Result<(), &'static str> {
    let ngeom = m.ngeom as i64;
    let geom_bodyid = ints!(m.geom_bodyid, ngeom)?;
    let contype = ints!(m.geom_contype, ngeom)?;
    let conaffinity = ints!(m.geom_conaffinity, ngeom)?;
    let geomnum = ints!(m.body_geomnum, m.nbody as i64)?;
    let geomadr = ints!(m.body_geomadr, m.nbody as i64)?;

    let body =
        usize::try_from(obj_id).ok().and_then(|g| geom_bodyid.get(g)).ok_or("Invalid model: invalid sensor_objid")?;
    let body = usize::try_from(*body)
        .ok()
        .filter(|&b| b < geomnum.len())
        .ok_or("Invalid model: geom_bodyid out of bounds.")?;
    let mut collision_geoms = 0;
    for b in 0..geomnum[body].max(0) as i64 {
        let g = usize::try_from(geomadr[body] as i64 + b)
            .ok()
            .filter(|&g| g < contype.len())
            .ok_or("Invalid model: body_geomadr out of bounds.")?;
        if contype[g] != 0 || conaffinity[g] != 0 {
            collision_geoms += 1;
        }
    }
    if collision_geoms == 0 {
        return Err("Touch sensor requires a body with at least one collision geom");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand-built model whose arrays live in vectors owned alongside it.
    struct TestModel {
        m: Box<mjModel>,
        bufs: Vec<Vec<c_int>>,
    }

    impl TestModel {
        fn set(&mut self, slot: fn(&mut mjModel) -> &mut *mut c_int, v: &[c_int]) {
            let mut buf = v.to_vec();
            *slot(&mut self.m) = buf.as_mut_ptr();
            self.bufs.push(buf);
        }
    }

    macro_rules! set {
        ($tm:ident, $f:ident, $v:expr) => {
            $tm.set(|m| &mut m.$f, &$v)
        };
    }

    /// world, two bodies chained with hinges, one geom per body, a joint position sensor, a
    /// connect constraint, and a hinge actuator.
    fn valid() -> TestModel {
        // SAFETY: mjModel holds only numbers, raw pointers and arrays of them (all-zero is a value)
        let mut tm = TestModel { m: Box::new(unsafe { core::mem::zeroed() }), bufs: Vec::new() };
        {
            let m = &mut tm.m;
            m.nbody = 3;
            m.njnt = 2;
            m.nq = 2;
            m.nv = 2;
            m.nM = 3;
            m.nC = 3;
            m.nB = 3;
            m.nD = 4;
            m.ntree = 1;
            m.ngeom = 2;
            m.nnames = 1;
            m.nsensor = 1;
            m.nsensordata = 1;
            m.neq = 1;
            m.nu = 1;
            m.na = 0;
        }
        set!(tm, body_parentid, [0, 0, 1]);
        set!(tm, body_rootid, [0, 1, 1]);
        set!(tm, body_weldid, [0, 1, 2]);
        set!(tm, body_mocapid, [-1, -1, -1]);
        set!(tm, body_jntadr, [-1, 0, 1]);
        set!(tm, body_jntnum, [0, 1, 1]);
        set!(tm, body_dofadr, [-1, 0, 1]);
        set!(tm, body_dofnum, [0, 1, 1]);
        set!(tm, body_geomadr, [-1, 0, 1]);
        set!(tm, body_geomnum, [0, 1, 1]);
        set!(tm, body_bvhadr, [-1, -1, -1]);
        set!(tm, body_bvhnum, [0, 0, 0]);
        set!(tm, body_plugin, [-1, -1, -1]);
        set!(tm, jnt_type, [3, 3]);
        set!(tm, jnt_qposadr, [0, 1]);
        set!(tm, jnt_dofadr, [0, 1]);
        set!(tm, jnt_bodyid, [1, 2]);
        set!(tm, dof_bodyid, [1, 2]);
        set!(tm, dof_jntid, [0, 1]);
        set!(tm, dof_parentid, [-1, 0]);
        set!(tm, dof_Madr, [0, 1]);
        set!(tm, tree_bodyadr, [1]);
        set!(tm, tree_bodynum, [2]);
        set!(tm, tree_dofadr, [0]);
        set!(tm, tree_dofnum, [2]);
        set!(tm, geom_bodyid, [1, 2]);
        set!(tm, geom_matid, [-1, -1]);
        set!(tm, geom_type, [mjGEOM_SPHERE as c_int, mjGEOM_BOX as c_int]);
        set!(tm, geom_condim, [3, 3]);
        set!(tm, geom_dataid, [-1, -1]);
        set!(tm, geom_contype, [1, 1]);
        set!(tm, geom_conaffinity, [1, 1]);
        set!(tm, name_bodyadr, [0, 0, 0]);
        set!(tm, name_jntadr, [0, 0]);
        set!(tm, name_geomadr, [0, 0]);
        set!(tm, name_sensoradr, [0]);
        set!(tm, name_eqadr, [0]);
        set!(tm, name_actuatoradr, [0]);
        set!(tm, sensor_type, [mjSENS_JOINTPOS as c_int]);
        set!(tm, sensor_dim, [1]);
        set!(tm, sensor_adr, [0]);
        set!(tm, sensor_objtype, [mjOBJ_JOINT as c_int]);
        set!(tm, sensor_objid, [1]);
        set!(tm, sensor_reftype, [mjOBJ_UNKNOWN as c_int]);
        set!(tm, sensor_refid, [-1]);
        set!(tm, sensor_plugin, [-1]);
        set!(tm, eq_type, [mjEQ_CONNECT as c_int]);
        set!(tm, eq_objtype, [mjOBJ_BODY as c_int]);
        set!(tm, eq_obj1id, [2]);
        set!(tm, eq_obj2id, [0]);
        set!(tm, actuator_trntype, [mjTRN_JOINT as c_int]);
        set!(tm, actuator_trnid, [1, -1]);
        set!(tm, actuator_plugin, [-1]);
        set!(tm, actuator_actadr, [-1]);
        set!(tm, actuator_actnum, [0]);
        // body-dof rows: the dofs moving each body; dof-dof rows: the dofs of one chain
        set!(tm, B_rownnz, [0, 1, 2]);
        set!(tm, B_rowadr, [0, 0, 1]);
        set!(tm, B_colind, [0, 0, 1]);
        set!(tm, D_rownnz, [2, 2]);
        set!(tm, D_rowadr, [0, 2]);
        set!(tm, D_colind, [0, 1, 0, 1]);
        // rows of M: dof 0 alone, dof 1 with its parent dof 0
        set!(tm, M_rownnz, [1, 2]);
        set!(tm, M_rowadr, [0, 1]);
        set!(tm, M_colind, [0, 0, 1]);
        tm
    }

    fn check(tm: &TestModel) -> Result<(), &'static str> {
        validate_references(&tm.m)
    }

    #[test]
    fn empty_model_is_valid() {
        // SAFETY: as in `valid`
        let m: mjModel = unsafe { core::mem::zeroed() };
        assert_eq!(validate_references(&m), Ok(()));
    }

    #[test]
    fn valid_model_passes() {
        assert_eq!(check(&valid()), Ok(()));
    }

    #[test]
    fn bad_body_parentid() {
        let mut tm = valid();
        set!(tm, body_parentid, [0, 0, 2]);
        assert_eq!(check(&tm), Err("Invalid model: bad body_parentid."));
        // out of range entirely is caught by the reference table first
        set!(tm, body_parentid, [0, 0, 3]);
        assert_eq!(check(&tm), Err("Invalid model: body_parentid out of bounds."));
    }

    #[test]
    fn bad_jnt_qposadr() {
        let mut tm = valid();
        // in range for the table (adr + 1 <= nq) but a ball joint needs 4 coordinates
        set!(tm, jnt_type, [3, 1]);
        assert_eq!(check(&tm), Err("Invalid model: jnt_qposadr out of bounds."));
        let mut tm = valid();
        set!(tm, jnt_qposadr, [0, 2]);
        assert_eq!(check(&tm), Err("Invalid model: jnt_qposadr out of bounds."));
        let mut tm = valid();
        set!(tm, jnt_type, [3, 4]);
        assert_eq!(check(&tm), Err("Invalid model: jnt_type out of bounds."));
    }

    #[test]
    fn damaged_patterns_load() {
        // as upstream: mj_makeData refuses them (model::sparsity::check_patterns), not the loader
        let mut tm = valid();
        set!(tm, M_colind, [0, -1, 7]);
        set!(tm, M_rowadr, [5, 1]);
        set!(tm, D_colind, [0, 1, 9, 1]);
        set!(tm, B_rowadr, [0, 0, 100]);
        assert_eq!(check(&tm), Ok(()));
    }

    #[test]
    fn bad_sensor() {
        let mut tm = valid();
        set!(tm, sensor_adr, [1]);
        assert_eq!(check(&tm), Err("Invalid model: sensor_adr out of bounds."));
        let mut tm = valid();
        set!(tm, sensor_type, [mjSENS_FRAMEPOS as c_int]);
        assert_eq!(check(&tm), Err("Invalid model: sensor_adr out of bounds."));
        let mut tm = valid();
        set!(tm, sensor_type, [999]);
        assert_eq!(check(&tm), Err("Invalid model: Bad sensor_type."));
        let mut tm = valid();
        set!(tm, sensor_objid, [2]);
        assert_eq!(check(&tm), Err("Invalid model: invalid sensor_objid"));
        let mut tm = valid();
        set!(tm, sensor_reftype, [50]);
        assert_eq!(check(&tm), Err("Invalid model: invalid sensor_reftype"));
        let mut tm = valid();
        // a plugin sensor without a plugin instance
        set!(tm, sensor_type, [mjSENS_PLUGIN as c_int]);
        assert_eq!(check(&tm), Err("Invalid model: Bad sensor_type."));
    }

    #[test]
    fn bad_equality() {
        let mut tm = valid();
        set!(tm, eq_objtype, [mjOBJ_GEOM as c_int]);
        assert_eq!(check(&tm), Err("Invalid model: eq_objtype is not body or site."));
        let mut tm = valid();
        set!(tm, eq_obj2id, [3]);
        assert_eq!(check(&tm), Err("Invalid model: eq_obj2id out of bounds."));
    }

    #[test]
    fn bad_counts_and_nulls() {
        let mut tm = valid();
        set!(tm, body_jntnum, [0, -1, 1]);
        assert_eq!(check(&tm), Err("Invalid model: m->body_jntnum is negative."));
        let mut tm = valid();
        set!(tm, body_jntnum, [0, c_int::MAX, 1]);
        assert_eq!(check(&tm), Err("Invalid model: m->body_jntnum is too large."));
        let mut tm = valid();
        set!(tm, body_dofadr, [-2, 0, 1]);
        assert_eq!(check(&tm), Err("Invalid model: body_dofadr out of bounds."));
        let mut tm = valid();
        tm.m.jnt_qposadr = core::ptr::null_mut();
        assert_eq!(check(&tm), Err(NULL_ARRAY));
    }

    #[test]
    fn tactile_and_tuples() {
        let mut tm = valid();
        set!(tm, sensor_type, [mjSENS_TACTILE as c_int]);
        set!(tm, sensor_objtype, [mjOBJ_GEOM as c_int]);
        set!(tm, sensor_objid, [0]);
        assert_eq!(check(&tm), Ok(()));
        set!(tm, geom_contype, [0, 1]);
        set!(tm, geom_conaffinity, [0, 1]);
        assert_eq!(check(&tm), Err("Touch sensor requires a body with at least one collision geom"));

        let mut tm = valid();
        tm.m.ntuple = 1;
        tm.m.ntupledata = 2;
        set!(tm, tuple_adr, [0]);
        set!(tm, tuple_size, [2]);
        set!(tm, name_tupleadr, [0]);
        set!(tm, tuple_objtype, [mjOBJ_BODY as c_int, mjOBJ_JOINT as c_int]);
        set!(tm, tuple_objid, [2, 1]);
        assert_eq!(check(&tm), Ok(()));
        set!(tm, tuple_objid, [2, 2]);
        assert_eq!(check(&tm), Err("Invalid model: invalid tuple_objid"));
        set!(tm, tuple_objtype, [mjOBJ_BODY as c_int, 26]);
        assert_eq!(check(&tm), Err("Invalid model: invalid tuple_objtype"));
    }

    #[test]
    fn mesh_graphs() {
        // one tetrahedron: 4 graph vertices, 4 faces, each vertex joined to the other three
        let mut tm = valid();
        tm.m.nmesh = 1;
        tm.m.nmeshvert = 4;
        set!(tm, mesh_vertnum, [4]);
        set!(tm, mesh_graphadr, [0]);
        let mut graph = vec![4, 4, 0, 4, 8, 12, 0, 1, 2, 3];
        graph.extend([1, 2, 3, -1, 0, 2, 3, -1, 0, 1, 3, -1, 0, 1, 2, -1]);
        let bad = |tm: &mut TestModel, g: &[c_int]| {
            tm.m.nmeshgraph = g.len() as c_int;
            set!(tm, mesh_graph, g);
            validate_mesh_graphs(&tm.m)
        };
        assert_eq!(bad(&mut tm, &graph), Ok(()));
        let bad_graph = Err("Invalid model: bad mesh_graph.");
        // unterminated last edge list
        assert_eq!(bad(&mut tm, &graph[..graph.len() - 1]), bad_graph);
        // a neighbour that is not a graph vertex
        let mut g = graph.clone();
        g[11] = 4;
        assert_eq!(bad(&mut tm, &g), bad_graph);
        // a graph vertex that is not a mesh vertex
        let mut g = graph.clone();
        g[9] = 4;
        assert_eq!(bad(&mut tm, &g), bad_graph);
        // an edge list starting outside the array, and a negative one
        let mut g = graph.clone();
        g[5] = 40;
        assert_eq!(bad(&mut tm, &g), bad_graph);
        g[5] = -1;
        assert_eq!(bad(&mut tm, &g), bad_graph);
        // no vertices, and a vertex count past the array
        assert_eq!(bad(&mut tm, &[0, 0]), bad_graph);
        assert_eq!(bad(&mut tm, &[9, 0, 0, 1]), bad_graph);
        // meshes without a graph are not looked at
        set!(tm, mesh_graphadr, [-1]);
        assert_eq!(bad(&mut tm, &[9]), Ok(()));
    }

    #[test]
    fn sensor_sizes() {
        assert_eq!(sensor_size(mjSENS_TOUCH as c_int, 0), 1);
        assert_eq!(sensor_size(mjSENS_CAMPROJECTION as c_int, 0), 2);
        assert_eq!(sensor_size(mjSENS_GEOMNORMAL as c_int, 0), 3);
        assert_eq!(sensor_size(mjSENS_FRAMEQUAT as c_int, 0), 4);
        assert_eq!(sensor_size(mjSENS_GEOMFROMTO as c_int, 0), 6);
        assert_eq!(sensor_size(mjSENS_USER as c_int, 5), 5);
        assert_eq!(sensor_size(mjSENS_PLUGIN as c_int, 5), -1);
        assert_eq!(sensor_size(-1, 5), -1);
    }
}
