# Sourced by python/wheel_test.sh, python/rl_test.sh and benches/rollout_bench.sh. Needs $root,
# $lib, $dir; makes (once; cached) the virtual environment $venv with mujoco==3.4.0 from PyPI, sets
# $site to its site-packages, copies its mujoco package to $ours ($mjw_ours if set, else
# $dir/ours) with $lib in place of upstream's library, and checks through /proc/self/maps that
# each copy loads its own library.
venv=$dir/venv
py=${PYTHON:-python3}
if [ ! -f "$venv/.ready" ]; then
  rm -rf "$venv"
  "$py" -m venv "$venv"
  "$venv/bin/python" -m pip install -q mujoco==3.4.0 absl-py numpy pytest pytest-timeout
  touch "$venv/.ready"
fi
site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
[ -f "$site/mujoco/libmujoco.so.3.4.0" ] || { echo "no mujoco package in $site" >&2; exit 1; }
[ -f "$lib" ] || { echo "no library at $lib (make lib)" >&2; exit 1; }

# the copy with our library: the same package, one file swapped
ours=${mjw_ours:-$dir/ours}
rm -rf "$ours"
mkdir -p "$ours"
cp -a "$site/mujoco" "$ours/"
cp "$lib" "$ours/mujoco/libmujoco.so.3.4.0"

# each copy must load its own library
for copy in "$site" "$ours"; do
  got=$(cd "$dir" && PYTHONPATH="$copy" "$venv/bin/python" -c '
import mujoco
print(next(l.split()[-1] for l in open("/proc/self/maps") if "libmujoco.so" in l))')
  want=$(realpath "$copy/mujoco/libmujoco.so.3.4.0")
  [ "$(realpath "$got")" = "$want" ] || { echo "$copy loads $got, not $want" >&2; exit 1; }
  echo "mujoco from $copy loads $got"
done
cmp -s "$lib" "$ours/mujoco/libmujoco.so.3.4.0"
