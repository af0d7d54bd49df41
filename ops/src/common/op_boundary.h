// The C boundary of an operator's phase 1 (aclnnXxxGetWorkspaceSize): the call's
// observe::CallScope (NVTX range, trace event, DEBUG line: named after the calling entry point,
// with its tensors), and no C++ exception escaping the extern "C" entry point. Phase 2 goes
// through nn::execute, which does the same. `api` (the operator's name) labels error messages.
//
//   return guard_phase1(kApi, {{"x", x}, {"dy", dy}, {"out", out}},
//                       [&] { return get_workspace_size(x, dy, eps, out, ws, exec); });
#pragma once

#include "aclnn/opdev/op_errno.h"

#include "aclemu/observe.h"
#include "common/op_error.h"
#include "nnopbase/call_args.h"

#include <initializer_list>
#include <new>

namespace aclemu::ops {

template <typename Fn>
aclnnStatus guard_phase1(const char* api,
                         std::initializer_list<nn::TensorArg> tensors,
                         Fn&& phase1,
                         const char* entry_point = __builtin_FUNCTION(),
                         const char* file = __builtin_FILE(),
                         int line = __builtin_LINE()) noexcept {
    const nn::TensorArgs args{tensors.begin(), tensors.size()};
    observe::CallScope call(
        entry_point, observe::CallKind::Aclnn, file, line, nn::describe_tensor_args, &args);
    try {
        return call.finish(phase1());
    } catch (const std::bad_alloc&) {
        return call.finish(op_fail(ACLNN_ERR_INNER_NULLPTR, api, nullptr, "out of host memory"));
    } catch (...) {
        return call.finish(op_fail(ACLNN_ERR_INNER, api, nullptr, "unexpected internal error"));
    }
}

}  // namespace aclemu::ops
