// Entry points: running a model runtime instance (aclmdlRIExecute(Async)), destroying it, and
// describing it (aclmdlRIDebugPrint, aclmdlRIDebugJsonPrint).
#include "acl/acl.h"

#include "aclemu/log.h"
#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "graph/model_executor.h"
#include "graph/model_ri.h"
#include "runtime_state.h"
#include "stream/stream_sync.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <unistd.h>

using namespace aclemu::rt;
using namespace aclemu::rt::graph;

namespace {

aclError execute_async(aclmdlRI handle, aclrtStream stream_handle) {
    ACLEMU_FIND(ModelRI, model, live, handle, "modelRI");
    ACLEMU_RESOLVE_STREAM(stream_handle, stream, backend);
    ACLEMU_TRY(execute_model(handle, *model, *stream, *backend));
    return runtime().after_enqueue(*stream,
                                   Enqueued::KernelLaunch);  // ASCEND_RT_LAUNCH_BLOCKING too
}

// Runs on the current context's default stream and waits for it.
aclError execute(aclmdlRI handle, int32_t timeout) {
    ACLEMU_FIND(ModelRI, model, live, handle, "modelRI");
    ACLEMU_TRY(check_wait_timeout(timeout, ACL_ERROR_INVALID_PARAM));
    ACLEMU_RESOLVE_STREAM(nullptr, stream, backend);
    ACLEMU_TRY(refuse_while_capturing(*stream, "aclmdlRIExecute"));
    ACLEMU_TRY(execute_model(handle, *model, *stream, *backend));
    return wait_for_stream(*stream,
                           backend,
                           timeout,
                           "the model runtime instance failed",
                           "the model runtime instance did not finish");
}

aclError destroy(aclmdlRI handle) {
    ACLEMU_FIND(ModelRI, model, live, handle, "modelRI");
    std::vector<std::shared_ptr<Stream>> bound;
    {
        std::lock_guard<std::mutex> lock(model->mu);
        bound = model->bound;
        ACLEMU_TRY(reject_if(model->branch,
                             "modelRI",
                             handle,
                             "a branch of a conditional task (aclmdlRIAddCondTask) is "
                             "destroyed with the instance that holds the task"));
        ACLEMU_TRY(reject_if(model->state == ModelRI::State::Capturing,
                             "modelRI",
                             handle,
                             "the instance is being captured; end the capture first",
                             ACL_ERROR_RT_MODEL_CAPTURED));
    }
    // A build's streams still recording stop (their tasks are dropped with the instance).
    Backend* backend = runtime().existing_backend();
    forget_streams(backend, bound);
    forget_model(*model, handle, backend);  // launches already enqueued keep what they run
    return ACL_SUCCESS;
}

std::string describe_json(ModelRI& model) {
    std::lock_guard<std::mutex> lock(model.mu);
    std::string json =
        "{\"modelId\": " + std::to_string(model.id)
        + ", \"deviceId\": " + std::to_string(model.device) + ", \"state\": \""
        + state_name(model.state) + "\", \"taskGroups\": " + std::to_string(model.groups.size())
        + ", \"conditions\": " + std::to_string(model.conds.size())
        + ", \"branches\": " + std::to_string(model.branches.size()) + ", \"streams\": [";
    for (size_t i = 0; i < model.bodies.size(); ++i) {
        const ModelRI::Body& body = model.bodies[i];
        json += std::string(i == 0 ? "" : ", ") + "{\"streamId\": " + std::to_string(body.stream_id)
                + ", \"flag\": \"" + (body.head ? "head" : "default")
                + "\", \"taskCount\": " + std::to_string(body.task_count())
                + ", \"controlTasks\": " + std::to_string(body.control_count()) + "}";
    }
    return json + "]}";
}

aclError debug_print(aclmdlRI handle) {
    ACLEMU_FIND(ModelRI, model, live, handle, "modelRI");
    ACLEMU_LOG(Runtime, Info, "model runtime instance: %s", describe_json(*model).c_str());
    return ACL_SUCCESS;
}

aclError debug_json_print(aclmdlRI handle, const char* path, uint32_t flags) {
    ACLEMU_FIND(ModelRI, model, live, handle, "modelRI");
    ACLEMU_CHECK_NOT_NULL(path);
    ACLEMU_TRY(reject_if(flags != 0, "flags", flags, "must be 0"));
    const std::string json = describe_json(*model) + "\n";
    // Not through a symbolic link: the file is the one the caller named.
    const int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        return reject_arg(ACL_ERROR_RT_FILE_OPEN,
                          "path",
                          std::string(path),
                          std::string("cannot open it: ") + std::strerror(errno));
    }
    size_t written = 0;
    while (written < json.size()) {
        const ssize_t n = ::write(fd, json.data() + written, json.size() - written);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            const int err = errno;
            ::close(fd);
            return reject_arg(ACL_ERROR_RT_FILE_WRITE,
                              "path",
                              std::string(path),
                              std::string("cannot write it: ") + std::strerror(err));
        }
        written += static_cast<size_t>(n);
    }
    ::close(fd);
    return ACL_SUCCESS;
}

}  // namespace

extern "C" {

aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream) {
    return api_call_init("aclmdlRIExecuteAsync", [&] { return execute_async(modelRI, stream); });
}

aclError aclmdlRIExecute(aclmdlRI modelRI, int32_t timeout) {
    return api_call_init("aclmdlRIExecute", [&] { return execute(modelRI, timeout); });
}

aclError aclmdlRIDestroy(aclmdlRI modelRI) {
    return api_call_init("aclmdlRIDestroy", [&] { return destroy(modelRI); });
}

aclError aclmdlRIDebugPrint(aclmdlRI modelRI) {
    return api_call_init("aclmdlRIDebugPrint", [&] { return debug_print(modelRI); });
}

aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI, const char* path, uint32_t flags) {
    return api_call_init("aclmdlRIDebugJsonPrint",
                         [&] { return debug_json_print(modelRI, path, flags); });
}

}  // extern "C"
