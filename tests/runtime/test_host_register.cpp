// aclrtHostRegisterV2 / aclrtHostGetDevicePointer / aclrtHostUnregister and aclrtMemAllocManaged
// on every backend: registered host memory copies to and from device memory, gives a device
// address inside its range, and is refused by aclrtFree/aclrtFreeHost; managed memory is written
// and read by the host directly and by copies, and released by aclrtFree.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/error_message.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

constexpr size_t kPage = 4096;
constexpr size_t kBytes = 4 * kPage;

// Page-aligned host memory of the test's own (not the runtime's).
struct OwnMemory {
    OwnMemory() { data = static_cast<uint8_t*>(std::aligned_alloc(kPage, kBytes)); }
    ~OwnMemory() { std::free(data); }
    uint8_t* data = nullptr;
};

class HostRegister : public BackendTest {};

TEST_P(HostRegister, RegisteredMemoryCopiesAndMapsItsRange) {
    OwnMemory host;
    for (size_t i = 0; i < kBytes; ++i) {
        host.data[i] = static_cast<uint8_t>(i * 7 + 3);
    }
    ASSERT_EQ(aclrtHostRegisterV2(host.data, kBytes, ACL_HOST_REG_MAPPED | ACL_HOST_REG_PINNED),
              ACL_SUCCESS)
        << take_recent_error();
    void* device_start = nullptr;
    void* device_inner = nullptr;
    ASSERT_EQ(aclrtHostGetDevicePointer(host.data, &device_start, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtHostGetDevicePointer(host.data + 100, &device_inner, 0), ACL_SUCCESS);
    EXPECT_NE(device_start, nullptr);
    EXPECT_EQ(static_cast<uint8_t*>(device_inner) - static_cast<uint8_t*>(device_start), 100);

    // Host -> device -> host through the registered range.
    void* device = nullptr;
    ASSERT_EQ(aclrtMalloc(&device, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(
        aclrtMemcpyAsync(device, kBytes, host.data, kBytes, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
        ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    std::memset(host.data, 0, kBytes);
    ASSERT_EQ(
        aclrtMemcpyAsync(host.data, kBytes, device, kBytes, ACL_MEMCPY_DEVICE_TO_HOST, stream()),
        ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    for (size_t i = 0; i < kBytes; ++i) {
        ASSERT_EQ(host.data[i], static_cast<uint8_t>(i * 7 + 3)) << "byte " << i;
    }

    // Not the runtime's to free.
    take_recent_error();
    EXPECT_EQ(aclrtFreeHost(host.data), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtHostUnregister"));
    EXPECT_EQ(aclrtFree(host.data), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtHostUnregister"));

    ASSERT_EQ(aclrtHostUnregister(host.data), ACL_SUCCESS);
    EXPECT_EQ(aclrtHostGetDevicePointer(host.data, &device_start, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("pHost"));
    EXPECT_EQ(aclrtHostUnregister(host.data), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("ptr"));
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
}

TEST_P(HostRegister, MallocHostMemoryCanBeRegistered) {
    void* pinned = nullptr;
    ASSERT_EQ(aclrtMallocHost(&pinned, kBytes), ACL_SUCCESS);
    ASSERT_EQ(aclrtHostRegisterV2(pinned, kBytes, ACL_HOST_REG_MAPPED), ACL_SUCCESS)
        << take_recent_error();
    void* mapped = nullptr;
    EXPECT_EQ(aclrtHostGetDevicePointer(pinned, &mapped, 0), ACL_SUCCESS);
    EXPECT_NE(mapped, nullptr);
    ASSERT_EQ(aclrtHostUnregister(pinned), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeHost(pinned), ACL_SUCCESS) << take_recent_error();
}

TEST_P(HostRegister, BadArgumentsAreRefusedWithTheirName) {
    OwnMemory host;
    take_recent_error();
    EXPECT_EQ(aclrtHostRegisterV2(nullptr, kBytes, ACL_HOST_REG_MAPPED), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("ptr"));
    EXPECT_EQ(aclrtHostRegisterV2(host.data, 0, ACL_HOST_REG_MAPPED), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("size"));
    EXPECT_EQ(aclrtHostRegisterV2(host.data, kBytes, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("flag"));
    EXPECT_EQ(aclrtHostRegisterV2(host.data, kBytes, 0x1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("flag"));
    EXPECT_EQ(aclrtHostRegisterV2(host.data, kBytes, ACL_HOST_REG_READONLY),
              ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("ACL_HOST_REG_READONLY"));

    ASSERT_EQ(aclrtHostRegisterV2(host.data, kBytes, ACL_HOST_REG_PINNED), ACL_SUCCESS);
    EXPECT_EQ(aclrtHostRegisterV2(host.data + kPage, kPage, ACL_HOST_REG_PINNED),
              ACL_ERROR_HOST_MEMORY_ALREADY_REGISTERED);
    EXPECT_THAT(take_recent_error(), HasSubstr("already registered"));
    void* mapped = nullptr;
    // Pinned only: no device address.
    EXPECT_EQ(aclrtHostGetDevicePointer(host.data, &mapped, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("ACL_HOST_REG_MAPPED"));
    EXPECT_EQ(aclrtHostGetDevicePointer(host.data, nullptr, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("pDevice"));
    EXPECT_EQ(aclrtHostGetDevicePointer(host.data, &mapped, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("flag"));
    EXPECT_EQ(aclrtHostUnregister(host.data + 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("ptr"));
    EXPECT_EQ(aclrtHostUnregister(host.data), ACL_SUCCESS);

    void* device = nullptr;
    ASSERT_EQ(aclrtMalloc(&device, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(aclrtHostRegisterV2(device, kBytes, ACL_HOST_REG_MAPPED), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("device memory"));
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
}

TEST_P(HostRegister, ManagedMemoryIsHostAndDeviceMemory) {
    constexpr size_t kCount = 1024;
    int32_t* managed = nullptr;
    ASSERT_EQ(
        aclrtMemAllocManaged(
            reinterpret_cast<void**>(&managed), kCount * sizeof(int32_t), ACL_RT_MEM_ATTACH_GLOBAL),
        ACL_SUCCESS)
        << take_recent_error();
    ASSERT_NE(managed, nullptr);
    for (size_t i = 0; i < kCount; ++i) {
        managed[i] = static_cast<int32_t>(i * 3 - 500);  // written by the host directly
    }
    // A device-to-device copy out of it, then back to the host.
    void* device = nullptr;
    ASSERT_EQ(aclrtMalloc(&device, kCount * sizeof(int32_t), ACL_MEM_MALLOC_HUGE_FIRST),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(device,
                          kCount * sizeof(int32_t),
                          managed,
                          kCount * sizeof(int32_t),
                          ACL_MEMCPY_DEVICE_TO_DEVICE),
              ACL_SUCCESS)
        << take_recent_error();
    std::vector<int32_t> back(kCount);
    ASSERT_EQ(aclrtMemcpy(back.data(),
                          kCount * sizeof(int32_t),
                          device,
                          kCount * sizeof(int32_t),
                          ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    for (size_t i = 0; i < kCount; ++i) {
        ASSERT_EQ(back[i], static_cast<int32_t>(i * 3 - 500)) << "element " << i;
    }
    // A fill through the runtime is visible to the host.
    ASSERT_EQ(aclrtMemset(managed, kCount * sizeof(int32_t), 0, kCount * sizeof(int32_t)),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
    EXPECT_EQ(managed[0], 0);
    EXPECT_EQ(managed[kCount - 1], 0);
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(managed), ACL_SUCCESS) << take_recent_error();
    take_recent_error();
    EXPECT_EQ(aclrtFree(managed), ACL_ERROR_INVALID_PARAM);  // already freed
}

TEST_P(HostRegister, ManagedAllocationArgumentsAreChecked) {
    void* managed = nullptr;
    take_recent_error();
    EXPECT_EQ(aclrtMemAllocManaged(nullptr, 64, ACL_RT_MEM_ATTACH_GLOBAL), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("ptr"));
    EXPECT_EQ(aclrtMemAllocManaged(&managed, 0, ACL_RT_MEM_ATTACH_GLOBAL), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("size"));
    EXPECT_EQ(aclrtMemAllocManaged(&managed, 64, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("flag"));
    EXPECT_EQ(aclrtMemAllocManaged(&managed, UINT64_MAX, ACL_RT_MEM_ATTACH_GLOBAL),
              ACL_ERROR_RT_MEMORY_ALLOCATION);
    EXPECT_THAT(take_recent_error(), HasSubstr("size"));
}

ACLEMU_INSTANTIATE_BACKENDS(HostRegister);

}  // namespace
}  // namespace aclemu::test
