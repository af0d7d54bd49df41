// CPU UpsampleNearestExact1dBackward: a gather. Each out[n, c, i] is the fp32 sum of its
// grad_output run [lo(i), lo(i + 1)) in index order, rounded once to the output dtype. Work is
// split over (row, block of i) pairs; every output is written by exactly one thread.
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cu/math/dtype.h"
#include "kernels_cu/math/upsample_nearest_exact.h"

#include <algorithm>
#include <cstdint>

namespace aclemu::kernels::cpu {
namespace {

// Output positions per work item of a long row, so that a single row still spreads over threads.
constexpr int64_t kBlock = 4096;

template <typename T>
void gather(const UpsampleNearestExact1dBackwardArgs& a, int threads) {
    const int64_t rows = a.n * a.c;
    const int64_t blocks = (a.l_in + kBlock - 1) / kBlock;
    const int64_t items = rows * blocks;
    const T* src = static_cast<const T*>(a.grad_output);
    T* dst = static_cast<T*>(a.out);
    const int64_t src_l = a.grad_output_strides[2];
    const int64_t dst_l = a.out_strides[2];

    // Outputs are independent, so any split gives the same bits; aim for ~16K outputs a range.
    const int64_t grain =
        std::max<int64_t>(1, 16384 / std::max<int64_t>(1, std::min(a.l_in, kBlock)));
    parallel_for(items, grain, threads, [&](int64_t item_begin, int64_t item_end) {
        for (int64_t item = item_begin; item < item_end; ++item) {
            const int64_t row = item / blocks;
            const int64_t n = row / a.c;
            const int64_t c = row % a.c;
            const T* src_row = src + n * a.grad_output_strides[0] + c * a.grad_output_strides[1];
            T* dst_row = dst + n * a.out_strides[0] + c * a.out_strides[1];
            const int64_t i_begin = (item % blocks) * kBlock;
            const int64_t i_end = std::min(i_begin + kBlock, a.l_in);
            int64_t lo = exact_bw_lower_bound(i_begin, a.scale, a.l_out);
            for (int64_t i = i_begin; i < i_end; ++i) {
                const int64_t hi = exact_bw_lower_bound(i + 1, a.scale, a.l_out);
                float sum = 0.0f;
                for (int64_t j = lo; j < hi; ++j) {
                    sum += to_float(src_row[j * src_l]);
                }
                dst_row[i * dst_l] = from_float<T>(sum);
                lo = hi;
            }
        }
    });
}

}  // namespace

void upsample_nearest_exact1d_backward(const UpsampleNearestExact1dBackwardArgs& args,
                                       int threads) {
    threads = std::max(threads, 1);
    switch (args.dtype) {
        case DType::Float16:
            gather<Half>(args, threads);
            break;
        case DType::BFloat16:
            gather<BFloat16>(args, threads);
            break;
        case DType::Float32:
            gather<float>(args, threads);
            break;
    }
}

}  // namespace aclemu::kernels::cpu
