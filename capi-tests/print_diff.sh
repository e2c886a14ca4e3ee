#!/usr/bin/env bash
# mj_printModel / mj_printData / formatted variants / mj_printSparsity against upstream:
# print_diff.sh [OUR_LIBDIR] [MODEL.xml ...]  (models default to models/*.xml). Each model is
# compiled to MJB by upstream; print_diff loads it and computes a seeded state with upstream's
# library, then prints with upstream's library and with ours (dlopen); every output file,
# warning and error log included, must be byte-identical. Exit status 0 when all agree.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ours=$(cd "${1:-$root/dist/lib}" && pwd); shift || true
ref=$("$here/refget.sh")
work=$root/target/print-diff; mkdir -p "$work"
models=("$@"); [ ${#models[@]} -gt 0 ] || models=("$root"/models/*.xml)
gcc -O1 -std=gnu11 -I"$ref/include" "$here/print_diff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/print_diff" || exit 2
gcc -O1 -std=gnu11 -I"$ref/include" "$here/mjdiff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/mjdiff" || exit 2
pass=0; fail=0; skip=0
for xml in "${models[@]}"; do
  n=$(basename "$xml" .xml); mjb=$work/$n.mjb
  LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$xml" "$mjb" >/dev/null 2>&1 || { echo "SKIP $n (upstream cannot compile)"; skip=$((skip+1)); continue; }
  rm -rf "$work/$n.ref" "$work/$n.our"; mkdir -p "$work/$n.ref" "$work/$n.our"
  if ! (cd "$work" && LD_LIBRARY_PATH=$ref/lib timeout 60 "$work/print_diff" "$mjb" "$ref/lib/libmujoco.so.3.4.0" "$work/$n.ref" >/dev/null); then
    echo "FAIL $n: reference run"; fail=$((fail+1)); continue
  fi
  if ! (cd "$work" && LD_LIBRARY_PATH=$ref/lib timeout 60 "$work/print_diff" "$mjb" "$ours/libmujoco.so.3.4.0" "$work/$n.our" >/dev/null); then
    echo "FAIL $n: our run"; fail=$((fail+1)); continue
  fi
  bad=""
  for f in "$work/$n.ref"/*; do
    b=$(basename "$f")
    cmp -s "$f" "$work/$n.our/$b" || bad="$bad $b"
  done
  nf=$(ls "$work/$n.ref" | wc -l)
  if [ -z "$bad" ] && [ "$nf" -eq "$(ls "$work/$n.our" | wc -l)" ]; then
    pass=$((pass+1)); echo "PASS $n ($nf files identical)"
  else
    fail=$((fail+1)); echo "FAIL $n:${bad:- file lists differ}"
    for b in $bad; do
      diff "$work/$n.ref/$b" "$work/$n.our/$b" | head -8 | sed "s/^/    $b: /"
    done
  fi
done
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
