# Runs at `cmake --install` time (install(SCRIPT) in cmake/install.cmake), after the libraries and
# headers are in place: gives the prefix the other directory layouts CANN projects look in, as
# links into include/ and lib64/. docs/porting.md lists which kind of project reads which path.
# Set by cmake/install.cmake before this runs:
#   ACLEMU_LAYOUT_ARCH_DIR       <machine>-linux, e.g. x86_64-linux
#   ACLEMU_LAYOUT_OPAPI_DOMAINS  the per-domain operator libraries (libopapi_<domain>.so)
#   ACLEMU_LAYOUT_LIBRARIES      the libraries a program links (lib64/stub offers these)
set(_prefix "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}")

# Makes `link` (relative to the prefix) a symbolic link to `target` (relative to the link's own
# directory), replacing whatever link was there; a real directory in the way is an error.
function(aclemu_layout_link target link)
    set(path "${_prefix}/${link}")
    if(IS_DIRECTORY "${path}" AND NOT IS_SYMLINK "${path}")
        message(FATAL_ERROR "aclemu install: ${path} is a directory, expected a link to ${target}")
    endif()
    get_filename_component(dir "${path}" DIRECTORY)
    file(MAKE_DIRECTORY "${dir}")
    file(REMOVE "${path}")
    file(CREATE_LINK "${target}" "${path}" SYMBOLIC)
    message(STATUS "Installing: ${path} -> ${target}")
endfunction()

# One operator library under every per-domain name CANN 8 splits libopapi.so into.
foreach(domain IN LISTS ACLEMU_LAYOUT_OPAPI_DOMAINS)
    aclemu_layout_link(libopapi.so lib64/libopapi_${domain}.so)
endforeach()

# lib64/stub: CANN's link-time stand-ins. Here they are the real libraries, so a program linked
# against the stubs runs with whichever lib64 is on the loader's path.
foreach(library IN LISTS ACLEMU_LAYOUT_LIBRARIES)
    aclemu_layout_link(../${library} lib64/stub/${library})
endforeach()

# The runtime package's own directory (runtime/include, runtime/lib64[/stub]) and the older
# acllib one: both the whole include/ and lib64/.
foreach(package runtime acllib)
    aclemu_layout_link(../include ${package}/include)
    aclemu_layout_link(../lib64 ${package}/lib64)
endforeach()

# <machine>-linux: the per-architecture tree (include, lib64, devlib) that DDK_PATH and
# arch-aware scripts name, with the runtime and acllib directories inside it too.
foreach(entry include lib64 runtime acllib)
    aclemu_layout_link(../${entry} ${ACLEMU_LAYOUT_ARCH_DIR}/${entry})
endforeach()
aclemu_layout_link(../lib64 ${ACLEMU_LAYOUT_ARCH_DIR}/devlib)

# opp/ (ASCEND_OPP_PATH): where opp-relative lookups find the operator libraries.
aclemu_layout_link(../lib64 opp/lib64)

# include/aclnnop/level2: CANN's older path of the operator headers. Each header is linked
# one by one (a link of the directory to itself would be a loop); aclnn_util.h comes along
# because the operator headers include it by its bare name.
file(GLOB _op_headers RELATIVE "${_prefix}/include/aclnnop" "${_prefix}/include/aclnnop/*.h")
foreach(header IN LISTS _op_headers)
    aclemu_layout_link(../${header} include/aclnnop/level2/${header})
endforeach()

# Ascend C's kernel CMake (tikcpp/ascendc_kernel_cmake/ascendc.cmake): also where CANN's scripts
# look in the per-architecture tree and under compiler/ and tools/.
aclemu_layout_link(../tikcpp ${ACLEMU_LAYOUT_ARCH_DIR}/tikcpp)
aclemu_layout_link(../tikcpp compiler/tikcpp)
aclemu_layout_link(../tikcpp tools/tikcpp)
# The host libraries CANN's ASC examples link by name (tiling_api, register, platform; the reduce
# example also ascendalog and graph_base, of which it calls nothing): aclemu's Ascend C library
# stands for them.
foreach(library tiling_api register platform ascendalog graph_base)
    aclemu_layout_link(libaclemu_ascendc.so lib64/lib${library}.so)
endforeach()
