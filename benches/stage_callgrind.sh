#!/usr/bin/env bash
# Instructions per step and per stage (callgrind), upstream's library and one or more of ours.
#   benches/stage_callgrind.sh MODEL.xml NSTEP LIBDIR [LIBDIR ...]
# Runs benches/stage_steps.c under callgrind on upstream's wheel and on each LIBDIR, and prints
# one column per library: the inclusive instructions per step of every stage function that
# stage_steps calls, and their sum.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
xml=$1; nstep=$2; shift 2
ref=$("$root/capi-tests/refget.sh") || exit 2
bin=$root/target/bench/stage_steps; mkdir -p "$(dirname "$bin")"
[ "$bin" -nt "$root/benches/stage_steps.c" ] || gcc -O2 -I"$ref/include" "$root/benches/stage_steps.c" -L"$ref/lib" -lmujoco -lm -o "$bin" || exit 2
stages="mj_checkPos mj_checkVel mj_kinematics mj_comPos mj_camlight mj_flex mj_tendon mj_makeM mj_factorM mj_collision mj_makeConstraint mj_island mj_transmission mj_projectConstraint mj_sensorPos mj_energyPos mj_fwdVelocity mj_sensorVel mj_energyVel mj_fwdActuation mj_fwdAcceleration mj_fwdConstraint mj_sensorAcc mj_checkAcc mj_Euler mj_implicit"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
libs=("$ref/lib" "$@"); names=(upstream)
for l in "$@"; do names+=("$(basename "$l")"); done
for i in "${!libs[@]}"; do
  LD_LIBRARY_PATH=${libs[$i]} valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$i" "$bin" "$xml" "$nstep" >/dev/null 2>"$tmp/log.$i" || { cat "$tmp/log.$i" >&2; exit 1; }
  callgrind_annotate --inclusive=yes --threshold=100 "$tmp/cg.$i" 2>/dev/null > "$tmp/ann.$i"
done
python3 - "$nstep" "$tmp" "${#libs[@]}" "${names[@]}" <<PY
import re, sys
nstep, tmp, n = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
names = sys.argv[4:4 + n]
stages = "$stages".split()
cols = []
for i in range(n):
    cost = {}
    for line in open(f"{tmp}/ann.{i}"):
        mm = re.match(r"\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+\S*:(\S+)", line) or re.match(r"\s*([\d,]+)\s+\S*:(\S+)", line)
        if mm and mm.group(2) in stages and mm.group(2) not in cost:
            cost[mm.group(2)] = int(mm.group(1).replace(",", "")) / nstep
    cols.append(cost)
print(f"{'stage':22}" + "".join(f"{x:>14}" for x in names))
for s in stages:
    print(f"{s:22}" + "".join(f"{c.get(s, 0):14.0f}" for c in cols))
print(f"{'sum':22}" + "".join(f"{sum(c.values()):14.0f}" for c in cols))
PY
