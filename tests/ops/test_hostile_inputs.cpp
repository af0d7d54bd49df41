// Hostile inputs through the operators' public two-phase API (issue 10), on every backend:
//   - phase 2 resolves its stream first, for empty tensors too: after aclFinalize, on a destroyed
//     stream, on a handle that is no stream and on a thread without a device it returns 361001,
//     the code a non-empty call returns, with a message saying what is actually wrong;
//   - a view offset whose byte offset overflows int64 (an empty BatchNorm input may carry one)
//     is handled without overflow, and rejected where the view is not empty;
//   - a workspace whose size would overflow size_t is rejected in phase 1 (it wrapped to 0).
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_batch_norm_backward_reduce.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "aclnnop/aclnn_logsigmoid_backward.h"

#include "support/backend_fixture.h"
#include "support/device_tensor.h"
#include "support/error_message.h"
#include "support/two_phase.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr int64_t k2to62 = int64_t{1} << 62;

// One operator call's tensors and its phase 1, ready for phase 2 with any stream.
struct OpCall {
    std::string api;
    std::vector<DeviceTensor> tensors;
    aclOpExecutor* executor = nullptr;
    uint64_t workspace_size = 0;
    std::function<aclnnStatus(void*, uint64_t, aclOpExecutor*, aclrtStream)> phase2;
};

using MakeCall = std::function<void(bool empty, OpCall*)>;

void log_sigmoid_backward(bool empty, OpCall* call) {
    const std::vector<int64_t> dims =
        empty ? std::vector<int64_t>{0, 3} : std::vector<int64_t>{2, 3};
    call->api = "aclnnLogSigmoidBackward";
    for (int i = 0; i < 4; ++i) {
        call->tensors.push_back(DeviceTensor::filled(dims, ACL_FLOAT, 0.5));
    }
    ASSERT_EQ(aclnnLogSigmoidBackwardGetWorkspaceSize(call->tensors[0].get(),
                                                      call->tensors[1].get(),
                                                      call->tensors[2].get(),
                                                      call->tensors[3].get(),
                                                      &call->workspace_size,
                                                      &call->executor),
              ACLNN_SUCCESS)
        << take_recent_error();
    call->phase2 = aclnnLogSigmoidBackward;
}

void logit_grad(bool empty, OpCall* call) {
    const std::vector<int64_t> dims = empty ? std::vector<int64_t>{4, 0} : std::vector<int64_t>{4};
    call->api = "aclnnLogitGrad";
    for (int i = 0; i < 3; ++i) {
        call->tensors.push_back(DeviceTensor::filled(dims, ACL_FLOAT16, 0.25));
    }
    ASSERT_EQ(aclnnLogitGradGetWorkspaceSize(call->tensors[0].get(),
                                             call->tensors[1].get(),
                                             -1.0,
                                             call->tensors[2].get(),
                                             &call->workspace_size,
                                             &call->executor),
              ACLNN_SUCCESS)
        << take_recent_error();
    call->phase2 = aclnnLogitGrad;
}

// Empty: N = 0, which zero-fills the requested outputs.
void batch_norm_reduce_backward(bool empty, OpCall* call) {
    const std::vector<int64_t> dims =
        empty ? std::vector<int64_t>{0, 2} : std::vector<int64_t>{3, 2};
    call->api = "aclnnBatchNormReduceBackward";
    call->tensors.push_back(DeviceTensor::filled(dims, ACL_FLOAT, 1.0));
    call->tensors.push_back(DeviceTensor::filled(dims, ACL_FLOAT, 2.0));
    for (int i = 0; i < 6; ++i) {  // mean, invstd, four outputs
        call->tensors.push_back(DeviceTensor::filled({2}, ACL_FLOAT, 1.0));
    }
    std::vector<DeviceTensor>& t = call->tensors;
    ASSERT_EQ(aclnnBatchNormReduceBackwardGetWorkspaceSize(t[0].get(),
                                                           t[1].get(),
                                                           t[2].get(),
                                                           t[3].get(),
                                                           nullptr,
                                                           true,
                                                           true,
                                                           true,
                                                           t[4].get(),
                                                           t[5].get(),
                                                           t[6].get(),
                                                           t[7].get(),
                                                           &call->workspace_size,
                                                           &call->executor),
              ACLNN_SUCCESS)
        << take_recent_error();
    call->phase2 = aclnnBatchNormReduceBackward;
}

const std::vector<MakeCall>& all_ops() {
    static const std::vector<MakeCall> ops = {
        log_sigmoid_backward, logit_grad, batch_norm_reduce_backward};
    return ops;
}

class HostileOpInputs : public BackendTest {
protected:
    // Phase 2 of `call` on `stream` with the workspace it asked for.
    aclnnStatus run(OpCall& call, aclrtStream stream) {
        DeviceBuffer workspace(static_cast<size_t>(call.workspace_size));
        take_recent_error();
        return call.phase2(workspace.get(), call.workspace_size, call.executor, stream);
    }
};

TEST_P(HostileOpInputs, DestroyedStreamIsARuntimeErrorForEmptyTensorsToo) {
    for (const MakeCall& make : all_ops()) {
        for (bool empty : {true, false}) {
            OpCall call;
            make(empty, &call);
            aclrtStream dead = nullptr;
            ASSERT_EQ(aclrtCreateStream(&dead), ACL_SUCCESS);
            ASSERT_EQ(aclrtDestroyStream(dead), ACL_SUCCESS);
            EXPECT_EQ(run(call, dead), ACLNN_ERR_RUNTIME_ERROR) << call.api << " empty " << empty;
            const std::string message = take_recent_error();
            EXPECT_THAT(message, HasSubstr("EZ3001: [" + call.api + "] stream: ")) << message;
            EXPECT_THAT(message, HasSubstr("is not a live stream")) << message;
            // The device is set: the message must not send the caller to aclrtSetDevice.
            EXPECT_THAT(message, Not(HasSubstr("aclrtSetDevice"))) << message;
        }
    }
}

TEST_P(HostileOpInputs, GarbageStreamHandleIsARuntimeErrorForEmptyTensorsToo) {
    for (const MakeCall& make : all_ops()) {
        for (bool empty : {true, false}) {
            OpCall call;
            make(empty, &call);
            int not_a_stream = 0;
            EXPECT_EQ(run(call, &not_a_stream), ACLNN_ERR_RUNTIME_ERROR)
                << call.api << " empty " << empty;
            EXPECT_THAT(take_recent_error(), HasSubstr("is not a live stream"));
        }
    }
}

TEST_P(HostileOpInputs, ThreadWithoutADeviceIsARuntimeErrorForEmptyTensorsToo) {
    for (const MakeCall& make : all_ops()) {
        for (bool empty : {true, false}) {
            OpCall call;
            make(empty, &call);
            DeviceBuffer workspace(static_cast<size_t>(call.workspace_size));
            aclnnStatus status = ACLNN_SUCCESS;
            std::string message;
            std::thread worker([&] {
                status = call.phase2(workspace.get(), call.workspace_size, call.executor, nullptr);
                message = take_recent_error();
            });
            worker.join();
            EXPECT_EQ(status, ACLNN_ERR_RUNTIME_ERROR) << call.api << " empty " << empty;
            EXPECT_THAT(message,
                        HasSubstr("the calling thread has no current device or context (call "
                                  "aclrtSetDevice or aclrtSetCurrentContext first)"))
                << message;
        }
    }
}

TEST_P(HostileOpInputs, PhaseTwoAfterFinalizeIsARuntimeErrorForEmptyTensorsToo) {
    for (const MakeCall& make : all_ops()) {
        for (bool empty : {true, false}) {
            {
                OpCall call;
                make(empty, &call);
                ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
                // aclFinalize released every block, a workspace too: the stream is checked
                // first, so the runtime is blamed, not the workspace (none is passed).
                take_recent_error();
                EXPECT_EQ(call.phase2(nullptr, call.workspace_size, call.executor, nullptr),
                          ACLNN_ERR_RUNTIME_ERROR)
                    << call.api << " empty " << empty;
                EXPECT_THAT(take_recent_error(),
                            HasSubstr("the runtime is not initialized (call aclInit"));
            }  // the tensors' stale buffers go before a new runtime may hand out their addresses
            take_recent_error();
            restart_runtime();
        }
    }
}

// nn::view_data computed offset * element size in int64: an offset >= 2^62 overflowed. An empty
// view fits its storage whatever its offset, so such an offset reaches phase 2.
TEST_P(HostileOpInputs, EmptyBatchNormInputWithAHugeOffset) {
    auto dy = DeviceTensor::strided({0, 2}, {2, 1}, k2to62, {0}, ACL_FLOAT);
    auto x = DeviceTensor::strided({0, 2}, {2, 1}, k2to62 + 3, {0}, ACL_FLOAT);
    auto mean = DeviceTensor::filled({2}, ACL_FLOAT, 1.0);
    auto invstd = DeviceTensor::filled({2}, ACL_FLOAT, 1.0);
    auto sum_dy = DeviceTensor::filled({2}, ACL_FLOAT, 7.0);
    auto sum_dy_xmu = DeviceTensor::filled({2}, ACL_FLOAT, 7.0);
    auto r = run_two_phase(aclnnBatchNormReduceBackwardGetWorkspaceSize,
                           aclnnBatchNormReduceBackward,
                           stream(),
                           dy.get(),
                           x.get(),
                           mean.get(),
                           invstd.get(),
                           nullptr,
                           true,
                           false,
                           false,
                           sum_dy.get(),
                           sum_dy_xmu.get(),
                           nullptr,
                           nullptr);
    ASSERT_TRUE(r.ok()) << r << " " << take_recent_error();
    EXPECT_EQ(sum_dy.read(), std::vector<double>(2, 0.0));
    EXPECT_EQ(sum_dy_xmu.read(), std::vector<double>(2, 0.0));
}

TEST_P(HostileOpInputs, NonEmptyViewWithAHugeOffsetIsRejected) {
    auto x = DeviceTensor::strided({2}, {1}, k2to62, {4}, ACL_FLOAT);
    auto dy = DeviceTensor::filled({2}, ACL_FLOAT, 1.0);
    auto out = DeviceTensor::filled({2}, ACL_FLOAT, 1.0);
    auto r = run_two_phase(aclnnLogitGradGetWorkspaceSize,
                           aclnnLogitGrad,
                           stream(),
                           x.get(),
                           dy.get(),
                           -1.0,
                           out.get());
    EXPECT_EQ(r.get_workspace, ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(
        take_recent_error(),
        HasSubstr("[aclnnLogitGrad] x: the view reaches outside its storage of 4 elements"));
}

// 2^61 channels of zero-stride inputs over one element: the per-channel partials (8 bytes each)
// would take 2^64 bytes. The size wrapped to 0 and phase 2 would have run with no workspace.
TEST_P(HostileOpInputs, WorkspaceThatOverflowsIsRejectedInPhaseOne) {
    const int64_t channels = int64_t{1} << 61;
    const int64_t one[1] = {1};
    const int64_t input_dims[2] = {1, channels};
    const int64_t zero_strides[2] = {0, 0};
    const int64_t vector_dims[1] = {channels};
    const int64_t zero_stride[1] = {0};
    auto make = [&](const int64_t* dims,
                    uint64_t rank,
                    const int64_t* strides,
                    const int64_t* storage,
                    aclDataType dtype) {
        return aclCreateTensor(dims, rank, dtype, strides, 0, ACL_FORMAT_ND, storage, 1, nullptr);
    };
    aclTensor* dy = make(input_dims, 2, zero_strides, one, ACL_FLOAT16);
    aclTensor* x = make(input_dims, 2, zero_strides, one, ACL_FLOAT16);
    aclTensor* mean = make(vector_dims, 1, zero_stride, one, ACL_FLOAT16);
    aclTensor* invstd = make(vector_dims, 1, zero_stride, one, ACL_FLOAT16);
    aclTensor* sum_dy = make(vector_dims, 1, nullptr, vector_dims, ACL_FLOAT16);
    ASSERT_TRUE(dy && x && mean && invstd && sum_dy) << take_recent_error();
    take_recent_error();
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    EXPECT_EQ(aclnnBatchNormReduceBackwardGetWorkspaceSize(dy,
                                                           x,
                                                           mean,
                                                           invstd,
                                                           nullptr,
                                                           false,
                                                           false,
                                                           true,
                                                           nullptr,
                                                           nullptr,
                                                           nullptr,
                                                           sum_dy,
                                                           &workspace_size,
                                                           &executor),
              ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("[aclnnBatchNormReduceBackward] workspaceSize: the tensors are too "
                          "large"));
    for (aclTensor* t : {dy, x, mean, invstd, sum_dy}) {
        aclDestroyTensor(t);
    }
}

ACLEMU_INSTANTIATE_BACKENDS(HostileOpInputs);

}  // namespace
}  // namespace aclemu::test
