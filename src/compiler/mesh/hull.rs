//! Convex hull of a mesh through Qhull (the revision upstream pins, options "Qt" and `TA`), as
//! the graph the engine's convex collisions walk: vertex count, face count, per hull vertex the
//! address of its neighbour list and its mesh vertex id, the neighbour lists (hull-local ids,
//! each ended by -1), and the hull triangles (mesh vertex ids).

use core::ffi::{c_char, c_int};
use mujoco_qhull_sys as q;

/// Why no graph came out: Qhull failed (longjmp to its error exit), or its output broke an
/// invariant the graph relies on.
pub enum HullError {
    Qhull,
    Internal(&'static str),
}

/// Elements `0, 1, ...` of `get` up to the first null (a Qhull set through the shim).
fn elems<T>(get: impl Fn(c_int) -> *const T) -> impl Iterator<Item = *const T> {
    let mut i = 0;
    core::iter::from_fn(move || {
        let e = get(i);
        i += 1;
        (!e.is_null()).then_some(e)
    })
}

/// The hull graph of `vert` (xyz triples); empty for fewer than 4 vertices. `maxhullvert` > -1
/// limits the hull's vertex count.
pub fn make_graph(vert: &[f64], maxhullvert: i32) -> Result<Vec<i32>, HullError> {
    let nvert = vert.len() / 3;
    if nvert < 4 {
        return Ok(Vec::new());
    }
    let mut options = String::from("qhull Qt");
    if maxhullvert > -1 {
        // Qhull's TA counts the vertices added after the initial simplex
        options.push_str(&format!(" TA{}", maxhullvert - 4));
    }
    let options = std::ffi::CString::new(options).unwrap();
    // Qhull keeps a pointer to the points until it is freed
    let mut points = vert.to_vec();
    // SAFETY: a fresh Qhull handle, run on the NUL-terminated options and the nvert points
    // (alive until it is freed below), read only after a successful run, freed once
    unsafe {
        let qh = q::qhshim_new();
        if qh.is_null() {
            return Err(HullError::Qhull);
        }
        let status = q::qhshim_run(qh, options.as_ptr() as *const c_char, points.as_mut_ptr(), nvert as c_int);
        let result = if status != 0 { Err(HullError::Qhull) } else { read_graph(&Ran(qh), nvert) };
        q::qhshim_free(qh);
        result
    }
}

/// A Qhull handle whose run succeeded (made only in [`make_graph`], alive while borrowed).
struct Ran(*mut q::Qhull);

/// Reads the triangulated hull of `qh` into the graph layout.
fn read_graph(ran: &Ran, nvert: usize) -> Result<Vec<i32>, HullError> {
    let qh = ran.0;
    // SAFETY: qh is a live Qhull after a successful run (Ran's invariant); the vertices and
    // facets walked here come from its own lists, unchanged while it is read
    unsafe {
        let numvert = q::qhshim_num_vertices(qh) as usize;
        let numface = q::qhshim_num_facets(qh) as usize;
        let mut graph = vec![0i32; 2 + 3 * numvert + 6 * numface];
        graph[0] = numvert as i32;
        graph[1] = numface as i32;
        let (edgeadr0, globalid0, local0, face0) = (2, 2 + numvert, 2 + 2 * numvert, 2 + 3 * numvert + 3 * numface);
        let pointid = |v: *const q::Vertex| -> Option<i32> {
            let id = q::qhshim_vertex_pointid(qh, v);
            (id >= 0 && (id as usize) < nvert).then_some(id)
        };

        let mut ok = true;
        let mut adr = 0usize;
        let mut i = 0usize;
        let mut vertex = q::qhshim_first_vertex(qh);
        'verts: while !vertex.is_null() {
            let Some(pid) = pointid(vertex) else {
                ok = false;
                break;
            };
            graph[edgeadr0 + i] = adr as i32;
            graph[globalid0 + i] = pid;
            let start = adr;
            for facet in elems(|k| q::qhshim_vertex_neighbor(vertex, k)) {
                let mut cnt = 0;
                for v1 in elems(|k| q::qhshim_facet_vertex(facet, k)) {
                    cnt += 1;
                    let Some(pid1) = pointid(v1) else {
                        ok = false;
                        break 'verts;
                    };
                    if pid != pid1 && !graph[local0 + start..local0 + adr].contains(&pid1) {
                        if local0 + adr >= face0 {
                            return Err(HullError::Internal("Wrong size in convex hull graph"));
                        }
                        graph[local0 + adr] = pid1;
                        adr += 1;
                    }
                }
                if cnt != 3 {
                    return Err(HullError::Internal("Qhull did not return triangle"));
                }
            }
            if local0 + adr >= face0 {
                return Err(HullError::Internal("Wrong size in convex hull graph"));
            }
            graph[local0 + adr] = -1;
            adr += 1;
            i += 1;
            vertex = q::qhshim_next_vertex(vertex);
        }
        if ok && adr != numvert + 3 * numface {
            return Err(HullError::Internal("Wrong size in convex hull graph"));
        }

        // triangles, reoriented where Qhull keeps them flipped
        let mut fadr = 0usize;
        let mut facet = q::qhshim_first_facet(qh);
        while !facet.is_null() {
            let ind: [usize; 3] = if q::qhshim_facet_toporient(facet) != 0 { [1, 0, 2] } else { [0, 1, 2] };
            for (ii, v1) in elems(|k| q::qhshim_facet_vertex(facet, k)).enumerate() {
                if ii >= 3 || fadr + 3 > 3 * numface {
                    return Err(HullError::Internal("Qhull did not return triangle"));
                }
                graph[face0 + fadr + ind[ii]] = q::qhshim_vertex_pointid(qh, v1);
            }
            fadr += 3;
            facet = q::qhshim_next_facet(facet);
        }

        if !ok {
            crate::mjwarning!("Could not construct convex hull graph");
            return Ok(Vec::new());
        }

        // neighbour lists: mesh vertex ids to hull-local ids (the first hull vertex with that id)
        let mut local = vec![-1i32; nvert];
        for a in (0..numvert).rev() {
            local[graph[globalid0 + a] as usize] = a as i32;
        }
        for k in 0..numvert + 3 * numface {
            let g = graph[local0 + k];
            if g >= 0 {
                match local.get(g as usize) {
                    Some(&a) if a >= 0 => graph[local0 + k] = a,
                    _ => return Err(HullError::Internal("Vertex id not found in convex hull")),
                }
            }
        }
        Ok(graph)
    }
}
