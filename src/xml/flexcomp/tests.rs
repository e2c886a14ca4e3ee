//! Dumps the spec our reader makes of flexcomp models in the format of
//! capi-tests/flexcomp_spec_dump.c (upstream's spec after mj_parseXML), for comparison:
//!   FLEXCOMP_DUMP="a.xml b.xml" FLEXCOMP_OUT=dir cargo test --release --lib flexcomp::tests::dump
//! writes dir/<basename>.txt for each model.

use crate::spec::*;

fn g(x: f64, prec: usize) -> String {
    let mut buf = [0u8; 64];
    let fmt = format!("%.{}g\0", prec);
    // SAFETY: the buffer holds 64 bytes and the format takes one double
    let n =
        unsafe { libc::snprintf(buf.as_mut_ptr() as *mut libc::c_char, 64, fmt.as_ptr() as *const libc::c_char, x) };
    String::from_utf8_lossy(&buf[..n as usize]).into_owned()
}

fn pd(out: &mut String, tag: &str, v: &[f64]) {
    out.push(' ');
    out.push_str(tag);
    for &x in v {
        out.push(' ');
        out.push_str(&g(x, 17));
    }
}

fn pf(out: &mut String, tag: &str, v: &[f32]) {
    out.push(' ');
    out.push_str(tag);
    for &x in v {
        out.push(' ');
        out.push_str(&g(x as f64, 9));
    }
}

fn order(s: &Spec, b: usize, out: &mut Vec<usize>) {
    out.push(b);
    for &c in &s.bodies[b].bodies {
        order(s, c, out);
    }
}

pub fn dump(s: &Spec) -> String {
    let mut o = String::new();
    let mut bodies = Vec::new();
    order(s, 0, &mut bodies);
    for &b in &bodies {
        let x = &s.bodies[b];
        let (parent, class) = if b == 0 {
            ("-".to_string(), "-".to_string())
        } else {
            (s.bodies[x.parent].name.to_string(), s.defaults[x.class].name.to_string())
        };
        o += &format!("body {} parent={} class={}", x.name, parent, class);
        pd(&mut o, "pos", &x.pos);
        pd(&mut o, "quat", &x.quat);
        pd(&mut o, "mass", &[x.mass]);
        pd(&mut o, "ipos", &x.ipos);
        pd(&mut o, "inertia", &x.inertia);
        o += &format!(" explicit {}\n", (x.explicitinertial != 0) as i32);
    }
    for &b in &bodies {
        for &j in &s.bodies[b].joints {
            let x = &s.joints[j];
            o += &format!("joint {} body={} type {}", x.name, s.bodies[b].name, x.r#type);
            pd(&mut o, "pos", &x.pos);
            pd(&mut o, "axis", &x.axis);
            pd(&mut o, "damping", &[x.damping]);
            pd(&mut o, "stiffness", &[x.stiffness]);
            pd(&mut o, "armature", &[x.armature]);
            o += &format!(" group {}\n", x.group);
        }
    }
    for &b in &bodies {
        for &gi in &s.bodies[b].geoms {
            let x = &s.geoms[gi];
            o += &format!("geom {} body={} type {}", x.name, s.bodies[b].name, x.r#type);
            pd(&mut o, "size", &x.size);
            pd(&mut o, "pos", &x.pos);
            o += &format!(" group {} contype {} conaffinity {} condim {}", x.group, x.contype, x.conaffinity, x.condim);
            pf(&mut o, "rgba", &x.rgba);
            o += "\n";
        }
    }
    for q in &s.equalities {
        o += &format!(
            "equality {} type {} active {} objtype {} name1 '{}' name2 '{}'",
            q.name, q.r#type, q.active as i32, q.objtype, q.name1, q.name2
        );
        pd(&mut o, "solref", &q.solref);
        pd(&mut o, "solimp", &q.solimp);
        pd(&mut o, "data", &q.data);
        o += "\n";
    }
    for f in &s.flexes {
        o += &format!(
            "flex {} contype {} conaffinity {} condim {} priority {}",
            f.name, f.contype, f.conaffinity, f.condim, f.priority
        );
        pd(&mut o, "friction", &f.friction);
        pd(&mut o, "solmix", &[f.solmix]);
        pd(&mut o, "solref", &f.solref);
        pd(&mut o, "solimp", &f.solimp);
        pd(&mut o, "margin", &[f.margin]);
        pd(&mut o, "gap", &[f.gap]);
        o += &format!(" dim {}", f.dim);
        pd(&mut o, "radius", &[f.radius]);
        o += &format!(
            " internal {} flatskin {} selfcollide {} vertcollide {} passive {} activelayers {} group {}",
            f.internal as i32, f.flatskin as i32, f.selfcollide, f.vertcollide, f.passive, f.activelayers, f.group
        );
        pd(&mut o, "edgestiffness", &[f.edgestiffness]);
        pd(&mut o, "edgedamping", &[f.edgedamping]);
        pf(&mut o, "rgba", &f.rgba);
        o += &format!(" material '{}'", f.material);
        pd(&mut o, "young", &[f.young]);
        pd(&mut o, "poisson", &[f.poisson]);
        pd(&mut o, "damping", &[f.damping]);
        pd(&mut o, "thickness", &[f.thickness]);
        o += &format!(" elastic2d {}\n", f.elastic2d);
        o += "  nodebody";
        for n in &f.nodebody {
            o += &format!(" {}", n);
        }
        o += "\n  vertbody";
        for n in &f.vertbody {
            o += &format!(" {}", n);
        }
        o += "\n ";
        pd(&mut o, "node", &f.node);
        o += "\n ";
        pd(&mut o, "vert", &f.vert);
        o += "\n  elem";
        for n in &f.elem {
            o += &format!(" {}", n);
        }
        o += "\n ";
        pf(&mut o, "texcoord", &f.texcoord);
        o += "\n  elemtexcoord";
        for n in &f.elemtexcoord {
            o += &format!(" {}", n);
        }
        o += "\n";
    }
    o
}

#[test]
fn dump_models() {
    let Ok(list) = std::env::var("FLEXCOMP_DUMP") else {
        return;
    };
    let outdir = std::env::var("FLEXCOMP_OUT").unwrap_or_else(|_| "/tmp".into());
    for path in list.split_whitespace() {
        let files = crate::xml::Files { vfs: None };
        let text = match crate::xml::parse_file(path, &files, 0) {
            Ok(p) => dump(&p.spec),
            Err(e) => format!("error {}\n", e),
        };
        let base = path.rsplit('/').next().unwrap();
        std::fs::write(format!("{}/{}.txt", outdir, base), text).unwrap();
    }
}
