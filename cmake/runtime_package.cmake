# The rest of CANN's runtime package, each library under CANN's name (docs/porting.md):
#   libc_sec.so            securec.h: bounds-checked memory and string functions (standalone)
#   libacl_rt_impl.so, libacl_dvpp.so, libacl_tdt_channel.so, libacl_tdt_queue.so,
#   libmsprofiler.so, libprofapi.so (acl_prof.h, mstx), libascend_dump.so (acl_dump.h),
#   libascendalog.so (base/acl_log.h)
#                          links to libascendcl.so, which holds their functions (one runtime per
#                          process), as libacl_rt.so is
# ACLEMU_RUNTIME_PACKAGE_LIBRARIES names the targets cmake/install.cmake installs into lib64, and
# ACLEMU_RUNTIME_ALIASES the links to libascendcl.so it makes there.
set(ACLEMU_RUNTIME_PACKAGE_LIBRARIES "")
set(ACLEMU_RUNTIME_ALIASES libacl_rt_impl.so libacl_dvpp.so libacl_tdt_channel.so
                           libmsprofiler.so libprofapi.so libascend_dump.so
                           libacl_tdt_queue.so libascendalog.so)
foreach(alias IN LISTS ACLEMU_RUNTIME_ALIASES)
    add_custom_command(TARGET ascendcl POST_BUILD
        COMMAND ${CMAKE_COMMAND} -E create_symlink $<TARGET_FILE_NAME:ascendcl>
                $<TARGET_FILE_DIR:ascendcl>/${alias}
        VERBATIM)
endforeach()

file(GLOB ACLEMU_SECUREC_SOURCES CONFIGURE_DEPENDS runtime/src/securec/*.cpp)
add_library(c_sec SHARED ${ACLEMU_SECUREC_SOURCES})
add_library(aclemu::c_sec ALIAS c_sec)
target_include_directories(c_sec
    PUBLIC
        $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/runtime/include>
        $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    PRIVATE
        ${PROJECT_SOURCE_DIR}/runtime/src)
target_compile_definitions(c_sec PRIVATE SECUREC_DLL_EXPORT)
aclemu_warnings(c_sec)
list(APPEND ACLEMU_RUNTIME_PACKAGE_LIBRARIES c_sec)
