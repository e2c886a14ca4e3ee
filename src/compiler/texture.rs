//! Textures: the builtin patterns (gradient, checker, flat, random dots; 2D and cube) and
//! textures read from image files (single files, cube strips and grids, one file per face).

use crate::abi::*;
use crate::spec::*;

use super::objects::{asset_error, err_at};
use super::CResult;

/// 64-bit Mersenne twister (std::mt19937_64), used for the random texture marks.
struct Mt64 {
    mt: [u64; 312],
    idx: usize,
}

impl Mt64 {
    fn new(seed: u64) -> Self {
        let mut mt = [0u64; 312];
        mt[0] = seed;
        for i in 1..312 {
            mt[i] = 6364136223846793005u64.wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 62)).wrapping_add(i as u64);
        }
        Mt64 { mt, idx: 312 }
    }

    fn next(&mut self) -> u64 {
        const UPPER: u64 = 0xFFFF_FFFF_8000_0000;
        const LOWER: u64 = 0x7FFF_FFFF;
        if self.idx >= 312 {
            for i in 0..312 {
                let x = (self.mt[i] & UPPER) | (self.mt[(i + 1) % 312] & LOWER);
                let mut xa = x >> 1;
                if x & 1 != 0 {
                    xa ^= 0xB502_6F5A_A966_19E9;
                }
                self.mt[i] = self.mt[(i + 156) % 312] ^ xa;
            }
            self.idx = 0;
        }
        let mut y = self.mt[self.idx];
        self.idx += 1;
        y ^= (y >> 29) & 0x5555_5555_5555_5555;
        y ^= (y << 17) & 0x71D6_7FFF_EDA6_0000;
        y ^= (y << 37) & 0xFFF7_EEE0_0000_0000;
        y ^= y >> 43;
        y
    }

    /// A double in [0, 1) as libstdc++'s uniform_real_distribution draws it.
    fn uniform(&mut self) -> f64 {
        let r = self.next() as f64 / 18446744073709551616.0;
        if r >= 1.0 {
            1.0 - f64::EPSILON / 2.0
        } else {
            r
        }
    }
}

fn byte(x: f64) -> u8 {
    (255.0 * x) as u8
}

fn rgb_bytes(c: &[f64; 3]) -> [u8; 3] {
    [byte(c[0]), byte(c[1]), byte(c[2])]
}

fn put(data: &mut [u8], at: usize, c: &[u8; 3]) {
    if let Some(d) = data.get_mut(at..at + 3) {
        d.copy_from_slice(c);
    }
}

fn interp(c1: &[f64; 3], c2: &[f64; 3], pos: f64) -> [u8; 3] {
    let correction = 1.0 / 2f64.sqrt();
    let alpha = (0.5 * (1.0 + pos / (1.0 + pos * pos).sqrt() / correction)).clamp(0.0, 1.0);
    let mut out = [0u8; 3];
    for j in 0..3 {
        out[j] = byte(alpha * c1[j] + (1.0 - alpha) * c2[j]);
    }
    out
}

fn checker(data: &mut [u8], base: usize, c1: &[u8; 3], c2: &[u8; 3], w: usize, h: usize) {
    for r in 0..h {
        for c in 0..w {
            let first = (r < h / 2) == (c < w / 2);
            put(data, base + 3 * (r * w + c), if first { c1 } else { c2 });
        }
    }
}

fn random_dots(data: &mut [u8], mark: &[f64; 3], w: usize, h: usize, prob: f64) {
    let mut rng = Mt64::new(42);
    let c = rgb_bytes(mark);
    for r in 0..h {
        for col in 0..w {
            if rng.uniform() < prob {
                put(data, 3 * (r * w + col), &c);
            }
        }
    }
}

fn builtin_2d(t: &Texture, data: &mut [u8]) {
    let (w, h) = (t.width as usize, t.height as usize);
    let (c1, c2, cm) = (rgb_bytes(&t.rgb1), rgb_bytes(&t.rgb2), rgb_bytes(&t.markrgb));
    match t.builtin {
        1 => {
            for r in 0..h {
                for c in 0..w {
                    let x = 2.0 * c as f64 / ((w - 1) as f64) - 1.0;
                    let y = 1.0 - 2.0 * r as f64 / ((h - 1) as f64);
                    let pos = 2.0 * (x * x + y * y).sqrt() - 1.0;
                    put(data, 3 * (r * w + c), &interp(&t.rgb2, &t.rgb1, pos));
                }
            }
        }
        2 => checker(data, 0, &c1, &c2, w, h),
        3 => {
            for p in 0..w * h {
                put(data, 3 * p, &c1);
            }
        }
        _ => {}
    }
    match t.mark {
        1 => {
            for r in 0..h {
                put(data, 3 * (r * w), &cm);
                put(data, 3 * (r * w + w - 1), &cm);
            }
            for c in 0..w {
                put(data, 3 * c, &cm);
                put(data, 3 * ((h - 1) * w + c), &cm);
            }
        }
        2 => {
            for r in 0..h {
                put(data, 3 * (r * w + w / 2), &cm);
            }
            for c in 0..w {
                put(data, 3 * (h / 2 * w + c), &cm);
            }
        }
        3 if t.random > 0.0 => random_dots(data, &t.markrgb, w, h, t.random),
        _ => {}
    }
}

fn builtin_cube(t: &Texture, data: &mut [u8]) {
    let w = t.width as usize;
    let ww = w * w;
    let (c1, c2, cm) = (rgb_bytes(&t.rgb1), rgb_bytes(&t.rgb2), rgb_bytes(&t.markrgb));
    match t.builtin {
        1 => {
            for r in 0..w {
                for c in 0..w {
                    let x = 2.0 * c as f64 / ((w - 1) as f64) - 1.0;
                    let y = 1.0 - 2.0 * r as f64 / ((w - 1) as f64);
                    let elside = (y / (1.0 + x * x + y * y).sqrt()).asin() / (0.5 * mjPI);
                    let elup = 1.0 - (1.0 / (1.0 + x * x + y * y).sqrt()).acos() / (0.5 * mjPI);
                    let side = interp(&t.rgb1, &t.rgb2, elside);
                    let px = 3 * (r * w + c);
                    for face in [0, 1, 4, 5] {
                        put(data, face * 3 * ww + px, &side);
                    }
                    put(data, 2 * 3 * ww + px, &interp(&t.rgb1, &t.rgb2, elup));
                    put(data, 3 * 3 * ww + px, &interp(&t.rgb1, &t.rgb2, -elup));
                }
            }
        }
        2 => {
            for face in 0..4 {
                checker(data, face * 3 * ww, &c1, &c2, w, w);
            }
            for face in 4..6 {
                checker(data, face * 3 * ww, &c2, &c1, w, w);
            }
        }
        3 => {
            for p in 0..ww {
                for face in [0, 1, 2, 4, 5] {
                    put(data, face * 3 * ww + 3 * p, &c1);
                }
                put(data, 3 * 3 * ww + 3 * p, &c2);
            }
        }
        _ => {}
    }
    match t.mark {
        1 => {
            for face in 0..6 {
                let b = face * 3 * ww;
                for r in 0..w {
                    put(data, b + 3 * (r * w), &cm);
                    put(data, b + 3 * (r * w + w - 1), &cm);
                }
                for c in 0..w {
                    put(data, b + 3 * c, &cm);
                    put(data, b + 3 * ((w - 1) * w + c), &cm);
                }
            }
        }
        2 => {
            for face in 0..6 {
                let b = face * 3 * ww;
                for r in 0..w {
                    put(data, b + 3 * (r * w + w / 2), &cm);
                }
                for c in 0..w {
                    put(data, b + 3 * (w / 2 * w + c), &cm);
                }
            }
        }
        3 if t.random > 0.0 => random_dots(data, &t.markrgb, w, t.height as usize, t.random),
        _ => {}
    }
}

pub(super) fn compile_texture(t: &mut Texture, id: usize, dirs: &TexDirs) -> CResult<Vec<u8>> {
    let e = |m: &str, t: &Texture| err_at(m, &t.name, id, &t.info);
    if !t.data.is_empty() {
        // bytes given through the API, flipped as asked
        let expected = t.nchannel.wrapping_mul(t.width).wrapping_mul(t.height);
        if t.data.len() as u64 != expected as i64 as u64 {
            let msg = format!("Texture buffer has incorrect size, given {} expected {}", t.data.len() as i32, expected);
            return Err(e(&msg, t));
        }
        let mut img =
            super::image::Image { data: t.data.to_vec(), width: t.width as u32, height: t.height as u32, srgb: false };
        super::image::flip(&mut img, t.nchannel as usize, t.hflip != 0, t.vflip != 0);
        return Ok(img.data);
    }
    if t.builtin == 0 {
        return texture_from_files(t, id, dirs);
    }
    if t.width < 1 {
        return Err(e("Invalid width of builtin texture", t));
    }
    if t.r#type != mjtTexture_::mjTEXTURE_2D as i32 {
        if t.width >= i32::MAX / 6 {
            return Err(e("Invalid width of builtin texture", t));
        }
        t.height = 6 * t.width;
    } else if t.height < 1 {
        return Err(e("Invalid height of builtin texture", t));
    }
    let size = t.width as i64 * t.height as i64;
    if t.nchannel < 1 || size >= (i32::MAX / t.nchannel) as i64 || size <= 0 || size > (1 << 28) {
        return Err(e("Builtin texture too large", t));
    }
    let mut data = vec![0u8; t.nchannel as usize * size as usize];
    if t.r#type == mjtTexture_::mjTEXTURE_2D as i32 {
        builtin_2d(t, &mut data);
    } else {
        builtin_cube(t, &mut data);
    }
    Ok(data)
}

/// Where the compiler finds texture files: the model's folder (reduced) and the compiler's
/// texture folder.
pub struct TexDirs {
    pub modeldir: String,
    pub texturedir: String,
}

/// Loads one image file of texture `t` (`k`: 0 the main file, 1..7 the cube faces) through the
/// resources, flipped as asked; sets the colour space from the file when it is automatic.
fn load_image(t: &mut Texture, id: usize, k: usize, dirs: &TexDirs) -> CResult<super::image::Image> {
    use super::image::*;
    let file = if k == 0 { &t.file } else { &t.cubefiles[k - 1] };
    let filename = crate::io::files::join(&dirs.texturedir, file);
    let mut ctype = asset_content_type(&filename, &t.content_type);
    if ctype.is_empty() {
        ctype = "image/vnd.mujoco.texture".to_string();
    }
    if !matches!(ctype.as_str(), "image/png" | "image/ktx" | "image/vnd.mujoco.texture") {
        return Err(err_at(&format!("unsupported content type: '{}'", ctype), &t.name, id, &t.info));
    }
    let (dir, name, pre) =
        locate(t.fileloc.get(k).and_then(|l| l.as_ref()), t.filedata.get(k), &dirs.modeldir, &filename);
    let img = load_texture_file(dir, name, pre, &ctype, t.nchannel, t.hflip != 0, t.vflip != 0)
        .map_err(|err| asset_error(err, |m| err_at(m, &t.name, id, &t.info)))?;
    if t.colorspace == mjtColorSpace_::mjCOLORSPACE_AUTO as i32 {
        t.colorspace =
            if img.srgb { mjtColorSpace_::mjCOLORSPACE_SRGB } else { mjtColorSpace_::mjCOLORSPACE_LINEAR } as i32;
    }
    Ok(img)
}

/// Texture data from image files: a 2D image, a cube from one file (repeated or a grid of
/// faces), or a cube from one file per face.
fn texture_from_files(t: &mut Texture, id: usize, dirs: &TexDirs) -> CResult<Vec<u8>> {
    let e = |m: &str, t: &Texture| err_at(m, &t.name, id, &t.info);
    let rgb1 = rgb_bytes(&t.rgb1);
    if !t.file.is_empty() {
        let img = load_image(t, id, 0, dirs)?;
        if t.r#type == mjtTexture_::mjTEXTURE_2D as i32 {
            t.width = img.width as i32;
            t.height = img.height as i32;
            return Ok(img.data);
        }
        let (g0, g1) = (t.gridsize[0], t.gridsize[1]);
        if g0 < 1 || g1 < 1 || g0 * g1 > 12 {
            return Err(e("gridsize must be non-zero and no more than 12 squares in texture", t));
        }
        let (w, h) = (img.width as i64, img.height as i64);
        if w / g1 as i64 != h / g0 as i64 || w % g1 as i64 != 0 || h % g0 as i64 != 0 {
            return Err(e(
                &format!("PNG size must be integer multiple of gridsize in texture '{}' (id {})", t.file, id),
                t,
            ));
        }
        let width = if g0 == 1 && g1 == 1 { w } else { w / g1 as i64 };
        if width >= (i32::MAX / 6) as i64 {
            return Err(e("Invalid width of cube texture", t));
        }
        let height = if g0 == 1 && g1 == 1 { width } else { 6 * width };
        let size = width * height;
        if size >= (i32::MAX / 3) as i64 || size <= 0 {
            return Err(e("Cube texture too large", t));
        }
        t.width = width as i32;
        t.height = height as i32;
        let wd = width as usize;
        let mut data = vec![0u8; 3 * size as usize];
        if g0 == 1 && g1 == 1 {
            let n = (3 * wd * wd).min(img.data.len());
            data[..n].copy_from_slice(&img.data[..n]);
            return Ok(data);
        }
        let mut loaded = [false; 6];
        for k in 0..(g0 * g1) as usize {
            let face = match t.layout(k) {
                b'R' => 0,
                b'L' => 1,
                b'U' => 2,
                b'D' => 3,
                b'F' => 4,
                b'B' => 5,
                b'.' => continue,
                _ => return Err(e("gridlayout symbol is not among '.RLUDFB' in texture", t)),
            };
            let rstart = wd * (k / g1 as usize);
            let cstart = wd * (k % g1 as usize);
            for j in 0..wd {
                let src = (j + rstart) * 3 * w as usize + 3 * cstart;
                let dst = face * 3 * wd * wd + j * 3 * wd;
                if let (Some(s), Some(d)) = (img.data.get(src..src + 3 * wd), data.get_mut(dst..dst + 3 * wd)) {
                    d.copy_from_slice(s);
                }
            }
            loaded[face] = true;
        }
        fill_faces(&mut data, &loaded, wd, &rgb1);
        return Ok(data);
    }
    if t.r#type == mjtTexture_::mjTEXTURE_2D as i32 {
        return Err(e("Cannot load 2D texture from separate files, texture", t));
    }
    if t.cubefiles.iter().all(|f| f.is_empty()) {
        return Err(e("No cubefiles_ defined in cube or skybox texture", t));
    }
    let mut data: Vec<u8> = Vec::new();
    let mut loaded = [false; 6];
    let mut wd = 0usize;
    for i in 0..6 {
        if t.cubefiles[i].is_empty() {
            continue;
        }
        let img = load_image(t, id, i + 1, dirs)?;
        if img.width != img.height {
            return Err(e(&format!("Non-square PNG file '{}' in cube or skybox id {}", t.cubefiles[i], id), t));
        }
        if data.is_empty() {
            let width = img.width as i64;
            if width >= (i32::MAX / 6) as i64 {
                return Err(e("Invalid width of builtin texture", t));
            }
            let size = width * 6 * width;
            if size >= (i32::MAX / 3) as i64 || size <= 0 {
                return Err(e("PNG texture too large", t));
            }
            t.width = width as i32;
            t.height = 6 * width as i32;
            wd = width as usize;
            data = vec![0u8; 3 * size as usize];
        } else if t.width as u32 != img.width {
            return Err(e(&format!("PNG file '{}' has incompatible size in texture id {}", t.cubefiles[i], id), t));
        }
        let n = 3 * wd * wd;
        if let (Some(s), Some(d)) = (img.data.get(..n), data.get_mut(i * n..(i + 1) * n)) {
            d.copy_from_slice(s);
        }
        loaded[i] = true;
    }
    fill_faces(&mut data, &loaded, wd, &rgb1);
    Ok(data)
}

/// Paints the cube faces that no file defined with `c`.
fn fill_faces(data: &mut [u8], loaded: &[bool; 6], wd: usize, c: &[u8; 3]) {
    for (face, _) in loaded.iter().enumerate().filter(|(_, l)| !**l) {
        for p in 0..wd * wd {
            put(data, face * 3 * wd * wd + 3 * p, c);
        }
    }
}
