#!/usr/bin/env bash
# Writes the two model lists of the one-thread speed figures in docs/PERFORMANCE.md, for
# ../shared/tools/speed.sh (a development tool outside the repository):
#   target/bench/list29.txt    17 dm_control suite models and 12 Gymnasium MuJoCo assets,
#                              from the dm_control and gymnasium packages that `make rl`
#                              installs under target/;
#   target/bench/corpus.txt    upstream's model/ folder without the plugin scenes and the five
#                              slowest to step, plus the collision_convex tests (from
#                              ../shared/models/upstream-3.4.0/loads.txt).
#   benches/speed_lists.sh [SHARED_DIR]      (default ../shared)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=$(cd "${1:-$root/../shared}" && pwd)
out=$root/target/bench; mkdir -p "$out"
site=$(dirname "$(find "$root/target" -path '*/dm_control/suite/cartpole.xml' -print -quit)")/../..
[ -d "$site/dm_control" ] || { echo "dm_control not found under target/ (make rl installs it)" >&2; exit 2; }
site=$(cd "$site" && pwd)
{
  for m in acrobot ball_in_cup cartpole cheetah finger fish hopper humanoid humanoid_CMU \
           manipulator pendulum point_mass quadruped reacher stacker swimmer walker; do
    echo "$site/dm_control/suite/$m.xml"
  done
  for m in ant half_cheetah hopper humanoid humanoidstandup inverted_double_pendulum \
           inverted_pendulum pusher reacher swimmer walker2d point; do
    echo "$site/gymnasium/envs/mujoco/assets/$m.xml"
  done
} > "$out/list29.txt"
corpus=$shared/models/upstream-3.4.0
grep -E '^model/|collision_convex' "$corpus/loads.txt" \
  | grep -v -E 'plugin/|flex/gripper\.xml|gripper_trilinear|poncho\.xml|leaves|humanoid/100_humanoids' \
  | sed "s|^|$corpus/|" > "$out/corpus.txt"
wc -l "$out/list29.txt" "$out/corpus.txt"
