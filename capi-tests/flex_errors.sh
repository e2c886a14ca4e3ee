#!/usr/bin/env bash
# <flex> models that mj_loadXML refuses: upstream 3.4.0 and ours must give the same error text
# (reader and compiler errors); the few that load are compared field by field.
#   flex_errors.sh OUR_LIBDIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd); root=$(dirname "$here")
ref=$("$here/refget.sh"); ours=$(cd "${1:-$root/dist/lib}" && pwd)
work=$root/target/flex-errors; rm -rf "$work"; mkdir -p "$work"
mjdiff=$root/target/xml-diff/mjdiff; mkdir -p "$(dirname "$mjdiff")"
[ "$mjdiff" -nt "$here/mjdiff.c" ] || gcc -O1 -std=gnu11 -I"$ref/include" "$here/mjdiff.c" -L"$ref/lib" -lmujoco -lm -ldl -o "$mjdiff" || exit 2
pass=0; fail=0
S='<joint type="slide" axis="1 0 0"/><joint type="slide" axis="0 1 0"/><joint type="slide" axis="0 0 1"/><geom size="0.05"/>'
B="<body name=\"a\" pos=\"0 0 1\">$S</body><body name=\"b\" pos=\"1 0 1\">$S</body><body name=\"c\" pos=\"0 1 1\">$S</body><body name=\"d\" pos=\"0 1 2\"><freejoint/><geom size=\"0.1\"/></body>"
# case_ NAME DEFORMABLE [EXTRA SECTIONS]: with the bodies B; xcase_ NAME MJCF: a whole model
case_() { xcase_ "$1" "<mujoco><worldbody>$B</worldbody><deformable>$2</deformable>${3:-}</mujoco>"; }
xcase_() {
  local f="$work/$1.xml"
  echo "$2" >"$f"
  local r o
  r=$(LD_LIBRARY_PATH=$ref/lib "$mjdiff" compile "$f" "$f.ref.mjb" 2>&1 | grep -v '^WARNING')
  o=$(LD_LIBRARY_PATH=$ours "$mjdiff" compile "$f" "$f.our.mjb" 2>&1 | grep -v '^WARNING')
  if [ -z "$r" ] && [ -f "$f.ref.mjb" ]; then
    if [ ! -f "$f.our.mjb" ]; then
      fail=$((fail+1)); echo "FAIL $1: upstream loads it, ours: $o"; return
    fi
    LD_LIBRARY_PATH=$ref/lib "$mjdiff" model "$f.ref.mjb" "$f.ref.txt"
    LD_LIBRARY_PATH=$ref/lib "$mjdiff" model "$f.our.mjb" "$f.our.txt"
    if cmp -s "$f.ref.txt" "$f.our.txt"; then pass=$((pass+1)); echo "PASS $1: loads, every field equal"
    else fail=$((fail+1)); echo "FAIL $1: loads, fields differ"; fi
    return
  fi
  if [ "$r" == "$o" ]; then
    pass=$((pass+1)); echo "PASS $1: $(echo "${r#*: }" | tr '\n' ' ' | cut -c1-110)"
  else
    fail=$((fail+1)); echo "FAIL $1"; echo "  upstream: $r"; echo "  ours:     $o"
  fi
}
F='name="f" dim="2" body="a b c"'
case_ dim4 '<flex name="f" dim="4" body="a b c" element="0 1 2"/>'
case_ elem_size "<flex $F element=\"0 1\"/>"
case_ elem_range "<flex $F element=\"0 1 3\"/>"
case_ elem_repeated "<flex $F element=\"0 1 1\"/>"
case_ elem_missing "<flex $F/>"
case_ body_missing '<flex name="f" dim="2" element="0 1 2"/>'
case_ body_empty '<flex name="f" dim="2" body="" element="0 1 2"/>'
case_ body_unknown '<flex name="f" dim="2" body="a b x" element="0 1 2"/>'
case_ node_unknown '<flex name="f" dim="3" body="a b c d" element="0 1 2 3" node="a b c d a b c x"><contact selfcollide="none"/></flex>'
case_ material_unknown "<flex $F element=\"0 1 2\" material=\"m\"/>"
case_ not_enough_vertices '<flex name="f" dim="2" body="a b" element="0 1 2"/>'
case_ vert_size "<flex $F element=\"0 1 2\" vertex=\"0 0 0 1 1\"/>"
case_ edge_stiffness_2d "<flex $F element=\"0 1 2\"><edge stiffness=\"1\"/></flex>"
case_ poisson "<flex $F element=\"0 1 2\"><elasticity young=\"1\" poisson=\"0.5\"/></flex>"
case_ bending_pins '<flex name="f" dim="2" body="a b d" element="0 1 2"><elasticity young="1" elastic2d="bend"/></flex>'
case_ bending_thickness "<flex $F element=\"0 1 2\"><elasticity young=\"1\" elastic2d=\"both\"/></flex>"
case_ stretch_no_thickness "<flex $F element=\"0 1 2\"><elasticity young=\"1\" elastic2d=\"stretch\"/></flex>"
case_ texcoord_count "<flex $F element=\"0 1 2\" texcoord=\"0 0 1\"/>"
case_ nodes_not_cube '<flex name="f" dim="3" body="a b c d" element="0 1 2 3" node="a b c d a"><contact selfcollide="none"/></flex>'
case_ nodes_selfcollide "<flex $F element=\"0 1 2\" node=\"a b c d a b c d\"/>"
case_ nodes_internal '<flex name="f" dim="3" body="a b c d" element="0 1 2 3" node="a b c d a b c d"><contact selfcollide="none" internal="true"/></flex>'
case_ selfcollide_keyword "<flex $F element=\"0 1 2\"><contact selfcollide=\"some\"/></flex>"
case_ elastic2d_keyword "<flex $F element=\"0 1 2\"><elasticity elastic2d=\"twist\"/></flex>"
case_ unknown_attribute "<flex $F element=\"0 1 2\" mass=\"1\"/>"
case_ repeated_name "<flex $F element=\"0 1 2\"/><flex name=\"f\" dim=\"1\" body=\"a b\" element=\"0 1\"/>"
case_ equality_rigid '<flex name="f" dim="2" body="d" vertex="0 0 0 1 0 0 0 1 0" element="0 1 2"/>' '<equality><flex flex="f"/></equality>'
case_ equality_unknown "<flex $F element=\"0 1 2\"/>" '<equality><flex flex="g"/></equality>'
case_ equality_noflex "<flex $F element=\"0 1 2\"/>" '<equality><flex/></equality>'
case_ equality_ok "<flex $F element=\"0 1 2\" texcoord=\"0 0 1 0 1 1\"/>" '<equality><flex name="e" flex="f" active="false" solimp="0.8 0.9 0.01"/></equality>'
# upstream's passive keyword stores whether the last flatskin/internal keyword read was true
case_ passive_quirk '<flex dim="1" body="a b c" element="0 1 1 2"><contact passive="true"/></flex><flex dim="1" body="a b c" element="0 1 1 2" flatskin="true"><contact passive="true"/></flex><flex dim="1" body="a b c" element="0 1 1 2"><contact passive="true" internal="false"/></flex><flex dim="1" body="a b c" element="0 1 1 2"><contact passive="false" internal="true"/></flex><flex dim="1" body="a b c" element="0 1 1 2"><contact passive="false"/></flex>'
case_ rigid_plate '<flex name="p" dim="2" body="d" vertex="0 0 0 1 0 0 0 1 0 1 1 0" element="0 1 2 1 3 2" flatskin="true" group="3"/>'
# static bodies fused away before flexes compile; materials deleted by discardvisual
xcase_ fused_body "<mujoco><compiler fusestatic=\"true\"/><worldbody><body name=\"s\" pos=\"0 0 1\"><geom size=\"0.1\"/><body name=\"a\">$S</body></body><body name=\"c\" pos=\"0 1 1\">$S</body></worldbody><deformable><flex dim=\"1\" body=\"s a c\" vertex=\"0.1 0 0 0 0 0 0 0 0\" element=\"0 1 1 2\"/></deformable></mujoco>"
xcase_ fused_kept "<mujoco><compiler fusestatic=\"true\"/><worldbody><body name=\"s\" pos=\"0 0 1\"><geom size=\"0.1\"/><body name=\"a\">$S</body></body><body name=\"c\" pos=\"0 1 1\">$S</body></worldbody><deformable><flex dim=\"1\" body=\"a c\" element=\"0 1\"/></deformable></mujoco>"
xcase_ discarded_material "<mujoco><compiler discardvisual=\"true\"/><asset><material name=\"m\"/></asset><worldbody>$B</worldbody><deformable><flex $F element=\"0 1 2\" material=\"m\"/></deformable></mujoco>"
xcase_ discarded_texcoord "<mujoco><compiler discardvisual=\"true\"/><worldbody>$B</worldbody><deformable><flex $F element=\"0 1 2\" texcoord=\"0 0 1 0 0 1\"/></deformable></mujoco>"
echo "flex errors: $pass passed, $fail failed"
[ $fail -eq 0 ]
