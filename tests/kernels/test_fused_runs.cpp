// The fused runs of the CPU elementwise loops (Note [Fused runs], kernels_cpu/elementwise_loops.h:
// unit-stride operands widened, computed and rounded four cache lines at a time) through
// the kernels that take them: Add with alpha, Mul, the scalar forms Adds and Muls, the in-place
// forms, SigmoidBackward and Sigmoid. On every instruction set this machine runs, for FLOAT,
// FLOAT16 and BFLOAT16 operands of random bit patterns (NaNs with payloads, infinities,
// subnormals, values whose sums overflow), every size around the vector and line widths (0, 1,
// tails), operands off the cache line, cached and streaming stores and one or two threads:
// against references computed here in double (each float operation exact in double, then
// rounded to float, then to the 16-bit type by tests/support/reference_dtype.h), bit for bit,
// and the storage around the output untouched.
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/math/binary_arith.h"
#include "kernels_cu/math/sigmoid.h"
#include "kernels_cu/math/sigmoid_backward.h"
#include "support/cpu_isa.h"
#include "support/elementwise_geometry.h"
#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

namespace aclemu::test {
namespace {

using kernels::ArithOp;
using kernels::ArithType;
using kernels::DType;
namespace cpu = kernels::cpu;

constexpr uint16_t kSentinel16 = 0xABCD;
constexpr uint32_t kSentinel32 = 0xABCDEF01u;

struct TypeCase {
    const char* name;
    ArithType arith;
    DType dtype;
    bool wide;  // FLOAT: 32-bit elements
};
const TypeCase kTypes[] = {{"fp32", ArithType::Float32, DType::Float32, true},
                           {"fp16", ArithType::Float16, DType::Float16, false},
                           {"bf16", ArithType::BFloat16, DType::BFloat16, false}};

// Elements of one type as raw bits, with `base` elements of slack before the operand.
struct Buffer {
    std::vector<uint32_t> b32;
    std::vector<uint16_t> b16;
    bool wide = false;
    Buffer(bool w, size_t n) : wide(w) {
        if (wide) {
            b32.assign(n, kSentinel32);
        } else {
            b16.assign(n, kSentinel16);
        }
    }
    void* at(int64_t i) {
        return wide ? static_cast<void*>(b32.data() + i) : static_cast<void*>(b16.data() + i);
    }
};

double decode(const TypeCase& t, const Buffer& buf, int64_t i) {
    if (t.wide) {
        float f;
        std::memcpy(&f, &buf.b32[static_cast<size_t>(i)], 4);
        return f;
    }
    const uint16_t bits = buf.b16[static_cast<size_t>(i)];
    return t.arith == ArithType::Float16 ? half_value(bits) : bf16_value(bits);
}

// Random bit patterns: every class of value, NaN payloads and signaling NaNs included.
void fill_random(Buffer& buf, uint32_t seed) {
    std::mt19937 rng(seed);
    for (uint32_t& b : buf.b32) {
        b = rng();
    }
    for (uint16_t& b : buf.b16) {
        b = static_cast<uint16_t>(rng());
    }
}

// The result `r` (a float value, as double) checked against the output element bit for bit:
// NaN as NaN (fp32, any payload) or 0x7FFF (the 16-bit types' canonical NaN).
::testing::AssertionResult matches(const TypeCase& t, const Buffer& out, int64_t i, double r) {
    if (t.wide) {
        const uint32_t got = out.b32[static_cast<size_t>(i)];
        float g;
        std::memcpy(&g, &got, 4);
        const float want = static_cast<float>(r);
        uint32_t want_bits;
        std::memcpy(&want_bits, &want, 4);
        if (std::isnan(want) ? std::isnan(g) : got == want_bits) {
            return ::testing::AssertionSuccess();
        }
        return ::testing::AssertionFailure() << "element " << i << ": " << g << " want " << want;
    }
    const uint16_t got = out.b16[static_cast<size_t>(i)];
    const uint16_t want = std::isnan(r)                   ? uint16_t{0x7FFF}
                          : t.arith == ArithType::Float16 ? half_bits(r)
                                                          : bf16_bits(r);
    if (got == want) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure()
           << "element " << i << ": 0x" << std::hex << got << " want 0x" << want;
}

::testing::AssertionResult untouched(const Buffer& out, int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
        const bool same = out.wide ? out.b32[static_cast<size_t>(i)] == kSentinel32
                                   : out.b16[static_cast<size_t>(i)] == kSentinel16;
        if (!same) {
            return ::testing::AssertionFailure() << "storage element " << i << " was written";
        }
    }
    return ::testing::AssertionSuccess();
}

// One float operation, exact in double, rounded to float (double rounding through double is
// exact for + and *: 53 >= 2 * 24 + 2 bits).
double f32(double v) {
    return static_cast<float>(v);
}

// The kernels under test, each with its reference: out = op(a, b) elementwise.
enum class Kind { Add, Mul, Adds, Muls, SigmoidBackward };
struct OpCase {
    const char* name;
    Kind kind;
};
const OpCase kOps[] = {{"Add", Kind::Add},
                       {"Mul", Kind::Mul},
                       {"Adds", Kind::Adds},
                       {"Muls", Kind::Muls},
                       {"SigmoidBackward", Kind::SigmoidBackward}};

constexpr float kAlpha = -1.25f;
constexpr float kScalar = 0.3f;

double reference(Kind kind, double a, double b) {
    switch (kind) {
        case Kind::Add:
            return f32(a + f32(double{kAlpha} * b));
        case Kind::Mul:
            return f32(a * b);
        case Kind::Adds:
            return f32(a + f32(double{kAlpha} * double{kScalar}));
        case Kind::Muls:
            return f32(a * double{kScalar});
        case Kind::SigmoidBackward:
            return f32(f32(a * f32(1.0 - b)) * b);
    }
    return 0;
}

void run_kernel(Kind kind,
                const TypeCase& t,
                int64_t n,
                void* out,
                const void* a,
                const void* b,
                int threads,
                cpu::StoreMode stores) {
    if (kind == Kind::SigmoidBackward) {
        kernels::SigmoidBackwardArgs args;
        args.geometry = contiguous_geometry(n);
        args.dtype = t.dtype;
        args.grad_input = out;
        args.grad_output = a;
        args.output = b;
        cpu::sigmoid_backward(args, threads, stores);
        return;
    }
    kernels::BinaryArithArgs args;
    args.geometry = contiguous_geometry(n);
    args.op = kind == Kind::Add || kind == Kind::Adds ? ArithOp::Add : ArithOp::Mul;
    args.out_type = args.self_type = args.other_type = args.promoted = t.arith;
    args.out = out;
    args.self = a;
    args.other = b;
    args.alpha.f = kAlpha;
    args.other_is_scalar = kind == Kind::Adds || kind == Kind::Muls;
    args.other_scalar.f = kScalar;
    cpu::binary_arith(args, threads, stores);
}

// Around the vector (8, 16), line (16 floats, 32 16-bit elements) and block (four lines) widths.
const int64_t kSizes[] = {0,  1,  2,   7,   8,   9,   15,  16,  17,  31,  32,  33,  47,  63,
                          64, 65, 100, 127, 128, 129, 160, 191, 255, 256, 257, 300, 1000};

// Out of place, every size, operands on and off the cache line, both store modes.
TEST(CpuFusedRuns, MatchDoubleReferenceAtEverySizeAndOffset) {
    for_each_cpu_isa([](CpuIsa) {
        for (const TypeCase& t : kTypes) {
            SCOPED_TRACE(t.name);
            for (const OpCase& oc : kOps) {
                SCOPED_TRACE(oc.name);
                for (int64_t n : kSizes) {
                    for (int64_t out_base : {0, 1, 5, 17}) {
                        for (cpu::StoreMode stores :
                             {cpu::StoreMode::Cached, cpu::StoreMode::Streaming}) {
                            SCOPED_TRACE(::testing::Message()
                                         << "n " << n << " out_base " << out_base << " streaming "
                                         << (stores == cpu::StoreMode::Streaming));
                            const int64_t a_base = out_base % 3;
                            const int64_t b_base = (out_base + 2) % 4;
                            Buffer a(t.wide, static_cast<size_t>(n + a_base));
                            Buffer b(t.wide, static_cast<size_t>(n + b_base));
                            Buffer out(t.wide, static_cast<size_t>(n + out_base + 40));
                            fill_random(a, static_cast<uint32_t>(n * 7 + out_base));
                            fill_random(b, static_cast<uint32_t>(n * 11 + out_base + 1));
                            run_kernel(oc.kind,
                                       t,
                                       n,
                                       out.at(out_base),
                                       a.at(a_base),
                                       b.at(b_base),
                                       1,
                                       stores);
                            for (int64_t i = 0; i < n; ++i) {
                                const double r = reference(
                                    oc.kind, decode(t, a, a_base + i), decode(t, b, b_base + i));
                                ASSERT_TRUE(matches(t, out, out_base + i, r));
                            }
                            ASSERT_TRUE(untouched(out, 0, out_base));
                            ASSERT_TRUE(untouched(out, out_base + n, n + out_base + 40));
                        }
                    }
                }
            }
        }
    });
}

// Long enough for two threads' ranges (each starting mid-line) and many whole lines.
TEST(CpuFusedRuns, TwoThreadsMatchDoubleReference) {
    for_each_cpu_isa([](CpuIsa) {
        for (const TypeCase& t : kTypes) {
            for (const OpCase& oc : kOps) {
                SCOPED_TRACE(::testing::Message() << t.name << " " << oc.name);
                const int64_t n = 70001;
                for (cpu::StoreMode stores : {cpu::StoreMode::Cached, cpu::StoreMode::Streaming}) {
                    Buffer a(t.wide, n), b(t.wide, n), out(t.wide, n + 3);
                    fill_random(a, 5);
                    fill_random(b, 6);
                    run_kernel(oc.kind, t, n, out.at(3), a.at(0), b.at(0), 2, stores);
                    for (int64_t i = 0; i < n; ++i) {
                        const double r = reference(oc.kind, decode(t, a, i), decode(t, b, i));
                        ASSERT_TRUE(matches(t, out, 3 + i, r));
                    }
                    ASSERT_TRUE(untouched(out, 0, 3));
                }
            }
        }
    });
}

// A broadcast row (other [cols] against self [rows, cols]) and outputs with a row pitch: each
// row is a unit-stride run of the strided path, fused in whole lines with a buffered tail.
TEST(CpuFusedRuns, BroadcastRowsMatchDoubleReference) {
    for_each_cpu_isa([](CpuIsa) {
        for (const TypeCase& t : kTypes) {
            for (Kind kind : {Kind::Add, Kind::Mul, Kind::SigmoidBackward}) {
                for (int64_t cols : {int64_t{1}, int64_t{40}, int64_t{100}}) {
                    SCOPED_TRACE(::testing::Message()
                                 << t.name << " kind " << static_cast<int>(kind) << " cols "
                                 << cols);
                    const int64_t rows = 7;
                    const int64_t pitch = cols + 3;  // output rows apart
                    Buffer a(t.wide, rows * cols), b(t.wide, cols), out(t.wide, rows * pitch);
                    fill_random(a, static_cast<uint32_t>(cols));
                    fill_random(b, static_cast<uint32_t>(cols + 1));
                    const std::vector<int64_t> strides[3] = {{pitch, 1}, {cols, 1}, {0, 1}};
                    const kernels::ElementwiseGeometry g = strided_geometry({rows, cols}, strides);
                    if (kind == Kind::SigmoidBackward) {
                        kernels::SigmoidBackwardArgs args;
                        args.geometry = g;
                        args.dtype = t.dtype;
                        args.grad_input = out.at(0);
                        args.grad_output = a.at(0);
                        args.output = b.at(0);
                        cpu::sigmoid_backward(args, 1);
                    } else {
                        kernels::BinaryArithArgs args;
                        args.geometry = g;
                        args.op = kind == Kind::Add ? ArithOp::Add : ArithOp::Mul;
                        args.out_type = args.self_type = args.other_type = args.promoted = t.arith;
                        args.out = out.at(0);
                        args.self = a.at(0);
                        args.other = b.at(0);
                        args.alpha.f = kAlpha;
                        cpu::binary_arith(args, 1);
                    }
                    for (int64_t r = 0; r < rows; ++r) {
                        for (int64_t c = 0; c < cols; ++c) {
                            const double want =
                                reference(kind, decode(t, a, r * cols + c), decode(t, b, c));
                            ASSERT_TRUE(matches(t, out, r * pitch + c, want));
                        }
                        ASSERT_TRUE(untouched(out, r * pitch + cols, (r + 1) * pitch));
                    }
                }
            }
        }
    });
}

// In place: the output is self (InplaceAdd, InplaceMul, the scalar forms) or other, and both
// inputs one buffer (Add of a tensor to itself).
TEST(CpuFusedRuns, InPlaceMatchesDoubleReference) {
    for_each_cpu_isa([](CpuIsa) {
        for (const TypeCase& t : kTypes) {
            for (const OpCase& oc : kOps) {
                for (int64_t n : {int64_t{1}, int64_t{33}, int64_t{1000}, int64_t{4099}}) {
                    for (int aliasing = 0; aliasing < 3; ++aliasing) {  // out=a, out=b, a=b=out
                        SCOPED_TRACE(::testing::Message() << t.name << " " << oc.name << " n " << n
                                                          << " aliasing " << aliasing);
                        for (cpu::StoreMode stores :
                             {cpu::StoreMode::Cached, cpu::StoreMode::Streaming}) {
                            Buffer a(t.wide, n + 1), b(t.wide, n + 1);
                            fill_random(a, static_cast<uint32_t>(n + aliasing));
                            fill_random(b, static_cast<uint32_t>(n + aliasing + 9));
                            const Buffer a0 = a, b0 = b;
                            void* pa = a.at(1);
                            void* pb = aliasing == 2 ? pa : b.at(1);
                            void* po = aliasing == 1 ? pb : pa;
                            run_kernel(oc.kind, t, n, po, pa, pb, 1, stores);
                            const Buffer& out = aliasing == 1 ? b : a;
                            for (int64_t i = 1; i <= n; ++i) {
                                const double x = decode(t, a0, i);
                                const double y = aliasing == 2 ? x : decode(t, b0, i);
                                ASSERT_TRUE(matches(t, out, i, reference(oc.kind, x, y)));
                            }
                        }
                    }
                }
            }
        }
    });
}

// Sigmoid (one input read as both operands): every wider path gives the baseline's bits, and
// the baseline is within a few float ulps of 1 / (1 + exp(-x)) before the 16-bit rounding.
TEST(CpuFusedRuns, SigmoidPathsAgreeAndMatchReference) {
    const std::vector<CpuIsa> isas = runnable_isas();
    for (const TypeCase& t : kTypes) {
        for (int64_t n : {int64_t{0}, int64_t{1}, int64_t{31}, int64_t{33}, int64_t{4099}}) {
            SCOPED_TRACE(::testing::Message() << t.name << " n " << n);
            Buffer in(t.wide, n);
            std::mt19937 rng(static_cast<uint32_t>(n));
            std::uniform_real_distribution<double> dist(-8.0, 8.0);  // results normal in fp16
            for (int64_t i = 0; i < n; ++i) {
                const double v = dist(rng);
                if (t.wide) {
                    const float f = static_cast<float>(v);
                    std::memcpy(&in.b32[static_cast<size_t>(i)], &f, 4);
                } else {
                    in.b16[static_cast<size_t>(i)] =
                        t.arith == ArithType::Float16 ? half_bits(v) : bf16_bits(v);
                }
            }
            std::vector<Buffer> outs;
            for (CpuIsa isa : isas) {
                ForcedIsa forced(isa);
                ASSERT_TRUE(forced.ok());
                for (cpu::StoreMode stores : {cpu::StoreMode::Cached, cpu::StoreMode::Streaming}) {
                    outs.emplace_back(t.wide, static_cast<size_t>(n));
                    kernels::SigmoidArgs args;
                    args.geometry = contiguous_geometry(n);
                    args.dtype = t.dtype;
                    args.out = outs.back().at(0);
                    args.self = in.at(0);
                    cpu::sigmoid(args, 1, stores);
                }
            }
            for (size_t v = 1; v < outs.size(); ++v) {
                EXPECT_EQ(outs[v].b32, outs[0].b32) << "variant " << v;
                EXPECT_EQ(outs[v].b16, outs[0].b16) << "variant " << v;
            }
            for (int64_t i = 0; i < n; ++i) {
                const double x = decode(t, in, i);
                const double want = 1.0 / (1.0 + std::exp(-x));
                const double got = decode(t, outs[0], i);
                const double ulp = t.wide                          ? 0x1p-23
                                   : t.arith == ArithType::Float16 ? 0x1p-10
                                                                   : 0x1p-7;
                // 4 float ulps, plus the 16-bit rounding (half a 16-bit ulp), relative.
                ASSERT_NEAR(got, want, want * (4 * 0x1p-23 + (t.wide ? 0 : ulp / 2)) + 1e-45)
                    << "element " << i << " x " << x;
            }
        }
    }
}

}  // namespace
}  // namespace aclemu::test
