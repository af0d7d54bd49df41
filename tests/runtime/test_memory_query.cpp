// Configured host allocation (aclrtMallocHostWithCfg), frees after a device synchronization
// (aclrtFreeWithDevSync, aclrtFreeHostWithDevSync) and the calls that classify memory by address
// (aclrtPointerGetAttributes, aclrtCheckMemType), with the inputs they refuse.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <unistd.h>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class MemoryQuery : public BackendTest {};

aclrtPtrAttributes attributes_of(const void* ptr) {
    aclrtPtrAttributes attributes;
    std::memset(&attributes, 0xFF, sizeof attributes);  // every field must be written
    EXPECT_EQ(aclrtPointerGetAttributes(ptr, &attributes), ACL_SUCCESS) << take_recent_error();
    return attributes;
}

TEST_P(MemoryQuery, HostAllocationWithConfigIsHostMemory) {
    aclrtMallocAttribute attribute{};
    attribute.attr = ACL_RT_MEM_ATTR_MODULE_ID;
    attribute.value.moduleId = 33;
    aclrtMallocConfig config{&attribute, 1};
    void* host = nullptr;
    ASSERT_EQ(aclrtMallocHostWithCfg(&host, 4096, &config), ACL_SUCCESS) << take_recent_error();
    ASSERT_NE(host, nullptr);
    std::memset(host, 0x3C, 4096);  // writable host memory
    void* plain = nullptr;
    ASSERT_EQ(aclrtMallocHostWithCfg(&plain, 16, nullptr), ACL_SUCCESS);

    const aclrtPtrAttributes at = attributes_of(host);
    EXPECT_EQ(at.location.type, ACL_MEM_LOCATION_TYPE_HOST);
    EXPECT_EQ(at.location.id, 0u);
    EXPECT_EQ(at.pageSize, static_cast<uint32_t>(::sysconf(_SC_PAGESIZE)));
    EXPECT_EQ(at.rsv[0] | at.rsv[1] | at.rsv[2] | at.rsv[3], 0u);
    // Inside the block, too.
    EXPECT_EQ(attributes_of(static_cast<char*>(host) + 4000).location.type,
              ACL_MEM_LOCATION_TYPE_HOST);

    EXPECT_EQ(aclrtFreeHostWithDevSync(host), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtFreeHost(plain), ACL_SUCCESS);
}

TEST_P(MemoryQuery, DeviceMemoryHasItsDevice) {
    void* device = nullptr;
    ASSERT_EQ(aclrtMalloc(&device, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    const aclrtPtrAttributes at = attributes_of(static_cast<char*>(device) + 50);
    EXPECT_EQ(at.location.type, ACL_MEM_LOCATION_TYPE_DEVICE);
    EXPECT_EQ(at.location.id, 0u);
    EXPECT_EQ(at.pageSize, static_cast<uint32_t>(::sysconf(_SC_PAGESIZE)));

    // Memory aclemu did not allocate, and a freed block: unregistered.
    std::vector<char> mine(64);
    const aclrtPtrAttributes foreign = attributes_of(mine.data());
    EXPECT_EQ(foreign.location.type, ACL_MEM_LOCATION_TYPE_UNREGISTERED);
    EXPECT_EQ(foreign.location.id, 0u);
    EXPECT_EQ(foreign.pageSize, 0u);
    ASSERT_EQ(aclrtFreeWithDevSync(device), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(attributes_of(device).location.type, ACL_MEM_LOCATION_TYPE_UNREGISTERED);
}

TEST_P(MemoryQuery, CheckMemTypeMatchesOnlyWhenEveryAddressMatches) {
    void* a = nullptr;
    void* b = nullptr;
    void* host = nullptr;
    ASSERT_EQ(aclrtMalloc(&a, 64, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
    ASSERT_EQ(aclrtMallocCached(&b, 64, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
    ASSERT_EQ(aclrtMallocHost(&host, 64), ACL_SUCCESS);
    void* reserved = nullptr;
    size_t granularity = 0;
    aclrtPhysicalMemProp prop{};
    prop.handleType = ACL_MEM_HANDLE_TYPE_NONE;
    prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
    prop.memAttr = ACL_HBM_MEM_HUGE;
    prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = 0;
    ASSERT_EQ(
        aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &granularity),
        ACL_SUCCESS);
    ASSERT_EQ(aclrtReserveMemAddress(&reserved, granularity, 0, nullptr, 0), ACL_SUCCESS)
        << take_recent_error();

    auto check = [](std::vector<void*> addresses, uint32_t type) {
        uint32_t result = 7;
        EXPECT_EQ(aclrtCheckMemType(
                      addresses.data(), static_cast<uint32_t>(addresses.size()), type, &result, 0),
                  ACL_SUCCESS)
            << take_recent_error();
        return result;
    };
    EXPECT_EQ(check({a, b}, ACL_RT_MEM_TYPE_DEV), 1u);
    EXPECT_EQ(check({static_cast<char*>(a) + 63}, ACL_RT_MEM_TYPE_DEV), 1u);
    EXPECT_EQ(check({a, host}, ACL_RT_MEM_TYPE_DEV), 0u);
    EXPECT_EQ(check({a}, ACL_RT_MEM_TYPE_RSVD), 0u);
    EXPECT_EQ(check({reserved}, ACL_RT_MEM_TYPE_RSVD), 1u);
    EXPECT_EQ(check({reserved}, ACL_RT_MEM_TYPE_DEV), 0u);
    EXPECT_EQ(check({a, reserved}, ACL_RT_MEM_TYPE_DEV | ACL_RT_MEM_TYPE_RSVD), 1u);
    EXPECT_EQ(check({a}, ACL_RT_MEM_TYPE_DVPP), 0u);

    EXPECT_EQ(aclrtReleaseMemAddress(reserved), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(a), ACL_SUCCESS);
    EXPECT_EQ(check({b, a}, ACL_RT_MEM_TYPE_DEV), 0u);  // a is freed
    EXPECT_EQ(aclrtFree(b), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
}

// The frees wait for queued work that still uses the block: the copy into `host` has landed
// when aclrtFreeWithDevSync returns, without a stream synchronization.
TEST_P(MemoryQuery, FreesWaitForQueuedWork) {
    constexpr size_t kWords = 1 << 16;
    std::vector<uint32_t> source(kWords);
    for (size_t i = 0; i < kWords; ++i) {
        source[i] = 0x12340000u + static_cast<uint32_t>(i) * 17u;
    }
    void* in = nullptr;
    void* out = nullptr;
    void* device = nullptr;
    ASSERT_EQ(aclrtMallocHostWithCfg(&in, kWords * 4, nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtMallocHost(&out, kWords * 4), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&device, kWords * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    std::memcpy(in, source.data(), kWords * 4);
    std::memset(out, 0, kWords * 4);
    ASSERT_EQ(
        aclrtMemcpyAsync(device, kWords * 4, in, kWords * 4, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
        ACL_SUCCESS);
    ASSERT_EQ(aclrtFreeHostWithDevSync(in), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(
        aclrtMemcpyAsync(out, kWords * 4, device, kWords * 4, ACL_MEMCPY_DEVICE_TO_HOST, stream()),
        ACL_SUCCESS);
    ASSERT_EQ(aclrtFreeWithDevSync(device), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(std::memcmp(out, source.data(), kWords * 4), 0);
    EXPECT_EQ(aclrtFreeHostWithDevSync(out), ACL_SUCCESS);
}

TEST_P(MemoryQuery, RefusesWhatCannRefuses) {
    void* ptr = nullptr;
    EXPECT_EQ(aclrtMallocHostWithCfg(nullptr, 16, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("ptr"));
    EXPECT_EQ(aclrtMallocHostWithCfg(&ptr, 0, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("size"));
    aclrtMallocConfig no_attrs{nullptr, 2};
    EXPECT_EQ(aclrtMallocHostWithCfg(&ptr, 16, &no_attrs), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("cfg->numAttrs"));
    aclrtMallocAttribute bad{};
    bad.attr = static_cast<aclrtMallocAttrType>(9);
    aclrtMallocConfig bad_config{&bad, 1};
    EXPECT_EQ(aclrtMallocHostWithCfg(&ptr, 16, &bad_config), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("cfg->attrs[].attr"));
    EXPECT_EQ(ptr, nullptr);

    EXPECT_EQ(aclrtFreeWithDevSync(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("devPtr"));
    EXPECT_EQ(aclrtFreeHostWithDevSync(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("hostPtr"));
    void* host = nullptr;
    void* device = nullptr;
    ASSERT_EQ(aclrtMallocHost(&host, 16), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&device, 16, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeWithDevSync(host), ACL_ERROR_INVALID_PARAM);  // host memory
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtFreeHost"));
    EXPECT_EQ(aclrtFreeHostWithDevSync(device), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtFree"));

    aclrtPtrAttributes attributes{};
    EXPECT_EQ(aclrtPointerGetAttributes(nullptr, &attributes), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("ptr"));
    EXPECT_EQ(aclrtPointerGetAttributes(device, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("attributes"));

    void* list[] = {device};
    uint32_t result = 0;
    EXPECT_EQ(aclrtCheckMemType(nullptr, 1, ACL_RT_MEM_TYPE_DEV, &result, 0),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("addrList"));
    EXPECT_EQ(aclrtCheckMemType(list, 1, ACL_RT_MEM_TYPE_DEV, nullptr, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("checkResult"));
    EXPECT_EQ(aclrtCheckMemType(list, 0, ACL_RT_MEM_TYPE_DEV, &result, 0),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("size"));
    EXPECT_EQ(aclrtCheckMemType(list, 1, 0x1, &result, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("memType"));
    EXPECT_EQ(aclrtCheckMemType(list, 1, 0, &result, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("memType"));
    EXPECT_EQ(aclrtCheckMemType(list, 1, ACL_RT_MEM_TYPE_DEV, &result, 1),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("reserve"));

    EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(MemoryQuery);

}  // namespace
}  // namespace aclemu::test
