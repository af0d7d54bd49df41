#include "prof/subscriptions.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "observe/trace_recorder.h"
#include "prof/op_records.h"
#include "prof/prof_objects.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <unistd.h>
#include <vector>

namespace aclemu::rt::prof {
namespace {

struct Subscription {
    int fd = -1;
    bool time_info = false;
    int64_t start_ns = 0;
};

struct Subscriptions {
    std::mutex mu;
    std::map<uint32_t, Subscription> active;
};

Subscriptions& subscriptions() {
    static auto* state = new Subscriptions;
    return *state;
}

// Writes all of `bytes` to `fd` (a pipe the caller reads), retrying after signals.
bool write_all(int fd, const void* bytes, size_t size) {
    const auto* p = static_cast<const unsigned char*>(bytes);
    while (size > 0) {
        const ssize_t n = ::write(fd, p, size);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        p += n;
        size -= static_cast<size_t>(n);
    }
    return true;
}

// The records of the kernels that began since the subscription started.
std::vector<OpRecord> records_since(uint32_t model_id, const Subscription& sub) {
    const observe::trace::Contents contents = observe::trace::Recorder::instance().snapshot();
    std::vector<OpRecord> records;
    for (const auto& event : contents.events) {
        if (event.phase != 'X' || std::strcmp(event.category, "kernel") != 0
            || event.ts_ns < sub.start_ns) {
            continue;
        }
        const uint64_t start_us = sub.time_info ? static_cast<uint64_t>(event.ts_ns / 1000) : 0;
        const uint64_t end_us =
            sub.time_info ? static_cast<uint64_t>((event.ts_ns + event.dur_ns) / 1000) : 0;
        records.push_back(
            make_record(model_id, event.name, start_us, end_us, static_cast<uint64_t>(event.tid)));
    }
    return records;
}

}  // namespace

aclError subscribe(uint32_t model_id, const aclprofSubscribeConfig& config) {
    Subscriptions& subs = subscriptions();
    std::lock_guard<std::mutex> lock(subs.mu);
    ACLEMU_TRY(reject_if(subs.active.count(model_id) != 0,
                         "modelId",
                         model_id,
                         "is already subscribed",
                         ACL_ERROR_PROF_REPEAT_SUBSCRIBE));
    if (::fcntl(config.fd, F_GETFL) < 0) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "profSubscribeConfig",
                          "fd " + std::to_string(config.fd),
                          "the config's pipe is not an open file descriptor");
    }
    observe::trace::Recorder::instance().start_in_memory();  // unless a trace already records
    subs.active[model_id] = Subscription{config.fd, config.time_info, observe::steady_ns()};
    return ACL_SUCCESS;
}

aclError unsubscribe(uint32_t model_id) {
    Subscriptions& subs = subscriptions();
    std::lock_guard<std::mutex> lock(subs.mu);
    const auto it = subs.active.find(model_id);
    ACLEMU_TRY(reject_if(it == subs.active.end(), "modelId", model_id, "is not subscribed"));
    const Subscription sub = it->second;
    subs.active.erase(it);
    const std::vector<OpRecord> records = records_since(model_id, sub);
    observe::trace::Recorder& recorder = observe::trace::Recorder::instance();
    if (subs.active.empty() && recorder.recording_in_memory()) {
        recorder.finish();
    }
    const bool written =
        records.empty() || write_all(sub.fd, records.data(), records.size() * sizeof(OpRecord));
    const int write_errno = errno;
    // CANN closes the model's pipe write end once its data is sent, so a reader that reads to
    // the end of the pipe stops.
    ::close(sub.fd);
    if (!written) {
        return fail(ACL_ERROR_PROFILING_FAILURE,
                    msg_runtime("cannot write the subscription data to fd " + std::to_string(sub.fd)
                                + ": " + std::strerror(write_errno)));
    }
    return ACL_SUCCESS;
}

bool subscribed() {
    Subscriptions& subs = subscriptions();
    std::lock_guard<std::mutex> lock(subs.mu);
    return !subs.active.empty();
}

}  // namespace aclemu::rt::prof
