#!/usr/bin/env bash
# Builds and runs the find_package(aclemu) consumer against an installed prefix.
#   usage: run.sh <install-prefix> <scratch-build-dir>
set -euo pipefail
prefix=$1 build=$2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
rm -rf "$build"
cmake -S "$here" -B "$build" -DCMAKE_PREFIX_PATH="$prefix" > /dev/null
cmake --build "$build" > /dev/null
"$build/package_consumer"
