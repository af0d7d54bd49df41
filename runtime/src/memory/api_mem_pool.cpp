// Entry points: stream-ordered memory pools (acl/acl_rt_memory_soma.h). The acl layer's checks
// are CANN's (null arguments, allocType, location type, reserved bytes: ACL_ERROR_INVALID_PARAM);
// what CANN's runtime layer refuses (unknown attributes, values, pointers) is
// ACL_ERROR_RT_PARAM_INVALID. The pool itself: memory/mem_pool.h.
#include "acl/acl.h"
#include "acl/acl_rt_memory_soma.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "memory/mem_pool.h"
#include "runtime_state.h"

#include <memory>
#include <string>

using namespace aclemu::rt;

namespace {

aclError find_pool(const void* handle, std::shared_ptr<MemPool>* out) {
    *out = find_mem_pool(handle);
    if (*out == nullptr) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "memPool",
                          pointer_text(handle),
                          "is not a live memory pool (destroyed, released by aclFinalize, or "
                          "never created by aclrtMemPoolCreate)");
    }
    return ACL_SUCCESS;
}

// A capture would record the free's point in the stream and run it only with the model: the
// block would look busy until then, and free after every execution. Not supported.
aclError refuse_capture(const Stream& stream, const char* api) {
    if (!graph::recording(stream)) {
        return ACL_SUCCESS;
    }
    return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                msg_unsupported(api, "memory pool calls on a stream that is being captured"));
}

// What aclrtMemPoolSetAttr and GetAttr check, in this order: the pool, then the value; `access`
// then reads or writes the attribute.
template <class Access>
aclError pool_attr(aclrtMemPool memPool, int64_t attr, void* value, Access access) {
    ACLEMU_CHECK_NOT_NULL(memPool);
    std::shared_ptr<MemPool> pool;
    ACLEMU_TRY(find_pool(memPool, &pool));
    ACLEMU_CHECK_NOT_NULL(value);
    return access(*pool, attr, value);
}

aclError create(aclrtMemPool* mem_pool, const aclrtMemPoolProps* props) {
    if (mem_pool == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("memPool"));
    }
    if (props == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("poolProps"));
    }
    const int64_t alloc_type = aclemu::enum_value(props->allocType);
    ACLEMU_TRY(reject_if(alloc_type != ACL_MEM_ALLOCATION_TYPE_PINNED,
                         "poolProps->allocType",
                         alloc_type,
                         "must be ACL_MEM_ALLOCATION_TYPE_PINNED (0)"));
    const int64_t location_type = aclemu::enum_value(props->location.type);
    ACLEMU_TRY(reject_if(location_type != ACL_MEM_LOCATION_TYPE_DEVICE,
                         "poolProps->location.type",
                         location_type,
                         "must be ACL_MEM_LOCATION_TYPE_DEVICE (1)"));
    for (unsigned char byte : props->reserved) {
        ACLEMU_TRY(reject_if(
            byte != 0, "poolProps->reserved", std::string("nonzero"), "must be all zero"));
    }
    const int64_t handle_type = aclemu::enum_value(props->handleType);
    if (handle_type != ACL_MEM_HANDLE_TYPE_NONE) {
        return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    msg_unsupported("poolProps->handleType",
                                    "memory pools shared between processes; use "
                                    "ACL_MEM_HANDLE_TYPE_NONE (0)"));
    }
    MemPoolSpec spec;
    spec.device = static_cast<int32_t>(props->location.id);
    ACLEMU_TRY(reject_if(props->location.id > INT32_MAX,
                         "poolProps->location.id",
                         props->location.id,
                         "is no device id",
                         ACL_ERROR_RT_INVALID_DEVICEID));
    ACLEMU_TRY(runtime().check_device(spec.device, "poolProps->location.id", &spec.physical));
    spec.max_size = props->maxSize;
    MemPool* pool = create_mem_pool(spec);
    if (pool == nullptr) {
        return fail(ACL_ERROR_BAD_ALLOC, msg_runtime("out of host memory for a memory pool"));
    }
    *mem_pool = pool;
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclrtMemPoolCreate(aclrtMemPool* memPool, const aclrtMemPoolProps* poolProps) {
    return api_call_init("aclrtMemPoolCreate", [&] { return create(memPool, poolProps); });
}

aclError aclrtMemPoolDestroy(const aclrtMemPool memPool) {
    return api_call_init("aclrtMemPoolDestroy", [&]() -> aclError {
        ACLEMU_CHECK_NOT_NULL(memPool);
        Backend* backend = nullptr;
        ACLEMU_TRY(runtime().current_backend(&backend));
        if (!destroy_mem_pool(backend, memPool)) {
            std::shared_ptr<MemPool> pool;
            return find_pool(memPool, &pool);  // the failure that says why
        }
        return ACL_SUCCESS;
    });
}

aclError aclrtMemPoolSetAttr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void* value) {
    const int64_t attr_value = aclemu::enum_value(attr);
    return api_call_init("aclrtMemPoolSetAttr",
                         [&] { return pool_attr(memPool, attr_value, value, set_mem_pool_attr); });
}

aclError aclrtMemPoolGetAttr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void* value) {
    const int64_t attr_value = aclemu::enum_value(attr);
    return api_call_init("aclrtMemPoolGetAttr",
                         [&] { return pool_attr(memPool, attr_value, value, get_mem_pool_attr); });
}

aclError aclrtMemPoolMallocAsync(void** ptr,
                                 size_t size,
                                 aclrtMemPool memPool,
                                 aclrtStream stream) {
    return api_call_init("aclrtMemPoolMallocAsync", [&]() -> aclError {
        ACLEMU_CHECK_NOT_NULL(ptr);
        ACLEMU_CHECK_NOT_NULL(memPool);
        ACLEMU_CHECK_NOT_NULL(stream);  // CANN requires a stream here (no default stream)
        if (size == 0) {
            return ACL_SUCCESS;  // as CANN: nothing allocated, *ptr untouched
        }
        std::shared_ptr<MemPool> pool;
        ACLEMU_TRY(find_pool(memPool, &pool));
        std::shared_ptr<Stream> target;
        Backend* backend = nullptr;
        ACLEMU_TRY(runtime().stream_and_backend(stream, &target, &backend));
        ACLEMU_TRY(refuse_capture(*target, "aclrtMemPoolMallocAsync"));
        return mem_pool_malloc(backend, *pool, size, target, ptr);
    });
}

aclError aclrtMemPoolFreeAsync(void* ptr, aclrtStream stream) {
    return api_call_init("aclrtMemPoolFreeAsync", [&]() -> aclError {
        ACLEMU_CHECK_NOT_NULL(ptr);
        std::shared_ptr<Stream> target;
        Backend* backend = nullptr;
        ACLEMU_TRY(runtime().stream_and_backend(stream, &target, &backend));
        ACLEMU_TRY(refuse_capture(*target, "aclrtMemPoolFreeAsync"));
        ACLEMU_TRY(mem_pool_free(backend, ptr, target));
        return runtime().after_enqueue(*target);
    });
}

}  // extern "C"
