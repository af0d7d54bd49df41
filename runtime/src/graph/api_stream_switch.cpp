// Entry points: stream switches and activations inside a build (aclrtSwitchStream,
// aclrtActiveStream). Each cuts the bound stream's recording at a control point (Note [Control
// points], control.h): a switch whose comparison holds runs the true stream's tasks instead of
// the rest of the stream's; an activation runs the activated stream's tasks at that point.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "graph/control.h"
#include "graph/model_ri.h"
#include "runtime_state.h"

#include <string>

using namespace aclemu::rt;
using namespace aclemu::rt::graph;

namespace {

// `target` (named `param`) is bound to `model` too, and is not `stream` itself.
aclError check_target(aclrtStream target_handle,
                      const char* param,
                      const Stream& stream,
                      const std::shared_ptr<ModelRI>& model,
                      int32_t* target_id) {
    std::shared_ptr<ModelRI> target_model;
    ACLEMU_RESOLVE_STREAM_BY(target, backend, bound_stream, target_handle, param, &target_model);
    ACLEMU_TRY(reject_if(target_model != model,
                         param,
                         target_handle,
                         "bound to another model runtime instance than `stream`"));
    ACLEMU_TRY(
        reject_if(target.get() == &stream, param, target_handle, "the same stream as `stream`"));
    *target_id = target->id;
    return ACL_SUCCESS;
}

aclError switch_stream(void* left,
                       int64_t compare,
                       void* right,
                       int64_t data_type,
                       aclrtStream true_stream,
                       aclrtStream false_stream,
                       aclrtStream stream_handle) {
    ACLEMU_CHECK_NOT_NULL(left);
    ACLEMU_CHECK_NOT_NULL(right);
    ACLEMU_TRY(reject_if(compare < ACL_RT_EQUAL || compare > ACL_RT_LESS_OR_EQUAL,
                         "cond",
                         compare,
                         "not an aclrtCondition (0 EQUAL .. 5 LESS_OR_EQUAL)"));
    ACLEMU_TRY(reject_if(data_type != ACL_RT_SWITCH_INT32 && data_type != ACL_RT_SWITCH_INT64,
                         "dataType",
                         data_type,
                         "must be ACL_RT_SWITCH_INT32 (0) or ACL_RT_SWITCH_INT64 (1)"));
    ACLEMU_TRY(reject_if(false_stream != nullptr,
                         "falseStream",
                         false_stream,
                         "reserved: must be NULL (when the comparison fails the stream "
                         "goes on)"));
    std::shared_ptr<ModelRI> model;
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, bound_stream, stream_handle, "stream", &model);
    auto control = std::make_shared<Control>();
    control->kind = Control::Kind::SwitchStream;
    ACLEMU_TRY(check_target(true_stream, "trueStream", *stream, model, &control->target_stream));
    control->left = left;
    control->right = right;
    control->compare = static_cast<aclrtCondition>(compare);
    control->wide = data_type == ACL_RT_SWITCH_INT64;
    size_t next = 0;
    return cut_segment(*stream, *backend, control, &next);
}

aclError active_stream(aclrtStream active, aclrtStream stream_handle) {
    std::shared_ptr<ModelRI> model;
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, bound_stream, stream_handle, "stream", &model);
    auto control = std::make_shared<Control>();
    control->kind = Control::Kind::ActivateStream;
    ACLEMU_TRY(check_target(active, "activeStream", *stream, model, &control->target_stream));
    size_t next = 0;
    return cut_segment(*stream, *backend, control, &next);
}

}  // namespace

extern "C" {

aclError aclrtSwitchStream(void* leftValue,
                           aclrtCondition cond,
                           void* rightValue,
                           aclrtCompareDataType dataType,
                           aclrtStream trueStream,
                           aclrtStream falseStream,
                           aclrtStream stream) {
    const int64_t compare = aclemu::enum_value(cond);
    const int64_t type = aclemu::enum_value(dataType);
    return api_call_init("aclrtSwitchStream", [&] {
        return switch_stream(leftValue, compare, rightValue, type, trueStream, falseStream, stream);
    });
}

aclError aclrtActiveStream(aclrtStream activeStream, aclrtStream stream) {
    return api_call_init("aclrtActiveStream", [&] { return active_stream(activeStream, stream); });
}

}  // extern "C"
