# `cmake --install` lays out a CANN-shaped prefix:
#   include/acl, include/aclnn, include/aclnnop        public headers
#   lib64/libascendcl.so (+ libacl_rt.so), libnnopbase.so, libopapi.so
#         (+ libc_sec.so and the runtime package's others: cmake/runtime_package.cmake)
#         (+ libopapi_<domain>.so: links to libopapi.so, CANN 8's per-domain names)
#         (+ libaclemu_gpusim.so, libaclemu_gpusim_kernels.so,
#            libaclemu_gpusim_builtin_kernels.so: the GPU simulator)
#   lib64/stub, runtime/, acllib/, <machine>-linux/, opp/lib64, include/aclnnop/level2
#                                                      CANN's other layouts, as links
#                                                      (cmake/install_layouts.cmake)
#   share/cmake/aclemu/                                find_package(aclemu)
#   set_env.sh, bin/setenv.bash                        like CANN's
#   bin/aclemu-info                                    which backend answers here
include(CMakePackageConfigHelpers)

set(ACLEMU_INSTALL_LIBDIR lib64)
# share/cmake is searched on every platform (Debian does not search lib64/cmake).
set(ACLEMU_INSTALL_CMAKEDIR share/cmake/aclemu)
set(ACLEMU_INSTALLED_BACKENDS cpu)
if(ACLEMU_ENABLE_CUDA)
    list(APPEND ACLEMU_INSTALLED_BACKENDS cuda)
elseif(ACLEMU_ENABLE_HIP)
    list(APPEND ACLEMU_INSTALLED_BACKENDS hip)
endif()

add_executable(aclemu_info tools/aclemu_info.cpp)
set_target_properties(aclemu_info PROPERTIES OUTPUT_NAME aclemu-info INSTALL_RPATH "$ORIGIN/../lib64")
target_link_libraries(aclemu_info PRIVATE ascendcl aclemu_base)
aclemu_warnings(aclemu_info)
include(tools/aclemu_info.cmake)  # its build description and tests

set(ACLEMU_INSTALLED_LIBRARIES ascendcl nnopbase opapi ${ACLEMU_RUNTIME_PACKAGE_LIBRARIES})
if(ACLEMU_ENABLE_GPUSIM)
    list(APPEND ACLEMU_INSTALLED_BACKENDS gpusim)
    list(APPEND ACLEMU_INSTALLED_LIBRARIES aclemu_gpusim aclemu_gpusim_kernels
                                           aclemu_gpusim_builtin_kernels)
endif()
install(TARGETS ${ACLEMU_INSTALLED_LIBRARIES}
        EXPORT aclemuTargets
        LIBRARY DESTINATION ${ACLEMU_INSTALL_LIBDIR}
        INCLUDES DESTINATION include)
install(TARGETS aclemu_info RUNTIME DESTINATION bin)
foreach(alias libacl_rt.so ${ACLEMU_RUNTIME_ALIASES})
    install(CODE "execute_process(COMMAND ${CMAKE_COMMAND} -E create_symlink libascendcl.so
                                  \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${ACLEMU_INSTALL_LIBDIR}/${alias}\")")
endforeach()
install(DIRECTORY runtime/include/ ops/include/ DESTINATION include FILES_MATCHING PATTERN "*.h")
install(EXPORT aclemuTargets NAMESPACE aclemu:: DESTINATION ${ACLEMU_INSTALL_CMAKEDIR})

configure_package_config_file(cmake/aclemuConfig.cmake.in
    ${PROJECT_BINARY_DIR}/aclemuConfig.cmake
    INSTALL_DESTINATION ${ACLEMU_INSTALL_CMAKEDIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/aclemuConfigVersion.cmake
    COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/aclemuConfig.cmake ${PROJECT_BINARY_DIR}/aclemuConfigVersion.cmake
        DESTINATION ${ACLEMU_INSTALL_CMAKEDIR})
install(FILES cmake/set_env.sh.in DESTINATION . RENAME set_env.sh)
install(FILES cmake/setenv.bash.in DESTINATION bin RENAME setenv.bash)

# CANN's other layouts (docs/porting.md), after everything they link to is installed.
set(ACLEMU_OPAPI_DOMAINS math nn cv transformer oam ras legacy)
set(_aclemu_layout_libraries libascendcl.so libacl_rt.so libnnopbase.so libopapi.so libc_sec.so
                             ${ACLEMU_RUNTIME_ALIASES})
foreach(domain IN LISTS ACLEMU_OPAPI_DOMAINS)
    list(APPEND _aclemu_layout_libraries libopapi_${domain}.so)
endforeach()
install(CODE "set(ACLEMU_LAYOUT_ARCH_DIR \"${CMAKE_SYSTEM_PROCESSOR}-linux\")
              set(ACLEMU_LAYOUT_OPAPI_DOMAINS \"${ACLEMU_OPAPI_DOMAINS}\")
              set(ACLEMU_LAYOUT_LIBRARIES \"${_aclemu_layout_libraries}\")")
install(SCRIPT cmake/install_layouts.cmake)
