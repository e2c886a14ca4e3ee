#!/usr/bin/env bash
# Compares the spec our MJCF reader makes of flexcomp models with upstream's (mj_parseXML):
# the hand-written cases in capi-tests/flexcomp/ plus the corpus models that use <flexcomp>.
#   capi-tests/flexcomp_spec_diff.sh [corpus dir]
set -u
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/.." && pwd)
corpus=${1:-/work/shared/models/upstream-3.4.0}
ref=$("$here/refget.sh"); work=$(mktemp -d)
gcc -O1 -std=gnu11 -I"$ref/include" "$here/flexcomp_spec_dump.c" -L"$ref/lib" -lmujoco -Wl,-rpath,"$ref/lib" -o "$work/refdump" || exit 2
list=$(ls "$here"/flexcomp/*.xml; [ -d "$corpus" ] && grep -rl "<flexcomp" "$corpus" --include=*.xml)
mkdir -p "$work/ref" "$work/ours"; i=0
for f in $list; do i=$((i+1)); "$work/refdump" "$f" > "$work/ref/$i.txt" 2>&1; done
(cd "$root" && FLEXCOMP_DUMP="$list" FLEXCOMP_OUT="$work/ours" cargo test -j2 --release --lib flexcomp::tests::dump -q >/dev/null 2>&1) || { echo "cargo test failed"; exit 2; }
# the Rust test names outputs by basename; rename them by position
i=0; bad=0
for f in $list; do i=$((i+1)); done
i=0
for f in $list; do
  i=$((i+1)); b=$(basename "$f")
  if ! cmp -s "$work/ref/$i.txt" "$work/ours/$b.txt"; then
    # basenames can repeat (several hammock.xml); recheck those alone
    (cd "$root" && FLEXCOMP_DUMP="$f" FLEXCOMP_OUT="$work/ours" cargo test -j2 --release --lib flexcomp::tests::dump -q >/dev/null 2>&1)
    cmp -s "$work/ref/$i.txt" "$work/ours/$b.txt" || { echo "DIFF $f"; bad=$((bad+1)); }
  fi
done
echo "$i models, $bad differ"; rm -rf "$work"; [ $bad -eq 0 ]
