#!/usr/bin/env bash
# Installs an aclemu build tree into a prefix, then builds samples/ against that prefix exactly
# as a CANN user would (source set_env.sh, then CMake). Proves the drop-in: nothing here points
# into the build tree.
#   usage: build_against_prefix.sh <aclemu-build-dir> <install-prefix> <samples-build-dir>
set -euo pipefail
build_dir=$1 prefix=$2 samples_build=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

cmake --install "$build_dir" --prefix "$prefix" > /dev/null
# shellcheck disable=SC1091
source "$prefix/set_env.sh"
cmake -S "$here" -B "$samples_build" -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build "$samples_build" -j"$(nproc)"
