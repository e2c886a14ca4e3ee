#!/usr/bin/env bash
# This library against upstream 3.4.0's (the reference wheel) in one process per model
# (benches/pair.c: both libraries loaded, the same states stepped in alternating blocks); prints
# the median block-time ratio upstream/ours (ours' speed relative to upstream's) per model and
# the geometric mean. Steadier than timing separate processes on a shared machine.
#   benches/pair.sh [OUR_LIBDIR] [NSTEP] [MODEL.xml ...]   (default: benches/models.txt)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ours=$(cd "${1:-$root/dist/lib}" && pwd); shift || true
nstep=${1:-4000}; shift || true
ref=$("$root/capi-tests/refget.sh")
work=$root/target/bench; mkdir -p "$work"
models=("$@")
if [ ${#models[@]} -eq 0 ]; then
  while read -r l; do case "$l" in ''|\#*) ;; *) models+=("$root/$l");; esac; done < "$root/benches/models.txt"
fi
gcc -O2 -I"$root/dist/include" "$root/benches/pair.c" -lm -ldl -o "$work/pair" || exit 2
gcc -O1 -std=gnu11 -I"$ref/include" "$root/capi-tests/mjdiff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/mjdiff" || exit 2
printf '%-28s %8s %8s %8s %12s\n' model median q1 q3 'upstream/s'
logsum=0; n=0
for xml in "${models[@]}"; do
  name=$(basename "$xml" .xml); mjb=$work/$name.mjb
  LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$xml" "$mjb" 2>/dev/null || { echo "$name: upstream cannot compile"; continue; }
  # the libraries' warnings (unstable simulations) go to stdout too: keep the result line
  out=$(timeout 600 "$work/pair" "$ref/lib/libmujoco.so.3.4.0" "$ours/libmujoco.so.3.4.0" "$mjb" "$nstep" 50 | grep '^median ' | tail -1)
  [ -n "$out" ] || { echo "$name: no figure"; continue; }
  read -r _ med _ q1 _ q3 _ _ _ _ sa _ _ <<< "$out"
  printf '%-28s %8s %8s %8s %12s\n' "$name" "$med" "$q1" "$q3" "$sa"
  logsum=$(python3 -c "import math;print($logsum+math.log($med))"); n=$((n+1))
done
[ $n -gt 0 ] && python3 -c "import math;print(f'geomean ours/upstream {math.exp($logsum/$n):.3f} over $n models (one process each, $nstep steps in blocks of 50)')"
