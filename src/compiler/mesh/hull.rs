//! Convex hull of a mesh through Qhull (the revision upstream pins, options "Qt" and `TA`), as
//! the graph the engine's convex collisions walk: vertex count, face count, per hull vertex the
//! address of its neighbour list and its mesh vertex id, the neighbour lists (hull-local ids,
//! each ended by -1), and the hull triangles (mesh vertex ids).

use core::ffi::{c_char, c_int, c_void};
use qhull_sys::{facetT, qhT, setT, vertexT};

extern "C" {
    // in Qhull's poly_r.h, which the bindings leave out
    fn qh_vertexneighbors(qh: *mut qhT);
}

/// Why no graph came out: Qhull failed (longjmp to its error exit), or its output broke an
/// invariant the graph relies on.
pub enum HullError {
    Qhull,
    Internal(&'static str),
}

/// Elements of a Qhull set, up to its terminating null.
unsafe fn set_elems<T>(set: *mut setT) -> impl Iterator<Item = *mut T> {
    let mut p = if set.is_null() { core::ptr::null_mut() } else { (*set).e.as_mut_ptr() };
    core::iter::from_fn(move || {
        if p.is_null() {
            return None;
        }
        let e = (*p).p as *mut T;
        if e.is_null() {
            return None;
        }
        p = p.add(1);
        Some(e)
    })
}

struct Job {
    qh: *mut qhT,
    options: *mut c_char,
    points: *mut f64,
    npoint: c_int,
}

unsafe extern "C" fn run_qhull(data: *mut c_void) {
    // nothing here owns memory: Qhull may longjmp out of any of these calls
    let job = &*(data as *const Job);
    qhull_sys::qh_initflags(job.qh, job.options);
    qhull_sys::qh_init_B(job.qh, job.points, job.npoint, 3, 0);
    qhull_sys::qh_qhull(job.qh);
    qhull_sys::qh_triangulate(job.qh);
    qh_vertexneighbors(job.qh);
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
    let mut options = std::ffi::CString::new(options).unwrap().into_bytes_with_nul();
    let mut points = vert.to_vec();
    let mut qh_box: Box<core::mem::MaybeUninit<qhT>> = Box::new(core::mem::MaybeUninit::zeroed());
    let qh = qh_box.as_mut_ptr();
    unsafe {
        qhull_sys::qh_zero(qh, qhull_sys::qhull_sys__stderr());
        qhull_sys::qh_init_A(
            qh,
            qhull_sys::qhull_sys__stdin(),
            qhull_sys::qhull_sys__stdout(),
            qhull_sys::qhull_sys__stderr(),
            0,
            core::ptr::null_mut(),
        );
        let job = Job { qh, options: options.as_mut_ptr() as *mut c_char, points: points.as_mut_ptr(), npoint: nvert as c_int };
        let status = qhull_sys::qhull_sys__try_on_qh(qh, Some(run_qhull), &job as *const Job as *mut c_void);
        let result = if status != 0 { Err(HullError::Qhull) } else { read_graph(qh, points.as_mut_ptr(), nvert) };
        let (mut curlong, mut totlong) = (0, 0);
        qhull_sys::qh_freeqhull(qh, 0);
        qhull_sys::qh_memfreeshort(qh, &mut curlong, &mut totlong);
        result
    }
}

/// Reads the triangulated hull of `qh` into the graph layout.
unsafe fn read_graph(qh: *mut qhT, points: *mut f64, nvert: usize) -> Result<Vec<i32>, HullError> {
    let numvert = (*qh).num_vertices as usize;
    let numface = (*qh).num_facets as usize;
    let mut graph = vec![0i32; 2 + 3 * numvert + 6 * numface];
    graph[0] = numvert as i32;
    graph[1] = numface as i32;
    let (edgeadr0, globalid0, local0, face0) = (2, 2 + numvert, 2 + 2 * numvert, 2 + 3 * numvert + 3 * numface);
    let pointid = |p: *mut f64| -> Option<i32> {
        let id = qhull_sys::qh_pointid(qh, p);
        (id >= 0 && (id as usize) < nvert).then_some(id)
    };
    let _ = points;

    let mut ok = true;
    let mut adr = 0usize;
    let mut i = 0usize;
    let mut vertex: *mut vertexT = (*qh).vertex_list;
    'verts: while !vertex.is_null() && !(*vertex).next.is_null() {
        let Some(pid) = pointid((*vertex).point) else {
            ok = false;
            break;
        };
        graph[edgeadr0 + i] = adr as i32;
        graph[globalid0 + i] = pid;
        let start = adr;
        for facet in set_elems::<facetT>((*vertex).neighbors) {
            let mut cnt = 0;
            for v1 in set_elems::<vertexT>((*facet).vertices) {
                cnt += 1;
                let Some(pid1) = pointid((*v1).point) else {
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
        vertex = (*vertex).next;
    }
    if ok && adr != numvert + 3 * numface {
        return Err(HullError::Internal("Wrong size in convex hull graph"));
    }

    // triangles, reoriented where Qhull keeps them flipped
    let mut fadr = 0usize;
    let mut facet: *mut facetT = (*qh).facet_list;
    while !facet.is_null() && !(*facet).next.is_null() {
        let ind: [usize; 3] = if (*facet).toporient() != 0 { [1, 0, 2] } else { [0, 1, 2] };
        for (ii, v1) in set_elems::<vertexT>((*facet).vertices).enumerate() {
            if ii >= 3 || fadr + 3 > 3 * numface {
                return Err(HullError::Internal("Qhull did not return triangle"));
            }
            graph[face0 + fadr + ind[ii]] = qhull_sys::qh_pointid(qh, (*v1).point);
        }
        fadr += 3;
        facet = (*facet).next;
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
