// ACL graphs (issue 20): a stream capture records a copy, an aclnn operator, a copy back and a
// host function into a model runtime instance instead of running them; each execution replays
// them in stream order. Also the rules around a capture (unsafe calls, waits), builds from bound
// streams, task groups, and the exact codes and messages of bad arguments and stale handles.
#include "aclnnop/aclnn_logsigmoid_backward.h"

#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/device_tensor.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace aclemu::test {
namespace {

constexpr int64_t kCount = 48;
constexpr size_t kBytes = kCount * sizeof(float);

// d/dx log(sigmoid(x)) = 1 / (1 + e^x), times the incoming gradient: the reference, in double.
double logsigmoid_backward(double dy, double x) {
    return dy / (1.0 + std::exp(x));
}

float input_value(int64_t i, int replay) {
    return static_cast<float>(-3.0 + 0.125 * static_cast<double>(i) + 0.5 * replay);
}

float grad_value(int64_t i) {
    return static_cast<float>(0.25 + 0.01 * static_cast<double>(i));
}

// What the captured host function saw, per execution: the copied-back result at that moment.
struct Snapshots {
    const float* host_out = nullptr;
    std::vector<std::vector<float>> taken;
    static void take(void* self) {
        auto* s = static_cast<Snapshots*>(self);
        s->taken.emplace_back(s->host_out, s->host_out + kCount);
    }
};

class GraphCapture : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        ASSERT_EQ(aclrtMallocHost(&host_in_, kBytes), ACL_SUCCESS);
        ASSERT_EQ(aclrtMallocHost(&host_out_, kBytes), ACL_SUCCESS);
    }
    void TearDown() override {
        aclrtFreeHost(host_in_);
        aclrtFreeHost(host_out_);
        BackendTest::TearDown();
    }
    float* in() { return static_cast<float*>(host_in_); }
    float* out() { return static_cast<float*>(host_out_); }

    void* host_in_ = nullptr;
    void* host_out_ = nullptr;
};

TEST_P(GraphCapture, CopyOperatorCopyAndHostFunctionReplayThreeTimes) {
    std::vector<double> dy_values(kCount);
    for (int64_t i = 0; i < kCount; ++i) {
        dy_values[i] = grad_value(i);
    }
    auto dy = DeviceTensor::contiguous({kCount}, ACL_FLOAT, dy_values);
    auto x = DeviceTensor::filled({kCount}, ACL_FLOAT, 0.0);
    auto buffer = DeviceTensor::filled({kCount}, ACL_FLOAT, 0.0);
    auto grad_in = DeviceTensor::filled({kCount}, ACL_FLOAT, 0.0);
    uint64_t workspace_size = 0;
    aclOpExecutor* executor = nullptr;
    ASSERT_EQ(aclnnLogSigmoidBackwardGetWorkspaceSize(
                  dy.get(), x.get(), buffer.get(), grad_in.get(), &workspace_size, &executor),
              ACLNN_SUCCESS)
        << take_recent_error();
    DeviceBuffer workspace(static_cast<size_t>(workspace_size));
    for (int64_t i = 0; i < kCount; ++i) {
        in()[i] = 100.0f;  // not what any execution copies: the capture must not run
        out()[i] = -7.0f;  // sentinel
    }
    Snapshots snapshots;
    snapshots.host_out = out();

    ASSERT_EQ(aclmdlRICaptureBegin(stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS)
        << take_recent_error();
    aclmdlRICaptureStatus status = ACL_MODEL_RI_CAPTURE_STATUS_NONE;
    aclmdlRI during = nullptr;
    ASSERT_EQ(aclmdlRICaptureGetInfo(stream(), &status, &during), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE);
    EXPECT_NE(during, nullptr);
    ASSERT_EQ(aclrtMemcpyAsync(x.data(), kBytes, in(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
              ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclnnLogSigmoidBackward(workspace.get(), workspace_size, executor, stream()),
              ACLNN_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtMemcpyAsync(
                  out(), kBytes, grad_in.data(), kBytes, ACL_MEMCPY_DEVICE_TO_HOST, stream()),
              ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), &Snapshots::take, &snapshots), ACL_SUCCESS)
        << take_recent_error();
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(stream(), &model), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(model, during);
    ASSERT_EQ(aclmdlRICaptureGetInfo(stream(), &status, &during), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_MODEL_RI_CAPTURE_STATUS_NONE);

    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_TRUE(snapshots.taken.empty()) << "the captured host function ran during the capture";
    EXPECT_EQ(out()[0], -7.0f) << "the captured copy ran during the capture";

    for (int replay = 0; replay < 3; ++replay) {
        for (int64_t i = 0; i < kCount; ++i) {
            in()[i] = input_value(i, replay);
        }
        ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS) << take_recent_error();
        ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS) << take_recent_error();
        ASSERT_EQ(snapshots.taken.size(), static_cast<size_t>(replay + 1));
        for (int64_t i = 0; i < kCount; ++i) {
            const double expected = logsigmoid_backward(grad_value(i), input_value(i, replay));
            EXPECT_NEAR(snapshots.taken.back()[i], expected, 1e-6 + 2e-6 * std::fabs(expected))
                << "replay " << replay << ", element " << i;
        }
    }
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
}

TEST_P(GraphCapture, ExecuteWaitsAndEventsRecordedInTheGraphComplete) {
    aclrtEvent event = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
    std::atomic<int> runs{0};
    ASSERT_EQ(aclmdlRICaptureBegin(stream(), ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(host_out_, kBytes, 0x3f, kBytes, stream()), ACL_SUCCESS);
    ASSERT_EQ(
        aclrtLaunchHostFunc(
            stream(), [](void* n) { static_cast<std::atomic<int>*>(n)->fetch_add(1); }, &runs),
        ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(event, stream()), ACL_SUCCESS);
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(stream(), &model), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(runs.load(), 0);
    for (int replay = 1; replay <= 3; ++replay) {
        out()[0] = 0.0f;
        ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS) << take_recent_error();
        ASSERT_EQ(aclrtSynchronizeEvent(event), ACL_SUCCESS);
        EXPECT_EQ(runs.load(), replay);
        unsigned char first = 0;
        std::memcpy(&first, host_out_, 1);
        EXPECT_EQ(first, 0x3f);
    }
    runs = 0;
    ASSERT_EQ(aclmdlRIExecute(model, -1), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(runs.load(), 1);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
}

TEST_P(GraphCapture, AnInstanceDestroyedWhileALaunchIsQueuedStillRunsIt) {
    std::atomic<int> runs{0};
    ASSERT_EQ(aclmdlRICaptureBegin(stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
    ASSERT_EQ(
        aclrtLaunchHostFunc(
            stream(), [](void* n) { static_cast<std::atomic<int>*>(n)->fetch_add(1); }, &runs),
        ACL_SUCCESS);
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(stream(), &model), ACL_SUCCESS);
    Latch latch;
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), &Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);  // the launch is still queued
    latch.release();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(runs.load(), 1);
}

TEST_P(GraphCapture, ExternalEventFlagsNeedACapturingStream) {
    aclrtEvent event = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclrtRecordEventWithFlag(event, stream(), ACL_EVENT_RECORD_EXTERNAL),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("flag"), std::string::npos);
    EXPECT_EQ(aclrtRecordEventWithFlag(event, stream(), 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtStreamWaitEventWithFlag(stream(), event, 0, 5), ACL_ERROR_INVALID_PARAM);
    ASSERT_EQ(aclrtRecordEventWithFlag(event, stream(), ACL_EVENT_RECORD_DEFAULT), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamWaitEventWithFlag(stream(), event, 0, ACL_EVENT_WAIT_DEFAULT),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);

    std::atomic<int> runs{0};
    ASSERT_EQ(aclmdlRICaptureBegin(stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
    EXPECT_EQ(aclrtStreamWaitEventWithFlag(stream(), event, 3, ACL_EVENT_WAIT_EXTERNAL),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("timeout"), std::string::npos);
    ASSERT_EQ(aclrtStreamWaitEventWithFlag(stream(), event, 0, ACL_EVENT_WAIT_EXTERNAL),
              ACL_SUCCESS);
    ASSERT_EQ(
        aclrtLaunchHostFunc(
            stream(), [](void* n) { static_cast<std::atomic<int>*>(n)->fetch_add(1); }, &runs),
        ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEventWithFlag(event, stream(), ACL_EVENT_RECORD_EXTERNAL), ACL_SUCCESS)
        << take_recent_error();
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(stream(), &model), ACL_SUCCESS);
    for (int replay = 1; replay <= 2; ++replay) {
        ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeEvent(event), ACL_SUCCESS);
        EXPECT_EQ(runs.load(), replay);
    }
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
}

TEST_P(GraphCapture, UnsafeCallsAndWaitsAreRefusedDuringACapture) {
    DeviceBuffer device(kBytes);
    ASSERT_EQ(aclmdlRICaptureBegin(stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclrtMemcpy(device.get(), kBytes, in(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
    EXPECT_NE(take_recent_error().find("aclrtMemcpy is an unsafe call"), std::string::npos);
    EXPECT_EQ(aclrtMemset(device.get(), kBytes, 0, kBytes), ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
    std::vector<float> pageable(kCount);
    EXPECT_EQ(
        aclrtMemcpyAsync(
            device.get(), kBytes, pageable.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE, stream()),
        ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
    EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_ERROR_RT_STREAM_CAPTURED);
    EXPECT_NE(take_recent_error().find("aclrtSynchronizeStream cannot wait"), std::string::npos);
    // Another thread in GLOBAL mode is refused too; switched to RELAXED it may.
    aclError other = ACL_SUCCESS;
    aclError relaxed = ACL_ERROR_INVALID_PARAM;
    std::thread([&] {
        aclrtSetDevice(0);
        other = aclrtMemset(device.get(), kBytes, 0, kBytes);
        aclmdlRICaptureMode mode = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
        aclmdlRICaptureThreadExchangeMode(&mode);
        relaxed = aclrtMemset(device.get(), kBytes, 0, kBytes);
        aclmdlRICaptureThreadExchangeMode(&mode);
    }).join();
    EXPECT_EQ(other, ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT);
    EXPECT_EQ(relaxed, ACL_SUCCESS);
    // This thread, switched to RELAXED, runs the unsafe call at once (it is not captured).
    aclmdlRICaptureMode mode = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
    ASSERT_EQ(aclmdlRICaptureThreadExchangeMode(&mode), ACL_SUCCESS);
    EXPECT_EQ(mode, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL);
    EXPECT_EQ(aclrtMemset(device.get(), kBytes, 0, kBytes), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureThreadExchangeMode(&mode), ACL_SUCCESS);
    EXPECT_EQ(mode, ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(stream(), &model), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemset(device.get(), kBytes, 0, kBytes), ACL_SUCCESS);  // capture over
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
}

TEST_P(GraphCapture, RelaxedCaptureAllowsUnsafeCallsAndEndsOnAnotherThread) {
    DeviceBuffer device(kBytes);
    ASSERT_EQ(aclmdlRICaptureBegin(stream(), ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_SUCCESS);
    EXPECT_EQ(aclrtMemset(device.get(), kBytes, 0, kBytes), ACL_SUCCESS);
    aclmdlRI model = nullptr;
    aclError ended = ACL_ERROR_INVALID_PARAM;
    aclrtContext context = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&context), ACL_SUCCESS);
    std::thread([&] {
        aclrtSetCurrentContext(context);
        ended = aclmdlRICaptureEnd(stream(), &model);
    }).join();
    EXPECT_EQ(ended, ACL_SUCCESS);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
}

TEST_P(GraphCapture, CaptureCallsCheckTheirArguments) {
    aclmdlRI model = nullptr;
    take_recent_error();
    EXPECT_EQ(aclmdlRICaptureBegin(nullptr, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL),
              ACL_ERROR_RT_STREAM_CAPTURE_IMPLICIT);
    EXPECT_NE(take_recent_error().find("stream"), std::string::npos);
    EXPECT_EQ(aclmdlRICaptureBegin(stream(), static_cast<aclmdlRICaptureMode>(3)),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("mode"), std::string::npos);
    EXPECT_EQ(aclmdlRICaptureEnd(stream(), &model), ACL_ERROR_RT_STREAM_NOT_CAPTURED);
    EXPECT_NE(take_recent_error().find("not capturing"), std::string::npos);
    EXPECT_EQ(aclmdlRICaptureEnd(stream(), nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("modelRI"), std::string::npos);
    aclmdlRICaptureStatus status;
    EXPECT_EQ(aclmdlRICaptureGetInfo(stream(), nullptr, &model), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("status"), std::string::npos);
    EXPECT_EQ(aclmdlRICaptureThreadExchangeMode(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("mode"), std::string::npos);
    aclmdlRICaptureMode bad = static_cast<aclmdlRICaptureMode>(7);
    EXPECT_EQ(aclmdlRICaptureThreadExchangeMode(&bad), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclmdlRICaptureTaskGrpBegin(stream()), ACL_ERROR_RT_STREAM_NOT_CAPTURED);

    ASSERT_EQ(aclmdlRICaptureBegin(stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
    EXPECT_EQ(aclmdlRICaptureBegin(stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL),
              ACL_ERROR_RT_STREAM_CAPTURED);
    EXPECT_NE(take_recent_error().find("already records"), std::string::npos);
    ASSERT_EQ(aclmdlRICaptureGetInfo(stream(), &status, &model), ACL_SUCCESS);
    // Not ready while capturing: it cannot run or be destroyed.
    EXPECT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_ERROR_RT_MODEL_CAPTURED);
    EXPECT_NE(take_recent_error().find("modelRI"), std::string::npos);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_ERROR_RT_MODEL_CAPTURED);
    // A GLOBAL capture ends on the thread that began it.
    aclError wrong_thread = ACL_SUCCESS;
    aclrtContext context = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&context), ACL_SUCCESS);
    std::thread([&] {
        aclrtSetCurrentContext(context);
        aclmdlRI other = nullptr;
        wrong_thread = aclmdlRICaptureEnd(stream(), &other);
    }).join();
    EXPECT_EQ(wrong_thread, ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD);
    ASSERT_EQ(aclmdlRICaptureEnd(stream(), &model), ACL_SUCCESS);

    take_recent_error();
    EXPECT_EQ(aclmdlRIExecuteAsync(nullptr, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("modelRI"), std::string::npos);
    EXPECT_EQ(aclmdlRIExecute(model, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("timeout"), std::string::npos);
    EXPECT_EQ(aclmdlRIDebugJsonPrint(model, nullptr, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("path"), std::string::npos);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
    EXPECT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("not a live model runtime instance"), std::string::npos);
}

TEST_P(GraphCapture, DestroyingTheCapturingStreamInvalidatesTheInstance) {
    aclrtStream other = nullptr;
    ASSERT_EQ(aclrtCreateStream(&other), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureBegin(other, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
    aclmdlRICaptureStatus status;
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureGetInfo(other, &status, &model), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyStream(other), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED);
    EXPECT_NE(take_recent_error().find("invalidated"), std::string::npos);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
}

TEST_P(GraphCapture, StaleModelHandlesAreRefused) {
    std::set<aclmdlRI> seen;
    aclmdlRI first = nullptr;
    for (int round = 0; round < 32; ++round) {
        aclmdlRI model = nullptr;
        ASSERT_EQ(aclmdlRIBuildBegin(&model, 0), ACL_SUCCESS) << take_recent_error();
        EXPECT_TRUE(seen.insert(model).second) << "handle value reused in round " << round;
        if (round == 0) {
            first = model;
        }
        ASSERT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
    }
    take_recent_error();
    EXPECT_EQ(aclmdlRIExecuteAsync(first, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("modelRI"), std::string::npos);
    // And one from before aclFinalize.
    aclmdlRI before = nullptr;
    ASSERT_EQ(aclmdlRIBuildBegin(&before, 0), ACL_SUCCESS);
    restart_runtime();
    EXPECT_EQ(aclmdlRIDestroy(before), ACL_ERROR_INVALID_PARAM);
}

TEST_P(GraphCapture, BuildFromBoundStreamsReplaysTheirTasks) {
    aclrtStream bound = nullptr;
    ASSERT_EQ(aclrtCreateStreamWithConfig(&bound, 0, ACL_STREAM_PERSISTENT), ACL_SUCCESS);
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRIBuildBegin(&model, 0), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIBindStream(model, bound, ACL_MODEL_STREAM_FLAG_HEAD), ACL_SUCCESS)
        << take_recent_error();
    OrderLog log;
    struct Step {
        OrderLog* log;
        int value;
        static void run(void* s) { static_cast<Step*>(s)->log->add(static_cast<Step*>(s)->value); }
    };
    Step one{&log, 1}, two{&log, 2};
    ASSERT_EQ(aclrtLaunchHostFunc(bound, &Step::run, &one), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(bound, &Step::run, &two), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIEndTask(model, bound), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclmdlRIBuildEnd(model, nullptr), ACL_SUCCESS) << take_recent_error();
    EXPECT_TRUE(log.values().empty());
    ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(log.values(), (std::vector<int>{1, 2, 1, 2}));

    const std::string path = ::testing::TempDir() + "aclemu_graph_capture_model.json";
    ASSERT_EQ(aclmdlRIDebugJsonPrint(model, path.c_str(), 0), ACL_SUCCESS) << take_recent_error();
    std::ifstream file(path);
    const std::string json((std::istreambuf_iterator<char>(file)),
                           std::istreambuf_iterator<char>());
    EXPECT_NE(json.find("\"state\": \"ready\""), std::string::npos) << json;
    EXPECT_NE(json.find("\"taskCount\": 2"), std::string::npos) << json;
    std::remove(path.c_str());
    EXPECT_EQ(aclmdlRIDebugPrint(model), ACL_SUCCESS);

    take_recent_error();
    EXPECT_EQ(aclmdlRIBindStream(model, bound, 5), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("flag"), std::string::npos);
    EXPECT_EQ(aclmdlRIEndTask(model, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("stream"), std::string::npos);
    EXPECT_EQ(aclmdlRIBuildBegin(&model, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("flag"), std::string::npos);
    EXPECT_EQ(aclmdlRIUnbindStream(model, bound), ACL_SUCCESS);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(bound), ACL_SUCCESS);
}

TEST_P(GraphCapture, TaskGroupUpdateReplacesItsTasks) {
    ASSERT_EQ(aclmdlRICaptureBegin(stream(), ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), ACL_SUCCESS);
    const aclError began = aclmdlRICaptureTaskGrpBegin(stream());
    if (began == ACL_ERROR_RT_FEATURE_NOT_SUPPORT) {
        aclmdlRI model = nullptr;
        aclmdlRICaptureEnd(stream(), &model);
        aclmdlRIDestroy(model);
        GTEST_SKIP() << "task groups are not recorded on this backend: " << take_recent_error();
    }
    ASSERT_EQ(began, ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclmdlRICaptureTaskGrpBegin(stream()), ACL_ERROR_STREAM_TASK_GROUP_STATUS);
    ASSERT_EQ(aclrtMemsetAsync(host_out_, kBytes, 0x11, 4, stream()), ACL_SUCCESS);
    aclrtTaskGrp group = nullptr;
    ASSERT_EQ(aclmdlRICaptureTaskGrpEnd(stream(), &group), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtMemsetAsync(static_cast<char*>(host_out_) + 4, kBytes - 4, 0x22, 4, stream()),
              ACL_SUCCESS);
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(stream(), &model), ACL_SUCCESS);
    auto bytes = [&] {
        unsigned char b[8];
        std::memcpy(b, host_out_, 8);
        return std::vector<int>{b[0], b[3], b[4], b[7]};
    };
    ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(bytes(), (std::vector<int>{0x11, 0x11, 0x22, 0x22}));

    aclrtStream updater = nullptr;
    ASSERT_EQ(aclrtCreateStream(&updater), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureTaskUpdateBegin(updater, group), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclmdlRICaptureTaskUpdateBegin(stream(), group), ACL_ERROR_STREAM_TASK_GROUP_STATUS);
    ASSERT_EQ(aclrtMemsetAsync(host_out_, kBytes, 0x33, 4, updater), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureTaskUpdateEnd(updater), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclmdlRICaptureTaskUpdateEnd(updater), ACL_ERROR_STREAM_TASK_GROUP_STATUS);
    ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(bytes(), (std::vector<int>{0x33, 0x33, 0x22, 0x22}));

    // An update must replace each task by one: two tasks for a group of one fail.
    ASSERT_EQ(aclmdlRICaptureTaskUpdateBegin(updater, group), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(host_out_, kBytes, 0x44, 4, updater), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(host_out_, kBytes, 0x55, 4, updater), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclmdlRICaptureTaskUpdateEnd(updater), ACL_ERROR_RT_MODEL_UPDATE_FAILED);
    EXPECT_NE(take_recent_error().find("holds 1"), std::string::npos);
    EXPECT_EQ(aclmdlRICaptureTaskUpdateBegin(updater, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_NE(take_recent_error().find("handle"), std::string::npos);
    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
    EXPECT_EQ(aclmdlRICaptureTaskUpdateBegin(updater, group), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDestroyStream(updater), ACL_SUCCESS);
}

// CANN's task-update pattern (hicann/runtime:example/2_advanced_features/model_ri/1_model_update):
// a captured wait on an ACL_EVENT_EXTERNAL event stops each execution until the host records the
// event, so an update made meanwhile reaches that execution, and later work on the stream waits.
TEST_P(GraphCapture, ExternalWaitHoldsEachExecutionUntilTheHostRecords) {
    constexpr size_t kWords = 16;
    constexpr size_t kWordBytes = kWords * sizeof(uint32_t);
    void* first = nullptr;
    void* grouped = nullptr;
    ASSERT_EQ(aclrtMalloc(&first, kWordBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&grouped, kWordBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    auto words = [&](void* device) {
        std::vector<uint32_t> host(kWords, 0);
        EXPECT_EQ(
            aclrtMemcpy(host.data(), kWordBytes, device, kWordBytes, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_SUCCESS);
        return host;
    };
    auto all = [&](uint32_t value) { return std::vector<uint32_t>(kWords, value); };
    ASSERT_EQ(aclrtMemsetD32(first, kWordBytes, 0, kWords), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetD32(grouped, kWordBytes, 0, kWords), ACL_SUCCESS);

    aclrtEvent external = nullptr;
    ASSERT_EQ(aclrtCreateEventWithFlag(&external, ACL_EVENT_EXTERNAL), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureBegin(stream(), ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetD32Async(first, kWordBytes, 0x11, kWords, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamWaitEvent(stream(), external), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtResetEvent(external, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureTaskGrpBegin(stream()), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtMemsetD32Async(grouped, kWordBytes, 0x22, kWords, stream()), ACL_SUCCESS);
    aclrtTaskGrp group = nullptr;
    ASSERT_EQ(aclmdlRICaptureTaskGrpEnd(stream(), &group), ACL_SUCCESS) << take_recent_error();
    aclmdlRI model = nullptr;
    ASSERT_EQ(aclmdlRICaptureEnd(stream(), &model), ACL_SUCCESS) << take_recent_error();

    aclrtStream updater = nullptr;
    ASSERT_EQ(aclrtCreateStream(&updater), ACL_SUCCESS);
    // A wait for an external event cannot be part of an update.
    ASSERT_EQ(aclmdlRICaptureTaskUpdateBegin(updater, group), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclrtStreamWaitEvent(updater, external), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_NE(take_recent_error().find("ACL_EVENT_EXTERNAL"), std::string::npos);
    ASSERT_EQ(aclrtMemsetD32Async(grouped, kWordBytes, 0x22, kWords, updater), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureTaskUpdateEnd(updater), ACL_SUCCESS) << take_recent_error();

    // Execution 1: the tasks before the wait run; the stream stops until the record.
    ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS) << take_recent_error();
    aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
    ASSERT_EQ(aclrtStreamQuery(stream(), &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);
    ASSERT_EQ(aclrtRecordEvent(external, updater), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(words(first), all(0x11));
    EXPECT_EQ(words(grouped), all(0x22));

    // Execution 2: updated while it waits; a fill enqueued after it runs after its tail.
    ASSERT_EQ(aclrtMemsetD32(first, kWordBytes, 0, kWords), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRIExecuteAsync(model, stream()), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtMemsetD32Async(grouped, kWordBytes, 0x55, kWords / 2, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamQuery(stream(), &status), ACL_SUCCESS);
    EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);
    ASSERT_EQ(aclmdlRICaptureTaskUpdateBegin(updater, group), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetD32Async(grouped, kWordBytes, 0x33, kWords, updater), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRICaptureTaskUpdateEnd(updater), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtRecordEvent(external, updater), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(words(first), all(0x11));
    std::vector<uint32_t> expected = all(0x33);
    std::fill(expected.begin(), expected.begin() + kWords / 2, 0x55u);
    EXPECT_EQ(words(grouped), expected);

    EXPECT_EQ(aclmdlRIDestroy(model), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(updater), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(external), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(first), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(grouped), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_BACKENDS(GraphCapture);

}  // namespace
}  // namespace aclemu::test
