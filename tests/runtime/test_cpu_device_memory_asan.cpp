// AddressSanitizer sees the CPU backend's device memory as a heap allocation's: a read one past
// the end of an aclrtMalloc block (past CANN's 32 bytes of padding), one past an
// aclrtMallocAlign32 block (no padding; also when the block fills its pages exactly), and a read
// of a small block after aclrtFree are reported. Runs only in ASan builds (ACLEMU_SANITIZE, or
// -fsanitize=address in the compiler flags); each read happens in a child process.
#include "acl/acl.h"

#include "runtime/runtime_test_util.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>

#if defined(__SANITIZE_ADDRESS__)
#    define ACLEMU_TEST_ASAN 1
#elif defined(__has_feature)
#    if __has_feature(address_sanitizer)
#        define ACLEMU_TEST_ASAN 1
#    endif
#endif

namespace aclemu::test {
namespace {

enum class Alloc { Malloc, Align32 };

// In the child: a CPU device block of `size` bytes, then a read `offset` bytes into it (after
// freeing it when `freed`). Returns only when the read went unreported.
void read_block_at(Alloc alloc, size_t size, size_t offset, bool freed = false) {
    RuntimeSession session("cpu");
    if (session.init_result != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) {
        std::fprintf(stderr, "no CPU device\n");
        std::exit(2);
    }
    void* block = nullptr;
    const aclError err = alloc == Alloc::Malloc
                             ? aclrtMalloc(&block, size, ACL_MEM_MALLOC_HUGE_FIRST)
                             : aclrtMallocAlign32(&block, size, ACL_MEM_MALLOC_HUGE_FIRST);
    if (err != ACL_SUCCESS) {
        std::fprintf(stderr, "allocation failed\n");
        std::exit(2);
    }
    if (freed) {
        aclrtFree(block);
    }
    const volatile unsigned char* bytes = static_cast<const unsigned char*>(block);
    std::fprintf(stderr, "read %d\n", bytes[offset]);
}

// CANN pads an aclrtMalloc block to a multiple of 32 bytes, plus 32.
size_t padded(size_t size) {
    return (size + 31) / 32 * 32 + 32;
}

#if defined(ACLEMU_TEST_ASAN)
class CpuDeviceMemoryAsanDeathTest : public ::testing::Test {
protected:
    void SetUp() override { GTEST_FLAG_SET(death_test_style, "threadsafe"); }
};

constexpr char kReport[] = "AddressSanitizer: use-after-poison";

TEST_F(CpuDeviceMemoryAsanDeathTest, ReadOnePastASmallBlockIsReported) {
    read_block_at(Alloc::Malloc, 256, padded(256) - 1);  // the padding itself is addressable
    EXPECT_DEATH(read_block_at(Alloc::Malloc, 256, padded(256)), kReport);
    EXPECT_DEATH(read_block_at(Alloc::Align32, 100, 128), kReport);
}

TEST_F(CpuDeviceMemoryAsanDeathTest, ReadOnePastALargeBlockIsReported) {
    EXPECT_DEATH(read_block_at(Alloc::Malloc, 100000, padded(100000)), kReport);
    // 4096 bytes fill a page: the next page is the block's too, and poisoned.
    EXPECT_DEATH(read_block_at(Alloc::Align32, 4096, 4096), kReport);
}

TEST_F(CpuDeviceMemoryAsanDeathTest, ReadOfAFreedSmallBlockIsReported) {
    EXPECT_DEATH(read_block_at(Alloc::Malloc, 64, 0, true), kReport);
}
#else
TEST(CpuDeviceMemoryAsan, NeedsAnAddressSanitizerBuild) {
    static_cast<void>(&read_block_at);
    static_cast<void>(&padded);
    GTEST_SKIP()
        << "not an AddressSanitizer build (ACLEMU_SANITIZE=address, or -fsanitize=address)";
}
#endif

}  // namespace
}  // namespace aclemu::test
