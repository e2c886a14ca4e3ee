#!/usr/bin/env bash
# Load time of models loaded N times in a row (cache_bench.c), upstream's library against ours,
# with the asset cache and without it (capacity 0). Not part of `make test`; numbers for the
# README.   cache_bench.sh [OUR_LIBDIR] [N] MODEL.xml...
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ours=$(cd "${1:-$root/dist/lib}" && pwd); shift || true
n=${1:-20}; shift || true
ref=$("$here/refget.sh")
work=$root/target/cache-bench; mkdir -p "$work"
gcc -O2 -std=gnu11 -I"$ref/include" "$here/cache_bench.c" -L"$ref/lib" -lmujoco -o "$work/cache_bench" || exit 2
for xml in "$@"; do
  for mode in on off; do
    line=""
    for lib in "$ref/lib" "$ours"; do
      t=$(LD_LIBRARY_PATH=$lib "$work/cache_bench" "$xml" "$n" "$mode" | sed 's/.*total \([0-9.]*\) ms.*/\1/')
      line="$line $t"
    done
    set -- $line "$@"
    printf "%-40s cache %-3s  upstream %8.1f ms  ours %8.1f ms  (ours/upstream %.2f)\n" \
      "$(basename "$xml")" "$mode" "$1" "$2" "$(echo "$2 / $1" | bc -l)"
    shift 2
  done
done
