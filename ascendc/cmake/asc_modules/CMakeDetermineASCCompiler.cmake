# The ASC language's compiler: aclemu-asc next to this folder, driving the host C++ compiler.
get_filename_component(_asc_tools "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(CMAKE_ASC_COMPILER "${_asc_tools}/aclemu-asc")
if(NOT CMAKE_ASC_HOST_COMPILER)
    if(CMAKE_CXX_COMPILER)
        set(CMAKE_ASC_HOST_COMPILER "${CMAKE_CXX_COMPILER}")
    else()
        find_program(CMAKE_ASC_HOST_COMPILER NAMES c++ g++ clang++ REQUIRED)
    endif()
endif()
set(CMAKE_ASC_COMPILER_ENV_VAR "ASCC")
configure_file("${CMAKE_CURRENT_LIST_DIR}/CMakeASCCompiler.cmake.in"
               "${CMAKE_PLATFORM_INFO_DIR}/CMakeASCCompiler.cmake" @ONLY)
