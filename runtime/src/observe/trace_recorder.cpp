// The ACLEMU_TRACE recorder (trace_recorder.h).
#include "observe/trace_recorder.h"

#include "aclemu/log.h"
#include "core/enum_names.h"
#include "observe/trace_json.h"
#include "observe/watchers.h"
#include "runtime_state.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace aclemu::observe {
namespace trace {
namespace {

// Device processes and their tracks get ids above Linux's largest pid (2^22), so they never
// collide with the host's own process and thread ids.
constexpr int32_t kDevicePidBase = 1 << 22;
constexpr int32_t kTrackTidBase = (1 << 22) + (1 << 16);

// How long the last marks may take to be reached: at aclFinalize the streams have just been
// drained, so only a failed device leaves one pending; at exit the streams may still be busy.
constexpr int64_t kFinishWaitNs = 10'000'000'000;
constexpr int64_t kExitWaitNs = 1'000'000'000;

int32_t this_thread_id() {
    thread_local const auto tid = static_cast<int32_t>(::syscall(SYS_gettid));
    return tid;
}

std::string this_thread_name(int32_t tid) {
    char name[64] = {};
    if (pthread_getname_np(pthread_self(), name, sizeof name) != 0 || name[0] == '\0') {
        return "thread " + std::to_string(tid);
    }
    return std::string(name) + " (thread " + std::to_string(tid) + ")";
}

constexpr rt::EnumName<TaskKind> kCategories[] = {{TaskKind::Kernel, "kernel"},
                                                  {TaskKind::Copy, "memcpy"},
                                                  {TaskKind::Memset, "memset"},
                                                  {TaskKind::EventRecord, "event record"},
                                                  {TaskKind::EventWait, "event wait"},
                                                  {TaskKind::NotifyRecord, "notify record"},
                                                  {TaskKind::NotifyWait, "notify wait"},
                                                  {TaskKind::ValueWrite, "value write"},
                                                  {TaskKind::ValueWait, "value wait"},
                                                  {TaskKind::HostFunc, "host function"},
                                                  {TaskKind::Cache, "cache maintenance"}};

const char* category_of(TaskKind kind) {
    return rt::name_in(kCategories, kind, "task");
}

enum class Outcome { Pending, Reached, Lost };

// Polls the record's marks that are not reached yet; a reached mark is let go at once (a GPU
// mark's event goes back to its pool).
Outcome settle(detail::TaskRecord& record, int64_t wait_ns) {
    for (auto [mark, when] :
         {std::pair{&record.before, &record.begin_ns}, std::pair{&record.after, &record.end_ns}}) {
        if (*mark == nullptr) {
            continue;
        }
        int64_t ns = 0;
        switch ((*mark)->poll(wait_ns, &ns)) {
            case rt::StreamMark::State::Pending:
                return Outcome::Pending;
            case rt::StreamMark::State::Lost:
                return Outcome::Lost;
            case rt::StreamMark::State::Reached:
                *when = ns;
                mark->reset();
                break;
        }
    }
    return Outcome::Reached;
}

}  // namespace

Recorder& Recorder::instance() {
    static Recorder* recorder = new Recorder;  // never destroyed (trace_recorder.h)
    return *recorder;
}

void Recorder::new_session_locked(const std::string& path) {
    ++session_;
    path_ = path;
    contents_ = Contents{};
    contents_.origin_ns = steady_ns();
    contents_.host_pid = static_cast<int32_t>(::getpid());
    contents_.host_name = std::string(program_invocation_short_name) + " (host)";
    streams_.clear();
    sync_tracks_.clear();
    stream_counts_.clear();
    pending_.clear();
    next_tid_ = kTrackTidBase;
}

void Recorder::start_in_memory() {
    static const int registered = std::atexit(at_exit);
    static_cast<void>(registered);
    std::lock_guard<std::mutex> resolving(resolve_mu_);
    std::lock_guard<std::mutex> lock(mu_);
    if (recording_) {
        return;
    }
    new_session_locked("");
    recording_ = true;
    set_watching(kTrace, true);
}

void Recorder::start(const std::string& path) {
    static const int registered = std::atexit(at_exit);
    static_cast<void>(registered);
    std::lock_guard<std::mutex> resolving(resolve_mu_);
    std::lock_guard<std::mutex> lock(mu_);
    if (path.empty()) {
        recording_ = false;
        set_watching(kTrace, false);
        return;
    }
    if (path != path_ || session_ == 0) {
        new_session_locked(path);
    }
    // An empty (or the continued) trace at once: a path that cannot be written is found now.
    if (!write_locked()) {
        recording_ = false;
        set_watching(kTrace, false);
        return;
    }
    recording_ = true;
    set_watching(kTrace, true);
    ACLEMU_LOG(Runtime, Info, "ACLEMU_TRACE: recording a timeline into %s", path_.c_str());
}

void Recorder::finish() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (!recording_) {
            return;
        }
        recording_ = false;
    }
    set_watching(kTrace, false);
    resolve(kFinishWaitNs);
    std::lock_guard<std::mutex> lock(mu_);
    if (!path_.empty() && write_locked()) {
        ACLEMU_LOG(Runtime,
                   Info,
                   "ACLEMU_TRACE: wrote %zu events to %s (open it in ui.perfetto.dev)",
                   contents_.events.size(),
                   path_.c_str());
    }
}

void Recorder::at_exit() {
    Recorder& recorder = instance();
    {
        std::lock_guard<std::mutex> lock(recorder.mu_);
        if (!recorder.dirty_) {
            return;
        }
    }
    recorder.resolve(kExitWaitNs);
    std::lock_guard<std::mutex> lock(recorder.mu_);
    recorder.write_locked();
}

uint64_t Recorder::session() const {
    std::lock_guard<std::mutex> lock(mu_);
    return session_;
}

bool Recorder::recording() const {
    std::lock_guard<std::mutex> lock(mu_);
    return recording_;
}

bool Recorder::recording_in_memory() const {
    std::lock_guard<std::mutex> lock(mu_);
    return recording_ && path_.empty();
}

Contents Recorder::snapshot() {
    resolve(kFinishWaitNs, true);
    std::lock_guard<std::mutex> lock(mu_);
    return contents_;
}

bool Recorder::write_locked() {
    if (path_.empty()) {  // start_in_memory: nothing to write
        dirty_ = false;
        return true;
    }
    std::string error;
    if (!write_file(path_, contents_, &error)) {
        ACLEMU_LOG(Runtime,
                   Warning,
                   "ACLEMU_TRACE=%s: cannot write the trace (%s); it is lost",
                   path_.c_str(),
                   error.c_str());
        return false;
    }
    dirty_ = false;
    return true;
}

int32_t Recorder::new_track_locked(int32_t pid, std::string name, int sort) {
    const int32_t tid = next_tid_++;
    contents_.tracks[tid] = TrackInfo{pid, std::move(name), sort};
    return tid;
}

int32_t Recorder::device_pid_locked(int32_t device) {
    device = std::max(device, 0);
    const rt::Backend* backend = rt::runtime().existing_backend();
    const std::string name = "device " + std::to_string(device) + " ("
                             + (backend != nullptr ? backend->name() : "no backend") + ")";
    // By name: a later session on another backend gets processes of its own.
    for (const auto& [pid, known] : contents_.devices) {
        if (known == name) {
            return pid;
        }
    }
    const int32_t pid = kDevicePidBase + static_cast<int32_t>(contents_.devices.size());
    contents_.devices[pid] = name;
    return pid;
}

Track Recorder::host_track() {
    const int32_t tid = this_thread_id();
    std::lock_guard<std::mutex> lock(mu_);
    if (contents_.tracks.count(tid) == 0) {
        // The main thread first.
        const int sort = tid == contents_.host_pid ? 0 : 1;
        contents_.tracks[tid] = TrackInfo{contents_.host_pid, this_thread_name(tid), sort};
    }
    return Track{contents_.host_pid, tid};
}

Track Recorder::stream_track(const std::shared_ptr<rt::Stream>& stream) {
    std::lock_guard<std::mutex> lock(mu_);
    auto found = streams_.find(stream.get());
    if (found != streams_.end() && !found->second.owner.owner_before(stream)
        && !stream.owner_before(found->second.owner)) {
        return found->second.track;
    }
    const int32_t pid = device_pid_locked(stream->device);
    int& count = stream_counts_[{pid, stream->is_default}];
    ++count;
    std::string name;
    if (stream->is_default) {
        name = count == 1 ? "default stream" : "default stream " + std::to_string(count);
    } else {
        name = "stream " + std::to_string(count) + " (aclrtStream " + rt::pointer_text(stream.get())
               + ")";
    }
    // Synchronous operations first, then the default stream, then the streams in order.
    const int sort = stream->is_default ? 1000 + count : 2000 + count;
    const Track track{pid, new_track_locked(pid, std::move(name), sort)};
    streams_[stream.get()] = StreamEntry{stream, track};
    return track;
}

Track Recorder::sync_track(int32_t device) {
    const int32_t host_tid = this_thread_id();
    std::lock_guard<std::mutex> lock(mu_);
    const int32_t pid = device_pid_locked(device);
    auto found = sync_tracks_.find({pid, host_tid});
    if (found != sync_tracks_.end()) {
        return found->second;
    }
    const Track track{
        pid,
        new_track_locked(pid,
                         "synchronous copies and memsets (thread " + std::to_string(host_tid) + ")",
                         static_cast<int>(sync_tracks_.size()))};
    sync_tracks_[{pid, host_tid}] = track;
    return track;
}

void Recorder::add_locked(Event event) {
    dirty_ = true;
    if (contents_.events.size() >= kMaxEvents) {
        if (contents_.dropped++ == 0) {
            ACLEMU_LOG(Runtime,
                       Warning,
                       "ACLEMU_TRACE: the trace holds %zu events; later ones are left out",
                       kMaxEvents);
        }
        return;
    }
    contents_.events.push_back(std::move(event));
}

void Recorder::add_call(
    const char* api, const char* category, int64_t begin_ns, int64_t end_ns, std::string args) {
    const Track track = host_track();
    std::lock_guard<std::mutex> lock(mu_);
    Event event;
    event.pid = track.pid;
    event.tid = track.tid;
    event.ts_ns = begin_ns;
    event.dur_ns = end_ns - begin_ns;
    event.category = category;
    event.name = api;
    event.args = std::move(args);
    add_locked(std::move(event));
}

void Recorder::add_task_locked(detail::TaskRecord& record) {
    Event slice;
    slice.pid = record.pid;
    slice.tid = record.tid;
    slice.ts_ns = record.begin_ns;
    slice.dur_ns = std::max<int64_t>(record.end_ns - record.begin_ns, 0);
    slice.category = category_of(record.kind);
    slice.name = std::move(record.name);
    slice.args = std::move(record.args);
    if (record.host_tid != 0) {
        Event start;
        start.phase = 's';
        start.pid = contents_.host_pid;
        start.tid = record.host_tid;
        start.ts_ns = record.enqueued_ns;
        start.category = "flow";
        start.name = "enqueue";
        start.flow = next_flow_++;
        slice.flow = start.flow;
        add_locked(std::move(start));
    }
    add_locked(std::move(slice));
}

void Recorder::add_task(std::unique_ptr<detail::TaskRecord> record) {
    std::lock_guard<std::mutex> lock(mu_);
    if (record->session == session_) {
        add_task_locked(*record);
    }
}

void Recorder::add_pending(std::unique_ptr<detail::TaskRecord> record) {
    // A GPU runtime may tear down in its own exit handler; one registered after the first mark
    // (after the runtime's own) runs before it, while marks can still be resolved.
    static const int registered = std::atexit(at_exit);
    static_cast<void>(registered);
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (record->session != session_) {
            return;
        }
        dirty_ = true;
        const int32_t tid = record->tid;
        pending_[tid].push_back(std::move(record));
    }
    resolve(0);
}

void Recorder::resolve_reached() {
    resolve(0, true);
}

void Recorder::resolve(int64_t wait_ns, bool wait_turn) {
    std::unique_lock<std::mutex> resolving(resolve_mu_, std::defer_lock);
    if (wait_ns == 0 && !wait_turn) {
        if (!resolving.try_lock()) {
            return;  // another thread is at it
        }
    } else {
        resolving.lock();
    }
    const int64_t deadline = steady_ns() + wait_ns;
    for (;;) {
        // Only this thread removes records, so the fronts stay in place while it polls them
        // without mu_.
        std::vector<detail::TaskRecord*> fronts;
        {
            std::lock_guard<std::mutex> lock(mu_);
            for (auto& [tid, queue] : pending_) {
                if (!queue.empty()) {
                    fronts.push_back(queue.front().get());
                }
            }
        }
        std::vector<std::pair<detail::TaskRecord*, Outcome>> settled;
        for (detail::TaskRecord* record : fronts) {
            const int64_t left = std::max<int64_t>(deadline - steady_ns(), 0);
            const Outcome outcome = settle(*record, left);
            if (outcome != Outcome::Pending) {
                settled.emplace_back(record, outcome);
            } else if (wait_ns != 0 && left == 0) {
                settled.emplace_back(record, Outcome::Pending);  // given up: an instant
            }
        }
        if (settled.empty()) {
            return;
        }
        std::lock_guard<std::mutex> lock(mu_);
        for (auto [pointer, outcome] : settled) {
            auto& queue = pending_[pointer->tid];
            std::unique_ptr<detail::TaskRecord> record = std::move(queue.front());
            queue.pop_front();
            if (outcome == Outcome::Reached) {
                add_task_locked(*record);
                continue;
            }
            ++contents_.unresolved;
            Event instant;
            instant.phase = 'i';
            instant.pid = record->pid;
            instant.tid = record->tid;
            instant.ts_ns = record->enqueued_ns;
            instant.category = category_of(record->kind);
            instant.name = std::move(record->name);
            instant.args = std::move(record->args);
            append_arg(&instant.args,
                       "timing",
                       std::string(outcome == Outcome::Lost
                                       ? "lost: the stream dropped the task or failed"
                                       : "unknown: not reached when the trace was written"));
            add_locked(std::move(instant));
        }
    }
}

void start_session(const std::string& path) {
    Recorder::instance().start(path);
}

}  // namespace trace

void completion_observed() noexcept {
    if ((watchers() & kTrace) == 0) {
        return;
    }
    try {
        trace::Recorder::instance().resolve_reached();
    } catch (...) {
        // A lock that cannot be taken: the records stay pending and resolve later.
    }
}

namespace trace {

void finish_session() {
    Recorder::instance().finish();
}

}  // namespace trace
}  // namespace aclemu::observe
