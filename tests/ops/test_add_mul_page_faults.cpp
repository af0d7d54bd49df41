// aclnnAdd and aclnnMul called again and again on the CPU backend, on device memory already
// written, map no new memory: the process's page faults over the repeated calls stay far below
// one output's pages. A count, not a time. A call that mapped its output's size afresh each time
// (a temporary or promotion copy through the device allocator, a buffer malloc serves with a
// fresh mmap) would fault each of those pages on every call: on the development VM a fault costs
// 40-50 us, so such a call runs at a few percent of copy bandwidth (docs/performance.md, "Add's
// mid-size collapse was the bench's first touches").
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_mul.h"

#include "support/backend_fixture.h"
#include "support/device_tensor.h"
#include "support/reference_dtype.h"
#include "support/two_phase.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

namespace aclemu::test {
namespace {

// 2^20 elements: above the inline limit (the stream's worker and the pool's threads run it)
// and 4 MiB an operand for fp32, far above glibc's mmap threshold.
constexpr int64_t kElems = int64_t{1} << 20;
constexpr int kCalls = 6;

long page_faults_so_far() {
    rusage u{};
    EXPECT_EQ(getrusage(RUSAGE_SELF, &u), 0);
    return u.ru_minflt + u.ru_majflt;
}

class AddMulPageFaultTest : public BackendTest {
protected:
    // Runs add (out = a + 2 * b) or mul once to warm up, then kCalls more times; the faults of
    // those calls in *faults, the output checked against the double reference.
    void repeat(bool is_mul, aclDataType dtype, long* faults) {
        std::vector<double> va(static_cast<size_t>(kElems));
        std::vector<double> vb(va.size());
        for (size_t i = 0; i < va.size(); ++i) {
            va[i] = round_to_dtype(std::sin(0.001 * static_cast<double>(i)), dtype);
            vb[i] = round_to_dtype(std::cos(0.003 * static_cast<double>(i)), dtype);
        }
        auto a = DeviceTensor::contiguous({kElems}, dtype, va);
        auto b = DeviceTensor::contiguous({kElems}, dtype, vb);
        auto out = DeviceTensor::filled({kElems}, dtype, 0);
        float two = 2.0f;
        std::unique_ptr<aclScalar, decltype(&aclDestroyScalar)> alpha(
            aclCreateScalar(&two, ACL_FLOAT), aclDestroyScalar);
        auto call = [&] {
            if (is_mul) {
                return run_two_phase(aclnnMulGetWorkspaceSize,
                                     aclnnMul,
                                     stream(),
                                     static_cast<const aclTensor*>(a.get()),
                                     static_cast<const aclTensor*>(b.get()),
                                     out.get());
            }
            return run_two_phase(aclnnAddGetWorkspaceSize,
                                 aclnnAdd,
                                 stream(),
                                 static_cast<const aclTensor*>(a.get()),
                                 static_cast<const aclTensor*>(b.get()),
                                 alpha.get(),
                                 out.get());
        };
        ASSERT_TRUE(call().ok());
        const long before = page_faults_so_far();
        for (int i = 0; i < kCalls; ++i) {
            ASSERT_TRUE(call().ok());
        }
        *faults = page_faults_so_far() - before;

        const std::vector<double> got = out.read();
        for (size_t i = 0; i < got.size(); i += 4099) {
            const double e = round_to_dtype(is_mul ? va[i] * vb[i] : va[i] + 2 * vb[i], dtype);
            ASSERT_NEAR(got[i], e, 1e-2 * (std::fabs(e) + 1)) << i;
        }
    }
};

TEST_P(AddMulPageFaultTest, RepeatedCallsMapNoNewMemory) {
    if (on_gpu()) {
        GTEST_SKIP() << "the host's page faults say nothing about a GPU's device memory";
    }
    const long page = ::sysconf(_SC_PAGESIZE);
    for (bool is_mul : {false, true}) {
        for (aclDataType dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            long faults = 0;
            repeat(is_mul, dtype, &faults);
            if (HasFatalFailure()) {
                return;
            }
            const long out_pages = kElems * aclDataTypeSize(dtype) / page;
            // A few stray faults (the stream's queue, a thread's first use of a malloc arena)
            // may come; an output's worth per call may not.
            EXPECT_LT(faults, out_pages / 8)
                << (is_mul ? "aclnnMul " : "aclnnAdd ") << "dtype " << dtype << ": " << kCalls
                << " calls page-faulted " << faults << " times (an output is " << out_pages
                << " pages)";
        }
    }
}

ACLEMU_INSTANTIATE_BACKENDS(AddMulPageFaultTest);

}  // namespace
}  // namespace aclemu::test
