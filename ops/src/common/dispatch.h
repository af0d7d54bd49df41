// Sending a kernel to the backend behind an aclrtStream. Usage, in an executor's run(), whose
// stream nn::execute has resolved:
//
//   kernels::LogitGradArgs args = ...;  // built from the snapshots, at run time
//   const rt::TaskLength length = task_length(bytes_moved);
//   const CpuKernelSettings cpu = cpu_kernel_settings(length);
//   return dispatch_kernel(
//       kApi, stream, length, KernelLabel{"logit_grad", "contiguous", bytes_moved},
//       [args, cpu] { kernels::cpu::logit_grad(args, cpu.threads, cpu.stores); },
//       [&args](const kernels::GpuLaunchers& gpu, void* native) {
//           return gpu.logit_grad(args, native);
//       });
//
// The CPU callable runs later, on the stream's worker thread, possibly after the executor is
// gone: it must capture everything BY VALUE. (A short one may also run at once on the calling
// thread, when the stream is idle: Note [Short tasks run inline] in the CPU backend.) The GPU
// callable runs at once with the launchers of the stream's backend (the nvcc/hipcc build of
// kernels_cu, or the GPU simulator's) and its native stream, and returns the launcher's status.
//
// When something watches (aclemu/observe.h), the label describes the launch in the call's DEBUG
// line, an NVTX range names it around the launch (and, on the CPU backend, around the kernel on
// the stream's thread), and the kernel gets a slice on the stream's ACLEMU_TRACE track: timed on
// the stream's thread on the CPU backend, by timing events around the launch on a GPU.
#pragma once

#include "aclnn/aclnn_base.h"

#include "aclemu/observe.h"
#include "aclemu/rt.h"
#include "common/kernel_label.h"
#include "common/op_error.h"
#include "kernels_cpu/cpu_kernels.h"
#include "nnopbase/executor.h"

#include <string>
#include <utility>

// Plain C++: the launcher tables' type and accessors.
#include "kernels_cu/launch.h"

namespace aclemu::ops {

/// Kernels that move at most this many bytes (inputs read once plus outputs written once) are
/// short: a few microseconds on one core, about what the hand-off to a CPU stream's worker
/// thread costs, so the CPU backend may run them on the calling thread when the stream is idle.
constexpr uint64_t kShortKernelBytes = 256 * 1024;

inline rt::TaskLength task_length(uint64_t bytes_moved) {
    return bytes_moved <= kShortKernelBytes ? rt::TaskLength::Short : rt::TaskLength::Any;
}

/// How a CPU kernel call runs, from the settings read at aclInit (rt::op_settings()).
struct CpuKernelSettings {
    /// One thread for a short kernel (a team would cost as much as the work, and an inline run
    /// must not occupy the pool from the user's thread), else ACLEMU_CPU_THREADS.
    int threads = 1;
    /// ACLEMU_CPU_STREAMING_STORES, for the elementwise kernels.
    kernels::cpu::StoreMode stores = kernels::cpu::StoreMode::Auto;
};

inline CpuKernelSettings cpu_kernel_settings(rt::TaskLength length) {
    const rt::OpSettings settings = rt::op_settings();
    CpuKernelSettings cpu;
    cpu.threads = length == rt::TaskLength::Short ? 1 : settings.cpu_threads;
    switch (settings.streaming_stores) {
        case rt::StreamingStores::Off:
            cpu.stores = kernels::cpu::StoreMode::Cached;
            break;
        case rt::StreamingStores::On:
            cpu.stores = kernels::cpu::StoreMode::Streaming;
            break;
        case rt::StreamingStores::Auto:
            break;
    }
    return cpu;
}

/// The GPU kernels for streams of `kind`, or nullptr when this libopapi has none for it.
inline const kernels::GpuLaunchers* gpu_launchers(rt::BackendKind kind) {
    switch (kind) {
        case rt::BackendKind::Cuda:
        case rt::BackendKind::Hip:
#ifdef ACLEMU_HAVE_GPU_KERNELS
            return &kernels::gpu::launchers();
#else
            return nullptr;
#endif
        case rt::BackendKind::GpuSim:
#ifdef ACLEMU_HAVE_GPUSIM
            return &kernels::gpusim::launchers();
#else
            return nullptr;
#endif
        case rt::BackendKind::Cpu:
            break;
    }
    return nullptr;
}

namespace detail {

template <typename CpuFn>
aclnnStatus run_on_cpu(const char* api,
                       const rt::StreamTarget& target,
                       rt::TaskLength length,
                       CpuFn&& cpu) {
    const aclError queued = rt::enqueue_host_task(target, rt::HostTask(std::move(cpu)), length);
    if (queued != ACL_SUCCESS) {
        return op_fail(ACLNN_ERR_RUNTIME_ERROR,
                       api,
                       "stream",
                       "cannot queue the kernel on the CPU stream (runtime error %d)",
                       queued);
    }
    return ACLNN_SUCCESS;
}

// `task`: the kernel's trace slice, or nullptr when the trace is off.
template <typename GpuFn>
aclnnStatus launch_on_gpu(const char* api,
                          const rt::StreamTarget& target,
                          GpuFn& gpu,
                          observe::TaskTrace* task) {
    const kernels::GpuLaunchers* launchers = gpu_launchers(target.kind);
    if (launchers == nullptr) {
        return op_fail(ACLNN_ERR_RUNTIME_ERROR,
                       api,
                       nullptr,
                       "the stream belongs to a GPU backend, but libopapi was built without its "
                       "kernels");
    }
    if (task != nullptr) {
        task->mark_before();
    }
    const int launched = gpu(*launchers, target.native);
    if (task != nullptr) {
        task->mark_after(launched == 0);  // before finish_gpu_launch may wait for the stream
    }
    const aclError finished = rt::finish_gpu_launch(target, launched);
    if (finished != ACL_SUCCESS) {
        return op_fail(ACLNN_ERR_RUNTIME_ERROR,
                       api,
                       nullptr,
                       "kernel launch on device %d failed: %s (runtime error %d)",
                       static_cast<int>(target.device),
                       launched != 0 ? launchers->error_string(launched) : "error after launch",
                       finished);
    }
    return ACLNN_SUCCESS;
}

}  // namespace detail

/// Runs the kernel on the backend of a resolved stream (nn::resolve_op_stream; phase 2's
/// executor gets one from nn::execute) (`length`: see task_length). Returns ACLNN_SUCCESS, or
/// ACLNN_ERR_RUNTIME_ERROR (361001, with a message) when the host task cannot be queued, the launch
/// fails, or the stream is a GPU one and this build has no kernels for its backend.
template <typename CpuFn, typename GpuFn>
aclnnStatus dispatch_kernel(const char* api,
                            const rt::StreamTarget& target,
                            rt::TaskLength length,
                            const KernelLabel& label,
                            CpuFn cpu,
                            GpuFn gpu) {
    const uint32_t watching = observe::watchers();
    std::string launch;
    if (watching != 0) {
        launch = describe_launch(label, target.kind, length, cpu_kernel_settings(length).threads);
        observe::note("kernel %s", launch.c_str());
    }
    observe::ScopedRange range(observe::RangeKind::Kernel, launch.c_str());
    switch (target.kind) {
        case rt::BackendKind::Cpu:
            if ((watching & (observe::kNvtx | observe::kTrace)) != 0) {
                return detail::run_on_cpu(
                    api,
                    target,
                    length,
                    [cpu = std::move(cpu),
                     launch,
                     task = trace_kernel(api, target, label, launch)]() mutable {
                        observe::ScopedRange on_worker(observe::RangeKind::Kernel, launch.c_str());
                        task.timed(cpu);
                    });
            }
            return detail::run_on_cpu(api, target, length, std::move(cpu));
        case rt::BackendKind::Cuda:
        case rt::BackendKind::Hip:
        case rt::BackendKind::GpuSim:
            if ((watching & observe::kTrace) != 0) {
                observe::TaskTrace task = trace_kernel(api, target, label, launch);
                return detail::launch_on_gpu(api, target, gpu, &task);
            }
            return detail::launch_on_gpu(api, target, gpu, nullptr);
    }
    return op_fail(ACLNN_ERR_INNER,
                   api,
                   nullptr,
                   "the stream's backend (kind %d) has no kernels",
                   static_cast<int>(target.kind));
}

/// nn::resolve_op_stream (361001 when the stream cannot be used), then dispatch_kernel on the
/// resolved stream.
template <typename CpuFn, typename GpuFn>
aclnnStatus dispatch_kernel(const char* api,
                            aclrtStream stream,
                            rt::TaskLength length,
                            const KernelLabel& label,
                            CpuFn cpu,
                            GpuFn gpu) {
    rt::StreamTarget target;
    ACLEMU_OP_RETURN_IF_ERROR(nn::resolve_op_stream(api, stream, &target));
    return dispatch_kernel(api, target, length, label, std::move(cpu), std::move(gpu));
}

}  // namespace aclemu::ops
