# ACLEMU_SANITIZE: build every aclemu target (libraries, kernels, the GPU simulator, tests, tools)
# with GCC's or clang's sanitizers. A list, comma- or semicolon-separated, case-insensitive:
#   -DACLEMU_SANITIZE=address,undefined    AddressSanitizer (with LeakSanitizer) + UBSan
#   -DACLEMU_SANITIZE=thread               ThreadSanitizer
# Names: address (asan), undefined (ubsan), thread (tsan), leak (lsan). Every report fails the
# program (-fno-sanitize-recover=all; TSan through its exit status). Only host code compiled by
# the C/C++ compiler is instrumented: nvcc's and hipcc's device code never is (the GPU simulator
# is how the sanitizers see the kernels). Sets ACLEMU_SANITIZERS, the canonical list (e.g.
# "address;undefined"), which the tests read to know which reports to expect, and
# ACLEMU_SANITIZER_COMPILE_ENVIRONMENT for the programs the tests compile.
set(ACLEMU_SANITIZE "" CACHE STRING
    "Sanitizers for every aclemu target: address, undefined, thread, leak (comma-separated)")

set(ACLEMU_SANITIZERS "")
string(TOLOWER "${ACLEMU_SANITIZE}" _aclemu_san_list)
string(REPLACE "," ";" _aclemu_san_list "${_aclemu_san_list}")
foreach(_name IN LISTS _aclemu_san_list)
    string(STRIP "${_name}" _name)
    if(_name STREQUAL "")
        continue()
    endif()
    if(_name MATCHES "^(address|asan)$")
        list(APPEND ACLEMU_SANITIZERS address)
    elseif(_name MATCHES "^(undefined|ubsan)$")
        list(APPEND ACLEMU_SANITIZERS undefined)
    elseif(_name MATCHES "^(thread|tsan)$")
        list(APPEND ACLEMU_SANITIZERS thread)
    elseif(_name MATCHES "^(leak|lsan)$")
        list(APPEND ACLEMU_SANITIZERS leak)
    else()
        message(FATAL_ERROR "ACLEMU_SANITIZE: unknown sanitizer '${_name}' (known: address, "
                            "undefined, thread, leak, or asan, ubsan, tsan, lsan)")
    endif()
endforeach()
list(REMOVE_DUPLICATES ACLEMU_SANITIZERS)
if("thread" IN_LIST ACLEMU_SANITIZERS
   AND ("address" IN_LIST ACLEMU_SANITIZERS OR "leak" IN_LIST ACLEMU_SANITIZERS))
    message(FATAL_ERROR "ACLEMU_SANITIZE: ThreadSanitizer cannot be combined with Address- or "
                        "LeakSanitizer; use two builds (e.g. address,undefined and thread)")
endif()

if(ACLEMU_SANITIZERS)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
        message(FATAL_ERROR "ACLEMU_SANITIZE needs GCC or clang (found ${CMAKE_CXX_COMPILER_ID})")
    endif()
    list(JOIN ACLEMU_SANITIZERS "," _aclemu_san_joined)
    set(_aclemu_san_compile -fsanitize=${_aclemu_san_joined} -fno-sanitize-recover=all
                            -fno-omit-frame-pointer)
    # Directory-wide, before any target exists, so nothing is left uninstrumented; the language
    # conditions keep nvcc and hipcc (device code) out.
    add_compile_options("$<$<COMPILE_LANGUAGE:C,CXX>:${_aclemu_san_compile}>")
    add_link_options("$<$<LINK_LANGUAGE:C,CXX>:-fsanitize=${_aclemu_san_joined}>")
    # GCC's flow-based warnings see the instrumentation and report what is not there (e.g. in
    # libstdc++'s <regex>); builds without sanitizers keep them.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        add_compile_options("$<$<COMPILE_LANGUAGE:C,CXX>:-Wno-maybe-uninitialized>")
    endif()
    message(STATUS "aclemu: sanitizers ${_aclemu_san_joined}")
    # For what the tests compile themselves against the installed prefix (the samples, the
    # package consumer): the variables CMake reads at a first configure.
    list(JOIN _aclemu_san_compile " " _aclemu_san_flags)
    set(ACLEMU_SANITIZER_COMPILE_ENVIRONMENT "CFLAGS=${_aclemu_san_flags}"
        "CXXFLAGS=${_aclemu_san_flags}" "LDFLAGS=-fsanitize=${_aclemu_san_joined}")
endif()

# For the tests that dlopen() a kernel binary (aclrtBinaryLoad) and run it on the GPU
# simulator, whose threads started before the load: GCC 12's LeakSanitizer reads such a thread's
# dynamic TLS entry for the new library as garbage at exit and its tracer crashes ("Tracer caught
# signal 11"). Those tests leave TLS out of the leak scan's roots; their cpu twins keep it.
set(ACLEMU_LSAN_LOADED_BINARY_ENVIRONMENT "")
if("address" IN_LIST ACLEMU_SANITIZERS OR "leak" IN_LIST ACLEMU_SANITIZERS)
    set(ACLEMU_LSAN_LOADED_BINARY_ENVIRONMENT "LSAN_OPTIONS=use_tls=0")
endif()

# The sanitizers' run-time options for ctest. They cannot travel in each test's ENVIRONMENT
# property: gtest_discover_tests flattens a list-valued property, so its tests take one variable
# per property at most. Instead ctest includes this file before it runs anything and sets the
# variables in its own environment, which every test inherits; options already in the caller's
# environment come after the defaults, so they win.
#   ASan: report leaks (LeakSanitizer) and static-initialization-order bugs.
#   UBSan: a stack trace with each report (the report alone names only the line).
#   TSan: both stacks of a lock-order inversion. It keeps going after a report (its default) and
#   exits with 66 at the end, so one run shows every race and the test still fails.
if(ACLEMU_SANITIZERS)
    set(_aclemu_san_options "")
    if("address" IN_LIST ACLEMU_SANITIZERS)
        list(APPEND _aclemu_san_options
             "ASAN_OPTIONS=detect_leaks=1:check_initialization_order=1:strict_init_order=1")
    endif()
    if("undefined" IN_LIST ACLEMU_SANITIZERS)
        list(APPEND _aclemu_san_options "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
    endif()
    if("thread" IN_LIST ACLEMU_SANITIZERS)
        list(APPEND _aclemu_san_options "TSAN_OPTIONS=second_deadlock_stack=1")
    endif()
    set(_script "# Generated by cmake/sanitizers.cmake: the sanitizers' options for every test.\n")
    foreach(_entry IN LISTS _aclemu_san_options)
        string(REGEX MATCH "^[A-Z]+_OPTIONS" _name "${_entry}")
        string(REPLACE "${_name}=" "" _value "${_entry}")
        string(APPEND _script "if(DEFINED ENV{${_name}})\n"
                              "    set(ENV{${_name}} \"${_value}:\$ENV{${_name}}\")\n"
                              "else()\n"
                              "    set(ENV{${_name}} \"${_value}\")\n"
                              "endif()\n")
    endforeach()
    file(WRITE ${PROJECT_BINARY_DIR}/sanitizer_environment.cmake "${_script}")
    set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES
                 ${PROJECT_BINARY_DIR}/sanitizer_environment.cmake)
endif()
