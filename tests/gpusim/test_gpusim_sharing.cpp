// The GPU simulator's sharing and virtual memory calls where they keep CUDA's rules that the
// acl-level tests (tests/runtime/test_ipc.cpp, test_vmm.cpp) cannot reach: which blocks can be
// shared, a mapping that is no device memory until access is granted, 2 MiB units, a range over
// two mappings, the release of a mapped allocation, descriptors exported and imported, and
// interprocess events.
#include "gpu/sim/runtime.h"
#include "tests/gpusim/gpusim_test_util.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <unistd.h>
#include <vector>

namespace aclemu::gpusim_test {
namespace {

constexpr size_t kUnit = size_t{2} << 20;

gpusimMemAllocationProp device_prop(gpusimMemAllocationHandleType type) {
    gpusimMemAllocationProp prop{};
    prop.type = gpusimMemAllocationTypePinned;
    prop.requestedHandleType = type;
    prop.location.type = gpusimMemLocationTypeDevice;
    prop.location.id = 0;
    return prop;
}

TEST(GpuSimSharing, OnlyLargeBlocksCanBeShared) {
    gpusimIpcMemHandle_t handle{};
    void* small = nullptr;
    ASSERT_EQ(gpusimMalloc(&small, 4000), gpusimSuccess);
    EXPECT_EQ(gpusimIpcGetMemHandle(&handle, small), gpusimErrorNotSupported);
    void* large = nullptr;
    ASSERT_EQ(gpusimMalloc(&large, 64 * 1024), gpusimSuccess);
    EXPECT_EQ(gpusimIpcGetMemHandle(&handle, large), gpusimSuccess);
    std::vector<char> host(16);
    EXPECT_EQ(gpusimIpcGetMemHandle(&handle, host.data()), gpusimErrorInvalidValue);
    void* opened = nullptr;
    EXPECT_EQ(gpusimIpcOpenMemHandle(&opened, handle, gpusimIpcMemLazyEnablePeerAccess),
              gpusimErrorInvalidValue)
        << "a handle cannot be opened in the process that made it";
    EXPECT_EQ(gpusimIpcCloseMemHandle(large), gpusimErrorInvalidValue) << "not an opened handle";
    EXPECT_EQ(gpusimFree(small), gpusimSuccess);
    EXPECT_EQ(gpusimFree(large), gpusimSuccess);
    gpusimGetLastError();
}

TEST(GpuSimSharing, MappingBecomesDeviceMemoryWithAccess) {
    const gpusimMemAllocationProp prop = device_prop(gpusimMemHandleTypeNone);
    size_t granularity = 0;
    ASSERT_EQ(gpusimMemGetAllocationGranularity(
                  &granularity, &prop, gpusimMemAllocationGranularityMinimum),
              gpusimSuccess);
    EXPECT_EQ(granularity, kUnit);
    gpusimMemGenericAllocationHandle_t low = nullptr;
    gpusimMemGenericAllocationHandle_t high = nullptr;
    EXPECT_EQ(gpusimMemCreate(&low, kUnit + 4096, &prop, 0), gpusimErrorInvalidValue);
    ASSERT_EQ(gpusimMemCreate(&low, kUnit, &prop, 0), gpusimSuccess);
    ASSERT_EQ(gpusimMemCreate(&high, kUnit, &prop, 0), gpusimSuccess);
    void* range = nullptr;
    ASSERT_EQ(gpusimMemAddressReserve(&range, 2 * kUnit, 0, nullptr, 0), gpusimSuccess);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(range) % kUnit, 0u);
    auto* base = static_cast<unsigned char*>(range);
    ASSERT_EQ(gpusimMemMap(base, kUnit, 0, low, 0), gpusimSuccess);
    ASSERT_EQ(gpusimMemMap(base + kUnit, kUnit, 0, high, 0), gpusimSuccess);
    EXPECT_EQ(gpusimMemMap(base, kUnit, 0, high, 0), gpusimErrorInvalidValue) << "over a mapping";

    std::vector<unsigned char> host(2 * kUnit);
    for (size_t i = 0; i < host.size(); ++i) {
        host[i] = static_cast<unsigned char>(i * 13 + 5);
    }
    EXPECT_EQ(gpusimMemcpy(base, host.data(), host.size(), gpusimMemcpyHostToDevice),
              gpusimErrorInvalidValue)
        << "no access granted yet";
    gpusimMemAccessDesc access{};
    access.location.type = gpusimMemLocationTypeDevice;
    access.location.id = 0;
    access.flags = gpusimMemAccessFlagsProtReadWrite;
    EXPECT_EQ(gpusimMemSetAccess(base, kUnit + 1, &access, 1), gpusimErrorInvalidValue);
    ASSERT_EQ(gpusimMemSetAccess(base, 2 * kUnit, &access, 1), gpusimSuccess);
    ASSERT_EQ(gpusimMemcpy(base, host.data(), host.size(), gpusimMemcpyHostToDevice), gpusimSuccess)
        << "one copy over both mappings";
    std::vector<unsigned char> back(host.size());
    ASSERT_EQ(gpusimMemcpy(back.data(), base, back.size(), gpusimMemcpyDeviceToHost),
              gpusimSuccess);
    EXPECT_EQ(back, host);

    // Released while mapped: the memory stays until it is unmapped.
    ASSERT_EQ(gpusimMemRelease(low), gpusimSuccess);
    EXPECT_EQ(gpusimMemRelease(low), gpusimErrorInvalidValue);
    ASSERT_EQ(gpusimMemcpy(back.data(), base, kUnit, gpusimMemcpyDeviceToHost), gpusimSuccess);
    EXPECT_EQ(back[7], host[7]);
    EXPECT_EQ(gpusimMemAddressFree(range, 2 * kUnit), gpusimErrorInvalidValue) << "still mapped";
    ASSERT_EQ(gpusimMemUnmap(base, 2 * kUnit), gpusimSuccess);
    EXPECT_EQ(gpusimMemcpy(back.data(), base, 16, gpusimMemcpyDeviceToHost),
              gpusimErrorInvalidValue);
    EXPECT_EQ(gpusimMemAddressFree(range, 2 * kUnit), gpusimSuccess);
    EXPECT_EQ(gpusimMemRelease(high), gpusimSuccess);
    gpusimGetLastError();
}

TEST(GpuSimSharing, ExportedDescriptorImportsTheSameMemory) {
    const gpusimMemAllocationProp plain = device_prop(gpusimMemHandleTypeNone);
    const gpusimMemAllocationProp posix = device_prop(gpusimMemHandleTypePosixFileDescriptor);
    gpusimMemGenericAllocationHandle_t unshareable = nullptr;
    gpusimMemGenericAllocationHandle_t shared = nullptr;
    ASSERT_EQ(gpusimMemCreate(&unshareable, kUnit, &plain, 0), gpusimSuccess);
    ASSERT_EQ(gpusimMemCreate(&shared, kUnit, &posix, 0), gpusimSuccess);
    int fd = -1;
    EXPECT_EQ(gpusimMemExportToShareableHandle(
                  &fd, unshareable, gpusimMemHandleTypePosixFileDescriptor, 0),
              gpusimErrorInvalidValue)
        << "not made with a POSIX descriptor handle type";
    ASSERT_EQ(
        gpusimMemExportToShareableHandle(&fd, shared, gpusimMemHandleTypePosixFileDescriptor, 0),
        gpusimSuccess);
    gpusimMemGenericAllocationHandle_t imported = nullptr;
    ASSERT_EQ(gpusimMemImportFromShareableHandle(&imported,
                                                 reinterpret_cast<void*>(static_cast<intptr_t>(fd)),
                                                 gpusimMemHandleTypePosixFileDescriptor),
              gpusimSuccess);
    ::close(fd);  // the import keeps its own

    void* range = nullptr;
    ASSERT_EQ(gpusimMemAddressReserve(&range, 2 * kUnit, 0, nullptr, 0), gpusimSuccess);
    auto* base = static_cast<unsigned char*>(range);
    ASSERT_EQ(gpusimMemMap(base, kUnit, 0, shared, 0), gpusimSuccess);
    ASSERT_EQ(gpusimMemMap(base + kUnit, kUnit, 0, imported, 0), gpusimSuccess);
    gpusimMemAccessDesc access{};
    access.location.type = gpusimMemLocationTypeDevice;
    access.flags = gpusimMemAccessFlagsProtReadWrite;
    ASSERT_EQ(gpusimMemSetAccess(base, 2 * kUnit, &access, 1), gpusimSuccess);
    ASSERT_EQ(gpusimMemset(base, 0x3c, kUnit), gpusimSuccess);
    std::vector<unsigned char> back(kUnit);
    ASSERT_EQ(gpusimMemcpy(back.data(), base + kUnit, kUnit, gpusimMemcpyDeviceToHost),
              gpusimSuccess);
    EXPECT_EQ(back, std::vector<unsigned char>(kUnit, 0x3c));

    ASSERT_EQ(gpusimMemUnmap(base, 2 * kUnit), gpusimSuccess);
    EXPECT_EQ(gpusimMemAddressFree(range, 2 * kUnit), gpusimSuccess);
    EXPECT_EQ(gpusimMemRelease(imported), gpusimSuccess);
    EXPECT_EQ(gpusimMemRelease(shared), gpusimSuccess);
    EXPECT_EQ(gpusimMemRelease(unshareable), gpusimSuccess);
    gpusimGetLastError();
}

TEST(GpuSimSharing, InterprocessEventsHaveNoTimingAndCompleteInStreamOrder) {
    gpusimEvent_t event = nullptr;
    EXPECT_EQ(gpusimEventCreateWithFlags(&event, gpusimEventInterprocess), gpusimErrorInvalidValue)
        << "as in CUDA, interprocess events need gpusimEventDisableTiming";
    ASSERT_EQ(
        gpusimEventCreateWithFlags(&event, gpusimEventInterprocess | gpusimEventDisableTiming),
        gpusimSuccess);
    EXPECT_EQ(gpusimEventQuery(event), gpusimSuccess) << "never recorded";
    gpusimStream_t stream = nullptr;
    ASSERT_EQ(gpusimStreamCreateWithFlags(&stream, gpusimStreamNonBlocking), gpusimSuccess);
    std::atomic<bool> release{false};
    ASSERT_EQ(gpusimLaunchHostFunc(
                  stream,
                  [](void* flag) {
                      while (!static_cast<std::atomic<bool>*>(flag)->load()) {
                          std::this_thread::yield();
                      }
                  },
                  &release),
              gpusimSuccess);
    ASSERT_EQ(gpusimEventRecord(event, stream), gpusimSuccess);
    EXPECT_EQ(gpusimEventQuery(event), gpusimErrorNotReady);
    release = true;
    EXPECT_EQ(gpusimEventSynchronize(event), gpusimSuccess);
    EXPECT_EQ(gpusimEventQuery(event), gpusimSuccess);
    float ms = 0;
    EXPECT_EQ(gpusimEventElapsedTime(&ms, event, event), gpusimErrorInvalidResourceHandle);

    gpusimIpcEventHandle_t handle{};
    EXPECT_EQ(gpusimIpcGetEventHandle(&handle, event), gpusimSuccess);
    gpusimEvent_t opened = nullptr;
    EXPECT_EQ(gpusimIpcOpenEventHandle(&opened, handle), gpusimErrorInvalidValue)
        << "opened in the process that made it";
    gpusimEvent_t plain = nullptr;
    ASSERT_EQ(gpusimEventCreateWithFlags(&plain, gpusimEventDefault), gpusimSuccess);
    EXPECT_EQ(gpusimIpcGetEventHandle(&handle, plain), gpusimErrorInvalidResourceHandle);
    EXPECT_EQ(gpusimEventDestroy(plain), gpusimSuccess);
    EXPECT_EQ(gpusimEventDestroy(event), gpusimSuccess);
    EXPECT_EQ(gpusimStreamDestroy(stream), gpusimSuccess);
    gpusimGetLastError();
}

}  // namespace
}  // namespace aclemu::gpusim_test
