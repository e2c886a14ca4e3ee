//! The curve of a slack string of given length hanging between two points under gravity,
//! sampled for drawing tendons.

use crate::math::blas::{add_scl3, add_to_scl3, dist3, dot3, normalize3, scl3, sub3};

/// cosh(x), and sinh(x) when asked.
fn cosh_sinh(x: f64, sinh: Option<&mut f64>) -> f64 {
    let e = x.exp();
    if let Some(s) = sinh {
        *s = 0.5 * (e - 1.0 / e);
    }
    0.5 * (e + 1.0 / e)
}

/// Residual of the reparametrised catenary equation at `b`, and its derivative when asked.
fn residual(b: f64, intercept: f64, grad: Option<&mut f64>) -> f64 {
    let a = 0.5 / b;
    let mut sinh = 0.0;
    let cosh = cosh_sinh(a, Some(&mut sinh));
    if let Some(g) = grad {
        *g = (a * cosh - sinh) * (2.0 * b * sinh - 1.0).powf(-1.5);
    }
    1.0 / (2.0 * b * sinh - 1.0).sqrt() - intercept
}

/// Flatness parameter of the catenary spanning horizontal extent `h` and height difference `v`
/// with the given length: Newton's method with a halving line search on a change of variables
/// that makes the equation well behaved.
fn solve(v: f64, h: f64, length: f64) -> f64 {
    let intercept = 1.0 / (((length * length - v * v).sqrt() / h) - 1.0).sqrt();
    let mut b = intercept / 24f64.sqrt();
    for _ in 0..50 {
        let mut grad = 0.0;
        let res = residual(b, intercept, Some(&mut grad));
        if res.abs() < 1e-9 {
            break;
        }
        let mut step = -res / grad;
        for _ in 0..10 {
            let new_res = residual(b + step, intercept, None);
            if new_res.abs() < res.abs() {
                break;
            }
            step *= 0.5;
        }
        b += step;
    }
    b
}

/// Points along a string of `length` hanging from `x0` to `x1` under `gravity`, written into
/// `out` (3 numbers each); returns how many: 2 when the string is taut, 3 (a hanging bead) when
/// nearly vertical, else `n` samples of the catenary.
pub fn catenary(x0: &[f64; 3], x1: &[f64; 3], gravity: &[f64; 3], length: f64, out: &mut [f64], n: usize) -> usize {
    let put = |out: &mut [f64], i: usize, p: &[f64; 3]| out[3 * i..3 * i + 3].copy_from_slice(p);
    if dist3(x0, x1) > length {
        put(out, 0, x0);
        put(out, 1, x1);
        return 2;
    }

    let mut up = scl3(gravity, -1.0);
    normalize3(&mut up);
    let x01 = sub3(x1, x0);
    let tmp = scl3(&up, dot3(&up, &x01));
    let mut across = sub3(&x01, &tmp);
    if normalize3(&mut across) < crate::abi::mjMINVAL {
        across = [0.0; 3];
    }
    let h = dot3(&x01, &across);
    let v = dot3(&x01, &up);

    if length > 100.0 * h {
        let d_up = -0.5 * ((length * length - h * h).sqrt() - v);
        let d_across = h * d_up / (2.0 * d_up - v);
        put(out, 0, x0);
        let mut mid = *x0;
        add_to_scl3(&mut mid, &up, d_up);
        add_to_scl3(&mut mid, &across, d_across);
        put(out, 1, &mid);
        put(out, 2, x1);
        return 3;
    }

    if n == 0 {
        return 0;
    }
    let bh = solve(v, h, length) * h;
    let h_offset = -0.5 * (((length + v) / (length - v)).ln() * bh - h);
    let v_offset = -cosh_sinh(h_offset / bh, None) * bh;
    put(out, 0, x0);
    for i in 1..n.saturating_sub(1) {
        let horizontal = i as f64 * h / n as f64;
        let mut p = add_scl3(x0, &across, horizontal);
        let vertical = bh * cosh_sinh((horizontal - h_offset) / bh, None) + v_offset;
        add_to_scl3(&mut p, &up, vertical);
        put(out, i, &p);
    }
    put(out, n - 1, x1);
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn taut_vertical_and_hanging_strings() {
        let g = [0.0, 0.0, -9.81];
        let mut out = [0.0; 300];
        // longer than the string: straight
        assert_eq!(catenary(&[0.0; 3], &[2.0, 0.0, 0.0], &g, 1.0, &mut out, 20), 2);
        // nearly vertical: one hanging bead below both ends
        assert_eq!(catenary(&[0.0; 3], &[0.001, 0.0, 0.0], &g, 1.0, &mut out, 20), 3);
        assert!(out[5] < -0.4);
        // a proper catenary: endpoints kept, sagging below the chord, symmetric
        let n = catenary(&[0.0; 3], &[1.0, 0.0, 0.0], &g, 1.5, &mut out, 21);
        assert_eq!(n, 21);
        assert_eq!(&out[..3], &[0.0; 3]);
        assert_eq!(&out[60..63], &[1.0, 0.0, 0.0]);
        assert!(out[3 * 10 + 2] < -0.3);
        assert!((out[3 * 5 + 2] - out[3 * 16 + 2]).abs() < 0.05);
    }
}
