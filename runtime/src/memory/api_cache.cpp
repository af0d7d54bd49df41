// Entry points: cache maintenance (aclrtCmo*). An NPU prefetches, writes back, invalidates or
// flushes the cache lines of a range of device memory as a task on a stream. aclemu's devices
// have no cache the program can observe (a CPU's and a GPU's caches are coherent with what their
// copies and kernels read), so each operation is what it is to the program: a task that checks
// the range when it is queued and orders the stream's work around it, recorded like any task by
// a capture or a model build (docs/backends.md, "Cache maintenance").
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "memory/memory_access.h"
#include "memory/memory_copy.h"
#include "observe/traced_task.h"
#include "runtime_state.h"

#include <cstdint>
#include <string>

using namespace aclemu::rt;

namespace {

// What aclrtCmoSetDesc writes into a cache descriptor (device memory of aclrtCmoGetDescSize
// bytes) and aclrtCmoAsyncWithDesc reads back.
struct CmoDescRecord {
    uint64_t magic;
    uint64_t src;
    uint64_t size;
    uint64_t reserved;
};
constexpr uint64_t kCmoDescMagic = 0x6373656463656d63ULL;  // "cmecdesc"

const char* cmo_name(int64_t type) {
    switch (type) {
        case ACL_RT_CMO_TYPE_PREFETCH:
            return "cache prefetch";
        case ACL_RT_CMO_TYPE_WRITEBACK:
            return "cache writeback";
        case ACL_RT_CMO_TYPE_INVALID:
            return "cache invalidate";
        case ACL_RT_CMO_TYPE_FLUSH:
            return "cache flush";
        default:
            return nullptr;
    }
}

aclError check_cmo_type(int64_t type) {
    return reject_if(cmo_name(type) == nullptr,
                     "cmoType",
                     type,
                     "must be an aclrtCmoType in [0, 3] (PREFETCH, WRITEBACK, INVALID, FLUSH)",
                     ACL_ERROR_RT_PARAM_INVALID);
}

// [src, src + size) must be device memory, inside one allocation of `device` (an operation
// reaches only its own device's cache).
aclError check_cmo_range(const void* src, size_t size, int32_t device, Backend* backend) {
    const MemoryPlace where = locate_memory(src, backend);
    if (!where.device) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "src",
                          pointer_text(src),
                          "must be device memory (aclrtMalloc)");
    }
    ACLEMU_TRY(check_memory_range("src", src, size, where, kRead));
    if (where.block && where.block->device != device) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "src",
                          pointer_text(src),
                          "is memory of device " + std::to_string(where.block->device)
                              + ", the stream's device is " + std::to_string(device));
    }
    return ACL_SUCCESS;
}

// Queues the operation `type` on [src, src + size) on `stream` (NULL: the default stream).
aclError cmo_async(void* src, size_t size, int64_t type, aclrtStream stream) {
    ACLEMU_CHECK_NOT_NULL(src);
    ACLEMU_TRY(check_positive("size", size));
    ACLEMU_TRY(check_cmo_type(type));
    ACLEMU_RESOLVE_STREAM(stream, target, backend);
    ACLEMU_TRY(check_cmo_range(src, size, target->device, backend));
    return enqueue_task(
        target,
        *backend,
        TaskKind::Cache,
        cmo_name(type),
        "the cache operation",
        [&](TaskTrace& task) {
            task.arg("src", pointer_text(src));
            task.arg("bytes", size);
        },
        // Nothing to do to the data when it runs: the task is the point the stream's earlier
        // work completes before and its later work starts after.
        [&] { return backend->streams().launch_host_func(target->impl.get(), [] {}); });
}

aclError refuse_barriers(const char* api) {
    return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                msg_unsupported(api,
                                "CANN supports cache barriers on Atlas 200I/500 A2 only; aclemu "
                                "is an Ascend 910B (Atlas A2 training)"));
}

}  // namespace

extern "C" {

aclError aclrtCmoAsync(void* src, size_t size, aclrtCmoType cmoType, aclrtStream stream) {
    const int64_t type = aclemu::enum_value(cmoType);
    return api_call_init("aclrtCmoAsync", [&] { return cmo_async(src, size, type, stream); });
}

aclError aclrtCmoGetDescSize(size_t* size) {
    return api_call_init("aclrtCmoGetDescSize",
                         [&] { return store_out("size", size, sizeof(CmoDescRecord)); });
}

aclError aclrtCmoSetDesc(void* cmoDesc, void* src, size_t size) {
    return api_call_init("aclrtCmoSetDesc", [&] {
        ACLEMU_CHECK_NOT_NULL(src);
        ACLEMU_TRY(check_positive("size", size));
        ACLEMU_BACKEND(backend, current_backend);
        ACLEMU_TRY(check_cmo_range(src, size, runtime().current_device_or_none(), backend));
        CmoDescRecord record{kCmoDescMagic, reinterpret_cast<uintptr_t>(src), size, 0};
        return move_device_bytes("cmoDesc", cmoDesc, &record, sizeof(record), true);
    });
}

aclError aclrtCmoAsyncWithDesc(void* cmoDesc,
                               aclrtCmoType cmoType,
                               aclrtStream stream,
                               const void* reserve) {
    const int64_t type = aclemu::enum_value(cmoType);
    return api_call_init("aclrtCmoAsyncWithDesc", [&] {
        ACLEMU_TRY(check_reserved_null("reserve", reserve));
        // The descriptor is read when the operation is queued (an NPU reads it when it runs).
        CmoDescRecord record{};
        ACLEMU_TRY(read_descriptor("cmoDesc",
                                   cmoDesc,
                                   kCmoDescMagic,
                                   "cache descriptor (set it with aclrtCmoSetDesc)",
                                   &record));
        return cmo_async(reinterpret_cast<void*>(static_cast<uintptr_t>(record.src)),
                         static_cast<size_t>(record.size),
                         type,
                         stream);
    });
}

aclError aclrtCmoAsyncWithBarrier(
    void* src, size_t size, aclrtCmoType cmoType, uint32_t barrierId, aclrtStream stream) {
    (void)src, (void)size, (void)cmoType, (void)barrierId, (void)stream;
    return api_call_init("aclrtCmoAsyncWithBarrier",
                         [&] { return refuse_barriers("aclrtCmoAsyncWithBarrier"); });
}

aclError aclrtCmoWaitBarrier(aclrtBarrierTaskInfo* taskInfo, aclrtStream stream, uint32_t flag) {
    (void)taskInfo, (void)stream, (void)flag;
    return api_call_init("aclrtCmoWaitBarrier",
                         [&] { return refuse_barriers("aclrtCmoWaitBarrier"); });
}

}  // extern "C"
