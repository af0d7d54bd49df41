// CPU UpsampleNearestExact1d: the source index of each output position j depends on j only, so
// it is computed once per call (a table of L_out indices, kernels_cu/math's rule, the
// backward's bins); then every (n, c) row is a gather through the table. A copy of bits, by
// element size: no rounding, no dtype conversion. The flattened N * C * L_out space is split
// over the threads, so a few long rows or many short ones both spread.
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cu/math/upsample_nearest_exact.h"

#include <cstdint>
#include <vector>

namespace aclemu::kernels::cpu {
namespace {

constexpr int64_t kGrain = 32768;

template <typename Bits>
void gather_rows(const UpsampleNearestExact1dArgs& a,
                 const std::vector<int64_t>& source,
                 int threads) {
    const Bits* src = static_cast<const Bits*>(a.self);
    Bits* dst = static_cast<Bits*>(a.out);
    const int64_t total = a.n * a.c * a.l_out;
    const int64_t in_step = a.self_strides[2];
    const int64_t out_step = a.out_strides[2];
    parallel_for_dynamic(total, kGrain, threads, [&](int64_t begin, int64_t end) {
        int64_t row = begin / a.l_out;
        int64_t j = begin - row * a.l_out;
        for (int64_t idx = begin; idx < end; ++row, j = 0) {
            const int64_t n = row / a.c;
            const int64_t c = row - n * a.c;
            const Bits* in = src + n * a.self_strides[0] + c * a.self_strides[1];
            Bits* out = dst + n * a.out_strides[0] + c * a.out_strides[1];
            const int64_t stop = j + (end - idx < a.l_out - j ? end - idx : a.l_out - j);
            idx += stop - j;
            if (in_step == 1 && out_step == 1) {
                for (; j < stop; ++j) {
                    out[j] = in[source[j]];
                }
            } else {
                for (; j < stop; ++j) {
                    out[j * out_step] = in[source[j] * in_step];
                }
            }
        }
    });
}

}  // namespace

void upsample_nearest_exact1d(const UpsampleNearestExact1dArgs& args, int threads) {
    if (args.n * args.c * args.l_out == 0) {
        return;
    }
    std::vector<int64_t> source(static_cast<size_t>(args.l_out));
    parallel_for(args.l_out, kGrain, threads, [&](int64_t begin, int64_t end) {
        for (int64_t j = begin; j < end; ++j) {
            source[j] = exact_fw_source_index(j, args.scale, args.l_in, args.l_out);
        }
    });
    if (dtype_size(args.dtype) == 4) {
        gather_rows<uint32_t>(args, source, threads);
    } else {
        gather_rows<uint16_t>(args, source, threads);
    }
}

}  // namespace aclemu::kernels::cpu
