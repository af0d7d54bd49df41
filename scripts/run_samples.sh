#!/usr/bin/env bash
# Builds aclemu, installs it into ./_install (a CANN-shaped prefix; ACLEMU_PREFIX overrides),
# builds the aclnn samples (samples/<name>/) against that prefix the way Ascend users do
# (set_env.sh + CMake) and runs each, checking its printed values against an independent reference
# (samples/check_sample.py): PASS or FAIL per sample. They run on the GPU when one answers, else
# on the CPU; aclemu-info says which. Logs go to <build>/sample_logs unless
# ASCEND_PROCESS_LOG_PATH is set.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/env.sh
scripts/install_deps.sh
build_dir=${BUILD_DIR:-build}
prefix=${ACLEMU_PREFIX:-$PWD/_install}
set_gpu_build_args
set_generator_args "$build_dir"
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DACLEMU_BUILD_TESTS=OFF -DACLEMU_BUILD_BENCH=OFF \
    "${gpu_build_args[@]}" "${generator_args[@]}"
cmake --build "$build_dir" -j"$(nproc)"
samples/build_against_prefix.sh "$build_dir" "$prefix" "$build_dir/samples"
echo "installed aclemu into $prefix (source $prefix/set_env.sh to build against it)"
echo "built the samples against it in $build_dir/samples"

source "$prefix/set_env.sh"
export ASCEND_PROCESS_LOG_PATH=${ASCEND_PROCESS_LOG_PATH:-$(cd "$build_dir" && pwd)/sample_logs}
echo
aclemu-info || true
echo
failed=()
samples=()
for check in samples/*/expected.py; do
    samples+=("$(basename "$(dirname "$check")")")
done
for sample in "${samples[@]}"; do
    echo "== aclnn ${sample}"
    python3 samples/check_sample.py "$sample" "$build_dir/samples/test_aclnn_${sample}" \
        || failed+=("$sample")
done
echo
if [ ${#failed[@]} -eq 0 ]; then
    echo "all ${#samples[@]} samples PASS"
else
    echo "${#failed[@]} of ${#samples[@]} samples FAIL: ${failed[*]} (logs: $ASCEND_PROCESS_LOG_PATH)"
    exit 1
fi
