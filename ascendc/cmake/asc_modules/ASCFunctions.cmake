# The functions find_package(ASC) provides besides the ASC language (docs/ascendc.md):
#   ascendc_library(<target> STATIC|SHARED <sources>...)   kernel sources compiled as ASC
#   ascendc_fatbin_library(<target> <sources>...)          a binary for aclrtBinaryLoadFromFile:
#       <target>.o in the current binary folder (installed to fatbin/<target>/), compiled with
#       --aicore-only, which tells aclemu-asc to export each kernel by name (fatbin_entry.h)
#   ascendc_compile_definitions / ascendc_compile_options / ascendc_include_directories
# A fatbin builds with default symbol visibility: its globals are found by name
# (aclrtBinaryGetGlobal).
include("${CMAKE_CURRENT_LIST_DIR}/ASCTargetFunctions.cmake")

function(ascendc_library target type)
    if(NOT type MATCHES "^(STATIC|SHARED)$")
        message(FATAL_ERROR "ascendc_library(${target} ${type} ...): the type must be STATIC or "
                            "SHARED")
    endif()
    set_source_files_properties(${ARGN} PROPERTIES LANGUAGE ASC)
    add_library(${target} ${type} ${ARGN})
    target_include_directories(${target} INTERFACE ${ASC_INCLUDE_DIRS})
    target_link_directories(${target} INTERFACE "${ASC_PREFIX}/lib64")
    target_link_libraries(${target} INTERFACE aclemu_ascendc ascendcl)
    install(TARGETS ${target} LIBRARY DESTINATION lib ARCHIVE DESTINATION lib)
endfunction()

function(ascendc_fatbin_library target)
    set_source_files_properties(${ARGN} PROPERTIES LANGUAGE ASC)
    add_library(${target} MODULE ${ARGN})
    target_compile_options(${target} PRIVATE --aicore-only)
    set_target_properties(${target} PROPERTIES PREFIX "" SUFFIX ".o"
        ASC_VISIBILITY_PRESET default
        LIBRARY_OUTPUT_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")
    install(TARGETS ${target} LIBRARY DESTINATION fatbin/${target})
endfunction()

# Options after -forward-options-to-host-compiler are the host compiler's; before it, the NPU
# compiler's, which aclemu-asc passes on to the host compiler too (it drops the NPU-only ones).
function(ascendc_compile_options target scope)
    list(REMOVE_ITEM ARGN -forward-options-to-host-compiler)
    target_compile_options(${target} ${scope} ${ARGN})
endfunction()
