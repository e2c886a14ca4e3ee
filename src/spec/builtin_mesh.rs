//! Builtin meshes (`<mesh builtin=...>`, `mjs_makeMesh`).

use super::Mesh;

/// Fills `m` with builtin mesh `builtin` (`mjtMeshBuiltin`) made from `params`.
pub fn make_mesh(_m: &mut Mesh, builtin: i32, _params: &[f64]) -> Result<(), String> {
    if builtin == 0 {
        return Ok(());
    }
    Err("not supported yet: builtin meshes".to_string())
}
