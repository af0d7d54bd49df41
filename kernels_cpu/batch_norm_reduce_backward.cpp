// CPU BatchNormReduceBackward: C channels x reduce_numel elements. Each channel's range of the
// flattened reduce index is cut into fixed chunks of kChunk elements (a function of the shape
// only); one thread sums a chunk into fp32 partials in the workspace, then each channel adds its
// partials in chunk order. So the bits do not depend on the thread count.
#include "kernels_cu/math/batch_norm_reduce_backward.h"

#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cu/math/dtype.h"

#include <algorithm>
#include <cstdint>

namespace aclemu::kernels::cpu {
namespace {

// Elements per chunk: large enough that a chunk amortizes its setup, small enough that a few
// channels with many elements still spread over all cores.
constexpr int64_t kChunk = 16384;
// Independent accumulator lanes of the unit-stride loop (lets the compiler vectorize it without
// reassociating: each lane is its own sequential sum).
constexpr int kLanes = 8;
// Channels per thread in the (cheap) per-channel output loops.
constexpr int64_t kChannelGrain = 4096;

int64_t chunks_per_channel(const BatchNormReduceBackwardArgs& args) {
    return (args.reduce_numel + kChunk - 1) / kChunk;
}

// Lane-wise sums of one chunk.
struct LaneSums {
    float dy[kLanes] = {};
    float dy_xmu[kLanes] = {};

    BnSums total() const {
        BnSums s = bn_zero();
        for (int k = 0; k < kLanes; ++k) {
            s = bn_combine(s, BnSums{dy[k], dy_xmu[k]});
        }
        return s;
    }
};

template <typename T>
void accumulate_unit_stride(const T* dy, const T* x, int64_t n, float mean, LaneSums& acc) {
    int64_t k = 0;
    for (; k + kLanes <= n; k += kLanes) {
        for (int l = 0; l < kLanes; ++l) {
            const float d = to_float(dy[k + l]);
            acc.dy[l] += d;
            acc.dy_xmu[l] += d * (to_float(x[k + l]) - mean);
        }
    }
    for (int l = 0; k < n; ++k, ++l) {
        const float d = to_float(dy[k]);
        acc.dy[l] += d;
        acc.dy_xmu[l] += d * (to_float(x[k]) - mean);
    }
}

template <typename T>
void accumulate_strided(const T* dy,
                        int64_t dy_stride,
                        const T* x,
                        int64_t x_stride,
                        int64_t n,
                        float mean,
                        LaneSums& acc) {
    for (int64_t k = 0; k < n; ++k) {
        const int l = static_cast<int>(k % kLanes);
        const float d = to_float(dy[k * dy_stride]);
        acc.dy[l] += d;
        acc.dy_xmu[l] += d * (to_float(x[k * x_stride]) - mean);
    }
}

// Sums flattened reduce indices [begin, end) of channel c.
template <typename T>
BnSums sum_chunk(const BatchNormReduceBackwardArgs& args, int64_t c, int64_t begin, int64_t end) {
    // A reduction over no dimension (every non-channel dim had size 1) is one element.
    const int ndim = args.reduce_ndim > 0 ? args.reduce_ndim : 1;
    const int64_t one = 1;
    const int64_t zero = 0;
    const int64_t* sizes = args.reduce_ndim > 0 ? args.reduce_sizes : &one;
    const int64_t* dy_strides = args.reduce_ndim > 0 ? args.dy_reduce_strides : &zero;
    const int64_t* x_strides = args.reduce_ndim > 0 ? args.x_reduce_strides : &zero;
    const int last = ndim - 1;

    const T* dy_base = static_cast<const T*>(args.dy) + c * args.dy_channel_stride;
    const T* x_base = static_cast<const T*>(args.x) + c * args.x_channel_stride;
    const float mean = bn_load(args.mean, c);
    const bool unit = dy_strides[last] == 1 && x_strides[last] == 1;

    int64_t index[kMaxDims] = {};
    int64_t rest = begin;
    for (int d = last; d >= 0; --d) {
        index[d] = rest % sizes[d];
        rest /= sizes[d];
    }

    LaneSums acc;
    int64_t pos = begin;
    while (pos < end) {
        int64_t dy_off = 0;
        int64_t x_off = 0;
        for (int d = 0; d < ndim; ++d) {
            dy_off += index[d] * dy_strides[d];
            x_off += index[d] * x_strides[d];
        }
        const int64_t run = std::min(sizes[last] - index[last], end - pos);
        if (unit) {
            accumulate_unit_stride(dy_base + dy_off, x_base + x_off, run, mean, acc);
        } else {
            accumulate_strided(dy_base + dy_off,
                               dy_strides[last],
                               x_base + x_off,
                               x_strides[last],
                               run,
                               mean,
                               acc);
        }
        pos += run;
        index[last] += run;
        for (int d = last; d > 0 && index[d] == sizes[d]; --d) {
            index[d] = 0;
            ++index[d - 1];
        }
    }
    return acc.total();
}

// Channels-last layouts (both channel strides 1): each reduce index is a row of contiguous
// channels. A work item is (chunk, block of channels); it walks the chunk's rows once and keeps
// one fp32 accumulator pair per channel, so the inner loop is unit-stride over channels. The
// chunks are the same as the per-channel path's, and so is the partials layout [c][chunk].
constexpr int64_t kChannelBlock = 256;

bool channels_last(const BatchNormReduceBackwardArgs& args) {
    return args.channels > 1 && args.dy_channel_stride == 1 && args.x_channel_stride == 1;
}

template <typename T>
void sum_chunk_channels_last(const BatchNormReduceBackwardArgs& args,
                             int64_t c_begin,
                             int64_t c_end,
                             int64_t chunk,
                             BnSums* partials) {
    const int ndim = args.reduce_ndim > 0 ? args.reduce_ndim : 1;
    const int64_t one = 1;
    const int64_t zero = 0;
    const int64_t* sizes = args.reduce_ndim > 0 ? args.reduce_sizes : &one;
    const int64_t* dy_strides = args.reduce_ndim > 0 ? args.dy_reduce_strides : &zero;
    const int64_t* x_strides = args.reduce_ndim > 0 ? args.x_reduce_strides : &zero;
    const int last = ndim - 1;
    const int64_t begin = chunk * kChunk;
    const int64_t end = std::min(begin + kChunk, args.reduce_numel);
    const int64_t width = c_end - c_begin;

    float mean[kChannelBlock];
    float acc_dy[kChannelBlock] = {};
    float acc_xmu[kChannelBlock] = {};
    for (int64_t c = 0; c < width; ++c) {
        mean[c] = bn_load(args.mean, c_begin + c);
    }
    const T* dy = static_cast<const T*>(args.dy) + c_begin;
    const T* x = static_cast<const T*>(args.x) + c_begin;

    int64_t index[kMaxDims] = {};
    int64_t rest = begin;
    int64_t dy_off = 0;
    int64_t x_off = 0;
    for (int d = last; d >= 0; --d) {
        index[d] = rest % sizes[d];
        rest /= sizes[d];
        dy_off += index[d] * dy_strides[d];
        x_off += index[d] * x_strides[d];
    }
    for (int64_t k = begin; k < end; ++k) {
        const T* dy_row = dy + dy_off;
        const T* x_row = x + x_off;
        for (int64_t c = 0; c < width; ++c) {
            const float d = to_float(dy_row[c]);
            acc_dy[c] += d;
            acc_xmu[c] += d * (to_float(x_row[c]) - mean[c]);
        }
        // Next reduce index: odometer over the reduce dims, offsets updated incrementally.
        for (int d = last; d >= 0; --d) {
            dy_off += dy_strides[d];
            x_off += x_strides[d];
            if (++index[d] < sizes[d] || d == 0) {
                break;
            }
            dy_off -= sizes[d] * dy_strides[d];
            x_off -= sizes[d] * x_strides[d];
            index[d] = 0;
        }
    }
    const int64_t chunks = chunks_per_channel(args);
    for (int64_t c = 0; c < width; ++c) {
        partials[(c_begin + c) * chunks + chunk] = BnSums{acc_dy[c], acc_xmu[c]};
    }
}

template <typename T>
void run_chunks_channels_last(const BatchNormReduceBackwardArgs& args,
                              BnSums* partials,
                              int threads) {
    const int64_t chunks = chunks_per_channel(args);
    const int64_t blocks = (args.channels + kChannelBlock - 1) / kChannelBlock;
    const int64_t rows = std::min(args.reduce_numel, kChunk);
    const int64_t grain =
        std::max<int64_t>(1, kChunk / (rows * std::min<int64_t>(args.channels, kChannelBlock)));
    parallel_for(chunks * blocks, grain, threads, [&](int64_t first, int64_t last) {
        for (int64_t item = first; item < last; ++item) {
            const int64_t block = item % blocks;
            const int64_t c_begin = block * kChannelBlock;
            const int64_t c_end = std::min(c_begin + kChannelBlock, args.channels);
            sum_chunk_channels_last<T>(args, c_begin, c_end, item / blocks, partials);
        }
    });
}

template <typename T>
void run_chunks(const BatchNormReduceBackwardArgs& args, BnSums* partials, int threads) {
    if (channels_last(args)) {
        run_chunks_channels_last<T>(args, partials, threads);
        return;
    }
    const int64_t chunks = chunks_per_channel(args);
    // Chunks are summed independently, so how they are spread over threads does not change the
    // bits. Small chunks (short channels) are grouped so a thread gets ~kChunk elements at once.
    const int64_t grain = std::max<int64_t>(1, kChunk / std::min(args.reduce_numel, kChunk));
    parallel_for(args.channels * chunks, grain, threads, [&](int64_t first, int64_t last) {
        for (int64_t item = first; item < last; ++item) {
            const int64_t c = item / chunks;
            const int64_t begin = (item % chunks) * kChunk;
            const int64_t end = std::min(begin + kChunk, args.reduce_numel);
            partials[item] = sum_chunk<T>(args, c, begin, end);
        }
    });
}

}  // namespace

size_t batch_norm_reduce_backward_workspace_bytes(const BatchNormReduceBackwardArgs& args) {
    return static_cast<size_t>(args.channels * chunks_per_channel(args)) * sizeof(BnSums);
}

void batch_norm_reduce_backward(const BatchNormReduceBackwardArgs& args,
                                void* workspace,
                                int threads) {
    threads = std::max(threads, 1);
    const int64_t channels = args.channels;
    if (args.reduce_numel == 0) {
        parallel_for(channels, kChannelGrain, threads, [&](int64_t begin, int64_t end) {
            for (int64_t c = begin; c < end; ++c) {
                bn_store_channel(args, c, bn_zero());
            }
        });
        return;
    }

    auto* partials = static_cast<BnSums*>(workspace);
    switch (args.io_dtype) {
        case DType::Float16:
            run_chunks<Half>(args, partials, threads);
            break;
        case DType::BFloat16:
            run_chunks<BFloat16>(args, partials, threads);
            break;
        case DType::Float32:
            run_chunks<float>(args, partials, threads);
            break;
    }

    const int64_t chunks = chunks_per_channel(args);
    // Each channel adds its partials in chunk order: the same bits for any thread count.
    parallel_for(channels, kChannelGrain, threads, [&](int64_t begin, int64_t end) {
        for (int64_t c = begin; c < end; ++c) {
            BnSums sums = bn_zero();
            for (int64_t k = 0; k < chunks; ++k) {
                sums = bn_combine(sums, partials[c * chunks + k]);
            }
            bn_store_channel(args, c, sums);
        }
    });
}

}  // namespace aclemu::kernels::cpu
