#!/usr/bin/env bash
# Differential tests against upstream 3.4.0 (the reference wheel, fetched by refget.sh).
# Every C program here is built against upstream's header and run with both libraries; their
# outputs must be identical. Prints one line per check and a closing 'N passed, N failed'.
#   run_diff.sh OUR_LIBDIR [MODEL.xml ...]      (models default to models/*.xml)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ours=$(cd "${1:-$root/dist/lib}" && pwd); shift || true
ref=$("$here/refget.sh")
work=$root/target/capi-diff; rm -rf "$work"; mkdir -p "$work"
models=("$@"); [ ${#models[@]} -gt 0 ] || models=("$root"/models/*.xml)
pass=0; fail=0
check() { # name, command...
  local name=$1; shift
  if "$@" >"$work/last.log" 2>&1; then pass=$((pass+1)); echo "PASS $name"
  else fail=$((fail+1)); echo "FAIL $name"; sed 's/^/    /' "$work/last.log" | head -20; fi
}
same() { cmp -s "$1" "$2" || { diff "$1" "$2" | head -20; return 1; }; }
for prog in mjdiff names_diff defaults_diff state_diff vfs_test bvh_active_diff rollout_diff suite_edges_diff; do
  gcc -O1 -std=gnu11 -I"$ref/include" "$here/$prog.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/$prog" || { echo "FAIL build $prog"; fail=$((fail+1)); }
done
R() { LD_LIBRARY_PATH=$ref/lib "$@"; }
O() { LD_LIBRARY_PATH=$ours "$@"; }
for xml in "${models[@]}"; do
  b=$work/$(basename "$xml" .xml)
  if ! R "$work/mjdiff" compile "$xml" "$b.mjb" 2>"$b.err"; then
    echo "FAIL compile $(basename "$xml") with upstream: $(cat "$b.err")"; fail=$((fail+1)); continue
  fi
  n=$(basename "$xml")
  for mode in model data badload; do
    (cd "$work" && R ./mjdiff $mode "$b.mjb" "$b.$mode.ref")
    check "$mode $n" bash -c "cd '$work' && LD_LIBRARY_PATH='$ours' ./mjdiff $mode '$b.mjb' '$b.$mode.our' && cmp -s '$b.$mode.ref' '$b.$mode.our' || { diff '$b.$mode.ref' '$b.$mode.our' | head -5; exit 1; }"
  done
  # an MJB written by our mj_saveModel is byte-identical and loads in upstream with every field equal
  check "resave $n (ours) == upstream's MJB" bash -c "LD_LIBRARY_PATH='$ours' '$work/mjdiff' resave '$b.mjb' '$b.ours.mjb' && cmp '$b.mjb' '$b.ours.mjb'"
  check "upstream loads our MJB of $n" bash -c "LD_LIBRARY_PATH='$ref/lib' '$work/mjdiff' model '$b.ours.mjb' '$b.model.fromours' && cmp '$b.model.ref' '$b.model.fromours'"
  R "$work/names_diff" "$b.mjb" > "$b.names.ref" 2>&1
  check "names $n" bash -c "LD_LIBRARY_PATH='$ours' '$work/names_diff' '$b.mjb' > '$b.names.our' 2>&1 && cmp -s '$b.names.ref' '$b.names.our' || { diff '$b.names.ref' '$b.names.our' | head -5; exit 1; }"
done
# programs with their own inputs; the models of state_diff and bvh_active_diff are compiled by
# upstream first
R "$work/state_diff" --gen "$work/state_model.mjb" >/dev/null
R "$work/mjdiff" compile "$root/models/bvh_marks.xml" "$work/bvh_marks_model.mjb"
declare -A args=([defaults_diff]="" [vfs_test]="$work/vfs_scratch" [state_diff]="$work/state_model.mjb"
                 [bvh_active_diff]="$work/bvh_marks_model.mjb" [suite_edges_diff]="")
for prog in defaults_diff vfs_test state_diff bvh_active_diff suite_edges_diff; do
  rm -rf "$work/vfs_scratch"; (cd "$work" && R "./$prog" ${args[$prog]} > "$work/$prog.ref" 2>&1)
  rm -rf "$work/vfs_scratch"
  check "$prog" bash -c "cd '$work' && LD_LIBRARY_PATH='$ours' ./$prog ${args[$prog]} > '$work/$prog.our' 2>&1; cmp -s '$work/$prog.ref' '$work/$prog.our' || { diff '$work/$prog.ref' '$work/$prog.our' | head -10; exit 1; }"
done
# long rollouts with contacts and sleeping: scenes fully asleep (the broadphase skips its sweep,
# keeps upstream's peak stack use), woken by a push, asleep again
for ro in "sleep_settled 1500 b3 200" "collide_sleep 800"; do
  read -r name args <<< "$ro"
  R "$work/mjdiff" compile "$root/models/$name.xml" "$work/rollout_$name.mjb"
  (cd "$work" && R ./rollout_diff "rollout_$name.mjb" $args > "rollout_$name.ref" 2>&1)
  check "rollout_diff $name" bash -c "cd '$work' && LD_LIBRARY_PATH='$ours' ./rollout_diff 'rollout_$name.mjb' $args > 'rollout_$name.our' 2>&1; cmp -s 'rollout_$name.ref' 'rollout_$name.our' || { diff 'rollout_$name.ref' 'rollout_$name.our' | head -10; exit 1; }"
done
# the mju_ library on seeded random inputs, compared number by number (1e-12 relative)
if gcc -O1 -std=gnu11 -I"$ref/include" -I"$here" "$here/mju_diff.c" -L"$ref/lib" -lmujoco -lm -lpthread -o "$work/mju_diff"; then
  (cd "$work" && R ./mju_diff > "$work/mju.ref" 2>&1)
  check "mju_ library" bash -c "cd '$work' && LD_LIBRARY_PATH='$ours' ./mju_diff > '$work/mju.our' 2>&1; python3 '$here/mju/compare.py' '$work/mju.ref' '$work/mju.our'"
  tail -2 "$work/last.log" | head -1
else
  echo "FAIL build mju_diff"; fail=$((fail+1))
fi
echo "differential: $pass passed, $fail failed"
[ $fail -eq 0 ]
