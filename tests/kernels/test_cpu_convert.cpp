// cpu::widen / cpu::narrow (kernels_cpu/cpu_convert.h) against references written here: every
// fp16 and bf16 value widened, a dense sample of all floats narrowed (RNE, overflow, subnormals,
// NaN -> 0x7FFF), and every length and misalignment of the vector loops' tails. Each test runs
// every path this CPU has (portable, AVX2 + F16C, AVX-512).
#include "kernels_cpu/cpu_convert.h"
#include "support/cpu_isa.h"
#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace {

using aclemu::kernels::BFloat16;
using aclemu::kernels::Half;
namespace cpu = aclemu::kernels::cpu;

// Runs `body` once per path this CPU has.
template <typename F>
void for_each_path(F body) {
    aclemu::test::for_each_cpu_isa([&](aclemu::test::CpuIsa) { body(); });
}

uint32_t bits_of(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

float float_of(uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

// fp16 bits -> the float bits dtype.h defines: exact values; inf/NaN keep sign and payload
// (mantissa << 13) without forcing the quiet bit.
uint32_t ref_widen_half(uint16_t h) {
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    if ((h & 0x7C00u) == 0x7C00u) {
        return sign | 0x7F800000u | (static_cast<uint32_t>(h & 0x3FFu) << 13);
    }
    return bits_of(static_cast<float>(aclemu::test::half_value(h)));
}

uint16_t ref_narrow_half(float f) {
    return std::isnan(f) ? 0x7FFFu : aclemu::test::half_bits(f);
}

uint16_t ref_narrow_bf16(float f) {
    return std::isnan(f) ? 0x7FFFu : aclemu::test::bf16_bits(f);
}

TEST(CpuConvert, WidenEveryHalf) {
    for_each_path([] {
        std::vector<Half> in(65536);
        for (uint32_t i = 0; i < 65536; ++i) {
            in[i].bits = static_cast<uint16_t>(i);
        }
        std::vector<float> out(in.size());
        cpu::widen(in.data(), out.data(), static_cast<int64_t>(in.size()));
        int bad = 0;
        for (uint32_t i = 0; i < 65536; ++i) {
            if (bits_of(out[i]) != ref_widen_half(static_cast<uint16_t>(i)) && ++bad < 10) {
                ADD_FAILURE() << "half 0x" << std::hex << i << ": got 0x" << bits_of(out[i])
                              << " want 0x" << ref_widen_half(static_cast<uint16_t>(i));
            }
        }
        EXPECT_EQ(bad, 0) << "hardware path: " << cpu::fast_half_conversion();
    });
}

TEST(CpuConvert, WidenEveryBf16) {
    for_each_path([] {
        std::vector<BFloat16> in(65536);
        for (uint32_t i = 0; i < 65536; ++i) {
            in[i].bits = static_cast<uint16_t>(i);
        }
        std::vector<float> out(in.size());
        cpu::widen(in.data(), out.data(), static_cast<int64_t>(in.size()));
        int bad = 0;
        for (uint32_t i = 0; i < 65536; ++i) {
            bad += bits_of(out[i]) != i << 16;
        }
        EXPECT_EQ(bad, 0);
    });
}

// Every sign, exponent and top-10 mantissa bits, with the 13 bits that fp16 rounds away set to
// the interesting patterns (exact, just below / at / above half, odd tie); every 4099th float
// bit pattern (all exponents, signs, NaNs); and the rounding edges.
std::vector<float> float_sample() {
    std::vector<float> v;
    const uint32_t low_patterns[] = {0x0000u, 0x0001u, 0x0FFFu, 0x1000u, 0x1001u, 0x1FFFu};
    for (uint32_t sign = 0; sign < 2; ++sign) {
        for (uint32_t exp = 0; exp < 256; ++exp) {
            for (uint32_t hi = 0; hi < 1024; ++hi) {
                for (uint32_t lo : low_patterns) {
                    v.push_back(float_of((sign << 31) | (exp << 23) | (hi << 13) | lo));
                }
            }
        }
    }
    for (uint64_t u = 0; u < (uint64_t{1} << 32); u += 4099) {
        v.push_back(float_of(static_cast<uint32_t>(u)));
    }
    const float edges[] = {65504.0f,
                           65519.99f,
                           65520.0f,
                           -65520.0f,
                           6.1035156e-05f,
                           5.9604645e-08f,
                           2.9802322e-08f,
                           2.9802326e-08f,
                           1e-45f,
                           -0.0f,
                           INFINITY,
                           -INFINITY,
                           std::nanf(""),
                           -std::nanf(""),
                           float_of(0x7F800001u),
                           float_of(0xFFBFFFFFu),
                           3.4028235e38f,
                           1.0009766f,
                           1.0004883f,
                           1.0014648f,
                           1.00390625f,
                           1.001953125f};
    for (float e : edges) {
        v.push_back(e);
    }
    return v;
}

TEST(CpuConvert, NarrowToHalfRoundsToNearestEven) {
    const std::vector<float> in = float_sample();
    for_each_path([&] {
        std::vector<Half> out(in.size());
        cpu::narrow(in.data(), out.data(), static_cast<int64_t>(in.size()));
        int bad = 0;
        for (size_t i = 0; i < in.size(); ++i) {
            if (out[i].bits != ref_narrow_half(in[i]) && ++bad < 10) {
                ADD_FAILURE() << "float 0x" << std::hex << bits_of(in[i]) << ": got 0x"
                              << out[i].bits << " want 0x" << ref_narrow_half(in[i]);
            }
        }
        EXPECT_EQ(bad, 0) << "hardware path: " << cpu::fast_half_conversion();
    });
}

TEST(CpuConvert, NarrowToBf16RoundsToNearestEven) {
    const std::vector<float> in = float_sample();
    for_each_path([&] {
        std::vector<BFloat16> out(in.size());
        cpu::narrow(in.data(), out.data(), static_cast<int64_t>(in.size()));
        int bad = 0;
        for (size_t i = 0; i < in.size(); ++i) {
            if (out[i].bits != ref_narrow_bf16(in[i]) && ++bad < 10) {
                ADD_FAILURE() << "float 0x" << std::hex << bits_of(in[i]) << ": got 0x"
                              << out[i].bits << " want 0x" << ref_narrow_bf16(in[i]);
            }
        }
        EXPECT_EQ(bad, 0);
    });
}

// widen_half_for_math (the elementwise kernels' conversion): every fp16 value, from an odd
// start so the vector bodies see every lane position; exact except that a NaN only has to stay
// a NaN.
TEST(CpuConvert, WidenHalfForMathEveryHalf) {
    for_each_path([] {
        std::vector<Half> in(65541);  // a tail after the last full vector too
        for (size_t i = 0; i < in.size(); ++i) {
            in[i].bits = static_cast<uint16_t>(i * 40503u);  // odd multiplier: a permutation
        }
        std::vector<float> out(in.size());
        cpu::widen_half_for_math(in.data(), out.data(), static_cast<int64_t>(in.size()));
        int bad = 0;
        for (size_t i = 0; i < in.size(); ++i) {
            const uint32_t want = ref_widen_half(in[i].bits);
            const bool ok =
                std::isnan(float_of(want)) ? std::isnan(out[i]) : bits_of(out[i]) == want;
            if (!ok && ++bad < 10) {
                ADD_FAILURE() << "half 0x" << std::hex << in[i].bits << ": got 0x"
                              << bits_of(out[i]) << " want 0x" << want;
            }
        }
        EXPECT_EQ(bad, 0);
    });
}

// Lengths 0..40 from every start offset 0..7: vector bodies and scalar tails, misaligned
// pointers, and nothing written past the end.
TEST(CpuConvert, EveryLengthAndOffset) {
    for_each_path([] {
        const float values[] = {1.5f, -0.0f, 65520.0f, 1e-6f, std::nanf(""), -3.25f, 0.1f, 7e-8f};
        for (int64_t offset = 0; offset < 8; ++offset) {
            for (int64_t n = 0; n <= 40; ++n) {
                std::vector<float> src(offset + n + 1);
                for (size_t i = 0; i < src.size(); ++i) {
                    src[i] = values[i % 8] * static_cast<float>(i + 1);
                }
                std::vector<Half> h(offset + n + 1, Half{0xABCD});
                std::vector<BFloat16> b(offset + n + 1, BFloat16{0xABCD});
                cpu::narrow(src.data() + offset, h.data() + offset, n);
                cpu::narrow(src.data() + offset, b.data() + offset, n);
                std::vector<float> back(offset + n + 1, -7.0f);
                cpu::widen(h.data() + offset, back.data() + offset, n);
                for (int64_t i = 0; i < offset + n + 1; ++i) {
                    const bool inside = i >= offset && i < offset + n;
                    ASSERT_EQ(h[i].bits, inside ? ref_narrow_half(src[i]) : 0xABCD)
                        << "offset " << offset << " n " << n << " i " << i;
                    ASSERT_EQ(b[i].bits, inside ? ref_narrow_bf16(src[i]) : 0xABCD)
                        << "offset " << offset << " n " << n << " i " << i;
                    ASSERT_EQ(bits_of(back[i]), inside ? ref_widen_half(h[i].bits) : bits_of(-7.0f))
                        << "offset " << offset << " n " << n << " i " << i;
                }
            }
        }
    });
}

}  // namespace
