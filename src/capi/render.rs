//! The OpenGL renderer's entry points (logic in `render`): context lifetime, buffers and pixels,
//! 2D drawing and the scene renderer.

use core::ffi::{c_char, c_int, c_uchar};

use crate::abi::*;
use crate::render::{buffer, context, draw2d, gl, scene, shapes, util};

/// Runs `f`, raising its error (upstream's message, no prefix) or a panic's message as an
/// mju_error; returns `fallback` then.
fn run<T>(func: &str, fallback: T, f: impl FnOnce() -> Result<T, String>) -> T {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(Ok(v)) => v,
        Ok(Err(msg)) => {
            crate::runtime::error::raise(format_args!("{msg}"));
            fallback
        }
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "internal error (Rust panic); please report this as a bug".into());
            crate::mjerror!(func, "{}", msg);
            fallback
        }
    }
}

macro_rules! need {
    ($func:literal, $($p:ident),+) => {
        if $($p.is_null())||+ {
            crate::mjerror!($func, "NULL argument");
            return Default::default();
        }
    };
}

/// Clear the context (no OpenGL resources).
#[no_mangle]
pub unsafe extern "C" fn mjr_defaultContext(con: *mut mjrContext) {
    crate::boundary! {
        if let Some(c) = con.as_mut() {
            context::default_context(c);
        }
    }
}

/// Free the context's resources, then allocate the offscreen buffer, shadow map, textures,
/// display lists, skin buffers and fonts for the model (offscreen 800x600 and fonts only when m is NULL).
#[no_mangle]
pub unsafe extern "C" fn mjr_makeContext(m: *const mjModel, con: *mut mjrContext, fontscale: c_int) {
    crate::boundary! {
        need!("mjr_makeContext", con);
        run("mjr_makeContext", (), || context::make_context(m.as_ref(), &mut *con, fontscale, 800, 600))
    }
}

/// Replace the context's fonts with those of the given mjtFontScale.
#[no_mangle]
pub unsafe extern "C" fn mjr_changeFont(fontscale: c_int, con: *mut mjrContext) {
    crate::boundary! {
        need!("mjr_changeFont", con);
        run("mjr_changeFont", (), || context::change_font(fontscale, &mut *con))
    }
}

/// Replace auxiliary buffer index with a multisampled one of the given size (none when the size is not positive).
#[no_mangle]
pub unsafe extern "C" fn mjr_addAux(index: c_int, width: c_int, height: c_int, samples: c_int, con: *mut mjrContext) {
    crate::boundary! {
        need!("mjr_addAux", con);
        run("mjr_addAux", (), || context::add_aux(index, width, height, samples, &mut *con))
    }
}

/// Free the context's OpenGL resources and clear it, keeping the window flags.
#[no_mangle]
pub unsafe extern "C" fn mjr_freeContext(con: *mut mjrContext) {
    crate::boundary! {
        need!("mjr_freeContext", con);
        run("mjr_freeContext", (), || {
            context::free_context(&mut *con);
            Ok(())
        })
    }
}

/// Resize the offscreen buffers.
#[no_mangle]
pub unsafe extern "C" fn mjr_resizeOffscreen(width: c_int, height: c_int, con: *mut mjrContext) {
    crate::boundary! {
        need!("mjr_resizeOffscreen", con);
        run("mjr_resizeOffscreen", (), || context::resize_offscreen(width, height, &mut *con))
    }
}

/// Upload the model's texture texid to the GPU again.
#[no_mangle]
pub unsafe extern "C" fn mjr_uploadTexture(m: *const mjModel, con: *const mjrContext, texid: c_int) {
    crate::boundary! {
        need!("mjr_uploadTexture", m, con);
        if texid < 0 || texid >= (*m).ntex {
            crate::mjerror!("mjr_uploadTexture", "invalid texture index {}", texid);
            return;
        }
        run("mjr_uploadTexture", (), || context::upload_texture(&*m, &*con, texid as usize))
    }
}

/// Upload the model's mesh meshid (and its convex hull) to the GPU again.
#[no_mangle]
pub unsafe extern "C" fn mjr_uploadMesh(m: *const mjModel, con: *const mjrContext, meshid: c_int) {
    crate::boundary! {
        need!("mjr_uploadMesh", m, con);
        if meshid < 0 || meshid >= (*m).nmesh {
            crate::runtime::error::raise(format_args!("Invalid mesh index {meshid}"));
            return;
        }
        run("mjr_uploadMesh", (), || {
            shapes::upload_mesh(&*m, &*con, meshid as usize);
            Ok(())
        })
    }
}

/// Upload the model's height field hfieldid to the GPU again.
#[no_mangle]
pub unsafe extern "C" fn mjr_uploadHField(m: *const mjModel, con: *const mjrContext, hfieldid: c_int) {
    crate::boundary! {
        need!("mjr_uploadHField", m, con);
        if hfieldid < 0 || hfieldid >= (*m).nhfield {
            crate::runtime::error::raise(format_args!("Invalid height field index {hfieldid}"));
            return;
        }
        run("mjr_uploadHField", (), || {
            shapes::upload_hfield(&*m, &*con, hfieldid as usize);
            Ok(())
        })
    }
}

/// Bind con->currentBuffer again.
#[no_mangle]
pub unsafe extern "C" fn mjr_restoreBuffer(con: *const mjrContext) {
    crate::boundary! {
        need!("mjr_restoreBuffer", con);
        run("mjr_restoreBuffer", (), || {
            buffer::restore_buffer(&*con);
            Ok(())
        })
    }
}

/// Bind the window or the offscreen buffer (mjtFramebuffer) for rendering; when only one
/// exists, bind that one.
#[no_mangle]
pub unsafe extern "C" fn mjr_setBuffer(framebuffer: c_int, con: *mut mjrContext) {
    crate::boundary! {
        need!("mjr_setBuffer", con);
        run("mjr_setBuffer", (), || buffer::set_buffer(framebuffer, &mut *con))
    }
}

/// Read colour (3 bytes per pixel) and/or depth of the viewport of the current buffer into
/// client buffers starting at (0,0); either may be NULL.
#[no_mangle]
pub unsafe extern "C" fn mjr_readPixels(rgb: *mut c_uchar, depth: *mut f32, viewport: mjrRect, con: *const mjrContext) {
    crate::boundary! {
        need!("mjr_readPixels", con);
        run("mjr_readPixels", (), || {
            buffer::read_pixels(rgb, depth, viewport, &*con);
            Ok(())
        })
    }
}

/// Draw colour and/or depth from client buffers into the viewport of the current buffer.
#[no_mangle]
pub unsafe extern "C" fn mjr_drawPixels(
    rgb: *const c_uchar,
    depth: *const f32,
    viewport: mjrRect,
    con: *const mjrContext,
) {
    crate::boundary! {
        need!("mjr_drawPixels", con);
        run("mjr_drawPixels", (), || {
            buffer::draw_pixels(rgb, depth, viewport);
            Ok(())
        })
    }
}

/// Blit src of the current buffer to dst of the other buffer (window or offscreen); colour is
/// interpolated linearly when the sizes differ and depth is not copied.
#[no_mangle]
pub unsafe extern "C" fn mjr_blitBuffer(
    src: mjrRect,
    dst: mjrRect,
    flg_color: c_int,
    flg_depth: c_int,
    con: *const mjrContext,
) {
    crate::boundary! {
        need!("mjr_blitBuffer", con);
        run("mjr_blitBuffer", (), || {
            buffer::blit_buffer(src, dst, flg_color != 0, flg_depth != 0, &*con);
            Ok(())
        })
    }
}

/// Bind auxiliary buffer index for custom drawing (mjr_restoreBuffer when done).
#[no_mangle]
pub unsafe extern "C" fn mjr_setAux(index: c_int, con: *const mjrContext) {
    crate::boundary! {
        need!("mjr_setAux", con);
        run("mjr_setAux", (), || buffer::set_aux(index, &*con))
    }
}

/// Blit src of auxiliary buffer index to (left, bottom) of the current buffer.
#[no_mangle]
pub unsafe extern "C" fn mjr_blitAux(index: c_int, src: mjrRect, left: c_int, bottom: c_int, con: *const mjrContext) {
    crate::boundary! {
        need!("mjr_blitAux", con);
        run("mjr_blitAux", (), || buffer::blit_aux(index, src, left, bottom, &*con))
    }
}

/// Draw text at (x,y) in relative coordinates with an mjtFont.
#[no_mangle]
pub unsafe extern "C" fn mjr_text(
    font: c_int,
    txt: *const c_char,
    con: *const mjrContext,
    x: f32,
    y: f32,
    r: f32,
    g: f32,
    b: f32,
) {
    crate::boundary! {
        need!("mjr_text", txt, con);
        run("mjr_text", (), || {
            draw2d::init_2d();
            draw2d::text_actual(font, draw2d::cbytes(txt), &*con, x, y, 0.0, r, g, b);
            Ok(())
        })
    }
}

/// Draw one or two columns of text over a dark box at an mjtGridPos of the viewport.
#[no_mangle]
pub unsafe extern "C" fn mjr_overlay(
    font: c_int,
    gridpos: c_int,
    viewport: mjrRect,
    overlay: *const c_char,
    overlay2: *const c_char,
    con: *const mjrContext,
) {
    crate::boundary! {
        need!("mjr_overlay", overlay, con);
        run("mjr_overlay", (), || {
            draw2d::overlay(font, gridpos, viewport, draw2d::cbytes(overlay), draw2d::cbytes(overlay2), &*con);
            Ok(())
        })
    }
}

/// Whole viewport of the current buffer.
#[no_mangle]
pub unsafe extern "C" fn mjr_maxViewport(con: *const mjrContext) -> mjrRect {
    crate::boundary! {
        let zero = mjrRect { left: 0, bottom: 0, width: 0, height: 0 };
        if con.is_null() {
            crate::mjerror!("mjr_maxViewport", "NULL argument");
            return zero;
        }
        run("mjr_maxViewport", zero, || Ok(buffer::max_viewport(&*con)))
    }
}

/// Draw a blended rectangle.
#[no_mangle]
pub unsafe extern "C" fn mjr_rectangle(viewport: mjrRect, r: f32, g: f32, b: f32, a: f32) {
    crate::boundary! {
        run("mjr_rectangle", (), || {
            draw2d::rectangle(viewport, r, g, b, a);
            Ok(())
        })
    }
}

/// Draw a blended rectangle with centred text (txt may be NULL).
#[no_mangle]
pub unsafe extern "C" fn mjr_label(
    viewport: mjrRect,
    font: c_int,
    txt: *const c_char,
    r: f32,
    g: f32,
    b: f32,
    a: f32,
    rt: f32,
    gt: f32,
    bt: f32,
    con: *const mjrContext,
) {
    crate::boundary! {
        need!("mjr_label", con);
        run("mjr_label", (), || {
            let t = (!txt.is_null()).then(|| draw2d::cbytes(txt));
            draw2d::label(viewport, font, t, [r, g, b, a], [rt, gt, bt], &*con);
            Ok(())
        })
    }
}

/// Draw a 2D figure.
#[no_mangle]
pub unsafe extern "C" fn mjr_figure(viewport: mjrRect, fig: *mut mjvFigure, con: *const mjrContext) {
    crate::boundary! {
        need!("mjr_figure", fig, con);
        run("mjr_figure", (), || {
            draw2d::figure(viewport, &mut *fig, &*con);
            Ok(())
        })
    }
}

/// Render the 3D scene.
#[no_mangle]
pub unsafe extern "C" fn mjr_render(viewport: mjrRect, scn: *mut mjvScene, con: *const mjrContext) {
    crate::boundary! {
        need!("mjr_render", scn, con);
        run("mjr_render", (), || scene::render(viewport, &mut *scn, &*con))
    }
}

/// Call glFinish.
#[no_mangle]
pub unsafe extern "C" fn mjr_finish() {
    crate::boundary! {
        run("mjr_finish", (), || {
            gl::glFinish();
            Ok(())
        })
    }
}

/// Call glGetError and return the result.
#[no_mangle]
pub unsafe extern "C" fn mjr_getError() -> c_int {
    crate::boundary! {
        run("mjr_getError", 0, || Ok(gl::glGetError() as c_int))
    }
}

/// Find the first rectangle containing the mouse, -1 when none does.
#[no_mangle]
pub unsafe extern "C" fn mjr_findRect(x: c_int, y: c_int, nrect: c_int, rect: *const mjrRect) -> c_int {
    crate::boundary! {
        if nrect <= 0 {
            return -1;
        }
        if rect.is_null() {
            crate::mjerror!("mjr_findRect", "NULL argument");
            return -1;
        }
        util::find_rect(x, y, core::slice::from_raw_parts(rect, nrect as usize))
    }
}
