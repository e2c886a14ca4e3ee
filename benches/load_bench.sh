#!/usr/bin/env bash
# Model load time, ours against upstream's wheel in the same run: mj_loadXML + mj_makeData +
# mj_deleteData + mj_deleteModel (benches/load_bench.c, the mean of repeated cycles over at
# least LOAD_MINTIME seconds, default 0.2).
#   benches/load_bench.sh LIBDIR LIST [REPS]
# LIST lines: MODEL.xml, relative to the repository root or absolute (# comments), for example
# benches/models.txt. Per model: REPS (default 3) alternating runs of each library, the median
# seconds of each and ratio = upstream/ours (above 1: ours loads faster). Last line: the
# geometric mean of the ratios. Exit status 1 when a model fails to load with either library.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
[ $# -ge 2 ] || { echo "usage: benches/load_bench.sh LIBDIR LIST [REPS]" >&2; exit 2; }
CAND=$(cd "$1" && pwd) || { echo "load_bench.sh: no folder $1" >&2; exit 2; }
LIST=$2; REPS=${3:-3}; MINTIME=${LOAD_MINTIME:-0.2}
[ -r "$LIST" ] || { echo "load_bench.sh: cannot read $LIST" >&2; exit 2; }
[ -e "$CAND/libmujoco.so.3.4.0" ] || { echo "load_bench.sh: no libmujoco.so.3.4.0 in $CAND" >&2; exit 2; }
REF=$("$ROOT/capi-tests/refget.sh") || exit 2
BIN=$ROOT/target/bench/load_bench
mkdir -p "$(dirname "$BIN")"
[ "$BIN" -nt "$HERE/load_bench.c" ] || gcc -O2 -I"$REF/include" "$HERE/load_bench.c" -L"$REF/lib" -lmujoco -lm -o "$BIN" || exit 2
# seconds per cycle of one run (empty when the model does not load)
run() { LD_LIBRARY_PATH=$1 timeout 600 "$BIN" "$2" "$MINTIME" | awk '{print $1}'; }
med() { sort -g | awk '{a[NR]=$1} END {if (NR) print a[int((NR+1)/2)]}'; }
printf '%-28s %12s %12s %7s\n' model upstream_s ours_s ratio
status=0; logsum=0; n=0
while read -r xml _; do
  [ -z "${xml:-}" ] && continue; case "$xml" in \#*) continue;; esac
  case "$xml" in /*) ;; *) xml="$ROOT/$xml";; esac
  name=$(basename "$xml" .xml)
  a=(); b=()
  for _ in $(seq "$REPS"); do
    ta=$(run "$REF/lib" "$xml"); tb=$(run "$CAND" "$xml")
    [ -n "$ta" ] && a+=("$ta"); [ -n "$tb" ] && b+=("$tb")
  done
  if [ ${#a[@]} -eq 0 ] || [ ${#b[@]} -eq 0 ]; then
    echo "$name: does not load (upstream ${#a[@]}/$REPS, ours ${#b[@]}/$REPS runs)" >&2
    status=1; continue
  fi
  ma=$(printf '%s\n' "${a[@]}" | med); mb=$(printf '%s\n' "${b[@]}" | med)
  ratio=$(python3 -c "print(f'{$ma/$mb:.3f}')")
  printf '%-28s %12.6f %12.6f %7s\n' "$name" "$ma" "$mb" "$ratio"
  logsum=$(python3 -c "import math;print($logsum+math.log($ma/$mb))"); n=$((n+1))
done < "$LIST"
[ $n -gt 0 ] && python3 -c "import math;print(f'geomean upstream/ours load time {math.exp($logsum/$n):.3f} over $n models')"
exit $status
