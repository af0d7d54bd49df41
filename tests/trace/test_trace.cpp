// The ACLEMU_TRACE timeline, read back from the file a real run writes: the acl/aclnn calls on
// the host thread's track, each stream's tasks (kernel, copies, memsets, event records and
// waits, host functions) on the stream's track with real, ordered times, synchronous copies on
// the device's track; on the CPU backend and on the GPU backend (the GPU simulator where no GPU
// answers); an unwritable path costs a WARNING, never the program.
#include "acl/acl.h"
#include "aclnnop/aclnn_logit_grad.h"

#include "aclemu/observe.h"
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/device_tensor.h"
#include "support/stdout_capture.h"
#include "trace/timeline.h"
#include "trace/trace_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// Device memory holding `values` as floats, and an aclTensor of `dims` over it.
struct FloatTensor {
    FloatTensor(const std::vector<int64_t>& dims, size_t count)
        : buffer(count * sizeof(float)), count(count) {
        std::vector<int64_t> strides(dims.size(), 1);
        for (size_t i = dims.size(); i-- > 1;) {
            strides[i - 1] = strides[i] * dims[i];
        }
        const int64_t storage = static_cast<int64_t>(count);
        tensor = aclCreateTensor(dims.data(),
                                 dims.size(),
                                 ACL_FLOAT,
                                 strides.data(),
                                 0,
                                 ACL_FORMAT_ND,
                                 &storage,
                                 1,
                                 buffer.get());
    }
    ~FloatTensor() { aclDestroyTensor(tensor); }
    FloatTensor(const FloatTensor&) = delete;
    FloatTensor& operator=(const FloatTensor&) = delete;

    DeviceBuffer buffer;
    size_t count;
    aclTensor* tensor = nullptr;
};

// Pinned host memory (aclrtMallocHost), so aclrtMemcpyAsync is truly asynchronous.
struct PinnedFloats {
    explicit PinnedFloats(size_t count) : count(count) {
        EXPECT_EQ(aclrtMallocHost(reinterpret_cast<void**>(&data), count * sizeof(float)),
                  ACL_SUCCESS);
    }
    ~PinnedFloats() { aclrtFreeHost(data); }
    PinnedFloats(const PinnedFloats&) = delete;
    PinnedFloats& operator=(const PinnedFloats&) = delete;
    size_t bytes() const { return count * sizeof(float); }

    float* data = nullptr;
    size_t count;
};

class TraceTimeline : public TraceTest {};

// LogitGrad between pinned copies on one stream: the copies and the kernel are the stream's
// tasks, in order, with the kernel's op, variant and bytes; the call that launched it is on the
// host thread's track, linked to the kernel by a flow.
TEST_P(TraceTimeline, OpAndCopiesOnTheStreamTrack) {
    constexpr size_t kCount = 6;
    const std::vector<double> x = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6};
    PinnedFloats host_x(kCount), host_dy(kCount), host_out(kCount);
    for (size_t i = 0; i < kCount; ++i) {
        host_x.data[i] = static_cast<float>(x[i]);
        host_dy.data[i] = static_cast<float>(i + 1);
    }
    FloatTensor dev_x({2, 3}, kCount), dev_dy({2, 3}, kCount), dev_out({2, 3}, kCount);
    ASSERT_EQ(aclrtMemcpyAsync(dev_x.buffer.get(),
                               host_x.bytes(),
                               host_x.data,
                               host_x.bytes(),
                               ACL_MEMCPY_HOST_TO_DEVICE,
                               stream()),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(dev_dy.buffer.get(),
                               host_dy.bytes(),
                               host_dy.data,
                               host_dy.bytes(),
                               ACL_MEMCPY_HOST_TO_DEVICE,
                               stream()),
              ACL_SUCCESS);
    uint64_t workspace = 0;
    aclOpExecutor* executor = nullptr;
    ASSERT_EQ(aclnnLogitGradGetWorkspaceSize(
                  dev_x.tensor, dev_dy.tensor, -1.0, dev_out.tensor, &workspace, &executor),
              ACLNN_SUCCESS);
    ASSERT_EQ(workspace, 0u);
    ASSERT_EQ(aclnnLogitGrad(nullptr, 0, executor, stream()), ACLNN_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(host_out.data,
                               host_out.bytes(),
                               dev_out.buffer.get(),
                               host_out.bytes(),
                               ACL_MEMCPY_DEVICE_TO_HOST,
                               stream()),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    for (size_t i = 0; i < kCount; ++i) {
        const double expected =
            static_cast<double>(i + 1) / (double{host_x.data[i]} * (1.0 - double{host_x.data[i]}));
        EXPECT_NEAR(host_out.data[i], expected, 1e-5 * expected) << i;
    }
    const std::string stream_name = "stream 1 (aclrtStream " + handle_text(stream()) + ")";
    const Timeline timeline = finish_and_read();

    const TraceTrack* tasks = timeline.track(device_process(), stream_name);
    ASSERT_NE(tasks, nullptr) << timeline.describe();
    EXPECT_THAT(tasks->slice_names(),
                ElementsAre("memcpy HtoD", "memcpy HtoD", "aclnnLogitGrad", "memcpy DtoH"))
        << timeline.describe();
    expect_end_to_end(*tasks);
    const TraceEvent* kernel = tasks->slice("aclnnLogitGrad");
    ASSERT_NE(kernel, nullptr);
    EXPECT_EQ(kernel->category, "kernel");
    EXPECT_EQ(kernel->args["kernel"].text(), "logit_grad");
    EXPECT_EQ(kernel->args["variant"].text(), "contiguous");
    EXPECT_EQ(kernel->args["bytes"].number(), 3.0 * kCount * sizeof(float));
    EXPECT_EQ(kernel->args["call"].text(), "aclnnLogitGrad");
    const TraceEvent* copy = tasks->slice("memcpy DtoH");
    ASSERT_NE(copy, nullptr);
    EXPECT_EQ(copy->category, "memcpy");
    EXPECT_EQ(copy->args["bytes"].number(), static_cast<double>(host_out.bytes()));
    EXPECT_EQ(copy->args["kind"].text(), "ACL_MEMCPY_DEVICE_TO_HOST");

    // The call on the host thread's track, and the flow from it to the kernel.
    const TraceTrack* host = timeline.track("", "");
    for (const TraceTrack& track : timeline.tracks()) {
        if (track.slice("aclnnLogitGrad") != nullptr && &track != tasks) {
            host = &track;
        }
    }
    ASSERT_NE(host, nullptr);
    const TraceEvent* call = host->slice("aclnnLogitGrad");
    ASSERT_NE(call, nullptr) << timeline.describe();
    EXPECT_EQ(call->category, "aclnn");
    EXPECT_THAT(call->args["arguments"].text(), HasSubstr("x=FLOAT[2,3]"));
    EXPECT_EQ(call->args["result"].number(), 0.0);
    int64_t flow = 0;
    for (const TraceEvent& event : host->events) {
        if (event.phase == "s" && event.ts >= call->ts && event.ts <= call->end()) {
            flow = event.flow;
        }
    }
    ASSERT_NE(flow, 0) << "no flow starts inside aclnnLogitGrad";
    bool arrives = false;
    for (const TraceEvent& event : tasks->events) {
        arrives = arrives
                  || (event.phase == "f" && event.flow == flow && event.ts >= kernel->ts
                      && event.ts <= kernel->end());
    }
    EXPECT_TRUE(arrives) << "the flow from aclnnLogitGrad does not end in the kernel";
    // On every backend, GPU times included (Note [Mark times are bounded by what the host saw]):
    // the kernel runs after its launch began and before the synchronize returned.
    const TraceEvent* sync = host->slice("aclrtSynchronizeStream");
    ASSERT_NE(sync, nullptr);
    EXPECT_GE(kernel->ts, call->ts);
    EXPECT_LE(kernel->end(), sync->end());
}

void sleep_2ms(void* /*args*/) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
}

// A memset and an event record on one stream, a wait for that event and a host function on
// another: each on its stream's track; the wait ends no earlier than the record ran, and the
// host function's slice covers its 2 ms sleep.
TEST_P(TraceTimeline, EventsAndHostFunctionsOnTheirStreams) {
    aclrtStream other = nullptr;
    ASSERT_EQ(aclrtCreateStream(&other), ACL_SUCCESS);
    aclrtEvent event = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&event), ACL_SUCCESS);
    DeviceBuffer buffer(4096);
    ASSERT_EQ(aclrtMemsetAsync(buffer.get(), 4096, 0x5a, 4096, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(event, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamWaitEvent(other, event), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchHostFunc(other, sleep_2ms, nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(other), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    std::vector<uint8_t> filled(4096);
    ASSERT_TRUE(buffer.download(filled.data(), filled.size()));
    EXPECT_EQ(filled.front(), 0x5a);
    EXPECT_EQ(filled.back(), 0x5a);
    const std::string first = "stream 1 (aclrtStream " + handle_text(stream()) + ")";
    const std::string second = "stream 2 (aclrtStream " + handle_text(other) + ")";
    ASSERT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyStream(other), ACL_SUCCESS);
    const Timeline timeline = finish_and_read();

    const TraceTrack* a = timeline.track(device_process(), first);
    const TraceTrack* b = timeline.track(device_process(), second);
    ASSERT_NE(a, nullptr) << timeline.describe();
    ASSERT_NE(b, nullptr) << timeline.describe();
    EXPECT_THAT(a->slice_names(), ElementsAre("memset", "record event")) << timeline.describe();
    EXPECT_THAT(b->slice_names(), ElementsAre("wait event", "host function"))
        << timeline.describe();
    expect_end_to_end(*a);
    expect_end_to_end(*b);
    const TraceEvent* memset = a->slice("memset");
    const TraceEvent* record = a->slice("record event");
    const TraceEvent* wait = b->slice("wait event");
    const TraceEvent* host_function = b->slice("host function");
    ASSERT_TRUE(memset != nullptr && record != nullptr && wait != nullptr
                && host_function != nullptr);
    EXPECT_EQ(memset->args["bytes"].number(), 4096.0);
    EXPECT_EQ(memset->args["value"].number(), 0x5a);
    EXPECT_EQ(record->args["event"].text(), handle_text(event));
    EXPECT_EQ(wait->args["event"].text(), handle_text(event));
    // Both streams' times come from one clock (on a GPU: events measured against one anchor).
    EXPECT_GE(wait->end(), record->ts);
    EXPECT_GE(host_function->dur, 2000.0);
    EXPECT_GE(host_function->ts, wait->end());
}

// aclrtMemcpy and aclrtMemset are not stream work: they go on the device's track of the
// synchronous operations of the thread that ran them, timed on that thread.
TEST_P(TraceTimeline, SynchronousCopiesOnTheDeviceTrack) {
    std::vector<float> values(256, 1.5f);
    DeviceBuffer buffer(values.size() * sizeof(float));
    ASSERT_TRUE(buffer.upload(values.data(), buffer.size()));
    ASSERT_EQ(aclrtMemset(buffer.get(), buffer.size(), 0, buffer.size()), ACL_SUCCESS);
    std::vector<float> back(values.size(), -1.0f);
    ASSERT_TRUE(buffer.download(back.data(), buffer.size()));
    EXPECT_EQ(back.front(), 0.0f);
    const Timeline timeline = finish_and_read();

    const TraceTrack* sync = timeline.track(device_process(), "synchronous copies and memsets");
    ASSERT_NE(sync, nullptr) << timeline.describe();
    EXPECT_THAT(sync->slice_names(), ElementsAre("memcpy HtoD", "memset", "memcpy DtoH"))
        << timeline.describe();
    expect_end_to_end(*sync);
    for (const TraceEvent& event : sync->events) {
        if (event.phase == "X") {
            EXPECT_EQ(event.args["bytes"].number(), 1024.0) << event.name;
            EXPECT_THAT(event.args["call"].text(), HasSubstr("aclrtMem")) << event.name;
        }
    }
}

// Every call is a slice on its thread's track, with its result; a failing call's code too.
TEST_P(TraceTimeline, HostTrackHasEachCallAndItsResult) {
    void* ptr = nullptr;
    EXPECT_EQ(aclrtMalloc(&ptr, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    take_recent_error();
    ASSERT_EQ(aclrtMalloc(&ptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtFree(ptr), ACL_SUCCESS);
    const Timeline timeline = finish_and_read();

    const TraceTrack* host = nullptr;
    for (const TraceTrack& track : timeline.tracks()) {
        if (track.slice("aclrtFree") != nullptr) {
            host = &track;
        }
    }
    ASSERT_NE(host, nullptr) << timeline.describe();
    EXPECT_THAT(host->process, HasSubstr("(host)"));
    std::vector<double> malloc_results;
    for (const TraceEvent& event : host->events) {
        if (event.phase == "X" && event.name == "aclrtMalloc") {
            EXPECT_EQ(event.category, "acl");
            malloc_results.push_back(event.args["result"].number());
        }
    }
    EXPECT_THAT(malloc_results, ElementsAre(static_cast<double>(ACL_ERROR_INVALID_PARAM), 0.0));
}

// Tasks whose marks the stream has not reached stay pending without holding up the caller: a
// copy queued behind a host function that waits for this thread is recorded once it ran.
TEST_P(TraceTimeline, PendingTasksDoNotHoldUpTheCaller) {
    Latch latch;
    DeviceBuffer buffer(256);
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(buffer.get(), 256, 1, 256, stream()), ACL_SUCCESS);
    // More calls while the stream is held: each polls the pending marks without waiting.
    for (int i = 0; i < 3; ++i) {
        ASSERT_EQ(aclrtMemsetAsync(buffer.get(), 256, 2 + i, 256, stream()), ACL_SUCCESS);
    }
    latch.release();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    const std::string stream_name = "stream 1 (aclrtStream " + handle_text(stream()) + ")";
    const Timeline timeline = finish_and_read();

    const TraceTrack* tasks = timeline.track(device_process(), stream_name);
    ASSERT_NE(tasks, nullptr) << timeline.describe();
    EXPECT_THAT(tasks->slice_names(),
                ElementsAre("host function", "memset", "memset", "memset", "memset"));
    expect_end_to_end(*tasks);
}

ACLEMU_INSTANTIATE_BACKENDS(TraceTimeline);

// The trace is one flag test per call when ACLEMU_TRACE is unset, and on while it records.
TEST(Trace, RecordsOnlyWhileTheVariableIsSet) {
    {
        ScopedEnv trace("ACLEMU_TRACE", nullptr);
        RuntimeSession session("cpu");
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        EXPECT_EQ(observe::watchers() & observe::kTrace, 0u);
    }
    const std::string path = fresh_path("trace_on_off.json");
    {
        ScopedEnv trace("ACLEMU_TRACE", path.c_str());
        RuntimeSession session("cpu");
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        EXPECT_NE(observe::watchers() & observe::kTrace, 0u);
    }
    EXPECT_EQ(observe::watchers() & observe::kTrace, 0u);  // aclFinalize wrote and stopped
    EXPECT_TRUE(std::ifstream(path).good());
}

// Sessions of one process with the same path add to one trace; each backend's devices are
// processes of their own. (Runs on the GPU simulator: the gpu label.)
TEST(Trace, GpuSimAndCpuSessionsShareOnePath) {
    const std::string path = fresh_path("trace_two_sessions.json");
    ScopedEnv trace("ACLEMU_TRACE", path.c_str());
    for (const char* backend : {"cpu", "gpusim"}) {
        RuntimeSession session(backend);
        ASSERT_EQ(session.init_result, ACL_SUCCESS);
        if (aclrtSetDevice(0) != ACL_SUCCESS) {
            GTEST_SKIP() << "the GPU simulator is not built: " << take_recent_error();
        }
        DeviceBuffer buffer(512);
        EXPECT_EQ(aclrtMemsetAsync(buffer.get(), 512, 3, 512, nullptr), ACL_SUCCESS);
        EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    }
    const Timeline timeline = Timeline::read(path);
    for (const char* process : {"device 0 (cpu)", "device 0 (gpusim)"}) {
        const TraceTrack* track = timeline.track(process, "default stream");
        ASSERT_NE(track, nullptr) << process << "\n" << timeline.describe();
        EXPECT_THAT(track->slice_names(), ElementsAre("memset")) << process;
    }
}

// A path that cannot be written: a WARNING in the log naming it, no file, and the program runs
// on unharmed.
TEST(Trace, UnwritablePathIsAWarning) {
    const std::string path = ::testing::TempDir() + "no/such/directory/trace.json";
    ScopedEnv trace("ACLEMU_TRACE", path.c_str());
    ScopedEnv level("ASCEND_GLOBAL_LOG_LEVEL", "2");
    ScopedEnv modules("ASCEND_MODULE_LOG_LEVEL", nullptr);
    ScopedEnv to_stdout("ASCEND_LOG_PRINT_TO_STDOUT", "1");
    StdoutCapture capture;
    {
        RuntimeSession session("cpu");
        EXPECT_EQ(session.init_result, ACL_SUCCESS);
        EXPECT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        std::vector<int32_t> values = {1, 2, 3, 4};
        DeviceBuffer buffer(values.size() * sizeof(int32_t));
        EXPECT_TRUE(buffer.upload(values.data(), buffer.size()));
        std::vector<int32_t> back(values.size());
        EXPECT_TRUE(buffer.download(back.data(), buffer.size()));
        EXPECT_EQ(back, values);
        EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    }
    const std::string printed = capture.finish();
    EXPECT_THAT(printed, HasSubstr("[WARNING]"));
    EXPECT_THAT(printed, HasSubstr("ACLEMU_TRACE=" + path + ": cannot write the trace"));
    EXPECT_FALSE(std::ifstream(path).good());
    EXPECT_EQ(observe::watchers() & observe::kTrace, 0u);
}

}  // namespace
}  // namespace aclemu::test
