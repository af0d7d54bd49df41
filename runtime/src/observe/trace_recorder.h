// The ACLEMU_TRACE timeline (docs/profiling.md): a Chrome trace-event JSON file that Perfetto and
// chrome://tracing open. One process "host" with a track per host thread (each acl/aclnn call,
// from CallScope), and one process per device with a track per stream (each task, timed on the
// stream: observe::TaskTrace) and a track per host thread for the synchronous copies and memsets
// it ran. A flow arrow links each task to the call that enqueued it.
//
// Everything is kept in memory (at most kMaxEvents) and written at aclFinalize and at exit. The
// recorder is never destroyed: tasks and atexit handlers may still report during exit.
//
// Locking: `mu_` guards the recorded state and is never held while a backend is asked about a
// mark; `resolve_mu_` lets one thread at a time resolve marks (taken before `mu_`).
#pragma once

#include "aclemu/observe.h"
#include "backend/backend.h"

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace aclemu::observe {
namespace detail {

/// A task from its TaskTrace to its slice.
struct TaskRecord {
    uint64_t session = 0;
    TaskKind kind = TaskKind::Kernel;
    std::string name;
    std::string args;  // JSON object members (trace_json.h)
    int32_t pid = 0;   // its track
    int32_t tid = 0;
    int32_t host_tid = 0;  // the thread whose call enqueued it (the flow's start); 0: none
    int64_t enqueued_ns = 0;
    std::shared_ptr<rt::Stream> stream;  // kept until the mark after the task is made
    std::shared_ptr<rt::StreamMark> before;
    std::shared_ptr<rt::StreamMark> after;
    int64_t begin_ns = 0;
    int64_t end_ns = 0;
};

}  // namespace detail

namespace trace {

struct Track {
    int32_t pid = 0;
    int32_t tid = 0;
};

/// A slice ('X'), an instant ('i'), or a flow's start ('s') or end ('f') in the file.
struct Event {
    char phase = 'X';
    int32_t pid = 0;
    int32_t tid = 0;
    int64_t ts_ns = 0;  // steady_ns()
    int64_t dur_ns = 0;
    const char* category = "";  // a literal
    std::string name;
    std::string args;  // JSON object members
    uint64_t flow = 0;
};

/// A named track: a host thread, a stream, or a host thread's synchronous operations.
struct TrackInfo {
    int32_t pid = 0;
    std::string name;
    int sort = 0;  // order within the process
};

/// Everything the file shows, as trace_json.cpp writes it.
struct Contents {
    int64_t origin_ns = 0;  // ts 0
    int32_t host_pid = 0;
    std::string host_name;
    std::map<int32_t, std::string> devices;  // pid -> process name
    std::map<int32_t, TrackInfo> tracks;     // tid -> track
    std::vector<Event> events;
    uint64_t dropped = 0;  // events not kept (kMaxEvents)
    uint64_t unresolved = 0;
};

class Recorder {
public:
    static constexpr size_t kMaxEvents = 1'000'000;

    static Recorder& instance();

    /// aclInit: records into `path` from now on (empty: records nothing). The same path as
    /// the last session continues its trace; another starts a new one. Writes an empty trace
    /// at once, so a path that cannot be written is reported (WARNING) here and nothing is
    /// recorded.
    void start(const std::string& path);
    /// aclFinalize, after the streams were drained: stops recording and writes the file.
    void finish();

    /// The calling thread's host track (registers its name).
    Track host_track();
    /// The track of `stream`, on the process of its device.
    Track stream_track(const std::shared_ptr<rt::Stream>& stream);
    /// The track of the synchronous operations the calling thread runs on logical `device`.
    Track sync_track(int32_t device);

    /// An acl/aclnn call that ran on this thread from `begin_ns` to `end_ns`.
    void add_call(
        const char* api, const char* category, int64_t begin_ns, int64_t end_ns, std::string args);
    /// A task whose run is known; its flow from the enqueuing call.
    void add_task(std::unique_ptr<detail::TaskRecord> record);
    /// A task whose marks the stream has still to reach; resolved by later calls.
    void add_pending(std::unique_ptr<detail::TaskRecord> record);

    /// A host call saw stream work complete: resolves, before the call returns, every pending
    /// record whose marks are reached, waiting for no stream (Note [Mark times are bounded by
    /// what the host saw], gpu_clock.cpp).
    void resolve_reached();

    /// The session a new record belongs to (records of an older session are dropped).
    uint64_t session() const;

    /// Records without a file (a profiler subscription), unless a trace already records.
    void start_in_memory();
    /// Whether a trace records now (ACLEMU_TRACE, aclprofStart, or start_in_memory()).
    bool recording() const;
    /// Whether it records only in memory (start_in_memory()).
    bool recording_in_memory() const;
    /// What was recorded so far, with the marks the streams reached resolved first (waits as
    /// finish() does): what the profiler's summary and subscriptions are made from.
    Contents snapshot();

private:
    Recorder() = default;

    // Resolves pending records, oldest first per track. `wait_ns` 0: only those already
    // reached, and (unless `wait_turn`) only if no other thread is resolving; else waits up to
    // `wait_ns` in all and then writes the rest as instants ("not reached").
    void resolve(int64_t wait_ns, bool wait_turn = false);
    void new_session_locked(const std::string& path);
    void add_locked(Event event);
    void add_task_locked(detail::TaskRecord& record);
    // Writes the file; false (after a WARNING) when it cannot.
    bool write_locked();
    int32_t new_track_locked(int32_t pid, std::string name, int sort);
    int32_t device_pid_locked(int32_t device);
    static void at_exit();

    mutable std::mutex mu_;
    std::mutex resolve_mu_;
    std::string path_;
    bool recording_ = false;
    bool dirty_ = false;  // something was recorded since the file was last written
    uint64_t session_ = 0;
    uint64_t next_flow_ = 1;
    int32_t next_tid_ = 0;
    Contents contents_;
    struct StreamEntry {
        std::weak_ptr<rt::Stream> owner;  // tells a new stream at a reused address
        Track track;
    };
    std::unordered_map<const rt::Stream*, StreamEntry> streams_;
    std::map<std::pair<int32_t, int32_t>, Track> sync_tracks_;  // (device pid, host tid)
    std::map<std::pair<int32_t, bool>, int> stream_counts_;     // (device pid, default): seen
    std::map<int32_t, std::deque<std::unique_ptr<detail::TaskRecord>>> pending_;  // per tid
};

/// aclInit (config.cpp reads ACLEMU_TRACE) and aclFinalize.
void start_session(const std::string& path);
void finish_session();

}  // namespace trace
}  // namespace aclemu::observe
