#!/usr/bin/env bash
# MJCF engine plugins against upstream 3.4.0, with upstream's first-party plugin libraries loaded
# in both processes (MJPLUGIN_DIR, see plugin_engine_diff.sh): every models/plugin/*.xml is
# compiled by mj_loadXML on upstream's library and on ours, both models are saved as MJB and
# dumped field by field by upstream's library (mjdiff model); the dumps must be identical (SDF
# meshes made by marching cubes, flexcomp plugins, plugins beside replicates, attached models
# with plugins among them), and so must what mj_saveXMLString writes of each. Then models with plugin mistakes must fail on both libraries with
# the same message, and a model naming a plugin must fail the same way when no plugin library
# is loaded.
#   plugin_xml_diff.sh [OUR_LIBDIR]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ours=$(cd "${1:-$root/dist/lib}" && pwd)
ref=$("$here/refget.sh")
plugdir=$ref/plugin
work=$root/target/plugin-xml-diff; rm -rf "$work"; mkdir -p "$work"
pass=0; fail=0
ok() { pass=$((pass+1)); echo "PASS $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; [ -z "${2:-}" ] || echo "$2" | head -8 | sed 's/^/    /'; }
if ! ls "$plugdir"/*.so >/dev/null 2>&1; then
  bad "upstream plugin libraries in $plugdir"; # corner cases that load: the same model (or the same error) from both libraries
either() { # name, model text
  local name=$1 f=$work/case_$1.xml
  printf '%s\n' "$2" > "$f"
  local r=0 o=0
  run "$ref/lib" "$plugdir" compile "$f" "$work/case.ref.mjb" 2>"$work/case.referr" >/dev/null || r=1
  run "$ours" "$plugdir" compile "$f" "$work/case.our.mjb" 2>"$work/case.ourerr" >/dev/null || o=1
  if [ $r = 1 ] || [ $o = 1 ]; then
    if [ $r = 1 ] && [ $o = 1 ] && cmp -s "$work/case.referr" "$work/case.ourerr"; then
      ok "$name: both refuse: $(head -1 "$work/case.referr" | sed "s|$f: ||")"
    else bad "$name: loaded by one library only" "$(cat "$work/case.referr" "$work/case.ourerr")"; fi
    return
  fi
  run "$ref/lib" "$plugdir" model "$work/case.ref.mjb" "$work/case.ref.txt"
  run "$ref/lib" "$plugdir" model "$work/case.our.mjb" "$work/case.our.txt"
  if cmp -s "$work/case.ref.txt" "$work/case.our.txt"; then ok "$name: all $(wc -l < "$work/case.ref.txt") fields equal"
  else bad "$name: fields differ" "$(diff "$work/case.ref.txt" "$work/case.our.txt" | cut -c1-200)"; fi
}
either extension_name_case "$(body '<extension><plugin plugin="MuJoCo.PID"><instance name="p"><config key="kp" value="1"/></instance></plugin></extension>' '' '<actuator><plugin joint="j" instance="p"/></actuator>')"
either element_name_case "$(body "$pidext" '' '<actuator><plugin joint="j" plugin="MuJoCo.PID"/></actuator>')"
either instance_of_other_plugin "$(body "$pidext"'<extension><plugin plugin="mujoco.elasticity.cable"/></extension>' '<plugin plugin="mujoco.elasticity.cable" instance="p"/>' '')"
either unused_instances "$(body '<extension><plugin plugin="mujoco.elasticity.cable"><instance name="c1"><config key="bend" value="1"/></instance></plugin>
<plugin plugin="mujoco.sdf.torus"><instance name="t0"><config key="radius1" value=".1"/></instance></plugin>
<plugin plugin="mujoco.pid"><instance name="p1"><config key="kp" value="3"/></instance></plugin></extension>' '' '<actuator><plugin joint="j" instance="p1"/></actuator>')"
either shared_actuator_instance "$(body "$pidext" '' '<actuator><plugin joint="j" instance="p"/><plugin joint="j" instance="p"/></actuator>')"
either world_body_plugin "$(printf '<mujoco><extension><plugin plugin="mujoco.elasticity.cable"/></extension><worldbody><plugin plugin="mujoco.elasticity.cable"><config key="bend" value="1"/></plugin><body><joint/><geom size=".1"/></body></worldbody></mujoco>')"
echo "plugin xml: $pass passed, $fail failed"; exit 1
fi
gcc -O1 -std=gnu11 -I"$ref/include" "$here/mjdiff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$work/mjdiff" || { bad "build mjdiff"; exit 1; }
run() { # lib dir, plugin dir ('' for none), mjdiff args...
  local lib=$1 pd=$2; shift 2
  MJPLUGIN_DIR=$pd LD_LIBRARY_PATH=$lib timeout 120 "$work/mjdiff" "$@"
}

# upstream's own cable models (composites with the cable plugin), when UPSTREAM_MODELS names a
# folder of upstream's models (holding model/plugin/elasticity/, as a checkout of the 3.4.0 tag)
up=${UPSTREAM_MODELS:+$UPSTREAM_MODELS/model/plugin/elasticity}
upmodels=()
if [ -n "$up" ]; then
  for m in cable belt coil; do [ -f "$up/$m.xml" ] && upmodels+=("$up/$m.xml"); done
  [ ${#upmodels[@]} -gt 0 ] || echo "note: no cable, belt or coil model under $up"
fi
for xml in "$root"/models/plugin/*.xml "${upmodels[@]}"; do
  n=$(basename "$xml" .xml); [ -n "$up" ] && case $xml in "$up"/*) n=upstream_$n;; esac; b=$work/$n
  if ! run "$ref/lib" "$plugdir" compile "$xml" "$b.ref.mjb" 2>"$b.referr"; then
    bad "$n: upstream cannot load it" "$(cat "$b.referr")"; continue
  fi
  if ! run "$ours" "$plugdir" compile "$xml" "$b.our.mjb" 2>"$b.err"; then
    bad "$n: our mj_loadXML failed" "$(cat "$b.err")"
    continue
  fi
  run "$ref/lib" "$plugdir" model "$b.ref.mjb" "$b.ref.txt"
  run "$ref/lib" "$plugdir" model "$b.our.mjb" "$b.our.txt"
  total=$(wc -l < "$b.ref.txt")
  if cmp -s "$b.ref.txt" "$b.our.txt"; then
    ok "$n: all $total mjModel fields equal (nplugin $(awk '$2=="nplugin"{print $3}' "$b.ref.txt"))"
  else
    nd=$(diff <(sort "$b.ref.txt") <(sort "$b.our.txt") | grep -c '^<')
    bad "$n: $nd of $total fields differ" "$(diff "$b.ref.txt" "$b.our.txt" | cut -c1-200)"
  fi
  # mj_saveXMLString of the compiled spec, byte for byte
  run "$ref/lib" "$plugdir" savexml "$xml" "$b.ref.xml"
  run "$ours" "$plugdir" savexml "$xml" "$b.our.xml"
  if cmp -s "$b.ref.xml" "$b.our.xml"; then ok "$n: mj_saveXMLString identical ($(wc -l < "$b.ref.xml") lines)"
  else bad "$n: mj_saveXMLString differs" "$(diff "$b.ref.xml" "$b.our.xml" | cut -c1-200)"; fi
done

# mistakes: the same error text from both libraries
errcase() { # name, plugin dir, model text
  local name=$1 pd=$2 f=$work/err_$1.xml
  printf '%s\n' "$3" > "$f"
  run "$ref/lib" "$pd" compile "$f" "$work/err.mjb" 2>"$work/err.ref" >/dev/null && { bad "$name: upstream loaded it"; return; }
  run "$ours" "$pd" compile "$f" "$work/err.mjb" 2>"$work/err.our" >/dev/null && { bad "$name: we loaded it" "$(cat "$work/err.ref")"; return; }
  if cmp -s "$work/err.ref" "$work/err.our"; then ok "$name: $(head -1 "$work/err.ref" | sed "s|$f: ||")"
  else bad "$name" "$(diff "$work/err.ref" "$work/err.our")"; fi
}
body() { printf '<mujoco>\n%s\n<worldbody>\n<body>\n<joint name="j"/>\n<geom size=".1"/>\n%s\n</body>\n</worldbody>\n%s\n</mujoco>' "$1" "$2" "$3"; }
pidext='<extension><plugin plugin="mujoco.pid"><instance name="p"><config key="kp" value="1"/></instance></plugin></extension>'
errcase unknown_plugin "$plugdir" "$(body '<extension><plugin plugin="mujoco.nosuch"/></extension>' '' '')"
errcase no_plugin_libraries "" "$(body "$pidext" '' '')"
errcase unknown_config_instance "$plugdir" "$(body '<extension>
<plugin plugin="mujoco.pid"><instance name="p"><config key="kp" value="1"/><config key="zeta" value="2"/></instance></plugin></extension>' '' '')"
errcase unknown_config_actuator "$plugdir" "$(body "$pidext" '' '<actuator><plugin name="a" joint="j" plugin="mujoco.pid"><config key="gain" value="1"/><config key="kp" value="1"/></plugin></actuator>')"
errcase duplicate_config_key "$plugdir" "$(body '<extension><plugin plugin="mujoco.pid"><instance name="p">
<config key="kp" value="1"/><config key="kp" value="2"/></instance></plugin></extension>' '' '')"
errcase instance_without_name "$plugdir" "$(body '<extension><plugin plugin="mujoco.pid"><instance/></plugin></extension>' '' '')"
errcase unknown_instance "$plugdir" "$(body "$pidext" '<plugin instance="q"/>' '')"
errcase undeclared_plugin "$plugdir" "$(body "$pidext" '<plugin plugin="mujoco.elasticity.cable"/>' '')"
errcase not_passive "$plugdir" "$(body "$pidext" '<plugin instance="p"/>' '')"
errcase not_actuator "$plugdir" "$(body '<extension><plugin plugin="mujoco.elasticity.cable"/></extension>' '' '<actuator><plugin joint="j" plugin="mujoco.elasticity.cable"/></actuator>')"
errcase not_sensor "$plugdir" "$(body "$pidext" '' '<sensor><plugin name="s" instance="p"/></sensor>')"
errcase not_sdf "$plugdir" "$(printf '<mujoco>%s<worldbody><geom name="g" size=".1"><plugin instance="p"/></geom></worldbody></mujoco>' "$pidext")"
errcase neither_plugin_nor_instance "$plugdir" "$(body "$pidext" '<plugin/>' '')"
errcase sensor_objtype_without_objname "$plugdir" "$(body "$pidext" '' '<sensor><plugin instance="p" objtype="site"/></sensor>')"
errcase repeated_instance_name "$plugdir" "$(body '<extension><plugin plugin="mujoco.pid"><instance name="p"/><instance name="p"/></plugin></extension>' '' '')"
errcase config_with_instance_reference "$plugdir" "$(body "$pidext" '' '<actuator><plugin joint="j" instance="p" actdim="2"><config key="ki" value="1"/></plugin></actuator>')"
# composites: removed types, malformed cables, plugins other than the cable one
cgeom='<geom type="capsule" size=".01"/>'
comp() { printf '<mujoco>\n<extension><plugin plugin="mujoco.elasticity.cable"/></extension>\n<worldbody>\n%s\n</worldbody>\n</mujoco>' "$1"; }
for t in particle grid rope loop cloth; do
  errcase composite_$t "$plugdir" "$(comp "<composite type=\"$t\" count=\"3 1 1\">$cgeom</composite>")"
done
errcase composite_curve_components "$plugdir" "$(comp "<composite type=\"cable\" curve=\"s 0 0 s\" count=\"4 1 1\">$cgeom</composite>")"
errcase composite_curve_trailing_space "$plugdir" "$(comp "<composite type=\"cable\" curve=\"0 s cos(s) \" count=\"4 1 1\">$cgeom</composite>")"
errcase composite_curve_shape "$plugdir" "$(comp "<composite type=\"cable\" curve=\"tan(s)\" count=\"4 1 1\">$cgeom</composite>")"
errcase composite_vertex_and_count "$plugdir" "$(comp "<composite type=\"cable\" count=\"3 1 1\" vertex=\"0 0 0 1 0 0 2 0 0\">$cgeom</composite>")"
errcase composite_singleton "$plugdir" "$(comp "<composite type=\"cable\" curve=\"s\" count=\"1 4 1\">$cgeom</composite>")"
errcase composite_cable_2d "$plugdir" "$(comp "<composite type=\"cable\" curve=\"s\" count=\"4 4 1\">$cgeom</composite>")"
errcase composite_sphere_geom "$plugdir" "$(comp "<composite type=\"cable\" curve=\"s\" count=\"4 1 1\"><geom size=\".01\"/></composite>")"
errcase composite_two_joints "$plugdir" "$(comp "<composite type=\"cable\" curve=\"s\" count=\"4 1 1\">$cgeom<joint kind=\"main\"/><joint kind=\"main\"/></composite>")"
errcase composite_other_plugin "$plugdir" "$(comp "<composite type=\"cable\" curve=\"s\" count=\"4 1 1\"><plugin plugin=\"mujoco.pid\"/>$cgeom</composite>")"
errcase composite_plugin_not_cable "$plugdir" "$(comp "<composite type=\"grid\" count=\"4 4 1\"><plugin plugin=\"mujoco.elasticity.cable\"/>$cgeom</composite>")"
errcase composite_repeated_prefix "$plugdir" "$(comp "<composite type=\"cable\" curve=\"s\" count=\"4 1 1\">$cgeom</composite><composite type=\"cable\" curve=\"s\" count=\"4 1 1\">$cgeom</composite>")"
errcase composite_three_vertices "$plugdir" "$(comp "<composite type=\"cable\" curve=\"s\" count=\"3 1 1\">$cgeom</composite>")"
# mesh plugins
torext='<extension><plugin plugin="mujoco.sdf.torus"><instance name="t"/></plugin></extension>'
mesh() { printf '<mujoco>%s<asset>%s</asset><worldbody/></mujoco>' "$1" "$2"; }
errcase mesh_plugin_not_sdf "$plugdir" "$(mesh "$pidext" '<mesh name="m"><plugin instance="p"/></mesh>')"
errcase mesh_plugin_scale "$plugdir" "$(mesh "$torext" '<mesh name="m" scale="2 1 1"><plugin instance="t"/></mesh>')"
errcase mesh_plugin_neither "$plugdir" "$(mesh "$torext" '<mesh name="m"><plugin/></mesh>')"
errcase mesh_plugin_unknown_instance "$plugdir" "$(mesh "$torext" '<mesh name="m"><plugin instance="q"/></mesh>')"
errcase mesh_plugin_undeclared "$plugdir" "$(mesh "$torext" '<mesh name="m"><plugin plugin="mujoco.sdf.gear"/></mesh>')"
errcase mesh_plugin_bad_config "$plugdir" "$(mesh "$torext" '<mesh name="m"><plugin plugin="mujoco.sdf.torus"><config key="zz" value="1"/></plugin></mesh>')"
# replicate: deleting the first subtree drops the unused named instance before a used one and
# fails on the one that moves (upstream's RemovePlugins); a flexcomp directly inside has no
# named parent body
errcase replicate_unused_instance_first "$plugdir" '<mujoco><extension><plugin plugin="mujoco.pid"><instance name="p1"><config key="kp" value="3"/></instance><instance name="p2"><config key="kp" value="4"/></instance></plugin></extension>
<worldbody><body><joint name="j"/><geom size=".1"/></body><replicate count="2" offset="1 0 0"><body><geom size=".1"/></body></replicate></worldbody>
<actuator><plugin joint="j" instance="p2"/></actuator></mujoco>'
errcase replicate_flexcomp "$plugdir" '<mujoco><worldbody><replicate count="2" offset="0 1 0"><flexcomp name="f" type="grid" count="3 3 1" spacing=".1 .1 .1" dim="2"/></replicate></worldbody></mujoco>'
# corner cases that load: the same model (or the same error) from both libraries
either() { # name, model text
  local name=$1 f=$work/case_$1.xml
  printf '%s\n' "$2" > "$f"
  local r=0 o=0
  run "$ref/lib" "$plugdir" compile "$f" "$work/case.ref.mjb" 2>"$work/case.referr" >/dev/null || r=1
  run "$ours" "$plugdir" compile "$f" "$work/case.our.mjb" 2>"$work/case.ourerr" >/dev/null || o=1
  if [ $r = 1 ] || [ $o = 1 ]; then
    if [ $r = 1 ] && [ $o = 1 ] && cmp -s "$work/case.referr" "$work/case.ourerr"; then
      ok "$name: both refuse: $(head -1 "$work/case.referr" | sed "s|$f: ||")"
    else bad "$name: loaded by one library only" "$(cat "$work/case.referr" "$work/case.ourerr")"; fi
    return
  fi
  run "$ref/lib" "$plugdir" model "$work/case.ref.mjb" "$work/case.ref.txt"
  run "$ref/lib" "$plugdir" model "$work/case.our.mjb" "$work/case.our.txt"
  if cmp -s "$work/case.ref.txt" "$work/case.our.txt"; then ok "$name: all $(wc -l < "$work/case.ref.txt") fields equal"
  else bad "$name: fields differ" "$(diff "$work/case.ref.txt" "$work/case.our.txt" | cut -c1-200)"; fi
}
either extension_name_case "$(body '<extension><plugin plugin="MuJoCo.PID"><instance name="p"><config key="kp" value="1"/></instance></plugin></extension>' '' '<actuator><plugin joint="j" instance="p"/></actuator>')"
either element_name_case "$(body "$pidext" '' '<actuator><plugin joint="j" plugin="MuJoCo.PID"/></actuator>')"
either instance_of_other_plugin "$(body "$pidext"'<extension><plugin plugin="mujoco.elasticity.cable"/></extension>' '<plugin plugin="mujoco.elasticity.cable" instance="p"/>' '')"
either unused_instances "$(body '<extension><plugin plugin="mujoco.elasticity.cable"><instance name="c1"><config key="bend" value="1"/></instance></plugin>
<plugin plugin="mujoco.sdf.torus"><instance name="t0"><config key="radius1" value=".1"/></instance></plugin>
<plugin plugin="mujoco.pid"><instance name="p1"><config key="kp" value="3"/></instance></plugin></extension>' '' '<actuator><plugin joint="j" instance="p1"/></actuator>')"
either shared_actuator_instance "$(body "$pidext" '' '<actuator><plugin joint="j" instance="p"/><plugin joint="j" instance="p"/></actuator>')"
either world_body_plugin "$(printf '<mujoco><extension><plugin plugin="mujoco.elasticity.cable"/></extension><worldbody><plugin plugin="mujoco.elasticity.cable"><config key="bend" value="1"/></plugin><body><joint/><geom size=".1"/></body></worldbody></mujoco>')"
# a mesh with vertices and a plugin is made by the plugin; with a file, it keeps the file's and
# its octree has no coefficients
either mesh_plugin_with_vertices "$(printf '<mujoco>%s<asset><mesh name="m" vertex="0 0 0 1 0 0 0 1 0 0 0 1"><plugin instance="t"/></mesh></asset><worldbody><geom type="mesh" mesh="m"/></worldbody></mujoco>' "$torext")"
either mesh_plugin_with_file "$(printf '<mujoco>%s<asset><mesh name="m" file="%s/models/xml_assets/urdf_part.stl"><plugin instance="t"/></mesh></asset><worldbody><geom type="mesh" mesh="m"/><geom type="sdf" mesh="m"><plugin instance="t"/></geom></worldbody></mujoco>' "$torext" "$root")"
echo "plugin xml: $pass passed, $fail failed"
[ $fail -eq 0 ]
