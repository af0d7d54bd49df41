// Stale handles are refused (issue 20): a handle value is never given twice in a process, so a
// destroyed handle, or one from before aclFinalize, never names a newer object, and every call
// with it fails with ACL_ERROR_INVALID_PARAM. One test per handle kind: many create/destroy
// rounds give distinct values and the first, destroyed, is refused; and the handles of a
// finalized runtime are refused after aclInit again.
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/physical_mem_prop.h"

#include <gtest/gtest.h>

#include <functional>
#include <set>

namespace aclemu::test {
namespace {

constexpr int kRounds = 64;

class StaleHandles : public BackendTest {
protected:
    // Creates and destroys a handle kRounds times; every value must be new, and the first one
    // (destroyed) must be refused by `use`.
    void expect_never_reused(const std::function<void*()>& create,
                             const std::function<aclError(void*)>& destroy,
                             const std::function<aclError(void*)>& use) {
        std::set<void*> seen;
        void* first = nullptr;
        for (int round = 0; round < kRounds; ++round) {
            void* handle = create();
            ASSERT_NE(handle, nullptr) << take_recent_error();
            EXPECT_TRUE(seen.insert(handle).second) << "handle value reused in round " << round;
            if (round == 0) {
                first = handle;
            }
            ASSERT_EQ(destroy(handle), ACL_SUCCESS) << take_recent_error();
        }
        take_recent_error();
        EXPECT_EQ(use(first), ACL_ERROR_INVALID_PARAM);
        EXPECT_FALSE(take_recent_error().empty());
    }
};

TEST_P(StaleHandles, Stream) {
    expect_never_reused(
        [] {
            aclrtStream stream = nullptr;
            aclrtCreateStream(&stream);
            return stream;
        },
        [](void* handle) { return aclrtDestroyStream(handle); },
        [](void* handle) { return aclrtSynchronizeStream(handle); });
}

TEST_P(StaleHandles, Event) {
    expect_never_reused(
        [] {
            aclrtEvent event = nullptr;
            aclrtCreateEvent(&event);
            return event;
        },
        [](void* handle) { return aclrtDestroyEvent(handle); },
        [](void* handle) {
            aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
            return aclrtQueryEventStatus(handle, &status);
        });
}

TEST_P(StaleHandles, Context) {
    expect_never_reused(
        [] {
            aclrtContext context = nullptr;
            aclrtCreateContext(&context, 0);
            return context;
        },
        [](void* handle) { return aclrtDestroyContext(handle); },
        [](void* handle) { return aclrtSetCurrentContext(handle); });
}

TEST_P(StaleHandles, Notify) {
    expect_never_reused(
        [] {
            aclrtNotify notify = nullptr;
            aclrtCreateNotify(&notify, ACL_NOTIFY_DEFAULT);
            return notify;
        },
        [](void* handle) { return aclrtDestroyNotify(handle); },
        [](void* handle) {
            uint32_t id = 0;
            return aclrtGetNotifyId(handle, &id);
        });
}

TEST_P(StaleHandles, StreamConfig) {
    expect_never_reused(
        [] { return static_cast<void*>(aclrtCreateStreamConfigHandle()); },
        [](void* handle) {
            return aclrtDestroyStreamConfigHandle(static_cast<aclrtStreamConfigHandle*>(handle));
        },
        [](void* handle) {
            uint32_t priority = 1;
            return aclrtSetStreamConfigOpt(static_cast<aclrtStreamConfigHandle*>(handle),
                                           ACL_RT_STREAM_PRIORITY,
                                           &priority,
                                           sizeof priority);
        });
}

TEST_P(StaleHandles, AllocatorDesc) {
    static int allocator_object = 0;
    expect_never_reused(
        [] { return aclrtAllocatorCreateDesc(); },
        [](void* handle) { return aclrtAllocatorDestroyDesc(handle); },
        [](void* handle) { return aclrtAllocatorSetObjToDesc(handle, &allocator_object); });
}

TEST_P(StaleHandles, PhysicalMemory) {
    aclrtPhysicalMemProp prop = device_memory_prop();
    size_t granularity = 0;
    ASSERT_EQ(
        aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &granularity),
        ACL_SUCCESS);
    expect_never_reused(
        [&] {
            aclrtDrvMemHandle handle = nullptr;
            aclrtMallocPhysical(&handle, granularity, &prop, 0);
            return handle;
        },
        [](void* handle) { return aclrtFreePhysical(handle); },
        [](void* handle) {
            aclrtPhysicalMemProp out{};
            return aclrtMemGetAllocationPropertiesFromHandle(handle, &out);
        });
}

// The case of the issue: after aclFinalize and aclInit, the new default stream (and context)
// must not answer to the old handles, nor any other handle of the old runtime.
TEST_P(StaleHandles, HandlesFromBeforeFinalizeAreRefused) {
    aclrtStream default_stream = nullptr;
    ASSERT_EQ(aclrtCtxGetCurrentDefaultStream(&default_stream), ACL_SUCCESS);
    aclrtContext context = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&context), ACL_SUCCESS);
    aclrtContext created_context = nullptr;
    ASSERT_EQ(aclrtCreateContext(&created_context, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetCurrentContext(context), ACL_SUCCESS);
    aclrtEvent event = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
    aclrtNotify notify = nullptr;
    ASSERT_EQ(aclrtCreateNotify(&notify, ACL_NOTIFY_DEFAULT), ACL_SUCCESS);
    aclrtStream user_stream = stream();

    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    restart_runtime();
    ASSERT_FALSE(HasFatalFailure());

    aclrtStream new_default = nullptr;
    ASSERT_EQ(aclrtCtxGetCurrentDefaultStream(&new_default), ACL_SUCCESS);
    EXPECT_NE(new_default, default_stream);
    aclrtContext new_context = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&new_context), ACL_SUCCESS);
    EXPECT_NE(new_context, context);

    for (aclrtStream old : {default_stream, user_stream}) {
        EXPECT_EQ(aclrtSynchronizeStream(old), ACL_ERROR_INVALID_PARAM);
        int32_t id = 0;
        EXPECT_EQ(aclrtStreamGetId(old, &id), ACL_ERROR_INVALID_PARAM);
    }
    EXPECT_EQ(aclrtSetCurrentContext(context), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyContext(created_context), ACL_ERROR_INVALID_PARAM);
    aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
    EXPECT_EQ(aclrtQueryEventStatus(event, &status), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyEvent(event), ACL_ERROR_INVALID_PARAM);
    uint32_t id = 0;
    EXPECT_EQ(aclrtGetNotifyId(notify, &id), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyNotify(notify), ACL_ERROR_INVALID_PARAM);
    // The current context is still the new one.
    aclrtContext current = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&current), ACL_SUCCESS);
    EXPECT_EQ(current, new_context);
}

ACLEMU_INSTANTIATE_BACKENDS(StaleHandles);

}  // namespace
}  // namespace aclemu::test
