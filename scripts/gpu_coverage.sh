#!/usr/bin/env bash
# Line and branch coverage of kernels_cu/ and runtime/src/backend/gpu/ under the gpu tests, as
# the GPU simulator runs them (docs/testing.md, "Coverage of the GPU code").
#   scripts/gpu_coverage.sh BUILD_DIR [--run]
# BUILD_DIR must be configured with -DACLEMU_GPU_COVERAGE=ON. With --run it builds the gpu tests'
# targets there, clears old counts and runs `ctest -L gpu` first; without, it reads the counts
# the tests already left (CI's ASan job runs them). Fails when the kernels' line coverage is
# below 95 %.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:?usage: gpu_coverage.sh BUILD_DIR [--run]}
if [ "${2:-}" = "--run" ]; then
    cmake --build "$build" -j"$(nproc)" --target test_kernels test_ops test_runtime test_gpusim \
        gpusim_planted_bug aclemu_fuzz
    find "$build" -name '*.gcda' -delete
    ctest --test-dir "$build" -L gpu -j"$(nproc)" --output-on-failure
fi
python3 scripts/gpu_coverage.py "$build" --min-kernel-lines 95
