//! Builtin meshes (`<mesh builtin=... params=...>`, upstream's `mjs_makeMesh`).
//!
//! Each generator fills the mesh spec's user arrays (vertices, sometimes normals and faces) the
//! way MuJoCo 3.4.0 does, with the same mix of `double` arithmetic and `float` storage, so the
//! compiled meshes are bit-identical to upstream's.

mod flat;
mod round;

use super::Mesh;
use crate::abi::mjtMeshBuiltin_::*;

/// `static_cast<int>(double)` as x86-64 does it (`cvttsd2si`): truncation toward zero, and
/// `INT_MIN` for NaN and values out of range.
fn to_int(x: f64) -> i32 {
    if x.is_nan() || x <= i32::MIN as f64 - 1.0 || x >= i32::MAX as f64 + 1.0 {
        i32::MIN
    } else {
        x as i32
    }
}

/// The error text upstream's `mjCError(0, msg)` leaves for `mjs_getError`.
fn err(msg: &str) -> Result<(), String> {
    Err(format!("Error: {msg}"))
}

/// Fills `m` with builtin mesh `builtin` (`mjtMeshBuiltin`) made from `params`; on bad
/// parameters returns upstream's error text (as `mjs_getError` gives it).
pub fn make_mesh(m: &mut Mesh, builtin: i32, params: &[f64]) -> Result<(), String> {
    let np = params.len();
    match builtin {
        b if b == mjMESH_BUILTIN_HEMISPHERE as i32 => {
            if np != 1 {
                return err("Hemisphere mesh type requires 1 parameter");
            }
            let res = to_int(params[0]);
            if res < 0 {
                return err("Hemisphere resolution cannot be negative");
            }
            if res > 10 {
                return err("Hemisphere resolution cannot be greater than 10");
            }
            round::hemisphere(m, res as usize);
        }
        b if b == mjMESH_BUILTIN_SPHERE as i32 => {
            if np != 1 {
                return err("Sphere mesh type requires 1 parameter");
            }
            let subdiv = to_int(params[0]);
            if subdiv < 0 {
                return err("Sphere subdivision cannot be negative");
            }
            if subdiv > 4 {
                return err("Sphere subdivision cannot be greater than 4");
            }
            round::sphere(m, subdiv as usize);
        }
        b if b == mjMESH_BUILTIN_SUPERSPHERE as i32 => {
            if np != 3 {
                return err("Supersphere mesh type requires 3 parameters");
            }
            let res = to_int(params[0]);
            if res < 3 {
                return err("Supersphere resolution must be greater than 2");
            }
            let (e, n) = (params[1], params[2]);
            if e < 0.0 {
                return err("Supersphere 'e' cannot be negative");
            }
            if n < 0.0 {
                return err("Supersphere 'n' cannot be negative");
            }
            round::supersphere(m, res as usize, e, n);
        }
        b if b == mjMESH_BUILTIN_SUPERTORUS as i32 => {
            if np != 4 {
                return err("Supertorus mesh type requires 4 parameters");
            }
            let res = to_int(params[0]);
            if res < 3 {
                // sic: upstream accepts 3
                return err("Supertorus resolution must be greater than 3");
            }
            let radius = params[1];
            if radius <= 0.0 || radius > 1.0 {
                return err("Supertorus radius must be in (0, 1]");
            }
            let (s, t) = (params[2], params[3]);
            if s <= 0.0 {
                return err("Supertorus 's' must be greater than 0");
            }
            if t <= 0.0 {
                return err("Supertorus 't' must be greater than 0");
            }
            round::supertorus(m, res as usize, radius, s, t);
        }
        b if b == mjMESH_BUILTIN_WEDGE as i32 => {
            if np != 5 {
                return err("Wedge builtin mesh types require 5 parameters");
            }
            let res = [to_int(params[0]), to_int(params[1])];
            let fov = [params[2], params[3]];
            let gamma = params[4];
            if fov[0] <= 0.0 || fov[0] > 180.0 {
                return err("fov[0] must be a float between (0, 180] degrees");
            }
            if fov[1] <= 0.0 || fov[1] > 90.0 {
                return err("`fov[1]` must be a float between (0, 90] degrees");
            }
            if res[0] <= 0 || res[1] <= 0 {
                return err("Horizontal and vertical resolutions must be positive");
            }
            if !(0.0..=1.0).contains(&gamma) {
                return err("`gamma` must be a nonnegative float between [0, 1]");
            }
            flat::wedge(m, [res[0] as usize, res[1] as usize], fov, gamma);
        }
        b if b == mjMESH_BUILTIN_PLATE as i32 => {
            if np != 2 {
                return err("Plate builtin mesh type requires 2 parameters");
            }
            let res = [to_int(params[0]), to_int(params[1])];
            if res[0] <= 0 || res[1] <= 0 {
                return err("Horizontal and vertical resolutions must be positive");
            }
            flat::plate(m, [res[0] as usize, res[1] as usize]);
        }
        b if b == mjMESH_BUILTIN_CONE as i32 => {
            if np != 2 {
                return err("Cone mesh type requires 2 parameters");
            }
            let nedge = to_int(params[0]);
            flat::cone(m, nedge, params[1])?;
        }
        _ => return err("Unsupported mesh type"),
    }
    Ok(())
}

#[cfg(test)]
mod tests;
