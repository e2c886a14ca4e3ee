#!/usr/bin/env bash
# The OpenGL renderer against upstream, headless through Mesa's EGL (surfaceless):
# render_diff.sh [OUR_LIBDIR] [MODEL.xml ...] (models default to a dozen covering every geom
# type, meshes, height fields, skins, flexes, textures and lights; RENDER_ALL=1 takes
# models/*.xml, models/vis/*.xml and models/render/*.xml). Each model is compiled to MJB by upstream; render_diff.c renders the
# same scenes (3D with every flag set, segmentation, 2D overlays, figure, aux buffers, resized
# buffer) once with upstream's library and once with ours, then compares the images (at most
# 0.1% of pixels off by more than 2 levels, colour and depth) and the mjrContext bytes.
# Then ui_diff.c: the mjui_ functions, mjUI byte-equal.
# Exit status 0 when every model agrees; models skipped when no EGL context can be made.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
src=$(cd "${1:-$root/dist/lib}" && pwd); shift || true
ref=$("$here/refget.sh")
work=$root/target/render-diff; mkdir -p "$work"
ours=$(mktemp -d "$work/ours.XXXXXX"); trap 'rm -rf "$ours"' EXIT
cp -L "$src"/libmujoco.so.3.4.0 "$ours"/ || exit 2
models=("$@")
if [ ${#models[@]} -eq 0 ]; then
  if [ -n "${RENDER_ALL:-}" ]; then
    models=("$root"/models/*.xml "$root"/models/vis/*.xml "$root"/models/render/*.xml)
  else
    for n in pendulum walker contacts tendons flex composite_cable xml_meshes xml_mesh_builtin \
             xml_sdf_mesh xml_hfields xml_skins vis/tactile render/scene; do models+=("$root/models/$n.xml"); done
  fi
fi
gcc -O1 -Wall -std=gnu11 -I"$ref/include" "$here/render_diff.c" -L"$ref/lib" -lmujoco -lEGL -lm -o "$work/render_diff" || exit 2
gcc -O1 -std=gnu11 -I"$ref/include" "$here/mjdiff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/mjdiff" || exit 2
pass=0; fail=0; skip=0
for model in "${models[@]}"; do
  n=$(basename "$model" .xml); mjb=$work/$n.mjb
  LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$model" "$mjb" >/dev/null 2>&1 \
    || { echo "SKIP $n (upstream cannot compile)"; skip=$((skip+1)); continue; }
  rm -rf "$work/$n"; mkdir -p "$work/$n/ref" "$work/$n/our"
  if ! LD_LIBRARY_PATH=$ref/lib timeout 300 "$work/render_diff" run "$mjb" "$work/$n/ref" >"$work/$n/ref.log" 2>&1; then
    echo "SKIP $n (reference run: $(head -c 200 "$work/$n/ref.log"))"; skip=$((skip+1)); continue
  fi
  if ! LD_LIBRARY_PATH=$ours timeout 300 "$work/render_diff" run "$mjb" "$work/$n/our" >"$work/$n/our.log" 2>&1; then
    echo "FAIL $n (our run: $(head -c 300 "$work/$n/our.log"))"; fail=$((fail+1)); continue
  fi
  out=$(LD_LIBRARY_PATH=$ref/lib "$work/render_diff" cmp "$work/$n/ref" "$work/$n/our" 2>&1); rc=$?
  summary=$(printf '%s\n' "$out" | grep '^render:')
  if [ $rc -eq 0 ]; then
    pass=$((pass+1)); echo "PASS $n (${summary#render: })"; rm -rf "$work/$n"
  else
    fail=$((fail+1)); echo "FAIL $n (${summary#render: })"; printf '%s\n' "$out" | grep -v '^render:' | grep -E "FAIL|differs" | head -8
  fi
done
# UI (every mjui_ function): both libraries in one process and one EGL context, mjUI structs
# byte-equal, UI images byte-equal, event sequences with equal results
gcc -O1 -Wall -std=gnu11 -I"$ref/include" "$here/ui_diff.c" -lEGL -ldl -o "$work/ui_diff" || exit 2
if out=$("$work/ui_diff" "$ref/lib/libmujoco.so.3.4.0" "$ours/libmujoco.so.3.4.0" 2>&1); then
  pass=$((pass+1)); echo "PASS ui_diff (${out##*ui: })"
else
  fail=$((fail+1)); echo "FAIL ui_diff"; printf '%s\n' "$out" | head -8
fi
echo "render_diff: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
