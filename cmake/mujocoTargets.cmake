# The imported target mujoco::mujoco: the shared library and its headers, located relative to
# this file (PREFIX/lib/cmake/mujoco), so an installed tree can be moved.
get_filename_component(_mujoco_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT EXISTS "${_mujoco_prefix}/lib/libmujoco.so.3.4.0")
  message(FATAL_ERROR "mujoco: ${_mujoco_prefix}/lib/libmujoco.so.3.4.0 is missing")
endif()
add_library(mujoco::mujoco SHARED IMPORTED)
set_target_properties(mujoco::mujoco PROPERTIES
  IMPORTED_LOCATION "${_mujoco_prefix}/lib/libmujoco.so.3.4.0"
  IMPORTED_SONAME "libmujoco.so.3.4.0"
  INTERFACE_INCLUDE_DIRECTORIES "${_mujoco_prefix}/include"
)
unset(_mujoco_prefix)
