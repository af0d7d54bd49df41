// Entry points: API injection (aclrtApiInjectionGetFunc, aclrtApiInjectionSetFunc) and the
// forwarders of the injectable entry points (inject/api_injection.h says which and why).
#include "inject/api_injection.h"

#include "core/arg_checks.h"
#include "core/status.h"

#include <atomic>
#include <cstring>
#include <string>
#include <type_traits>

using namespace aclemu::rt;

namespace {

enum class Api : size_t {
#define ACLEMU_API_ID(name, params, args) name,
    ACLEMU_INJECTABLE_APIS(ACLEMU_API_ID)
#undef ACLEMU_API_ID
        aclrtMalloc,
    aclrtMemcpy,
    aclrtMemcpyAsync,
};

struct Slot {
    const char* name;
    aclrtApiFunc origin;
    std::atomic<aclrtApiFunc> current;
};

// One function pointer type as another, by its bits (the table stores every entry point as
// aclrtApiFunc; a call always goes through the entry point's own type).
template <class To, class From>
To function_cast(From function) {
    static_assert(sizeof(To) == sizeof(From));
    To to;
    std::memcpy(&to, &function, sizeof to);
    return to;
}

template <class F>
aclrtApiFunc generic(F function) {
    return function_cast<aclrtApiFunc>(function);
}

#define ACLEMU_API_SLOT(name, params, args) \
    {#name, generic(&ACLEMU_IMPL(name)), generic(&ACLEMU_IMPL(name))},
Slot g_slots[] = {ACLEMU_INJECTABLE_APIS(ACLEMU_API_SLOT)  // in Api's order
                  ACLEMU_API_SLOT(aclrtMalloc, , ) ACLEMU_API_SLOT(aclrtMemcpy, , )
                      ACLEMU_API_SLOT(aclrtMemcpyAsync, , )};
#undef ACLEMU_API_SLOT

template <class F>
F current_as(Api api) {
    return function_cast<F>(
        g_slots[static_cast<size_t>(api)].current.load(std::memory_order_acquire));
}

// An enum argument passed on as the caller's bits: never loaded as the enum type (a C caller
// may pass any int; the implementation reads it the same way, aclemu/c_enum.h).
template <class E>
int32_t bits_of(const E& value) {
    static_assert(std::is_enum_v<E> && sizeof(E) == sizeof(int32_t));
    int32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

aclError find_slot(const char* name, Slot** out) {
    if (name == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("name"));
    }
    for (Slot& slot : g_slots) {
        if (std::strcmp(slot.name, name) == 0) {
            *out = &slot;
            return ACL_SUCCESS;
        }
    }
    return reject_arg(ACL_ERROR_INVALID_PARAM,
                      "name",
                      std::string(name),
                      "is not an entry point aclemu lets a tool replace (the injectable ones: "
                      "docs/compatibility.md, \"API injection\")");
}

}  // namespace

extern "C" {

aclError aclrtApiInjectionGetFunc(const char* name,
                                  aclrtApiFunc* originFunc,
                                  aclrtApiFunc* currentFunc) {
    return api_call("aclrtApiInjectionGetFunc", [&]() -> aclError {
        Slot* slot = nullptr;
        ACLEMU_TRY(find_slot(name, &slot));
        if (originFunc != nullptr) {
            *originFunc = slot->origin;
        }
        if (currentFunc != nullptr) {
            *currentFunc = slot->current.load(std::memory_order_acquire);
        }
        return ACL_SUCCESS;
    });
}

aclError aclrtApiInjectionSetFunc(const char* name, aclrtApiFunc func) {
    return api_call("aclrtApiInjectionSetFunc", [&]() -> aclError {
        if (name == nullptr) {
            return fail(ACL_ERROR_INVALID_PARAM, msg_null("name"));
        }
        ACLEMU_CHECK_NOT_NULL(func);
        Slot* slot = nullptr;
        ACLEMU_TRY(find_slot(name, &slot));
        slot->current.store(func, std::memory_order_release);
        return ACL_SUCCESS;
    });
}

#define ACLEMU_API_FORWARDER(name, params, args)                         \
    aclError name params {                                               \
        return current_as<decltype(&ACLEMU_IMPL(name))>(Api::name) args; \
    }
ACLEMU_INJECTABLE_APIS(ACLEMU_API_FORWARDER)
#undef ACLEMU_API_FORWARDER

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
    using Raw = aclError (*)(void**, size_t, int32_t);
    return current_as<Raw>(Api::aclrtMalloc)(devPtr, size, bits_of(policy));
}

aclError aclrtMemcpy(
    void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
    using Raw = aclError (*)(void*, size_t, const void*, size_t, int32_t);
    return current_as<Raw>(Api::aclrtMemcpy)(dst, destMax, src, count, bits_of(kind));
}

aclError aclrtMemcpyAsync(void* dst,
                          size_t destMax,
                          const void* src,
                          size_t count,
                          aclrtMemcpyKind kind,
                          aclrtStream stream) {
    using Raw = aclError (*)(void*, size_t, const void*, size_t, int32_t, aclrtStream);
    return current_as<Raw>(Api::aclrtMemcpyAsync)(dst, destMax, src, count, bits_of(kind), stream);
}

}  // extern "C"
