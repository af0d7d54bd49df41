#!/usr/bin/env bash
# Instructions per call (callgrind) of an aclnn operator call (LogSigmoidBackward
# GetWorkspaceSize + execute) and of aclrtMemcpyAsync on the CPU backend: the host overhead, as a
# count that does not move with the machine's load (docs/performance.md, "Host overhead per call").
# Usage: bench/callgrind/run.sh [calls]   (BUILD_DIR, default build; needs -DACLEMU_BUILD_BENCH=ON
# and the target aclemu_callgrind_calls built)
set -euo pipefail
calls=${1:-1000}
build_dir=${BUILD_DIR:-build}
program="$build_dir/bench/callgrind/aclemu_callgrind_calls"
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
[[ -x "$program" ]] || { echo "$program not built (cmake --build $build_dir --target aclemu_callgrind_calls)" >&2; exit 1; }
out_dir=$(mktemp -d)
trap 'rm -rf "$out_dir"' EXIT

# Prints the instructions counted inside function $2 for mode $1, divided by the calls.
per_call() {
    local mode=$1 function=$2 file="$out_dir/callgrind.$1"
    ACLEMU_BACKEND=cpu ACLEMU_CPU_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$file" \
        --collect-atstart=no --toggle-collect="$function" \
        "$program" "$mode" "$calls" >/dev/null 2>"$out_dir/valgrind.$mode.log" || {
        cat "$out_dir/valgrind.$mode.log" >&2
        exit 1
    }
    local total
    total=$(awk '/^(summary|totals):/ {print $2; exit}' "$file")
    awk -v t="$total" -v n="$calls" -v m="$mode" \
        'BEGIN {printf "%-8s %12d instructions / %d calls = %.0f per call\n", m, t, n, t / n}'
}

per_call op aclemu_cg_op_calls
per_call memcpy aclemu_cg_memcpy_calls
