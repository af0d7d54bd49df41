# find_package(ASC): the ASC language on aclemu (docs/ascendc.md). After it,
# `project(x LANGUAGES ASC CXX)` compiles `.asc` sources (kernel and host code in one file) with
# aclemu-asc, which rewrites the <<<>>> launches and compiles with the host C++ compiler.
# Options read: CMAKE_ASC_ARCHITECTURES (dav-2201 default, dav-2002, dav-3510) and
# CMAKE_ASC_RUN_MODE (npu, cpu, sim: all run on aclemu's backends).
get_filename_component(_asc_config_dir "${CMAKE_CURRENT_LIST_DIR}" REALPATH)
get_filename_component(ASC_PREFIX "${_asc_config_dir}/../../.." ABSOLUTE)
set(ASC_CMAKE_DIR "${ASC_PREFIX}/tikcpp/ascendc_kernel_cmake")
if(NOT EXISTS "${ASC_CMAKE_DIR}/asc_modules/CMakeDetermineASCCompiler.cmake")
    set(ASC_FOUND FALSE)
    set(ASC_NOT_FOUND_MESSAGE "aclemu's ASC modules are missing under ${ASC_CMAKE_DIR}")
    return()
endif()
list(APPEND CMAKE_MODULE_PATH "${ASC_CMAKE_DIR}/asc_modules")
set(ASC_FOUND TRUE)
set(ASC_INCLUDE_DIRS "${ASC_PREFIX}/include" "${ASC_PREFIX}/include/ascendc")
link_directories("${ASC_PREFIX}/lib64")
include("${ASC_CMAKE_DIR}/asc_modules/ASCFunctions.cmake")
