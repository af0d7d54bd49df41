// GPU UpsampleNearestExact1d: a gather, a copy of bits (no rounding, no dtype conversion). Long
// rows: blocks tile the output length, and each thread finds the source index of its output
// position j once (kernels_cu/math/upsample_nearest_exact.h, the backward's bins) and copies
// that element for every (n, c) row it visits (grid-stride over rows along y): the index math is
// amortized over the rows and writes along j coalesce. Rows shorter than a block: one thread per
// output element over the flattened N * C * L_out space.
#include "kernels_cu/common.cuh"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/upsample_nearest_exact.h"

#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {

constexpr int kThreads = 256;
constexpr int64_t kMaxRowBlocks = 65535;  // grid.y limit

template <typename T>
__global__ void __launch_bounds__(kThreads)
    upsample_nearest_exact1d_gather(const UpsampleNearestExact1dArgs a) {
    const int64_t rows = a.n * a.c;
    const T* src = static_cast<const T*>(a.self);
    T* dst = static_cast<T*>(a.out);
    for (int64_t j = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x; j < a.l_out;
         j += static_cast<int64_t>(gridDim.x) * kThreads) {
        const int64_t i = exact_fw_source_index(j, a.scale, a.l_in, a.l_out);
        for (int64_t row = blockIdx.y; row < rows; row += gridDim.y) {
            const int64_t n = row / a.c;
            const int64_t c = row - n * a.c;
            dst[n * a.out_strides[0] + c * a.out_strides[1] + j * a.out_strides[2]] =
                src[n * a.self_strides[0] + c * a.self_strides[1] + i * a.self_strides[2]];
        }
    }
}

template <typename T>
__global__ void __launch_bounds__(kThreads)
    upsample_nearest_exact1d_flat(const UpsampleNearestExact1dArgs a) {
    const int64_t total = a.n * a.c * a.l_out;
    const T* src = static_cast<const T*>(a.self);
    T* dst = static_cast<T*>(a.out);
    for (int64_t idx = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x; idx < total;
         idx += static_cast<int64_t>(gridDim.x) * kThreads) {
        const int64_t j = idx % a.l_out;
        const int64_t row = idx / a.l_out;
        const int64_t n = row / a.c;
        const int64_t c = row - n * a.c;
        const int64_t i = exact_fw_source_index(j, a.scale, a.l_in, a.l_out);
        dst[n * a.out_strides[0] + c * a.out_strides[1] + j * a.out_strides[2]] =
            src[n * a.self_strides[0] + c * a.self_strides[1] + i * a.self_strides[2]];
    }
}

}  // namespace

int launch_upsample_nearest_exact1d(const UpsampleNearestExact1dArgs& args, void* stream) {
    const int64_t rows = args.n * args.c;
    if (rows == 0 || args.l_out == 0) {
        return 0;
    }
    const auto s = static_cast<gpuStream_t>(stream);
    const int64_t total = rows * args.l_out;
    const unsigned blocks = grid_for(total, kThreads);
    return switch_dtype(args.dtype, [&](auto type) {
        using T = decltype(type);
        clear_stale_error();
        if (args.l_out < kThreads) {
            ACLEMU_LAUNCH(blocks, kThreads, 0, s, upsample_nearest_exact1d_flat<T>)(args);
        } else {
            // The grid-size rule's block count, split into blocks along j and rows along y.
            const unsigned along_j = grid_for(args.l_out, kThreads);
            int64_t along_rows = blocks / along_j;
            along_rows = along_rows < 1 ? 1 : along_rows;
            along_rows = along_rows < rows ? along_rows : rows;
            along_rows = along_rows < kMaxRowBlocks ? along_rows : kMaxRowBlocks;
            const dim3 grid(along_j, static_cast<unsigned>(along_rows));
            ACLEMU_LAUNCH(grid, kThreads, 0, s, upsample_nearest_exact1d_gather<T>)(args);
        }
        return launch_status();
    });
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
