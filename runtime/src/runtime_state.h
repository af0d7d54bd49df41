// The runtime's process state behind the entry points: the init gate and settings read at
// aclInit, the lazily created backend and the logical->physical device map
// (ASCEND_RT_VISIBLE_DEVICES), per-device default contexts (reference counted by
// aclrtSetDevice), the thread's current context, and the registries that make aclrtContext /
// aclrtStream / aclrtEvent handles safe: a handle is the address of a front-end object and is
// only used after it has been found in its registry.
//
// Locking: one mutex guards the registries; it is never held while waiting on a stream or an
// event (a host function running on a stream may itself call the runtime).
//
// Note [Lock-free lookups on the hot path]: every aclnn launch resolves its stream and the
// backend. The backend pointer is mirrored in an atomic once created. Stream lookups and
// deterministic() are cached per thread and validated by `registry_generation_`, which changes
// (under mu_) whenever a stream or context is registered or retired or a sys param is set; a
// hit is equivalent to a locked lookup made just before the next registry change.
#pragma once

#include "acl/acl.h"

#include "aclemu/acl_try.h"
#include "backend/backend.h"
#include "core/config.h"
#include "memory/alloc_table.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace aclemu::rt {

struct Context;

/// Streams a device may have at once, default streams included (aclrtGetStreamAvailableNum).
constexpr uint32_t kMaxStreamsPerDevice = 1984;

/// aclrtDevResLimitType values (cube cores, vector cores).
constexpr int kResLimitTypes = 2;

struct Stream {
    std::unique_ptr<BackendStream> impl;
    Context* context = nullptr;  // the context it was created in
    int32_t device = 0;          // logical
    int32_t physical = 0;
    bool is_default = false;
    int32_t id = 0;                         // aclrtStreamGetId: unique among the process's streams
    uint32_t priority = 0;                  // ACL's 0 (greatest; none asked) .. 7
    uint32_t flags = 0;                     // the known ACL_STREAM_* bits given at creation
    std::atomic<uint64_t> failure_mode{0};  // ACL_CONTINUE_ON_FAILURE / ACL_STOP_ON_FAILURE
    std::atomic<bool> aborted{false};       // set by aclrtStreamAbort, reported by a synchronize
    /// aclrtSetStreamAttribute's ACL_STREAM_LAUNCH_BLOCKING_MODE_* (0: as ASCEND_RT_LAUNCH_BLOCKING
    /// says), and the open aclrtNonBlockingLaunchBegin sections (kernel launches do not wait in
    /// one).
    std::atomic<uint32_t> launch_blocking_mode{0};
    std::atomic<uint32_t> non_blocking_sections{0};
    std::atomic<uint32_t> custom_tag{0};           // ACL_STREAM_ATTR_USER_CUSTOM_TAG, recorded
    std::atomic<uint32_t> cache_op_info{0};        // ACL_STREAM_ATTR_CACHE_OP_INFO, recorded
    uint32_t res_limits[kResLimitTypes] = {0, 0};  // aclrtSetStreamResLimit; 0: none (under mu_)
};

/// What was just enqueued on a stream (Runtime::after_enqueue): a kernel launch (an Ascend C
/// kernel by any launch form, or a model execution: ASCEND_RT_LAUNCH_BLOCKING's calls), or other
/// work.
enum class Enqueued { Work, KernelLaunch };

struct Context {
    uint64_t id = 0;  // unique for the process lifetime; guards against address reuse
    int32_t device = 0;
    int32_t physical = 0;
    bool is_default = false;
    std::shared_ptr<Stream> default_stream;
    std::set<Stream*> streams;          // user streams created in this context
    std::map<int, int64_t> sys_params;  // aclrtCtxSetSysParamOpt values
};

class Runtime {
public:
    static Runtime& instance();

    // ---- lifecycle ---------------------------------------------------------------------
    aclError init(const char* config_path);
    /// What aclrtSetDevice does before any aclInit (CANN initialises implicitly): init(nullptr),
    /// remembered as implicit so that a later aclInit takes it over instead of failing
    /// (implicit_init.cpp). ACL_SUCCESS when already initialised.
    aclError init_implicitly();
    aclError finalize();
    aclError finalize_reference(uint64_t* remaining);
    bool initialized() const { return initialized_.load(std::memory_order_acquire); }
    bool launch_blocking() const { return launch_blocking_.load(std::memory_order_relaxed); }
    /// ASCEND_RT_LAUNCH_BLOCKING=1 of the last aclInit: kernel launches and model executions wait.
    bool kernel_launch_blocking() const {
        return kernel_launch_blocking_.load(std::memory_order_relaxed);
    }
    /// The operator settings of the last aclInit (the defaults before the first).
    OpSettings op_settings() const;
    /// The backend, created on first use (aclrtGetDeviceCount / aclrtSetDevice).
    aclError backend(Backend** out);
    /// The backend kind in use, or the one ACLEMU_BACKEND will choose (see rt.h).
    BackendKind active_kind();
    /// Why ACLEMU_BACKEND=auto chose the CPU; empty when it did not (or has not chosen yet).
    std::string cpu_fallback_reason();
    /// The backend if it has been created, else nullptr. Never fails, never creates.
    Backend* existing_backend();

    // ---- devices -----------------------------------------------------------------------
    aclError device_count(uint32_t* count);
    aclError set_device(int32_t device);
    aclError reset_device(int32_t device, bool force);
    aclError get_device(int32_t* device);
    /// Whether logical device `device` has its default context (aclrtSetDevice and no reset).
    aclError primary_context_active(int32_t device, bool* active);
    /// The current thread's logical device, or -1; records no error.
    int32_t current_device_or_none();
    /// Every live stream (user and default) of logical device `device`.
    std::vector<std::shared_ptr<Stream>> streams_of_device(int32_t device);
    /// Fails with ACL_ERROR_RT_INVALID_DEVICEID unless `device` is a visible logical id.
    aclError check_device(int32_t device, const char* param, int32_t* physical);
    /// The visible logical id of backend device `physical` (ASCEND_RT_VISIBLE_DEVICES), or
    /// ACL_ERROR_RT_INVALID_DEVICEID naming `param` when it is no device or not visible.
    aclError visible_id_of(int32_t physical, const char* param, int32_t* logical);

    // ---- contexts ----------------------------------------------------------------------
    /// The calling thread's current context (ACL_ERROR_RT_CONTEXT_NULL when there is none);
    /// binds the thread to the context's device.
    aclError current_context(std::shared_ptr<Context>* out);
    /// current_context(), then backend(): what work on the calling thread's current device
    /// needs.
    aclError current_context_and_backend(std::shared_ptr<Context>* context, Backend** backend);
    /// The same when the context itself is not needed.
    aclError current_backend(Backend** out);
    /// current_context without binding (for questions about the context, and registering
    /// objects in it).
    aclError unbound_context(std::shared_ptr<Context>* out);
    aclError create_context(int32_t device, aclrtContext* out);
    aclError destroy_context(aclrtContext handle);
    aclError set_current_context(aclrtContext handle);
    aclError get_current_context(aclrtContext* out);

    // ---- streams and events ------------------------------------------------------------
    /// A stream in the current context; `priority` 0..kLeastStreamPriority (or
    /// kDefaultStreamPriority: none asked for, reported as CANN's default 0) and `flags` (the
    /// known ACL_STREAM_* bits) are the caller's, already checked.
    aclError create_stream(aclrtStream* out,
                           int32_t priority = kDefaultStreamPriority,
                           uint32_t flags = 0);
    aclError destroy_stream(aclrtStream handle);
    /// A live stream; nullptr resolves to the current context's default stream, and a default
    /// stream's own handle (aclrtCtxGetCurrentDefaultStream) to that stream.
    aclError stream(aclrtStream handle, std::shared_ptr<Stream>* out);
    /// How many more streams the current device can have (kMaxStreamsPerDevice in all).
    aclError available_streams(uint32_t* count);
    /// stream(), then backend(): what work enqueued on a stream needs.
    aclError stream_and_backend(aclrtStream handle,
                                std::shared_ptr<Stream>* stream,
                                Backend** backend);
    /// Waits for `stream` after work was enqueued on it when launches block: under
    /// ASCEND_LAUNCH_BLOCKING=1 after any work; after a kernel launch or a model execution
    /// (`what`) as the stream's launch-blocking mode says (kernel_launch_blocks). The one place
    /// that waits for it (entry points, host tasks and GPU kernel launches all end here).
    aclError after_enqueue(Stream& stream, Enqueued what = Enqueued::Work);
    /// Whether a kernel launch on `stream` returns only once it ran: not inside a non-blocking
    /// section; else the stream's ACL_STREAM_LAUNCH_BLOCKING_MODE, which by default follows
    /// ASCEND_RT_LAUNCH_BLOCKING. Streams that CANN exempts (persistent, CPU-scheduled,
    /// device-use-only) never block.
    bool kernel_launch_blocks(const Stream& stream) const;

    // ---- system parameters -------------------------------------------------------------
    /// `opt` as the caller passed it (any integer; validated here).
    aclError set_sys_param(bool context_scope, int64_t opt, int64_t value);
    aclError get_sys_param(bool context_scope, int64_t opt, int64_t* value);
    bool deterministic();

    AllocTable& allocations() { return allocations_; }

    // ---- device facts, core budgets, peer access (runtime_resources.cpp) -----------------
    /// The backend's facts of logical device `device` (checked), read once per aclInit.
    aclError device_facts(int32_t device, DeviceFacts* out);
    /// The budget of `type` (aclrtDevResLimitType) for logical device `device`: the process
    /// limit when set, else the device's core count.
    aclError device_res_limit(int32_t device, int64_t type, uint32_t* value);
    /// value 0: back to the device's count.
    aclError set_device_res_limit(int32_t device, int64_t type, uint32_t value);
    aclError stream_res_limit(const Stream& stream, int64_t type, uint32_t* value);
    aclError set_stream_res_limit(Stream& stream, int64_t type, uint32_t value);
    /// The stream whose limits the calling thread uses from now on.
    void use_stream_limits(const std::shared_ptr<Stream>& stream);
    /// The thread stops using `stream`'s limits (no change when it uses another's or none).
    void unuse_stream_limits(const Stream* stream);
    aclError thread_res_limit(int64_t type, uint32_t* value);
    /// The calling thread's vector-core budget when one was set (the CPU kernels' thread cap),
    /// else 0. Lock-free until a limit is first set.
    uint32_t thread_vector_budget();
    /// Whether access from logical `device` to `peer` was enabled (aclrtDeviceEnablePeerAccess).
    bool peer_access_enabled(int32_t device, int32_t peer);
    void set_peer_access(int32_t device, int32_t peer, bool enabled);

private:
    Runtime() = default;

    struct DeviceSlot {
        int refs = 0;
        std::shared_ptr<Context> default_context;
        std::optional<DeviceFacts> facts;              // read at the first question
        uint32_t res_limits[kResLimitTypes] = {0, 0};  // aclrtSetDeviceResLimit; 0: none
    };

    /// init() with lifecycle_mu_ held; `implicit`: see init_implicitly.
    aclError init_locked(const char* config_path, bool implicit);
    aclError ensure_backend_locked(Backend** out);
    /// The settings of the last aclInit for the CPU backend, with the runtime's thread budget.
    CpuBackendOptions cpu_backend_options() const;
    aclError check_device_locked(int32_t device, const char* param, int32_t* physical);
    aclError current_context_locked(std::shared_ptr<Context>* out);
    /// current_context_locked, then binds the thread to the context's device.
    aclError bound_context_locked(std::shared_ptr<Context>* out);
    aclError new_context_locked(int32_t device,
                                int32_t physical,
                                bool is_default,
                                std::shared_ptr<Context>* out);
    /// Unregisters a context and its streams; the caller destroys `streams` without the lock.
    void retire_context_locked(const std::shared_ptr<Context>& context,
                               std::vector<std::shared_ptr<Stream>>* streams);
    /// Releases streams their owner has unregistered (teardown.h).
    void destroy_streams(std::vector<std::shared_ptr<Stream>> streams);
    /// Registers a new stream's number and reports it to the stream state callbacks later
    /// (announce_stream, without mu_).
    void number_stream_locked(Stream& stream) { stream.id = next_stream_id_++; }
    void announce_stream(Stream* stream);
    /// Streams (default ones included) that logical device `device` has now.
    uint32_t streams_on_device_locked(int32_t device) const;
    aclError device_facts_locked(int32_t device, DeviceFacts* out);
    /// The calling thread's logical device, or -1; records no error.
    int32_t current_device_locked() const;
    /// Whether `stream` is registered (a user stream or a context's default stream).
    bool stream_live_locked(const Stream* stream) const;
    /// The stream whose limits the calling thread uses, if it still exists.
    std::shared_ptr<Stream> limit_stream_locked();
    void teardown();
    /// Invalidates the per-thread lookup caches; call after any change to streams_, contexts_
    /// or a sys param, with mu_ held.
    void registry_changed_locked() { registry_generation_.fetch_add(1, std::memory_order_release); }

    std::mutex lifecycle_mu_;  // serializes aclInit / aclFinalize
    std::mutex mu_;
    std::atomic<bool> initialized_{false};
    // config_.launch_blocking and config_.ops, readable without mu_ (every launch reads them).
    std::atomic<bool> launch_blocking_{false};
    std::atomic<bool> kernel_launch_blocking_{false};
    std::atomic<int> cpu_threads_{0};  // 0: before the first aclInit
    std::atomic<StreamingStores> streaming_stores_{StreamingStores::Auto};
    std::atomic<bool> upsample_scatter_{false};
    uint64_t init_refs_ = 0;
    bool implicit_init_ = false;  // initialised by aclrtSetDevice, no aclInit yet (lifecycle_mu_)
    Config config_;

    std::unique_ptr<Backend> backend_;
    std::atomic<Backend*> backend_fast_{nullptr};  // backend_.get(), readable without mu_
    std::atomic<uint64_t> registry_generation_{1};
    std::string backend_error_;  // why the requested backend is unavailable (sticky)
    std::string cpu_fallback_reason_;
    std::vector<int32_t> visible_;  // logical -> physical
    std::vector<DeviceSlot> devices_;

    uint64_t next_context_id_ = 1;
    std::unordered_map<Context*, std::shared_ptr<Context>> contexts_;
    std::unordered_map<Stream*, std::shared_ptr<Stream>> streams_;
    int32_t next_stream_id_ = 1;
    std::set<std::pair<int32_t, int32_t>> peer_access_;  // (device, peer), logical ids
    std::atomic<bool> res_limits_set_{false};            // any core budget set since aclInit
    std::map<int, int64_t> process_params_;

    AllocTable allocations_;
};

inline Runtime& runtime() {
    return Runtime::instance();
}

/// The shared opening of work on a stream: declares `stream` (the resolved std::shared_ptr<Stream>;
/// a null `handle` is the current context's default stream) and `backend` (its Backend*), or
/// returns the failure from the enclosing function.
#define ACLEMU_RESOLVE_STREAM(handle, stream, backend) \
    ACLEMU_RESOLVE_STREAM_BY(stream, backend, ::aclemu::rt::runtime().stream_and_backend, (handle))

/// ACLEMU_RESOLVE_STREAM through another lookup of its shape, `lookup(args..., &stream,
/// &backend)`: one that also checks what the call needs of the stream.
#define ACLEMU_RESOLVE_STREAM_BY(stream, backend, lookup, ...) \
    std::shared_ptr<::aclemu::rt::Stream> stream;              \
    ::aclemu::rt::Backend* backend = nullptr;                  \
    ACLEMU_TRY(lookup(__VA_ARGS__, &stream, &backend))

/// The shared opening of work that needs the backend and no stream: declares `backend` (a
/// Backend*) from `runtime().lookup` (`backend`: created on first use; `current_backend`: after
/// the calling thread's current context), or returns the failure from the enclosing function.
#define ACLEMU_BACKEND(backend, lookup) ACLEMU_BACKEND_BY(backend, ::aclemu::rt::runtime().lookup)

/// ACLEMU_BACKEND through another lookup of its shape, `lookup(&backend)`: one that also checks
/// what the call needs of the backend (a facet).
#define ACLEMU_BACKEND_BY(backend, lookup)    \
    ::aclemu::rt::Backend* backend = nullptr; \
    ACLEMU_TRY(lookup(&backend))

/// A pointer value for messages, e.g. "0x7f12...".
std::string pointer_text(const void* ptr);

}  // namespace aclemu::rt
