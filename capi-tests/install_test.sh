#!/usr/bin/env bash
# `make install PREFIX=<tmp>` from the tree, then a C++ program built against the installed copy
# through pkg-config and through CMake's find_package(mujoco) / mujoco::mujoco; both builds run
# a model and must print the same state. The installed command-line programs run too.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
work=$root/target/install-test
rm -rf "$work" && mkdir -p "$work"
prefix=$work/prefix

make -s -C "$root" install PREFIX="$prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
for f in include/mujoco/mujoco.h include/mujoco/mjmodel.h lib/libmujoco.so.3.4.0 lib/libmujoco.so \
         lib/pkgconfig/mujoco.pc lib/cmake/mujoco/mujocoConfig.cmake \
         lib/cmake/mujoco/mujocoConfigVersion.cmake bin/compile bin/testspeed; do
  [ -e "$prefix/$f" ] || { echo "install: $f missing"; exit 1; }
done
[ "$(readlink "$prefix/lib/libmujoco.so")" = libmujoco.so.3.4.0 ] || { echo "install: bad libmujoco.so link"; exit 1; }
model=$root/models/pendulum.xml

# pkg-config
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
[ "$(pkg-config --modversion mujoco)" = 3.4.0 ]
g++ -O1 -o "$work/consumer-pc" "$here/install/consumer.cc" $(pkg-config --cflags --libs mujoco)
out_pc=$(LD_LIBRARY_PATH=$(pkg-config --variable=libdir mujoco) "$work/consumer-pc" "$model")
echo "pkg-config build: $out_pc"

# CMake
cmake -S "$here/install" -B "$work/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_BUILD_TYPE=Release >"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; exit 1; }
cmake --build "$work/cmake-build" >>"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; exit 1; }
out_cm=$("$work/cmake-build/consumer" "$model")
echo "CMake build:      $out_cm"
# the CMake build must run the installed library (rpath), not another copy
# (ldd's output is held first: with pipefail, grep -q leaving early can fail the pipe on SIGPIPE)
linked=$(ldd "$work/cmake-build/consumer")
grep -q "$prefix/lib/libmujoco.so.3.4.0" <<<"$linked" \
  || { echo "CMake build does not link the installed library"; echo "$linked"; exit 1; }
[ "$out_pc" = "$out_cm" ] || { echo "the two builds disagree"; exit 1; }
# the same program on upstream's library prints the same
out_ref=$(LD_LIBRARY_PATH="$("$here/refget.sh")/lib" "$work/consumer-pc" "$model")
[ "$out_pc" = "$out_ref" ] || { echo "upstream's library prints: $out_ref"; exit 1; }
# a requested version above ours is refused, 3.0 is accepted
mkdir -p "$work/cmake-version"
cat >"$work/cmake-version/CMakeLists.txt" <<'CM'
cmake_minimum_required(VERSION 3.16)
project(v NONE)
find_package(mujoco 3.5 QUIET)
if(mujoco_FOUND)
  message(FATAL_ERROR "3.5 accepted")
endif()
find_package(mujoco 3.0 REQUIRED)
CM
cmake -S "$work/cmake-version" -B "$work/cmake-version/build" -DCMAKE_PREFIX_PATH="$prefix" \
      >>"$work/cmake.log" 2>&1 || { echo "CMake version check failed"; tail "$work/cmake.log"; exit 1; }

# installed programs: compile (XML -> MJB -> text) and testspeed
( cd "$work" && "$prefix/bin/compile" "$model" pendulum.mjb >/dev/null \
    && "$prefix/bin/compile" pendulum.mjb pendulum.txt >/dev/null )
grep -q "^ *nq  *2$" "$work/pendulum.txt" || { echo "compile: bad listing"; exit 1; }
speed_out=$("$prefix/bin/testspeed" "$model" 1000 2)
grep -q "Total steps per second" <<<"$speed_out" || { echo "testspeed failed"; exit 1; }
echo "install: layout, pkg-config, CMake, compile and testspeed ok"
