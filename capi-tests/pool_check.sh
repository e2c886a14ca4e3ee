#!/usr/bin/env bash
# With a thread pool bound the engine must give the serial numbers bit for bit. For each model:
# NSTEP steps (after 10 warm-up steps) from its first keyframe or qpos0, with no pool, a pool of
# 1 and a pool of 2 workers on our library, and with no pool on upstream's; the hash of the
# state, the contacts, efc_force, efc_aref, the passive and bias forces, sensordata and energy
# (benches/pool_bench.c), and ncon, nefc and nisland must be equal in all four.
#   pool_check.sh OUR_LIBDIR NSTEP MODEL.xml...
# Prints one line per model and 'pool: N passed, N failed'.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ours=$(cd "$1" && pwd); nstep=$2; shift 2
ref=$("$here/refget.sh") || exit 2
bin=$root/target/bench/pool_bench; mkdir -p "$(dirname "$bin")"
[ "$bin" -nt "$root/benches/pool_bench.c" ] || gcc -O2 -I"$ref/include" "$root/benches/pool_bench.c" -L"$ref/lib" -lmujoco -lm -o "$bin" || exit 2
pass=0; fail=0
for xml in "$@"; do
  # the line without its speed
  run() { LD_LIBRARY_PATH=$1 timeout 300 "$bin" "$xml" "$nstep" "$2" 0 10 2>&1 | sed 's/^sps [0-9.]* //'; }
  want=$(run "$ref/lib" 0)
  ok=1; got=""
  for npool in 0 1 2; do
    out=$(run "$ours" $npool)
    [ "$out" = "$want" ] || { ok=0; got="$got
    ours, pool $npool: $out"; }
  done
  if [ $ok = 1 ]; then
    pass=$((pass+1)); echo "PASS $(basename "$xml"): $want"
  else
    fail=$((fail+1)); echo "FAIL $(basename "$xml"): upstream $want$got"
  fi
done
echo "pool: $pass passed, $fail failed"
[ $fail -eq 0 ]
