// Copy descriptors (aclrtGetMemcpyDescSize, aclrtSetMemcpyDesc, aclrtMemcpyAsyncWithDesc): a
// device-to-device copy recorded in device memory, then launched on a stream, and the inputs
// CANN refuses.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class MemcpyDesc : public BackendTest {};

constexpr size_t kCount = 1000;

TEST_P(MemcpyDesc, RecordedCopyMovesTheBytes) {
    size_t desc_size = 0;
    ASSERT_EQ(aclrtGetMemcpyDescSize(ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, &desc_size), ACL_SUCCESS);
    ASSERT_GT(desc_size, 0u);
    std::vector<uint32_t> in(kCount), out(kCount, 0);
    for (size_t i = 0; i < kCount; ++i) {
        in[i] = static_cast<uint32_t>(i * 2654435761u + 17u);
    }
    const size_t bytes = kCount * sizeof(uint32_t);
    void *src = nullptr, *dst = nullptr, *desc = nullptr;
    ASSERT_EQ(aclrtMalloc(&src, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&dst, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&desc, desc_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(src, bytes, in.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(dst, bytes, 0, bytes), ACL_SUCCESS);
    // Only the first 600 elements are described: the rest of dst stays zero.
    const size_t copied = 600 * sizeof(uint32_t);
    ASSERT_EQ(
        aclrtSetMemcpyDesc(desc, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, src, dst, copied, nullptr),
        ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtMemcpyAsyncWithDesc(desc, ACL_MEMCPY_INNER_DEVICE_TO_DEVICE, stream()),
              ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(out.data(), bytes, dst, bytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    for (size_t i = 0; i < kCount; ++i) {
        const uint32_t want = i < 600 ? static_cast<uint32_t>(i * 2654435761u + 17u) : 0u;
        ASSERT_EQ(out[i], want) << "element " << i;
    }
    EXPECT_EQ(aclrtFree(desc), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(dst), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(src), ACL_SUCCESS);
}

TEST_P(MemcpyDesc, RefusesWhatCannRefuses) {
    constexpr aclrtMemcpyKind kInner = ACL_MEMCPY_INNER_DEVICE_TO_DEVICE;
    size_t desc_size = 0;
    EXPECT_EQ(aclrtGetMemcpyDescSize(ACL_MEMCPY_HOST_TO_DEVICE, &desc_size),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("kind"));
    EXPECT_EQ(aclrtGetMemcpyDescSize(kInner, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("descSize"));
    ASSERT_EQ(aclrtGetMemcpyDescSize(kInner, &desc_size), ACL_SUCCESS);

    void *src = nullptr, *dst = nullptr, *desc = nullptr;
    ASSERT_EQ(aclrtMalloc(&src, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&dst, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&desc, desc_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    int reserved = 0;
    EXPECT_EQ(aclrtSetMemcpyDesc(desc, ACL_MEMCPY_DEVICE_TO_DEVICE, src, dst, 64, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("kind"));
    EXPECT_EQ(aclrtSetMemcpyDesc(desc, kInner, src, dst, 64, &reserved), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("config"));
    EXPECT_EQ(aclrtSetMemcpyDesc(desc, kInner, src, dst, 0, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("count"));
    EXPECT_EQ(aclrtSetMemcpyDesc(nullptr, kInner, src, dst, 64, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("desc"));
    // A range past the end of its allocation, and a host descriptor.
    EXPECT_EQ(aclrtSetMemcpyDesc(desc, kInner, src, dst, 257, nullptr), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("count"));
    uint8_t host_desc[64] = {};
    EXPECT_EQ(aclrtSetMemcpyDesc(host_desc, kInner, src, dst, 64, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("device memory"));
    // Device memory that aclrtSetMemcpyDesc never wrote.
    ASSERT_EQ(aclrtMemset(desc, desc_size, 0, desc_size), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpyAsyncWithDesc(desc, kInner, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtSetMemcpyDesc"));
    EXPECT_EQ(aclrtMemcpyAsyncWithDesc(desc, ACL_MEMCPY_HOST_TO_HOST, stream()),
              ACL_ERROR_INVALID_PARAM);
    take_recent_error();
    EXPECT_EQ(aclrtFree(desc), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(dst), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(src), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(MemcpyDesc);

}  // namespace
}  // namespace aclemu::test
