//! Stable sort with upstream's exact strategy (`mjSORT` in `engine_sort.h`): insertion sort on
//! runs of 32 elements, then bottom-up merging through a buffer. Using the same algorithm keeps
//! the resulting order identical to upstream's even for comparators that are not strict weak
//! orders.

pub(crate) const RUN: usize = 32;

/// Sorts `arr` in place; `buf` must hold at least `arr.len()` elements. `cmp` returns a
/// negative, zero or positive number like C's comparison functions.
pub fn stable_sort<T: Copy>(arr: &mut [T], buf: &mut [T], cmp: impl Fn(&T, &T) -> i32) {
    let n = arr.len();
    for run in arr.chunks_mut(RUN) {
        insertion_sort(run, &cmp);
    }
    if n <= RUN {
        return;
    }
    let buf = &mut buf[..n];
    let mut in_arr = true;
    let mut len = RUN;
    while len < n {
        let (src, dest): (&[T], &mut [T]) = if in_arr { (&*arr, &mut *buf) } else { (&*buf, &mut *arr) };
        let mut start = 0;
        while start < n {
            let mid = start + len;
            let end = (start + 2 * len).min(n);
            if mid < end {
                merge(src, dest, start, mid, end, &cmp);
            } else {
                dest[start..end].copy_from_slice(&src[start..end]);
            }
            start += 2 * len;
        }
        in_arr = !in_arr;
        len *= 2;
    }
    if !in_arr {
        arr.copy_from_slice(buf);
    }
}

fn insertion_sort<T: Copy>(a: &mut [T], cmp: &impl Fn(&T, &T) -> i32) {
    for j in 1..a.len() {
        // already in place: skip the copies (same result)
        if cmp(&a[j - 1], &a[j]) <= 0 {
            continue;
        }
        let tmp = a[j];
        let mut k = j;
        while k > 0 && cmp(&a[k - 1], &tmp) > 0 {
            a[k] = a[k - 1];
            k -= 1;
        }
        a[k] = tmp;
    }
}

fn merge<T: Copy>(src: &[T], dest: &mut [T], start: usize, mid: usize, end: usize, cmp: &impl Fn(&T, &T) -> i32) {
    let (mut i, mut j, mut k) = (start, mid, start);
    while i < mid && j < end {
        if cmp(&src[i], &src[j]) <= 0 {
            dest[k] = src[i];
            i += 1;
        } else {
            dest[k] = src[j];
            j += 1;
        }
        k += 1;
    }
    if i < mid {
        dest[k..k + mid - i].copy_from_slice(&src[i..mid]);
    } else if j < end {
        dest[k..k + end - j].copy_from_slice(&src[j..end]);
    }
}

#[cfg(test)]
mod tests {
    use super::stable_sort;

    #[test]
    fn sorts_stably() {
        let mut v: [(i32, usize); 200] = core::array::from_fn(|i| (((i * 7919) % 13) as i32, i));
        let mut buf = [(0, 0); 200];
        stable_sort(&mut v, &mut buf, |a, b| a.0 - b.0);
        for w in v.windows(2) {
            assert!(w[0].0 < w[1].0 || (w[0].0 == w[1].0 && w[0].1 < w[1].1));
        }
    }
}
