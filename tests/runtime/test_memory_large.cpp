// Copies and fills large enough to be split over threads on the CPU backend (parallel_copy.h,
// 4 MiB and more, in chunks of at least 1 MiB; 8-16 MiB here, so several chunks each):
// device-to-device aclrtMemcpy(Async) of a byte pattern, unaligned offsets with odd lengths,
// overlapping ranges (memmove semantics), aclrtMemset(Async), several copies at once and
// back-to-back copies on one stream. Every result is compared byte for byte with values computed
// here on the host; bytes around the written range must stay untouched. The checks also run with
// ACLEMU_CPU_THREADS=1 and 3.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

constexpr size_t kMiB = size_t{1} << 20;

// Bytes from a linear congruential generator: no short period, so a chunk written to a wrong
// offset does not match by accident.
std::vector<uint8_t> pattern(size_t n, uint32_t seed) {
    std::vector<uint8_t> bytes(n);
    uint32_t x = seed;
    for (size_t i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        bytes[i] = static_cast<uint8_t>(x >> 24);
    }
    return bytes;
}

::testing::AssertionResult same_bytes(const std::vector<uint8_t>& actual,
                                      const std::vector<uint8_t>& expected) {
    if (actual.size() != expected.size()) {
        return ::testing::AssertionFailure()
               << "size " << actual.size() << ", expected " << expected.size();
    }
    auto [a, e] = std::mismatch(actual.begin(), actual.end(), expected.begin());
    if (a == actual.end()) {
        return ::testing::AssertionSuccess();
    }
    size_t differing = 0;
    for (size_t i = 0; i < actual.size(); ++i) {
        differing += actual[i] != expected[i];
    }
    size_t first = static_cast<size_t>(a - actual.begin());
    size_t last = actual.size() - 1;
    while (actual[last] == expected[last]) {
        --last;
    }
    return ::testing::AssertionFailure()
           << differing << " of " << actual.size() << " bytes differ, first at " << first << " ("
           << int{*a} << " instead of " << int{*e} << "), last at " << last;
}

// One aclrtMalloc block, freed on destruction (before the runtime session ends).
class DeviceBlock {
public:
    explicit DeviceBlock(size_t bytes) : bytes_(bytes) {
        EXPECT_EQ(aclrtMalloc(&ptr_, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS)
            << take_recent_error();
    }
    ~DeviceBlock() {
        if (ptr_ != nullptr) {
            EXPECT_EQ(aclrtFree(ptr_), ACL_SUCCESS) << take_recent_error();
        }
    }
    DeviceBlock(const DeviceBlock&) = delete;
    DeviceBlock& operator=(const DeviceBlock&) = delete;

    uint8_t* at(size_t offset) const { return static_cast<uint8_t*>(ptr_) + offset; }
    size_t size() const { return bytes_; }

    void upload(const std::vector<uint8_t>& bytes) const {
        ASSERT_EQ(bytes.size(), bytes_);
        ASSERT_EQ(aclrtMemcpy(ptr_, bytes_, bytes.data(), bytes_, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_SUCCESS)
            << take_recent_error();
    }
    std::vector<uint8_t> download() const {
        std::vector<uint8_t> bytes(bytes_, 0x5A);
        EXPECT_EQ(aclrtMemcpy(bytes.data(), bytes_, ptr_, bytes_, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_SUCCESS)
            << take_recent_error();
        return bytes;
    }

private:
    void* ptr_ = nullptr;
    size_t bytes_;
};

// Device-to-device copy of `bytes` from src to dst, synchronous or on `stream` + synchronize.
void copy_d2d(void* dst, size_t dst_max, const void* src, size_t bytes, aclrtStream stream) {
    if (stream == nullptr) {
        ASSERT_EQ(aclrtMemcpy(dst, dst_max, src, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS)
            << take_recent_error();
        return;
    }
    ASSERT_EQ(aclrtMemcpyAsync(dst, dst_max, src, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream),
              ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS) << take_recent_error();
}

// The checks; `stream` null: the synchronous calls.

void check_whole_block_copy(aclrtStream stream) {
    const size_t n = 10 * kMiB + 37;
    const auto expected = pattern(n, 1);
    DeviceBlock src(n), dst(n);
    ASSERT_NO_FATAL_FAILURE(src.upload(expected));
    ASSERT_NO_FATAL_FAILURE(dst.upload(pattern(n, 2)));
    ASSERT_NO_FATAL_FAILURE(copy_d2d(dst.at(0), n, src.at(0), n, stream));
    EXPECT_TRUE(same_bytes(dst.download(), expected));
    EXPECT_TRUE(same_bytes(src.download(), expected));  // the source is left alone
}

void check_unaligned_copy(aclrtStream stream) {
    const size_t len = 9 * kMiB + 13;  // not a multiple of 64
    const size_t dst_offset = 3, src_offset = 5;
    const size_t dst_size = len + 100, src_size = len + 64;
    const auto src_bytes = pattern(src_size, 3);
    const auto dst_before = pattern(dst_size, 4);
    DeviceBlock src(src_size), dst(dst_size);
    ASSERT_NO_FATAL_FAILURE(src.upload(src_bytes));
    ASSERT_NO_FATAL_FAILURE(dst.upload(dst_before));
    ASSERT_NO_FATAL_FAILURE(
        copy_d2d(dst.at(dst_offset), dst_size - dst_offset, src.at(src_offset), len, stream));
    std::vector<uint8_t> expected = dst_before;
    for (size_t i = 0; i < len; ++i) {
        expected[dst_offset + i] = src_bytes[src_offset + i];
    }
    EXPECT_TRUE(same_bytes(dst.download(), expected));
}

// Copies inside one block whose ranges overlap; the result must be as if the source had been
// read completely before anything was written. Shifts of one byte and of several MiB, forward
// (dst after src) and backward.
void check_overlapping_copies(aclrtStream stream) {
    const size_t block = 16 * kMiB;
    const size_t len = 9 * kMiB + 7;
    const auto before = pattern(block, 5);
    struct Case {
        size_t src, dst;
    };
    const Case cases[] = {
        {1000, 1001},                  // forward by one byte
        {1001, 1000},                  // backward by one byte
        {64, 64 + 4 * kMiB + 3},       // forward by 4 MiB + 3
        {5 * kMiB + 1, 2 * kMiB + 2},  // backward by 3 MiB - 1
        {kMiB, kMiB + len / 2},        // forward by half the length
    };
    DeviceBlock dev(block);
    for (const Case& c : cases) {
        SCOPED_TRACE("src offset " + std::to_string(c.src) + ", dst offset "
                     + std::to_string(c.dst));
        ASSERT_NO_FATAL_FAILURE(dev.upload(before));
        ASSERT_NO_FATAL_FAILURE(copy_d2d(dev.at(c.dst), block - c.dst, dev.at(c.src), len, stream));
        const std::vector<uint8_t> source(before.begin() + c.src, before.begin() + c.src + len);
        std::vector<uint8_t> expected = before;
        for (size_t i = 0; i < len; ++i) {
            expected[c.dst + i] = source[i];
        }
        EXPECT_TRUE(same_bytes(dev.download(), expected));
    }
}

void check_memset(aclrtStream stream) {
    const size_t block = 10 * kMiB + 64;
    const size_t offset = 3, len = 10 * kMiB + 29;
    const auto before = pattern(block, 6);
    DeviceBlock dev(block);
    ASSERT_NO_FATAL_FAILURE(dev.upload(before));
    const int value = 0x1A5;  // the low byte is stored
    if (stream == nullptr) {
        ASSERT_EQ(aclrtMemset(dev.at(offset), block - offset, value, len), ACL_SUCCESS)
            << take_recent_error();
    } else {
        ASSERT_EQ(aclrtMemsetAsync(dev.at(offset), block - offset, value, len, stream), ACL_SUCCESS)
            << take_recent_error();
        ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS) << take_recent_error();
    }
    std::vector<uint8_t> expected = before;
    for (size_t i = offset; i < offset + len; ++i) {
        expected[i] = 0xA5;
    }
    EXPECT_TRUE(same_bytes(dev.download(), expected));
}

void check_all(aclrtStream stream, bool overlapping) {
    for (aclrtStream s : {static_cast<aclrtStream>(nullptr), stream}) {
        SCOPED_TRACE(s == nullptr ? "aclrtMemcpy / aclrtMemset" : "on a stream");
        ASSERT_NO_FATAL_FAILURE(check_whole_block_copy(s));
        ASSERT_NO_FATAL_FAILURE(check_unaligned_copy(s));
        if (overlapping) {
            ASSERT_NO_FATAL_FAILURE(check_overlapping_copies(s));
        }
        ASSERT_NO_FATAL_FAILURE(check_memset(s));
    }
}

class LargeMemory : public BackendTest {};

TEST_P(LargeMemory, DeviceToDeviceCopyKeepsEveryByte) {
    {
        SCOPED_TRACE("aclrtMemcpy");
        check_whole_block_copy(nullptr);
    }
    SCOPED_TRACE("aclrtMemcpyAsync");
    check_whole_block_copy(stream());
}

TEST_P(LargeMemory, CopyAtUnalignedOffsetsWithAnOddLength) {
    {
        SCOPED_TRACE("aclrtMemcpy");
        check_unaligned_copy(nullptr);
    }
    SCOPED_TRACE("aclrtMemcpyAsync");
    check_unaligned_copy(stream());
}

// Overlapping device-to-device copies are undefined in CUDA and HIP: the CPU backend's promise.
class LargeMemoryOnCpu : public LargeMemory {};

TEST_P(LargeMemoryOnCpu, OverlappingCopyBehavesAsMemmove) {
    {
        SCOPED_TRACE("aclrtMemcpy");
        check_overlapping_copies(nullptr);
    }
    SCOPED_TRACE("aclrtMemcpyAsync");
    check_overlapping_copies(stream());
}

TEST_P(LargeMemory, MemsetFillsExactlyTheRange) {
    {
        SCOPED_TRACE("aclrtMemset");
        check_memset(nullptr);
    }
    SCOPED_TRACE("aclrtMemsetAsync");
    check_memset(stream());
}

// Two streams copy at the same time while the host thread copies synchronously: only one of
// them can have the helper threads at a time, the others copy alone.
TEST_P(LargeMemory, CopiesOnTwoStreamsAndTheHostThreadAtOnce) {
    const size_t n = 8 * kMiB + 5;
    aclrtStream second = nullptr;
    ASSERT_EQ(aclrtCreateStream(&second), ACL_SUCCESS);
    std::vector<std::vector<uint8_t>> expected;
    std::vector<std::unique_ptr<DeviceBlock>> src, dst;
    for (uint32_t i = 0; i < 3; ++i) {
        expected.push_back(pattern(n, 10 + i));
        src.push_back(std::make_unique<DeviceBlock>(n));
        dst.push_back(std::make_unique<DeviceBlock>(n));
        ASSERT_NO_FATAL_FAILURE(src[i]->upload(expected[i]));
    }
    for (int round = 0; round < 4; ++round) {
        SCOPED_TRACE("round " + std::to_string(round));
        for (auto& block : dst) {
            ASSERT_EQ(aclrtMemset(block->at(0), n, 0, n), ACL_SUCCESS);
        }
        ASSERT_EQ(aclrtMemcpyAsync(
                      dst[0]->at(0), n, src[0]->at(0), n, ACL_MEMCPY_DEVICE_TO_DEVICE, stream()),
                  ACL_SUCCESS);
        ASSERT_EQ(aclrtMemcpyAsync(
                      dst[1]->at(0), n, src[1]->at(0), n, ACL_MEMCPY_DEVICE_TO_DEVICE, second),
                  ACL_SUCCESS);
        ASSERT_EQ(aclrtMemcpy(dst[2]->at(0), n, src[2]->at(0), n, ACL_MEMCPY_DEVICE_TO_DEVICE),
                  ACL_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeStream(second), ACL_SUCCESS);
        for (size_t i = 0; i < 3; ++i) {
            EXPECT_TRUE(same_bytes(dst[i]->download(), expected[i])) << "copy " << i;
        }
    }
    EXPECT_EQ(aclrtDestroyStream(second), ACL_SUCCESS);
}

// A chain a -> b -> c -> d, then fills and a copy back, enqueued back to back on one stream:
// each one must see the bytes of the one before.
TEST_P(LargeMemory, BackToBackCopiesOnOneStreamStayInOrder) {
    const size_t n = 8 * kMiB + 3;
    const auto expected = pattern(n, 20);
    DeviceBlock a(n), b(n), c(n), d(n);
    ASSERT_NO_FATAL_FAILURE(a.upload(expected));
    for (DeviceBlock* block : {&b, &c, &d}) {
        ASSERT_EQ(aclrtMemsetAsync(block->at(0), n, 0xFF, n, stream()), ACL_SUCCESS);
    }
    const DeviceBlock* chain[] = {&a, &b, &c, &d};
    for (int i = 0; i < 3; ++i) {
        ASSERT_EQ(
            aclrtMemcpyAsync(
                chain[i + 1]->at(0), n, chain[i]->at(0), n, ACL_MEMCPY_DEVICE_TO_DEVICE, stream()),
            ACL_SUCCESS);
    }
    ASSERT_EQ(aclrtMemsetAsync(a.at(0), n, 0, n, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(b.at(0), n, 0x77, n, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(c.at(0), n, b.at(0), n, ACL_MEMCPY_DEVICE_TO_DEVICE, stream()),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_TRUE(same_bytes(d.download(), expected));
    EXPECT_TRUE(same_bytes(a.download(), std::vector<uint8_t>(n, 0)));
    EXPECT_TRUE(same_bytes(b.download(), std::vector<uint8_t>(n, 0x77)));
    EXPECT_TRUE(same_bytes(c.download(), std::vector<uint8_t>(n, 0x77)));
}

ACLEMU_INSTANTIATE_BACKENDS(LargeMemory);
ACLEMU_INSTANTIATE_CPU_ONLY(LargeMemoryOnCpu);

// The same checks with one CPU thread (no helper: one memmove / memset per call) and with more
// threads than this machine may have cores (three chunks per copy).
TEST(LargeMemoryCpuThreads, OneAndThreeThreadsGiveTheSameBytes) {
    for (const char* threads : {"1", "3"}) {
        SCOPED_TRACE(std::string("ACLEMU_CPU_THREADS=") + threads);
        ScopedEnv env("ACLEMU_CPU_THREADS", threads);
        RuntimeSession session("cpu");
        ASSERT_EQ(session.init_result, ACL_SUCCESS) << take_recent_error();
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << take_recent_error();
        aclrtStream stream = nullptr;
        ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
        check_all(stream, /*overlapping=*/true);
        EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    }
}

}  // namespace
}  // namespace aclemu::test
