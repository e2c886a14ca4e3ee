#!/usr/bin/env bash
# URDF files that mj_loadXML refuses: upstream 3.4.0 and ours must give the same error text
# (reader errors with element and line, and compiler errors on what the reader made). A few
# unusual files that load are compared field by field instead.
#   urdf_errors.sh OUR_LIBDIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ref=$("$here/refget.sh"); ours=$(cd "${1:-$root/dist/lib}" && pwd)
work=$root/target/urdf-errors; rm -rf "$work"; mkdir -p "$work"
mjdiff=$root/target/xml-diff/mjdiff; mkdir -p "$(dirname "$mjdiff")"
[ "$mjdiff" -nt "$here/mjdiff.c" ] || gcc -O1 -std=gnu11 -I"$ref/include" "$here/mjdiff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$mjdiff" || exit 2
cp "$root/models/xml_assets/urdf_part.stl" "$work/"
pass=0; fail=0
L='<link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>'
B='<link name="b"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>'
J='<joint name="j" type="revolute"><parent link="a"/><child link="b"/></joint>'
geom() { echo "<link name=\"g\"><collision>$1</collision></link>"; }
# case_ NAME BODY...: a robot holding BODY, with fusestatic off unless BODY has a <mujoco>
# block; fcase_ NAME BODY...: the same with upstream's URDF defaults (fusestatic on)
nofuse='<mujoco><compiler fusestatic="false"/></mujoco>'
case_() {
  local nm=$1; shift
  case "$*" in *"<mujoco"*) fcase_ "$nm" "$@" ;; *) fcase_ "$nm" "$nofuse" "$@" ;; esac
}
fcase_() {
  local f="$work/$1.urdf"; shift
  { echo '<?xml version="1.0"?>'; echo '<robot name="bad">'; printf '%s\n' "$@"; echo '</robot>'; } >"$f"
  local r o
  r=$(LD_LIBRARY_PATH=$ref/lib "$mjdiff" compile "$f" "$f.ref.mjb" 2>&1 | grep -v '^WARNING'); rs=$?
  o=$(LD_LIBRARY_PATH=$ours "$mjdiff" compile "$f" "$f.our.mjb" 2>&1 | grep -v '^WARNING')
  if [ -z "$r" ] && [ -f "$f.ref.mjb" ]; then
    if [ ! -f "$f.our.mjb" ]; then
      fail=$((fail+1)); echo "FAIL $(basename "$f"): upstream loads it, ours: $o"; return
    fi
    LD_LIBRARY_PATH=$ref/lib "$mjdiff" model "$f.ref.mjb" "$f.ref.txt"
    LD_LIBRARY_PATH=$ref/lib "$mjdiff" model "$f.our.mjb" "$f.our.txt"
    if cmp -s "$f.ref.txt" "$f.our.txt"; then pass=$((pass+1)); echo "PASS $(basename "$f"): loads, every field equal"
    else fail=$((fail+1)); echo "FAIL $(basename "$f"): loads, fields differ"; fi
    return
  fi
  if [ "$r" == "$o" ]; then
    pass=$((pass+1)); echo "PASS $(basename "$f"): $(echo "${r#*: }" | tr '\n' ' ' | cut -c1-110)"
  else
    fail=$((fail+1)); echo "FAIL $(basename "$f")"; echo "  upstream: $r"; echo "  ours:     $o"
  fi
}
case_ link_noname '<link/>'
case_ link_repeated "$L" "$L"
case_ joint_noparent "$L" "$B" '<joint name="j" type="fixed"><child link="b"/></joint>'
case_ joint_nochild_link "$L" "$B" '<joint name="j" type="fixed"><parent link="a"/><child/></joint>'
case_ joint_unknown_parent "$L" "$B" '<joint name="j" type="fixed"><parent link="x"/><child link="b"/></joint>'
case_ joint_unknown_child "$L" "$B" '<joint name="j" type="fixed"><parent link="a"/><child link="x"/></joint>'
case_ two_parents "$L" "$B" '<link name="c"/>' "$J" '<joint name="k" type="fixed"><parent link="c"/><child link="b"/></joint>'
case_ cycle "$L" "$B" "$J" '<joint name="k" type="fixed"><parent link="b"/><child link="a"/></joint>'
case_ cycle_with_root '<link name="r"/>' "$L" "$B" "$J" '<joint name="k" type="fixed"><parent link="b"/><child link="a"/></joint>'
case_ joint_type_unknown "$L" "$B" '<joint name="j" type="hinge"><parent link="a"/><child link="b"/></joint>'
case_ joint_type_missing "$L" "$B" '<joint name="j"><parent link="a"/><child link="b"/></joint>'
case_ joint_name_missing "$L" "$B" '<joint type="fixed"><parent link="a"/><child link="b"/></joint>'
case_ joint_axis_noxyz "$L" "$B" '<joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis/></joint>'
case_ joint_axis_short "$L" "$B" '<joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 1"/></joint>'
case_ joint_limit_bad "$L" "$B" '<joint name="j" type="revolute"><parent link="a"/><child link="b"/><limit lower="abc" upper="1"/></joint>'
case_ joint_two_limits "$L" "$B" '<joint name="j" type="revolute"><parent link="a"/><child link="b"/><limit lower="0" upper="1"/><limit/></joint>'
case_ joint_origin_rpy "$L" "$B" '<joint name="j" type="revolute"><parent link="a"/><child link="b"/><origin rpy="a b c"/></joint>'
case_ joint_names_repeated "$L" "$B" "${B//\"b\"/\"c\"}" "$J" '<joint name="j" type="revolute"><parent link="a"/><child link="c"/></joint>'
case_ floating_not_top "$L" "$B" '<joint name="j" type="floating"><parent link="a"/><child link="b"/></joint>'
case_ geometry_missing '<link name="g"><collision/></link>'
case_ geometry_empty "$(geom '<geometry/>')"
case_ geometry_unknown "$(geom '<geometry><cone radius="1"/></geometry>')"
case_ box_short "$(geom '<geometry><box size="1 2"/></geometry>')"
case_ box_long "$(geom '<geometry><box size="1 2 3 4"/></geometry>')"
case_ box_two "$(geom '<geometry><box size="1 2 3"/><box size="1 1 1"/></geometry>')"
case_ cylinder_nolength "$(geom '<geometry><cylinder radius="1"/></geometry>')"
case_ sphere_noradius "$(geom '<geometry><sphere/></geometry>')"
case_ capsule_bad "$(geom '<geometry><capsule radius="x" length="1"/></geometry>')"
case_ mesh_nofile "$(geom '<geometry><mesh/></geometry>')"
case_ mesh_scale_short "$(geom '<geometry><mesh filename="urdf_part.stl" scale="1 1"/></geometry>')"
case_ mesh_scale_long "$(geom '<geometry><mesh filename="urdf_part.stl" scale="1 1 1 1"/></geometry>')"
case_ mesh_scale_bad "$(geom '<geometry><mesh filename="urdf_part.stl" scale="1 x 1"/></geometry>')"
case_ mesh_scale_empty "$(geom '<geometry><mesh filename="urdf_part.stl" scale=""/></geometry>')"
case_ mesh_missing_file "$(geom '<geometry><mesh filename="package://robot/nothere.stl"/></geometry>')"
case_ mesh_unknown_type "$(geom '<geometry><mesh filename="part.dae"/></geometry>')"
case_ mesh_nostrip '<mujoco><compiler strippath="false"/></mujoco>' "$(geom '<geometry><mesh filename="package://robot/urdf_part.stl"/></geometry>')"
case_ mesh_ok "$(geom '<geometry><mesh filename="package://robot/urdf_part.stl"/></geometry>')"
case_ origin_two "$(geom '<origin/><origin/><geometry><sphere radius="1"/></geometry>')"
case_ origin_short "$(geom '<origin xyz="1 2"/><geometry><sphere radius="1"/></geometry>')"
case_ inertial_nomass '<link name="a"><inertial><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>'
case_ inertial_novalue '<link name="a"><inertial><mass/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>'
case_ inertial_noixz '<link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" iyz="0"/></inertial></link>'
case_ inertia_singular "$L" '<link name="b"><inertial><mass value="1"/><inertia ixx="1" iyy="0" izz="0" ixy="0" ixz="0" iyz="0"/></inertial></link>' "$J"
case_ inertia_zero_moving "$L" '<link name="b"><inertial><mass value="1"/><inertia ixx="0" iyy="0" izz="0" ixy="0" ixz="0" iyz="0"/></inertial></link>' "$J"
case_ massless_moving "$L" '<link name="b"/>' "$J"
case_ material_norgba '<material name="m"><color/></material>' "$L"
case_ material_two_colors '<material name="m"><color rgba="1 1 1 1"/><color rgba="1 0 0 1"/></material>' "$L"
case_ visual_material_noname '<link name="v"><visual><geometry><sphere radius="1"/></geometry><material/></visual></link>'
case_ visual_color_short '<link name="v"><visual><geometry><sphere radius="1"/></geometry><material><color rgba="1 0 0"/></material></visual></link>'
case_ mujoco_two '<mujoco/>' '<mujoco/>' "$L"
case_ mujoco_compiler_bad '<mujoco><compiler angle="grad"/></mujoco>' "$L"
case_ mujoco_option_bad '<mujoco><option timestep="x"/></mujoco>' "$L"
case_ mujoco_size_bad '<mujoco><size nconmax="-5"/></mujoco>' "$L"
case_ mujoco_two_compilers '<mujoco><compiler/><compiler/></mujoco>' "$L"
case_ empty_robot
case_ world_link '<link name="world"/>' "$L" '<joint name="j" type="floating"><parent link="world"/><child link="a"/></joint>'
case_ world_link_geoms '<link name="world"><collision><geometry><box size="1 1 0.1"/></geometry></collision></link>' "$L" '<joint name="j" type="prismatic"><parent link="world"/><child link="a"/><axis xyz="0 0 1"/></joint>'
case_ geom_names '<link name="v"><visual name="x"><geometry><sphere radius="1"/></geometry></visual><visual><geometry><sphere radius="1"/></geometry></visual><collision name="x"><geometry><sphere radius="1"/></geometry></collision></link>' '<mujoco><compiler discardvisual="false" fusestatic="false"/></mujoco>'
case_ geom_names_repeated "$L" "$B" "$J" '<link name="c"><collision name="x"><geometry><sphere radius="1"/></geometry></collision></link>' '<link name="d"><collision name="x"><geometry><sphere radius="1"/></geometry></collision></link>'
case_ mesh_name_clash "$(geom '<geometry><mesh filename="urdf_part.stl" scale="1 1 1"/></geometry></collision><collision><geometry><mesh filename="urdf_part.stl" scale="2 2 2"/></geometry></collision><collision><geometry><mesh filename="a/urdf_part1.stl"/></geometry>')"
# these four depend on fusestatic (the static base link is merged into the world)
fcase_ fused_floating_not_top "$L" "$B" '<joint name="j" type="floating"><parent link="a"/><child link="b"/></joint>'
fcase_ fused_massless_moving "$L" '<link name="b"/>' "$J"
fcase_ fused_geom_names "$L" "$B" "$J" '<link name="c"><collision name="x"><geometry><sphere radius="1"/></geometry></collision></link>' '<link name="d"><collision name="x"><geometry><sphere radius="1"/></geometry></collision></link>'
fcase_ fused_mesh "$(geom '<geometry><mesh filename="package://robot/urdf_part.stl"/></geometry>')"
echo "urdf errors: $pass passed, $fail failed"
[ $fail -eq 0 ]
