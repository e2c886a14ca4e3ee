//! `mj_printScene` / `mj_printFormattedScene`: a text dump of an `mjvScene` laid out as
//! upstream writes it (geoms, lights, both cameras, flex and skin summaries, flags, model
//! transformation).

use core::ffi::{c_char, CStr};

use crate::abi::*;
use crate::io::print::{checked_format, close, open, Out};
use crate::vis::scene;

impl Out {
    fn s_int(&mut self, name: &str, v: i32) {
        self.label(name);
        self.bytes(format!(" {v}\n").as_bytes());
    }

    fn s_str(&mut self, name: &str, v: &[u8]) {
        self.label(name);
        self.bytes(v);
        self.bytes(b"\n");
    }

    fn s_num(&mut self, name: &str, v: f32) {
        self.label(name);
        self.num(v as f64);
        self.bytes(b"\n");
    }

    fn s_arr(&mut self, name: &str, v: &[f32]) {
        self.label(name);
        for &x in v {
            self.num(x as f64);
            self.bytes(b" ");
        }
        self.bytes(b"\n");
    }
}

/// Bytes of a fixed char array up to its first NUL.
fn cbytes(s: &[c_char]) -> Vec<u8> {
    s.iter().take_while(|&&c| c != 0).map(|&c| c as u8).collect()
}

/// Writes scene `s` as text to `filename` (stdout for None) with float format `ff` (the
/// default, with a warning, when it is None or not a one-float printf format).
pub fn print_scene(s: &mjvScene, filename: Option<&CStr>, ff: Option<&CStr>) {
    let filename = filename.map_or(core::ptr::null(), CStr::as_ptr);
    // SAFETY: `filename` is null or a NUL-terminated string (a CStr borrowed for this call)
    let fp = unsafe { open(filename) };
    if fp.is_null() {
        return;
    }
    // SAFETY: `ff` is null or a NUL-terminated string borrowed for this call; the result is it
    // or a static string
    let ff = unsafe { checked_format(ff.map_or(core::ptr::null(), CStr::as_ptr)) };
    let mut o = Out { fp, ff };

    o.bytes(format!("GEOMS {}\n", s.ngeom).as_bytes());
    for (i, g) in scene::geoms(s).iter().enumerate() {
        o.bytes(format!("  GEOM {i}\n").as_bytes());
        o.s_int("    type", g.r#type);
        o.s_int("    category", g.category);
        o.s_str("    label", &cbytes(&g.label));
        o.s_int("    objtype", g.objtype);
        o.s_int("    objid", g.objid);
        o.s_arr("    pos", &g.pos);
        o.s_arr("    mat", &g.mat);
        o.s_arr("    size", &g.size);
        o.s_int("    segid", g.segid);
        o.s_int("    dataid", g.dataid);
        o.s_int("    matid", g.matid);
        o.s_int("    texcoord", g.texcoord);
        o.s_arr("    rgba", &g.rgba);
        o.s_num("    emission", g.emission);
        o.s_num("    specular", g.specular);
        o.s_num("    shininess", g.shininess);
        o.s_num("    reflectance", g.reflectance);
        o.bytes(b"\n");
    }
    o.bytes(b"\n");

    o.bytes(format!("LIGHTS {}\n", s.nlight).as_bytes());
    for (i, l) in s.lights.iter().take(s.nlight.clamp(0, mjMAXLIGHT as i32) as usize).enumerate() {
        o.bytes(format!("  LIGHT {i}\n").as_bytes());
        o.s_int("    id", l.id);
        o.s_arr("    pos", &l.pos);
        o.s_arr("    dir", &l.dir);
        o.s_int("    type", l.r#type);
        o.s_int("    castshadow", l.castshadow as i32);
        o.s_int("    headlight", l.headlight as i32);
        o.s_num("    intensity", l.intensity);
        o.s_num("    range", l.range);
        o.s_arr("    ambient", &l.ambient);
        o.s_arr("    diffuse", &l.diffuse);
        o.s_arr("    specular", &l.specular);
        o.s_int("    texid", l.texid);
        o.s_num("    exponent", l.exponent);
        o.s_arr("    attenuation", &l.attenuation);
        o.s_num("    cutoff", l.cutoff);
        o.s_num("    bulbradius", l.bulbradius);
        o.bytes(b"\n");
    }
    o.bytes(b"\n");

    o.bytes(b"CAMERAS 2\n");
    for (i, c) in s.camera.iter().enumerate() {
        o.bytes(format!("  CAMERA {i}\n").as_bytes());
        o.s_arr("    pos", &c.pos);
        o.s_arr("    forward", &c.forward);
        o.s_arr("    up", &c.up);
        o.s_int("    orthographic", c.orthographic);
        o.s_num("    frustum_center", c.frustum_center);
        o.s_num("    frustum_width", c.frustum_width);
        o.s_num("    frustum_bottom", c.frustum_bottom);
        o.s_num("    frustum_top", c.frustum_top);
        o.s_num("    frustum_near", c.frustum_near);
        o.s_num("    frustum_far", c.frustum_far);
        o.bytes(b"\n");
    }
    o.bytes(b"\n");

    o.bytes(format!("FLEX DATA {}\n", s.nflex).as_bytes());
    let scene::FlexInfo {
        faceused: used,
        edgeadr: eadr,
        edgenum: enm,
        vertadr: vadr,
        vertnum: vnum,
        faceadr: fadr,
        facenum: fnum,
    } = scene::flex_info(s);
    for i in 0..used.len().min(eadr.len()).min(fnum.len()) {
        o.bytes(format!("  FLEX DATA {i}\n").as_bytes());
        o.s_int("    face_used", used[i]);
        o.s_int("    edge_adr", eadr[i]);
        o.s_int("    edge_num", enm[i]);
        o.s_int("    vert_adr", vadr[i]);
        o.s_int("    vert_num", vnum[i]);
        o.s_int("    face_adr", fadr[i]);
        o.s_int("    face_num", fnum[i]);
        for name in ["    edges", "    verts", "    faces", "    normals", "    texcoords"] {
            o.s_str(name, b"...");
        }
        o.bytes(b"\n");
    }
    o.bytes(b"\n");

    o.bytes(format!("SKIN DATA {}\n", s.nskin).as_bytes());
    let scene::SkinInfo { facenum: sfn, vertadr: sva, vertnum: svn } = scene::skin_info(s);
    for i in 0..sfn.len().min(sva.len()).min(svn.len()) {
        o.bytes(format!("  SKIN DATA {i}\n").as_bytes());
        o.s_int("    face_num", sfn[i]);
        o.s_int("    vert_adr", sva[i]);
        o.s_int("    vert_num", svn[i]);
        o.s_str("    verts", b"...");
        o.s_str("    normals", b"...");
        o.bytes(b"\n");
    }
    o.bytes(b"\n");

    o.bytes(b"FLAGS\n");
    for (i, f) in s.flags.iter().enumerate() {
        o.bytes(b"  ");
        let name = crate::runtime::strings::mjRNDSTRING[i][0].as_cstr().to_string_lossy();
        o.label(&name);
        o.bytes(format!(" {f}\n").as_bytes());
    }
    o.s_int("  flexvertopt", s.flexvertopt as i32);
    o.s_int("  flexedgeopt", s.flexedgeopt as i32);
    o.s_int("  flexfaceopt", s.flexfaceopt as i32);
    o.s_int("  flexskinopt", s.flexskinopt as i32);
    o.s_int("  stereo", s.stereo);
    o.bytes(b"\n\n");

    o.bytes(format!("TRANSFORM {}\n", s.enabletransform).as_bytes());
    if s.enabletransform != 0 {
        o.s_arr("  translate", &s.translate);
        o.s_arr("  rotate", &s.rotate);
        o.s_num("  scale", s.scale);
        o.bytes(b"\n");
    }
    o.bytes(b"\n");

    // SAFETY: `fp` is the stream opened above (stdout for a null filename), closed only here
    unsafe {
        libc::fflush(fp);
        close(fp, filename);
    }
}
