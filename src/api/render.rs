//! [`Renderer`]: offscreen pictures of a simulation through EGL (cargo feature `render`).
//!
//! EGL is opened at run time (`libEGL.so.1`, Mesa's software driver works headless), so the
//! crate needs no EGL or GL libraries to build; where EGL is missing, [`Renderer::new`] says so.

use core::ffi::{c_char, c_void};
use core::ptr;

use super::data::Data;
use super::error::{catching, Error, Result};
use super::model::Model;
use crate::abi::{mjrContext, mjrRect, mjtFramebuffer_, mjvCamera, mjvOption, mjvScene};

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

/// The EGL entry points used, from `libEGL.so.1`.
struct Egl {
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
    fn start() -> Result<Egl> {
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
            return Err(Error::new("no libEGL.so.1 (Debian: apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri)"));
        }
        let missing = || Error::new("libEGL.so.1 lacks EGL 1.4 entry points");
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
                    return Err(Error::new(format!("eglInitialize failed (EGL error 0x{:x}); no GL driver?", get_error())));
                }
            }
            let attribs = [
                EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_DEPTH_SIZE, 24,
                EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE,
            ];
            let (mut config, mut n) = (ptr::null_mut(), 0);
            if choose(display, attribs.as_ptr(), &mut config, 1, &mut n) == 0 || n < 1 {
                return Err(Error::new("eglChooseConfig found no OpenGL configuration"));
            }
            if bind(EGL_OPENGL_API) == 0 {
                return Err(Error::new("eglBindAPI(EGL_OPENGL_API) failed"));
            }
            let context = create(display, config, ptr::null_mut(), [EGL_NONE].as_ptr());
            if context.is_null() {
                return Err(Error::new(format!("eglCreateContext failed (EGL error 0x{:x})", get_error())));
            }
            if make_current(display, ptr::null_mut(), ptr::null_mut(), context) == 0 {
                destroy(display, context);
                return Err(Error::new(format!("eglMakeCurrent failed (EGL error 0x{:x})", get_error())));
            }
            Ok(Egl { lib, display, context, make_current, destroy_context: destroy })
        }
    }

    fn make_current(&self) {
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

/// Draws pictures of a model's simulation offscreen: upstream's abstract scene (`mjv_`) and
/// OpenGL renderer (`mjr_`) in a headless EGL context owned by this value (use it on the thread
/// that made it).
///
/// ```no_run
/// use mujoco_native::{Data, Model, Renderer};
/// let model = Model::from_xml("robot.xml")?;
/// let mut data = Data::new(&model)?;
/// data.forward()?;
/// let mut renderer = Renderer::new(&model, 640, 480)?;
/// let rgb = renderer.render(&mut data)?; // 640 * 480 * 3 bytes, top row first
/// # Ok::<(), mujoco_native::Error>(())
/// ```
pub struct Renderer {
    model: Model,
    width: usize,
    height: usize,
    scene: Box<mjvScene>,
    context: Box<mjrContext>,
    option: mjvOption,
    camera: mjvCamera,
    egl: Egl,
}

impl Renderer {
    /// A renderer of `width` x `height` pixels for `model` (at most the model's offscreen size,
    /// `<visual><global offwidth offheight>`, 640 x 480 by default).
    pub fn new(model: &Model, width: usize, height: usize) -> Result<Renderer> {
        let m = model.raw();
        let (offw, offh) = (m.vis.global.offwidth as usize, m.vis.global.offheight as usize);
        if width > offw || height > offh {
            return Err(Error::new(format!(
                "{width}x{height} is larger than the model's offscreen buffer {offw}x{offh} (<visual><global offwidth offheight>)"
            )));
        }
        let egl = Egl::start()?;
        // SAFETY: all-zero is the state upstream's mjv_defaultScene / mjr_defaultContext expect
        // to start from (plain numbers and null pointers)
        let (mut scene, mut context): (Box<mjvScene>, Box<mjrContext>) = unsafe { (Box::new(core::mem::zeroed()), Box::new(core::mem::zeroed())) };
        // SAFETY: as above, plain structs of numbers
        let (mut option, mut camera): (mjvOption, mjvCamera) = unsafe { (core::mem::zeroed(), core::mem::zeroed()) };
        crate::vis::scene::default_scene(&mut scene);
        crate::vis::scene::default_option(&mut option);
        crate::vis::scene::default_free_camera(m, &mut camera);
        crate::render::context::default_context(&mut context);
        catching(|| {
            // SAFETY: a current GL context (made above), default-initialised scene and context
            unsafe {
                crate::vis::scene::make_scene(Some(m), &mut scene, 2000);
                crate::render::context::make_context(Some(m), &mut context, 150, offw as i32, offh as i32)
                    .map_err(|e| Error::new(format!("mjr_makeContext: {e}")))?;
                crate::render::buffer::set_buffer(mjtFramebuffer_::mjFB_OFFSCREEN as i32, &mut context)
                    .map_err(|e| Error::new(format!("mjr_setBuffer: {e}")))
            }
        })??;
        Ok(Renderer { model: model.clone(), width, height, scene, context, option, camera, egl })
    }

    /// The free camera the picture is taken with (`lookat`, `distance`, `azimuth`, `elevation`).
    pub fn camera_mut(&mut self) -> &mut mjvCamera {
        &mut self.camera
    }

    /// What the picture shows (upstream's `mjvOption`: frames, contact points, groups, ...).
    pub fn option_mut(&mut self) -> &mut mjvOption {
        &mut self.option
    }

    /// Draws the current state of `data` and returns its RGB pixels, top row first.
    pub fn render(&mut self, data: &mut Data) -> Result<Vec<u8>> {
        if !core::ptr::eq(data.model().raw(), self.model.raw()) && data.model().to_mjb() != self.model.to_mjb() {
            return Err(Error::new("the data belongs to another model than the renderer's"));
        }
        self.egl.make_current();
        let (w, h) = (self.width, self.height);
        let mut rgb = vec![0u8; w * h * 3];
        let viewport = mjrRect { left: 0, bottom: 0, width: w as i32, height: h as i32 };
        let (m, option, camera, scene, context) = (self.model.raw(), &self.option, &mut self.camera, &mut self.scene, &self.context);
        let d = data.raw_mut();
        catching(|| {
            // SAFETY: the model and data belong together; the scene and context were made for
            // this model in this EGL context, which is current; `rgb` holds w*h*3 bytes
            unsafe {
                crate::vis::update::update_scene(m, d, option, None, Some(camera), 0xffff, scene);
                crate::render::scene::render(viewport, scene, context).map_err(|e| Error::new(format!("mjr_render: {e}")))?;
                crate::render::buffer::read_pixels(rgb.as_mut_ptr(), ptr::null_mut(), viewport, context);
            }
            Ok::<(), Error>(())
        })??;
        // OpenGL's rows start at the bottom
        let row = w * 3;
        let mut flipped = vec![0u8; rgb.len()];
        for (y, out) in flipped.chunks_exact_mut(row).enumerate() {
            out.copy_from_slice(&rgb[(h - 1 - y) * row..(h - y) * row]);
        }
        Ok(flipped)
    }

    /// Width of the pictures in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Height of the pictures in pixels.
    pub fn height(&self) -> usize {
        self.height
    }
}

impl Drop for Renderer {
    fn drop(&mut self) {
        self.egl.make_current();
        // SAFETY: made in `new` in this context, freed once
        unsafe {
            crate::render::context::free_context(&mut self.context);
            crate::vis::scene::free_scene(&mut self.scene);
        }
    }
}
