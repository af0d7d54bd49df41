// The CPU backend: "device" memory is 64-byte-aligned host memory, each stream is a WorkQueue
// (its own worker thread, FIFO; a short kernel on an idle stream runs on the caller's thread),
// an event is a record generation + completion generation + steady_clock stamp taken when the
// record task runs. Several devices can be shown (CpuBackendOptions::device_count) so device
// selection and ASCEND_RT_VISIBLE_DEVICES can be exercised. Copies and fills of 4 MiB and more
// use up to ACLEMU_CPU_THREADS threads (parallel_copy.h).
#include "aclemu/checked_math.h"
#include "aclemu/rt.h"
#include "backend/backend.h"
#include "backend/cpu/parallel_copy.h"
#include "backend/cpu/work_queue.h"

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

class CpuEvent final : public BackendEvent {
public:
    explicit CpuEvent(bool timing) : timing(timing) {}
    const bool timing;
    std::shared_ptr<EventState> state = std::make_shared<EventState>();
};

CpuStream* as_cpu(BackendStream* stream) {
    return static_cast<CpuStream*>(stream);
}
CpuEvent* as_cpu(BackendEvent* event) {
    return static_cast<CpuEvent*>(event);
}

bool wait_generation(EventState& state, uint64_t generation, int32_t timeout_ms) {
    std::unique_lock<std::mutex> lock(state.mu);
    auto done = [&] { return state.completed >= generation; };
    if (timeout_ms < 0) {
        state.completed_cv.wait(lock, done);
        return true;
    }
    return state.completed_cv.wait_for(lock, std::chrono::milliseconds(timeout_ms), done);
}

class CpuBackend final : public Backend {
public:
    explicit CpuBackend(const CpuBackendOptions& options)
        : device_count_(options.device_count), inline_short_tasks_(options.inline_short_tasks) {}

    BackendKind kind() const override { return BackendKind::Cpu; }
    const char* name() const override { return "cpu"; }
    int physical_device_count() override { return device_count_; }

    aclError bind_device(int32_t physical_device) override {
        if (physical_device < 0 || physical_device >= device_count_) {
            return ACL_ERROR_RT_INVALID_DEVICEID;
        }
        return ACL_SUCCESS;
    }

    std::string soc_name(int32_t /*physical_device*/) override { return "aclemu-cpu"; }

    // ---- memory ------------------------------------------------------------------------
    aclError malloc_device(void** ptr, size_t bytes) override { return allocate(ptr, bytes); }

    aclError free_device(void* ptr) override {
        // Pending stream work may still touch the block; on a real device a late write lands
        // in freed device memory, here it would corrupt the host heap.
        synchronize_device();
        std::free(ptr);
        return ACL_SUCCESS;
    }

    aclError malloc_host(void** ptr, size_t bytes) override { return allocate(ptr, bytes); }

    aclError free_host(void* ptr) override { return free_device(ptr); }

    // The async forms run on the stream's worker thread.
    aclError memcpy_sync(void* dst, const void* src, size_t bytes, CopyDirection) override {
        cpu::parallel_copy(dst, src, bytes, op_settings().cpu_threads);
        return ACL_SUCCESS;
    }

    aclError memcpy_async(
        void* dst, const void* src, size_t bytes, CopyDirection, BackendStream* stream) override {
        const int threads = op_settings().cpu_threads;
        as_cpu(stream)->queue->enqueue([=] { cpu::parallel_copy(dst, src, bytes, threads); });
        return ACL_SUCCESS;
    }

    aclError memset_sync(void* dst, int value, size_t bytes) override {
        cpu::parallel_fill(dst, value, bytes, op_settings().cpu_threads);
        return ACL_SUCCESS;
    }

    aclError memset_async(void* dst, int value, size_t bytes, BackendStream* stream) override {
        const int threads = op_settings().cpu_threads;
        as_cpu(stream)->queue->enqueue([=] { cpu::parallel_fill(dst, value, bytes, threads); });
        return ACL_SUCCESS;
    }

    aclError mem_info(size_t* free_bytes, size_t* total_bytes) override {
        size_t total = 0;
        size_t available = 0;
        if (std::FILE* f = std::fopen("/proc/meminfo", "r")) {
            char key[64];
            unsigned long long kb = 0;
            char unit[16];
            while (std::fscanf(f, "%63s %llu %15s", key, &kb, unit) == 3) {
                if (std::strcmp(key, "MemTotal:") == 0) {
                    total = static_cast<size_t>(kb) * 1024;
                } else if (std::strcmp(key, "MemAvailable:") == 0) {
                    available = static_cast<size_t>(kb) * 1024;
                }
            }
            std::fclose(f);
        }
        if (total == 0) {
            long pages = ::sysconf(_SC_PHYS_PAGES);
            long avail = ::sysconf(_SC_AVPHYS_PAGES);
            long page = ::sysconf(_SC_PAGESIZE);
            total = pages > 0 && page > 0 ? static_cast<size_t>(pages) * page : 0;
            available = avail > 0 && page > 0 ? static_cast<size_t>(avail) * page : 0;
        }
        *free_bytes = std::min(available, total);
        *total_bytes = total;
        return ACL_SUCCESS;
    }

    // ---- streams -----------------------------------------------------------------------
    aclError create_stream(std::unique_ptr<BackendStream>* stream) override {
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
        std::shared_ptr<EventState> state = as_cpu(event)->state;
        uint64_t generation;
        {
            std::lock_guard<std::mutex> lock(state->mu);
            generation = ++state->recorded;
        }
        as_cpu(stream)->queue->enqueue([state, generation] {
            std::lock_guard<std::mutex> lock(state->mu);
            if (generation > state->completed) {
                state->completed = generation;
                state->stamp = std::chrono::steady_clock::now();
            }
            state->completed_cv.notify_all();
        });
        return ACL_SUCCESS;
    }

    aclError stream_wait_event(BackendStream* stream, BackendEvent* event) override {
        std::shared_ptr<EventState> state = as_cpu(event)->state;
        uint64_t generation;
        {
            std::lock_guard<std::mutex> lock(state->mu);
            generation = state->recorded;
        }
        if (generation == 0) {
            return ACL_SUCCESS;  // never recorded: nothing to wait for
        }
        as_cpu(stream)->queue->enqueue(
            [state, generation] { wait_generation(*state, generation, -1); });
        return ACL_SUCCESS;
    }

    aclError synchronize_event(BackendEvent* event,
                               int32_t timeout_ms,
                               WaitResult* result) override {
        EventState& state = *as_cpu(event)->state;
        uint64_t generation;
        {
            std::lock_guard<std::mutex> lock(state.mu);
            generation = state.recorded;
        }
        *result = wait_generation(state, generation, timeout_ms) ? WaitResult::Done
                                                                 : WaitResult::TimedOut;
        return ACL_SUCCESS;
    }

    aclError query_event(BackendEvent* event, bool* complete) override {
        EventState& state = *as_cpu(event)->state;
        std::lock_guard<std::mutex> lock(state.mu);
        *complete = state.completed >= state.recorded;
        return ACL_SUCCESS;
    }

    aclError elapsed_ms(float* ms, BackendEvent* start, BackendEvent* end) override {
        if (!as_cpu(start)->timing || !as_cpu(end)->timing) {
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

private:
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
    std::mutex mu_;
    std::map<CpuStream*, std::shared_ptr<cpu::WorkQueue>> streams_;
};

}  // namespace

std::unique_ptr<Backend> make_cpu_backend(const CpuBackendOptions& options) {
    return std::make_unique<CpuBackend>(options);
}

}  // namespace aclemu::rt
