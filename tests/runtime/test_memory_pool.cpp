// Stream-ordered memory pools (acl/acl_rt_memory_soma.h): CANN's argument checks and codes, data
// through pool blocks, reuse in a stream's order (at once on the freeing stream, on another
// stream only once the free was reached), the release threshold applied at a synchronize,
// maxSize, the attributes, and a pool destroyed with a block still out.
#include "acl/acl_rt_memory_soma.h"

#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"
#include "support/error_message.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

aclrtMemPoolProps device_pool_props(uint64_t max_size) {
    aclrtMemPoolProps props{};
    props.allocType = ACL_MEM_ALLOCATION_TYPE_PINNED;
    props.handleType = ACL_MEM_HANDLE_TYPE_NONE;
    props.location.id = 0;
    props.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    props.maxSize = max_size;
    return props;
}

uint64_t attr_u64(aclrtMemPool pool, aclrtMemPoolAttr attr) {
    uint64_t value = 0xDEADBEEF;
    EXPECT_EQ(aclrtMemPoolGetAttr(pool, attr, &value), ACL_SUCCESS) << take_recent_error();
    return value;
}

void set_u64(aclrtMemPool pool, aclrtMemPoolAttr attr, uint64_t value) {
    ASSERT_EQ(aclrtMemPoolSetAttr(pool, attr, &value), ACL_SUCCESS) << take_recent_error();
}

// Holds a stream at a host function until release(): what the stream enqueues after it waits.
// Its end releases the stream and waits for it, so the host function never outlives the gate.
class StreamGate {
public:
    explicit StreamGate(aclrtStream stream) : stream_(stream) {
        EXPECT_EQ(aclrtLaunchHostFunc(stream, &StreamGate::wait, this), ACL_SUCCESS);
    }
    ~StreamGate() {
        release();
        EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
    }
    void release() { open_.store(true, std::memory_order_release); }

private:
    static void wait(void* self) {
        auto* gate = static_cast<StreamGate*>(self);
        while (!gate->open_.load(std::memory_order_acquire)) {
            std::this_thread::yield();
        }
    }
    aclrtStream stream_;
    std::atomic<bool> open_{false};
};

class MemoryPool : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        aclrtMemPoolProps props = device_pool_props(uint64_t{1} << 30);
        ASSERT_EQ(aclrtMemPoolCreate(&pool_, &props), ACL_SUCCESS) << take_recent_error();
    }
    void TearDown() override {
        if (pool_ != nullptr) {
            EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
            EXPECT_EQ(aclrtMemPoolDestroy(pool_), ACL_SUCCESS) << take_recent_error();
        }
        BackendTest::TearDown();
    }
    aclrtMemPool pool_ = nullptr;
};

TEST_P(MemoryPool, CreateChecksItsArguments) {
    aclrtMemPool pool = nullptr;
    aclrtMemPoolProps props = device_pool_props(1 << 20);
    take_recent_error();
    EXPECT_EQ(aclrtMemPoolCreate(nullptr, &props), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("memPool"));
    EXPECT_EQ(aclrtMemPoolCreate(&pool, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("poolProps"));

    aclrtMemPoolProps bad = props;
    c_set_enum_field(&bad.allocType, 1);
    EXPECT_EQ(aclrtMemPoolCreate(&pool, &bad), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("poolProps->allocType"));
    bad = props;
    bad.location.type = ACL_MEM_LOCATION_TYPE_HOST;
    EXPECT_EQ(aclrtMemPoolCreate(&pool, &bad), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("poolProps->location.type"));
    bad = props;
    bad.reserved[31] = 1;
    EXPECT_EQ(aclrtMemPoolCreate(&pool, &bad), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("poolProps->reserved"));
    bad = props;
    bad.location.id = 4096;
    EXPECT_EQ(aclrtMemPoolCreate(&pool, &bad), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(take_recent_error(), HasSubstr("poolProps->location.id"));
    bad = props;
    bad.handleType = ACL_MEM_HANDLE_TYPE_POSIX;
    EXPECT_EQ(aclrtMemPoolCreate(&pool, &bad), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("poolProps->handleType"));
    EXPECT_EQ(pool, nullptr);
}

TEST_P(MemoryPool, DataGoesThroughAPoolBlock) {
    constexpr size_t kBytes = 1000;
    std::vector<uint8_t> in(kBytes), out(kBytes, 0);
    for (size_t i = 0; i < kBytes; ++i) {
        in[i] = static_cast<uint8_t>(i * 13 + 5);
    }
    void* block = nullptr;
    ASSERT_EQ(aclrtMemPoolMallocAsync(&block, kBytes, pool_, stream()), ACL_SUCCESS)
        << take_recent_error();
    ASSERT_NE(block, nullptr);
    ASSERT_EQ(
        aclrtMemcpyAsync(block, kBytes, in.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
        ACL_SUCCESS);
    ASSERT_EQ(
        aclrtMemcpyAsync(out.data(), kBytes, block, kBytes, ACL_MEMCPY_DEVICE_TO_HOST, stream()),
        ACL_SUCCESS);
    EXPECT_EQ(attr_u64(pool_, ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT), 1024u);  // 32-byte rounding
    ASSERT_EQ(aclrtMemPoolFreeAsync(block, stream()), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(out, in);
    EXPECT_EQ(attr_u64(pool_, ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT), 0u);
    EXPECT_EQ(attr_u64(pool_, ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH), 1024u);
    EXPECT_EQ(attr_u64(pool_, ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH), 1024u);
    // A copy past the block's requested bytes is refused, as for aclrtMalloc memory.
    ASSERT_EQ(aclrtMemPoolMallocAsync(&block, 64, pool_, stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpy(out.data(), 128, block, 128, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_ERROR_RT_PARAM_INVALID);
    take_recent_error();
    ASSERT_EQ(aclrtMemPoolFreeAsync(block, stream()), ACL_SUCCESS);
}

TEST_P(MemoryPool, TheFreeingStreamReusesABlockAtOnce) {
    StreamGate gate(stream());  // nothing on the stream has run when the second malloc asks
    void* first = nullptr;
    void* second = nullptr;
    ASSERT_EQ(aclrtMemPoolMallocAsync(&first, 4096, pool_, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemPoolFreeAsync(first, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemPoolMallocAsync(&second, 4000, pool_, stream()), ACL_SUCCESS);
    EXPECT_EQ(second, first);
    gate.release();
    ASSERT_EQ(aclrtMemPoolFreeAsync(second, stream()), ACL_SUCCESS);
}

TEST_P(MemoryPool, AnotherStreamReusesABlockOnlyOnceTheFreeIsReached) {
    set_u64(pool_, ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, UINT64_MAX);  // keep what is freed
    aclrtStream other = nullptr;
    ASSERT_EQ(aclrtCreateStream(&other), ACL_SUCCESS);
    void* first = nullptr;
    void* elsewhere = nullptr;
    void* later = nullptr;
    {
        StreamGate gate(stream());
        ASSERT_EQ(aclrtMemPoolMallocAsync(&first, 4096, pool_, stream()), ACL_SUCCESS);
        ASSERT_EQ(aclrtMemPoolFreeAsync(first, stream()), ACL_SUCCESS);
        ASSERT_EQ(aclrtMemPoolMallocAsync(&elsewhere, 4096, pool_, other), ACL_SUCCESS);
        EXPECT_NE(elsewhere, first);  // the free is still behind the gate
        EXPECT_EQ(attr_u64(pool_, ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT), 8192u);
    }
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemPoolMallocAsync(&later, 4096, pool_, other), ACL_SUCCESS);
    EXPECT_EQ(later, first);
    ASSERT_EQ(aclrtMemPoolFreeAsync(elsewhere, other), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemPoolFreeAsync(later, other), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(other), ACL_SUCCESS);
    EXPECT_EQ(attr_u64(pool_, ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT), 8192u);
    EXPECT_EQ(aclrtDestroyStream(other), ACL_SUCCESS);
}

TEST_P(MemoryPool, ASynchronizeReleasesIdleMemoryAboveTheThreshold) {
    void* a = nullptr;
    void* b = nullptr;
    set_u64(pool_, ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, 4096);
    ASSERT_EQ(aclrtMemPoolMallocAsync(&a, 4096, pool_, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemPoolMallocAsync(&b, 8192, pool_, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemPoolFreeAsync(a, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemPoolFreeAsync(b, stream()), ACL_SUCCESS);
    EXPECT_EQ(attr_u64(pool_, ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT), 12288u);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    // The largest idle block goes first: 4096 bytes stay, at the threshold.
    EXPECT_EQ(attr_u64(pool_, ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT), 4096u);
    set_u64(pool_, ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, 0);
    ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
    EXPECT_EQ(attr_u64(pool_, ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT), 0u);
    EXPECT_EQ(attr_u64(pool_, ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH), 12288u);
    set_u64(pool_, ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH, 0);  // reset to the current bytes
    EXPECT_EQ(attr_u64(pool_, ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH), 0u);
}

TEST_P(MemoryPool, MaxSizeBoundsWhatThePoolReserves) {
    aclrtMemPool small = nullptr;
    aclrtMemPoolProps props = device_pool_props(4096);
    ASSERT_EQ(aclrtMemPoolCreate(&small, &props), ACL_SUCCESS);
    void* a = nullptr;
    void* b = nullptr;
    ASSERT_EQ(aclrtMemPoolMallocAsync(&a, 4096, small, stream()), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclrtMemPoolMallocAsync(&b, 32, small, stream()), ACL_ERROR_RT_MEMORY_ALLOCATION);
    EXPECT_THAT(take_recent_error(), HasSubstr("maxSize is 4096"));
    EXPECT_EQ(b, nullptr);
    ASSERT_EQ(aclrtMemPoolFreeAsync(a, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);  // threshold 0: released
    ASSERT_EQ(aclrtMemPoolMallocAsync(&b, 2048, small, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemPoolMallocAsync(&a, 2048, small, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemPoolFreeAsync(a, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemPoolFreeAsync(b, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemPoolDestroy(small), ACL_SUCCESS);
}

TEST_P(MemoryPool, AttributesFollowCannsRules) {
    for (aclrtMemPoolAttr reuse : {ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES,
                                   ACL_RT_MEM_POOL_REUSE_ALLOW_OPPORTUNISTIC,
                                   ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES}) {
        uint32_t value = 7;
        ASSERT_EQ(aclrtMemPoolGetAttr(pool_, reuse, &value), ACL_SUCCESS);
        EXPECT_EQ(value, 1u);  // on by default
        value = 0;
        ASSERT_EQ(aclrtMemPoolSetAttr(pool_, reuse, &value), ACL_SUCCESS);
        value = 7;
        ASSERT_EQ(aclrtMemPoolGetAttr(pool_, reuse, &value), ACL_SUCCESS);
        EXPECT_EQ(value, 0u);
        value = 3;
        take_recent_error();
        EXPECT_EQ(aclrtMemPoolSetAttr(pool_, reuse, &value), ACL_ERROR_RT_PARAM_INVALID);
        EXPECT_THAT(take_recent_error(), HasSubstr("value"));
    }
    uint64_t bytes = 5;
    EXPECT_EQ(aclrtMemPoolSetAttr(pool_, ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT, &bytes),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("read-only"));
    EXPECT_EQ(aclrtMemPoolSetAttr(pool_, ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT, &bytes),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemPoolSetAttr(pool_, ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH, &bytes),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("only be reset, to 0"));
    set_u64(pool_, ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, 123456789);
    EXPECT_EQ(attr_u64(pool_, ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD), 123456789u);
    aclrtMemPoolAttr unknown{};
    c_set_enum_field(&unknown, 9);
    EXPECT_EQ(aclrtMemPoolGetAttr(pool_, unknown, &bytes), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("attr"));
    EXPECT_EQ(aclrtMemPoolSetAttr(pool_, unknown, &bytes), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemPoolGetAttr(nullptr, ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, &bytes),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemPoolGetAttr(pool_, ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("value"));
}

TEST_P(MemoryPool, MallocAndFreeRefuseBadArguments) {
    void* block = reinterpret_cast<void*>(0x1234);
    take_recent_error();
    EXPECT_EQ(aclrtMemPoolMallocAsync(nullptr, 64, pool_, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("ptr"));
    EXPECT_EQ(aclrtMemPoolMallocAsync(&block, 64, nullptr, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("memPool"));
    EXPECT_EQ(aclrtMemPoolMallocAsync(&block, 64, pool_, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("stream"));
    EXPECT_EQ(aclrtMemPoolMallocAsync(&block, 0, pool_, stream()), ACL_SUCCESS);
    EXPECT_EQ(block, reinterpret_cast<void*>(0x1234));  // size 0: untouched

    EXPECT_EQ(aclrtMemPoolFreeAsync(nullptr, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("ptr"));
    void* plain = nullptr;
    ASSERT_EQ(aclrtMalloc(&plain, 256, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemPoolFreeAsync(plain, stream()), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("not returned by aclrtMemPoolMallocAsync"));
    EXPECT_EQ(aclrtFree(plain), ACL_SUCCESS);

    ASSERT_EQ(aclrtMemPoolMallocAsync(&block, 256, pool_, stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemPoolFreeAsync(static_cast<char*>(block) + 32, stream()),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("inside a memory pool block"));
    EXPECT_EQ(aclrtFree(block), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtMemPoolFreeAsync"));
    ASSERT_EQ(aclrtMemPoolFreeAsync(block, nullptr), ACL_SUCCESS);  // the default stream
    EXPECT_EQ(aclrtMemPoolFreeAsync(block, stream()), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("already been freed"));
    ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
}

TEST_P(MemoryPool, ADestroyedPoolKeepsItsBlocksUntilTheyAreFreed) {
    aclrtMemPool pool = nullptr;
    aclrtMemPoolProps props = device_pool_props(0);  // 0: no bound of its own
    ASSERT_EQ(aclrtMemPoolCreate(&pool, &props), ACL_SUCCESS);
    void* block = nullptr;
    ASSERT_EQ(aclrtMemPoolMallocAsync(&block, 512, pool, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemPoolDestroy(pool), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclrtMemPoolDestroy(pool), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live memory pool"));
    void* other = nullptr;
    EXPECT_EQ(aclrtMemPoolMallocAsync(&other, 64, pool, stream()), ACL_ERROR_INVALID_PARAM);
    const std::vector<uint8_t> in(512, 0x5A);
    std::vector<uint8_t> out(512, 0);
    ASSERT_EQ(aclrtMemcpy(block, 512, in.data(), 512, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(out.data(), 512, block, 512, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(out, in);
    ASSERT_EQ(aclrtMemPoolFreeAsync(block, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(MemoryPool);

}  // namespace
}  // namespace aclemu::test
