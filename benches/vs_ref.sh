#!/usr/bin/env bash
# Steps per second of this library against upstream 3.4.0's (the reference wheel) in one run:
# every model is compiled to MJB by upstream, then examples-c/bench.c steps it on each library
# in turn (constraints on, the model's first keyframe, a smooth control signal), three
# alternating pairs; prints the median ratio ours/upstream per model and the geometric mean.
#   benches/vs_ref.sh [OUR_LIBDIR] [NSTEP] [MODEL.xml ...]   (default: benches/models.txt)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ours=$(cd "${1:-$root/dist/lib}" && pwd); shift || true
nstep=${1:-2000}; shift || true
ref=$("$root/capi-tests/refget.sh")
work=$root/target/bench; mkdir -p "$work"
models=("$@")
if [ ${#models[@]} -eq 0 ]; then
  while read -r l; do case "$l" in ''|\#*) ;; *) models+=("$root/$l");; esac; done < "$root/benches/models.txt"
fi
gcc -O2 -I"$root/dist/include" "$root/examples-c/bench.c" -lm -L"$ours" -lmujoco -o "$work/bench" || exit 2
gcc -O1 -std=gnu11 -I"$ref/include" "$root/capi-tests/mjdiff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/mjdiff" || exit 2
sps() { LD_LIBRARY_PATH=$1 timeout 300 "$work/bench" "$2" "$nstep" | sed -n 's/.*: \([0-9]*\) steps\/s.*/\1/p'; }
printf '%-28s %12s %12s %7s\n' model upstream ours ratio
logsum=0; n=0
for xml in "${models[@]}"; do
  name=$(basename "$xml" .xml); mjb=$work/$name.mjb
  LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$xml" "$mjb" 2>/dev/null || { echo "$name: upstream cannot compile"; continue; }
  rs=(); os=(); ratios=()
  for i in 1 2 3; do
    a=$(sps "$ref/lib" "$mjb"); b=$(sps "$ours" "$mjb")
    [ -n "$a" ] && [ -n "$b" ] || continue
    rs+=("$a"); os+=("$b"); ratios+=("$(python3 -c "print($b/$a)")")
  done
  [ ${#ratios[@]} -gt 0 ] || { echo "$name: no figure"; continue; }
  med() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($#+1)/2 ))p"; }
  r=$(med "${ratios[@]}")
  printf '%-28s %12s %12s %7.3f\n' "$name" "$(med "${rs[@]}")" "$(med "${os[@]}")" "$r"
  logsum=$(python3 -c "import math;print($logsum+math.log($r))"); n=$((n+1))
done
[ $n -gt 0 ] && python3 -c "import math;print(f'geomean ours/upstream {math.exp($logsum/$n):.3f} over $n models ($nstep steps)')"
