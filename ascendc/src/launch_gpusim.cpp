// An Ascend C kernel on the GPU simulator (launch_gpusim.h): a grid whose GPU threads are the
// kernel's blocks, run as the simulator runs any kernel, in stream order; a host function after
// it prints the blocks' output and reports a failure.
#include "launch_gpusim.h"

#include "aclemu/observe.h"
#include "gpu/sim/device.h"

#include <cstdlib>
#include <memory>

namespace {
// The simulator asks each kernel module for its __launch_bounds__; Ascend C kernels have none.
[[maybe_unused]] int gpusim_launch_bound(const char*) {
    return 0;
}
}  // namespace

namespace aclemu::ascendc::detail {

namespace {

constexpr uint32_t kThreadsPerSimBlock = 1024;

struct GpusimLaunch {
    std::shared_ptr<LaunchRecord> record;
    rt::StreamTarget target;
    // Captured launches (a stream capture, aclmdlRICaptureBegin): the finishing host function's
    // closure, which every replay of the graph runs, so the grid's closure owns it.
    std::unique_ptr<GpusimLaunch> captured_finish;
};

void run_block_on_fiber(void* closure) {
    auto* launch = static_cast<GpusimLaunch*>(closure);
    const int64_t index = static_cast<int64_t>(blockIdx.x) * kThreadsPerSimBlock + threadIdx.x;
    if (index >= static_cast<int64_t>(launch->record->blocks())
        || rt::stream_stopped_by_failure(launch->target)) {
        return;
    }
    struct FreeUb {
        void operator()(uint8_t* p) const { std::free(p); }
    };
    std::unique_ptr<uint8_t, FreeUb> ub(static_cast<uint8_t*>(std::aligned_alloc(64, kUbBytes)));
    launch->record->run_block(index, ub.get());
}

void delete_launch(void* closure) {
    delete static_cast<GpusimLaunch*>(closure);
}

void finish_on_stream(void* closure) {
    std::unique_ptr<GpusimLaunch> launch(static_cast<GpusimLaunch*>(closure));
    launch->record->finish(launch->target);
}

void finish_captured(void* closure) {
    auto* launch = static_cast<GpusimLaunch*>(closure);
    launch->record->finish(launch->target);
}

bool syncthreads_barrier(LaunchRecord&) {
    __syncthreads();  // a block that failed or finished counts as arrived
    return true;
}

}  // namespace

uint32_t launch_on_gpusim(const rt::StreamTarget& target, std::shared_ptr<LaunchRecord> record) {
    const uint32_t blocks = record->blocks();
    record->concurrent = std::min(blocks, kThreadsPerSimBlock);
    record->barrier = &syncthreads_barrier;
    gpusim::detail::LaunchConfig config;
    config.kernel_name = record->name().c_str();
    config.kernel_address = reinterpret_cast<const void*>(&run_block_on_fiber);
    config.grid = dim3((blocks + kThreadsPerSimBlock - 1) / kThreadsPerSimBlock);
    config.block = dim3(std::min(blocks, kThreadsPerSimBlock));
    config.stream = static_cast<gpusimStream_t>(target.native);
    observe::TaskTrace trace;
    if ((observe::watchers() & observe::kTrace) != 0) {
        trace =
            observe::TaskTrace(target.stream, observe::TaskKind::Kernel, record->name().c_str());
    }
    trace.mark_before();
    gpusimStreamCaptureStatus capture = gpusimStreamCaptureStatusNone;
    const bool captured = gpusimStreamIsCapturing(config.stream, &capture) == gpusimSuccess
                          && capture == gpusimStreamCaptureStatusActive;
    auto* kernel = new GpusimLaunch{record, target, nullptr};
    GpusimLaunch* captured_finish = nullptr;
    if (captured) {
        kernel->captured_finish.reset(new GpusimLaunch{record, target, nullptr});
        captured_finish = kernel->captured_finish.get();
    }
    (void)gpusimGetLastError();
    gpusim::detail::launch(config, kernel, &run_block_on_fiber, &delete_launch);
    int status = static_cast<int>(gpusimGetLastError());
    trace.mark_after(status == 0);
    if (status == 0 && captured) {
        status = static_cast<int>(
            gpusimLaunchHostFunc(config.stream, &finish_captured, captured_finish));
    } else if (status == 0) {
        auto* finish = new GpusimLaunch{record, target, nullptr};
        status = static_cast<int>(gpusimLaunchHostFunc(config.stream, &finish_on_stream, finish));
        if (status != 0) {
            delete finish;
        }
    }
    return static_cast<uint32_t>(rt::finish_gpu_launch(target, status));
}

}  // namespace aclemu::ascendc::detail
