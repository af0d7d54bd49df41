# aclemu's Ascend C samples as ctest cases (label sample), included by the top-level
# CMakeLists.txt after the install fixture (aclemu_samples: this build installed into
# ACLEMU_SAMPLE_PREFIX): one case builds them against that prefix (ascendc.cmake, the ASC
# language, the CPU-debug form), then each program runs on the CPU backend and, with the
# simulator built, on the GPU simulator.
set(_asc_samples_dir ${CMAKE_CURRENT_LIST_DIR})
set(_asc_samples_build ${PROJECT_BINARY_DIR}/ascendc_samples)
add_test(NAME ascendc_samples_build
         COMMAND bash ${_asc_samples_dir}/run.sh build ${ACLEMU_SAMPLE_PREFIX} ${_asc_samples_build})
set_tests_properties(ascendc_samples_build PROPERTIES
    FIXTURES_REQUIRED aclemu_samples FIXTURES_SETUP aclemu_ascendc_samples
    LABELS sample ENVIRONMENT "${ACLEMU_SAMPLE_ENVIRONMENT}")
set(_asc_sample_backends cpu)
if(ACLEMU_ENABLE_GPUSIM)
    list(APPEND _asc_sample_backends gpusim)
endif()
foreach(program scalar_hello vector_add reduce_cast binary_launch add_allocator binary_launch_asc
                cpu_debug_scale)
    set(_backends ${_asc_sample_backends})
    if(program STREQUAL "cpu_debug_scale")
        set(_backends cpu)  # ICPU_RUN_KF runs on host threads, without a device
    endif()
    foreach(backend IN LISTS _backends)
        set(_labels sample)
        set(_environment ${ACLEMU_SAMPLE_ENVIRONMENT})
        if(backend STREQUAL "gpusim")
            set(_labels "sample;gpu")
            if(program MATCHES "^binary_launch")  # loads a binary: cmake/sanitizers.cmake
                list(APPEND _environment ${ACLEMU_LSAN_LOADED_BINARY_ENVIRONMENT})
            endif()
        endif()
        add_test(NAME ascendc_sample_${program}_${backend}
                 COMMAND bash ${_asc_samples_dir}/run.sh run ${ACLEMU_SAMPLE_PREFIX}
                         ${_asc_samples_build} ${program} ${backend})
        set_tests_properties(ascendc_sample_${program}_${backend} PROPERTIES
            FIXTURES_REQUIRED "aclemu_samples;aclemu_ascendc_samples" LABELS "${_labels}"
            ENVIRONMENT "${_environment}")
    endforeach()
endforeach()

# A reused build folder sees edits of the headers a kernel source includes, in both flows
# (ascendc.cmake's rewrite depfile, the ASC language's compiler depfile): a tiny project built,
# a header edited, rebuilt in place, the new value checked (tests/ascendc/test_asc_rebuild.py).
add_test(NAME ascendc_rebuild_after_header_edit
         COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tests/ascendc/test_asc_rebuild.py
                 ${ACLEMU_SAMPLE_PREFIX} ${PROJECT_BINARY_DIR}/ascendc_rebuild ${CMAKE_COMMAND})
set_tests_properties(ascendc_rebuild_after_header_edit PROPERTIES
    FIXTURES_REQUIRED aclemu_samples LABELS sample ENVIRONMENT "${ACLEMU_SAMPLE_ENVIRONMENT}")
