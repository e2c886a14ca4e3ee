#!/usr/bin/env bash
# Spec-API programs (spec_diff.c and every other spec_*diff.c) on upstream's library and ours:
# the printed API results must be identical and every compiled model equal field by field
# (dumped by upstream's library). spec_diff.c also compares the model signatures of
# models/*.xml compiled from XML. Each program takes OUTDIR then model files.
#   spec_diff.sh OUR_LIBDIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ref=$("$here/refget.sh"); ours=$(cd "${1:-$root/dist/lib}" && pwd)
# upstream's first-party plugin libraries, for the programs that load them (spec_flex_diff.c)
export MJPLUGIN_DIR=$ref/plugin
work=$root/target/spec-diff; mkdir -p "$work"
[ "$work/mjdiff" -nt "$here/mjdiff.c" ] || gcc -O1 -std=gnu11 -I"$ref/include" "$here/mjdiff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/mjdiff" || exit 2
# the signatures of every models/*.xml without engine plugins are compared too
models=(); for x in "$root"/models/*.xml; do grep -qE '<(extension|plugin)[ />]' "$x" || models+=("$x"); done
pass=0; fail=0
for src in "$here"/spec_*diff.c; do
  prog=$(basename "$src" .c); out=$work/$prog; rm -rf "$out"; mkdir -p "$out/ref" "$out/our"
  gcc -O1 -std=gnu11 -I"$ref/include" "$src" -L"$ref/lib" -lmujoco -lm -o "$out/$prog" || exit 2
  LD_LIBRARY_PATH=$ref/lib "$out/$prog" "$out/ref" "${models[@]}" >"$out/ref.txt" 2>&1 || { echo "FAIL $prog: upstream run"; exit 1; }
  LD_LIBRARY_PATH=$ours "$out/$prog" "$out/our" "${models[@]}" >"$out/our.txt" 2>&1 || { echo "FAIL $prog: our run"; tail -3 "$out/our.txt"; fail=$((fail+1)); continue; }
  if cmp -s "$out/ref.txt" "$out/our.txt"; then pass=$((pass+1)); echo "PASS $prog: printed API results ($(wc -l <"$out/ref.txt") lines)"
  else fail=$((fail+1)); echo "FAIL $prog: printed API results"; diff "$out/ref.txt" "$out/our.txt" | head -10; fi
  for f in "$out"/ref/*.mjb; do
    [ -e "$f" ] || continue
    n=$(basename "$f" .mjb)
    LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" model "$f" "$out/ref/$n.txt"
    LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" model "$out/our/$n.mjb" "$out/our/$n.txt" 2>/dev/null
    if cmp -s "$out/ref/$n.txt" "$out/our/$n.txt"; then pass=$((pass+1)); echo "PASS $prog/$n: every mjModel field equal"
    else fail=$((fail+1)); echo "FAIL $prog/$n: fields differ"; diff "$out/ref/$n.txt" "$out/our/$n.txt" | head -6 | cut -c1-200; fi
  done
done
echo "spec: $pass passed, $fail failed"
[ $fail -eq 0 ]
