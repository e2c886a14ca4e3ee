#!/usr/bin/env bash
# mujoco.rollout of the official mujoco==3.4.0 Python wheel with 1 and 2 threads, on upstream's
# libmujoco.so.3.4.0 (the wheel's own) and on ours, in the same run, with equal outputs required.
#   benches/rollout_bench.sh LIBDIR [REPS]
# Uses the virtual environment of python/wheel_test.sh (python/wheel_env.sh: made once under
# target/pywheel) and a copy of its mujoco package with LIBDIR/libmujoco.so.3.4.0 in place of
# upstream's, under target/bench/rollout/ours. Per model below: NBATCH initial states and an
# NBATCH x NSTEP control sequence from fixed seeds, made once with upstream's library. Then REPS
# (default 3) python processes per library, alternating upstream, ours, upstream, ours ...; each
# rolls out every model with Rollout(nthread=1) and Rollout(nthread=2), a short warm-up and one
# timed rollout each (benches/rollout_bench.py). Prints per model and thread count the median
# rollout steps/s (NBATCH x NSTEP per second) of each library, ours/upstream, and whether the
# state and sensordata outputs (of the first run of each library) are bitwise equal, else the
# max abs difference and where they first differ. Exits 1 when any outputs differ.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$HERE/.." && pwd)
CAND=$(cd "$1" && pwd); REPS=${2:-3}
NBATCH=16
# MODEL.xml:NSTEP, sized for ~1-2 s per 16-rollout batch on upstream with one thread
MODELS="$root/models/bench_hopper.xml:10000
$root/models/bench_quadruped.xml:3000
$root/models/bench_crowd.xml:400"

lib=$CAND/libmujoco.so.3.4.0
dir=${MJW_DIR:-$root/target/pywheel}
out=$root/target/bench/rollout
mjw_ours=$out/ours
. "$root/python/wheel_env.sh" >&2

rm -f "$out"/*.npy "$out"/*.npz "$out/times.txt"
# shellcheck disable=SC2086
(cd "$out" && PYTHONPATH="$site" "$venv/bin/python" "$HERE/rollout_bench.py" prepare "$out" \
  $NBATCH $MODELS)
for rep in $(seq "$REPS"); do
  save=0; [ "$rep" = 1 ] && save=1
  for l in ref ours; do
    pkg=$site; [ $l = ours ] && pkg=$ours
    # shellcheck disable=SC2086
    (cd "$out" && PYTHONPATH="$pkg" timeout 600 "$venv/bin/python" "$HERE/rollout_bench.py" \
      run "$out" $l "$rep" $save $MODELS) || { echo "$l run $rep failed" >&2; exit 2; }
  done
done
status=0
# shellcheck disable=SC2086
(cd "$out" && PYTHONPATH="$site" "$venv/bin/python" "$HERE/rollout_bench.py" report "$out" \
  $MODELS) || status=$?
# the outputs are large; kept only when they differ
[ $status = 0 ] && rm -f "$out"/*.npy
exit $status
