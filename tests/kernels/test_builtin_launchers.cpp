// libascendcl's built-in GPU kernels (kernels_cu/builtin/launch.h) called directly on the GPU
// backend that answers (the GPU simulator when no GPU does): the one-thread stream-memory
// kernels the backend falls back to when a driver has no stream memory operations (a write, and
// waits whose condition holds, one per comparison), and the launch protocol.
#include "acl/acl.h"

#include "aclemu/rt.h"
#include "kernels_cu/builtin/launch.h"
#include "support/backend_fixture.h"
#include "support/compare.h"
#include "support/device_tensor.h"
#include "support/philox_reference.h"
#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace aclemu::test {
namespace {

namespace builtin = ::aclemu::kernels::builtin;

const builtin::BuiltinLaunchers* launchers_for(rt::BackendKind kind) {
    switch (kind) {
        case rt::BackendKind::Cuda:
        case rt::BackendKind::Hip:
#ifdef ACLEMU_HAVE_GPU_KERNELS
            return &builtin::gpu::launchers();
#else
            return nullptr;
#endif
        case rt::BackendKind::GpuSim:
#ifdef ACLEMU_HAVE_GPUSIM
            return &builtin::gpusim::launchers();
#else
            return nullptr;
#endif
        case rt::BackendKind::Cpu:
            break;
    }
    return nullptr;
}

class BuiltinLaunchers : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        if (HasFatalFailure() || IsSkipped()) {
            return;
        }
        ASSERT_EQ(rt::resolve_stream(stream(), &target_), ACL_SUCCESS);
        launchers_ = launchers_for(target_.kind);
        if (launchers_ == nullptr) {
            GTEST_SKIP() << "this test binary has no built-in kernels for the GPU backend";
        }
    }
    rt::StreamTarget target_;
    const builtin::BuiltinLaunchers* launchers_ = nullptr;
};

TEST_P(BuiltinLaunchers, WriteKernelStoresTheWord) {
    DeviceBuffer word(8);
    ASSERT_EQ(launchers_->write_value(
                  static_cast<uint64_t*>(word.get()), 0xABCDEF0123456789ull, target_.native),
              0);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    uint64_t got = 0;
    ASSERT_TRUE(word.download(&got, 8));
    EXPECT_EQ(got, 0xABCDEF0123456789ull);
}

TEST_P(BuiltinLaunchers, WaitKernelPassesWhenTheConditionHolds) {
    DeviceBuffer word(8);
    const uint64_t current = 0x0000000000000F00ull;
    ASSERT_TRUE(word.upload(&current, 8));
    const auto* addr = static_cast<const uint64_t*>(word.get());
    struct Case {
        builtin::WaitMode mode;
        uint64_t value;
    };
    // Each holds for 0xF00: GEQ (signed difference, so also against a huge value), EQ, AND, NOR.
    const Case cases[] = {{builtin::WaitMode::Geq, 0xF00},
                          {builtin::WaitMode::Geq, 0xFFFFFFFFFFFFFFFFull},
                          {builtin::WaitMode::Eq, 0xF00},
                          {builtin::WaitMode::And, 0x100},
                          {builtin::WaitMode::Nor, 0x0FF}};
    for (const Case& c : cases) {
        ASSERT_EQ(launchers_->wait_value(addr, c.value, c.mode, target_.native), 0);
        ASSERT_EQ(aclrtSynchronizeStreamWithTimeout(stream(), 10000), ACL_SUCCESS)
            << "mode " << static_cast<int>(c.mode) << " value " << c.value;
    }
}

TEST_P(BuiltinLaunchers, ReduceRefusesATypeItDoesNotReduce) {
    builtin::ReduceArgs args;
    args.n = 4;
    args.type = builtin::ElemType::Int64;
    DeviceBuffer a(32), b(32);
    args.dst = a.get();
    args.src = b.get();
    EXPECT_NE(launchers_->reduce(args, target_.native), 0);
    EXPECT_NE(launchers_->error_string(1), nullptr);
    args.n = 0;
    EXPECT_EQ(launchers_->reduce(args, target_.native), 0) << "nothing to do";
}

// More elements than the GPU simulator's tiny profile covers in one grid-stride round (8 blocks
// of 256 threads), so both reduce kernels and the random kernel run a second round there.
constexpr uint64_t kPastOneRound = 8 * 256 * 2 + 333;

template <typename T>
void check_integer_reduce(const builtin::BuiltinLaunchers& launchers,
                          void* native,
                          aclrtStream stream,
                          builtin::ElemType type) {
    using U = std::make_unsigned_t<T>;
    const uint64_t n = kPastOneRound;
    std::vector<T> dst(n);
    std::vector<T> src(n);
    uint32_t state = 12345u;
    for (uint64_t i = 0; i < n; ++i) {
        state = state * 1664525u + 1013904223u;
        dst[i] = static_cast<T>(state >> 7);
        src[i] = static_cast<T>(state >> 13);
    }
    for (builtin::ReduceOp op :
         {builtin::ReduceOp::Sum, builtin::ReduceOp::Max, builtin::ReduceOp::Min}) {
        SCOPED_TRACE("type " + std::to_string(static_cast<int>(type)) + " op "
                     + std::to_string(static_cast<int>(op)));
        DeviceBuffer dst_d(n * sizeof(T));
        DeviceBuffer src_d(n * sizeof(T));
        ASSERT_TRUE(dst_d.upload(dst.data(), n * sizeof(T)));
        ASSERT_TRUE(src_d.upload(src.data(), n * sizeof(T)));
        builtin::ReduceArgs args;
        args.dst = dst_d.get();
        args.src = src_d.get();
        args.n = n;
        args.op = op;
        args.type = type;
        ASSERT_EQ(launchers.reduce(args, native), 0);
        ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
        std::vector<T> got(n);
        ASSERT_TRUE(dst_d.download(got.data(), n * sizeof(T)));
        for (uint64_t i = 0; i < n; ++i) {
            // Sums wrap around in two's complement.
            const T expected = op == builtin::ReduceOp::Sum   ? static_cast<T>(static_cast<U>(
                                   static_cast<uint64_t>(dst[i]) + static_cast<uint64_t>(src[i])))
                               : op == builtin::ReduceOp::Max ? std::max(dst[i], src[i])
                                                              : std::min(dst[i], src[i]);
            ASSERT_EQ(got[i], expected) << "element " << i;
        }
    }
}

TEST_P(BuiltinLaunchers, IntegerReducePastOneGridRound) {
    check_integer_reduce<int8_t>(*launchers_, target_.native, stream(), builtin::ElemType::Int8);
    check_integer_reduce<int16_t>(*launchers_, target_.native, stream(), builtin::ElemType::Int16);
    check_integer_reduce<int32_t>(*launchers_, target_.native, stream(), builtin::ElemType::Int32);
    check_integer_reduce<uint32_t>(
        *launchers_, target_.native, stream(), builtin::ElemType::UInt32);
}

// Floating sums in every type, one element overflowing to infinity in the second grid round: the
// values, and the overflow flag set (and left alone without one).
TEST_P(BuiltinLaunchers, FloatingReducePastOneGridRoundSetsTheOverflowFlag) {
    struct Type {
        builtin::ElemType type;
        aclDataType acl;
        double huge;
    };
    const Type types[] = {{builtin::ElemType::Float32, ACL_FLOAT, 3.0e38},
                          {builtin::ElemType::Float16, ACL_FLOAT16, 60000.0},
                          {builtin::ElemType::BFloat16, ACL_BF16, 3.0e38}};
    const uint64_t n = kPastOneRound;
    const uint64_t overflowing = n - 5;
    for (const Type& t : types) {
        for (bool with_flag : {true, false}) {
            SCOPED_TRACE("type " + std::to_string(static_cast<int>(t.type))
                         + (with_flag ? " with flag" : " without flag"));
            std::vector<double> dst(n);
            std::vector<double> src(n);
            uint32_t state = 777u;
            for (uint64_t i = 0; i < n; ++i) {
                state = state * 1664525u + 1013904223u;
                dst[i] = round_to_dtype((state >> 8) / double(1u << 24) * 8.0 - 4.0, t.acl);
                src[i] = round_to_dtype((state & 0xFFFF) / 65536.0 * 2.0 - 1.0, t.acl);
            }
            dst[overflowing] = src[overflowing] = round_to_dtype(t.huge, t.acl);
            const std::vector<uint8_t> dst_bytes = encode_values(dst, t.acl);
            const std::vector<uint8_t> src_bytes = encode_values(src, t.acl);
            DeviceBuffer dst_d(dst_bytes.size());
            DeviceBuffer src_d(src_bytes.size());
            DeviceBuffer flag_d(4);
            const uint32_t zero = 0;
            ASSERT_TRUE(dst_d.upload(dst_bytes.data(), dst_bytes.size()));
            ASSERT_TRUE(src_d.upload(src_bytes.data(), src_bytes.size()));
            ASSERT_TRUE(flag_d.upload(&zero, 4));
            builtin::ReduceArgs args;
            args.dst = dst_d.get();
            args.src = src_d.get();
            args.n = n;
            args.op = builtin::ReduceOp::Sum;
            args.type = t.type;
            args.overflow_flag = with_flag ? static_cast<uint32_t*>(flag_d.get()) : nullptr;
            ASSERT_EQ(launchers_->reduce(args, target_.native), 0);
            ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
            std::vector<uint8_t> got_bytes(dst_bytes.size());
            ASSERT_TRUE(dst_d.download(got_bytes.data(), got_bytes.size()));
            std::vector<double> expected(n);
            for (uint64_t i = 0; i < n; ++i) {
                expected[i] = round_to_dtype(dst[i] + src[i], t.acl);
            }
            expected[overflowing] = std::numeric_limits<double>::infinity();
            expect_close(decode_values(got_bytes, t.acl), expected, t.acl);
            uint32_t flag = 0;
            ASSERT_TRUE(flag_d.download(&flag, 4));
            EXPECT_EQ(flag != 0, with_flag);
        }
    }
}

// Uniform uint32 draws past one grid round, with the count given by value and by device address
// (the launch then takes the device-filling grid and the count is clamped to the buffer): every
// element is min + (w mod (max - min)) of word i mod 4 of Philox block i / 4.
TEST_P(BuiltinLaunchers, RandomPastOneGridRoundByValueAndByAddress) {
    const uint64_t count = 4 * kPastOneRound + 3;
    const uint64_t seed = 0x0123456789ABCDEFull;
    const uint64_t counter[2] = {0xFFFFFFFFFFFFFF00ull, 7};  // the low half carries
    const uint32_t lo = 1000;
    const uint32_t hi = 1000 + 999983;
    DeviceBuffer counter_d(16);
    ASSERT_TRUE(counter_d.upload(counter, 16));
    for (bool by_address : {false, true}) {
        SCOPED_TRACE(by_address ? "count by address" : "count by value");
        DeviceBuffer out_d(count * 4);
        DeviceBuffer count_d(8);
        const uint64_t asked = by_address ? count + 1000 : count;  // clamped to max_count
        ASSERT_TRUE(count_d.upload(&asked, 8));
        builtin::RandomArgs args;
        args.func = builtin::RandomFunc::Uniform;
        args.type = builtin::ElemType::UInt32;
        args.out = out_d.get();
        args.counter = counter_d.get();
        args.seed.value = seed;
        args.count.value = asked;
        args.count.addr = by_address ? count_d.get() : nullptr;
        args.a.value = lo;
        args.b.value = hi;
        args.max_count = count;
        ASSERT_EQ(launchers_->random(args, target_.native), 0);
        ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
        std::vector<uint32_t> got(count);
        ASSERT_TRUE(out_d.download(got.data(), count * 4));
        for (uint64_t i = 0; i < count; ++i) {
            const uint32_t w = reference_random_word(seed, counter[0], counter[1], i / 4, i % 4);
            ASSERT_EQ(got[i], lo + w % (hi - lo)) << "element " << i;
        }
    }
}

// A dropout mask with a bf16 ratio past one grid round: bit i (LSB first in byte i / 8) is 1
// when u = (w >> 8) 2^-24 of word i mod 4 of block i / 4 is at least the ratio.
TEST_P(BuiltinLaunchers, DropoutMaskWithABf16RatioPastOneGridRound) {
    const uint64_t bits = 8 * 8 * kPastOneRound;
    const uint64_t seed = 42;
    const uint64_t counter[2] = {5, 0};
    DeviceBuffer counter_d(16);
    ASSERT_TRUE(counter_d.upload(counter, 16));
    DeviceBuffer out_d(bits / 8);
    builtin::RandomArgs args;
    args.func = builtin::RandomFunc::DropoutBitmask;
    args.type = builtin::ElemType::BFloat16;
    args.out = out_d.get();
    args.counter = counter_d.get();
    args.seed.value = seed;
    args.count.value = bits;
    args.a.value = 0x3F40;  // bf16 0.75
    args.max_count = bits;
    ASSERT_EQ(launchers_->random(args, target_.native), 0);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    std::vector<uint8_t> got(bits / 8);
    ASSERT_TRUE(out_d.download(got.data(), got.size()));
    for (uint64_t i = 0; i < bits; ++i) {
        const uint32_t w = reference_random_word(seed, counter[0], counter[1], i / 4, i % 4);
        const double u = static_cast<double>(w >> 8) / double(1u << 24);
        ASSERT_EQ((got[i / 8] >> (i % 8)) & 1u, u >= 0.75 ? 1u : 0u) << "bit " << i;
    }
}

ACLEMU_INSTANTIATE_GPU_ONLY(BuiltinLaunchers);

}  // namespace
}  // namespace aclemu::test
