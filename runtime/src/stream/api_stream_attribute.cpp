// Entry points: stream attributes (aclrtSetStreamAttribute, aclrtGetStreamAttribute) and the
// non-blocking launch sections (aclrtNonBlockingLaunchBegin / End). The failure mode and the
// overflow switch are those of aclrtSetStreamFailureMode and aclrtSetStreamOverflowSwitch; the
// launch-blocking mode and the open sections decide, with ASCEND_RT_LAUNCH_BLOCKING, whether a
// kernel launch waits (Runtime::kernel_launch_blocks, after_enqueue: the one wait).
#include "acl/acl_rt.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"
#include "tasks/overflow_state.h"

#include <cstdint>
#include <cstring>

using namespace aclemu::rt;

namespace {

constexpr const char* kAttrRange =
    "must be an aclrtStreamAttr: 1 failure mode, 2 overflow check, 3 user tag, 4 op-info cache, "
    "5 priority, 6 launch-blocking mode";

// The attribute arrives as the int a C caller passed (aclemu::enum_value at the entry point):
// passing the enum type on by value would load an out-of-range value as that type.

/// `value` checked, then the attribute `attr` of `stream` set from it.
aclError set_attribute(aclrtStream stream, int64_t attr, const aclrtStreamAttrValue* value) {
    ACLEMU_CHECK_NOT_NULL(value);
    const aclrtStreamAttrValue& v = *value;
    ACLEMU_RESOLVE_STREAM(stream, target, backend);
    switch (attr) {
        case ACL_STREAM_ATTR_FAILURE_MODE:
            ACLEMU_TRY(reject_if(
                v.failureMode != ACL_CONTINUE_ON_FAILURE && v.failureMode != ACL_STOP_ON_FAILURE,
                "value.failureMode",
                v.failureMode,
                "must be ACL_CONTINUE_ON_FAILURE (0) or ACL_STOP_ON_FAILURE (1)"));
            target->failure_mode.store(v.failureMode);
            return ACL_SUCCESS;
        case ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK:
            ACLEMU_TRY(
                check_switch("value.overflowSwitch", v.overflowSwitch, ACL_ERROR_RT_PARAM_INVALID));
            return OverflowState::instance().set_stream_switch(target, v.overflowSwitch, backend);
        case ACL_STREAM_ATTR_USER_CUSTOM_TAG:
            target->custom_tag.store(v.userCustomTag);
            return ACL_SUCCESS;
        case ACL_STREAM_ATTR_CACHE_OP_INFO:
            ACLEMU_TRY(check_switch("value.cacheOpInfoSwitch", v.cacheOpInfoSwitch));
            target->cache_op_info.store(v.cacheOpInfoSwitch);
            return ACL_SUCCESS;
        case ACL_STREAM_ATTR_PRIORITY:
            return fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        msg_unsupported("ACL_STREAM_ATTR_PRIORITY",
                                        "a stream's priority is fixed when it is created "
                                        "(aclrtCreateStreamWithConfig) on aclemu's backends"));
        case ACL_STREAM_LAUNCH_BLOCKING_MODE:
            ACLEMU_TRY(reject_if(v.launchBlockingMode > ACL_STREAM_LAUNCH_BLOCKING_MODE_BLOCKING,
                                 "value.launchBlockingMode",
                                 v.launchBlockingMode,
                                 "must be ACL_STREAM_LAUNCH_BLOCKING_MODE_CTRL_BY_ENV (0), "
                                 "_NON_BLOCKING (1) or _BLOCKING (2)"));
            target->launch_blocking_mode.store(v.launchBlockingMode);
            return ACL_SUCCESS;
    }
    return reject_arg(ACL_ERROR_INVALID_PARAM, "stmAttrType", attr, kAttrRange);
}

/// `value` checked, then the attribute `attr` of `stream` stored in it.
aclError get_attribute(aclrtStream stream, int64_t attr, aclrtStreamAttrValue* value) {
    ACLEMU_CHECK_NOT_NULL(value);
    std::shared_ptr<Stream> target;
    ACLEMU_TRY(runtime().stream(stream, &target));
    aclrtStreamAttrValue out;
    std::memset(&out, 0, sizeof(out));
    switch (attr) {
        case ACL_STREAM_ATTR_FAILURE_MODE:
            out.failureMode = target->failure_mode.load();
            break;
        case ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK:
            out.overflowSwitch = OverflowState::instance().stream_switch(target);
            break;
        case ACL_STREAM_ATTR_USER_CUSTOM_TAG:
            out.userCustomTag = target->custom_tag.load();
            break;
        case ACL_STREAM_ATTR_CACHE_OP_INFO:
            out.cacheOpInfoSwitch = target->cache_op_info.load();
            break;
        case ACL_STREAM_ATTR_PRIORITY:
            out.streamPriority = target->priority;
            break;
        case ACL_STREAM_LAUNCH_BLOCKING_MODE:
            out.launchBlockingMode = target->launch_blocking_mode.load();
            break;
        default:
            return reject_arg(ACL_ERROR_INVALID_PARAM, "stmAttrType", attr, kAttrRange);
    }
    *value = out;
    return ACL_SUCCESS;
}

/// What opening and closing a non-blocking launch section check: `flags` (reserved, 0), then
/// the stream.
aclError section_stream(aclrtStream stream, uint32_t flags, std::shared_ptr<Stream>* target) {
    ACLEMU_TRY(check_reserved_zero("flags", flags));
    return runtime().stream(stream, target);
}

}  // namespace

extern "C" {

aclError aclrtSetStreamAttribute(aclrtStream stream,
                                 aclrtStreamAttr stmAttrType,
                                 aclrtStreamAttrValue* value) {
    const int64_t attr = aclemu::enum_value(stmAttrType);
    return api_call_init(__func__, [&] { return set_attribute(stream, attr, value); });
}

aclError aclrtGetStreamAttribute(aclrtStream stream,
                                 aclrtStreamAttr stmAttrType,
                                 aclrtStreamAttrValue* value) {
    const int64_t attr = aclemu::enum_value(stmAttrType);
    return api_call_init(__func__, [&] { return get_attribute(stream, attr, value); });
}

aclError aclrtNonBlockingLaunchBegin(aclrtStream stream, uint32_t flags) {
    return api_call_init(__func__, [&] {
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(section_stream(stream, flags, &target));
        target->non_blocking_sections.fetch_add(1);
        return ACL_SUCCESS;
    });
}

aclError aclrtNonBlockingLaunchEnd(aclrtStream stream, uint32_t flags) {
    return api_call_init(__func__, [&] {
        std::shared_ptr<Stream> target;
        ACLEMU_TRY(section_stream(stream, flags, &target));
        uint32_t open = target->non_blocking_sections.load();
        do {
            if (open == 0) {
                return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                                  "stream",
                                  stream,
                                  "it is in no non-blocking launch section (call "
                                  "aclrtNonBlockingLaunchBegin first)");
            }
        } while (!target->non_blocking_sections.compare_exchange_weak(open, open - 1));
        // Closing the outermost section: what was launched in it is waited for now when
        // launches on the stream block.
        return open == 1 ? runtime().after_enqueue(*target, Enqueued::KernelLaunch) : ACL_SUCCESS;
    });
}

}  // extern "C"
