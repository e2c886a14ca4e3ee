#!/usr/bin/env bash
# The abstract visualizer against upstream: vis_diff.sh [OUR_LIBDIR] [MODEL.xml|MODEL.mjb ...]
# (models default to models/*.xml and models/vis/*.xml). Each XML model is compiled to MJB by
# upstream; vis_diff computes one seeded state with upstream's library and compares every mjv_
# function and mj_printScene of the two libraries on it (see vis_diff.c). Our library is copied
# first, so a rebuild during the run does not change it. Exit status 0 when every model agrees.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
src=$(cd "${1:-$root/dist/lib}" && pwd); shift || true
ref=$("$here/refget.sh")
work=$root/target/vis-diff; mkdir -p "$work"
ours=$(mktemp -d "$work/ours.XXXXXX"); trap 'rm -rf "$ours"' EXIT
cp -L "$src"/libmujoco.so.3.4.0 "$ours"/ || exit 2
models=("$@"); [ ${#models[@]} -gt 0 ] || models=("$root"/models/*.xml "$root"/models/vis/*.xml)
for prog in vis_diff mjdiff; do
  gcc -O1 -Wall -std=gnu11 -I"$ref/include" "$here/$prog.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/$prog" || exit 2
done
pass=0; fail=0; skip=0; checks=0
for model in "${models[@]}"; do
  n=$(basename "$model"); n=${n%.*}
  case "$model" in
    *.mjb) mjb=$model ;;
    *) mjb=$work/$n.mjb
       LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$model" "$mjb" >/dev/null 2>&1 \
         || { echo "SKIP $n (upstream cannot compile)"; skip=$((skip+1)); continue; } ;;
  esac
  out=$work/$n; rm -rf "$out"; mkdir -p "$out"
  log=$(LD_LIBRARY_PATH=$ref/lib timeout 300 "$work/vis_diff" "$mjb" "$ref/lib/libmujoco.so.3.4.0" "$ours/libmujoco.so.3.4.0" "$out" 2>&1)
  rc=$?
  summary=$(printf '%s\n' "$log" | grep '^vis:' | tail -1)
  c=$(printf '%s\n' "$summary" | awk '{print $2}'); checks=$((checks + ${c:-0}))
  if [ $rc -eq 4 ]; then
    skip=$((skip+1)); echo "SKIP $n ($(printf '%s\n' "$log" | grep -m1 'cannot simulate' | cut -c1-200))"; continue
  fi
  if [ $rc -eq 0 ]; then
    pass=$((pass+1)); echo "PASS $n (${summary#vis: }; $(printf "%s\n" "$log" | grep -E "scene (defaults|all flags):|rays hit" | sed "s/^ *//" | tr "\n" ";"))"
  else
    fail=$((fail+1)); echo "FAIL $n (${summary:-exit $rc})"
    printf '%s\n' "$log" | grep -v '^vis:' | grep -v 'rays hit' | head -12 | cut -c1-300 | sed 's/^/    /'
  fi
done

# plugin visualize hooks: models/plugin/*.xml with upstream's plugin libraries loaded into the
# library under test; each library computes the state and the scene (--single), and the dumps
# are compared within 1e-6 (the states agree to the engine's tolerance)
if [ $# -eq 0 ] && ls "$ref"/plugin/*.so >/dev/null 2>&1; then
  for xml in "$root"/models/plugin/*.xml; do
    n=plugin_$(basename "$xml" .xml); mjb=$work/$n.mjb
    MJPLUGIN_DIR=$ref/plugin LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$xml" "$mjb" >/dev/null 2>&1 \
      || { echo "SKIP $n (upstream cannot compile)"; skip=$((skip+1)); continue; }
    MJPLUGIN_DIR=$ref/plugin LD_LIBRARY_PATH=$ref/lib timeout 120 "$work/vis_diff" "$mjb" --single "$work/$n.ref" >/dev/null 2>&1 \
      || { echo "FAIL $n: reference run"; fail=$((fail+1)); continue; }
    if ! MJPLUGIN_DIR=$ref/plugin LD_LIBRARY_PATH=$ours timeout 120 "$work/vis_diff" "$mjb" --single "$work/$n.our" >"$work/$n.log" 2>&1; then
      if grep -q "not supported yet" "$work/$n.log"; then
        echo "SKIP $n (our mj_loadModel: $(grep -o 'not supported yet[^.]*' "$work/$n.log" | head -1))"; skip=$((skip+1))
      else
        echo "FAIL $n: our run"; fail=$((fail+1)); head -5 "$work/$n.log" | sed 's/^/    /'
      fi
      continue
    fi
    res=$(python3 "$here/stage_compare.py" "$work/$n.ref" "$work/$n.our" 1e-6); rc=$?
    checks=$((checks+1))
    if [ $rc -eq 0 ] && ! printf '%s\n' "$res" | grep -q DIFF; then
      pass=$((pass+1)); echo "PASS $n ($(grep -c . "$work/$n.ref") lines; $(grep ngeom "$work/$n.ref" | tr "\n" " "))"
    else
      fail=$((fail+1)); echo "FAIL $n"; printf '%s\n' "$res" | head -8 | sed 's/^/    /'
    fi
  done
fi
echo "vis: $pass models passed, $fail failed, $skip skipped ($checks comparisons)"
[ $fail -eq 0 ]
