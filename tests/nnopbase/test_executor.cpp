// Note [Executor lifetime] in practice, with a test-only executor: single-use and repeatable
// executors, destroy, the codes of execute() (null, not live, wrong op, workspace), release
// whatever the outcome, and the aclSet*TensorAddr family. The workspace checks ask the runtime
// where memory lives, so these run in the backend fixture.
#include "aclnn/aclnn_base.h"

#include "nnopbase/executor.h"
#include "support/backend_fixture.h"
#include "support/device_tensor.h"
#include "support/error_message.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

constexpr const char* kOp = "aclnnFake";

// What the executors did, kept outside them because they may be destroyed.
struct Record {
    std::atomic<int> runs{0};
    std::atomic<int> destroyed{0};
    // Atomic: ConcurrentPublishAndExecute runs executors from several threads at once.
    std::atomic<void*> last_workspace{nullptr};
    std::atomic<void*> last_input_data{nullptr};
    std::atomic<void*> last_output_data{nullptr};
};

enum class Behaviour { Succeed, Fail, Throw };

// FakeExecutors alive anywhere: the registry holds each published one until it is consumed or
// destroyed, so a count above what a test holds itself is a leaked executor.
std::atomic<int> g_live_fakes{0};

struct FakeExecutor final : aclOpExecutor {
    FakeExecutor(Record* record, Behaviour behaviour) : record_(record), behaviour_(behaviour) {
        ++g_live_fakes;
    }
    ~FakeExecutor() override {
        ++record_->destroyed;
        --g_live_fakes;
    }

    aclnnStatus run(void* workspace, const rt::StreamTarget& /*stream*/) override {
        ++record_->runs;
        record_->last_workspace = workspace;
        record_->last_input_data = inputs.empty() ? nullptr : inputs[0].data;
        record_->last_output_data = outputs.empty() ? nullptr : outputs[0].data;
        if (behaviour_ == Behaviour::Throw) {
            throw std::runtime_error("boom");
        }
        return behaviour_ == Behaviour::Fail ? ACLNN_ERR_INNER_TILING_ERROR : ACLNN_SUCCESS;
    }

private:
    Record* record_;
    Behaviour behaviour_;
};

aclTensor snapshot(void* data) {
    aclTensor t;
    t.dtype = ACL_FLOAT;
    t.view_dims = {4};
    t.strides = {1};
    t.storage_dims = {4};
    t.data = data;
    return t;
}

// Publishes a FakeExecutor with two inputs (the second an absent optional) and one output.
aclOpExecutor* publish(Record* record,
                       uint64_t workspace = 0,
                       Behaviour behaviour = Behaviour::Succeed,
                       const char* op = kOp) {
    auto executor = std::make_unique<FakeExecutor>(record, behaviour);
    executor->op_name = op;
    executor->workspace_size = workspace;
    static int input_storage = 0;
    static int output_storage = 0;
    executor->inputs = {snapshot(&input_storage), aclTensor{}};
    executor->outputs = {snapshot(&output_storage)};
    uint64_t reported = 12345;
    aclOpExecutor* handle = nullptr;
    EXPECT_EQ(nn::publish_executor(std::move(executor), &reported, &handle), ACLNN_SUCCESS);
    EXPECT_EQ(reported, workspace);
    EXPECT_NE(handle, nullptr);
    return handle;
}

class Executor : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        take_recent_error();
        live_before_ = g_live_fakes.load();
    }
    void TearDown() override {
        EXPECT_EQ(g_live_fakes.load(), live_before_) << "a test leaked an executor";
        BackendTest::TearDown();
    }

    aclnnStatus run(aclOpExecutor* e, void* ws = nullptr, uint64_t ws_size = 0) {
        return nn::execute(kOp, ws, ws_size, e, stream());
    }

private:
    int live_before_ = 0;
};

TEST_P(Executor, PublishRejectsNullOutputs) {
    Record record;
    aclOpExecutor* handle = nullptr;
    uint64_t size = 0;
    auto a = std::make_unique<FakeExecutor>(&record, Behaviour::Succeed);
    a->op_name = kOp;
    EXPECT_EQ(nn::publish_executor(std::move(a), nullptr, &handle), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_THAT(take_recent_error(), HasSubstr("EZ1002: [aclnnFake] workspaceSize"));
    auto b = std::make_unique<FakeExecutor>(&record, Behaviour::Succeed);
    b->op_name = kOp;
    EXPECT_EQ(nn::publish_executor(std::move(b), &size, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(nn::publish_executor(nullptr, &size, &handle), ACLNN_ERR_INNER_CREATE_EXECUTOR);
    EXPECT_EQ(record.destroyed, 2);  // nothing registered, nothing leaked
    take_recent_error();
}

TEST_P(Executor, SingleUseRunsOnceThenIsGone) {
    Record record;
    aclOpExecutor* e = publish(&record);
    EXPECT_EQ(run(e), ACLNN_SUCCESS);
    EXPECT_EQ(record.runs, 1);
    EXPECT_EQ(record.destroyed, 1);
    EXPECT_EQ(run(e), ACLNN_ERR_INNER);
    EXPECT_THAT(take_recent_error(), HasSubstr("EZ9999: [aclnnFake] executor:"));
    EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_ERR_INNER);
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(e), ACLNN_ERR_INNER);
    EXPECT_EQ(record.runs, 1);
    take_recent_error();
}

TEST_P(Executor, RepeatableRunsUntilDestroyed) {
    Record record;
    aclOpExecutor* e = publish(&record);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(e), ACLNN_SUCCESS);
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(e), ACLNN_SUCCESS);  // idempotent
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(run(e), ACLNN_SUCCESS);
    }
    EXPECT_EQ(record.runs, 3);
    EXPECT_EQ(record.destroyed, 0);
    EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_SUCCESS);
    EXPECT_EQ(record.destroyed, 1);
    EXPECT_EQ(run(e), ACLNN_ERR_INNER);
    EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_ERR_INNER);
    take_recent_error();
}

TEST_P(Executor, DestroyWithoutRunning) {
    Record record;
    aclOpExecutor* e = publish(&record);
    EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_SUCCESS);
    EXPECT_EQ(record.runs, 0);
    EXPECT_EQ(record.destroyed, 1);
}

TEST_P(Executor, NullAndUnknownHandles) {
    EXPECT_EQ(run(nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_THAT(take_recent_error(), HasSubstr("EZ1002: [aclnnFake] executor: must not be null"));
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(nullptr), ACLNN_ERR_INNER_NULLPTR);
    EXPECT_EQ(aclDestroyAclOpExecutor(nullptr), ACLNN_ERR_INNER_NULLPTR);
    Record record;
    FakeExecutor never_published(&record, Behaviour::Succeed);
    EXPECT_EQ(run(&never_published), ACLNN_ERR_INNER);
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(&never_published), ACLNN_ERR_INNER);
    EXPECT_EQ(aclDestroyAclOpExecutor(&never_published), ACLNN_ERR_INNER);
    EXPECT_EQ(record.runs, 0);
    take_recent_error();
}

TEST_P(Executor, AnotherOpsExecutorIsRejectedAndReleased) {
    Record record;
    aclOpExecutor* e = publish(&record, 0, Behaviour::Succeed, "aclnnOther");
    EXPECT_EQ(run(e), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("was created by aclnnOtherGetWorkspaceSize, not by "
                          "aclnnFakeGetWorkspaceSize"));
    EXPECT_EQ(record.runs, 0);
    EXPECT_EQ(record.destroyed, 1);
}

TEST_P(Executor, RunFailureIsReturnedAndSingleUseIsReleased) {
    Record record;
    aclOpExecutor* e = publish(&record, 0, Behaviour::Fail);
    EXPECT_EQ(run(e), ACLNN_ERR_INNER_TILING_ERROR);
    EXPECT_EQ(record.destroyed, 1);
}

TEST_P(Executor, RepeatableSurvivesARunFailure) {
    Record record;
    aclOpExecutor* e = publish(&record, 0, Behaviour::Fail);
    aclSetAclOpExecutorRepeatable(e);
    EXPECT_EQ(run(e), ACLNN_ERR_INNER_TILING_ERROR);
    EXPECT_EQ(run(e), ACLNN_ERR_INNER_TILING_ERROR);
    EXPECT_EQ(record.destroyed, 0);
    EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_SUCCESS);
}

TEST_P(Executor, ExceptionsFromRunBecomeInnerErrors) {
    Record record;
    aclOpExecutor* e = publish(&record, 0, Behaviour::Throw);
    EXPECT_EQ(run(e), ACLNN_ERR_INNER);
    EXPECT_EQ(record.destroyed, 1);
    take_recent_error();
}

TEST_P(Executor, WorkspaceNullWhenNeeded) {
    Record record;
    aclOpExecutor* e = publish(&record, 512);
    EXPECT_EQ(run(e, nullptr, 512), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("EZ1002: [aclnnFake] workspace: is null, but phase 1 asked for 512"));
    EXPECT_EQ(record.runs, 0);
    EXPECT_EQ(record.destroyed, 1);  // consumed even though it did not run
}

TEST_P(Executor, WorkspaceSizeTooSmall) {
    Record record;
    DeviceBuffer ws(512);
    aclOpExecutor* e = publish(&record, 512);
    EXPECT_EQ(run(e, ws.get(), 511), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("EZ1001: [aclnnFake] workspaceSize: 511 is less than the 512 bytes"));
    EXPECT_EQ(record.runs, 0);
}

TEST_P(Executor, WorkspaceMustBeDeviceMemory) {
    Record record;
    std::vector<unsigned char> host(1024);
    aclOpExecutor* e = publish(&record, 512);
    EXPECT_EQ(run(e, host.data(), host.size()), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("is not 512 bytes of device memory"));
    // A device allocation smaller than the size the caller claims.
    DeviceBuffer small(256);
    aclOpExecutor* f = publish(&record, 512);
    EXPECT_EQ(run(f, small.get(), 512), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(record.runs, 0);
    take_recent_error();
}

// The stream is resolved before the workspace is looked at, and for every op: a dead stream is
// 361001 whatever the workspace (an empty op's phase 2, which launches nothing, included).
TEST_P(Executor, StreamIsCheckedBeforeTheWorkspace) {
    Record record;
    aclrtStream dead = nullptr;
    ASSERT_EQ(aclrtCreateStream(&dead), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyStream(dead), ACL_SUCCESS);
    aclOpExecutor* e = publish(&record, 512);
    EXPECT_EQ(nn::execute(kOp, nullptr, 0, e, dead), ACLNN_ERR_RUNTIME_ERROR);
    EXPECT_THAT(take_recent_error(), HasSubstr("EZ3001: [aclnnFake] stream: "));
    EXPECT_EQ(record.runs, 0);
    EXPECT_EQ(record.destroyed, 1);  // consumed even though it did not run
    aclOpExecutor* f = publish(&record, 0);
    int not_a_stream = 0;
    EXPECT_EQ(nn::execute(kOp, nullptr, 0, f, &not_a_stream), ACLNN_ERR_RUNTIME_ERROR);
    EXPECT_THAT(take_recent_error(), HasSubstr("is not a live stream"));
    EXPECT_EQ(record.runs, 0);
}

TEST_P(Executor, GoodWorkspaceReachesRun) {
    Record record;
    DeviceBuffer ws(1024);
    aclOpExecutor* e = publish(&record, 512);
    EXPECT_EQ(run(e, ws.get(), 1024), ACLNN_SUCCESS) << take_recent_error();
    EXPECT_EQ(record.last_workspace, ws.get());
}

TEST_P(Executor, NoWorkspaceNeededIgnoresTheWorkspaceArguments) {
    Record record;
    aclOpExecutor* e = publish(&record, 0);
    std::vector<unsigned char> host(16);
    EXPECT_EQ(run(e, host.data(), 0), ACLNN_SUCCESS);
    aclOpExecutor* f = publish(&record, 0);
    EXPECT_EQ(run(f, nullptr, 0), ACLNN_SUCCESS);
    EXPECT_EQ(record.runs, 2);
}

TEST_P(Executor, SetTensorAddrRepointsTheNextRun) {
    Record record;
    aclOpExecutor* e = publish(&record);
    aclSetAclOpExecutorRepeatable(e);
    int new_input = 0;
    int new_output = 0;
    const int64_t dims[1] = {4};
    aclTensor* user =
        aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, nullptr);
    EXPECT_EQ(aclSetInputTensorAddr(e, 0, user, &new_input), ACLNN_SUCCESS);
    void* addr = nullptr;
    aclGetRawTensorAddr(user, &addr);
    EXPECT_EQ(addr, &new_input);  // the user's tensor follows
    EXPECT_EQ(aclSetOutputTensorAddr(e, 0, nullptr, &new_output), ACLNN_SUCCESS);
    EXPECT_EQ(run(e), ACLNN_SUCCESS);
    EXPECT_EQ(record.last_input_data, &new_input);
    EXPECT_EQ(record.last_output_data, &new_output);
    // aclSetTensorAddr counts the inputs (2 here), then the outputs.
    int third = 0;
    int fourth = 0;
    EXPECT_EQ(aclSetTensorAddr(e, 0, nullptr, &third), ACLNN_SUCCESS);
    EXPECT_EQ(aclSetTensorAddr(e, 2, nullptr, &fourth), ACLNN_SUCCESS);
    EXPECT_EQ(run(e), ACLNN_SUCCESS);
    EXPECT_EQ(record.last_input_data, &third);
    EXPECT_EQ(record.last_output_data, &fourth);
    // The capitalised spellings do the same.
    EXPECT_EQ(AclSetInputTensorAddr(e, 0, nullptr, &new_input), ACLNN_SUCCESS);
    EXPECT_EQ(AclSetOutputTensorAddr(e, 0, nullptr, &new_output), ACLNN_SUCCESS);
    EXPECT_EQ(AclSetTensorAddr(e, 0, nullptr, &new_input), ACLNN_SUCCESS);
    EXPECT_EQ(run(e), ACLNN_SUCCESS);
    EXPECT_EQ(record.last_input_data, &new_input);
    EXPECT_EQ(record.last_output_data, &new_output);
    aclDestroyTensor(user);
    aclDestroyAclOpExecutor(e);
}

TEST_P(Executor, SetTensorAddrRejections) {
    Record record;
    aclOpExecutor* e = publish(&record);
    int x = 0;
    EXPECT_EQ(aclSetInputTensorAddr(e, 2, nullptr, &x), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("EZ1001: [aclSetInputTensorAddr] index: 2 is out of range: aclnnFake "
                          "has 2 inputs and 1 outputs"));
    EXPECT_EQ(aclSetOutputTensorAddr(e, 1, nullptr, &x), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(aclSetTensorAddr(e, 3, nullptr, &x), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(AclSetTensorAddr(e, 3, nullptr, &x), ACLNN_ERR_PARAM_INVALID);
    // Input 1 is an optional tensor the caller passed as null.
    EXPECT_EQ(aclSetInputTensorAddr(e, 1, nullptr, &x), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("input 1 of aclnnFake is an optional tensor"));
    EXPECT_EQ(aclSetTensorAddr(e, 1, nullptr, &x), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(aclSetInputTensorAddr(nullptr, 0, nullptr, &x), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclSetOutputTensorAddr(nullptr, 0, nullptr, &x), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclSetTensorAddr(nullptr, 0, nullptr, &x), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_SUCCESS);
    EXPECT_EQ(aclSetInputTensorAddr(e, 0, nullptr, &x), ACLNN_ERR_INNER);
    EXPECT_EQ(aclSetOutputTensorAddr(e, 0, nullptr, &x), ACLNN_ERR_INNER);
    EXPECT_EQ(aclSetTensorAddr(e, 0, nullptr, &x), ACLNN_ERR_INNER);
    take_recent_error();
}

TEST_P(Executor, DynamicTensorAddrIsInvalidForOpsWithoutLists) {
    Record record;
    aclOpExecutor* e = publish(&record);
    int x = 0;
    EXPECT_EQ(aclSetDynamicInputTensorAddr(e, 0, 0, nullptr, &x), ACLNN_ERR_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(),
                HasSubstr("[aclSetDynamicInputTensorAddr] irIndex: aclnnFake takes no "
                          "tensor-list parameter"));
    EXPECT_EQ(aclSetDynamicOutputTensorAddr(e, 0, 0, nullptr, &x), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(aclSetDynamicTensorAddr(e, 0, 0, nullptr, &x), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(AclSetDynamicInputTensorAddr(e, 0, 0, nullptr, &x), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(AclSetDynamicOutputTensorAddr(e, 0, 0, nullptr, &x), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(AclSetDynamicTensorAddr(e, 0, 0, nullptr, &x), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(aclSetDynamicTensorAddr(nullptr, 0, 0, nullptr, &x), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclDestroyAclOpExecutor(e), ACLNN_SUCCESS);
    EXPECT_EQ(aclSetDynamicTensorAddr(e, 0, 0, nullptr, &x), ACLNN_ERR_INNER);
    take_recent_error();
}

TEST_P(Executor, ConcurrentPublishAndExecute) {
    Record record;
    constexpr int kThreads = 4;
    constexpr int kPerThread = 200;
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&] {
            // Phase 2 runs on the thread's default stream: the thread needs a device.
            if (aclrtSetDevice(0) != ACL_SUCCESS) {
                failures += kPerThread;
                return;
            }
            for (int i = 0; i < kPerThread; ++i) {
                auto executor = std::make_unique<FakeExecutor>(&record, Behaviour::Succeed);
                executor->op_name = kOp;
                uint64_t size = 0;
                aclOpExecutor* handle = nullptr;
                if (nn::publish_executor(std::move(executor), &size, &handle) != ACLNN_SUCCESS
                    || nn::execute(kOp, nullptr, 0, handle, nullptr) != ACLNN_SUCCESS) {
                    ++failures;
                }
            }
            aclrtResetDevice(0);
        });
    }
    for (auto& t : threads) {
        t.join();
    }
    EXPECT_EQ(failures, 0);
    EXPECT_EQ(record.runs, kThreads * kPerThread);
    EXPECT_EQ(record.destroyed, kThreads * kPerThread);
}

ACLEMU_INSTANTIATE_BACKENDS(Executor);

}  // namespace
}  // namespace aclemu::test
