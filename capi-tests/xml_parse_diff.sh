#!/usr/bin/env bash
# XML parsing against upstream 3.4.0 (TinyXML2): xml_parse_diff.c loads malformed and
# odd-but-valid documents through mj_loadXML from files and from VFS buffers without and with
# their terminating NUL (and through mj_parseXMLString); each line (error text byte for byte, or
# mjModel sizes, names, geom types and sizes, the spec's comment) must be upstream's.
#   xml_parse_diff.sh OUR_LIBDIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ref=$("$here/refget.sh"); ours=$(cd "${1:-$root/dist/lib}" && pwd)
work=$root/target/xml-parse-diff; rm -rf "$work"; mkdir -p "$work/ref" "$work/our"
gcc -O1 -Wall -Werror -std=gnu11 -I"$ref/include" "$here/xml_parse_diff.c" -L"$ref/lib" -lmujoco -o "$work/xml_parse_diff" || exit 2
(cd "$work/ref" && LD_LIBRARY_PATH=$ref/lib ../xml_parse_diff . > ../ref.txt 2>../ref.err) || { echo "FAIL upstream run: $(head -3 "$work/ref.err")"; exit 1; }
(cd "$work/our" && LD_LIBRARY_PATH=$ours ../xml_parse_diff . > ../our.txt 2>../our.err) || { echo "FAIL our run: $(head -3 "$work/our.err")"; exit 1; }
pass=0; fail=0
while IFS= read -r r && IFS= read -r o <&3; do
  key=${r%%: *}
  if [ "$r" == "$o" ]; then
    pass=$((pass+1)); echo "PASS $key: $(echo "${r#*: }" | cut -c1-100)"
  else
    fail=$((fail+1)); echo "FAIL $key"; echo "  upstream: $r" | cut -c1-400; echo "  ours:     $o" | cut -c1-400
  fi
done < "$work/ref.txt" 3< "$work/our.txt"
[ "$(wc -l < "$work/ref.txt")" == "$(wc -l < "$work/our.txt")" ] || { fail=$((fail+1)); echo "FAIL line counts differ"; }
echo "xml parse: $pass passed, $fail failed"
[ $fail -eq 0 ]
