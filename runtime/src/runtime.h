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

#include "alloc_table.h"
#include "backend/backend.h"
#include "config.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace aclemu::rt {

struct Context;

struct Stream {
    std::unique_ptr<BackendStream> impl;
    Context* context = nullptr;  // the context it was created in
    int32_t device = 0;          // logical
    int32_t physical = 0;
    bool is_default = false;
};

struct Event {
    std::unique_ptr<BackendEvent> impl;
    uint32_t flags = 0;
    bool timing = true;
    bool sync_capable = true;  // may be waited on / reset
    int32_t device = 0;
    std::atomic<bool> recorded{false};
};

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
    aclError finalize();
    aclError finalize_reference(uint64_t* remaining);
    bool initialized() const { return initialized_.load(std::memory_order_acquire); }
    bool launch_blocking() const { return launch_blocking_.load(std::memory_order_relaxed); }
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
    /// The current thread's logical device, or -1; records no error.
    int32_t current_device_or_none();
    /// Every live stream (user and default) of logical device `device`.
    std::vector<std::shared_ptr<Stream>> streams_of_device(int32_t device);
    /// Fails with ACL_ERROR_RT_INVALID_DEVICEID unless `device` is a visible logical id.
    aclError check_device(int32_t device, const char* param, int32_t* physical);

    // ---- contexts ----------------------------------------------------------------------
    /// The calling thread's current context (ACL_ERROR_RT_CONTEXT_NULL when there is none);
    /// binds the thread to the context's device.
    aclError current_context(std::shared_ptr<Context>* out);
    /// current_context(), then backend(): what work on the calling thread's current device
    /// needs.
    aclError current_context_and_backend(std::shared_ptr<Context>* context, Backend** backend);
    /// The same when the context itself is not needed.
    aclError current_backend(Backend** out);
    aclError create_context(int32_t device, aclrtContext* out);
    aclError destroy_context(aclrtContext handle);
    aclError set_current_context(aclrtContext handle);
    aclError get_current_context(aclrtContext* out);

    // ---- streams and events ------------------------------------------------------------
    aclError create_stream(aclrtStream* out);
    aclError destroy_stream(aclrtStream handle);
    /// A live stream; nullptr resolves to the current context's default stream.
    aclError stream(aclrtStream handle, std::shared_ptr<Stream>* out);
    /// stream(), then backend(): what work enqueued on a stream needs.
    aclError stream_and_backend(aclrtStream handle,
                                std::shared_ptr<Stream>* stream,
                                Backend** backend);
    aclError create_event(uint32_t flags, bool timing, aclrtEvent* out);
    aclError destroy_event(aclrtEvent handle);
    aclError event(aclrtEvent handle, std::shared_ptr<Event>* out);
    /// Under ASCEND_LAUNCH_BLOCKING=1 waits for `stream` after work was enqueued on it.
    aclError after_enqueue(Stream& stream);

    // ---- system parameters -------------------------------------------------------------
    /// `opt` as the caller passed it (any integer; validated here).
    aclError set_sys_param(bool context_scope, int64_t opt, int64_t value);
    aclError get_sys_param(bool context_scope, int64_t opt, int64_t* value);
    bool deterministic();

    AllocTable& allocations() { return allocations_; }

private:
    Runtime() = default;

    struct DeviceSlot {
        int refs = 0;
        std::shared_ptr<Context> default_context;
    };

    aclError ensure_backend_locked(Backend** out);
    aclError check_device_locked(int32_t device, const char* param, int32_t* physical);
    aclError current_context_locked(std::shared_ptr<Context>* out);
    /// current_context_locked, then binds the thread to the context's device.
    aclError bound_context_locked(std::shared_ptr<Context>* out);
    /// current_context without binding (for questions about the context).
    aclError unbound_context(std::shared_ptr<Context>* out);
    aclError new_context_locked(int32_t device,
                                int32_t physical,
                                bool is_default,
                                std::shared_ptr<Context>* out);
    /// Unregisters a context and its streams; the caller destroys `streams` without the lock.
    void retire_context_locked(const std::shared_ptr<Context>& context,
                               std::vector<std::shared_ptr<Stream>>* streams);
    void destroy_streams(std::vector<std::shared_ptr<Stream>> streams);
    void teardown();
    /// Invalidates the per-thread lookup caches; call after any change to streams_, contexts_
    /// or a sys param, with mu_ held.
    void registry_changed_locked() { registry_generation_.fetch_add(1, std::memory_order_release); }

    std::mutex lifecycle_mu_;  // serializes aclInit / aclFinalize
    std::mutex mu_;
    std::atomic<bool> initialized_{false};
    // config_.launch_blocking and config_.ops, readable without mu_ (every launch reads them).
    std::atomic<bool> launch_blocking_{false};
    std::atomic<int> cpu_threads_{0};  // 0: before the first aclInit
    std::atomic<StreamingStores> streaming_stores_{StreamingStores::Auto};
    std::atomic<bool> upsample_scatter_{false};
    uint64_t init_refs_ = 0;
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
    std::unordered_map<Event*, std::shared_ptr<Event>> events_;
    std::map<int, int64_t> process_params_;

    AllocTable allocations_;
};

inline Runtime& runtime() {
    return Runtime::instance();
}

/// A pointer value for messages, e.g. "0x7f12...".
std::string pointer_text(const void* ptr);

}  // namespace aclemu::rt
