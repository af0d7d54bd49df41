// 32-bit fills (aclrtMemsetD32, aclrtMemsetD32Async): device and pinned host memory, patterns
// whose bytes differ (the doubling path) and agree (a byte memset), fills longer than the host
// image, stream order, and the inputs CANN refuses.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class MemsetD32 : public BackendTest {};

// Reads `words` words of device memory.
std::vector<uint32_t> read_words(const void* device, size_t words) {
    std::vector<uint32_t> out(words);
    EXPECT_EQ(aclrtMemcpy(out.data(), words * 4, device, words * 4, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    return out;
}

// The expected table: `guard` everywhere, `value` in [begin, begin + n).
std::vector<uint32_t> expected(
    size_t words, uint32_t guard, size_t begin, size_t n, uint32_t value) {
    std::vector<uint32_t> want(words, guard);
    for (size_t i = begin; i < begin + n; ++i) {
        want[i] = value;
    }
    return want;
}

TEST_P(MemsetD32, FillsDeviceMemoryBetweenGuards) {
    // 10007 words: more than the 4096-word host image, and not a power of two of it.
    constexpr size_t kWords = 10011;
    constexpr size_t kBegin = 2;
    constexpr size_t kFilled = 10007;
    void* device = nullptr;
    ASSERT_EQ(aclrtMalloc(&device, kWords * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(device, kWords * 4, 0x5A, kWords * 4), ACL_SUCCESS);
    void* at = static_cast<uint32_t*>(device) + kBegin;
    ASSERT_EQ(aclrtMemsetD32(at, kFilled * 4, 0xDEADBEEFu, kFilled), ACL_SUCCESS)
        << take_recent_error();
    EXPECT_EQ(read_words(device, kWords),
              expected(kWords, 0x5A5A5A5Au, kBegin, kFilled, 0xDEADBEEFu));
    // Equal bytes take the byte memset.
    ASSERT_EQ(aclrtMemsetD32(at, kFilled * 4, 0x07070707u, 3), ACL_SUCCESS);
    auto want = expected(kWords, 0x5A5A5A5Au, kBegin, kFilled, 0xDEADBEEFu);
    for (size_t i = kBegin; i < kBegin + 3; ++i) {
        want[i] = 0x07070707u;
    }
    EXPECT_EQ(read_words(device, kWords), want);
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
}

TEST_P(MemsetD32, AsyncFillRunsInStreamOrder) {
    constexpr size_t kWords = 9000;
    void* device = nullptr;
    ASSERT_EQ(aclrtMalloc(&device, kWords * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    std::vector<uint32_t> ones(kWords, 1u);
    void* pinned = nullptr;
    ASSERT_EQ(aclrtMallocHost(&pinned, kWords * 4), ACL_SUCCESS);
    std::memcpy(pinned, ones.data(), kWords * 4);
    // Copy, fill the middle, copy back, all queued: the fill lands between the two copies.
    ASSERT_EQ(aclrtMemcpyAsync(
                  device, kWords * 4, pinned, kWords * 4, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
              ACL_SUCCESS);
    ASSERT_EQ(
        aclrtMemsetD32Async(
            static_cast<uint32_t*>(device) + 100, (kWords - 100) * 4, 0x12345678u, 8000, stream()),
        ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtMemcpyAsync(
                  pinned, kWords * 4, device, kWords * 4, ACL_MEMCPY_DEVICE_TO_HOST, stream()),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    std::vector<uint32_t> got(kWords);
    std::memcpy(got.data(), pinned, kWords * 4);
    EXPECT_EQ(got, expected(kWords, 1u, 100, 8000, 0x12345678u));
    EXPECT_EQ(aclrtFreeHost(pinned), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
}

TEST_P(MemsetD32, FillsPinnedHostMemoryAtOnce) {
    constexpr size_t kWords = 16;
    void* host = nullptr;
    ASSERT_EQ(aclrtMallocHost(&host, kWords * 4), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetD32(host, kWords * 4, 0xA1B2C3D4u, kWords), ACL_SUCCESS);
    const auto* words = static_cast<const uint32_t*>(host);
    EXPECT_EQ(std::vector<uint32_t>(words, words + kWords),
              std::vector<uint32_t>(kWords, 0xA1B2C3D4u));
    // The asynchronous form fills host memory before it returns, as CANN documents.
    ASSERT_EQ(aclrtMemsetD32Async(host, kWords * 4, 0x0BADF00Du, 5, stream()), ACL_SUCCESS);
    EXPECT_EQ(std::vector<uint32_t>(words, words + kWords),
              expected(kWords, 0xA1B2C3D4u, 0, 5, 0x0BADF00Du));
    EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
}

TEST_P(MemsetD32, RefusesWhatCannRefuses) {
    void* device = nullptr;
    ASSERT_EQ(aclrtMalloc(&device, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemsetD32(nullptr, 64, 1, 4), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("ptr"));
    EXPECT_EQ(aclrtMemsetD32(device, 15, 1, 4), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("memSize"));
    EXPECT_EQ(aclrtMemsetD32(device, SIZE_MAX, 1, SIZE_MAX / 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("N"));
    // Past the end of the 64-byte block, though memSize allows it.
    EXPECT_EQ(aclrtMemsetD32(device, 68, 1, 17), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("ptr"));
    uint32_t plain[4] = {};
    EXPECT_EQ(aclrtMemsetD32(plain, sizeof(plain), 1, 4), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtMallocHost"));
    EXPECT_EQ(plain[0], 0u);
    EXPECT_EQ(aclrtMemsetD32(device, 64, 1, 0), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(device), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(MemsetD32);

}  // namespace
}  // namespace aclemu::test
