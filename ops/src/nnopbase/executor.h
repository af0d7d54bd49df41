// aclOpExecutor: what phase 1 of an aclnn operator hands to phase 2.
//
// Note [Executor lifetime]
// Phase 1 (aclnnXxxGetWorkspaceSize) validates, snapshots the tensors it was given (copies of
// their metadata, so the user may destroy the aclTensors), plans, and registers an executor.
// Phase 2 (aclnnXxx) checks that the executor is live and of the right op, checks the
// workspace, runs, and then destroys the executor unless aclSetAclOpExecutorRepeatable was
// called on it; a repeatable executor lives until aclDestroyAclOpExecutor. Executing a
// destroyed executor is reported (ACLNN_ERR_INNER), never dereferenced: every use goes through
// the live-executor registry.
#pragma once

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"

#include "aclemu/rt.h"
#include "nnopbase/tensor.h"

#include <cstdint>
#include <memory>
#include <vector>

struct aclOpExecutor {
    virtual ~aclOpExecutor() = default;

    /// The op's API name, e.g. "aclnnLogitGrad"; phase 2 checks it matches.
    const char* op_name = "";
    bool repeatable = false;
    uint64_t workspace_size = 0;
    /// Snapshots of the op's tensors in CANN's input / output order (index of
    /// aclSetInputTensorAddr / aclSetOutputTensorAddr). An absent optional tensor is a
    /// snapshot with data == nullptr and dtype ACL_DT_UNDEFINED.
    std::vector<aclTensor> inputs;
    std::vector<aclTensor> outputs;
    /// The parameter names of `inputs` / `outputs` (arrays of their sizes, static storage), for
    /// the call's NVTX range, trace and DEBUG line; null: "input0", ...
    const char* const* input_names = nullptr;
    const char* const* output_names = nullptr;

    /// Launches the op on `stream` (resolved by execute(): a live stream of an initialized
    /// runtime) with `workspace` (at least workspace_size bytes, already checked). Returns an
    /// aclnnStatus. Build kernel arguments from `inputs` / `outputs` HERE, not in phase 1:
    /// aclSet*TensorAddr may have changed their data pointers since.
    virtual aclnnStatus run(void* workspace, const aclemu::rt::StreamTarget& stream) = 0;
};

namespace aclemu::nn {

/// Registers a new executor and hands it to the user (phase 1's last step): *workspace_size =
/// executor->workspace_size (set by the op), *out = the handle. Null workspace_size / out ->
/// 161001 (ops check these first anyway); null executor -> 561101.
ACLEMU_NNOPBASE_API aclnnStatus publish_executor(std::unique_ptr<aclOpExecutor> executor,
                                                 uint64_t* workspace_size,
                                                 aclOpExecutor** out);

/// Resolves the stream an operator's phase 2 runs on (nullptr: the current context's default
/// stream). ACLNN_ERR_RUNTIME_ERROR (361001) with a message saying what is wrong — no aclInit
/// (or after aclFinalize), no current device or context on the calling thread, a handle that is
/// not a live stream — when it cannot be.
ACLEMU_NNOPBASE_API aclnnStatus resolve_op_stream(const char* api,
                                                  aclrtStream stream,
                                                  aclemu::rt::StreamTarget* target);

/// Phase 2 for every op, the aclnnXxx entry point `op_name` (file and line: the caller's): checks
/// executor (null -> 161001; not live -> 561000; another op's -> 161002), resolves the stream
/// (resolve_op_stream -> 361001), checks the workspace (size < needed -> 161002; null with
/// needed > 0 -> 161001), runs, and releases a non-repeatable executor whatever the outcome.
/// The stream comes before the workspace and before any tensor, and it is resolved even when the
/// op has nothing to launch (empty tensors): a dead runtime, device or stream gives 361001
/// whatever the rest. The call runs in an observe::CallScope.
ACLEMU_NNOPBASE_API aclnnStatus execute(const char* op_name,
                                        void* workspace,
                                        uint64_t workspace_size,
                                        aclOpExecutor* executor,
                                        aclrtStream stream,
                                        const char* file = __builtin_FILE(),
                                        int line = __builtin_LINE());

}  // namespace aclemu::nn
