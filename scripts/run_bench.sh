#!/usr/bin/env bash
# Builds aclemu in Release and runs the benchmark on the CPU backend (about 3-5 minutes on a
# 2-core machine; --quick takes well under a minute, --full much longer). Writes
#   bench/out/bench_<backend>.csv  every measurement (machine-readable)
#   bench/out/bench_<backend>.md   the same as markdown tables
#   bench/out/summary_<backend>.md the headline op/copy table and where each target stands
# Options (anything else is passed to aclemu_bench, see `aclemu_bench --help`):
#   --quick | --full     fewer sizes and repetitions | every power of 2, more repetitions
#   --backend B          cpu (default), gpu or all
#   --torch              also run bench/compare_torch.py against PyTorch on the same device
#   --no-build           use BUILD_DIR as it is (built elsewhere: scripts/gpu_check.sh --prebuilt)
# Environment: BUILD_DIR (default build), CMAKE_ARGS (extra configure arguments, e.g.
# "-DACLEMU_ENABLE_CUDA=OFF" to skip nvcc when only the CPU is benchmarked).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/env.sh

backend=cpu
torch=0
build=1
mode_args=()
bench_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --quick | --full) mode_args+=("$1") ;;
        --backend) backend=$2; shift ;;
        --torch) torch=1 ;;
        --no-build) build=0 ;;
        *) bench_args+=("$1") ;;
    esac
    shift
done

build_dir=${BUILD_DIR:-build}
# shellcheck disable=SC2086
if [ "$build" = 1 ]; then
    cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DACLEMU_BUILD_BENCH=ON ${CMAKE_ARGS:-} > /dev/null
    cmake --build "$build_dir" --target aclemu_bench -j"$(nproc)"
fi

out=bench/out
mkdir -p "$out"
"$build_dir/bench/aclemu_bench" --backend "$backend" \
    --csv "$out/bench_${backend}.csv" --md "$out/bench_${backend}.md" \
    "${mode_args[@]}" "${bench_args[@]}"
python3 bench/summarize.py "$out/bench_${backend}.csv" > "$out/summary_${backend}.md"
echo "wrote $out/bench_${backend}.csv, $out/bench_${backend}.md and $out/summary_${backend}.md"

if [ "$torch" = 1 ]; then
    device=cpu
    [ "$backend" = cpu ] || device=cuda
    # The first python3 that has PyTorch (Debian's python3-torch lives in /usr/bin/python3).
    py=
    for candidate in python3 /usr/bin/python3; do
        if "$candidate" -c "import torch" 2> /dev/null; then py=$candidate; break; fi
    done
    [ -n "$py" ] || { echo "no python3 with PyTorch found (Debian: python3-torch)"; exit 1; }
    "$py" bench/compare_torch.py --lib-dir "$build_dir" --device "$device" \
        --out "$out/torch_${device}" "${mode_args[@]}"
    python3 bench/summarize.py "$out/bench_${backend}.csv" --torch "$out/torch_${device}.csv" \
        > "$out/summary_${backend}.md"
    echo "wrote $out/summary_${backend}.md (with the PyTorch comparison)"
fi
