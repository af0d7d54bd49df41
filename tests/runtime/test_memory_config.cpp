// aclrtMallocWithCfg and its attributes, the custom allocator descriptors of
// acl/acl_rt_allocator.h, and aclrtGetMemInfo following the runtime's own allocations (the CPU
// backend's budget: ACLEMU_CPU_DEVICE_MEMORY, else the host's physical memory).
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <unistd.h>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class MemoryConfig : public BackendTest {};

TEST_P(MemoryConfig, MallocWithCfgAllocatesDeviceMemory) {
    aclrtMallocAttribute attrs[2] = {};
    attrs[0].attr = ACL_RT_MEM_ATTR_MODULE_ID;
    attrs[0].value.moduleId = 7;
    attrs[1].attr = ACL_RT_MEM_ATTR_DEVICE_ID;
    attrs[1].value.deviceId = 0;
    aclrtMallocConfig cfg{attrs, 2};
    aclrtMallocConfig empty{nullptr, 0};
    for (aclrtMallocConfig* config : {static_cast<aclrtMallocConfig*>(nullptr), &empty, &cfg}) {
        void* block = nullptr;
        ASSERT_EQ(aclrtMallocWithCfg(&block, 1000, ACL_MEM_MALLOC_HUGE_FIRST, config), ACL_SUCCESS)
            << take_recent_error();
        ASSERT_NE(block, nullptr);
        EXPECT_EQ(reinterpret_cast<uintptr_t>(block) % 64, 0u);
        std::vector<uint8_t> in(1000), out(1000);
        for (size_t i = 0; i < in.size(); ++i) {
            in[i] = static_cast<uint8_t>(i * 7 + 3);
        }
        ASSERT_EQ(aclrtMemcpy(block, 1000, in.data(), 1000, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_SUCCESS);
        ASSERT_EQ(aclrtMemcpy(out.data(), 1000, block, 1000, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_SUCCESS);
        EXPECT_EQ(out, in);
        EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
    }
}

TEST_P(MemoryConfig, MallocWithCfgErrors) {
    void* block = nullptr;
    aclrtMallocConfig dangling{nullptr, 1};
    take_recent_error();
    EXPECT_EQ(aclrtMallocWithCfg(&block, 64, ACL_MEM_MALLOC_HUGE_FIRST, &dangling),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("cfg->attrs must not be null"));
    aclrtMallocAttribute attr{};
    c_set_enum_field(&attr.attr, 9);  // no aclrtMallocAttrType, as a C caller may set it
    aclrtMallocConfig unknown{&attr, 1};
    EXPECT_EQ(aclrtMallocWithCfg(&block, 64, ACL_MEM_MALLOC_HUGE_FIRST, &unknown),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("cfg->attrs[].attr"));
    attr.attr = ACL_RT_MEM_ATTR_DEVICE_ID;
    attr.value.deviceId = 4096;
    aclrtMallocConfig far{&attr, 1};
    EXPECT_EQ(aclrtMallocWithCfg(&block, 64, ACL_MEM_MALLOC_HUGE_FIRST, &far),
              ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_THAT(take_recent_error(), HasSubstr("deviceId"));
    EXPECT_EQ(aclrtMallocWithCfg(&block, 0, ACL_MEM_MALLOC_HUGE_FIRST, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMallocWithCfg(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST, nullptr),
              ACL_ERROR_INVALID_PARAM);
}

TEST(MemoryConfigDevices, MallocWithCfgOnAnotherDeviceKeepsTheCurrentOne) {
    ScopedEnv devices("ACLEMU_CPU_DEVICE_COUNT", "2");
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtMallocAttribute attr{};
    attr.attr = ACL_RT_MEM_ATTR_DEVICE_ID;
    attr.value.deviceId = 1;
    aclrtMallocConfig cfg{&attr, 1};
    void* block = nullptr;
    ASSERT_EQ(aclrtMallocWithCfg(&block, 256, ACL_MEM_MALLOC_NORMAL_ONLY, &cfg), ACL_SUCCESS)
        << take_recent_error();
    int32_t device = -1;
    ASSERT_EQ(aclrtGetDevice(&device), ACL_SUCCESS);
    EXPECT_EQ(device, 0);
    EXPECT_EQ(aclrtMemset(block, 256, 0x11, 256), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

// ---- custom allocators ---------------------------------------------------------------------

struct CountingAllocator {
    int allocs = 0;
    int frees = 0;
};

void* alloc_a(aclrtAllocator allocator, size_t) {
    ++static_cast<CountingAllocator*>(allocator)->allocs;
    return nullptr;
}
void* alloc_b(aclrtAllocator allocator, size_t size) {
    return alloc_a(allocator, size);
}
void free_block(aclrtAllocator allocator, aclrtAllocatorBlock) {
    ++static_cast<CountingAllocator*>(allocator)->frees;
}
void* alloc_advise(aclrtAllocator allocator, size_t size, aclrtAllocatorAddr) {
    return alloc_a(allocator, size);
}
void* address_of(aclrtAllocatorBlock block) {
    return block;
}

TEST_P(MemoryConfig, AllocatorRegistrationIsACopyPerStream) {
    CountingAllocator counts;
    aclrtAllocatorDesc desc = aclrtAllocatorCreateDesc();
    ASSERT_NE(desc, nullptr);
    ASSERT_EQ(aclrtAllocatorSetObjToDesc(desc, &counts), ACL_SUCCESS);
    ASSERT_EQ(aclrtAllocatorSetAllocFuncToDesc(desc, alloc_a), ACL_SUCCESS);
    ASSERT_EQ(aclrtAllocatorSetFreeFuncToDesc(desc, free_block), ACL_SUCCESS);
    ASSERT_EQ(aclrtAllocatorSetAllocAdviseFuncToDesc(desc, alloc_advise), ACL_SUCCESS);
    ASSERT_EQ(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(desc, address_of), ACL_SUCCESS);
    ASSERT_EQ(aclrtAllocatorRegister(stream(), desc), ACL_SUCCESS) << take_recent_error();

    // Later changes to the descriptor do not reach the registration.
    ASSERT_EQ(aclrtAllocatorSetAllocFuncToDesc(desc, alloc_b), ACL_SUCCESS);
    aclrtAllocatorDesc got_desc = nullptr;
    aclrtAllocator got_object = nullptr;
    aclrtAllocatorAllocFunc got_alloc = nullptr;
    aclrtAllocatorFreeFunc got_free = nullptr;
    aclrtAllocatorAllocAdviseFunc got_advise = nullptr;
    aclrtAllocatorGetAddrFromBlockFunc got_address = nullptr;
    ASSERT_EQ(
        aclrtAllocatorGetByStream(
            stream(), &got_desc, &got_object, &got_alloc, &got_free, &got_advise, &got_address),
        ACL_SUCCESS)
        << take_recent_error();
    EXPECT_EQ(got_desc, desc);
    EXPECT_EQ(got_object, &counts);
    EXPECT_EQ(got_alloc, &alloc_a);
    EXPECT_EQ(got_free, &free_block);
    EXPECT_EQ(got_advise, &alloc_advise);
    EXPECT_EQ(got_address, &address_of);
    // The outputs after the descriptor are optional.
    ASSERT_EQ(
        aclrtAllocatorGetByStream(stream(), &got_desc, nullptr, nullptr, nullptr, nullptr, nullptr),
        ACL_SUCCESS);

    // Registering again replaces it.
    ASSERT_EQ(aclrtAllocatorRegister(stream(), desc), ACL_SUCCESS);
    ASSERT_EQ(aclrtAllocatorGetByStream(
                  stream(), &got_desc, nullptr, &got_alloc, nullptr, nullptr, nullptr),
              ACL_SUCCESS);
    EXPECT_EQ(got_alloc, &alloc_b);

    // Copies and waits on the stream take nothing from the allocator.
    void* block = nullptr;
    ASSERT_EQ(aclrtMalloc(&block, 4096, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(block, 4096, 1, 4096, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(counts.allocs, 0);
    EXPECT_EQ(counts.frees, 0);
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);

    EXPECT_EQ(aclrtAllocatorUnregister(stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtAllocatorUnregister(stream()), ACL_SUCCESS);  // none: nothing to do
    take_recent_error();
    EXPECT_EQ(
        aclrtAllocatorGetByStream(stream(), &got_desc, nullptr, nullptr, nullptr, nullptr, nullptr),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("no allocator is registered"));
    EXPECT_EQ(aclrtAllocatorDestroyDesc(desc), ACL_SUCCESS);
}

TEST_P(MemoryConfig, AllocatorErrors) {
    CountingAllocator counts;
    aclrtAllocatorDesc desc = aclrtAllocatorCreateDesc();
    ASSERT_NE(desc, nullptr);
    take_recent_error();
    EXPECT_EQ(aclrtAllocatorRegister(stream(), desc), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("allocatorDesc->obj"));
    ASSERT_EQ(aclrtAllocatorSetObjToDesc(desc, &counts), ACL_SUCCESS);
    EXPECT_EQ(aclrtAllocatorRegister(stream(), desc), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("allocatorDesc->allocFunc"));
    ASSERT_EQ(aclrtAllocatorSetAllocFuncToDesc(desc, alloc_a), ACL_SUCCESS);
    EXPECT_EQ(aclrtAllocatorRegister(stream(), desc), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("allocatorDesc->freeFunc"));
    ASSERT_EQ(aclrtAllocatorSetFreeFuncToDesc(desc, free_block), ACL_SUCCESS);
    EXPECT_EQ(aclrtAllocatorRegister(stream(), desc), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("allocatorDesc->getAddrFromBlockFunc"));
    ASSERT_EQ(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(desc, address_of), ACL_SUCCESS);
    EXPECT_EQ(aclrtAllocatorRegister(nullptr, desc), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("stream"));
    EXPECT_EQ(aclrtAllocatorRegister(stream(), nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtAllocatorSetObjToDesc(desc, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtAllocatorSetAllocFuncToDesc(nullptr, alloc_a), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtAllocatorUnregister(nullptr), ACL_ERROR_INVALID_PARAM);
    aclrtAllocatorDesc got = nullptr;
    EXPECT_EQ(
        aclrtAllocatorGetByStream(stream(), nullptr, nullptr, nullptr, nullptr, nullptr, nullptr),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtAllocatorGetByStream(nullptr, &got, nullptr, nullptr, nullptr, nullptr, nullptr),
              ACL_ERROR_INVALID_PARAM);

    EXPECT_EQ(aclrtAllocatorDestroyDesc(desc), ACL_SUCCESS);
    EXPECT_EQ(aclrtAllocatorDestroyDesc(desc), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live descriptor"));
    EXPECT_EQ(aclrtAllocatorSetFreeFuncToDesc(desc, free_block), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtAllocatorDestroyDesc(nullptr), ACL_ERROR_INVALID_PARAM);
}

// ---- aclrtGetMemInfo -----------------------------------------------------------------------

size_t free_bytes() {
    size_t free = 0;
    size_t total = 0;
    EXPECT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free, &total), ACL_SUCCESS) << take_recent_error();
    return free;
}

// One allocation and free, seen in aclrtGetMemInfo: true when free memory went down by at least
// the allocation and came back up by at least as much.
bool free_memory_follows(size_t bytes) {
    const size_t before = free_bytes();
    void* block = nullptr;
    EXPECT_EQ(aclrtMalloc(&block, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    const size_t during = free_bytes();
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
    const size_t after = free_bytes();
    return during + bytes <= before && after >= during + bytes;
}

TEST_P(MemoryConfig, FreeMemoryFollowsAllocations) {
    constexpr size_t kBytes = 8 << 20;
    if (!on_gpu() || on_simulator()) {  // aclemu's own accounting: exact
        const size_t before = free_bytes();
        void* block = nullptr;
        ASSERT_EQ(aclrtMalloc(&block, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        EXPECT_LE(free_bytes() + kBytes, before) << "free memory did not go down by the allocation";
        ASSERT_EQ(aclrtFree(block), ACL_SUCCESS);
        EXPECT_EQ(free_bytes(), before);
        return;
    }
    // The driver's count is the whole device's: other processes (ctest -j runs many) allocate
    // and free between two readings. A few tries; one clean pair of readings proves the point.
    constexpr int kTries = 8;
    int tries = 0;
    while (tries < kTries && !free_memory_follows(kBytes)) {
        ++tries;
    }
    EXPECT_LT(tries, kTries) << "free memory never followed an allocation of " << kBytes
                             << " bytes in " << kTries << " tries";
}

size_t page_rounded(size_t bytes) {
    const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    return (bytes + page - 1) / page * page;
}

TEST(CpuMemInfo, TotalIsTheConfiguredBudgetAndBlocksCountInWholePages) {
    ScopedEnv budget("ACLEMU_CPU_DEVICE_MEMORY", "64M");
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    constexpr size_t kTotal = size_t{64} << 20;
    size_t free = 0;
    size_t total = 0;
    for (int attr = ACL_DDR_MEM; attr <= ACL_MEM_P2P_HUGE1G; ++attr) {
        ASSERT_EQ(aclrtGetMemInfo(static_cast<aclrtMemAttr>(attr), &free, &total), ACL_SUCCESS);
        EXPECT_EQ(total, kTotal);
        EXPECT_EQ(free, kTotal);
    }
    // aclrtMalloc reserves the size rounded up to 32 bytes plus 32 (as CANN); the CPU backend
    // holds that in whole pages.
    void* block = nullptr;
    constexpr size_t kAsked = 1000000;
    ASSERT_EQ(aclrtMalloc(&block, kAsked, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    const size_t held = page_rounded((kAsked + 31) / 32 * 32 + 32);
    ASSERT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free, &total), ACL_SUCCESS);
    EXPECT_EQ(free, kTotal - held);

    // Physical allocations of the virtual memory calls count too.
    aclrtPhysicalMemProp prop{};
    prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
    aclrtDrvMemHandle handle = nullptr;
    ASSERT_EQ(aclrtMallocPhysical(&handle, 3 << 20, &prop, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free, &total), ACL_SUCCESS);
    EXPECT_EQ(free, kTotal - held - (size_t{3} << 20));

    // More than is left fails, and says why.
    void* too_big = nullptr;
    take_recent_error();
    EXPECT_EQ(aclrtMalloc(&too_big, free + 1, ACL_MEM_MALLOC_HUGE_FIRST),
              ACL_ERROR_RT_MEMORY_ALLOCATION);
    EXPECT_THAT(take_recent_error(), HasSubstr("ACLEMU_CPU_DEVICE_MEMORY"));

    ASSERT_EQ(aclrtFreePhysical(handle), ACL_SUCCESS);
    ASSERT_EQ(aclrtFree(block), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free, &total), ACL_SUCCESS);
    EXPECT_EQ(free, kTotal);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

// Blocks of up to 2 KiB (padded) are slots of a slab: a power of two of at least 64 bytes
// counts against the budget, and a freed slot is handed out again.
TEST(CpuMemInfo, SmallBlocksCountTheirSlot) {
    ScopedEnv budget("ACLEMU_CPU_DEVICE_MEMORY", "64M");
    RuntimeSession session("cpu");
    ASSERT_EQ(session.init_result, ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    constexpr size_t kTotal = size_t{64} << 20;
    size_t free = 0;
    size_t total = 0;
    // 100 bytes: 128 rounded, 160 padded, a 256-byte slot; 1000: 1056 padded, 2048.
    void* small = nullptr;
    void* larger = nullptr;
    ASSERT_EQ(aclrtMalloc(&small, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&larger, 1000, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free, &total), ACL_SUCCESS);
    EXPECT_EQ(free, kTotal - 256 - 2048);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(small) % 256, 0u);
    std::vector<uint8_t> bytes(100, 0x3c);
    ASSERT_EQ(aclrtMemcpy(small, 100, bytes.data(), 100, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    ASSERT_EQ(aclrtFree(small), ACL_SUCCESS);
    void* again = nullptr;
    ASSERT_EQ(aclrtMalloc(&again, 100, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(again, small);
    ASSERT_EQ(aclrtFree(again), ACL_SUCCESS);
    ASSERT_EQ(aclrtFree(larger), ACL_SUCCESS);
    ASSERT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free, &total), ACL_SUCCESS);
    EXPECT_EQ(free, kTotal);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
}

TEST(CpuMemInfo, TotalDefaultsToPhysicalMemory) {
    for (const char* value : {static_cast<const char*>(nullptr), "lots", "0", "-5G"}) {
        ScopedEnv budget("ACLEMU_CPU_DEVICE_MEMORY", value);
        RuntimeSession session("cpu");
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        size_t free = 0;
        size_t total = 0;
        ASSERT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free, &total), ACL_SUCCESS);
        const size_t physical = static_cast<size_t>(::sysconf(_SC_PHYS_PAGES))
                                * static_cast<size_t>(::sysconf(_SC_PAGESIZE));
        EXPECT_EQ(total, physical) << (value != nullptr ? value : "(unset)");
        EXPECT_EQ(free, physical);
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    }
}

ACLEMU_INSTANTIATE_BACKENDS(MemoryConfig);

}  // namespace
}  // namespace aclemu::test
