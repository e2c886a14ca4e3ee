//! Builtin meshes against upstream 3.4.0's `mjs_makeMesh`: sizes and FNV-1a hashes of the bits
//! of the user vertex, normal and face arrays it makes (dumped with upstream's library).

use super::make_mesh;
use crate::spec::Mesh;

fn fnv(bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut h = 1469598103934665603u64;
    for b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(1099511628211);
    }
    h
}

#[rustfmt::skip]
const CASES: &[(i32, &[f64], [usize; 3], i32, [u64; 3])] = &[
        (1, &[0.0], [36, 0, 60], 2, [0xdea8003505221b0b, 0x14650fb0739d0383, 0xd541ff50406132f3]),
        (1, &[2.0], [486, 0, 960], 2, [0xabb87addca644bf3, 0x14650fb0739d0383, 0x54898bf22b79ee33]),
        (1, &[4.0], [7686, 0, 15360], 2, [0x541cbf11f735bbe7, 0x14650fb0739d0383, 0x247923b6a01231c7]),
        (2, &[0.0], [18, 0, 24], 2, [0x8a4b6f6cac1671da, 0x14650fb0739d0383, 0x949ce274cc4a1843]),
        (2, &[3.0], [126, 0, 240], 2, [0xd059b3411abf8632, 0x14650fb0739d0383, 0x93377c10715a7393]),
        (2, &[10.0], [798, 0, 1584], 2, [0xfd9913b6032a49da, 0x14650fb0739d0383, 0xbce6f006220218a0]),
        (3, &[8.0, 0.5], [48, 0, 0], 2, [0x5b28a494ac8f4c5c, 0x14650fb0739d0383, 0x14650fb0739d0383]),
        (3, &[5.0, -1.0], [18, 0, 0], 2, [0x7fccd4bd3268269e, 0x14650fb0739d0383, 0x14650fb0739d0383]),
        (3, &[0.0, 1.0], [0, 0, 0], 2, [0x14650fb0739d0383, 0x14650fb0739d0383, 0x14650fb0739d0383]),
        (4, &[3.0, 1.0, 1.0], [24, 0, 36], 2, [0xa0d90fca02405e53, 0x14650fb0739d0383, 0x383242479384c193]),
        (4, &[12.0, 0.5, 2.0], [402, 0, 792], 2, [0x17676482fad922a1, 0x14650fb0739d0383, 0xe5f37dd6a05b4a93]),
        (4, &[20.0, 0.0, 0.0], [1146, 0, 2280], 2, [0x9e385e71be350f53, 0x14650fb0739d0383, 0x4467c0694396f383]),
        (5, &[3.0, 1.0, 1.0, 1.0], [27, 0, 54], 2, [0xe15fb35214fcb4fb, 0x14650fb0739d0383, 0xa065352166cc55e3]),
        (5, &[16.0, 0.5, 0.2, 3.0], [768, 0, 1536], 2, [0xf171919fc137a043, 0x14650fb0739d0383, 0x34969e8b6aad9d83]),
        (6, &[3.0, 2.0, 180.0, 90.0, 0.0], [18, 54, 0], 2, [0x43a29e0589652d47, 0xe645d8ac2954f483, 0x14650fb0739d0383]),
        (6, &[4.0, 3.0, 60.0, 30.0, 0.5], [36, 108, 0], 2, [0xc3436015429141ab, 0x2c29558c89626427, 0x14650fb0739d0383]),
        (6, &[10.0, 10.0, 180.0, 90.0, 1.0], [300, 900, 0], 2, [0x27e56d0ddc554803, 0x06e2a5bd5bac0acb, 0x14650fb0739d0383]),
        (7, &[3.0, 2.0], [18, 54, 12], 3, [0xeeef896fb49d56eb, 0xa5936be4d5fb4e33, 0x2d99dacf7c58ba87]),
        (7, &[1.0, 1.0], [3, 9, 0], 3, [0xc4db65bf2b307e7a, 0xa9b60f2e4575689a, 0x14650fb0739d0383]),
        (7, &[10.0, 10.0], [300, 900, 486], 3, [0x843736f4f90b7483, 0x08f7defbe9fc7023, 0xa26e33d026aab0c0]),
];

#[test]
fn bit_equal_to_upstream() {
    for (builtin, params, sizes, inertia, hashes) in CASES {
        let mut m = Mesh::default();
        make_mesh(&mut m, *builtin, params).unwrap();
        let what = format!("builtin {builtin} params {params:?}");
        assert_eq!([m.uservert.len(), m.usernormal.len(), m.userface.len()], *sizes, "{what}");
        assert!(m.usertexcoord.is_empty(), "{what}");
        assert_eq!(m.inertia, *inertia, "{what}");
        let got = [
            fnv(m.uservert.iter().flat_map(|x| x.to_le_bytes())),
            fnv(m.usernormal.iter().flat_map(|x| x.to_le_bytes())),
            fnv(m.userface.iter().flat_map(|x| x.to_le_bytes())),
        ];
        assert_eq!(got, *hashes, "{what}");
    }
}

#[test]
fn values() {
    let mut m = Mesh::default();
    make_mesh(&mut m, 1, &[0.0]).unwrap();
    assert_eq!(&m.uservert[3..6], &[0.525_731_1_f32, 0.850_650_8, 0.0]);
    make_mesh(&mut m, 2, &[10.0]).unwrap();
    assert_eq!(&m.uservert[3..6], &[0.099_503_72_f32, 0.0, 0.995_037_2]);
    make_mesh(&mut m, 4, &[12.0, 0.5, 2.0]).unwrap();
    assert_eq!(&m.uservert[3..6], &[-0.066_987_3_f32, -7.413_066e-10, -0.933_012_7]);
    let mut m = Mesh::default();
    make_mesh(&mut m, 7, &[10.0, 10.0]).unwrap();
    assert_eq!(&m.uservert[3..6], &[-0.9_f32, -0.7, -1.0]);
    assert_eq!(m.inertia, 3);
}

#[test]
fn errors() {
    let e = |b: i32, p: &[f64]| make_mesh(&mut Mesh::default(), b, p).unwrap_err();
    assert_eq!(e(2, &[1.0, 2.0]), "Error: Hemisphere mesh type requires 1 parameter");
    // static_cast<int> of a huge value is INT_MIN on x86-64
    assert_eq!(e(2, &[1e10]), "Error: Hemisphere resolution cannot be negative");
    assert_eq!(e(2, &[f64::NAN]), "Error: Hemisphere resolution cannot be negative");
    assert_eq!(e(1, &[5.0]), "Error: Sphere subdivision cannot be greater than 4");
    assert_eq!(e(4, &[2.9, 1.0, 1.0]), "Error: Supersphere resolution must be greater than 2");
    assert_eq!(e(5, &[3.0, 1.01, 1.0, 1.0]), "Error: Supertorus radius must be in (0, 1]");
    assert_eq!(e(6, &[1.0, 1.0, 10.0, 91.0, 0.0]), "Error: `fov[1]` must be a float between (0, 90] degrees");
    assert_eq!(e(7, &[1.0, -3.0]), "Error: Horizontal and vertical resolutions must be positive");
    assert_eq!(e(0, &[1.0]), "Error: Unsupported mesh type");
    assert!(make_mesh(&mut Mesh::default(), 2, &[10.9]).is_ok());
}
