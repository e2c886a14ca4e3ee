//! Compiled meshes in the asset cache (`crate::compiler::cache`), as upstream keeps them: the
//! whole processed mesh under the resource name, reused by a later mesh from the same
//! unmodified file when its scale, inertia type and hull vertex limit are the same and, if it
//! needs a convex hull, the cached mesh has one. Reference position and orientation, normal
//! smoothing and the rest are not compared (upstream's rule).

use std::sync::Arc;

use super::CMesh;
use crate::compiler::cache::Slot;
use crate::io::files::Res;

/// Bytes upstream counts for its mesh object itself (sizeof(mjCMesh) in its 64-bit build),
/// before the arrays.
const OBJECT_BYTES: usize = 1888;
/// Bytes of one leaf of upstream's bounding-volume hierarchy, of one octree node, one octree
/// face (three corners) and one octree corner.
const BVH_LEAF_BYTES: usize = 128;
const OCT_NODE_BYTES: usize = 192;
const OCT_FACE_BYTES: usize = 72;
const OCT_VERT_BYTES: usize = 24;

struct Entry {
    mesh: CMesh,
    maxhullvert: i32,
}

/// Upstream's estimate of the bytes a processed mesh takes in the cache.
fn size(c: &CMesh) -> usize {
    let (i, f, d) = (4usize, 4usize, 8usize);
    let polyvert: usize = c.poly.paths.iter().map(Vec::len).sum();
    let polymap: usize = c.poly.map.iter().map(Vec::len).sum();
    let nface = c.nface();
    let tree = BVH_LEAF_BYTES * nface
        + d * c.bvh.aabb.len()
        + i * (c.bvh.child.len() + c.bvh.nodeid.len() + c.bvh.depth.len());
    let octree = if c.octree.nnode() > 0 {
        OCT_NODE_BYTES * c.octree.nnode() + OCT_FACE_BYTES * nface + OCT_VERT_BYTES * c.octree.nvert()
    } else {
        0
    };
    OBJECT_BYTES
        + d * c.vert.len()
        + f * (c.normal.len() + c.texcoord.len())
        + i * (c.face.len() + c.facenormal.len() + c.facetexcoord.len())
        + 2 * i * c.nhalfedge
        + i * c.graph.len()
        + i * polyvert
        + d * c.poly.normals.len()
        + i * polymap
        + d * 18
        + i * c.face.len()
        + tree
        + octree
        + d * 6 * nface
}

/// Fills `c` from the cached mesh of `res` when upstream would use it; false otherwise.
pub fn restore(slot: &Slot, res: &Res, c: &mut CMesh, maxhullvert: i32, needhull: bool) -> bool {
    let Some(e) = slot.lookup_as::<Entry>(&res.name(), res) else { return false };
    let k = &e.mesh;
    if e.maxhullvert != maxhullvert || k.inertia != c.inertia || k.scale != c.scale || (needhull && k.graph.is_empty())
    {
        return false;
    }
    c.vert = k.vert.clone();
    c.normal = k.normal.clone();
    c.texcoord = k.texcoord.clone();
    c.face = k.face.clone();
    c.facenormal = k.facenormal.clone();
    c.facetexcoord = k.facetexcoord.clone();
    c.nhalfedge = k.nhalfedge;
    // the hull only when this mesh needs one
    c.graph = if needhull || k.face.is_empty() { k.graph.clone() } else { Vec::new() };
    c.poly = k.poly.clone();
    c.surface = k.surface;
    c.volume = k.volume;
    c.boxsz = k.boxsz;
    c.aamm = k.aamm;
    c.pos = k.pos;
    c.quat = k.quat;
    c.bvh = k.bvh.clone();
    c.octree = k.octree.clone();
    true
}

/// Stores the freshly compiled mesh `c` of `res`.
pub fn store(slot: &Slot, res: &Res, c: &CMesh, maxhullvert: i32) {
    let n = size(c);
    slot.insert(&res.name(), res, Arc::new(Entry { mesh: c.clone(), maxhullvert }), n);
}
