# Ranges for profilers (runtime/src/observe/nvtx_ranges.cpp): NVTX 3, header-only, from the CUDA
# toolkit; found for CPU-only builds too, since Nsight Systems also profiles CPU programs. HIP
# builds use ROCTx instead when roctracer's header and libroctx64 are found. Without either the
# ranges compile to nothing.
option(ACLEMU_ENABLE_NVTX "Ranges per acl/aclnn call for Nsight (NVTX) or rocprof (ROCTx), when found" ON)

set(ACLEMU_RANGES "none")
if(ACLEMU_ENABLE_NVTX)
    if(ACLEMU_ENABLE_HIP)
        find_path(ACLEMU_ROCTX_INCLUDE_DIR roctracer/roctx.h
                  HINTS ENV ROCM_PATH /opt/rocm PATH_SUFFIXES include)
        find_library(ACLEMU_ROCTX_LIBRARY roctx64 HINTS ENV ROCM_PATH /opt/rocm PATH_SUFFIXES lib)
        if(ACLEMU_ROCTX_INCLUDE_DIR AND ACLEMU_ROCTX_LIBRARY)
            set(ACLEMU_RANGES "ROCTx")
        endif()
    endif()
    if(ACLEMU_RANGES STREQUAL "none")
        find_path(ACLEMU_NVTX3_INCLUDE_PARENT nvtx3/nvToolsExt.h
                  HINTS ${CUDAToolkit_INCLUDE_DIRS} ENV CUDA_PATH ENV CUDA_HOME /usr/local/cuda
                  PATH_SUFFIXES include)
        if(ACLEMU_NVTX3_INCLUDE_PARENT)
            set(ACLEMU_RANGES "NVTX")
            # Only nvtx3/ goes on the include path: a CPU-only build must not see the CUDA
            # headers next to it.
            set(ACLEMU_NVTX3_INCLUDE_DIR ${PROJECT_BINARY_DIR}/nvtx3_include)
            file(MAKE_DIRECTORY ${ACLEMU_NVTX3_INCLUDE_DIR})
            file(CREATE_LINK ${ACLEMU_NVTX3_INCLUDE_PARENT}/nvtx3 ${ACLEMU_NVTX3_INCLUDE_DIR}/nvtx3
                 SYMBOLIC)
        endif()
    endif()
endif()
message(STATUS "aclemu: profiler ranges: ${ACLEMU_RANGES}")

# Gives `target` (libascendcl) the range tool found above.
function(aclemu_use_ranges target)
    if(ACLEMU_RANGES STREQUAL "ROCTx")
        target_compile_definitions(${target} PRIVATE ACLEMU_HAVE_ROCTX)
        target_include_directories(${target} SYSTEM PRIVATE ${ACLEMU_ROCTX_INCLUDE_DIR})
        target_link_libraries(${target} PRIVATE ${ACLEMU_ROCTX_LIBRARY})
    elseif(ACLEMU_RANGES STREQUAL "NVTX")
        target_compile_definitions(${target} PRIVATE ACLEMU_HAVE_NVTX)
        target_include_directories(${target} SYSTEM PRIVATE ${ACLEMU_NVTX3_INCLUDE_DIR})
        target_link_libraries(${target} PRIVATE ${CMAKE_DL_LIBS})  # NVTX dlopens its tool
    endif()
endfunction()
