// The fp16 conversions of GPU device code (kernels_cu/math/dtype.h: the hardware instructions on
// a GPU, the integer routines on the simulator) through a kernel that uses both: fp16 Mul of
// every fp16 bit pattern by a few constants. A product of two fp16 values is exact in float, so
// the stored result is that exact product rounded once to fp16: the reference rounds it here
// (tests/support, independent of dtype.h), NaN stored as 0x7FFF. The factors reach every case:
// 1 (each pattern back unchanged, -0 and subnormals included), roundings to nearest even,
// overflow to infinity and results in the subnormal range.
#include "kernels/gpu_launcher_fixture.h"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/binary_arith.h"
#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

namespace aclemu::test {
namespace {

class GpuHalfConversion : public GpuLauncherTest {};

TEST_P(GpuHalfConversion, MulOfEveryPatternRoundsOnceWithCanonicalNaN) {
    constexpr int64_t kPatterns = 65536;
    std::vector<uint16_t> a(kPatterns);
    for (int64_t i = 0; i < kPatterns; ++i) {
        a[i] = static_cast<uint16_t>(i);
    }
    DeviceBuffer a_d(kPatterns * 2);
    DeviceBuffer b_d(kPatterns * 2);
    DeviceBuffer out_d(kPatterns * 2);
    ASSERT_TRUE(a_d.upload(a.data(), a.size() * 2));
    for (double factor : {1.0, 0.1, 3.0, -1.0 / 3.0, 0.0009765625, 1000.0}) {
        const uint16_t b_bits = half_bits(factor);
        const double b = half_value(b_bits);
        SCOPED_TRACE(::testing::Message() << "factor " << b);
        const std::vector<uint16_t> bs(kPatterns, b_bits);
        ASSERT_TRUE(b_d.upload(bs.data(), bs.size() * 2));
        kernels::BinaryArithArgs args;
        args.geometry.numel = kPatterns;
        args.geometry.ndim = 1;
        args.geometry.contiguous = true;
        args.geometry.sizes[0] = kPatterns;
        for (int k = 0; k < 3; ++k) {
            args.geometry.strides[k][0] = 1;
        }
        args.op = kernels::ArithOp::Mul;
        args.out_type = args.self_type = args.other_type = args.promoted =
            kernels::ArithType::Float16;
        args.out = out_d.get();
        args.self = a_d.get();
        args.other = b_d.get();
        ASSERT_EQ(gpu().binary_arith(args, native()), 0);
        synchronize();
        std::vector<uint16_t> out(kPatterns);
        ASSERT_TRUE(out_d.download(out.data(), out.size() * 2));
        int mismatches = 0;
        for (int64_t i = 0; i < kPatterns && mismatches < 5; ++i) {
            const double product = half_value(a[i]) * b;
            const uint16_t want = std::isnan(product) ? 0x7FFF : half_bits(product);
            if (out[i] != want) {
                ++mismatches;
                ADD_FAILURE() << "pattern 0x" << std::hex << a[i] << ": got 0x" << out[i]
                              << ", want 0x" << want;
            }
        }
    }
}

ACLEMU_INSTANTIATE_GPU_ONLY(GpuHalfConversion);

}  // namespace
}  // namespace aclemu::test
