//! Contact and tactile sensors (the `CONTACT` and `TACTILE` types of the acceleration stage):
//! the contacts that match a sensor's objects, reduced and sorted as the sensor asks, and the
//! pressure a mesh's vertices feel.

use super::*;

/// A contact matched by a contact sensor: the sort key, the contact index and whether the
/// normal is flipped (nonzero).
#[derive(Clone, Copy)]
#[repr(C)]
struct ContactInfo {
    criterion: f64,
    id: i32,
    flip: i32,
}

/// Order of matched contacts: by criterion, then by contact index.
fn info_cmp(a: &ContactInfo, b: &ContactInfo) -> i32 {
    if a.criterion < b.criterion {
        -1
    } else if a.criterion > b.criterion {
        1
    } else if a.id < b.id {
        -1
    } else if a.id > b.id {
        1
    } else {
        0
    }
}

/// Restores the max-heap property below `root` in `heap`.
fn sift_down(heap: &mut [ContactInfo], mut root: usize) {
    let end = heap.len();
    while 2 * root + 1 < end {
        let child = 2 * root + 1;
        let mut swap = root;
        if info_cmp(&heap[swap], &heap[child]) < 0 {
            swap = child;
        }
        if child + 1 < end && info_cmp(&heap[swap], &heap[child + 1]) < 0 {
            swap = child + 1;
        }
        if swap == root {
            break;
        }
        heap.swap(root, swap);
        root = swap;
    }
}

/// Moves the `k` smallest entries of `arr` to its front in increasing order (a bounded
/// max-heap in `buf`, then an insertion sort), as upstream's partial sort does.
fn select_smallest(arr: &mut [ContactInfo], buf: &mut [ContactInfo], k: usize) {
    let n = arr.len();
    if k == 0 || n < k {
        return;
    }
    let heap = &mut buf[..k];
    heap.copy_from_slice(&arr[..k]);
    for j in (0..=(k as isize - 2) / 2).rev() {
        if j >= 0 {
            sift_down(heap, j as usize);
        }
    }
    for item in &arr[k..n] {
        if info_cmp(item, &heap[0]) < 0 {
            heap[0] = *item;
            sift_down(heap, 0);
        }
    }
    arr[..k].copy_from_slice(heap);
    for j in 1..k {
        let tmp = arr[j];
        let mut pos = j;
        while pos > 0 && info_cmp(&arr[pos - 1], &tmp) > 0 {
            arr[pos] = arr[pos - 1];
            pos -= 1;
        }
        arr[pos] = tmp;
    }
}

// SAFETY: a C struct of numbers without padding (8 + 4 + 4 bytes): every bit pattern is a value
unsafe impl Scratch for ContactInfo {}

/// Whether a contact side (`body`, `geom`) fits a contact-sensor object (`objtype`, `id`);
/// sites and unspecified objects match anything, xbody matches the whole subtree.
fn side_matches(m: &mjModel, mut body: i32, geom: i32, objtype: i32, id: i32) -> bool {
    match objtype {
        mjOBJ_UNKNOWN | mjOBJ_SITE => true,
        mjOBJ_GEOM => id == geom,
        mjOBJ_BODY => id == body,
        mjOBJ_XBODY => {
            while body > id {
                body = m.body_parentid()[body as usize];
            }
            body == id
        }
        _ => false,
    }
}

/// Whether contact `c` satisfies a contact sensor's two object filters: 0 no, 1 yes with the
/// contact normal as is, -1 yes with the normal flipped.
fn match_contact(m: &mjModel, d: &DataRef, c: usize, type1: i32, id1: i32, type2: i32, id2: i32) -> i32 {
    if type1 == mjOBJ_UNKNOWN && type2 == mjOBJ_UNKNOWN {
        return 1;
    }
    let con = &d.contact[c];
    if type1 == mjOBJ_SITE {
        let s = id1 as usize;
        let inside =
            inside_geom(v3(d.site_xpos, s), v9(d.site_xmat, s), v3(m.site_size(), s), m.site_type()[s], &con.pos);
        if !inside {
            return 0;
        }
    }
    let (g1, g2) = (con.geom[0], con.geom[1]);
    let body = |g: i32| if g >= 0 { m.geom_bodyid()[g as usize] } else { -1 };
    let (b1, b2) = (body(g1), body(g2));
    let m11 = side_matches(m, b1, g1, type1, id1);
    let m12 = side_matches(m, b2, g2, type1, id1);
    let m21 = side_matches(m, b1, g1, type2, id2);
    let m22 = side_matches(m, b2, g2, type2, id2);
    if (!m11 && !m12) || (!m21 && !m22) {
        return 0;
    }
    if type1 != mjOBJ_UNKNOWN && type2 != mjOBJ_UNKNOWN {
        let regular = m11 && m22;
        let reverse = m12 && m21;
        if regular {
            1
        } else if reverse {
            -1
        } else {
            0
        }
    } else if type1 != mjOBJ_UNKNOWN {
        if m11 {
            1
        } else {
            -1
        }
    } else if m22 {
        1
    } else {
        -1
    }
}

/// Offsets (from the slot start) of the requested fields of a contact sensor slot.
fn condata_offsets(dataspec: i32) -> [Option<usize>; CONDATA_SIZE.len()] {
    let mut out = [None; CONDATA_SIZE.len()];
    let mut off = 0;
    for (k, o) in out.iter_mut().enumerate() {
        if dataspec & (1 << k) != 0 {
            *o = Some(off);
            off += CONDATA_SIZE[k];
        }
    }
    out
}

/// Contact sensor `i`: the matched contacts (filtered by its objects), reduced as its second
/// integer parameter says (none, smallest distance, largest force, net force), one per slot.
pub(super) fn contact_sensor(m: &mjModel, d: &mut mjData, i: usize) {
    const NETFORCE: i32 = 3;
    const MINDIST: i32 = 1;
    const MAXFORCE: i32 = 2;

    let intprm = &m.sensor_intprm()[i * mjNSENS..i * mjNSENS + mjNSENS];
    let (dataspec, reduce) = (intprm[0], intprm[1]);
    let size = crate::runtime::text::condata_size(dataspec).max(0) as usize;
    let dim = m.sensor_dim()[i] as usize;
    let adr = m.sensor_adr()[i] as usize;
    sensordata(m, d)[adr..adr + dim].fill(0.0);
    if size == 0 {
        return;
    }
    let num = dim / size;
    let mut offsets = condata_offsets(dataspec);
    let (objtype, objid) = (m.sensor_objtype()[i], m.sensor_objid()[i]);
    let (reftype, refid) = (m.sensor_reftype()[i], m.sensor_refid()[i]);

    let ncon = d.ncon as usize;
    with_frame(d, |d, f| {
        let matched = f.alloc::<ContactInfo>(d, ncon);
        let mut nmatch = 0;
        let dr = d.arrays(m);
        for c in 0..ncon {
            let r = match_contact(m, &dr, c, objtype, objid, reftype, refid);
            if r == 0 {
                continue;
            }
            let criterion = match reduce {
                MINDIST => dr.contact[c].dist,
                MAXFORCE => {
                    let f = contact_force_in(m, dr.contact, dr.efc_force, c);
                    -dot3(v3(&f, 0), v3(&f, 0))
                }
                _ => 0.0,
            };
            matched[nmatch] = ContactInfo { criterion, id: c as i32, flip: (r < 0) as i32 };
            nmatch += 1;
        }
        let matched = &mut matched[..nmatch];
        let nslot = num.min(nmatch);

        if reduce == MINDIST || reduce == MAXFORCE {
            let buf = f.alloc::<ContactInfo>(d, nslot);
            select_smallest(matched, buf, nslot);
        } else if reduce == NETFORCE {
            let wrench = f.nums(d, 6 * nmatch);
            let pos = f.nums(d, 3 * nmatch);
            let frame = f.nums(d, 9 * nmatch);
            let DataMut { sensordata, contact, efc_force, .. } = d.arrays_mut(m);
            let (contacts, efc_force) = (&*contact, &*efc_force);
            let out = &mut sensordata[adr..adr + dim];
            for (j, info) in matched.iter().enumerate() {
                let con = &contacts[info.id as usize];
                let mut w = contact_force_in(m, contacts, efc_force, info.id as usize);
                if info.flip != 0 {
                    w.iter_mut().for_each(|x| *x *= -1.0);
                }
                wrench[6 * j..6 * j + 6].copy_from_slice(&w);
                pos[3 * j..3 * j + 3].copy_from_slice(&con.pos);
                frame[9 * j..9 * j + 9].copy_from_slice(&con.frame);
            }

            // force-weighted centroid of the contact points
            let mut point = [0.0; 3];
            let mut total = 0.0;
            for j in 0..nmatch {
                let weight = norm3(v3(wrench, 2 * j));
                add_to_scl3(&mut point, v3(pos, j), weight);
                total += weight;
            }
            point = scl3(&point, 1.0 / total.max(mjMINVAL));

            // total wrench about that point, in the global frame
            let (mut force, mut torque) = ([0.0; 3], [0.0; 3]);
            for j in 0..nmatch {
                let fj = mul_mat_t_vec3(v9(frame, j), v3(wrench, 2 * j));
                let tj = mul_mat_t_vec3(v9(frame, j), v3(wrench, 2 * j + 1));
                add_to3(&mut force, &fj);
                add_to3(&mut torque, &tj);
                let arm = sub3(v3(pos, j), &point);
                add_to3(&mut torque, &cross_product(&arm, &fj));
            }

            let o = offsets;
            if let Some(k) = o[0] {
                out[k] = nmatch as f64;
            }
            if let Some(k) = o[1] {
                out[k..k + 3].copy_from_slice(&force);
            }
            if let Some(k) = o[2] {
                out[k..k + 3].copy_from_slice(&torque);
            }
            if let Some(k) = o[3] {
                out[k] = 0.0;
            }
            if let Some(k) = o[4] {
                out[k..k + 3].copy_from_slice(&point);
            }
            if let Some(k) = o[5] {
                out[k] = 1.0;
            }
            if let Some(k) = o[6] {
                out[k + 1] = 1.0;
            }
            return;
        }

        // one slot per selected contact
        let DataMut { sensordata, contact, efc_force, .. } = d.arrays_mut(m);
        let (contacts, efc_force) = (&*contact, &*efc_force);
        let out = &mut sensordata[adr..adr + dim];
        for info in matched[..nslot].iter() {
            let id = info.id as usize;
            let con = &contacts[id];
            let flip = info.flip != 0;
            if let Some(k) = offsets[0] {
                out[k] = nmatch as f64;
            }
            if offsets[1].is_some() || offsets[2].is_some() {
                let ft = contact_force_in(m, contacts, efc_force, id);
                for (field, part) in [(1, 0), (2, 1)] {
                    if let Some(k) = offsets[field] {
                        out[k..k + 3].copy_from_slice(v3(&ft, part));
                        if flip {
                            out[k + 2] *= -1.0;
                        }
                    }
                }
            }
            if let Some(k) = offsets[3] {
                out[k] = con.dist;
            }
            if let Some(k) = offsets[4] {
                out[k..k + 3].copy_from_slice(&con.pos);
            }
            for (field, part) in [(5, 0), (6, 1)] {
                if let Some(k) = offsets[field] {
                    let v = *v3(&con.frame, part);
                    out[k..k + 3].copy_from_slice(&if flip { scl3(&v, -1.0) } else { v });
                }
            }
            for o in offsets.iter_mut().flatten() {
                *o += size;
            }
        }
    })
}

/// Tactile sensor `i` (`mjSENS_TACTILE`): for each vertex of the sensor's mesh, placed on its
/// geom, the penetration into every geom touching the sensor's weld body (signed distance fields:
/// mesh octrees, SDF plugins, primitives) gives a pressure along the vertex normal, and the
/// relative slip velocity along the two vertex tangents; channels are normal pressure and the
/// two slip speeds, one value per vertex. A later touching geom overwrites an earlier one's
/// values at the vertices it reaches.
pub(super) fn tactile_sensor(m: &mjModel, d: &mut mjData, i: usize) {
    const MAX_DEPTH: f64 = 0.05;
    let adr = m.sensor_adr()[i] as usize;
    let dim = m.sensor_dim()[i] as usize;
    sensordata(m, d)[adr..adr + dim].fill(0.0);

    let mesh = m.sensor_objid()[i] as usize;
    let sgeom = m.sensor_refid()[i] as usize;
    let weld = m.body_weldid()[m.geom_bodyid()[sgeom] as usize];
    let nvert = m.mesh_vertnum()[mesh] as usize;
    let nchannel = dim.checked_div(nvert).unwrap_or(0);

    with_frame(d, |d, f| {
        // geoms in contact with the sensor's weld body, each once, in contact order
        let others = f.ints(d, d.ncon as usize);
        let contacts = d.arrays(m).contact;
        let mut nother = 0;
        let weld_of = |g: i32| m.body_weldid()[m.geom_bodyid()[g as usize] as usize];
        for c in contacts {
            // flex contacts have no geom (upstream then reads geom_bodyid[-1]); they are skipped
            if c.geom1 < 0 || c.geom2 < 0 {
                continue;
            }
            for (mine, other) in [(c.geom1, c.geom2), (c.geom2, c.geom1)] {
                if weld_of(mine) == weld && !others[..nother].contains(&other) {
                    others[nother] = other;
                    nother += 1;
                }
            }
        }
        if nother == 0 {
            return;
        }

        let forces = f.nums(d, 3 * nvert);
        forces.fill(0.0);
        let dr = d.arrays(m);
        let spos = *v3(dr.geom_xpos, sgeom);
        let smat = *v9(dr.geom_xmat, sgeom);
        let vadr = m.mesh_vertadr()[mesh] as usize;
        let verts = &m.mesh_vert()[3 * vadr..3 * (vadr + nvert)];
        let normals = tactile_normals(m, mesh, nvert);
        let mquat = *v4(m.mesh_quat(), mesh);
        let (cvel, subtree_com) = (dr.cvel, dr.subtree_com);
        let sensor_root = m.body_rootid()[weld as usize] as usize;

        for &geom in &others[..nother] {
            let g = geom as usize;
            let body = m.geom_bodyid()[g] as usize;
            let gtype = m.geom_type()[g];
            let mut sdf = crate::engine::collision::sdf::Sdf {
                plugin: [None; 2],
                id: [g as i32, -1],
                geomtype: [gtype, mjGEOM_SPHERE],
                kind: crate::abi::mjtSDFType_::mjSDFTYPE_SINGLE as i32,
                relpos: [0.0; 3],
                relmat: [0.0; 9],
            };
            if gtype == crate::abi::mjtGeom_::mjGEOM_SDF as i32 {
                sdf.id[0] = m.geom_plugin()[g];
                sdf.plugin[0] = crate::engine::collision::sdf::get_sdf(m, g);
            } else if gtype == crate::abi::mjtGeom_::mjGEOM_MESH as i32 {
                sdf.id[0] = m.geom_dataid()[g];
                if m.mesh_octadr()[m.geom_dataid()[g] as usize] == -1 {
                    continue;
                }
            }
            let gpos = *v3(dr.geom_xpos, g);
            let gmat = *v9(dr.geom_xmat, g);

            for j in 0..nvert {
                let local = [verts[3 * j] as f64, verts[3 * j + 1] as f64, verts[3 * j + 2] as f64];
                let mut xpos = mul_mat_vec3(&smat, &local);
                add_to3(&mut xpos, &spos);
                let mut lpos = mul_mat_t_vec3(&gmat, &sub3(&xpos, &gpos));
                if sdf.plugin[0].is_some() {
                    let dataid = m.geom_dataid()[g] as usize;
                    let mesh_mat = crate::math::spatial::quat2mat(v4(m.mesh_quat(), dataid));
                    lpos = mul_mat_vec3(&mesh_mat, &lpos);
                    add_to3(&mut lpos, v3(m.mesh_pos(), dataid));
                }
                let depth = min(crate::engine::collision::sdf::distance(m, d, &sdf, &lpos), 0.0);
                if depth == 0.0 {
                    continue;
                }

                let vel_sensor =
                    transform_spatial(v6(cvel, weld as usize), false, &xpos, v3(subtree_com, sensor_root), None);
                let vel_other = transform_spatial(
                    v6(cvel, body),
                    false,
                    &gpos,
                    v3(subtree_com, m.body_rootid()[body] as usize),
                    None,
                );
                let vel_rel =
                    [vel_sensor[3] - vel_other[3], vel_sensor[4] - vel_other[4], vel_sensor[5] - vel_other[5]];

                let frame = |k: usize| {
                    let n = normals.get(9 * j + 3 * k..9 * j + 3 * k + 3).unwrap_or(&[0.0; 3]);
                    crate::math::spatial::rot_vec_quat(&[n[0] as f64, n[1] as f64, n[2] as f64], &mquat)
                };
                let (normal, tang1, tang2) = (frame(0), frame(1), frame(2));
                let pressure = depth / max(MAX_DEPTH - depth, mjMINVAL);
                let force = scl3(&normal, pressure);
                forces[j] = dot3(&force, &normal);
                forces[nvert + j] = dot3(&vel_rel, &tang1).abs();
                forces[2 * nvert + j] = dot3(&vel_rel, &tang2).abs();
            }
        }

        let out = &mut sensordata(m, d)[adr..adr + dim];
        for c in 0..nchannel.min(3) {
            let f = &forces[c * nvert..(c + 1) * nvert];
            if f.iter().any(|&x| x != 0.0) {
                for (o, &x) in out[c * nvert..(c + 1) * nvert].iter_mut().zip(f) {
                    *o += x;
                }
            }
        }
    })
}

/// The vertex frames a tactile sensor reads: nine numbers per vertex (normal and two tangents)
/// from the mesh's first normal on, as upstream indexes `mesh_normal`. Meshes have one normal
/// per vertex, so upstream reads past the mesh's normals into what follows in mjModel's buffer;
/// the same bytes are read here (this library lays the buffer out as upstream does), as far as
/// the buffer goes.
fn tactile_normals(m: &mjModel, mesh: usize, nvert: usize) -> &[f32] {
    let normals = m.mesh_normal();
    let start = 3 * m.mesh_normaladr()[mesh] as usize;
    if start > normals.len() {
        return &[];
    }
    // SAFETY: `start` is within mesh_normal (checked above), so `base` points into the model's
    // buffer; `avail` counts the f32s from there to the buffer's end (nbuffer bytes from
    // `buffer`), which the model owns, initialises and keeps unchanged while borrowed; the
    // buffer is 8-aligned and mesh_normal's offset and `start` keep f32 alignment
    unsafe {
        let base = normals.as_ptr().add(start);
        let end = (m.buffer as *const u8).add(m.nbuffer as usize);
        let avail = (end as usize).saturating_sub(base as usize) / core::mem::size_of::<f32>();
        core::slice::from_raw_parts(base, (9 * nvert).min(avail))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(criterion: f64, id: i32) -> ContactInfo {
        ContactInfo { criterion, id, flip: 0 }
    }

    #[test]
    fn partial_sort_keeps_smallest_in_order() {
        let mut arr: Vec<ContactInfo> =
            [5.0, 1.0, 4.0, 1.0, 3.0, 0.5].iter().enumerate().map(|(i, &c)| info(c, i as i32)).collect();
        let mut buf = vec![info(0.0, 0); 3];
        select_smallest(&mut arr, &mut buf, 3);
        let got: Vec<(f64, i32)> = arr[..3].iter().map(|c| (c.criterion, c.id)).collect();
        assert_eq!(got, vec![(0.5, 5), (1.0, 1), (1.0, 3)]);
    }
}
