//! Default classes (`mjsDefault`): one prototype of each element kind that takes defaults,
//! copied into every element created in the class. Classes form a tree under "main" (index 0
//! of `Spec::defaults`); a new class starts as a copy of its parent.

use super::element::{Head, Linked};
use super::*;

/// One default class. Boxed in the spec (`Owned`), so `c` and the prototypes it points at keep
/// their addresses.
#[derive(Clone)]
#[repr(C)]
pub struct DefaultClass {
    pub head: Head,
    pub c: mjsDefault,
    /// the class name (what `mjs_getName` hands out for the class)
    pub name: CxxString,
    pub parent: Option<usize>,
    pub joint: Joint,
    pub geom: Geom,
    pub site: Site,
    pub camera: Camera,
    pub light: Light,
    pub flex: Flex,
    pub actuator: Actuator,
    pub tendon: Tendon,
    pub equality: Equality,
    pub pair: Pair,
    pub material: Material,
    pub mesh: Mesh,
}

impl Default for DefaultClass {
    fn default() -> Self {
        DefaultClass {
            head: Head::new(mjtObj_::mjOBJ_DEFAULT),
            c: body::zeroed(),
            name: CxxString::new(),
            parent: None,
            joint: Joint::default(),
            geom: Geom::default(),
            site: Site::default(),
            camera: Camera::default(),
            light: Light::default(),
            flex: Flex::default(),
            actuator: Actuator::default(),
            tendon: Tendon::default(),
            equality: Equality::default(),
            pair: Pair::default(),
            material: Material::default(),
            mesh: Mesh::default(),
        }
    }
}

impl core::fmt::Debug for DefaultClass {
    fn fmt(&self, f: &mut core::fmt::Formatter) -> core::fmt::Result {
        write!(f, "DefaultClass({})", self.name)
    }
}

impl Linked for DefaultClass {
    fn link(&mut self) {
        self.joint.link();
        self.geom.link();
        self.site.link();
        self.camera.link();
        self.light.link();
        self.flex.link();
        self.actuator.link();
        self.tendon.link();
        self.equality.link();
        self.pair.link();
        self.material.link();
        self.mesh.link();
        self.c.element = &mut self.head.el;
        self.c.joint = &mut self.joint.c;
        self.c.geom = &mut self.geom.c;
        self.c.site = &mut self.site.c;
        self.c.camera = &mut self.camera.c;
        self.c.light = &mut self.light.c;
        self.c.flex = &mut self.flex.c;
        self.c.actuator = &mut self.actuator.c;
        self.c.tendon = &mut self.tendon.c;
        self.c.equality = &mut self.equality.c;
        self.c.pair = &mut self.pair.c;
        self.c.material = &mut self.material.c;
        self.c.mesh = &mut self.mesh.c;
    }
}

impl DefaultClass {
    /// Records that this class is number `i` of its spec: elements copied from its prototypes
    /// then carry the class (`Head::class`).
    pub fn set_index(&mut self, i: usize) {
        self.head.index = i;
        self.head.class = i;
        self.joint.head.class = i;
        self.geom.head.class = i;
        self.site.head.class = i;
        self.camera.head.class = i;
        self.light.head.class = i;
        self.flex.head.class = i;
        self.actuator.head.class = i;
        self.tendon.head.class = i;
        self.equality.head.class = i;
        self.pair.head.class = i;
        self.material.head.class = i;
        self.mesh.head.class = i;
    }
}

impl Spec {
    /// `mjs_addDefault`: a class named `name` under `parent`, starting as a copy of it; None
    /// when the name is taken.
    pub fn add_default(&mut self, name: &str, parent: usize) -> Option<usize> {
        if self.find_default(name).is_some() {
            return None;
        }
        let mut d = self.defaults[parent].clone();
        d.name = name.into();
        d.parent = Some(parent);
        d.head.spec = self as *const Spec as usize;
        let i = self.defaults.len();
        d.set_index(i);
        self.defaults.push(d);
        Some(i)
    }
}
