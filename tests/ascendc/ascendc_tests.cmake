# The Ascend C tests (included by tests/CMakeLists.txt): the rewrite's unit tests, and kernels
# built the way ascendc.cmake builds them (rewritten into the build tree, then compiled), run on
# the CPU backend (label cpu) and the GPU simulator (label gpu).
add_test(NAME asc_rewrite_unit
         COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/test_asc_rewrite.py)
set_tests_properties(asc_rewrite_unit PROPERTIES LABELS "cpu;ascendc"
                     ENVIRONMENT "TEST_TMPDIR=${ACLEMU_TEST_TMP_DIR}")

set(_asc_backends cpu)
if(ACLEMU_ENABLE_GPUSIM)
    list(APPEND _asc_backends gpusim)
endif()

# Rewrites the <<<>>> launches of kernels/<name>.cpp into the build tree, as ascendc.cmake does a
# user's; <out_var>: the rewritten file. Further arguments go to the rewrite (--fatbin-entries).
function(_asc_rewrite name out_var)
    set(source ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/kernels/${name}.cpp)
    set(rewritten ${CMAKE_CURRENT_BINARY_DIR}/ascendc_rewritten/${name}.cpp)
    add_custom_command(OUTPUT ${rewritten}
                       COMMAND ${Python3_EXECUTABLE} ${ACLEMU_ASC_REWRITE} ${source}
                               --out ${rewritten} ${ARGN}
                       DEPENDS ${source} ${ACLEMU_ASC_REWRITE}
                               ${PROJECT_SOURCE_DIR}/ascendc/tools/asc_tokens.py
                               ${PROJECT_SOURCE_DIR}/ascendc/tools/asc_program_symbols.py
                       COMMENT "Rewriting the Ascend C launches of ${name}.cpp")
    set_property(SOURCE ${rewritten} APPEND PROPERTY COMPILE_OPTIONS ${ACLEMU_TEST_KERNEL_OPTIONS})
    set(${out_var} ${rewritten} PARENT_SCOPE)
endfunction()

# Test <name>_<backend> on each backend of _asc_backends: label cpu, or gpu on the simulator, with
# ACLEMU_BACKEND set; `@backend@` in the COMMAND stands for the backend. LOADED_BINARY: the test
# loads a binary, which the simulator's LeakSanitizer run needs told (cmake/sanitizers.cmake).
# ENVIRONMENT: more VAR=value settings.
function(_asc_backend_tests name)
    cmake_parse_arguments(arg "LOADED_BINARY" "" "COMMAND;ENVIRONMENT" ${ARGN})
    foreach(backend IN LISTS _asc_backends)
        set(label cpu)
        set(env "ACLEMU_BACKEND=${backend};ASCEND_PROCESS_LOG_PATH=${ACLEMU_TEST_LOG_DIR};TEST_TMPDIR=${ACLEMU_TEST_TMP_DIR}")
        if(backend STREQUAL "gpusim")
            set(label gpu)
            if(arg_LOADED_BINARY)
                list(APPEND env ${ACLEMU_LSAN_LOADED_BINARY_ENVIRONMENT})
            endif()
        endif()
        list(APPEND env ${arg_ENVIRONMENT})
        string(REPLACE "@backend@" "${backend}" command "${arg_COMMAND}")
        add_test(NAME ${name}_${backend} COMMAND ${command})
        set_tests_properties(${name}_${backend} PROPERTIES LABELS "${label};ascendc"
                             ENVIRONMENT "${env}")
    endforeach()
endfunction()

_asc_rewrite(test_kernels _asc_rewritten)
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
_asc_backend_tests(ascendc_kernels COMMAND test_ascendc)
# The kernels' assert is tested: keep it in a Release build (NDEBUG drops it, as CANN's does).
set_property(SOURCE ${_asc_rewritten} APPEND PROPERTY COMPILE_OPTIONS -UNDEBUG)
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
_asc_backend_tests(ascendc_kernel_trace
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/check_trace.py
            ${ACLEMU_TEST_TMP_DIR}/ascendc_kernel_trace_@backend@.json
            --run --expect scalar_add_block@stream --count scalar_add_block@stream 1
            --order "memcpy HtoD" scalar_add_block --order scalar_add_block "memcpy DtoH"
            -- $<TARGET_FILE:test_ascendc> --gtest_filter=*ScalarKernelSeesItsBlockIndex)

# Launch by loaded binary: fatbin_kernels.cpp built as ascendc_fatbin_library builds a binary (the
# rewrite with --fatbin-entries, a shared object named <target>.o), loaded by test_ascendc_fatbin
# through aclrtBinaryLoadFromFile / FromData, on each backend.
_asc_rewrite(fatbin_kernels _asc_fatbin_rewritten --fatbin-entries)
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
_asc_backend_tests(ascendc_fatbin LOADED_BINARY COMMAND test_ascendc_fatbin)
_asc_backend_tests(ascendc_fatbin_api LOADED_BINARY COMMAND test_ascendc_fatbin_api)
# The tasks of a captured instance (aclmdlRITask*, aclmdlRIUpdate) on launches from the binary.
add_executable(test_ascendc_model_tasks
    ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/test_ascendc_model_tasks.cpp)
target_link_libraries(test_ascendc_model_tasks PRIVATE ascendcl GTest::gtest_main)
target_compile_definitions(test_ascendc_model_tasks PRIVATE
    ACLEMU_TEST_FATBIN="$<TARGET_FILE:test_fatbin_kernels>")
add_dependencies(test_ascendc_model_tasks test_fatbin_kernels)
aclemu_warnings(test_ascendc_model_tasks)
_asc_backend_tests(ascendc_model_tasks LOADED_BINARY COMMAND test_ascendc_model_tasks)
# A kernel launched from a loaded binary is a slice named after it on its stream's track, in order
# with the copies around it, as a `<<<>>>` launch is.
_asc_backend_tests(ascendc_fatbin_trace LOADED_BINARY
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/check_trace.py
            ${ACLEMU_TEST_TMP_DIR}/ascendc_fatbin_trace_@backend@.json
            --run --expect scale_block@stream --count scale_block@stream 1
            --order "memcpy HtoD" scale_block --order scale_block "memcpy DtoH"
            -- $<TARGET_FILE:test_ascendc_fatbin>
               --gtest_filter=*LoadsFromDataAndLaunchesPackedHostArguments)

# test_ascendc_<name>: ascendc/test_ascendc_<name>.cpp with the SOURCES given (rewritten kernels).
# GPU_RUNTIME: a CUDA/HIP build links the GPU runtime too (its kernels compiled by nvcc/hipcc).
function(_asc_test_program name)
    cmake_parse_arguments(arg "GPU_RUNTIME" "" "SOURCES" ${ARGN})
    set(target test_ascendc_${name})
    add_executable(${target} ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/${target}.cpp ${arg_SOURCES})
    target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/ascendc
                               ${CMAKE_CURRENT_SOURCE_DIR}/ascendc/kernels)
    target_link_libraries(${target} PRIVATE aclemu_ascendc ascendcl GTest::gtest_main)
    aclemu_warnings(${target})
    if(arg_GPU_RUNTIME AND ACLEMU_ENABLE_CUDA)
        target_link_libraries(${target} PRIVATE CUDA::cudart)
    elseif(arg_GPU_RUNTIME AND ACLEMU_ENABLE_HIP)
        target_link_libraries(${target} PRIVATE hip::host)
    endif()
endfunction()

# What CANN's public asc-devkit examples needed (kernels/asc_devkit_kernels.cpp): SetPadValue,
# and the printf header (debug/asc_printf.h) in place of kernel_operator.h.
_asc_rewrite(asc_devkit_kernels _asc_devkit_rewritten)
# In a CUDA/HIP build the kernels are compiled by nvcc/hipcc too (their device variants).
aclemu_ascendc_gpu_sources(${_asc_devkit_rewritten})
_asc_test_program(asc_devkit SOURCES ${_asc_devkit_rewritten} GPU_RUNTIME)
_asc_backend_tests(ascendc_asc_devkit COMMAND test_ascendc_asc_devkit)

# Counts, scalars, masks, repeat times, copy parameters and round modes given as namespace-scope
# constants (kernels/namespace_const_kernels.cpp): a CUDA/HIP build compiles the kernels with
# nvcc/hipcc, which refuses such a constant bound to a const reference in device code.
_asc_rewrite(namespace_const_kernels _asc_namespace_const_rewritten)
aclemu_ascendc_gpu_sources(${_asc_namespace_const_rewritten})
_asc_test_program(namespace_const SOURCES ${_asc_namespace_const_rewritten} GPU_RUNTIME)
_asc_backend_tests(ascendc_namespace_const COMMAND test_ascendc_namespace_const)

# A test of the kernels in kernels/<name>_kernels.cpp (rewritten as ascendc.cmake does, compiled by
# the host compiler) run by test_ascendc_<name>.cpp on each backend.
function(aclemu_ascendc_kernel_test name)
    _asc_rewrite(${name}_kernels rewritten)
    _asc_test_program(${name} SOURCES ${rewritten})
    _asc_backend_tests(ascendc_${name} COMMAND test_ascendc_${name})
endfunction()

# The mask/repeat forms of Compare, Compares and Select.
aclemu_ascendc_kernel_test(compare_repeat)
# Cast's mask/repeat forms, int4b_t and the vector mask modes.
aclemu_ascendc_kernel_test(mask_cast)
# The per-repeat reductions and Gather.
aclemu_ascendc_kernel_test(reduce_gather)
# Ors / Ands with the scalar on either side, shifts by a tensor of counts.
aclemu_ascendc_kernel_test(logic_scalar)
# DataCopyPad's PaddingMode::Compact and loop mode.
aclemu_ascendc_kernel_test(copy_loop)
# GetReduceRepeatMaxMinSpr, GetSystemCycle and the count forms' <T, isSetMask>.
aclemu_ascendc_kernel_test(spr_cycle)
# The CMPMASK register: Compare into it, Get/SetCmpMask, Select without a selMask.
aclemu_ascendc_kernel_test(cmpmask)
# DumpTensor with a ShapeInfo.
aclemu_ascendc_kernel_test(dump_shape)

# The program's own __gm__ variables and kernels reached by address (kernels/symbol_kernels.cpp):
# aclrtGetSymbolAddress / Size, the symbol copies, aclrtGetFuncBySymbol, aclrtGetFunctionAttribute.
_asc_rewrite(symbol_kernels _asc_symbol_rewritten)
aclemu_ascendc_gpu_sources(${_asc_symbol_rewritten})
_asc_test_program(symbols SOURCES ${_asc_symbol_rewritten} GPU_RUNTIME)
_asc_backend_tests(ascendc_symbols COMMAND test_ascendc_symbols)

# Kernel launch blocking (the stream attribute, the non-blocking sections, and
# ASCEND_RT_LAUNCH_BLOCKING=1 in the _env runs) on the same kernels.
_asc_test_program(launch_blocking SOURCES ${_asc_symbol_rewritten} GPU_RUNTIME)
_asc_backend_tests(ascendc_launch_blocking COMMAND test_ascendc_launch_blocking)
_asc_backend_tests(ascendc_launch_blocking_env COMMAND test_ascendc_launch_blocking
                   ENVIRONMENT ASCEND_RT_LAUNCH_BLOCKING=1)
