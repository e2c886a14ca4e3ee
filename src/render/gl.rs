//! OpenGL entry points, resolved at run time from the platform library the caller already loaded
//! (EGL, OSMesa or GLX), as upstream's loader does: the library itself never links libGL.
//!
//! The lookup function is found first among the process's global symbols (`eglGetProcAddress`,
//! `OSMesaGetProcAddress`, `glXGetProcAddressARB`), then in whichever platform library is mapped
//! into the process (found by walking the loaded objects). Every entry point is then resolved
//! through it once; [`gl`] gives the table, loading it on first use.

#![allow(non_snake_case, clippy::too_many_arguments)]

use core::ffi::{c_char, c_int, c_uint, c_void, CStr};
use std::sync::OnceLock;

use super::glconst::*;

type GetProc = unsafe extern "C" fn(*const c_char) -> *const c_void;

/// Extensions and version flags the renderer branches on.
#[derive(Default, Clone, Copy)]
pub struct Ext {
    pub version_1_5: bool,
    pub framebuffer_object: bool,
    pub vertex_buffer_object: bool,
    pub depth_buffer_float: bool,
    pub seamless_cube_map: bool,
    pub clip_control: bool,
    pub khr_debug: bool,
}

macro_rules! gl_api {
    ($($name:ident ( $($arg:ident : $ty:ty),* ) $(-> $ret:ty)? ;)*) => {
        /// The resolved entry points (NULL where the context does not provide one).
        pub struct Gl {
            $(pub $name: Option<unsafe extern "system" fn($($ty),*) $(-> $ret)?>,)*
            pub ext: Ext,
        }

        impl Gl {
            unsafe fn resolve(get: GetProc) -> Gl {
                Gl {
                    $($name: core::mem::transmute::<*const c_void, Option<unsafe extern "system" fn($($ty),*) $(-> $ret)?>>(
                        get(concat!(stringify!($name), "\0").as_ptr() as *const c_char))),*,
                    ext: Ext::default(),
                }
            }
        }

        $(
            #[inline]
            pub unsafe fn $name($($arg: $ty),*) $(-> $ret)? {
                match gl().$name {
                    Some(f) => f($($arg),*),
                    None => missing(stringify!($name)),
                }
            }
        )*
    };
}

gl_api! {
    glGetString(name: u32) -> *const u8;
    glGetStringi(name: u32, index: c_uint) -> *const u8;
    glGetIntegerv(pname: u32, data: *mut c_int);
    glGetBooleanv(pname: u32, data: *mut u8);
    glGetFloatv(pname: u32, data: *mut f32);
    glGetError() -> u32;
    glIsEnabled(cap: u32) -> u8;
    glEnable(cap: u32);
    glDisable(cap: u32);
    glFinish();
    glHint(target: u32, mode: u32);
    glPixelStorei(pname: u32, param: c_int);
    glDebugMessageCallback(callback: *const c_void, user: *const c_void);

    glGenLists(range: c_int) -> c_uint;
    glDeleteLists(list: c_uint, range: c_int);
    glNewList(list: c_uint, mode: u32);
    glEndList();
    glCallList(list: c_uint);
    glCallLists(n: c_int, kind: u32, lists: *const c_void);
    glListBase(base: c_uint);

    glBegin(mode: u32);
    glEnd();
    glVertex2i(x: c_int, y: c_int);
    glVertex2f(x: f32, y: f32);
    glVertex2d(x: f64, y: f64);
    glVertex3f(x: f32, y: f32, z: f32);
    glVertex3d(x: f64, y: f64, z: f64);
    glVertex3fv(v: *const f32);
    glNormal3f(x: f32, y: f32, z: f32);
    glNormal3d(x: f64, y: f64, z: f64);
    glNormal3fv(v: *const f32);
    glTexCoord2fv(v: *const f32);
    glColor3f(r: f32, g: f32, b: f32);
    glColor3fv(v: *const f32);
    glColor4f(r: f32, g: f32, b: f32, a: f32);
    glColor4d(r: f64, g: f64, b: f64, a: f64);
    glColor4fv(v: *const f32);
    glColor4ubv(v: *const u8);
    glBitmap(w: c_int, h: c_int, xorig: f32, yorig: f32, xmove: f32, ymove: f32, bitmap: *const u8);
    glRasterPos2i(x: c_int, y: c_int);
    glRasterPos3i(x: c_int, y: c_int, z: c_int);
    glRasterPos3f(x: f32, y: f32, z: f32);
    glWindowPos2i(x: c_int, y: c_int);
    glRectd(x1: f64, y1: f64, x2: f64, y2: f64);

    glMatrixMode(mode: u32);
    glLoadIdentity();
    glLoadMatrixf(m: *const f32);
    glMultMatrixf(m: *const f32);
    glPushMatrix();
    glPopMatrix();
    glTranslatef(x: f32, y: f32, z: f32);
    glScalef(x: f32, y: f32, z: f32);
    glRotatef(angle: f32, x: f32, y: f32, z: f32);
    glOrtho(l: f64, r: f64, b: f64, t: f64, n: f64, f: f64);
    glFrustum(l: f64, r: f64, b: f64, t: f64, n: f64, f: f64);
    glViewport(x: c_int, y: c_int, w: c_int, h: c_int);
    glScissor(x: c_int, y: c_int, w: c_int, h: c_int);
    glClipPlane(plane: u32, eq: *const f64);
    glClipControl(origin: u32, depth: u32);
    glDepthRange(n: f64, f: f64);

    glShadeModel(mode: u32);
    glPolygonMode(face: u32, mode: u32);
    glPolygonOffset(factor: f32, units: f32);
    glLineWidth(w: f32);
    glFrontFace(mode: u32);
    glCullFace(mode: u32);
    glBlendFunc(s: u32, d: u32);
    glDepthFunc(func: u32);
    glDepthMask(flag: u8);
    glColorMask(r: u8, g: u8, b: u8, a: u8);
    glAlphaFunc(func: u32, r: f32);
    glStencilFunc(func: u32, r: c_int, mask: c_uint);
    glStencilOp(sfail: u32, dpfail: u32, dppass: u32);
    glClear(mask: u32);
    glClearColor(r: f32, g: f32, b: f32, a: f32);
    glClearDepth(d: f64);
    glClearStencil(s: c_int);

    glLightf(light: u32, pname: u32, param: f32);
    glLightfv(light: u32, pname: u32, params: *const f32);
    glLightModelfv(pname: u32, params: *const f32);
    glLightModeli(pname: u32, param: c_int);
    glMaterialf(face: u32, pname: u32, param: f32);
    glMaterialfv(face: u32, pname: u32, params: *const f32);
    glColorMaterial(face: u32, mode: u32);
    glFogi(pname: u32, param: c_int);
    glFogf(pname: u32, param: f32);
    glFogfv(pname: u32, params: *const f32);

    glGenTextures(n: c_int, textures: *mut c_uint);
    glDeleteTextures(n: c_int, textures: *const c_uint);
    glBindTexture(target: u32, texture: c_uint);
    glActiveTexture(texture: u32);
    glTexImage2D(target: u32, level: c_int, internal: c_int, w: c_int, h: c_int, border: c_int, format: u32, kind: u32, data: *const c_void);
    glTexParameteri(target: u32, pname: u32, param: c_int);
    glTexGeni(coord: u32, pname: u32, param: c_int);
    glTexGenfv(coord: u32, pname: u32, params: *const f32);
    glTexEnvi(target: u32, pname: u32, param: c_int);
    glGenerateMipmap(target: u32);

    glEnableClientState(array: u32);
    glDisableClientState(array: u32);
    glVertexPointer(size: c_int, kind: u32, stride: c_int, ptr: *const c_void);
    glNormalPointer(kind: u32, stride: c_int, ptr: *const c_void);
    glTexCoordPointer(size: c_int, kind: u32, stride: c_int, ptr: *const c_void);
    glDrawArrays(mode: u32, first: c_int, count: c_int);
    glDrawElements(mode: u32, count: c_int, kind: u32, indices: *const c_void);
    glGenBuffers(n: c_int, buffers: *mut c_uint);
    glDeleteBuffers(n: c_int, buffers: *const c_uint);
    glBindBuffer(target: u32, buffer: c_uint);
    glBufferData(target: u32, size: isize, data: *const c_void, usage: u32);

    glGenFramebuffers(n: c_int, ids: *mut c_uint);
    glDeleteFramebuffers(n: c_int, ids: *const c_uint);
    glBindFramebuffer(target: u32, fb: c_uint);
    glCheckFramebufferStatus(target: u32) -> u32;
    glFramebufferTexture2D(target: u32, attachment: u32, textarget: u32, texture: c_uint, level: c_int);
    glFramebufferRenderbuffer(target: u32, attachment: u32, rbtarget: u32, rb: c_uint);
    glGenRenderbuffers(n: c_int, ids: *mut c_uint);
    glDeleteRenderbuffers(n: c_int, ids: *const c_uint);
    glBindRenderbuffer(target: u32, rb: c_uint);
    glRenderbufferStorage(target: u32, format: u32, w: c_int, h: c_int);
    glRenderbufferStorageMultisample(target: u32, samples: c_int, format: u32, w: c_int, h: c_int);
    glGetRenderbufferParameteriv(target: u32, pname: u32, params: *mut c_int);
    glBlitFramebuffer(sx0: c_int, sy0: c_int, sx1: c_int, sy1: c_int, dx0: c_int, dy0: c_int, dx1: c_int, dy1: c_int, mask: u32, filter: u32);
    glDrawBuffer(buf: u32);
    glReadBuffer(buf: u32);
    glReadPixels(x: c_int, y: c_int, w: c_int, h: c_int, format: u32, kind: u32, data: *mut c_void);
    glDrawPixels(w: c_int, h: c_int, format: u32, kind: u32, data: *const c_void);
}

static GL: OnceLock<Gl> = OnceLock::new();

#[cold]
fn missing(name: &str) -> ! {
    panic!("OpenGL function {name} is not available in the current context")
}

/// The entry-point table; loads it on first use (a panic, turned into an mju_error at the C
/// boundary, when no OpenGL platform library is loaded).
pub fn gl() -> &'static Gl {
    if let Some(g) = GL.get() {
        return g;
    }
    match unsafe { load() } {
        Ok(g) => GL.get_or_init(|| g),
        Err(msg) => panic!("{msg}"),
    }
}

/// Loads the table if it is not loaded; `Err` with upstream's message when that fails.
pub fn try_load() -> Result<&'static Gl, String> {
    if let Some(g) = GL.get() {
        return Ok(g);
    }
    let g = unsafe { load() }?;
    Ok(GL.get_or_init(|| g))
}

/// True when glBlitFramebuffer was resolved.
pub fn has_blit() -> bool {
    gl().glBlitFramebuffer.is_some()
}

unsafe fn dlsym_get(handle: *mut c_void, name: &CStr) -> Option<GetProc> {
    let p = libc::dlsym(handle, name.as_ptr());
    (!p.is_null()).then(|| core::mem::transmute::<*mut c_void, GetProc>(p))
}

#[derive(Clone, Copy, PartialEq)]
enum Platform {
    None,
    Glx,
    Egl,
    OsMesa,
}

struct Found {
    platform: Platform,
    name: *const c_char,
}

unsafe extern "C" fn iterate(info: *mut libc::dl_phdr_info, _size: usize, data: *mut c_void) -> c_int {
    let name = (*info).dlpi_name;
    if name.is_null() {
        return 0;
    }
    let full = CStr::from_ptr(name).to_bytes();
    let base = match full.iter().rposition(|&c| c == b'/') {
        Some(i) => &full[i + 1..],
        None => full,
    };
    let platform = if base.starts_with(b"libGLX.so") || base.starts_with(b"libGL.so") {
        Platform::Glx
    } else if base.starts_with(b"libEGL.so") {
        Platform::Egl
    } else if base.starts_with(b"libOSMesa.so") {
        Platform::OsMesa
    } else {
        Platform::None
    };
    let found = &mut *(data as *mut Found);
    found.platform = platform;
    found.name = if platform == Platform::None { core::ptr::null() } else { name };
    (platform != Platform::None) as c_int
}

/// Finds the platform's GetProcAddress (see the module comment).
unsafe fn find_getproc() -> Result<GetProc, String> {
    let handle = libc::dlopen(core::ptr::null(), libc::RTLD_NOW | libc::RTLD_GLOBAL);
    if !handle.is_null() {
        for name in [c"eglGetProcAddress", c"OSMesaGetProcAddress", c"glXGetProcAddressARB"] {
            if let Some(f) = dlsym_get(handle, name) {
                return Ok(f);
            }
        }
    }
    let mut found = Found { platform: Platform::None, name: core::ptr::null() };
    libc::dl_iterate_phdr(Some(iterate), &mut found as *mut Found as *mut c_void);
    if found.platform == Platform::None {
        return Err("an OpenGL platform library has not been loaded into this process, this most likely \
                    means that a valid OpenGL context has not been created before mjr_makeContext was called"
            .into());
    }
    let lib = libc::dlopen(found.name, libc::RTLD_NOW | libc::RTLD_LOCAL);
    if lib.is_null() {
        return Err(format!("failed to dlopen {}", CStr::from_ptr(found.name).to_string_lossy()));
    }
    let sym = match found.platform {
        Platform::Glx => c"glXGetProcAddressARB",
        Platform::Egl => c"eglGetProcAddress",
        _ => c"OSMesaGetProcAddress",
    };
    dlsym_get(lib, sym).ok_or_else(|| "gladLoadGL error".to_string())
}

/// Parses "major.minor" after an optional "OpenGL ES" prefix.
fn parse_version(s: &[u8]) -> (i32, i32) {
    let mut s = s;
    for p in [&b"OpenGL ES-CM "[..], b"OpenGL ES-CL ", b"OpenGL ES "] {
        if s.starts_with(p) {
            s = &s[p.len()..];
            break;
        }
    }
    let mut it = s.split(|&c| c == b'.' || c == b' ');
    let num = |b: Option<&[u8]>| b.and_then(|b| std::str::from_utf8(b).ok()).and_then(|t| t.parse().ok()).unwrap_or(0);
    let major = num(it.next());
    let minor = num(it.next());
    (major, minor)
}

unsafe fn load() -> Result<Gl, String> {
    let get = find_getproc()?;
    let mut g = Gl::resolve(get);
    let Some(get_string) = g.glGetString else {
        return Err("gladLoadGL error".into());
    };
    let v = get_string(GL_VERSION);
    if v.is_null() {
        return Err("gladLoadGL error".into());
    }
    let (major, minor) = parse_version(CStr::from_ptr(v as *const c_char).to_bytes());

    // extension names
    let mut exts: Vec<Vec<u8>> = Vec::new();
    if major < 3 {
        let e = get_string(GL_EXTENSIONS);
        if !e.is_null() {
            exts = CStr::from_ptr(e as *const c_char).to_bytes().split(|&c| c == b' ').map(|s| s.to_vec()).collect();
        }
    } else if let (Some(geti), Some(getiv)) = (g.glGetStringi, g.glGetIntegerv) {
        let mut n: c_int = 0;
        getiv(GL_NUM_EXTENSIONS, &mut n);
        for i in 0..n.max(0) as c_uint {
            let e = geti(GL_EXTENSIONS, i);
            if !e.is_null() {
                exts.push(CStr::from_ptr(e as *const c_char).to_bytes().to_vec());
            }
        }
    }
    let has = |name: &str| exts.iter().any(|e| e.as_slice() == name.as_bytes());
    g.ext = Ext {
        version_1_5: major > 1 || (major == 1 && minor >= 5),
        framebuffer_object: has("GL_ARB_framebuffer_object"),
        vertex_buffer_object: has("GL_ARB_vertex_buffer_object"),
        depth_buffer_float: has("GL_ARB_depth_buffer_float"),
        seamless_cube_map: has("GL_ARB_seamless_cube_map"),
        clip_control: has("GL_ARB_clip_control"),
        khr_debug: has("GL_KHR_debug"),
    };
    Ok(g)
}
