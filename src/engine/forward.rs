//! The forward pipeline and the integrators (`mj_forward`, `mj_step`, `mj_Euler`, `mj_RungeKutta`,
//! `mj_implicit`). Computation chapter, "Forward dynamics" and "Numerical integration".

