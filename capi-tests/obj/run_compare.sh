#!/bin/sh
# Compares src/compiler/mesh/obj.rs with tinyobjloader (the commit MuJoCo 3.4.0 uses) on the
# hand-written cases in cases/ and on COUNT generated ones (default 3000, seed SEED, default 1).
# Needs g++, rustc, python3 and tiny_obj_loader.h (TINYOBJ_H, default
# target/tinyobj/tiny_obj_loader.h in this repository; extract it there with:
#   git -C <tinyobjloader repo> show 1421a10d6ed9742f5b2c1766d22faa6cfbc56248:tiny_obj_loader.h).
# Not part of make test: no package registry ships that revision of the header.
set -e
here=$(cd "$(dirname "$0")" && pwd)
count=${COUNT:-3000}
seed=${SEED:-1}
root=$(cd "$here/../.." && pwd)
hdr=${TINYOBJ_H:-$root/target/tinyobj/tiny_obj_loader.h}
for tool in g++ rustc python3; do
  command -v $tool >/dev/null 2>&1 || { echo "skip: $tool missing"; exit 0; }
done
[ -f "$hdr" ] || { echo "skip: $hdr missing"; exit 0; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -O2 -std=c++17 -I"$(dirname "$hdr")" "$here/obj_ref.cc" -o "$work/obj_ref"
rustc -O --edition 2021 "$here/obj_dump.rs" -o "$work/obj_dump"
python3 "$here/gen_cases.py" "$work/gen" "$count" "$seed"
cd "$work"
cp "$here"/cases/*.obj gen/
ls gen | sed 's|^|gen/|' > list
xargs "$work/obj_ref" < list > ref.txt
xargs "$work/obj_dump" < list > rs.txt
python3 - ref.txt rs.txt <<'PY'
import sys
def cases(path):
    out, name = {}, None
    for line in open(path, encoding="latin-1"):
        if line.startswith("=== "):
            name = line[4:].strip(); out[name] = []
        else:
            out[name].append(line)
    return out
ref, rs = cases(sys.argv[1]), cases(sys.argv[2])
bad = [n for n in ref if ref[n] != rs.get(n)]
valid = sum(1 for n in ref if ref[n] and ref[n][0] == "valid 1\n")
print("cases %d (valid %d, invalid %d), matched %d, differ %d" % (len(ref), valid, len(ref) - valid, len(ref) - len(bad), len(bad)))
for n in bad[:20]:
    print("DIFF", n)
sys.exit(1 if bad else 0)
PY
