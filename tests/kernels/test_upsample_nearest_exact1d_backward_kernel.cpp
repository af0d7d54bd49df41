// Calls cpu::upsample_nearest_exact1d_backward directly against references written here: the
// op_semantics §4.6 worked examples, the fp16 seven-times-0.1 accumulation, scales > 0 vs 0,
// downsampling with empty bins, strided views, fp16/bf16, the exact bits of every loop the
// kernel specialises (index-order fp32 sums with -0, NaN, overflow), thread-count independence,
// and the index helpers (bins vs a brute-force scatter map).
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/math/upsample_nearest_exact.h"
#include "support/cpu_isa.h"
#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace {

using aclemu::kernels::DType;
using aclemu::kernels::UpsampleNearestExact1dBackwardArgs;

// Independent fp16 / bf16 conversions (tests/support, not kernels_cu/math/dtype.h; not
// _Float16, whose libgcc helpers have another ABI than compiler-rt's in the HIP link).
uint16_t ref_half_bits(float v) {
    return aclemu::test::half_bits(v);
}
float ref_half_value(uint16_t b) {
    return static_cast<float>(aclemu::test::half_value(b));
}
uint16_t ref_bf16_bits(float f) {
    return aclemu::test::bf16_bits(f);
}
float ref_bf16_value(uint16_t b) {
    return static_cast<float>(aclemu::test::bf16_value(b));
}

// The reference bin start: each fp32 step forced through memory so nothing is fused.
int64_t ref_lo(int64_t i, float s, int64_t l_out) {
    volatile float fi = static_cast<float>(i);
    volatile float p = fi * s;
    volatile float q = p - 0.5f;
    const double c = std::ceil(static_cast<double>(q));
    return c >= static_cast<double>(l_out) ? l_out : static_cast<int64_t>(c < 0 ? 0 : c);
}

float effective_scale(double scales, int64_t l_in, int64_t l_out) {
    return scales > 0 ? static_cast<float>(scales)
                      : static_cast<float>(l_out) / static_cast<float>(l_in);
}

// fp32 1-row run: gradOutput values, L_in, scales -> out.
std::vector<float> run_row(const std::vector<float>& g,
                           int64_t l_in,
                           double scales,
                           int threads = 3) {
    std::vector<float> out(l_in, -12345.0f);
    UpsampleNearestExact1dBackwardArgs a;
    a.n = 1;
    a.c = 1;
    a.l_in = l_in;
    a.l_out = static_cast<int64_t>(g.size());
    a.scale = effective_scale(scales, l_in, a.l_out);
    a.dtype = DType::Float32;
    a.grad_output = g.data();
    a.grad_output_strides[0] = a.grad_output_strides[1] = a.l_out;
    a.grad_output_strides[2] = 1;
    a.out = out.data();
    a.out_strides[0] = a.out_strides[1] = l_in;
    a.out_strides[2] = 1;
    aclemu::kernels::cpu::upsample_nearest_exact1d_backward(a, threads);
    return out;
}

TEST(UpsampleNearestExact1dBackwardKernel, WorkedExamples) {
    EXPECT_EQ(run_row({1, 2, 3, 4, 5}, 3, 0), (std::vector<float>{3, 3, 9}));
    EXPECT_EQ(run_row({1, 2, 3, 4, 5, 6}, 3, 2.0), (std::vector<float>{3, 7, 11}));
    EXPECT_EQ(run_row({1, 2, 3}, 5, 0), (std::vector<float>{1, 0, 2, 0, 3}));
    EXPECT_EQ(run_row({10, 20, 30, 40, 50, 60, 70}, 3, 0), (std::vector<float>{30, 120, 130}));
    EXPECT_EQ(run_row({1, 2}, 4, 0.5), (std::vector<float>{0, 1, 0, 2}));
    // scales that does not match the sizes: entries past the last bin are dropped (CUDA/CANN),
    // not added into it (PyTorch CPU would give 26).
    EXPECT_EQ(run_row({1, 2, 3, 4, 5, 6, 7, 8}, 4, 1.5), (std::vector<float>{1, 5, 4, 11}));
}

TEST(UpsampleNearestExact1dBackwardKernel, ScalesGivenVersusDerived) {
    const std::vector<float> g = {1, 2, 3, 4, 5, 6, 7, 8};
    // Derived: S = 8 / 4 = 2 -> pairs.
    EXPECT_EQ(run_row(g, 4, 0), (std::vector<float>{3, 7, 11, 15}));
    // Given 2.0 equals the derived one.
    EXPECT_EQ(run_row(g, 4, 2.0), (std::vector<float>{3, 7, 11, 15}));
    // Given 3.0 does not match the sizes: lo = ceil(3i - 0.5) = 0, 3, 6, 8 (clamped), 8.
    EXPECT_EQ(run_row(g, 4, 3.0), (std::vector<float>{6, 15, 15, 0}));
}

TEST(UpsampleNearestExact1dBackwardKernel, DownsamplingLeavesEmptyBinsZero) {
    // L_out 4, L_in 10: S = 0.4, six of the ten bins are empty.
    const std::vector<float> g = {1, 2, 3, 4};
    const std::vector<float> out = run_row(g, 10, 0);
    std::vector<float> want(10, 0.0f);
    for (int64_t i = 0; i < 10; ++i) {
        for (int64_t j = ref_lo(i, 0.4f, 4); j < ref_lo(i + 1, 0.4f, 4); ++j) {
            want[i] += g[j];
        }
    }
    EXPECT_EQ(out, want);
    int empty = 0;
    for (float v : out) {
        empty += v == 0.0f;
    }
    EXPECT_EQ(empty, 6);
}

// Seven fp16(0.1) values into one bin: summed in fp32 and rounded once -> 0.69970703 (a naive
// fp16 running sum would give 0.70019531).
TEST(UpsampleNearestExact1dBackwardKernel, Fp16AccumulatesInFloat) {
    std::vector<uint16_t> g(7, ref_half_bits(0.1f));
    uint16_t out = 0;
    UpsampleNearestExact1dBackwardArgs a;
    a.n = a.c = 1;
    a.l_in = 1;
    a.l_out = 7;
    a.scale = 7.0f;
    a.dtype = DType::Float16;
    a.grad_output = g.data();
    a.grad_output_strides[0] = a.grad_output_strides[1] = 7;
    a.grad_output_strides[2] = 1;
    a.out = &out;
    a.out_strides[0] = a.out_strides[1] = a.out_strides[2] = 1;
    aclemu::kernels::cpu::upsample_nearest_exact1d_backward(a, 1);
    EXPECT_FLOAT_EQ(ref_half_value(out), 0.69970703f);
    EXPECT_EQ(out, ref_half_bits(7.0f * ref_half_value(ref_half_bits(0.1f))));
}

// A [N, C, L] problem with arbitrary strides for grad_output and out; compares to the
// reference bins summed in double and rounded once to the dtype.
void check_random(DType dtype,
                  int64_t n,
                  int64_t c,
                  int64_t l_in,
                  int64_t l_out,
                  double scales,
                  bool permuted,
                  int threads,
                  uint32_t seed) {
    const int64_t rows = n * c;
    const int esize = dtype == DType::Float32 ? 4 : 2;
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> u(-2.0f, 2.0f);
    // grad_output: contiguous, or stored [L, N, C] (permuted), inside a padded buffer.
    const int64_t pad = 3;
    std::vector<uint8_t> src((rows * l_out + pad) * esize);
    std::vector<float> src_val(rows * l_out + pad);
    for (size_t e = 0; e < src_val.size(); ++e) {
        const float v = u(gen);
        if (dtype == DType::Float32) {
            std::memcpy(&src[e * 4], &v, 4);
            src_val[e] = v;
        } else {
            const uint16_t b = dtype == DType::Float16 ? ref_half_bits(v) : ref_bf16_bits(v);
            std::memcpy(&src[e * 2], &b, 2);
            src_val[e] = dtype == DType::Float16 ? ref_half_value(b) : ref_bf16_value(b);
        }
    }
    int64_t gs[3], os[3];
    if (permuted) {
        gs[0] = c;
        gs[1] = 1;
        gs[2] = n * c;
        // out stored [C, L, N] with a gap of 2 between elements.
        os[0] = 2;
        os[1] = 2 * n * l_in;
        os[2] = 2 * n;
    } else {
        gs[0] = c * l_out;
        gs[1] = l_out;
        gs[2] = 1;
        os[0] = c * l_in;
        os[1] = l_in;
        os[2] = 1;
    }
    const int64_t out_elems = permuted ? 2 * rows * l_in : rows * l_in;
    std::vector<uint8_t> dst(out_elems * esize, 0xEE);

    UpsampleNearestExact1dBackwardArgs a;
    a.n = n;
    a.c = c;
    a.l_in = l_in;
    a.l_out = l_out;
    a.scale = effective_scale(scales, l_in, l_out);
    a.dtype = dtype;
    a.grad_output = src.data() + pad * esize;
    std::memcpy(a.grad_output_strides, gs, sizeof gs);
    a.out = dst.data();
    std::memcpy(a.out_strides, os, sizeof os);
    aclemu::kernels::cpu::upsample_nearest_exact1d_backward(a, threads);

    int bad = 0;
    for (int64_t ni = 0; ni < n; ++ni) {
        for (int64_t ci = 0; ci < c; ++ci) {
            for (int64_t i = 0; i < l_in; ++i) {
                double want = 0;
                int64_t terms = 0;
                for (int64_t j = ref_lo(i, a.scale, l_out); j < ref_lo(i + 1, a.scale, l_out);
                     ++j) {
                    want += src_val[pad + ni * gs[0] + ci * gs[1] + j * gs[2]];
                    ++terms;
                }
                const int64_t at = ni * os[0] + ci * os[1] + i * os[2];
                double got;
                double t = 1e-6 * (terms + 1) * 2;
                if (dtype == DType::Float32) {
                    float f;
                    std::memcpy(&f, &dst[at * 4], 4);
                    got = f;
                } else {
                    uint16_t b;
                    std::memcpy(&b, &dst[at * 2], 2);
                    got = dtype == DType::Float16 ? ref_half_value(b) : ref_bf16_value(b);
                    t += std::fabs(want)
                         * (dtype == DType::Float16 ? std::ldexp(1.0, -11) : std::ldexp(1.0, -8));
                }
                if (std::fabs(got - want) > t && ++bad < 10) {
                    ADD_FAILURE() << "n " << ni << " c " << ci << " i " << i << ": got " << got
                                  << " want " << want;
                }
            }
        }
    }
    EXPECT_EQ(bad, 0);
}

TEST(UpsampleNearestExact1dBackwardKernel, RandomContiguousAllDtypes) {
    for (DType t : {DType::Float32, DType::Float16, DType::BFloat16}) {
        check_random(t, 2, 3, 7, 19, 0, false, 3, 1);        // non-integer upscale
        check_random(t, 3, 2, 10, 4, 0, false, 2, 2);        // downscale
        check_random(t, 1, 2, 5, 13, 2.5, false, 1, 3);      // explicit scales
        check_random(t, 2, 2, 9000, 18000, 0, false, 4, 4);  // several blocks per row
    }
}

TEST(UpsampleNearestExact1dBackwardKernel, StridedAndPermutedViews) {
    check_random(DType::Float32, 3, 4, 7, 19, 0, true, 3, 5);
    check_random(DType::BFloat16, 2, 5, 11, 6, 0, true, 2, 6);
    check_random(DType::Float16, 2, 3, 4, 9, 2.25, true, 1, 7);
}

// Bits of one stored element (the storage's own bits; any NaN reads as one pattern).
uint32_t stored_bits(const std::vector<uint8_t>& buf, int64_t at, DType dtype) {
    if (dtype == DType::Float32) {
        float f;
        std::memcpy(&f, &buf[at * 4], 4);
        uint32_t b;
        std::memcpy(&b, &f, 4);
        return std::isnan(f) ? 0x7FC00000u : b;
    }
    uint16_t h;
    std::memcpy(&h, &buf[at * 2], 2);
    const bool nan = dtype == DType::Float16 ? (h & 0x7C00u) == 0x7C00u && (h & 0x3FFu) != 0
                                             : (h & 0x7F80u) == 0x7F80u && (h & 0x7Fu) != 0;
    return nan ? 0x7FC00000u : h;
}

// The definition bit for bit: out[i] is the fp32 sum, from +0.0f and in index order, of its
// bin, rounded once (RNE) to the dtype. The kernel picks a loop per block of outputs from the
// shape of the bins (uniform k-wide, at most 1..4 wide, wider, too wide to stage); every loop
// must give exactly these bits, -0.0f, NaN and overflow included, for any strides.
void check_bits(DType dtype,
                int64_t n,
                int64_t c,
                int64_t l_in,
                int64_t l_out,
                double scales,
                bool permuted,
                int threads,
                uint32_t seed) {
    const int64_t rows = n * c;
    const int esize = dtype == DType::Float32 ? 4 : 2;
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> u(-2.0f, 2.0f);
    std::uniform_int_distribution<int> special(0, 40);
    std::vector<uint8_t> src(std::max<int64_t>(1, rows * l_out) * esize);
    std::vector<float> src_val(std::max<int64_t>(1, rows * l_out));
    for (size_t e = 0; e < src_val.size(); ++e) {
        float v = u(gen);
        // Stretches of -0.0f fill whole bins of any width: their sum must be +0.0f.
        const bool negative_zero_run = e % 61 < 9;
        switch (negative_zero_run ? 0 : special(gen)) {
            case 0:
                v = -0.0f;
                break;
            case 1:
                v = std::nanf("");
                break;
            case 2:
                v = -INFINITY;
                break;
            case 3:
                v = 3.0e38f;  // two of them overflow fp32; one overflows fp16 and bf16
                break;
            case 4:
                v = 60000.0f;
                break;
            default:
                break;
        }
        if (dtype == DType::Float32) {
            std::memcpy(&src[e * 4], &v, 4);
            src_val[e] = v;
        } else {
            const uint16_t b = dtype == DType::Float16 ? ref_half_bits(v) : ref_bf16_bits(v);
            std::memcpy(&src[e * 2], &b, 2);
            src_val[e] = dtype == DType::Float16 ? ref_half_value(b) : ref_bf16_value(b);
        }
    }
    int64_t gs[3], os[3];
    if (permuted) {  // grad_output stored [L, N, C]; out [C, L, N] with a gap of 3
        gs[0] = c;
        gs[1] = 1;
        gs[2] = n * c;
        os[0] = 3;
        os[1] = 3 * n * l_in;
        os[2] = 3 * n;
    } else {
        gs[0] = c * l_out;
        gs[1] = l_out;
        gs[2] = 1;
        os[0] = c * l_in;
        os[1] = l_in;
        os[2] = 1;
    }
    const int64_t out_elems = permuted ? 3 * rows * l_in : rows * l_in;
    std::vector<uint8_t> dst(std::max<int64_t>(1, out_elems) * esize, 0xEE);

    UpsampleNearestExact1dBackwardArgs a;
    a.n = n;
    a.c = c;
    a.l_in = l_in;
    a.l_out = l_out;
    a.scale = effective_scale(scales, l_in, l_out);
    a.dtype = dtype;
    a.grad_output = src.data();
    std::memcpy(a.grad_output_strides, gs, sizeof gs);
    a.out = dst.data();
    std::memcpy(a.out_strides, os, sizeof os);
    aclemu::kernels::cpu::upsample_nearest_exact1d_backward(a, threads);

    std::vector<uint8_t> want(esize);
    int bad = 0;
    for (int64_t ni = 0; ni < n; ++ni) {
        for (int64_t ci = 0; ci < c; ++ci) {
            for (int64_t i = 0; i < l_in; ++i) {
                float sum = 0.0f;
                for (int64_t j = ref_lo(i, a.scale, l_out); j < ref_lo(i + 1, a.scale, l_out);
                     ++j) {
                    volatile float term = src_val[ni * gs[0] + ci * gs[1] + j * gs[2]];
                    sum = sum + term;
                }
                if (dtype == DType::Float32) {
                    std::memcpy(want.data(), &sum, 4);
                } else {
                    const uint16_t b =
                        dtype == DType::Float16 ? ref_half_bits(sum) : ref_bf16_bits(sum);
                    std::memcpy(want.data(), &b, 2);
                }
                const int64_t at = ni * os[0] + ci * os[1] + i * os[2];
                if (stored_bits(dst, at, dtype) != stored_bits(want, 0, dtype) && ++bad < 10) {
                    ADD_FAILURE() << "n " << ni << " c " << ci << " i " << i << ": got bits 0x"
                                  << std::hex << stored_bits(dst, at, dtype) << " want 0x"
                                  << stored_bits(want, 0, dtype) << std::dec;
                }
            }
        }
    }
    EXPECT_EQ(bad, 0);
}

TEST(UpsampleNearestExact1dBackwardKernel, EveryLoopGivesTheIndexOrderFloatSumBits) {
    struct Case {
        int64_t n, c, l_in, l_out;
        double scales;
        const char* what;
    };
    const std::vector<Case> cases = {
        {2, 3, 300, 300, 0, "uniform bins of 1"},
        {2, 3, 300, 600, 0, "uniform bins of 2"},
        {2, 3, 300, 900, 0, "uniform bins of 3"},
        {2, 3, 300, 1200, 0, "uniform bins of 4"},
        {2, 3, 300, 2100, 0, "uniform bins of 7"},
        {2, 3, 400, 200, 0, "bins of 0 or 1 (x0.5)"},
        {2, 3, 400, 300, 0, "bins of 0 or 1 (x0.75)"},
        {2, 3, 400, 600, 0, "bins of 1 or 2 (x1.5)"},
        {2, 3, 400, 1000, 0, "bins of 2 or 3 (x2.5)"},
        {2, 3, 400, 1400, 0, "bins of 3 or 4 (x3.5)"},
        {2, 3, 100, 730, 0, "bins of 7 or 8 (x7.3)"},
        {1, 2, 3, 200000, 0, "bins too wide to stage"},
        {1, 2, 20000, 30000, 0, "several blocks per row"},
        {2, 2, 5, 20, 3.0, "scales given: the last bin clamped, the tail dropped"},
        {2, 2, 6, 9, 1e-30, "scales near zero: every bin but the last empty"},
        {2, 2, 7, 0, 0, "empty grad_output rows: zeros"},
    };
    // Every path this CPU has (portable, AVX2 where it has it).
    aclemu::test::for_each_cpu_isa([&](aclemu::test::CpuIsa) {
        for (const Case& k : cases) {
            for (DType t : {DType::Float32, DType::Float16, DType::BFloat16}) {
                for (bool permuted : {false, true}) {
                    SCOPED_TRACE(::testing::Message() << k.what << ", dtype " << static_cast<int>(t)
                                                      << (permuted ? ", permuted" : ""));
                    check_bits(t,
                               k.n,
                               k.c,
                               k.l_in,
                               k.l_out,
                               k.scales,
                               permuted,
                               permuted ? 3 : 2,
                               static_cast<uint32_t>(k.l_out + 7 * k.l_in));
                }
            }
        }
    });
}

TEST(UpsampleNearestExact1dBackwardKernel, ThreadCountDoesNotChangeBits) {
    const int64_t n = 3, c = 5, l_in = 5000, l_out = 12345;
    std::vector<float> g(n * c * l_out);
    std::mt19937 gen(9);
    std::uniform_real_distribution<float> u(-1, 1);
    for (float& v : g) {
        v = u(gen);
    }
    std::vector<std::vector<float>> outs;
    for (int threads : {1, 2, 7}) {
        std::vector<float> out(n * c * l_in);
        UpsampleNearestExact1dBackwardArgs a;
        a.n = n;
        a.c = c;
        a.l_in = l_in;
        a.l_out = l_out;
        a.scale = effective_scale(0, l_in, l_out);
        a.grad_output = g.data();
        a.grad_output_strides[0] = c * l_out;
        a.grad_output_strides[1] = l_out;
        a.grad_output_strides[2] = 1;
        a.out = out.data();
        a.out_strides[0] = c * l_in;
        a.out_strides[1] = l_in;
        a.out_strides[2] = 1;
        aclemu::kernels::cpu::upsample_nearest_exact1d_backward(a, threads);
        outs.push_back(out);
    }
    EXPECT_EQ(0, std::memcmp(outs[0].data(), outs[1].data(), outs[0].size() * 4));
    EXPECT_EQ(0, std::memcmp(outs[0].data(), outs[2].data(), outs[0].size() * 4));
}

// The shared lower bound equals the reference expression on edge sizes, and the scatter map
// (source index) puts every grad_output index in exactly the bin the gather reads it from.
TEST(UpsampleNearestExact1dBackwardKernel, IndexHelpersAgreeWithReference) {
    struct Sizes {
        int64_t l_in, l_out;
        double scales;
    };
    std::vector<Sizes> cases = {{3, 7, 0},
                                {7, 3, 0},
                                {4, 8, 1.5},
                                {5, 3, 0},
                                {1, 50, 0},
                                {3, 150, 50},
                                {10, 4, 0.4},
                                {13, 29, 2.23},
                                {6, 6, 0},
                                {100, 33, 0},
                                {17, 1, 0},
                                {4, 8, 3.0},
                                {1000, 2999, 0},
                                {9, 20, 1e-30}};
    for (const Sizes& s : cases) {
        const float scale = effective_scale(s.scales, s.l_in, s.l_out);
        for (int64_t i = 0; i <= s.l_in; ++i) {
            ASSERT_EQ(aclemu::kernels::exact_bw_lower_bound(i, scale, s.l_out),
                      ref_lo(i, scale, s.l_out))
                << "i " << i << " l_in " << s.l_in << " l_out " << s.l_out;
        }
        for (int64_t j = 0; j < s.l_out; ++j) {
            int64_t want = s.l_in;  // dropped unless some bin holds j
            for (int64_t i = 0; i < s.l_in; ++i) {
                if (ref_lo(i, scale, s.l_out) <= j && j < ref_lo(i + 1, scale, s.l_out)) {
                    want = i;
                }
            }
            ASSERT_EQ(aclemu::kernels::exact_bw_source_index(j, scale, s.l_in, s.l_out), want)
                << "j " << j << " l_in " << s.l_in << " l_out " << s.l_out;
        }
    }
}

TEST(UpsampleNearestExact1dBackwardKernel, EmptyOutputIsANoOp) {
    UpsampleNearestExact1dBackwardArgs a;
    a.n = 2;
    a.c = 3;
    a.l_in = 0;
    a.l_out = 5;
    a.scale = 1.0f;
    aclemu::kernels::cpu::upsample_nearest_exact1d_backward(a, 4);  // must not touch null ptrs
    SUCCEED();
}

}  // namespace
