// Stream capture and graphs (runtime.h): a capturing stream records what is queued on it
// (gpusimStream::enqueue); a graph holds the recorded tasks, an instantiated graph shares them,
// and each launch queues them again on the launch stream, in order.
#include "gpu/sim/runtime.h"
#include "state.h"
#include "stream.h"

#include <functional>
#include <memory>
#include <new>
#include <vector>

using Tasks = std::vector<gpusimStream::TaskFactory>;

struct gpusimGraph {
    Tasks tasks;
};

struct gpusimGraphExec {
    std::shared_ptr<const Tasks> tasks;
};

using namespace gpusim::detail;

namespace {

// The stream a capture call names: a live stream other than the legacy one.
gpusimError_t capture_stream(gpusimStream_t stream, std::shared_ptr<gpusimStream>* out) {
    if (stream == nullptr) {
        return gpusimErrorStreamCaptureUnsupported;
    }
    *out = find_stream(stream);
    return *out != nullptr ? gpusimSuccess : gpusimErrorInvalidResourceHandle;
}

}  // namespace

extern "C" {

gpusimError_t gpusimStreamBeginCapture(gpusimStream_t stream, gpusimStreamCaptureMode mode) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (mode < gpusimStreamCaptureModeGlobal || mode > gpusimStreamCaptureModeRelaxed) {
        return record(gpusimErrorInvalidValue);
    }
    std::shared_ptr<gpusimStream> s;
    if (gpusimError_t e = capture_stream(stream, &s)) {
        return record(e);
    }
    return s->begin_capture() ? gpusimSuccess : record(gpusimErrorIllegalState);
}

gpusimError_t gpusimStreamEndCapture(gpusimStream_t stream, gpusimGraph_t* graph) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (graph == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    std::shared_ptr<gpusimStream> s;
    if (gpusimError_t e = capture_stream(stream, &s)) {
        return record(e);
    }
    auto* made = new (std::nothrow) gpusimGraph;
    if (made == nullptr) {
        return record(gpusimErrorMemoryAllocation);
    }
    if (!s->end_capture(&made->tasks)) {
        delete made;
        return record(gpusimErrorIllegalState);
    }
    *graph = made;
    return gpusimSuccess;
}

gpusimError_t gpusimStreamIsCapturing(gpusimStream_t stream, gpusimStreamCaptureStatus* status) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (status == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    std::shared_ptr<gpusimStream> s = find_stream(stream);
    if (s == nullptr) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    *status = s->capturing() ? gpusimStreamCaptureStatusActive : gpusimStreamCaptureStatusNone;
    return gpusimSuccess;
}

gpusimError_t gpusimGraphGetNodes(gpusimGraph_t graph, gpusimGraphNode_t* nodes, size_t* numNodes) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (graph == nullptr || nodes != nullptr || numNodes == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    *numNodes = graph->tasks.size();
    return gpusimSuccess;
}

gpusimError_t gpusimGraphInstantiate(gpusimGraphExec_t* exec,
                                     gpusimGraph_t graph,
                                     unsigned long long flags) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (exec == nullptr || graph == nullptr || flags != 0) {
        return record(gpusimErrorInvalidValue);
    }
    auto* made = new (std::nothrow) gpusimGraphExec;
    if (made == nullptr) {
        return record(gpusimErrorMemoryAllocation);
    }
    made->tasks = std::make_shared<const Tasks>(graph->tasks);
    *exec = made;
    return gpusimSuccess;
}

gpusimError_t gpusimGraphLaunch(gpusimGraphExec_t exec, gpusimStream_t stream) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    if (exec == nullptr) {
        return record(gpusimErrorInvalidValue);
    }
    std::shared_ptr<gpusimStream> s = find_stream(stream);
    if (s == nullptr) {
        return record(gpusimErrorInvalidResourceHandle);
    }
    for (const gpusimStream::TaskFactory& make : *exec->tasks) {
        submit(s, make());
    }
    return gpusimSuccess;
}

gpusimError_t gpusimGraphExecDestroy(gpusimGraphExec_t exec) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    delete exec;  // queued launches hold copies of the tasks
    return gpusimSuccess;
}

gpusimError_t gpusimGraphDestroy(gpusimGraph_t graph) {
    if (gpusimError_t e = enter(__func__)) {
        return e;
    }
    delete graph;
    return gpusimSuccess;
}

}  // extern "C"
