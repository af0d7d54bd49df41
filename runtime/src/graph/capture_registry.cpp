// The recording streams and the capture-mode rules (capture_registry.h).
#include "graph/capture_registry.h"

#include "core/status.h"
#include "runtime_state.h"

#include <atomic>
#include <mutex>
#include <string>
#include <unordered_map>

namespace aclemu::rt::graph {
namespace {

struct Registry {
    std::mutex mu;
    std::unordered_map<const Stream*, Recording> recordings;
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

}  // namespace

aclError start_recording(Stream& stream, Backend& backend, Recording recording) {
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mu);
    if (reg.recordings.count(&stream) != 0) {
        return fail(ACL_ERROR_RT_STREAM_CAPTURED,
                    msg_invalid("stream",
                                "id " + std::to_string(stream.id),
                                "the stream already records its tasks (a capture, a build or a "
                                "task update); end that first"));
    }
    ACLEMU_TRY_BACKEND(
        backend.streams().begin_capture(stream.impl.get()), &backend, "cannot capture the stream");
    recording.thread = std::this_thread::get_id();
    account_locked(reg, recording, +1);
    reg.recordings.emplace(&stream, std::move(recording));
    reg.count.fetch_add(1, std::memory_order_release);
    return ACL_SUCCESS;
}

aclError stop_recording(Stream& stream,
                        Backend& backend,
                        Recording* recording,
                        std::unique_ptr<BackendGraph>* tasks) {
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mu);
    auto found = reg.recordings.find(&stream);
    if (found == reg.recordings.end()) {
        return fail(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                    msg_invalid("stream",
                                "id " + std::to_string(stream.id),
                                "the stream does not record its tasks (no aclmdlRICaptureBegin, "
                                "aclmdlRIBindStream or aclmdlRICaptureTaskUpdateBegin)"));
    }
    ACLEMU_TRY_BACKEND(backend.streams().end_capture(stream.impl.get(), tasks),
                       &backend,
                       "cannot end the stream's capture");
    *recording = std::move(found->second);
    reg.recordings.erase(found);
    reg.count.fetch_sub(1, std::memory_order_release);
    account_locked(reg, *recording, -1);
    return ACL_SUCCESS;
}

aclError with_recording(const Stream& stream, const std::function<aclError(Recording*)>& fn) {
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mu);
    auto found = reg.recordings.find(&stream);
    return fn(found != reg.recordings.end() ? &found->second : nullptr);
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
    return fail(ACL_ERROR_RT_STREAM_CAPTURED,
                msg_invalid("stream",
                            "id " + std::to_string(stream.id),
                            std::string(api)
                                + " cannot wait for a stream that records its tasks (they run "
                                  "only when the model runtime instance is executed); end the "
                                  "capture first"));
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
    return fail(
        ACL_ERROR_RT_CAPTURE_MODE_NOT_SUPPORT,
        msg_invalid("mode",
                    own ? "the calling thread's capture" : "ACL_MODEL_RI_CAPTURE_MODE_GLOBAL",
                    std::string(api)
                        + " is an unsafe call while a capture is on (it would run at "
                          "once, not in the captured order); switch the thread to "
                          "ACL_MODEL_RI_CAPTURE_MODE_RELAXED with "
                          "aclmdlRICaptureThreadExchangeMode, or call it after "
                          "aclmdlRICaptureEnd"));
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
        auto found = reg.recordings.find(stream.get());
        if (found == reg.recordings.end()) {
            continue;
        }
        end_recording(backend, stream->impl.get(), found->second);
        account_locked(reg, found->second, -1);
        reg.recordings.erase(found);
        reg.count.fetch_sub(1, std::memory_order_release);
    }
}

void release_all(Backend* backend) {
    Registry& reg = registry();
    std::unordered_map<const Stream*, Recording> ended;
    {
        std::lock_guard<std::mutex> lock(reg.mu);
        ended.swap(reg.recordings);
        reg.count.store(0, std::memory_order_release);
        reg.global_captures = 0;
    }
    t_strict_captures = 0;
    // Streams still recording here were ended by forget_streams before they went (teardown.h).
    for (auto& entry : ended) {
        end_recording(backend, nullptr, entry.second);
    }
    task_groups().remove_all();
    models().remove_all();
}

}  // namespace aclemu::rt::graph
