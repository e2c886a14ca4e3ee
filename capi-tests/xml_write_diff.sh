#!/usr/bin/env bash
# mj_saveXMLString byte for byte against upstream: every models/*.xml and models/*.urdf parsed,
# compiled and written by each library (and the API-built, copy-back, edited-after-compile and
# error cases of xml_write_diff.c); the printed output and every written file must be identical.
#   xml_write_diff.sh OUR_LIBDIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ref=$("$here/refget.sh"); ours=$(cd "${1:-$root/dist/lib}" && pwd)
work=$root/target/xml-write-diff; mkdir -p "$work"
[ "$work/writer" -nt "$here/xml_write_diff.c" ] || gcc -O1 -std=gnu11 -I"$ref/include" "$here/xml_write_diff.c" -L"$ref/lib" -lmujoco -lm -o "$work/writer" || exit 2
rm -rf "$work/ref" "$work/our"; mkdir -p "$work/ref" "$work/our"
cd "$root/models"
models=$(ls *.xml *.urdf)
LD_LIBRARY_PATH=$ref/lib "$work/writer" "$work/ref" $models >"$work/ref.txt" 2>&1
LD_LIBRARY_PATH=$ours "$work/writer" "$work/our" $models >"$work/our.txt" 2>&1
fail=0
if ! cmp -s "$work/ref.txt" "$work/our.txt"; then
  echo "FAIL printed output differs"; diff "$work/ref.txt" "$work/our.txt" | head -20; fail=1
fi
# known gaps (reported, not failed)
known=" "
pass=0; n=0; nknown=0
for f in "$work"/ref/*; do
  b=$(basename "$f"); n=$((n+1))
  if cmp -s "$f" "$work/our/$b"; then pass=$((pass+1));
  elif [[ "$known" == *" $b "* ]]; then nknown=$((nknown+1)); echo "KNOWN $b"; else
    echo "FAIL $b"; diff "$f" "$work/our/$b" | head -6 | cut -c1-200 | sed 's/^/    /'; fail=1
  fi
done
echo "xml_write: $pass of $n files identical, $nknown known gaps"
[ $fail -eq 0 ]
