# cmake -P scan_test.cmake: gpu/sim/launch_bounds.cmake reads tokens.cuh's declarations and
# nothing else (comments and strings blanked, macro lines joined); with -DUNNAMED=ON it scans
# unnamed.cuh, which must stop with the "must be followed by the kernel's name" error.
cmake_minimum_required(VERSION 3.25)  # the project's policies
get_filename_component(here "${CMAKE_CURRENT_LIST_FILE}" DIRECTORY)
include("${here}/../../../gpu/sim/launch_bounds.cmake")
if(UNNAMED)
    gpusim_launch_bound_entries("${here}/unnamed.cuh" entries)
    message(FATAL_ERROR "unnamed.cuh was accepted")
endif()
gpusim_launch_bound_entries("${here}/tokens.cuh" entries)
set(expected
"        {\"plain_kernel\", static_cast<int>(kThreads)},
        {\"nested_parentheses\", static_cast<int>(sizeof(T) * 32)},
        {\"##_first\", static_cast<int>(kBlock)},
        {\"##_second\", static_cast<int>(kBlock / 2)},
        {\"after_the_macro\", static_cast<int>(64)},
")
if(NOT entries STREQUAL expected)
    message(FATAL_ERROR "launch-bound entries of tokens.cuh:\n${entries}expected:\n${expected}")
endif()
message(STATUS "launch-bound scan: 5 declarations read, comments and strings skipped")
