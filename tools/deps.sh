#!/usr/bin/env bash
# The system packages the tests need beyond Rust, a C compiler and python3 (Debian names), listed
# once here: those of `make test`, and three more that only `make -C capi-tests simulate` (upstream's
# viewer under Xvfb, not part of `make test`) uses. `make test` checks its own first; `.ci/run` and
# `make deps` install them all.
#   tools/deps.sh --check     exit 0 when `make test`'s are all there; else print one line naming
#                             the missing packages and the command that installs them, exit 1
#   tools/deps.sh --check-all the same for all of them (with the simulate run's)
#   tools/deps.sh --install   apt-get install every missing one (needs root: `sudo make deps`)
#   tools/deps.sh --list      print every package and what needs it, one a line
# Each package is probed by a command or file it provides, so copies installed some other way
# count too. `make demo` needs none of them (it renders only where EGL is found at run time).
set -euo pipefail

arch=$(gcc -print-multiarch 2>/dev/null || true)
arch=${arch:-x86_64-linux-gnu}
has_cmd() { local p; p=$(command -v "$1" 2>/dev/null) && [ -f "$p" ] && [ -x "$p" ]; }
has_file() { local f; for f in "$@"; do [ -e "$f" ] && return 0; done; return 1; }

# package | why | probe (evaluated; succeeds when the package's part is there). The last three
# serve the simulate run only.
deps=(
  "gdb|abi_check.py reads struct layouts from the headers' debug info|has_cmd gdb"
  "cmake|install test: find_package(mujoco)|has_cmd cmake"
  "pkg-config|install test: pkg-config mujoco|has_cmd pkg-config"
  "g++|C++ header checks, install test|has_cmd g++"
  "python3-pip|capi-tests/refget.sh fetches upstream's wheel with pip|python3 -m pip --version"
  "python3-venv|the wheel's Python tests and the RL envs run in a venv|python3 -c 'import ensurepip'"
  "libegl-dev|renderer test: EGL headers|has_file /usr/include/EGL/egl.h"
  "libegl-mesa0|renderer tests: Mesa's EGL (headless)|has_file /usr/lib/$arch/libEGL_mesa.so.0"
  "libgl1-mesa-dri|renderer tests: llvmpipe, Mesa's software GL driver|has_file /usr/lib/$arch/dri/swrast_dri.so /usr/lib/$arch/dri/kms_swrast_dri.so"
  "libglfw3-dev|upstream's simulate viewer (install test, make -C capi-tests simulate)|has_file /usr/include/GLFW/glfw3.h"
  "liblodepng-dev|upstream's simulate viewer (install test, make -C capi-tests simulate)|has_file /usr/include/lodepng.h"
  "libx11-dev|simulate run only: screenshots through Xlib|has_file /usr/include/X11/Xlib.h"
  "xvfb|simulate run only: the viewer under a virtual X server|has_cmd Xvfb"
  "xdotool|simulate run only: clicks and keys|has_cmd xdotool"
)

ntest=$(( ${#deps[@]} - 3 ))   # the packages `make test` needs come first
missing=(); missing_test=()
for i in "${!deps[@]}"; do
  IFS='|' read -r pkg _why probe <<<"${deps[$i]}"
  if ! eval "$probe" >/dev/null 2>&1; then
    missing+=("$pkg")
    [ "$i" -lt "$ntest" ] && missing_test+=("$pkg")
  fi
done
say_missing() {
  local run
  if [ "$(id -u)" -eq 0 ]; then run="make deps"; else run="sudo make deps"; fi
  echo "missing: $* — run: $run" >&2
  exit 1
}

case "${1:-}" in
  --list)
    for d in "${deps[@]}"; do IFS='|' read -r pkg why _ <<<"$d"; printf '%-16s %s\n' "$pkg" "$why"; done ;;
  --check)
    [ ${#missing_test[@]} -eq 0 ] || say_missing "${missing_test[@]}" ;;
  --check-all)
    [ ${#missing[@]} -eq 0 ] || say_missing "${missing[@]}" ;;
  --install)
    if [ ${#missing[@]} -eq 0 ]; then
      echo "deps: all ${#deps[@]} packages present"
      exit 0
    fi
    if [ "$(id -u)" -ne 0 ]; then
      echo "deps: installing ${missing[*]} needs root — run: sudo make deps" >&2
      exit 1
    fi
    has_cmd apt-get || { echo "deps: no apt-get; install these (Debian names) with your package manager: ${missing[*]}" >&2; exit 1; }
    echo "deps: apt-get install ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
    # probe again: a package that installed but still fails its probe is worth knowing about
    exec "$0" --check-all ;;
  *)
    echo "usage: tools/deps.sh --check | --check-all | --install | --list" >&2
    exit 2 ;;
esac
