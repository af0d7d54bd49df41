// Calls cpu::batch_norm_reduce_backward directly (no aclTensor) against double-precision
// references written here: the op_semantics §2.6 examples, the §2.3 cancellation example,
// masks, fp16/bf16 and mixed dtypes, strided / permuted / channels-last / negative-stride
// layouts, empty reductions and bitwise reproducibility across thread counts.
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/math/batch_norm_reduce_backward.h"
#include "support/cpu_isa.h"
#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace {

using aclemu::kernels::BatchNormReduceBackwardArgs;
using aclemu::kernels::ChannelVector;
using aclemu::kernels::DType;

// ---- Independent fp16 / bf16 conversions (tests/support, not kernels_cu/math/dtype.h) -----
// (Not _Float16: its libgcc helpers have another ABI than compiler-rt's, which the HIP link
// brings in.)

uint16_t ref_half_bits(double v) {
    return aclemu::test::half_bits(static_cast<float>(v));
}
double ref_half_value(uint16_t b) {
    return aclemu::test::half_value(b);
}
uint16_t ref_bf16_bits(float f) {
    return aclemu::test::bf16_bits(f);
}
double ref_bf16_value(uint16_t b) {
    return aclemu::test::bf16_value(b);
}

// A typed host buffer holding values of one dtype.
struct Buffer {
    DType dtype = DType::Float32;
    std::vector<uint8_t> bytes;

    Buffer(DType t, size_t n) : dtype(t), bytes(n * (t == DType::Float32 ? 4 : 2)) {}
    size_t size() const { return bytes.size() / (dtype == DType::Float32 ? 4 : 2); }
    void* data() { return bytes.data(); }
    // Stores v rounded to the dtype; returns the value actually stored.
    double set(size_t i, double v) {
        switch (dtype) {
            case DType::Float32: {
                const float f = static_cast<float>(v);
                std::memcpy(&bytes[i * 4], &f, 4);
                return f;
            }
            case DType::Float16: {
                const uint16_t b = ref_half_bits(v);
                std::memcpy(&bytes[i * 2], &b, 2);
                return ref_half_value(b);
            }
            case DType::BFloat16: {
                const uint16_t b = ref_bf16_bits(static_cast<float>(v));
                std::memcpy(&bytes[i * 2], &b, 2);
                return ref_bf16_value(b);
            }
        }
        return 0;
    }
    double get(size_t i) const {
        if (dtype == DType::Float32) {
            float f;
            std::memcpy(&f, &bytes[i * 4], 4);
            return f;
        }
        uint16_t b;
        std::memcpy(&b, &bytes[i * 2], 2);
        return dtype == DType::Float16 ? ref_half_value(b) : ref_bf16_value(b);
    }
    uint16_t bits16(size_t i) const {
        uint16_t b;
        std::memcpy(&b, &bytes[i * 2], 2);
        return b;
    }
};

// A logical [N, C, rest...] problem described by a view over a storage buffer.
struct Problem {
    std::vector<int64_t> shape;    // logical view shape, channel = dim 1
    std::vector<int64_t> strides;  // of dy and x (same layout), elements
    int64_t offset = 0;            // of the view's first element in the storage
    int64_t storage = 0;           // storage elements
};

Problem contiguous_problem(std::vector<int64_t> shape) {
    Problem p;
    p.shape = shape;
    p.strides.assign(shape.size(), 1);
    for (int d = static_cast<int>(shape.size()) - 2; d >= 0; --d) {
        p.strides[d] = p.strides[d + 1] * shape[d + 1];
    }
    p.storage = 1;
    for (int64_t s : shape) {
        p.storage *= s;
    }
    return p;
}

// Layout from a permutation: perm lists the logical dims from outermost to innermost in
// memory. E.g. NHWC for [N,C,H,W] is {0, 2, 3, 1}.
Problem permuted_problem(std::vector<int64_t> shape, std::vector<int> perm) {
    Problem p;
    p.shape = shape;
    p.strides.assign(shape.size(), 0);
    int64_t s = 1;
    for (int k = static_cast<int>(perm.size()) - 1; k >= 0; --k) {
        p.strides[perm[k]] = s;
        s *= shape[perm[k]];
    }
    p.storage = s;
    return p;
}

// Fills Args' geometry from a problem, keeping every non-channel dim as its own reduce dim
// (no merging: the kernel must walk unmerged dims too).
void set_geometry(BatchNormReduceBackwardArgs& a, const Problem& p) {
    a.channels = p.shape[1];
    a.dy_channel_stride = p.strides[1];
    a.x_channel_stride = p.strides[1];
    a.reduce_ndim = 0;
    a.reduce_numel = 1;
    for (size_t d = 0; d < p.shape.size(); ++d) {
        if (d == 1) {
            continue;
        }
        a.reduce_sizes[a.reduce_ndim] = p.shape[d];
        a.dy_reduce_strides[a.reduce_ndim] = p.strides[d];
        a.x_reduce_strides[a.reduce_ndim] = p.strides[d];
        ++a.reduce_ndim;
        a.reduce_numel *= p.shape[d];
    }
}

// Visits every logical element: f(channel, storage index).
template <typename F>
void for_each_element(const Problem& p, F f) {
    const size_t nd = p.shape.size();
    std::vector<int64_t> idx(nd, 0);
    int64_t total = 1;
    for (int64_t s : p.shape) {
        total *= s;
    }
    for (int64_t e = 0; e < total; ++e) {
        int64_t off = p.offset;
        for (size_t d = 0; d < nd; ++d) {
            off += idx[d] * p.strides[d];
        }
        f(idx[1], off);
        for (int d = static_cast<int>(nd) - 1; d >= 0; --d) {
            if (++idx[d] < p.shape[d]) {
                break;
            }
            idx[d] = 0;
        }
    }
}

struct Reference {
    std::vector<double> sum_dy, sum_dy_xmu, grad_weight, grad_bias;
};

// Double-precision reference from the values actually stored (after rounding to the dtype).
Reference reference(
    const Problem& p, const Buffer& dy, const Buffer& x, const Buffer& mean, const Buffer& invstd) {
    const int64_t c_count = p.shape[1];
    Reference r;
    r.sum_dy.assign(c_count, 0.0);
    r.sum_dy_xmu.assign(c_count, 0.0);
    for_each_element(p, [&](int64_t c, int64_t off) {
        r.sum_dy[c] += dy.get(off);
        r.sum_dy_xmu[c] += dy.get(off) * (x.get(off) - mean.get(c));
    });
    for (int64_t c = 0; c < c_count; ++c) {
        r.grad_weight.push_back(r.sum_dy_xmu[c] * invstd.get(c));
        r.grad_bias.push_back(r.sum_dy[c]);
    }
    return r;
}

ChannelVector vec(Buffer& b) {
    return ChannelVector{b.data(), b.dtype, 1};
}

// Runs the CPU kernel with its workspace.
void run(const BatchNormReduceBackwardArgs& a, int threads = 4) {
    std::vector<uint8_t> ws(aclemu::kernels::cpu::batch_norm_reduce_backward_workspace_bytes(a));
    aclemu::kernels::cpu::batch_norm_reduce_backward(a, ws.empty() ? nullptr : ws.data(), threads);
}

// Tolerance for fp32 sums of n terms of magnitude `scale`.
double tol(double scale, int64_t n) {
    return 1e-6 * scale * std::sqrt(static_cast<double>(n)) + 1e-6;
}

// ---- Worked examples ----------------------------------------------------------------------

TEST(BatchNormReduceBackwardKernel, DocExample) {
    Problem p = contiguous_problem({4, 2});
    Buffer dy(DType::Float32, 8), x(DType::Float32, 8), mean(DType::Float32, 2),
        invstd(DType::Float32, 2);
    const double dyv[] = {1, 1, 1, 2, 2, 2, 3, 3};
    for (int i = 0; i < 8; ++i) {
        dy.set(i, dyv[i]);
        x.set(i, i);
    }
    mean.set(0, 1);
    mean.set(1, 1);
    invstd.set(0, 1);
    invstd.set(1, 1);
    Buffer s(DType::Float32, 2), sx(DType::Float32, 2), gw(DType::Float32, 2),
        gb(DType::Float32, 2);
    BatchNormReduceBackwardArgs a;
    set_geometry(a, p);
    a.dy = dy.data();
    a.x = x.data();
    a.mean = vec(mean);
    a.invstd = vec(invstd);
    a.sum_dy = vec(s);
    a.sum_dy_xmu = vec(sx);
    a.grad_weight = vec(gw);
    a.grad_bias = vec(gb);
    run(a);
    EXPECT_EQ(s.get(0), 7);
    EXPECT_EQ(s.get(1), 8);
    EXPECT_EQ(sx.get(0), 21);
    EXPECT_EQ(sx.get(1), 30);
    EXPECT_EQ(gw.get(0), 21);
    EXPECT_EQ(gw.get(1), 30);
    EXPECT_EQ(gb.get(0), 7);
    EXPECT_EQ(gb.get(1), 8);
}

TEST(BatchNormReduceBackwardKernel, SecondExampleNcl) {
    Problem p = contiguous_problem({2, 3, 2});
    const double xv[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    const double dyv[] = {1, -1, .5, .5, 2, 0, 1, 1, -1, .5, 0, 1};
    Buffer dy(DType::Float32, 12), x(DType::Float32, 12), mean(DType::Float32, 3),
        invstd(DType::Float32, 3);
    for (int i = 0; i < 12; ++i) {
        dy.set(i, dyv[i]);
        x.set(i, xv[i]);
    }
    const double mv[] = {4.5, 6.5, 8.5}, iv[] = {0.5, 0.25, 2};
    for (int c = 0; c < 3; ++c) {
        mean.set(c, mv[c]);
        invstd.set(c, iv[c]);
    }
    Buffer s(DType::Float32, 3), sx(DType::Float32, 3), gw(DType::Float32, 3),
        gb(DType::Float32, 3);
    BatchNormReduceBackwardArgs a;
    set_geometry(a, p);
    a.dy = dy.data();
    a.x = x.data();
    a.mean = vec(mean);
    a.invstd = vec(invstd);
    a.sum_dy = vec(s);
    a.sum_dy_xmu = vec(sx);
    a.grad_weight = vec(gw);
    a.grad_bias = vec(gb);
    run(a);
    const double e_s[] = {2, 0.5, 3}, e_sx[] = {5, -3.75, -3.5}, e_gw[] = {2.5, -0.9375, -7};
    for (int c = 0; c < 3; ++c) {
        EXPECT_EQ(s.get(c), e_s[c]) << c;
        EXPECT_EQ(sx.get(c), e_sx[c]) << c;
        EXPECT_EQ(gw.get(c), e_gw[c]) << c;
        EXPECT_EQ(gb.get(c), e_s[c]) << c;
    }
}

// §2.3: x = 10000 + 0.01 (k mod 7), |mean| >> std. CANN's expanded fp32 form gives -0.012695;
// the accurate per-element form we use must give the exact -0.011719 (8 % apart).
TEST(BatchNormReduceBackwardKernel, CancellationExampleIsAccurate) {
    const int n = 1000;
    Problem p = contiguous_problem({n, 1});
    Buffer dy(DType::Float32, n), x(DType::Float32, n), mean(DType::Float32, 1),
        invstd(DType::Float32, 1);
    double sum_x = 0;
    for (int k = 0; k < n; ++k) {
        sum_x += x.set(k, 10000.0f + 0.01f * static_cast<float>(k % 7));
        dy.set(k, static_cast<float>((37 * k) % 11 - 5) / 5.0f);
    }
    mean.set(0, static_cast<float>(sum_x / n));
    invstd.set(0, 1);
    Buffer sx(DType::Float32, 1);
    BatchNormReduceBackwardArgs a;
    set_geometry(a, p);
    a.dy = dy.data();
    a.x = x.data();
    a.mean = vec(mean);
    a.invstd = vec(invstd);
    a.sum_dy_xmu = vec(sx);
    run(a);
    const Reference r = reference(p, dy, x, mean, invstd);
    EXPECT_NEAR(r.sum_dy_xmu[0], -0.011719, 1e-6);
    EXPECT_NEAR(sx.get(0), -0.011719, 2e-6);
    EXPECT_GT(std::fabs(sx.get(0) - (-0.012695)), 5e-4);  // not the cancelling form
}

// ---- Random problems ----------------------------------------------------------------------

struct Case {
    DType io = DType::Float32;
    DType mean_t = DType::Float32;
    DType invstd_t = DType::Float32;
    DType out_t[4] = {DType::Float32, DType::Float32, DType::Float32, DType::Float32};
    bool want[4] = {true, true, true, true};
    int threads = 4;
};

struct Outcome {
    Buffer out[4] = {Buffer(DType::Float32, 0),
                     Buffer(DType::Float32, 0),
                     Buffer(DType::Float32, 0),
                     Buffer(DType::Float32, 0)};
    Reference ref;
};

// Random dy in [-1, 1], x around the channel mean (offset 3), invstd in [0.5, 2].
Outcome run_random(const Problem& p, const Case& k, uint32_t seed) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    const int64_t c_count = p.shape[1];
    Buffer dy(k.io, p.storage), x(k.io, p.storage), mean(k.mean_t, c_count),
        invstd(k.invstd_t, c_count);
    for (int64_t i = 0; i < p.storage; ++i) {
        dy.set(i, u(gen));
        x.set(i, 3.0 + u(gen));
    }
    for (int64_t c = 0; c < c_count; ++c) {
        mean.set(c, 3.0 + 0.1 * u(gen));
        invstd.set(c, 1.25 + 0.75 * u(gen));
    }
    Outcome o;
    BatchNormReduceBackwardArgs a;
    set_geometry(a, p);
    a.io_dtype = k.io;
    const int64_t base = p.offset * (k.io == DType::Float32 ? 4 : 2);
    a.dy = dy.bytes.data() + base;
    a.x = x.bytes.data() + base;
    a.mean = vec(mean);
    a.invstd = vec(invstd);
    ChannelVector* outs[4] = {&a.sum_dy, &a.sum_dy_xmu, &a.grad_weight, &a.grad_bias};
    for (int i = 0; i < 4; ++i) {
        o.out[i] = Buffer(k.out_t[i], c_count);
        if (k.want[i]) {
            *outs[i] = vec(o.out[i]);
        }
    }
    run(a, k.threads);
    o.ref = reference(p, dy, x, mean, invstd);
    return o;
}

void expect_matches(const Outcome& o, const Case& k, int64_t per_channel) {
    const std::vector<double>* refs[4] = {
        &o.ref.sum_dy, &o.ref.sum_dy_xmu, &o.ref.grad_weight, &o.ref.grad_bias};
    for (int i = 0; i < 4; ++i) {
        if (!k.want[i]) {
            continue;
        }
        for (size_t c = 0; c < refs[i]->size(); ++c) {
            const double want = (*refs[i])[c];
            const double got = o.out[i].get(c);
            // fp32 accumulation error, plus half an ulp of the output dtype.
            double t = tol(2.0, per_channel);
            if (k.out_t[i] == DType::Float16) {
                t += std::fabs(want) * std::ldexp(1.0, -11) + 1e-7;
            } else if (k.out_t[i] == DType::BFloat16) {
                t += std::fabs(want) * std::ldexp(1.0, -8) + 1e-7;
            }
            EXPECT_NEAR(got, want, t) << "output " << i << " channel " << c;
        }
    }
}

TEST(BatchNormReduceBackwardKernel, ContiguousFp32ManyChunks) {
    Problem p = contiguous_problem({7, 3, 61, 97});  // 41419 per channel: 3 chunks
    Case k;
    Outcome o = run_random(p, k, 1);
    expect_matches(o, k, 7 * 61 * 97);
}

TEST(BatchNormReduceBackwardKernel, Fp16AndBf16Inputs) {
    for (DType io : {DType::Float16, DType::BFloat16}) {
        Problem p = contiguous_problem({5, 4, 33});
        Case k;
        k.io = io;
        Outcome o = run_random(p, k, 2);
        expect_matches(o, k, 5 * 33);
    }
}

TEST(BatchNormReduceBackwardKernel, MixedDtypesOfStatsAndOutputs) {
    Problem p = contiguous_problem({6, 5, 7, 3});
    Case k;
    k.io = DType::BFloat16;
    k.mean_t = DType::Float16;
    k.invstd_t = DType::Float32;
    k.out_t[0] = DType::Float16;
    k.out_t[1] = DType::Float32;
    k.out_t[2] = DType::BFloat16;
    k.out_t[3] = DType::Float16;
    Outcome o = run_random(p, k, 3);
    expect_matches(o, k, 6 * 7 * 3);

    k.io = DType::Float16;
    k.mean_t = DType::BFloat16;
    k.invstd_t = DType::Float16;
    Outcome o2 = run_random(p, k, 4);
    expect_matches(o2, k, 6 * 7 * 3);
}

// The fp16/bf16 outputs are the fp32 result rounded once, to nearest even: with small integer
// inputs the fp32 sums are exact, so the stored bits must equal the reference rounding.
TEST(BatchNormReduceBackwardKernel, HalfOutputsRoundOnceToNearestEven) {
    // One channel; sum_dy = 2049 (between fp16 2048 and 2050: a tie, rounds to even 2048),
    // sum_dy_xmu = 2049 * 3 = 6147 (fp16 spacing 4: 6144 or 6148 -> 6148 is nearer).
    const int n = 2049;
    Problem p = contiguous_problem({n, 1});
    Buffer dy(DType::Float32, n), x(DType::Float32, n), mean(DType::Float32, 1),
        invstd(DType::Float32, 1);
    for (int i = 0; i < n; ++i) {
        dy.set(i, 1.0);
        x.set(i, 5.0);
    }
    mean.set(0, 2.0);
    invstd.set(0, 1.0 / 3.0);
    for (DType t : {DType::Float16, DType::BFloat16}) {
        Buffer s(t, 1), sx(t, 1), gw(t, 1);
        BatchNormReduceBackwardArgs a;
        set_geometry(a, p);
        a.dy = dy.data();
        a.x = x.data();
        a.mean = vec(mean);
        a.invstd = vec(invstd);
        a.sum_dy = vec(s);
        a.sum_dy_xmu = vec(sx);
        a.grad_weight = vec(gw);
        run(a);
        const float gw32 = 6147.0f * static_cast<float>(1.0 / 3.0);
        if (t == DType::Float16) {
            EXPECT_EQ(s.bits16(0), ref_half_bits(2049.0));
            EXPECT_EQ(s.get(0), 2048.0);
            EXPECT_EQ(sx.bits16(0), ref_half_bits(6147.0));
            EXPECT_EQ(sx.get(0), 6148.0);
            EXPECT_EQ(gw.bits16(0), ref_half_bits(gw32));
        } else {
            EXPECT_EQ(s.bits16(0), ref_bf16_bits(2049.0f));
            EXPECT_EQ(sx.bits16(0), ref_bf16_bits(6147.0f));
            EXPECT_EQ(gw.bits16(0), ref_bf16_bits(gw32));
        }
    }
}

TEST(BatchNormReduceBackwardKernel, MasksWriteOnlyRequestedOutputs) {
    Problem p = contiguous_problem({3, 2, 5});
    for (int mask = 0; mask < 16; ++mask) {
        Case k;
        for (int i = 0; i < 4; ++i) {
            k.want[i] = (mask >> i) & 1;
        }
        Outcome o = run_random(p, k, 10 + mask);
        expect_matches(o, k, 15);
    }
}

TEST(BatchNormReduceBackwardKernel, ChannelsLastLayout) {
    // [N, C, H, W] stored as NHWC: channel stride 1.
    Problem p = permuted_problem({3, 5, 9, 11}, {0, 2, 3, 1});
    Case k;
    Outcome o = run_random(p, k, 5);
    expect_matches(o, k, 3 * 9 * 11);
}

TEST(BatchNormReduceBackwardKernel, ArbitraryPermutationAndRank5) {
    Problem p = permuted_problem({2, 3, 4, 5, 6}, {3, 1, 4, 0, 2});
    Case k;
    k.io = DType::Float16;
    Outcome o = run_random(p, k, 6);
    expect_matches(o, k, 2 * 4 * 5 * 6);
}

TEST(BatchNormReduceBackwardKernel, StridedSliceWithOffset) {
    // A [4, 3, 10] view taking every other element of a [4, 3, 20] storage, starting at 1.
    Problem p;
    p.shape = {4, 3, 10};
    p.strides = {60, 20, 2};
    p.offset = 1;
    p.storage = 240;
    Case k;
    k.io = DType::BFloat16;
    Outcome o = run_random(p, k, 7);
    expect_matches(o, k, 40);
}

TEST(BatchNormReduceBackwardKernel, NegativeStrides) {
    // Logical element l of the reduce dim is storage element (len - 1 - l).
    Problem p;
    p.shape = {50, 2};
    p.strides = {-2, 1};
    p.offset = 98;
    p.storage = 100;
    Case k;
    Outcome o = run_random(p, k, 8);
    expect_matches(o, k, 50);
}

TEST(BatchNormReduceBackwardKernel, Rank8) {
    Problem p = contiguous_problem({2, 3, 2, 1, 3, 2, 1, 2});
    Case k;
    Outcome o = run_random(p, k, 9);
    expect_matches(o, k, 48);
}

TEST(BatchNormReduceBackwardKernel, NoReduceDimsIsOneElement) {
    // An input [1, C] after dropping size-1 dims: reduce_ndim 0, one element per channel.
    Buffer dy(DType::Float32, 3), x(DType::Float32, 3), mean(DType::Float32, 3),
        invstd(DType::Float32, 3), sx(DType::Float32, 3);
    for (int c = 0; c < 3; ++c) {
        dy.set(c, c + 1);
        x.set(c, 10 * c);
        mean.set(c, 1);
        invstd.set(c, 2);
    }
    BatchNormReduceBackwardArgs a;
    a.channels = 3;
    a.reduce_numel = 1;
    a.reduce_ndim = 0;
    a.dy_channel_stride = 1;
    a.x_channel_stride = 1;
    a.dy = dy.data();
    a.x = x.data();
    a.mean = vec(mean);
    a.invstd = vec(invstd);
    a.sum_dy_xmu = vec(sx);
    run(a);
    EXPECT_EQ(sx.get(0), 1 * (0 - 1));
    EXPECT_EQ(sx.get(1), 2 * (10 - 1));
    EXPECT_EQ(sx.get(2), 3 * (20 - 1));
}

TEST(BatchNormReduceBackwardKernel, EmptyReductionZeroFills) {
    Buffer mean(DType::Float32, 2), invstd(DType::Float32, 2);
    mean.set(0, 1);
    mean.set(1, 1);
    invstd.set(0, std::numeric_limits<double>::infinity());  // 0 * inf must not leak a NaN
    invstd.set(1, 1);
    Buffer outs[4] = {Buffer(DType::Float32, 2),
                      Buffer(DType::Float16, 2),
                      Buffer(DType::BFloat16, 2),
                      Buffer(DType::Float32, 2)};
    for (auto& b : outs) {
        std::fill(b.bytes.begin(), b.bytes.end(), 0x5A);  // poison
    }
    BatchNormReduceBackwardArgs a;
    a.channels = 2;
    a.reduce_numel = 0;
    a.reduce_ndim = 2;
    a.reduce_sizes[0] = 0;
    a.reduce_sizes[1] = 5;
    a.mean = vec(mean);
    a.invstd = vec(invstd);
    a.sum_dy = vec(outs[0]);
    a.sum_dy_xmu = vec(outs[1]);
    a.grad_weight = vec(outs[2]);
    a.grad_bias = vec(outs[3]);
    EXPECT_EQ(aclemu::kernels::cpu::batch_norm_reduce_backward_workspace_bytes(a), 0u);
    aclemu::kernels::cpu::batch_norm_reduce_backward(a, nullptr, 3);
    for (auto& b : outs) {
        for (size_t c = 0; c < 2; ++c) {
            EXPECT_EQ(b.get(c), 0.0);
            EXPECT_FALSE(std::signbit(b.get(c)));
        }
    }
}

TEST(BatchNormReduceBackwardKernel, WorkspaceDependsOnlyOnShape) {
    BatchNormReduceBackwardArgs a;
    set_geometry(a, contiguous_problem({7, 3, 61, 97}));
    BatchNormReduceBackwardArgs b;
    set_geometry(b, permuted_problem({7, 3, 61, 97}, {0, 2, 3, 1}));
    const size_t wa = aclemu::kernels::cpu::batch_norm_reduce_backward_workspace_bytes(a);
    EXPECT_GT(wa, 0u);
    EXPECT_EQ(wa, aclemu::kernels::cpu::batch_norm_reduce_backward_workspace_bytes(b));
}

TEST(BatchNormReduceBackwardKernel, BitwiseReproducibleAcrossThreadCounts) {
    // Several chunks per channel, random data, fp32 and bf16: 1, 2 and 7 threads agree bit for
    // bit.
    for (DType io : {DType::Float32, DType::BFloat16}) {
        for (bool nhwc : {false, true}) {
            Problem p = nhwc ? permuted_problem({9, 3, 130, 101}, {0, 2, 3, 1})
                             : contiguous_problem({9, 3, 130, 101});
            std::vector<std::vector<uint8_t>> results;
            for (int threads : {1, 2, 7}) {
                Case k;
                k.io = io;
                k.threads = threads;
                Outcome o = run_random(p, k, 42);
                std::vector<uint8_t> all;
                for (auto& b : o.out) {
                    all.insert(all.end(), b.bytes.begin(), b.bytes.end());
                }
                results.push_back(all);
                expect_matches(o, k, 9 * 130 * 101);
            }
            EXPECT_EQ(results[0], results[1]);
            EXPECT_EQ(results[0], results[2]);
        }
    }
}

TEST(BatchNormReduceBackwardKernel, ChannelsLastManyChannelsAndChunks) {
    // More channels than one channel block, several chunks, a slice (channel stride 1, rows
    // not dense).
    Problem p = permuted_problem({5, 300, 7, 11}, {0, 2, 3, 1});
    Case k;
    k.io = DType::Float16;
    Outcome o = run_random(p, k, 11);
    expect_matches(o, k, 5 * 7 * 11);
    Problem q = permuted_problem({40, 3, 50, 20}, {0, 2, 3, 1});  // 40000 rows: 3 chunks
    Case k2;
    Outcome o2 = run_random(q, k2, 12);
    expect_matches(o2, k2, 40000);
}

TEST(BatchNormReduceBackwardKernel, ChannelsLastWideRowsEveryDtype) {
    // Rows wider than one fp16 staging block (2100 channels, rows back to back), more channels
    // than one channel block (4500), and wide rows that are not back to back (a channel slice
    // of a larger storage), for every dtype.
    for (DType io : {DType::Float32, DType::Float16, DType::BFloat16}) {
        SCOPED_TRACE(static_cast<int>(io));
        Case k;
        k.io = io;
        Problem wide = permuted_problem({2, 2100, 3, 3}, {0, 2, 3, 1});
        expect_matches(run_random(wide, k, 13), k, 2 * 3 * 3);
        Problem many = permuted_problem({2, 4500, 5}, {0, 2, 1});
        expect_matches(run_random(many, k, 14), k, 2 * 5);
        // [3, 1500, 4] view (channel stride 1, row stride 1600) of a [3, 4, 1600] storage.
        Problem slice;
        slice.shape = {3, 1500, 4};
        slice.strides = {4 * 1600, 1, 1600};
        slice.offset = 50;
        slice.storage = 3 * 4 * 1600;
        expect_matches(run_random(slice, k, 15), k, 3 * 4);
    }
}

TEST(BatchNormReduceBackwardKernel, ChannelsLastBlockingDoesNotChangeBits) {
    // With few chunks the channels-last path narrows its channel blocks to give every thread
    // work, so 1, 2 and 7 threads use different blockings: the bits must not change.
    for (DType io : {DType::Float32, DType::Float16}) {
        Problem p = permuted_problem({3, 1024, 20, 7}, {0, 2, 3, 1});
        std::vector<std::vector<uint8_t>> results;
        for (int threads : {1, 2, 7}) {
            Case k;
            k.io = io;
            k.threads = threads;
            Outcome o = run_random(p, k, 77);
            std::vector<uint8_t> all;
            for (auto& b : o.out) {
                all.insert(all.end(), b.bytes.begin(), b.bytes.end());
            }
            results.push_back(all);
            expect_matches(o, k, 3 * 20 * 7);
        }
        EXPECT_EQ(results[0], results[1]);
        EXPECT_EQ(results[0], results[2]);
    }
}

TEST(BatchNormReduceBackwardKernel, PortableAndCpuPathsGiveTheSameBits) {
    // The portable loops and the CPU's own (hardware fp16 conversion where it has AVX2 + F16C)
    // must agree bit for bit: NCHW with long and short runs, channels-last packed and sliced,
    // wide and narrow (8 to 32 channels: sums kept in registers).
    struct Layout {
        Problem p;
        int64_t per_channel;
    };
    Problem slice;
    slice.shape = {3, 40, 50};
    slice.strides = {50 * 48, 1, 48};
    slice.storage = 3 * 50 * 48;
    Problem narrow_slice;  // 16 channels per row, rows 20 apart
    narrow_slice.shape = {5, 16, 30};
    narrow_slice.strides = {30 * 20, 1, 20};
    narrow_slice.storage = 5 * 30 * 20;
    const std::vector<Layout> layouts = {
        {contiguous_problem({3, 4, 20000}), 60000},
        {contiguous_problem({40, 5, 13}), 520},
        {permuted_problem({7, 24, 300}, {0, 2, 1}), 2100},
        {permuted_problem({9, 8, 2000}, {0, 2, 1}), 18000},
        {permuted_problem({3, 32, 100}, {0, 2, 1}), 300},
        {slice, 150},
        {narrow_slice, 150},
    };
    for (DType io : {DType::Float16, DType::BFloat16, DType::Float32}) {
        for (const Layout& l : layouts) {
            std::vector<std::vector<uint8_t>> results;
            aclemu::test::for_each_cpu_isa([&](aclemu::test::CpuIsa) {
                Case k;
                k.io = io;
                Outcome o = run_random(l.p, k, 99);
                std::vector<uint8_t> all;
                for (auto& b : o.out) {
                    all.insert(all.end(), b.bytes.begin(), b.bytes.end());
                }
                results.push_back(all);
                expect_matches(o, k, l.per_channel);
            });
            for (size_t v = 1; v < results.size(); ++v) {
                EXPECT_EQ(results[0], results[v])
                    << "dtype " << static_cast<int>(io) << ", path " << v << " vs portable";
            }
        }
    }
}

}  // namespace
