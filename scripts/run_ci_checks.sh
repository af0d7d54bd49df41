#!/usr/bin/env bash
# The checks CI runs besides scripts/run_tests.sh (docs/testing.md), each in a build directory
# of its own:
#   asan  AddressSanitizer + UndefinedBehaviorSanitizer (CUDA off, so the gpu tests run on the
#         GPU simulator): every cpu and gpu test, then the GPU code's coverage     (build-asan)
#   tsan  ThreadSanitizer: the runtime, GPU simulator and stress suites, and the gpu tests of the
#         kernels and ops suites                                                 (build-tsan)
#   hip   the HIP build, compile only, for one AMD GPU (gfx90a; Debian's hipcc and rocPRIM,
#         installed when missing): libascendcl, libnnopbase, libopapi with the kernels,
#         warnings as errors, unoptimised                                           (build-hip)
# Usage: scripts/run_ci_checks.sh [asan] [tsan] [hip]     (default: all three)
# Every job runs even when one fails; a summary with each job's time comes last, and the exit
# status is non-zero when any job failed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/env.sh

jobs=("$@")
[ ${#jobs[@]} -gt 0 ] || jobs=(asan tsan hip)
cores=$(nproc)

launcher=()
if command -v ccache > /dev/null; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

# Sanitizer builds: Debug (asserts on) at -O1 with line tables (file and line in the reports);
# no CUDA (the gpu tests run on the GPU simulator), no benchmarks. Unity builds (several sources
# per translation unit, headers parsed once) save about a third of the compile time on CI's two
# cores, as in scripts/run_tests.sh (docs/testing.md: what a plain build adds). The test programs' own code is
# compiled at -O0 (ACLEMU_UNOPTIMIZED_TESTS): half the compile time, and the code under test keeps
# -O1.
# `configure_extra`: more configure arguments for the next build.
configure_extra=()
sanitizer_build() {
    local dir=$1 sanitizers=$2
    shift 2
    set_generator_args "$dir"
    cmake -S . -B "$dir" "${generator_args[@]}" -DACLEMU_SANITIZE="$sanitizers" -DCMAKE_BUILD_TYPE=Debug \
        -DCMAKE_C_FLAGS_DEBUG="-O1 -g1" -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
        -DACLEMU_ENABLE_CUDA=OFF -DACLEMU_BUILD_TESTS=ON -DACLEMU_BUILD_BENCH=OFF \
        -DCMAKE_UNITY_BUILD=ON -DACLEMU_UNOPTIMIZED_TESTS=ON \
        -DCMAKE_REQUIRE_FIND_PACKAGE_GTest=ON "${launcher[@]}" "${configure_extra[@]}"
    cmake --build "$dir" -j"$cores" "$@"
}

# The sanitizer jobs run the GoogleTest cases many to a process (scripts/ctest_batched.py: a
# sanitized process costs half a second to start and end, more than most cases); README's test
# command, scripts/run_tests.sh, still runs each case alone.

# Every cpu and gpu test, the fuzzers' short runs included, but the samples (label `sample`: the
# programs built against the installed prefix, which run in scripts/run_tests.sh; here their
# three CMake builds cost more than the library code they reach, all of which the suites run);
# then the gcov coverage of the GPU backend and kernels those tests reached on the simulator
# (scripts/gpu_coverage.sh: kernel lines below 95 % fail the job).
job_asan() {
    scripts/install_deps.sh --tests
    configure_extra=(-DACLEMU_GPU_COVERAGE=ON)
    sanitizer_build build-asan address,undefined
    configure_extra=()
    find build-asan -name '*.gcda' -delete
    scripts/ctest_batched.py --test-dir build-asan -j"$cores" -L "cpu|gpu" -LE sample
    scripts/gpu_coverage.sh build-asan
}

# The suites where threads meet: the runtime (streams, events, copies, host functions), the GPU
# simulator (fibers as TSan threads, the planted races) and the stress test; and every kernel on
# the simulator, where each GPU thread is a TSan thread (the kernels and ops suites' gpu tests;
# their cpu tests, the tiny-profile repeats and the Large* cases are left out: a large input runs
# the same kernel code as a small one, in more blocks). The LargeMemory cases copy tens of MiB
# byte by byte, which takes TSan minutes per case; the stress test's large copies cover the same
# split copies.
job_tsan() {
    scripts/install_deps.sh --tests
    sanitizer_build build-tsan thread \
        --target test_runtime test_gpusim gpusim_planted_bug test_stress test_kernels test_ops
    scripts/ctest_batched.py --test-dir build-tsan -j"$cores" -L "^(runtime|gpusim|stress)$" \
        -E "LargeMemory"
    scripts/ctest_batched.py --test-dir build-tsan -j"$cores" -L "^(kernels|ops)$" \
        -LE "^(cpu|tiny)$" -E "Large"
}

# Compile only, so nothing is optimised: the host code at -O0 in unity builds (the optimiser's
# warnings are the Release build's job, where the same code is compiled by the same g++) and the
# device code without the optimiser (ACLEMU_UNOPTIMIZED_DEVICE_CODE).
job_hip() {
    scripts/install_deps.sh --tests --hip
    set_generator_args build-hip
    cmake -S . -B build-hip "${generator_args[@]}" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG=-O0 \
        -DCMAKE_CXX_FLAGS_DEBUG=-O0 -DCMAKE_HIP_FLAGS_DEBUG=-O0 -DCMAKE_UNITY_BUILD=ON \
        -DACLEMU_ENABLE_HIP=ON -DACLEMU_ENABLE_CUDA=OFF -DACLEMU_ENABLE_GPUSIM=OFF \
        -DACLEMU_BUILD_TESTS=OFF -DACLEMU_BUILD_BENCH=OFF -DCMAKE_HIP_ARCHITECTURES=gfx90a \
        -DACLEMU_UNOPTIMIZED_DEVICE_CODE=ON -DACLEMU_WARNINGS_AS_ERRORS=ON "${launcher[@]}"
    cmake --build build-hip -j"$cores"
}

# cpu_seconds := CPU seconds (user + system) of the finished child processes so far (on a shared
# machine the wall time says little). `times` must run in this shell, not in a subshell.
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
count_cpu() {
    times > "$times_file"
    cpu_seconds=$(awk 'NR == 2 { split($1, u, "m"); split($2, s, "m")
                                 print int(u[1] * 60 + u[2] + s[1] * 60 + s[2]) }' "$times_file")
}

summary=()
failed=0
for job in "${jobs[@]}"; do
    case "$job" in
        asan | tsan | hip) ;;
        *) echo "run_ci_checks.sh: unknown job '$job' (known: asan, tsan, hip)" >&2; exit 2 ;;
    esac
    echo "=== run_ci_checks: $job"
    start=$SECONDS
    count_cpu
    cpu_start=$cpu_seconds
    # A subshell with its own `set -e` (the `set +e` here would be inherited), so the job stops
    # at its first failing command and fails.
    set +e
    (set -e; "job_$job")
    status=$?
    set -e
    if [ $status -eq 0 ]; then
        result=passed
    else
        result=FAILED
        failed=1
    fi
    elapsed=$((SECONDS - start))
    count_cpu
    cpu=$((cpu_seconds - cpu_start))
    summary+=("$(printf '%-5s %-7s %dm%02ds (CPU %dm%02ds)' "$job" "$result" \
        $((elapsed / 60)) $((elapsed % 60)) $((cpu / 60)) $((cpu % 60)))")
done
echo "=== run_ci_checks summary"
printf '  %s\n' "${summary[@]}"
exit $failed
