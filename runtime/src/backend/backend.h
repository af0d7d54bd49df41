// The backend seam: everything the runtime asks of a device. The front end (runtime/src/*.cpp)
// does argument checks, the init gate, handle registries, the allocation table and error
// messages once; a backend only does the work. Implementations: backend/cpu (always built),
// backend/gpu (CUDA, or HIP, or the GPU simulator, through gpu/gpu_runtime.h).
//
// Streams and events are backend objects behind opaque pointers; the front end owns their
// lifetime through its registries and never hands a destroyed one to a backend.
#pragma once

#include "acl/acl_base.h"

#include "aclemu/host_task.h"
#include "aclemu/rt.h"
#include "kernels_cu/builtin/builtin_args.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace aclemu::rt {

class BackendStream {
public:
    virtual ~BackendStream() = default;
};

class BackendEvent {
public:
    virtual ~BackendEvent() = default;
};

enum class CopyDirection { HostToHost, HostToDevice, DeviceToHost, DeviceToDevice };

/// Result of waiting with a timeout.
enum class WaitResult { Done, TimedOut };

class Backend {
public:
    virtual ~Backend() = default;

    virtual BackendKind kind() const = 0;
    /// "cpu", "cuda" or "hip", for logs and messages.
    virtual const char* name() const = 0;
    /// Physical devices this backend can drive (before ASCEND_RT_VISIBLE_DEVICES filtering).
    virtual int physical_device_count() = 0;
    /// Binds the calling thread to a physical device (cudaSetDevice). Cheap when already bound.
    virtual aclError bind_device(int32_t physical_device) = 0;
    /// A SoC-like name for aclrtGetSocName, e.g. "aclemu-cpu" or "aclemu-cuda-NVIDIA H100".
    virtual std::string soc_name(int32_t physical_device) = 0;

    // Memory. Sizes are already validated (> 0) by the front end.
    virtual aclError malloc_device(void** ptr, size_t bytes) = 0;
    virtual aclError free_device(void* ptr) = 0;
    virtual aclError malloc_host(void** ptr, size_t bytes) = 0;  // pinned where it matters
    virtual aclError free_host(void* ptr) = 0;
    virtual aclError memcpy_sync(void* dst, const void* src, size_t bytes, CopyDirection dir) = 0;
    virtual aclError memcpy_async(
        void* dst, const void* src, size_t bytes, CopyDirection dir, BackendStream* stream) = 0;
    virtual aclError memset_sync(void* dst, int value, size_t bytes) = 0;
    virtual aclError memset_async(void* dst, int value, size_t bytes, BackendStream* stream) = 0;
    virtual aclError mem_info(size_t* free_bytes, size_t* total_bytes) = 0;
    /// True when `ptr` is device memory this backend did not allocate through aclrtMalloc but can
    /// use (e.g. cudaMalloc'ed by another library). The CPU backend answers false.
    virtual bool is_foreign_device_pointer(const void* /*ptr*/) { return false; }

    // Streams.
    virtual aclError create_stream(std::unique_ptr<BackendStream>* stream) = 0;
    /// Waits for the stream's pending work, then releases it.
    virtual aclError destroy_stream(std::unique_ptr<BackendStream> stream) = 0;
    /// timeout_ms < 0: wait forever.
    virtual aclError synchronize_stream(BackendStream* stream,
                                        int32_t timeout_ms,
                                        WaitResult* result) = 0;
    virtual aclError query_stream(BackendStream* stream, bool* complete) = 0;
    /// Runs `fn` on a host thread once the stream's earlier work is done; later work waits for it.
    virtual aclError launch_host_func(BackendStream* stream, std::function<void()> fn) = 0;
    /// launch_host_func for a move-only task; the CPU backend queues it without allocating, and
    /// may run a TaskLength::Short one at once on an idle stream.
    virtual aclError launch_host_task(BackendStream* stream, HostTask&& task, TaskLength) {
        auto shared = std::make_shared<HostTask>(std::move(task));
        return launch_host_func(stream, [shared] { (*shared)(); });
    }
    /// cudaStream_t / hipStream_t, or nullptr (CPU).
    virtual void* native_stream(BackendStream* stream) = 0;
    virtual aclError synchronize_device() = 0;

    // Events. `timing` false: created without timestamps (elapsed time is then an error).
    virtual aclError create_event(std::unique_ptr<BackendEvent>* event, bool timing) = 0;
    virtual aclError destroy_event(std::unique_ptr<BackendEvent> event) = 0;
    virtual aclError record_event(BackendEvent* event, BackendStream* stream) = 0;
    /// Later work on `stream` waits until the event's latest record has completed.
    virtual aclError stream_wait_event(BackendStream* stream, BackendEvent* event) = 0;
    virtual aclError synchronize_event(BackendEvent* event,
                                       int32_t timeout_ms,
                                       WaitResult* result) = 0;
    /// complete: the latest record has completed (or the event was never recorded).
    virtual aclError query_event(BackendEvent* event, bool* complete) = 0;
    virtual aclError elapsed_ms(float* ms, BackendEvent* start, BackendEvent* end) = 0;

    // Built-in tasks, stream memory operations, event timestamps (api_builtin_tasks.cpp,
    // api_notify.cpp, api_stream_value.cpp, api_event_timestamp.cpp, api_overflow.cpp). The
    // front end has checked the arguments; the kernels are libascendcl's own (kernels_cu/builtin,
    // kernels_cpu/builtin).
    virtual aclError reduce_async(const kernels::builtin::ReduceArgs& args,
                                  BackendStream* stream) = 0;
    virtual aclError random_async(const kernels::builtin::RandomArgs& args,
                                  BackendStream* stream) = 0;
    /// Stores `value` at the 8-byte device word `addr` once the stream's earlier work is done.
    virtual aclError write_value_async(BackendStream* stream, uint64_t* addr, uint64_t value) = 0;
    /// Later work on the stream waits until the word at `addr` satisfies `mode` against `value`.
    /// timeout_ms < 0: no deadline. Only the CPU backend keeps a deadline (at expiry it logs an
    /// ERROR and the stream goes on); the GPU's stream memory operations have none.
    virtual aclError wait_value_async(BackendStream* stream,
                                      const uint64_t* addr,
                                      uint64_t value,
                                      kernels::builtin::WaitMode mode,
                                      int32_t timeout_ms) = 0;
    /// When the event's latest record completed, in microseconds of the host's steady clock
    /// (CLOCK_MONOTONIC). The front end has checked that it was recorded and has completed.
    virtual aclError event_timestamp_us(BackendEvent* event, uint64_t* us) = 0;

    /// The error text of the backend's last failure, for messages ("cudaErrorInvalidValue: ...").
    virtual std::string last_error_text() { return {}; }
};

/// The CPU backend's settings (config.h reads them at aclInit).
struct CpuBackendOptions {
    int device_count = 1;            // ACLEMU_CPU_DEVICE_COUNT: devices it shows
    bool inline_short_tasks = true;  // ACLEMU_CPU_INLINE (Note [Short tasks run inline])
};

/// Creates the CPU backend (never fails).
std::unique_ptr<Backend> make_cpu_backend(const CpuBackendOptions& options);

/// Creates the GPU backend (CUDA or HIP), or returns nullptr with `why` filled when it is not
/// built in or no device answers. Defined in backend/gpu when a GPU language is enabled, else in
/// backend/no_gpu_backend.cpp.
namespace gpu {
std::unique_ptr<Backend> make_backend(std::string* why);
}

/// The same backend source built against the GPU simulator (gpu/sim), or nullptr with `why`
/// when the simulator is not built.
namespace gpusim {
std::unique_ptr<Backend> make_backend(std::string* why);
}

}  // namespace aclemu::rt
