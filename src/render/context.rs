//! The rendering context (`mjrContext`): creation from a model (offscreen and shadow
//! framebuffers, textures, display lists, skin buffers, fonts), resizing, auxiliary buffers and
//! release. Every failure is returned as upstream's error message; the caller raises it.

use core::ffi::c_void;
use core::slice::{from_mut, from_ref};

use super::font;
use super::gl::*;
use super::glconst::*;
use super::shapes;
use crate::abi::mjtTexture_::*;
use crate::abi::*;

type R = Result<(), String>;

/// Zeroes the context.
pub fn default_context(con: &mut mjrContext) {
    // SAFETY: mjrContext is plain data; all-zero is its default
    unsafe { core::ptr::write_bytes(con as *mut mjrContext, 0, 1) }
}

/// Depth-texture framebuffer for shadow maps (24-bit depth, compare mode, eye-linear texgen).
fn make_shadow(con: &mut mjrContext) -> R {
    if con.shadowSize == 0 {
        return Ok(());
    }
    glGenFramebuffers(from_mut(&mut con.shadowFBO));
    if con.shadowFBO == 0 {
        return Err("Could not allocate shadow framebuffer".into());
    }
    glBindFramebuffer(GL_FRAMEBUFFER, con.shadowFBO);
    glGenTextures(from_mut(&mut con.shadowTex));
    glActiveTexture(GL_TEXTURE1);
    glEnable(GL_TEXTURE_2D);
    glBindTexture(GL_TEXTURE_2D, con.shadowTex);
    // SAFETY: a NULL data pointer with no pixel-unpack buffer bound (the renderer binds none):
    // GL only allocates the texture and reads no client memory
    unsafe {
        glTexImage2D(
            GL_TEXTURE_2D,
            0,
            GL_DEPTH24_STENCIL8 as i32,
            con.shadowSize,
            con.shadowSize,
            0,
            GL_DEPTH_STENCIL,
            GL_UNSIGNED_INT_24_8,
            core::ptr::null(),
        )
    };
    for (p, v) in [
        (GL_TEXTURE_MIN_FILTER, GL_NEAREST),
        (GL_TEXTURE_MAG_FILTER, GL_NEAREST),
        (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE),
        (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE),
        (GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE),
        (GL_TEXTURE_COMPARE_FUNC, GL_GEQUAL),
        (GL_DEPTH_TEXTURE_MODE, GL_INTENSITY),
    ] {
        glTexParameteri(GL_TEXTURE_2D, p, v as i32);
    }
    for c in [GL_S, GL_T, GL_R, GL_Q] {
        glTexGeni(c, GL_TEXTURE_GEN_MODE, GL_EYE_LINEAR as i32);
    }
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, con.shadowTex, 0);
    glDrawBuffer(GL_NONE);
    glReadBuffer(GL_NONE);
    let err = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if err != GL_FRAMEBUFFER_COMPLETE {
        return Err(format!("Shadow framebuffer is not complete, error 0x{err:x}"));
    }
    glDisable(GL_TEXTURE_2D);
    Ok(())
}

/// Storage for a (possibly multisampled) renderbuffer.
fn storage(samples: i32, format: u32, w: i32, h: i32) {
    if samples != 0 {
        glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, w, h);
    } else {
        glRenderbufferStorage(GL_RENDERBUFFER, format, w, h);
    }
}

fn depth_format() -> u32 {
    if gl().ext.depth_buffer_float {
        GL_DEPTH32F_STENCIL8
    } else {
        GL_DEPTH24_STENCIL8
    }
}

/// Offscreen framebuffer (color + depth/stencil renderbuffers) and, when multisampled, its
/// resolve framebuffer.
pub fn make_off(con: &mut mjrContext) -> R {
    if con.offWidth == 0 || con.offHeight == 0 {
        return Ok(());
    }
    glGenFramebuffers(from_mut(&mut con.offFBO));
    if con.offFBO == 0 {
        return Err("Could not allocate offscreen framebuffer".into());
    }
    glBindFramebuffer(GL_FRAMEBUFFER, con.offFBO);
    let mut smax = 0;
    // SAFETY: GL_MAX_SAMPLES is a single integer, written into smax
    unsafe { glGetIntegerv(GL_MAX_SAMPLES, &mut smax) };
    if con.offSamples > smax {
        con.offSamples = smax;
    }
    glGenRenderbuffers(from_mut(&mut con.offColor));
    if con.offColor == 0 {
        return Err("Could not allocate offscreen color buffer".into());
    }
    glBindRenderbuffer(GL_RENDERBUFFER, con.offColor);
    storage(con.offSamples, GL_RGBA8, con.offWidth, con.offHeight);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, con.offColor);

    glGenRenderbuffers(from_mut(&mut con.offDepthStencil));
    if con.offDepthStencil == 0 {
        return Err("Could not allocate offscreen depth and stencil buffer".into());
    }
    glBindRenderbuffer(GL_RENDERBUFFER, con.offDepthStencil);
    let dfmt = depth_format();
    storage(con.offSamples, dfmt, con.offWidth, con.offHeight);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, con.offDepthStencil);
    let err = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if err != GL_FRAMEBUFFER_COMPLETE {
        return Err(format!("Offscreen framebuffer is not complete, error 0x{err:x}"));
    }
    // SAFETY: GL_RENDERBUFFER_SAMPLES is a single integer, written into con.offSamples
    unsafe { glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &mut con.offSamples) };

    if con.offSamples != 0 {
        glGenFramebuffers(from_mut(&mut con.offFBO_r));
        if con.offFBO_r == 0 {
            return Err("Could not allocate offscreen framebuffer_r".into());
        }
        glBindFramebuffer(GL_FRAMEBUFFER, con.offFBO_r);
        glGenRenderbuffers(from_mut(&mut con.offColor_r));
        if con.offColor_r == 0 {
            return Err("Could not allocate offscreen color buffer_r".into());
        }
        glBindRenderbuffer(GL_RENDERBUFFER, con.offColor_r);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, con.offWidth, con.offHeight);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, con.offColor_r);
        glGenRenderbuffers(from_mut(&mut con.offDepthStencil_r));
        if con.offDepthStencil_r == 0 {
            return Err("Could not allocate offscreen depth and stencil buffer_r".into());
        }
        glBindRenderbuffer(GL_RENDERBUFFER, con.offDepthStencil_r);
        glRenderbufferStorage(GL_RENDERBUFFER, dfmt, con.offWidth, con.offHeight);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, con.offDepthStencil_r);
        let err = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        if err != GL_FRAMEBUFFER_COMPLETE {
            return Err(format!("Offscreen framebuffer_r is not complete, error 0x{err:x}"));
        }
    }
    Ok(())
}

/// Bitmap display lists of the three fonts (normal, shadow, big) for characters 32..126.
pub fn make_font(con: &mut mjrContext, fontscale: i32) -> R {
    let Some((normal, back, big)) = font::fonts(fontscale) else {
        return Err("Invalid fontscale".into());
    };
    con.fontScale = fontscale;
    con.rangeFont = 128;
    con.baseFontNormal = glGenLists(con.rangeFont);
    con.baseFontShadow = glGenLists(con.rangeFont);
    con.baseFontBig = glGenLists(con.rangeFont);
    if con.baseFontNormal == 0 || con.baseFontShadow == 0 || con.baseFontBig == 0 {
        return Err("Could not allocate font lists".into());
    }
    let (mut adr, mut adr_big) = (0usize, 0usize);
    let bad = || Err::<(), String>("Invalid font data index".into());
    for i in 32u8..=126 {
        if normal.get(adr) != Some(&i) || back.get(adr) != Some(&i) || big.get(adr_big) != Some(&i) {
            return bad();
        }
        let c = i as usize;
        con.charWidth[c] = normal[adr + 1] as i32;
        con.charWidthBig[c] = big[adr_big + 1] as i32;
        con.charHeight = normal[adr + 2] as i32;
        con.charHeightBig = big[adr_big + 2] as i32;
        let (w, h, wb, hb) = (con.charWidth[c], con.charHeight, con.charWidthBig[c], con.charHeightBig);
        let bytes = ((w - 1) / 8 + 1) as usize * h as usize;
        let bytes_big = ((wb - 1) / 8 + 1) as usize * hb as usize;
        if normal.len() < adr + 3 + bytes || back.len() < adr + 3 + bytes || big.len() < adr_big + 3 + bytes_big {
            return bad();
        }
        glNewList(con.baseFontNormal + c as u32, GL_COMPILE);
        // SAFETY: GL reads the bitmap's h rows of ceil(w/8) bytes (unpack alignment 1, set by
        // mjr_makeContext before the fonts are made, as upstream relies on); the length checks
        // above ensure the slice holds those ((w-1)/8+1)*h bytes after the 3-byte header
        unsafe { glBitmap(w, h, 0.0, 0.0, w as f32, 0.0, normal[adr + 3..].as_ptr()) };
        glEndList();
        glNewList(con.baseFontShadow + c as u32, GL_COMPILE);
        // SAFETY: as above, for the shadow font (same sizes)
        unsafe { glBitmap(w, h, 0.0, 0.0, w as f32, 0.0, back[adr + 3..].as_ptr()) };
        glEndList();
        glNewList(con.baseFontBig + c as u32, GL_COMPILE);
        // SAFETY: as above, for the big font's width and height
        unsafe { glBitmap(wb, hb, 0.0, 0.0, wb as f32, 0.0, big[adr_big + 3..].as_ptr()) };
        glEndList();
        adr += 3 + bytes;
        adr_big += 3 + bytes_big;
    }
    if normal.get(adr) != Some(&123) || back.get(adr) != Some(&123) || big.get(adr_big) != Some(&123) {
        return Err("Invalid font data termination".into());
    }
    Ok(())
}

/// Texture roles of the materials that have an RGB texture, and the skybox's slot (the last
/// material).
fn make_material(m: &mjModel, con: &mut mjrContext) -> R {
    con.mat_texid.fill(-1);
    con.mat_texuniform.fill(0);
    con.mat_texrepeat.fill(0.0);
    let nrole = mjtTextureRole_::mjNTEXROLE as usize;
    let rgb = mjtTextureRole_::mjTEXROLE_RGB as usize;
    if let Some(i) = m.tex_type().iter().position(|&t| t == mjTEXTURE_SKYBOX as i32) {
        if m.nmat as usize >= mjMAXMATERIAL - 2 {
            return Err(format!("With skybox, maximum number of materials is {}, got {}", mjMAXMATERIAL - 1, m.nmat));
        }
        let base = nrole * (mjMAXMATERIAL - 1);
        con.mat_texid[base..base + nrole].fill(-1);
        con.mat_texid[base + rgb] = i as i32;
    }
    if m.nmat as usize >= mjMAXMATERIAL - 1 {
        return Err(format!("Maximum number of materials is {}, got {}", mjMAXMATERIAL, m.nmat));
    }
    let texid = m.mat_texid();
    for i in 0..m.nmat as usize {
        if texid[i * nrole + rgb] >= 0 {
            con.mat_texid[i * nrole..(i + 1) * nrole].copy_from_slice(&texid[i * nrole..(i + 1) * nrole]);
            con.mat_texuniform[i] = m.mat_texuniform()[i] as i32;
            con.mat_texrepeat[2 * i] = m.mat_texrepeat()[2 * i];
            con.mat_texrepeat[2 * i + 1] = m.mat_texrepeat()[2 * i + 1];
        }
    }
    Ok(())
}

fn make_texture(m: &mjModel, con: &mut mjrContext) -> R {
    if m.ntex as usize > mjMAXTEXTURE {
        return Err(format!("Maximum number of textures is {mjMAXTEXTURE}"));
    }
    con.ntexture = m.ntex;
    if m.ntex == 0 {
        return Ok(());
    }
    glGenTextures(&mut con.texture[..m.ntex as usize]);
    for i in 0..m.ntex as usize {
        con.textureType[i] = m.tex_type()[i];
        upload_texture(m, con, i)?;
    }
    Ok(())
}

/// (Re)uploads texture `id`: 2D textures with mipmaps and object-linear texgen; cube and
/// skybox textures as six faces (one repeated image when square).
pub fn upload_texture(m: &mjModel, con: &mjrContext, id: usize) -> R {
    let w = m.tex_width()[id];
    let h = m.tex_height()[id];
    let adr = m.tex_adr()[id] as usize;
    let planes: [(u32, [f32; 4]); 3] =
        [(GL_S, [1.0, 0.0, 0.0, 0.0]), (GL_T, [0.0, 1.0, 0.0, 0.0]), (GL_R, [0.0, 0.0, 1.0, 0.0])];
    if m.tex_type()[id] == mjTEXTURE_2D as i32 {
        glActiveTexture(GL_TEXTURE0);
        glEnable(GL_TEXTURE_2D);
        glBindTexture(GL_TEXTURE_2D, con.texture[id]);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT as i32);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT as i32);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR as i32);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR as i32);
        glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR as i32);
        glTexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR as i32);
        for (c, p) in &planes[..2] {
            glTexGenfv(*c, GL_OBJECT_PLANE, p);
        }
        let srgb = m.tex_colorspace()[id] == mjtColorSpace_::mjCOLORSPACE_SRGB as i32;
        let (kind, internal) = match m.tex_nchannel()[id] {
            3 => (GL_RGB, if srgb { GL_SRGB8_EXT } else { GL_RGB }),
            4 => (GL_RGBA, if srgb { GL_SRGB8_ALPHA8_EXT } else { GL_RGBA }),
            n => return Err(format!("Number of channels not supported: {n}")),
        };
        let n = w.max(0) as usize * h.max(0) as usize * if kind == GL_RGB { 3 } else { 4 };
        let data = &m.tex_data()[adr..adr + n];
        // SAFETY: GL reads w*h pixels of 3 (GL_RGB) or 4 (GL_RGBA) bytes, tightly packed (unpack
        // alignment 1, set by mjr_makeContext; no unpack buffer bound): the n bytes of `data`
        unsafe {
            glTexImage2D(
                GL_TEXTURE_2D,
                0,
                internal as i32,
                w,
                h,
                0,
                kind,
                GL_UNSIGNED_BYTE,
                data.as_ptr() as *const c_void,
            )
        };
        glGenerateMipmap(GL_TEXTURE_2D);
        glDisable(GL_TEXTURE_2D);
    } else {
        glActiveTexture(GL_TEXTURE0);
        glEnable(GL_TEXTURE_CUBE_MAP);
        glBindTexture(GL_TEXTURE_CUBE_MAP, con.texture[id]);
        for p in [GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R] {
            glTexParameteri(GL_TEXTURE_CUBE_MAP, p, GL_CLAMP_TO_EDGE as i32);
        }
        glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR as i32);
        glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR as i32);
        for c in [GL_S, GL_T, GL_R] {
            glTexGeni(c, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR as i32);
        }
        for (c, p) in &planes {
            glTexGenfv(*c, GL_OBJECT_PLANE, p);
        }
        let face = 3 * w as usize * w as usize;
        for i in 0..6u32 {
            let off = if w == h { 0 } else { i as usize * face };
            let data = &m.tex_data()[adr + off..adr + off + face];
            // SAFETY: GL reads w*w RGB pixels, tightly packed (unpack alignment 1, set by
            // mjr_makeContext; no unpack buffer bound): the 3*w*w bytes of `data`
            unsafe {
                glTexImage2D(
                    GL_TEXTURE_CUBE_MAP_POSITIVE_X + i,
                    0,
                    GL_RGB as i32,
                    w,
                    w,
                    0,
                    GL_RGB,
                    GL_UNSIGNED_BYTE,
                    data.as_ptr() as *const c_void,
                )
            };
        }
        glGenerateMipmap(GL_TEXTURE_CUBE_MAP);
        glDisable(GL_TEXTURE_CUBE_MAP);
    }
    Ok(())
}

/// The context's skin buffer names (vertex, normal, texture coordinate, face), `nskin` of each;
/// empty when there are no skins.
pub fn skin_buffers(con: &mjrContext) -> [&[u32]; 4] {
    let n = con.nskin.max(0) as usize;
    if n == 0 {
        return [&[]; 4];
    }
    let arrays = [con.skinvertVBO, con.skinnormalVBO, con.skintexcoordVBO, con.skinfaceVBO];
    // SAFETY: the mjrContext invariant: while nskin > 0, each of the four pointers is its own
    // allocation of nskin names (make_skin allocates them with nskin, free_context frees them and
    // zeroes nskin); the shared borrow of `con` keeps them alive and unchanged
    arrays.map(|p| unsafe { core::slice::from_raw_parts(p as *const u32, n) })
}

/// [`skin_buffers`], writable.
fn skin_buffers_mut(con: &mut mjrContext) -> [&mut [u32]; 4] {
    let n = con.nskin.max(0) as usize;
    if n == 0 {
        return [&mut [], &mut [], &mut [], &mut []];
    }
    let arrays = [con.skinvertVBO, con.skinnormalVBO, con.skintexcoordVBO, con.skinfaceVBO];
    // SAFETY: as in skin_buffers; the four allocations are distinct, so the slices do not
    // overlap, and the exclusive borrow of `con` makes them the only access
    arrays.map(|p| unsafe { core::slice::from_raw_parts_mut(p, n) })
}

/// Vertex buffers of the skins (positions and normals are uploaded each frame by the renderer;
/// texture coordinates and faces here).
fn make_skin(m: &mjModel, con: &mut mjrContext) {
    let n = m.nskin;
    con.nskin = n;
    if n == 0 {
        return;
    }
    let alloc = || crate::runtime::alloc::malloc(n as usize * 4) as *mut u32;
    con.skinvertVBO = alloc();
    con.skinnormalVBO = alloc();
    con.skintexcoordVBO = alloc();
    con.skinfaceVBO = alloc();
    let [vert, normal, texcoord, face] = skin_buffers_mut(con);
    glGenBuffers(vert);
    glGenBuffers(normal);
    glGenBuffers(texcoord);
    glGenBuffers(face);
    for i in 0..n as usize {
        let vertnum = m.skin_vertnum()[i] as usize;
        if m.skin_texcoordadr()[i] >= 0 {
            glBindBuffer(GL_ARRAY_BUFFER, texcoord[i]);
            let adr = 2 * m.skin_texcoordadr()[i] as usize;
            buffer_data(GL_ARRAY_BUFFER, &m.skin_texcoord()[adr..adr + 2 * vertnum], GL_STATIC_DRAW);
        } else {
            glDeleteBuffers(from_ref(&texcoord[i]));
            texcoord[i] = 0;
        }
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, face[i]);
        let adr = 3 * m.skin_faceadr()[i] as usize;
        buffer_data(
            GL_ELEMENT_ARRAY_BUFFER,
            &m.skin_face()[adr..adr + 3 * m.skin_facenum()[i] as usize],
            GL_STATIC_DRAW,
        );
    }
}

unsafe extern "system" fn debug_callback(
    source: u32,
    kind: u32,
    id: u32,
    severity: u32,
    _len: i32,
    msg: *const core::ffi::c_char,
    _user: *const c_void,
) {
    // SAFETY: a constant format whose conversions match the arguments; msg is the
    // NUL-terminated message GL passes to its debug callback
    unsafe {
        libc::printf(
            c"GL DEBUG: source = 0x%x, type = 0x%x, severity = 0x%x, id = 0x%x\nmessage = %s\n\n".as_ptr(),
            source,
            kind,
            severity,
            id,
            msg,
        )
    };
}

/// `mjr_makeContext` with the offscreen size used when there is no model.
pub fn make_context(m: Option<&mjModel>, con: &mut mjrContext, fontscale: i32, offw: i32, offh: i32) -> R {
    let mut fontscale = 50 * crate::math::misc::round(fontscale as f64 / 50.0);
    fontscale = fontscale.clamp(100, 300);

    if con.glInitialized == 0 {
        let g = try_load()?;
        if !g.ext.version_1_5 {
            return Err("OpenGL version 1.5 or higher required".into());
        }
        if !g.ext.framebuffer_object {
            return Err("OpenGL ARB_framebuffer_object required".into());
        }
        if !g.ext.vertex_buffer_object {
            return Err("OpenGL ARB_vertex_buffer_object required".into());
        }
        con.glInitialized = 1;
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        let status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        if status == GL_FRAMEBUFFER_COMPLETE {
            con.windowAvailable = 1;
        } else if status == GL_FRAMEBUFFER_UNDEFINED {
            con.windowAvailable = 0;
        } else {
            return Err(format!("Default framebuffer is not complete, error 0x{status:x}"));
        }
    }

    if std::env::var("MUJOCO_GL_DEBUG").is_ok_and(|v| v == "1") && gl().ext.khr_debug {
        glEnable(GL_DEBUG_OUTPUT);
        // SAFETY: debug_callback has GLDEBUGPROC's prototype and stays valid for the process's
        // life; it ignores the user pointer (NULL)
        unsafe { glDebugMessageCallback(debug_callback as *const c_void, core::ptr::null()) };
    }

    if con.windowAvailable != 0 {
        let mut b = 0u8;
        // SAFETY: GL_STEREO is a single boolean, written into b
        unsafe { glGetBooleanv(GL_STEREO, &mut b) };
        con.windowStereo = b as i32;
        // SAFETY: GL_DOUBLEBUFFER is a single boolean, written into b
        unsafe { glGetBooleanv(GL_DOUBLEBUFFER, &mut b) };
        con.windowDoublebuffer = b as i32;
        let mut n = 0;
        // SAFETY: GL_SAMPLE_BUFFERS is a single integer, written into n
        unsafe { glGetIntegerv(GL_SAMPLE_BUFFERS, &mut n) };
        if n != 0 {
            // SAFETY: GL_SAMPLES is a single integer, written into n
            unsafe { glGetIntegerv(GL_SAMPLES, &mut n) };
            con.windowSamples = n;
        } else {
            con.windowSamples = 0;
        }
    }

    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    free_context(con);

    let Some(m) = m else {
        con.offWidth = offw;
        con.offHeight = offh;
        con.offSamples = 0;
        make_off(con)?;
        make_font(con, fontscale)?;
        return super::buffer::set_buffer(mjtFramebuffer_::mjFB_WINDOW as i32, con);
    };

    con.shadowClip = (m.stat.extent * m.vis.map.shadowclip as f64) as f32;
    con.shadowScale = m.vis.map.shadowscale;
    con.offWidth = m.vis.global.offwidth;
    con.offHeight = m.vis.global.offheight;
    con.offSamples = m.vis.quality.offsamples;
    con.fogStart = (m.stat.extent * m.vis.map.fogstart as f64) as f32;
    con.fogEnd = (m.stat.extent * m.vis.map.fogend as f64) as f32;
    con.fogRGBA = m.vis.rgba.fog;
    con.lineWidth = m.vis.global.linewidth;
    con.shadowSize = m.vis.quality.shadowsize;

    glFogi(GL_FOG_MODE, GL_LINEAR as i32);
    glFogf(GL_FOG_START, con.fogStart);
    glFogf(GL_FOG_END, con.fogEnd);
    glFogfv(GL_FOG_COLOR, &con.fogRGBA);
    glFogi(GL_FOG_COORD_SRC, GL_FRAGMENT_DEPTH as i32);
    glHint(GL_FOG_HINT, GL_NICEST);

    make_off(con)?;
    make_shadow(con)?;
    make_material(m, con)?;
    make_texture(m, con)?;
    shapes::make_planes(m, con)?;
    shapes::list_allocate(&mut con.baseMesh, &mut con.rangeMesh, 2 * m.nmesh)?;
    for i in 0..m.nmesh as usize {
        shapes::upload_mesh(m, con, i);
    }
    shapes::list_allocate(&mut con.baseHField, &mut con.rangeHField, m.nhfield)?;
    for i in 0..m.nhfield as usize {
        shapes::upload_hfield(m, con, i);
    }
    shapes::make_builtin(m, con)?;
    make_skin(m, con);
    make_font(con, fontscale)?;

    if gl().ext.seamless_cube_map {
        glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
    }
    super::buffer::set_buffer(mjtFramebuffer_::mjFB_WINDOW as i32, con)?;
    loop {
        let err = glGetError();
        if err == 0 {
            break;
        }
        crate::mjwarning!("OpenGL error 0x{:x} in or before mjr_makeContext", err);
    }
    con.readPixelFormat = GL_RGB as i32;
    con.readDepthMap = mjtDepthMap_::mjDEPTH_ZERONEAR as i32;
    Ok(())
}

/// Replaces the context's fonts.
pub fn change_font(fontscale: i32, con: &mut mjrContext) -> R {
    if con.rangeFont != 0 {
        glDeleteLists(con.baseFontNormal, con.rangeFont);
        glDeleteLists(con.baseFontShadow, con.rangeFont);
        glDeleteLists(con.baseFontBig, con.rangeFont);
    }
    con.baseFontNormal = 0;
    con.baseFontShadow = 0;
    con.baseFontBig = 0;
    con.rangeFont = 0;
    make_font(con, fontscale)
}

fn delete_aux(con: &mut mjrContext, i: usize) {
    if con.auxColor[i] != 0 {
        glDeleteRenderbuffers(from_ref(&con.auxColor[i]));
    }
    if con.auxColor_r[i] != 0 {
        glDeleteRenderbuffers(from_ref(&con.auxColor_r[i]));
    }
    if con.auxFBO[i] != 0 {
        glDeleteFramebuffers(from_ref(&con.auxFBO[i]));
    }
    if con.auxFBO_r[i] != 0 {
        glDeleteFramebuffers(from_ref(&con.auxFBO_r[i]));
    }
}

/// Replaces auxiliary buffer `index` by a multisampled one of the given size (none when the
/// size is not positive).
pub fn add_aux(index: i32, width: i32, height: i32, samples: i32, con: &mut mjrContext) -> R {
    if index < 0 || index as usize >= mjNAUX {
        return Err("Invalid aux buffer index".into());
    }
    let i = index as usize;
    delete_aux(con, i);
    con.auxColor[i] = 0;
    con.auxColor_r[i] = 0;
    con.auxFBO[i] = 0;
    con.auxFBO_r[i] = 0;
    if width < 1 || height < 1 {
        return Ok(());
    }
    let mut max = 0;
    // SAFETY: GL_MAX_RENDERBUFFER_SIZE is a single integer, written into max
    unsafe { glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &mut max) };
    if width > max {
        return Err(format!(
            "Auxiliary buffer width exceeds maximum allowed by OpenGL implementation: {width} > {max}"
        ));
    }
    if height > max {
        return Err(format!(
            "Auxiliary buffer height exceeds maximum allowed by OpenGL implementation: {height} > {max}"
        ));
    }
    let mut maxs = 0;
    // SAFETY: GL_MAX_SAMPLES is a single integer, written into maxs
    unsafe { glGetIntegerv(GL_MAX_SAMPLES, &mut maxs) };
    con.auxWidth[i] = width;
    con.auxHeight[i] = height;
    con.auxSamples[i] = samples.min(maxs);

    glGenFramebuffers(from_mut(&mut con.auxFBO[i]));
    if con.auxFBO[i] == 0 {
        return Err("Could not allocate auxiliary framebuffer".into());
    }
    glBindFramebuffer(GL_FRAMEBUFFER, con.auxFBO[i]);
    glGenRenderbuffers(from_mut(&mut con.auxColor[i]));
    if con.auxColor[i] == 0 {
        return Err("Could not allocate auxiliary color buffer".into());
    }
    glBindRenderbuffer(GL_RENDERBUFFER, con.auxColor[i]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, con.auxSamples[i], GL_RGBA8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, con.auxColor[i]);
    let err = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if err != GL_FRAMEBUFFER_COMPLETE {
        return Err(format!("Auxiliary framebuffer is not complete, error 0x{err:x}"));
    }
    glGenFramebuffers(from_mut(&mut con.auxFBO_r[i]));
    if con.auxFBO_r[i] == 0 {
        return Err("Could not allocate auxiliary resolve framebuffer".into());
    }
    glBindFramebuffer(GL_FRAMEBUFFER, con.auxFBO_r[i]);
    glGenRenderbuffers(from_mut(&mut con.auxColor_r[i]));
    if con.auxColor_r[i] == 0 {
        return Err("Could not allocate auxiliary color resolve buffer".into());
    }
    glBindRenderbuffer(GL_RENDERBUFFER, con.auxColor_r[i]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, con.auxColor_r[i]);
    let err = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if err != GL_FRAMEBUFFER_COMPLETE {
        return Err(format!("Auxiliary framebuffer resolve is not complete, error 0x{err:x}"));
    }
    super::buffer::restore_buffer(con);
    Ok(())
}

/// Releases every OpenGL object of the context and clears it, keeping the window flags.
pub fn free_context(con: &mut mjrContext) {
    let keep = (con.glInitialized, con.windowAvailable, con.windowSamples, con.windowStereo, con.windowDoublebuffer);
    if con.ntexture != 0 {
        glDeleteTextures(&con.texture[..(con.ntexture.max(0) as usize).min(mjMAXTEXTURE)]);
    }
    for rb in [con.offColor, con.offColor_r, con.offDepthStencil, con.offDepthStencil_r] {
        if rb != 0 {
            glDeleteRenderbuffers(from_ref(&rb));
        }
    }
    for fb in [con.offFBO, con.offFBO_r] {
        if fb != 0 {
            glDeleteFramebuffers(from_ref(&fb));
        }
    }
    if con.shadowTex != 0 {
        glDeleteTextures(from_ref(&con.shadowTex));
    }
    if con.shadowFBO != 0 {
        glDeleteFramebuffers(from_ref(&con.shadowFBO));
    }
    for i in 0..mjNAUX {
        delete_aux(con, i);
    }
    for (base, range) in [
        (con.basePlane, con.rangePlane),
        (con.baseMesh, con.rangeMesh),
        (con.baseHField, con.rangeHField),
        (con.baseBuiltin, con.rangeBuiltin),
    ] {
        if range != 0 {
            glDeleteLists(base, range);
        }
    }
    if con.rangeFont != 0 {
        glDeleteLists(con.baseFontNormal, con.rangeFont);
        glDeleteLists(con.baseFontShadow, con.rangeFont);
        glDeleteLists(con.baseFontBig, con.rangeFont);
    }
    if con.nskin != 0 {
        for names in skin_buffers(con) {
            glDeleteBuffers(names);
        }
        for p in [con.skinvertVBO, con.skinnormalVBO, con.skintexcoordVBO, con.skinfaceVBO] {
            // SAFETY: allocated by make_skin with runtime::alloc::malloc and freed only here (the
            // context is cleared right after)
            unsafe { crate::runtime::alloc::free(p as *mut c_void) };
        }
    }
    default_context(con);
    (con.glInitialized, con.windowAvailable, con.windowSamples, con.windowStereo, con.windowDoublebuffer) = keep;
}

/// Resizes the offscreen buffers (creating them when there were none).
pub fn resize_offscreen(width: i32, height: i32, con: &mut mjrContext) -> R {
    if con.offWidth == width && con.offHeight == height {
        return Ok(());
    }
    con.offWidth = width;
    con.offHeight = height;
    if width == 0 || height == 0 {
        return Ok(());
    }
    if con.offFBO == 0 {
        return make_off(con);
    }
    glBindRenderbuffer(GL_RENDERBUFFER, con.offColor);
    storage(con.offSamples, GL_RGBA8, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, con.offDepthStencil);
    storage(con.offSamples, GL_DEPTH32F_STENCIL8, width, height);
    if con.offSamples != 0 {
        glBindRenderbuffer(GL_RENDERBUFFER, con.offColor_r);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
        glBindRenderbuffer(GL_RENDERBUFFER, con.offDepthStencil_r);
        glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH32F_STENCIL8, width, height);
    }
    Ok(())
}
