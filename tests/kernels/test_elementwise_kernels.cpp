// Calls cpu::log_sigmoid_backward and cpu::logit_grad directly on host buffers against double
// references written here (never the shared functors): op_semantics §1.5 and §3.7 worked
// examples and edge tables, the LogitGrad eps x x grid, eps narrowing, contiguous tails,
// multi-threaded chunk boundaries, strided / negative / zero-stride / 16-D / 0-D geometries,
// transposed operands (the 2-D tile path), and fp16/bf16 results bit-exact against an RNE
// conversion of the fp32 result written here.
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/math/log_sigmoid_backward.h"
#include "kernels_cu/math/logit_grad.h"
#include "support/cpu_isa.h"
#include "support/elementwise_geometry.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

using aclemu::kernels::DType;
using aclemu::kernels::ElementwiseGeometry;
using aclemu::kernels::kMaxDims;
using aclemu::kernels::LogitGradArgs;
using aclemu::kernels::LogSigmoidBackwardArgs;
namespace cpu = aclemu::kernels::cpu;
using aclemu::test::contiguous_geometry;
using aclemu::test::strided_geometry;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// ---- Independent 16-bit formats: rounding by frexp + nearbyint (RNE) in double. -------------

struct Format {
    int mant_bits;  // 10 (fp16) or 7 (bf16)
    int emin;       // smallest normal exponent
    int emax;       // largest exponent (= bias)
};
constexpr Format kHalf{10, -14, 15};
constexpr Format kBf16{7, -126, 127};

uint16_t ref_round(double v, const Format& f) {
    if (std::isnan(v)) {
        return 0x7FFF;  // the project's canonical NaN
    }
    const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
    const int exp_bits = f.emax == 15 ? 5 : 8;
    const uint16_t inf = static_cast<uint16_t>(((1u << exp_bits) - 1u) << f.mant_bits);
    const double a = std::fabs(v);
    if (std::isinf(a)) {
        return sign | inf;
    }
    if (a < std::ldexp(1.0, f.emin)) {
        // Subnormal: integer multiples of 2^(emin - mant_bits); 2^mant_bits is the smallest
        // normal, whose encoding is the same integer.
        const double q = std::nearbyint(std::ldexp(a, f.mant_bits - f.emin));
        return sign | static_cast<uint16_t>(q);
    }
    int k = 0;
    const double m = std::frexp(a, &k) * 2.0;  // a = m * 2^(k-1), m in [1, 2)
    int e = k - 1;
    double q = std::nearbyint(std::ldexp(m - 1.0, f.mant_bits));
    if (q == std::ldexp(1.0, f.mant_bits)) {
        q = 0;
        ++e;
    }
    if (e > f.emax) {
        return sign | inf;
    }
    return sign | static_cast<uint16_t>(((e + f.emax) << f.mant_bits) | static_cast<int>(q));
}

double ref_decode(uint16_t bits, const Format& f) {
    const int exp_bits = f.emax == 15 ? 5 : 8;
    const double sign = (bits & 0x8000) ? -1.0 : 1.0;
    const int e = (bits >> f.mant_bits) & ((1 << exp_bits) - 1);
    const int m = bits & ((1 << f.mant_bits) - 1);
    if (e == (1 << exp_bits) - 1) {
        return m ? kNaN : sign * kInf;
    }
    if (e == 0) {
        return sign * std::ldexp(m, f.emin - f.mant_bits);
    }
    return sign * std::ldexp(1.0 + std::ldexp(m, -f.mant_bits), e - f.emax);
}

// Bits of a 16-bit float as an integer that grows with the value (+0 and -0 both 0).
int ordinal(uint16_t bits) {
    return (bits & 0x8000) ? -(bits & 0x7FFF) : bits;
}

const Format& format_of(DType t) {
    return t == DType::Float16 ? kHalf : kBf16;
}

const char* dtype_label(DType t) {
    return t == DType::Float32 ? "fp32" : (t == DType::Float16 ? "fp16" : "bf16");
}

// A typed host buffer: fp32 as float, fp16/bf16 as raw bits.
struct Buffer {
    DType dtype;
    std::vector<float> f32;
    std::vector<uint16_t> b16;

    Buffer(DType t, size_t n) : dtype(t) {
        if (t == DType::Float32) {
            f32.assign(n, 0.0f);
        } else {
            b16.assign(n, 0);
        }
    }
    void* data() { return dtype == DType::Float32 ? static_cast<void*>(f32.data()) : b16.data(); }
    void* at(int64_t i) {
        return static_cast<char*>(data()) + i * (dtype == DType::Float32 ? 4 : 2);
    }
    size_t size() const { return dtype == DType::Float32 ? f32.size() : b16.size(); }
    /// Stores v rounded to the buffer's type (fp32: C++ narrowing, which is RNE).
    void set(size_t i, double v) {
        if (dtype == DType::Float32) {
            f32[i] = static_cast<float>(v);
        } else {
            b16[i] = ref_round(v, format_of(dtype));
        }
    }
    double get(size_t i) const {
        return dtype == DType::Float32 ? f32[i] : ref_decode(b16[i], format_of(dtype));
    }
};

// ---- References ------------------------------------------------------------------------------

// d/dx log(sigmoid(x)) * dy = dy / (1 + e^x).
double ref_log_sigmoid_backward(double dy, double x) {
    return dy / (1.0 + std::exp(x));
}

// eps narrowed to float (IEEE: out-of-range magnitudes become +-inf), compared in float.
struct RefBounds {
    double lo, hi;
    bool nan_fill;
};
RefBounds ref_bounds(double eps) {
    float e;
    if (std::isnan(eps)) {
        e = std::numeric_limits<float>::quiet_NaN();
    } else if (std::fabs(eps) > static_cast<double>(FLT_MAX)) {
        // Between FLT_MAX and FLT_MAX + half an ulp (2^103) it still rounds to FLT_MAX.
        const bool to_max = std::fabs(eps) < static_cast<double>(FLT_MAX) + std::ldexp(1.0, 103);
        e = to_max ? FLT_MAX : std::numeric_limits<float>::infinity();
        e = std::copysign(e, static_cast<float>(eps > 0 ? 1 : -1));
    } else {
        e = static_cast<float>(eps);
    }
    if (e >= 0.0f) {
        return {e, static_cast<float>(1.0 - static_cast<double>(e)), false};
    }
    return {0.0, 1.0, true};
}

double ref_logit_grad(double x, double dy, const RefBounds& b) {
    if (x >= b.lo && x <= b.hi) {
        return dy / (x * (1.0 - x));
    }
    return b.nan_fill ? kNaN : 0.0;
}

// ---- Running the kernels -----------------------------------------------------------------------

void run_lsb(const ElementwiseGeometry& g,
             DType t,
             void* out,
             const void* dy,
             const void* x,
             int threads,
             cpu::StoreMode stores = cpu::StoreMode::Auto) {
    LogSigmoidBackwardArgs args;
    args.geometry = g;
    args.dtype = t;
    args.grad_input = out;
    args.grad_output = dy;
    args.self = x;
    cpu::log_sigmoid_backward(args, threads, stores);
}

void run_logit(const ElementwiseGeometry& g,
               DType t,
               void* out,
               const void* x,
               const void* dy,
               double eps,
               int threads,
               cpu::StoreMode stores = cpu::StoreMode::Auto) {
    const auto p = aclemu::kernels::logit_grad_params(eps);
    LogitGradArgs args;
    args.geometry = g;
    args.dtype = t;
    args.out = out;
    args.x = x;
    args.dy = dy;
    args.lo = p.lo;
    args.hi = p.hi;
    args.nan_fill = p.nan_fill;
    cpu::logit_grad(args, threads, stores);
}

// fp32 result vs a double reference: a few ulp, exact for inf/NaN/zero.
::testing::AssertionResult close_f32(double got, double ref, double rtol = 1e-6) {
    if (std::isnan(ref)) {
        return std::isnan(got) ? ::testing::AssertionSuccess()
                               : ::testing::AssertionFailure() << "got " << got << ", want NaN";
    }
    if (std::isinf(ref) || std::isinf(got)) {
        return got == ref ? ::testing::AssertionSuccess()
                          : ::testing::AssertionFailure() << "got " << got << ", want " << ref;
    }
    // Subnormal fp32 results carry only absolute precision 2^-149.
    const double tol = rtol * std::fabs(ref) + std::ldexp(4.0, -149);
    if (std::fabs(got - ref) <= tol) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure()
           << "got " << got << ", want " << ref << " (diff " << std::fabs(got - ref) << ")";
}

// ---- LogSigmoidBackward: worked examples and edge table (op_semantics §1.2, §1.5) -------------

struct Sample {
    double x, dy, want;
};

TEST(CpuLogSigmoidBackwardKernel, WorkedExampleFp32) {
    const std::vector<Sample> rows = {{1, 1, 0.26894143},
                                      {2, 1, 0.11920292},
                                      {3, 1, 0.04742587},
                                      {4, 1, 0.01798621},
                                      {-2, 1, 0.88079709},
                                      {0, 2, 1.0},
                                      {3, -1, -0.04742587},
                                      {-kInf, 0.5, 0.5},
                                      {kInf, 1, 0.0},
                                      {kNaN, 1, kNaN},
                                      {-0.0, 3, 1.5},
                                      {kInf, -2, -0.0},
                                      {kInf, kInf, kNaN},
                                      {-kInf, -kInf, -kInf},
                                      {-1e30, 2, 2},
                                      {1e30, 2, 0}};
    const size_t n = rows.size();
    Buffer x(DType::Float32, n), dy(DType::Float32, n), out(DType::Float32, n);
    for (size_t i = 0; i < n; ++i) {
        x.set(i, rows[i].x);
        dy.set(i, rows[i].dy);
    }
    run_lsb(contiguous_geometry(n), DType::Float32, out.data(), dy.data(), x.data(), 1);
    for (size_t i = 0; i < n; ++i) {
        // The table's 8 significant digits: 5e-8 relative is below fp32 resolution.
        EXPECT_TRUE(close_f32(out.get(i), rows[i].want, 2e-7))
            << "x=" << rows[i].x << " dy=" << rows[i].dy;
        EXPECT_TRUE(close_f32(out.get(i), ref_log_sigmoid_backward(rows[i].dy, rows[i].x)));
    }
    // +inf x with a negative dy gives -0.0, as 0 * dy does.
    EXPECT_TRUE(std::signbit(out.get(11)));
}

TEST(CpuLogSigmoidBackwardKernel, LargeXGivesSubnormalNotZero) {
    Buffer x(DType::Float32, 2), dy(DType::Float32, 2), out(DType::Float32, 2);
    x.set(0, 100);
    dy.set(0, 1);
    x.set(1, 88);
    dy.set(1, 1);
    run_lsb(contiguous_geometry(2), DType::Float32, out.data(), dy.data(), x.data(), 1);
    EXPECT_NEAR(out.get(0), 3.78e-44, 0.01e-44);  // e^-100, an fp32 subnormal
    EXPECT_GT(out.get(0), 0.0);
    EXPECT_TRUE(close_f32(out.get(1), ref_log_sigmoid_backward(1, 88)));
}

TEST(CpuLogSigmoidBackwardKernel, WorkedExample16Bit) {
    // op_semantics §1.5: x = -3, dy = 1 -> 0.95257413 in fp32, 0.95263672 fp16, 0.953125 bf16.
    for (DType t : {DType::Float16, DType::BFloat16}) {
        Buffer x(t, 1), dy(t, 1), out(t, 1);
        x.set(0, -3);
        dy.set(0, 1);
        run_lsb(contiguous_geometry(1), t, out.data(), dy.data(), x.data(), 1);
        EXPECT_EQ(out.get(0), t == DType::Float16 ? 0.95263671875 : 0.953125) << dtype_label(t);
    }
}

// ---- LogitGrad: worked examples, the eps x x grid, narrowing (op_semantics §3.3, §3.7) -------

TEST(CpuLogitGradKernel, DocSample) {
    const std::vector<double> xs = {0.1, 0.2, 0.3, 0.4};
    const std::vector<double> dys = {1, 2, 3, 4};
    const std::vector<std::pair<double, std::vector<double>>> want = {
        {-1, {11.1111116, 12.4999990, 14.2857141, 16.6666660}},
        {0.25, {0, 0, 14.2857141, 16.6666660}}};
    for (const auto& [eps, expected] : want) {
        Buffer x(DType::Float32, 4), dy(DType::Float32, 4), out(DType::Float32, 4);
        for (size_t i = 0; i < 4; ++i) {
            x.set(i, xs[i]);
            dy.set(i, dys[i]);
        }
        run_logit(contiguous_geometry(4), DType::Float32, out.data(), x.data(), dy.data(), eps, 1);
        const RefBounds b = ref_bounds(eps);
        for (size_t i = 0; i < 4; ++i) {
            EXPECT_TRUE(close_f32(out.get(i), expected[i], 2e-7)) << "eps=" << eps << " i=" << i;
            EXPECT_TRUE(close_f32(out.get(i), ref_logit_grad(x.get(i), dy.get(i), b)));
        }
    }
}

// The grid of §3.7 with dy = 1. 'N' = NaN, 'I' = +inf, '0' = 0, 'a' = 11.1111, 'b' = 5.33333,
// 'c' = 4 — written from the spec's table, not from the code.
TEST(CpuLogitGradKernel, EpsGridMatchesSpecTable) {
    const std::vector<double> xs = {-0.5, 0, 0.1, 0.25, 0.5, 0.75, 1, 1.5, kInf, kNaN};
    const std::vector<std::pair<double, std::string>> table = {{-1, "NIabcbINNN"},
                                                               {0, "0IabcbI000"},
                                                               {0.2, "000bcb0000"},
                                                               {0.5, "0000c00000"},
                                                               {0.6, "0000000000"},
                                                               {1, "0000000000"},
                                                               {2, "0000000000"},
                                                               {kInf, "0000000000"},
                                                               {kNaN, "NIabcbINNN"}};
    for (DType t : {DType::Float32, DType::Float16, DType::BFloat16}) {
        for (const auto& [eps, row] : table) {
            const size_t n = xs.size();
            Buffer x(t, n), dy(t, n), out(t, n);
            for (size_t i = 0; i < n; ++i) {
                x.set(i, xs[i]);
                dy.set(i, 1);
            }
            run_logit(contiguous_geometry(n), t, out.data(), x.data(), dy.data(), eps, 1);
            const RefBounds b = ref_bounds(eps);
            for (size_t i = 0; i < n; ++i) {
                const double got = out.get(i);
                const char c = row[i];
                const double rel = t == DType::Float32 ? 1e-5 : 1e-2;
                SCOPED_TRACE(::testing::Message()
                             << dtype_label(t) << " eps=" << eps << " x=" << xs[i]);
                switch (c) {
                    case 'N':
                        EXPECT_TRUE(std::isnan(got)) << got;
                        break;
                    case 'I':
                        EXPECT_EQ(got, kInf);
                        break;
                    case '0':
                        EXPECT_EQ(got, 0.0);
                        break;
                    case 'a':
                        EXPECT_NEAR(got, 11.1111, 11.1111 * rel);
                        break;
                    case 'b':
                        EXPECT_NEAR(got, 5.33333, 5.33333 * rel);
                        break;
                    case 'c':
                        EXPECT_EQ(got, 4.0);
                        break;
                }
                if (t == DType::Float32) {
                    EXPECT_TRUE(close_f32(got, ref_logit_grad(x.get(i), 1, b)));
                }
            }
        }
    }
}

TEST(CpuLogitGradKernel, SignedInfinitiesAndZeroOverZero) {
    // dy = -1, x = 0 -> -inf; dy = 0, x = 1 -> NaN; x = -0.0 -> -inf (t = -0); eps = -1.
    Buffer x(DType::Float32, 3), dy(DType::Float32, 3), out(DType::Float32, 3);
    x.set(0, 0);
    dy.set(0, -1);
    x.set(1, 1);
    dy.set(1, 0);
    x.set(2, -0.0);
    dy.set(2, 1);
    run_logit(contiguous_geometry(3), DType::Float32, out.data(), x.data(), dy.data(), -1, 1);
    EXPECT_EQ(out.get(0), -kInf);
    EXPECT_TRUE(std::isnan(out.get(1)));
    EXPECT_EQ(out.get(2), -kInf);
}

TEST(CpuLogitGradKernel, InRangeDyInfAndNaNPropagate) {
    Buffer x(DType::Float32, 4), dy(DType::Float32, 4), out(DType::Float32, 4);
    const double xs[] = {0.5, 0.5, 2.0, 2.0};
    const double dys[] = {kInf, kNaN, kInf, kNaN};
    for (int i = 0; i < 4; ++i) {
        x.set(i, xs[i]);
        dy.set(i, dys[i]);
    }
    run_logit(contiguous_geometry(4), DType::Float32, out.data(), x.data(), dy.data(), 0.1, 1);
    EXPECT_EQ(out.get(0), kInf);
    EXPECT_TRUE(std::isnan(out.get(1)));
    EXPECT_EQ(out.get(2), 0.0);  // out of range: the fill wins whatever dy is
    EXPECT_EQ(out.get(3), 0.0);
}

TEST(CpuLogitGradKernel, EpsIsNarrowedToFloatBeforeComparing) {
    const float x01 = 0.1f;
    struct Case {
        double eps;
        double x;
        bool in_range;
        bool nan_fill;
    };
    const std::vector<Case> cases = {
        // Above float(0.1) in double, but narrows to it: x == lo is in range.
        {static_cast<double>(x01) + 1e-12, x01, true, false},
        // hi = 1 - float(eps) in fp32.
        {static_cast<double>(x01) + 1e-12, 1.0f - x01, true, false},
        // A tiny negative eps narrows to -0.0f, which is >= 0: fill 0, range [-0, 1].
        {-1e-50, 1.5, false, false},
        {-1e-50, 0.5, true, false},
        // A tiny positive eps narrows to +0: x = 0 is in range (dy / 0).
        {1e-50, 0.0, true, false},
        // Huge magnitudes narrow to +-inf.
        {1e300, 0.5, false, false},
        {-1e300, 1.5, false, true},
        {-1e300, 0.5, true, true},
    };
    for (const Case& c : cases) {
        Buffer x(DType::Float32, 1), dy(DType::Float32, 1), out(DType::Float32, 1);
        x.set(0, c.x);
        dy.set(0, 1);
        run_logit(
            contiguous_geometry(1), DType::Float32, out.data(), x.data(), dy.data(), c.eps, 1);
        SCOPED_TRACE(::testing::Message() << "eps=" << c.eps << " x=" << c.x);
        const double xv = x.get(0);
        if (c.in_range) {
            EXPECT_TRUE(close_f32(out.get(0), 1.0 / (xv * (1.0 - xv))));
        } else if (c.nan_fill) {
            EXPECT_TRUE(std::isnan(out.get(0)));
        } else {
            EXPECT_EQ(out.get(0), 0.0);
        }
        EXPECT_TRUE(close_f32(out.get(0), ref_logit_grad(xv, 1, ref_bounds(c.eps))));
    }
}

TEST(CpuLogitGradKernel, ParamsFromEps) {
    // The kernel parameters the op layer uses, against the rule written independently here.
    for (double eps : {-1.0,
                       -0.0,
                       0.0,
                       1e-50,
                       -1e-50,
                       0.2,
                       0.5,
                       0.6,
                       1.0,
                       2.0,
                       kInf,
                       -kInf,
                       kNaN,
                       1e300,
                       -1e300,
                       3.5e38,
                       3.4028235677973366e38}) {
        const auto p = aclemu::kernels::logit_grad_params(eps);
        const RefBounds b = ref_bounds(eps);
        SCOPED_TRACE(::testing::Message() << "eps=" << eps);
        EXPECT_EQ(p.nan_fill, b.nan_fill);
        EXPECT_EQ(static_cast<double>(p.lo), b.lo);
        EXPECT_EQ(static_cast<double>(p.hi), b.hi);
    }
}

// ---- Random data, every dtype: contiguous tails and thread splits, bit-exact 16-bit store -----

enum class Op { LogSigmoidBackward, LogitGrad };

struct Inputs {
    std::vector<double> a, b;  // operand 1 and 2 in the op's order
};

Inputs random_inputs(Op op, size_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    Inputs in;
    in.a.resize(n);
    in.b.resize(n);
    std::uniform_real_distribution<double> dy(-4, 4);
    std::uniform_real_distribution<double> x_lsb(-30, 30);
    std::uniform_real_distribution<double> x_logit(-0.25, 1.25);
    for (size_t i = 0; i < n; ++i) {
        if (op == Op::LogSigmoidBackward) {
            in.a[i] = dy(rng);
            in.b[i] = x_lsb(rng);
        } else {
            in.a[i] = x_logit(rng);
            in.b[i] = dy(rng);
        }
    }
    return in;
}

double reference(Op op, double a, double b, double eps) {
    return op == Op::LogSigmoidBackward ? ref_log_sigmoid_backward(a, b)
                                        : ref_logit_grad(a, b, ref_bounds(eps));
}

void run_op(Op op,
            const ElementwiseGeometry& g,
            DType t,
            void* out,
            const void* a,
            const void* b,
            double eps,
            int threads,
            cpu::StoreMode stores = cpu::StoreMode::Auto) {
    if (op == Op::LogSigmoidBackward) {
        run_lsb(g, t, out, a, b, threads, stores);
    } else {
        run_logit(g, t, out, a, b, eps, threads, stores);
    }
}

// Checks one dtype on one geometry whose operands live in `storage` buffers at element
// offsets `base`: every reachable output element against the reference, fp16/bf16 bit-exact
// against RNE of the fp32 kernel's result on the same (exactly widened) inputs, and every
// unreachable output element untouched.
void check_geometry(Op op,
                    DType t,
                    const ElementwiseGeometry& g,
                    const int64_t storage[3],
                    const int64_t base[3],
                    int threads,
                    double eps,
                    uint32_t seed,
                    cpu::StoreMode stores = cpu::StoreMode::Auto) {
    SCOPED_TRACE(::testing::Message() << dtype_label(t) << " numel=" << g.numel << " threads="
                                      << threads << (g.contiguous ? " contiguous" : " strided"));
    const Inputs in =
        random_inputs(op, static_cast<size_t>(std::max(storage[1], storage[2])), seed);
    Buffer a(t, storage[1]), b(t, storage[2]), out(t, storage[0]);
    Buffer a32(DType::Float32, storage[1]), b32(DType::Float32, storage[2]),
        out32(DType::Float32, storage[0]);
    for (int64_t i = 0; i < storage[1]; ++i) {
        a.set(i, in.a[i]);
        a32.set(i, a.get(i));
    }
    for (int64_t i = 0; i < storage[2]; ++i) {
        b.set(i, in.b[i]);
        b32.set(i, b.get(i));
    }
    constexpr double kSentinel = 1536.0;  // exactly representable in all three types
    for (int64_t i = 0; i < storage[0]; ++i) {
        out.set(i, kSentinel);
        out32.set(i, kSentinel);
    }
    run_op(op, g, t, out.at(base[0]), a.at(base[1]), b.at(base[2]), eps, threads, stores);
    if (t != DType::Float32) {
        run_op(op,
               g,
               DType::Float32,
               out32.at(base[0]),
               a32.at(base[1]),
               b32.at(base[2]),
               eps,
               threads,
               stores);
    }

    std::vector<bool> written(storage[0], false);
    int64_t idx[kMaxDims] = {};
    int failures = 0;
    for (int64_t linear = 0; linear < g.numel && failures < 10; ++linear) {
        int64_t off[3] = {base[0], base[1], base[2]};
        for (int d = 0; d < g.ndim; ++d) {
            for (int k = 0; k < 3; ++k) {
                off[k] += idx[d] * g.strides[k][d];
            }
        }
        written[off[0]] = true;
        const double want = reference(op, a.get(off[1]), b.get(off[2]), eps);
        const double got = out.get(off[0]);
        if (t == DType::Float32) {
            const auto r = close_f32(got, want);
            if (!r) {
                ++failures;
                ADD_FAILURE() << "element " << linear << ": " << r.message();
            }
        } else {
            const uint16_t expect_bits = ref_round(out32.get(off[0]), format_of(t));
            // Within one unit in the last place of the double reference rounded once.
            const uint16_t want_bits = ref_round(want, format_of(t));
            const bool near = std::isnan(want)
                                  ? std::isnan(got)
                                  : std::abs(ordinal(out.b16[off[0]]) - ordinal(want_bits)) <= 1;
            if (out.b16[off[0]] != expect_bits || !near) {
                ++failures;
                ADD_FAILURE() << "element " << linear << ": bits 0x" << std::hex << out.b16[off[0]]
                              << " want 0x" << expect_bits << std::dec << " (value " << got
                              << ", double reference " << want << ")";
            }
        }
        for (int d = g.ndim - 1; d >= 0; --d) {
            if (++idx[d] < g.sizes[d]) {
                break;
            }
            idx[d] = 0;
        }
    }
    for (int64_t i = 0; i < storage[0] && failures < 10; ++i) {
        if (!written[i] && out.get(i) != kSentinel) {
            ++failures;
            ADD_FAILURE() << "output storage element " << i << " was written";
        }
    }
}

struct OpCase {
    Op op;
    double eps;
    const char* name;
};
const OpCase kOps[] = {{Op::LogSigmoidBackward, 0, "LogSigmoidBackward"},
                       {Op::LogitGrad, -1, "LogitGrad eps=-1"},
                       {Op::LogitGrad, 0.05, "LogitGrad eps=0.05"}};
const DType kDtypes[] = {DType::Float32, DType::Float16, DType::BFloat16};

TEST(CpuElementwiseKernels, ContiguousSizesAndThreads) {
    for (const OpCase& oc : kOps) {
        SCOPED_TRACE(oc.name);
        for (DType t : kDtypes) {
            for (int64_t n : {1, 2, 3, 7, 8, 15, 16, 17, 31, 33, 511, 512, 513, 1000, 4099}) {
                const int64_t storage[3] = {n, n, n};
                const int64_t base[3] = {0, 0, 0};
                check_geometry(oc.op, t, contiguous_geometry(n), storage, base, 1, oc.eps, 7u + n);
            }
            // Large enough for several threads: chunk boundaries inside tiles.
            const int64_t n = 100003;
            const int64_t storage[3] = {n + 3, n + 1, n + 2};
            const int64_t base[3] = {3, 1, 2};
            for (int threads : {1, 3, 4}) {
                check_geometry(
                    oc.op, t, contiguous_geometry(n), storage, base, threads, oc.eps, 99u);
            }
        }
    }
}

TEST(CpuElementwiseKernels, ThreadCountDoesNotChangeBits) {
    const int64_t n = 150001;
    for (DType t : kDtypes) {
        const Inputs in = random_inputs(Op::LogSigmoidBackward, n, 5u);
        Buffer a(t, n), b(t, n), out1(t, n), out4(t, n);
        for (int64_t i = 0; i < n; ++i) {
            a.set(i, in.a[i]);
            b.set(i, in.b[i]);
        }
        run_lsb(contiguous_geometry(n), t, out1.data(), a.data(), b.data(), 1);
        run_lsb(contiguous_geometry(n), t, out4.data(), a.data(), b.data(), 4);
        EXPECT_EQ(0, std::memcmp(out1.data(), out4.data(), n * (t == DType::Float32 ? 4 : 2)))
            << dtype_label(t);
    }
}

TEST(CpuElementwiseKernels, StridedPermutedNegativeAndBroadcast) {
    // sizes 3 x 4 x 5: out transposed (dense, column-major), operand 1 every other element,
    // operand 2 broadcast over dim 0 with a negative innermost stride.
    const std::vector<int64_t> sizes = {3, 4, 5};
    const std::vector<int64_t> strides[3] = {{1, 3, 12}, {40, 10, 2}, {0, 5, -1}};
    const ElementwiseGeometry g = strided_geometry(sizes, strides);
    const int64_t storage[3] = {60, 120, 20};
    const int64_t base[3] = {0, 0, 4};
    for (const OpCase& oc : kOps) {
        SCOPED_TRACE(oc.name);
        for (DType t : kDtypes) {
            check_geometry(oc.op, t, g, storage, base, 1, oc.eps, 11u);
        }
    }
}

TEST(CpuElementwiseKernels, StridedLargeAcrossThreadChunks) {
    // 7 x 33 x 517 = 119427 elements, output with a row gap, inputs permuted: thread chunks
    // start in the middle of rows and of the outer dims.
    const std::vector<int64_t> sizes = {7, 33, 517};
    const std::vector<int64_t> strides[3] = {
        {33 * 520, 520, 1}, {1, 7 * 517, 7}, {517, 7 * 517, 1}};
    const ElementwiseGeometry g = strided_geometry(sizes, strides);
    const int64_t storage[3] = {7 * 33 * 520, 7 * 33 * 517, 7 * 33 * 517};
    const int64_t base[3] = {0, 0, 0};
    for (const OpCase& oc : kOps) {
        SCOPED_TRACE(oc.name);
        for (DType t : kDtypes) {
            for (int threads : {1, 4}) {
                check_geometry(oc.op, t, g, storage, base, threads, oc.eps, 21u);
            }
        }
    }
}

TEST(CpuElementwiseKernels, StridedSixteenDims) {
    std::vector<int64_t> sizes(kMaxDims, 2);
    sizes[0] = 3;
    std::vector<int64_t> strides[3];
    for (int k = 0; k < 3; ++k) {
        strides[k].assign(kMaxDims, 0);
    }
    // Output and operand 2 row-major dense, operand 1 reversed (column-major).
    int64_t s = 1;
    for (int d = kMaxDims - 1; d >= 0; --d) {
        strides[0][d] = s;
        strides[2][d] = s;
        s *= sizes[d];
    }
    s = 1;
    for (int d = 0; d < kMaxDims; ++d) {
        strides[1][d] = s;
        s *= sizes[d];
    }
    const ElementwiseGeometry g = strided_geometry(sizes, strides);
    const int64_t n = g.numel;
    const int64_t storage[3] = {n, n, n};
    const int64_t base[3] = {0, 0, 0};
    for (const OpCase& oc : kOps) {
        SCOPED_TRACE(oc.name);
        for (DType t : kDtypes) {
            check_geometry(oc.op, t, g, storage, base, 4, oc.eps, 31u);
        }
    }
}

// Row-major strides of `sizes` taken in the order `perm` (perm[0] outermost in memory): the
// strides of a permuted view of a dense buffer.
std::vector<int64_t> permuted_strides(const std::vector<int64_t>& sizes,
                                      const std::vector<int>& perm,
                                      int64_t step = 1) {
    std::vector<int64_t> strides(sizes.size());
    int64_t s = step;
    for (int i = static_cast<int>(perm.size()) - 1; i >= 0; --i) {
        strides[perm[i]] = s;
        s *= sizes[perm[i]];
    }
    return strides;
}

// Operands that disagree on their densest dim (transposed views) take the 2-D tile path: edges
// (sizes not multiples of the tile), several tile blocks split over threads, a batch dim,
// inputs and output transposed in turn, fp32 rows used in place and 16-bit ones converted.
TEST(CpuElementwiseKernels, TransposedOperandsInTiles) {
    struct Case {
        const char* name;
        std::vector<int64_t> sizes;
        std::vector<int> perm[3];  // memory order of each operand's dims
    };
    const Case cases[] = {
        {"inputs transposed", {70, 45}, {{0, 1}, {1, 0}, {1, 0}}},
        {"output transposed", {70, 45}, {{1, 0}, {0, 1}, {0, 1}}},
        {"one input transposed", {45, 70}, {{0, 1}, {1, 0}, {0, 1}}},
        {"batched, inputs transposed", {3, 37, 66}, {{0, 1, 2}, {0, 2, 1}, {0, 2, 1}}},
        {"batch innermost in memory", {5, 40, 36}, {{0, 1, 2}, {2, 1, 0}, {1, 2, 0}}},
        {"several blocks", {300, 520}, {{0, 1}, {1, 0}, {1, 0}}},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        std::vector<int64_t> strides[3];
        int64_t storage[3];
        for (int k = 0; k < 3; ++k) {
            strides[k] = permuted_strides(c.sizes, c.perm[k]);
        }
        const ElementwiseGeometry g = strided_geometry(c.sizes, strides);
        for (int k = 0; k < 3; ++k) {
            storage[k] = g.numel;
        }
        const int64_t base[3] = {0, 0, 0};
        for (const OpCase& oc : kOps) {
            SCOPED_TRACE(oc.name);
            for (DType t : kDtypes) {
                for (int threads : {1, 3}) {
                    check_geometry(oc.op, t, g, storage, base, threads, oc.eps, 51u);
                }
            }
        }
    }
}

TEST(CpuElementwiseKernels, TransposedTilesWithGapsAndNegativeStrides) {
    // 41 x 38: the output row-major with a row gap; operand 1 transposed over every other
    // element; operand 2 transposed and walked backwards along both dims.
    const std::vector<int64_t> sizes = {41, 38};
    const std::vector<int64_t> strides[3] = {{40, 1}, {2, 2 * 41}, {-1, -41}};
    const ElementwiseGeometry g = strided_geometry(sizes, strides);
    const int64_t storage[3] = {41 * 40, 2 * 41 * 38, 41 * 38};
    const int64_t base[3] = {0, 0, 41 * 38 - 1};
    for (const OpCase& oc : kOps) {
        SCOPED_TRACE(oc.name);
        for (DType t : kDtypes) {
            check_geometry(oc.op, t, g, storage, base, 2, oc.eps, 61u);
        }
    }
}

TEST(CpuElementwiseKernels, ZeroDimAndEmpty) {
    ElementwiseGeometry scalar;
    scalar.numel = 1;
    scalar.ndim = 0;
    const int64_t storage[3] = {1, 1, 1};
    const int64_t base[3] = {0, 0, 0};
    for (const OpCase& oc : kOps) {
        for (DType t : kDtypes) {
            check_geometry(oc.op, t, scalar, storage, base, 2, oc.eps, 41u);
        }
    }
    // numel 0: nothing is touched (null pointers are never dereferenced).
    ElementwiseGeometry empty = contiguous_geometry(0);
    run_lsb(empty, DType::Float32, nullptr, nullptr, nullptr, 4);
    run_logit(empty, DType::BFloat16, nullptr, nullptr, nullptr, -1, 4);
    const std::vector<int64_t> sizes = {3, 0, 2};
    const std::vector<int64_t> strides[3] = {{2, 2, 1}, {2, 2, 1}, {2, 2, 1}};
    run_lsb(strided_geometry(sizes, strides), DType::Float16, nullptr, nullptr, nullptr, 4);
}

TEST(CpuElementwiseKernels, InPlaceOutputAliasesInput) {
    // gradInput written over gradOutput (the same memory) is well defined elementwise.
    for (DType t : kDtypes) {
        const int64_t n = 1031;
        const Inputs in = random_inputs(Op::LogSigmoidBackward, n, 3u);
        Buffer dy(t, n), x(t, n);
        for (int64_t i = 0; i < n; ++i) {
            dy.set(i, in.a[i]);
            x.set(i, in.b[i]);
        }
        const Buffer dy_copy = dy;
        run_lsb(contiguous_geometry(n), t, dy.data(), dy.data(), x.data(), 2);
        for (int64_t i = 0; i < n; ++i) {
            const double want = ref_log_sigmoid_backward(dy_copy.get(i), x.get(i));
            ASSERT_NEAR(dy.get(i), want, 1e-2 * std::fabs(want) + 1e-6)
                << dtype_label(t) << " " << i;
        }
    }
}

TEST(CpuElementwiseKernels, InPlaceGivesTheOutOfPlaceBits) {
    // fp32 contiguous in place runs without a staging buffer (compute_run_in_place): the output
    // exactly gradOutput, exactly self, or both (one buffer for every operand) must give the
    // bits of the out-of-place call over the same values. 4099 elements: several runs and a tail.
    const int64_t n = 4099;
    const Inputs in = random_inputs(Op::LogSigmoidBackward, n, 17u);
    const DType t = DType::Float32;
    Buffer dy(t, n), x(t, n), same(t, n), out(t, n);
    for (int64_t i = 0; i < n; ++i) {
        dy.set(i, in.a[i]);
        x.set(i, in.b[i]);
        same.set(i, in.b[i]);
    }
    const ElementwiseGeometry g = contiguous_geometry(n);
    run_lsb(g, t, out.data(), dy.data(), x.data(), 2);
    Buffer over_dy = dy;
    run_lsb(g, t, over_dy.data(), over_dy.data(), x.data(), 2);
    Buffer over_x = x;
    run_lsb(g, t, over_x.data(), dy.data(), over_x.data(), 2);
    Buffer want_same(t, n);
    run_lsb(g, t, want_same.data(), same.data(), same.data(), 2);
    run_lsb(g, t, same.data(), same.data(), same.data(), 2);
    for (int64_t i = 0; i < n; ++i) {
        ASSERT_EQ(over_dy.get(i), out.get(i)) << i;
        ASSERT_EQ(over_x.get(i), out.get(i)) << i;
        ASSERT_EQ(same.get(i), want_same.get(i)) << i;
        const double want = ref_log_sigmoid_backward(dy.get(i), x.get(i));
        ASSERT_NEAR(out.get(i), want, 1e-5 * std::fabs(want) + 1e-7) << i;
    }
}

TEST(CpuElementwiseKernels, InPlaceOverTransposedInput) {
    // gradInput written over gradOutput where both are the same transposed view and self is
    // row-major: the tiled path reads each tile of gradOutput before writing it.
    const int64_t rows = 67;
    const int64_t cols = 53;
    const int64_t n = rows * cols;
    const std::vector<int64_t> sizes = {rows, cols};
    const std::vector<int64_t> strides[3] = {{1, rows}, {1, rows}, {cols, 1}};
    const ElementwiseGeometry g = strided_geometry(sizes, strides);
    for (DType t : kDtypes) {
        const Inputs in = random_inputs(Op::LogSigmoidBackward, n, 13u);
        Buffer dy(t, n), x(t, n);
        for (int64_t i = 0; i < n; ++i) {
            dy.set(i, in.a[i]);
            x.set(i, in.b[i]);
        }
        const Buffer dy_copy = dy;
        run_lsb(g, t, dy.data(), dy.data(), x.data(), 2);
        for (int64_t r = 0; r < rows; ++r) {
            for (int64_t c = 0; c < cols; ++c) {
                const int64_t at = r + c * rows;  // dy / dx element (r, c)
                const double want = ref_log_sigmoid_backward(dy_copy.get(at), x.get(r * cols + c));
                ASSERT_NEAR(dy.get(at), want, 1e-2 * std::fabs(want) + 1e-6)
                    << dtype_label(t) << " (" << r << ", " << c << ")";
            }
        }
    }
}

// ---- Instruction-set variants: same bits --------------------------------------------------

using aclemu::test::CpuIsa;
using aclemu::test::ForcedIsa;
using aclemu::test::isa_label;
using aclemu::test::runnable_isas;

// x86/isa.h reads CPUID by hand; GCC's own feature probe must agree with it.
TEST(CpuElementwiseIsa, DetectedIsaAgreesWithTheCompilersProbe) {
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
    const bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c");
    const bool avx512 = avx2 && __builtin_cpu_supports("avx512f")
                        && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")
                        && __builtin_cpu_supports("avx512dq");
    const CpuIsa want = avx512 ? CpuIsa::Avx512 : (avx2 ? CpuIsa::Avx2F16c : CpuIsa::Baseline);
    EXPECT_EQ(static_cast<int>(aclemu::kernels::cpu::cpu_isa_detected()), static_cast<int>(want));
    EXPECT_EQ(static_cast<int>(aclemu::kernels::cpu::cpu_isa_supported()), static_cast<int>(want));
#else
    GTEST_SKIP() << "the comparison uses GCC's __builtin_cpu_supports on x86-64";
#endif
}

TEST(CpuElementwiseIsa, VariantsGiveTheSameBits) {
    const std::vector<CpuIsa> isas = runnable_isas();
    if (isas.size() < 2) {
        GTEST_SKIP() << "this CPU has neither AVX2 + F16C nor AVX-512: only the baseline "
                        "variant can run";
    }
    // Random values with the special ones sprinkled in (every 7th element).
    const double specials[] = {kNaN, kInf, -kInf, 0.0,  -0.0,  1e-40, -1e-40, 1e-6, 0.5,      -100,
                               100,  88,   -88,   1e30, -1e30, 65504, 65520,  1e-7, 0.999999, 1.0};
    struct Geometry {
        const char* name;
        ElementwiseGeometry g;
        int64_t storage;
    };
    std::vector<Geometry> geometries;
    geometries.push_back({"contiguous", contiguous_geometry(100003), 100003});
    {
        const std::vector<int64_t> strides[3] = {{301, 1}, {1, 300}, {302, 1}};
        geometries.push_back({"transposed", strided_geometry({300, 301}, strides), 302 * 301});
    }
    {
        const std::vector<int64_t> strides[3] = {{601, 1}, {1202, 2}, {600, 1}};
        geometries.push_back({"rows", strided_geometry({150, 600}, strides), 1202 * 150});
    }
    for (const OpCase& oc : kOps) {
        SCOPED_TRACE(oc.name);
        for (DType t : kDtypes) {
            for (const Geometry& geo : geometries) {
                SCOPED_TRACE(::testing::Message() << dtype_label(t) << " " << geo.name);
                const size_t n = static_cast<size_t>(geo.storage);
                Inputs in = random_inputs(oc.op, n, 77u);
                for (size_t i = 0; i < n; i += 7) {
                    in.a[i] = specials[(i / 7) % std::size(specials)];
                    in.b[(i + 3) % n] = specials[(i / 7 + 5) % std::size(specials)];
                }
                Buffer a(t, n), b(t, n);
                for (size_t i = 0; i < n; ++i) {
                    a.set(i, in.a[i]);
                    b.set(i, in.b[i]);
                }
                std::vector<Buffer> outs;
                for (CpuIsa isa : isas) {
                    ForcedIsa forced(isa);
                    ASSERT_TRUE(forced.ok());
                    outs.emplace_back(t, n);
                    run_op(oc.op, geo.g, t, outs.back().data(), a.data(), b.data(), oc.eps, 2);
                }
                // Each wider variant against the baseline, bit for bit, except that an fp32 NaN
                // may carry either input's payload (which operand x86 propagates follows the
                // instruction's operand order).
                for (size_t v = 1; v < outs.size(); ++v) {
                    SCOPED_TRACE(isa_label(isas[v]));
                    int failures = 0;
                    for (size_t i = 0; i < n && failures < 10; ++i) {
                        const bool both_nan = t == DType::Float32 && std::isnan(outs[0].f32[i])
                                              && std::isnan(outs[v].f32[i]);
                        const bool same =
                            t == DType::Float32
                                ? std::memcmp(&outs[0].f32[i], &outs[v].f32[i], sizeof(float)) == 0
                                : outs[0].b16[i] == outs[v].b16[i];
                        if (!same && !both_nan) {
                            ++failures;
                            ADD_FAILURE() << "element " << i << ": " << outs[0].get(i) << " vs "
                                          << outs[v].get(i);
                        }
                    }
                }
            }
        }
    }
}

// The non-temporal output path (Note [Streaming stores]) of every variant against the double
// reference: outputs that start on and off a cache line (the head before the first 64-byte
// boundary), sizes below one run, at whole runs and with tails, several threads (a thread's
// range starts mid-line), and the storage around the output untouched.
TEST(CpuElementwiseIsa, StreamingStoresMatchReference) {
    aclemu::test::for_each_cpu_isa([](CpuIsa) {
        for (const OpCase& oc : kOps) {
            SCOPED_TRACE(oc.name);
            for (DType t : kDtypes) {
                for (int64_t n : {1, 31, 512, 1024, 1543, 70001}) {
                    for (int64_t out_base : {0, 1, 5, 16}) {
                        const int64_t storage[3] = {n + out_base + 3, n + 1, n};
                        const int64_t base[3] = {out_base, 1, 0};
                        for (int threads : {1, 3}) {
                            check_geometry(oc.op,
                                           t,
                                           contiguous_geometry(n),
                                           storage,
                                           base,
                                           threads,
                                           oc.eps,
                                           static_cast<uint32_t>(n + out_base),
                                           cpu::StoreMode::Streaming);
                        }
                    }
                }
            }
        }
    });
}

TEST(CpuElementwiseKernels, RoundingHelpersSelfCheck) {
    // The test's own conversions against values known by hand.
    EXPECT_EQ(ref_round(1.0, kHalf), 0x3C00);
    EXPECT_EQ(ref_round(65504.0, kHalf), 0x7BFF);
    EXPECT_EQ(ref_round(65519.99, kHalf), 0x7BFF);
    EXPECT_EQ(ref_round(65520.0, kHalf), 0x7C00);
    EXPECT_EQ(ref_round(std::ldexp(1.0, -24), kHalf), 0x0001);
    EXPECT_EQ(ref_round(std::ldexp(1.0, -25), kHalf), 0x0000);        // tie to even
    EXPECT_EQ(ref_round(std::ldexp(3.0, -25), kHalf), 0x0002);        // tie to even
    EXPECT_EQ(ref_round(-std::ldexp(1023.5, -24), kHalf), 0x8400);    // rounds into the normals
    EXPECT_EQ(ref_round(1.0 + std::ldexp(1.0, -11), kHalf), 0x3C00);  // tie to even
    EXPECT_EQ(ref_round(1.0 + std::ldexp(3.0, -11), kHalf), 0x3C02);
    EXPECT_EQ(ref_round(0.95257413, kHalf), ref_round(0.95263671875, kHalf));
    EXPECT_EQ(ref_round(1.0, kBf16), 0x3F80);
    EXPECT_EQ(ref_round(1.0 + std::ldexp(1.0, -8), kBf16), 0x3F80);
    EXPECT_EQ(ref_round(1.0 + std::ldexp(3.0, -8), kBf16), 0x3F82);
    EXPECT_EQ(ref_round(static_cast<double>(FLT_MAX), kBf16), 0x7F80);
    EXPECT_EQ(ref_round(std::ldexp(1.0, -133), kBf16), 0x0001);
    EXPECT_EQ(ref_round(-kInf, kBf16), 0xFF80);
    EXPECT_EQ(ref_decode(0x3C00, kHalf), 1.0);
    EXPECT_EQ(ref_decode(0x0001, kHalf), std::ldexp(1.0, -24));
    EXPECT_EQ(ref_decode(0xC000, kBf16), -2.0);
    EXPECT_TRUE(std::isnan(ref_decode(0x7FFF, kHalf)));
}

}  // namespace
