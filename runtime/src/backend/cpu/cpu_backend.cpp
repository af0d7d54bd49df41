// The CPU backend: "device" memory is whole pages of host memory (device_memory.h: shareable with
// other processes, mappable through the virtual memory calls), each stream is a WorkQueue
// (its own worker thread, FIFO; a short kernel on an idle stream runs on the caller's thread),
// an event is a record generation + completion generation + steady_clock stamp taken when the
// record task runs. Several devices can be shown (CpuBackendOptions::device_count) so device
// selection and ASCEND_RT_VISIBLE_DEVICES can be exercised. Copies and fills of 4 MiB and more
// use up to ACLEMU_CPU_THREADS threads (parallel_copy.h).
#include "aclemu/checked_math.h"
#include "aclemu/log.h"
#include "backend/backend.h"
#include "backend/cpu/device_memory.h"
#include "backend/cpu/ipc_event.h"
#include "backend/cpu/parallel_copy.h"
#include "backend/cpu/queue_event.h"
#include "backend/cpu/word_wait.h"
#include "backend/cpu/work_queue.h"
#include "backend/host_facts.h"
#include "backend/synthetic_identity.h"
#include "kernels_cpu/builtin/builtin_kernels.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <unistd.h>
#include <vector>

namespace aclemu::rt {
namespace {

constexpr size_t kAlignment = 64;

class CpuStream final : public BackendStream {
public:
    // Shared so that synchronize_device can wait on it without holding the backend lock.
    std::shared_ptr<cpu::WorkQueue> queue = std::make_shared<cpu::WorkQueue>();
};

// Shared with the tasks that record or wait on the event, which may outlive the handle.
struct EventState {
    std::mutex mu;
    std::condition_variable completed_cv;
    uint64_t recorded = 0;   // generation of the latest record call
    uint64_t completed = 0;  // highest generation whose record task ran
    std::chrono::steady_clock::time_point stamp;
};

bool wait_generation(EventState& state, uint64_t generation, int32_t timeout_ms) {
    std::unique_lock<std::mutex> lock(state.mu);
    auto done = [&] { return state.completed >= generation; };
    if (timeout_ms < 0) {
        state.completed_cv.wait(lock, done);
        return true;
    }
    return state.completed_cv.wait_for(lock, std::chrono::milliseconds(timeout_ms), done);
}

// A record of the event's next generation: the task completes it.
HostTask record_task(const std::shared_ptr<EventState>& state) {
    uint64_t generation;
    {
        std::lock_guard<std::mutex> lock(state->mu);
        generation = ++state->recorded;
    }
    return HostTask([state, generation] {
        std::lock_guard<std::mutex> lock(state->mu);
        if (generation > state->completed) {
            state->completed = generation;
            state->stamp = std::chrono::steady_clock::now();
        }
        state->completed_cv.notify_all();
    });
}

// A wait for the event's latest record; an empty task when it was never recorded.
HostTask wait_task(const std::shared_ptr<EventState>& state) {
    uint64_t generation;
    {
        std::lock_guard<std::mutex> lock(state->mu);
        generation = state->recorded;
    }
    if (generation == 0) {
        return HostTask();  // never recorded: nothing to wait for
    }
    return HostTask([state, generation] { wait_generation(*state, generation, -1); });
}

class CpuEvent final : public cpu::QueueEvent {
public:
    explicit CpuEvent(bool timing) : timing(timing) {}
    const bool timing;
    std::shared_ptr<EventState> state = std::make_shared<EventState>();

    void record(cpu::WorkQueue& queue) override {
        // Captured: each launch records the event anew.
        if (queue.capture(
                cpu::CapturedTask{[s = state] { return record_task(s); }, true, true, nullptr})) {
            return;
        }
        // Kept through an abort: what waits on the event must not wait forever.
        queue.enqueue(record_task(state), true);
    }

    void hold(cpu::WorkQueue& queue) override {
        // Captured: each launch waits for the record that is latest then.
        auto make = [s = state] {
            HostTask wait = wait_task(s);
            return wait ? std::move(wait) : HostTask([] {});
        };
        if (queue.capture(cpu::CapturedTask{make, false, true, nullptr})) {
            return;
        }
        if (HostTask wait = wait_task(state)) {
            queue.enqueue(std::move(wait));
        }
    }

    bool wait(int32_t timeout_ms) override {
        uint64_t generation;
        {
            std::lock_guard<std::mutex> lock(state->mu);
            generation = state->recorded;
        }
        return wait_generation(*state, generation, timeout_ms);
    }

    bool complete() const override {
        std::lock_guard<std::mutex> lock(state->mu);
        return state->completed >= state->recorded;
    }
};

// What a capture recorded (Note [Capture at the enqueue point], work_queue.h).
class CpuGraph final : public BackendGraph {
public:
    explicit CpuGraph(std::vector<cpu::CapturedTask> recorded) : tasks(std::move(recorded)) {}
    size_t task_count() const override { return tasks.size(); }
    std::vector<cpu::CapturedTask> tasks;
};

CpuStream* as_cpu(BackendStream* stream) {
    return static_cast<CpuStream*>(stream);
}
CpuEvent* as_cpu(BackendEvent* event) {
    return static_cast<CpuEvent*>(event);
}
// Every event of this backend, of this process or shared (IpcEvent).
cpu::QueueEvent* as_queue_event(BackendEvent* event) {
    return static_cast<cpu::QueueEvent*>(event);
}

// The facets come first so that they are constructed before Backend takes their addresses.
class CpuBackend final : public BackendMemory,
                         public BackendStreams,
                         public BackendTasks,
                         public BackendSharing,
                         public BackendTaskGroups,
                         public Backend {
public:
    explicit CpuBackend(const CpuBackendOptions& options)
        : Backend(Facets{this, this, this, this, this}),
          device_count_(options.device_count),
          inline_short_tasks_(options.inline_short_tasks),
          compute_units_(options.compute_units),
          thread_budget_(options.thread_budget),
          memory_(options.memory_limit) {}
    // The streams are gone; their workers too once this returns.
    ~CpuBackend() override { cpu::WorkQueue::join_retired_workers(); }

    BackendKind kind() const override { return BackendKind::Cpu; }
    const char* name() const override { return "cpu"; }
    int physical_device_count() override { return device_count_; }

    aclError bind_device(int32_t physical_device) override {
        if (physical_device < 0 || physical_device >= device_count_) {
            return ACL_ERROR_RT_INVALID_DEVICEID;
        }
        return ACL_SUCCESS;
    }

    // The host is every CPU device: its cores, caches and memory.
    aclError device_facts(int32_t physical_device, DeviceFacts* facts) override {
        const HostFacts host = host_facts();
        synthesize_identity("cpu", physical_device, facts);
        facts->model = host.model;
        facts->compute_units = compute_units_;
        facts->local_memory_per_unit = host.l1_data_cache;
        facts->global_memory = host.memory;
        facts->l2_cache = host.last_level_cache;
        return ACL_SUCCESS;
    }

    aclError utilization(int32_t /*physical_device*/, DeviceUtilization* out) override {
        out->compute = host_busy_percent();
        return ACL_SUCCESS;
    }

    // The devices share host memory: every one reaches every other's memory.
    aclError can_access_peer(int32_t, int32_t, bool* can) override {
        *can = true;
        return ACL_SUCCESS;
    }
    aclError enable_peer_access(int32_t) override { return ACL_SUCCESS; }
    aclError disable_peer_access(int32_t) override { return ACL_SUCCESS; }

    // ---- memory ------------------------------------------------------------------------
    aclError malloc_device(void** ptr, size_t bytes) override {
        return memory_.allocate(bytes, ptr);
    }

    aclError free_device(void* ptr) override {
        // Pending stream work may still touch the block; on a real device a late write lands
        // in freed device memory, here it would fault or corrupt host memory.
        synchronize_device();
        return memory_.release(ptr);
    }

    aclError malloc_host(void** ptr, size_t bytes) override { return allocate(ptr, bytes); }

    aclError free_host(void* ptr) override {
        synchronize_device();
        std::free(ptr);
        return ACL_SUCCESS;
    }

    // The async forms run on the stream's worker thread.
    aclError memcpy_sync(void* dst, const void* src, size_t bytes, CopyDirection) override {
        cpu::parallel_copy(dst, src, bytes, worker_threads());
        return ACL_SUCCESS;
    }

    aclError memcpy_async(
        void* dst, const void* src, size_t bytes, CopyDirection, BackendStream* stream) override {
        const int threads = worker_threads();
        as_cpu(stream)->queue->enqueue([=] { cpu::parallel_copy(dst, src, bytes, threads); });
        return ACL_SUCCESS;
    }

    aclError memset_sync(void* dst, int value, size_t bytes) override {
        cpu::parallel_fill(dst, value, bytes, worker_threads());
        return ACL_SUCCESS;
    }

    aclError memset_async(void* dst, int value, size_t bytes, BackendStream* stream) override {
        const int threads = worker_threads();
        as_cpu(stream)->queue->enqueue([=] { cpu::parallel_fill(dst, value, bytes, threads); });
        return ACL_SUCCESS;
    }

    // The budget of device_memory.h: the limit (else physical memory) less what device
    // allocations hold; the host's other use of its memory is not subtracted.
    aclError mem_info(size_t* free_bytes, size_t* total_bytes) override {
        memory_.info(free_bytes, total_bytes);
        return ACL_SUCCESS;
    }

    // ---- memory shared between processes, virtual memory -------------------------------
    aclError export_device_memory(void*, void* ptr, size_t bytes, ExportBlob* blob) override {
        synchronize_device();  // nothing may write the block while it moves into a memfd
        return memory_.export_block(ptr, bytes, blob);
    }

    aclError open_device_memory(int32_t exporter,
                                const ExportBlob& blob,
                                size_t bytes,
                                void** ptr) override {
        return cpu::DeviceMemory::open_exported(exporter, blob, bytes, ptr);
    }

    aclError close_device_memory(void* ptr, size_t bytes) override {
        synchronize_device();
        return cpu::DeviceMemory::close_exported(ptr, bytes);
    }

    aclError vmm_granularity(int32_t, bool, size_t* bytes) override {
        *bytes = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
        return ACL_SUCCESS;
    }

    aclError reserve_address(size_t bytes, void* wanted, void** ptr) override {
        return cpu::DeviceMemory::reserve(bytes, wanted, ptr);
    }

    aclError release_address(void* ptr, size_t bytes) override {
        return cpu::DeviceMemory::release_reservation(ptr, bytes);
    }

    aclError create_physical(int32_t,
                             size_t bytes,
                             std::unique_ptr<BackendPhysical>* physical) override {
        return memory_.create_physical(bytes, physical);
    }

    aclError map_physical(void* ptr, size_t bytes, BackendPhysical& physical, int32_t) override {
        return cpu::DeviceMemory::map(ptr, bytes, physical);
    }

    aclError unmap_physical(void* ptr, size_t bytes) override {
        synchronize_device();
        return cpu::DeviceMemory::unmap(ptr, bytes);
    }

    // The devices share one address space: the range gets the widest access any entry asks for.
    aclError set_access(void* ptr,
                        size_t bytes,
                        const DeviceAccess* access,
                        size_t count) override {
        int flags = 0;
        for (size_t i = 0; i < count; ++i) {
            flags |= access[i].flags;
        }
        if (flags != 3) {
            synchronize_device();  // queued work may still write the range
        }
        return cpu::DeviceMemory::protect(ptr, bytes, flags);
    }

    aclError export_physical(BackendPhysical& physical, ExportBlob* blob) override {
        return cpu::DeviceMemory::export_physical(physical, blob);
    }

    aclError import_physical(int32_t exporter,
                             const ExportBlob& blob,
                             size_t bytes,
                             int32_t,
                             std::unique_ptr<BackendPhysical>* physical) override {
        return cpu::DeviceMemory::import_physical(exporter, blob, bytes, physical);
    }

    aclError create_ipc_event(std::unique_ptr<BackendEvent>* event) override {
        return cpu::IpcEvent::create(event);
    }

    aclError export_event(BackendEvent* event, ExportBlob* blob) override {
        cpu::IpcEvent* shared = cpu::IpcEvent::from(event);
        if (shared == nullptr) {
            return ACL_ERROR_RT_PARAM_INVALID;
        }
        shared->export_to(blob);
        return ACL_SUCCESS;
    }

    aclError open_event(int32_t exporter,
                        const ExportBlob& blob,
                        std::unique_ptr<BackendEvent>* event) override {
        return cpu::IpcEvent::open(exporter, blob, event);
    }

    // Only the memory calls leave a text; reading it clears it, so none goes stale.
    std::string last_error_text() override { return cpu::DeviceMemory::take_last_error(); }

    // ---- streams -----------------------------------------------------------------------
    // Priorities are recorded by the front end only: kernels share the process's thread pool.
    aclError create_stream(std::unique_ptr<BackendStream>* stream, int32_t) override {
        auto created = std::make_unique<CpuStream>();
        {
            std::lock_guard<std::mutex> lock(mu_);
            streams_.emplace(created.get(), created->queue);
        }
        *stream = std::move(created);
        return ACL_SUCCESS;
    }

    aclError destroy_stream(std::unique_ptr<BackendStream> stream) override {
        {
            std::lock_guard<std::mutex> lock(mu_);
            streams_.erase(as_cpu(stream.get()));
        }
        as_cpu(stream.get())->queue->shutdown();  // runs what is pending
        return ACL_SUCCESS;
    }

    aclError synchronize_stream(BackendStream* stream,
                                int32_t timeout_ms,
                                WaitResult* result) override {
        cpu::WorkQueue& queue = *as_cpu(stream)->queue;
        bool done = queue.wait(queue.last_ticket(), timeout_ms);
        *result = done ? WaitResult::Done : WaitResult::TimedOut;
        return ACL_SUCCESS;
    }

    aclError query_stream(BackendStream* stream, bool* complete) override {
        *complete = as_cpu(stream)->queue->idle();
        return ACL_SUCCESS;
    }

    aclError launch_host_func(BackendStream* stream, std::function<void()> fn) override {
        as_cpu(stream)->queue->enqueue(std::move(fn));
        return ACL_SUCCESS;
    }

    aclError launch_host_task(BackendStream* stream, HostTask&& task, TaskLength length) override {
        cpu::WorkQueue& queue = *as_cpu(stream)->queue;
        if (length == TaskLength::Short && inline_short_tasks_ && queue.run_inline(task)) {
            return ACL_SUCCESS;
        }
        queue.enqueue(std::move(task));
        return ACL_SUCCESS;
    }

    aclError abort_stream(BackendStream* stream) override {
        as_cpu(stream)->queue->abort_pending();
        return ACL_SUCCESS;
    }

    void* native_stream(BackendStream*) override { return nullptr; }

    aclError synchronize_device() override {
        // Tickets are taken first so work enqueued meanwhile is not waited for.
        std::vector<std::pair<std::shared_ptr<cpu::WorkQueue>, uint64_t>> pending;
        {
            std::lock_guard<std::mutex> lock(mu_);
            for (auto& [stream, queue] : streams_) {
                pending.emplace_back(queue, queue->last_ticket());
            }
        }
        for (auto& [queue, ticket] : pending) {
            queue->wait(ticket, -1);
        }
        return ACL_SUCCESS;
    }

    // ---- events ------------------------------------------------------------------------
    aclError create_event(std::unique_ptr<BackendEvent>* event, bool timing) override {
        *event = std::make_unique<CpuEvent>(timing);
        return ACL_SUCCESS;
    }

    aclError destroy_event(std::unique_ptr<BackendEvent>) override { return ACL_SUCCESS; }

    aclError record_event(BackendEvent* event, BackendStream* stream) override {
        as_queue_event(event)->record(*as_cpu(stream)->queue);
        return ACL_SUCCESS;
    }

    aclError stream_wait_event(BackendStream* stream, BackendEvent* event) override {
        as_queue_event(event)->hold(*as_cpu(stream)->queue);
        return ACL_SUCCESS;
    }

    // ---- stream capture (Note [Capture at the enqueue point], work_queue.h) -------------
    aclError begin_capture(BackendStream* stream) override {
        return as_cpu(stream)->queue->begin_capture() ? ACL_SUCCESS : ACL_ERROR_RT_STREAM_CAPTURED;
    }

    aclError end_capture(BackendStream* stream, std::unique_ptr<BackendGraph>* graph) override {
        *graph = std::make_unique<CpuGraph>(as_cpu(stream)->queue->end_capture());
        return ACL_SUCCESS;
    }

    aclError captured_count(BackendStream* stream, size_t* count) override {
        *count = as_cpu(stream)->queue->captured_count();
        return ACL_SUCCESS;
    }

    aclError launch_graph(BackendGraph& graph, BackendStream* stream) override {
        cpu::WorkQueue& queue = *as_cpu(stream)->queue;
        for (const cpu::CapturedTask& task : static_cast<CpuGraph&>(graph).tasks) {
            if (!task.enabled) {
                continue;
            }
            // A stream that is itself capturing records the factory (a graph inside a graph).
            if (!queue.capture(cpu::CapturedTask{task})) {
                queue.enqueue(task.make(), task.kept);
            }
        }
        return ACL_SUCCESS;
    }

    aclError replace_tasks(BackendGraph& graph,
                           size_t first,
                           size_t count,
                           std::unique_ptr<BackendGraph> with) override {
        auto& tasks = static_cast<CpuGraph&>(graph).tasks;
        auto& added = static_cast<CpuGraph&>(*with).tasks;
        if (first > tasks.size() || count > tasks.size() - first) {
            return ACL_ERROR_RT_PARAM_INVALID;
        }
        auto begin = tasks.begin() + static_cast<std::ptrdiff_t>(first);
        tasks.erase(begin, begin + static_cast<std::ptrdiff_t>(count));
        tasks.insert(tasks.begin() + static_cast<std::ptrdiff_t>(first),
                     std::make_move_iterator(added.begin()),
                     std::make_move_iterator(added.end()));
        return ACL_SUCCESS;
    }

    std::shared_ptr<const void> task_tag(const BackendGraph& graph, size_t index) override {
        const auto& tasks = static_cast<const CpuGraph&>(graph).tasks;
        return index < tasks.size() ? tasks[index].tag : nullptr;
    }

    aclError set_task_enabled(BackendGraph& graph, size_t index, bool enabled) override {
        auto& tasks = static_cast<CpuGraph&>(graph).tasks;
        if (index >= tasks.size()) {
            return ACL_ERROR_RT_PARAM_INVALID;
        }
        tasks[index].enabled = enabled;
        return ACL_SUCCESS;
    }

    aclError synchronize_event(BackendEvent* event,
                               int32_t timeout_ms,
                               WaitResult* result) override {
        *result = as_queue_event(event)->wait(timeout_ms) ? WaitResult::Done : WaitResult::TimedOut;
        return ACL_SUCCESS;
    }

    aclError query_event(BackendEvent* event, bool* complete) override {
        *complete = as_queue_event(event)->complete();
        return ACL_SUCCESS;
    }

    aclError elapsed_ms(float* ms, BackendEvent* start, BackendEvent* end) override {
        if (cpu::IpcEvent::from(start) != nullptr || cpu::IpcEvent::from(end) != nullptr
            || !as_cpu(start)->timing || !as_cpu(end)->timing) {
            return ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID;
        }
        std::chrono::steady_clock::time_point t0, t1;
        for (auto [event, stamp] : {std::pair{start, &t0}, std::pair{end, &t1}}) {
            EventState& state = *as_cpu(event)->state;
            std::lock_guard<std::mutex> lock(state.mu);
            if (state.recorded == 0 || state.completed < state.recorded) {
                return ACL_ERROR_RT_EVENT_NOT_COMPLETE;
            }
            *stamp = state.stamp;
        }
        *ms = std::chrono::duration<float, std::milli>(t1 - t0).count();
        return ACL_SUCCESS;
    }

    // ---- built-in tasks, stream memory operations, timestamps ----------------------------
    aclError reduce_async(const kernels::builtin::ReduceArgs& args,
                          BackendStream* stream) override {
        return enqueue_builtin<kernels::builtin::cpu::reduce>(args, stream);
    }

    aclError random_async(const kernels::builtin::RandomArgs& args,
                          BackendStream* stream) override {
        return enqueue_builtin<kernels::builtin::cpu::random>(args, stream);
    }

    aclError write_value_async(BackendStream* stream, uint64_t* addr, uint64_t value) override {
        as_cpu(stream)->queue->enqueue(
            [addr, value] { __atomic_store_n(addr, value, __ATOMIC_RELEASE); });
        return ACL_SUCCESS;
    }

    aclError wait_value_async(BackendStream* stream,
                              const uint64_t* addr,
                              uint64_t value,
                              kernels::builtin::WaitMode mode,
                              int32_t timeout_ms) override {
        as_cpu(stream)->queue->enqueue([addr, value, mode, timeout_ms] {
            if (!cpu::wait_for_word(addr, value, mode, timeout_ms)) {
                ACLEMU_LOG(Runtime,
                           Error,
                           "a stream wait on %p gave up after %d ms (the condition never held); "
                           "the stream goes on",
                           static_cast<const void*>(addr),
                           static_cast<int>(timeout_ms));
            }
        });
        return ACL_SUCCESS;
    }

    aclError event_timestamp_us(BackendEvent* event, uint64_t* us) override {
        EventState& state = *as_cpu(event)->state;
        std::lock_guard<std::mutex> lock(state.mu);
        if (state.recorded == 0 || state.completed < state.recorded) {
            return ACL_ERROR_RT_EVENT_NOT_COMPLETE;
        }
        *us = static_cast<uint64_t>(
            std::chrono::duration_cast<std::chrono::microseconds>(state.stamp.time_since_epoch())
                .count());
        return ACL_SUCCESS;
    }

private:
    // A built-in task (`Run`: reduce, random) on the stream's queue, on the kernel threads.
    template <auto Run, class Args>
    aclError enqueue_builtin(const Args& args, BackendStream* stream) {
        const int threads = worker_threads();
        as_cpu(stream)->queue->enqueue([args, threads] { Run(args, threads); });
        return ACL_SUCCESS;
    }

    // Threads of a large copy or fill and of a built-in task: the compute units, capped by the
    // calling thread's vector-core budget.
    int worker_threads() const {
        const uint32_t budget = thread_budget_ != nullptr ? thread_budget_() : 0;
        return budget != 0 ? std::min(compute_units_, static_cast<int>(budget)) : compute_units_;
    }

    static aclError allocate(void** ptr, size_t bytes) {
        size_t rounded = 0;
        if (!checked_round_up(bytes, kAlignment, &rounded)) {
            return ACL_ERROR_RT_MEMORY_ALLOCATION;
        }
        void* block = std::aligned_alloc(kAlignment, rounded);
        if (block == nullptr) {
            return ACL_ERROR_RT_MEMORY_ALLOCATION;
        }
        *ptr = block;
        return ACL_SUCCESS;
    }

    const int device_count_;
    const bool inline_short_tasks_;
    const int compute_units_;
    uint32_t (*const thread_budget_)();
    cpu::DeviceMemory memory_;
    std::mutex mu_;
    std::map<CpuStream*, std::shared_ptr<cpu::WorkQueue>> streams_;
};

}  // namespace

std::unique_ptr<Backend> make_cpu_backend(const CpuBackendOptions& options) {
    return std::make_unique<CpuBackend>(options);
}

}  // namespace aclemu::rt
