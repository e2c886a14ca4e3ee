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

/// Declares the entry-point table and one wrapper per entry point, in five groups:
/// - `values`: every argument is a plain value; the wrapper is a safe `fn` (GL cannot be made to
///   touch client memory through value arguments; misuse is reported through glGetError).
/// - `arrays`: value arguments and, last, a pointer through which GL reads at most `N` elements
///   whatever the other arguments are; the safe wrapper takes `&[T; N]`.
/// - `gen` / `delete`: `(n, ids)` name generation and deletion; the safe wrapper takes the ids
///   as a slice and passes its length as `n`.
/// - `pointers`: the rest (GL reads or writes through a pointer an amount that depends on the
///   other arguments or on GL state); the wrapper stays an `unsafe fn`.
macro_rules! gl_api {
    (
        values { $($vname:ident ( $($varg:ident : $vty:ty),* ) $(-> $vret:ty)? ;)* }
        arrays { $($aname:ident ( $($aarg:ident : $aty:ty ,)* [ $ap:ident : $aet:ty ; $an:literal ] ) ;)* }
        gen { $($gname:ident ;)* }
        delete { $($dname:ident ;)* }
        pointers { $($pname:ident ( $($parg:ident : $pty:ty),* ) $(-> $pret:ty)? ;)* }
    ) => {
        /// The resolved entry points (NULL where the context does not provide one).
        pub struct Gl {
            $(pub $vname: Option<unsafe extern "system" fn($($vty),*) $(-> $vret)?>,)*
            $(pub $aname: Option<unsafe extern "system" fn($($aty,)* *const $aet)>,)*
            $(pub $gname: Option<unsafe extern "system" fn(c_int, *mut c_uint)>,)*
            $(pub $dname: Option<unsafe extern "system" fn(c_int, *const c_uint)>,)*
            $(pub $pname: Option<unsafe extern "system" fn($($pty),*) $(-> $pret)?>,)*
            pub ext: Ext,
        }

        impl Gl {
            /// Resolves every entry point through `get`.
            ///
            /// # Safety
            /// `get` is the platform's GetProcAddress (it returns NULL or the named OpenGL
            /// entry point).
            unsafe fn resolve(get: GetProc) -> Gl {
                let get = |name: &'static str| -> *const c_void {
                    // SAFETY: `get` is the platform's lookup function (this function's
                    // contract); `name` is a NUL-terminated literal made by concat! below
                    unsafe { get(name.as_ptr() as *const c_char) }
                };
                // SAFETY: each address is NULL (None) or the entry point of that name, whose C
                // prototype (OpenGL registry) is the signature declared for it in this table;
                // a function pointer and Option of one have the size of *const c_void
                unsafe {
                    Gl {
                        $($vname: core::mem::transmute::<*const c_void, Option<unsafe extern "system" fn($($vty),*) $(-> $vret)?>>(
                            get(concat!(stringify!($vname), "\0"))),)*
                        $($aname: core::mem::transmute::<*const c_void, Option<unsafe extern "system" fn($($aty,)* *const $aet)>>(
                            get(concat!(stringify!($aname), "\0"))),)*
                        $($gname: core::mem::transmute::<*const c_void, Option<unsafe extern "system" fn(c_int, *mut c_uint)>>(
                            get(concat!(stringify!($gname), "\0"))),)*
                        $($dname: core::mem::transmute::<*const c_void, Option<unsafe extern "system" fn(c_int, *const c_uint)>>(
                            get(concat!(stringify!($dname), "\0"))),)*
                        $($pname: core::mem::transmute::<*const c_void, Option<unsafe extern "system" fn($($pty),*) $(-> $pret)?>>(
                            get(concat!(stringify!($pname), "\0"))),)*
                        ext: Ext::default(),
                    }
                }
            }
        }

        $(
            #[doc = concat!("`", stringify!($vname), "` (value arguments only).")]
            #[inline]
            pub fn $vname($($varg: $vty),*) $(-> $vret)? {
                let Some(f) = gl().$vname else { missing(stringify!($vname)) };
                // SAFETY: f was resolved by the platform's loader for this name and signature;
                // the arguments are plain values, through which GL cannot be made to touch
                // client memory (misuse is reported through glGetError)
                unsafe { f($($varg),*) }
            }
        )*

        $(
            #[doc = concat!("`", stringify!($aname), "`: GL reads at most ", stringify!($an), " elements through the last argument.")]
            #[inline]
            pub fn $aname($($aarg: $aty,)* $ap: &[$aet; $an]) {
                let Some(f) = gl().$aname else { missing(stringify!($aname)) };
                // SAFETY: f was resolved for this name and signature; for any value of the other
                // arguments GL reads at most N elements through the pointer, and the reference
                // covers exactly N initialised elements that outlive the call
                unsafe { f($($aarg,)* $ap.as_ptr()) }
            }
        )*

        $(
            #[doc = concat!("`", stringify!($gname), "`: generates `ids.len()` names into `ids`.")]
            #[inline]
            pub fn $gname(ids: &mut [c_uint]) {
                let Some(f) = gl().$gname else { missing(stringify!($gname)) };
                // SAFETY: f was resolved for this name and signature; GL writes n names, and
                // n is at most the slice's length
                unsafe { f(ids.len().min(c_int::MAX as usize) as c_int, ids.as_mut_ptr()) }
            }
        )*

        $(
            #[doc = concat!("`", stringify!($dname), "`: deletes the names in `ids` (0 is ignored).")]
            #[inline]
            pub fn $dname(ids: &[c_uint]) {
                let Some(f) = gl().$dname else { missing(stringify!($dname)) };
                // SAFETY: f was resolved for this name and signature; GL reads n names, and n
                // is at most the slice's length
                unsafe { f(ids.len().min(c_int::MAX as usize) as c_int, ids.as_ptr()) }
            }
        )*

        $(
            #[doc = concat!("`", stringify!($pname), "`.")]
            ///
            /// # Safety
            /// Every pointer argument is valid for what OpenGL reads or writes through it for
            /// the given arguments and the current GL state (pixel-store parameters, bound
            /// buffer objects: with a buffer bound the pointer is an offset into it), as the
            /// OpenGL reference specifies for this entry point.
            #[inline]
            pub unsafe fn $pname($($parg: $pty),*) $(-> $pret)? {
                let Some(f) = gl().$pname else { missing(stringify!($pname)) };
                // SAFETY: f was resolved for this name and signature; the caller guarantees
                // the pointer arguments (see # Safety)
                unsafe { f($($parg),*) }
            }
        )*
    };
}

gl_api! {
    values {
        glGetString(name: u32) -> *const u8;
        glGetStringi(name: u32, index: c_uint) -> *const u8;
        glGetError() -> u32;
        glIsEnabled(cap: u32) -> u8;
        glEnable(cap: u32);
        glDisable(cap: u32);
        glFinish();
        glHint(target: u32, mode: u32);
        glPixelStorei(pname: u32, param: c_int);

        glGenLists(range: c_int) -> c_uint;
        glDeleteLists(list: c_uint, range: c_int);
        glNewList(list: c_uint, mode: u32);
        glEndList();
        glCallList(list: c_uint);
        glListBase(base: c_uint);

        glBegin(mode: u32);
        glEnd();
        glVertex2i(x: c_int, y: c_int);
        glVertex2f(x: f32, y: f32);
        glVertex2d(x: f64, y: f64);
        glVertex3f(x: f32, y: f32, z: f32);
        glVertex3d(x: f64, y: f64, z: f64);
        glNormal3f(x: f32, y: f32, z: f32);
        glNormal3d(x: f64, y: f64, z: f64);
        glColor3f(r: f32, g: f32, b: f32);
        glColor4f(r: f32, g: f32, b: f32, a: f32);
        glColor4d(r: f64, g: f64, b: f64, a: f64);
        glRasterPos2i(x: c_int, y: c_int);
        glRasterPos3i(x: c_int, y: c_int, z: c_int);
        glRasterPos3f(x: f32, y: f32, z: f32);
        glWindowPos2i(x: c_int, y: c_int);
        glRectd(x1: f64, y1: f64, x2: f64, y2: f64);

        glMatrixMode(mode: u32);
        glLoadIdentity();
        glPushMatrix();
        glPopMatrix();
        glTranslatef(x: f32, y: f32, z: f32);
        glScalef(x: f32, y: f32, z: f32);
        glRotatef(angle: f32, x: f32, y: f32, z: f32);
        glOrtho(l: f64, r: f64, b: f64, t: f64, n: f64, f: f64);
        glFrustum(l: f64, r: f64, b: f64, t: f64, n: f64, f: f64);
        glViewport(x: c_int, y: c_int, w: c_int, h: c_int);
        glScissor(x: c_int, y: c_int, w: c_int, h: c_int);
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
        glLightModeli(pname: u32, param: c_int);
        glMaterialf(face: u32, pname: u32, param: f32);
        glColorMaterial(face: u32, mode: u32);
        glFogi(pname: u32, param: c_int);
        glFogf(pname: u32, param: f32);

        glBindTexture(target: u32, texture: c_uint);
        glActiveTexture(texture: u32);
        glTexParameteri(target: u32, pname: u32, param: c_int);
        glTexGeni(coord: u32, pname: u32, param: c_int);
        glTexEnvi(target: u32, pname: u32, param: c_int);
        glGenerateMipmap(target: u32);

        glEnableClientState(array: u32);
        glDisableClientState(array: u32);
        glBindBuffer(target: u32, buffer: c_uint);

        glBindFramebuffer(target: u32, fb: c_uint);
        glCheckFramebufferStatus(target: u32) -> u32;
        glFramebufferTexture2D(target: u32, attachment: u32, textarget: u32, texture: c_uint, level: c_int);
        glFramebufferRenderbuffer(target: u32, attachment: u32, rbtarget: u32, rb: c_uint);
        glBindRenderbuffer(target: u32, rb: c_uint);
        glRenderbufferStorage(target: u32, format: u32, w: c_int, h: c_int);
        glRenderbufferStorageMultisample(target: u32, samples: c_int, format: u32, w: c_int, h: c_int);
        glBlitFramebuffer(sx0: c_int, sy0: c_int, sx1: c_int, sy1: c_int, dx0: c_int, dy0: c_int, dx1: c_int, dy1: c_int, mask: u32, filter: u32);
        glDrawBuffer(buf: u32);
        glReadBuffer(buf: u32);
    }
    arrays {
        glVertex3fv([v: f32; 3]);
        glNormal3fv([v: f32; 3]);
        glTexCoord2fv([v: f32; 2]);
        glColor3fv([v: f32; 3]);
        glColor4fv([v: f32; 4]);
        glColor4ubv([v: u8; 4]);
        glLoadMatrixf([m: f32; 16]);
        glMultMatrixf([m: f32; 16]);
        glClipPlane(plane: u32, [eq: f64; 4]);
        glLightModelfv(pname: u32, [params: f32; 4]);
        glMaterialfv(face: u32, pname: u32, [params: f32; 4]);
        glFogfv(pname: u32, [params: f32; 4]);
        glTexGenfv(coord: u32, pname: u32, [params: f32; 4]);
    }
    gen {
        glGenTextures;
        glGenBuffers;
        glGenFramebuffers;
        glGenRenderbuffers;
    }
    delete {
        glDeleteTextures;
        glDeleteBuffers;
        glDeleteFramebuffers;
        glDeleteRenderbuffers;
    }
    pointers {
        glGetIntegerv(pname: u32, data: *mut c_int);
        glGetBooleanv(pname: u32, data: *mut u8);
        glGetFloatv(pname: u32, data: *mut f32);
        glDebugMessageCallback(callback: *const c_void, user: *const c_void);
        glCallLists(n: c_int, kind: u32, lists: *const c_void);
        glBitmap(w: c_int, h: c_int, xorig: f32, yorig: f32, xmove: f32, ymove: f32, bitmap: *const u8);
        glLightfv(light: u32, pname: u32, params: *const f32);
        glTexImage2D(target: u32, level: c_int, internal: c_int, w: c_int, h: c_int, border: c_int, format: u32, kind: u32, data: *const c_void);
        glVertexPointer(size: c_int, kind: u32, stride: c_int, ptr: *const c_void);
        glNormalPointer(kind: u32, stride: c_int, ptr: *const c_void);
        glTexCoordPointer(size: c_int, kind: u32, stride: c_int, ptr: *const c_void);
        glDrawArrays(mode: u32, first: c_int, count: c_int);
        glDrawElements(mode: u32, count: c_int, kind: u32, indices: *const c_void);
        glBufferData(target: u32, size: isize, data: *const c_void, usage: u32);
        glGetRenderbufferParameteriv(target: u32, pname: u32, params: *mut c_int);
        glReadPixels(x: c_int, y: c_int, w: c_int, h: c_int, format: u32, kind: u32, data: *mut c_void);
        glDrawPixels(w: c_int, h: c_int, format: u32, kind: u32, data: *const c_void);
    }
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
    match load() {
        Ok(g) => GL.get_or_init(|| g),
        Err(msg) => panic!("{msg}"),
    }
}

/// Loads the table if it is not loaded; `Err` with upstream's message when that fails.
pub fn try_load() -> Result<&'static Gl, String> {
    if let Some(g) = GL.get() {
        return Ok(g);
    }
    let g = load()?;
    Ok(GL.get_or_init(|| g))
}

/// True when glBlitFramebuffer was resolved.
pub fn has_blit() -> bool {
    gl().glBlitFramebuffer.is_some()
}

/// `glCallLists` over the bytes of `txt` (GL_UNSIGNED_BYTE list offsets, as text is drawn with
/// the font lists).
pub fn call_lists_bytes(txt: &[u8]) {
    // SAFETY: with GL_UNSIGNED_BYTE, GL reads n bytes from the pointer; n is at most txt's length
    unsafe { glCallLists(txt.len().min(c_int::MAX as usize) as c_int, GL_UNSIGNED_BYTE, txt.as_ptr() as *const c_void) }
}

/// Element types GL may read as raw bytes: no padding, every bit pattern initialised.
pub trait Plain: Copy {}
impl Plain for f32 {}
impl Plain for i32 {}
impl Plain for u32 {}
impl Plain for u8 {}

/// `glBufferData` with the contents of `data` (its whole byte size).
pub fn buffer_data<T: Plain>(target: u32, data: &[T], usage: u32) {
    let size = core::mem::size_of_val(data) as isize;
    // SAFETY: GL reads `size` bytes from the pointer, exactly the bytes of `data` (padding-free
    // plain numbers, see Plain)
    unsafe { glBufferData(target, size, data.as_ptr() as *const c_void, usage) }
}

/// `dlsym` of a lookup function (of type [`GetProc`]).
///
/// # Safety
/// `handle` is a handle returned by `dlopen` (or RTLD_DEFAULT); the symbol, when present, is a
/// GetProcAddress-style function.
unsafe fn dlsym_get(handle: *mut c_void, name: &CStr) -> Option<GetProc> {
    // SAFETY: a dlopen handle (this function's contract) and a NUL-terminated name
    let p = unsafe { libc::dlsym(handle, name.as_ptr()) };
    // SAFETY: the symbol is a function with GetProc's prototype (this function's contract); a
    // non-null data pointer and a function pointer have the same size on the supported platforms
    (!p.is_null()).then(|| unsafe { core::mem::transmute::<*mut c_void, GetProc>(p) })
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

/// `dl_iterate_phdr` callback: stops at the first loaded GLX, EGL or OSMesa library and records
/// its path in the [`Found`] that `data` points to.
unsafe extern "C" fn iterate(info: *mut libc::dl_phdr_info, _size: usize, data: *mut c_void) -> c_int {
    // SAFETY: dl_iterate_phdr passes a valid dl_phdr_info for each loaded object
    let name = unsafe { (*info).dlpi_name };
    if name.is_null() {
        return 0;
    }
    // SAFETY: dlpi_name is a NUL-terminated path owned by the dynamic loader, alive during the
    // callback
    let full = unsafe { CStr::from_ptr(name) }.to_bytes();
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
    // SAFETY: data is the &mut Found that find_getproc passed to dl_iterate_phdr, exclusively
    // borrowed for the duration of that call
    let found = unsafe { &mut *(data as *mut Found) };
    found.platform = platform;
    found.name = if platform == Platform::None { core::ptr::null() } else { name };
    (platform != Platform::None) as c_int
}

/// Finds the platform's GetProcAddress (see the module comment).
fn find_getproc() -> Result<GetProc, String> {
    // SAFETY: dlopen(NULL) returns the handle of the main program (its global symbols)
    let handle = unsafe { libc::dlopen(core::ptr::null(), libc::RTLD_NOW | libc::RTLD_GLOBAL) };
    if !handle.is_null() {
        for name in [c"eglGetProcAddress", c"OSMesaGetProcAddress", c"glXGetProcAddressARB"] {
            // SAFETY: a handle from dlopen; each name is a GetProcAddress function of its
            // platform, with GetProc's prototype
            if let Some(f) = unsafe { dlsym_get(handle, name) } {
                return Ok(f);
            }
        }
    }
    let mut found = Found { platform: Platform::None, name: core::ptr::null() };
    // SAFETY: iterate has the callback prototype and treats data as the &mut Found passed here,
    // which outlives the call
    unsafe { libc::dl_iterate_phdr(Some(iterate), &mut found as *mut Found as *mut c_void) };
    if found.platform == Platform::None {
        return Err("an OpenGL platform library has not been loaded into this process, this most likely \
                    means that a valid OpenGL context has not been created before mjr_makeContext was called"
            .into());
    }
    // SAFETY: found.name is the loaded library's NUL-terminated path, recorded by iterate (the
    // library stays loaded, so its path stays valid)
    let lib = unsafe { libc::dlopen(found.name, libc::RTLD_NOW | libc::RTLD_LOCAL) };
    if lib.is_null() {
        // SAFETY: as above, a NUL-terminated path
        return Err(format!("failed to dlopen {}", unsafe { CStr::from_ptr(found.name) }.to_string_lossy()));
    }
    let sym = match found.platform {
        Platform::Glx => c"glXGetProcAddressARB",
        Platform::Egl => c"eglGetProcAddress",
        _ => c"OSMesaGetProcAddress",
    };
    // SAFETY: a handle from dlopen; the platform's GetProcAddress has GetProc's prototype
    unsafe { dlsym_get(lib, sym) }.ok_or_else(|| "gladLoadGL error".to_string())
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

/// Bytes of a string returned by glGetString / glGetStringi (None for NULL).
///
/// # Safety
/// `s` is NULL or a NUL-terminated string that stays valid for `'a` (GL's strings are static
/// for the context).
unsafe fn gl_str<'a>(s: *const u8) -> Option<&'a [u8]> {
    // SAFETY: NUL-terminated and alive for 'a (this function's contract)
    (!s.is_null()).then(|| unsafe { CStr::from_ptr(s as *const c_char) }.to_bytes())
}

fn load() -> Result<Gl, String> {
    let get = find_getproc()?;
    // SAFETY: get is the platform's GetProcAddress, found by find_getproc
    let mut g = unsafe { Gl::resolve(get) };
    let (Some(get_string), get_stringi, get_integerv) = (g.glGetString, g.glGetStringi, g.glGetIntegerv) else {
        return Err("gladLoadGL error".into());
    };
    // SAFETY: glGetString(GL_VERSION) takes a value and returns NULL or a static NUL-terminated
    // string of the current context
    let Some(v) = (unsafe { gl_str(get_string(GL_VERSION)) }) else {
        return Err("gladLoadGL error".into());
    };
    let (major, minor) = parse_version(v);

    // extension names
    let mut exts: Vec<Vec<u8>> = Vec::new();
    if major < 3 {
        // SAFETY: as above, a static string or NULL
        if let Some(e) = unsafe { gl_str(get_string(GL_EXTENSIONS)) } {
            exts = e.split(|&c| c == b' ').map(|s| s.to_vec()).collect();
        }
    } else if let (Some(geti), Some(getiv)) = (get_stringi, get_integerv) {
        let mut n: c_int = 0;
        // SAFETY: GL_NUM_EXTENSIONS is a single integer, written into n
        unsafe { getiv(GL_NUM_EXTENSIONS, &mut n) };
        for i in 0..n.max(0) as c_uint {
            // SAFETY: glGetStringi with an index below GL_NUM_EXTENSIONS returns a static string
            // (NULL on error)
            if let Some(e) = unsafe { gl_str(geti(GL_EXTENSIONS, i)) } {
                exts.push(e.to_vec());
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
