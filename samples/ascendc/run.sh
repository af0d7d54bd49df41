#!/usr/bin/env bash
# Builds aclemu's Ascend C samples against an installed aclemu prefix the way CANN's kernel
# samples are built (set_env.sh, SOC_VERSION and ASCENDC_CMAKE_DIR in the environment, then
# CMake; find_package(ASC) for the ASC language), or runs one of them on a backend and checks
# what it prints.
#   run.sh build <prefix> <build-dir>
#   run.sh run <prefix> <build-dir> <program> <cpu|gpusim>
set -euo pipefail
action=$1 prefix=$2 build=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck disable=SC1091
source "$prefix/set_env.sh"
export SOC_VERSION=${SOC_VERSION:-Ascend910B1}
export ASCENDC_CMAKE_DIR="$ASCEND_HOME_PATH/tikcpp/ascendc_kernel_cmake"

# Three builds, one per flow: ascendc.cmake (this folder), the ASC language (asc_language/,
# find_package(ASC)) and CANN's CPU-debug form (cpu_debug/, RUN_MODE cpu, ICPU_RUN_KF).
if [[ $action == build ]]; then
    cmake -S "$here" -B "$build/ascendc_cmake" -DASCEND_CANN_PACKAGE_PATH="$ASCEND_HOME_PATH" > /dev/null
    cmake --build "$build/ascendc_cmake" -j2
    cmake -S "$here/asc_language" -B "$build/asc_language" -DCMAKE_ASC_ARCHITECTURES=dav-2201 \
        -DCMAKE_ASC_RUN_MODE=npu > /dev/null
    cmake --build "$build/asc_language" -j2
    cmake -S "$here/cpu_debug" -B "$build/cpu_debug" > /dev/null
    cmake --build "$build/cpu_debug" -j2
    exit 0
fi

program=$4 backend=$5
case $program in
    add_allocator | binary_launch_asc) dir=asc_language ;;
    cpu_debug_scale) dir=cpu_debug ;;
    *) dir=ascendc_cmake ;;
esac
out=$(ACLEMU_BACKEND=$backend "$build/$dir/$program")
echo "$out"
grep -q "^\[PASS\] $program" <<< "$out"
if [[ $program == scalar_hello ]]; then
    # printf: one line per block, in block order, when the kernel's task ends.
    expected=$(for b in 0 1 2 3 4 5 6 7; do echo "Hello World from block $b of 8"; done)
    [[ $(grep "Hello World" <<< "$out") == "$expected" ]] || { echo "printf lines out of order"; exit 1; }
fi
