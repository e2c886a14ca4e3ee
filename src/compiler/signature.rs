//! The model signature (`mjModel.signature`): a hash of the model's structure — the body tree
//! with each body's joints (by their number of coordinates), geoms, sites, cameras and lights,
//! then counts of the other element kinds and the sensor types — as upstream computes it when
//! compiling, so that models of the same structure share it.

use crate::abi::*;

/// Upstream's string hash (`mj_hashString` with the full 64-bit range): djb2 with xor.
fn hash(s: &str) -> u64 {
    let mut h: u64 = 5381;
    for &c in s.as_bytes() {
        // bytes are ASCII here; C sign-extends the char, which for ASCII changes nothing
        h = (h << 5).wrapping_add(h) ^ (c as i8 as i64 as u64);
    }
    h
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..2 * depth {
        out.push(' ');
    }
}

/// The signature of a compiled model.
pub fn signature(m: &mjModel) -> u64 {
    let nbody = m.nbody.max(0) as usize;
    let slice_i = |p: *const i32, n: i32| -> &[i32] {
        if p.is_null() || n <= 0 {
            &[]
        } else {
            // SAFETY: the compiler allocated `n` entries at `p`
            unsafe { core::slice::from_raw_parts(p, n as usize) }
        }
    };
    let parent = slice_i(m.body_parentid, m.nbody);
    let jntadr = slice_i(m.body_jntadr, m.nbody);
    let jntnum = slice_i(m.body_jntnum, m.nbody);
    let geomnum = slice_i(m.body_geomnum, m.nbody);
    let jtype = slice_i(m.jnt_type, m.njnt);
    let count = |bodyid: &[i32]| -> Vec<usize> {
        let mut c = vec![0usize; nbody];
        for &b in bodyid {
            if b >= 0 && (b as usize) < nbody {
                c[b as usize] += 1;
            }
        }
        c
    };
    let nsite = count(slice_i(m.site_bodyid, m.nsite));
    let ncam = count(slice_i(m.cam_bodyid, m.ncam));
    let nlight = count(slice_i(m.light_bodyid, m.nlight));
    let mut children = vec![Vec::new(); nbody];
    for b in 1..nbody {
        children[parent[b] as usize].push(b);
    }

    let mut out = String::from("\n");
    // depth-first walk with explicit stack: (body, depth, closing)
    let mut stack: Vec<(usize, usize, bool)> = vec![(0, 0, false)];
    while let Some((b, depth, closing)) = stack.pop() {
        if closing {
            indent(&mut out, depth);
            out.push_str("</body>\n");
            continue;
        }
        indent(&mut out, depth);
        out.push_str("<body>\n");
        for j in jntadr[b]..jntadr[b] + jntnum[b] {
            let nq = match jtype[j as usize] {
                t if t == mjtJoint_::mjJNT_FREE as i32 => 7,
                t if t == mjtJoint_::mjJNT_BALL as i32 => 4,
                _ => 1,
            };
            indent(&mut out, depth + 1);
            out.push_str(&format!("<joint>{}</joint>\n", nq));
        }
        for (n, tag) in [
            (geomnum[b] as usize, "<geom/>\n"),
            (nsite[b], "<site/>\n"),
            (ncam[b], "<camera/>\n"),
            (nlight[b], "<light/>\n"),
        ] {
            for _ in 0..n {
                indent(&mut out, depth + 1);
                out.push_str(tag);
            }
        }
        stack.push((b, depth, true));
        for &c in children[b].iter().rev() {
            stack.push((c, depth + 1, false));
        }
    }
    let tags = [
        (m.nflex, "<flex/>\n"),
        (m.nmesh, "<mesh/>\n"),
        (m.nskin, "<skin/>\n"),
        (m.nhfield, "<heightfield/>\n"),
        (m.ntex, "<texture/>\n"),
        (m.nmat, "<material/>\n"),
        (m.npair, "<pair/>\n"),
        (m.nexclude, "<exclude/>\n"),
        // as upstream: every equality but the first
        (m.neq - 1, "<equality/>\n"),
        (m.ntendon, "<tendon/>\n"),
        (m.nu, "<actuator/>\n"),
    ];
    for (n, tag) in tags {
        for _ in 0..n.max(0) {
            out.push_str(tag);
        }
    }
    for &t in slice_i(m.sensor_type, m.nsensor) {
        out.push_str(&format!("<sensor>{}<sensor/>\n", t));
    }
    for _ in 0..m.nkey.max(0) {
        out.push_str("<key/>\n");
    }
    hash(&out)
}
