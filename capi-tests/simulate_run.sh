#!/usr/bin/env bash
# Upstream's `simulate` viewer (3.4.0) on our library, under Xvfb:
#   simulate_run.sh [OUR_LIBDIR] [MODEL.xml]        (defaults: dist/lib, models/render/scene.xml)
# 1. Upstream's simulate/ sources come from the mujoco 3.4.0 source distribution on PyPI (the
#    same files as the 3.4.0 tag's simulate/ folder), fetched once with pip and checked against a
#    pinned SHA-256 (upstream_src.sh).
# 2. They are compiled against upstream's headers (refget.sh) with Debian's GLFW and lodepng and
#    linked to our libmujoco.so.3.4.0; one binary serves both runs, LD_LIBRARY_PATH picks the
#    library (target/simulate/NAME.notes names the libmujoco each run mapped; NAME.log has the
#    viewer's output).
# 3. The binary runs on upstream's library and on ours, each in a fresh Xvfb with Mesa's software
#    GL, on MODEL; from SIM_SECONDS (default 6) of wall time on, its window is saved as a PNG every
#    2 s (simulate/xgrab.cc) until two shots in a row are equal (loaded, at rest; the default
#    model's bodies come to rest). Then (unless SIM_NO_UI is set) xdotool clicks open four UI
#    sections and presses C, F, T and space (contact points, forces, transparency, pause), and
#    a second shot is taken the same way. Then the File section's buttons (Print model, Save
#    xml, Save mjb, Screenshot), Reload (a third shot, paused at the initial state), and F1-F4
#    (help, info, profiler, sensor panels: timers, only checked not to crash). The two libraries'
#    shots are compared (simulate/pngdiff.cc), and so are the files written by the buttons.
# Output: target/simulate/{ref,our}{,-ui,-reload}.png, diff{,-ui,-reload}.png (differing pixels
# red), the files each viewer wrote in {ref,our}.cwd/, and a comparison line for each.
# Exit status 0 when both runs showed a picture and at most SIM_MAX_DIFF (default 0) pixels of
# the first and the Reload pair and SIM_MAX_DIFF_UI (default 200) of the second and of the
# Screenshot button's files differ, the written files agree and both viewers survive (the viewer pauses at a
# moment set by the clock, and the contact points drawn on the default model's resting glass
# cylinder are not quite still: two runs of upstream's own library differ by up to ~30 pixels
# there); 1 otherwise; 2 when something needed is missing (packages: libglfw3-dev,
# liblodepng-dev, libx11-dev, xvfb, xdotool, Mesa's libgl1-mesa-dri).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
src=$(cd "${1:-$root/dist/lib}" && pwd)
model=$(cd "$(dirname "${2:-$root/models/render/scene.xml}")" && pwd)/$(basename "${2:-scene.xml}")
secs=${SIM_SECONDS:-6}
ref=$("$here/refget.sh")
work=$root/target/simulate; mkdir -p "$work"

for f in /usr/include/GLFW/glfw3.h /usr/include/lodepng.h /usr/include/X11/Xlib.h; do
  [ -f "$f" ] || { echo "simulate_run: $f missing (apt-get install libglfw3-dev liblodepng-dev libx11-dev)"; exit 2; }
done
command -v Xvfb >/dev/null || { echo "simulate_run: Xvfb missing (apt-get install xvfb)"; exit 2; }
[ -n "${SIM_NO_UI:-}" ] || command -v xdotool >/dev/null || { echo "simulate_run: xdotool missing (apt-get install xdotool)"; exit 2; }

# --- 1. upstream's sources ---------------------------------------------------------------------
simsrc=$("$here/upstream_src.sh")/simulate || { echo "simulate_run: upstream's sources are missing"; exit 2; }

# --- 2. build ----------------------------------------------------------------------------------
ours=$work/ours; mkdir -p "$ours"
cp -L "$src/libmujoco.so.3.4.0" "$ours/libmujoco.so.3.4.0.part" && mv "$ours/libmujoco.so.3.4.0.part" "$ours/libmujoco.so.3.4.0"
obj=$work/obj; mkdir -p "$obj"
cxx=(g++ -O2 -std=c++17 -w -I"$ref/include" -I"$simsrc")
for f in glfw_adapter glfw_dispatch platform_ui_adapter simulate main; do
  if [ ! -f "$obj/$f.o" ] || [ "$simsrc/$f.cc" -nt "$obj/$f.o" ]; then
    "${cxx[@]}" -c "$simsrc/$f.cc" -o "$obj/$f.o"
  fi
done
g++ "$obj"/{main,simulate,glfw_adapter,glfw_dispatch,platform_ui_adapter}.o -o "$work/simulate" \
  -L"$ours" -l:libmujoco.so.3.4.0 -lglfw -llodepng -lpthread -ldl
g++ -O2 -std=c++17 -Wall "$here/simulate/xgrab.cc" -lX11 -llodepng -o "$work/xgrab"
g++ -O2 -std=c++17 -Wall "$here/simulate/pngdiff.cc" -llodepng -o "$work/pngdiff"
[ "$work/mjdiff" -nt "$here/mjdiff.c" ] || gcc -O1 -std=gnu11 -I"$ref/include" "$here/mjdiff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/mjdiff"

# --- 3. run on each library under Xvfb, screenshot ---------------------------------------------
xpid=; spid=; disp=; geom=
cleanup() {
  if [ -n "$spid" ]; then kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null || true; fi
  if [ -n "$xpid" ]; then kill "$xpid" 2>/dev/null; wait "$xpid" 2>/dev/null || true; fi
  xpid=; spid=
  return 0
}
trap cleanup EXIT

# settle NAME OUT MIN: screenshots every 2 s once MIN seconds have passed, until two in a row
# are equal (loaded, at rest) or SIM_TIMEOUT (default 90) seconds; the last one goes to OUT
settle() {
  local name=$1 out=$2 min=$3 t=0 prev=$work/$1.prev.png shot=$work/$1.shot.png
  rm -f "$prev"
  while :; do
    sleep 2; t=$((t+2))
    if ! kill -0 "$spid" 2>/dev/null; then
      echo "simulate_run: simulate on $name's library exited early: $(tail -c 400 "$work/$name.log")"
      spid=; return 1
    fi
    [ "$t" -lt "$min" ] && continue
    geom=$(DISPLAY=$disp "$work/xgrab" "$shot")
    if [ -f "$prev" ] && grep -q ' 0 differ' <<<"$("$work/pngdiff" "$prev" "$shot")"; then break; fi
    if [ "$t" -ge "${SIM_TIMEOUT:-90}" ]; then echo "simulate_run: $name: the picture still changes after $t s"; break; fi
    mv "$shot" "$prev"
  done
  mv "$shot" "$out"; rm -f "$prev"
  echo "$name: $(basename "$out") after $t s" >>"$work/$name.notes"
}

# act NAME XDOTOOL-ARGS...: one input event, then screenshots every 0.3 s until the picture
# changes (the viewer has handled it and drawn a new frame: events are not sent faster than the
# viewer draws, which under llvmpipe can be slow); sent once more when nothing changed in 10 s
act() {
  local name=$1; shift
  local before=$work/$name.before.png now=$work/$name.now.png try i
  DISPLAY=$disp "$work/xgrab" "$before" >/dev/null
  for try in 1 2; do
    DISPLAY=$disp xdotool "$@"
    for i in $(seq 33); do
      sleep 0.3
      DISPLAY=$disp "$work/xgrab" "$now" >/dev/null
      if ! grep -q ' 0 differ' <<<"$("$work/pngdiff" "$before" "$now")"; then rm -f "$before" "$now"; return 0; fi
    done
  done
  echo "simulate_run: $name: no change after xdotool $*"; rm -f "$before" "$now"
}

# click NAME X Y: move there (window coordinates), then a left click
click() {
  local wx wy; read -r wx wy _ <<<"$geom"
  DISPLAY=$disp xdotool mousemove $((wx + $2)) $((wy + $3)); sleep 0.3
  act "$1" click 1
}

# press NAME X Y FILE: a click on a button that makes the viewer write FILE (in its folder)
press() {
  local wx wy i; read -r wx wy _ <<<"$geom"
  DISPLAY=$disp xdotool mousemove $(($wx + $2)) $(($wy + $3)); sleep 0.3
  DISPLAY=$disp xdotool click 1
  for i in $(seq 50); do [ -s "$work/$1.cwd/$4" ] && { sleep 0.5; return 0; }; sleep 0.2; done
  echo "simulate_run: $1: no $4 after the click at $2 $3"
}

run() {  # run NAME LIBDIR
  local name=$1 lib=$2 dfile=$work/$1.display
  rm -rf "$dfile" "$work/$name.notes" "$work/$name.png" "$work/$name-ui.png" "$work/$name-reload.png" "$work/$name.cwd"
  mkdir -p "$work/$name.cwd"
  Xvfb -displayfd 3 -screen 0 1920x1200x24 -nolisten tcp 3>"$dfile" >"$work/$name.xvfb.log" 2>&1 &
  xpid=$!
  for _ in $(seq 100); do [ -s "$dfile" ] && break; sleep 0.1; done
  [ -s "$dfile" ] || { echo "simulate_run: Xvfb did not start ($(head -c 300 "$work/$name.xvfb.log"))"; return 1; }
  disp=:$(head -n1 "$dfile")
  (cd "$work/$name.cwd" && DISPLAY=$disp LIBGL_ALWAYS_SOFTWARE=1 LD_LIBRARY_PATH=$lib \
     exec stdbuf -oL "$work/simulate" "$model") >"$work/$name.log" 2>&1 &
  spid=$!
  settle "$name" "$work/$name.png" "$secs" || { cleanup; return 1; }
  echo "mapped: $(grep -o '/[^ ]*libmujoco[^ ]*' /proc/$spid/maps | sort -u | tr '\n' ' ')" >>"$work/$name.notes"
  # then through the UI (mjui_event / mjui_update / mjui_render): open the right panel's sections
  # bottom-up (Equality, Control, Joint: the joint sliders show qpos), then the left panel's
  # Physics section; keys: contact points (C), contact forces (F), transparency (T), pause (space)
  if [ -z "${SIM_NO_UI:-}" ]; then
    click "$name" 1137 89; click "$name" 1137 55; click "$name" 1137 21
    click "$name" 127 743
    DISPLAY=$disp xdotool mousemove $(read -r wx wy _ <<<"$geom"; echo $((wx + 640)) $((wy + 400)))
    for k in c f t space; do act "$name" key $k; done
    settle "$name" "$work/$name-ui.png" 2 || { cleanup; return 1; }
    # the File section's buttons: Print model, Save xml, Save mjb, Screenshot (mjr_readPixels)
    press "$name" 68 81 MJMODEL.TXT; press "$name" 68 51 mjmodel.xml
    press "$name" 185 51 mjmodel.mjb; press "$name" 185 111 screenshot.png
    # Reload (the model is loaded again, paused at its initial state), then the help, info,
    # profiler and sensor panels (F1-F4: they show timers, so no comparison)
    click "$name" 185 457
    settle "$name" "$work/$name-reload.png" 2 || { cleanup; return 1; }
    for k in F1 F2 F3 F4; do act "$name" key $k; done
    sleep 2
    kill -0 "$spid" 2>/dev/null && echo "$name: alive after Reload and F1-F4" >>"$work/$name.notes"
  fi
  cleanup
}
run ref "$ref/lib"
run our "$ours"
grep -h "^mapped\| after " "$work/ref.notes" "$work/our.notes"
status=0
for shot in "" -ui -reload; do
  [ -f "$work/ref$shot.png" ] || continue
  line=$("$work/pngdiff" "$work/ref$shot.png" "$work/our$shot.png" "$work/diff$shot.png")
  case $shot in
    "") echo "simulate $(basename "$model"): $line"; max=${SIM_MAX_DIFF:-0};;
    -ui) echo "simulate $(basename "$model") after the UI input: $line"; max=${SIM_MAX_DIFF_UI:-200};;
    *) echo "simulate $(basename "$model") after Reload: $line"; max=${SIM_MAX_DIFF:-0};;
  esac
  n=$(echo "$line" | sed -n 's/.*pixels: \([0-9]*\) differ.*/\1/p')
  if [ -z "$n" ] || [ "$n" -gt "$max" ]; then echo "FAIL: more than $max pixels differ"; status=1; fi
done
# the files the viewer wrote through its buttons. mjmodel.xml: the same text as upstream's, or
# else compiled by upstream's library it must give the model that "Save mjb" wrote (upstream's
# own file does not quite: it rounds to 6 digits)
if [ -f "$work/our.cwd/mjmodel.xml" ] && cmp -s "$work/our.cwd/mjmodel.xml" "$work/ref.cwd/mjmodel.xml"; then
  echo "simulate: mjmodel.xml written by both libraries: identical"
elif [ -f "$work/our.cwd/mjmodel.xml" ]; then
  LD_LIBRARY_PATH=$ref/lib "$work/mjdiff" compile "$work/our.cwd/mjmodel.xml" "$work/our.cwd/mjmodel.xml.mjb" >/dev/null 2>&1 || true
  if [ -s "$work/our.cwd/mjmodel.xml.mjb" ] && cmp -s "$work/our.cwd/mjmodel.xml.mjb" "$work/our.cwd/mjmodel.mjb"; then
    echo "simulate: our mjmodel.xml compiled by upstream: the model of mjmodel.mjb"
  else echo "FAIL: our mjmodel.xml compiled by upstream is not the model of mjmodel.mjb"; status=1; fi
fi
for f in MJMODEL.TXT mjmodel.mjb; do
  [ -f "$work/ref.cwd/$f" ] || continue
  if cmp -s "$work/ref.cwd/$f" "$work/our.cwd/$f"; then echo "simulate: $f written by both libraries: identical"
  else echo "FAIL: $f differs ($(diff "$work/ref.cwd/$f" "$work/our.cwd/$f" 2>&1 | head -c 300))"; status=1; fi
done
if [ -f "$work/ref.cwd/screenshot.png" ]; then
  line=$("$work/pngdiff" "$work/ref.cwd/screenshot.png" "$work/our.cwd/screenshot.png")
  echo "simulate: Screenshot button (mjr_readPixels): $line"
  n=$(echo "$line" | sed -n 's/.*pixels: \([0-9]*\) differ.*/\1/p')
  if [ -z "$n" ] || [ "$n" -gt "${SIM_MAX_DIFF_UI:-200}" ]; then echo "FAIL: more than ${SIM_MAX_DIFF_UI:-200} pixels differ"; status=1; fi
fi
if [ -z "${SIM_NO_UI:-}" ]; then
  for w in ref our; do
    grep -h "alive after" "$work/$w.notes" || { echo "FAIL: simulate on $w's library did not survive Reload and F1-F4"; status=1; }
  done
fi
exit $status
