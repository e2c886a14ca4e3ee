#!/usr/bin/env bash
# Narrowphase comparison against upstream: collide_diff.sh MODEL(.xml|.mjb) SEED [NTRIAL] [TOL]
# Every geom pair with an exported mjc_ pair function, NTRIAL random relative poses (default
# 40), contacts compared with stage_compare.py (default tolerance 1e-12). Uses dist/lib (or OURS).
# DIFFPROG=ccd_diff runs ccd_diff.c (the exported convex-object internals) instead.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ref=$("$here/refget.sh"); ours=${OURS:-$root/dist/lib}
work=$root/target/stage-diff; mkdir -p "$work"
model=$1; seed=$2; ntrial=${3:-40}; tol=${4:-1e-12}
diffprog=${DIFFPROG:-collide_diff}
for prog in $diffprog mjdiff; do
  [ "$work/$prog" -nt "$here/$prog.c" ] || { gcc -O1 -std=gnu11 -I"$ref/include" "$here/$prog.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/$prog.$$" && mv "$work/$prog.$$" "$work/$prog"; } || exit 2
done
key=$(echo "$model" | md5sum | cut -c1-10)
case "$model" in
  *.mjb) mjb=$model ;;
  *) mjb=$work/$key.mjb; [ -s "$mjb" ] && [ "$mjb" -nt "$model" ] || { LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$model" "$mjb.$$" && mv "$mjb.$$" "$mjb"; } || exit 2 ;;
esac
LD_LIBRARY_PATH=$ref/lib timeout 120 "$work/$diffprog" "$mjb" "$seed" "$ntrial" "$work/$key.$$.cref" || { echo "reference run failed"; exit 2; }
LD_LIBRARY_PATH=$ours timeout 120 "$work/$diffprog" "$mjb" "$seed" "$ntrial" "$work/$key.$$.cour" || { echo "our run failed"; exit 1; }
python3 "$here/stage_compare.py" "$work/$key.$$.cref" "$work/$key.$$.cour" "$tol"; rc=$?
rm -f "$work/$key.$$.cref" "$work/$key.$$.cour"
exit $rc
