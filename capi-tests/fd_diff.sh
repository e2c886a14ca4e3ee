#!/usr/bin/env bash
# Finite-difference derivatives against upstream: fd_diff.sh [OUR_LIBDIR] [MODEL.xml ...]
# (models default to models/*.xml). Each model is compiled to MJB by upstream; fd_diff runs on
# both libraries (seed 0) and stage_compare.py compares the outputs (tol 1e-9 relative).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ours=$(cd "${1:-$root/dist/lib}" && pwd); shift || true
ref=$("$here/refget.sh")
work=$root/target/fd-diff; mkdir -p "$work"
models=("$@"); [ ${#models[@]} -gt 0 ] || models=("$root"/models/*.xml)
for prog in fd_diff mjdiff; do
  gcc -O1 -std=gnu11 -I"$ref/include" "$here/$prog.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/$prog" || exit 2
done
pass=0; fail=0
for xml in "${models[@]}"; do
  n=$(basename "$xml" .xml); mjb=$work/$n.mjb
  LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$xml" "$mjb" 2>/dev/null || { echo "SKIP $n (upstream cannot compile)"; continue; }
  o=$work/$n
  LD_LIBRARY_PATH=$ref/lib timeout 120 "$work/fd_diff" "$mjb" 0 "$o.ref" || { echo "FAIL $n: reference run"; fail=$((fail+1)); continue; }
  if LD_LIBRARY_PATH=$ours timeout 120 "$work/fd_diff" "$mjb" 0 "$o.our" \
     && python3 "$here/stage_compare.py" "$o.ref" "$o.our" 1e-9 >"$o.log"; then
    pass=$((pass+1)); echo "PASS $n ($(tail -1 "$o.log"))"
  else
    fail=$((fail+1)); echo "FAIL $n"; head -20 "$o.log" 2>/dev/null | sed 's/^/    /'
  fi
done
echo "fd: $pass passed, $fail failed"
[ $fail -eq 0 ]
