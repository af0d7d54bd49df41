# find_package(ASC) in module mode, for projects that put ${ASCENDC_CMAKE_DIR}/asc_modules on
# CMAKE_MODULE_PATH (as CANN's runtime kernel examples do, and check for this file): loads the
# prefix's share/cmake/asc/asc-config.cmake, the same setup config mode finds.
get_filename_component(_find_asc_dir "${CMAKE_CURRENT_LIST_DIR}" REALPATH)
set(_find_asc_config "${_find_asc_dir}/../../../share/cmake/asc/asc-config.cmake")
if(EXISTS "${_find_asc_config}")
    include("${_find_asc_config}")
else()
    set(ASC_FOUND FALSE)
    set(ASC_NOT_FOUND_MESSAGE "aclemu's asc-config.cmake is missing: ${_find_asc_config}")
endif()
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(ASC REQUIRED_VARS ASC_PREFIX
                                  REASON_FAILURE_MESSAGE "${ASC_NOT_FOUND_MESSAGE}")
unset(_find_asc_dir)
unset(_find_asc_config)
