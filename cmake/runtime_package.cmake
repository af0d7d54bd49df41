# The rest of CANN's runtime package, each library under CANN's name (docs/porting.md):
#   libc_sec.so            securec.h: bounds-checked memory and string functions (standalone)
# ACLEMU_RUNTIME_PACKAGE_LIBRARIES names the targets cmake/install.cmake installs into lib64, and
# ACLEMU_RUNTIME_ALIASES the links to libascendcl.so it makes there (none yet).
set(ACLEMU_RUNTIME_PACKAGE_LIBRARIES "")
set(ACLEMU_RUNTIME_ALIASES "")

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
