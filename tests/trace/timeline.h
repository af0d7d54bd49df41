// The ACLEMU_TRACE file of a test, read back as Perfetto reads it: processes and tracks by their
// names (metadata events), and each track's events in time order.
#pragma once

#include "support/json_value.h"

#include <cstdint>
#include <string>
#include <vector>

namespace aclemu::test {

struct TraceEvent {
    std::string phase;
    std::string name;
    std::string category;
    double ts = 0.0;  // microseconds
    double dur = 0.0;
    int64_t pid = 0;
    int64_t tid = 0;
    int64_t flow = 0;  // 's' / 'f': the flow's id
    JsonValue args;
    double end() const { return ts + dur; }
};

struct TraceTrack {
    int64_t pid = 0;
    int64_t tid = 0;
    std::string name;
    std::string process;
    std::vector<TraceEvent> events;  // by ts
    /// The names of its slices ('X'), in order.
    std::vector<std::string> slice_names() const;
    /// Its first slice named `name`; nullptr when there is none.
    const TraceEvent* slice(const std::string& name) const;
};

class Timeline {
public:
    /// Reads and checks the file: valid JSON, a traceEvents array, every event with a phase,
    /// pid and ts (metadata aside). Failures are gtest failures; the Timeline is then empty.
    static Timeline read(const std::string& path);

    /// The track whose name starts with `prefix` in the process whose name starts with
    /// `process`; nullptr when there is none.
    const TraceTrack* track(const std::string& process, const std::string& prefix) const;
    const std::vector<TraceTrack>& tracks() const { return tracks_; }
    std::string describe() const;  // for failure messages

private:
    std::vector<TraceTrack> tracks_;
};

}  // namespace aclemu::test
