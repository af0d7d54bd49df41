// rt.h fail_stream_task and its report by a synchronize (task_failure.h). Stream ids are unique
// for the process, so a record left by a stream destroyed before its synchronize is never
// reported to another stream.
#include "stream/task_failure.h"

#include "aclemu/rt.h"
#include "runtime_state.h"
#include "stream/exception_info.h"

#include <mutex>
#include <unordered_map>
#include <utility>

namespace aclemu::rt {

namespace {

struct Failure {
    aclError code = ACL_SUCCESS;
    std::string message;
};

std::mutex& failures_mutex() {
    static std::mutex mu;
    return mu;
}

std::unordered_map<int32_t, Failure>& failures() {
    static std::unordered_map<int32_t, Failure> by_stream;
    return by_stream;
}

}  // namespace

void fail_stream_task(const StreamTarget& target, aclError code, const std::string& message) {
    if (!target.stream || code == ACL_SUCCESS) {
        return;
    }
    Stream& stream = *target.stream;
    {
        std::lock_guard<std::mutex> lock(failures_mutex());
        Failure& failure = failures()[stream.id];
        if (failure.code == ACL_SUCCESS) {
            failure.code = code;
            failure.message = message;
        }
    }
    report_task_exception(stream, code);
    if (stream.failure_mode.load() == ACL_STOP_ON_FAILURE && stream.impl) {
        if (Backend* backend = runtime().existing_backend(); backend != nullptr) {
            backend->streams().abort_stream(stream.impl.get());
        }
    }
}

bool stream_stopped_by_failure(const StreamTarget& target) {
    if (!target.stream || target.stream->failure_mode.load() != ACL_STOP_ON_FAILURE) {
        return false;
    }
    std::lock_guard<std::mutex> lock(failures_mutex());
    return failures().count(target.stream->id) != 0;
}

aclError take_task_failure(const Stream& stream, std::string* message) {
    std::lock_guard<std::mutex> lock(failures_mutex());
    auto found = failures().find(stream.id);
    if (found == failures().end()) {
        return ACL_SUCCESS;
    }
    const aclError code = found->second.code;
    *message = std::move(found->second.message);
    failures().erase(found);
    return code;
}

}  // namespace aclemu::rt
