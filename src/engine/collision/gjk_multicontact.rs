//! Multiple contacts between flat features after EPA (upstream's `multicontact` in
//! engine_collision_gjk.c): the face normals of boxes and meshes at the EPA witness features,
//! aligned faces or face-edge pairs, and the contact polygon clipped from the two features.

use super::*;

/// Area of quadrilateral (a, b, c, d).
#[inline]
fn area4(a: &V3, b: &V3, c: &V3, d: &V3) -> f64 {
    let ad = sub3(d, a);
    let db = sub3(b, d);
    let bc = sub3(c, b);
    let ca = sub3(a, c);
    let e = cross3(&ad, &db);
    let f = cross3(&bc, &ca);
    let g = add3(&e, &f);
    0.5 * norm3(&g)
}

/// Indices of four polygon vertices spanning a quadrilateral of (locally) largest area.
fn polygon_quad(polygon: &[f64], nvert: usize) -> [usize; 4] {
    let next = |i: usize| if i == nvert - 1 { 0 } else { i + 1 };
    let area = |a: usize, b: usize, c: usize, d: usize| {
        area4(&get3(polygon, a), &get3(polygon, b), &get3(polygon, c), &get3(polygon, d))
    };
    let (mut b, mut c, mut d) = (1usize, 2usize, 3usize);
    let mut res = [0, 1, 2, 3];
    let mut m = area(0, b, c, d);
    for a in 0..nvert {
        loop {
            let m_next = area(a, b, c, next(d));
            if m_next <= m {
                break;
            }
            m = m_next;
            d = next(d);
            res = [a, b, c, d];
            loop {
                let m_next = area(a, b, next(c), d);
                if m_next <= m {
                    break;
                }
                m = m_next;
                c = next(c);
                res = [a, b, c, d];
            }
            loop {
                let m_next = area(a, next(b), c, d);
                if m_next <= m {
                    break;
                }
                m = m_next;
                b = next(b);
                res = [a, b, c, d];
            }
        }
        if b == a {
            b = next(b);
            if c == b {
                c = next(c);
                if d == c {
                    d = next(d);
                }
            }
        }
    }
    res
}

/// Normal of the plane through edge (v1, v2) perpendicular to a face with normal n; returns
/// the plane offset.
#[inline]
fn plane_normal(res: &mut V3, v1: &V3, v2: &V3, n: &V3) -> f64 {
    let v3 = add3(v1, n);
    let diff1 = sub3(v2, v1);
    let diff2 = sub3(&v3, v1);
    *res = cross3(&diff1, &diff2);
    dot3(res, v1)
}

/// True if p is on the inner side of the plane through a with normal n.
#[inline]
fn halfspace(a: &V3, n: &V3, p: &V3) -> bool {
    let diff = sub3(p, a);
    dot3(&diff, n) > -mjMINVAL
}

/// Intersection parameter of segment (a, b) with plane (pn, pd); writes the point when it
/// lies on the segment.
#[inline]
fn plane_intersect(res: &mut V3, pn: &V3, pd: f64, a: &V3, b: &V3) -> f64 {
    let ab = sub3(b, a);
    let temp = dot3(pn, &ab);
    if temp == 0.0 {
        return MAX_LIMIT;
    }
    let t = (pd - dot3(pn, a)) / temp;
    if (0.0..=1.0).contains(&t) {
        *res = [a[0] + t * ab[0], a[1] + t * ab[1], a[2] + t * ab[2]];
    }
    t
}

/// Clips polygon face2 against the side planes of face1 (normal n); the clipped vertices become
/// the contact points on geom 2, shifted by -dir for geom 1.
#[allow(clippy::too_many_arguments)]
fn polygon_clip(
    work: &mut ClipWork,
    status: &mut CcdStatus,
    face1: &[f64],
    nface1: usize,
    face2: &[f64],
    nface2: usize,
    n: &V3,
    dir: &V3,
) {
    if nface1 < 3 {
        return;
    }

    // side planes
    let ClipWork { pn, pd, buf1, buf2 } = work;
    for i in 0..nface1 {
        let j = if i + 1 < nface1 { i + 1 } else { 0 };
        let mut r = [0.0; 3];
        pd[i] = plane_normal(&mut r, &get3(face1, i), &get3(face1, j), n);
        set3(&mut pn[..], i, &r);
    }

    let (mut polygon, mut clipped) = (buf1, buf2);
    let mut npolygon = nface2;
    let mut nclipped = 0usize;
    polygon[..3 * nface2].copy_from_slice(&face2[..3 * nface2]);

    for e in 0..nface1 {
        let a = get3(face1, e);
        let en = get3(&pn[..], e);
        for i in 0..npolygon {
            let p = get3(&polygon[..], i);
            let q = get3(&polygon[..], if i + 1 < npolygon { i + 1 } else { 0 });
            let inside1 = halfspace(&a, &en, &p);
            let inside2 = halfspace(&a, &en, &q);

            if !inside1 && !inside2 {
                continue;
            }
            if inside1 && inside2 {
                set3(&mut clipped[..], nclipped, &q);
                nclipped += 1;
                continue;
            }

            // crossing point
            let mut r = get3(&clipped[..], nclipped);
            let t = plane_intersect(&mut r, &en, pd[e], &p, &q);
            set3(&mut clipped[..], nclipped, &r);
            nclipped += 1;
            if !(0.0..=1.0).contains(&t) {
                nclipped -= 1;
            }

            if inside2 {
                set3(&mut clipped[..], nclipped, &q);
                nclipped += 1;
            }
        }
        core::mem::swap(&mut polygon, &mut clipped);
        npolygon = nclipped;
        nclipped = 0;
    }

    if npolygon < 1 {
        return;
    }

    // at most four points wanted: keep a large quadrilateral
    if status.max_contacts < 5 && npolygon > 4 {
        status.nx = 4;
        let rect = polygon_quad(&polygon[..], npolygon);
        for (i, &r) in rect.iter().enumerate() {
            let p = get3(&polygon[..], r);
            set3(&mut status.x2, i, &p);
            set3(&mut status.x1, i, &sub3(&p, dir));
        }
        return;
    }

    if npolygon > mjMAXCONPAIR {
        status.nx = mjMAXCONPAIR as i32;
        for i in 0..mjMAXCONPAIR {
            let p = get3(&polygon[..], i);
            set3(&mut status.x2, i, &p);
            set3(&mut status.x1, i, &sub3(&p, dir));
        }
        return;
    }

    // all points, without duplicates
    let mut k = 0usize;
    for i in 0..npolygon {
        let p = get3(&polygon[..], i);
        if (0..k).any(|j| equal3(&get3(&status.x2, j), &p)) {
            continue;
        }
        set3(&mut status.x2, k, &p);
        set3(&mut status.x1, k, &sub3(&p, dir));
        k += 1;
    }
    status.nx = k as i32;
}

/// Up to two common values of arr1 and arr2 (in the order of arr1); returns the count.
fn intersect(res: &mut [i32; 2], arr1: &[i32], arr2: &[i32]) -> usize {
    let mut count = 0;
    for &a in arr1 {
        for &b in arr2 {
            if a == b {
                res[count] = a;
                count += 1;
                if count == 2 {
                    return 2;
                }
            }
        }
    }
    count
}

/// Mesh data of a mesh object: (mesh id, polygon address, vertex address).
fn mesh_ids(obj: &CcdObj) -> Option<(usize, usize, usize)> {
    let m = obj.m;
    let mesh = *m.geom_dataid().get(obj.geom as usize)?;
    if mesh < 0 {
        return None;
    }
    let mesh = mesh as usize;
    Some((mesh, m.mesh_polyadr()[mesh] as usize, m.mesh_vertadr()[mesh] as usize))
}

/// Polygons of a mesh containing mesh vertex v (address and count in mesh_polymap).
fn polymap_of(m: &mjModel, vertadr: usize, v: i32) -> Option<(usize, usize)> {
    if v < 0 {
        return None;
    }
    let i = vertadr + v as usize;
    let adr = *m.mesh_polymapadr().get(i)?;
    let num = *m.mesh_polymapnum().get(i)?;
    Some((adr as usize, num.max(0) as usize))
}

/// Candidate face normals (global) of a mesh feature of dimension `dim` given by up to three
/// vertices; face indices in `resind`.
fn mesh_normals(res: &mut [f64], resind: &mut [i32], dim: usize, obj: &CcdObj, v1: i32, v2: i32, v3: i32) -> usize {
    let m = obj.m;
    let Some((_, polyadr, vertadr)) = mesh_ids(obj) else { return 0 };
    let (_, mat) = geom_frame(obj);
    let polymap = m.mesh_polymap();
    let polynormal = m.mesh_polynormal();
    let normal = |idx: i32| -> V3 {
        let n = get3(polynormal, polyadr + idx as usize);
        globalcoord(&mat, None, n[0], n[1], n[2])
    };

    match dim {
        3 => {
            let (Some((a1, n1)), Some((a2, n2)), Some((a3, n3))) =
                (polymap_of(m, vertadr, v1), polymap_of(m, vertadr, v2), polymap_of(m, vertadr, v3))
            else {
                return 0;
            };
            let mut edgeset = [0; 2];
            let mut faceset = [0; 2];
            let n = intersect(&mut edgeset, &polymap[a1..a1 + n1], &polymap[a2..a2 + n2]);
            if n == 0 {
                return 0;
            }
            let n = intersect(&mut faceset, &edgeset[..n], &polymap[a3..a3 + n3]);
            if n == 0 {
                return 0;
            }
            set3(res, 0, &normal(faceset[0]));
            resind[0] = faceset[0];
            1
        }
        2 => {
            let (Some((a1, n1)), Some((a2, n2))) = (polymap_of(m, vertadr, v1), polymap_of(m, vertadr, v2)) else {
                return 0;
            };
            let mut edgeset = [0; 2];
            let n = intersect(&mut edgeset, &polymap[a1..a1 + n1], &polymap[a2..a2 + n2]);
            for i in 0..n {
                set3(res, i, &normal(edgeset[i]));
                resind[i] = edgeset[i];
            }
            n
        }
        1 => {
            let Some((a1, n1)) = polymap_of(m, vertadr, v1) else { return 0 };
            let n1 = n1.min(MAX_POLYVERT);
            for i in 0..n1 {
                let index = polymap[a1 + i];
                set3(res, i, &normal(index));
                resind[i] = index;
            }
            n1
        }
        _ => 0,
    }
}

/// Unit directions of the mesh edges leaving a vertex (dim 1) or of the edge v1 -> v2 (dim 2),
/// with their far end points in `endverts`.
#[allow(clippy::too_many_arguments)]
fn mesh_edge_normals(
    res: &mut [f64],
    endverts: &mut [f64],
    dim: usize,
    obj: &CcdObj,
    v1: &V3,
    v2: &V3,
    v1i: i32,
) -> usize {
    if dim == 2 {
        set3(endverts, 0, v2);
        let mut r = sub3(v2, v1);
        normalize3(&mut r);
        set3(res, 0, &r);
        return 1;
    }
    if dim != 1 {
        return 0;
    }
    let m = obj.m;
    let Some((_, polyadr, vertadr)) = mesh_ids(obj) else { return 0 };
    let Some((adr, num)) = polymap_of(m, vertadr, v1i) else { return 0 };
    let num = num.min(MAX_POLYVERT);
    let (pos, mat) = geom_frame(obj);
    let polymap = &m.mesh_polymap()[adr..adr + num];
    let polyvert = m.mesh_polyvert();
    let polyvertadr = m.mesh_polyvertadr();
    let polyvertnum = m.mesh_polyvertnum();
    let vert = m.mesh_vert();

    for (i, &idx) in polymap.iter().enumerate() {
        let padr = polyvertadr[polyadr + idx as usize] as usize;
        let nvert = polyvertnum[polyadr + idx as usize] as usize;
        // previous vertex of v1 in this polygon
        for j in 0..nvert {
            if polyvert[padr + j] == v1i {
                let k = if j == 0 { nvert - 1 } else { j - 1 };
                let vi = vertadr + polyvert[padr + k] as usize;
                let end = globalcoord(
                    &mat,
                    Some(&pos),
                    vert[3 * vi] as f64,
                    vert[3 * vi + 1] as f64,
                    vert[3 * vi + 2] as f64,
                );
                set3(endverts, i, &end);
                let mut r = sub3(&end, v1);
                normalize3(&mut r);
                set3(res, i, &r);
                break;
            }
        }
    }
    num
}

/// The box face whose normal is within tolerance of contact normal n (global).
fn box_normals2(res: &mut [f64], resind: &mut [i32], mat: &[f64; 9], n: &V3) -> usize {
    const NORMALS: [V3; 6] =
        [[1.0, 0.0, 0.0], [-1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, -1.0]];
    let mut local_n = [
        mat[0] * n[0] + mat[3] * n[1] + mat[6] * n[2],
        mat[1] * n[0] + mat[4] * n[1] + mat[7] * n[2],
        mat[2] * n[0] + mat[5] * n[1] + mat[8] * n[2],
    ];
    local_n = scl3(&local_n, 1.0 / dot3(&local_n, &local_n).sqrt());

    for (i, nn) in NORMALS.iter().enumerate() {
        if dot3(&local_n, nn) > FACE_TOL {
            set3(res, 0, &globalcoord(mat, None, nn[0], nn[1], nn[2]));
            resind[0] = i as i32;
            return 1;
        }
    }
    0
}

/// Candidate face normals of a box feature given by corner indices (bit 0: +x, 1: +y, 2: +z).
fn box_normals(
    res: &mut [f64],
    resind: &mut [i32],
    dim: usize,
    obj: &CcdObj,
    v1: i32,
    v2: i32,
    v3: i32,
    dir: &V3,
) -> usize {
    let (_, mat) = geom_frame(obj);
    // +1 if all corners have the bit, -1 if none has it, else 0
    let common = |bit: i32, vs: &[i32]| -> i32 {
        (vs.iter().all(|v| v & bit != 0) as i32) - (vs.iter().all(|v| v & bit == 0) as i32)
    };
    match dim {
        3 => {
            let vs = [v1, v2, v3];
            let (x, y, z) = (common(1, &vs), common(2, &vs), common(4, &vs));
            set3(res, 0, &globalcoord(&mat, None, x as f64, y as f64, z as f64));
            let sgn = x + y + z;
            let mut c = 0;
            if x != 0 {
                resind[c] = 0;
                c += 1;
            }
            if y != 0 {
                resind[c] = 2;
                c += 1;
            }
            if z != 0 {
                resind[c] = 4;
                c += 1;
            }
            if sgn == -1 {
                resind[0] += 1;
            }
            if c == 1 {
                1
            } else {
                box_normals2(res, resind, &mat, dir)
            }
        }
        2 => {
            let vs = [v1, v2];
            let (x, y, z) = (common(1, &vs), common(2, &vs), common(4, &vs));
            let mut c = 0;
            if x != 0 {
                set3(res, c, &globalcoord(&mat, None, x as f64, 0.0, 0.0));
                resind[c] = if x > 0 { 0 } else { 1 };
                c += 1;
            }
            if y != 0 {
                set3(res, c, &globalcoord(&mat, None, 0.0, y as f64, 0.0));
                resind[c] = if y > 0 { 2 } else { 3 };
                c += 1;
            }
            if z != 0 {
                // upstream writes the z normal to the second slot
                set3(res, 1, &globalcoord(&mat, None, 0.0, 0.0, z as f64));
                resind[c] = if z > 0 { 4 } else { 5 };
                c += 1;
            }
            if c == 2 {
                2
            } else {
                box_normals2(res, resind, &mat, dir)
            }
        }
        1 => {
            let x = if v1 & 1 != 0 { 1.0 } else { -1.0 };
            let y = if v1 & 2 != 0 { 1.0 } else { -1.0 };
            let z = if v1 & 4 != 0 { 1.0 } else { -1.0 };
            set3(res, 0, &globalcoord(&mat, None, x, 0.0, 0.0));
            set3(res, 1, &globalcoord(&mat, None, 0.0, y, 0.0));
            set3(res, 2, &globalcoord(&mat, None, 0.0, 0.0, z));
            resind[0] = if x > 0.0 { 0 } else { 1 };
            resind[1] = if y > 0.0 { 2 } else { 3 };
            resind[2] = if z > 0.0 { 4 } else { 5 };
            3
        }
        _ => 0,
    }
}

/// Unit directions of the box edges leaving corner v1 (dim 1) or of edge v1 -> v2 (dim 2).
#[allow(clippy::too_many_arguments)]
fn box_edge_normals(
    res: &mut [f64],
    endverts: &mut [f64],
    dim: usize,
    obj: &CcdObj,
    v1: &V3,
    v2: &V3,
    v1i: i32,
) -> usize {
    if dim == 2 {
        set3(endverts, 0, v2);
        let mut r = sub3(v2, v1);
        normalize3(&mut r);
        set3(res, 0, &r);
        return 1;
    }
    if dim != 1 {
        return 0;
    }
    let (pos, mat) = geom_frame(obj);
    let size = get3(obj.m.geom_size(), obj.geom as usize);
    let x = if v1i & 1 != 0 { size[0] } else { -size[0] };
    let y = if v1i & 2 != 0 { size[1] } else { -size[1] };
    let z = if v1i & 4 != 0 { size[2] } else { -size[2] };
    let ends = [(-x, y, z), (x, -y, z), (x, y, -z)];
    for (i, &(a, b, c)) in ends.iter().enumerate() {
        let end = globalcoord(&mat, Some(&pos), a, b, c);
        set3(endverts, i, &end);
        let mut r = sub3(&end, v1);
        normalize3(&mut r);
        set3(res, i, &r);
    }
    3
}

/// Corners (global) of box face `idx`; returns the count.
fn box_face(res: &mut [f64], obj: &CcdObj, idx: i32) -> usize {
    let (pos, mat) = geom_frame(obj);
    let s = get3(obj.m.geom_size(), obj.geom as usize);
    let (sx, sy, sz) = (s[0], s[1], s[2]);
    let corners: [[f64; 3]; 4] = match idx {
        0 => [[sx, sy, sz], [sx, sy, -sz], [sx, -sy, -sz], [sx, -sy, sz]],
        1 => [[-sx, sy, -sz], [-sx, sy, sz], [-sx, -sy, sz], [-sx, -sy, -sz]],
        2 => [[-sx, sy, -sz], [sx, sy, -sz], [sx, sy, sz], [-sx, sy, sz]],
        3 => [[-sx, -sy, sz], [sx, -sy, sz], [sx, -sy, -sz], [-sx, -sy, -sz]],
        4 => [[-sx, sy, sz], [sx, sy, sz], [sx, -sy, sz], [-sx, -sy, sz]],
        5 => [[sx, sy, -sz], [-sx, sy, -sz], [-sx, -sy, -sz], [sx, -sy, -sz]],
        _ => return 0,
    };
    for (i, c) in corners.iter().enumerate() {
        set3(res, i, &globalcoord(&mat, Some(&pos), c[0], c[1], c[2]));
    }
    4
}

/// Vertices (global, reversed order) of mesh polygon `idx`; returns the count.
fn mesh_face(res: &mut [f64], obj: &CcdObj, idx: i32) -> usize {
    let m = obj.m;
    let Some((_, polyadr, vertadr)) = mesh_ids(obj) else { return 0 };
    if idx < 0 {
        return 0;
    }
    let (pos, mat) = geom_frame(obj);
    let vert = m.mesh_vert();
    let polyvert = m.mesh_polyvert();
    let adr = m.mesh_polyvertadr()[polyadr + idx as usize] as usize;
    let nvert = (m.mesh_polyvertnum()[polyadr + idx as usize].max(0) as usize).min(MAX_POLYVERT);
    for (j, i) in (0..nvert).rev().enumerate() {
        let vi = vertadr + polyvert[adr + i] as usize;
        let p = globalcoord(&mat, Some(&pos), vert[3 * vi] as f64, vert[3 * vi + 1] as f64, vert[3 * vi + 2] as f64);
        set3(res, j, &p);
    }
    nvert
}

/// First pair of opposing normals (v[i], w[j]) within tolerance.
fn aligned_faces(v: &[f64], nv: usize, w: &[f64], nw: usize) -> Option<(usize, usize)> {
    for i in 0..nv {
        for j in 0..nw {
            if dot3(&get3(v, i), &get3(w, j)) < -FACE_TOL {
                return Some((i, j));
            }
        }
    }
    None
}

/// First (edge j, face i) pair with the edge perpendicular to the face normal; returns (j, i).
fn aligned_face_edge(edge: &[f64], nedge: usize, face: &[f64], nface: usize) -> Option<(usize, usize)> {
    for i in 0..nface {
        for j in 0..nedge {
            if dot3(&get3(edge, j), &get3(face, i)).abs() < EDGE_TOL {
                return Some((j, i));
            }
        }
    }
    None
}

/// Dimension (1-3) of the feature spanned by three vertex indices; moves the third vertex into
/// the second slot when the first two coincide.
fn simplex_dim(v1i: i32, v2i: &mut i32, v3i: i32, v2: &mut V3, v3: &V3) -> usize {
    if v1i != *v2i {
        return if v3i == v1i || v3i == *v2i { 2 } else { 3 };
    }
    if v1i != v3i {
        *v2i = v3i;
        *v2 = *v3;
        return 2;
    }
    1
}

/// Replaces the single EPA contact by the clipped polygon of touching faces (or an edge on a
/// face) when the contact features are flat.
pub(super) fn multicontact(pt: &Polytope, f: usize, status: &mut CcdStatus, pair: &Pair) {
    WORK.with(|cell| match cell.try_borrow_mut() {
        Ok(mut work) => multicontact_in(&mut work, pt, f, status, pair),
        Err(_) => multicontact_fresh(pt, f, status, pair),
    })
}

/// [`multicontact`] with its own work buffers (the thread's are in use). Kept out of line:
/// the buffers are about 38 KB, and a frame that size in the EPA path would be probed and
/// pushed through the cache on every call.
#[cold]
#[inline(never)]
fn multicontact_fresh(pt: &Polytope, f: usize, status: &mut CcdStatus, pair: &Pair) {
    let mut fresh = Work::ZERO;
    multicontact_in(&mut fresh, pt, f, status, pair)
}

/// Work arrays of the polygon clipping.
struct ClipWork {
    pn: [f64; 3 * MAX_POLYVERT],
    pd: [f64; MAX_POLYVERT],
    buf1: [f64; 6 * MAX_POLYVERT],
    buf2: [f64; 6 * MAX_POLYVERT],
}

/// Work arrays of one multi-contact search (about 40 KB), kept per thread: every entry is
/// written before it is read, so they are not cleared per call as fresh arrays would be.
struct Work {
    n1: [f64; 3 * MAX_POLYVERT],
    n2: [f64; 3 * MAX_POLYVERT],
    idx1: [i32; MAX_POLYVERT],
    idx2: [i32; MAX_POLYVERT],
    endverts: [f64; 3 * MAX_POLYVERT],
    face1: [f64; 3 * MAX_POLYVERT],
    face2: [f64; 3 * MAX_POLYVERT],
    clip: ClipWork,
}

impl Work {
    const ZERO: Work = Work {
        n1: [0.0; 3 * MAX_POLYVERT],
        n2: [0.0; 3 * MAX_POLYVERT],
        idx1: [0; MAX_POLYVERT],
        idx2: [0; MAX_POLYVERT],
        endverts: [0.0; 3 * MAX_POLYVERT],
        face1: [0.0; 3 * MAX_POLYVERT],
        face2: [0.0; 3 * MAX_POLYVERT],
        clip: ClipWork {
            pn: [0.0; 3 * MAX_POLYVERT],
            pd: [0.0; MAX_POLYVERT],
            buf1: [0.0; 6 * MAX_POLYVERT],
            buf2: [0.0; 6 * MAX_POLYVERT],
        },
    };
}

thread_local! {
    static WORK: core::cell::RefCell<Work> = const { core::cell::RefCell::new(Work::ZERO) };
}

fn multicontact_in(work: &mut Work, pt: &Polytope, f: usize, status: &mut CcdStatus, pair: &Pair) {
    let Work { n1, n2, idx1, idx2, endverts, face1, face2, clip } = work;
    let obj1: &CcdObj = &*pair.o1;
    let obj2: &CcdObj = &*pair.o2;
    let fv = pt.faces[f].verts;
    let w0 = pt.verts[fv[0] as usize];
    let w1 = pt.verts[fv[1] as usize];
    let w2 = pt.verts[fv[2] as usize];

    let (v11i, mut v12i, v13i) = (w0.index1, w1.index1, w2.index1);
    let (v21i, mut v22i, v23i) = (w0.index2, w1.index2, w2.index2);
    let v11 = w0.vert1;
    let mut v12 = w1.vert1;
    let v13 = w2.vert1;
    let v21 = w0.vert2;
    let mut v22 = w1.vert2;
    let v23 = w2.vert2;

    let mut nface1 = simplex_dim(v11i, &mut v12i, v13i, &mut v12, &v13);
    let mut nface2 = simplex_dim(v21i, &mut v22i, v23i, &mut v22, &v23);

    let x1 = get3(&status.x1, 0);
    let x2 = get3(&status.x2, 0);
    let dir = sub3(&x2, &x1);
    let dir_neg = sub3(&x1, &x2);

    // candidate face normals of both features
    let mut nnorms1 = match obj1.geom_type {
        GEOM_BOX => box_normals(&mut n1[..], &mut idx1[..], nface1, obj1, v11i, v12i, v13i, &dir_neg),
        GEOM_MESH => mesh_normals(&mut n1[..], &mut idx1[..], nface1, obj1, v11i, v12i, v13i),
        _ => 0,
    };
    let mut nnorms2 = match obj2.geom_type {
        GEOM_BOX => box_normals(&mut n2[..], &mut idx2[..], nface2, obj2, v21i, v22i, v23i, &dir),
        GEOM_MESH => mesh_normals(&mut n2[..], &mut idx2[..], nface2, obj2, v21i, v22i, v23i),
        _ => 0,
    };

    let mut edgecon1 = false;
    let mut edgecon2 = false;
    let (i, j) = match aligned_faces(&n1[..], nnorms1, &n2[..], nnorms2) {
        Some(r) => r,
        None => {
            if nface1 < 3 && nface1 <= nface2 {
                // edge of geom 1 on a face of geom 2
                nnorms1 = match obj1.geom_type {
                    GEOM_BOX => box_edge_normals(&mut n1[..], &mut endverts[..], nface1, obj1, &v11, &v12, v11i),
                    GEOM_MESH => mesh_edge_normals(&mut n1[..], &mut endverts[..], nface1, obj1, &v11, &v12, v11i),
                    _ => 0,
                };
                let Some(r) = aligned_face_edge(&n1[..], nnorms1, &n2[..], nnorms2) else { return };
                edgecon1 = true;
                r
            } else if nface2 < 3 {
                // face of geom 1 on an edge of geom 2
                nnorms2 = match obj2.geom_type {
                    GEOM_BOX => box_edge_normals(&mut n2[..], &mut endverts[..], nface2, obj2, &v21, &v22, v21i),
                    GEOM_MESH => mesh_edge_normals(&mut n2[..], &mut endverts[..], nface2, obj2, &v21, &v22, v21i),
                    _ => 0,
                };
                let Some(r) = aligned_face_edge(&n2[..], nnorms2, &n1[..], nnorms1) else { return };
                edgecon2 = true;
                r
            } else {
                return;
            }
        }
    };

    // feature of geom 1
    if edgecon1 {
        set3(&mut face1[..], 0, &w0.vert1);
        set3(&mut face1[..], 1, &get3(&endverts[..], i));
        nface1 = 2;
    } else {
        let ind = if edgecon2 { idx1[j] } else { idx1[i] };
        match obj1.geom_type {
            GEOM_BOX => nface1 = box_face(&mut face1[..], obj1, ind),
            GEOM_MESH => nface1 = mesh_face(&mut face1[..], obj1, ind),
            _ => {}
        }
    }

    // feature of geom 2
    if edgecon2 {
        set3(&mut face2[..], 0, &w0.vert2);
        set3(&mut face2[..], 1, &get3(&endverts[..], i));
        nface2 = 2;
    } else {
        match obj2.geom_type {
            GEOM_BOX => nface2 = box_face(&mut face2[..], obj2, idx2[j]),
            GEOM_MESH => nface2 = mesh_face(&mut face2[..], obj2, idx2[j]),
            _ => {}
        }
    }

    // contact offset: face normal scaled by the single-contact depth
    if edgecon1 {
        let nj = get3(&n2[..], j);
        let approx_dir = scl3(&nj, norm3(&dir));
        polygon_clip(clip, status, &face2[..], nface2, &face1[..], nface1, &nj, &approx_dir);
        return;
    }
    if edgecon2 {
        let nj = get3(&n1[..], j);
        let approx_dir = scl3(&nj, -norm3(&dir));
        polygon_clip(clip, status, &face1[..], nface1, &face2[..], nface2, &nj, &approx_dir);
        return;
    }
    let approx_dir = scl3(&get3(&n2[..], j), norm3(&dir));
    polygon_clip(clip, status, &face1[..], nface1, &face2[..], nface2, &get3(&n1[..], i), &approx_dir);
}
