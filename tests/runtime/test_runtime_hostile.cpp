// The runtime entry points of issue 11 (devices, streams, memory with a configuration, virtual
// memory, IPC, notifies, built-in tasks, overflow) with hostile arguments, on every backend:
// enum values no C++ enum holds, as arguments and as fields of the structs a caller passes
// (loading them as the enum type was undefined behaviour inside the library; the calls are made
// from C, support/c_enum_calls.h); sizes whose arithmetic overflows; destroyed configuration
// handles (their memory was used after free); mappings whose access forbids what a built-in task
// does (the CPU backend faulted in its worker thread); a random count read from device memory
// larger than the result buffer (the task wrote past it); a batch reset whose count is no array's.
#include "acl/acl.h"

#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"
#include "support/device_tensor.h"
#include "support/physical_mem_prop.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

// What the library prints for an int a C caller passed as an enum whose C++ type is unsigned
// (no negative enumerators): its bits as an unsigned 32-bit number.
std::string as_unsigned(int value) {
    return std::to_string(static_cast<uint32_t>(value));
}

class HostileRuntime : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        take_recent_error();
    }
};

TEST_P(HostileRuntime, DeviceEnumsNoEnumHoldsAreRejected) {
    int64_t value = 0;
    for (int attr : {0, 2, 100, 1000, 2000, -1, INT_MAX}) {
        EXPECT_EQ(c_aclrtGetDeviceInfo(0, attr, &value), ACL_ERROR_INVALID_PARAM) << attr;
        EXPECT_THAT(take_recent_error(),
                    HasSubstr("Value [" + as_unsigned(attr) + "] for parameter [attr]"));
    }
    int32_t feature = 0;
    for (int type : {0, 2, 22, -1, INT_MIN}) {
        EXPECT_EQ(c_aclrtGetDeviceCapability(0, type, &feature), ACL_ERROR_INVALID_PARAM) << type;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [devFeatureType]"));
    }
    int32_t supported = 0;
    for (int attr : {3, -2, INT_MAX}) {
        EXPECT_EQ(c_aclGetCannAttribute(attr, &supported), ACL_ERROR_INVALID_PARAM) << attr;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [cannAttr]"));
    }
    aclCANNPackageVersion version;
    for (int name : {8, 100, -1}) {
        EXPECT_EQ(c_aclsysGetCANNVersion(name, &version), ACL_ERROR_INVALID_PARAM) << name;
        EXPECT_THAT(take_recent_error(),
                    HasSubstr("Value [" + as_unsigned(name) + "] for parameter [name]"));
    }
    uint32_t budget = 0;
    for (int type : {2, 3, 1000, -1}) {
        EXPECT_EQ(c_aclrtGetDeviceResLimit(0, type, &budget), ACL_ERROR_RT_PARAM_INVALID) << type;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [type]"));
        EXPECT_EQ(c_aclrtSetDeviceResLimit(0, type, 1), ACL_ERROR_RT_PARAM_INVALID) << type;
        EXPECT_EQ(c_aclrtGetStreamResLimit(stream(), type, &budget), ACL_ERROR_RT_PARAM_INVALID);
        EXPECT_EQ(c_aclrtSetStreamResLimit(stream(), type, 1), ACL_ERROR_RT_PARAM_INVALID);
        EXPECT_EQ(c_aclrtGetResInCurrentThread(type, &budget), ACL_ERROR_RT_PARAM_INVALID);
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [type]"));
    }
    for (int mode : {3, 4, -1, INT_MAX}) {
        EXPECT_EQ(c_aclrtSetDeviceSatMode(mode), ACL_ERROR_RT_PARAM_INVALID) << mode;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [mode]"));
    }
    aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_SATURATION;
    ASSERT_EQ(aclrtGetDeviceSatMode(&mode), ACL_SUCCESS);
    EXPECT_EQ(mode, ACL_RT_OVERFLOW_MODE_INFNAN) << "a refused mode changes nothing";
}

// The kind is checked before the variable is looked up, so any address serves as the symbol.
TEST_P(HostileRuntime, SymbolCopyKindsNoEnumHoldsAreRejected) {
    int32_t variable = 0;
    int32_t data = 0;
    for (int kind : {8, 99, INT_MAX}) {
        EXPECT_EQ(c_aclrtMemcpyToSymbol(&variable, &data, sizeof data, 0, kind),
                  ACL_ERROR_INVALID_PARAM)
            << kind;
        EXPECT_THAT(take_recent_error(),
                    HasSubstr("Value [" + std::to_string(kind) + "] for parameter [kind]"));
        EXPECT_EQ(c_aclrtMemcpyFromSymbolAsync(
                      &data, sizeof data, &variable, sizeof data, 0, kind, nullptr),
                  ACL_ERROR_INVALID_PARAM)
            << kind;
        EXPECT_THAT(take_recent_error(),
                    HasSubstr("Value [" + std::to_string(kind) + "] for parameter [kind]"));
    }
}

TEST_P(HostileRuntime, RepairErrorReadsItsTypeAsAnInteger) {
    aclrtErrorInfo info{};
    for (int type : {6, 0x10000, -1}) {
        c_set_enum_field(&info.errorType, type);
        EXPECT_EQ(aclrtRepairError(0, &info), ACL_ERROR_INVALID_PARAM) << type;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [errorInfo->errorType]"));
    }
    c_set_enum_field(&info.errorType, ACL_RT_ERROR_OTHERS);
    EXPECT_EQ(aclrtRepairError(0, &info), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    take_recent_error();
}

TEST_P(HostileRuntime, StreamConfigAttributesNoEnumHolds) {
    aclrtStreamConfigHandle* config = aclrtCreateStreamConfigHandle();
    ASSERT_NE(config, nullptr);
    const uint32_t four = 4;
    for (int attr : {4, 5, -1, INT_MAX}) {
        EXPECT_EQ(c_aclrtSetStreamConfigOpt(config, attr, &four, sizeof four),
                  ACL_ERROR_INVALID_PARAM)
            << attr;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [attr]"));
    }
    EXPECT_EQ(config->priority, 0u);
    EXPECT_EQ(config->flag, 0u);
    EXPECT_EQ(aclrtDestroyStreamConfigHandle(config), ACL_SUCCESS);
}

// A destroyed handle's memory was freed: setting an option wrote into it, creating a stream read
// it. Now the memory stays the library's (the next handle reuses it) and the calls are refused.
TEST_P(HostileRuntime, DestroyedStreamConfigHandleIsRefused) {
    aclrtStreamConfigHandle* config = aclrtCreateStreamConfigHandle();
    ASSERT_NE(config, nullptr);
    const uint32_t priority = 5;
    ASSERT_EQ(aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_PRIORITY, &priority, sizeof priority),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyStreamConfigHandle(config), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetStreamConfigOpt(config, ACL_RT_STREAM_PRIORITY, &priority, sizeof priority),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("destroyed by aclrtDestroyStreamConfigHandle"));
    aclrtStream created = nullptr;
    EXPECT_EQ(aclrtCreateStreamV2(&created, config), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [handle]"));
    EXPECT_EQ(created, nullptr);
    EXPECT_EQ(aclrtDestroyStreamConfigHandle(config), ACL_ERROR_INVALID_PARAM);
    take_recent_error();

    // A new handle starts zeroed, whatever memory it reuses; the old pointer may now name it.
    aclrtStreamConfigHandle* next = aclrtCreateStreamConfigHandle();
    ASSERT_NE(next, nullptr);
    EXPECT_EQ(next->priority, 0u);
    EXPECT_EQ(next->flag, 0u);
    EXPECT_EQ(next->workptr, nullptr);
    ASSERT_EQ(aclrtCreateStreamV2(&created, next), ACL_SUCCESS) << take_recent_error();
    uint32_t got = 99;
    ASSERT_EQ(aclrtStreamGetPriority(created, &got), ACL_SUCCESS);
    EXPECT_EQ(got, 0u);
    EXPECT_EQ(aclrtDestroyStream(created), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStreamConfigHandle(next), ACL_SUCCESS);
}

TEST_P(HostileRuntime, MallocConfigAttributesNoEnumHolds) {
    for (int type : {4, 100, -1, INT_MIN}) {
        aclrtMallocAttribute attribute{};
        c_set_enum_field(&attribute.attr, type);
        aclrtMallocConfig cfg{&attribute, 1};
        void* p = nullptr;
        EXPECT_EQ(c_aclrtMallocWithCfg(&p, 64, 0, &cfg), ACL_ERROR_INVALID_PARAM) << type;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [cfg->attrs[].attr]"));
        EXPECT_EQ(p, nullptr);
    }
    // Any policy value, named or not, gives ordinary device memory (as aclrtMalloc).
    void* p = nullptr;
    ASSERT_EQ(c_aclrtMallocWithCfg(&p, 64, INT_MIN, nullptr), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

TEST_P(HostileRuntime, PhysicalMemoryEnumFieldsNoEnumHolds) {
    struct Field {
        const char* name;
        void* (*at)(aclrtPhysicalMemProp&);
        std::vector<int> values;
    };
    const Field fields[] = {
        {"prop->handleType",
         [](aclrtPhysicalMemProp& p) -> void* { return &p.handleType; },
         {1, 3, 7, -1}},
        {"prop->allocationType",
         [](aclrtPhysicalMemProp& p) -> void* { return &p.allocationType; },
         {1, 2, -1}},
        {"prop->memAttr",
         [](aclrtPhysicalMemProp& p) -> void* { return &p.memAttr; },
         {18, 32, 1000, -1}},
        {"prop->location.type",
         [](aclrtPhysicalMemProp& p) -> void* { return &p.location.type; },
         {2, 3, 5, 8, -1}},
    };
    for (const Field& field : fields) {
        for (int value : field.values) {
            aclrtPhysicalMemProp prop = device_memory_prop();
            c_set_enum_field(field.at(prop), value);
            aclrtDrvMemHandle handle = nullptr;
            size_t granularity = 0;
            EXPECT_EQ(aclrtMallocPhysical(&handle, 4096, &prop, 0), ACL_ERROR_INVALID_PARAM)
                << field.name << " " << value;
            EXPECT_THAT(take_recent_error(), HasSubstr(std::string("[") + field.name + "]"));
            EXPECT_EQ(aclrtMemGetAllocationGranularity(
                          &prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &granularity),
                      ACL_ERROR_INVALID_PARAM);
            take_recent_error();
        }
    }
    aclrtPhysicalMemProp prop = device_memory_prop();
    size_t granularity = 0;
    for (int option : {2, 3, 0xFFFF, 0x10000, -1}) {
        EXPECT_EQ(c_aclrtMemGetAllocationGranularity(&prop, option, &granularity),
                  ACL_ERROR_INVALID_PARAM)
            << option;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [option]"));
    }
}

void* no_alloc(aclrtAllocator, size_t) {
    return nullptr;
}
void no_free(aclrtAllocator, aclrtAllocatorBlock) {}
void* no_address(aclrtAllocatorBlock) {
    return nullptr;
}

// Registrations were kept by stream address: a new stream that got a destroyed stream's address
// (the heap reuses it at once) answered aclrtAllocatorGetByStream with the old registration.
TEST_P(HostileRuntime, AllocatorRegistrationDiesWithItsStream) {
    static int object = 0;
    aclrtAllocatorDesc desc = aclrtAllocatorCreateDesc();
    ASSERT_NE(desc, nullptr);
    ASSERT_EQ(aclrtAllocatorSetObjToDesc(desc, &object), ACL_SUCCESS);
    ASSERT_EQ(aclrtAllocatorSetAllocFuncToDesc(desc, no_alloc), ACL_SUCCESS);
    ASSERT_EQ(aclrtAllocatorSetFreeFuncToDesc(desc, no_free), ACL_SUCCESS);
    ASSERT_EQ(aclrtAllocatorSetGetAddrFromBlockFuncToDesc(desc, no_address), ACL_SUCCESS);
    aclrtStream first = nullptr;
    ASSERT_EQ(aclrtCreateStream(&first), ACL_SUCCESS);
    ASSERT_EQ(aclrtAllocatorRegister(first, desc), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyStream(first), ACL_SUCCESS);
    std::vector<aclrtStream> later(8, nullptr);
    for (aclrtStream& s : later) {
        ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
        aclrtAllocatorDesc got = nullptr;
        EXPECT_EQ(aclrtAllocatorGetByStream(s, &got, nullptr, nullptr, nullptr, nullptr, nullptr),
                  ACL_ERROR_INVALID_PARAM)
            << (s == first ? "a new stream at the destroyed one's address" : "a new stream");
        EXPECT_THAT(take_recent_error(), HasSubstr("no allocator is registered"));
        EXPECT_EQ(got, nullptr);
    }
    for (aclrtStream s : later) {
        EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
    }
    EXPECT_EQ(aclrtAllocatorDestroyDesc(desc), ACL_SUCCESS);
}

class HostileVmm : public HostileRuntime {
protected:
    void SetUp() override {
        HostileRuntime::SetUp();
        if (IsSkipped() || HasFatalFailure()) {
            return;
        }
        aclrtPhysicalMemProp prop = device_memory_prop();
        ASSERT_EQ(
            aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &unit_),
            ACL_SUCCESS);
        ASSERT_EQ(aclrtMallocPhysical(&handle_, unit_, &prop, 0), ACL_SUCCESS)
            << take_recent_error();
        ASSERT_EQ(aclrtReserveMemAddress(&range_, unit_, 0, nullptr, 0), ACL_SUCCESS);
        ASSERT_EQ(aclrtMapMem(range_, unit_, 0, handle_, 0), ACL_SUCCESS) << take_recent_error();
    }
    void TearDown() override {
        if (range_ != nullptr) {
            aclrtSynchronizeStream(stream());
            aclrtUnmapMem(range_);
            aclrtReleaseMemAddress(range_);
        }
        if (handle_ != nullptr) {
            aclrtFreePhysical(handle_);
        }
        HostileRuntime::TearDown();
    }

    // Grants device 0 `flags` on the whole mapping.
    void set_access(aclrtMemAccessFlags flags) {
        aclrtMemAccessDesc desc{};
        desc.flags = flags;
        desc.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
        desc.location.id = 0;
        ASSERT_EQ(aclrtMemSetAccess(range_, unit_, &desc, 1), ACL_SUCCESS) << take_recent_error();
    }

    size_t unit_ = 0;
    aclrtDrvMemHandle handle_ = nullptr;
    void* range_ = nullptr;
};

TEST_P(HostileVmm, AccessAndHandleEnumsNoEnumHolds) {
    for (int flags : {2, 4, 7, -1}) {
        aclrtMemAccessDesc desc{};
        c_set_enum_field(&desc.flags, flags);
        desc.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
        EXPECT_EQ(aclrtMemSetAccess(range_, unit_, &desc, 1), ACL_ERROR_INVALID_PARAM) << flags;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [desc[].flags]"));
    }
    for (int type : {0, 2, 5, 8, -1}) {
        aclrtMemAccessDesc desc{};
        desc.flags = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
        c_set_enum_field(&desc.location.type, type);
        EXPECT_EQ(aclrtMemSetAccess(range_, unit_, &desc, 1), ACL_ERROR_INVALID_PARAM) << type;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [desc[].location.type]"));

        aclrtMemLocation location{};
        c_set_enum_field(&location.type, type);
        uint64_t flag = 0;
        if (type != ACL_MEM_LOCATION_TYPE_HOST) {
            EXPECT_EQ(aclrtMemGetAccess(range_, &location, &flag), ACL_ERROR_INVALID_PARAM);
            EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [location->type]"));
        }
    }
    uint64_t shareable = 0;
    for (int type : {1, 3, 7, -1}) {
        EXPECT_EQ(c_aclrtMemExportToShareableHandle(handle_, type, 0, &shareable),
                  ACL_ERROR_INVALID_PARAM)
            << type;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [handleType]"));
    }
    int32_t pid = 1;
    aclrtDrvMemHandle imported = nullptr;
    for (int type : {0, 3, 4, -1}) {
        EXPECT_EQ(c_aclrtMemExportToShareableHandleV2(handle_, 0, type, &shareable),
                  ACL_ERROR_INVALID_PARAM)
            << type;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [shareType]"));
        EXPECT_EQ(c_aclrtMemSetPidToShareableHandleV2(&shareable, type, &pid, 1),
                  ACL_ERROR_INVALID_PARAM);
        EXPECT_EQ(c_aclrtMemImportFromShareableHandleV2(&shareable, type, 0, &imported),
                  ACL_ERROR_INVALID_PARAM);
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [shareType]"));
    }
    EXPECT_EQ(c_aclrtIpcMemSetAttr("key", 7, 0), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    take_recent_error();
}

TEST_P(HostileVmm, SizesWhoseArithmeticOverflowsAreRejected) {
    aclrtPhysicalMemProp prop = device_memory_prop();
    aclrtDrvMemHandle handle = nullptr;
    void* range = nullptr;
    for (size_t size : {SIZE_MAX, SIZE_MAX - unit_ + 2}) {
        EXPECT_EQ(aclrtMallocPhysical(&handle, size, &prop, 0), ACL_ERROR_RT_MEMORY_ALLOCATION)
            << size;
        EXPECT_THAT(take_recent_error(), HasSubstr("is larger than any allocation"));
        EXPECT_EQ(aclrtReserveMemAddress(&range, size, 0, nullptr, 0),
                  ACL_ERROR_RT_MEMORY_ALLOCATION);
        EXPECT_THAT(take_recent_error(), HasSubstr("is larger than any reservation"));
        EXPECT_EQ(aclrtMapMem(range_, size, 0, handle_, 0), ACL_ERROR_RT_PARAM_INVALID);
        EXPECT_THAT(take_recent_error(), HasSubstr("parameter [size]"));
        aclrtMemAccessDesc desc{};
        desc.flags = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
        desc.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
        EXPECT_EQ(aclrtMemSetAccess(range_, size, &desc, 1), ACL_ERROR_RT_PARAM_INVALID);
        EXPECT_THAT(take_recent_error(), HasSubstr("whole mappings"));
    }
    EXPECT_EQ(handle, nullptr);
    EXPECT_EQ(range, nullptr);
}

// Built-in tasks on a mapping whose access forbids what they do were queued; on the CPU backend
// the worker thread then faulted on the protected pages.
TEST_P(HostileVmm, TasksRespectTheAccessOfAMapping) {
    DeviceBuffer other(unit_);
    ASSERT_EQ(aclrtMemset(range_, unit_, 0, unit_), ACL_SUCCESS);
    set_access(ACL_RT_MEM_ACCESS_FLAGS_READ);
    EXPECT_EQ(aclrtValueWrite(range_, 1, 0, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("read-only access (aclrtMemSetAccess); this call writes"));
    EXPECT_EQ(aclrtReduceAsync(range_,
                               other.get(),
                               64,
                               ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM,
                               ACL_FLOAT,
                               stream(),
                               nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [dst]"));
    EXPECT_EQ(aclrtGetOverflowStatus(range_, 64, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [outputAddr]"));
    // Reading a read-only mapping is fine: a wait that holds at once, a reduction's source.
    EXPECT_EQ(aclrtValueWait(range_, 0, ACL_STREAM_WAIT_VALUE_EQ, stream()), ACL_SUCCESS)
        << take_recent_error();
    EXPECT_EQ(aclrtReduceAsync(other.get(),
                               range_,
                               64,
                               ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM,
                               ACL_FLOAT,
                               stream(),
                               nullptr),
              ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);

    set_access(ACL_RT_MEM_ACCESS_FLAGS_NONE);
    EXPECT_EQ(aclrtValueWait(range_, 0, ACL_STREAM_WAIT_VALUE_EQ, stream()),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("no access (aclrtMemSetAccess); this call reads"));
    EXPECT_EQ(aclrtReduceAsync(other.get(),
                               range_,
                               64,
                               ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM,
                               ACL_FLOAT,
                               stream(),
                               nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [src]"));

    DeviceBuffer counter(16);
    ASSERT_EQ(aclrtMemset(counter.get(), 16, 0, 16), ACL_SUCCESS);
    aclrtRandomNumTaskInfo task{};
    task.dataType = ACL_FLOAT;
    task.randomNumFuncParaInfo.funcType = ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS;
    const float lo = 0.0f;
    const float hi = 1.0f;
    task.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min.size = 4;
    std::memcpy(task.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min.valueOrAddr, &lo, 4);
    task.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max.size = 4;
    std::memcpy(task.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max.valueOrAddr, &hi, 4);
    task.randomSeed.size = 8;
    task.randomNum.size = 8;
    const uint64_t count = 16;
    std::memcpy(task.randomNum.valueOrAddr, &count, 8);
    task.randomCounterAddr = counter.get();
    task.randomResultAddr = range_;
    EXPECT_EQ(aclrtRandomNumAsync(&task, stream(), nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [taskInfo->randomResultAddr]"));
    task.randomResultAddr = other.get();
    task.randomCounterAddr = range_;
    EXPECT_EQ(aclrtRandomNumAsync(&task, stream(), nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [taskInfo->randomCounterAddr]"));
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
}

class HostileTasks : public HostileRuntime {
protected:
    // A uniform FLOAT task in [0, 1) over `result`, with its count given by value.
    aclrtRandomNumTaskInfo uniform_task(void* result, uint64_t count) {
        aclrtRandomNumTaskInfo task{};
        task.dataType = ACL_FLOAT;
        task.randomNumFuncParaInfo.funcType = ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS;
        const float lo = 0.0f;
        const float hi = 1.0f;
        auto& uniform = task.randomNumFuncParaInfo.paramInfo.uniformDisInfo;
        uniform.min.size = 4;
        std::memcpy(uniform.min.valueOrAddr, &lo, 4);
        uniform.max.size = 4;
        std::memcpy(uniform.max.valueOrAddr, &hi, 4);
        task.randomSeed.size = 8;
        task.randomNum.size = 8;
        std::memcpy(task.randomNum.valueOrAddr, &count, 8);
        task.randomCounterAddr = counter_.get();
        task.randomResultAddr = result;
        return task;
    }
    void SetUp() override {
        HostileRuntime::SetUp();
        if (IsSkipped() || HasFatalFailure()) {
            return;
        }
        counter_ = DeviceBuffer(16);
        ASSERT_EQ(aclrtMemset(counter_.get(), 16, 0, 16), ACL_SUCCESS);
    }
    void TearDown() override {
        counter_ = DeviceBuffer();
        HostileRuntime::TearDown();
    }

    DeviceBuffer counter_;
};

TEST_P(HostileTasks, ReduceEnumsNoEnumHolds) {
    DeviceBuffer a(64), b(64);
    for (int kind : {0, 9, 14, 15, 16, -1, INT_MAX}) {
        EXPECT_EQ(c_aclrtReduceAsync(a.get(), b.get(), 64, kind, ACL_FLOAT, stream(), nullptr),
                  ACL_ERROR_INVALID_PARAM)
            << kind;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [kind]"));
    }
    for (int type : {5, 999, 1 << 20, -2, INT_MIN}) {
        EXPECT_EQ(
            c_aclrtReduceAsync(
                a.get(), b.get(), 64, ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM, type, stream(), nullptr),
            ACL_ERROR_RT_FEATURE_NOT_SUPPORT)
            << type;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [type]"));
    }
}

TEST_P(HostileTasks, RandomTaskEnumFieldsNoEnumHolds) {
    DeviceBuffer out(64);
    for (int func : {4, 7, -1, INT_MAX}) {
        aclrtRandomNumTaskInfo task = uniform_task(out.get(), 16);
        c_set_enum_field(&task.randomNumFuncParaInfo.funcType, func);
        EXPECT_EQ(aclrtRandomNumAsync(&task, stream(), nullptr), ACL_ERROR_INVALID_PARAM) << func;
        EXPECT_THAT(take_recent_error(),
                    HasSubstr("for parameter [taskInfo->randomNumFuncParaInfo.funcType]"));
    }
    for (int type : {2, 5, 999, INT_MIN}) {
        aclrtRandomNumTaskInfo task = uniform_task(out.get(), 16);
        c_set_enum_field(&task.dataType, type);
        EXPECT_EQ(aclrtRandomNumAsync(&task, stream(), nullptr), ACL_ERROR_INVALID_PARAM) << type;
        EXPECT_THAT(take_recent_error(), HasSubstr("for parameter [taskInfo->dataType]"));
    }
}

// A dropout mask of n bits takes (n + 7) / 8 bytes; for n within 7 of 2^64 that sum wrapped to
// 0 bytes, so the task passed the buffer check and "succeeded" (writing nothing).
TEST_P(HostileTasks, CountsWhoseByteCountOverflowsAreRejected) {
    DeviceBuffer out(64);
    for (uint64_t count : {UINT64_MAX, UINT64_MAX - 6, UINT64_MAX - 3}) {
        aclrtRandomNumTaskInfo task{};
        task.dataType = ACL_FLOAT;
        task.randomNumFuncParaInfo.funcType = ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK;
        const float ratio = 0.5f;
        auto& dropout = task.randomNumFuncParaInfo.paramInfo.dropoutBitmaskInfo.dropoutRation;
        dropout.size = 4;
        std::memcpy(dropout.valueOrAddr, &ratio, 4);
        task.randomSeed.size = 8;
        task.randomNum.size = 8;
        std::memcpy(task.randomNum.valueOrAddr, &count, 8);
        task.randomCounterAddr = counter_.get();
        task.randomResultAddr = out.get();
        EXPECT_EQ(aclrtRandomNumAsync(&task, stream(), nullptr), ACL_ERROR_INVALID_PARAM) << count;
        EXPECT_THAT(take_recent_error(), HasSubstr("parameter [taskInfo->randomResultAddr]"));
    }
    for (uint64_t count : {UINT64_MAX, UINT64_MAX / 4 + 1}) {
        aclrtRandomNumTaskInfo task = uniform_task(out.get(), count);
        EXPECT_EQ(aclrtRandomNumAsync(&task, stream(), nullptr), ACL_ERROR_INVALID_PARAM) << count;
        EXPECT_THAT(take_recent_error(), HasSubstr("parameter [taskInfo->randomNum]"));
    }
}

// A count the task reads from device memory is only known when it runs; larger than the result
// buffer, the kernel wrote past it. It is clamped to what the buffer holds.
TEST_P(HostileTasks, CountFromDeviceMemoryIsClampedToTheResultBuffer) {
    constexpr size_t kOutputs = 1024;
    DeviceBuffer out(kOutputs * sizeof(float));
    DeviceBuffer count_word(8);
    const uint64_t huge = uint64_t{1} << 40;
    ASSERT_TRUE(count_word.upload(&huge, 8));
    aclrtRandomNumTaskInfo task = uniform_task(out.get(), 0);
    task.randomNum.isAddr = 1;
    void* addr = count_word.get();
    std::memcpy(task.randomNum.valueOrAddr, &addr, sizeof addr);
    ASSERT_EQ(aclrtRandomNumAsync(&task, stream(), nullptr), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS) << take_recent_error();
    std::vector<float> values(kOutputs, -1.0f);
    ASSERT_TRUE(out.download(values.data(), values.size() * sizeof(float)));
    for (size_t i = 0; i < kOutputs; ++i) {
        ASSERT_GE(values[i], 0.0f) << i;
        ASSERT_LT(values[i], 1.0f) << i;
    }

    // A mask: as many bits as its bytes hold.
    DeviceBuffer mask(16);
    ASSERT_EQ(aclrtMemset(mask.get(), 16, 0xAB, 16), ACL_SUCCESS);
    aclrtRandomNumTaskInfo dropout{};
    dropout.dataType = ACL_FLOAT;
    dropout.randomNumFuncParaInfo.funcType = ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK;
    const float ratio = 0.0f;  // keep everything: every bit 1
    auto& info = dropout.randomNumFuncParaInfo.paramInfo.dropoutBitmaskInfo.dropoutRation;
    info.size = 4;
    std::memcpy(info.valueOrAddr, &ratio, 4);
    dropout.randomSeed.size = 8;
    dropout.randomNum.isAddr = 1;
    std::memcpy(dropout.randomNum.valueOrAddr, &addr, sizeof addr);
    dropout.randomCounterAddr = counter_.get();
    dropout.randomResultAddr = mask.get();
    ASSERT_EQ(aclrtRandomNumAsync(&dropout, stream(), nullptr), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    uint8_t bits[16] = {};
    ASSERT_TRUE(mask.download(bits, 16));
    for (uint8_t byte : bits) {
        EXPECT_EQ(byte, 0xFF);
    }
}

// num sized a vector of handles before any entry was read: a count no array has (2^40) was an
// allocation of 16 TiB (AddressSanitizer aborts on it). The entries are checked one by one.
TEST_P(HostileTasks, BatchResetWithACountNoArrayHasStopsAtTheFirstDeadEntry) {
    aclrtNotify live = nullptr;
    aclrtNotify dead = nullptr;
    ASSERT_EQ(aclrtCreateNotify(&live, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateNotify(&dead, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyNotify(dead), ACL_SUCCESS);
    aclrtNotify list[2] = {live, dead};
    EXPECT_EQ(aclrtNotifyBatchReset(list, size_t{1} << 40), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("parameter [notifies[]]"));
    // A timeout past int32 milliseconds waits without a limit (the record lets it pass).
    ASSERT_EQ(aclrtRecordNotify(live, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtWaitAndResetNotify(live, stream(), UINT32_MAX), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyNotify(live), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(HostileRuntime);
ACLEMU_INSTANTIATE_BACKENDS(HostileVmm);
ACLEMU_INSTANTIATE_BACKENDS(HostileTasks);

}  // namespace
}  // namespace aclemu::test
