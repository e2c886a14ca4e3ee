//! `std::nth_element` as upstream's library runs it (statically linked libc++ 20): the same
//! comparisons and swaps in the same order, so that comparators which are not strict weak
//! orderings (the BVH's "equal within mjEPS" median split) leave the same permutation.

/// Sorts `a[x]`, `a[y]`, `a[z]` with at most 3 comparisons; true if anything moved.
fn sort3<T, F: Fn(&T, &T) -> bool>(a: &mut [T], x: usize, y: usize, z: usize, less: &F) -> bool {
    if !less(&a[y], &a[x]) {
        if !less(&a[z], &a[y]) {
            return false;
        }
        a.swap(y, z);
        if less(&a[y], &a[x]) {
            a.swap(x, y);
        }
        return true;
    }
    if less(&a[z], &a[y]) {
        a.swap(x, z);
        return true;
    }
    a.swap(x, y);
    if less(&a[z], &a[y]) {
        a.swap(y, z);
    }
    true
}

/// Selection sort of `a[first..last]` (each minimum is the first one found).
fn selection_sort<T, F: Fn(&T, &T) -> bool>(a: &mut [T], first: usize, last: usize, less: &F) {
    for f in first..last - 1 {
        let mut best = f;
        for k in f + 1..last {
            if less(&a[k], &a[best]) {
                best = k;
            }
        }
        if best != f {
            a.swap(f, best);
        }
    }
}

/// Reorders `a` so that `a[nth]` is what a sort would put there, everything before it not
/// greater and everything after it not less (for a consistent `less`).
pub fn nth_element<T, F: Fn(&T, &T) -> bool>(a: &mut [T], nth: usize, less: F) {
    let (mut first, mut last) = (0usize, a.len());
    let less = &less;
    // the C++ loops that rely on guards: stop at the ends instead of reading past them
    loop {
        if nth == last {
            return;
        }
        let len = last - first;
        match len {
            0 | 1 => return,
            2 => {
                if less(&a[last - 1], &a[first]) {
                    a.swap(first, last - 1);
                }
                return;
            }
            3 => {
                sort3(a, first, first + 1, last - 1, less);
                return;
            }
            _ => {}
        }
        if len <= 7 {
            selection_sort(a, first, last, less);
            return;
        }
        let mut m = first + len / 2;
        let lm1 = last - 1;
        let mut swaps = sort3(a, first, m, lm1, less) as u32;
        let mut i = first;
        let mut j = lm1;
        if !less(&a[i], &a[m]) {
            // look downward for an element below the pivot to guard the partition
            let mut guard = false;
            loop {
                j -= 1;
                if i == j {
                    break;
                }
                if less(&a[j], &a[m]) {
                    guard = true;
                    break;
                }
            }
            if guard {
                a.swap(i, j);
                swaps += 1;
            } else {
                // nothing below a[first]: split into [== a[first]] and [> a[first]]
                i += 1;
                j = last - 1;
                if !less(&a[first], &a[j]) {
                    loop {
                        if i == j {
                            return;
                        } else if less(&a[first], &a[i]) {
                            a.swap(i, j);
                            i += 1;
                            break;
                        }
                        i += 1;
                    }
                }
                if i == j {
                    return;
                }
                loop {
                    while i + 1 < last && !less(&a[first], &a[i]) {
                        i += 1;
                    }
                    loop {
                        if j == first {
                            break;
                        }
                        j -= 1;
                        if !less(&a[first], &a[j]) {
                            break;
                        }
                    }
                    if i >= j {
                        break;
                    }
                    a.swap(i, j);
                    i += 1;
                }
                if nth < i {
                    return;
                }
                first = i;
                continue;
            }
        }
        i += 1;
        if i < j {
            loop {
                while i + 1 < last && less(&a[i], &a[m]) {
                    i += 1;
                }
                loop {
                    if j == first {
                        break;
                    }
                    j -= 1;
                    if less(&a[j], &a[m]) {
                        break;
                    }
                }
                if i >= j {
                    break;
                }
                a.swap(i, j);
                swaps += 1;
                if m == i {
                    m = j;
                }
                i += 1;
            }
        }
        if i != m && less(&a[m], &a[i]) {
            a.swap(i, m);
            swaps += 1;
        }
        if nth == i {
            return;
        }
        if swaps == 0 {
            // already partitioned: done if the part holding nth is sorted
            let (lo, hi) = if nth < i { (first, i) } else { (i, last) };
            let mut sorted = true;
            for k in lo + 1..hi {
                if less(&a[k], &a[k - 1]) {
                    sorted = false;
                    break;
                }
            }
            if sorted {
                return;
            }
        }
        if nth < i {
            last = i;
        } else {
            first = i + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::nth_element;

    #[test]
    fn selects_like_a_sort() {
        let mut seed = 12345u64;
        for n in 1..60usize {
            for nth in 0..n {
                let v: Vec<u32> = (0..n)
                    .map(|_| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        ((seed >> 33) % 7) as u32
                    })
                    .collect();
                let mut s = v.clone();
                s.sort();
                let mut a = v.clone();
                nth_element(&mut a, nth, |x, y| x < y);
                assert_eq!(a[nth], s[nth]);
                assert!(a[..nth].iter().all(|&x| x <= a[nth]));
                assert!(a[nth + 1..].iter().all(|&x| x >= a[nth]));
            }
        }
    }
}
