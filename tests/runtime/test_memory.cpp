// Memory on every backend: aclrtMalloc (all policies), MallocAlign32/Cached/Host, frees of
// foreign / double / interior pointers, aclrtMemcpy of every kind with the bytes verified, the
// kind and range checks, Memcpy2d, Memset(Async) and GetMemInfo. Codes per docs/errors.md.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

std::vector<uint8_t> pattern(size_t n, uint8_t seed) {
    std::vector<uint8_t> bytes(n);
    for (size_t i = 0; i < n; ++i) {
        bytes[i] = static_cast<uint8_t>(seed + i * 7);
    }
    return bytes;
}

class Memory : public BackendTest {
protected:
    void* device_alloc(size_t bytes) {
        void* ptr = nullptr;
        EXPECT_EQ(aclrtMalloc(&ptr, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS)
            << take_recent_error();
        blocks_.push_back(ptr);
        return ptr;
    }
    void* host_alloc(size_t bytes) {
        void* ptr = nullptr;
        EXPECT_EQ(aclrtMallocHost(&ptr, bytes), ACL_SUCCESS) << take_recent_error();
        hosts_.push_back(ptr);
        return ptr;
    }
    void TearDown() override {
        for (void* ptr : blocks_) {
            EXPECT_EQ(aclrtFree(ptr), ACL_SUCCESS);
        }
        for (void* ptr : hosts_) {
            EXPECT_EQ(aclrtFreeHost(ptr), ACL_SUCCESS);
        }
        BackendTest::TearDown();
    }
    std::vector<void*> blocks_;
    std::vector<void*> hosts_;
};

TEST_P(Memory, MallocEveryPolicyRoundTrips) {
    const aclrtMemMallocPolicy policies[] = {
        ACL_MEM_MALLOC_HUGE_FIRST,
        ACL_MEM_MALLOC_HUGE_ONLY,
        ACL_MEM_MALLOC_NORMAL_ONLY,
        ACL_MEM_MALLOC_HUGE_FIRST_P2P,
        ACL_MEM_MALLOC_HUGE_ONLY_P2P,
        ACL_MEM_MALLOC_NORMAL_ONLY_P2P,
        ACL_MEM_MALLOC_HUGE1G_ONLY,
        ACL_MEM_MALLOC_HUGE1G_ONLY_P2P,
        ACL_MEM_TYPE_LOW_BAND_WIDTH,
        ACL_MEM_TYPE_HIGH_BAND_WIDTH,
        ACL_MEM_ACCESS_USER_SPACE_READONLY,
        static_cast<aclrtMemMallocPolicy>(0x7777),  // out of range: ordinary memory, as CANN
    };
    const size_t sizes[] = {1, 33, 4096, (size_t{3} << 20) + 5};
    for (aclrtMemMallocPolicy policy : policies) {
        for (size_t size : sizes) {
            SCOPED_TRACE("policy " + std::to_string(policy) + " size " + std::to_string(size));
            for (auto allocate : {aclrtMalloc, aclrtMallocAlign32, aclrtMallocCached}) {
                void* dev = nullptr;
                ASSERT_EQ(allocate(&dev, size, policy), ACL_SUCCESS) << take_recent_error();
                ASSERT_NE(dev, nullptr);
                EXPECT_EQ(reinterpret_cast<uintptr_t>(dev) % 32, 0u);
                auto in = pattern(size, static_cast<uint8_t>(policy + size));
                std::vector<uint8_t> out(size, 0);
                ASSERT_EQ(aclrtMemcpy(dev, size, in.data(), size, ACL_MEMCPY_HOST_TO_DEVICE),
                          ACL_SUCCESS);
                ASSERT_EQ(aclrtMemcpy(out.data(), size, dev, size, ACL_MEMCPY_DEVICE_TO_HOST),
                          ACL_SUCCESS);
                EXPECT_EQ(out, in);
                EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
            }
        }
    }
}

TEST_P(Memory, MallocRejectsZeroSizeAndNullPointer) {
    void* dev = nullptr;
    take_recent_error();
    EXPECT_EQ(aclrtMalloc(&dev, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(
        take_recent_error(),
        HasSubstr(
            "EH0001: Value [0] for parameter [size] is invalid. Reason: must be greater than 0"));
    EXPECT_EQ(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0002: Argument [devPtr] must not be null."));
    EXPECT_EQ(aclrtMallocAlign32(&dev, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMallocAlign32(nullptr, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMallocCached(&dev, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMallocCached(nullptr, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMallocHost(&dev, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMallocHost(nullptr, 8), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(dev, nullptr);
}

TEST_P(Memory, MallocHugeSizeFailsWithAllocationError) {
    void* dev = nullptr;
    take_recent_error();
    EXPECT_EQ(aclrtMalloc(&dev, ~size_t{0} - 8, ACL_MEM_MALLOC_HUGE_FIRST),
              ACL_ERROR_RT_MEMORY_ALLOCATION);
    EXPECT_THAT(take_recent_error(), HasSubstr("[size]"));
}

TEST_P(Memory, FreeRejectsForeignDoubleInteriorAndMismatchedPointers) {
    take_recent_error();
    int on_stack = 0;
    EXPECT_EQ(aclrtFree(&on_stack), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("was not returned by aclrtMalloc, or it has already been freed"));
    EXPECT_EQ(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0002: Argument [devPtr] must not be null."));

    void* dev = nullptr;
    ASSERT_EQ(aclrtMalloc(&dev, 128, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(static_cast<char*>(dev) + 16), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("points inside an allocation"));
    EXPECT_EQ(aclrtFreeHost(dev), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("release it with aclrtFree"));
    EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(dev), ACL_ERROR_INVALID_PARAM);  // double free
    EXPECT_THAT(take_recent_error(), HasSubstr("[devPtr]"));

    void* host = nullptr;
    ASSERT_EQ(aclrtMallocHost(&host, 64), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(host), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("release it with aclrtFreeHost"));
    EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeHost(host), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[hostPtr]"));
    EXPECT_EQ(aclrtFreeHost(&on_stack), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtFreeHost(nullptr), ACL_ERROR_INVALID_PARAM);
}

// Every kind, between every pair of memory it accepts; the bytes are checked after each copy.
TEST_P(Memory, MemcpyEveryKindCopiesTheBytes) {
    constexpr size_t n = 1000;
    auto src = pattern(n, 3);
    std::vector<uint8_t> pageable(n, 0);
    auto* pinned = static_cast<uint8_t*>(host_alloc(n));
    void* dev_a = device_alloc(n);
    void* dev_b = device_alloc(n);

    // H2H: pageable -> pinned -> pageable.
    ASSERT_EQ(aclrtMemcpy(pinned, n, src.data(), n, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(std::memcmp(pinned, src.data(), n), 0);
    ASSERT_EQ(aclrtMemcpy(pageable.data(), n, pinned, n, ACL_MEMCPY_HOST_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(pageable, src);

    // H2D, D2D, D2H.
    ASSERT_EQ(aclrtMemcpy(dev_a, n, src.data(), n, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(dev_b, n, dev_a, n, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
    std::fill(pageable.begin(), pageable.end(), 0);
    ASSERT_EQ(aclrtMemcpy(pageable.data(), n, dev_b, n, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(pageable, src);

    // HOST_TO_BUF_TO_DEVICE behaves as H2D.
    auto other = pattern(n, 99);
    ASSERT_EQ(aclrtMemcpy(dev_a, n, other.data(), n, ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(pinned, n, dev_a, n, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(std::memcmp(pinned, other.data(), n), 0);

    // DEFAULT infers each direction from the pointers.
    auto third = pattern(n, 42);
    ASSERT_EQ(aclrtMemcpy(dev_b, n, third.data(), n, ACL_MEMCPY_DEFAULT), ACL_SUCCESS);  // H2D
    ASSERT_EQ(aclrtMemcpy(dev_a, n, dev_b, n, ACL_MEMCPY_DEFAULT), ACL_SUCCESS);         // D2D
    std::fill(pageable.begin(), pageable.end(), 0);
    ASSERT_EQ(aclrtMemcpy(pageable.data(), n, dev_a, n, ACL_MEMCPY_DEFAULT), ACL_SUCCESS);  // D2H
    EXPECT_EQ(pageable, third);
    std::vector<uint8_t> copy(n, 0);
    ASSERT_EQ(aclrtMemcpy(copy.data(), n, pageable.data(), n, ACL_MEMCPY_DEFAULT),
              ACL_SUCCESS);  // H2H
    EXPECT_EQ(copy, third);

    // Offsets inside a block, and a copy smaller than destMax.
    ASSERT_EQ(
        aclrtMemcpy(
            static_cast<char*>(dev_a) + 100, n - 100, src.data(), 50, ACL_MEMCPY_HOST_TO_DEVICE),
        ACL_SUCCESS);
    std::vector<uint8_t> part(50, 0);
    ASSERT_EQ(aclrtMemcpy(
                  part.data(), 50, static_cast<char*>(dev_a) + 100, 50, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    EXPECT_EQ(part, std::vector<uint8_t>(src.begin(), src.begin() + 50));
}

TEST_P(Memory, MemcpyArgumentErrors) {
    constexpr size_t n = 256;
    void* dev = device_alloc(n);
    std::vector<uint8_t> host(n, 0);
    take_recent_error();

    // count 0 succeeds before any other check, as in CANN.
    EXPECT_EQ(aclrtMemcpy(nullptr, 0, nullptr, 0, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpy(nullptr, n, host.data(), n, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0002: Argument [dst] must not be null."));
    EXPECT_EQ(aclrtMemcpy(dev, n, nullptr, n, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0002: Argument [src] must not be null."));
    EXPECT_EQ(aclrtMemcpy(dev, 0, host.data(), n, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("[count]"));
    EXPECT_EQ(aclrtMemcpy(dev, n - 1, host.data(), n, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("must not exceed destMax (255)"));
    // As a C caller may pass them (c_enum_calls.h): values aclrtMemcpyKind cannot hold too.
    for (int kind : {-1, 6, 7, 8, 99, INT_MIN, INT_MAX}) {
        EXPECT_EQ(c_aclrtMemcpy(dev, n, host.data(), n, kind), ACL_ERROR_INVALID_PARAM) << kind;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [kind]"));
    }
}

TEST_P(Memory, MemcpyKindMustMatchWhereThePointersLive) {
    constexpr size_t n = 64;
    void* dev_a = device_alloc(n);
    void* dev_b = device_alloc(n);
    std::vector<uint8_t> host_a(n, 1), host_b(n, 2);
    take_recent_error();

    EXPECT_EQ(aclrtMemcpy(host_a.data(), n, host_b.data(), n, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    std::string message = take_recent_error();
    EXPECT_THAT(message, HasSubstr("Value [ACL_MEMCPY_HOST_TO_DEVICE (1)] for parameter [kind]"));
    EXPECT_THAT(message, HasSubstr("dst"));
    EXPECT_EQ(aclrtMemcpy(dev_a, n, host_a.data(), n, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemcpy(dev_a, n, host_a.data(), n, ACL_MEMCPY_DEVICE_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemcpy(host_a.data(), n, dev_a, n, ACL_MEMCPY_DEVICE_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemcpy(dev_a, n, dev_b, n, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemcpy(host_a.data(), n, dev_a, n, ACL_MEMCPY_HOST_TO_HOST),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemcpy(dev_a, n, dev_b, n, ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("it contradicts the pointers"));
    // Nothing was written by the rejected copies.
    EXPECT_EQ(host_a, std::vector<uint8_t>(n, 1));
}

TEST_P(Memory, DeviceRangesMustStayInsideTheirAllocation) {
    constexpr size_t n = 100;  // not a multiple of 32: the padding CANN adds is not usable
    void* dev = device_alloc(n);
    std::vector<uint8_t> host(2 * n, 0);
    take_recent_error();
    EXPECT_EQ(aclrtMemcpy(dev, 2 * n, host.data(), n + 1, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("runs past the end of its 100-byte allocation"));
    EXPECT_EQ(aclrtMemcpy(
                  host.data(), 2 * n, static_cast<char*>(dev) + 60, 41, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("only 40 bytes left"));
    EXPECT_EQ(aclrtMemcpy(
                  host.data(), 2 * n, static_cast<char*>(dev) + 60, 40, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    void* other = device_alloc(n);
    EXPECT_EQ(aclrtMemcpy(other, n, static_cast<char*>(dev) + 1, n, ACL_MEMCPY_DEVICE_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    auto* pinned = static_cast<char*>(host_alloc(16));
    EXPECT_EQ(aclrtMemcpy(pinned, 32, host.data(), 17, ACL_MEMCPY_HOST_TO_HOST),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemset(static_cast<char*>(dev) + 90, 20, 0, 11), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemsetAsync(static_cast<char*>(dev) + 90, 20, 0, 11, stream()),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemcpyAsync(dev, 2 * n, host.data(), n + 1, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
              ACL_ERROR_RT_PARAM_INVALID);
}

TEST_P(Memory, MemcpyAsyncOnStreamsWithPinnedAndPageableMemory) {
    constexpr size_t n = 4096;
    auto src = pattern(n, 11);
    auto* pinned_in = static_cast<uint8_t*>(host_alloc(n));
    auto* pinned_out = static_cast<uint8_t*>(host_alloc(n));
    std::memcpy(pinned_in, src.data(), n);
    void* dev_a = device_alloc(n);
    void* dev_b = device_alloc(n);

    ASSERT_EQ(aclrtMemcpyAsync(dev_a, n, pinned_in, n, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(dev_b, n, dev_a, n, ACL_MEMCPY_DEVICE_TO_DEVICE, stream()),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(pinned_out, n, dev_b, n, ACL_MEMCPY_DEFAULT, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(std::memcmp(pinned_out, src.data(), n), 0);

    // Pageable host memory: the call returns once the copy is done (the buffer is reusable).
    std::vector<uint8_t> pageable(n, 0);
    ASSERT_EQ(aclrtMemcpyAsync(pageable.data(), n, dev_b, n, ACL_MEMCPY_DEVICE_TO_HOST, stream()),
              ACL_SUCCESS);
    EXPECT_EQ(pageable, src);

    // The default stream (nullptr).
    std::vector<uint8_t> zeros(n, 0);
    ASSERT_EQ(aclrtMemcpyAsync(dev_a, n, zeros.data(), n, ACL_MEMCPY_HOST_TO_DEVICE, nullptr),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(pinned_out, n, dev_a, n, ACL_MEMCPY_DEVICE_TO_HOST, nullptr),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(std::memcmp(pinned_out, zeros.data(), n), 0);
}

TEST_P(Memory, MemcpyAsyncArgumentErrors) {
    constexpr size_t n = 64;
    void* dev = device_alloc(n);
    std::vector<uint8_t> host(n, 0);
    int bogus = 0;
    take_recent_error();
    EXPECT_EQ(aclrtMemcpyAsync(nullptr, 0, nullptr, 0, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
              ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpyAsync(nullptr, n, host.data(), n, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemcpyAsync(dev, n, nullptr, n, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemcpyAsync(dev, 0, host.data(), n, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(c_aclrtMemcpyAsync(dev, n, host.data(), n, 9, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemcpyAsync(dev, n, host.data(), n, ACL_MEMCPY_DEVICE_TO_HOST, stream()),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemcpyAsync(dev, n, host.data(), n, ACL_MEMCPY_HOST_TO_DEVICE, &bogus),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("for parameter [stream] is invalid. Reason: not a live stream"));
}

TEST_P(Memory, Memcpy2dCopiesRowsBetweenPitches) {
    constexpr size_t width = 5, height = 4, spitch = 8, dpitch = 16;
    auto src = pattern(spitch * height, 1);
    void* dev = device_alloc(dpitch * height);
    ASSERT_EQ(aclrtMemset(dev, dpitch * height, 0xEE, dpitch * height), ACL_SUCCESS);
    ASSERT_EQ(
        aclrtMemcpy2d(dev, dpitch, src.data(), spitch, width, height, ACL_MEMCPY_HOST_TO_DEVICE),
        ACL_SUCCESS)
        << take_recent_error();
    std::vector<uint8_t> out(dpitch * height);
    ASSERT_EQ(aclrtMemcpy(out.data(), out.size(), dev, out.size(), ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    for (size_t r = 0; r < height; ++r) {
        for (size_t c = 0; c < dpitch; ++c) {
            uint8_t expected = c < width ? src[r * spitch + c] : 0xEE;
            EXPECT_EQ(out[r * dpitch + c], expected) << r << "," << c;
        }
    }
    take_recent_error();
    EXPECT_EQ(aclrtMemcpy2d(dev, 4, src.data(), spitch, width, height, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemcpy2d(dev, dpitch, src.data(), spitch, 0, height, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemcpy2d(
                  nullptr, dpitch, src.data(), spitch, width, height, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemcpy2d(
                  dev, dpitch, src.data(), spitch, width, height + 1, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);  // the last row would leave the block
    EXPECT_EQ(
        aclrtMemcpy2d(dev, dpitch, src.data(), spitch, width, height, ACL_MEMCPY_DEVICE_TO_HOST),
        ACL_ERROR_RT_PARAM_INVALID);
}

// aclrtMemcpy2dAsync: rows between three pitches in stream order, through pinned host memory;
// with pageable host memory the call returns once the copy is done (CANN's rule).
TEST_P(Memory, Memcpy2dAsyncCopiesRowsInStreamOrder) {
    constexpr size_t width = 6, height = 5, spitch = 9, dpitch = 12, opitch = 7;
    void* pinned_in = nullptr;
    void* pinned_out = nullptr;
    ASSERT_EQ(aclrtMallocHost(&pinned_in, spitch * height), ACL_SUCCESS);
    ASSERT_EQ(aclrtMallocHost(&pinned_out, opitch * height), ACL_SUCCESS);
    auto* in = static_cast<uint8_t*>(pinned_in);
    auto* out = static_cast<uint8_t*>(pinned_out);
    for (size_t i = 0; i < spitch * height; ++i) {
        in[i] = static_cast<uint8_t>((i * 7 + 3) % 251);
    }
    std::fill(out, out + opitch * height, uint8_t{0x5A});
    void* dev = device_alloc(dpitch * height);
    ASSERT_EQ(aclrtMemset(dev, dpitch * height, 0xEE, dpitch * height), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy2dAsync(
                  dev, dpitch, in, spitch, width, height, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
              ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtMemcpy2dAsync(
                  out, opitch, dev, dpitch, width, height, ACL_MEMCPY_DEVICE_TO_HOST, stream()),
              ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    for (size_t r = 0; r < height; ++r) {
        for (size_t c = 0; c < opitch; ++c) {
            const uint8_t expected =
                c < width ? static_cast<uint8_t>(((r * spitch + c) * 7 + 3) % 251) : uint8_t{0x5A};
            EXPECT_EQ(out[r * opitch + c], expected) << r << "," << c;
        }
    }

    std::vector<uint8_t> pageable(dpitch * height, 0);
    ASSERT_EQ(aclrtMemcpy2dAsync(pageable.data(),
                                 dpitch,
                                 dev,
                                 dpitch,
                                 dpitch,
                                 height,
                                 ACL_MEMCPY_DEVICE_TO_HOST,
                                 stream()),
              ACL_SUCCESS);
    for (size_t r = 0; r < height; ++r) {
        for (size_t c = 0; c < dpitch; ++c) {
            const uint8_t expected =
                c < width ? static_cast<uint8_t>(((r * spitch + c) * 7 + 3) % 251) : uint8_t{0xEE};
            EXPECT_EQ(pageable[r * dpitch + c], expected) << r << "," << c;
        }
    }

    take_recent_error();
    EXPECT_EQ(
        aclrtMemcpy2dAsync(dev, 4, in, spitch, width, height, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
        ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("width"));
    EXPECT_EQ(aclrtMemcpy2dAsync(
                  nullptr, dpitch, in, spitch, width, height, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemcpy2dAsync(
                  dev, dpitch, in, spitch, width, height + 1, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
              ACL_ERROR_RT_PARAM_INVALID);  // the last row would leave the block
    int bogus = 0;
    EXPECT_EQ(aclrtMemcpy2dAsync(
                  dev, dpitch, in, spitch, width, height, ACL_MEMCPY_HOST_TO_DEVICE, &bogus),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("stream"));
    EXPECT_EQ(aclrtFreeHost(pinned_in), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeHost(pinned_out), ACL_SUCCESS);
}

TEST_P(Memory, MemsetDeviceAndHostMemory) {
    constexpr size_t n = 300;
    void* dev = device_alloc(n);
    ASSERT_EQ(aclrtMemset(dev, n, 0xAB, n), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(static_cast<char*>(dev) + 10, n - 10, 0x100 + 0x12, 20),
              ACL_SUCCESS);  // low byte
    std::vector<uint8_t> out(n);
    ASSERT_EQ(aclrtMemcpy(out.data(), n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    for (size_t i = 0; i < n; ++i) {
        ASSERT_EQ(out[i], (i >= 10 && i < 30) ? 0x12 : 0xAB) << i;
    }
    auto* pinned = static_cast<uint8_t*>(host_alloc(n));
    ASSERT_EQ(aclrtMemset(pinned, n, 7, n), ACL_SUCCESS);
    EXPECT_EQ(std::vector<uint8_t>(pinned, pinned + n), std::vector<uint8_t>(n, 7));

    take_recent_error();
    EXPECT_EQ(aclrtMemset(nullptr, 0, 0, 0), ACL_SUCCESS);  // count 0
    EXPECT_EQ(aclrtMemset(nullptr, n, 0, n), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0002: Argument [devPtr] must not be null."));
    EXPECT_EQ(aclrtMemset(dev, n - 1, 0, n), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemset(dev, 0, 0, n), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("must not exceed maxCount"));
    EXPECT_EQ(aclrtMemset(dev, n + 1, 0, n + 1), ACL_ERROR_RT_PARAM_INVALID);
}

TEST_P(Memory, MemsetAsyncRunsInStreamOrder) {
    constexpr size_t n = 512;
    void* dev = device_alloc(n);
    auto* snapshot = static_cast<uint8_t*>(host_alloc(n));
    auto* final_out = static_cast<uint8_t*>(host_alloc(n));
    ASSERT_EQ(aclrtMemsetAsync(dev, n, 0x11, n, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(snapshot, n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST, stream()),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(dev, n, 0x22, n, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(final_out, n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST, stream()),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(snapshot, n, 0x33, 1, stream()),
              ACL_SUCCESS);  // host memory, in order
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(snapshot[0], 0x33);
    EXPECT_EQ(std::vector<uint8_t>(snapshot + 1, snapshot + n), std::vector<uint8_t>(n - 1, 0x11));
    EXPECT_EQ(std::vector<uint8_t>(final_out, final_out + n), std::vector<uint8_t>(n, 0x22));

    int bogus = 0;
    EXPECT_EQ(aclrtMemsetAsync(dev, n, 0, 0, stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemsetAsync(nullptr, n, 0, n, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemsetAsync(dev, n, 0, n + 1, stream()), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMemsetAsync(dev, n, 0, n, &bogus), ACL_ERROR_INVALID_PARAM);
}

TEST_P(Memory, GetMemInfoForEveryAttribute) {
    for (int attr = ACL_DDR_MEM; attr <= ACL_MEM_P2P_HUGE1G; ++attr) {
        size_t free_bytes = 0, total_bytes = 0;
        ASSERT_EQ(aclrtGetMemInfo(static_cast<aclrtMemAttr>(attr), &free_bytes, &total_bytes),
                  ACL_SUCCESS);
        EXPECT_GT(total_bytes, 0u);
        EXPECT_LE(free_bytes, total_bytes);
    }
    size_t value = 0;
    take_recent_error();
    EXPECT_EQ(aclrtGetMemInfo(static_cast<aclrtMemAttr>(18), &value, &value),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("[attr]"));
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, nullptr, &value), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &value, nullptr), ACL_ERROR_INVALID_PARAM);
}

ACLEMU_INSTANTIATE_BACKENDS(Memory);

// Without aclrtSetDevice there is no current context: device memory and copies fail with
// ACL_ERROR_RT_CONTEXT_NULL (CANN's rtMalloc path).
TEST(MemoryNoDevice, NeedsACurrentContext) {
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    void* ptr = nullptr;
    int a = 0, b = 0;
    size_t f = 0, t = 0;
    EXPECT_EQ(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_THAT(take_recent_error(), HasSubstr("call aclrtSetDevice"));
    EXPECT_EQ(aclrtMallocAlign32(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtMallocCached(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtMemcpy(&a, 4, &b, 4, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtMemcpyAsync(&a, 4, &b, 4, ACL_MEMCPY_HOST_TO_HOST, nullptr),
              ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtMemset(&a, 4, 0, 4), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &f, &t), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(ptr, nullptr);
    // Host memory needs no device.
    ASSERT_EQ(aclrtMallocHost(&ptr, 64), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeHost(ptr), ACL_SUCCESS);
}

}  // namespace
}  // namespace aclemu::test
