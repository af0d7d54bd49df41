// The runtime's own stream tasks on the ACLEMU_TRACE timeline, as the copies and kernels are:
// aclrtReduceAsync and aclrtRandomNumAsync (named by op / distribution and element type), notify
// record and wait, stream value write and wait, the overflow status copy and reset, records and
// waits of an interprocess event; each on its stream's track, in order, end to end, with its
// arguments and the call that enqueued it; the calls on the host thread's track; on the CPU
// backend and on the GPU backend (the GPU simulator where no GPU answers).
#include "acl/acl.h"

#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/device_tensor.h"
#include "support/random_param.h"
#include "trace/timeline.h"
#include "trace/trace_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::ElementsAre;
using ::testing::IsSupersetOf;

class TraceRuntimeTasks : public TraceTest {
protected:
    // The track of `stream` in device 0's process, whatever its number (streams are numbered in
    // the order their first task was traced). Call before finish(), which destroys stream().
    std::string track_name(aclrtStream stream) const {
        return "(aclrtStream " + handle_text(stream) + ")";
    }
    const TraceTrack* stream_track(const Timeline& timeline, const std::string& name) const {
        for (const TraceTrack& track : timeline.tracks()) {
            if (track.process.rfind(device_process(), 0) == 0
                && track.name.find(name) != std::string::npos) {
                return &track;
            }
        }
        return nullptr;
    }

    // The names of the calls (slices) on the host thread track that holds `api`.
    static std::vector<std::string> host_calls(const Timeline& timeline, const std::string& api) {
        for (const TraceTrack& track : timeline.tracks()) {
            if (track.process.find("(host)") != std::string::npos && track.slice(api) != nullptr) {
                return track.slice_names();
            }
        }
        return {};
    }
};

// SUM of two fp32 buffers, then uniform fp32 numbers in [2, 3) over the sum: two kernels on the
// stream's track, named after the API and what they do, with the bytes and the enqueuing call.
TEST_P(TraceRuntimeTasks, BuiltinTasksOnTheStreamTrack) {
    constexpr size_t kCount = 64;
    std::vector<float> a(kCount), b(kCount);
    for (size_t i = 0; i < kCount; ++i) {
        a[i] = 0.5f * static_cast<float>(i);
        b[i] = 1.0f + static_cast<float>(i % 7);
    }
    DeviceBuffer dst(kCount * sizeof(float)), src(kCount * sizeof(float));
    DeviceBuffer random_out(kCount * sizeof(float)), counter(16);
    ASSERT_TRUE(dst.upload(a.data(), dst.size()));
    ASSERT_TRUE(src.upload(b.data(), src.size()));
    const uint64_t zeros[2] = {0, 0};
    ASSERT_TRUE(counter.upload(zeros, sizeof zeros));

    ASSERT_EQ(aclrtReduceAsync(dst.get(),
                               src.get(),
                               kCount * sizeof(float),
                               ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM,
                               ACL_FLOAT,
                               stream(),
                               nullptr),
              ACL_SUCCESS)
        << take_recent_error();
    aclrtRandomNumTaskInfo task;
    std::memset(&task, 0, sizeof task);
    task.dataType = ACL_FLOAT;
    task.randomNumFuncParaInfo.funcType = ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS;
    const float low = 2.0f, high = 3.0f;
    task.randomNumFuncParaInfo.paramInfo.uniformDisInfo.min = value_of(low);
    task.randomNumFuncParaInfo.paramInfo.uniformDisInfo.max = value_of(high);
    task.randomResultAddr = random_out.get();
    task.randomCounterAddr = counter.get();
    const uint64_t seed = 42, count = kCount;
    task.randomSeed = value_of(seed);
    task.randomNum = value_of(count);
    ASSERT_EQ(aclrtRandomNumAsync(&task, stream(), nullptr), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);

    std::vector<float> sum(kCount), drawn(kCount);
    ASSERT_TRUE(dst.download(sum.data(), dst.size()));
    ASSERT_TRUE(random_out.download(drawn.data(), random_out.size()));
    for (size_t i = 0; i < kCount; ++i) {
        EXPECT_EQ(sum[i], 0.5 * static_cast<double>(i) + 1.0 + static_cast<double>(i % 7)) << i;
        EXPECT_GE(drawn[i], 2.0f) << i;
        EXPECT_LT(drawn[i], 3.0f) << i;
    }
    const std::string name = track_name(stream());
    const Timeline timeline = finish_and_read();

    const TraceTrack* tasks = stream_track(timeline, name);
    ASSERT_NE(tasks, nullptr) << timeline.describe();
    EXPECT_THAT(tasks->slice_names(),
                ElementsAre("aclrtReduceAsync SUM fp32", "aclrtRandomNumAsync uniform fp32"))
        << timeline.describe();
    expect_end_to_end(*tasks);
    const TraceEvent* reduce = tasks->slice("aclrtReduceAsync SUM fp32");
    const TraceEvent* random = tasks->slice("aclrtRandomNumAsync uniform fp32");
    ASSERT_TRUE(reduce != nullptr && random != nullptr);
    EXPECT_EQ(reduce->category, "kernel");
    EXPECT_EQ(reduce->args["bytes"].number(), kCount * sizeof(float));
    EXPECT_EQ(reduce->args["dst"].text(), handle_text(dst.get()));
    EXPECT_EQ(reduce->args["call"].text(), "aclrtReduceAsync");
    EXPECT_EQ(random->category, "kernel");
    EXPECT_EQ(random->args["count"].number(), static_cast<double>(kCount));
    EXPECT_EQ(random->args["call"].text(), "aclrtRandomNumAsync");
    EXPECT_THAT(host_calls(timeline, "aclrtReduceAsync"),
                IsSupersetOf({"aclrtReduceAsync", "aclrtRandomNumAsync"}));
}

// A notify recorded on one stream and waited for on another, then a value written on the first
// and waited for on the second: each stream's track holds its two tasks in order, and each wait
// ends no earlier than its record or write began. aclrtNotifyBatchReset is a synchronous memset.
TEST_P(TraceRuntimeTasks, NotifiesAndValueOperationsOnTheirStreams) {
    aclrtStream waiter = nullptr;
    ASSERT_EQ(aclrtCreateStream(&waiter), ACL_SUCCESS);
    aclrtNotify notify = nullptr;
    ASSERT_EQ(aclrtCreateNotify(&notify, ACL_NOTIFY_DEFAULT), ACL_SUCCESS) << take_recent_error();
    DeviceBuffer word(sizeof(uint64_t));
    const uint64_t zero = 0;
    ASSERT_TRUE(word.upload(&zero, sizeof zero));

    ASSERT_EQ(aclrtWaitAndResetNotify(notify, waiter, 0), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtValueWait(word.get(), 7, ACL_STREAM_WAIT_VALUE_GEQ, waiter), ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtRecordNotify(notify, stream()), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtValueWrite(word.get(), 9, 0, stream()), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(waiter), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtNotifyBatchReset(&notify, 1), ACL_SUCCESS);
    uint64_t written = 0;
    ASSERT_TRUE(word.download(&written, sizeof written));
    EXPECT_EQ(written, 9u);
    uint32_t id = 0;
    ASSERT_EQ(aclrtGetNotifyId(notify, &id), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyNotify(notify), ACL_SUCCESS);
    const std::string signals_name = track_name(stream()), waits_name = track_name(waiter);
    ASSERT_EQ(aclrtDestroyStream(waiter), ACL_SUCCESS);
    const Timeline timeline = finish_and_read();

    const TraceTrack* signals = stream_track(timeline, signals_name);
    const TraceTrack* waits = stream_track(timeline, waits_name);
    ASSERT_TRUE(signals != nullptr && waits != nullptr) << timeline.describe();
    EXPECT_THAT(signals->slice_names(), ElementsAre("record notify", "value write"))
        << timeline.describe();
    EXPECT_THAT(waits->slice_names(), ElementsAre("wait notify", "value wait GEQ"))
        << timeline.describe();
    expect_end_to_end(*signals);
    expect_end_to_end(*waits);
    const TraceEvent* record = signals->slice("record notify");
    const TraceEvent* write = signals->slice("value write");
    const TraceEvent* wait = waits->slice("wait notify");
    const TraceEvent* value_wait = waits->slice("value wait GEQ");
    ASSERT_TRUE(record != nullptr && write != nullptr && wait != nullptr && value_wait != nullptr);
    EXPECT_EQ(record->category, "notify record");
    EXPECT_EQ(record->args["notify id"].number(), static_cast<double>(id));
    EXPECT_EQ(record->args["call"].text(), "aclrtRecordNotify");
    EXPECT_EQ(wait->category, "notify wait");
    EXPECT_EQ(wait->args["notify id"].number(), static_cast<double>(id));
    EXPECT_EQ(wait->args["call"].text(), "aclrtWaitAndResetNotify");
    EXPECT_EQ(write->category, "value write");
    EXPECT_EQ(write->args["value"].number(), 9.0);
    EXPECT_EQ(write->args["devAddr"].text(), handle_text(word.get()));
    EXPECT_EQ(value_wait->category, "value wait");
    EXPECT_EQ(value_wait->args["value"].number(), 7.0);
    EXPECT_EQ(value_wait->args["call"].text(), "aclrtValueWait");
    // Both streams on one clock (on a GPU: events against one anchor).
    EXPECT_GE(wait->end(), record->ts);
    EXPECT_GE(value_wait->end(), write->ts);

    const TraceTrack* sync = timeline.track(device_process(), "synchronous copies and memsets");
    ASSERT_NE(sync, nullptr) << timeline.describe();
    const TraceEvent* reset = sync->slice("reset notify");
    ASSERT_NE(reset, nullptr) << timeline.describe();
    EXPECT_EQ(reset->args["call"].text(), "aclrtNotifyBatchReset");
    EXPECT_THAT(host_calls(timeline, "aclrtRecordNotify"),
                IsSupersetOf({"aclrtCreateNotify",
                              "aclrtWaitAndResetNotify",
                              "aclrtValueWait",
                              "aclrtRecordNotify",
                              "aclrtValueWrite",
                              "aclrtNotifyBatchReset",
                              "aclrtGetNotifyId",
                              "aclrtDestroyNotify"}));
}

// aclrtGetOverflowStatus before any switch was on (a memset of zeros), then with the switch on
// (a copy of the device's status) and aclrtResetOverflowStatus (a memset of the status).
TEST_P(TraceRuntimeTasks, OverflowStatusCopiesAndResets) {
    DeviceBuffer status(64);
    ASSERT_EQ(aclrtGetOverflowStatus(status.get(), 64, stream()), ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtSetStreamOverflowSwitch(stream(), 1), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtGetOverflowStatus(status.get(), 64, stream()), ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtResetOverflowStatus(stream()), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    std::vector<uint8_t> bytes(64, 0xff);
    ASSERT_TRUE(status.download(bytes.data(), bytes.size()));
    EXPECT_EQ(bytes, std::vector<uint8_t>(64, 0));
    const std::string name = track_name(stream());
    const Timeline timeline = finish_and_read();

    const TraceTrack* tasks = stream_track(timeline, name);
    ASSERT_NE(tasks, nullptr) << timeline.describe();
    EXPECT_THAT(
        tasks->slice_names(),
        ElementsAre("overflow status copy", "overflow status copy", "overflow status reset"))
        << timeline.describe();
    expect_end_to_end(*tasks);
    std::vector<std::string> categories;
    for (const TraceEvent& event : tasks->events) {
        if (event.phase == "X") {
            categories.push_back(event.category);
            EXPECT_EQ(event.args["bytes"].number(), 64.0) << event.name;
        }
    }
    EXPECT_THAT(categories, ElementsAre("memset", "memcpy", "memset"));
    EXPECT_EQ(tasks->events.front().args["call"].text(), "aclrtGetOverflowStatus");
}

// An interprocess event recorded on one stream and waited for on another: the slices say the
// event is shared.
TEST_P(TraceRuntimeTasks, InterprocessEventRecordAndWait) {
    aclrtStream waiter = nullptr;
    ASSERT_EQ(aclrtCreateStream(&waiter), ACL_SUCCESS);
    aclrtEvent event = nullptr;
    ASSERT_EQ(aclrtCreateEventExWithFlag(&event, ACL_EVENT_IPC), ACL_SUCCESS)
        << take_recent_error();
    aclrtIpcEventHandle handle{};
    ASSERT_EQ(aclrtIpcGetEventHandle(event, &handle), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtRecordEvent(event, stream()), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtStreamWaitEvent(waiter, event), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(waiter), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    const std::string records_name = track_name(stream()), waits_name = track_name(waiter);
    const std::string event_text = handle_text(event);
    ASSERT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyStream(waiter), ACL_SUCCESS);
    const Timeline timeline = finish_and_read();

    const TraceTrack* records = stream_track(timeline, records_name);
    const TraceTrack* waits = stream_track(timeline, waits_name);
    ASSERT_TRUE(records != nullptr && waits != nullptr) << timeline.describe();
    EXPECT_THAT(records->slice_names(), ElementsAre("record event"));
    EXPECT_THAT(waits->slice_names(), ElementsAre("wait event"));
    const TraceEvent* record = records->slice("record event");
    const TraceEvent* wait = waits->slice("wait event");
    ASSERT_TRUE(record != nullptr && wait != nullptr);
    EXPECT_EQ(record->args["ipc"].text(), "exported (ACL_EVENT_IPC)");
    EXPECT_EQ(wait->args["ipc"].text(), "exported (ACL_EVENT_IPC)");
    EXPECT_EQ(record->args["event"].text(), event_text);
    EXPECT_GE(wait->end(), record->ts);
}

// Cache operations are tasks of their stream's track, named after their type, with the range.
TEST_P(TraceRuntimeTasks, CacheOperationsOnTheirStream) {
    constexpr size_t kBytes = 256;
    DeviceBuffer range(kBytes);
    ASSERT_EQ(aclrtCmoAsync(range.get(), kBytes, ACL_RT_CMO_TYPE_PREFETCH, stream()), ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtCmoAsync(range.get(), kBytes / 2, ACL_RT_CMO_TYPE_FLUSH, stream()), ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    const std::string track = track_name(stream());
    const Timeline timeline = finish_and_read();

    const TraceTrack* tasks = stream_track(timeline, track);
    ASSERT_NE(tasks, nullptr) << timeline.describe();
    EXPECT_THAT(tasks->slice_names(), ElementsAre("cache prefetch", "cache flush"))
        << timeline.describe();
    expect_end_to_end(*tasks);
    const TraceEvent* prefetch = tasks->slice("cache prefetch");
    const TraceEvent* flush = tasks->slice("cache flush");
    ASSERT_TRUE(prefetch != nullptr && flush != nullptr);
    EXPECT_EQ(prefetch->category, "cache maintenance");
    EXPECT_EQ(prefetch->args["bytes"].number(), static_cast<double>(kBytes));
    EXPECT_EQ(prefetch->args["src"].text(), handle_text(range.get()));
    EXPECT_EQ(prefetch->args["call"].text(), "aclrtCmoAsync");
    EXPECT_EQ(flush->args["bytes"].number(), static_cast<double>(kBytes / 2));
    EXPECT_GE(flush->ts, prefetch->end()) << "in stream order";
}

ACLEMU_INSTANTIATE_BACKENDS(TraceRuntimeTasks);

}  // namespace
}  // namespace aclemu::test
