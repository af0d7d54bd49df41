// Runtime: lifecycle, backend selection, devices, contexts and the stream/event registries.
// See runtime.h for the locking rule (never wait while holding mu_).
#include "runtime_state.h"

#include "aclemu/log.h"
#include "core/arg_checks.h"
#include "core/log_internal.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "handles/handle_arena.h"
#include "observe/trace_recorder.h"
#include "stream/stream_state_callbacks.h"
#include "teardown.h"

#include <algorithm>
#include <cstdio>
#include <sys/stat.h>
#include <unistd.h>

namespace aclemu::rt {
namespace {

struct CurrentContext {
    Context* ptr = nullptr;
    uint64_t id = 0;
};
thread_local CurrentContext tl_current;

// The last stream this thread resolved (Note [Lock-free lookups on the hot path]). `generation`
// 0 never matches. A null handle also depends on the thread's current context.
struct StreamLookupCache {
    uint64_t generation = 0;
    aclrtStream handle = nullptr;
    CurrentContext current;
    std::shared_ptr<Stream> stream;
};
thread_local StreamLookupCache tl_stream_cache;

// The last deterministic() answer of this thread, valid like tl_stream_cache (sys-param writes
// also move the generation).
struct DeterministicCache {
    uint64_t generation = 0;
    CurrentContext current;
    bool value = false;
};
thread_local DeterministicCache tl_deterministic_cache;

}  // namespace

std::string pointer_text(const void* ptr) {
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%p", ptr);
    return buf;
}

Runtime& Runtime::instance() {
    // Never destroyed: worker threads and atexit handlers may still call in during exit.
    static Runtime* runtime = new Runtime;
    return *runtime;
}

// ---- lifecycle ---------------------------------------------------------------------------

aclError Runtime::init(const char* config_path) {
    std::lock_guard<std::mutex> lifecycle(lifecycle_mu_);
    return init_locked(config_path, false);
}

aclError Runtime::init_locked(const char* config_path, bool implicit) {
    if (initialized() && !implicit_init_) {
        std::lock_guard<std::mutex> lock(mu_);
        ++init_refs_;
        return fail(ACL_ERROR_REPEAT_INITIALIZE, msg_order("aclInit has already been called"));
    }
    log::configure(read_log_settings());
    if (config_path != nullptr && config_path[0] != '\0') {
        struct stat st {};
        ACLEMU_TRY(reject_if(::stat(config_path, &st) != 0 || !S_ISREG(st.st_mode)
                                 || ::access(config_path, R_OK) != 0,
                             "configPath",
                             std::string(config_path),
                             "the file does not exist or cannot be read",
                             ACL_ERROR_INVALID_FILE));
        ACLEMU_LOG(AscendCL,
                   Info,
                   "config file %s accepted; only its dump section is used (docs/dump.md)",
                   config_path);
    }
    if (initialized()) {
        // aclInit after an implicit initialisation by aclrtSetDevice: it now owns the runtime
        // (one reference), keeping the devices, streams and settings already in use.
        implicit_init_ = false;
        return ACL_SUCCESS;
    }
    Config config;
    ACLEMU_TRY(read_config(&config));
    observe::trace::start_session(config.trace_path);

    std::lock_guard<std::mutex> lock(mu_);
    config_ = config;
    launch_blocking_.store(config.launch_blocking, std::memory_order_relaxed);
    kernel_launch_blocking_.store(config.kernel_launch_blocking, std::memory_order_relaxed);
    cpu_threads_.store(config.ops.cpu_threads, std::memory_order_relaxed);
    streaming_stores_.store(config.ops.streaming_stores, std::memory_order_relaxed);
    upsample_scatter_.store(config.ops.upsample_scatter, std::memory_order_relaxed);
    init_refs_ = 1;
    implicit_init_ = implicit;
    backend_error_.clear();
    initialized_.store(true, std::memory_order_release);
    ACLEMU_LOG(
        AscendCL,
        Info,
        "aclInit: ACLEMU_BACKEND=%s, ASCEND_LAUNCH_BLOCKING=%d, ASCEND_RT_LAUNCH_BLOCKING=%d",
        backend_choice_name(config.backend),
        config.launch_blocking ? 1 : 0,
        config.kernel_launch_blocking ? 1 : 0);
    return ACL_SUCCESS;
}

aclError Runtime::finalize() {
    std::lock_guard<std::mutex> lifecycle(lifecycle_mu_);
    if (!initialized()) {
        return fail(ACL_ERROR_REPEAT_FINALIZE,
                    msg_order("aclFinalize without a matching aclInit (or called twice)"));
    }
    teardown();
    return ACL_SUCCESS;
}

aclError Runtime::finalize_reference(uint64_t* remaining) {
    std::lock_guard<std::mutex> lifecycle(lifecycle_mu_);
    if (!initialized()) {
        return fail(ACL_ERROR_REPEAT_FINALIZE,
                    msg_order("aclFinalizeReference without a matching aclInit"));
    }
    uint64_t left;
    {
        std::lock_guard<std::mutex> lock(mu_);
        left = --init_refs_;
    }
    if (left == 0) {
        teardown();
    }
    if (remaining != nullptr) {
        *remaining = left;
    }
    return ACL_SUCCESS;
}

// Unregisters everything the runtime holds and hands it, with the backend, to tear_down (the
// order of teardown.h). Called with lifecycle_mu_ held.
void Runtime::teardown() {
    Teardown what;
    what.scope = Teardown::Scope::Runtime;
    {
        std::lock_guard<std::mutex> lock(mu_);
        initialized_.store(false, std::memory_order_release);
        init_refs_ = 0;
        implicit_init_ = false;
        for (auto& [ptr, stream] : streams_) {
            what.streams.push_back(stream);
        }
        for (auto& [ptr, context] : contexts_) {
            if (context->default_stream) {
                what.streams.push_back(context->default_stream);
            }
        }
        streams_.clear();
        contexts_.clear();
        registry_changed_locked();
        devices_.clear();
        visible_.clear();
        peer_access_.clear();
        res_limits_set_.store(false, std::memory_order_relaxed);
        process_params_.clear();
        what.owned = std::move(backend_);
        what.backend = what.owned.get();
        backend_fast_.store(nullptr, std::memory_order_release);
        backend_error_.clear();
        cpu_fallback_reason_.clear();
    }
    tear_down(std::move(what));
    ACLEMU_LOG(AscendCL, Info, "aclFinalize: runtime released");
}

OpSettings Runtime::op_settings() const {
    OpSettings settings;
    const int threads = cpu_threads_.load(std::memory_order_relaxed);
    settings.cpu_threads = threads > 0 ? threads : default_cpu_threads();
    settings.streaming_stores = streaming_stores_.load(std::memory_order_relaxed);
    settings.upsample_scatter = upsample_scatter_.load(std::memory_order_relaxed);
    return settings;
}

// ---- backend -----------------------------------------------------------------------------

aclError Runtime::backend(Backend** out) {
    if (Backend* fast = backend_fast_.load(std::memory_order_acquire)) {
        *out = fast;
        return ACL_SUCCESS;
    }
    std::lock_guard<std::mutex> lock(mu_);
    return ensure_backend_locked(out);
}

Backend* Runtime::existing_backend() {
    return backend_fast_.load(std::memory_order_acquire);
}

std::string Runtime::cpu_fallback_reason() {
    std::lock_guard<std::mutex> lock(mu_);
    return cpu_fallback_reason_;
}

BackendKind Runtime::active_kind() {
    if (Backend* fast = backend_fast_.load(std::memory_order_acquire)) {
        return fast->kind();
    }
    std::lock_guard<std::mutex> lock(mu_);
    if (backend_) {
        return backend_->kind();
    }
    switch (config_.backend) {
        case BackendChoice::Cuda:
            return BackendKind::Cuda;
        case BackendChoice::Hip:
            return BackendKind::Hip;
        case BackendChoice::GpuSim:
            return BackendKind::GpuSim;
        case BackendChoice::Gpu:
            return gpu::built_kind();
        case BackendChoice::Auto:
        case BackendChoice::Cpu:
            break;
    }
    return BackendKind::Cpu;
}

CpuBackendOptions Runtime::cpu_backend_options() const {
    CpuBackendOptions options = config_.cpu_backend;
    options.thread_budget = [] { return runtime().thread_vector_budget(); };
    return options;
}

aclError Runtime::ensure_backend_locked(Backend** out) {
    if (backend_) {
        *out = backend_.get();
        return ACL_SUCCESS;
    }
    if (!backend_error_.empty()) {
        return fail(ACL_ERROR_RT_NO_DEVICE, msg_runtime(backend_error_));
    }
    const BackendChoice choice = config_.backend;
    std::unique_ptr<Backend> created;
    if (choice == BackendChoice::Cpu) {
        created = make_cpu_backend(cpu_backend_options());
    } else if (choice == BackendChoice::GpuSim) {
        std::string why;
        created = gpusim::make_backend(&why);
        if (!created) {
            backend_error_ =
                "ACLEMU_BACKEND=gpusim requests the GPU simulator, but it is unavailable: " + why;
            return fail(ACL_ERROR_RT_NO_DEVICE, msg_runtime(backend_error_));
        }
    } else {
        std::string why;
        std::unique_ptr<Backend> gpu = gpu::make_backend(&why);
        const bool wrong_kind =
            gpu
            && ((choice == BackendChoice::Cuda && gpu->kind() != BackendKind::Cuda)
                || (choice == BackendChoice::Hip && gpu->kind() != BackendKind::Hip));
        if (wrong_kind) {
            why = std::string("this aclemu was built with the ") + gpu->name() + " backend, not "
                  + (choice == BackendChoice::Cuda ? "CUDA" : "HIP");
            gpu.reset();
        }
        if (gpu) {
            created = std::move(gpu);
        } else if (choice == BackendChoice::Auto) {
            cpu_fallback_reason_ = why.empty() ? std::string("no GPU answered") : why;
            ACLEMU_LOG(Runtime,
                       Warning,
                       "ACLEMU_BACKEND=auto: no usable GPU (%s); using the CPU backend",
                       cpu_fallback_reason_.c_str());
            created = make_cpu_backend(cpu_backend_options());
        } else {
            backend_error_ = std::string("ACLEMU_BACKEND=") + backend_choice_name(choice)
                             + " requests a GPU backend, but it is unavailable: "
                             + (why.empty() ? std::string("no GPU answered") : why);
            return fail(ACL_ERROR_RT_NO_DEVICE, msg_runtime(backend_error_));
        }
    }
    backend_ = std::move(created);
    backend_fast_.store(backend_.get(), std::memory_order_release);
    visible_ = visible_devices(config_.visible_devices, backend_->physical_device_count());
    devices_.assign(visible_.size(), DeviceSlot{});
    std::string mapping;
    for (size_t i = 0; i < visible_.size(); ++i) {
        mapping += (i == 0 ? "" : ",") + std::to_string(visible_[i]);
    }
    ACLEMU_LOG(Runtime,
               Info,
               "using the %s backend: %d physical device(s), visible (logical order) [%s]",
               backend_->name(),
               backend_->physical_device_count(),
               mapping.c_str());
    *out = backend_.get();
    return ACL_SUCCESS;
}

// ---- devices -----------------------------------------------------------------------------

aclError Runtime::device_count(uint32_t* count) {
    std::lock_guard<std::mutex> lock(mu_);
    Backend* backend = nullptr;
    ACLEMU_TRY(ensure_backend_locked(&backend));
    *count = static_cast<uint32_t>(visible_.size());
    return ACL_SUCCESS;
}

aclError Runtime::check_device(int32_t device, const char* param, int32_t* physical) {
    std::lock_guard<std::mutex> lock(mu_);
    return check_device_locked(device, param, physical);
}

aclError Runtime::visible_id_of(int32_t physical, const char* param, int32_t* logical) {
    std::lock_guard<std::mutex> lock(mu_);
    Backend* backend = nullptr;
    ACLEMU_TRY(ensure_backend_locked(&backend));
    for (size_t i = 0; i < visible_.size(); ++i) {
        if (visible_[i] == physical) {
            *logical = static_cast<int32_t>(i);
            return ACL_SUCCESS;
        }
    }
    return reject_arg(ACL_ERROR_RT_INVALID_DEVICEID,
                      param,
                      physical,
                      "is not a device this process sees (ASCEND_RT_VISIBLE_DEVICES)");
}

aclError Runtime::check_device_locked(int32_t device, const char* param, int32_t* physical) {
    Backend* backend = nullptr;
    ACLEMU_TRY(ensure_backend_locked(&backend));
    if (device < 0 || static_cast<size_t>(device) >= visible_.size()) {
        return reject_arg(ACL_ERROR_RT_INVALID_DEVICEID,
                          param,
                          device,
                          "must be in [0, " + std::to_string(visible_.size()) + ") ("
                              + std::to_string(visible_.size()) + " visible device(s))");
    }
    if (physical != nullptr) {
        *physical = visible_[device];
    }
    return ACL_SUCCESS;
}

aclError Runtime::new_context_locked(int32_t device,
                                     int32_t physical,
                                     bool is_default,
                                     std::shared_ptr<Context>* out) {
    if (aclError err = backend_->bind_device(physical); err != ACL_SUCCESS) {
        return backend_failed(err, backend_.get(), "cannot bind device " + std::to_string(device));
    }
    if (streams_on_device_locked(device) >= kMaxStreamsPerDevice) {
        return fail(ACL_ERROR_RT_NO_STREAM_RESOURCE,
                    msg_runtime("device " + std::to_string(device) + " already has "
                                + std::to_string(kMaxStreamsPerDevice)
                                + " streams; a new context needs one more"));
    }
    auto stream = make_handle_object<Stream>();
    if (aclError err = backend_->streams().create_stream(&stream->impl, kDefaultStreamPriority);
        err != ACL_SUCCESS) {
        return backend_failed(
            err,
            backend_.get(),
            "cannot create the default stream of device " + std::to_string(device));
    }
    number_stream_locked(*stream);
    auto context = make_handle_object<Context>();
    context->id = next_context_id_++;
    context->device = device;
    context->physical = physical;
    context->is_default = is_default;
    stream->context = context.get();
    stream->device = device;
    stream->physical = physical;
    stream->is_default = true;
    context->default_stream = std::move(stream);
    contexts_[context.get()] = context;
    registry_changed_locked();
    *out = std::move(context);
    return ACL_SUCCESS;
}

aclError Runtime::set_device(int32_t device) {
    Stream* created = nullptr;
    {
        std::lock_guard<std::mutex> lock(mu_);
        int32_t physical = 0;
        ACLEMU_TRY(check_device_locked(device, "deviceId", &physical));
        DeviceSlot& slot = devices_[device];
        if (!slot.default_context) {
            std::shared_ptr<Context> context;
            ACLEMU_TRY(new_context_locked(device, physical, true, &context));
            created = context->default_stream.get();
            slot.default_context = std::move(context);
            slot.refs = 0;
        } else if (aclError err = backend_->bind_device(physical); err != ACL_SUCCESS) {
            return fail(err, msg_runtime("cannot bind device " + std::to_string(device)));
        }
        ++slot.refs;
        tl_current = {slot.default_context.get(), slot.default_context->id};
    }
    announce_stream(created);
    return ACL_SUCCESS;
}

void Runtime::announce_stream(Stream* stream) {
    if (stream != nullptr) {
        notify_stream_state(stream, ACL_RT_STREAM_STATE_CREATE_POST);
    }
}

uint32_t Runtime::streams_on_device_locked(int32_t device) const {
    uint32_t count = 0;
    for (const auto& [ptr, stream] : streams_) {
        count += stream->device == device ? 1 : 0;
    }
    for (const auto& [ptr, context] : contexts_) {
        count += context->device == device && context->default_stream ? 1 : 0;
    }
    return count;
}

aclError Runtime::reset_device(int32_t device, bool force) {
    std::vector<std::shared_ptr<Stream>> streams;
    {
        std::lock_guard<std::mutex> lock(mu_);
        ACLEMU_TRY(check_device_locked(device, "deviceId", nullptr));
        DeviceSlot& slot = devices_[device];
        if (slot.refs == 0 || !slot.default_context) {
            ACLEMU_LOG(AscendCL, Warning, "device %d was not set; nothing to reset", device);
            return ACL_SUCCESS;
        }
        slot.refs = force ? 0 : slot.refs - 1;
        if (slot.refs > 0) {
            return ACL_SUCCESS;
        }
        retire_context_locked(slot.default_context, &streams);
        slot.default_context.reset();
    }
    destroy_streams(std::move(streams));
    return ACL_SUCCESS;
}

aclError Runtime::primary_context_active(int32_t device, bool* active) {
    std::lock_guard<std::mutex> lock(mu_);
    ACLEMU_TRY(check_device_locked(device, "deviceId", nullptr));
    *active = devices_[device].default_context != nullptr;
    return ACL_SUCCESS;
}

aclError Runtime::get_device(int32_t* device) {
    std::shared_ptr<Context> context;
    ACLEMU_TRY(unbound_context(&context));
    *device = context->device;
    return ACL_SUCCESS;
}

int32_t Runtime::current_device_or_none() {
    std::lock_guard<std::mutex> lock(mu_);
    return current_device_locked();
}

int32_t Runtime::current_device_locked() const {
    auto it = contexts_.find(tl_current.ptr);
    if (tl_current.ptr == nullptr || it == contexts_.end() || it->second->id != tl_current.id) {
        return -1;
    }
    return it->second->device;
}

std::vector<std::shared_ptr<Stream>> Runtime::streams_of_device(int32_t device) {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<std::shared_ptr<Stream>> result;
    for (auto& [ptr, stream] : streams_) {
        if (stream->device == device) {
            result.push_back(stream);
        }
    }
    for (auto& [ptr, context] : contexts_) {
        if (context->device == device && context->default_stream) {
            result.push_back(context->default_stream);
        }
    }
    return result;
}

// ---- contexts ----------------------------------------------------------------------------

aclError Runtime::current_context_locked(std::shared_ptr<Context>* out) {
    auto it = contexts_.find(tl_current.ptr);
    if (tl_current.ptr == nullptr || it == contexts_.end() || it->second->id != tl_current.id) {
        tl_current = {};
        return fail(ACL_ERROR_RT_CONTEXT_NULL,
                    msg_order("the calling thread has no current context; call aclrtSetDevice "
                              "(or aclrtSetCurrentContext) first"));
    }
    *out = it->second;
    return ACL_SUCCESS;
}

aclError Runtime::bound_context_locked(std::shared_ptr<Context>* out) {
    ACLEMU_TRY(current_context_locked(out));
    if (aclError err = backend_->bind_device((*out)->physical); err != ACL_SUCCESS) {
        return fail(err, msg_runtime("cannot bind device " + std::to_string((*out)->device)));
    }
    return ACL_SUCCESS;
}

aclError Runtime::current_context(std::shared_ptr<Context>* out) {
    std::lock_guard<std::mutex> lock(mu_);
    return bound_context_locked(out);
}

aclError Runtime::unbound_context(std::shared_ptr<Context>* out) {
    std::lock_guard<std::mutex> lock(mu_);
    return current_context_locked(out);
}

aclError Runtime::current_context_and_backend(std::shared_ptr<Context>* context,
                                              Backend** backend) {
    ACLEMU_TRY(current_context(context));
    return this->backend(backend);
}

aclError Runtime::current_backend(Backend** out) {
    std::shared_ptr<Context> context;
    return current_context_and_backend(&context, out);
}

aclError Runtime::create_context(int32_t device, aclrtContext* out) {
    Stream* created = nullptr;
    {
        std::lock_guard<std::mutex> lock(mu_);
        int32_t physical = 0;
        ACLEMU_TRY(check_device_locked(device, "deviceId", &physical));
        std::shared_ptr<Context> context;
        ACLEMU_TRY(new_context_locked(device, physical, false, &context));
        created = context->default_stream.get();
        tl_current = {context.get(), context->id};
        *out = context.get();
    }
    announce_stream(created);
    return ACL_SUCCESS;
}

void Runtime::retire_context_locked(const std::shared_ptr<Context>& context,
                                    std::vector<std::shared_ptr<Stream>>* streams) {
    for (Stream* stream : context->streams) {
        auto it = streams_.find(stream);
        if (it != streams_.end()) {
            streams->push_back(it->second);
            streams_.erase(it);
        }
    }
    context->streams.clear();
    if (context->default_stream) {
        streams->push_back(std::move(context->default_stream));
    }
    contexts_.erase(context.get());
    registry_changed_locked();
}

void Runtime::destroy_streams(std::vector<std::shared_ptr<Stream>> streams) {
    Teardown what;
    what.backend = existing_backend();
    what.streams = std::move(streams);
    tear_down(std::move(what));
}

aclError Runtime::destroy_context(aclrtContext handle) {
    std::vector<std::shared_ptr<Stream>> streams;
    {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = contexts_.find(static_cast<Context*>(handle));
        ACLEMU_TRY(reject_if(it == contexts_.end(), "context", handle, "not a live context"));
        std::shared_ptr<Context> context = it->second;
        ACLEMU_TRY(reject_if(context->is_default,
                             "context",
                             handle,
                             "it is a device's default context; release it with "
                             "aclrtResetDevice"));
        if (tl_current.ptr == context.get()) {
            tl_current = {};
        }
        retire_context_locked(context, &streams);
    }
    destroy_streams(std::move(streams));
    return ACL_SUCCESS;
}

aclError Runtime::set_current_context(aclrtContext handle) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = contexts_.find(static_cast<Context*>(handle));
    ACLEMU_TRY(reject_if(it == contexts_.end(), "context", handle, "not a live context"));
    if (aclError err = backend_->bind_device(it->second->physical); err != ACL_SUCCESS) {
        return fail(err, msg_runtime("cannot bind device " + std::to_string(it->second->device)));
    }
    tl_current = {it->second.get(), it->second->id};
    return ACL_SUCCESS;
}

aclError Runtime::get_current_context(aclrtContext* out) {
    std::shared_ptr<Context> context;
    ACLEMU_TRY(unbound_context(&context));
    *out = context.get();
    return ACL_SUCCESS;
}

// ---- streams -----------------------------------------------------------------------------

aclError Runtime::create_stream(aclrtStream* out, int32_t priority, uint32_t flags) {
    Stream* created = nullptr;
    {
        std::lock_guard<std::mutex> lock(mu_);
        std::shared_ptr<Context> context;
        ACLEMU_TRY(bound_context_locked(&context));
        if (streams_on_device_locked(context->device) >= kMaxStreamsPerDevice) {
            return fail(ACL_ERROR_RT_NO_STREAM_RESOURCE,
                        msg_runtime("device " + std::to_string(context->device) + " already has "
                                    + std::to_string(kMaxStreamsPerDevice)
                                    + " streams (default streams included); destroy one first"));
        }
        auto stream = make_handle_object<Stream>();
        ACLEMU_TRY_BACKEND(backend_->streams().create_stream(&stream->impl, priority),
                           backend_.get(),
                           "cannot create a stream");
        number_stream_locked(*stream);
        stream->priority = priority == kDefaultStreamPriority ? 0 : static_cast<uint32_t>(priority);
        stream->flags = flags;
        stream->context = context.get();
        stream->device = context->device;
        stream->physical = context->physical;
        context->streams.insert(stream.get());
        streams_[stream.get()] = stream;
        registry_changed_locked();
        created = stream.get();
        *out = created;
    }
    announce_stream(created);
    return ACL_SUCCESS;
}

aclError Runtime::available_streams(uint32_t* count) {
    std::lock_guard<std::mutex> lock(mu_);
    std::shared_ptr<Context> context;
    ACLEMU_TRY(current_context_locked(&context));
    *count = kMaxStreamsPerDevice - streams_on_device_locked(context->device);
    return ACL_SUCCESS;
}

aclError Runtime::destroy_stream(aclrtStream handle) {
    std::shared_ptr<Stream> stream;
    {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = streams_.find(static_cast<Stream*>(handle));
        if (it == streams_.end()) {
            for (const auto& [ptr, context] : contexts_) {
                ACLEMU_TRY(reject_if(context->default_stream.get() == handle,
                                     "stream",
                                     handle,
                                     "it is a default stream: it goes with its context "
                                     "(aclrtResetDevice, aclrtDestroyContext)"));
            }
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, "stream", pointer_text(handle), "not a live stream");
        }
        stream = it->second;
        streams_.erase(it);
        registry_changed_locked();
        auto ctx = contexts_.find(stream->context);
        if (ctx != contexts_.end()) {
            ctx->second->streams.erase(stream.get());
        }
    }
    destroy_streams({stream});
    return ACL_SUCCESS;
}

aclError Runtime::stream(aclrtStream handle, std::shared_ptr<Stream>* out) {
    StreamLookupCache& cache = tl_stream_cache;
    if (cache.generation == registry_generation_.load(std::memory_order_acquire)
        && cache.handle == handle
        && (handle != nullptr
            || (cache.current.ptr == tl_current.ptr && cache.current.id == tl_current.id))) {
        *out = cache.stream;
        return ACL_SUCCESS;
    }
    std::lock_guard<std::mutex> lock(mu_);
    if (handle == nullptr) {
        std::shared_ptr<Context> context;
        ACLEMU_TRY(current_context_locked(&context));
        *out = context->default_stream;
    } else if (auto it = streams_.find(static_cast<Stream*>(handle)); it != streams_.end()) {
        *out = it->second;
    } else {
        // A default stream's own handle (aclrtCtxGetCurrentDefaultStream).
        std::shared_ptr<Stream> found;
        for (const auto& [ptr, context] : contexts_) {
            if (context->default_stream.get() == handle) {
                found = context->default_stream;
                break;
            }
        }
        if (!found) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM, "stream", pointer_text(handle), "not a live stream");
        }
        *out = std::move(found);
    }
    cache.generation = registry_generation_.load(std::memory_order_relaxed);  // stable under mu_
    cache.handle = handle;
    cache.current = tl_current;
    cache.stream = *out;
    return ACL_SUCCESS;
}

aclError Runtime::stream_and_backend(aclrtStream handle,
                                     std::shared_ptr<Stream>* stream,
                                     Backend** backend) {
    ACLEMU_TRY(this->stream(handle, stream));
    return this->backend(backend);
}

bool Runtime::kernel_launch_blocks(const Stream& stream) const {
    constexpr uint32_t kExempt =
        ACL_STREAM_PERSISTENT | ACL_STREAM_CPU_SCHEDULE | ACL_STREAM_DEVICE_USE_ONLY;
    if ((stream.flags & kExempt) != 0 || stream.non_blocking_sections.load() > 0) {
        return false;
    }
    switch (stream.launch_blocking_mode.load()) {
        case ACL_STREAM_LAUNCH_BLOCKING_MODE_NON_BLOCKING:
            return false;
        case ACL_STREAM_LAUNCH_BLOCKING_MODE_BLOCKING:
            return true;
        default:
            return kernel_launch_blocking();
    }
}

aclError Runtime::after_enqueue(Stream& stream, Enqueued what) {
    const bool blocks =
        launch_blocking() || (what == Enqueued::KernelLaunch && kernel_launch_blocks(stream));
    if (!blocks || graph::recording(stream)) {  // a recorded task does not run now
        return ACL_SUCCESS;
    }
    Backend* backend = existing_backend();
    if (backend == nullptr || !stream.impl) {
        return ACL_SUCCESS;
    }
    WaitResult result = WaitResult::Done;
    ACLEMU_TRY_BACKEND(backend->streams().synchronize_stream(stream.impl.get(), -1, &result),
                       backend,
                       "stream failed under launch blocking (ASCEND_LAUNCH_BLOCKING, "
                       "ASCEND_RT_LAUNCH_BLOCKING or the stream's mode)");
    return ACL_SUCCESS;
}

// ---- system parameters -------------------------------------------------------------------

namespace {

// The options aclrtCtxSetSysParamOpt (context scope) / aclrtSetSysParamOpt take.
aclError check_sys_param_opt(bool context_scope, int64_t opt) {
    const int max_opt =
        context_scope ? ACL_OPT_STRONG_CONSISTENCY : ACL_OPT_ENABLE_KERNEL_EARLY_START;
    if (opt < 0 || opt > max_opt) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM, "opt", opt, "must be in [0, " + std::to_string(max_opt) + "]");
    }
    return ACL_SUCCESS;
}

}  // namespace

aclError Runtime::set_sys_param(bool context_scope, int64_t opt, int64_t value) {
    std::lock_guard<std::mutex> lock(mu_);
    ACLEMU_TRY(check_sys_param_opt(context_scope, opt));
    ACLEMU_TRY(reject_if(opt == ACL_OPT_DETERMINISTIC && (value < 0 || value > 3),
                         "value",
                         value,
                         "ACL_OPT_DETERMINISTIC takes 0 (off), 1, 2 or 3"));
    if (context_scope) {
        std::shared_ptr<Context> context;
        ACLEMU_TRY(current_context_locked(&context));
        context->sys_params[static_cast<int>(opt)] = value;
    } else {
        process_params_[static_cast<int>(opt)] = value;
    }
    registry_changed_locked();  // deterministic() caches depend on the values
    return ACL_SUCCESS;
}

aclError Runtime::get_sys_param(bool context_scope, int64_t opt, int64_t* value) {
    std::lock_guard<std::mutex> lock(mu_);
    ACLEMU_TRY(check_sys_param_opt(context_scope, opt));
    const std::map<int, int64_t>* params = &process_params_;
    std::shared_ptr<Context> context;
    if (context_scope) {
        ACLEMU_TRY(current_context_locked(&context));
        params = &context->sys_params;
    }
    auto it = params->find(static_cast<int>(opt));
    if (it == params->end() && !context_scope) {
        *value = 0;  // CANN: a process parameter never set reads as its default, 0 (off)
        return ACL_SUCCESS;
    }
    ACLEMU_TRY(reject_if(it == params->end(),
                         "opt",
                         opt,
                         "this option has never been set",
                         ACL_ERROR_RT_SYSPARAMOPT_NOT_SET));
    *value = it->second;
    return ACL_SUCCESS;
}

bool Runtime::deterministic() {
    DeterministicCache& cache = tl_deterministic_cache;
    if (cache.generation == registry_generation_.load(std::memory_order_acquire)
        && cache.current.ptr == tl_current.ptr && cache.current.id == tl_current.id) {
        return cache.value;
    }
    std::lock_guard<std::mutex> lock(mu_);
    bool value = false;
    bool decided = false;
    auto ctx = contexts_.find(tl_current.ptr);
    if (tl_current.ptr != nullptr && ctx != contexts_.end() && ctx->second->id == tl_current.id) {
        auto it = ctx->second->sys_params.find(ACL_OPT_DETERMINISTIC);
        if (it != ctx->second->sys_params.end()) {
            value = it->second != 0;
            decided = true;
        }
    }
    if (!decided) {
        auto it = process_params_.find(ACL_OPT_DETERMINISTIC);
        value = it != process_params_.end() && it->second != 0;
    }
    cache.generation = registry_generation_.load(std::memory_order_relaxed);  // stable under mu_
    cache.current = tl_current;
    cache.value = value;
    return value;
}

}  // namespace aclemu::rt
