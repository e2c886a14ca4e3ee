#!/usr/bin/env bash
# `make install PREFIX=<tmp>` from the tree, then a C++ program built against the installed copy
# through pkg-config and through CMake's find_package(mujoco) / mujoco::mujoco; both builds run
# a model and must print the same state. The installed command-line programs run too.
# Upstream's own programs (3.4.0) against the installed copy:
#   simulate/*.cc, from the mujoco 3.4.0 sdist on PyPI (upstream_src.sh): each compiled with the
#     flags pkg-config gives, linked through pkg-config, and built by CMake (find_package);
#   sample/*.cc, when MJ_SAMPLE_DIR names upstream's sample/ folder at tag 3.4.0 (no artifact on
#     PyPI ships it, so without it this part is skipped and says so): each compiled, and
#     testspeed built through pkg-config and through CMake and run on a model.
# Needs GLFW and lodepng headers (Debian: libglfw3-dev liblodepng-dev).
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

# upstream's programs against the installed headers
for f in /usr/include/GLFW/glfw3.h /usr/include/lodepng.h; do
  [ -f "$f" ] || { echo "install: $f missing (apt-get install libglfw3-dev liblodepng-dev)"; exit 1; }
done
upstream=$("$here/upstream_src.sh")
cflags=$(pkg-config --cflags mujoco)
# cxx_check NAME.cc OUT.o|-: compile (or only check the syntax of) one of upstream's files
cxx_check() {
  local src=$1 out=$2 mode=(-c -o "$2")
  [ "$out" = - ] && mode=(-fsyntax-only)
  g++ -std=c++17 -w $cflags -I"$(dirname "$src")" "${mode[@]}" "$src" 2>"$work/upstream.log" \
    || { echo "install: upstream's $(basename "$(dirname "$src")")/$(basename "$src") does not compile against the installed headers:"
         head -c 2000 "$work/upstream.log"; exit 1; }
}
nsim=0
for f in "$upstream"/simulate/*.cc; do
  cxx_check "$f" "$work/simulate-$(basename "$f" .cc).o"; nsim=$((nsim + 1))
done
[ "$nsim" -eq 5 ] || { echo "install: expected upstream's 5 simulate/*.cc, found $nsim"; exit 1; }
g++ "$work"/simulate-*.o -o "$work/simulate-pc" $(pkg-config --libs mujoco) -lglfw -llodepng -lpthread -ldl \
  || { echo "install: upstream's simulate does not link through pkg-config"; exit 1; }
upargs=(-DSIMULATE_DIR="$upstream/simulate")
nsample=0
if [ -n "${MJ_SAMPLE_DIR:-}" ]; then
  sample=$(cd "$MJ_SAMPLE_DIR" && pwd)
  for f in "$sample"/*.cc; do cxx_check "$f" -; nsample=$((nsample + 1)); done
  [ "$nsample" -eq 5 ] || { echo "install: expected upstream's 5 sample/*.cc in $sample, found $nsample"; exit 1; }
  g++ -O2 -std=c++17 -w -o "$work/testspeed-pc" "$sample/testspeed.cc" $(pkg-config --cflags --libs mujoco) -lpthread \
    || { echo "install: upstream's testspeed does not build through pkg-config"; exit 1; }
  upargs+=(-DSAMPLE_DIR="$sample")
fi
cmake -S "$here/install/upstream" -B "$work/cmake-upstream" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_BUILD_TYPE=Release "${upargs[@]}" >"$work/cmake-upstream.log" 2>&1 \
  && cmake --build "$work/cmake-upstream" -j 2 >>"$work/cmake-upstream.log" 2>&1 \
  || { echo "install: upstream's programs do not build through CMake:"; tail -30 "$work/cmake-upstream.log"; exit 1; }
linked=$(ldd "$work/cmake-upstream/simulate")
grep -q "$prefix/lib/libmujoco.so.3.4.0" <<<"$linked" \
  || { echo "CMake's simulate does not link the installed library"; echo "$linked"; exit 1; }
echo "install: upstream's simulate/*.cc: $nsim compiled against the installed headers, simulate linked through pkg-config and CMake"
if [ -n "${MJ_SAMPLE_DIR:-}" ]; then
  # testspeed MODEL 1000 steps, 2 threads, both builds on the installed library
  ts_pc=$(LD_LIBRARY_PATH=$prefix/lib "$work/testspeed-pc" "$model" 1000 2) \
    || { echo "install: testspeed (pkg-config) failed: $ts_pc"; exit 1; }
  ts_cm=$("$work/cmake-upstream/testspeed" "$model" 1000 2) \
    || { echo "install: testspeed (CMake) failed: $ts_cm"; exit 1; }
  linked=$(ldd "$work/cmake-upstream/testspeed")
  grep -q "$prefix/lib/libmujoco.so.3.4.0" <<<"$linked" \
    || { echo "CMake's testspeed does not link the installed library"; echo "$linked"; exit 1; }
  "$prefix/bin/compile" "$model" "$work/model.txt" >/dev/null
  nv=$(awk '$1 == "nv" {print $2; exit}' "$work/model.txt")
  for out in "$ts_pc" "$ts_cm"; do
    grep -q "Rolling out 1000 steps per thread at dt = .*, using double precision" <<<"$out" \
      && grep -q "Total steps per second" <<<"$out" \
      && grep -q "^ Degrees of freedom   : $nv$" <<<"$out" \
      || { echo "install: testspeed printed:"; echo "$out"; exit 1; }
  done
  echo "install: upstream's sample/*.cc: $nsample compiled; testspeed built through pkg-config and CMake, ran $(basename "$model") (nv $nv) on the installed library"
else
  echo "install: upstream's sample/*.cc: skipped (MJ_SAMPLE_DIR unset; no PyPI artifact ships upstream's sample/)"
fi

# installed programs: compile (XML -> MJB -> text) and testspeed
( cd "$work" && "$prefix/bin/compile" "$model" pendulum.mjb >/dev/null \
    && "$prefix/bin/compile" pendulum.mjb pendulum.txt >/dev/null )
grep -q "^ *nq  *2$" "$work/pendulum.txt" || { echo "compile: bad listing"; exit 1; }
speed_out=$("$prefix/bin/testspeed" "$model" 1000 2)
grep -q "Total steps per second" <<<"$speed_out" || { echo "testspeed failed"; exit 1; }
echo "install: layout, pkg-config, CMake, compile and testspeed ok"
