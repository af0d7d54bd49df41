// The executions of model runtime instances (model_executor.h).
#include "graph/model_executor.h"

#include "aclemu/log.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "graph/external_wait.h"
#include "memory/internal_device_memory.h"
#include "runtime_state.h"

#include <string>

namespace aclemu::rt::graph {

bool compare_holds(aclrtCondition compare, int64_t left, int64_t right) {
    switch (compare) {
        case ACL_RT_EQUAL:
            return left == right;
        case ACL_RT_NOT_EQUAL:
            return left != right;
        case ACL_RT_GREATER:
            return left > right;
        case ACL_RT_GREATER_OR_EQUAL:
            return left >= right;
        case ACL_RT_LESS:
            return left < right;
        case ACL_RT_LESS_OR_EQUAL:
            return left <= right;
    }
    return false;
}

namespace {

// Activations and branches nest at most this deep: a stream that activates itself ends here.
constexpr int kMaxDepth = 64;

struct Run {
    aclmdlRI root;  // for messages
    BackendStream* stream;
    Backend& backend;
};

// Waits for the stream, then copies `bytes` of device memory at `ptr` to `out`.
aclError read_word(Run& run, const void* ptr, size_t bytes, void* out) {
    WaitResult result = WaitResult::Done;
    ACLEMU_TRY_BACKEND(run.backend.streams().synchronize_stream(run.stream, -1, &result),
                       &run.backend,
                       "the model runtime instance failed before a control task");
    ACLEMU_TRY_BACKEND(
        run.backend.memory().memcpy_sync(out, ptr, bytes, CopyDirection::DeviceToHost),
        &run.backend,
        "cannot read the value a control task decides on");
    return ACL_SUCCESS;
}

aclError run_model(Run& run, const std::shared_ptr<ModelRI>& model, int depth);

aclError not_ready(Run& run, const ModelRI& model) {
    const aclError code = model.state == ModelRI::State::Invalidated
                              ? ACL_ERROR_RT_STREAM_CAPTURE_INVALIDATED
                              : ACL_ERROR_RT_MODEL_CAPTURED;
    return reject_arg(
        code,
        "modelRI",
        run.root,
        std::string(model.branch ? "a branch of its conditional task is " : "the instance is ")
            + state_name(model.state)
            + (model.state == ModelRI::State::Invalidated
                   ? " (its stream was destroyed during the capture)"
                   : "; end its capture or build first"));
}

aclError too_deep(Run& run) {
    return reject_arg(ACL_ERROR_INVALID_PARAM,
                      "modelRI",
                      run.root,
                      "its stream activations and conditional branches nest deeper than "
                          + std::to_string(kMaxDepth) + " (a stream that activates itself?)");
}

size_t body_of_stream(const ModelRI& model, int32_t stream_id) {
    for (size_t i = 0; i < model.bodies.size(); ++i) {
        if (model.bodies[i].stream_id == stream_id) {
            return i;
        }
    }
    return model.bodies.size();
}

aclError no_body(Run& run, int32_t stream_id, const char* what) {
    return reject_arg(ACL_ERROR_INVALID_PARAM,
                      "modelRI",
                      run.root,
                      std::string(what) + " names stream id " + std::to_string(stream_id)
                          + ", which has no tasks in the instance (unbound, or no "
                            "aclmdlRIEndTask)");
}

// Where an execution goes on after a control point.
struct Next {
    bool jump = false;  // to segment `segment` of body `body`; the current body stops
    size_t body = 0;
    size_t segment = 0;
};

aclError run_conditional(Run& run, const Control& control, int depth) {
    const std::vector<std::shared_ptr<ModelRI>>& branches = control.branches;
    uint64_t value = 0;
    ACLEMU_TRY(read_word(run, control.cond->word, sizeof(value), &value));
    switch (control.type) {
        case ACL_MODEL_RI_COND_TYPE_IF:
            if (value != 0) {
                return run_model(run, branches[0], depth + 1);
            }
            return branches.size() > 1 ? run_model(run, branches[1], depth + 1) : ACL_SUCCESS;
        case ACL_MODEL_RI_COND_TYPE_WHILE:
            while (value != 0) {
                ACLEMU_TRY(run_model(run, branches[0], depth + 1));
                ACLEMU_TRY(read_word(run, control.cond->word, sizeof(value), &value));
            }
            return ACL_SUCCESS;
        case ACL_MODEL_RI_COND_TYPE_SWITCH:
            return value < branches.size() ? run_model(run, branches[value], depth + 1)
                                           : ACL_SUCCESS;
    }
    return ACL_SUCCESS;
}

aclError run_body(Run& run, ModelRI& model, size_t body, size_t segment, int depth);
aclError run_from(Run& run, ModelRI& model, size_t body, size_t segment);

// The rest of an execution stopped at an external wait (external_wait.h), on a helper thread:
// on a private stream, after `stopped` (where the executing stream stopped) and the host's
// record, then the gate opens.
void run_rest(aclmdlRI root,
              std::shared_ptr<ModelRI> model,
              Backend& backend,
              const std::shared_ptr<ExternalWait>& wait,
              std::shared_ptr<BackendEvent> stopped,
              size_t body,
              size_t segment,
              uint64_t ticket,
              bool released) {
    BackendStreams& streams = backend.streams();
    std::unique_ptr<BackendStream> own;
    aclError status = streams.create_stream(&own, kDefaultStreamPriority);
    if (status != ACL_SUCCESS) {
        ACLEMU_LOG(Runtime, Error, "an external wait cannot go on: no stream (%d)", status);
        return;  // the gate stays shut: the executing stream stops here
    }
    status = streams.stream_wait_event(own.get(), stopped.get());
    std::shared_ptr<Event> event;
    if (status == ACL_SUCCESS && released && events().find(wait->event, &event) == ACL_SUCCESS
        && event->impl) {
        status = streams.stream_wait_event(own.get(), event->impl.get());
    }
    if (status == ACL_SUCCESS && released) {
        std::lock_guard<std::mutex> lock(model->mu);
        Run rest{root, own.get(), backend};
        status = run_from(rest, *model, body, segment);
    }
    if (status != ACL_SUCCESS) {
        ACLEMU_LOG(Runtime,
                   Error,
                   "the model runtime instance %p failed after an external wait (%d): %s",
                   root,
                   status,
                   aclGetRecentErrMsg());
    } else if (!released) {
        ACLEMU_LOG(Runtime,
                   Warning,
                   "the event of an external wait of model runtime instance %p was destroyed "
                   "before its record: the rest of the execution is dropped",
                   root);
    }
    uint64_t* gate = nullptr;
    {
        std::lock_guard<std::mutex> lock(model->mu);
        gate = model->gate_word;
    }
    if (gate != nullptr) {
        (void)backend.tasks().write_value_async(own.get(), gate, ticket);
    }
    (void)streams.destroy_stream(std::move(own));  // waits for the rest
}

// Stops the execution at an external wait: the executing stream waits at a gate, and the rest
// of body `body` from `segment` (then the head bodies after it) runs once the host records the
// event (external_wait.h).
aclError stop_at_external_wait(
    Run& run, ModelRI& model, const Control& control, size_t body, size_t segment, int depth) {
    if (depth > 0) {
        return reject_arg(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                          "modelRI",
                          run.root,
                          "a wait for an ACL_EVENT_EXTERNAL event inside a conditional branch "
                          "or an activated stream is not supported; capture it on the "
                          "instance's own stream");
    }
    std::shared_ptr<ModelRI> self = models().find(run.root);
    ACLEMU_TRY(
        reject_if(!self || self.get() != &model, "modelRI", run.root, "not a live instance"));
    if (model.gate_word == nullptr) {
        void* word = nullptr;
        ACLEMU_TRY(allocate_internal_block(&run.backend, model.device, sizeof(uint64_t), &word));
        model.gate_word = static_cast<uint64_t*>(word);
    }
    BackendStreams& streams = run.backend.streams();
    std::unique_ptr<BackendEvent> made;
    ACLEMU_TRY_BACKEND(streams.create_event(&made, false),
                       &run.backend,
                       "cannot mark where the execution stops at an external wait");
    std::shared_ptr<BackendEvent> stopped(
        made.release(), [backend = &run.backend](BackendEvent* e) {
            (void)backend->streams().destroy_event(std::unique_ptr<BackendEvent>(e));
        });
    ACLEMU_TRY_BACKEND(streams.record_event(stopped.get(), run.stream),
                       &run.backend,
                       "cannot mark where the execution stops at an external wait");
    const uint64_t ticket = ++model.gate_ticket;
    ACLEMU_TRY_BACKEND(
        run.backend.tasks().wait_value_async(
            run.stream, model.gate_word, ticket, kernels::builtin::WaitMode::Geq, -1),
        &run.backend,
        "cannot stop the execution at an external wait");
    const std::shared_ptr<ExternalWait>& wait = control.external;
    const uint64_t target = wait->base + wait->reached.fetch_add(1) + 1;
    Backend* backend = &run.backend;
    aclmdlRI root = run.root;
    start_after_record(wait->records, target, [=](bool released) {
        run_rest(root, self, *backend, wait, stopped, body, segment, ticket, released);
    });
    return ACL_SUCCESS;
}

aclError run_control(Run& run, ModelRI& model, const Control& control, int depth, Next* next) {
    switch (control.kind) {
        case Control::Kind::Conditional:
            return run_conditional(run, control, depth);
        case Control::Kind::SwitchLabel: {
            uint32_t index = 0;
            ACLEMU_TRY(read_word(run, control.index, sizeof(index), &index));
            const size_t last = control.labels.size() - 1;
            const size_t chosen = index < last ? index : last;
            Label& label = *control.labels[chosen];
            std::lock_guard<std::mutex> lock(label.mu);
            if (!label.set || label.model.lock().get() != &model) {
                return reject_arg(ACL_ERROR_INVALID_PARAM,
                                  "labelList",
                                  "label " + std::to_string(chosen),
                                  "the label was not set (aclrtSetLabel) on a stream of "
                                  "this instance");
            }
            next->body = body_of_stream(model, label.stream_id);
            if (next->body == model.bodies.size()) {
                return no_body(run, label.stream_id, "a label");
            }
            next->jump = true;
            next->segment = label.segment;
            return ACL_SUCCESS;
        }
        case Control::Kind::SwitchStream: {
            int64_t left = 0;
            int64_t right = 0;
            if (control.wide) {
                ACLEMU_TRY(read_word(run, control.left, sizeof(left), &left));
                ACLEMU_TRY(read_word(run, control.right, sizeof(right), &right));
            } else {
                int32_t narrow = 0;
                ACLEMU_TRY(read_word(run, control.left, sizeof(narrow), &narrow));
                left = narrow;
                ACLEMU_TRY(read_word(run, control.right, sizeof(narrow), &narrow));
                right = narrow;
            }
            if (!compare_holds(control.compare, left, right)) {
                return ACL_SUCCESS;
            }
            next->body = body_of_stream(model, control.target_stream);
            if (next->body == model.bodies.size()) {
                return no_body(run, control.target_stream, "aclrtSwitchStream's trueStream");
            }
            next->jump = true;
            next->segment = 0;
            return ACL_SUCCESS;
        }
        case Control::Kind::ActivateStream: {
            const size_t target = body_of_stream(model, control.target_stream);
            if (target == model.bodies.size()) {
                return no_body(run, control.target_stream, "aclrtActiveStream's activeStream");
            }
            return run_body(run, model, target, 0, depth + 1);
        }
        case Control::Kind::ExternalWait:
            return ACL_SUCCESS;  // run_body stops there (stop_at_external_wait)
    }
    return ACL_SUCCESS;
}

// Runs body `body` of `model` from segment `segment`, following jumps.
aclError run_body(Run& run, ModelRI& model, size_t body, size_t segment, int depth) {
    if (depth > kMaxDepth) {
        return too_deep(run);
    }
    while (segment < model.bodies[body].segments.size()) {
        const ModelRI::Segment& current = model.bodies[body].segments[segment];
        if (!current.disabled) {  // a disabled kernel task (aclmdlRITaskDisable)
            ACLEMU_TRY_BACKEND(run.backend.streams().launch_graph(*current.tasks, run.stream),
                               &run.backend,
                               "cannot launch the model runtime instance");
        }
        ++segment;
        if (!current.then) {
            continue;
        }
        if (current.then->kind == Control::Kind::ExternalWait) {
            return stop_at_external_wait(run, model, *current.then, body, segment, depth);
        }
        Next next;
        ACLEMU_TRY(run_control(run, model, *current.then, depth, &next));
        if (next.jump) {
            body = next.body;
            segment = next.segment;
        }
    }
    return ACL_SUCCESS;
}

aclError run_model(Run& run, const std::shared_ptr<ModelRI>& model, int depth) {
    if (depth > kMaxDepth) {
        return too_deep(run);
    }
    std::lock_guard<std::mutex> lock(model->mu);
    if (model->state != ModelRI::State::Ready) {
        return not_ready(run, *model);
    }
    for (const std::shared_ptr<CondHandle>& cond : model->conds) {
        if (cond->assign_default) {
            ACLEMU_TRY_BACKEND(
                run.backend.tasks().write_value_async(run.stream, cond->word, cond->default_value),
                &run.backend,
                "cannot set a condition to its default value");
        }
    }
    if (depth == 0) {
        return run_from(run, *model, 0, 0);
    }
    for (size_t body = 0; body < model->bodies.size(); ++body) {
        if (model->bodies[body].head) {
            ACLEMU_TRY(run_body(run, *model, body, 0, depth));
        }
    }
    return ACL_SUCCESS;
}

// Runs head body `body` from `segment`, then the head bodies after it, until an external wait
// hands the rest to a helper (stop_at_external_wait).
aclError run_from(Run& run, ModelRI& model, size_t body, size_t segment) {
    for (; body < model.bodies.size(); ++body, segment = 0) {
        if (!model.bodies[body].head) {
            continue;
        }
        const uint64_t tickets = model.gate_ticket;
        ACLEMU_TRY(run_body(run, model, body, segment, 0));
        if (model.gate_ticket != tickets) {
            return ACL_SUCCESS;  // stopped at an external wait: the helper goes on
        }
    }
    return ACL_SUCCESS;
}

}  // namespace

aclError execute_model(aclmdlRI handle, ModelRI& model, Stream& stream, Backend& backend) {
    Run run{handle, stream.impl.get(), backend};
    std::shared_ptr<ModelRI> self = models().find(handle);
    ACLEMU_TRY(reject_if(!self, "modelRI", handle, "not a live instance"));
    bool control = false;
    {
        std::lock_guard<std::mutex> lock(model.mu);
        control = has_control(model);
    }
    if (control) {
        ACLEMU_TRY(refuse_while_capturing(stream, "an instance with control tasks"));
    }
    return run_model(run, self, 0);
}

}  // namespace aclemu::rt::graph
