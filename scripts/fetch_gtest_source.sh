#!/usr/bin/env bash
# Copies GoogleTest's sources into third_party/googletest (git-ignored), so a machine without
# libgtest-dev and without a network (a lent GPU machine) can build the tests from them:
# scripts/gpu_check.sh passes -DACLEMU_GTEST_SOURCE_DIR=third_party/googletest. Run it where
# Debian's googletest package is installed (/usr/src/googletest); the folder then travels with
# the working tree.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source=${1:-/usr/src/googletest}
if [ ! -f "$source/CMakeLists.txt" ]; then
    echo "fetch_gtest_source.sh: no GoogleTest sources in $source (Debian: apt-get install googletest)" >&2
    exit 1
fi
rm -rf third_party/googletest
mkdir -p third_party
cp -r "$source" third_party/googletest
echo "copied $source to third_party/googletest"
