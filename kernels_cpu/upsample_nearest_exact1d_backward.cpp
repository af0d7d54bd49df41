// CPU UpsampleNearestExact1dBackward: a gather. Each out[n, c, i] is the fp32 sum of its
// grad_output run [lo(i), lo(i + 1)) in index order, starting from +0.0f, rounded once to the
// output dtype — the same bits as the GPU gather. The bins depend on i only, so they are computed
// once per block of outputs and reused for every (n, c) row; a row's block of grad_output is
// widened to float once, summed by a loop specialised to the block's bin shape (uniform k-wide
// bins, bins of at most 1..4 elements, or any), and the results are rounded in one pass. On CPUs
// with AVX2 + F16C (Note [x86 paths], x86/isa.h) the bin table, the uniform and the <= 2-element
// loops and the fp16 conversions run 8 lanes wide; every path gives the same bits.
#include "kernels_cpu/cpu_convert.h"
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cpu/x86/isa.h"
#include "kernels_cu/math/dtype.h"
#include "kernels_cu/math/upsample_nearest_exact.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace aclemu::kernels::cpu {
namespace {

// Outputs per block: its bin table (int32 offsets) stays in L1/L2 while the rows stream past.
constexpr int64_t kMaxBlockOutputs = 8192;
// grad_output elements a block may span and still be staged as float (L2-sized). A block whose
// bins span more (a huge scale) is summed straight from the tensor, bin by bin.
constexpr int64_t kMaxBlockSpan = 65536;
// Longest bin the branch-free masked loop handles; longer bins take the variable-length loop.
constexpr int64_t kMaxMaskedBin = 4;

// The bins of outputs [i0, i0 + len): offsets[t] = lo(i0 + t) - lo0, t = 0 .. len.
struct BinTable {
    int64_t i0 = -1;
    int64_t len = 0;
    int64_t lo0 = 0;
    int64_t span = 0;     // lo(i0 + len) - lo0
    bool staged = false;  // span <= kMaxBlockSpan: offsets are filled and the span is staged
    int64_t step = 0;     // > 0: every bin is `step` wide (offsets[t] = step * t)
    int64_t max_bin = 0;  // the widest bin
    std::vector<int32_t> offsets;
};

// off[k] = lo(i0 + k) - lo0 for k = 0 .. n - 1, where i0 + n and l_out are below 2^31: the
// expression of exact_bw_lower_bound (upsample_nearest_exact.h) in 32-bit integers, so it
// vectorizes (float(i) of an int32 rounds as of the int64; ceil(position) < float(l_out) <= 2^31
// fits an int32). The rounding steps are the same (exact double product of two floats rounded
// once to float, then - 0.5f), so the bins are.
inline __attribute__((always_inline)) void fill_offsets_loop(
    int32_t* __restrict__ off, int64_t i0, int64_t n, float scale, int64_t l_out, int64_t lo0) {
    const auto first = static_cast<int32_t>(i0);
    const auto end = static_cast<int32_t>(l_out);
    const auto base = static_cast<int32_t>(lo0);
    const float end_f = static_cast<float>(l_out);
    const double s = static_cast<double>(scale);
    for (int32_t k = 0; k < static_cast<int32_t>(n); ++k) {
        const float fi = static_cast<float>(first + k);
        const float product = static_cast<float>(static_cast<double>(fi) * s);
        const float c = std::ceil(product - 0.5f);
        int32_t v = c < end_f ? static_cast<int32_t>(c) : end;
        v = v < 0 ? 0 : (v < end ? v : end);
        off[k] = v - base;
    }
}

void fill_offsets_portable(
    int32_t* off, int64_t i0, int64_t n, float scale, int64_t l_out, int64_t lo0) {
    fill_offsets_loop(off, i0, n, scale, l_out, lo0);
}

// Uniform K-wide bins, unit-stride rows: widen, sum and round in one pass (vectorizes for every
// dtype).
template <int K, typename T>
inline __attribute__((always_inline)) void sum_uniform_direct_loop(const T* __restrict__ src,
                                                                   T* __restrict__ dst,
                                                                   int64_t len) {
    for (int64_t i = 0; i < len; ++i) {
        float s = 0.0f;
        for (int u = 0; u < K; ++u) {
            s += to_float(src[i * K + u]);
        }
        dst[i] = from_float<T>(s);
    }
}

template <int K, typename T>
void sum_uniform_direct_portable(const T* src, T* dst, int64_t len) {
    sum_uniform_direct_loop<K>(src, dst, len);
}

}  // namespace

// The AVX2 + F16C paths (Note [x86 paths], x86/isa.h).
#if ACLEMU_X86
ACLEMU_X86_AVX2_BEGIN
#    define ACLEMU_X86_LEVEL 1
#    include "kernels_cpu/x86/convert.h"  // load8
#    undef ACLEMU_X86_LEVEL

// The bin table's loop vectorized 8 lanes wide.
void fill_offsets(int32_t* off, int64_t i0, int64_t n, float scale, int64_t l_out, int64_t lo0) {
    fill_offsets_loop(off, i0, n, scale, l_out, lo0);
}

// sum_masked<M> for M = 1, 2, eight outputs at a time. The bins of outputs i .. i+7
// lie in the 8 * M elements from f[off[i]]; term u of each output is a lane permutation of those
// elements (by off - off[i] + u), masked to +0.0f where the bin is shorter: the scalar loop's
// values in its order. Runs while the group's elements lie inside the span; returns how many
// outputs it did (the caller finishes the rest with sum_masked<M>).
template <int M>
int64_t sum_masked(const float* f, const int32_t* off, float* out, int64_t len, int64_t span) {
    static_assert(M == 1 || M == 2, "one or two 8-lane sources");
    int64_t i = 0;
    for (; i + 8 <= len && off[i] + 8 * M <= span; i += 8) {
        const int32_t base = off[i];
        const __m256i begin = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(off + i));
        const __m256i end = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(off + i + 1));
        const __m256i width = _mm256_sub_epi32(end, begin);
        const __m256i rel = _mm256_sub_epi32(begin, _mm256_set1_epi32(base));
        const __m256 lo = _mm256_loadu_ps(f + base);
        __m256 s = _mm256_setzero_ps();
        for (int u = 0; u < M; ++u) {
            // Index 8 * M can only occur in a lane whose bin is shorter (masked below).
            const __m256i idx = _mm256_add_epi32(rel, _mm256_set1_epi32(u));
            __m256 v = _mm256_permutevar8x32_ps(lo, idx);
            if constexpr (M == 2) {
                const __m256 hi = _mm256_loadu_ps(f + base + 8);
                const __m256 from_hi = _mm256_castsi256_ps(_mm256_slli_epi32(idx, 28));  // idx & 8
                v = _mm256_blendv_ps(v, _mm256_permutevar8x32_ps(hi, idx), from_hi);
            }
            const __m256i present = _mm256_cmpgt_epi32(width, _mm256_set1_epi32(u));
            s = _mm256_add_ps(s, _mm256_and_ps(v, _mm256_castsi256_ps(present)));
        }
        _mm256_storeu_ps(out + i, s);
    }
    return i;
}

// The fused uniform-bin loop vectorized 8 lanes wide (no FMA: the same bits).
template <int K, typename T>
void sum_uniform_direct(const T* src, T* dst, int64_t len) {
    sum_uniform_direct_loop<K>(src, dst, len);
}

// Uniform bins of 2 (the x2 upsample), unit-stride source: 16 inputs -> 8 outputs by
// a horizontal add. Each input first gets + 0.0f, so every output is (0 + a) + (0 + b), which
// equals the scalar (0 + a) + b bit for bit (0 + b differs from b only for -0.0f, and 0 + a is
// never -0.0f; a NaN b comes back the same quiet NaN).
template <typename T>
void sum_pairs(const T* src, float* out, int64_t len) {
    const __m256 zero = _mm256_setzero_ps();
    int64_t i = 0;
    for (; i + 8 <= len; i += 8) {
        const __m256 a = _mm256_add_ps(zero, load8(src + 2 * i));
        const __m256 b = _mm256_add_ps(zero, load8(src + 2 * i + 8));
        // hadd: a0+a1, a2+a3, b0+b1, b2+b3 | a4+a5, a6+a7, b4+b5, b6+b7 -> outputs in order.
        const __m256 pairs = _mm256_hadd_ps(a, b);
        _mm256_storeu_ps(out + i,
                         _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(pairs), 0xD8)));
    }
    for (; i < len; ++i) {
        out[i] = (0.0f + to_float(src[2 * i])) + to_float(src[2 * i + 1]);
    }
}

ACLEMU_X86_AVX2_END
#endif

namespace {

void build_table(BinTable& t, int64_t i0, int64_t len, float scale, int64_t l_out) {
    t.i0 = i0;
    t.len = len;
    t.lo0 = exact_bw_lower_bound(i0, scale, l_out);
    t.span = exact_bw_lower_bound(i0 + len, scale, l_out) - t.lo0;
    t.staged = t.span <= kMaxBlockSpan;
    if (!t.staged) {
        return;
    }
    t.offsets.resize(static_cast<size_t>(len + 1));
    int32_t* off = t.offsets.data();
    constexpr int64_t kInt32 = int64_t{1} << 31;
    if (i0 + len + 1 < kInt32 && l_out < kInt32) {
#if ACLEMU_X86
        if (cpu_isa() >= CpuIsa::Avx2F16c) {
            avx2::fill_offsets(off, i0, len + 1, scale, l_out, t.lo0);
        } else {
            fill_offsets_portable(off, i0, len + 1, scale, l_out, t.lo0);
        }
#else
        fill_offsets_portable(off, i0, len + 1, scale, l_out, t.lo0);
#endif
    } else {
        for (int64_t k = 0; k <= len; ++k) {
            off[k] = static_cast<int32_t>(exact_bw_lower_bound(i0 + k, scale, l_out) - t.lo0);
        }
    }
    int64_t max_bin = 0;
    const int64_t step = off[1];
    bool uniform = step > 0;
    for (int64_t k = 0; k < len; ++k) {
        const int64_t width = off[k + 1] - off[k];
        max_bin = std::max(max_bin, width);
        uniform = uniform && width == step;
    }
    t.max_bin = max_bin;
    t.step = uniform ? step : 0;
}

// Every bin is K wide: out[i] = ((0 + f[K i]) + f[K i + 1]) + ... (K a constant, so the loop
// vectorizes as strided adds).
template <int K>
void sum_uniform_fixed(const float* __restrict__ f, float* __restrict__ out, int64_t len) {
    for (int64_t i = 0; i < len; ++i) {
        float s = 0.0f;
        for (int u = 0; u < K; ++u) {
            s += f[i * K + u];
        }
        out[i] = s;
    }
}

void sum_uniform(const float* __restrict__ f, float* __restrict__ out, int64_t len, int64_t k) {
    switch (k) {
        case 1:
            sum_uniform_fixed<1>(f, out, len);
            return;
        case 2:
            sum_uniform_fixed<2>(f, out, len);
            return;
        case 3:
            sum_uniform_fixed<3>(f, out, len);
            return;
        case 4:
            sum_uniform_fixed<4>(f, out, len);
            return;
        default:
            for (int64_t i = 0; i < len; ++i) {
                const float* p = f + i * k;
                float s = 0.0f;
                for (int64_t u = 0; u < k; ++u) {
                    s += p[u];
                }
                out[i] = s;
            }
            return;
    }
}

// Bins of at most M elements, without a data-dependent branch: a missing element adds +0.0f.
// That keeps the bits: the running sum starts at +0.0f and so is never -0.0f, and s + 0.0f == s
// for every other s (a NaN stays the same NaN). Reads are clamped into the span.
template <int M>
void sum_masked(const float* __restrict__ f,
                const int32_t* __restrict__ off,
                float* __restrict__ out,
                int64_t len,
                int32_t last) {
    for (int64_t i = 0; i < len; ++i) {
        const int32_t begin = off[i];
        const int32_t end = off[i + 1];
        float s = 0.0f;
        for (int32_t u = 0; u < M; ++u) {
            const int32_t j = begin + u;
            const float v = f[j < last ? j : last];
            s += j < end ? v : 0.0f;
        }
        out[i] = s;
    }
}

// Bins of at most M elements: the AVX2 loop where the CPU has it, the scalar one for the rest.
template <int M>
void sum_masked_dispatch(
    const float* f, const int32_t* off, float* out, int64_t len, int64_t span) {
    int64_t done = 0;
#if ACLEMU_X86
    if constexpr (M <= 2) {
        if (cpu_isa() >= CpuIsa::Avx2F16c) {
            done = avx2::sum_masked<M>(f, off, out, len, span);
        }
    }
#endif
    sum_masked<M>(f, off + done, out + done, len - done, static_cast<int32_t>(span - 1));
}

void sum_variable(const float* __restrict__ f,
                  const int32_t* __restrict__ off,
                  float* __restrict__ out,
                  int64_t len) {
    for (int64_t i = 0; i < len; ++i) {
        float s = 0.0f;
        for (int32_t j = off[i]; j < off[i + 1]; ++j) {
            s += f[j];
        }
        out[i] = s;
    }
}

// Sums the staged span `f` into `out` by the block's bin shape.
void sum_block(const BinTable& t, const float* f, float* out) {
    if (t.span == 0) {
        std::fill(out, out + t.len, 0.0f);
    } else if (t.step > 0) {
        sum_uniform(f, out, t.len, t.step);
    } else if (t.max_bin <= kMaxMaskedBin) {
        const int32_t* off = t.offsets.data();
        switch (t.max_bin) {
            case 1:
                sum_masked_dispatch<1>(f, off, out, t.len, t.span);
                break;
            case 2:
                sum_masked_dispatch<2>(f, off, out, t.len, t.span);
                break;
            case 3:
                sum_masked_dispatch<3>(f, off, out, t.len, t.span);
                break;
            default:
                sum_masked_dispatch<4>(f, off, out, t.len, t.span);
                break;
        }
    } else {
        sum_variable(f, t.offsets.data(), out, t.len);
    }
}

template <int K, typename T>
void sum_uniform_direct_dispatch(const T* src, T* dst, int64_t len) {
#if ACLEMU_X86
    if (cpu_isa() >= CpuIsa::Avx2F16c) {
        avx2::sum_uniform_direct<K>(src, dst, len);
        return;
    }
#endif
    sum_uniform_direct_portable<K>(src, dst, len);
}

// True when the block was summed by a fused loop (uniform bins of 1..4, unit-stride rows).
template <typename T>
bool try_uniform_direct(const BinTable& t, const T* src, T* dst) {
    switch (t.step) {
        case 1:
            sum_uniform_direct_dispatch<1>(src, dst, t.len);
            return true;
        case 2:
            sum_uniform_direct_dispatch<2>(src, dst, t.len);
            return true;
        case 3:
            sum_uniform_direct_dispatch<3>(src, dst, t.len);
            return true;
        case 4:
            sum_uniform_direct_dispatch<4>(src, dst, t.len);
            return true;
        default:
            return false;
    }
}

// Per-thread float staging for one block of one row (kept between calls: no allocation, and no
// page faults, on the hot path).
struct Staging {
    std::vector<float> in;
    std::vector<float> out;
};

// Rounds `len` staged results into a row of the output (stride dst_l).
template <typename T>
void store_block(const float* out, T* dst, int64_t dst_l, int64_t len) {
    if (dst_l == 1) {
        narrow(out, dst, len);
    } else {
        for (int64_t k = 0; k < len; ++k) {
            dst[k * dst_l] = from_float<T>(out[k]);
        }
    }
}

template <typename T>
void gather_row_block(const BinTable& t,
                      const T* src_row,
                      int64_t src_l,
                      T* dst_row,
                      int64_t dst_l,
                      float scale,
                      int64_t l_out,
                      Staging& staging) {
    if (!t.staged) {
        // Very wide bins: sum each straight from the tensor.
        int64_t lo = t.lo0;
        for (int64_t i = t.i0; i < t.i0 + t.len; ++i) {
            const int64_t hi = exact_bw_lower_bound(i + 1, scale, l_out);
            float sum = 0.0f;
            for (int64_t j = lo; j < hi; ++j) {
                sum += to_float(src_row[j * src_l]);
            }
            dst_row[i * dst_l] = from_float<T>(sum);
            lo = hi;
        }
        return;
    }

#if ACLEMU_X86
    if (t.step == 2 && src_l == 1 && cpu_isa() >= CpuIsa::Avx2F16c) {
        if constexpr (std::is_same_v<T, float>) {
            if (dst_l == 1) {
                avx2::sum_pairs(src_row + t.lo0, dst_row + t.i0, t.len);
                return;
            }
        }
        float* out = staging.out.data();
        avx2::sum_pairs(src_row + t.lo0, out, t.len);
        store_block(out, dst_row + t.i0 * dst_l, dst_l, t.len);
        return;
    }
#endif
    // One fused pass for uniform bins of 1..4 where widening in the loop is cheap (float,
    // bf16, portable fp16); hardware fp16 conversion is faster staged.
    const bool fuse = !std::is_same_v<T, Half> || !fast_half_conversion();
    if (fuse && src_l == 1 && dst_l == 1
        && try_uniform_direct(t, src_row + t.lo0, dst_row + t.i0)) {
        return;
    }
    const float* f = nullptr;
    if constexpr (std::is_same_v<T, float>) {
        if (src_l == 1) {
            f = src_row + t.lo0;
        }
    }
    if (f == nullptr) {
        float* in = staging.in.data();
        const T* s = src_row + t.lo0 * src_l;
        if (src_l == 1) {
            widen(s, in, t.span);
        } else {
            for (int64_t k = 0; k < t.span; ++k) {
                in[k] = to_float(s[k * src_l]);
            }
        }
        f = in;
    }

    if constexpr (std::is_same_v<T, float>) {
        if (dst_l == 1) {
            sum_block(t, f, dst_row + t.i0);
            return;
        }
    }
    float* out = staging.out.data();
    sum_block(t, f, out);
    store_block(out, dst_row + t.i0 * dst_l, dst_l, t.len);
}

template <typename T>
void gather(const UpsampleNearestExact1dBackwardArgs& a, int threads) {
    const int64_t rows = a.n * a.c;
    if (rows == 0 || a.l_in == 0) {
        return;
    }
    // Blocks short enough that a block's span (about len * scale elements) fits the staging.
    const double per_output = static_cast<double>(a.scale) + 1.0;
    const double fit = static_cast<double>(kMaxBlockSpan) / per_output;
    const int64_t block_len =
        std::min({a.l_in, kMaxBlockOutputs, std::max<int64_t>(1, static_cast<int64_t>(fit))});
    const int64_t blocks = (a.l_in + block_len - 1) / block_len;
    const T* src = static_cast<const T*>(a.grad_output);
    T* dst = static_cast<T*>(a.out);

    // Items are (block, row), block-major: a thread's contiguous range of items reuses each
    // block's table over many rows. Outputs are independent, so the split does not change bits.
    const int64_t grain = std::max<int64_t>(1, 16384 / block_len);
    parallel_for(blocks * rows, grain, threads, [&](int64_t item_begin, int64_t item_end) {
        thread_local BinTable table;
        thread_local Staging staging;
        table.i0 = -1;  // never reuse a previous call's table
        for (int64_t item = item_begin; item < item_end; ++item) {
            const int64_t block = item / rows;
            const int64_t row = item % rows;
            const int64_t i0 = block * block_len;
            if (table.i0 != i0) {
                build_table(table, i0, std::min(block_len, a.l_in - i0), a.scale, a.l_out);
                if (table.staged) {
                    if (staging.in.size() < static_cast<size_t>(table.span)) {
                        staging.in.resize(static_cast<size_t>(table.span));
                    }
                    if (staging.out.size() < static_cast<size_t>(table.len)) {
                        staging.out.resize(static_cast<size_t>(table.len));
                    }
                }
            }
            const int64_t n = row / a.c;
            const int64_t c = row % a.c;
            gather_row_block(table,
                             src + n * a.grad_output_strides[0] + c * a.grad_output_strides[1],
                             a.grad_output_strides[2],
                             dst + n * a.out_strides[0] + c * a.out_strides[1],
                             a.out_strides[2],
                             a.scale,
                             a.l_out,
                             staging);
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
