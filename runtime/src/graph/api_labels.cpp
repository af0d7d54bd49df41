// Entry points: labels (aclrtCreateLabel, aclrtSetLabel, aclrtDestroyLabel, label lists) and the
// jump to one (aclrtSwitchLabelByIndex), inside a build. Setting a label cuts its bound stream's
// recording so that a jump can land there (Note [Control points], control.h).
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "graph/control.h"
#include "graph/model_ri.h"
#include "handles/live_handle.h"
#include "runtime_state.h"

#include <string>

using namespace aclemu::rt;
using namespace aclemu::rt::graph;

namespace {

constexpr size_t kMaxLabels = 65535;  // per process, and per list

aclError create_label(aclrtLabel* label) {
    ACLEMU_CHECK_NOT_NULL(label);
    if (live_labels().fetch_add(1) >= kMaxLabels) {
        live_labels().fetch_sub(1);
        return reject_arg(ACL_ERROR_RT_MEMORY_ALLOCATION,
                          "label",
                          std::string("(new)"),
                          "a process holds at most " + std::to_string(kMaxLabels)
                              + " labels; destroy some first");
    }
    Label* made = labels().create();
    if (made == nullptr) {
        live_labels().fetch_sub(1);
        return fail(ACL_ERROR_RT_MEMORY_ALLOCATION, msg_runtime("out of memory for a label"));
    }
    *label = made;
    return ACL_SUCCESS;
}

aclError set_label(aclrtLabel handle, aclrtStream stream_handle) {
    ACLEMU_FIND(Label, label, live, handle, "label");
    std::shared_ptr<ModelRI> model;
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, bound_stream, stream_handle, "stream", &model);
    std::lock_guard<std::mutex> lock(label->mu);
    ACLEMU_TRY(reject_if(
        label->set, "label", handle, "the label is set already (a label marks one place)"));
    size_t next = 0;
    ACLEMU_TRY(cut_segment(*stream, *backend, nullptr, &next));
    label->model = model;
    label->stream_id = stream->id;
    label->segment = next;
    label->set = true;
    return ACL_SUCCESS;
}

aclError destroy_label(aclrtLabel handle) {
    ACLEMU_FIND(Label, label, live, handle, "label");
    labels().remove(handle);  // lists and jumps that hold it keep it
    live_labels().fetch_sub(1);
    return ACL_SUCCESS;
}

aclError create_list(aclrtLabel* handles, size_t num, aclrtLabelList* list) {
    if (handles == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("labels"));
    }
    if (list == nullptr) {
        return fail(ACL_ERROR_INVALID_PARAM, msg_null("labelList"));
    }
    ACLEMU_TRY(reject_if(num == 0 || num > kMaxLabels, "num", num, "must be in (0, 65535]"));
    std::vector<std::shared_ptr<Label>> found(num);
    for (size_t i = 0; i < num; ++i) {
        const std::string param = "labels[" + std::to_string(i) + "]";
        ACLEMU_TRY(live(handles[i], param.c_str(), &found[i]));
    }
    LabelList* made = nullptr;
    ACLEMU_TRY(create_live(&made, "a label list", ACL_ERROR_RT_MEMORY_ALLOCATION));
    made->labels = std::move(found);
    *list = made;
    return ACL_SUCCESS;
}

aclError destroy_list(aclrtLabelList handle) {
    ACLEMU_FIND(LabelList, list, live, handle, "labelList");
    label_lists().remove(handle);
    return ACL_SUCCESS;
}

aclError switch_by_index(void* ptr,
                         uint32_t max_value,
                         aclrtLabelList list_handle,
                         aclrtStream stream_handle) {
    ACLEMU_CHECK_NOT_NULL(ptr);
    ACLEMU_FIND(LabelList, list, live, list_handle, "labelList");
    if (max_value == 0 || max_value > list->labels.size()) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM,
            "maxValue",
            max_value,
            "must be the list's label count, 1 .. " + std::to_string(list->labels.size()));
    }
    std::shared_ptr<ModelRI> model;
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, bound_stream, stream_handle, "stream", &model);
    auto control = std::make_shared<Control>();
    control->kind = Control::Kind::SwitchLabel;
    control->index = ptr;
    control->labels.assign(list->labels.begin(), list->labels.begin() + max_value);
    size_t next = 0;
    return cut_segment(*stream, *backend, control, &next);
}

}  // namespace

extern "C" {

aclError aclrtCreateLabel(aclrtLabel* label) {
    return api_call_init("aclrtCreateLabel", [&] { return create_label(label); });
}

aclError aclrtSetLabel(aclrtLabel label, aclrtStream stream) {
    return api_call_init("aclrtSetLabel", [&] { return set_label(label, stream); });
}

aclError aclrtDestroyLabel(aclrtLabel label) {
    return api_call_init("aclrtDestroyLabel", [&] { return destroy_label(label); });
}

aclError aclrtCreateLabelList(aclrtLabel* labels, size_t num, aclrtLabelList* labelList) {
    return api_call_init("aclrtCreateLabelList",
                         [&] { return create_list(labels, num, labelList); });
}

aclError aclrtDestroyLabelList(aclrtLabelList labelList) {
    return api_call_init("aclrtDestroyLabelList", [&] { return destroy_list(labelList); });
}

aclError aclrtSwitchLabelByIndex(void* ptr,
                                 uint32_t maxValue,
                                 aclrtLabelList labelList,
                                 aclrtStream stream) {
    return api_call_init("aclrtSwitchLabelByIndex",
                         [&] { return switch_by_index(ptr, maxValue, labelList, stream); });
}

}  // extern "C"
