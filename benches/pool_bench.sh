#!/usr/bin/env bash
# Steps per second with 0 and 2 pool threads, ours against upstream's wheel in the same run.
#   benches/pool_bench.sh LIBDIR LIST [REPS]
# LIST lines: MODEL.xml NSTEP [SLEEP]   (paths relative to the list's folder; # comments)
# Per model and pool size: the median of REPS (default 3) alternating runs of each library
# (benches/pool_bench.c), the state hash of each (they must be equal), and the ratio.
# Last lines: the geometric means of ours/upstream with 0 and 2 threads, and of our pooled
# against our serial speed.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
CAND=$(cd "$1" && pwd); LIST=$2; REPS=${3:-3}
REF=$("$HERE/../capi-tests/refget.sh") || exit 2
BIN=$HERE/../target/bench/pool_bench
mkdir -p "$(dirname "$BIN")"
[ "$BIN" -nt "$HERE/pool_bench.c" ] || gcc -O2 -I"$REF/include" "$HERE/pool_bench.c" -L"$REF/lib" -lmujoco -lm -o "$BIN" || exit 2
listdir=$(cd "$(dirname "$LIST")" && pwd)
run() { LD_LIBRARY_PATH=$1 timeout 600 "$BIN" "$2" "$3" "$4" "$5"; }
med() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-28s %5s %10s %10s %7s  %s\n' model pool upstream ours ratio hash
status=0; lr0=0; lr2=0; lself=0; n=0
while read -r xml nstep sleep; do
  [ -z "${xml:-}" ] && continue; case "$xml" in \#*) continue;; esac
  case "$xml" in /*) ;; *) xml="$listdir/$xml";; esac
  name=$(basename "$(dirname "$xml")")/$(basename "$xml" .xml); [ "${sleep:-0}" = 1 ] && name="$name+sleep"
  declare -A sps=()
  for p in 0 2; do
    a=(); b=(); ha=""; hb=""
    for _ in $(seq "$REPS"); do
      ra=$(run "$REF/lib" "$xml" "$nstep" $p "${sleep:-0}"); rb=$(run "$CAND" "$xml" "$nstep" $p "${sleep:-0}")
      a+=("$(awk '{print $2}' <<<"$ra")"); b+=("$(awk '{print $2}' <<<"$rb")")
      ha=$(awk '{print $4}' <<<"$ra"); hb=$(awk '{print $4}' <<<"$rb")
    done
    ma=$(printf '%s\n' "${a[@]}" | med); mb=$(printf '%s\n' "${b[@]}" | med)
    same=equal; [ "$ha" = "$hb" ] && [ -n "$ha" ] || { same="DIFFERENT ($ha vs $hb)"; status=1; }
    ratio=$(python3 -c "print(f'{$mb/$ma:.3f}')")
    printf '%-28s %5s %10s %10s %7s  %s\n' "$name" $p "$ma" "$mb" "$ratio" "$same"
    sps[$p]=$mb
    if [ $p = 0 ]; then lr0=$(python3 -c "import math;print($lr0+math.log($ratio))"); else lr2=$(python3 -c "import math;print($lr2+math.log($ratio))"); fi
  done
  lself=$(python3 -c "import math;print($lself+math.log(${sps[2]}/${sps[0]}))")
  n=$((n+1))
done < "$LIST"
[ $n -gt 0 ] && python3 -c "
import math
print(f'geomean ours/upstream, no pool: {math.exp($lr0/$n):.3f}')
print(f'geomean ours/upstream, 2 pool threads: {math.exp($lr2/$n):.3f}')
print(f'geomean ours pooled/ours serial: {math.exp($lself/$n):.3f}')"
exit $status
