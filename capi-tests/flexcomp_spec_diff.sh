#!/usr/bin/env bash
# Compares the spec our MJCF reader makes of flexcomp models with upstream's (mj_parseXML):
# the hand-written cases in capi-tests/flexcomp/ plus the corpus models that use <flexcomp>.
#   capi-tests/flexcomp_spec_diff.sh [CORPUS_DIR]
# CORPUS_DIR (or UPSTREAM_MODELS): a folder of upstream's models, e.g. the model/ folder of a
# checkout of upstream's 3.4.0 tag, searched for <flexcomp>; without one, only the cases in
# capi-tests/flexcomp/ run.
set -u
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/.." && pwd)
corpus=${1:-${UPSTREAM_MODELS:-}}
if [ -n "$corpus" ] && [ ! -d "$corpus" ]; then echo "flexcomp_spec_diff: no folder $corpus"; exit 2; fi
[ -n "$corpus" ] || echo "flexcomp_spec_diff: no upstream corpus given; the cases in capi-tests/flexcomp/ only"
ref=$("$here/refget.sh"); work=$(mktemp -d)
gcc -O1 -std=gnu11 -I"$ref/include" "$here/flexcomp_spec_dump.c" -L"$ref/lib" -lmujoco -Wl,-rpath,"$ref/lib" -o "$work/refdump" || exit 2
list=$(ls "$here"/flexcomp/*.xml; [ -z "$corpus" ] || grep -rl "<flexcomp" "$corpus" --include=*.xml)
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
