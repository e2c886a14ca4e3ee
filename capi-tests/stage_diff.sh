#!/usr/bin/env bash
# One stage comparison against upstream: stage_diff.sh MODEL(.xml|.mjb) SEED STAGES [TOL]
# An .xml model is compiled to MJB by upstream first. Uses dist/lib as our library.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ref=$("$here/refget.sh"); ours=${OURS:-$root/dist/lib}
work=$root/target/stage-diff; mkdir -p "$work"
model=$1; seed=$2; stages=$3; tol=${4:-1e-9}
for prog in stage_diff mjdiff; do
  [ "$work/$prog" -nt "$here/$prog.c" ] || { gcc -O1 -std=gnu11 -I"$ref/include" "$here/$prog.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/$prog.$$" && mv "$work/$prog.$$" "$work/$prog"; } || exit 2
done
key=$(echo "$model" | md5sum | cut -c1-10)
case "$model" in
  *.mjb) mjb=$model ;;
  *) mjb=$work/$key.mjb; [ -s "$mjb" ] && [ "$mjb" -nt "$model" ] || { LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$model" "$mjb.$$" && mv "$mjb.$$" "$mjb"; } || exit 2 ;;
esac
LD_LIBRARY_PATH=$ref/lib timeout 60 "$work/stage_diff" "$mjb" "$seed" "$stages" "$work/$key.$$.ref" || { echo "reference run failed"; exit 2; }
LD_LIBRARY_PATH=$ours timeout 60 "$work/stage_diff" "$mjb" "$seed" "$stages" "$work/$key.$$.our" || { echo "our run failed"; exit 1; }
python3 "$here/stage_compare.py" "$work/$key.$$.ref" "$work/$key.$$.our" "$tol"; rc=$?
rm -f "$work/$key.$$.ref" "$work/$key.$$.our"
exit $rc
