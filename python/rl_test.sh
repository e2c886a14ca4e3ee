#!/usr/bin/env bash
# Steps every dm_control suite task and every Gymnasium MuJoCo environment with a fixed action
# sequence on upstream's libmujoco.so.3.4.0 and on ours, and compares the observations step by
# step (python/rl_test.py). Uses the virtual environment of python/wheel_test.sh (mujoco==3.4.0
# from PyPI, cached under target/pywheel) and adds, once, pinned dm_control and gymnasium with a
# minimal set of their dependencies in target/pywheel/rl-site (pip --target, --no-deps), which
# goes on PYTHONPATH ahead of the venv. numpy is pinned there too: dm_control 1.0.34 calls
# np.in1d, which numpy 2.4 removed.
#   python/rl_test.sh [LIB] [TASK ...]   LIB defaults to dist/lib/libmujoco.so.3.4.0;
#                                        tasks as dmc/DOMAIN-TASK or gym/NAME-vN
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lib=${1:-$root/dist/lib/libmujoco.so.3.4.0}
[ $# -gt 0 ] && shift
dir=${MJW_DIR:-$root/target/pywheel}
. "$root/python/wheel_env.sh"

# what the tasks need to build and step, nothing for rendering, plots or datasets
pins="numpy==2.3.5 dm_control==1.0.34 dm-env==1.6 lxml==6.1.3 scipy==1.17.1
gymnasium==1.2.0 cloudpickle==3.1.3 farama-notifications==0.0.6 imageio==2.38.1"
rlsite=$dir/rl-site
marker="$rlsite/.ready-$(echo $pins | cksum | cut -d' ' -f1)"
if [ ! -f "$marker" ]; then
  rm -rf "$rlsite"
  # shellcheck disable=SC2086
  "$venv/bin/python" -m pip install -q --no-deps --target "$rlsite" $pins
  touch "$marker"
fi

export MUJOCO_GL=${MUJOCO_GL:-egl}
export PYOPENGL_PLATFORM=${PYOPENGL_PLATFORM:-$MUJOCO_GL}
exec "$venv/bin/python" "$root/python/rl_test.py" "$venv/bin/python" "$dir" "$rlsite" \
  "$site" "$dir/ours" "$@"
