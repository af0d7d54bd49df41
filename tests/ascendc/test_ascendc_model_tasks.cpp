// The tasks of a captured instance (aclmdlRITaskGetType, GetSeqId, GetParams, SetParams,
// Disable, aclmdlRIUpdate) on two launches of fatbin_kernels.cpp's scale_block, on the backend
// ACLEMU_BACKEND names (ctest: cpu and gpusim). A kernel task's parameters read back as
// launched; a new launch and a disabled task take effect at aclmdlRIUpdate, not before. On the
// GPU simulator a kernel task is a segment of its own (Note [Kernel launches as segments]), whose
// first task is the kernel; only kernel tasks can be disabled there. Results are checked against
// double-precision references.
#include "device_test_fixture.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr uint32_t kBlocks = 8;
constexpr uint32_t kPerBlock = 16;
constexpr size_t kCount = kBlocks * kPerBlock;
constexpr float kSentinel = -1000.0f;

static_assert(sizeof(ScaleArgs) == 32, "scale_block takes 32 bytes of parameters");

// CANN's layouts: a program built against CANN's header reads the same fields.
static_assert(offsetof(aclmdlRITaskParams, taskGrp) == 16, "taskGrp at 16");
static_assert(offsetof(aclmdlRITaskParams, opInfoPtr) == 24, "opInfoPtr at 24");
static_assert(offsetof(aclmdlRITaskParams, opInfoSize) == 32, "opInfoSize at 32");
static_assert(offsetof(aclmdlRITaskParams, kernelTaskParams) == 72, "the union at 72");
static_assert(sizeof(aclmdlRITaskParams) == 40 + 32 + 128, "200 bytes");
static_assert(offsetof(aclmdlRIKernelTaskParams, cfg) == 8, "cfg at 8");
static_assert(offsetof(aclmdlRIKernelTaskParams, args) == 16, "args at 16");
static_assert(offsetof(aclmdlRIKernelTaskParams, isHostArgs) == 24, "isHostArgs at 24");
static_assert(offsetof(aclmdlRIKernelTaskParams, argsSize) == 32, "argsSize at 32");
static_assert(offsetof(aclmdlRIKernelTaskParams, numBlocks) == 40, "numBlocks at 40");
static_assert(sizeof(aclmdlRIKernelTaskParams) == sizeof(uint32_t) * 10 + 48, "88 bytes");

// The tasks one launch records: one on the CPU backend; two nodes of the CUDA graph on the
// simulator (the kernel, and the host function that checks its blocks).
const size_t kTasksPerLaunch = on_cpu_backend() ? 1 : 2;

class ModelTasks : public FatbinFixture {
protected:
    void SetUp() override {
        FatbinFixture::SetUp();
        ASSERT_EQ(aclrtBinaryLoadFromFile(ACLEMU_TEST_FATBIN, nullptr, &binary_), ACL_SUCCESS);
        ASSERT_EQ(aclrtBinaryGetFunction(binary_, "scale_block", &scale_), ACL_SUCCESS);
        x_ = ramp(kCount);
        x_dev_ = to_device(x_);
        first_ = to_device(std::vector<float>(kCount, kSentinel));
        second_ = to_device(std::vector<float>(kCount, kSentinel));
    }
    void TearDown() override {
        if (model_ != nullptr) {
            EXPECT_EQ(aclmdlRIDestroy(model_), ACL_SUCCESS);
        }
        aclrtBinaryUnLoad(binary_);
        FatbinFixture::TearDown();
    }

    // Captures first = x * 2, a fill of `fill_bytes` bytes of `second` (0: none), then
    // second = -(first * 0.5).
    void capture(size_t fill_bytes = 0) {
        launched_first_ = ScaleArgs{x_dev_, 0, first_, 2.0f, kPerBlock};
        const ScaleArgs then{first_, 1, second_, 0.5f, kPerBlock};
        ASSERT_EQ(aclmdlRICaptureBegin(stream_, ACL_MODEL_RI_CAPTURE_MODE_RELAXED), ACL_SUCCESS);
        ASSERT_EQ(aclrtLaunchKernelWithHostArgs(scale_,
                                                kBlocks,
                                                stream_,
                                                nullptr,
                                                &launched_first_,
                                                sizeof(launched_first_),
                                                nullptr,
                                                0),
                  ACL_SUCCESS)
            << recent_message();
        if (fill_bytes != 0) {
            ASSERT_EQ(aclrtMemsetAsync(second_, fill_bytes, 0, fill_bytes, stream_), ACL_SUCCESS);
        }
        ASSERT_EQ(aclrtLaunchKernelWithHostArgs(scale_,
                                                kBlocks,
                                                stream_,
                                                nullptr,
                                                const_cast<ScaleArgs*>(&then),
                                                sizeof(then),
                                                nullptr,
                                                0),
                  ACL_SUCCESS);
        ASSERT_EQ(aclmdlRICaptureEnd(stream_, &model_), ACL_SUCCESS);
    }

    std::vector<aclmdlRITask> tasks() {
        uint32_t streams = 0;
        EXPECT_EQ(aclmdlRIGetStreams(model_, nullptr, &streams), ACL_SUCCESS);
        EXPECT_EQ(streams, 1u);
        aclrtStream body = nullptr;
        EXPECT_EQ(aclmdlRIGetStreams(model_, &body, &streams), ACL_SUCCESS);
        uint32_t count = 0;
        EXPECT_EQ(aclmdlRIGetTasksByStream(body, nullptr, &count), ACL_SUCCESS);
        std::vector<aclmdlRITask> listed(count);
        EXPECT_EQ(aclmdlRIGetTasksByStream(body, listed.data(), &count), ACL_SUCCESS);
        return listed;
    }

    // Resets both outputs to the sentinel, runs the instance once and reads them back.
    void execute(std::vector<float>* first, std::vector<float>* second) {
        const std::vector<float> sentinel(kCount, kSentinel);
        const size_t bytes = kCount * sizeof(float);
        ASSERT_EQ(aclrtMemcpy(first_, bytes, sentinel.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_SUCCESS);
        ASSERT_EQ(aclrtMemcpy(second_, bytes, sentinel.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_SUCCESS);
        ASSERT_EQ(aclmdlRIExecuteAsync(model_, stream_), ACL_SUCCESS) << recent_message();
        ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
        *first = to_host(first_, kCount);
        *second = to_host(second_, kCount);
    }

    // out == x * scale element by element (scale in double); NaN scale: out still the sentinel.
    void expect_times(const std::vector<float>& out, double scale, const char* what) {
        for (size_t i = 0; i < kCount; ++i) {
            const double want = static_cast<double>(x_[i]) * scale;
            ASSERT_EQ(out[i], static_cast<float>(want)) << what << " element " << i;
        }
    }
    void expect_untouched(const std::vector<float>& out, const char* what) {
        for (size_t i = 0; i < kCount; ++i) {
            ASSERT_EQ(out[i], kSentinel) << what << " element " << i;
        }
    }

    aclrtBinHandle binary_ = nullptr;
    aclrtFuncHandle scale_ = nullptr;
    std::vector<float> x_;
    void* x_dev_ = nullptr;
    void* first_ = nullptr;
    void* second_ = nullptr;
    ScaleArgs launched_first_{};
    aclmdlRI model_ = nullptr;
};

TEST_F(ModelTasks, ParamsReadBackAndChangesTakeEffectAtTheUpdate) {
    capture();
    std::vector<float> first;
    std::vector<float> second;
    execute(&first, &second);
    expect_times(first, 2.0, "first");
    expect_times(second, -1.0, "second");

    const std::vector<aclmdlRITask> listed = tasks();
    ASSERT_EQ(listed.size(), kTasksPerLaunch * 2) << "two kernel launches";
    for (uint32_t i = 0; i < listed.size(); ++i) {
        uint32_t seq = 99;
        ASSERT_EQ(aclmdlRITaskGetSeqId(listed[i], &seq), ACL_SUCCESS);
        EXPECT_EQ(seq, i);
    }
    EXPECT_EQ(aclmdlRIUpdate(model_), ACL_SUCCESS) << "nothing staged: nothing to do";

    // Each launch's first task is its kernel.
    aclmdlRITaskType type = ACL_MODEL_RI_TASK_DEFAULT;
    for (size_t i = 0; i < listed.size(); ++i) {
        ASSERT_EQ(aclmdlRITaskGetType(listed[i], &type), ACL_SUCCESS) << recent_message();
        EXPECT_EQ(type,
                  i % kTasksPerLaunch == 0 ? ACL_MODEL_RI_TASK_KERNEL : ACL_MODEL_RI_TASK_DEFAULT)
            << "task " << i;
    }
    const aclmdlRITask main_task = listed[0];
    const aclmdlRITask then_task = listed[kTasksPerLaunch];
    aclmdlRITaskParams params{};
    ASSERT_EQ(aclmdlRITaskGetParams(main_task, &params), ACL_SUCCESS) << recent_message();
    EXPECT_EQ(params.type, ACL_MODEL_RI_TASK_KERNEL);
    EXPECT_EQ(params.taskGrp, nullptr);
    const aclmdlRIKernelTaskParams& kernel = params.kernelTaskParams;
    EXPECT_EQ(kernel.funcHandle, scale_);
    EXPECT_EQ(kernel.cfg, nullptr);
    EXPECT_EQ(kernel.isHostArgs, 0u);
    EXPECT_EQ(kernel.argsSize, sizeof(ScaleArgs));
    EXPECT_EQ(kernel.numBlocks, kBlocks);
    ASSERT_NE(kernel.args, nullptr);
    EXPECT_EQ(std::memcmp(kernel.args, &launched_first_, sizeof(ScaleArgs)), 0);

    // The first launch now scales by 3; the second is disabled. Nothing changes before the
    // update.
    ScaleArgs changed = launched_first_;
    changed.alpha = 3.0f;
    aclmdlRITaskParams updated = params;
    updated.kernelTaskParams.args = &changed;
    updated.kernelTaskParams.isHostArgs = 1;
    ASSERT_EQ(aclmdlRITaskSetParams(main_task, &updated), ACL_SUCCESS) << recent_message();
    ASSERT_EQ(aclmdlRITaskDisable(then_task), ACL_SUCCESS) << recent_message();
    execute(&first, &second);
    expect_times(first, 2.0, "first, before the update");
    expect_times(second, -1.0, "second, before the update");

    ASSERT_EQ(aclmdlRIUpdate(model_), ACL_SUCCESS) << recent_message();
    execute(&first, &second);
    expect_times(first, 3.0, "first, after the update");
    expect_untouched(second, "second, disabled");
    execute(&first, &second);  // and again: the changes stay
    expect_times(first, 3.0, "first, second run");
    expect_untouched(second, "second, second run");

    aclmdlRITaskParams now{};
    ASSERT_EQ(aclmdlRITaskGetParams(main_task, &now), ACL_SUCCESS);
    ASSERT_EQ(now.kernelTaskParams.argsSize, sizeof(ScaleArgs));
    EXPECT_EQ(std::memcmp(now.kernelTaskParams.args, &changed, sizeof(ScaleArgs)), 0);
    ASSERT_EQ(aclmdlRITaskGetType(then_task, &type), ACL_SUCCESS);
    EXPECT_EQ(type, ACL_MODEL_RI_TASK_KERNEL) << "a disabled task keeps its kind";

    // Set again from the parameters read back (isHostArgs 0, the task's own copy): alpha 3
    // stays.
    ASSERT_EQ(aclmdlRITaskSetParams(main_task, &now), ACL_SUCCESS) << recent_message();
    ASSERT_EQ(aclmdlRIUpdate(model_), ACL_SUCCESS);
    execute(&first, &second);
    expect_times(first, 3.0, "first, set from its own parameters");

    // A disabled task given a new launch stays disabled.
    ASSERT_EQ(aclmdlRITaskGetParams(then_task, &now), ACL_SUCCESS);
    ASSERT_EQ(aclmdlRITaskSetParams(then_task, &now), ACL_SUCCESS) << recent_message();
    ASSERT_EQ(aclmdlRIUpdate(model_), ACL_SUCCESS);
    execute(&first, &second);
    expect_times(first, 3.0, "first, after the disabled task's new launch");
    expect_untouched(second, "second, still disabled");
}

TEST_F(ModelTasks, BadInputIsRefusedNamingTheParameter) {
    capture(64);  // kernel, fill (a task of another kind), kernel
    const std::vector<aclmdlRITask> listed = tasks();
    ASSERT_EQ(listed.size(), kTasksPerLaunch * 2 + 1);
    const size_t fill = kTasksPerLaunch;
    aclmdlRITaskType type = ACL_MODEL_RI_TASK_KERNEL;
    uint32_t seq = 0;
    aclmdlRITaskParams params{};

    EXPECT_EQ(aclmdlRITaskGetType(nullptr, &type), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("task");
    EXPECT_EQ(aclmdlRITaskGetSeqId(listed[0], nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("id");
    EXPECT_EQ(aclmdlRITaskGetSeqId(model_, &seq), ACL_ERROR_INVALID_PARAM)
        << "an instance is not a task";
    EXPECT_MESSAGE_HAS("task");
    EXPECT_EQ(aclmdlRITaskDisable(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("task");
    EXPECT_EQ(aclmdlRIUpdate(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("modelRI");
    ASSERT_EQ(aclmdlRITaskGetSeqId(listed[2], &seq), ACL_SUCCESS);
    EXPECT_EQ(seq, 2u);
    if (!on_cpu_backend()) {
        EXPECT_EQ(aclmdlRITaskDisable(listed[fill]), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
        EXPECT_MESSAGE_HAS("only a kernel task");
    }
    EXPECT_EQ(aclmdlRITaskGetType(listed[0], nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("type");
    EXPECT_EQ(aclmdlRITaskGetParams(listed[0], nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("params");
    EXPECT_EQ(aclmdlRITaskSetParams(listed[0], nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("params");

    // The fill is a task of another kind: its parameters read as such, and cannot be set.
    ASSERT_EQ(aclmdlRITaskGetType(listed[fill], &type), ACL_SUCCESS);
    EXPECT_EQ(type, ACL_MODEL_RI_TASK_DEFAULT);
    ASSERT_EQ(aclmdlRITaskGetParams(listed[fill], &params), ACL_SUCCESS);
    EXPECT_EQ(params.type, ACL_MODEL_RI_TASK_DEFAULT);
    EXPECT_EQ(params.kernelTaskParams.funcHandle, nullptr);
    ASSERT_EQ(aclmdlRITaskGetParams(listed[0], &params), ACL_SUCCESS);
    EXPECT_EQ(aclmdlRITaskSetParams(listed[fill], &params), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("not a kernel task");

    aclmdlRITaskParams bad = params;
    bad.type = ACL_MODEL_RI_TASK_EVENT_RECORD;
    EXPECT_EQ(aclmdlRITaskSetParams(listed[0], &bad), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("params->type");
    bad = params;
    bad.kernelTaskParams.funcHandle = nullptr;
    EXPECT_EQ(aclmdlRITaskSetParams(listed[0], &bad), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("funcHandle");
    bad = params;
    bad.kernelTaskParams.args = nullptr;
    EXPECT_EQ(aclmdlRITaskSetParams(listed[0], &bad), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("params->kernelTaskParams.args");
    bad = params;
    bad.kernelTaskParams.argsSize = 16;  // scale_block takes 32
    EXPECT_EQ(aclmdlRITaskSetParams(listed[0], &bad), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("argsSize");

    // A refused change stages nothing: the instance runs as captured.
    ASSERT_EQ(aclmdlRIUpdate(model_), ACL_SUCCESS);
    std::vector<float> first;
    std::vector<float> second;
    execute(&first, &second);
    expect_times(first, 2.0, "first");
    expect_times(second, -1.0, "second");

    // A task of a destroyed instance is refused.
    ASSERT_EQ(aclmdlRIDestroy(model_), ACL_SUCCESS);
    model_ = nullptr;
    EXPECT_EQ(aclmdlRITaskGetType(listed[0], &type), ACL_ERROR_INVALID_PARAM);
    EXPECT_MESSAGE_HAS("task");
}

}  // namespace
