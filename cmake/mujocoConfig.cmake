# CMake package file of the installed libmujoco.so.3.4.0 (mujoco-native): `find_package(mujoco)`
# defines the imported target mujoco::mujoco, as upstream's package does. Installed by
# `make install PREFIX=...` into PREFIX/lib/cmake/mujoco/.
if(NOT TARGET mujoco::mujoco)
  include("${CMAKE_CURRENT_LIST_DIR}/mujocoTargets.cmake")
endif()
set(mujoco_FOUND TRUE)
# no optional components: any requested component is missing
foreach(_mujoco_comp IN LISTS mujoco_FIND_COMPONENTS)
  if(mujoco_FIND_REQUIRED_${_mujoco_comp})
    set(mujoco_FOUND FALSE)
    set(mujoco_NOT_FOUND_MESSAGE "mujoco has no component ${_mujoco_comp}")
  endif()
endforeach()
unset(_mujoco_comp)
