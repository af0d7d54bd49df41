// libascendcl's built-in GPU kernels (kernels_cu/builtin/launch.h) called directly on the GPU
// backend that answers (the GPU simulator when no GPU does): the one-thread stream-memory
// kernels the backend falls back to when a driver has no stream memory operations (a write, and
// waits whose condition holds, one per comparison), and the launch protocol.
#include "acl/acl.h"

#include "aclemu/rt.h"
#include "kernels_cu/builtin/launch.h"
#include "support/backend_fixture.h"
#include "support/device_tensor.h"

#include <gtest/gtest.h>

#include <cstdint>

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

ACLEMU_INSTANTIATE_GPU_ONLY(BuiltinLaunchers);

}  // namespace
}  // namespace aclemu::test
