# The target functions both Ascend C CMake routes define alike: ascendc.cmake (CANN's
# include(${ASCENDC_CMAKE_DIR}/ascendc.cmake)) and find_package(ASC) (ASCFunctions.cmake). A
# kernel target is an ordinary target, so these are CMake's own.
function(ascendc_compile_definitions target)
    target_compile_definitions(${target} ${ARGN})
endfunction()

function(ascendc_include_directories target)
    target_include_directories(${target} ${ARGN})
endfunction()
