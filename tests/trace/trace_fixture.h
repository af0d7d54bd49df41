// What the ACLEMU_TRACE tests share: a fixture whose runtime records into a fresh file, and
// checks on the tracks read back (timeline.h).
#pragma once

#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "trace/timeline.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace aclemu::test {

// A file under the test's temporary directory, removed first.
inline std::string fresh_path(const std::string& name) {
    const std::string path = ::testing::TempDir() + name;
    std::remove(path.c_str());
    return path;
}

inline std::string test_name() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string(info->test_suite_name()) + "_" + info->name();
    for (char& c : name) {
        if (c == '/') {
            c = '_';
        }
    }
    return name;
}

// The backend fixture's runtime, started with ACLEMU_TRACE pointing at a fresh file.
class TraceTest : public BackendTest {
protected:
    void SetUp() override {
        path_ = fresh_path("trace_" + test_name() + ".json");
        ScopedEnv trace("ACLEMU_TRACE", path_.c_str());
        BackendTest::SetUp();
    }

    // aclFinalize, then the file it wrote.
    Timeline finish_and_read() {
        finish();
        return Timeline::read(path_);
    }

    // The name of device 0's process, or (on a real GPU: cuda or hip) its beginning.
    std::string device_process() const {
        return !on_gpu() ? "device 0 (cpu)" : on_simulator() ? "device 0 (gpusim)" : "device 0 (";
    }

    std::string path_;
};

inline std::string handle_text(const void* handle) {
    char text[32];
    std::snprintf(text, sizeof text, "%p", handle);
    return text;
}

// Slices one after the other on one track: each starts no earlier than the one before ended.
inline void expect_end_to_end(const TraceTrack& track) {
    const TraceEvent* previous = nullptr;
    for (const TraceEvent& event : track.events) {
        if (event.phase != "X") {
            continue;
        }
        if (previous != nullptr) {
            EXPECT_GE(event.ts, previous->end()) << track.name << ": " << event.name
                                                 << " starts before " << previous->name << " ended";
        }
        previous = &event;
    }
}

}  // namespace aclemu::test
