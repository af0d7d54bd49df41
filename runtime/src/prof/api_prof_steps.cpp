// Entry points of acl/acl_prof.h's steps: aclprofCreateStepInfo, aclprofGetStepTimestamp,
// aclprofDestroyStepInfo. A step is an mstx range named "step" (mstx_ranges.h: an NVTX range, a
// timeline slice and a row of the summary) that starts and ends when the stream reaches the
// ACL_STEP_START and ACL_STEP_END marks: each mark is a host task in the stream's order.
#include "acl/acl_prof.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/handle_registry.h"
#include "handles/live_handle.h"
#include "prof/mstx_ranges.h"
#include "runtime_state.h"

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

// The handle type acl_prof.h declares: a step's marks and its range.
struct aclprofStepInfo {
    std::mutex mu;
    bool started = false;  // ACL_STEP_START marked (on the host: each tag once)
    bool ended = false;
    std::atomic<uint64_t> range{0};  // the range, once the stream reached the start
};

using namespace aclemu::rt;

namespace {

constexpr const char* kStepName = "step";

aclemu::rt::HandleRegistry<aclprofStepInfo>& step_infos() {
    static auto* registry = new aclemu::rt::HandleRegistry<aclprofStepInfo>;
    return *registry;
}

// Distinguishes the steps' ranges from the program's own mstx ranges.
const void* step_owner() {
    static const char owner = 0;
    return &owner;
}

aclError find_step(aclprofStepInfo* handle, std::shared_ptr<aclprofStepInfo>* out) {
    if (handle == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("stepInfo"));
    }
    *out = step_infos().find(handle);
    return reject_if(!*out,
                     "stepInfo",
                     aclemu::rt::pointer_text(handle),
                     "is not a live aclprofStepInfo (aclprofCreateStepInfo)");
}

aclError step_timestamp(aclprofStepInfo* handle, int64_t tag, aclrtStream stream_handle) {
    std::shared_ptr<aclprofStepInfo> step;
    ACLEMU_TRY(find_step(handle, &step));
    ACLEMU_TRY(reject_if(tag != ACL_STEP_START && tag != ACL_STEP_END,
                         "tag",
                         tag,
                         "must be ACL_STEP_START (0) or ACL_STEP_END (1)"));
    ACLEMU_RESOLVE_STREAM(stream_handle, stream, backend);
    {
        std::lock_guard<std::mutex> lock(step->mu);
        const bool start = tag == ACL_STEP_START;
        ACLEMU_TRY(reject_if(start ? step->started : step->ended,
                             "tag",
                             std::string(start ? "ACL_STEP_START" : "ACL_STEP_END"),
                             "the step has this mark already (each tag once per "
                             "aclprofStepInfo)"));
        if (!start && !step->started) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "tag",
                              std::string("ACL_STEP_END"),
                              "the step has no ACL_STEP_START mark yet");
        }
        (start ? step->started : step->ended) = true;
    }
    std::function<void()> mark;
    if (tag == ACL_STEP_START) {
        mark = [step] {
            step->range.store(prof::range_start(step_owner(), nullptr, std::string(), kStepName));
        };
    } else {
        mark = [step] { prof::range_end(step_owner(), step->range.exchange(0)); };
    }
    ACLEMU_TRY_BACKEND(backend->streams().launch_host_func(stream->impl.get(), std::move(mark)),
                       backend,
                       "cannot mark the step");
    return aclemu::rt::runtime().after_enqueue(*stream);
}

}  // namespace

extern "C" {

aclprofStepInfo* aclprofCreateStepInfo(void) {
    return aclemu::rt::create_handle("aclprofCreateStepInfo", step_infos());
}

void aclprofDestroyStepInfo(aclprofStepInfo* stepinfo) {
    api_call("aclprofDestroyStepInfo", [&]() -> aclError {  // marks still queued keep it alive
        return aclemu::rt::destroy_handle(step_infos(), stepinfo, "stepinfo", "aclprofStepInfo");
    });
}

aclError aclprofGetStepTimestamp(aclprofStepInfo* stepInfo,
                                 aclprofStepTag tag,
                                 aclrtStream stream) {
    const int64_t tag_value = aclemu::enum_value(tag);
    return aclemu::rt::api_call_init("aclprofGetStepTimestamp",
                                     [&] { return step_timestamp(stepInfo, tag_value, stream); });
}

}  // extern "C"
