#!/usr/bin/env bash
# Builds aclemu (CPU backend and GPU simulator, plus CUDA when nvcc is found) and runs every test:
# labels `cpu`, `gpu` (on the GPU when one answers, else on the GPU simulator; ACLEMU_REQUIRE_GPU=1
# makes a missing GPU fail them) and `sample`.
#   BUILD_DIR (default build) and any extra CMake arguments may be given.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/env.sh
scripts/install_deps.sh --tests
build_dir=${BUILD_DIR:-build}
set_gpu_build_args
set_generator_args "$build_dir"
# GoogleTest is optional for a plain build; here a missing one is an error, not skipped tests.
# The test programs' own code is compiled at -O0 (ACLEMU_UNOPTIMIZED_TESTS: a third of the build's
# compile time was the test files at -O3); the libraries and kernels under test are Release, in
# unity builds (several sources to a unit: their headers parsed once, 60 % less compile time for
# the runtime library; docs/testing.md).
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DACLEMU_BUILD_TESTS=ON -DACLEMU_BUILD_BENCH=ON \
    -DACLEMU_UNOPTIMIZED_TESTS=ON -DCMAKE_UNITY_BUILD=ON -DCMAKE_REQUIRE_FIND_PACKAGE_GTest=ON \
    "${gpu_build_args[@]}" "${generator_args[@]}" "$@"
cmake --build "$build_dir" -j"$(nproc)"
ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)"
