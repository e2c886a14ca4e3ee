//! [`Renderer`]: offscreen pictures of a simulation through EGL (cargo feature `render`).
//!
//! EGL is opened at run time (`crate::render::egl`), so the crate needs no EGL or GL libraries
//! to build; where EGL is missing, [`Renderer::new`] says so.

use core::ptr;

use super::data::Data;
use super::error::{catching, Error, Result};
use super::model::Model;
use crate::abi::{mjrContext, mjrRect, mjtFramebuffer_, mjvCamera, mjvOption, mjvScene};
use crate::render::egl::Egl;

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
        let egl = Egl::start().map_err(Error::new)?;
        // SAFETY: all-zero is the state upstream's mjv_defaultScene / mjr_defaultContext expect
        // to start from (plain numbers and null pointers)
        let (mut scene, mut context): (Box<mjvScene>, Box<mjrContext>) =
            unsafe { (Box::new(core::mem::zeroed()), Box::new(core::mem::zeroed())) };
        // SAFETY: as above, plain structs of numbers
        let (mut option, mut camera): (mjvOption, mjvCamera) = unsafe { (core::mem::zeroed(), core::mem::zeroed()) };
        crate::vis::scene::default_scene(&mut scene);
        crate::vis::scene::default_option(&mut option);
        crate::vis::scene::default_free_camera(m, &mut camera);
        crate::render::context::default_context(&mut context);
        catching(|| {
            crate::vis::scene::make_scene(Some(m), &mut scene, 2000);
            crate::render::context::make_context(Some(m), &mut context, 150, offw as i32, offh as i32)
                .map_err(|e| Error::new(format!("mjr_makeContext: {e}")))?;
            crate::render::buffer::set_buffer(mjtFramebuffer_::mjFB_OFFSCREEN as i32, &mut context)
                .map_err(|e| Error::new(format!("mjr_setBuffer: {e}")))
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
        // same sizes (the signature hashes them): the scene and context fit the data
        if data.model().raw().signature != self.model.raw().signature {
            return Err(Error::new("the data belongs to another model than the renderer's"));
        }
        self.egl.make_current();
        let (w, h) = (self.width, self.height);
        let mut rgb = vec![0u8; w * h * 3];
        let viewport = mjrRect { left: 0, bottom: 0, width: w as i32, height: h as i32 };
        let (m, option, camera, scene, context) =
            (self.model.raw(), &self.option, &mut self.camera, &mut self.scene, &self.context);
        let d = data.raw_mut();
        catching(|| {
            // SAFETY: the model and data belong together; the scene and context were made for
            // this model in this EGL context, which is current; `rgb` holds w*h*3 bytes
            unsafe {
                crate::vis::update::update_scene(m, d, option, None, Some(camera), 0xffff, scene);
                crate::render::scene::render(viewport, scene, context)
                    .map_err(|e| Error::new(format!("mjr_render: {e}")))?;
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
        crate::render::context::free_context(&mut self.context);
        crate::vis::scene::free_scene(&mut self.scene);
    }
}
