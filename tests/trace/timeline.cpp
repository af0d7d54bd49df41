// Timeline: an ACLEMU_TRACE file read back (timeline.h).
#include "trace/timeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

namespace aclemu::test {

std::vector<std::string> TraceTrack::slice_names() const {
    std::vector<std::string> names;
    for (const TraceEvent& event : events) {
        if (event.phase == "X") {
            names.push_back(event.name);
        }
    }
    return names;
}

const TraceEvent* TraceTrack::slice(const std::string& wanted) const {
    for (const TraceEvent& event : events) {
        if (event.phase == "X" && event.name == wanted) {
            return &event;
        }
    }
    return nullptr;
}

Timeline Timeline::read(const std::string& path) {
    Timeline timeline;
    std::ifstream file(path);
    if (!file) {
        ADD_FAILURE() << "no trace file at " << path;
        return timeline;
    }
    std::stringstream text;
    text << file.rdbuf();
    JsonValue root;
    try {
        root = JsonValue::parse(text.str());
    } catch (const std::exception& e) {
        ADD_FAILURE() << path << ": " << e.what();
        return timeline;
    }
    const JsonValue& events = root["traceEvents"];
    if (!events.is(JsonValue::Kind::Array)) {
        ADD_FAILURE() << path << ": no traceEvents array";
        return timeline;
    }
    std::map<int64_t, std::string> processes;
    std::map<std::pair<int64_t, int64_t>, TraceTrack> tracks;
    std::vector<TraceEvent> timed;
    for (const JsonValue& event : events.items()) {
        TraceEvent e;
        e.phase = event["ph"].text();
        e.name = event["name"].text();
        e.pid = static_cast<int64_t>(event["pid"].number());
        e.tid = static_cast<int64_t>(event["tid"].number());
        EXPECT_TRUE(event["pid"].is(JsonValue::Kind::Number)) << "event without pid: " << e.name;
        if (e.phase == "M") {
            if (e.name == "process_name") {
                processes[e.pid] = event["args"]["name"].text();
            } else if (e.name == "thread_name") {
                TraceTrack& track = tracks[{e.pid, e.tid}];
                track.pid = e.pid;
                track.tid = e.tid;
                track.name = event["args"]["name"].text();
            }
            continue;
        }
        EXPECT_TRUE(event["ts"].is(JsonValue::Kind::Number)) << "event without ts: " << e.name;
        EXPECT_TRUE(event["tid"].is(JsonValue::Kind::Number)) << "event without tid: " << e.name;
        e.category = event["cat"].text();
        e.ts = event["ts"].number();
        e.dur = event["dur"].number();
        e.flow = static_cast<int64_t>(event["id"].number());
        e.args = event["args"];
        EXPECT_GE(e.ts, 0.0) << e.name;
        if (e.phase == "X") {
            EXPECT_TRUE(event["dur"].is(JsonValue::Kind::Number))
                << "slice without dur: " << e.name;
            EXPECT_GE(e.dur, 0.0) << e.name;
        }
        timed.push_back(std::move(e));
    }
    for (TraceEvent& e : timed) {
        auto found = tracks.find({e.pid, e.tid});
        if (found == tracks.end()) {
            ADD_FAILURE() << "event " << e.name << " on an unnamed track " << e.pid << "/" << e.tid;
            continue;
        }
        found->second.events.push_back(std::move(e));
    }
    for (auto& [key, track] : tracks) {
        track.process = processes[track.pid];
        EXPECT_FALSE(track.process.empty()) << "track " << track.name << " in an unnamed process";
        std::stable_sort(track.events.begin(),
                         track.events.end(),
                         [](const TraceEvent& a, const TraceEvent& b) { return a.ts < b.ts; });
        timeline.tracks_.push_back(std::move(track));
    }
    return timeline;
}

const TraceTrack* Timeline::track(const std::string& process, const std::string& prefix) const {
    for (const TraceTrack& track : tracks_) {
        if (track.process.rfind(process, 0) == 0 && track.name.rfind(prefix, 0) == 0) {
            return &track;
        }
    }
    return nullptr;
}

std::string Timeline::describe() const {
    std::string text;
    for (const TraceTrack& track : tracks_) {
        text += track.process + " / " + track.name + ":";
        for (const TraceEvent& event : track.events) {
            text += " " + event.phase + ":" + event.name + "@" + std::to_string(event.ts);
        }
        text += "\n";
    }
    return text;
}

}  // namespace aclemu::test
