# aclemu's ascendc.cmake: builds Ascend C kernel sources for aclemu's backends, with the
# functions of CANN's kernel CMake (docs/ascendc.md, "Building an Ascend C project"):
#
#   include(${ASCENDC_CMAKE_DIR}/ascendc.cmake)
#   ascendc_library(<target> STATIC|SHARED|OBJECT <kernel sources>...)
#   ascendc_compile_definitions(<target> [PRIVATE|PUBLIC|INTERFACE] <definitions>...)
#   ascendc_compile_options(<target> [PRIVATE|...] <options>... [-forward-options-to-host-compiler <options>...])
#   ascendc_include_directories(<target> [PRIVATE|...] <dirs>...)
#   ascendc_fatbin_library(<target> <kernel sources>...)   (fatbin/<target>/<target>.o, for
#                                                          aclrtBinaryLoadFromFile)
#   host_intf_pub                                          (interface target for host programs)
#
# Each source is rewritten into the build tree (tikcpp/ascendc_kernel_cmake/asc_rewrite.py:
# `<<<>>>` launches and asm("trap")), then compiled against aclemu's kernel headers by the host
# C++ compiler, or by nvcc/hipcc when the prefix has a CUDA/HIP backend (the kernels then run on
# the GPU too); the same library runs on every backend aclemu offers for Ascend C. The
# aclrtlaunch_<kernel>.h headers go to ${CMAKE_BINARY_DIR}/include/<target>/. The user's files
# are never written.
cmake_minimum_required(VERSION 3.16)
include_guard(GLOBAL)

get_filename_component(_aclemu_asc_cmake_dir "${CMAKE_CURRENT_LIST_DIR}" REALPATH)
get_filename_component(ACLEMU_ASC_PREFIX "${_aclemu_asc_cmake_dir}/../.." ABSOLUTE)
set(ACLEMU_ASC_REWRITE "${_aclemu_asc_cmake_dir}/asc_rewrite.py")
if(NOT EXISTS "${ACLEMU_ASC_PREFIX}/include/ascendc/kernel_operator.h")
    message(FATAL_ERROR "aclemu ascendc.cmake: no aclemu prefix above ${_aclemu_asc_cmake_dir} "
                        "(include/ascendc/kernel_operator.h is missing)")
endif()
if(NOT DEFINED ASCEND_CANN_PACKAGE_PATH OR ASCEND_CANN_PACKAGE_PATH STREQUAL "")
    set(ASCEND_CANN_PACKAGE_PATH "${ACLEMU_ASC_PREFIX}")
endif()

# SOC_VERSION: CANN's product names and aclemu's own (aclrtGetSocName's answer) are accepted;
# the family decides __NPU_ARCH__.
if(NOT DEFINED SOC_VERSION OR "${SOC_VERSION}" STREQUAL "")
    if(NOT "$ENV{SOC_VERSION}" STREQUAL "")
        set(SOC_VERSION "$ENV{SOC_VERSION}")
    else()
        set(SOC_VERSION "Ascend910B1")
        message(STATUS "aclemu ascendc.cmake: SOC_VERSION not set, using ${SOC_VERSION}")
    endif()
endif()
string(TOLOWER "${SOC_VERSION}" _aclemu_soc)
if(_aclemu_soc MATCHES "^ascend310p")
    set(ACLEMU_ASC_NPU_ARCH 2002)
elseif(_aclemu_soc MATCHES "^ascend950")
    set(ACLEMU_ASC_NPU_ARCH 3510)
elseif(_aclemu_soc MATCHES "^ascend910b" OR _aclemu_soc MATCHES "^ascend910_93"
       OR _aclemu_soc MATCHES "^ascend910c" OR _aclemu_soc MATCHES "aclemu")
    set(ACLEMU_ASC_NPU_ARCH 2201)
else()
    message(FATAL_ERROR "aclemu ascendc.cmake: SOC_VERSION ${SOC_VERSION} is not an Ascend C "
                        "product aclemu emulates (Ascend910B*, Ascend910_93*, Ascend310P*, "
                        "Ascend950*, or aclemu's own SoC names)")
endif()
# RUN_MODE npu | cpu | sim: all run on aclemu's backends (ACLEMU_BACKEND picks one at run time).
if(NOT DEFINED RUN_MODE)
    set(RUN_MODE npu)
endif()

find_package(Python3 COMPONENTS Interpreter REQUIRED)
find_package(Threads REQUIRED)

# RUN_MODE cpu (CANN's CPU debug, tikicpulib): sources see ASCENDC_CPU_DEBUG and may use
# ICPU_RUN_KF / GmAlloc (tikicpulib.h); tikicpulib::<SOC_VERSION> is there to link.
if(RUN_MODE STREQUAL "cpu")
    set(ACLEMU_ASC_CPU_DEBUG ON)
    if(NOT TARGET tikicpulib::${SOC_VERSION})
        add_library(tikicpulib::${SOC_VERSION} INTERFACE IMPORTED)
        set_target_properties(tikicpulib::${SOC_VERSION} PROPERTIES
            INTERFACE_INCLUDE_DIRECTORIES "${ACLEMU_ASC_PREFIX}/include;${ACLEMU_ASC_PREFIX}/include/ascendc"
            INTERFACE_COMPILE_DEFINITIONS "ASCENDC_CPU_DEBUG;__NPU_ARCH__=${ACLEMU_ASC_NPU_ARCH}"
            INTERFACE_LINK_LIBRARIES "${ACLEMU_ASC_PREFIX}/lib64/libaclemu_ascendc.so;${ACLEMU_ASC_PREFIX}/lib64/libascendcl.so")
    endif()
endif()

# host_intf_pub: the interface target CANN's kernel CMake gives host programs (CANN's runtime
# kernel examples link their executables to it): the toolkit's headers and libraries to find.
if(NOT TARGET host_intf_pub)
    add_library(host_intf_pub INTERFACE)
    target_include_directories(host_intf_pub INTERFACE "${ASCEND_CANN_PACKAGE_PATH}/include")
    target_link_directories(host_intf_pub INTERFACE "${ASCEND_CANN_PACKAGE_PATH}/lib64")
    target_compile_options(host_intf_pub INTERFACE -fPIC)
endif()

set(_aclemu_asc_libs "${ACLEMU_ASC_PREFIX}/lib64/libaclemu_ascendc.so"
                     "${ACLEMU_ASC_PREFIX}/lib64/libascendcl.so" Threads::Threads)

# CUDA/HIP variants: a prefix built with a GPU backend (ascendc_gpu.cmake, written then) has the
# kernels compiled by nvcc/hipcc as well, so one library runs them on the CPU backend, the GPU
# simulator and the GPU. ACLEMU_ASC_GPU=OFF builds them for the host only (a launch on a GPU
# stream then returns 207000).
include("${_aclemu_asc_cmake_dir}/ascendc_gpu.cmake" OPTIONAL)
option(ACLEMU_ASC_GPU "aclemu: compile Ascend C kernels for the prefix's GPU backend too" ON)
set(_aclemu_asc_gpu "")
# The CPU-debug form runs the blocks on host threads (ICPU_RUN_KF): host code only, as CANN
# compiles it with g++, so no GPU language is enabled (nor its compiler probed) for it.
if(ACLEMU_ASC_GPU AND ACLEMU_ASC_GPU_LANGUAGE AND NOT ACLEMU_ASC_CPU_DEBUG)
    set(_lang ${ACLEMU_ASC_GPU_LANGUAGE})
    if(NOT CMAKE_${_lang}_COMPILER AND EXISTS "${ACLEMU_ASC_GPU_COMPILER}")
        set(CMAKE_${_lang}_COMPILER "${ACLEMU_ASC_GPU_COMPILER}")
    endif()
    include(CheckLanguage)
    check_language(${_lang})
    if(CMAKE_${_lang}_COMPILER)
        if(NOT CMAKE_${_lang}_ARCHITECTURES)
            set(CMAKE_${_lang}_ARCHITECTURES "${ACLEMU_ASC_GPU_ARCHITECTURES}")
        endif()
        set(CMAKE_${_lang}_STANDARD 17)
        if(_lang STREQUAL "CUDA")
            set(CMAKE_CUDA_RUNTIME_LIBRARY Shared)  # one cudart with libascendcl's
        endif()
        enable_language(${_lang})
        if(_lang STREQUAL "CUDA")
            find_package(CUDAToolkit REQUIRED)
            list(APPEND _aclemu_asc_libs CUDA::cudart)
        else()
            find_package(hip REQUIRED CONFIG)
            list(APPEND _aclemu_asc_libs hip::host)
        endif()
        set(_aclemu_asc_gpu ${_lang})
    else()
        message(WARNING "aclemu ascendc.cmake: this prefix runs Ascend C kernels on ${_lang}, but "
                        "no ${_lang} compiler was found: the kernels are built for the CPU backend "
                        "and the GPU simulator only")
    endif()
endif()

# Rewrites `source` for `target`; sets `out_var` to the rewritten copy. The rewrite also runs
# once at configure time (--headers-only), so the aclrtlaunch headers exist before anything that
# includes them compiles. At build time it lists what it read (the source and every local header,
# rewritten or not) in a depfile, so an edit of any of them reruns it; the compile of the copy
# tracks the headers it includes as any compile does.
function(_aclemu_asc_rewrite target source out_var)  # further arguments: rewrite options
    get_filename_component(source "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(name "${source}" NAME_WE)
    string(MD5 tag "${source}")
    string(SUBSTRING "${tag}" 0 8 tag)
    set(out "${CMAKE_CURRENT_BINARY_DIR}/asc_rewrite/${target}/${name}_${tag}.cpp")
    set(headers "${CMAKE_BINARY_DIR}/include/${target}")
    set(command "${Python3_EXECUTABLE}" "${ACLEMU_ASC_REWRITE}" "${source}" --out "${out}"
                --launch-headers "${headers}" ${ARGN})
    execute_process(COMMAND ${command} --headers-only RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
        message(FATAL_ERROR "aclemu: cannot rewrite the Ascend C source ${source}")
    endif()
    get_filename_component(tools "${ACLEMU_ASC_REWRITE}" DIRECTORY)
    set(depends "${source}" "${ACLEMU_ASC_REWRITE}" "${tools}/asc_tokens.py"
                "${tools}/asc_program_symbols.py")
    if(CMAKE_VERSION VERSION_LESS 3.20 AND NOT CMAKE_GENERATOR MATCHES "Ninja")
        # No DEPFILE for this generator before CMake 3.20: an edit of a header that launches
        # is seen once the source changes (or the build folder is made again).
        add_custom_command(OUTPUT "${out}" COMMAND ${command} DEPENDS ${depends}
                           COMMENT "aclemu: rewriting the Ascend C launches of ${name}")
    else()
        if(POLICY CMP0116)
            cmake_policy(PUSH)
            cmake_policy(SET CMP0116 NEW)  # the depfile's paths are absolute
        endif()
        add_custom_command(OUTPUT "${out}" COMMAND ${command} --depfile "${out}.d"
                           DEPENDS ${depends} DEPFILE "${out}.d"
                           COMMENT "aclemu: rewriting the Ascend C launches of ${name}")
        if(POLICY CMP0116)
            cmake_policy(POP)
        endif()
    endif()
    get_filename_component(source_dir "${source}" DIRECTORY)
    set_property(SOURCE "${out}" PROPERTY INCLUDE_DIRECTORIES "${source_dir}")
    if(_aclemu_asc_gpu)
        set_source_files_properties("${out}" PROPERTIES LANGUAGE ${_aclemu_asc_gpu})
        if(_aclemu_asc_gpu STREQUAL "CUDA")
            set_property(SOURCE "${out}" APPEND PROPERTY COMPILE_OPTIONS --expt-relaxed-constexpr)
        endif()
        if(ACLEMU_ASC_GPU_DEVICE_FLAGS)  # a prefix built for no GPU: device code only checked
            separate_arguments(_device_flags UNIX_COMMAND "${ACLEMU_ASC_GPU_DEVICE_FLAGS}")
            set_property(SOURCE "${out}" APPEND PROPERTY COMPILE_OPTIONS ${_device_flags})
        endif()
    endif()
    set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

function(_aclemu_asc_setup target)
    target_include_directories(${target} PUBLIC
        "${CMAKE_BINARY_DIR}/include/${target}"
        "${ACLEMU_ASC_PREFIX}/include"
        "${ACLEMU_ASC_PREFIX}/include/ascendc")
    target_compile_definitions(${target} PRIVATE __NPU_ARCH__=${ACLEMU_ASC_NPU_ARCH}
                               ASCENDC_CMAKE_SOC_VERSION=${SOC_VERSION})
    if(ACLEMU_ASC_CPU_DEBUG)
        target_compile_definitions(${target} PUBLIC ASCENDC_CPU_DEBUG)
    endif()
    target_compile_features(${target} PUBLIC cxx_std_17)
    set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
    get_target_property(type ${target} TYPE)
    if(NOT type STREQUAL "OBJECT_LIBRARY")
        set_target_properties(${target} PROPERTIES
            ARCHIVE_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/lib"
            LIBRARY_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/lib")
    endif()
    target_link_libraries(${target} PUBLIC ${_aclemu_asc_libs})
    target_link_directories(${target} INTERFACE "${ACLEMU_ASC_PREFIX}/lib64")
    set_target_properties(${target} PROPERTIES BUILD_RPATH "${ACLEMU_ASC_PREFIX}/lib64")
endfunction()

function(ascendc_library target type)
    if(NOT type MATCHES "^(STATIC|SHARED|OBJECT)$")
        message(FATAL_ERROR "ascendc_library(${target} ${type} ...): the type must be STATIC, "
                            "SHARED or OBJECT")
    endif()
    set(rewritten)
    foreach(source IN LISTS ARGN)
        _aclemu_asc_rewrite(${target} "${source}" out)
        list(APPEND rewritten "${out}")
    endforeach()
    add_library(${target} ${type} ${rewritten})
    _aclemu_asc_setup(${target})
    if(NOT type STREQUAL "OBJECT")
        install(TARGETS ${target} ARCHIVE DESTINATION lib LIBRARY DESTINATION lib)
    endif()
    install(DIRECTORY "${CMAKE_BINARY_DIR}/include/${target}/" DESTINATION include OPTIONAL)
endfunction()

# The binary aclrtBinaryLoadFromFile loads: a shared object named <target>.o, in
# ${CMAKE_BINARY_DIR}/fatbin/<target>/ and installed to fatbin/<target>/ as CANN's is. Each
# non-template kernel is exported by name (fatbin_entry.h) for aclrtBinaryGetFunction; the
# launches go through libaclemu_ascendc.so as `<<<>>>` ones do.
function(ascendc_fatbin_library target)
    set(rewritten)
    foreach(source IN LISTS ARGN)
        _aclemu_asc_rewrite(${target} "${source}" out --fatbin-entries)
        list(APPEND rewritten "${out}")
    endforeach()
    add_library(${target} MODULE ${rewritten})
    _aclemu_asc_setup(${target})
    # Default visibility whatever the project's preset: the binary's globals are found by name
    # (aclrtBinaryGetGlobal), as in CANN's kernel ELF.
    set_target_properties(${target} PROPERTIES PREFIX "" SUFFIX ".o"
        CXX_VISIBILITY_PRESET default CUDA_VISIBILITY_PRESET default HIP_VISIBILITY_PRESET default
        VISIBILITY_INLINES_HIDDEN OFF
        LIBRARY_OUTPUT_DIRECTORY "${CMAKE_BINARY_DIR}/fatbin/${target}")
    install(TARGETS ${target} LIBRARY DESTINATION fatbin/${target})
endfunction()

include("${_aclemu_asc_cmake_dir}/asc_modules/ASCTargetFunctions.cmake")

# Options for the NPU compiler mean nothing to the host compiler and are dropped, except the
# ones both understand (-g, -O*, -D*, -I*, -W*, -std=*); what follows
# -forward-options-to-host-compiler is passed on as it is.
function(ascendc_compile_options target)
    set(scope PRIVATE)
    set(kept)
    set(forward OFF)
    foreach(option IN LISTS ARGN)
        if(option MATCHES "^(PRIVATE|PUBLIC|INTERFACE)$")
            set(scope ${option})
        elseif(option STREQUAL "-forward-options-to-host-compiler")
            set(forward ON)
        elseif(forward OR option MATCHES "^-(g|O[0-3s]?|D.*|I.*|W.*|std=.*)$")
            list(APPEND kept "${option}")
        endif()
    endforeach()
    if(kept)
        target_compile_options(${target} ${scope} ${kept})
    endif()
endfunction()
