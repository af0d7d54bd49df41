#!/usr/bin/env bash
# Builds aclemu, installs it into ./_install (a CANN-shaped prefix), builds the four aclnn
# samples against that prefix the way Ascend users do (set_env.sh + CMake) and runs them: on the
# GPU when one answers, else on the CPU. aclemu-info says which.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/env.sh
scripts/install_deps.sh
build_dir=${BUILD_DIR:-build}
prefix=${ACLEMU_PREFIX:-$PWD/_install}
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DACLEMU_BUILD_TESTS=OFF -DACLEMU_BUILD_BENCH=OFF
cmake --build "$build_dir" -j"$(nproc)"
samples/build_against_prefix.sh "$build_dir" "$prefix" "$build_dir/samples"

source "$prefix/set_env.sh"
aclemu-info
status=0
for sample in logsigmoid_backward batch_norm_reduce_backward logit_grad \
              upsample_nearest_exact1d_backward; do
    echo "== aclnn ${sample} =="
    "$build_dir/samples/test_aclnn_${sample}" || status=1
done
exit $status
