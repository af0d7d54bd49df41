// The runtime's memory size checks with hostile numbers (issue 10), on every backend: sizes no
// allocation has (rounding them up used to wrap), 2-D copies whose spans overflow size_t, a
// pointer into the padding after a block (one past the caller's buffer, which the fuzzer found
// was taken for foreign host memory), and enum arguments no C++ enum holds.
#include "acl/acl.h"

#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"
#include "support/device_tensor.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class HostileMemory : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        take_recent_error();
    }
};

TEST_P(HostileMemory, SizesNoAllocationHasAreRejected) {
    void* p = nullptr;
    for (size_t size : {SIZE_MAX, SIZE_MAX - 31, (size_t{1} << 62) + 1}) {
        EXPECT_EQ(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION)
            << size;
        EXPECT_THAT(take_recent_error(), HasSubstr("is larger than any allocation"));
        // aclrtMallocHost rounded SIZE_MAX up to 0 bytes on the CPU backend, and the table then
        // let copies of any length into the block.
        EXPECT_EQ(aclrtMallocHost(&p, size), ACL_ERROR_RT_MEMORY_ALLOCATION) << size;
        EXPECT_THAT(take_recent_error(), HasSubstr("is larger than any allocation"));
    }
    EXPECT_EQ(p, nullptr);
}

TEST_P(HostileMemory, Memcpy2dSpansThatOverflowAreRejected) {
    DeviceBuffer dev(256);
    std::vector<uint8_t> host(256, 1);
    // (height - 1) * pitch + width wrapped to a small span that passed the range checks; the
    // row loop then wrote far outside both buffers.
    EXPECT_EQ(
        aclrtMemcpy2d(
            dev.get(), SIZE_MAX / 2, host.data(), SIZE_MAX / 2, 1, 4, ACL_MEMCPY_HOST_TO_DEVICE),
        ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("the copy spans more bytes than an address holds"));
    EXPECT_EQ(aclrtMemcpy2d(dev.get(), 2, host.data(), 2, 1, SIZE_MAX, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    take_recent_error();
    std::vector<uint8_t> back(256, 0);
    ASSERT_EQ(aclrtMemcpy(back.data(), 256, dev.get(), 256, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
}

TEST_P(HostileMemory, APointerIntoThePaddingIsNotForeignMemory) {
    for (size_t size : {size_t{1}, size_t{33}, size_t{100}}) {
        DeviceBuffer dev(size);
        char* end = static_cast<char*>(dev.get()) + size;  // one past the caller's bytes
        char byte = 0;
        EXPECT_EQ(aclrtMemset(end, 8, 0, 1), ACL_ERROR_RT_PARAM_INVALID) << size;
        EXPECT_THAT(take_recent_error(), HasSubstr("runs past the end of its"));
        EXPECT_EQ(aclrtMemcpy(end, 1, &byte, 1, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_ERROR_RT_PARAM_INVALID)
            << size;
        EXPECT_EQ(aclrtMemcpy(&byte, 1, end, 1, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_ERROR_RT_PARAM_INVALID)
            << size;
        EXPECT_EQ(aclrtFree(end), ACL_ERROR_INVALID_PARAM);
        take_recent_error();
    }
}

TEST_P(HostileMemory, EnumValuesNoEnumHoldsAreRejected) {
    DeviceBuffer dev(64);
    std::vector<uint8_t> host(64, 0);
    for (int kind : {8, -1, 1000, INT_MIN}) {
        EXPECT_EQ(c_aclrtMemcpy2d(dev.get(), 64, host.data(), 64, 64, 1, kind),
                  ACL_ERROR_INVALID_PARAM)
            << kind;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [kind]"));
    }
    size_t free_bytes = 0;
    size_t total = 0;
    for (int attr : {18, 32, -1, INT_MAX}) {
        EXPECT_EQ(c_aclrtGetMemInfo(attr, &free_bytes, &total), ACL_ERROR_INVALID_PARAM) << attr;
        EXPECT_THAT(take_recent_error(),
                    HasSubstr("Value [" + std::to_string(attr < 0 ? 4294967296LL + attr : attr)
                              + "] for parameter [attr]"));
    }
    for (int opt : {4, 1000, -1}) {
        int64_t value = 0;
        EXPECT_EQ(c_aclrtSetSysParamOpt(opt, 1), ACL_ERROR_INVALID_PARAM) << opt;
        EXPECT_EQ(c_aclrtGetSysParamOpt(opt, &value), ACL_ERROR_INVALID_PARAM) << opt;
        EXPECT_EQ(c_aclrtCtxGetSysParamOpt(opt, &value), ACL_ERROR_INVALID_PARAM) << opt;
        take_recent_error();
    }
    int64_t value = 0;
    EXPECT_EQ(c_aclGetDeviceCapability(0, 1000, &value), ACL_ERROR_INVALID_PARAM);
    take_recent_error();
    // Every policy value, named or not, gives ordinary device memory (as CANN).
    void* p = nullptr;
    EXPECT_EQ(c_aclrtMalloc(&p, 64, INT_MIN), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(HostileMemory);

}  // namespace
}  // namespace aclemu::test
