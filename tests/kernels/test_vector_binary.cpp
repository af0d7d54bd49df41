// cpu::vector_binary (kernels_cpu/vector_binary.h), the binary ops of Ascend C's half and float
// count forms, against a reference written here: the exact result in double, rounded to float
// (what a float operation gives: double rounding is harmless for + - * / of floats), then for fp16
// to nearest even, every NaN 0x7FFF. Every fp16 bit pattern as a first operand (NaNs, infinities,
// zeros, subnormals, overflow to inf), a spread of float bit patterns, every length and
// misalignment of the vector loops' tails, and the in-place forms; on every path this CPU has
// (portable, AVX2 + F16C, AVX-512).
#include "kernels_cpu/vector_binary.h"
#include "support/cpu_isa.h"
#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace {

using aclemu::kernels::Half;
using aclemu::kernels::cpu::VectorBinaryOp;
namespace cpu = aclemu::kernels::cpu;

constexpr VectorBinaryOp kOps[] = {VectorBinaryOp::Add,
                                   VectorBinaryOp::Sub,
                                   VectorBinaryOp::Mul,
                                   VectorBinaryOp::Div,
                                   VectorBinaryOp::Max,
                                   VectorBinaryOp::Min};

const char* op_name(VectorBinaryOp op) {
    static const char* const names[] = {"Add", "Sub", "Mul", "Div", "Max", "Min"};
    return names[static_cast<int>(op)];
}

// op(a, b) in double, rounded to float.
float reference(VectorBinaryOp op, double a, double b) {
    double r = 0;
    switch (op) {
        case VectorBinaryOp::Add:
            r = a + b;
            break;
        case VectorBinaryOp::Sub:
            r = a - b;
            break;
        case VectorBinaryOp::Mul:
            r = a * b;
            break;
        case VectorBinaryOp::Div:
            r = a / b;
            break;
        case VectorBinaryOp::Max:
            r = a > b ? a : b;  // a NaN on either side gives b
            break;
        case VectorBinaryOp::Min:
            r = a < b ? a : b;
            break;
    }
    return static_cast<float>(r);
}

uint16_t expected(VectorBinaryOp op, uint16_t a_bits, uint16_t b_bits) {
    const float f =
        reference(op, aclemu::test::half_value(a_bits), aclemu::test::half_value(b_bits));
    return std::isnan(f) ? uint16_t{0x7FFF} : aclemu::test::half_bits(f);
}

float float_of(uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

uint32_t bits_of(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

std::vector<Half> halves(const std::vector<uint16_t>& bits) {
    std::vector<Half> h(bits.size());
    for (size_t i = 0; i < bits.size(); ++i) {
        h[i].bits = bits[i];
    }
    return h;
}

// a: every bit pattern; b: a spread of patterns (a multiplicative walk) and, every 7th element,
// one of the special values, so every pairing kind meets every lane position.
void make_operands(std::vector<uint16_t>* a, std::vector<uint16_t>* b) {
    const uint16_t specials[] = {0x0000,
                                 0x8000,
                                 0x7C00,
                                 0xFC00,
                                 0x7E00,
                                 0x7D01,
                                 0xFFFF,
                                 0x0001,
                                 0x8001,
                                 0x03FF,
                                 0x0400,
                                 0x3C00,
                                 0xBC00,
                                 0x7BFF,
                                 0xFBFF,
                                 0x3C01};
    a->resize(65536);
    b->resize(65536);
    for (uint32_t i = 0; i < 65536; ++i) {
        (*a)[i] = static_cast<uint16_t>(i);
        (*b)[i] = i % 7 == 0 ? specials[(i / 7) % 16] : static_cast<uint16_t>(i * 40503u + 17u);
    }
}

TEST(VectorBinary, EveryOpMatchesTheReferenceOnEveryHalf) {
    std::vector<uint16_t> a_bits, b_bits;
    make_operands(&a_bits, &b_bits);
    const std::vector<Half> a = halves(a_bits), b = halves(b_bits);
    aclemu::test::for_each_cpu_isa([&](aclemu::test::CpuIsa) {
        for (VectorBinaryOp op : kOps) {
            SCOPED_TRACE(op_name(op));
            std::vector<Half> out(a.size());
            cpu::vector_binary(op, a.data(), b.data(), out.data(), static_cast<int64_t>(a.size()));
            int bad = 0;
            for (size_t i = 0; i < a.size(); ++i) {
                const uint16_t want = expected(op, a_bits[i], b_bits[i]);
                if (out[i].bits != want && ++bad < 10) {
                    ADD_FAILURE() << std::hex << "0x" << a_bits[i] << ", 0x" << b_bits[i]
                                  << ": got 0x" << out[i].bits << " want 0x" << want;
                }
            }
            EXPECT_EQ(bad, 0);
        }
    });
}

TEST(VectorBinary, FloatOpsMatchTheReference) {
    // Bit patterns over every exponent (a multiplicative walk), with specials every 7th element.
    const float specials[] = {0.0f,
                              -0.0f,
                              INFINITY,
                              -INFINITY,
                              std::nanf(""),
                              1.0f,
                              -1.0f,
                              3.4028235e38f,
                              1e-45f,
                              1.1754944e-38f};
    std::vector<float> a(65536), b(65536);
    for (uint32_t i = 0; i < 65536; ++i) {
        a[i] = float_of(i * 2654435761u);
        b[i] = i % 7 == 0 ? specials[(i / 7) % 10] : float_of(i * 40503u * 65537u + 12345u);
    }
    aclemu::test::for_each_cpu_isa([&](aclemu::test::CpuIsa) {
        for (VectorBinaryOp op : kOps) {
            SCOPED_TRACE(op_name(op));
            for (int64_t offset = 0; offset < 3; ++offset) {
                const int64_t n = static_cast<int64_t>(a.size()) - 3;
                std::vector<float> out(a.size());
                cpu::vector_binary(op, a.data() + offset, b.data(), out.data(), n);
                int bad = 0;
                for (int64_t i = 0; i < n; ++i) {
                    const float got = out[static_cast<size_t>(i)];
                    const float want = reference(op, a[static_cast<size_t>(i + offset)], b[i]);
                    const bool same =
                        std::isnan(want) ? std::isnan(got) : bits_of(got) == bits_of(want);
                    if (!same && ++bad < 10) {
                        ADD_FAILURE() << a[static_cast<size_t>(i + offset)] << ", " << b[i]
                                      << ": got " << got << " want " << want;
                    }
                }
                EXPECT_EQ(bad, 0);
            }
        }
    });
}

TEST(VectorBinary, TailsAndMisalignedStartsAreComputed) {
    std::vector<uint16_t> a_bits, b_bits;
    make_operands(&a_bits, &b_bits);
    const std::vector<Half> a = halves(a_bits), b = halves(b_bits);
    aclemu::test::for_each_cpu_isa([&](aclemu::test::CpuIsa) {
        for (int64_t offset = 0; offset < 3; ++offset) {
            for (int64_t n = 0; n <= 40; ++n) {
                // A guard element past the end must stay as it was.
                std::vector<Half> out(static_cast<size_t>(offset + n + 1));
                out[static_cast<size_t>(offset + n)].bits = 0x1234;
                const int64_t from = 1000 + offset;
                cpu::vector_binary(
                    VectorBinaryOp::Mul, a.data() + from, b.data() + from, out.data() + offset, n);
                for (int64_t i = 0; i < n; ++i) {
                    ASSERT_EQ(out[static_cast<size_t>(offset + i)].bits,
                              expected(VectorBinaryOp::Mul,
                                       a_bits[static_cast<size_t>(from + i)],
                                       b_bits[static_cast<size_t>(from + i)]))
                        << "n " << n << " offset " << offset << " element " << i;
                }
                ASSERT_EQ(out[static_cast<size_t>(offset + n)].bits, 0x1234) << "n " << n;
            }
        }
    });
}

TEST(VectorBinary, InPlaceOnEitherOperand) {
    std::vector<uint16_t> a_bits, b_bits;
    make_operands(&a_bits, &b_bits);
    a_bits.resize(1000);
    b_bits.resize(1000);
    aclemu::test::for_each_cpu_isa([&](aclemu::test::CpuIsa) {
        std::vector<Half> a = halves(a_bits), b = halves(b_bits);
        cpu::vector_binary(VectorBinaryOp::Sub, a.data(), b.data(), a.data(), 1000);
        std::vector<Half> c = halves(a_bits);
        cpu::vector_binary(VectorBinaryOp::Div, c.data(), b.data(), b.data(), 1000);
        for (size_t i = 0; i < 1000; ++i) {
            ASSERT_EQ(a[i].bits, expected(VectorBinaryOp::Sub, a_bits[i], b_bits[i])) << i;
            ASSERT_EQ(b[i].bits, expected(VectorBinaryOp::Div, a_bits[i], b_bits[i])) << i;
        }
    });
}

}  // namespace
