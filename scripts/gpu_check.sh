#!/usr/bin/env bash
# The first-GPU check: one command that proves aclemu's GPU half on an NVIDIA machine in at most
# about 10 minutes (16 cores), installing nothing and reaching no network (docs/testing.md, "The
# first-GPU script"). In order, each step with its own time limit:
#   1. build (Release, CUDA for the GPU's own architecture, the tests and benchmarks) in
#      build-gpu-check/; GoogleTest from the system, else from third_party/googletest (filled by
#      scripts/fetch_gtest_source.sh and carried with the working tree);
#   2. the gpu and sample tests with ACLEMU_REQUIRE_GPU=1 (a test that would fall back to the
#      simulator fails);
#   3. Compute Sanitizer's memcheck, racecheck, synccheck and initcheck over the gpu tests of the
#      kernels and ops suites;
#   4. scripts/run_bench.sh --backend gpu --quick (op and copy bandwidth, the op/copy fractions),
#      with --torch when a python3 imports torch with CUDA;
#   5. an Nsight Systems capture of one sample with its NVTX ranges, when nsys is there.
# It writes one markdown report (build-gpu-check/gpu_check_report.md unless --report says where)
# and prints it. Without a GPU (or with --dry-run) it checks what it would use, writes a report
# saying what it skipped and exits 0: CI runs it that way (ctest gpu_check_dry_run).
# --prebuilt uses a build folder configured and built elsewhere for this GPU's architecture
# (carried with the working tree when device time is too short to build there) and builds nothing.
# The steps' time limits come from GPU_CHECK_TEST_S, GPU_CHECK_SANITIZER_S and GPU_CHECK_BENCH_S
# (seconds; 240, 150 and 240 by default).
# Usage: scripts/gpu_check.sh [--dry-run] [--prebuilt] [--report FILE] [--build-dir DIR]
# Exit status: 0 when every step that ran passed (or none could run), 1 otherwise.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2
root=$(pwd)

dry_run=0
prebuilt=0
build_dir=build-gpu-check
report=
while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) dry_run=1 ;;
        --prebuilt) prebuilt=1 ;;
        --report) report=$2; shift ;;
        --build-dir) build_dir=$2; shift ;;
        -h | --help) sed -n '2,/^set -uo/p' "$0" | sed '$d'; exit 0 ;;
        *) echo "gpu_check.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done
report=${report:-$build_dir/gpu_check_report.md}
test_s=${GPU_CHECK_TEST_S:-240}
sanitizer_s=${GPU_CHECK_SANITIZER_S:-150}
bench_s=${GPU_CHECK_BENCH_S:-240}
mkdir -p "$(dirname "$report")" "$build_dir"
logs=$build_dir/gpu_check_logs
mkdir -p "$logs"
cores=$(nproc)
started=$(date +%s)
failures=0

# --- the report --------------------------------------------------------------------------------
: > "$report"
say() { printf '%s\n' "$*" >> "$report"; }
# step NAME STATUS DETAIL: a row of the summary table, kept until the end.
rows=()
step() { rows+=("| $1 | $2 | $3 |"); [ "$2" = "FAIL" ] && failures=$((failures + 1)); return 0; }
elapsed() { echo "$(( $(date +%s) - $1 ))s"; }

say "# aclemu first-GPU check"
say ""
say "$(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2> /dev/null || echo unknown)$(git diff --quiet 2> /dev/null || echo ' (with local changes)')"
say ""

# --- what this machine has ---------------------------------------------------------------------
have() { command -v "$1" > /dev/null 2>&1; }
gpu_line=
if have nvidia-smi; then
    gpu_line=$(nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total \
        --format=csv,noheader 2> /dev/null | head -1)
fi
nvcc=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
# The first of a tool on PATH or where the CUDA toolkit and Nsight Systems put it.
find_tool() {
    local name=$1 path
    shift
    command -v "$name" 2> /dev/null && return 0
    for path in "$@"; do
        [ -x "$path" ] && { echo "$path"; return 0; }
    done
    return 0
}
sanitizer=$(find_tool compute-sanitizer /usr/local/cuda/bin/compute-sanitizer \
    /usr/local/cuda/compute-sanitizer/compute-sanitizer)
# shellcheck disable=SC2046
nsys=$(find_tool nsys /usr/local/cuda/bin/nsys $(ls -d /opt/nvidia/nsight-systems/*/bin/nsys \
    /usr/local/cuda/nsight-systems-*/bin/nsys 2> /dev/null))
torch_py=
for candidate in python3 /usr/bin/python3; do
    if have "$candidate" && "$candidate" -c \
        "import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)" > /dev/null 2>&1; then
        torch_py=$candidate
        break
    fi
done
gtest_args=()
if [ -f /usr/lib/x86_64-linux-gnu/libgtest.a ] || [ -f /usr/lib/libgtest.a ] \
    || [ -f /usr/local/lib/libgtest.a ]; then
    gtest_source="system libgtest"
elif [ -f third_party/googletest/CMakeLists.txt ]; then
    gtest_source="third_party/googletest (sources)"
    gtest_args=(-DACLEMU_GTEST_SOURCE_DIR="$root/third_party/googletest")
else
    gtest_source="none (run scripts/fetch_gtest_source.sh on a machine with libgtest-dev)"
fi

say "## Machine"
say ""
say "| | |"
say "| --- | --- |"
say "| GPU | ${gpu_line:-none answers (nvidia-smi $(have nvidia-smi && echo 'finds none' || echo 'missing'))} |"
say "| CPU cores | $cores |"
say "| nvcc | ${nvcc:-missing}$([ -n "$nvcc" ] && echo " ($("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p'))") |"
say "| GoogleTest | $gtest_source |"
say "| compute-sanitizer | ${sanitizer:-missing} |"
say "| nsys | ${nsys:-missing} |"
say "| PyTorch with CUDA | ${torch_py:-not importable} |"
say ""

finish() {
    say "## Summary"
    say ""
    say "| step | result | detail |"
    say "| --- | --- | --- |"
    for row in "${rows[@]}"; do say "$row"; done
    say ""
    say "Total time: $(elapsed "$started"). Logs: \`$logs/\`."
    cat "$report"
    echo
    echo "gpu_check.sh: wrote $report"
    [ "$failures" -eq 0 ]
    exit $?
}

if [ "$dry_run" = 1 ] || [ -z "$gpu_line" ] || [ -z "$nvcc" ]; then
    why="--dry-run"
    [ "$dry_run" = 1 ] || why=$([ -z "$gpu_line" ] && echo "no GPU answers" || echo "no nvcc")
    for s in "build for the GPU's architecture" "gpu and sample tests (ACLEMU_REQUIRE_GPU=1)" \
        "compute-sanitizer memcheck/racecheck/synccheck/initcheck" "run_bench.sh --backend gpu" \
        "PyTorch CUDA comparison" "nsys capture of a sample"; do
        step "$s" skipped "$why"
    done
    finish
fi

# --- 1. build -----------------------------------------------------------------------------------
arch=$(echo "$gpu_line" | awk -F', ' '{ gsub(/\./, "", $2); print $2 }')
t=$(date +%s)
cmake_args=(-DCMAKE_BUILD_TYPE=Release -DACLEMU_ENABLE_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES="$arch"
    -DCMAKE_CUDA_COMPILER="$nvcc" -DACLEMU_BUILD_TESTS=ON -DACLEMU_BUILD_BENCH=ON "${gtest_args[@]}")
if [ "$prebuilt" = 1 ]; then
    built_for=$(sed -n 's/^CMAKE_CUDA_ARCHITECTURES:[A-Z]*=//p' "$build_dir/CMakeCache.txt" 2> /dev/null)
    if [ "$built_for" = "$arch" ]; then
        step "build (sm_$arch)" prebuilt "carried $build_dir, built for sm_$built_for"
    else
        step "build (sm_$arch)" FAIL "--prebuilt: $build_dir is built for '${built_for:-nothing}', not $arch"
        finish
    fi
elif timeout 420 cmake -S . -B "$build_dir" "${cmake_args[@]}" > "$logs/configure.log" 2>&1 \
    && timeout 420 cmake --build "$build_dir" -j"$cores" > "$logs/build.log" 2>&1; then
    step "build (sm_$arch)" PASS "$(elapsed "$t")"
else
    step "build (sm_$arch)" FAIL "$(elapsed "$t"); tail of $logs/build.log below"
    say "### Build failure"; say '```'; tail -40 "$logs/build.log" >> "$report"; say '```'
    finish
fi

# --- 2. gpu and sample tests on the GPU ----------------------------------------------------------
t=$(date +%s)
if ACLEMU_REQUIRE_GPU=1 timeout "$test_s" ctest --test-dir "$build_dir" -L "gpu|sample" -LE tiny \
    -j"$cores" --output-on-failure > "$logs/ctest_gpu.log" 2>&1; then
    step "gpu and sample tests" PASS "$(grep -Eo '[0-9]+ tests? passed.*' "$logs/ctest_gpu.log" | tail -1), $(elapsed "$t")"
else
    step "gpu and sample tests" FAIL "$(grep -E 'tests passed|tests failed' "$logs/ctest_gpu.log" | tail -1), $(elapsed "$t")"
    say "### Failed tests"; say '```'
    sed -n '/The following tests FAILED/,$p' "$logs/ctest_gpu.log" | head -40 >> "$report"; say '```'
fi
aclemu_info=$("$build_dir/aclemu-info" 2>&1 | head -20)
say "## aclemu-info"; say '```'; say "$aclemu_info"; say '```'; say ""

# --- 3. Compute Sanitizer -----------------------------------------------------------------------
if [ -n "$sanitizer" ]; then
    say "## Compute Sanitizer"
    say ""
    say "| suite | tool | result |"
    say "| --- | --- | --- |"
    sanitizer_failures=0
    # All eight runs at once: each is one process on the CPU and a few MiB on the GPU.
    pids=()
    for suite in kernels ops; do
        for tool in memcheck racecheck synccheck initcheck; do
            ACLEMU_REQUIRE_GPU=1 timeout "$sanitizer_s" "$sanitizer" --tool "$tool" --error-exitcode 99 \
                "$build_dir/tests/test_$suite" --gtest_filter='Gpu/*:-*Tiny*' \
                > "$logs/sanitizer_${suite}_$tool.log" 2>&1 &
            pids+=("$!")
        done
    done
    i=0
    for suite in kernels ops; do
        for tool in memcheck racecheck synccheck initcheck; do
            status=0
            wait "${pids[$i]}" || status=$?
            i=$((i + 1))
            summary=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$logs/sanitizer_${suite}_$tool.log" | tail -1)
            case $status in
                0) result="clean: ${summary:-no summary line}" ;;
                124) result="timed out ($sanitizer_s s)"; sanitizer_failures=$((sanitizer_failures + 1)) ;;
                *) result="FAIL ($status): ${summary:-see log}"
                   sanitizer_failures=$((sanitizer_failures + 1)) ;;
            esac
            say "| $suite | $tool | $result |"
        done
    done
    say ""
    step "compute-sanitizer" "$([ "$sanitizer_failures" -eq 0 ] && echo PASS || echo FAIL)" \
        "4 tools x 2 suites, $sanitizer_failures failed, logs in $logs"
else
    step "compute-sanitizer" skipped "not installed"
fi

# --- 4. benchmarks (and PyTorch) ----------------------------------------------------------------
t=$(date +%s)
bench_args=(--backend gpu --quick)
[ "$prebuilt" = 1 ] && bench_args+=(--no-build)
[ -n "$torch_py" ] && bench_args+=(--torch)
if BUILD_DIR=$build_dir CMAKE_ARGS="${cmake_args[*]}" timeout "$bench_s" scripts/run_bench.sh \
    "${bench_args[@]}" > "$logs/bench.log" 2>&1 \
    && ! grep -q "not available" bench/out/summary_gpu.md; then
    step "run_bench.sh --backend gpu$([ -n "$torch_py" ] && echo ' --torch')" PASS "$(elapsed "$t")"
    say "## Benchmarks (op and copy bandwidth; op/copy fractions)"
    say ""
    cat bench/out/summary_gpu.md >> "$report"
    say ""
else
    step "run_bench.sh --backend gpu" FAIL "$(elapsed "$t"); see $logs/bench.log and bench/out/summary_gpu.md"
fi
[ -n "$torch_py" ] || step "PyTorch CUDA comparison" skipped "no python3 imports torch with CUDA"

# --- 5. Nsight Systems ---------------------------------------------------------------------------
sample=$build_dir/samples_build/test_aclnn_logsigmoid_backward
if [ -n "$nsys" ] && [ -x "$sample" ]; then
    t=$(date +%s)
    if timeout 120 "$nsys" profile --trace=cuda,nvtx --force-overwrite=true \
        -o "$build_dir/nsys_logsigmoid_backward" "$sample" > "$logs/nsys.log" 2>&1; then
        step "nsys capture" PASS "$build_dir/nsys_logsigmoid_backward.nsys-rep, $(elapsed "$t")"
        say "## NVTX ranges of test_aclnn_logsigmoid_backward"; say '```'
        timeout 60 "$nsys" stats --report nvtx_sum "$build_dir/nsys_logsigmoid_backward.nsys-rep" \
            2>&1 | head -40 >> "$report"
        say '```'
    else
        step "nsys capture" FAIL "see $logs/nsys.log"
    fi
else
    step "nsys capture" skipped "$([ -n "$nsys" ] && echo "no sample built" || echo "nsys missing")"
fi

finish
