# aclemu-info's description of this build (version, build type, compilers, GPU architectures)
# and its ctest cases. Included by cmake/install.cmake after the aclemu_info target.
set(ACLEMU_INFO_BUILD_TYPE "${CMAKE_BUILD_TYPE}")
if(NOT ACLEMU_INFO_BUILD_TYPE)
    set(ACLEMU_INFO_BUILD_TYPE "multi-config")
endif()
if(ACLEMU_ENABLE_GPUSIM)
    set(ACLEMU_INFO_GPUSIM "on (ACLEMU_BACKEND=gpusim)")
else()
    set(ACLEMU_INFO_GPUSIM "off")
endif()
set(ACLEMU_INFO_CUDA "off")
set(ACLEMU_INFO_HIP "off")
foreach(lang CUDA HIP)
    if(ACLEMU_GPU_LANGUAGE STREQUAL lang)
        get_filename_component(_compiler "${CMAKE_${lang}_COMPILER}" NAME)
        string(REPLACE ";" " " _archs "${CMAKE_${lang}_ARCHITECTURES}")
        set(ACLEMU_INFO_${lang}
            "on: ${_compiler} ${CMAKE_${lang}_COMPILER_VERSION}, architectures ${_archs}")
    endif()
endforeach()
configure_file(${PROJECT_SOURCE_DIR}/tools/aclemu_build_info.h.in
               ${PROJECT_BINARY_DIR}/tools/aclemu_build_info.h @ONLY)
target_include_directories(aclemu_info PRIVATE
    ${PROJECT_BINARY_DIR}/tools
    ${PROJECT_SOURCE_DIR}/runtime/internal)  # aclemu/rt.h: the backend in use

if(ACLEMU_BUILD_TESTS)
    add_test(NAME aclemu_info_help COMMAND aclemu_info --help)
    set_tests_properties(aclemu_info_help PROPERTIES LABELS cpu
        PASS_REGULAR_EXPRESSION "usage: aclemu-info")
    add_test(NAME aclemu_info_reports_build_and_backend COMMAND aclemu_info)
    set_tests_properties(aclemu_info_reports_build_and_backend PROPERTIES LABELS cpu
        ENVIRONMENT "ACLEMU_BACKEND=cpu;${ACLEMU_TEST_ENVIRONMENT}"
        PASS_REGULAR_EXPRESSION "aclemu ${PROJECT_VERSION}\n.*backend +cpu\n.*device 0 +[^\n]*host CPU[^\n]*\n +SoC +Ascend910B_aclemu_cpu")
    # Without a GPU, `auto` says why it chose the CPU.
    add_test(NAME aclemu_info_says_why_auto_chose_the_cpu COMMAND aclemu_info)
    set_tests_properties(aclemu_info_says_why_auto_chose_the_cpu PROPERTIES LABELS cpu
        ENVIRONMENT "ACLEMU_BACKEND=auto;${ACLEMU_TEST_ENVIRONMENT}"
        PASS_REGULAR_EXPRESSION "backend +cuda
|backend +hip
|backend +cpu
 +why not a GPU +[^
]+")
    add_test(NAME aclemu_info_rejects_unknown_options COMMAND aclemu_info --frobnicate)
    set_tests_properties(aclemu_info_rejects_unknown_options PROPERTIES LABELS cpu WILL_FAIL TRUE)
endif()
