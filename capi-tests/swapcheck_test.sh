#!/usr/bin/env bash
# Tests mjswapcheck (programs/mjswapcheck.c), the copy `make install` puts in PREFIX/bin:
#  - models on which upstream's library and ours agree: an MJCF with contacts, a URDF, an MJB
#    saved by our mj_saveModel (dist/bin/compile), a keyframe start, noisy controls, --json:
#    exit 0 with every field and every step bitwise equal;
#  - libraries made to disagree (capi-tests/swapcheck_perturb.c, wrappers of our library): a
#    step that nudges qpos[0] by 1e-9 or by 1e-13 (the latter passes with --tol 1e-6), a model
#    with opt.timestep one ulp larger, a loader that refuses, a step that calls mju_error:
#    exit 1 with the difference named;
#  - usage and load errors: exit 2 with the loader's message;
#  - without --ref, upstream's library fetched from PyPI into $XDG_CACHE_HOME/mjswapcheck (here
#    target/swapcheck/xdg, kept between runs) and its bytes equal to capi-tests/refget.sh's; its
#    plugin libraries fetched alongside and loaded into both libraries (--plugins) for a model
#    that needs them.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$root/target/swapcheck
lib=$root/dist/lib/libmujoco.so.3.4.0
ref=$(capi-tests/refget.sh)/lib/libmujoco.so.3.4.0
[ -x dist/bin/mjswapcheck ] && [ -x dist/bin/compile ] || { echo "swapcheck_test: make programs first" >&2; exit 1; }
rm -rf "$work/out" "$work/prefix" "$work/lib"
mkdir -p "$work/out" "$work/lib"

# the installed layout: PREFIX/bin/mjswapcheck finds PREFIX/lib/libmujoco.so.3.4.0 by itself
# (-o: the library is taken as built; the name must be spelled as in the Makefile)
make -s -C "$root" -o dist/lib/libmujoco.so.3.4.0 install PREFIX="$work/prefix" >/dev/null
bin=$work/prefix/bin/mjswapcheck

# libraries made to disagree, each a wrapper of our library (found through its RUNPATH)
for v in "step -DPERTURB_STEP=1e-9" "tiny -DPERTURB_STEP=1e-13" "model -DPERTURB_MODEL" \
         "load -DPERTURB_LOAD" "error -DPERTURB_ERROR=1.0"; do
  set -- $v
  gcc -O2 -Wall -shared -fPIC -Iinclude "$2" capi-tests/swapcheck_perturb.c \
      -o "$work/lib/perturb_$1.so" -Wl,--no-as-needed -L"$root/dist/lib" -l:libmujoco.so.3.4.0 \
      -Wl,-rpath,"$root/dist/lib" -ldl -lm
done

# an MJB saved by our library
dist/bin/compile models/walker.xml "$work/out/walker.mjb" >/dev/null

failures=0
n=0
# expect NAME RC 'PATTERN|PATTERN...' -- mjswapcheck ARGS: the exit status and each pattern
# (grep -E, one per |-free chunk separated by ' && ') in stdout+stderr
expect() {
  local name=$1 want=$2 patterns=$3; shift 4
  local out=$work/out/$name.txt rc=0
  "$@" > "$out" 2>&1 || rc=$?
  n=$((n + 1))
  local ok=1
  [ "$rc" = "$want" ] || { echo "  FAIL $name: exit $rc, expected $want"; ok=0; }
  local p rest=$patterns
  while [ -n "$rest" ]; do
    p=${rest%%' && '*}
    [ "$p" = "$rest" ] && rest= || rest=${rest#*' && '}
    grep -qE -- "$p" "$out" || { echo "  FAIL $name: no line matching: $p"; ok=0; }
  done
  if [ $ok = 1 ]; then
    echo "ok   $name (exit $rc)"
  else
    failures=$((failures + 1))
    sed 's/^/       | /' "$out"
  fi
}

echo "== models that agree (installed $bin, ours = $work/prefix/lib)"
same='verdict   PASS \(bitwise\) && fields    ([0-9]+)/\1 mjModel fields bitwise equal'
expect mjcf_contacts 0 "$same && steps     1000/1000 bitwise equal && ours     $work/prefix/lib/libmujoco.so.3.4.0" \
  -- "$bin" --ref "$ref" models/contacts.xml
expect urdf_arm 0 "$same && \(URDF: && steps     1000/1000 bitwise equal \(from reset, noise seed 5\)" \
  -- "$bin" --ref "$ref" --noise 5 models/urdf_arm.urdf
expect mjb_walker 0 "$same && \(MJB: nq 29 && steps     2000/2000 bitwise equal \(from reset, noise seed 3\)" \
  -- "$bin" --ref "$ref" --steps 2000 --noise 3 "$work/out/walker.mjb"
expect key_json 0 '"verdict": "PASS"' \
  -- "$bin" --ref "$ref" --key raised --noise 1 --json models/pendulum.xml
python3 - "$work/out/key_json.txt" <<'PY' || { echo "  FAIL key_json: JSON fields"; failures=$((failures + 1)); }
import json, sys
j = json.loads(open(sys.argv[1]).read())
assert j["steps"] == j["steps_run"] == j["steps_bitwise"] == 1000, j
assert j["fields"] == j["fields_equal"] > 500 and j["max_rel_diff"] == 0, j
assert j["start"] == "keyframe 0 'raised'" and j["speed_ratio"] > 0, j
PY
expect build_tree 0 "$same && ours     $root/dist/lib/libmujoco.so.3.4.0" \
  -- dist/bin/mjswapcheck --ref "$ref" --steps 200 models/sensors.xml

echo "== libraries made to disagree"
expect perturbed_step 1 'verdict   FAIL$ && steps     0/1000 bitwise equal && first difference at step 1: qpos\[0\] && fields    ([0-9]+)/\1 ' \
  -- "$bin" --ref "$ref" --ours "$work/lib/perturb_step.so" models/contacts.xml
expect perturbed_model 1 'verdict   FAIL$ && differs: opt.timestep: 0.002 vs 0.0020000000000000005 && fields    ([0-9]+)/([0-9]+) ' \
  -- "$bin" --ref "$ref" --ours "$work/lib/perturb_model.so" models/contacts.xml
grep -qE 'fields    ([0-9]+)/\1 ' "$work/out/perturbed_model.txt" \
  && { echo "  FAIL perturbed_model: all fields reported equal"; failures=$((failures + 1)); }
expect tiny_bitwise 1 'verdict   FAIL$ && steps     0/1000 bitwise equal' \
  -- "$bin" --ref "$ref" --ours "$work/lib/perturb_tiny.so" --key raised models/pendulum.xml
expect tiny_tol 0 'verdict   PASS \(within tolerance\) && 1000/1000 within 1e-06 && max diff  [0-9.e-]+ relative' \
  -- "$bin" --ref "$ref" --ours "$work/lib/perturb_tiny.so" --key raised --tol 1e-6 models/pendulum.xml
expect step_tol_fails 1 'verdict   FAIL$' \
  -- "$bin" --ref "$ref" --ours "$work/lib/perturb_step.so" --tol 1e-6 models/contacts.xml
expect refuses_load 1 'load      only upstream loads it; ours: swapcheck_perturb: refused to load && verdict   FAIL' \
  -- "$bin" --ref "$ref" --ours "$work/lib/perturb_load.so" models/pendulum.xml
expect step_error 1 'ours raised at step 201: swapcheck_perturb: error in step && steps     200/1000 bitwise && verdict   FAIL' \
  -- "$bin" --ref "$ref" --ours "$work/lib/perturb_error.so" models/pendulum.xml
expect perturbed_json 1 '"verdict": "FAIL" && "first_diff_step": 1,' \
  -- "$bin" --ref "$ref" --ours "$work/lib/perturb_step.so" --json models/contacts.xml

echo "== usage and load errors"
printf '<mujoco><worldbody><geom type="sphere" size="-1"/></worldbody></mujoco>\n' > "$work/out/bad.xml"
printf '<mujoco><worldbody>\n' > "$work/out/broken.xml"
head -c 64 /dev/zero > "$work/out/zero.mjb"
expect no_model 2 'usage: mjswapcheck' -- "$bin" --ref "$ref"
expect missing_file 2 'cannot open nonexistent.xml: No such file or directory' -- "$bin" --ref "$ref" nonexistent.xml
expect bad_value 2 'cannot load .*bad.xml \(both libraries\): Error: size 0 must be positive in geom' \
  -- "$bin" --ref "$ref" "$work/out/bad.xml"
expect broken_xml 2 'cannot load .*broken.xml \(both libraries\): XML parse error' \
  -- "$bin" --ref "$ref" "$work/out/broken.xml"
expect unknown_option 2 'unknown option --frobnicate' -- "$bin" --ref "$ref" --frobnicate models/pendulum.xml
expect bad_steps 2 '--steps needs an integer >= 1' -- "$bin" --ref "$ref" --steps -3 models/pendulum.xml
expect no_key 2 'has no keyframe nokey' -- "$bin" --ref "$ref" --key nokey models/pendulum.xml
expect not_a_library 2 'cannot load upstream library: .*invalid ELF header' -- "$bin" --ref models/pendulum.xml models/pendulum.xml
expect same_library 2 'are the same file' -- "$bin" --ref "$lib" --ours "$lib" models/pendulum.xml

echo "== upstream's library fetched from PyPI (cached in $work/xdg)"
[ -d "$work/xdg/mjswapcheck/mujoco-3.4.0/plugin" ] || rm -rf "$work/xdg"
expect fetch_ref 0 "$same && upstream $work/xdg/mjswapcheck/mujoco-3.4.0/libmujoco.so.3.4.0" \
  -- env XDG_CACHE_HOME="$work/xdg" "$bin" --steps 300 models/pendulum.xml
cmp -s "$work/xdg/mjswapcheck/mujoco-3.4.0/libmujoco.so.3.4.0" "$ref" \
  || { echo "  FAIL fetch_ref: the cached library differs from refget.sh's"; failures=$((failures + 1)); }
expect plugins_fetched 0 "$same && plugins   [1-9][0-9]* registered in upstream, [1-9][0-9]* in ours && steps     300/300 bitwise equal" \
  -- env XDG_CACHE_HOME="$work/xdg" "$bin" --steps 300 --plugins "$work/xdg/mjswapcheck/mujoco-3.4.0/plugin" models/plugin/cable.xml
expect plugins_missing 2 'plugin mujoco.elasticity.cable not found && pass --plugins DIR' \
  -- env XDG_CACHE_HOME="$work/xdg" "$bin" models/plugin/cable.xml
expect fetch_fails 2 'could not fetch upstream.s library' \
  -- env XDG_CACHE_HOME="$work/out/xdg-empty" MJSWAPCHECK_PYTHON=/nonexistent/python3 "$bin" models/pendulum.xml

if [ $failures -gt 0 ]; then
  echo "swapcheck_test: $failures of $n checks failed"
  exit 1
fi
echo "swapcheck_test: $n checks passed"
