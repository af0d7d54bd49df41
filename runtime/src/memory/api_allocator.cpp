// Entry points: custom allocators (acl/acl_rt_allocator.h). A descriptor bundles a user's
// allocator object and callbacks; aclrtAllocatorRegister copies them for a stream, and
// aclrtAllocatorGetByStream answers with the descriptor and the copy. CANN hands the registered
// allocator its workspace requests in single-operator (aclop*) and model (aclmdl*) execution;
// aclemu runs neither, and its aclnn operators take their workspace from the caller, so nothing
// in aclemu allocates through a registered allocator (docs/compatibility.md).
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/handle_arena.h"
#include "memory/allocator_registry.h"
#include "runtime_state.h"

#include <map>
#include <mutex>
#include <new>
#include <set>

using namespace aclemu::rt;

namespace {

aclError not_a_desc(aclrtAllocatorDesc allocatorDesc) {
    return reject_arg(ACL_ERROR_INVALID_PARAM,
                      "allocatorDesc",
                      allocatorDesc,
                      "not a live descriptor of aclrtAllocatorCreateDesc");
}

// The live descriptor behind `allocatorDesc` (AllocatorRegistry locked), or the failure.
aclError live_desc(AllocatorRegistry& allocators,
                   aclrtAllocatorDesc allocatorDesc,
                   AllocatorCallbacks** desc) {
    auto found = allocators.descs.find(static_cast<AllocatorCallbacks*>(allocatorDesc));
    if (found == allocators.descs.end()) {
        return not_a_desc(allocatorDesc);
    }
    *desc = *found;
    return ACL_SUCCESS;
}

// aclrtAllocatorSet*ToDesc: `value` (the argument `param`, never NULL) into the descriptor's
// `field`.
template <class Value>
aclError set_in_desc(const char* api,
                     aclrtAllocatorDesc allocatorDesc,
                     const char* param,
                     Value value,
                     Value AllocatorCallbacks::*field) {
    return api_call(api, [&] {
        if (value == nullptr) {
            return fail(ACL_ERROR_INVALID_PARAM, msg_null(param));
        }
        ACLEMU_CHECK_NOT_NULL(allocatorDesc);
        AllocatorRegistry& allocators = allocator_registry();
        std::lock_guard<std::mutex> lock(allocators.mutex);
        AllocatorCallbacks* desc = nullptr;
        ACLEMU_TRY(live_desc(allocators, allocatorDesc, &desc));
        desc->*field = value;
        return ACL_SUCCESS;
    });
}

aclError register_allocator(aclrtStream stream, aclrtAllocatorDesc allocatorDesc) {
    ACLEMU_CHECK_NOT_NULL(stream);
    ACLEMU_CHECK_NOT_NULL(allocatorDesc);
    std::shared_ptr<Stream> target;
    ACLEMU_TRY(runtime().stream(stream, &target));
    AllocatorRegistry& allocators = allocator_registry();
    std::lock_guard<std::mutex> lock(allocators.mutex);
    AllocatorCallbacks* desc = nullptr;
    ACLEMU_TRY(live_desc(allocators, allocatorDesc, &desc));
    const AllocatorCallbacks& callbacks = *desc;
    const struct {
        const void* value;
        const char* name;
    } required[] = {
        {callbacks.object, "allocatorDesc->obj (aclrtAllocatorSetObjToDesc)"},
        {reinterpret_cast<const void*>(callbacks.alloc),
         "allocatorDesc->allocFunc (aclrtAllocatorSetAllocFuncToDesc)"},
        {reinterpret_cast<const void*>(callbacks.free),
         "allocatorDesc->freeFunc (aclrtAllocatorSetFreeFuncToDesc)"},
        {reinterpret_cast<const void*>(callbacks.get_addr),
         "allocatorDesc->getAddrFromBlockFunc (aclrtAllocatorSetGetAddrFromBlockFuncToDesc)"},
    };
    for (const auto& field : required) {
        if (field.value == nullptr) {
            return fail(ACL_ERROR_INVALID_PARAM, msg_null(field.name));
        }
    }
    allocators.by_stream[stream] = Registration{allocatorDesc, callbacks, target};
    return ACL_SUCCESS;
}

aclError get_by_stream(aclrtStream stream,
                       aclrtAllocatorDesc* allocatorDesc,
                       aclrtAllocator* allocator,
                       aclrtAllocatorAllocFunc* alloc,
                       aclrtAllocatorFreeFunc* free_func,
                       aclrtAllocatorAllocAdviseFunc* alloc_advise,
                       aclrtAllocatorGetAddrFromBlockFunc* get_addr) {
    ACLEMU_CHECK_NOT_NULL(allocatorDesc);
    ACLEMU_CHECK_NOT_NULL(stream);
    std::shared_ptr<Stream> target;
    if (aclError err = runtime().stream(stream, &target); err != ACL_SUCCESS) {
        std::lock_guard<std::mutex> lock(allocator_registry().mutex);
        allocator_registry().by_stream.erase(
            stream);  // a destroyed stream's registration goes with it
        return err;
    }
    AllocatorRegistry& allocators = allocator_registry();
    std::lock_guard<std::mutex> lock(allocators.mutex);
    auto found = allocators.by_stream.find(stream);
    if (found != allocators.by_stream.end() && found->second.stream.lock() != target) {
        allocators.by_stream.erase(found);  // made for a destroyed stream at the same address
        found = allocators.by_stream.end();
    }
    ACLEMU_TRY(reject_if(found == allocators.by_stream.end(),
                         "stream",
                         stream,
                         "no allocator is registered for it (aclrtAllocatorRegister)"));
    const Registration& registration = found->second;
    *allocatorDesc = registration.desc;
    if (allocator != nullptr) {
        *allocator = registration.callbacks.object;
    }
    if (alloc != nullptr) {
        *alloc = registration.callbacks.alloc;
    }
    if (free_func != nullptr) {
        *free_func = registration.callbacks.free;
    }
    if (alloc_advise != nullptr) {
        *alloc_advise = registration.callbacks.alloc_advise;
    }
    if (get_addr != nullptr) {
        *get_addr = registration.callbacks.get_addr;
    }
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclrtAllocatorDesc aclrtAllocatorCreateDesc(void) {
    aclrtAllocatorDesc created = nullptr;
    api_call("aclrtAllocatorCreateDesc", [&] {
        auto* desc = new_handle_object<AllocatorCallbacks>();
        if (desc == nullptr) {
            return fail(ACL_ERROR_BAD_ALLOC, msg_runtime("out of memory"));
        }
        AllocatorRegistry& allocators = allocator_registry();
        std::lock_guard<std::mutex> lock(allocators.mutex);
        allocators.descs.insert(desc);
        created = desc;
        return ACL_SUCCESS;
    });
    return created;
}

aclError aclrtAllocatorDestroyDesc(aclrtAllocatorDesc allocatorDesc) {
    return api_call("aclrtAllocatorDestroyDesc", [&] {
        ACLEMU_CHECK_NOT_NULL(allocatorDesc);
        AllocatorRegistry& allocators = allocator_registry();
        std::lock_guard<std::mutex> lock(allocators.mutex);
        auto* desc = static_cast<AllocatorCallbacks*>(allocatorDesc);
        if (allocators.descs.erase(desc) == 0) {
            return not_a_desc(allocatorDesc);
        }
        delete_handle_object(desc);  // registrations keep their own copy of the callbacks
        return ACL_SUCCESS;
    });
}

aclError aclrtAllocatorSetObjToDesc(aclrtAllocatorDesc allocatorDesc, aclrtAllocator allocator) {
    return set_in_desc("aclrtAllocatorSetObjToDesc",
                       allocatorDesc,
                       "allocator",
                       allocator,
                       &AllocatorCallbacks::object);
}

aclError aclrtAllocatorSetAllocFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                          aclrtAllocatorAllocFunc func) {
    return set_in_desc("aclrtAllocatorSetAllocFuncToDesc",
                       allocatorDesc,
                       "func",
                       func,
                       &AllocatorCallbacks::alloc);
}

aclError aclrtAllocatorSetFreeFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                         aclrtAllocatorFreeFunc func) {
    return set_in_desc(
        "aclrtAllocatorSetFreeFuncToDesc", allocatorDesc, "func", func, &AllocatorCallbacks::free);
}

aclError aclrtAllocatorSetAllocAdviseFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                aclrtAllocatorAllocAdviseFunc func) {
    return set_in_desc("aclrtAllocatorSetAllocAdviseFuncToDesc",
                       allocatorDesc,
                       "func",
                       func,
                       &AllocatorCallbacks::alloc_advise);
}

aclError aclrtAllocatorSetGetAddrFromBlockFuncToDesc(aclrtAllocatorDesc allocatorDesc,
                                                     aclrtAllocatorGetAddrFromBlockFunc func) {
    return set_in_desc("aclrtAllocatorSetGetAddrFromBlockFuncToDesc",
                       allocatorDesc,
                       "func",
                       func,
                       &AllocatorCallbacks::get_addr);
}

aclError aclrtAllocatorRegister(aclrtStream stream, aclrtAllocatorDesc allocatorDesc) {
    return api_call_init("aclrtAllocatorRegister",
                         [&] { return register_allocator(stream, allocatorDesc); });
}

aclError aclrtAllocatorGetByStream(aclrtStream stream,
                                   aclrtAllocatorDesc* allocatorDesc,
                                   aclrtAllocator* allocator,
                                   aclrtAllocatorAllocFunc* allocFunc,
                                   aclrtAllocatorFreeFunc* freeFunc,
                                   aclrtAllocatorAllocAdviseFunc* allocAdviseFunc,
                                   aclrtAllocatorGetAddrFromBlockFunc* getAddrFromBlockFunc) {
    return api_call_init("aclrtAllocatorGetByStream", [&] {
        return get_by_stream(stream,
                             allocatorDesc,
                             allocator,
                             allocFunc,
                             freeFunc,
                             allocAdviseFunc,
                             getAddrFromBlockFunc);
    });
}

aclError aclrtAllocatorUnregister(aclrtStream stream) {
    return api_call_init("aclrtAllocatorUnregister", [&] {
        ACLEMU_CHECK_NOT_NULL(stream);
        AllocatorRegistry& allocators = allocator_registry();
        std::lock_guard<std::mutex> lock(allocators.mutex);
        allocators.by_stream.erase(stream);  // none registered: nothing to do (as in CANN)
        return ACL_SUCCESS;
    });
}

}  // extern "C"
