// Entry points: memory. Every block is entered in the allocation table, which is how aclrtFree
// rejects foreign pointers and double frees and how aclrtMemcpy checks `kind` against where
// the pointers really live and keeps device ranges inside their block (never an out-of-bounds
// access). Pointers not in the table are host memory unless the backend recognizes them as
// foreign device memory. docs/errors.md lists the codes.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "aclemu/checked_math.h"
#include "core/arg_checks.h"
#include "core/enum_names.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "inject/api_injection.h"
#include "memory/memory_access.h"
#include "memory/memory_copy.h"
#include "observe/traced_task.h"
#include "runtime_state.h"
#include "sharing/ipc_registry.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>

using namespace aclemu::rt;
using aclemu::checked_add;
using aclemu::checked_mul;
using aclemu::checked_round_up;

namespace {

enum class Padding { Malloc, Align32 };

// The largest block any allocation may reserve: a block's end (base + bytes) and every byte
// offset inside it must fit ptrdiff_t, and the backends round up further (to 256 bytes at most).
constexpr size_t kMaxAllocationBytes = (size_t{1} << 62);

}  // namespace

MemoryPlace aclemu::rt::locate_memory(const void* ptr, Backend* backend) {
    MemoryPlace where;
    where.block = runtime().allocations().find(ptr);
    if (where.block) {
        where.device = where.block->kind == AllocKind::Device;
    } else {
        where.device = backend->memory().is_foreign_device_pointer(ptr);
    }
    return where;
}

aclError aclemu::rt::move_device_bytes(
    const char* name, void* at, void* host, size_t bytes, bool write) {
    if (at == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null(name));
    }
    ACLEMU_BACKEND(backend, current_backend);
    MemoryPlace where = locate_memory(at, backend);
    if (!where.device) {
        return reject_arg(ACL_ERROR_INVALID_PARAM, name, pointer_text(at), "must be device memory");
    }
    ACLEMU_TRY(check_memory_range(name, at, bytes, where, write ? 2 : 1));
    if (write) {
        ACLEMU_TRY_BACKEND(
            backend->memory().memcpy_sync(at, host, bytes, CopyDirection::HostToDevice),
            backend,
            std::string("cannot write ") + name);
    } else {
        ACLEMU_TRY_BACKEND(
            backend->memory().memcpy_sync(host, at, bytes, CopyDirection::DeviceToHost),
            backend,
            std::string("cannot read ") + name);
    }
    return ACL_SUCCESS;
}

namespace {

constexpr EnumName<int64_t> kKindNames[] = {
    {ACL_MEMCPY_HOST_TO_HOST, "ACL_MEMCPY_HOST_TO_HOST"},
    {ACL_MEMCPY_HOST_TO_DEVICE, "ACL_MEMCPY_HOST_TO_DEVICE"},
    {ACL_MEMCPY_DEVICE_TO_HOST, "ACL_MEMCPY_DEVICE_TO_HOST"},
    {ACL_MEMCPY_DEVICE_TO_DEVICE, "ACL_MEMCPY_DEVICE_TO_DEVICE"},
    {ACL_MEMCPY_DEFAULT, "ACL_MEMCPY_DEFAULT"},
    {ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE, "ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE"}};

const char* kind_name(int64_t kind) {
    return name_in(kKindNames, kind, "unknown");
}

std::string where_text(const char* name, const void* ptr, const MemoryPlace& where) {
    return std::string(name) + " " + pointer_text(ptr) + " is "
           + (where.device ? "device memory" : "host memory");
}

// The copy's slice on the ACLEMU_TRACE timeline: named as Nsight names copies.
// A switch, not an enum_names.h table: every aclrtMemcpy(Async) reads it, and the table's lookup
// cost one instruction a call more (bench/callgrind).
const char* copy_name(CopyDirection direction) {
    switch (direction) {
        case CopyDirection::HostToHost:
            return "memcpy HtoH";
        case CopyDirection::HostToDevice:
            return "memcpy HtoD";
        case CopyDirection::DeviceToHost:
            return "memcpy DtoH";
        case CopyDirection::DeviceToDevice:
            break;
    }
    return "memcpy DtoD";
}

void describe_copy(TaskTrace& task, void* dst, const void* src, size_t count, int kind) {
    task.arg("bytes", count);
    task.arg("kind", kind_name(kind));
    task.arg("dst", pointer_text(dst));
    task.arg("src", pointer_text(src));
}

void describe_fill(TaskTrace& task, void* dst, int32_t value, size_t count) {
    task.arg("bytes", count);
    task.arg("value", static_cast<uint64_t>(static_cast<uint32_t>(value)));
    task.arg("dst", pointer_text(dst));
}

/// Bytes from a 2-D copy's first byte to one past its last: (height - 1) * pitch + width (height
/// > 0); false when that does not fit size_t.
bool span_2d(size_t height, size_t pitch, size_t width, size_t* span) {
    return checked_mul(height - 1, pitch, span) && checked_add(*span, width, span);
}

}  // namespace

aclError aclemu::rt::check_memory_range(
    const char* name, const void* ptr, size_t count, const MemoryPlace& where, uint8_t needed) {
    if (!where.block) {
        return ACL_SUCCESS;
    }
    ACLEMU_TRY(check_access(ACL_ERROR_RT_PARAM_INVALID, name, ptr, needed));
    size_t remaining = where.block->remaining(reinterpret_cast<uintptr_t>(ptr));
    if (count > remaining) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "count",
                          count,
                          std::string("the range at ") + name + " " + pointer_text(ptr)
                              + " runs past the end of its " + std::to_string(where.block->bytes)
                              + "-byte allocation (only " + std::to_string(remaining)
                              + " bytes left)");
    }
    return ACL_SUCCESS;
}

namespace {

// A copy or fill of `count` bytes into a buffer the caller says holds `max` (`max_name`).
aclError check_count(size_t count, size_t max, const char* max_name) {
    if (max == 0 || count > max) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "count",
                          count,
                          std::string("must not exceed ") + max_name + " (" + std::to_string(max)
                              + "), which must be greater than 0");
    }
    return ACL_SUCCESS;
}

struct CopyPlan {
    CopyDirection direction = CopyDirection::HostToHost;
    bool pageable_host = false;  // a host side that aclrtMallocHost did not allocate
};

/// Validates a copy of `count` bytes (count > 0) and decides its direction.
aclError plan_copy(void* dst,
                   size_t dest_max,
                   const void* src,
                   size_t count,
                   int64_t kind,
                   Backend* backend,
                   CopyPlan* plan) {
    if (kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM, "kind", kind, "must be an aclrtMemcpyKind in [0, 5]");
    }
    ACLEMU_TRY(check_count(count, dest_max, "destMax"));
    MemoryPlace d = locate_memory(dst, backend);
    MemoryPlace s = locate_memory(src, backend);
    ACLEMU_TRY(check_memory_range("dst", dst, count, d, 2));
    ACLEMU_TRY(check_memory_range("src", src, count, s, 1));
    bool want_dst_device = false;
    bool want_src_device = false;
    switch (kind) {
        case ACL_MEMCPY_HOST_TO_HOST:
            break;
        case ACL_MEMCPY_HOST_TO_DEVICE:
        case ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE:
            want_dst_device = true;
            break;
        case ACL_MEMCPY_DEVICE_TO_HOST:
            want_src_device = true;
            break;
        case ACL_MEMCPY_DEVICE_TO_DEVICE:
            want_dst_device = want_src_device = true;
            break;
        default:  // ACL_MEMCPY_DEFAULT: whatever the pointers say
            want_dst_device = d.device;
            want_src_device = s.device;
            break;
    }
    if (want_dst_device != d.device || want_src_device != s.device) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "kind",
                          std::string(kind_name(kind)) + " (" + std::to_string(kind) + ")",
                          "it contradicts the pointers: " + where_text("dst", dst, d) + ", "
                              + where_text("src", src, s));
    }
    if (d.device) {
        plan->direction = s.device ? CopyDirection::DeviceToDevice : CopyDirection::HostToDevice;
    } else {
        plan->direction = s.device ? CopyDirection::DeviceToHost : CopyDirection::HostToHost;
    }
    plan->pageable_host = (!d.device && !d.block) || (!s.device && !s.block);
    return ACL_SUCCESS;
}

// `device` (logical) >= 0: allocate there instead of on the current context's device.
aclError device_malloc(void** dev_ptr, size_t size, Padding padding, int32_t device = -1) {
    if (dev_ptr == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("devPtr"));
    }
    if (size == 0) {
        return reject_arg(ACL_ERROR_INVALID_PARAM, "size", 0, "must be greater than 0");
    }
    std::shared_ptr<Context> context;
    Backend* backend = nullptr;
    ACLEMU_TRY(runtime().current_context_and_backend(&context, &backend));
    int32_t target = context->device;
    int32_t target_physical = context->physical;
    if (device >= 0 && device != context->device) {
        ACLEMU_TRY(runtime().check_device(device, "cfg->attrs[].value.deviceId", &target_physical));
        target = device;
    }
    // CANN rounds up to 32 bytes and (aclrtMalloc) adds 32 bytes of padding. The table keeps the
    // requested size, so range checks are exact; the padding only makes small over-reads safe.
    size_t reserved = 0;
    if (!checked_round_up(size, size_t{32}, &reserved)
        || !checked_add(reserved, padding == Padding::Malloc ? 32 : 0, &reserved)
        || reserved > kMaxAllocationBytes) {
        return reject_arg(
            ACL_ERROR_RT_MEMORY_ALLOCATION, "size", size, "is larger than any allocation");
    }
    void* block = nullptr;
    aclError err = target != context->device ? backend->bind_device(target_physical) : ACL_SUCCESS;
    if (err == ACL_SUCCESS) {
        err = backend->memory().malloc_device(&block, reserved);
    }
    if (target != context->device) {
        backend->bind_device(context->physical);  // back to the thread's current device
    }
    if (err != ACL_SUCCESS || block == nullptr) {
        return backend_failed(ACL_ERROR_RT_MEMORY_ALLOCATION,
                              backend,
                              "cannot allocate " + std::to_string(size) + " bytes on device "
                                  + std::to_string(target));
    }
    Allocation allocation{reinterpret_cast<uintptr_t>(block), size, AllocKind::Device, target};
    allocation.reserved = reserved;
    runtime().allocations().insert(allocation);
    *dev_ptr = block;
    return ACL_SUCCESS;
}

aclError release(void* ptr, AllocKind kind) {
    const char* param = kind == AllocKind::Device ? "devPtr" : "hostPtr";
    if (ptr == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null(param));
    }
    ACLEMU_BACKEND(backend, backend);
    std::optional<Allocation> released = runtime().allocations().erase(ptr, kind);
    if (!released) {
        std::string reason;
        auto block = runtime().allocations().find(ptr);
        if (block && block->origin == AllocOrigin::Registered) {
            reason =
                "it is the caller's memory registered by aclrtHostRegisterV2; end that "
                "with aclrtHostUnregister";
        } else if (block && block->kind != kind) {
            reason = kind == AllocKind::Device
                         ? "it was allocated by aclrtMallocHost; release it with aclrtFreeHost"
                         : "it was allocated by aclrtMalloc; release it with aclrtFree";
        } else if (block && block->origin == AllocOrigin::Mapped) {
            reason = "it is physical memory mapped by aclrtMapMem; release it with aclrtUnmapMem";
        } else if (block && block->origin == AllocOrigin::BinaryGlobal) {
            reason =
                "it is a global variable of a loaded kernel binary (aclrtBinaryGetGlobal); "
                "it ends with aclrtBinaryUnLoad";
        } else if (block && block->origin == AllocOrigin::Symbol) {
            reason =
                "it is a __gm__ variable of the program (aclrtGetSymbolAddress), not an "
                "allocation";
        } else if (block && block->origin == AllocOrigin::Pool) {
            reason = "it belongs to a memory pool; release it with aclrtMemPoolFreeAsync";
        } else if (block && block->origin == AllocOrigin::Imported) {
            reason =
                "it is memory another process shared (aclrtIpcMemImportByKey); release it "
                "with aclrtIpcMemClose";
        } else if (block) {
            reason = "it points inside an allocation (which starts at "
                     + pointer_text(reinterpret_cast<void*>(block->base)) + "), not at its start";
        } else {
            reason = kind == AllocKind::Device
                         ? "it was not returned by aclrtMalloc, or it has already been freed"
                         : "it was not returned by aclrtMallocHost, or it has already been freed";
        }
        return reject_arg(ACL_ERROR_INVALID_PARAM, param, pointer_text(ptr), reason);
    }
    if (kind == AllocKind::Device) {
        withdraw_ipc_exports(reinterpret_cast<uintptr_t>(ptr), released->bytes);
    }
    aclError err = kind == AllocKind::Device ? backend->memory().free_device(ptr)
                                             : backend->memory().free_host(ptr);
    if (err != ACL_SUCCESS) {
        return backend_failed(err, backend, "cannot free " + pointer_text(ptr));
    }
    return ACL_SUCCESS;
}

// Checks an aclrtMallocConfig (NULL is none); *device: its ACL_RT_MEM_ATTR_DEVICE_ID, else -1.
aclError check_malloc_config(const aclrtMallocConfig* cfg, int32_t* device) {
    *device = -1;
    if (cfg == nullptr) {
        return ACL_SUCCESS;
    }
    if (cfg->numAttrs != 0 && cfg->attrs == nullptr) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "cfg->numAttrs",
                          cfg->numAttrs,
                          "cfg->attrs must not be null when cfg->numAttrs is not 0");
    }
    for (size_t i = 0; i < cfg->numAttrs; ++i) {
        const aclrtMallocAttribute& attribute = cfg->attrs[i];
        const int64_t type = aclemu::enum_value(attribute.attr);  // any int the caller set
        if (type < ACL_RT_MEM_ATTR_RSV || type > ACL_RT_MEM_ATTR_VA_FLAG) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "cfg->attrs[].attr",
                              type,
                              "must be an aclrtMallocAttrType in [0, 3]");
        }
        if (type == ACL_RT_MEM_ATTR_DEVICE_ID) {
            if (attribute.value.deviceId > static_cast<uint32_t>(INT32_MAX)) {
                return reject_arg(ACL_ERROR_RT_INVALID_DEVICEID,
                                  "cfg->attrs[].value.deviceId",
                                  attribute.value.deviceId,
                                  "is not a device id");
            }
            *device = static_cast<int32_t>(attribute.value.deviceId);
        }
    }
    return ACL_SUCCESS;
}

aclError host_malloc(void** host_ptr, uint64_t size, const char* ptr_param) {
    if (host_ptr == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null(ptr_param));
    }
    if (size == 0) {
        return reject_arg(ACL_ERROR_INVALID_PARAM, "size", 0, "must be greater than 0");
    }
    if (size > kMaxAllocationBytes) {
        return reject_arg(
            ACL_ERROR_RT_MEMORY_ALLOCATION, "size", size, "is larger than any allocation");
    }
    ACLEMU_BACKEND(backend, backend);
    void* block = nullptr;
    if (aclError err = backend->memory().malloc_host(&block, size);
        err != ACL_SUCCESS || block == nullptr) {
        return backend_failed(ACL_ERROR_RT_MEMORY_ALLOCATION,
                              backend,
                              "cannot allocate " + std::to_string(size) + " bytes of host memory");
    }
    Allocation allocation{reinterpret_cast<uintptr_t>(block), size, AllocKind::Host};
    allocation.reserved = size;
    runtime().allocations().insert(allocation);
    *host_ptr = block;
    return ACL_SUCCESS;
}

// release() once the current device's queued work, which may still use the block, has finished.
aclError release_after_device_sync(void* ptr, AllocKind kind) {
    if (ptr == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM,
                    msg_null(kind == AllocKind::Device ? "devPtr" : "hostPtr"));
    }
    std::shared_ptr<Context> context;
    Backend* backend = nullptr;
    ACLEMU_TRY(runtime().current_context_and_backend(&context, &backend));
    ACLEMU_TRY_BACKEND(backend->streams().synchronize_device(),
                       backend,
                       "device synchronization before the free failed");
    return release(ptr, kind);
}

// What a copy or fill works with: the stream when it is asynchronous (nullptr: the current
// context's default stream), else the current device; and the backend.
aclError find_target(bool async,
                     aclrtStream stream,
                     std::shared_ptr<Stream>* target,
                     Backend** backend) {
    return async ? runtime().stream_and_backend(stream, target, backend)
                 : runtime().current_backend(backend);
}

}  // namespace

aclError aclemu::rt::copy_memory(void* dst,
                                 size_t dest_max,
                                 const void* src,
                                 size_t count,
                                 int64_t kind,
                                 bool async,
                                 aclrtStream stream) {
    if (count == 0) {
        return ACL_SUCCESS;
    }
    ACLEMU_CHECK_NOT_NULL(dst);
    ACLEMU_CHECK_NOT_NULL(src);
    std::shared_ptr<Stream> target;
    Backend* backend = nullptr;
    ACLEMU_TRY(find_target(async, stream, &target, &backend));
    CopyPlan plan;
    ACLEMU_TRY(plan_copy(dst, dest_max, src, count, kind, backend, &plan));
    if (!async || plan.pageable_host) {
        ACLEMU_TRY(graph::check_unsafe_call(async ? "aclrtMemcpyAsync (pageable host memory)"
                                                  : "aclrtMemcpy"));
    }
    auto describe = [&](TaskTrace& task) { describe_copy(task, dst, src, count, kind); };
    if (!async) {
        ACLEMU_TRY_BACKEND(
            traced_sync(
                TaskKind::Copy,
                copy_name(plan.direction),
                describe,
                [&] { return backend->memory().memcpy_sync(dst, src, count, plan.direction); }),
            backend,
            "copy failed");
        return ACL_SUCCESS;
    }
    ACLEMU_TRY_BACKEND(traced_enqueue(target,
                                      TaskKind::Copy,
                                      copy_name(plan.direction),
                                      describe,
                                      [&] {
                                          return backend->memory().memcpy_async(
                                              dst, src, count, plan.direction, target->impl.get());
                                      }),
                       backend,
                       "asynchronous copy failed");
    if (plan.pageable_host && !graph::recording(*target)) {
        // As in CANN: with pageable (not aclrtMallocHost) host memory the call returns only
        // once the copy is done, so the caller may reuse or free its buffer right away.
        WaitResult result = WaitResult::Done;
        ACLEMU_TRY_BACKEND(backend->streams().synchronize_stream(target->impl.get(), -1, &result),
                           backend,
                           "asynchronous copy failed");
        return ACL_SUCCESS;
    }
    return runtime().after_enqueue(*target);
}

namespace {

// aclrtMemcpy2d (`async` false) and aclrtMemcpy2dAsync: `height` rows of `width` bytes.
aclError copy_2d(void* dst,
                 size_t dpitch,
                 const void* src,
                 size_t spitch,
                 size_t width,
                 size_t height,
                 int64_t kind,
                 bool async,
                 aclrtStream stream) {
    const char* api = async ? "aclrtMemcpy2dAsync" : "aclrtMemcpy2d";
    ACLEMU_CHECK_NOT_NULL(dst);
    ACLEMU_CHECK_NOT_NULL(src);
    if (width == 0 || height == 0) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          width == 0 ? "width" : "height",
                          0,
                          "must be greater than 0");
    }
    if (width > dpitch || width > spitch) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "width",
                          width,
                          "must not exceed dpitch (" + std::to_string(dpitch) + ") or spitch ("
                              + std::to_string(spitch) + ")");
    }
    // Validate both whole spans once (kind, ranges), then copy row by row.
    size_t dst_span = 0;
    size_t src_span = 0;
    if (!span_2d(height, dpitch, width, &dst_span) || !span_2d(height, spitch, width, &src_span)) {
        return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                          "height",
                          height,
                          "the copy spans more bytes than an address holds (dpitch "
                              + std::to_string(dpitch) + ", spitch " + std::to_string(spitch)
                              + ", width " + std::to_string(width) + ")");
    }
    std::shared_ptr<Stream> target;
    Backend* backend = nullptr;
    ACLEMU_TRY(find_target(async, stream, &target, &backend));
    CopyPlan plan;
    size_t span = std::max(dst_span, src_span);
    ACLEMU_TRY(plan_copy(dst, span, src, width, kind, backend, &plan));
    MemoryPlace d = locate_memory(dst, backend);
    MemoryPlace s = locate_memory(src, backend);
    ACLEMU_TRY(check_memory_range("dst", dst, dst_span, d, 2));
    ACLEMU_TRY(check_memory_range("src", src, src_span, s, 1));
    if (!async || plan.pageable_host) {
        ACLEMU_TRY(graph::check_unsafe_call(async ? "aclrtMemcpy2dAsync (pageable host memory)"
                                                  : "aclrtMemcpy2d"));
    }
    auto describe = [&](TaskTrace& task) {
        describe_copy(task, dst, src, width * height, kind);
        task.arg("rows", height);
    };
    auto copy_rows = [&]() -> aclError {
        for (size_t row = 0; row < height; ++row) {
            char* to = static_cast<char*>(dst) + row * dpitch;
            const char* from = static_cast<const char*>(src) + row * spitch;
            ACLEMU_TRY(async ? backend->memory().memcpy_async(
                           to, from, width, plan.direction, target->impl.get())
                             : backend->memory().memcpy_sync(to, from, width, plan.direction));
        }
        return ACL_SUCCESS;
    };
    if (!async) {
        ACLEMU_TRY_BACKEND(
            traced_sync(TaskKind::Copy, copy_name(plan.direction), describe, copy_rows),
            backend,
            "copy failed");
        return ACL_SUCCESS;
    }
    ACLEMU_TRY_BACKEND(
        traced_enqueue(target, TaskKind::Copy, copy_name(plan.direction), describe, copy_rows),
        backend,
        "asynchronous copy failed");
    if (plan.pageable_host && !graph::recording(*target)) {
        // As for aclrtMemcpyAsync: with pageable host memory the call returns once the copy is
        // done.
        WaitResult result = WaitResult::Done;
        ACLEMU_TRY_BACKEND(
            backend->streams().synchronize_stream(target->impl.get(), -1, &result), backend, api);
        return ACL_SUCCESS;
    }
    return runtime().after_enqueue(*target);
}

aclError memset_impl(
    void* dev_ptr, size_t max_count, int32_t value, size_t count, bool async, aclrtStream stream) {
    if (count == 0) {
        return ACL_SUCCESS;
    }
    if (dev_ptr == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("devPtr"));
    }
    std::shared_ptr<Stream> target;
    Backend* backend = nullptr;
    ACLEMU_TRY(find_target(async, stream, &target, &backend));
    ACLEMU_TRY(check_count(count, max_count, "maxCount"));
    MemoryPlace where = locate_memory(dev_ptr, backend);
    ACLEMU_TRY(check_memory_range("devPtr", dev_ptr, count, where, 2));
    if (!async) {
        ACLEMU_TRY(graph::check_unsafe_call("aclrtMemset"));
    }
    auto fill = [&]() -> aclError {
        if (where.device) {
            return async ? backend->memory().memset_async(dev_ptr, value, count, target->impl.get())
                         : backend->memory().memset_sync(dev_ptr, value, count);
        }
        if (async) {
            // Host memory: fill it in stream order on a host thread.
            return backend->streams().launch_host_func(target->impl.get(), [dev_ptr, value, count] {
                std::memset(dev_ptr, value, count);
            });
        }
        std::memset(dev_ptr, value, count);
        return ACL_SUCCESS;
    };
    auto describe = [&](TaskTrace& task) { describe_fill(task, dev_ptr, value, count); };
    const aclError err = async ? traced_enqueue(target, TaskKind::Memset, "memset", describe, fill)
                               : traced_sync(TaskKind::Memset, "memset", describe, fill);
    if (err != ACL_SUCCESS) {
        return backend_failed(err, backend, "memset failed");
    }
    return async ? runtime().after_enqueue(*target) : ACL_SUCCESS;
}

// What aclrtSetMemcpyDesc writes into a copy descriptor (device memory the caller allocated with
// aclrtGetMemcpyDescSize bytes) and aclrtMemcpyAsyncWithDesc reads back.
struct MemcpyDescRecord {
    uint64_t magic;
    uint64_t src;
    uint64_t dst;
    uint64_t count;
};
constexpr uint64_t kMemcpyDescMagic = 0x6373656479706d63ULL;  // "cmpydesc"

// Copy descriptors support only copies inside one device, as on CANN.
aclError check_desc_kind(int64_t kind) {
    if (kind != ACL_MEMCPY_INNER_DEVICE_TO_DEVICE) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "kind",
                          kind,
                          "copy descriptors support only ACL_MEMCPY_INNER_DEVICE_TO_DEVICE (6)");
    }
    return ACL_SUCCESS;
}

// aclrtMemcpyAsyncWithOffset: the address stored in the device slot `slot` (argument `name`),
// moved on by `offset` bytes.
aclError read_base_address(const char* name, const void* slot, size_t offset, uintptr_t* address) {
    uint64_t base = 0;
    ACLEMU_TRY(move_device_bytes(name, const_cast<void*>(slot), &base, sizeof(base), false));
    if (base == 0) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          name,
                          pointer_text(slot),
                          "holds a null base address (store one there with aclrtMemcpy)");
    }
    if (!checked_add(static_cast<uintptr_t>(base), offset, address)) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM,
            name,
            pointer_text(slot),
            "its base address plus the offset " + std::to_string(offset) + " overflows an address");
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError ACLEMU_IMPL(aclrtMalloc)(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
    return api_call_init("aclrtMalloc", [&] {
        (void)policy;  // every policy (and unknown values, as in CANN) gets ordinary device memory
        return device_malloc(devPtr, size, Padding::Malloc);
    });
}

aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
    return api_call_init("aclrtMallocAlign32", [&] {
        (void)policy;
        return device_malloc(devPtr, size, Padding::Align32);
    });
}

aclError aclrtMallocCached(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
    return api_call_init("aclrtMallocCached", [&] {
        (void)policy;
        return device_malloc(devPtr, size, Padding::Malloc);
    });
}

aclError aclrtMallocWithCfg(void** devPtr,
                            size_t size,
                            aclrtMemMallocPolicy policy,
                            aclrtMallocConfig* cfg) {
    return api_call_init("aclrtMallocWithCfg", [&] {
        (void)policy;  // as aclrtMalloc
        int32_t device = -1;
        ACLEMU_TRY(check_malloc_config(cfg, &device));
        return device_malloc(devPtr, size, Padding::Malloc, device);
    });
}

aclError ACLEMU_IMPL(aclrtFree)(void* devPtr) {
    return api_call_init("aclrtFree", [&] { return release(devPtr, AllocKind::Device); });
}

aclError aclrtMallocHost(void** hostPtr, size_t size) {
    return api_call_init("aclrtMallocHost", [&] { return host_malloc(hostPtr, size, "hostPtr"); });
}

aclError aclrtMallocHostWithCfg(void** ptr, uint64_t size, aclrtMallocConfig* cfg) {
    return api_call_init("aclrtMallocHostWithCfg", [&] {
        int32_t device = -1;  // host memory is on no device: the attribute is not used
        ACLEMU_TRY(check_malloc_config(cfg, &device));
        return host_malloc(ptr, size, "ptr");
    });
}

aclError aclrtFreeWithDevSync(void* devPtr) {
    return api_call_init("aclrtFreeWithDevSync",
                         [&] { return release_after_device_sync(devPtr, AllocKind::Device); });
}

aclError aclrtFreeHostWithDevSync(void* hostPtr) {
    return api_call_init("aclrtFreeHostWithDevSync",
                         [&] { return release_after_device_sync(hostPtr, AllocKind::Host); });
}

aclError aclrtFreeHost(void* hostPtr) {
    return api_call_init("aclrtFreeHost", [&] { return release(hostPtr, AllocKind::Host); });
}

aclError ACLEMU_IMPL(aclrtMemcpy)(
    void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
    const int64_t kind_value = aclemu::enum_value(kind);
    return api_call_init("aclrtMemcpy", [&] {
        return copy_memory(dst, destMax, src, count, kind_value, false, nullptr);
    });
}

aclError ACLEMU_IMPL(aclrtMemcpyAsync)(void* dst,
                                       size_t destMax,
                                       const void* src,
                                       size_t count,
                                       aclrtMemcpyKind kind,
                                       aclrtStream stream) {
    const int64_t kind_value = aclemu::enum_value(kind);
    return api_call_init("aclrtMemcpyAsync", [&] {
        return copy_memory(dst, destMax, src, count, kind_value, true, stream);
    });
}

aclError aclrtMemcpy2d(void* dst,
                       size_t dpitch,
                       const void* src,
                       size_t spitch,
                       size_t width,
                       size_t height,
                       aclrtMemcpyKind kind) {
    const int64_t kind_value = aclemu::enum_value(kind);
    return api_call_init("aclrtMemcpy2d", [&] {
        return copy_2d(dst, dpitch, src, spitch, width, height, kind_value, false, nullptr);
    });
}

aclError aclrtMemcpy2dAsync(void* dst,
                            size_t dpitch,
                            const void* src,
                            size_t spitch,
                            size_t width,
                            size_t height,
                            aclrtMemcpyKind kind,
                            aclrtStream stream) {
    const int64_t kind_value = aclemu::enum_value(kind);
    return api_call_init("aclrtMemcpy2dAsync", [&] {
        return copy_2d(dst, dpitch, src, spitch, width, height, kind_value, true, stream);
    });
}

aclError ACLEMU_IMPL(aclrtMemset)(void* devPtr, size_t maxCount, int32_t value, size_t count) {
    return api_call_init(
        "aclrtMemset", [&] { return memset_impl(devPtr, maxCount, value, count, false, nullptr); });
}

aclError aclrtMemsetAsync(
    void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
    return api_call_init("aclrtMemsetAsync",
                         [&] { return memset_impl(devPtr, maxCount, value, count, true, stream); });
}

aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total) {
    const int64_t attr_value = aclemu::enum_value(attr);
    return api_call_init("aclrtGetMemInfo", [&] {
        if (attr_value < ACL_DDR_MEM || attr_value > ACL_MEM_P2P_HUGE1G) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, "attr", attr_value, "must be an aclrtMemAttr in [0, 17]");
        }
        ACLEMU_CHECK_NOT_NULL(free);
        ACLEMU_CHECK_NOT_NULL(total);
        ACLEMU_BACKEND(backend, current_backend);
        ACLEMU_TRY_BACKEND(
            backend->memory().mem_info(free, total), backend, "cannot read memory information");
        return ACL_SUCCESS;
    });
}

aclError aclrtGetMemcpyDescSize(aclrtMemcpyKind kind, size_t* descSize) {
    const int64_t kind_value = aclemu::enum_value(kind);
    return api_call_init("aclrtGetMemcpyDescSize", [&] {
        ACLEMU_TRY(check_desc_kind(kind_value));
        ACLEMU_CHECK_NOT_NULL(descSize);
        *descSize = sizeof(MemcpyDescRecord);
        return ACL_SUCCESS;
    });
}

aclError aclrtSetMemcpyDesc(
    void* desc, aclrtMemcpyKind kind, void* srcAddr, void* dstAddr, size_t count, void* config) {
    const int64_t kind_value = aclemu::enum_value(kind);
    return api_call_init("aclrtSetMemcpyDesc", [&] {
        ACLEMU_TRY(check_desc_kind(kind_value));
        ACLEMU_CHECK_NOT_NULL(srcAddr);
        ACLEMU_CHECK_NOT_NULL(dstAddr);
        if (config != nullptr) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "config",
                              pointer_text(config),
                              "is reserved and must be NULL");
        }
        if (count == 0) {
            return reject_arg(ACL_ERROR_INVALID_PARAM, "count", 0, "must be greater than 0");
        }
        // Both ends must be device memory with `count` bytes in their blocks.
        ACLEMU_BACKEND(backend, current_backend);
        CopyPlan plan;
        ACLEMU_TRY(
            plan_copy(dstAddr, count, srcAddr, count, ACL_MEMCPY_DEVICE_TO_DEVICE, backend, &plan));
        MemcpyDescRecord record{kMemcpyDescMagic,
                                reinterpret_cast<uintptr_t>(srcAddr),
                                reinterpret_cast<uintptr_t>(dstAddr),
                                count};
        return move_device_bytes("desc", desc, &record, sizeof(record), true);
    });
}

aclError aclrtMemcpyAsyncWithDesc(void* desc, aclrtMemcpyKind kind, aclrtStream stream) {
    const int64_t kind_value = aclemu::enum_value(kind);
    return api_call_init("aclrtMemcpyAsyncWithDesc", [&] {
        ACLEMU_TRY(check_desc_kind(kind_value));
        // The record is read when the copy is enqueued (an NPU reads it when the copy runs).
        MemcpyDescRecord record{};
        ACLEMU_TRY(read_descriptor("desc",
                                   desc,
                                   kMemcpyDescMagic,
                                   "copy descriptor (set it with aclrtSetMemcpyDesc)",
                                   &record));
        return copy_memory(reinterpret_cast<void*>(static_cast<uintptr_t>(record.dst)),
                           record.count,
                           reinterpret_cast<const void*>(static_cast<uintptr_t>(record.src)),
                           record.count,
                           ACL_MEMCPY_DEVICE_TO_DEVICE,
                           true,
                           stream);
    });
}

aclError aclrtMemcpyAsyncWithOffset(void** dst,
                                    size_t destMax,
                                    size_t dstDataOffset,
                                    const void** src,
                                    size_t count,
                                    size_t srcDataOffset,
                                    aclrtMemcpyKind kind,
                                    aclrtStream stream) {
    const int64_t kind_value = aclemu::enum_value(kind);
    return api_call_init("aclrtMemcpyAsyncWithOffset", [&] {
        if (kind_value != ACL_MEMCPY_INNER_DEVICE_TO_DEVICE) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "kind",
                              kind_value,
                              "must be ACL_MEMCPY_INNER_DEVICE_TO_DEVICE (6)");
        }
        if (dstDataOffset >= destMax) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "dstDataOffset",
                              dstDataOffset,
                              "must be less than destMax (" + std::to_string(destMax) + ")");
        }
        // The slots are read when the copy is enqueued (an NPU reads them when it runs).
        uintptr_t dst_address = 0;
        uintptr_t src_address = 0;
        ACLEMU_TRY(read_base_address("dst", dst, dstDataOffset, &dst_address));
        ACLEMU_TRY(read_base_address("src", src, srcDataOffset, &src_address));
        return copy_memory(reinterpret_cast<void*>(dst_address),
                           destMax - dstDataOffset,
                           reinterpret_cast<const void*>(src_address),
                           count,
                           ACL_MEMCPY_DEVICE_TO_DEVICE,
                           true,
                           stream);
    });
}

}  // extern "C"
