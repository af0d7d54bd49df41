# The runtime example programs as ctest cases (label sample), included by the top-level
# CMakeLists.txt after the install fixture (aclemu_samples: this build installed into
# ACLEMU_SAMPLE_PREFIX). Per layout, one case builds the programs against that prefix
# (fixture aclemu_runtime_samples_<layout>); then one case per program and layout runs it, and
# its exit status is the check. The first layout builds and runs every program; the others,
# which differ only in how the prefix's headers and libraries are found, build and run the
# programs of ACLEMU_RUNTIME_SAMPLES_PER_LAYOUT (one with the runtime alone, one that links the
# operator libraries too). With the GPU simulator built, each program also runs once on it
# (labels sample and gpu), so the GPU backend's code runs the same programs.
# Groups are the directories of samples/runtime with a main.cpp; a new one joins at the next
# configure. Each run has a working directory of its own under runtime_sample_runs/: programs
# write relative paths (the dump sample's ./dump_output), and ctest runs them in parallel.
set(ACLEMU_RUNTIME_SAMPLE_LAYOUTS set_env ddk_stub acllib arch package)
file(GLOB _runtime_sample_mains CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*/main.cpp)
set(_through_layout ${CMAKE_CURRENT_LIST_DIR}/through_layout.sh)
set(ACLEMU_RUNTIME_SAMPLES_PER_LAYOUT quickstart dump)

foreach(layout IN LISTS ACLEMU_RUNTIME_SAMPLE_LAYOUTS)
    set(build_dir ${PROJECT_BINARY_DIR}/runtime_samples/${layout})
    set(mains "")
    set(targets "")
    foreach(main IN LISTS _runtime_sample_mains)
        get_filename_component(group_dir ${main} DIRECTORY)
        get_filename_component(group ${group_dir} NAME)
        if(layout STREQUAL "set_env" OR group IN_LIST ACLEMU_RUNTIME_SAMPLES_PER_LAYOUT)
            list(APPEND mains ${main})
            list(APPEND targets ${group}_sample)
        endif()
    endforeach()
    if(layout STREQUAL "set_env")
        set(targets "")  # every target, the installed-headers check included
    endif()
    add_test(NAME runtime_samples_build_${layout}
             COMMAND bash ${_through_layout} build ${ACLEMU_SAMPLE_PREFIX} ${layout} ${build_dir}
                     ${targets})
    set_tests_properties(runtime_samples_build_${layout} PROPERTIES
        FIXTURES_REQUIRED aclemu_samples FIXTURES_SETUP aclemu_runtime_samples_${layout}
        LABELS sample ENVIRONMENT "${ACLEMU_SAMPLE_ENVIRONMENT}")
    foreach(main IN LISTS mains)
        get_filename_component(group_dir ${main} DIRECTORY)
        get_filename_component(group ${group_dir} NAME)
        set(run_dir ${PROJECT_BINARY_DIR}/runtime_sample_runs/${group}_${layout})
        file(MAKE_DIRECTORY ${run_dir})
        add_test(NAME runtime_sample_${group}_${layout}
                 COMMAND bash ${_through_layout} run ${ACLEMU_SAMPLE_PREFIX} ${layout}
                         ${build_dir}/${group}
                 WORKING_DIRECTORY ${run_dir})
        set_tests_properties(runtime_sample_${group}_${layout} PROPERTIES
            FIXTURES_REQUIRED "aclemu_samples;aclemu_runtime_samples_${layout}"
            LABELS sample ENVIRONMENT "${ACLEMU_SAMPLE_ENVIRONMENT}")
        if(ACLEMU_ENABLE_GPUSIM AND layout STREQUAL "set_env")
            set(run_dir ${PROJECT_BINARY_DIR}/runtime_sample_runs/${group}_gpusim)
            file(MAKE_DIRECTORY ${run_dir})
            add_test(NAME runtime_sample_${group}_gpusim
                     COMMAND bash ${_through_layout} run ${ACLEMU_SAMPLE_PREFIX} ${layout}
                             ${build_dir}/${group} gpusim
                     WORKING_DIRECTORY ${run_dir})
            set_tests_properties(runtime_sample_${group}_gpusim PROPERTIES
                FIXTURES_REQUIRED "aclemu_samples;aclemu_runtime_samples_${layout}"
                LABELS "sample;gpu" ENVIRONMENT "${ACLEMU_SAMPLE_ENVIRONMENT}")
        endif()
    endforeach()
endforeach()
