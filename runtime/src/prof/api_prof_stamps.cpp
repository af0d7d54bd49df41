// Entry points of acl/acl_prof.h's stamps (msproftx): a stamp carries a message; aclprofMark
// marks it, aclprofPush / aclprofPop bracket a range on the calling thread, aclprofRangeStart /
// aclprofRangeStop a range that may end on another thread, aclprofMarkEx marks a message
// directly. Each becomes what the mstx call of the same kind does (mstx_ranges.h): an NVTX mark
// or range, and a slice of category "mstx" on the timeline.
#include "acl/acl_prof.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/handle_registry.h"
#include "handles/live_handle.h"
#include "prof/mstx_ranges.h"
#include "runtime_state.h"

#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

using namespace aclemu::rt;

namespace {

struct Stamp {
    std::mutex mu;
    std::string message;
};

constexpr auto& stamps = aclemu::rt::registry_of<Stamp>;

// aclprofRangeStart's ids (32-bit) -> the mstx range behind each.
struct OpenRanges {
    std::mutex mu;
    uint32_t next = 1;
    std::unordered_map<uint32_t, uint64_t> open;
};

OpenRanges& open_ranges() {
    static auto* state = new OpenRanges;
    return *state;
}

// aclprofPush's ranges on this thread, innermost last.
thread_local std::vector<uint64_t> t_pushed;

aclError live_stamp(const void* handle, std::shared_ptr<Stamp>* found) {
    return aclemu::rt::live_handle(stamps(), handle, "stamp", "stamp", found, "aclprofCreateStamp");
}

// The message of the live stamp `handle` into `*message`; a failure naming `stamp` otherwise.
aclError stamp_message(void* handle, std::string* message) {
    std::shared_ptr<Stamp> stamp;
    ACLEMU_TRY(live_stamp(handle, &stamp));
    std::lock_guard<std::mutex> lock(stamp->mu);
    ACLEMU_TRY(reject_if(stamp->message.empty(),
                         "stamp",
                         aclemu::rt::pointer_text(handle),
                         "has no message (aclprofSetStampTraceMessage)"));
    *message = stamp->message;
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

void* aclprofCreateStamp(void) {
    return aclemu::rt::create_handle("aclprofCreateStamp", stamps());
}

void aclprofDestroyStamp(void* stamp) {
    api_call("aclprofDestroyStamp", [&]() -> aclError {
        return aclemu::rt::destroy_handle(stamps(), stamp, "stamp", "stamp", "aclprofCreateStamp");
    });
}

aclError aclprofSetStampTraceMessage(void* stamp, const char* msg, uint32_t msgLen) {
    return api_call("aclprofSetStampTraceMessage", [&]() -> aclError {
        ACLEMU_CHECK_NOT_NULL(stamp);
        ACLEMU_CHECK_NOT_NULL(msg);
        if (msgLen == 0) {
            return reject_arg(ACL_ERROR_INVALID_PARAM, "msgLen", 0, "must not be 0");
        }
        std::shared_ptr<Stamp> found;
        ACLEMU_TRY(live_stamp(stamp, &found));
        std::lock_guard<std::mutex> lock(found->mu);
        found->message.assign(msg, strnlen(msg, msgLen));
        return ACL_SUCCESS;
    });
}

aclError aclprofMark(void* stamp) {
    return api_call("aclprofMark", [&]() -> aclError {
        std::string message;
        ACLEMU_TRY(stamp_message(stamp, &message));
        prof::mark(nullptr, std::string(), message.c_str());
        return ACL_SUCCESS;
    });
}

aclError aclprofMarkEx(const char* msg, size_t msgLen, aclrtStream /*stream*/) {
    return api_call("aclprofMarkEx", [&]() -> aclError {
        ACLEMU_CHECK_NOT_NULL(msg);
        if (msgLen == 0) {
            return reject_arg(ACL_ERROR_INVALID_PARAM, "msgLen", 0, "must not be 0");
        }
        prof::mark(nullptr, std::string(), std::string(msg, strnlen(msg, msgLen)).c_str());
        return ACL_SUCCESS;
    });
}

aclError aclprofPush(void* stamp) {
    return api_call("aclprofPush", [&]() -> aclError {
        std::string message;
        ACLEMU_TRY(stamp_message(stamp, &message));
        t_pushed.push_back(prof::range_start(nullptr, nullptr, std::string(), message.c_str()));
        return ACL_SUCCESS;
    });
}

aclError aclprofPop(void) {
    return api_call("aclprofPop", []() -> aclError {
        if (t_pushed.empty()) {
            return fail(ACL_ERROR_INVALID_PARAM,
                        aclemu::rt::msg_order("aclprofPop without an aclprofPush on this thread"));
        }
        prof::range_end(nullptr, t_pushed.back());
        t_pushed.pop_back();
        return ACL_SUCCESS;
    });
}

aclError aclprofRangeStart(void* stamp, uint32_t* rangeId) {
    return api_call("aclprofRangeStart", [&]() -> aclError {
        ACLEMU_CHECK_NOT_NULL(rangeId);
        std::string message;
        ACLEMU_TRY(stamp_message(stamp, &message));
        const uint64_t range = prof::range_start(nullptr, nullptr, std::string(), message.c_str());
        OpenRanges& ranges = open_ranges();
        std::lock_guard<std::mutex> lock(ranges.mu);
        uint32_t id = ranges.next++;
        if (id == 0) {  // wrapped: 0 is never an id
            id = ranges.next++;
        }
        ranges.open[id] = range;
        *rangeId = id;
        return ACL_SUCCESS;
    });
}

aclError aclprofRangeStop(uint32_t rangeId) {
    return api_call("aclprofRangeStop", [&]() -> aclError {
        uint64_t range = 0;
        {
            OpenRanges& ranges = open_ranges();
            std::lock_guard<std::mutex> lock(ranges.mu);
            const auto it = ranges.open.find(rangeId);
            ACLEMU_TRY(reject_if(it == ranges.open.end(),
                                 "rangeId",
                                 rangeId,
                                 "is not an open range of aclprofRangeStart"));
            range = it->second;
            ranges.open.erase(it);
        }
        prof::range_end(nullptr, range);
        return ACL_SUCCESS;
    });
}

}  // extern "C"
