// The runtime services the operator libraries use: error messages for aclGetRecentErrMsg, the
// stream an operator runs on, host tasks on CPU streams, memory classification, the
// deterministic switch and the settings read at aclInit. Implemented in libascendcl.so; not
// installed.
#pragma once

#include "acl/acl_base.h"

#include "aclemu/export.h"
#include "aclemu/host_task.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace aclemu::rt {

/// GpuSim: the GPU backend on the GPU simulator (gpu/sim), kernels from its build of kernels_cu.
enum class BackendKind { Cpu, Cuda, Hip, GpuSim };

struct Stream;  // the runtime's record of an aclrtStream (runtime.h)

/// Records a failure message for aclGetRecentErrMsg() on the calling thread, in CANN's style:
/// "<id>: <text>", e.g. id "EZ1001" and text "gradOutput: dtype BOOL is not supported ...".
/// Messages accumulate until read; the newest is returned first.
ACLEMU_EXPORT void report_error(const char* id, const std::string& text);

/// A user stream resolved once per launch: where its work goes, and the stream itself, kept
/// alive while the target lives, so that enqueue_host_task and finish_gpu_launch look nothing up
/// again. `native` is the backend's own handle (cudaStream_t / hipStream_t); null on the CPU
/// backend.
struct StreamTarget {
    aclrtStream handle = nullptr;  // as the caller gave it (nullptr: the default stream)
    BackendKind kind = BackendKind::Cpu;
    void* native = nullptr;
    int32_t device = 0;
    std::shared_ptr<Stream> stream;
    /// An Ascend C kernel launch (set by its launcher): ASCEND_RT_LAUNCH_BLOCKING and the stream's
    /// launch-blocking mode decide whether enqueue_host_task / finish_gpu_launch wait for it.
    bool kernel_launch = false;
};

/// Resolves a user stream (nullptr: the current context's default stream). Fails with
/// ACL_ERROR_RT_CONTEXT_NULL before aclrtSetDevice, ACL_ERROR_INVALID_PARAM for a handle that
/// is not a live stream. Leaves a message for aclGetRecentErrMsg on failure.
ACLEMU_EXPORT aclError resolve_stream(aclrtStream stream, StreamTarget* target);

/// Runs `task` in stream order on a resolved CPU-backend stream (its FIFO worker thread);
/// returns at once unless ASCEND_LAUNCH_BLOCKING=1, in which case it returns after the task ran.
/// A TaskLength::Short task on a stream with nothing pending may instead run on the calling
/// thread before this returns (the stream counts as busy meanwhile). Any callable converts to a
/// HostTask; one of up to HostTask::kInlineBytes is queued without a heap allocation. An empty
/// task, or a target that resolve_stream did not fill, fails with ACL_ERROR_INVALID_PARAM.
ACLEMU_EXPORT aclError enqueue_host_task(const StreamTarget& target,
                                         HostTask task,
                                         TaskLength length = TaskLength::Any);

/// After a kernel launch on a GPU stream: checks the launch and, when ASCEND_LAUNCH_BLOCKING=1,
/// waits for the stream. `launch_status` is the backend error code of the launch (0 = ok).
ACLEMU_EXPORT aclError finish_gpu_launch(const StreamTarget& target, int launch_status);

/// Called by a task while it runs on `target`'s stream when the task failed (an Ascend C kernel
/// trapped or failed an assert): the next synchronize of that stream returns `code` with
/// `message` for aclGetRecentErrMsg, once; under ACL_STOP_ON_FAILURE the stream's tasks that
/// have not started yet are dropped. The first failure before a synchronize is the one reported.
ACLEMU_EXPORT void fail_stream_task(const StreamTarget& target,
                                    aclError code,
                                    const std::string& message);

/// True while `target`'s stream holds a failure (fail_stream_task) not yet reported by a
/// synchronize and runs under ACL_STOP_ON_FAILURE: a task that starts now must not run.
ACLEMU_EXPORT bool stream_stopped_by_failure(const StreamTarget& target);

/// The backend chosen by the first aclrtSetDevice since aclInit (Cpu when none chosen yet and
/// ACLEMU_BACKEND does not name a GPU). Operators use it to size workspaces in phase 1.
ACLEMU_EXPORT BackendKind active_backend();

/// What logical device `device` is ("NVIDIA H100 80GB HBM3", "x86_64 host CPU (...)"), for
/// aclemu-info; empty when the device cannot be asked (message left for aclGetRecentErrMsg).
ACLEMU_EXPORT std::string device_model(int32_t device);

/// Why ACLEMU_BACKEND=auto fell back to the CPU (the GPU runtime's own words); empty when it did
/// not, or before the backend was chosen.
ACLEMU_EXPORT std::string cpu_fallback_reason();

enum class MemoryLocation { Unknown, Host, Device };

/// Classifies [ptr, ptr + bytes). Device: the whole range lies inside one live aclrtMalloc
/// allocation, or (GPU backends) inside memory the GPU driver reports as device memory.
ACLEMU_EXPORT MemoryLocation locate(const void* ptr, size_t bytes);

/// ACL_OPT_DETERMINISTIC of the calling thread's current context (then the process value);
/// false when never set.
ACLEMU_EXPORT bool deterministic();

/// ACLEMU_CPU_STREAMING_STORES: how the CPU elementwise kernels write large outputs.
enum class StreamingStores { Auto, Off, On };

/// The settings the operator libraries use, read from the environment at aclInit (before it:
/// the defaults).
struct OpSettings {
    int cpu_threads = 1;  // ACLEMU_CPU_THREADS: threads of a CPU kernel or copy (default: cores)
    StreamingStores streaming_stores = StreamingStores::Auto;
    bool upsample_scatter = false;  // ACLEMU_UPSAMPLE_ALGORITHM=scatter
};

ACLEMU_EXPORT OpSettings op_settings();

/// A kernel or __gm__ global variable of the program's own Ascend C sources, registered at static
/// initialisation by the code the source rewrite appends (through libaclemu_ascendc), for
/// aclrtGetFuncBySymbol and the aclrt*Symbol* calls. A kernel has `params` and `launch` (its
/// fatbin_entry.h entry points) and `kernel_type` (aclrtKernelType); a global has `bytes`.
struct ProgramSymbol {
    const void* host = nullptr;  // the function's or variable's address in the program
    const char* name = nullptr;  // copied
    size_t bytes = 0;
    uint32_t (*params)(const uint32_t** sizes, const uint32_t** offsets, uint32_t* total) = nullptr;
    uint32_t (*launch)(const void* args, uint32_t blocks, uint64_t dyn_ub, void* stream) = nullptr;
    int32_t kernel_type = 0;
};

ACLEMU_EXPORT void register_program_symbol(const ProgramSymbol& symbol);
/// Forgets the symbol at `host` (its library is being unloaded).
ACLEMU_EXPORT void unregister_program_symbol(const void* host);

}  // namespace aclemu::rt
