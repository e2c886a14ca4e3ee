#!/usr/bin/env bash
# Engine plugins against upstream 3.4.0, with upstream's own first-party plugin libraries (the
# wheel's mujoco/plugin/*.so, fetched by refget.sh; they link against libmujoco.so.3.4.0, so
# with our library in its place they register into our registry). Every models/plugin/*.xml is
# compiled to MJB by upstream with those libraries loaded; then, on upstream's library and on
# ours: mj_forward, mj_inverse, 20 mj_step (each model picks its integrator), steps around
# mj_resetData and mj_copyData (stage_diff with MJPLUGIN_DIR; every mjData array compared,
# 1e-9 for single passes, 1e-7 for steps), the instance lifecycle (plugin_engine_diff data:
# creation, copies, resets, a failing init) and mjv_initGeom / mjv_connector (plugin_engine_diff
# geoms), whose outputs must be identical. Prints one line per check and
# 'plugin engine: N passed, N failed'. Checks that fail only because our mj_loadModel refuses
# plugin sensors (a loader gap, not an engine one) are listed as KNOWN GAP and not counted.
#   plugin_engine_diff.sh [OUR_LIBDIR] [MODEL.xml ...]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
export OURS=$(cd "${1:-$root/dist/lib}" && pwd); shift || true
ref=$("$here/refget.sh")
export MJPLUGIN_DIR=$ref/plugin
work=$root/target/plugin-engine-diff; rm -rf "$work"; mkdir -p "$work"
models=("$@"); [ ${#models[@]} -gt 0 ] || models=("$root"/models/plugin/*.xml)
pass=0; fail=0; gap=0
ok() { pass=$((pass+1)); echo "PASS $1"; }
# until our MJB loader sizes plugin sensors (src/model/validate.rs), models with them cannot be
# loaded by our library; such checks are reported, not counted
GAPMSG="not supported yet: plugin sensors"
known_gap() { gap=$((gap+1)); echo "KNOWN GAP $1 (our mj_loadModel: '$GAPMSG')"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; [ -z "${2:-}" ] || echo "$2" | head -8 | sed 's/^/    /'; }
if ! ls "$MJPLUGIN_DIR"/*.so >/dev/null 2>&1; then
  bad "upstream plugin libraries in $MJPLUGIN_DIR"; echo "plugin engine: $pass passed, $fail failed"; exit 1
fi
cc() { gcc -O1 -Wall -std=gnu11 -I"$ref/include" "$@" -L"$ref/lib" -lmujoco -lm -ldl; }
cc "$here/plugin_engine_diff.c" -o "$work/plugin_engine_diff" || { bad "build plugin_engine_diff"; exit 1; }
cc "$here/mjdiff.c" -o "$work/mjdiff" || { bad "build mjdiff"; exit 1; }
same() { # name, args...: identical output of plugin_engine_diff on both libraries
  local name=$1; shift
  LD_LIBRARY_PATH=$ref/lib timeout 60 "$work/plugin_engine_diff" "$@" > "$work/out.ref" 2>&1
  LD_LIBRARY_PATH=$OURS timeout 60 "$work/plugin_engine_diff" "$@" > "$work/out.our" 2>&1
  if cmp -s "$work/out.ref" "$work/out.our"; then ok "$name ($(wc -l < "$work/out.ref") lines)"
  elif grep -q "$GAPMSG" "$work/out.our"; then known_gap "$name"
  else bad "$name" "$(diff "$work/out.ref" "$work/out.our")"; fi
}
check() { # name, tol, mjb, seed, stages [dsbl]
  local out
  if out=$(MJDUMP_DSBL=${6:-0} "$here/stage_diff.sh" "$3" "$4" "$5" "$2" 2>&1); then ok "$1"
  elif [[ $out == *"$GAPMSG"* ]]; then known_gap "$1"
  else bad "$1" "$out"; fi
}
same "mjv_initGeom and mjv_connector" geoms
for xml in "${models[@]}"; do
  n=$(basename "$xml"); mjb=$work/$(basename "$xml" .xml).mjb
  if ! LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$xml" "$mjb" 2>"$work/err"; then
    bad "compile $n with upstream" "$(cat "$work/err")"; continue
  fi
  for seed in 1 4; do check "forward $n seed $seed" 1e-9 "$mjb" $seed forward; done
  check "forward $n without constraints" 1e-9 "$mjb" 3 forward 1
  check "inverse $n" 1e-9 "$mjb" 2 forward,inverse
  check "20 steps $n" 1e-7 "$mjb" 1 "step*20"
  check "steps around mj_resetData $n" 1e-7 "$mjb" 2 "forward,step*5,resetData,step*3"
  check "steps around mj_copyData $n" 1e-7 "$mjb" 4 "step*3,copyData,step*3"
  check "steps around mj_copyData into data $n" 1e-7 "$mjb" 5 "step*2,copyDataInto,step*3"
  same "instance lifecycle $n" data "$MJPLUGIN_DIR" "$mjb"
done
echo "plugin engine: $pass passed, $fail failed$([ $gap -eq 0 ] || echo ", $gap known gaps")"
[ $fail -eq 0 ]
