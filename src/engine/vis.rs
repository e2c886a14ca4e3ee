//! Abstract visual geoms: filling an `mjvGeom` from a type, size, pose and colour
//! (`mjv_initGeom`) and shaping one as a connector between two points (`mjv_connector`).
//! Plugins use these to add decorations to a scene.

use crate::abi::mjtGeom_::*;
use crate::abi::*;
use crate::math::blas::norm3;
use crate::math::misc::n2f;
use crate::math::spatial::{quat2mat, quat_z2vec};

/// Number of size values [`init_geom`] reads for a geom type.
pub fn size_len(gtype: i32) -> usize {
    match gtype {
        t if t == mjGEOM_SPHERE as i32 => 1,
        t if t == mjGEOM_CAPSULE as i32 || t == mjGEOM_CYLINDER as i32 => 2,
        _ => 3,
    }
}

/// Sets type, size, position, orientation and colour of `geom` (defaults for the ones not
/// given) and resets the rendering properties; other fields are left alone. `size` holds
/// [`size_len`] values: a sphere's radius, a capsule's or cylinder's radius and half-length,
/// else the three half-sizes.
pub fn init_geom(
    geom: &mut mjvGeom,
    gtype: i32,
    size: Option<&[f64]>,
    pos: Option<&[f64; 3]>,
    mat: Option<&[f64; 9]>,
    rgba: Option<&[f32; 4]>,
) {
    geom.r#type = gtype;
    geom.size = match size {
        Some(s) if gtype == mjGEOM_SPHERE as i32 => [s[0] as f32; 3],
        Some(s) if gtype == mjGEOM_CAPSULE as i32 || gtype == mjGEOM_CYLINDER as i32 => {
            [s[0] as f32, s[0] as f32, s[1] as f32]
        }
        Some(s) => {
            let mut out = [0.0f32; 3];
            n2f(&mut out, s);
            out
        }
        None => [0.1; 3],
    };
    match pos {
        Some(p) => n2f(&mut geom.pos, p),
        None => geom.pos = [0.0; 3],
    }
    match mat {
        Some(r) => n2f(&mut geom.mat, r),
        None => geom.mat = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0],
    }
    geom.rgba = rgba.copied().unwrap_or([0.5, 0.5, 0.5, 1.0]);

    geom.dataid = -1;
    geom.matid = -1;
    geom.texcoord = 0;
    geom.emission = 0.0;
    geom.specular = 0.5;
    geom.shininess = 0.5;
    geom.reflectance = 0.0;
    geom.label[0] = 0;
    geom.modelrbound = 0.0;
}

/// True for the types a connector can have (capsule, cylinder, arrows, line).
pub fn is_connector_type(gtype: i32) -> bool {
    [mjGEOM_CAPSULE, mjGEOM_CYLINDER, mjGEOM_ARROW, mjGEOM_ARROW1, mjGEOM_ARROW2, mjGEOM_LINE]
        .iter()
        .any(|&t| t as i32 == gtype)
}

/// Shapes `geom` as a connector of type `gtype` and the given width from `from` to `to`: type,
/// size, position (the midpoint for capsules and cylinders, else `from`) and the smallest
/// rotation taking z onto the segment. Other fields are left as they are.
pub fn connector(geom: &mut mjvGeom, gtype: i32, width: f64, from: &[f64; 3], to: &[f64; 3]) {
    let dif = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
    geom.r#type = gtype;
    geom.size = [width as f32, width as f32, norm3(&dif) as f32];
    if gtype == mjGEOM_CAPSULE as i32 || gtype == mjGEOM_CYLINDER as i32 {
        for k in 0..3 {
            geom.pos[k] = (0.5 * (from[k] + to[k])) as f32;
        }
        geom.size[2] *= 0.5;
    } else {
        n2f(&mut geom.pos, from);
    }
    let mat = quat2mat(&quat_z2vec(&dif));
    n2f(&mut geom.mat, &mat);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blank() -> mjvGeom {
        // SAFETY: mjvGeom is plain old data
        unsafe { core::mem::zeroed() }
    }

    #[test]
    fn init_defaults_and_sizes() {
        let mut g = blank();
        init_geom(&mut g, mjGEOM_NONE as i32, None, None, None, None);
        assert_eq!(g.size, [0.1; 3]);
        assert_eq!(g.mat, [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
        assert_eq!(g.rgba, [0.5, 0.5, 0.5, 1.0]);
        assert_eq!((g.dataid, g.matid, g.specular), (-1, -1, 0.5));
        init_geom(&mut g, mjGEOM_CAPSULE as i32, Some(&[0.2, 0.7]), None, None, None);
        assert_eq!(g.size, [0.2, 0.2, 0.7]);
        assert_eq!(size_len(mjGEOM_SPHERE as i32), 1);
        assert_eq!(size_len(mjGEOM_BOX as i32), 3);
    }

    #[test]
    fn connector_is_centred_for_capsules() {
        let mut g = blank();
        connector(&mut g, mjGEOM_CAPSULE as i32, 0.1, &[0.0, 0.0, 0.0], &[0.0, 0.0, 2.0]);
        assert_eq!(g.pos, [0.0, 0.0, 1.0]);
        assert_eq!(g.size, [0.1, 0.1, 1.0]);
        connector(&mut g, mjGEOM_ARROW as i32, 0.1, &[1.0, 0.0, 0.0], &[1.0, 0.0, 2.0]);
        assert_eq!(g.pos, [1.0, 0.0, 0.0]);
        assert_eq!(g.size[2], 2.0);
        assert!(is_connector_type(mjGEOM_LINE as i32) && !is_connector_type(mjGEOM_BOX as i32));
    }
}
