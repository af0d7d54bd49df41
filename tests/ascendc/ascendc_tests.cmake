# The Ascend C tests (included by tests/CMakeLists.txt): the rewrite's unit tests, and kernels
# built the way ascendc.cmake builds them (rewritten into the build tree, then compiled), run on
# the CPU backend (label cpu) and the GPU simulator (label gpu).
add_test(NAME asc_rewrite_unit
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/test_asc_rewrite.py)
set_tests_properties(asc_rewrite_unit PROPERTIES LABELS "cpu;ascendc"
                     ENVIRONMENT "TEST_TMPDIR=${ACLEMU_TEST_TMP_DIR}")

set(_asc_kernel_source ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/kernels/test_kernels.cpp)
set(_asc_rewritten ${CMAKE_CURRENT_BINARY_DIR}/ascendc_rewritten/test_kernels.cpp)
add_custom_command(OUTPUT ${_asc_rewritten}
                   COMMAND ${Python3_EXECUTABLE} ${ACLEMU_ASC_REWRITE} ${_asc_kernel_source}
                           --out ${_asc_rewritten}
                   DEPENDS ${_asc_kernel_source} ${ACLEMU_ASC_REWRITE}
                           ${PROJECT_SOURCE_DIR}/ascendc/tools/asc_tokens.py
                   COMMENT "Rewriting the Ascend C launches of test_kernels.cpp")
# The kernels, compiled once for test_ascendc and (GPU builds) test_ascendc_gpu: by the host
# compiler, or by nvcc/hipcc when a GPU backend is built, as ascendc.cmake compiles a user's.
add_library(test_ascendc_kernels OBJECT ${_asc_rewritten})
target_include_directories(test_ascendc_kernels PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/kernels)
target_link_libraries(test_ascendc_kernels PRIVATE aclemu_ascendc)
aclemu_warnings(test_ascendc_kernels)
add_executable(test_ascendc ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/test_ascendc_kernels.cpp
                            $<TARGET_OBJECTS:test_ascendc_kernels>)
target_include_directories(test_ascendc PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ascendc
                           ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/kernels)
target_link_libraries(test_ascendc PRIVATE aclemu_ascendc ascendcl GTest::gtest_main)
aclemu_warnings(test_ascendc)
set(_asc_backends cpu)
if(ACLEMU_ENABLE_GPUSIM)
    list(APPEND _asc_backends gpusim)
endif()
foreach(backend IN LISTS _asc_backends)
    set(_label cpu)
    if(backend STREQUAL "gpusim")
        set(_label gpu)
    endif()
    add_test(NAME ascendc_kernels_${backend} COMMAND test_ascendc)
    set_tests_properties(ascendc_kernels_${backend} PROPERTIES LABELS "${_label};ascendc"
        ENVIRONMENT "ACLEMU_BACKEND=${backend};ASCEND_PROCESS_LOG_PATH=${ACLEMU_TEST_LOG_DIR};TEST_TMPDIR=${ACLEMU_TEST_TMP_DIR}")
endforeach()
# The kernels' assert is tested: keep it in a Release build (NDEBUG drops it, as CANN's does).
set_source_files_properties(${_asc_rewritten} PROPERTIES COMPILE_OPTIONS "-UNDEBUG")
aclemu_ascendc_gpu_sources(${_asc_rewritten})

# GPU builds: the kernels' CUDA/HIP variants on a real GPU (label gpu; scripts/gpu_check.sh runs
# them). Each test skips, saying why, where no GPU answers (fails with ACLEMU_REQUIRE_GPU=1).
if(ACLEMU_ENABLE_CUDA OR ACLEMU_ENABLE_HIP)
    add_executable(test_ascendc_gpu ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/test_ascendc_gpu.cpp
                                    $<TARGET_OBJECTS:test_ascendc_kernels>)
    target_include_directories(test_ascendc_gpu PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ascendc)
    target_link_libraries(test_ascendc_gpu PRIVATE aclemu_ascendc ascendcl GTest::gtest_main)
    if(ACLEMU_ENABLE_CUDA)
        target_link_libraries(test_ascendc_gpu PRIVATE CUDA::cudart)
        target_link_libraries(test_ascendc PRIVATE CUDA::cudart)
    else()
        target_link_libraries(test_ascendc_gpu PRIVATE hip::host)
        target_link_libraries(test_ascendc PRIVATE hip::host)
    endif()
    aclemu_warnings(test_ascendc_gpu)
    add_test(NAME ascendc_kernels_gpu COMMAND test_ascendc_gpu)
    set_tests_properties(ascendc_kernels_gpu PROPERTIES LABELS "gpu;ascendc"
        ENVIRONMENT "ACLEMU_BACKEND=gpu;ASCEND_PROCESS_LOG_PATH=${ACLEMU_TEST_LOG_DIR};TEST_TMPDIR=${ACLEMU_TEST_TMP_DIR}")
endif()

# A launch is a slice named after the kernel on its stream's ACLEMU_TRACE track
# (scripts/check_trace.py), on each backend, in order with the copies around it: exact on the
# simulator too, whose device slices are bounded by the host calls around them (Note [Mark times
# are bounded by what the host saw]).
foreach(backend IN LISTS _asc_backends)
    set(_label cpu)
    if(backend STREQUAL "gpusim")
        set(_label gpu)
    endif()
    set(_order --order "memcpy HtoD" scalar_add_block --order scalar_add_block "memcpy DtoH")
    add_test(NAME ascendc_kernel_trace_${backend}
             COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/check_trace.py
                     ${ACLEMU_TEST_TMP_DIR}/ascendc_kernel_trace_${backend}.json
                     --run --expect scalar_add_block@stream --count scalar_add_block@stream 1
                     ${_order}
                     -- $<TARGET_FILE:test_ascendc> --gtest_filter=*ScalarKernelSeesItsBlockIndex)
    set_tests_properties(ascendc_kernel_trace_${backend} PROPERTIES LABELS "${_label};ascendc"
        ENVIRONMENT "ACLEMU_BACKEND=${backend};ASCEND_PROCESS_LOG_PATH=${ACLEMU_TEST_LOG_DIR};TEST_TMPDIR=${ACLEMU_TEST_TMP_DIR}")
endforeach()

# Launch by loaded binary: fatbin_kernels.cpp built as ascendc_fatbin_library builds a binary (the
# rewrite with --fatbin-entries, a shared object named <target>.o), loaded by test_ascendc_fatbin
# through aclrtBinaryLoadFromFile / FromData, on each backend.
set(_asc_fatbin_source ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/kernels/fatbin_kernels.cpp)
set(_asc_fatbin_rewritten ${CMAKE_CURRENT_BINARY_DIR}/ascendc_rewritten/fatbin_kernels.cpp)
add_custom_command(OUTPUT ${_asc_fatbin_rewritten}
                   COMMAND ${Python3_EXECUTABLE} ${ACLEMU_ASC_REWRITE} ${_asc_fatbin_source}
                           --out ${_asc_fatbin_rewritten} --fatbin-entries
                   DEPENDS ${_asc_fatbin_source} ${ACLEMU_ASC_REWRITE}
                           ${PROJECT_SOURCE_DIR}/ascendc/tools/asc_tokens.py
                   COMMENT "Rewriting fatbin_kernels.cpp for a loadable binary")
add_library(test_fatbin_kernels MODULE ${_asc_fatbin_rewritten})
aclemu_ascendc_gpu_sources(${_asc_fatbin_rewritten})
target_link_libraries(test_fatbin_kernels PRIVATE aclemu_ascendc ascendcl)
if(ACLEMU_ENABLE_CUDA)
    target_link_libraries(test_fatbin_kernels PRIVATE CUDA::cudart)
elseif(ACLEMU_ENABLE_HIP)
    target_link_libraries(test_fatbin_kernels PRIVATE hip::host)
endif()
# Default visibility, as ascendc_fatbin_library builds it: the binary's globals are its interface.
set_target_properties(test_fatbin_kernels PROPERTIES PREFIX "" SUFFIX ".o"
    CXX_VISIBILITY_PRESET default CUDA_VISIBILITY_PRESET default HIP_VISIBILITY_PRESET default
    VISIBILITY_INLINES_HIDDEN OFF
    LIBRARY_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/fatbin/test_fatbin_kernels)
add_executable(test_ascendc_fatbin ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/test_ascendc_fatbin.cpp)
target_link_libraries(test_ascendc_fatbin PRIVATE ascendcl GTest::gtest_main)
target_compile_definitions(test_ascendc_fatbin PRIVATE
    ACLEMU_TEST_FATBIN="$<TARGET_FILE:test_fatbin_kernels>")
add_dependencies(test_ascendc_fatbin test_fatbin_kernels)
aclemu_warnings(test_ascendc_fatbin)
# The rest of the launch-by-binary calls (user-memory argument lists, parameter arrays, layout
# queries, globals) on the same binary.
add_executable(test_ascendc_fatbin_api ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/test_ascendc_fatbin_api.cpp)
target_link_libraries(test_ascendc_fatbin_api PRIVATE ascendcl GTest::gtest_main)
target_compile_definitions(test_ascendc_fatbin_api PRIVATE
    ACLEMU_TEST_FATBIN="$<TARGET_FILE:test_fatbin_kernels>")
add_dependencies(test_ascendc_fatbin_api test_fatbin_kernels)
aclemu_warnings(test_ascendc_fatbin_api)
foreach(backend IN LISTS _asc_backends)
    set(_label cpu)
    set(_lsan "")
    if(backend STREQUAL "gpusim")
        set(_label gpu)
        set(_lsan ${ACLEMU_LSAN_LOADED_BINARY_ENVIRONMENT})  # cmake/sanitizers.cmake says why
    endif()
    set(_env "ACLEMU_BACKEND=${backend};ASCEND_PROCESS_LOG_PATH=${ACLEMU_TEST_LOG_DIR};TEST_TMPDIR=${ACLEMU_TEST_TMP_DIR}")
    list(APPEND _env ${_lsan})
    add_test(NAME ascendc_fatbin_${backend} COMMAND test_ascendc_fatbin)
    set_tests_properties(ascendc_fatbin_${backend} PROPERTIES LABELS "${_label};ascendc"
        ENVIRONMENT "${_env}")
    add_test(NAME ascendc_fatbin_api_${backend} COMMAND test_ascendc_fatbin_api)
    set_tests_properties(ascendc_fatbin_api_${backend} PROPERTIES LABELS "${_label};ascendc"
        ENVIRONMENT "${_env}")
endforeach()
# A kernel launched from a loaded binary is a slice named after it on its stream's track, in order
# with the copies around it, as a `<<<>>>` launch is.
foreach(backend IN LISTS _asc_backends)
    set(_label cpu)
    set(_lsan "")
    if(backend STREQUAL "gpusim")
        set(_label gpu)
        set(_lsan ${ACLEMU_LSAN_LOADED_BINARY_ENVIRONMENT})
    endif()
    set(_env "ACLEMU_BACKEND=${backend};ASCEND_PROCESS_LOG_PATH=${ACLEMU_TEST_LOG_DIR};TEST_TMPDIR=${ACLEMU_TEST_TMP_DIR}")
    list(APPEND _env ${_lsan})
    add_test(NAME ascendc_fatbin_trace_${backend}
             COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/check_trace.py
                     ${ACLEMU_TEST_TMP_DIR}/ascendc_fatbin_trace_${backend}.json
                     --run --expect scale_block@stream --count scale_block@stream 1
                     --order "memcpy HtoD" scale_block --order scale_block "memcpy DtoH"
                     -- $<TARGET_FILE:test_ascendc_fatbin>
                        --gtest_filter=*LoadsFromDataAndLaunchesPackedHostArguments)
    set_tests_properties(ascendc_fatbin_trace_${backend} PROPERTIES LABELS "${_label};ascendc"
        ENVIRONMENT "${_env}")
endforeach()

# The mask/repeat forms of Compare, Compares and Select (kernels/compare_repeat_kernels.cpp).
set(_asc_cmp_source ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/kernels/compare_repeat_kernels.cpp)
set(_asc_cmp_rewritten ${CMAKE_CURRENT_BINARY_DIR}/ascendc_rewritten/compare_repeat_kernels.cpp)
add_custom_command(OUTPUT ${_asc_cmp_rewritten}
                   COMMAND ${Python3_EXECUTABLE} ${ACLEMU_ASC_REWRITE} ${_asc_cmp_source}
                           --out ${_asc_cmp_rewritten}
                   DEPENDS ${_asc_cmp_source} ${ACLEMU_ASC_REWRITE}
                           ${PROJECT_SOURCE_DIR}/ascendc/tools/asc_tokens.py
                   COMMENT "Rewriting the Ascend C launches of compare_repeat_kernels.cpp")
add_executable(test_ascendc_compare_repeat
               ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/test_ascendc_compare_repeat.cpp
               ${_asc_cmp_rewritten})
target_include_directories(test_ascendc_compare_repeat PRIVATE
                           ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/kernels)
target_link_libraries(test_ascendc_compare_repeat PRIVATE aclemu_ascendc ascendcl GTest::gtest_main)
aclemu_warnings(test_ascendc_compare_repeat)
foreach(backend IN LISTS _asc_backends)
    set(_label cpu)
    if(backend STREQUAL "gpusim")
        set(_label gpu)
    endif()
    add_test(NAME ascendc_compare_repeat_${backend} COMMAND test_ascendc_compare_repeat)
    set_tests_properties(ascendc_compare_repeat_${backend} PROPERTIES LABELS "${_label};ascendc"
        ENVIRONMENT "ACLEMU_BACKEND=${backend};ASCEND_PROCESS_LOG_PATH=${ACLEMU_TEST_LOG_DIR};TEST_TMPDIR=${ACLEMU_TEST_TMP_DIR}")
endforeach()

# What CANN's public asc-devkit examples needed (kernels/asc_devkit_kernels.cpp): SetPadValue,
# and the printf header (debug/asc_printf.h) in place of kernel_operator.h.
set(_asc_devkit_source ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/kernels/asc_devkit_kernels.cpp)
set(_asc_devkit_rewritten ${CMAKE_CURRENT_BINARY_DIR}/ascendc_rewritten/asc_devkit_kernels.cpp)
add_custom_command(OUTPUT ${_asc_devkit_rewritten}
                   COMMAND ${Python3_EXECUTABLE} ${ACLEMU_ASC_REWRITE} ${_asc_devkit_source}
                           --out ${_asc_devkit_rewritten}
                   DEPENDS ${_asc_devkit_source} ${ACLEMU_ASC_REWRITE}
                           ${PROJECT_SOURCE_DIR}/ascendc/tools/asc_tokens.py
                   COMMENT "Rewriting the Ascend C launches of asc_devkit_kernels.cpp")
add_executable(test_ascendc_asc_devkit ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/test_ascendc_asc_devkit.cpp
                                       ${_asc_devkit_rewritten})
target_include_directories(test_ascendc_asc_devkit PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ascendc
                           ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/kernels)
target_link_libraries(test_ascendc_asc_devkit PRIVATE aclemu_ascendc ascendcl GTest::gtest_main)
aclemu_warnings(test_ascendc_asc_devkit)
# In a CUDA/HIP build the kernels are compiled by nvcc/hipcc too (their device variants).
aclemu_ascendc_gpu_sources(${_asc_devkit_rewritten})
if(ACLEMU_ENABLE_CUDA)
    target_link_libraries(test_ascendc_asc_devkit PRIVATE CUDA::cudart)
elseif(ACLEMU_ENABLE_HIP)
    target_link_libraries(test_ascendc_asc_devkit PRIVATE hip::host)
endif()
foreach(backend IN LISTS _asc_backends)
    set(_label cpu)
    if(backend STREQUAL "gpusim")
        set(_label gpu)
    endif()
    add_test(NAME ascendc_asc_devkit_${backend} COMMAND test_ascendc_asc_devkit)
    set_tests_properties(ascendc_asc_devkit_${backend} PROPERTIES LABELS "${_label};ascendc"
        ENVIRONMENT "ACLEMU_BACKEND=${backend};ASCEND_PROCESS_LOG_PATH=${ACLEMU_TEST_LOG_DIR};TEST_TMPDIR=${ACLEMU_TEST_TMP_DIR}")
endforeach()

# The program's own __gm__ variables and kernels reached by address (kernels/symbol_kernels.cpp):
# aclrtGetSymbolAddress / Size, the symbol copies, aclrtGetFuncBySymbol, aclrtGetFunctionAttribute.
set(_asc_symbol_source ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/kernels/symbol_kernels.cpp)
set(_asc_symbol_rewritten ${CMAKE_CURRENT_BINARY_DIR}/ascendc_rewritten/symbol_kernels.cpp)
add_custom_command(OUTPUT ${_asc_symbol_rewritten}
                   COMMAND ${Python3_EXECUTABLE} ${ACLEMU_ASC_REWRITE} ${_asc_symbol_source}
                           --out ${_asc_symbol_rewritten}
                   DEPENDS ${_asc_symbol_source} ${ACLEMU_ASC_REWRITE}
                           ${PROJECT_SOURCE_DIR}/ascendc/tools/asc_tokens.py
                           ${PROJECT_SOURCE_DIR}/ascendc/tools/asc_program_symbols.py
                   COMMENT "Rewriting symbol_kernels.cpp (its kernels and __gm__ variables)")
add_executable(test_ascendc_symbols ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/test_ascendc_symbols.cpp
                                    ${_asc_symbol_rewritten})
target_include_directories(test_ascendc_symbols PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ascendc
                           ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/kernels)
target_link_libraries(test_ascendc_symbols PRIVATE aclemu_ascendc ascendcl GTest::gtest_main)
aclemu_warnings(test_ascendc_symbols)
aclemu_ascendc_gpu_sources(${_asc_symbol_rewritten})
if(ACLEMU_ENABLE_CUDA)
    target_link_libraries(test_ascendc_symbols PRIVATE CUDA::cudart)
elseif(ACLEMU_ENABLE_HIP)
    target_link_libraries(test_ascendc_symbols PRIVATE hip::host)
endif()
foreach(backend IN LISTS _asc_backends)
    set(_label cpu)
    if(backend STREQUAL "gpusim")
        set(_label gpu)
    endif()
    add_test(NAME ascendc_symbols_${backend} COMMAND test_ascendc_symbols)
    set_tests_properties(ascendc_symbols_${backend} PROPERTIES LABELS "${_label};ascendc"
        ENVIRONMENT "ACLEMU_BACKEND=${backend};ASCEND_PROCESS_LOG_PATH=${ACLEMU_TEST_LOG_DIR};TEST_TMPDIR=${ACLEMU_TEST_TMP_DIR}")
endforeach()

# Kernel launch blocking (the stream attribute, the non-blocking sections, and
# ASCEND_RT_LAUNCH_BLOCKING=1 in the _env runs) on the same kernels.
add_executable(test_ascendc_launch_blocking
               ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/test_ascendc_launch_blocking.cpp
               ${_asc_symbol_rewritten})
target_include_directories(test_ascendc_launch_blocking PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ascendc
                           ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/kernels)
target_link_libraries(test_ascendc_launch_blocking PRIVATE aclemu_ascendc ascendcl
                                                           GTest::gtest_main)
aclemu_warnings(test_ascendc_launch_blocking)
if(ACLEMU_ENABLE_CUDA)
    target_link_libraries(test_ascendc_launch_blocking PRIVATE CUDA::cudart)
elseif(ACLEMU_ENABLE_HIP)
    target_link_libraries(test_ascendc_launch_blocking PRIVATE hip::host)
endif()
foreach(backend IN LISTS _asc_backends)
    set(_label cpu)
    if(backend STREQUAL "gpusim")
        set(_label gpu)
    endif()
    set(_env "ACLEMU_BACKEND=${backend};ASCEND_PROCESS_LOG_PATH=${ACLEMU_TEST_LOG_DIR};TEST_TMPDIR=${ACLEMU_TEST_TMP_DIR}")
    add_test(NAME ascendc_launch_blocking_${backend} COMMAND test_ascendc_launch_blocking)
    set_tests_properties(ascendc_launch_blocking_${backend} PROPERTIES LABELS "${_label};ascendc"
        ENVIRONMENT "${_env}")
    add_test(NAME ascendc_launch_blocking_env_${backend} COMMAND test_ascendc_launch_blocking)
    set_tests_properties(ascendc_launch_blocking_env_${backend} PROPERTIES
        LABELS "${_label};ascendc" ENVIRONMENT "${_env};ASCEND_RT_LAUNCH_BLOCKING=1")
endforeach()
