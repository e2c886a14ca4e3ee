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

/// `std::sort` as upstream's library runs it (libc++ 20's introsort for a comparator that is not
/// a plain `<` on numbers): the order it leaves elements that compare equal depends on the
/// algorithm, so results keyed on that order (the SDF distance tree) need the same one.
pub fn sort<T: Clone, F: Fn(&T, &T) -> bool>(a: &mut [T], less: F) {
    let n = a.len();
    if n == 0 {
        return;
    }
    let depth = 2 * (usize::BITS - 1 - n.leading_zeros()) as usize;
    introsort(a, 0, n, &less, depth, true);
}

fn sort4<T, F: Fn(&T, &T) -> bool>(a: &mut [T], x: [usize; 4], less: &F) {
    sort3(a, x[0], x[1], x[2], less);
    for k in (1..4).rev() {
        if !less(&a[x[k]], &a[x[k - 1]]) {
            break;
        }
        a.swap(x[k], x[k - 1]);
    }
}

fn sort5<T, F: Fn(&T, &T) -> bool>(a: &mut [T], x: [usize; 5], less: &F) {
    sort4(a, [x[0], x[1], x[2], x[3]], less);
    for k in (1..5).rev() {
        if !less(&a[x[k]], &a[x[k - 1]]) {
            break;
        }
        a.swap(x[k], x[k - 1]);
    }
}

/// Insertion sort of `a[first..last]`; `guarded` stops at `first`, otherwise the element before
/// `first` (not greater than any in the range) stops the inner loop.
fn insertion<T: Clone, F: Fn(&T, &T) -> bool>(a: &mut [T], first: usize, last: usize, less: &F, guarded: bool) {
    for i in first + 1..last {
        if less(&a[i], &a[i - 1]) {
            let t = a[i].clone();
            let mut j = i;
            loop {
                a[j] = a[j - 1].clone();
                j -= 1;
                if (guarded && j == first) || j == 0 || !less(&t, &a[j - 1]) {
                    break;
                }
            }
            a[j] = t;
        }
    }
}

/// Insertion sort that gives up after 8 moved elements; true when the range ended sorted.
fn insertion_incomplete<T: Clone, F: Fn(&T, &T) -> bool>(a: &mut [T], first: usize, last: usize, less: &F) -> bool {
    match last - first {
        0 | 1 => return true,
        2 => {
            if less(&a[last - 1], &a[first]) {
                a.swap(first, last - 1);
            }
            return true;
        }
        3 => {
            sort3(a, first, first + 1, last - 1, less);
            return true;
        }
        4 => {
            sort4(a, [first, first + 1, first + 2, last - 1], less);
            return true;
        }
        5 => {
            sort5(a, [first, first + 1, first + 2, first + 3, last - 1], less);
            return true;
        }
        _ => {}
    }
    sort3(a, first, first + 1, first + 2, less);
    let mut moved = 0;
    for i in first + 3..last {
        if less(&a[i], &a[i - 1]) {
            let t = a[i].clone();
            let mut j = i;
            loop {
                a[j] = a[j - 1].clone();
                j -= 1;
                if j == first || !less(&t, &a[j - 1]) {
                    break;
                }
            }
            a[j] = t;
            moved += 1;
            if moved == 8 {
                return i + 1 == last;
            }
        }
    }
    true
}

/// Partition around the pivot `a[first]`, equal elements to its right; the pivot's final
/// position and whether nothing had to be swapped.
fn partition_right<T: Clone, F: Fn(&T, &T) -> bool>(a: &mut [T], begin: usize, end: usize, less: &F) -> (usize, bool) {
    let pivot = a[begin].clone();
    let mut first = begin + 1;
    while first < end - 1 && less(&a[first], &pivot) {
        first += 1;
    }
    let mut last = end;
    if first == begin + 1 {
        while first < last {
            last -= 1;
            if less(&a[last], &pivot) {
                break;
            }
        }
    } else {
        loop {
            last -= 1;
            if last == begin || less(&a[last], &pivot) {
                break;
            }
        }
    }
    let already = first >= last;
    while first < last {
        a.swap(first, last);
        loop {
            first += 1;
            if first >= end - 1 || !less(&a[first], &pivot) {
                break;
            }
        }
        loop {
            last -= 1;
            if last == begin || less(&a[last], &pivot) {
                break;
            }
        }
    }
    let pos = first - 1;
    if pos != begin {
        a[begin] = a[pos].clone();
    }
    a[pos] = pivot;
    (pos, already)
}

/// Partition around the pivot `a[first]` with equal elements to its left; returns the position
/// after the pivot.
fn partition_left<T: Clone, F: Fn(&T, &T) -> bool>(a: &mut [T], begin: usize, end: usize, less: &F) -> usize {
    let pivot = a[begin].clone();
    let mut first = begin;
    let mut last = end;
    if less(&pivot, &a[end - 1]) {
        loop {
            first += 1;
            if less(&pivot, &a[first]) {
                break;
            }
        }
    } else {
        loop {
            first += 1;
            if first >= last || less(&pivot, &a[first]) {
                break;
            }
        }
    }
    if first < last {
        loop {
            last -= 1;
            if last == begin || !less(&pivot, &a[last]) {
                break;
            }
        }
    }
    while first < last {
        a.swap(first, last);
        loop {
            first += 1;
            if first >= end || less(&pivot, &a[first]) {
                break;
            }
        }
        loop {
            last -= 1;
            if last == begin || !less(&pivot, &a[last]) {
                break;
            }
        }
    }
    let pos = first - 1;
    if pos != begin {
        a[begin] = a[pos].clone();
    }
    a[pos] = pivot;
    first
}

/// libc++'s heap sort fallback (make_heap, then pop_heap with Floyd's sift-down).
fn heap_sort<T: Clone, F: Fn(&T, &T) -> bool>(a: &mut [T], less: &F) {
    let n = a.len();
    if n > 1 {
        for start in (0..=(n - 2) / 2).rev() {
            sift_down(a, n, start, less);
        }
    }
    let mut len = n;
    while len > 1 {
        // pop_heap of a[..len]
        let top = a[0].clone();
        let mut hole = 0usize;
        let mut child = 0usize;
        loop {
            let mut ci = 2 * child + 1;
            child = ci;
            if ci + 1 < len && less(&a[ci], &a[ci + 1]) {
                ci += 1;
                child += 1;
            }
            a[hole] = a[ci].clone();
            hole = ci;
            if child > (len - 2) / 2 {
                break;
            }
        }
        let last = len - 1;
        if hole == last {
            a[hole] = top;
        } else {
            a[hole] = a[last].clone();
            a[last] = top;
            // sift_up of the element now at `hole`
            let mut l = hole + 1;
            if l > 1 {
                let mut p = (l - 2) / 2;
                let mut pos = l - 1;
                if less(&a[p], &a[pos]) {
                    let t = a[pos].clone();
                    loop {
                        a[pos] = a[p].clone();
                        pos = p;
                        if p == 0 {
                            break;
                        }
                        l = p;
                        p = (l - 1) / 2;
                        if !less(&a[p], &t) {
                            break;
                        }
                    }
                    a[pos] = t;
                }
            }
        }
        len -= 1;
    }
}

fn sift_down<T: Clone, F: Fn(&T, &T) -> bool>(a: &mut [T], len: usize, mut start: usize, less: &F) {
    if len < 2 || (len - 2) / 2 < start {
        return;
    }
    let mut child = 2 * start + 1;
    if child + 1 < len && less(&a[child], &a[child + 1]) {
        child += 1;
    }
    if less(&a[child], &a[start]) {
        return;
    }
    let top = a[start].clone();
    loop {
        a[start] = a[child].clone();
        start = child;
        if (len - 2) / 2 < child {
            break;
        }
        child = 2 * child + 1;
        if child + 1 < len && less(&a[child], &a[child + 1]) {
            child += 1;
        }
        if less(&a[child], &top) {
            break;
        }
    }
    a[start] = top;
}

fn introsort<T: Clone, F: Fn(&T, &T) -> bool>(
    a: &mut [T],
    mut first: usize,
    mut last: usize,
    less: &F,
    mut depth: usize,
    mut leftmost: bool,
) {
    loop {
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
            4 => {
                sort4(a, [first, first + 1, first + 2, last - 1], less);
                return;
            }
            5 => {
                sort5(a, [first, first + 1, first + 2, first + 3, last - 1], less);
                return;
            }
            _ => {}
        }
        if len < 24 {
            insertion(a, first, last, less, leftmost);
            return;
        }
        if depth == 0 {
            heap_sort(&mut a[first..last], less);
            return;
        }
        depth -= 1;
        let half = len / 2;
        if len > 128 {
            sort3(a, first, first + half, last - 1, less);
            sort3(a, first + 1, first + half - 1, last - 2, less);
            sort3(a, first + 2, first + half + 1, last - 3, less);
            sort3(a, first + half - 1, first + half, first + half + 1, less);
            a.swap(first, first + half);
        } else {
            sort3(a, first + half, first, last - 1, less);
        }
        if !leftmost && !less(&a[first - 1], &a[first]) {
            first = partition_left(a, first, last, less);
            continue;
        }
        let (i, already) = partition_right(a, first, last, less);
        if already {
            let fs = insertion_incomplete(a, first, i, less);
            if insertion_incomplete(a, i + 1, last, less) {
                if fs {
                    return;
                }
                last = i;
                continue;
            } else if fs {
                first = i + 1;
                continue;
            }
        }
        introsort(a, first, i, less, depth, leftmost);
        leftmost = false;
        first = i + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{heap_sort, nth_element, sort};

    #[test]
    fn sorts_with_ties() {
        let mut seed = 777u64;
        for n in [0usize, 1, 2, 3, 4, 5, 6, 23, 24, 25, 100, 129, 300, 1000, 5000] {
            for modulus in [3u64, 50, 1 << 30] {
                let v: Vec<(u64, usize)> = (0..n)
                    .map(|i| {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        ((seed >> 33) % modulus, i)
                    })
                    .collect();
                let mut want: Vec<u64> = v.iter().map(|x| x.0).collect();
                want.sort();
                let mut a = v.clone();
                sort(&mut a, |x, y| x.0 < y.0);
                assert_eq!(a.iter().map(|x| x.0).collect::<Vec<_>>(), want);
                let mut ids: Vec<usize> = a.iter().map(|x| x.1).collect();
                ids.sort();
                assert!(ids.iter().enumerate().all(|(i, &k)| i == k));
                let mut h = v.clone();
                heap_sort(&mut h, &|x: &(u64, usize), y: &(u64, usize)| x.0 < y.0);
                assert_eq!(h.iter().map(|x| x.0).collect::<Vec<_>>(), want);
            }
        }
    }

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
