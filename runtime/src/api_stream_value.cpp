// Entry points: stream memory operations. aclrtValueWrite stores a 64-bit value in stream order,
// aclrtValueWait holds its stream until a 64-bit word satisfies a comparison; the word is 8
// bytes of device memory, 8-byte aligned. On a GPU these are the driver's stream memory
// operations (backend/gpu/stream_memory_ops.h), on the CPU backend tasks of the stream's worker.
#include "acl/acl.h"

#include "memory_access.h"
#include "runtime.h"
#include "status.h"

#include <string>

using namespace aclemu::rt;
namespace kernels = aclemu::kernels;

namespace {

// `needed`: what the task does to the word (kRead for a wait, kWrite for a write).
aclError check_word(void* devAddr, uint8_t needed) {
    ACLEMU_CHECK_NOT_NULL(devAddr);
    if (reinterpret_cast<uintptr_t>(devAddr) % 8 != 0) {
        return fail(ACL_ERROR_INVALID_PARAM,
                    msg_invalid("devAddr", pointer_text(devAddr), "must be 8-byte aligned"));
    }
    if (locate(devAddr, sizeof(uint64_t)) != MemoryLocation::Device) {
        return fail(ACL_ERROR_INVALID_PARAM,
                    msg_invalid("devAddr",
                                pointer_text(devAddr),
                                "must be 8 bytes of device memory (aclrtMalloc)"));
    }
    return check_access(ACL_ERROR_INVALID_PARAM, "devAddr", devAddr, needed);
}

template <class Enqueue>
aclError on_stream(aclrtStream stream, const char* what, Enqueue enqueue) {
    std::shared_ptr<Stream> target;
    Backend* backend = nullptr;
    if (aclError err = runtime().stream_and_backend(stream, &target, &backend);
        err != ACL_SUCCESS) {
        return err;
    }
    if (aclError err = enqueue(backend, target->impl.get()); err != ACL_SUCCESS) {
        return fail(err,
                    msg_runtime(std::string("cannot queue the ") + what + ": "
                                + backend->last_error_text()));
    }
    return runtime().after_enqueue(*target);
}

}  // namespace

extern "C" {

aclError aclrtValueWrite(void* devAddr, uint64_t value, uint32_t flag, aclrtStream stream) {
    return api_call_init("aclrtValueWrite", [&] {
        if (aclError err = check_word(devAddr, kWrite); err != ACL_SUCCESS) {
            return err;
        }
        if (flag != 0) {
            return fail(ACL_ERROR_INVALID_PARAM,
                        msg_invalid("flag", std::to_string(flag), "is reserved and must be 0"));
        }
        auto* word = static_cast<uint64_t*>(devAddr);
        return on_stream(stream, "value write", [&](Backend* backend, BackendStream* on) {
            return backend->write_value_async(on, word, value);
        });
    });
}

aclError aclrtValueWait(void* devAddr, uint64_t value, uint32_t flag, aclrtStream stream) {
    return api_call_init("aclrtValueWait", [&] {
        if (aclError err = check_word(devAddr, kRead); err != ACL_SUCCESS) {
            return err;
        }
        if (flag > ACL_STREAM_WAIT_VALUE_NOR) {
            return fail(ACL_ERROR_INVALID_PARAM,
                        msg_invalid("flag",
                                    std::to_string(flag),
                                    "must be ACL_STREAM_WAIT_VALUE_GEQ, _EQ, _AND or _NOR (0..3)"));
        }
        const auto* word = static_cast<const uint64_t*>(devAddr);
        const auto mode = static_cast<kernels::builtin::WaitMode>(flag);
        return on_stream(stream, "value wait", [&](Backend* backend, BackendStream* on) {
            return backend->wait_value_async(on, word, value, mode, -1);
        });
    });
}

}  // extern "C"
