//! A headless OpenGL context through EGL, for offscreen rendering: `libEGL.so.1` is opened at
//! run time (Mesa's software driver works without a display), so nothing is linked.

use core::ffi::{c_char, c_void};
use core::ptr;

type EglDisplay = *mut c_void;
type EglConfig = *mut c_void;
type EglContext = *mut c_void;
type EglSurface = *mut c_void;

const EGL_ALPHA_SIZE: i32 = 0x3021;
const EGL_BLUE_SIZE: i32 = 0x3022;
const EGL_GREEN_SIZE: i32 = 0x3023;
const EGL_RED_SIZE: i32 = 0x3024;
const EGL_DEPTH_SIZE: i32 = 0x3025;
const EGL_SURFACE_TYPE: i32 = 0x3033;
const EGL_NONE: i32 = 0x3038;
const EGL_RENDERABLE_TYPE: i32 = 0x3040;
const EGL_PBUFFER_BIT: i32 = 0x0001;
const EGL_OPENGL_BIT: i32 = 0x0008;
const EGL_OPENGL_API: u32 = 0x30A2;
const EGL_PLATFORM_SURFACELESS_MESA: u32 = 0x31DD;

/// A headless OpenGL context through EGL: the entry points used, from `libEGL.so.1`, and the
/// display and context made.
pub struct Egl {
    lib: *mut c_void,
    display: EglDisplay,
    context: EglContext,
    make_current: unsafe extern "C" fn(EglDisplay, EglSurface, EglSurface, EglContext) -> u32,
    destroy_context: unsafe extern "C" fn(EglDisplay, EglContext) -> u32,
}

/// Looks `name` up in `lib` as a function of type `F`.
///
/// # Safety
/// `F` must be the function pointer type of the named C function.
unsafe fn sym<F: Copy>(lib: *mut c_void, name: &core::ffi::CStr) -> Option<F> {
    // SAFETY: a handle from dlopen and a NUL-terminated name
    let p = unsafe { libc::dlsym(lib, name.as_ptr()) };
    // SAFETY: F is a function pointer type (this function's contract), the size of a pointer
    (!p.is_null()).then(|| unsafe { core::mem::transmute_copy::<*mut c_void, F>(&p) })
}

impl Egl {
    /// A headless OpenGL context, made current on this thread.
    pub fn start() -> Result<Egl, String> {
        type GetProc = unsafe extern "C" fn(*const c_char) -> *mut c_void;
        type GetDisplay = unsafe extern "C" fn(*mut c_void) -> EglDisplay;
        type GetPlatformDisplay = unsafe extern "C" fn(u32, *mut c_void, *const i32) -> EglDisplay;
        type Initialize = unsafe extern "C" fn(EglDisplay, *mut i32, *mut i32) -> u32;
        type ChooseConfig = unsafe extern "C" fn(EglDisplay, *const i32, *mut EglConfig, i32, *mut i32) -> u32;
        type BindApi = unsafe extern "C" fn(u32) -> u32;
        type CreateContext = unsafe extern "C" fn(EglDisplay, EglConfig, EglContext, *const i32) -> EglContext;
        type MakeCurrent = unsafe extern "C" fn(EglDisplay, EglSurface, EglSurface, EglContext) -> u32;
        type DestroyContext = unsafe extern "C" fn(EglDisplay, EglContext) -> u32;
        type GetError = unsafe extern "C" fn() -> i32;

        // SAFETY: loading a shared library by name; global, so the renderer's GL lookup finds it
        let lib = unsafe { libc::dlopen(c"libEGL.so.1".as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL) };
        if lib.is_null() {
            return Err("no libEGL.so.1 (Debian: apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri)".into());
        }
        let missing = || String::from("libEGL.so.1 lacks EGL 1.4 entry points");
        // SAFETY: each type is the C prototype of the named EGL 1.4 function
        let (get_proc, get_display, initialize, choose, bind, create, make_current, destroy, get_error) = unsafe {
            (
                sym::<GetProc>(lib, c"eglGetProcAddress").ok_or_else(missing)?,
                sym::<GetDisplay>(lib, c"eglGetDisplay").ok_or_else(missing)?,
                sym::<Initialize>(lib, c"eglInitialize").ok_or_else(missing)?,
                sym::<ChooseConfig>(lib, c"eglChooseConfig").ok_or_else(missing)?,
                sym::<BindApi>(lib, c"eglBindAPI").ok_or_else(missing)?,
                sym::<CreateContext>(lib, c"eglCreateContext").ok_or_else(missing)?,
                sym::<MakeCurrent>(lib, c"eglMakeCurrent").ok_or_else(missing)?,
                sym::<DestroyContext>(lib, c"eglDestroyContext").ok_or_else(missing)?,
                sym::<GetError>(lib, c"eglGetError").ok_or_else(missing)?,
            )
        };
        let (mut major, mut minor) = (0, 0);
        // SAFETY: EGL calls with the arguments their specification requires; the platform
        // display extension is used only when the library provides it
        unsafe {
            let mut display = ptr::null_mut();
            let p = get_proc(c"eglGetPlatformDisplayEXT".as_ptr());
            if !p.is_null() {
                let platform: GetPlatformDisplay = core::mem::transmute_copy(&p);
                display = platform(EGL_PLATFORM_SURFACELESS_MESA, ptr::null_mut(), ptr::null());
                if !display.is_null() && initialize(display, &mut major, &mut minor) == 0 {
                    display = ptr::null_mut();
                }
            }
            if display.is_null() {
                display = get_display(ptr::null_mut());
                if display.is_null() || initialize(display, &mut major, &mut minor) == 0 {
                    return Err(format!("eglInitialize failed (EGL error 0x{:x}); no GL driver?", get_error()));
                }
            }
            let attribs = [
                EGL_RED_SIZE,
                8,
                EGL_GREEN_SIZE,
                8,
                EGL_BLUE_SIZE,
                8,
                EGL_ALPHA_SIZE,
                8,
                EGL_DEPTH_SIZE,
                24,
                EGL_SURFACE_TYPE,
                EGL_PBUFFER_BIT,
                EGL_RENDERABLE_TYPE,
                EGL_OPENGL_BIT,
                EGL_NONE,
            ];
            let (mut config, mut n) = (ptr::null_mut(), 0);
            if choose(display, attribs.as_ptr(), &mut config, 1, &mut n) == 0 || n < 1 {
                return Err("eglChooseConfig found no OpenGL configuration".into());
            }
            if bind(EGL_OPENGL_API) == 0 {
                return Err("eglBindAPI(EGL_OPENGL_API) failed".into());
            }
            let context = create(display, config, ptr::null_mut(), [EGL_NONE].as_ptr());
            if context.is_null() {
                return Err(format!("eglCreateContext failed (EGL error 0x{:x})", get_error()));
            }
            if make_current(display, ptr::null_mut(), ptr::null_mut(), context) == 0 {
                destroy(display, context);
                return Err(format!("eglMakeCurrent failed (EGL error 0x{:x})", get_error()));
            }
            Ok(Egl { lib, display, context, make_current, destroy_context: destroy })
        }
    }

    pub fn make_current(&self) {
        // SAFETY: the display and context made in `start`
        unsafe { (self.make_current)(self.display, ptr::null_mut(), ptr::null_mut(), self.context) };
    }
}

impl Drop for Egl {
    fn drop(&mut self) {
        // SAFETY: releasing and destroying the context made in `start`; the library stays loaded
        // (other contexts of the process may use it)
        unsafe {
            (self.make_current)(self.display, ptr::null_mut(), ptr::null_mut(), ptr::null_mut());
            (self.destroy_context)(self.display, self.context);
        }
        let _ = self.lib;
    }
}
