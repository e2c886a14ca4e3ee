#!/usr/bin/env bash
# Builds the mujoco 3.4.0+rs wheel (python/wheel_build.sh) and checks it the way a user would
# use it:
#  1. pip installs it into a fresh virtual environment (target/wheel/venv; its dependencies from
#     PyPI, pip's cache in target/wheel/pip-cache); `pip show mujoco` must say 3.4.0+rs;
#  2. `import mujoco` there maps the libmujoco.so.3.4.0 inside the venv, with the bytes of LIB;
#     python/wheel_check.py steps models/walker.xml and models/contacts.xml and prints the states
#     as hex floats: they must equal, line for line, what the official package (the upstream wheel
#     unpacked in target/wheel/upstream-pkg, put first on PYTHONPATH) prints;
#  3. pip installs dm_control==1.0.34 and gymnasium[mujoco]==1.2.0 (numpy==2.3.5: dm_control
#     1.0.34 calls np.in1d, gone in numpy 2.4) with their dependencies resolved by pip: mujoco must
#     still be 3.4.0+rs with the same library bytes, and `pip check` must be clean;
#  4. python/rl_test.py steps a few dm_control suite tasks and Gymnasium environments (RL_TASKS)
#     on the installed wheel and on the official package, RL_STEPS steps each (default 300).
#   python/wheel_install_test.sh [LIB]     LIB defaults to dist/lib/libmujoco.so.3.4.0
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lib=$(realpath "${1:-$root/dist/lib/libmujoco.so.3.4.0}")
py=${PYTHON:-python3}
dir=$root/target/wheel
export PIP_CACHE_DIR=$dir/pip-cache PIP_DISABLE_PIP_VERSION_CHECK=1
fail() { echo "wheel_install_test: FAIL: $*" >&2; exit 1; }

whl=$(PYTHON="$py" "$root/python/wheel_build.sh" "$lib")
echo "wheel: $whl"
case "$(basename "$whl")" in mujoco-3.4.0+rs-*.whl) ;; *) fail "unexpected wheel name $whl";; esac

# the official package, unpacked as it is (its own library next to its bindings)
pyver=$("$py" -c 'import sys; print("%d%d" % sys.version_info[:2])')
src=$(ls "$dir"/upstream/mujoco-3.4.0-cp"$pyver"-*.whl | head -1)
upkg=$dir/upstream-pkg
if [ ! -f "$upkg/.ready" ] || [ "$(cat "$upkg/.ready")" != "$(basename "$src")" ]; then
  rm -rf "$upkg"
  "$py" - "$src" "$upkg" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for i in z.infolist():
        if i.filename.startswith("mujoco/"):
            p = z.extract(i, sys.argv[2])
            if (i.external_attr >> 16) & 0o111:
                import os; os.chmod(p, 0o755)
PY
  basename "$src" > "$upkg/.ready"
fi

# 1. a fresh venv with the wheel
venv=$dir/venv
rm -rf "$venv"
"$py" -m venv "$venv"
vpy=$venv/bin/python
"$vpy" -m pip install -q "$whl"
ver=$("$vpy" -m pip show mujoco | sed -n 's/^Version: //p')
[ "$ver" = "3.4.0+rs" ] || fail "pip show mujoco says $ver"
echo "pip show mujoco: Version: $ver"
site=$("$vpy" -c 'import sysconfig; print(sysconfig.get_paths()["platlib"])')

# 2. which library runs, and the numbers it computes
libsum=$(sha256sum "$lib" | cut -d' ' -f1)
refsum=$(sha256sum "$upkg/mujoco/libmujoco.so.3.4.0" | cut -d' ' -f1)
[ "$libsum" != "$refsum" ] || fail "$lib is upstream's library itself: the test would prove nothing"
out=$dir/check
rm -rf "$out" && mkdir -p "$out"
check_lib() {  # FILE WANTPATH WANTSUM
  local got sum
  got=$(sed -n 's/^lib //p' "$1"); sum=$(sed -n 's/^lib-sha256 //p' "$1")
  [ "$(realpath "$got")" = "$(realpath "$2")" ] || fail "$1: loaded $got, not $2"
  [ "$sum" = "$3" ] || fail "$1: loaded library has sha256 $sum, not $3"
}
for model in walker contacts; do
  (cd "$out" && "$vpy" "$root/python/wheel_check.py" "$root/models/$model.xml" 1000 > "$out/ours-$model.txt")
  (cd "$out" && PYTHONPATH="$upkg" "$vpy" "$root/python/wheel_check.py" "$root/models/$model.xml" 1000 \
     > "$out/ref-$model.txt")
  check_lib "$out/ours-$model.txt" "$site/mujoco/libmujoco.so.3.4.0" "$libsum"
  check_lib "$out/ref-$model.txt" "$upkg/mujoco/libmujoco.so.3.4.0" "$refsum"
  if ! diff <(grep -v '^lib' "$out/ref-$model.txt") <(grep -v '^lib' "$out/ours-$model.txt") > "$out/$model.diff"; then
    fail "models/$model.xml: states differ from upstream's package (see $out/$model.diff)"
  fi
  echo "models/$model.xml: 1000 steps, $(grep -c '^step' "$out/ours-$model.txt") state dumps bitwise equal to upstream's package, $(grep '^moved' "$out/ours-$model.txt")"
done
echo "import mujoco in the venv maps $site/mujoco/libmujoco.so.3.4.0 (sha256 ${libsum:0:16}... = $lib)"

# 3. dm_control and Gymnasium resolve against the installed wheel
"$vpy" -m pip install -q dm_control==1.0.34 "gymnasium[mujoco]==1.2.0" numpy==2.3.5
ver=$("$vpy" -m pip show mujoco | sed -n 's/^Version: //p')
[ "$ver" = "3.4.0+rs" ] || fail "installing dm_control and gymnasium replaced mujoco: now $ver"
[ "$(sha256sum "$site/mujoco/libmujoco.so.3.4.0" | cut -d' ' -f1)" = "$libsum" ] \
  || fail "the venv's libmujoco.so.3.4.0 changed while installing dm_control and gymnasium"
"$vpy" -m pip check || fail "pip check"
echo "after pip install dm_control==1.0.34 gymnasium[mujoco]==1.2.0: mujoco $ver, pip check clean"
"$vpy" -m pip list 2>/dev/null | grep -Ei '^(mujoco|dm.control|gymnasium|numpy) ' | sed 's/^/  /'

# 4. a few tasks on both
tasks=${RL_TASKS:-dmc/cartpole-swingup dmc/cheetah-run dmc/walker-walk gym/Hopper-v5 gym/Ant-v5 gym/HalfCheetah-v4}
mkdir -p "$dir/rl-empty"
export MUJOCO_GL=${MUJOCO_GL:-egl} PYOPENGL_PLATFORM=${PYOPENGL_PLATFORM:-${MUJOCO_GL:-egl}}
# shellcheck disable=SC2086
RL_STEPS=${RL_STEPS:-300} "$vpy" "$root/python/rl_test.py" "$vpy" "$dir" "$dir/rl-empty" "$upkg" "$site" $tasks
echo "wheel_install_test: PASS"
