//! The built-in bitmap fonts at every `mjtFontScale`, as upstream ships them: for each printable
//! character (32..126) its code, width, height and a bottom-up 1-bit bitmap with rows padded to
//! whole bytes; the list ends with code 123. The `.bin` files are upstream's font tables
//! (`src/render/font/*.inc`) stored as raw bytes.

macro_rules! font {
    ($f:literal) => {
        include_bytes!(concat!("font/", $f, ".bin")) as &[u8]
    };
}

/// (normal, shadow, big) font tables for a scale of 50..300 in steps of 50.
pub fn fonts(scale: i32) -> Option<(&'static [u8], &'static [u8], &'static [u8])> {
    Some(match scale {
        50 => (font!("normal50"), font!("back50"), font!("big50")),
        100 => (font!("normal100"), font!("back100"), font!("big100")),
        150 => (font!("normal150"), font!("back150"), font!("big150")),
        200 => (font!("normal200"), font!("back200"), font!("big200")),
        250 => (font!("normal250"), font!("back250"), font!("big250")),
        300 => (font!("normal300"), font!("back300"), font!("big300")),
        _ => return None,
    })
}
