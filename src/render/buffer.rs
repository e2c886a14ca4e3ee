//! Framebuffer selection and pixel transfer: window or offscreen binding, reading and drawing
//! pixels, blits between the window, the offscreen buffer and the auxiliary buffers.

use core::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};

use super::gl::*;
use super::glconst::*;
use crate::abi::mjtDepthMap_::*;
use crate::abi::mjtFramebuffer_::*;
use crate::abi::*;

fn window_buffer(con: &mjrContext) -> u32 {
    if con.windowDoublebuffer != 0 {
        GL_BACK
    } else {
        GL_FRONT
    }
}

fn bind_window(con: &mjrContext) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glReadBuffer(window_buffer(con));
    glDrawBuffer(window_buffer(con));
}

fn bind_offscreen(con: &mjrContext) {
    glBindFramebuffer(GL_FRAMEBUFFER, con.offFBO);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glDrawBuffer(GL_COLOR_ATTACHMENT0);
}

/// Binds the window or the offscreen buffer; when only one exists it is bound whatever is asked.
pub fn set_buffer(framebuffer: i32, con: &mut mjrContext) -> Result<(), String> {
    let win = con.windowAvailable != 0;
    let off = con.offFBO != 0;
    match (win, off) {
        (false, false) => return Err("No OpenGL framebuffer available".into()),
        (true, false) => {
            bind_window(con);
            con.currentBuffer = mjFB_WINDOW as i32;
        }
        (false, true) => {
            bind_offscreen(con);
            con.currentBuffer = mjFB_OFFSCREEN as i32;
        }
        (true, true) => {
            if framebuffer == mjFB_WINDOW as i32 {
                bind_window(con);
            } else {
                bind_offscreen(con);
            }
            con.currentBuffer = framebuffer;
        }
    }
    Ok(())
}

/// Binds `con.currentBuffer` again.
pub fn restore_buffer(con: &mjrContext) {
    if con.currentBuffer == mjFB_WINDOW as i32 {
        bind_window(con);
    } else {
        bind_offscreen(con);
    }
}

static WARNED_CLIP: AtomicBool = AtomicBool::new(false);
static WARNED_DEPTH: AtomicBool = AtomicBool::new(false);

/// The depth buffer is reversed (1 at the near plane): flip it back for mjDEPTH_ZERONEAR.
///
/// # Safety
/// `depth` points to `n` writable floats.
unsafe fn flip_depth(depth: *mut f32, n: usize, con: &mjrContext) {
    if con.readDepthMap == mjDEPTH_ZERONEAR as i32 {
        // SAFETY: n writable floats (this function's contract), not otherwise borrowed
        let d = unsafe { core::slice::from_raw_parts_mut(depth, n) };
        for v in d {
            *v = (1.0 - *v as f64) as f32;
        }
    } else if !gl().ext.clip_control {
        if !WARNED_CLIP.swap(true, Ordering::Relaxed) {
            crate::mjwarning!(
                "ARB_clip_control unavailable while mjDEPTH_ZEROFAR requested, depth accuracy will be limited"
            );
        }
    } else if !gl().ext.depth_buffer_float && !WARNED_DEPTH.swap(true, Ordering::Relaxed) {
        crate::mjwarning!(
            "ARB_depth_buffer_float unavailable while mjDEPTH_ZEROFAR requested, depth accuracy will be limited"
        );
    }
}

/// Reads colour and/or depth of `vp` from the current buffer (through the resolve buffer when
/// the offscreen buffer is multisampled).
///
/// # Safety
/// `rgb` is NULL or has room for the viewport's pixels in `con.readPixelFormat` (3 bytes each
/// for GL_RGB); `depth` is NULL or has room for one float per pixel of the viewport (the C
/// contract of mjr_readPixels). The pack state is the context's (alignment 1, no pack buffer).
pub unsafe fn read_pixels(rgb: *mut u8, depth: *mut f32, vp: mjrRect, con: &mjrContext) {
    let mask =
        if rgb.is_null() { 0 } else { GL_COLOR_BUFFER_BIT } | if depth.is_null() { 0 } else { GL_DEPTH_BUFFER_BIT };
    if mask == 0 {
        return;
    }
    let npix = (vp.width.max(0) as usize) * (vp.height.max(0) as usize);
    if con.currentBuffer == mjFB_WINDOW as i32 {
        if !rgb.is_null() {
            // SAFETY: rgb has room for the viewport's RGB pixels (this function's contract)
            unsafe {
                glReadPixels(vp.left, vp.bottom, vp.width, vp.height, GL_RGB, GL_UNSIGNED_BYTE, rgb as *mut c_void)
            };
        }
        if !depth.is_null() {
            // SAFETY: depth has room for npix floats (this function's contract)
            unsafe {
                glReadPixels(
                    vp.left,
                    vp.bottom,
                    vp.width,
                    vp.height,
                    GL_DEPTH_COMPONENT,
                    GL_FLOAT,
                    depth as *mut c_void,
                );
                flip_depth(depth, npix, con);
            }
        }
        return;
    }
    if con.offSamples != 0 {
        if !has_blit() {
            return;
        }
        glBindFramebuffer(GL_READ_FRAMEBUFFER, con.offFBO);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, con.offFBO_r);
        glDrawBuffer(GL_COLOR_ATTACHMENT0);
        let (x1, y1) = (vp.left + vp.width, vp.bottom + vp.height);
        glBlitFramebuffer(vp.left, vp.bottom, x1, y1, vp.left, vp.bottom, x1, y1, mask, GL_NEAREST);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, con.offFBO_r);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
    } else {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, con.offFBO);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
    }
    if !rgb.is_null() {
        // SAFETY: rgb has room for the viewport's pixels in con.readPixelFormat (this function's
        // contract)
        unsafe {
            glReadPixels(
                vp.left,
                vp.bottom,
                vp.width,
                vp.height,
                con.readPixelFormat as u32,
                GL_UNSIGNED_BYTE,
                rgb as *mut c_void,
            )
        };
    }
    if !depth.is_null() {
        // SAFETY: depth has room for npix floats (this function's contract)
        unsafe {
            glReadPixels(vp.left, vp.bottom, vp.width, vp.height, GL_DEPTH_COMPONENT, GL_FLOAT, depth as *mut c_void);
            flip_depth(depth, npix, con);
        }
    }
    restore_buffer(con);
}

/// Draws client pixels (colour and/or depth) at the viewport's corner of the current buffer.
///
/// # Safety
/// `rgb` is NULL or holds the viewport's pixels as 3 bytes each; `depth` is NULL or holds one
/// float per pixel of the viewport (the C contract of mjr_drawPixels). The unpack state is the
/// context's (alignment 1, no unpack buffer).
pub unsafe fn draw_pixels(rgb: *const u8, depth: *const f32, vp: mjrRect) {
    glWindowPos2i(vp.left, vp.bottom);
    if !rgb.is_null() {
        // SAFETY: rgb holds width*height RGB pixels (this function's contract)
        unsafe { glDrawPixels(vp.width, vp.height, GL_RGB, GL_UNSIGNED_BYTE, rgb as *const c_void) };
    }
    if !depth.is_null() {
        // SAFETY: depth holds width*height floats (this function's contract)
        unsafe { glDrawPixels(vp.width, vp.height, GL_DEPTH_COMPONENT, GL_FLOAT, depth as *const c_void) };
    }
}

fn blit(s: &mjrRect, d: &mjrRect, mask: u32, filter: u32) {
    glBlitFramebuffer(
        s.left,
        s.bottom,
        s.left + s.width,
        s.bottom + s.height,
        d.left,
        d.bottom,
        d.left + d.width,
        d.bottom + d.height,
        mask,
        filter,
    );
}

/// Blits between the window and the offscreen buffer, from the current one to the other.
pub fn blit_buffer(src: mjrRect, dst: mjrRect, flg_color: bool, flg_depth: bool, con: &mjrContext) {
    let mask = if flg_color { GL_COLOR_BUFFER_BIT } else { 0 } | if flg_depth { GL_DEPTH_BUFFER_BIT } else { 0 };
    let filter =
        if !flg_depth && (src.width != dst.width || src.height != dst.height) { GL_LINEAR } else { GL_NEAREST };
    if con.windowAvailable == 0 || con.offFBO == 0 || mask == 0 || !has_blit() {
        return;
    }
    if con.currentBuffer == mjFB_WINDOW as i32 {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
        glReadBuffer(window_buffer(con));
        if con.offSamples != 0 {
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, con.offFBO_r);
            glDrawBuffer(GL_COLOR_ATTACHMENT0);
            blit(&src, &dst, mask, filter);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, con.offFBO_r);
            glReadBuffer(GL_COLOR_ATTACHMENT0);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, con.offFBO);
            glDrawBuffer(GL_COLOR_ATTACHMENT0);
            blit(&dst, &dst, mask, filter);
        } else {
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, con.offFBO);
            glDrawBuffer(GL_COLOR_ATTACHMENT0);
            blit(&src, &dst, mask, filter);
        }
    } else {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, con.offFBO);
        glReadBuffer(GL_COLOR_ATTACHMENT0);
        if con.offSamples != 0 {
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, con.offFBO_r);
            glDrawBuffer(GL_COLOR_ATTACHMENT0);
            blit(&src, &src, mask, filter);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, con.offFBO_r);
            glReadBuffer(GL_COLOR_ATTACHMENT0);
        }
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
        glDrawBuffer(window_buffer(con));
        blit(&src, &dst, mask, filter);
    }
    restore_buffer(con);
}

/// Binds auxiliary buffer `index` for drawing and reading.
pub fn set_aux(index: i32, con: &mjrContext) -> Result<(), String> {
    if index < 0 || index as usize >= mjNAUX {
        return Err("Invalid aux buffer index".into());
    }
    let fbo = con.auxFBO[index as usize];
    if fbo == 0 {
        return Err(format!("auxFBO {index} does not exist"));
    }
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glDrawBuffer(GL_COLOR_ATTACHMENT0);
    Ok(())
}

/// Resolves auxiliary buffer `index` and blits `src` of it to (left, bottom) of the current
/// buffer.
pub fn blit_aux(index: i32, src: mjrRect, left: i32, bottom: i32, con: &mjrContext) -> Result<(), String> {
    if index < 0 || index as usize >= mjNAUX {
        return Err("Invalid aux buffer index".into());
    }
    let i = index as usize;
    if con.auxFBO[i] == 0 || !has_blit() {
        return Ok(());
    }
    glBindFramebuffer(GL_READ_FRAMEBUFFER, con.auxFBO[i]);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, con.auxFBO_r[i]);
    glDrawBuffer(GL_COLOR_ATTACHMENT0);
    blit(&src, &src, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, con.auxFBO_r[i]);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    if con.currentBuffer == mjFB_WINDOW as i32 {
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
        glDrawBuffer(window_buffer(con));
    } else {
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, con.offFBO);
        glDrawBuffer(GL_COLOR_ATTACHMENT0);
    }
    let dst = mjrRect { left, bottom, width: src.width, height: src.height };
    blit(&src, &dst, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    restore_buffer(con);
    Ok(())
}

/// The whole current buffer: the offscreen size, or the window's scissor box.
pub fn max_viewport(con: &mjrContext) -> mjrRect {
    let mut r = mjrRect { left: 0, bottom: 0, width: con.offWidth, height: con.offHeight };
    if con.currentBuffer == mjFB_WINDOW as i32 {
        let mut dims = [0i32; 4];
        // SAFETY: GL_SCISSOR_BOX is four integers, written into dims
        unsafe { glGetIntegerv(GL_SCISSOR_BOX, dims.as_mut_ptr()) };
        r.width = dims[2];
        r.height = dims[3];
    }
    r
}
