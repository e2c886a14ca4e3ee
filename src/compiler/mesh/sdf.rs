//! Meshes generated from an SDF plugin (a `<mesh>` with a `<plugin>` and no file): the plugin's
//! static distance sampled on a grid over its bounding box, whose zero level set marching
//! cubes turns into triangles, as upstream makes them.

use core::ffi::c_char;
use std::collections::BTreeMap;
use std::ffi::{CStr, CString};

use super::marching::marching_cubes;
use crate::abi::{mjpPlugin, mjtNum};

/// Grid points along the three axes of the bounding box together (upstream's resolution).
const RESOLUTION: f64 = 300.0;

/// Vertex data of a generated mesh, as the mesh would give it.
pub struct Generated {
    pub vert: Vec<f32>,
    pub normal: Vec<f32>,
    pub face: Vec<i32>,
}

/// Samples the static distance of plugin `p` configured with `config` and returns the zero
/// level set; the reason when the plugin cannot be sampled.
///
/// `p` is a plugin table as registered (`mjp_registerPlugin` contract): its name is null or
/// NUL-terminated, `attributes` holds `nattribute` NUL-terminated names, and its callbacks
/// follow the mjpPlugin contract.
pub fn generate(p: &mjpPlugin, config: &BTreeMap<String, String>) -> Result<Generated, String> {
    let name = if p.name.is_null() {
        String::new()
    } else {
        // SAFETY: a registered plugin's non-null name is NUL-terminated (see above)
        unsafe { CStr::from_ptr(p.name) }.to_string_lossy().into_owned()
    };
    let (Some(aabb_of), Some(distance)) = (p.sdf_aabb, p.sdf_staticdistance) else {
        return Err(format!("plugin '{}' does not provide a static distance and bounding box", name));
    };
    // attribute values by the plugin's attribute order (missing ones empty)
    let n = p.nattribute.max(0) as usize;
    let mut names: Vec<*const c_char> = Vec::with_capacity(n);
    let mut held: Vec<CString> = Vec::with_capacity(n);
    for i in 0..n {
        // SAFETY: attributes holds nattribute NUL-terminated names (see above)
        let a = unsafe { *p.attributes.add(i) };
        names.push(a);
        // SAFETY: as above
        let key = unsafe { CStr::from_ptr(a) }.to_string_lossy();
        let v = config.get(key.as_ref()).map_or("", |v| v.as_str());
        held.push(CString::new(v).unwrap_or_default());
    }
    let mut values: Vec<*const c_char> = held.iter().map(|v| v.as_ptr()).collect();
    let mut attributes: Vec<mjtNum> = vec![0.0; n];
    if let Some(f) = p.sdf_attribute {
        // SAFETY: the plugin's callback gets n attribute slots, names and NUL-terminated values
        unsafe { f(attributes.as_mut_ptr(), names.as_mut_ptr(), values.as_mut_ptr()) };
    }
    let mut aabb = [0.0; 6];
    // SAFETY: the plugin's callback writes 6 numbers and reads the n attributes
    unsafe { aabb_of(aabb.as_mut_ptr(), attributes.as_ptr()) };

    // points per axis, in proportion to the box's half-sizes
    let total = aabb[3] + aabb[4] + aabb[5];
    let count = |half: f64| (RESOLUTION / total * half).floor() + 1.0;
    let dims = [count(aabb[3]), count(aabb[4]), count(aabb[5])];
    // (one point along an axis gives no cells, hence no vertices)
    if dims.iter().any(|d| !(1.0..=RESOLUTION + 1.0).contains(d)) {
        return Err(format!("plugin '{}' gives an empty or invalid bounding box", name));
    }
    let [nx, ny, nz] = dims.map(|d| d as usize);
    let mut field = vec![0f32; nx * ny * nz];
    let coord = |c: usize, i: usize, cells: usize| aabb[c] - aabb[c + 3] + 2.0 * aabb[c + 3] * i as f64 / cells as f64;
    for i in 0..nx {
        for j in 0..ny {
            for k in 0..nz {
                let point = [coord(0, i, nx - 1), coord(1, j, ny - 1), coord(2, k, nz - 1)];
                // SAFETY: the plugin's callback reads a point and the n attributes
                field[(k * ny + j) * nx + i] = unsafe { distance(point.as_ptr(), attributes.as_ptr()) } as f32;
            }
        }
    }
    let mc = marching_cubes(&field, nx, ny, nz);
    // grid units back to the box
    let place =
        |c: usize, v: f32, cells: usize| (2.0 * aabb[c + 3] * v as f64 / cells as f64 + aabb[c] - aabb[c + 3]) as f32;
    let mut vert = Vec::with_capacity(3 * mc.vertices.len());
    for v in &mc.vertices {
        vert.extend_from_slice(&[place(0, v[0], nx - 1), place(1, v[1], ny - 1), place(2, v[2], nz - 1)]);
    }
    let normal = mc.normals.iter().flatten().copied().collect();
    let face = mc.indices.iter().map(|&i| i as i32).collect();
    Ok(Generated { vert, normal, face })
}
