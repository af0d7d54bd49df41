// Running an aclnn operator's two phases the way a user does (CUB's launch helper): phase 1,
// allocate the workspace it asks for, phase 2, synchronize the stream, free the workspace.
//
//   auto r = run_two_phase(aclnnLogitGradGetWorkspaceSize, aclnnLogitGrad, stream(),
//                          x.get(), dy.get(), -1.0, out.get());
//   ASSERT_TRUE(r.ok()) << r;
//   EXPECT_EQ(r.get_workspace, ACLNN_ERR_PARAM_INVALID);   // or check one phase's status
#pragma once

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

#include "support/device_tensor.h"

#include <cstdint>
#include <ostream>

namespace aclemu::test {

/// Status of a phase that did not run.
constexpr int32_t kNotRun = -1;

struct TwoPhaseResult {
    aclnnStatus get_workspace = kNotRun;  // phase 1
    aclnnStatus run = kNotRun;            // phase 2 (kNotRun when phase 1 failed)
    aclError synchronize = kNotRun;       // aclrtSynchronizeStream after phase 2
    uint64_t workspace_size = 0;

    bool ok() const {
        return get_workspace == ACLNN_SUCCESS && run == ACLNN_SUCCESS && synchronize == ACL_SUCCESS;
    }
};

std::ostream& operator<<(std::ostream& os, const TwoPhaseResult& r);

/// `args` are phase 1's arguments before workspaceSize and executor.
template <typename Phase1, typename Phase2, typename... Args>
TwoPhaseResult run_two_phase(Phase1 phase1, Phase2 phase2, aclrtStream stream, Args... args) {
    TwoPhaseResult r;
    aclOpExecutor* executor = nullptr;
    r.get_workspace = phase1(args..., &r.workspace_size, &executor);
    if (r.get_workspace != ACLNN_SUCCESS) {
        return r;
    }
    DeviceBuffer workspace(static_cast<size_t>(r.workspace_size));
    r.run = phase2(workspace.get(), r.workspace_size, executor, stream);
    r.synchronize = aclrtSynchronizeStream(stream);
    return r;
}

}  // namespace aclemu::test
