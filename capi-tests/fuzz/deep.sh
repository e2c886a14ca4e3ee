#!/usr/bin/env bash
# Deep trees: each model is loaded and stepped by upstream and by ours, ours on the main
# thread (8 MB stack) and on a thread with a 256 KB stack; ours must not crash and must print
# what upstream prints (verdict, sizes, error text).
#   deep.sh OUR_LIBDIR REF_LIBDIR FUZZ_RUN WORKDIR
# Models: body chains in one file at and past TinyXML2's nesting limit (and 100000 deep);
# chains spread over included files (990 bodies deep, and past upstream's 1024-deep signature
# limit, where upstream aborts and ours rejects, up to 10000 deep); nested frames and default classes; a
# 65000-body chain in an MJB file (no XML parser takes it).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ours=$(cd "$1" && pwd); ref=$(cd "$2" && pwd); run=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
work=$4; rm -rf "$work"; mkdir -p "$work"; cd "$work" || exit 1
pass=0; fail=0

chain() { # N FILE [open-tag close-tag]: N nested elements inside <worldbody>
  python3 - "$@" <<'EOF'
import sys
n, out = int(sys.argv[1]), sys.argv[2]
o = sys.argv[3] if len(sys.argv) > 3 else '<body pos="0 0 0.1"><joint/><geom size="0.1"/>'
c = sys.argv[4] if len(sys.argv) > 4 else '</body>'
sec = sys.argv[5] if len(sys.argv) > 5 else 'worldbody'
with open(out, 'w') as f:
    f.write('<mujoco>\n<%s>\n' % sec)
    f.write((o + '\n') * n)
    f.write((c + '\n') * n)
    f.write('</%s>\n%s</mujoco>\n' % (sec, '<worldbody><geom size="1"/></worldbody>\n' if sec != 'worldbody' else ''))
EOF
}

incchain() { # K D DIR: K files, each D bodies deep (without joints: a long chain of dofs is slow
           # to step), each including the next inside its deepest body
  python3 - "$@" <<'EOF'
import os, sys
k, d, dirname = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
os.makedirs(dirname, exist_ok=True)
for i in range(k):
    s = '<mujoco>\n' + ('' if i else '<worldbody>\n')
    s += '<body pos="0 0 0.1"><geom size="0.1"/>\n' * d
    if i < k - 1:
        s += '<include file="f%d.xml"/>\n' % (i + 1)
    s += '</body>\n' * d + ('' if i else '</worldbody>\n') + '</mujoco>\n'
    open(os.path.join(dirname, 'f%d.xml' % i), 'w').write(s)
EOF
}

check() { # FILE [upstream-aborts]
  local f=$1 refout
  [ -n "${2:-}" ] || refout=$(LD_LIBRARY_PATH=$ref timeout 600 "$run" run "$f" 2 2>/dev/null | head -2 | tr '\n' ' ')
  for kb in 0 256; do
    local out rc
    out=$(FUZZ_STACK_KB=$kb LD_LIBRARY_PATH=$ours timeout 600 "$run" run "$f" 2 2>/dev/null | head -2 | tr '\n' ' ')
    rc=${PIPESTATUS[0]}
    if [ "$rc" != 0 ]; then
      fail=$((fail+1)); echo "FAIL $f (stack ${kb:-main} KB): exit $rc"
    elif [ -n "${2:-}" ]; then
      if [[ $out == REJECTED* ]]; then pass=$((pass+1)); echo "PASS $f (stack $kb KB): ${out:0:110} (upstream aborts)"
      else fail=$((fail+1)); echo "FAIL $f (stack $kb KB): $out"; fi
    elif [ "$out" == "$refout" ]; then
      pass=$((pass+1)); echo "PASS $f (stack $kb KB): ${out:0:110}"
    else
      fail=$((fail+1)); echo "FAIL $f (stack $kb KB): ours '$out', upstream '$refout'"
    fi
  done
}

chain 496 chain496.xml; check chain496.xml
chain 497 chain497.xml; check chain497.xml
chain 100000 chain100000.xml; check chain100000.xml
chain 497 frames497.xml '<frame>' '</frame>'; check frames497.xml
chain 498 defaults498.xml '<default class="c">' '</default>' default; check defaults498.xml
incchain 3 330 inc990; check inc990/f0.xml
incchain 3 350 inc1050; check inc1050/f0.xml upstream-aborts
incchain 25 400 inc10000; check inc10000/f0.xml upstream-aborts

# 65000 bodies in one chain: compiled flat (ours; upstream's compiler is quadratic in bodies),
# then rechained in the MJB
python3 - <<'EOF'
n = 65000
with open('flat.xml', 'w') as f:
    f.write('<mujoco><option><flag contact="disable"/></option><worldbody><body><freejoint/><geom size="0.05"/>')
    f.write('<body pos="0 0 0.01"><geom size="0.05"/></body>' * n)
    f.write('</body></worldbody></mujoco>')
EOF
LD_LIBRARY_PATH=$ours "$run" compile flat.xml flat.mjb >/dev/null && LD_LIBRARY_PATH=$ours "$run" chain flat.mjb chain65000.mjb >/dev/null
check chain65000.mjb

# inputs the fuzzer found (crashes, hangs, verdicts): ours must not crash and must print what
# upstream prints, unless upstream itself crashes on the file
for f in "$here"/regress/*; do
  n=$(basename "$f")
  refout=$(cd "$here/regress" && LD_LIBRARY_PATH=$ref timeout 60 "$run" run "$n" 3 2>/dev/null | sed -n 1p; exit "${PIPESTATUS[0]}") || refout=""
  out=$(cd "$here/regress" && LD_LIBRARY_PATH=$ours timeout 60 "$run" run "$n" 3 2>/dev/null | sed -n 1p); rc=${PIPESTATUS[0]}
  if [ "$rc" != 0 ]; then fail=$((fail+1)); echo "FAIL regress/$n: exit $rc"
  elif [ -z "$refout" ] || [ "$out" == "$refout" ]; then pass=$((pass+1)); echo "PASS regress/$n: ${out:0:100}$([ -n "$refout" ] || echo " (upstream crashes)")"
  else fail=$((fail+1)); echo "FAIL regress/$n: ours '$out', upstream '$refout'"; fi
done

echo "deep: $pass passed, $fail failed"
[ "$fail" = 0 ]
