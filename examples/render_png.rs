//! Renders the examples' arm offscreen (headless EGL) and writes a PNG.
//!
//! `cargo run --release --features render --example render_png -- arm.png`

use mujoco_native::{Data, Model, Renderer};

/// The arm after half a second of falling, as RGB pixels.
fn picture(width: usize, height: usize) -> mujoco_native::Result<Vec<u8>> {
    let model = Model::from_xml(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/models/arm.xml"))?;
    let mut data = Data::new(&model)?;
    while data.time() < 0.5 {
        data.step()?;
    }
    let mut renderer = Renderer::new(&model, width, height)?;
    let camera = renderer.camera_mut();
    camera.lookat = [0.0, 0.0, 0.4];
    camera.distance = 1.6;
    camera.azimuth = 90.0;
    camera.elevation = -15.0;
    renderer.render(&mut data)
}

fn write_png(path: &str, rgb: &[u8], width: usize, height: usize) -> std::io::Result<()> {
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut enc = png::Encoder::new(file, width as u32, height as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    enc.write_header().and_then(|mut w| w.write_image_data(rgb)).map_err(std::io::Error::other)
}

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "arm.png".into());
    match picture(640, 480) {
        Ok(rgb) => {
            write_png(&path, &rgb, 640, 480).expect("writing the PNG");
            println!("{path}");
        }
        Err(e) => {
            eprintln!("no picture: {e}");
            std::process::exit(1);
        }
    }
}

#[test]
fn the_picture_shows_the_scene() {
    let (w, h) = (320, 240);
    let rgb = picture(w, h).unwrap();
    assert_eq!(rgb.len(), w * h * 3);
    let px = |x: usize, y: usize| &rgb[3 * (y * w + x)..3 * (y * w + x) + 3];
    // the sky (top row) and the floor (bottom row) differ, and the picture is not one colour
    assert_ne!(px(w / 2, 0), px(w / 2, h - 1));
    let distinct: std::collections::HashSet<&[u8]> = rgb.chunks(3).collect();
    assert!(distinct.len() > 100, "{} colours", distinct.len());
}
