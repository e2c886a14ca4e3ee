//! Texture images from files: PNG (decoded to 8-bit grey, RGB or RGBA the way upstream's
//! decoder converts: 16-bit samples keep their high byte, palettes and low bit depths expand,
//! transparency keys become alpha, alpha is dropped for RGB, grey takes the red sample) and
//! upstream's raw format (two ints, then RGB bytes).

use core::cell::Cell;

use crate::io::files::Res;
use crate::io::vfs::Vfs;

use super::cache;

/// A decoded image: `nchannel` bytes per pixel, rows top to bottom.
#[derive(Clone)]
pub struct Image {
    pub data: Vec<u8>,
    pub width: u32,
    pub height: u32,
    pub srgb: bool,
}

/// Decodes PNG bytes into `nchannel` (1, 3 or 4) channels; the error is the decoder's reason.
pub fn decode_png(bytes: &[u8], nchannel: i32) -> Result<Image, String> {
    if bytes.len() < 33 {
        return Err("PNG file is smaller than a PNG header".into());
    }
    if bytes[..8] != [137, 80, 78, 71, 13, 10, 26, 10] {
        return Err("incorrect PNG signature, it's no PNG or corrupted".into());
    }
    let mut dec = png::Decoder::new(bytes);
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = dec.read_info().map_err(|e| e.to_string())?;
    let srgb = reader.info().srgb.is_some();
    let mut buf = vec![0u8; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    let (w, h) = (frame.width, frame.height);
    let src_ch = match frame.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => return Err("palette was not expanded".into()),
    };
    let npix = w as usize * h as usize;
    let stride = frame.line_size;
    let nch = nchannel as usize;
    let mut out = Vec::with_capacity(npix * nch);
    for r in 0..h as usize {
        let row = &buf[r * stride..r * stride + w as usize * src_ch];
        for px in row.chunks_exact(src_ch) {
            // the pixel as RGBA
            let rgba = match src_ch {
                1 => [px[0], px[0], px[0], 255],
                2 => [px[0], px[0], px[0], px[1]],
                3 => [px[0], px[1], px[2], 255],
                _ => [px[0], px[1], px[2], px[3]],
            };
            match nch {
                1 => out.push(rgba[0]),
                3 => out.extend_from_slice(&rgba[..3]),
                _ => out.extend_from_slice(&rgba),
            }
        }
    }
    Ok(Image { data: out, width: w, height: h, srgb })
}

/// Upstream's raw texture format: width and height as native ints, then width*height RGB bytes.
/// The sizes are taken as unsigned and the byte count wraps at 32 bits, as upstream computes it.
pub fn decode_custom(bytes: &[u8]) -> Result<Image, &'static str> {
    if bytes.len() < 8 {
        return Err("unexpected file size");
    }
    let w = u32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    let h = u32::from_ne_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
    if w < 1 || h < 1 {
        return Err("non-positive texture dimensions");
    }
    let n = w.wrapping_mul(h).wrapping_mul(3) as usize;
    if bytes.len() != 8 + n {
        return Err("unexpected file size");
    }
    Ok(Image { data: bytes[8..].to_vec(), width: w, height: h, srgb: false })
}

/// Mirrors the image left-right and/or top-bottom in place.
pub fn flip(img: &mut Image, nchannel: usize, hflip: bool, vflip: bool) {
    let (w, h) = (img.width as usize, img.height as usize);
    let d = &mut img.data;
    if d.len() < w * h * nchannel {
        return;
    }
    if hflip {
        for r in 0..h {
            for c in 0..w / 2 {
                let (a, b) = (nchannel * (r * w + c), nchannel * (r * w + w - 1 - c));
                for ch in 0..nchannel {
                    d.swap(a + ch, b + ch);
                }
            }
        }
    }
    if vflip {
        for r in 0..h / 2 {
            for c in 0..w {
                let (a, b) = (nchannel * (r * w + c), nchannel * ((h - 1 - r) * w + c));
                for ch in 0..nchannel {
                    d.swap(a + ch, b + ch);
                }
            }
        }
    }
}

//------------------------------------------ texture files -----------------------------------------

thread_local! {
    /// VFS consulted by texture files during a compile (see [`with_vfs`]).
    static VFS: Cell<*const Vfs> = const { Cell::new(core::ptr::null()) };
}

/// Runs `f` (a compile) with `vfs` as the VFS its texture files are looked up in first.
pub fn with_vfs<T>(vfs: Option<&Vfs>, f: impl FnOnce() -> T) -> T {
    struct Restore(*const Vfs);
    impl Drop for Restore {
        fn drop(&mut self) {
            VFS.with(|v| v.set(self.0));
        }
    }
    let _restore = Restore(VFS.with(|v| v.replace(vfs.map_or(core::ptr::null(), |v| v as *const Vfs))));
    f()
}

/// Opens `filename` under `modeldir` through the resources, the VFS of [`with_vfs`] first.
fn open_res(modeldir: &str, filename: &str) -> Result<Res, String> {
    // SAFETY: the pointer is null or the &Vfs given to the `with_vfs` call in progress on this
    // thread (restored when it returns), so it is alive for this call
    let vfs = unsafe { VFS.with(|v| v.get()).as_ref() };
    Res::open(modeldir, filename, vfs)
}

/// Content type of an asset as upstream derives it: the `content_type` attribute when given
/// (`type/subtype[;param=value]`, "" when malformed), else from the file extension.
pub fn asset_content_type(filename: &str, raw: &str) -> String {
    if raw.is_empty() {
        let ext = filename.rfind('.').map_or("", |i| &filename[i..]).to_ascii_lowercase();
        return match ext.as_str() {
            ".stl" => "model/stl",
            ".obj" => "model/obj",
            ".ply" => "model/ply",
            ".msh" => "model/vnd.mujoco.msh",
            ".png" => "image/png",
            _ => "",
        }
        .to_string();
    }
    let Some(n) = raw.find('/').filter(|&n| n + 1 < raw.len()) else { return String::new() };
    let end = match raw.find(';') {
        None => raw.len(),
        Some(m) => {
            let valid = m + 1 > n && raw.find('=').is_some_and(|q| q + 1 > m);
            if !valid {
                return String::new();
            }
            raw[n + 1..].find(';').map_or(raw.len(), |k| n + 1 + k)
        }
    };
    format!("{}/{}", &raw[..n], &raw[n + 1..end])
}

/// Why a texture file could not be loaded: the resource did not open (upstream reports it
/// without naming the texture), or the texture's own error.
pub enum TexError {
    Open(String),
    Texture(String),
}

/// Where the bytes of a texture file come from: an open resource (read on demand, as upstream
/// reads only after its checks) or bytes read earlier.
enum Src<'a> {
    Res(&'a Res),
    Bytes(&'a [u8]),
}

impl Src<'_> {
    fn read(&self) -> Option<&[u8]> {
        match self {
            Src::Res(r) => r.read(),
            Src::Bytes(b) => Some(b),
        }
    }
}

/// Decodes one texture file of content type `ctype` (already checked to be a supported one)
/// with upstream's checks and messages, then flips it as asked.
fn decode(src: &Src, name: &str, ctype: &str, nchannel: i32, hflip: bool, vflip: bool) -> Result<Image, String> {
    let read = |png: bool| -> Result<&[u8], String> {
        match src.read() {
            None if png => Err(format!("could not read PNG file '{name}'")),
            None => Err(format!("could not read texture file '{name}'")),
            Some([]) if png => Err(format!("empty PNG file '{name}'")),
            Some([]) => Err(format!("texture file is empty: '{name}'")),
            Some(b) => Ok(b),
        }
    };
    let mut img = match ctype {
        "image/png" => {
            if !matches!(nchannel, 1 | 3 | 4) {
                return Err(format!("Unsupported number of channels: {nchannel}"));
            }
            decode_png(read(true)?, nchannel).map_err(|m| format!("error decoding PNG file '{name}': {m}"))?
        }
        "image/ktx" => {
            if hflip || vflip {
                return Err("cannot flip KTX textures".to_string());
            }
            let b = read(false)?;
            Image { data: b.to_vec(), width: b.len() as u32, height: 1, srgb: false }
        }
        _ => decode_custom(read(false)?)
            .map_err(|m| format!("Non-PNG texture, assuming custom binary file format,\n{m} in file '{name}'"))?,
    };
    flip(&mut img, nchannel.max(0) as usize, hflip, vflip);
    Ok(img)
}

/// Decodes a height field file: a PNG (grey, rows flipped so the first is the bottom one) or
/// upstream's binary format (row and column counts as ints, then the floats). `name` is the
/// resource name for messages.
fn decode_hfield(bytes: Option<&[u8]>, name: &str, png: bool) -> Result<(i32, i32, Vec<f32>), String> {
    if png {
        let b = match bytes {
            None => return Err(format!("could not read PNG file '{name}'")),
            Some([]) => return Err(format!("empty PNG file '{name}'")),
            Some(b) => b,
        };
        let img = decode_png(b, 1).map_err(|m| format!("error decoding PNG file '{name}': {m}"))?;
        let (nrow, ncol) = (img.height as usize, img.width as usize);
        let mut data = Vec::with_capacity(nrow * ncol);
        for r in 0..nrow {
            data.extend(img.data[(nrow - 1 - r) * ncol..(nrow - r) * ncol].iter().map(|&v| v as f32));
        }
        return Ok((nrow as i32, ncol as i32, data));
    }
    let b = match bytes {
        None | Some([]) => return Err(format!("could not read hfield file '{name}'")),
        Some(b) => b,
    };
    if b.len() < 8 {
        return Err(format!("hfield missing header '{name}'"));
    }
    let nrow = i32::from_ne_bytes([b[0], b[1], b[2], b[3]]);
    let ncol = i32::from_ne_bytes([b[4], b[5], b[6], b[7]]);
    if nrow < 1 || ncol < 1 {
        return Err(format!("non-positive hfield dimensions in file '{name}'"));
    }
    let n = nrow as u64 * ncol as u64;
    if b.len() as u64 != 4 * n + 8 {
        return Err(format!("unexpected file size in file '{name}'"));
    }
    let data = b[8..].chunks_exact(4).map(|c| f32::from_ne_bytes([c[0], c[1], c[2], c[3]])).collect();
    Ok((nrow, ncol, data))
}

/// Loads one height field file (`filename`: mesh folder + file) as [`read_asset`] finds it,
/// and decodes it, unless the asset cache holds its elevations unchanged.
pub fn load_hfield_file(
    modeldir: &str,
    filename: &str,
    preloaded: Option<&Result<std::sync::Arc<Vec<u8>>, String>>,
    png: bool,
) -> Result<(i32, i32, Vec<f32>), TexError> {
    let slot = cache::Slot::get();
    if preloaded.is_some() {
        let (bytes, name) = read_asset(modeldir, filename, preloaded)?;
        return decode_hfield(bytes.as_deref(), &name, png).map_err(TexError::Texture);
    }
    let r = open_res(modeldir, filename).map_err(TexError::Open)?;
    let name = r.name();
    let id = cache::hfield_id(&name, if png { "image/png" } else { "image/vnd.mujoco.hfield" });
    if let Some(h) = slot.lookup_as::<(i32, i32, Vec<f32>)>(&id, &r) {
        return Ok((*h).clone());
    }
    let h = decode_hfield(r.read(), &name, png).map_err(TexError::Texture)?;
    let size = cache::HFIELD_OVERHEAD + 4 * h.2.len();
    slot.insert(&id, &r, std::sync::Arc::new(h.clone()), size);
    Ok(h)
}

/// Where to read an asset file: for a file of a nested model that was found when the MJCF was
/// read (`loc`, with its bytes in `pre`), its own folder and name, so that it goes through the
/// asset cache as upstream's compile of the nested model does; otherwise `modeldir`,
/// `filename` and whatever was preloaded (an open error to report).
pub fn locate<'a>(
    loc: Option<&'a (String, String)>,
    pre: Option<&'a Result<std::sync::Arc<Vec<u8>>, String>>,
    modeldir: &'a str,
    filename: &'a str,
) -> (&'a str, &'a str, Option<&'a Result<std::sync::Arc<Vec<u8>>, String>>) {
    match (loc, pre) {
        (Some((d, n)), Some(Ok(_))) => (d.as_str(), n.as_str(), None),
        _ => (modeldir, filename, pre),
    }
}

/// The bytes of an asset file (None when the resource reads nothing) and the resource name for
/// messages: opened under `modeldir` through the resources (the VFS of [`with_vfs`] first)
/// unless `preloaded` holds its bytes or the error met opening it (nested models).
pub fn read_asset(
    modeldir: &str,
    filename: &str,
    preloaded: Option<&Result<std::sync::Arc<Vec<u8>>, String>>,
) -> Result<(Option<Vec<u8>>, String), TexError> {
    match preloaded {
        Some(Ok(bytes)) => Ok((Some(bytes.to_vec()), crate::io::files::join(modeldir, filename))),
        Some(Err(msg)) => Err(TexError::Open(msg.clone())),
        None => {
            let r = open_res(modeldir, filename).map_err(TexError::Open)?;
            Ok((r.read().map(|b| b.to_vec()), r.name()))
        }
    }
}

/// Opens an asset file (`filename` under `modeldir`) through the resources, the VFS of
/// [`with_vfs`] first; the resource stays open for the asset cache's timestamp checks.
pub fn open_asset(modeldir: &str, filename: &str) -> Result<Res, TexError> {
    open_res(modeldir, filename).map_err(TexError::Open)
}

/// Loads one texture file as upstream's compiler does: `filename` (texture folder + file) is
/// opened under `modeldir` through the resources (the VFS of [`with_vfs`] first), decoded
/// according to `ctype` unless the asset cache holds it unchanged, and flipped as asked.
/// `preloaded` replaces the opening for files read earlier (nested models): bytes and the
/// name to report, or the error met when opening.
pub fn load_texture_file(
    modeldir: &str,
    filename: &str,
    preloaded: Option<&Result<std::sync::Arc<Vec<u8>>, String>>,
    ctype: &str,
    nchannel: i32,
    hflip: bool,
    vflip: bool,
) -> Result<Image, TexError> {
    let slot = cache::Slot::get();
    match preloaded {
        Some(Ok(bytes)) => {
            let name = crate::io::files::join(modeldir, filename);
            decode(&Src::Bytes(bytes), &name, ctype, nchannel, hflip, vflip).map_err(TexError::Texture)
        }
        Some(Err(msg)) => Err(TexError::Open(msg.clone())),
        None => {
            let r = open_res(modeldir, filename).map_err(TexError::Open)?;
            let name = r.name();
            let id = cache::texture_id(&name, ctype, nchannel, hflip, vflip);
            if let Some(img) = slot.lookup_as::<Image>(&id, &r) {
                return Ok((*img).clone());
            }
            let img = decode(&Src::Res(&r), &name, ctype, nchannel, hflip, vflip).map_err(TexError::Texture)?;
            let size = cache::TEXTURE_OVERHEAD + img.data.len();
            slot.insert(&id, &r, std::sync::Arc::new(img.clone()), size);
            Ok(img)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types() {
        assert_eq!(asset_content_type("a/b.PNG", ""), "image/png");
        assert_eq!(asset_content_type("a.stl", ""), "model/stl");
        assert_eq!(asset_content_type("a", ""), "");
        assert_eq!(asset_content_type("x", "image/png"), "image/png");
        assert_eq!(asset_content_type("x", "image/png;q=1"), "image/png");
        assert_eq!(asset_content_type("x", "image/"), "");
        assert_eq!(asset_content_type("x", "image/png;q"), "");
        assert_eq!(asset_content_type("x", "imagepng"), "");
    }

    #[test]
    fn custom_format() {
        let mut b = vec![0u8; 8];
        b[..4].copy_from_slice(&1i32.to_ne_bytes());
        b[4..].copy_from_slice(&2i32.to_ne_bytes());
        assert_eq!(decode_custom(&b).err(), Some("unexpected file size"));
        b.extend_from_slice(&[1, 2, 3, 4, 5, 6]);
        let img = decode_custom(&b).ok().unwrap();
        assert_eq!((img.width, img.height, img.data.len()), (1, 2, 6));
        b[..4].copy_from_slice(&0i32.to_ne_bytes());
        assert_eq!(decode_custom(&b).err(), Some("non-positive texture dimensions"));
    }
}
