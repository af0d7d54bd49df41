// Dumping operators' tensors (acl/acl_dump.h, docs/dump.md), for the operator libraries: phase
// 2 of every aclnn operator (nn::execute) describes its tensors here before and after it runs,
// and the runtime writes what the dump configuration asks for. Implemented in libascendcl.so;
// not installed.
#pragma once

#include "aclemu/export.h"
#include "aclemu/rt.h"

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace aclemu::dump {

/// A tensor of an operator: a view (dims, strides and offset in elements) over device memory
/// starting at `data`, as aclCreateTensor takes it.
struct TensorView {
    const char* name = nullptr;  // the operator's parameter name ("self"); null: "input0", ...
    int32_t dtype = -1;          // aclDataType
    int32_t format = 2;          // aclFormat
    const int64_t* dims = nullptr;
    const int64_t* strides = nullptr;
    size_t rank = 0;
    int64_t offset = 0;
    const void* data = nullptr;  // null: an absent optional tensor (skipped)
};

namespace detail {
ACLEMU_EXPORT extern std::atomic<bool> g_active;
}

/// Whether any dump is configured (one relaxed load): the operators skip the rest when not.
inline bool active() noexcept {
    return detail::g_active.load(std::memory_order_relaxed);
}

/// Before operator `api` runs on `stream`: the argument dump line, and its inputs when the dump
/// mode asks for them (waits for the stream, so they hold what the operator reads).
ACLEMU_EXPORT void before_op(const char* api,
                             const rt::StreamTarget& stream,
                             const TensorView* inputs,
                             size_t input_count,
                             const TensorView* outputs,
                             size_t output_count) noexcept;

/// After it was enqueued successfully: its outputs when the dump mode asks for them (waits for
/// the stream).
ACLEMU_EXPORT void after_op(const char* api,
                            const rt::StreamTarget& stream,
                            const TensorView* outputs,
                            size_t output_count) noexcept;

}  // namespace aclemu::dump
