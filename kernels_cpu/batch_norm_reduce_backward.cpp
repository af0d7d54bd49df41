// CPU BatchNormReduceBackward: C channels x reduce_numel elements. Each channel's range of the
// flattened reduce index is cut into fixed chunks of kChunk elements (a function of the shape
// only); one thread sums a chunk into fp32 partials in the workspace, then each channel adds its
// partials in chunk order. So the bits do not depend on the thread count. Within a chunk each
// run (a stretch of the innermost reduce dim) is summed into 8 lanes, element k into lane k % 8;
// on CPUs with AVX2 + F16C (Note [x86 paths], x86/isa.h) the lanes are one register and fp16
// widens in hardware — the same adds in the same order as the portable loops, so the same bits.
#include "kernels_cu/math/batch_norm_reduce_backward.h"

#include "kernels_cpu/cpu_convert.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cpu/x86/isa.h"
#include "kernels_cu/math/dtype.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace aclemu::kernels::cpu {
namespace {

// Elements per chunk: large enough that a chunk amortizes its setup, small enough that a few
// channels with many elements still spread over all cores.
constexpr int64_t kChunk = 16384;
// Independent accumulator lanes of a run (vectorizes without reassociating: each lane is its
// own sequential sum).
constexpr int kLanes = 8;
// Channels per thread in the (cheap) per-channel output loops.
constexpr int64_t kChannelGrain = 4096;

int64_t chunks_per_channel(const BatchNormReduceBackwardArgs& args) {
    return (args.reduce_numel + kChunk - 1) / kChunk;
}

// Lane-wise sums of one chunk. Element k of a run (a stretch of the innermost reduce dim) goes to
// lane k % kLanes, whatever the dtype, stride or staging: the lanes fix the summation order.
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

// Elements of a run widened to float at a time (a multiple of kLanes).
constexpr int64_t kStage = 1024;

// Float staging of dy and x, one per thread range (L1-sized).
struct Staging {
    alignas(64) float dy[kStage];
    alignas(64) float x[kStage];
};

// The reduce dims of a launch, walked in runs along the innermost one. A reduction over no
// dimension (every non-channel dim had size 1) is one element.
constexpr int64_t kOneElement[1] = {1};
constexpr int64_t kNoStride[1] = {0};

struct ReduceDims {
    explicit ReduceDims(const BatchNormReduceBackwardArgs& args) {
        if (args.reduce_ndim > 0) {
            ndim = args.reduce_ndim;
            sizes = args.reduce_sizes;
            dy_strides = args.dy_reduce_strides;
            x_strides = args.x_reduce_strides;
        }
    }

    int64_t dy_inner() const { return dy_strides[ndim - 1]; }
    int64_t x_inner() const { return x_strides[ndim - 1]; }

    // Calls run(dy_offset, x_offset, length) for each stretch of the innermost dim in the
    // flattened reduce indices [begin, end), in index order.
    template <class Run>
    void for_each_run(int64_t begin, int64_t end, const Run& run) const {
        const int last = ndim - 1;
        int64_t index[kMaxDims] = {};
        int64_t rest = begin;
        for (int d = last; d >= 0; --d) {
            index[d] = rest % sizes[d];
            rest /= sizes[d];
        }
        int64_t pos = begin;
        while (pos < end) {
            int64_t dy_off = 0;
            int64_t x_off = 0;
            for (int d = 0; d < ndim; ++d) {
                dy_off += index[d] * dy_strides[d];
                x_off += index[d] * x_strides[d];
            }
            const int64_t length = std::min(sizes[last] - index[last], end - pos);
            run(dy_off, x_off, length);
            pos += length;
            index[last] += length;
            for (int d = last; d > 0 && index[d] == sizes[d]; --d) {
                index[d] = 0;
                ++index[d - 1];
            }
        }
    }

    int ndim = 1;
    const int64_t* sizes = kOneElement;
    const int64_t* dy_strides = kNoStride;
    const int64_t* x_strides = kNoStride;
};

// Four lanes as one value (GCC/Clang vector extension): element-wise IEEE float operations in
// the order written, so the same bits as four scalar lanes. Written out because the compiler's
// own vectorizer interleaves the eight lanes across loop iterations instead (several times
// slower).
typedef float Float4 __attribute__((vector_size(16)));

Float4 load4(const float* p) {
    Float4 v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

void store4(float* p, Float4 v) {
    std::memcpy(p, &v, sizeof v);
}

// Adds n float elements (n a multiple of kLanes, the first one in lane 0) into the lanes.
void accumulate_lanes(const float* dy, const float* x, int64_t n, float mean, LaneSums& acc) {
    Float4 dy_lo = load4(acc.dy);
    Float4 dy_hi = load4(acc.dy + 4);
    Float4 xmu_lo = load4(acc.dy_xmu);
    Float4 xmu_hi = load4(acc.dy_xmu + 4);
    const Float4 m = {mean, mean, mean, mean};
    for (int64_t k = 0; k < n; k += kLanes) {
        __builtin_prefetch(dy + k + 256);
        __builtin_prefetch(x + k + 256);
        const Float4 d_lo = load4(dy + k);
        const Float4 d_hi = load4(dy + k + 4);
        dy_lo += d_lo;
        dy_hi += d_hi;
        xmu_lo += d_lo * (load4(x + k) - m);
        xmu_hi += d_hi * (load4(x + k + 4) - m);
    }
    store4(acc.dy, dy_lo);
    store4(acc.dy + 4, dy_hi);
    store4(acc.dy_xmu, xmu_lo);
    store4(acc.dy_xmu + 4, xmu_hi);
}

// `n` elements of one operand's run as floats: in place for unit-stride fp32, else widened into
// `buf` (block-wise, vectorized or in hardware, for unit stride).
template <typename T>
const float* staged(const T* p, int64_t stride, int64_t n, float* buf) {
    if constexpr (std::is_same_v<T, float>) {
        if (stride == 1) {
            return p;
        }
    }
    if (stride == 1) {
        widen(p, buf, n);
    } else {
        for (int64_t k = 0; k < n; ++k) {
            buf[k] = to_float(p[k * stride]);
        }
    }
    return buf;
}

}  // namespace

// The AVX2 + F16C paths (Note [x86 paths], x86/isa.h).
#if ACLEMU_X86
ACLEMU_X86_AVX2_BEGIN
#    define ACLEMU_X86_LEVEL 1
#    include "kernels_cpu/x86/convert.h"  // load8
#    undef ACLEMU_X86_LEVEL

// accumulate_lanes for unit-stride runs: the eight lanes are one register, elements widened in
// the loop (no staging pass), the next lines prefetched. n is a multiple of kLanes.
template <typename T>
void accumulate_unit(const T* dy, const T* x, int64_t n, float mean, LaneSums& acc) {
    constexpr int64_t kAhead = 1024 / sizeof(T);  // 1 KiB ahead, as the portable loops
    __m256 sum_dy = _mm256_loadu_ps(acc.dy);
    __m256 sum_xmu = _mm256_loadu_ps(acc.dy_xmu);
    const __m256 m = _mm256_set1_ps(mean);
    for (int64_t k = 0; k < n; k += kLanes) {
        __builtin_prefetch(dy + k + kAhead);
        __builtin_prefetch(x + k + kAhead);
        const __m256 d = load8(dy + k);
        sum_dy = _mm256_add_ps(sum_dy, d);
        sum_xmu = _mm256_add_ps(sum_xmu, _mm256_mul_ps(d, _mm256_sub_ps(load8(x + k), m)));
    }
    _mm256_storeu_ps(acc.dy, sum_dy);
    _mm256_storeu_ps(acc.dy_xmu, sum_xmu);
}

// accumulate_rows for rows of V * 8 channels, the per-channel sums held in registers for the
// whole run: in memory, each row's adds would wait on the previous row's stores (a short row
// has too few channels to hide that). Same adds in the same order.
template <int V, typename T>
void accumulate_narrow_rows(const T* dy,
                            int64_t dy_row,
                            const T* x,
                            int64_t x_row,
                            int64_t rows,
                            const float* mean,
                            float* acc_dy,
                            float* acc_xmu) {
    __m256 sum_dy[V];
    __m256 sum_xmu[V];
    __m256 m[V];
    for (int v = 0; v < V; ++v) {
        sum_dy[v] = _mm256_loadu_ps(acc_dy + 8 * v);
        sum_xmu[v] = _mm256_loadu_ps(acc_xmu + 8 * v);
        m[v] = _mm256_loadu_ps(mean + 8 * v);
    }
    for (int64_t r = 0; r < rows; ++r) {
        const T* d_row = dy + r * dy_row;
        const T* x_row_p = x + r * x_row;
        for (int v = 0; v < V; ++v) {
            const __m256 d = load8(d_row + 8 * v);
            sum_dy[v] = _mm256_add_ps(sum_dy[v], d);
            sum_xmu[v] = _mm256_add_ps(
                sum_xmu[v], _mm256_mul_ps(d, _mm256_sub_ps(load8(x_row_p + 8 * v), m[v])));
        }
    }
    for (int v = 0; v < V; ++v) {
        _mm256_storeu_ps(acc_dy + 8 * v, sum_dy[v]);
        _mm256_storeu_ps(acc_xmu + 8 * v, sum_xmu[v]);
    }
}

ACLEMU_X86_AVX2_END
#endif

namespace {

// Adds one run of n elements (any strides) into the lanes.
template <typename T>
void accumulate_run(const T* dy,
                    int64_t dy_stride,
                    const T* x,
                    int64_t x_stride,
                    int64_t n,
                    float mean,
                    LaneSums& acc,
                    Staging& staging) {
    const int64_t full = n - n % kLanes;
    int64_t k0 = 0;
#if ACLEMU_X86
    if (full > 0 && dy_stride == 1 && x_stride == 1 && cpu_isa() >= CpuIsa::Avx2F16c) {
        avx2::accumulate_unit(dy, x, full, mean, acc);
        k0 = full;
    }
#endif
    for (int64_t k = k0; k < full; k += kStage) {
        const int64_t len = std::min(kStage, full - k);
        accumulate_lanes(staged(dy + k * dy_stride, dy_stride, len, staging.dy),
                         staged(x + k * x_stride, x_stride, len, staging.x),
                         len,
                         mean,
                         acc);
    }
    for (int64_t k = full, l = 0; k < n; ++k, ++l) {
        const float d = to_float(dy[k * dy_stride]);
        acc.dy[l] += d;
        acc.dy_xmu[l] += d * (to_float(x[k * x_stride]) - mean);
    }
}

// Sums flattened reduce indices [begin, end) of channel c.
template <typename T>
BnSums sum_chunk(const BatchNormReduceBackwardArgs& args,
                 int64_t c,
                 int64_t begin,
                 int64_t end,
                 Staging& staging) {
    const ReduceDims dims(args);
    const T* dy = static_cast<const T*>(args.dy) + c * args.dy_channel_stride;
    const T* x = static_cast<const T*>(args.x) + c * args.x_channel_stride;
    const float mean = bn_load(args.mean, c);
    LaneSums acc;
    dims.for_each_run(begin, end, [&](int64_t dy_off, int64_t x_off, int64_t run) {
        accumulate_run(
            dy + dy_off, dims.dy_inner(), x + x_off, dims.x_inner(), run, mean, acc, staging);
    });
    return acc.total();
}

// Channels-last layouts (both channel strides 1): each reduce index is a row of contiguous
// channels. A work item is (chunk, block of channels); it walks the chunk's rows once and keeps
// one fp32 accumulator pair per channel, so the inner loop is unit-stride over channels and each
// channel still sums its rows in order. The chunks are the same as the per-channel path's, and
// so is the partials layout [c][chunk]; the channel blocking does not change any sum, so it is
// picked per call: whole rows where they fit (contiguous reads), narrower only to give every
// thread work.
constexpr int64_t kMaxChannelBlock = 4096;
constexpr int64_t kMinChannelBlock = 256;
// Rows ahead that the channels-last loop prefetches (rows may be far apart).
constexpr int64_t kPrefetchRows = 4;

bool channels_last(const BatchNormReduceBackwardArgs& args) {
    return args.channels > 1 && args.dy_channel_stride == 1 && args.x_channel_stride == 1;
}

int64_t channel_block(const BatchNormReduceBackwardArgs& args, int threads) {
    const int64_t chunks = chunks_per_channel(args);
    int64_t width = std::min(args.channels, kMaxChannelBlock);
    while (width > kMinChannelBlock
           && chunks * ((args.channels + width - 1) / width) < 2 * static_cast<int64_t>(threads)) {
        width = std::max(kMinChannelBlock, (width + 1) / 2);
    }
    return width;
}

// Per-thread buffers of the channels-last path.
struct ChannelsLastScratch {
    std::vector<float> mean, acc_dy, acc_xmu, dy, x;

    explicit ChannelsLastScratch(int64_t width)
        : mean(width),
          acc_dy(width),
          acc_xmu(width),
          dy(std::max(width, kStage)),
          x(std::max(width, kStage)) {}
};

// Adds `rows` rows of `width` channels (row r at dy + r * dy_row, x + r * x_row) into the
// per-channel sums, converting in the loop (float and bf16 widen for free; fp16 comes staged).
// `prefetch` asks for the row kPrefetchRows ahead to be fetched while this one is summed.
template <typename T>
void accumulate_rows(const T* dy,
                     int64_t dy_row,
                     const T* x,
                     int64_t x_row,
                     int64_t rows,
                     int64_t width,
                     bool prefetch,
                     const float* mean,
                     float* __restrict__ acc_dy,
                     float* __restrict__ acc_xmu) {
    constexpr int64_t kLine = 64 / sizeof(T);
    for (int64_t r = 0; r < rows; ++r) {
        const T* __restrict__ d = dy + r * dy_row;
        const T* __restrict__ v = x + r * x_row;
        if (prefetch) {
            for (int64_t c = 0; c < width; c += kLine) {
                __builtin_prefetch(d + kPrefetchRows * dy_row + c);
                __builtin_prefetch(v + kPrefetchRows * x_row + c);
            }
        }
        for (int64_t c = 0; c < width; ++c) {
            const float dc = to_float(d[c]);
            acc_dy[c] += dc;
            acc_xmu[c] += dc * (to_float(v[c]) - mean[c]);
        }
    }
}

// True when the rows were summed by avx2::accumulate_narrow_rows (8, 16, 24 or 32 channels and
// a CPU with AVX2 + F16C).
template <typename T>
bool narrow_rows_avx2(const T* dy,
                      int64_t dy_row,
                      const T* x,
                      int64_t x_row,
                      int64_t rows,
                      int64_t width,
                      const float* mean,
                      float* acc_dy,
                      float* acc_xmu) {
#if ACLEMU_X86
    if (width % 8 != 0 || width > 32 || cpu_isa() < CpuIsa::Avx2F16c) {
        return false;
    }
    switch (width / 8) {
        case 1:
            avx2::accumulate_narrow_rows<1>(dy, dy_row, x, x_row, rows, mean, acc_dy, acc_xmu);
            return true;
        case 2:
            avx2::accumulate_narrow_rows<2>(dy, dy_row, x, x_row, rows, mean, acc_dy, acc_xmu);
            return true;
        case 3:
            avx2::accumulate_narrow_rows<3>(dy, dy_row, x, x_row, rows, mean, acc_dy, acc_xmu);
            return true;
        default:
            avx2::accumulate_narrow_rows<4>(dy, dy_row, x, x_row, rows, mean, acc_dy, acc_xmu);
            return true;
    }
#else
    (void)dy, (void)dy_row, (void)x, (void)x_row, (void)rows, (void)width, (void)mean;
    (void)acc_dy, (void)acc_xmu;
    return false;
#endif
}

template <typename T>
void sum_chunk_channels_last(const BatchNormReduceBackwardArgs& args,
                             int64_t c_begin,
                             int64_t c_end,
                             int64_t chunk,
                             BnSums* partials,
                             ChannelsLastScratch& scratch) {
    const ReduceDims dims(args);
    const int64_t dy_row = dims.dy_inner();
    const int64_t x_row = dims.x_inner();
    const int64_t begin = chunk * kChunk;
    const int64_t end = std::min(begin + kChunk, args.reduce_numel);
    const int64_t width = c_end - c_begin;
    // Packed rows (row stride == width) are contiguous: the hardware prefetcher follows them,
    // and fp16 widens many at once. Other rows are prefetched by hand.
    const bool packed = dy_row == width && x_row == width;
    const int64_t rows_per_stage = packed ? std::max<int64_t>(1, kStage / width) : 1;

    float* mean = scratch.mean.data();
    float* acc_dy = scratch.acc_dy.data();
    float* acc_xmu = scratch.acc_xmu.data();
    for (int64_t c = 0; c < width; ++c) {
        mean[c] = bn_load(args.mean, c_begin + c);
        acc_dy[c] = 0.0f;
        acc_xmu[c] = 0.0f;
    }
    const T* dy = static_cast<const T*>(args.dy) + c_begin;
    const T* x = static_cast<const T*>(args.x) + c_begin;

    dims.for_each_run(begin, end, [&](int64_t dy_off, int64_t x_off, int64_t run) {
        const T* dy_run = dy + dy_off;
        const T* x_run = x + x_off;
        if (narrow_rows_avx2(dy_run, dy_row, x_run, x_row, run, width, mean, acc_dy, acc_xmu)) {
            // done in registers
        } else if constexpr (std::is_same_v<T, Half>) {
            // Widen rows_per_stage rows at once (packed) or one row at a time.
            for (int64_t r = 0; r < run; r += rows_per_stage) {
                const int64_t rows = std::min(rows_per_stage, run - r);
                const Half* d = dy_run + r * dy_row;
                const Half* v = x_run + r * x_row;
                if (!packed) {
                    for (int64_t c = 0; c < width; c += 32) {
                        __builtin_prefetch(d + kPrefetchRows * dy_row + c);
                        __builtin_prefetch(v + kPrefetchRows * x_row + c);
                    }
                }
                widen(d, scratch.dy.data(), rows * width);
                widen(v, scratch.x.data(), rows * width);
                accumulate_rows(scratch.dy.data(),
                                width,
                                scratch.x.data(),
                                width,
                                rows,
                                width,
                                false,
                                mean,
                                acc_dy,
                                acc_xmu);
            }
        } else {
            accumulate_rows(
                dy_run, dy_row, x_run, x_row, run, width, !packed, mean, acc_dy, acc_xmu);
        }
    });
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
    const int64_t width = channel_block(args, threads);
    const int64_t blocks = (args.channels + width - 1) / width;
    const int64_t rows = std::min(args.reduce_numel, kChunk);
    const int64_t grain = std::max<int64_t>(1, kChunk / (rows * width));
    parallel_for(chunks * blocks, grain, threads, [&](int64_t first, int64_t last) {
        ChannelsLastScratch scratch(width);
        for (int64_t item = first; item < last; ++item) {
            const int64_t block = item % blocks;
            const int64_t c_begin = block * width;
            const int64_t c_end = std::min(c_begin + width, args.channels);
            sum_chunk_channels_last<T>(args, c_begin, c_end, item / blocks, partials, scratch);
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
    // Items run chunk-major (chunk k of every channel, then chunk k + 1): neighbouring items
    // read neighbouring memory (e.g. the same n of an NCHW tensor), and each thread's range is
    // one region of it instead of a sweep over the whole tensor per channel.
    const int64_t grain = std::max<int64_t>(1, kChunk / std::min(args.reduce_numel, kChunk));
    const int64_t channels = args.channels;
    parallel_for(channels * chunks, grain, threads, [&](int64_t first, int64_t last) {
        Staging staging;
        for (int64_t item = first; item < last; ++item) {
            const int64_t c = item % channels;
            const int64_t chunk = item / channels;
            const int64_t begin = chunk * kChunk;
            const int64_t end = std::min(begin + kChunk, args.reduce_numel);
            partials[c * chunks + chunk] = sum_chunk<T>(args, c, begin, end, staging);
        }
    });
}

}  // namespace

size_t batch_norm_reduce_backward_workspace_bytes(const BatchNormReduceBackwardArgs& args) {
    const size_t partials = saturating_mul<size_t>(args.channels, chunks_per_channel(args));
    return saturating_mul<size_t>(partials, sizeof(BnSums));
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
