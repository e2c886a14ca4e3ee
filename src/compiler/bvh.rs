//! Bounding volume hierarchies built by the compiler: of a body's colliding geoms (in the
//! body's inertial frame) and of a mesh's faces (in the mesh frame). Each node's box bounds its
//! elements; elements are split at the median of their centres along the node's longest axis.

use crate::spec::util::{rot_vec_quat, EPS};

/// A hierarchy as the model stores it: per node the box (centre, half-sizes), the two children
/// (-1: none), the depth and the element id of a leaf (-1 for inner nodes).
#[derive(Clone, Debug, Default)]
pub struct Bvh {
    pub aabb: Vec<f64>,
    pub child: Vec<i32>,
    pub depth: Vec<i32>,
    pub nodeid: Vec<i32>,
}

/// One element: its id, its centre used for splitting (already in the hierarchy's frame), and
/// its box (centre, half-sizes) in its own frame.
pub struct Leaf {
    pub id: i32,
    pub center: [f64; 3],
    pub aabb: [f64; 6],
    /// the element's frame (None: the hierarchy's own)
    pub pose: Option<Pose>,
}

/// Where an element's frame lies: a box corner `v` maps to `rot(rot(v, quat) + offset, qinv)`.
pub struct Pose {
    pub quat: [f64; 4],
    pub offset: [f64; 3],
    pub qinv: [f64; 4],
}

/// Builds the hierarchy over `leaves`; ties between equal centres go to the earlier leaf.
pub fn build(leaves: &[Leaf]) -> Bvh {
    let mut bvh = Bvh::default();
    let mut order: Vec<usize> = (0..leaves.len()).collect();
    make(&mut bvh, leaves, &mut order[..], 0);
    bvh
}

fn make(bvh: &mut Bvh, leaves: &[Leaf], elems: &mut [usize], lev: i32) -> i32 {
    let n = elems.len();
    if n == 0 {
        return -1;
    }
    let mut aamm = [f64::MAX, f64::MAX, f64::MAX, -f64::MAX, -f64::MAX, -f64::MAX];
    for &e in elems.iter() {
        let l = &leaves[e];
        let a = &l.aabb;
        let box_ = [a[0] - a[3], a[1] - a[4], a[2] - a[5], a[0] + a[3], a[1] + a[4], a[2] + a[5]];
        for v in 0..8 {
            let mut vert = [
                if v & 1 != 0 { box_[3] } else { box_[0] },
                if v & 2 != 0 { box_[4] } else { box_[1] },
                if v & 4 != 0 { box_[5] } else { box_[2] },
            ];
            if let Some(p) = &l.pose {
                let mut b = rot_vec_quat(&vert, &p.quat);
                for k in 0..3 {
                    b[k] += p.offset[k];
                }
                vert = rot_vec_quat(&b, &p.qinv);
            }
            for k in 0..3 {
                aamm[k] = aamm[k].min(vert[k]);
                aamm[k + 3] = aamm[k + 3].max(vert[k]);
            }
        }
    }
    for k in 0..3 {
        if (aamm[k] - aamm[k + 3]).abs() < EPS {
            aamm[k] -= EPS;
            aamm[k + 3] += EPS;
        }
    }
    let index = bvh.nodeid.len();
    bvh.child.extend_from_slice(&[-1, -1]);
    bvh.nodeid.push(-1);
    bvh.depth.push(lev);
    bvh.aabb.extend_from_slice(&[
        (aamm[3] + aamm[0]) / 2.0,
        (aamm[4] + aamm[1]) / 2.0,
        (aamm[5] + aamm[2]) / 2.0,
        (aamm[3] - aamm[0]) / 2.0,
        (aamm[4] - aamm[1]) / 2.0,
        (aamm[5] - aamm[2]) / 2.0,
    ]);
    if n == 1 {
        bvh.nodeid[index] = leaves[elems[0]].id;
        return index as i32;
    }
    let edges = [aamm[3] - aamm[0], aamm[4] - aamm[1], aamm[5] - aamm[2]];
    let mut axis = 0;
    if edges[1] >= edges[0] + EPS {
        axis = 1;
    }
    if edges[2] >= edges[axis] + EPS {
        axis = 2;
    }
    // upstream splits with libc++'s nth_element; its comparator is not a strict weak ordering
    // (centres within EPS tie, then the earlier leaf wins), so the halves and their order
    // depend on the selection algorithm itself
    let m = n / 2;
    crate::compiler::select::nth_element(elems, m, |&a, &b| {
        let (ca, cb) = (leaves[a].center[axis], leaves[b].center[axis]);
        if (ca - cb).abs() > EPS {
            ca < cb
        } else {
            a < b
        }
    });
    let (left, right) = elems.split_at_mut(m);
    if m > 0 {
        let c = make(bvh, leaves, left, lev + 1);
        bvh.child[2 * index] = c;
    }
    if m != n {
        let c = make(bvh, leaves, right, lev + 1);
        bvh.child[2 * index + 1] = c;
    }
    index as i32
}
