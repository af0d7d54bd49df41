# HIP with Debian/Ubuntu's ROCm packages (apt install hipcc) on CMake < 3.28, included by the
# HIP branch of the top-level CMakeLists.txt before enable_language(HIP). Those packages use the
# multiarch layout (lib/<triplet>/cmake/hip-lang), which CMake < 3.28 does not search, and their
# HIP compiler is clang++-15, which needs the ROCm path and device-library path spelled out and
# knows no gfx942. Values the user set (cache or HIPCXX) win; /opt/rocm installs are untouched.
set(_aclemu_deb_triplet x86_64-linux-gnu)
set(_aclemu_deb_hip_lang /usr/lib/${_aclemu_deb_triplet}/cmake/hip-lang)
if(CMAKE_VERSION VERSION_LESS 3.28
   AND EXISTS ${_aclemu_deb_hip_lang}/hip-lang-config.cmake
   AND NOT EXISTS /usr/lib/cmake/hip-lang/hip-lang-config.cmake)
    # CMake < 3.28 insists on <root>/lib/cmake/hip-lang: give it a root whose link leads to the
    # real package (whose config resolves its own prefix through the link).
    set(_aclemu_rocm_root ${CMAKE_BINARY_DIR}/aclemu-rocm-root)
    file(MAKE_DIRECTORY ${_aclemu_rocm_root}/lib/cmake)
    file(CREATE_LINK ${_aclemu_deb_hip_lang} ${_aclemu_rocm_root}/lib/cmake/hip-lang SYMBOLIC)
    set(CMAKE_HIP_COMPILER_ROCM_ROOT ${_aclemu_rocm_root} CACHE PATH "ROCm root for CMake")
    if(NOT CMAKE_HIP_COMPILER AND NOT DEFINED ENV{HIPCXX})
        find_program(ACLEMU_DEBIAN_HIP_CLANG NAMES clang++-15 clang++-16 clang++-17
                     DOC "The clang that Debian's hipcc drives")
        if(ACLEMU_DEBIAN_HIP_CLANG)
            set(CMAKE_HIP_COMPILER ${ACLEMU_DEBIAN_HIP_CLANG} CACHE FILEPATH "HIP compiler")
        endif()
    endif()
    set(CMAKE_HIP_FLAGS
        "--rocm-path=/usr --hip-device-lib-path=/usr/lib/${_aclemu_deb_triplet}/amdgcn/bitcode"
        CACHE STRING "HIP compiler flags")
    if(NOT DEFINED CMAKE_HIP_ARCHITECTURES OR CMAKE_HIP_ARCHITECTURES STREQUAL "")
        # clang 15 knows no gfx942; the 5.2 device libraries have no gfx11 (RDNA3).
        set(CMAKE_HIP_ARCHITECTURES "gfx90a;gfx1030")
    endif()
    # The compiler check's try_compile project has no library architecture yet, so hip-lang's
    # find_dependency(amd_comgr) needs the multiarch cmake folder on the search path.
    if(DEFINED ENV{CMAKE_PREFIX_PATH})
        set(ENV{CMAKE_PREFIX_PATH} "/usr/lib/${_aclemu_deb_triplet}/cmake:$ENV{CMAKE_PREFIX_PATH}")
    else()
        set(ENV{CMAKE_PREFIX_PATH} "/usr/lib/${_aclemu_deb_triplet}/cmake")
    endif()
    message(STATUS "aclemu: Debian ROCm layout; HIP compiler ${CMAKE_HIP_COMPILER}")
endif()
