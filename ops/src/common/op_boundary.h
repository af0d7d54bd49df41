// The C boundary of an operator's phase 1: no C++ exception escapes an extern "C" aclnn entry
// point. Phase 2 needs no guard: nn::execute already converts every exception.
//
//   return guard_phase1(kApi, [&] { return get_workspace_size(a, b, ws, exec); });
#pragma once

#include "aclnn/opdev/op_errno.h"

#include "common/op_error.h"

#include <new>

namespace aclemu::ops {

template <typename Fn>
aclnnStatus guard_phase1(const char* api, Fn&& phase1) noexcept {
    try {
        return phase1();
    } catch (const std::bad_alloc&) {
        return op_fail(ACLNN_ERR_INNER_NULLPTR, api, nullptr, "out of host memory");
    } catch (...) {
        return op_fail(ACLNN_ERR_INNER, api, nullptr, "unexpected internal error");
    }
}

}  // namespace aclemu::ops
