// The recording streams and the capture-mode rules (capture_registry.h).
#include "graph/capture_registry.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"

#include <atomic>
#include <iterator>
#include <mutex>
#include <string>
#include <unordered_map>

namespace aclemu::rt::graph {
namespace {

struct Registry {
    std::mutex mu;
    std::unordered_map<const Stream*, Recording> recordings;
    /// Events whose latest record a capturing stream recorded, and that stream (under mu).
    std::unordered_map<const void*, const Stream*> captured_records;
    int global_captures = 0;  // GLOBAL captures on (under mu)
    /// recordings.size(), readable without the lock.
    std::atomic<size_t> count{0};
};

Registry& registry() {
    static auto* instance = new Registry;  // never destroyed: streams may end at exit
    return *instance;
}

// The calling thread's exchange mode, and its GLOBAL / THREAD_LOCAL captures that are on.
thread_local aclmdlRICaptureMode t_mode = ACL_MODEL_RI_CAPTURE_MODE_GLOBAL;
thread_local int t_strict_captures = 0;

bool strict(const Recording& r) {
    return r.kind == Recording::Kind::Capture && r.mode != ACL_MODEL_RI_CAPTURE_MODE_RELAXED;
}

// Bookkeeping of a recording that starts (+1) or ends (-1), under mu.
void account_locked(Registry& reg, const Recording& r, int delta) {
    if (r.kind == Recording::Kind::Capture && r.mode == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL) {
        reg.global_captures += delta;
    }
    if (strict(r) && r.thread == std::this_thread::get_id()) {
        t_strict_captures += delta;
    }
}

// Ends a recording that will not be finished (its stream goes, or the runtime): the backend's
// capture ends when `impl` is still there, a capture's instance becomes invalid.
void end_recording(Backend* backend, BackendStream* impl, Recording& r) {
    if (backend != nullptr && impl != nullptr) {
        std::unique_ptr<BackendGraph> dropped;
        (void)backend->streams().end_capture(impl, &dropped);
    }
    if (r.kind == Recording::Kind::Capture && r.model) {
        std::lock_guard<std::mutex> lock(r.model->mu);
        r.model->state = ModelRI::State::Invalidated;
    }
    if (r.kind == Recording::Kind::Update && r.group) {
        if (auto model = r.group->model.lock()) {
            std::lock_guard<std::mutex> lock(model->mu);
            r.group->updating = false;
        }
    }
}

// The recording's current tasks become the next segment of its instance, ending with `then`.
void append_locked(Recording& r,
                   std::unique_ptr<BackendGraph> tasks,
                   std::shared_ptr<const Control> then) {
    for (TaskGroup* group : r.pending_groups) {
        group->segment = r.done->size();
    }
    r.pending_groups.clear();
    r.done->push_back(ModelRI::Segment{std::move(tasks), std::move(then), nullptr, false});
}

aclError group_is_open(const Stream& stream, const char* why) {
    return reject_arg(ACL_ERROR_STREAM_TASK_GROUP_STATUS,
                      "stream",
                      "id " + std::to_string(stream.id),
                      std::string("a task group is open (aclmdlRICaptureTaskGrpBegin): ") + why);
}

// Cuts `stream`'s recording `r` (Note [Control points]); under mu.
aclError cut_locked(const Stream& stream,
                    Recording& r,
                    Backend& backend,
                    std::shared_ptr<const Control> then,
                    size_t* next) {
    if (r.group_open) {
        return group_is_open(stream,
                             "a control task or a wait between captured streams cannot be part "
                             "of a task group");
    }
    BackendStream* impl = stream.impl.get();
    std::unique_ptr<BackendGraph> tasks;
    ACLEMU_TRY_BACKEND(
        backend.streams().end_capture(impl, &tasks), &backend, "cannot end the stream's capture");
    append_locked(r, std::move(tasks), std::move(then));
    ACLEMU_TRY_BACKEND(
        backend.streams().begin_capture(impl), &backend, "cannot go on capturing the stream");
    if (next != nullptr) {
        *next = r.done->size();
    }
    return ACL_SUCCESS;
}

void erase_locked(Registry& reg, std::unordered_map<const Stream*, Recording>::iterator it) {
    account_locked(reg, it->second, -1);
    reg.recordings.erase(it);
    reg.count.fetch_sub(1, std::memory_order_release);
}

// Ends the captures of the streams joined to `origin`'s (their tasks are dropped); under mu.
void drop_joined_locked(Registry& reg, Backend* backend, const Stream* origin) {
    for (auto it = reg.recordings.begin(); it != reg.recordings.end();) {
        if (it->second.origin != origin) {
            ++it;
            continue;
        }
        if (backend != nullptr) {
            std::unique_ptr<BackendGraph> dropped;
            (void)backend->streams().end_capture(it->first->impl.get(), &dropped);
        }
        auto next = std::next(it);
        erase_locked(reg, it);
        it = next;
    }
}

}  // namespace

aclError start_recording(Stream& stream, Backend& backend, Recording recording) {
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mu);
    if (reg.recordings.count(&stream) != 0) {
        return reject_arg(ACL_ERROR_RT_STREAM_CAPTURED,
                          "stream",
                          "id " + std::to_string(stream.id),
                          "the stream already records its tasks (a capture, a build or a "
                          "task update); end that first");
    }
    ACLEMU_TRY_BACKEND(
        backend.streams().begin_capture(stream.impl.get()), &backend, "cannot capture the stream");
    recording.thread = std::this_thread::get_id();
    if (!recording.done) {
        recording.done = std::make_shared<std::vector<ModelRI::Segment>>();
    }
    if (reg.recordings.empty()) {
        reg.captured_records.clear();  // records of captures long ended
    }
    account_locked(reg, recording, +1);
    reg.recordings.emplace(&stream, std::move(recording));
    reg.count.fetch_add(1, std::memory_order_release);
    return ACL_SUCCESS;
}

/// The recording of `stream` in *found (reg.mu held), or ACL_ERROR_RT_STREAM_NOT_CAPTURED: "the
/// stream does not record its tasks<detail>".
aclError find_recording_locked(Registry& reg,
                               const Stream& stream,
                               const char* detail,
                               std::unordered_map<const Stream*, Recording>::iterator* found) {
    *found = reg.recordings.find(&stream);
    if (*found == reg.recordings.end()) {
        return reject_arg(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                          "stream",
                          "id " + std::to_string(stream.id),
                          std::string("the stream does not record its tasks") + detail);
    }
    return ACL_SUCCESS;
}

aclError stop_recording(Stream& stream,
                        Backend& backend,
                        Recording* recording,
                        std::vector<ModelRI::Segment>* segments) {
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mu);
    std::unordered_map<const Stream*, Recording>::iterator found;
    ACLEMU_TRY(find_recording_locked(reg,
                                     stream,
                                     " (no aclmdlRICaptureBegin, aclmdlRIBindStream or "
                                     "aclmdlRICaptureTaskUpdateBegin)",
                                     &found));
    std::unique_ptr<BackendGraph> tasks;
    ACLEMU_TRY_BACKEND(backend.streams().end_capture(stream.impl.get(), &tasks),
                       &backend,
                       "cannot end the stream's capture");
    append_locked(found->second, std::move(tasks), nullptr);
    *recording = found->second;
    *segments = std::move(*found->second.done);
    erase_locked(reg, found);
    return ACL_SUCCESS;
}

aclError cut_segment(Stream& stream,
                     Backend& backend,
                     std::shared_ptr<const Control> then,
                     size_t* next) {
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mu);
    std::unordered_map<const Stream*, Recording>::iterator found;
    ACLEMU_TRY(find_recording_locked(reg, stream, "", &found));
    return cut_locked(stream, found->second, backend, std::move(then), next);
}

bool kernels_as_segments(const Backend& backend) {
    return backend.task_groups() == nullptr && backend.kind() == BackendKind::GpuSim;
}

aclError record_kernel_segment(Stream& stream,
                               Backend& backend,
                               std::shared_ptr<const KernelTaskRecord> record,
                               const std::function<aclError()>& launch) {
    Registry& reg = registry();
    bool own_segment = false;
    {
        std::lock_guard<std::mutex> lock(reg.mu);
        auto found = reg.recordings.find(&stream);
        if (found != reg.recordings.end() && found->second.kind == Recording::Kind::Capture
            && !found->second.group_open) {
            ACLEMU_TRY(cut_locked(stream, found->second, backend, nullptr, nullptr));
            own_segment = true;
        }
    }
    ACLEMU_TRY(launch());  // unlocked: the enqueue asks the registry about the stream
    if (!own_segment) {
        return ACL_SUCCESS;
    }
    std::lock_guard<std::mutex> lock(reg.mu);
    auto found = reg.recordings.find(&stream);
    if (found == reg.recordings.end()) {
        return ACL_SUCCESS;  // the capture ended meanwhile (another thread)
    }
    size_t next = 0;
    ACLEMU_TRY(cut_locked(stream, found->second, backend, nullptr, &next));
    (*found->second.done)[next - 1].kernel = std::move(record);
    return ACL_SUCCESS;
}

void note_event_record(const void* event, const Stream& stream) {
    Registry& reg = registry();
    if (reg.count.load(std::memory_order_acquire) == 0) {
        return;  // start_recording forgets older records
    }
    std::lock_guard<std::mutex> lock(reg.mu);
    auto found = reg.recordings.find(&stream);
    if (found != reg.recordings.end() && found->second.kind == Recording::Kind::Capture) {
        reg.captured_records[event] = &stream;
    } else {
        reg.captured_records.erase(event);
    }
}

aclError join_on_wait(Stream& waiter, Backend& backend, const void* event, bool* skip_wait) {
    *skip_wait = false;
    Registry& reg = registry();
    if (reg.count.load(std::memory_order_acquire) == 0) {
        return ACL_SUCCESS;
    }
    std::lock_guard<std::mutex> lock(reg.mu);
    auto record = reg.captured_records.find(event);
    if (record == reg.captured_records.end()) {
        return ACL_SUCCESS;
    }
    const Stream* recorder = record->second;
    auto from = reg.recordings.find(recorder);
    if (from == reg.recordings.end() || from->second.kind != Recording::Kind::Capture) {
        reg.captured_records.erase(record);  // that capture ended
        return ACL_SUCCESS;
    }
    if (recorder == &waiter) {
        return ACL_SUCCESS;
    }
    Recording& source = from->second;
    auto to = reg.recordings.find(&waiter);
    if (to != reg.recordings.end()
        && (to->second.kind != Recording::Kind::Capture || to->second.model != source.model)) {
        return ACL_SUCCESS;  // a stream recording for another instance: an ordinary wait
    }
    if (to != reg.recordings.end() && to->second.group_open) {
        return group_is_open(waiter,
                             "a wait between captured streams cannot be part of a task group");
    }
    ACLEMU_TRY(cut_locked(*recorder, source, backend, nullptr, nullptr));
    if (to != reg.recordings.end()) {
        ACLEMU_TRY(cut_locked(waiter, to->second, backend, nullptr, nullptr));  // a join
    } else {
        // A fork: the waiter joins the capture.
        ACLEMU_TRY_BACKEND(backend.streams().begin_capture(waiter.impl.get()),
                           &backend,
                           "cannot capture the waiting stream");
        Recording joined;
        joined.kind = Recording::Kind::Capture;
        joined.model = source.model;
        joined.mode = ACL_MODEL_RI_CAPTURE_MODE_RELAXED;  // the origin's mode rules unsafe calls
        joined.thread = std::this_thread::get_id();
        joined.done = source.done;
        joined.origin = source.origin != nullptr ? source.origin : recorder;
        reg.recordings.emplace(&waiter, std::move(joined));
        reg.count.fetch_add(1, std::memory_order_release);
    }
    *skip_wait = true;
    return ACL_SUCCESS;
}

aclError end_joined(const Stream& origin, Backend& backend) {
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mu);
    // Tasks a joined stream enqueued after its last wait by the origin depend on nothing the
    // origin does later: they run before the origin's last segment. (CUDA refuses such a capture
    // with cudaErrorStreamCaptureUnjoined; CANN's documentation does not say.)
    for (auto it = reg.recordings.begin(); it != reg.recordings.end();) {
        if (it->second.origin != &origin) {
            ++it;
            continue;
        }
        std::unique_ptr<BackendGraph> tail;
        ACLEMU_TRY_BACKEND(backend.streams().end_capture(it->first->impl.get(), &tail),
                           &backend,
                           "cannot end the capture of a joined stream");
        if (tail->task_count() > 0) {
            append_locked(it->second, std::move(tail), nullptr);
        }
        auto next = std::next(it);
        erase_locked(reg, it);
        it = next;
    }
    return ACL_SUCCESS;
}

aclError with_recording(const Stream& stream, const std::function<aclError(Recording*)>& fn) {
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mu);
    auto found = reg.recordings.find(&stream);
    return fn(found != reg.recordings.end() ? &found->second : nullptr);
}

aclError bound_stream(aclrtStream handle,
                      const char* param,
                      std::shared_ptr<ModelRI>* model,
                      std::shared_ptr<Stream>* stream,
                      Backend** backend) {
    if (handle == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null(param));
    }
    ACLEMU_TRY(runtime().stream_and_backend(handle, stream, backend));
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mu);
    auto found = reg.recordings.find(stream->get());
    if (found == reg.recordings.end() || found->second.kind != Recording::Kind::Build) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          param,
                          "id " + std::to_string((*stream)->id),
                          "not a stream bound to a model runtime instance being built "
                          "(aclmdlRIBindStream, before aclmdlRIEndTask)");
    }
    *model = found->second.model;
    return ACL_SUCCESS;
}

bool any_recording() {
    return registry().count.load(std::memory_order_acquire) != 0;
}

bool recording(const Stream& stream) {
    Registry& reg = registry();
    if (reg.count.load(std::memory_order_acquire) == 0) {
        return false;
    }
    std::lock_guard<std::mutex> lock(reg.mu);
    return reg.recordings.count(&stream) != 0;
}

aclError refuse_while_capturing(const Stream& stream, const char* api) {
    if (!recording(stream)) {
        return ACL_SUCCESS;
    }
    return reject_arg(ACL_ERROR_RT_STREAM_CAPTURED,
                      "stream",
                      "id " + std::to_string(stream.id),
                      std::string(api)
                          + " cannot wait for a stream that records its tasks (they run "
                            "only when the model runtime instance is executed); end the "
                            "capture first");
}

aclError check_unsafe_call(const char* api) {
    Registry& reg = registry();
    if (reg.count.load(std::memory_order_acquire) == 0
        || t_mode == ACL_MODEL_RI_CAPTURE_MODE_RELAXED) {
        return ACL_SUCCESS;
    }
    bool global = false;
    {
        std::lock_guard<std::mutex> lock(reg.mu);
        global = reg.global_captures > 0;
    }
    const bool own = t_strict_captures > 0;
    if (!own && !(global && t_mode == ACL_MODEL_RI_CAPTURE_MODE_GLOBAL)) {
        return ACL_SUCCESS;
    }
    return reject_arg(
        ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT,
        "mode",
        std::string(own ? "the calling thread's capture" : "ACL_MODEL_RI_CAPTURE_MODE_GLOBAL"),
        std::string(api)
            + " is an unsafe call while a capture is on (it would run at "
              "once, not in the captured order); switch the thread to "
              "ACL_MODEL_RI_CAPTURE_MODE_RELAXED with "
              "aclmdlRICaptureThreadExchangeMode, or call it after "
              "aclmdlRICaptureEnd");
}

aclmdlRICaptureMode exchange_thread_mode(aclmdlRICaptureMode mode) {
    const aclmdlRICaptureMode old = t_mode;
    t_mode = mode;
    return old;
}

void forget_streams(Backend* backend, const std::vector<std::shared_ptr<Stream>>& streams) {
    Registry& reg = registry();
    if (reg.count.load(std::memory_order_acquire) == 0) {
        return;
    }
    std::lock_guard<std::mutex> lock(reg.mu);
    for (const auto& stream : streams) {
        for (auto record = reg.captured_records.begin(); record != reg.captured_records.end();) {
            record = record->second == stream.get() ? reg.captured_records.erase(record)
                                                    : std::next(record);
        }
        drop_joined_locked(reg, backend, stream.get());  // they stop recording with it
        auto found = reg.recordings.find(stream.get());
        if (found == reg.recordings.end()) {
            continue;
        }
        end_recording(backend, stream->impl.get(), found->second);
        erase_locked(reg, found);
    }
}

void release_all(Backend* backend) {
    Registry& reg = registry();
    std::unordered_map<const Stream*, Recording> ended;
    {
        std::lock_guard<std::mutex> lock(reg.mu);
        ended.swap(reg.recordings);
        reg.captured_records.clear();
        reg.count.store(0, std::memory_order_release);
        reg.global_captures = 0;
    }
    t_strict_captures = 0;
    // Streams still recording here were ended by forget_streams before they went (teardown.h).
    for (auto& entry : ended) {
        end_recording(backend, nullptr, entry.second);
    }
    task_groups().remove_all();
    model_tasks().remove_all();
    model_streams().remove_all();
    cond_handles().remove_all();  // their words go with the allocation table
    label_lists().remove_all();
    labels().remove_all();
    live_labels().store(0);
    models().remove_all();
}

}  // namespace aclemu::rt::graph
