// The CPU Add/Mul kernel (kernels_cpu/binary_arith.cpp) called directly on every instruction
// set this machine runs (tests/support/cpu_isa.h): the same-type FLOAT/FLOAT16/BFLOAT16 fast
// path, contiguous and broadcast, against a reference written here (the product rounded to
// float, then the sum, computed exactly in double and rounded), bit for bit; and the general
// path (mixed types, integers) against exact references.
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cu/math/binary_arith.h"
#include "support/cpu_isa.h"
#include "support/elementwise_geometry.h"
#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace aclemu::test {
namespace {

using kernels::ArithOp;
using kernels::ArithType;
using kernels::BinaryArithArgs;

// Values of `t` (FLOAT, FLOAT16 or BFLOAT16) as raw 32- or 16-bit patterns and as doubles.
struct FloatData {
    std::vector<uint32_t> bits32;
    std::vector<uint16_t> bits16;
    std::vector<double> values;
    const void* data() const {
        return bits32.empty() ? static_cast<const void*>(bits16.data()) : bits32.data();
    }
};

FloatData make_floats(ArithType t, int64_t n, int seed) {
    FloatData d;
    for (int64_t i = 0; i < n; ++i) {
        const double v = std::sin(0.37 * static_cast<double>(i) + seed) * 4.0;
        if (t == ArithType::Float32) {
            const float f = static_cast<float>(v);
            uint32_t b;
            std::memcpy(&b, &f, 4);
            d.bits32.push_back(b);
            d.values.push_back(f);
        } else {
            const bool half = t == ArithType::Float16;
            const uint16_t b = half ? half_bits(v) : bf16_bits(v);
            d.bits16.push_back(b);
            d.values.push_back(half ? half_value(b) : bf16_value(b));
        }
    }
    return d;
}

double round_to(ArithType t, double v) {
    switch (t) {
        case ArithType::Float16:
            return half_value(half_bits(v));
        case ArithType::BFloat16:
            return bf16_value(bf16_bits(v));
        default:
            return static_cast<float>(v);
    }
}

double read_out(ArithType t,
                const std::vector<uint32_t>& out32,
                const std::vector<uint16_t>& out16,
                int64_t i) {
    if (t == ArithType::Float32) {
        float f;
        std::memcpy(&f, &out32[static_cast<size_t>(i)], 4);
        return f;
    }
    const uint16_t b = out16[static_cast<size_t>(i)];
    return t == ArithType::Float16 ? half_value(b) : bf16_value(b);
}

TEST(CpuBinaryArithKernel, FastPathMatchesReferenceOnEveryIsa) {
    const int64_t n = 5000;  // several runs, a ragged tail
    const float alpha = -1.25f;
    for (ArithType t : {ArithType::Float32, ArithType::Float16, ArithType::BFloat16}) {
        const FloatData a = make_floats(t, n, 1);
        const FloatData b = make_floats(t, n, 2);
        for (ArithOp op : {ArithOp::Add, ArithOp::Mul}) {
            for (bool broadcast : {false, true}) {  // other: one element, stride 0
                for (CpuIsa isa : runnable_isas()) {
                    SCOPED_TRACE(isa_label(isa));
                    ForcedIsa forced(isa);
                    ASSERT_TRUE(forced.ok());
                    std::vector<uint32_t> out32(t == ArithType::Float32 ? n : 0);
                    std::vector<uint16_t> out16(t == ArithType::Float32 ? 0 : n);
                    BinaryArithArgs args;
                    args.geometry = contiguous_geometry(n);
                    if (broadcast) {
                        args.geometry.contiguous = false;
                        args.geometry.strides[2][0] = 0;
                    }
                    args.op = op;
                    args.out_type = args.self_type = args.other_type = args.promoted = t;
                    args.out = out32.empty() ? static_cast<void*>(out16.data()) : out32.data();
                    args.self = a.data();
                    args.other = b.data();
                    args.alpha.f = alpha;
                    kernels::cpu::binary_arith(args, 2);
                    for (int64_t i = 0; i < n; ++i) {
                        const double x = a.values[static_cast<size_t>(i)];
                        const double y = b.values[broadcast ? 0 : static_cast<size_t>(i)];
                        const double product =
                            static_cast<float>(op == ArithOp::Mul ? x * y : alpha * y);
                        const double expected = round_to(
                            t, op == ArithOp::Mul ? product : static_cast<float>(x + product));
                        ASSERT_EQ(read_out(t, out32, out16, i), expected)
                            << "element " << i << " dtype " << static_cast<int>(t) << " op "
                            << static_cast<int>(op);
                    }
                }
            }
        }
    }
}

TEST(CpuBinaryArithKernel, GeneralPathMixedAndIntegerTypes) {
    // INT16 self + INT32 other * 3 -> INT32 (wrapping), and FLOAT16 self * FLOAT other -> FLOAT.
    const int64_t n = 1500;
    std::vector<int16_t> s16(n);
    std::vector<int32_t> o32(n);
    std::vector<int32_t> out(n);
    for (int64_t i = 0; i < n; ++i) {
        s16[static_cast<size_t>(i)] = static_cast<int16_t>(i * 37 - 20000);
        o32[static_cast<size_t>(i)] = static_cast<int32_t>(i * 1000003 - 700000000);
    }
    BinaryArithArgs args;
    args.geometry = contiguous_geometry(n);
    args.op = ArithOp::Add;
    args.self_type = ArithType::Int16;
    args.other_type = ArithType::Int32;
    args.promoted = args.out_type = ArithType::Int32;
    args.out = out.data();
    args.self = s16.data();
    args.other = o32.data();
    args.alpha.i = 3;
    kernels::cpu::binary_arith(args, 2);
    for (int64_t i = 0; i < n; ++i) {
        const int64_t exact =
            s16[static_cast<size_t>(i)] + 3 * int64_t{o32[static_cast<size_t>(i)]};
        EXPECT_EQ(out[static_cast<size_t>(i)], static_cast<int32_t>(static_cast<uint32_t>(exact)))
            << i;
    }

    const FloatData h = make_floats(ArithType::Float16, n, 3);
    const FloatData f = make_floats(ArithType::Float32, n, 4);
    std::vector<float> fout(n);
    args.op = ArithOp::Mul;
    args.self_type = ArithType::Float16;
    args.other_type = ArithType::Float32;
    args.promoted = args.out_type = ArithType::Float32;
    args.out = fout.data();
    args.self = h.data();
    args.other = f.data();
    kernels::cpu::binary_arith(args, 2);
    for (int64_t i = 0; i < n; ++i) {
        const size_t k = static_cast<size_t>(i);
        EXPECT_EQ(fout[k], static_cast<float>(h.values[k] * f.values[k])) << i;
    }
}

}  // namespace
}  // namespace aclemu::test
