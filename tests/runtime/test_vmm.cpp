// Virtual and physical memory: aclrtMemGetAllocationGranularity, aclrtMallocPhysical /
// FreePhysical, aclrtReserveMemAddress / ReleaseMemAddress, aclrtMapMem / UnmapMem,
// aclrtMemSetAccess / GetAccess, handle queries, and shareable handles across two real processes
// (aclemu_ipc_peer). Data written through one mapping is read back through another, and mapped
// memory serves copies, fills and an operator like aclrtMalloc memory. Byte patterns come from
// peer/peer_protocol.h; operator references are computed here in double precision.
#include "aclnnop/aclnn_logsigmoid_backward.h"

#include "runtime/peer/peer_process.h"
#include "runtime/peer/peer_protocol.h"
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"
#include "support/physical_mem_prop.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

namespace aclemu::test {
namespace {

using peer::pattern;
using peer::PeerProcess;
using ::testing::HasSubstr;
using ::testing::StartsWith;

class Vmm : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        if (IsSkipped() || HasFatalFailure()) {
            return;
        }
        aclrtPhysicalMemProp prop = device_memory_prop();
        ASSERT_EQ(aclrtMemGetAllocationGranularity(
                      &prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &granularity_),
                  ACL_SUCCESS)
            << take_recent_error();
    }

    size_t granularity() const { return granularity_; }
    std::string peer_backend() const {
        return !on_gpu() ? "cpu" : on_simulator() ? "gpusim" : "gpu";
    }

    aclrtDrvMemHandle physical(size_t bytes) {
        aclrtPhysicalMemProp prop = device_memory_prop();
        aclrtDrvMemHandle handle = nullptr;
        EXPECT_EQ(aclrtMallocPhysical(&handle, bytes, &prop, 0), ACL_SUCCESS)
            << take_recent_error();
        return handle;
    }

    void* reserve(size_t bytes) {
        void* range = nullptr;
        EXPECT_EQ(aclrtReserveMemAddress(&range, bytes, 0, nullptr, 0), ACL_SUCCESS)
            << take_recent_error();
        return range;
    }

    void write(void* device, const std::vector<uint8_t>& bytes) {
        ASSERT_EQ(aclrtMemcpy(
                      device, bytes.size(), bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_SUCCESS)
            << take_recent_error();
    }

    std::vector<uint8_t> read(const void* device, size_t bytes) {
        std::vector<uint8_t> host(bytes);
        EXPECT_EQ(aclrtMemcpy(host.data(), bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_SUCCESS)
            << take_recent_error();
        return host;
    }

private:
    size_t granularity_ = 0;
};

void* offset(void* base, size_t bytes) {
    return static_cast<uint8_t*>(base) + bytes;
}

TEST_P(Vmm, GranularityIsAPowerOfTwo) {
    aclrtPhysicalMemProp prop = device_memory_prop();
    size_t minimum = 0;
    size_t recommended = 0;
    ASSERT_EQ(
        aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &minimum),
        ACL_SUCCESS);
    ASSERT_EQ(aclrtMemGetAllocationGranularity(
                  &prop, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &recommended),
              ACL_SUCCESS);
    EXPECT_GT(minimum, 0u);
    EXPECT_EQ(minimum & (minimum - 1), 0u) << minimum;
    EXPECT_GE(recommended, minimum);
    EXPECT_EQ(recommended % minimum, 0u);
    if (!on_gpu()) {
        EXPECT_EQ(minimum, static_cast<size_t>(::sysconf(_SC_PAGESIZE)));  // the CPU's page
    }
}

TEST_P(Vmm, TwoMappingsOfOneAllocationAreTheSameMemory) {
    const size_t g = granularity();
    aclrtDrvMemHandle handle = physical(g);
    void* range = reserve(2 * g);
    void* first = range;
    void* second = offset(range, g);
    ASSERT_EQ(aclrtMapMem(first, g, 0, handle, 0), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtMapMem(second, g, 0, handle, 0), ACL_SUCCESS) << take_recent_error();

    write(first, pattern(g, 31));
    EXPECT_TRUE(read(second, g) == pattern(g, 31)) << "a write through one mapping is not "
                                                      "visible through the other";
    ASSERT_EQ(aclrtMemset(second, g, 0x5c, g), ACL_SUCCESS) << take_recent_error();
    EXPECT_TRUE(read(first, g) == std::vector<uint8_t>(g, 0x5c));

    EXPECT_EQ(aclrtUnmapMem(first), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtUnmapMem(second), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtReleaseMemAddress(range), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtFreePhysical(handle), ACL_SUCCESS) << take_recent_error();
}

TEST_P(Vmm, AdjacentMappingsFormOneBuffer) {
    const size_t g = granularity();
    aclrtDrvMemHandle low = physical(g);
    aclrtDrvMemHandle high = physical(g);
    void* range = reserve(2 * g);
    ASSERT_EQ(aclrtMapMem(range, g, 0, low, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtMapMem(offset(range, g), g, 0, high, 0), ACL_SUCCESS);

    // One copy across the seam, and a device-to-device copy from aclrtMalloc memory into it.
    const std::vector<uint8_t> bytes = pattern(2 * g, 41);
    write(range, bytes);
    EXPECT_TRUE(read(range, 2 * g) == bytes);
    void* block = nullptr;
    ASSERT_EQ(aclrtMalloc(&block, 2 * g, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    const std::vector<uint8_t> other = pattern(2 * g, 42);
    write(block, other);
    ASSERT_EQ(aclrtMemcpy(range, 2 * g, block, 2 * g, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS)
        << take_recent_error();
    EXPECT_TRUE(read(range, 2 * g) == other);

    void* base = nullptr;
    size_t size = 0;
    ASSERT_EQ(aclrtMemGetAddressRange(offset(range, g + 5), &base, &size), ACL_SUCCESS)
        << take_recent_error();
    EXPECT_EQ(base, range);
    EXPECT_EQ(size, 2 * g);
    ASSERT_EQ(aclrtMemGetAddressRange(offset(block, 7), &base, &size), ACL_SUCCESS);
    EXPECT_EQ(base, block);
    EXPECT_EQ(size, 2 * g);

    // Without the upper mapping the buffer ends at the seam.
    ASSERT_EQ(aclrtUnmapMem(offset(range, g)), ACL_SUCCESS);
    std::vector<uint8_t> host(2 * g);
    take_recent_error();
    EXPECT_EQ(aclrtMemcpy(host.data(), 2 * g, range, 2 * g, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("runs past the end"));
    EXPECT_EQ(aclrtUnmapMem(range), ACL_SUCCESS);
    EXPECT_EQ(aclrtReleaseMemAddress(range), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreePhysical(low), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreePhysical(high), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

TEST_P(Vmm, PhysicalMemoryKeepsItsBytesAcrossMappings) {
    const size_t g = granularity();
    aclrtDrvMemHandle handle = physical(g);
    void* range = reserve(3 * g);
    ASSERT_EQ(aclrtMapMem(range, g, 0, handle, 0), ACL_SUCCESS);
    write(range, pattern(g, 51));
    ASSERT_EQ(aclrtUnmapMem(range), ACL_SUCCESS);
    // Unmapped addresses are no device memory: a copy to them is refused.
    std::vector<uint8_t> host(g);
    take_recent_error();
    EXPECT_EQ(aclrtMemcpy(range, g, host.data(), g, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    ASSERT_EQ(aclrtMapMem(offset(range, 2 * g), g, 0, handle, 0), ACL_SUCCESS);
    EXPECT_TRUE(read(offset(range, 2 * g), g) == pattern(g, 51));
    EXPECT_EQ(aclrtUnmapMem(offset(range, 2 * g)), ACL_SUCCESS);
    EXPECT_EQ(aclrtReleaseMemAddress(range), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreePhysical(handle), ACL_SUCCESS);
}

TEST_P(Vmm, FreedHandleLivesOnInItsMapping) {
    const size_t g = granularity();
    aclrtDrvMemHandle handle = physical(g);
    void* range = reserve(g);
    ASSERT_EQ(aclrtMapMem(range, g, 0, handle, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtFreePhysical(handle), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclrtFreePhysical(handle), ACL_ERROR_INVALID_PARAM);  // the handle is gone
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live handle"));
    write(range, pattern(g, 61));  // the memory is not
    EXPECT_TRUE(read(range, g) == pattern(g, 61));

    // Retaining gives a handle to it again, with the properties it was made with.
    aclrtDrvMemHandle retained = nullptr;
    ASSERT_EQ(aclrtMemRetainAllocationHandle(range, &retained), ACL_SUCCESS) << take_recent_error();
    aclrtPhysicalMemProp prop{};
    ASSERT_EQ(aclrtMemGetAllocationPropertiesFromHandle(retained, &prop), ACL_SUCCESS);
    const aclrtPhysicalMemProp expected = device_memory_prop();
    EXPECT_EQ(prop.handleType, expected.handleType);
    EXPECT_EQ(prop.allocationType, expected.allocationType);
    EXPECT_EQ(prop.memAttr, expected.memAttr);
    EXPECT_EQ(prop.location.type, expected.location.type);
    EXPECT_EQ(prop.location.id, expected.location.id);
    aclrtDrvMemHandle again = nullptr;
    ASSERT_EQ(aclrtMemRetainAllocationHandle(range, &again), ACL_SUCCESS);
    EXPECT_EQ(again, retained);
    EXPECT_EQ(aclrtFreePhysical(retained), ACL_SUCCESS);  // one reference per retain
    EXPECT_EQ(aclrtFreePhysical(again), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreePhysical(again), ACL_ERROR_INVALID_PARAM);

    EXPECT_EQ(aclrtUnmapMem(range), ACL_SUCCESS);
    EXPECT_EQ(aclrtReleaseMemAddress(range), ACL_SUCCESS);
}

TEST_P(Vmm, AccessLimitsCopiesAndFills) {
    const size_t g = granularity();
    aclrtDrvMemHandle handle = physical(g);
    void* range = reserve(g);
    ASSERT_EQ(aclrtMapMem(range, g, 0, handle, 0), ACL_SUCCESS);
    aclrtMemLocation device{0, ACL_MEM_LOCATION_TYPE_DEVICE};
    uint64_t flags = 0;
    ASSERT_EQ(aclrtMemGetAccess(range, &device, &flags), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(flags, uint64_t{ACL_RT_MEM_ACCESS_FLAGS_READWRITE});
    write(range, pattern(g, 71));

    aclrtMemAccessDesc desc{};
    desc.flags = ACL_RT_MEM_ACCESS_FLAGS_READ;
    desc.location = device;
    ASSERT_EQ(aclrtMemSetAccess(range, g, &desc, 1), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtMemGetAccess(range, &device, &flags), ACL_SUCCESS);
    EXPECT_EQ(flags, uint64_t{ACL_RT_MEM_ACCESS_FLAGS_READ});
    EXPECT_TRUE(read(range, g) == pattern(g, 71));
    std::vector<uint8_t> host(g);
    take_recent_error();
    EXPECT_EQ(aclrtMemcpy(range, g, host.data(), g, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("read-only access"));
    EXPECT_EQ(aclrtMemset(range, g, 0, g), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("read-only access"));

    desc.flags = ACL_RT_MEM_ACCESS_FLAGS_NONE;
    ASSERT_EQ(aclrtMemSetAccess(range, g, &desc, 1), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemcpy(host.data(), g, range, g, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("no access"));

    desc.flags = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
    ASSERT_EQ(aclrtMemSetAccess(range, g, &desc, 1), ACL_SUCCESS);
    write(range, pattern(g, 72));
    EXPECT_TRUE(read(range, g) == pattern(g, 72));

    EXPECT_EQ(aclrtUnmapMem(range), ACL_SUCCESS);
    EXPECT_EQ(aclrtReleaseMemAddress(range), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreePhysical(handle), ACL_SUCCESS);
}

TEST_P(Vmm, ReservationAtAWantedAddress) {
    const size_t g = granularity();
    void* first = reserve(4 * g);
    ASSERT_EQ(aclrtReleaseMemAddress(first), ACL_SUCCESS);
    void* again = nullptr;
    ASSERT_EQ(aclrtReserveMemAddress(&again, 4 * g, 0, first, 0), ACL_SUCCESS)
        << take_recent_error();
    EXPECT_EQ(again, first);
    void* taken = nullptr;
    take_recent_error();
    EXPECT_EQ(aclrtReserveMemAddress(&taken, g, 0, first, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("cannot reserve"));
    EXPECT_EQ(aclrtReleaseMemAddress(again), ACL_SUCCESS);
}

// gradInput = gradOutput / (1 + exp(self)), every tensor in one mapped buffer.
TEST_P(Vmm, MappedMemoryServesAnOperator) {
    constexpr int64_t kCount = 1000;
    const size_t g =
        (4 * kCount * sizeof(float) + granularity() - 1) / granularity() * granularity();
    aclrtDrvMemHandle handle = physical(g);
    void* range = reserve(g);
    ASSERT_EQ(aclrtMapMem(range, g, 0, handle, 0), ACL_SUCCESS);
    std::vector<float> dy(kCount);
    std::vector<float> x(kCount);
    for (int64_t i = 0; i < kCount; ++i) {
        dy[i] = 0.5f + static_cast<float>(i % 7) * 0.25f;
        x[i] = -6.0f + 12.0f * static_cast<float>(i) / static_cast<float>(kCount - 1);
    }
    auto* base = static_cast<float*>(range);
    ASSERT_EQ(aclrtMemcpy(base, g, dy.data(), kCount * 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(base + kCount, g, x.data(), kCount * 4, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
    const int64_t dims[] = {kCount};
    const int64_t strides[] = {1};
    auto tensor = [&](int index) {
        return aclCreateTensor(
            dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, dims, 1, base + index * kCount);
    };
    aclTensor* grad_output = tensor(0);
    aclTensor* self = tensor(1);
    aclTensor* buffer = tensor(2);
    aclTensor* grad_input = tensor(3);
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    ASSERT_EQ(aclnnLogSigmoidBackwardGetWorkspaceSize(
                  grad_output, self, buffer, grad_input, &workspace_size, &executor),
              ACLNN_SUCCESS)
        << take_recent_error();
    void* workspace = nullptr;
    if (workspace_size > 0) {
        ASSERT_EQ(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    }
    ASSERT_EQ(aclnnLogSigmoidBackward(workspace, workspace_size, executor, stream()), ACLNN_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    std::vector<float> got(kCount);
    ASSERT_EQ(aclrtMemcpy(
                  got.data(), kCount * 4, base + 3 * kCount, kCount * 4, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    for (int64_t i = 0; i < kCount; ++i) {
        const double expected = static_cast<double>(dy[i]) / (1.0 + std::exp(double{x[i]}));
        EXPECT_NEAR(got[i], expected, 1e-6 + 2e-6 * std::fabs(expected)) << "element " << i;
    }
    for (aclTensor* t : {grad_output, self, buffer, grad_input}) {
        aclDestroyTensor(t);
    }
    if (workspace != nullptr) {
        aclrtFree(workspace);
    }
    EXPECT_EQ(aclrtUnmapMem(range), ACL_SUCCESS);
    EXPECT_EQ(aclrtReleaseMemAddress(range), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreePhysical(handle), ACL_SUCCESS);
}

TEST_P(Vmm, PropertyAndPhysicalAllocationErrors) {
    size_t g = 0;
    aclrtPhysicalMemProp prop = device_memory_prop();
    take_recent_error();
    EXPECT_EQ(aclrtMemGetAllocationGranularity(nullptr, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("prop"));
    EXPECT_EQ(
        aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, nullptr),
        ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_UNDEF, &g),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("option"));

    struct Case {
        void (*change)(aclrtPhysicalMemProp&);
        aclError code;
        const char* says;
    };
    const Case cases[] = {
        {[](aclrtPhysicalMemProp& p) { p.location.type = ACL_MEM_LOCATION_TYPE_HOST; },
         ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
         "physical host memory"},
        {[](aclrtPhysicalMemProp& p) { p.location.type = ACL_MEM_LOCATION_TYPE_MANAGED; },
         ACL_ERROR_INVALID_PARAM,
         "prop->location.type"},
        {[](aclrtPhysicalMemProp& p) { p.location.id = 4096; },
         ACL_ERROR_RT_INVALID_DEVICEID,
         "prop->location.id"},
        {[](aclrtPhysicalMemProp& p) { c_set_enum_field(&p.allocationType, 1); },
         ACL_ERROR_INVALID_PARAM,
         "prop->allocationType"},
        {[](aclrtPhysicalMemProp& p) { p.memAttr = static_cast<aclrtMemAttr>(18); },
         ACL_ERROR_INVALID_PARAM,
         "prop->memAttr"},
        {[](aclrtPhysicalMemProp& p) { p.handleType = static_cast<aclrtMemHandleType>(1); },
         ACL_ERROR_INVALID_PARAM,
         "prop->handleType"},
    };
    for (const Case& c : cases) {
        aclrtPhysicalMemProp bad = device_memory_prop();
        c.change(bad);
        EXPECT_EQ(aclrtMemGetAllocationGranularity(&bad, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g),
                  c.code)
            << c.says;
        EXPECT_THAT(take_recent_error(), HasSubstr(c.says));
        aclrtDrvMemHandle handle = nullptr;
        EXPECT_EQ(aclrtMallocPhysical(&handle, granularity(), &bad, 0), c.code) << c.says;
        EXPECT_THAT(take_recent_error(), HasSubstr(c.says));
    }

    aclrtDrvMemHandle handle = nullptr;
    EXPECT_EQ(aclrtMallocPhysical(nullptr, granularity(), &prop, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMallocPhysical(&handle, granularity(), nullptr, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMallocPhysical(&handle, 0, &prop, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("size"));
    EXPECT_EQ(aclrtMallocPhysical(&handle, granularity(), &prop, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("flags"));
    EXPECT_EQ(aclrtFreePhysical(nullptr), ACL_ERROR_INVALID_PARAM);
    int not_a_handle = 0;
    EXPECT_EQ(aclrtFreePhysical(&not_a_handle), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a live handle"));

    // A size that is no multiple of the granularity is rounded up to one.
    ASSERT_EQ(aclrtMallocPhysical(&handle, granularity() + 1, &prop, 0), ACL_SUCCESS);
    void* range = reserve(2 * granularity());
    EXPECT_EQ(aclrtMapMem(range, granularity() + 1, 0, handle, 0), ACL_SUCCESS)
        << take_recent_error();
    EXPECT_EQ(aclrtUnmapMem(range), ACL_SUCCESS);
    EXPECT_EQ(aclrtReleaseMemAddress(range), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreePhysical(handle), ACL_SUCCESS);
}

TEST_P(Vmm, ReservationAndMappingErrors) {
    const size_t g = granularity();
    void* range = nullptr;
    take_recent_error();
    EXPECT_EQ(aclrtReserveMemAddress(nullptr, g, 0, nullptr, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtReserveMemAddress(&range, 0, 0, nullptr, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("size"));
    EXPECT_EQ(aclrtReserveMemAddress(&range, g, 3, nullptr, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("alignment"));
    EXPECT_EQ(aclrtReserveMemAddress(&range, g, 0, reinterpret_cast<void*>(g + 1), 0),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("expectPtr"));

    aclrtDrvMemHandle handle = physical(g);
    aclrtDrvMemHandle twice = physical(2 * g);
    range = reserve(3 * g);
    EXPECT_EQ(aclrtMapMem(range, g, g, handle, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("offset"));
    EXPECT_EQ(aclrtMapMem(range, g, 0, handle, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("flags"));
    EXPECT_EQ(aclrtMapMem(range, 2 * g, 0, handle, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("size of the physical allocation"));
    EXPECT_EQ(aclrtMapMem(offset(range, 2 * g), 2 * g, 0, twice, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("not inside one reservation"));
    if (g > 1) {
        EXPECT_EQ(aclrtMapMem(offset(range, 1), g, 0, handle, 0), ACL_ERROR_RT_PARAM_INVALID);
        EXPECT_THAT(take_recent_error(), HasSubstr("multiple of the granularity"));
    }
    std::vector<uint8_t> host(g);
    EXPECT_EQ(aclrtMapMem(host.data(), g, 0, handle, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtMapMem(range, g, 0, nullptr, 0), ACL_ERROR_INVALID_PARAM);
    ASSERT_EQ(aclrtMapMem(offset(range, g), 2 * g, 0, twice, 0), ACL_SUCCESS);
    EXPECT_EQ(aclrtMapMem(offset(range, 2 * g), g, 0, handle, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("overlaps the mapping"));

    EXPECT_EQ(aclrtUnmapMem(range), ACL_ERROR_INVALID_PARAM);  // nothing mapped there
    EXPECT_THAT(take_recent_error(), HasSubstr("no mapping"));
    EXPECT_EQ(aclrtUnmapMem(offset(range, 2 * g)), ACL_ERROR_INVALID_PARAM);  // inside one
    EXPECT_EQ(aclrtFree(offset(range, g)), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtUnmapMem"));
    EXPECT_EQ(aclrtReleaseMemAddress(range), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("unmap them"));
    EXPECT_EQ(aclrtReleaseMemAddress(offset(range, g)), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not the start of a reservation"));

    aclrtMemAccessDesc desc{};
    desc.flags = static_cast<aclrtMemAccessFlags>(2);
    desc.location = {0, ACL_MEM_LOCATION_TYPE_DEVICE};
    EXPECT_EQ(aclrtMemSetAccess(offset(range, g), 2 * g, &desc, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("desc[].flags"));
    desc.flags = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
    EXPECT_EQ(aclrtMemSetAccess(offset(range, g), g, &desc, 1), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("whole mappings"));
    EXPECT_EQ(aclrtMemSetAccess(offset(range, g), 2 * g, &desc, 0), ACL_ERROR_INVALID_PARAM);
    desc.location.id = 4096;
    EXPECT_EQ(aclrtMemSetAccess(offset(range, g), 2 * g, &desc, 1), ACL_ERROR_RT_INVALID_DEVICEID);
    aclrtMemLocation where{0, ACL_MEM_LOCATION_TYPE_DEVICE};
    uint64_t flags = 0;
    EXPECT_EQ(aclrtMemGetAccess(range, &where, &flags), ACL_ERROR_INVALID_PARAM);

    EXPECT_EQ(aclrtUnmapMem(offset(range, g)), ACL_SUCCESS);
    EXPECT_EQ(aclrtReleaseMemAddress(range), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreePhysical(handle), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreePhysical(twice), ACL_SUCCESS);
}

// ---- shareable handles ---------------------------------------------------------------------

class VmmSharing : public Vmm {
protected:
    // A mapped physical allocation of `bytes` holding pattern(seed).
    struct Shared {
        aclrtDrvMemHandle handle = nullptr;
        void* range = nullptr;
    };
    Shared share(size_t bytes, uint32_t seed) {
        Shared s;
        s.handle = physical(bytes);
        s.range = reserve(bytes);
        EXPECT_EQ(aclrtMapMem(s.range, bytes, 0, s.handle, 0), ACL_SUCCESS);
        write(s.range, pattern(bytes, seed));
        return s;
    }
    void release(const Shared& s) {
        EXPECT_EQ(aclrtUnmapMem(s.range), ACL_SUCCESS);
        EXPECT_EQ(aclrtReleaseMemAddress(s.range), ACL_SUCCESS);
        aclrtFreePhysical(s.handle);
    }
};

TEST_P(VmmSharing, WhitelistedPeerMapsTheMemory) {
    const size_t g = granularity();
    Shared s = share(g, 81);
    uint64_t shareable = 0;
    ASSERT_EQ(aclrtMemExportToShareableHandle(
                  s.handle, ACL_MEM_HANDLE_TYPE_NONE, ACL_RT_VMM_EXPORT_FLAG_DEFAULT, &shareable),
              ACL_SUCCESS)
        << take_recent_error();
    EXPECT_NE(shareable, 0u);
    PeerProcess process(peer_backend());
    ASSERT_EQ(process.error(), "");
    ASSERT_EQ(process.read_line(), "ready");
    int32_t pid = process.pid();
    ASSERT_EQ(aclrtMemSetPidToShareableHandle(shareable, &pid, 1), ACL_SUCCESS)
        << take_recent_error();
    process.send("vmm " + std::to_string(shareable) + " " + std::to_string(g) + " 81");
    EXPECT_EQ(process.read_line(), "ok");
    EXPECT_EQ(process.wait(), 0);
    EXPECT_TRUE(read(s.range, g) == pattern(g, 82)) << "the peer's write is not visible here";
    release(s);
}

TEST_P(VmmSharing, V2HandleWithoutPidValidation) {
    const size_t g = granularity();
    Shared s = share(2 * g, 83);
    uint64_t shareable = 0;
    ASSERT_EQ(aclrtMemExportToShareableHandleV2(s.handle,
                                                ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION,
                                                ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT,
                                                &shareable),
              ACL_SUCCESS)
        << take_recent_error();
    PeerProcess process(peer_backend());
    ASSERT_EQ(process.read_line(), "ready");
    process.send("vmm " + std::to_string(shareable) + " " + std::to_string(2 * g) + " 83");
    EXPECT_EQ(process.read_line(), "ok");
    EXPECT_EQ(process.wait(), 0);
    EXPECT_TRUE(read(s.range, 2 * g) == pattern(2 * g, 84));
    release(s);
}

TEST_P(VmmSharing, PeerMissingFromTheWhitelistIsRefused) {
    const size_t g = granularity();
    Shared s = share(g, 85);
    uint64_t shareable = 0;
    ASSERT_EQ(aclrtMemExportToShareableHandle(s.handle, ACL_MEM_HANDLE_TYPE_NONE, 0, &shareable),
              ACL_SUCCESS);
    PeerProcess process(peer_backend());
    ASSERT_EQ(process.read_line(), "ready");
    process.send("vmm " + std::to_string(shareable) + " " + std::to_string(g) + " 85");
    const std::string answer = process.read_line();
    EXPECT_THAT(answer, StartsWith("fail import " + std::to_string(ACL_ERROR_RT_NO_PERMISSION)));
    EXPECT_THAT(answer, HasSubstr("aclrtMemSetPidToShareableHandle"));
    EXPECT_EQ(process.wait(), 1);
    EXPECT_TRUE(read(s.range, g) == pattern(g, 85));
    release(s);
}

TEST_P(VmmSharing, FreedAllocationCannotBeImported) {
    const size_t g = granularity();
    aclrtDrvMemHandle handle = physical(g);
    uint64_t shareable = 0;
    ASSERT_EQ(aclrtMemExportToShareableHandle(handle,
                                              ACL_MEM_HANDLE_TYPE_NONE,
                                              ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION,
                                              &shareable),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtFreePhysical(handle), ACL_SUCCESS);
    PeerProcess process(peer_backend());
    ASSERT_EQ(process.read_line(), "ready");
    process.send("vmm " + std::to_string(shareable) + " " + std::to_string(g) + " 1");
    const std::string answer = process.read_line();
    EXPECT_THAT(answer, StartsWith("fail import " + std::to_string(ACL_ERROR_INVALID_PARAM)));
    EXPECT_THAT(answer, HasSubstr("withdrawn"));
    EXPECT_EQ(process.wait(), 1);
}

TEST_P(VmmSharing, ExportAndImportErrors) {
    const size_t g = granularity();
    aclrtDrvMemHandle handle = physical(g);
    uint64_t shareable = 0;
    take_recent_error();
    EXPECT_EQ(aclrtMemExportToShareableHandle(nullptr, ACL_MEM_HANDLE_TYPE_NONE, 0, &shareable),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemExportToShareableHandle(handle, ACL_MEM_HANDLE_TYPE_NONE, 0, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(c_aclrtMemExportToShareableHandle(handle, 7, 0, &shareable), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("handleType"));
    EXPECT_EQ(aclrtMemExportToShareableHandle(handle, ACL_MEM_HANDLE_TYPE_NONE, 2, &shareable),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("flags"));
    ASSERT_EQ(aclrtMemExportToShareableHandle(handle, ACL_MEM_HANDLE_TYPE_NONE, 0, &shareable),
              ACL_SUCCESS);
    uint64_t second = 0;
    EXPECT_EQ(aclrtMemExportToShareableHandle(handle, ACL_MEM_HANDLE_TYPE_NONE, 0, &second),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("exported already"));

    int32_t pid = 4321;
    EXPECT_EQ(aclrtMemSetPidToShareableHandle(shareable + 1, &pid, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a handle this process exported"));
    EXPECT_EQ(aclrtMemSetPidToShareableHandle(shareable, nullptr, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMemSetPidToShareableHandle(shareable, &pid, 0), ACL_ERROR_INVALID_PARAM);

    aclrtDrvMemHandle imported = nullptr;
    EXPECT_EQ(aclrtMemImportFromShareableHandle(shareable, 0, &imported),
              ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("another process"));
    EXPECT_EQ(aclrtMemImportFromShareableHandle(shareable, 4096, &imported),
              ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtMemImportFromShareableHandle(shareable, 0, nullptr), ACL_ERROR_INVALID_PARAM);

    aclrtMemFabricHandle fabric{};
    EXPECT_EQ(
        aclrtMemExportToShareableHandleV2(handle, 0, ACL_MEM_SHARE_HANDLE_TYPE_FABRIC, &fabric),
        ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0004"));
    EXPECT_EQ(aclrtMemImportFromShareableHandleV2(
                  &shareable, ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT, 1, &imported),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(c_aclrtMemSetPidToShareableHandleV2(&shareable, 5, &pid, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("shareType"));
    EXPECT_EQ(aclrtFreePhysical(handle), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(Vmm);
ACLEMU_INSTANTIATE_BACKENDS(VmmSharing);

}  // namespace
}  // namespace aclemu::test
