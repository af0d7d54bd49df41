#include "prof/prof_session.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "files/private_file.h"
#include "observe/trace_recorder.h"
#include "prof/op_summary.h"
#include "prof/prof_objects.h"
#include "prof/subscriptions.h"

#include <mutex>
#include <unistd.h>

namespace aclemu::rt::prof {
namespace {

struct Session {
    std::mutex mu;
    bool initialized = false;
    std::string dir;
    bool running = false;
    std::vector<uint32_t> devices;  // of the config aclprofStart was given
    int64_t start_ns = 0;
    bool trace_ours = false;  // aclprofStart started the recording into dir
    bool warmed = false;      // aclprofWarmup before aclprofStart
};

Session& session() {
    static auto* state = new Session;  // used by aclprofFinalize at any time, never destroyed
    return *state;
}

aclError not_initialized() {
    return fail(ACL_ERROR_PROF_NOT_RUN, msg_order("aclprofInit has not been called"));
}

// Stops what start_locked started: writes the timeline and the summary.
aclError stop_locked(Session& s) {
    observe::trace::Recorder& recorder = observe::trace::Recorder::instance();
    const observe::trace::Contents contents = recorder.snapshot();
    if (s.trace_ours) {
        observe::trace::finish_session();
        if (subscribed()) {
            recorder.start_in_memory();  // the subscriptions still need the records
        }
    }
    s.running = false;
    s.trace_ours = false;
    std::string error;
    const int dir_fd = files::open_private_directory(s.dir, {}, &error);
    if (dir_fd < 0) {
        return fail(ACL_ERROR_PROFILING_FAILURE,
                    msg_runtime("cannot open the profiling directory " + s.dir + ": " + error));
    }
    const bool written = write_summary(dir_fd, summarize(contents, s.start_ns), &error);
    ::close(dir_fd);
    if (!written) {
        return fail(ACL_ERROR_PROFILING_FAILURE,
                    msg_runtime("cannot write the summary into " + s.dir + ": " + error));
    }
    return ACL_SUCCESS;
}

/// Runs `body(session)` under the session's lock once aclprofInit has run; not_initialized()
/// otherwise.
template <class Body>
aclError in_session(Body&& body) {
    Session& s = session();
    std::lock_guard<std::mutex> lock(s.mu);
    return s.initialized ? body(s) : not_initialized();
}

}  // namespace

aclError init(const std::string& dir) {
    Session& s = session();
    std::lock_guard<std::mutex> lock(s.mu);
    if (s.initialized) {
        return fail(ACL_ERROR_REPEAT_INITIALIZE,
                    msg_order("aclprofInit was already called (into " + s.dir
                              + "); call aclprofFinalize first"));
    }
    std::string error;
    const int dir_fd = files::open_private_directory(dir, {}, &error);
    if (dir_fd < 0) {
        return reject_arg(ACL_ERROR_INVALID_PARAM, "profilerResultPath", dir, error);
    }
    ::close(dir_fd);
    s.dir = dir;
    s.initialized = true;
    return ACL_SUCCESS;
}

aclError require_initialized() {
    return in_session([](Session&) { return ACL_SUCCESS; });
}

aclError warmup(const aclprofConfig& config) {
    (void)config;  // the timeline and summary are the same whatever it asks for
    return in_session([&](Session& s) {
        if (s.running) {
            return fail(ACL_ERROR_PROF_API_CONFLICT,
                        msg_order("aclprofWarmup comes before aclprofStart, and profiling already "
                                  "runs"));
        }
        s.warmed = true;
        return ACL_SUCCESS;
    });
}

aclError start(const aclprofConfig& config) {
    return in_session([&](Session& s) {
        if (s.running) {
            return fail(ACL_ERROR_PROF_ALREADY_RUN,
                        msg_order("profiling already runs (aclprofStart without aclprofStop)"));
        }
        observe::trace::Recorder& recorder = observe::trace::Recorder::instance();
        s.trace_ours = false;
        if (!recorder.recording() || recorder.recording_in_memory()) {
            const std::string path = s.dir + "/" + kTimelineFile;
            observe::trace::start_session(path);
            if (!recorder.recording()) {
                return fail(ACL_ERROR_PROFILING_FAILURE,
                            msg_runtime("cannot write the timeline " + path
                                        + " (ASCEND_GLOBAL_LOG_LEVEL=2 logs why)"));
            }
            s.trace_ours = true;
        }
        s.devices = config.devices;
        s.start_ns = observe::steady_ns();
        s.running = true;
        s.warmed = false;  // the warm-up ends in this start
        return ACL_SUCCESS;
    });
}

aclError stop(const aclprofConfig& config) {
    return in_session([&](Session& s) {
        if (!s.running) {
            return fail(ACL_ERROR_PROF_NOT_RUN, msg_order("aclprofStart has not been called"));
        }
        if (config.devices != s.devices) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "profilerConfig",
                              std::string("another device list"),
                              "aclprofStop takes a config with the devices aclprofStart got");
        }
        return stop_locked(s);
    });
}

aclError finalize() {
    return in_session([&](Session& s) {
        aclError result = ACL_SUCCESS;
        if (s.running) {
            result = stop_locked(s);  // what was collected is still written
        }
        s.initialized = false;
        s.dir.clear();
        return result;
    });
}

}  // namespace aclemu::rt::prof
