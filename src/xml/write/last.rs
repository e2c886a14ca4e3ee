//! The spec of the last model `mj_loadXML` loaded, for `mj_saveLastXML`.

use std::sync::Mutex;

use crate::abi::mjModel;
use crate::spec::Spec;

/// The kept spec; only reached under the lock.
struct Kept(Box<Spec>);

// SAFETY: the spec's C pointers point into the spec itself, which only the lock's holder uses.
unsafe impl Send for Kept {}

static LAST: Mutex<Option<Kept>> = Mutex::new(None);

/// Keeps `spec` (compiled) as the last loaded model, replacing the previous one.
pub fn remember(spec: Spec) {
    let mut b = Box::new(spec);
    b.adopt();
    if let Ok(mut g) = LAST.lock() {
        *g = Some(Kept(b));
    }
}

/// Forgets the last loaded model.
pub fn forget() {
    if let Ok(mut g) = LAST.lock() {
        *g = None;
    }
}

/// MJCF text of the last loaded model, after copying the values of `m` back into it (as
/// upstream, a model that does not match is not copied back and the text is still written).
pub fn last_xml(m: Option<&mjModel>) -> Result<String, String> {
    let mut g = LAST.lock().map_err(|_| "No XML model loaded".to_string())?;
    let Some(Kept(spec)) = g.as_mut() else {
        return Err("No XML model loaded".to_string());
    };
    if let Some(m) = m {
        if let Err(e) = crate::spec::compiled::copy_back(spec, Some(m)) {
            spec.set_error(&e, false);
        }
    }
    super::write(spec)
}
