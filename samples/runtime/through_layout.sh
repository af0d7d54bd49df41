#!/usr/bin/env bash
# Builds the runtime example programs (samples/runtime/*/main.cpp) against an installed aclemu
# prefix through one of CANN's layouts, or runs one of them, with the environment a user of that
# layout has: the variables the samples' build instructions name, set to the prefix's paths.
# Nothing points into aclemu's build tree.
#   usage: through_layout.sh build <prefix> <layout> <build-dir> [targets...]  (default: all)
#          through_layout.sh run   <prefix> <layout> <program> [ACLEMU_BACKEND]
# Layouts: set_env, ddk_stub, acllib, arch, package (samples/runtime/CMakeLists.txt).
set -euo pipefail
action=$1 prefix=$2 layout=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
arch_tree="$prefix/$(uname -m)-linux"

# Start from a clean slate: a toolkit environment inherited from the caller must not help.
unset ASCEND_HOME_PATH ASCEND_TOOLKIT_HOME ASCEND_OPP_PATH ASCEND_AICPU_PATH DDK_PATH NPU_HOST_LIB

case "$layout" in
    set_env)  # source <toolkit>/set_env.sh, then CMake reads ASCEND_HOME_PATH
        # shellcheck disable=SC1091
        source "$prefix/set_env.sh" ;;
    ddk_stub)  # the Ascend samples' README: setenv, then DDK_PATH and NPU_HOST_LIB by hand
        # shellcheck disable=SC1091
        source "$prefix/bin/setenv.bash"
        export DDK_PATH="$prefix"
        export NPU_HOST_LIB="$DDK_PATH/runtime/lib64/stub" ;;
    acllib)  # older samples: DDK_PATH is the per-architecture tree, stubs under acllib
        # shellcheck disable=SC1091
        source "$prefix/set_env.sh"
        export DDK_PATH="$arch_tree"
        export NPU_HOST_LIB="$DDK_PATH/acllib/lib64/stub" ;;
    arch)
        # shellcheck disable=SC1091
        source "$prefix/bin/setenv.bash" ;;
    package)  # find_package through CMAKE_PREFIX_PATH; the programs carry their RPATH
        export CMAKE_PREFIX_PATH="$prefix${CMAKE_PREFIX_PATH:+:$CMAKE_PREFIX_PATH}" ;;
    *)
        echo "unknown layout '$layout'" >&2
        exit 2 ;;
esac

case "$action" in
    build)
        build_dir=$4
        # As the samples' build scripts do: no RPATH, so the programs find the libraries only
        # through the LD_LIBRARY_PATH the environment script sets (a package build keeps it).
        skip_rpath=TRUE
        [ "$layout" = package ] && skip_rpath=FALSE
        cmake -S "$here" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release \
              -DCMAKE_SKIP_RPATH="$skip_rpath" -DACLEMU_SAMPLE_LAYOUT="$layout" > /dev/null
        targets=()
        for target in "${@:5}"; do
            targets+=(--target "$target")
        done
        cmake --build "$build_dir" -j"$(nproc)" "${targets[@]}" ;;
    run)
        program=$4
        if [ $# -ge 5 ]; then
            export ACLEMU_BACKEND=$5
        fi
        exec "$program" ;;
    *)
        echo "unknown action '$action' (build or run)" >&2
        exit 2 ;;
esac
