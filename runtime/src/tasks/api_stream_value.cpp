// Entry points: stream memory operations. aclrtValueWrite stores a 64-bit value in stream order,
// aclrtValueWait holds its stream until a 64-bit word satisfies a comparison; the word is 8
// bytes of device memory, 8-byte aligned. On a GPU these are the driver's stream memory
// operations (backend/gpu/stream_memory_ops.h), on the CPU backend tasks of the stream's worker.
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "memory/memory_access.h"
#include "observe/traced_task.h"
#include "runtime_state.h"
#include "tasks/builtin_task_names.h"

#include <string>

using namespace aclemu::rt;
namespace kernels = aclemu::kernels;

namespace {

// `needed`: what the task does to the word (kRead for a wait, kWrite for a write).
aclError check_word(void* devAddr, uint8_t needed) {
    ACLEMU_CHECK_NOT_NULL(devAddr);
    ACLEMU_TRY(reject_if(reinterpret_cast<uintptr_t>(devAddr) % 8 != 0,
                         "devAddr",
                         devAddr,
                         "must be 8-byte aligned"));
    return check_device_access("devAddr", devAddr, sizeof(uint64_t), needed);
}

// Puts the task `enqueue` makes on `stream`, on the timeline as `kind` `name` (a string or a
// callable returning one, traced_task.h) with the word and the value.
template <class Name, class Enqueue>
aclError on_stream(aclrtStream stream,
                   TaskKind kind,
                   Name&& name,
                   const void* word,
                   uint64_t value,
                   Enqueue enqueue) {
    ACLEMU_RESOLVE_STREAM(stream, target, backend);
    return enqueue_task(
        target,
        *backend,
        kind,
        name,
        kind == TaskKind::ValueWrite ? "the value write" : "the value wait",
        [&](TaskTrace& task) {
            task.arg("devAddr", pointer_text(word));
            task.arg("value", value);
        },
        [&] { return enqueue(backend, target->impl.get()); });
}

}  // namespace

extern "C" {

aclError aclrtValueWrite(void* devAddr, uint64_t value, uint32_t flag, aclrtStream stream) {
    return api_call_init("aclrtValueWrite", [&] {
        ACLEMU_TRY(check_word(devAddr, kWrite));
        ACLEMU_TRY(check_reserved_zero("flag", flag));
        auto* word = static_cast<uint64_t*>(devAddr);
        return on_stream(stream,
                         TaskKind::ValueWrite,
                         "value write",
                         word,
                         value,
                         [&](Backend* backend, BackendStream* on) {
                             return backend->tasks().write_value_async(on, word, value);
                         });
    });
}

aclError aclrtValueWait(void* devAddr, uint64_t value, uint32_t flag, aclrtStream stream) {
    return api_call_init("aclrtValueWait", [&] {
        ACLEMU_TRY(check_word(devAddr, kRead));
        ACLEMU_TRY(reject_if(flag > ACL_STREAM_WAIT_VALUE_NOR,
                             "flag",
                             flag,
                             "must be ACL_STREAM_WAIT_VALUE_GEQ, _EQ, _AND or _NOR (0..3)"));
        const auto* word = static_cast<const uint64_t*>(devAddr);
        const auto mode = static_cast<kernels::builtin::WaitMode>(flag);
        return on_stream(
            stream,
            TaskKind::ValueWait,
            [&] { return std::string("value wait ") + wait_mode_name(mode); },
            word,
            value,
            [&](Backend* backend, BackendStream* on) {
                return backend->tasks().wait_value_async(on, word, value, mode, -1);
            });
    });
}

}  // extern "C"
