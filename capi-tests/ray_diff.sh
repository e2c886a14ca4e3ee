#!/usr/bin/env bash
# Ray casting against upstream: ray_diff.sh [OUR_LIBDIR] [MODEL.xml|MODEL.mjb ...]
# (models default to models/rays.xml). Each XML model is compiled to MJB by upstream; ray_diff
# runs on both libraries for a few seeds (RAY_SEEDS, default "1 2 3") with RAY_N rays per
# function (default 300) and the outputs must be byte-identical (cmp). Our library is copied
# first, so a rebuild during the run does not change it. Exit status 0 when all agree.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
src=$(cd "${1:-$root/dist/lib}" && pwd); shift || true
ref=$("$here/refget.sh")
work=$root/target/ray-diff; mkdir -p "$work"
ours=$(mktemp -d "$work/ours.XXXXXX"); trap 'rm -rf "$ours"' EXIT
cp -L "$src"/libmujoco.so* "$ours"/ || exit 2
models=("$@"); [ ${#models[@]} -gt 0 ] || models=("$root/models/rays.xml")
for prog in ray_diff mjdiff; do
  gcc -O1 -Wall -std=gnu11 -I"$ref/include" "$here/$prog.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/$prog" || exit 2
done
pass=0; fail=0
for model in "${models[@]}"; do
  n=$(basename "$model"); n=${n%.*}
  case "$model" in
    *.mjb) mjb=$model ;;
    *) mjb=$work/$n.mjb
       LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$model" "$mjb" 2>/dev/null || { echo "SKIP $n (upstream cannot compile)"; continue; } ;;
  esac
  for seed in ${RAY_SEEDS:-1 2 3}; do
    o=$work/$n.$seed
    LD_LIBRARY_PATH=$ref/lib timeout 120 "$work/ray_diff" "$mjb" "$seed" "${RAY_N:-300}" "$o.ref" \
      || { echo "FAIL $n seed $seed: reference run"; fail=$((fail+1)); continue; }
    if LD_LIBRARY_PATH=$ours timeout 120 "$work/ray_diff" "$mjb" "$seed" "${RAY_N:-300}" "$o.our" \
       && cmp -s "$o.ref" "$o.our"; then
      pass=$((pass+1)); echo "PASS $n seed $seed ($(wc -l <"$o.ref") lines)"
    else
      fail=$((fail+1)); echo "FAIL $n seed $seed"
      diff "$o.ref" "$o.our" | head -6 | cut -c1-300 | sed 's/^/    /'
    fi
  done
done
echo "rays: $pass passed, $fail failed"
[ $fail -eq 0 ]
