//! `<flexcomp>`: a flex generated inside a body, with the bodies, slider joints, collision
//! spheres and edge equality that upstream's flexcomp creates, in its order and with its
//! names (`<name>_<point>` for vertex bodies, `<name>_<i>_<j>_<k>` for interpolation nodes).
//! Everything happens while the body is read, as upstream does it (files included), so errors
//! are reported at the `<flexcomp>` element.

mod gmsh;
mod shapes;

use crate::abi::*;
use crate::spec::*;

use super::attr::*;
use super::tree::Element;
use super::XmlError;

type R<T> = Result<T, XmlError>;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    Grid,
    Box,
    Cylinder,
    Ellipsoid,
    Square,
    Disc,
    Circle,
    Mesh,
    Gmsh,
    Direct,
}

const KIND_MAP: Map = &[
    ("grid", 0),
    ("box", 1),
    ("cylinder", 2),
    ("ellipsoid", 3),
    ("square", 4),
    ("disc", 5),
    ("circle", 6),
    ("mesh", 7),
    ("gmsh", 8),
    ("direct", 9),
];
const KINDS: [Kind; 10] = [
    Kind::Grid,
    Kind::Box,
    Kind::Cylinder,
    Kind::Ellipsoid,
    Kind::Square,
    Kind::Disc,
    Kind::Circle,
    Kind::Mesh,
    Kind::Gmsh,
    Kind::Direct,
];

/// Degrees of freedom of the generated bodies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dof {
    Full,
    Radial,
    Trilinear,
    Quadratic,
}
const DOF_MAP: Map = &[("full", 0), ("radial", 1), ("trilinear", 2), ("quadratic", 3)];
const SELFCOLLIDE_MAP: Map = &[("none", 0), ("narrow", 1), ("bvh", 2), ("sap", 3), ("auto", 4)];
const ELASTIC2D_MAP: Map = &[("none", 0), ("bend", 1), ("stretch", 2), ("both", 3)];

const MINVAL: f64 = 1e-15;
/// id of the temporary mesh upstream loads mesh files with (named in its messages)
const MESH_ID: i32 = -1;
const MAXVAL: f64 = 1e10;

/// Everything `<flexcomp>` sets, before the flex and its bodies are made.
pub(super) struct FlexComp {
    name: String,
    /// suffix of the names inside a replicate
    sfx: String,
    pub(super) kind: Kind,
    pub(super) count: [i32; 3],
    pub(super) spacing: [f64; 3],
    scale: [f64; 3],
    origin: [f64; 3],
    mass: f64,
    inertiabox: f64,
    equality: bool,
    file: String,
    dof: Dof,
    pinid: Vec<i32>,
    pinrange: Vec<i32>,
    pingrid: Vec<i32>,
    pingridrange: Vec<i32>,
    /// the flex as given (upstream's local default class)
    pub(super) flex: Flex,
    /// solver parameters of the edge equality
    eq: Equality,
    pos: [f64; 3],
    quat: [f64; 4],
    alt: Orientation,
    rigid: bool,
    centered: bool,
    pub(super) point: Vec<f64>,
    pub(super) element: Vec<i32>,
    pub(super) texcoord: Vec<f32>,
    elemtexcoord: Vec<i32>,
    /// the `<plugin>` every body made (and the parent, when it holds vertices) runs
    plugin: Option<(mjsPlugin, PluginRef)>,
    /// directly in a replicate, whose (unnamed) subtree body would be the parent
    in_subtree: bool,
}

impl Default for FlexComp {
    fn default() -> Self {
        FlexComp {
            name: String::new(),
            sfx: String::new(),
            kind: Kind::Grid,
            count: [10; 3],
            spacing: [0.02; 3],
            scale: [1.0; 3],
            origin: [0.0; 3],
            mass: 1.0,
            inertiabox: 0.005,
            equality: false,
            file: String::new(),
            dof: Dof::Full,
            pinid: Vec::new(),
            pinrange: Vec::new(),
            pingrid: Vec::new(),
            pingridrange: Vec::new(),
            flex: Flex::default(),
            eq: Equality::default(),
            pos: [0.0; 3],
            quat: [1.0, 0.0, 0.0, 0.0],
            alt: Orientation::Quat,
            rigid: false,
            centered: false,
            point: Vec::new(),
            element: Vec::new(),
            texcoord: Vec::new(),
            elemtexcoord: Vec::new(),
            plugin: None,
            in_subtree: false,
        }
    }
}

/// Where the flexcomp reads its files.
pub struct Files<'a> {
    pub modeldir: String,
    pub vfs: Option<&'a crate::io::vfs::Vfs>,
}

/// Reads `<flexcomp>` `e` inside body `b` and adds what it generates to `s`; `sfx` is the
/// suffix of names inside a replicate.
pub(super) fn flexcomp(e: &Element, b: usize, in_subtree: bool, sfx: &str, files: &Files, s: &mut Spec) -> R<()> {
    let mut fc = FlexComp { name: read_txt_req(e, "name")?, ..FlexComp::default() };
    if let Some(k) = map_value(e, "type", KIND_MAP)? {
        fc.kind = KINDS[k as usize];
    }
    read_arr(e, "count", &mut fc.count, true)?;
    read_arr(e, "spacing", &mut fc.spacing, true)?;
    read_arr(e, "scale", &mut fc.scale, true)?;
    read1(e, "mass", &mut fc.mass)?;
    read1(e, "inertiabox", &mut fc.inertiabox)?;
    if let Some(f) = e.attr("file") {
        fc.file = super::tree::resolve_file(e, f, &files.modeldir, files.vfs);
    }
    {
        let fl = &mut fc.flex;
        if let Some(m) = read_txt(e, "material") {
            fl.material = m.into();
        }
        read_arr(e, "rgba", &mut fl.rgba, true)?;
        map_bool(e, "flatskin", &mut fl.flatskin)?;
        read1(e, "dim", &mut fl.dim)?;
        read1(e, "radius", &mut fl.radius)?;
        read1(e, "group", &mut fl.group)?;
    }
    if read_arr(e, "origin", &mut fc.origin, true)? == 0 && fc.kind == Kind::Mesh && fc.flex.dim == 3 {
        return Err(XmlError::at(e, "origin must be specified for mesh flexcomps if dim=3"));
    }
    read_arr(e, "pos", &mut fc.pos, true)?;
    read_arr(e, "quat", &mut fc.quat, true)?;
    read_alternative(e, &mut fc.alt)?;
    map_bool(e, "rigid", &mut fc.rigid)?;
    if let Some(v) = read_vec::<f64>(e, "point")? {
        fc.point = v;
    }
    if let Some(v) = read_vec::<i32>(e, "element")? {
        fc.element = v;
    }
    if let Some(v) = read_vec::<f32>(e, "texcoord")? {
        fc.texcoord = v;
    }
    if let Some(d) = map_value(e, "dof", DOF_MAP)? {
        fc.dof = [Dof::Full, Dof::Radial, Dof::Trilinear, Dof::Quadratic][d as usize];
    }
    if let Some(edge) = e.children_named("edge").next() {
        map_bool(edge, "equality", &mut fc.equality)?;
        read_arr(edge, "solref", &mut fc.eq.solref, false)?;
        read_arr(edge, "solimp", &mut fc.eq.solimp, false)?;
        read1(edge, "stiffness", &mut fc.flex.edgestiffness)?;
        read1(edge, "damping", &mut fc.flex.edgedamping)?;
    }
    if let Some(el) = e.children_named("elasticity").next() {
        let fl = &mut fc.flex;
        read1(el, "young", &mut fl.young)?;
        read1(el, "poisson", &mut fl.poisson)?;
        read1(el, "damping", &mut fl.damping)?;
        read1(el, "thickness", &mut fl.thickness)?;
        map_into(el, "elastic2d", ELASTIC2D_MAP, &mut fl.elastic2d)?;
    }
    if fc.flex.elastic2d >= 2 && fc.equality {
        return Err(XmlError::at(e, "elasticity and edge constraints cannot both be present"));
    }
    if let Some(c) = e.children_named("contact").next() {
        let fl = &mut fc.flex;
        read1(c, "contype", &mut fl.contype)?;
        read1(c, "conaffinity", &mut fl.conaffinity)?;
        read1(c, "condim", &mut fl.condim)?;
        read1(c, "priority", &mut fl.priority)?;
        read_arr(c, "friction", &mut fl.friction, false)?;
        read1(c, "solmix", &mut fl.solmix)?;
        read_arr(c, "solref", &mut fl.solref, false)?;
        read_arr(c, "solimp", &mut fl.solimp, false)?;
        read1(c, "margin", &mut fl.margin)?;
        read1(c, "gap", &mut fl.gap)?;
        map_bool(c, "internal", &mut fl.internal)?;
        map_into(c, "selfcollide", SELFCOLLIDE_MAP, &mut fl.selfcollide)?;
        let mut b = fl.vertcollide != 0;
        map_bool(c, "vertcollide", &mut b)?;
        fl.vertcollide = b as i32;
        let mut b = fl.passive != 0;
        map_bool(c, "passive", &mut b)?;
        fl.passive = b as i32;
        read1(c, "activelayers", &mut fl.activelayers)?;
    }
    for p in e.children_named("pin") {
        for (attr, out) in [
            ("id", &mut fc.pinid),
            ("range", &mut fc.pinrange),
            ("grid", &mut fc.pingrid),
            ("gridrange", &mut fc.pingridrange),
        ] {
            if let Some(v) = read_vec::<i32>(p, attr)? {
                out.extend(v);
            }
        }
    }
    if let Some(p) = e.children_named("plugin").next() {
        let (mut c, mut r) = (crate::spec::body::zeroed::<mjsPlugin>(), PluginRef::default());
        super::sections::one_plugin(p, s, &mut c, &mut r)?;
        fc.plugin = Some((c, r));
    }
    fc.sfx = sfx.to_string();
    fc.in_subtree = in_subtree;
    fc.make(b, files, s).map_err(|msg| {
        // upstream's message buffer holds 200 characters
        let mut m = msg;
        if m.len() > 199 {
            let mut cut = 199;
            while !m.is_char_boundary(cut) {
                cut -= 1;
            }
            m.truncate(cut);
        }
        XmlError::at(e, &m)
    })
}

impl FlexComp {
    /// Body `b` runs the flexcomp's plugin (when it has one).
    fn give_plugin(&self, s: &mut Spec, b: usize) {
        if let Some((c, r)) = &self.plugin {
            let x = &mut s.bodies[b];
            x.c.plugin.active = 1;
            x.c.plugin.element = c.element;
            x.plugin = r.clone();
        }
    }

    fn direct(&self) -> bool {
        matches!(self.kind, Kind::Direct | Kind::Mesh | Kind::Gmsh)
    }

    /// Generates the points and elements, then the flex, bodies, joints, geoms and equality.
    fn make(&mut self, b: usize, files: &Files, s: &mut Spec) -> Result<(), String> {
        let parent = s.bodies[b].name.to_string();
        if parent.is_empty() || self.in_subtree {
            return Err("Parent body must have name".into());
        }
        let dim0 = self.flex.dim;
        if !(1..=3).contains(&dim0) {
            return Err("Invalid dim, must be between 1 and 3".into());
        }
        for i in 0..3 {
            if self.count[i] < 1 || (self.dof == Dof::Radial && self.count[i] < 2 && dim0 == 3) {
                return Err("Count too small".into());
            }
        }
        // point ids are C ints, and the points of a grid or box come from the counts: refuse
        // what cannot be numbered or allocated (upstream runs out of memory and aborts)
        if !self.direct() {
            let npoint = self.count.iter().map(|&c| c as i64).product::<i64>();
            if npoint > i32::MAX as i64 / 3 {
                return Err(format!("Count too large: {npoint} points"));
            }
            self.point
                .try_reserve(3 * npoint as usize)
                .map_err(|_| format!("Count too large: not enough memory for {npoint} points"))?;
        }
        let minspace = 2.0 * self.flex.radius + self.flex.margin;
        if !self.direct() && self.spacing.iter().any(|&x| x < minspace) {
            return Err("Spacing must be larger than geometry size".into());
        }
        if self.scale.iter().any(|&x| x < MINVAL) {
            return Err("Scale must be larger than mjMINVAL".into());
        }
        if self.mass < MINVAL || self.inertiabox < MINVAL {
            return Err("Mass and inertiabox must be larger than mjMINVAL".into());
        }
        crate::spec::util::resolve_orientation(&mut self.quat, s.compiler.degree != 0, s.compiler.seq(), &self.alt)
            .map_err(|m| m.to_string())?;

        match self.kind {
            Kind::Grid | Kind::Circle => self.make_grid()?,
            Kind::Box | Kind::Cylinder | Kind::Ellipsoid => self.make_box(dim0)?,
            Kind::Square | Kind::Disc => self.make_square()?,
            Kind::Mesh => self.make_mesh(files, s)?,
            Kind::Gmsh => self.make_gmsh(files, s)?,
            Kind::Direct => {}
        }
        let dim = self.flex.dim;
        if matches!(self.kind, Kind::Box | Kind::Cylinder) || (self.kind == Kind::Grid && dim == 3) {
            self.flex.flatskin = 1;
        }

        if !self.pinrange.len().is_multiple_of(2) {
            return Err("Pin range number must be multiple of 2".into());
        }
        if !self.pingrid.len().is_multiple_of(dim as usize) {
            return Err("Pin grid number must be multiple of dim".into());
        }
        if !self.pingridrange.len().is_multiple_of(2 * dim as usize) {
            return Err("Pin grid range number of must be multiple of 2*dim".into());
        }
        let has_gridpins = !(self.pingrid.is_empty() && self.pingridrange.is_empty());
        if self.kind != Kind::Grid && has_gridpins {
            return Err("Pin grid(range) can only be used with grid type".into());
        }
        if dim == 1 && has_gridpins {
            return Err("Pin grid(range) cannot be used with dim=1".into());
        }
        if self.point.is_empty() || self.element.is_empty() {
            return Err("Point and element required".into());
        }
        if !self.point.len().is_multiple_of(3) {
            return Err("Point size must be a multiple of 3".into());
        }
        if !self.element.len().is_multiple_of(dim as usize + 1) {
            return Err("Element size must be a multiple of dim+1".into());
        }
        let npnt = self.point.len() / 3;
        for (i, &v) in self.element.iter().enumerate() {
            if v < 0 || v as usize >= npnt {
                return Err(format!("element {} has point id {}, number of points is {}", i, v, npnt));
            }
        }

        if self.direct() && self.scale != [1.0; 3] {
            for p in self.point.chunks_exact_mut(3) {
                for k in 0..3 {
                    p[k] *= self.scale[k];
                }
            }
        }
        for p in self.point.chunks_exact_mut(3) {
            let r = crate::spec::util::rot_vec_quat(&[p[0], p[1], p[2]], &self.quat);
            for k in 0..3 {
                p[k] = r[k] + self.pos[k];
            }
        }
        let mut minmax = [MAXVAL, MAXVAL, MAXVAL, -MAXVAL, -MAXVAL, -MAXVAL];
        for p in self.point.chunks_exact(3) {
            for j in 0..3 {
                minmax[j] = minmax[j].min(p[j]);
                minmax[j + 3] = minmax[j + 3].max(p[j]);
            }
        }

        let mut pinned = vec![self.rigid; npnt];
        if !self.rigid {
            for &id in &self.pinid {
                if id < 0 || id as usize >= npnt {
                    return Err("pinid out of range".into());
                }
                pinned[id as usize] = true;
            }
            for r in self.pinrange.chunks_exact(2) {
                if r.iter().any(|&x| x < 0 || x as usize >= npnt) {
                    return Err("pinrange out of range".into());
                }
                for k in r[0]..=r[1] {
                    pinned[k as usize] = true;
                }
            }
            let d = dim as usize;
            for g in self.pingrid.chunks_exact(d) {
                for k in 0..d {
                    if g[k] < 0 || g[k] >= self.count[k] {
                        return Err("pingrid out of range".into());
                    }
                }
                let id = if dim == 2 { self.grid_id2(g[0], g[1]) } else { self.grid_id3(g[0], g[1], g[2]) };
                set_pin(&mut pinned, id)?;
            }
            for g in self.pingridrange.chunks_exact(2 * d) {
                for k in 0..2 * d {
                    if g[k] < 0 || g[k] >= self.count[k % d] {
                        return Err("pingridrange out of range".into());
                    }
                }
                if dim == 2 {
                    for ix in g[0]..=g[2] {
                        for iy in g[1]..=g[3] {
                            set_pin(&mut pinned, self.grid_id2(ix, iy))?;
                        }
                    }
                } else {
                    for ix in g[0]..=g[3] {
                        for iy in g[1]..=g[4] {
                            for iz in g[2]..=g[5] {
                                set_pin(&mut pinned, self.grid_id3(ix, iy, iz))?;
                            }
                        }
                    }
                }
            }
            if self.dof == Dof::Radial {
                pinned[0] = true;
            }
            if pinned.iter().all(|&p| p) {
                self.rigid = true;
            } else if pinned.iter().all(|&p| !p) {
                self.centered = true;
            }
        }

        // points no element uses get no body (listed types); elements renumbered
        let used: Vec<bool> = if self.direct() {
            let mut used = vec![false; npnt];
            for &v in &self.element {
                used[v as usize] = true;
            }
            if used.iter().any(|&u| !u) {
                let mut shift = vec![0i32; npnt];
                let mut unused = 0;
                for i in 0..npnt {
                    shift[i] = unused;
                    if !used[i] {
                        unused += 1;
                    }
                }
                for v in self.element.iter_mut() {
                    *v -= shift[*v as usize];
                }
            }
            used
        } else {
            vec![true; npnt]
        };

        // the flex
        let mut flex = self.flex.clone();
        flex.name = format!("{}{}", self.name, self.sfx).into();
        flex.elem = self.element.as_slice().into();
        flex.texcoord = self.texcoord.as_slice().into();
        flex.elemtexcoord = self.elemtexcoord.as_slice().into();
        if !self.centered {
            flex.vert = self.point.as_slice().into();
        }
        if self.rigid {
            flex.vertbody.push(parent.into());
            s.flexes.push(Owned::new(flex));
            return Ok(());
        }

        let bodymass = self.mass / npnt as f64;
        let bodyinertia = bodymass * (2.0 * self.inertiabox * self.inertiabox) / 3.0;
        // an instance configured in place is named after the flexcomp
        if let Some((c, r)) = &mut self.plugin {
            if r.name.is_empty() {
                let n = format!("flexcomp_{}", self.name);
                r.name.set(&n);
                if let Some(k) = s.plugin_index(c.element) {
                    s.plugins[k].name.set(&n);
                }
            }
        }
        let class = s.bodies[b].class;
        let interp = matches!(self.dof, Dof::Trilinear | Dof::Quadratic);
        for i in 0..npnt {
            if !used[i] {
                continue;
            }
            if pinned[i] || interp {
                flex.vertbody.push(parent.as_str().into());
                self.give_plugin(s, b);
                continue;
            }
            let p = [self.point[3 * i], self.point[3 * i + 1], self.point[3 * i + 2]];
            let nb =
                self.add_body(s, b, format!("{}_{}{}", self.name, i, self.sfx), p, bodymass, [bodyinertia; 3], Some(4));
            match self.dof {
                Dof::Radial => {
                    let mut axis = p;
                    crate::spec::util::normvec(&mut axis);
                    add_slider(s, nb, class, axis);
                }
                Dof::Full => {
                    for j in 0..3 {
                        let mut axis = [0.0; 3];
                        axis[j] = 1.0;
                        add_slider(s, nb, class, axis);
                    }
                }
                _ => {}
            }
            flex.vertbody.push(s.bodies[nb].name.clone());
            if !self.centered {
                self.point[3 * i..3 * i + 3].fill(0.0);
            }
            self.give_plugin(s, nb);
        }

        if interp {
            let order = if self.dof == Dof::Trilinear { 1 } else { 2 };
            let n1 = order + 1;
            let mut node = vec![0.0; 3 * n1 * n1 * n1];
            let step = 1.0 / order as f64;
            let mass_p2 = [1.0 / 6.0, 2.0 / 3.0, 1.0 / 6.0];
            let mut idx = 0;
            for i in 0..n1 {
                for j in 0..n1 {
                    for k in 0..n1 {
                        let pos = [
                            minmax[0] + i as f64 * step * (minmax[3] - minmax[0]),
                            minmax[1] + j as f64 * step * (minmax[4] - minmax[1]),
                            minmax[2] + k as f64 * step * (minmax[5] - minmax[2]),
                        ];
                        if pinned.get(idx).copied().unwrap_or(false) {
                            node[3 * idx..3 * idx + 3].copy_from_slice(&pos);
                            flex.nodebody.push(parent.as_str().into());
                            idx += 1;
                            continue;
                        }
                        let m = if self.dof == Dof::Trilinear {
                            self.mass / 8.0
                        } else {
                            self.mass * mass_p2[i] * mass_p2[j] * mass_p2[k]
                        };
                        let inertia = m * (2.0 * self.inertiabox * self.inertiabox) / 3.0;
                        let nb = self.add_body(
                            s,
                            b,
                            format!("{}_{}_{}_{}{}", self.name, i, j, k, self.sfx),
                            pos,
                            m,
                            [inertia; 3],
                            None,
                        );
                        for d in 0..3 {
                            let mut axis = [0.0; 3];
                            axis[d] = 1.0;
                            add_slider(s, nb, class, axis);
                        }
                        flex.nodebody.push(s.bodies[nb].name.clone());
                        idx += 1;
                    }
                }
            }
            if !self.centered {
                flex.node = node.into();
            }
        }
        if !self.centered || interp {
            flex.vert = self.point.as_slice().into();
        }
        s.flexes.push(Owned::new(flex));

        if self.equality {
            let mut eq = Equality { name1: format!("{}{}", self.name, self.sfx).into(), ..self.eq.clone() };
            eq.r#type = mjtEq_::mjEQ_FLEX as i32;
            eq.active = 1;
            s.equalities.push(Owned::new(eq));
        }
        Ok(())
    }

    /// A body for a vertex or node: explicit inertia at its origin, a collision sphere when
    /// vertices collide (in `geomgroup`, when given).
    #[allow(clippy::too_many_arguments)]
    fn add_body(
        &self,
        s: &mut Spec,
        b: usize,
        name: String,
        pos: [f64; 3],
        mass: f64,
        inertia: [f64; 3],
        geomgroup: Option<i32>,
    ) -> usize {
        let class = s.bodies[b].class;
        // later elements of the model may not repeat the name (a repeat of an earlier name is
        // left to the compiler, as upstream only records it then)
        s.names_seen
            .entry("body")
            .or_insert_with(|| std::iter::once("world".to_string()).collect())
            .insert(name.clone());
        let mut nb = Body { name: name.into(), parent: b, class, ..Body::default() };
        nb.pos = pos;
        nb.mass = mass;
        nb.ipos = [0.0; 3];
        nb.inertia = inertia;
        nb.explicitinertial = 1;
        s.bodies.push(Owned::new(nb));
        let id = s.bodies.len() - 1;
        s.bodies[b].bodies.push(id);
        if self.flex.vertcollide != 0 {
            let mut g = s.defaults[class].geom.clone();
            g.name.clear();
            g.r#type = mjtGeom_::mjGEOM_SPHERE as i32;
            g.size[0] = self.flex.radius;
            if let Some(gr) = geomgroup {
                g.group = gr;
            }
            g.body = id;
            g.frame = None;
            g.info = Info::default();
            s.geoms.push(Owned::new(g));
            s.bodies[id].geoms.push(s.geoms.len() - 1);
        }
        id
    }

    /// The file name as upstream opens it: without its folders under `strippath`, then in the
    /// mesh folder.
    fn filename(&mut self, s: &Spec) -> Result<String, String> {
        if !self.file.is_empty() && (s.strippath != 0) {
            self.file = crate::io::files::strip_path(&self.file).to_string();
        }
        if self.file.is_empty() {
            return Err("File is required".into());
        }
        Ok(crate::io::files::join(&s.meshdir, &self.file))
    }

    /// Surface mesh from an OBJ or STL file; in 3D, tetrahedra from `origin` to each face that
    /// sees it from behind.
    fn make_mesh(&mut self, files: &Files, s: &Spec) -> Result<(), String> {
        let filename = self.filename(s)?;
        if self.flex.dim < 2 {
            return Err("Flex dim must be at least 2 for mesh".into());
        }
        use crate::compiler::image::asset_content_type;
        if asset_content_type(&filename, "") == "model/vnd.mujoco.msh" {
            return Err("legacy MSH files are not supported in flexcomp".into());
        }
        let res =
            crate::io::files::Res::open(&files.modeldir, &filename, files.vfs).map_err(|m| format!("Error: {}", m))?;
        let rname = res.name();
        let bytes = res.read();
        // messages of upstream's mesh loader carry the (unnamed) mesh object
        let mesh_err = |m: String| format!("Error: {}\nElement name '', id {}", m, MESH_ID);
        let ctype = asset_content_type(&rname, "");
        if ctype.is_empty() {
            return Err(mesh_err(format!("unknown or unsupported mesh file: '{}'", rname)));
        }
        use crate::compiler::mesh::decode;
        let raw = match ctype.as_str() {
            "model/stl" => decode::stl(bytes, &rname, true),
            "model/obj" => decode::obj(bytes, &rname, true),
            other => return Err(mesh_err(format!("unsupported mesh type: '{}'", other))),
        }
        .map_err(mesh_err)?;
        let mut face = raw.face;
        let vert =
            crate::compiler::mesh::process_vertices(&raw.vert, &mut face, true, &|m: &str| mesh_err(m.to_string()))?;
        if vert.is_empty() || face.is_empty() {
            return Err("Vertex and face data required".into());
        }
        self.point = vert;
        if !raw.texcoord.is_empty() {
            self.texcoord = raw.texcoord;
            self.elemtexcoord = raw.facetexcoord;
        }
        if self.flex.dim == 2 {
            self.element = face;
        } else {
            let o = self.origin;
            self.point.splice(0..0, o);
            for f in face.chunks_exact(3) {
                let tet = [f[0] + 1, f[1] + 1, f[2] + 1];
                let edge = |t: i32| {
                    let t = t as usize;
                    [self.point[3 * t] - o[0], self.point[3 * t + 1] - o[1], self.point[3 * t + 2] - o[2]]
                };
                let (e1, e2, e3) = (edge(tet[0]), edge(tet[1]), edge(tet[2]));
                let normal = crate::spec::util::cross(&e1, &e2);
                if crate::spec::util::dot3(&normal, &e3) < MINVAL {
                    continue;
                }
                self.element.extend_from_slice(&[0, tet[0], tet[1], tet[2]]);
            }
        }
        Ok(())
    }

    /// Points and elements from a GMSH file; the file sets the dimension.
    fn make_gmsh(&mut self, files: &Files, s: &Spec) -> Result<(), String> {
        let filename = self.filename(s)?;
        let res =
            crate::io::files::Res::open(&files.modeldir, &filename, files.vfs).map_err(|m| format!("Error: {}", m))?;
        let Some(bytes) = res.read() else {
            return Err("Error: Could not read GMSH file".into());
        };
        match gmsh::load(bytes) {
            Ok(g) => {
                self.flex.dim = g.dim;
                self.point = g.point;
                self.element = g.element;
                Ok(())
            }
            Err(gmsh::GmshError::Msg(m)) => Err(format!("Error: {}", m)),
            Err(gmsh::GmshError::Exception) => Err("exception while reading GMSH file".into()),
        }
    }
}

fn set_pin(pinned: &mut [bool], id: i32) -> Result<(), String> {
    match pinned.get_mut(id as usize) {
        Some(p) if id >= 0 => {
            *p = true;
            Ok(())
        }
        _ => Err(format!("pin grid id {} out of range", id)),
    }
}

/// A slider of the body's default class along `axis`, at the body origin.
fn add_slider(s: &mut Spec, b: usize, class: usize, axis: [f64; 3]) {
    let mut j = s.defaults[class].joint.clone();
    j.name.clear();
    j.r#type = mjtJoint_::mjJNT_SLIDE as i32;
    j.pos = [0.0; 3];
    j.axis = axis;
    j.body = b;
    j.frame = None;
    j.info = Info::default();
    s.joints.push(Owned::new(j));
    s.bodies[b].joints.push(s.joints.len() - 1);
}

#[cfg(test)]
mod tests;
