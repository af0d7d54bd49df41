// Copies whose addresses live in device memory: copy descriptors (aclrtGetMemcpyDescSize,
// aclrtSetMemcpyDesc, aclrtMemcpyAsyncWithDesc), a device-to-device copy recorded in device
// memory, then launched on a stream; and aclrtMemcpyAsyncWithOffset, whose base addresses are
// stored in device slots. Both with the inputs CANN refuses.
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

// aclrtMemcpyAsyncWithOffset: base addresses in device slots, a slice between offsets.
class MemcpyWithOffset : public BackendTest {};

constexpr size_t kTable = 16;

struct OffsetTables {
    void* src = nullptr;
    void* dst = nullptr;
    void* src_slot = nullptr;
    void* dst_slot = nullptr;

    void create() {
        ASSERT_EQ(aclrtMalloc(&src, kTable * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        ASSERT_EQ(aclrtMalloc(&dst, kTable * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        ASSERT_EQ(aclrtMalloc(&src_slot, sizeof(void*), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        ASSERT_EQ(aclrtMalloc(&dst_slot, sizeof(void*), ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        ASSERT_EQ(
            aclrtMemcpy(src_slot, sizeof(void*), &src, sizeof(void*), ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_SUCCESS);
        ASSERT_EQ(
            aclrtMemcpy(dst_slot, sizeof(void*), &dst, sizeof(void*), ACL_MEMCPY_HOST_TO_DEVICE),
            ACL_SUCCESS);
        std::vector<uint32_t> in(kTable);
        for (size_t i = 0; i < kTable; ++i) {
            in[i] = 0x10000000u + 0x101u * static_cast<uint32_t>(i);
        }
        ASSERT_EQ(aclrtMemcpy(src, kTable * 4, in.data(), kTable * 4, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_SUCCESS);
        ASSERT_EQ(aclrtMemset(dst, kTable * 4, 0xEE, kTable * 4), ACL_SUCCESS);
    }
    void destroy() {
        for (void* block : {src, dst, src_slot, dst_slot}) {
            EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
        }
    }
};

TEST_P(MemcpyWithOffset, CopiesTheSliceBetweenOffsets) {
    OffsetTables t;
    ASSERT_NO_FATAL_FAILURE(t.create());
    // Words 3..8 of src to words 5..10 of dst.
    ASSERT_EQ(
        aclrtMemcpyAsyncWithOffset(reinterpret_cast<void**>(t.dst_slot),
                                   kTable * 4,
                                   5 * 4,
                                   const_cast<const void**>(reinterpret_cast<void**>(t.src_slot)),
                                   6 * 4,
                                   3 * 4,
                                   ACL_MEMCPY_INNER_DEVICE_TO_DEVICE,
                                   stream()),
        ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    std::vector<uint32_t> out(kTable);
    ASSERT_EQ(aclrtMemcpy(out.data(), kTable * 4, t.dst, kTable * 4, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    for (size_t i = 0; i < kTable; ++i) {
        const uint32_t want =
            (i >= 5 && i < 11) ? 0x10000000u + 0x101u * static_cast<uint32_t>(i - 2) : 0xEEEEEEEEu;
        EXPECT_EQ(out[i], want) << "word " << i;
    }
    t.destroy();
}

TEST_P(MemcpyWithOffset, RefusesWhatCannRefuses) {
    OffsetTables t;
    ASSERT_NO_FATAL_FAILURE(t.create());
    auto* dst = reinterpret_cast<void**>(t.dst_slot);
    auto* src = const_cast<const void**>(reinterpret_cast<void**>(t.src_slot));
    constexpr aclrtMemcpyKind kInner = ACL_MEMCPY_INNER_DEVICE_TO_DEVICE;
    EXPECT_EQ(
        aclrtMemcpyAsyncWithOffset(dst, 64, 0, src, 4, 0, ACL_MEMCPY_DEVICE_TO_DEVICE, stream()),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("kind"));
    EXPECT_EQ(aclrtMemcpyAsyncWithOffset(nullptr, 64, 0, src, 4, 0, kInner, stream()),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("dst"));
    EXPECT_EQ(aclrtMemcpyAsyncWithOffset(dst, 64, 64, src, 4, 0, kInner, stream()),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("dstDataOffset"));
    // The count past destMax from the offset; the source slice past its block.
    EXPECT_EQ(aclrtMemcpyAsyncWithOffset(dst, 64, 60, src, 8, 0, kInner, stream()),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("count"));
    EXPECT_EQ(aclrtMemcpyAsyncWithOffset(dst, 64, 0, src, 8, 60, kInner, stream()),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("src"));
    // A host slot, and a device slot holding no address.
    void* host_slot[1] = {t.dst};
    EXPECT_EQ(aclrtMemcpyAsyncWithOffset(host_slot, 64, 0, src, 4, 0, kInner, stream()),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("device memory"));
    ASSERT_EQ(aclrtMemset(t.dst_slot, sizeof(void*), 0, sizeof(void*)), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpyAsyncWithOffset(dst, 64, 0, src, 4, 0, kInner, stream()),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("null base address"));
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    t.destroy();
}

ACLEMU_INSTANTIATE_BACKENDS(MemcpyWithOffset);

}  // namespace
}  // namespace aclemu::test
