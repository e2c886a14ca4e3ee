//! Texture images from files: PNG (decoded to 8-bit grey, RGB or RGBA the way upstream's
//! decoder converts: 16-bit samples keep their high byte, palettes and low bit depths expand,
//! transparency keys become alpha, alpha is dropped for RGB, grey takes the red sample) and
//! upstream's raw format (two ints, then RGB bytes).

/// A decoded image: `nchannel` bytes per pixel, rows top to bottom.
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
pub fn decode_custom(bytes: &[u8]) -> Option<Image> {
    if bytes.len() < 8 {
        return None;
    }
    let w = i32::from_ne_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    let h = i32::from_ne_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
    if w < 1 || h < 1 {
        return None;
    }
    let n = w as usize * h as usize * 3;
    if bytes.len() != 8 + n {
        return None;
    }
    Some(Image { data: bytes[8..].to_vec(), width: w as u32, height: h as u32, srgb: false })
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
