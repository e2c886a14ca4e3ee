#!/usr/bin/env bash
# Spec-API programs (spec_diff.c) on upstream's library and ours: the printed API results must be
# identical and every compiled model equal field by field (dumped by upstream's library); the
# model signatures of models/*.xml compiled from XML are compared as well.
#   spec_diff.sh OUR_LIBDIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ref=$("$here/refget.sh"); ours=$(cd "${1:-$root/dist/lib}" && pwd)
work=$root/target/spec-diff; mkdir -p "$work/ref" "$work/our"
gcc -O1 -std=gnu11 -I"$ref/include" "$here/spec_diff.c" -L"$ref/lib" -lmujoco -lm -o "$work/spec_diff" || exit 2
[ "$work/mjdiff" -nt "$here/mjdiff.c" ] || gcc -O1 -std=gnu11 -I"$ref/include" "$here/mjdiff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/mjdiff" || exit 2
# the signatures of every models/*.xml without engine plugins are compared too
models=(); for x in "$root"/models/*.xml; do grep -qE '<(extension|plugin)[ />]' "$x" || models+=("$x"); done
LD_LIBRARY_PATH=$ref/lib "$work/spec_diff" "$work/ref" "${models[@]}" >"$work/ref.txt" 2>&1 || { echo "FAIL upstream run"; exit 1; }
LD_LIBRARY_PATH=$ours "$work/spec_diff" "$work/our" "${models[@]}" >"$work/our.txt" 2>&1 || { echo "FAIL our run"; tail -3 "$work/our.txt"; exit 1; }
pass=0; fail=0
if cmp -s "$work/ref.txt" "$work/our.txt"; then pass=$((pass+1)); echo "PASS printed API results ($(wc -l <"$work/ref.txt") lines)"
else fail=$((fail+1)); echo "FAIL printed API results"; diff "$work/ref.txt" "$work/our.txt" | head -10; fi
for f in "$work"/ref/*.mjb; do
  n=$(basename "$f" .mjb)
  LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" model "$f" "$work/ref/$n.txt"
  LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" model "$work/our/$n.mjb" "$work/our/$n.txt" 2>/dev/null
  if cmp -s "$work/ref/$n.txt" "$work/our/$n.txt"; then pass=$((pass+1)); echo "PASS $n: every mjModel field equal"
  else fail=$((fail+1)); echo "FAIL $n: fields differ"; diff "$work/ref/$n.txt" "$work/our/$n.txt" | head -6 | cut -c1-200; fi
done
echo "spec: $pass passed, $fail failed"
[ $fail -eq 0 ]
