// An Ascend C kernel on a CUDA or HIP stream (launch_gpu.h). Everything is stream-ordered from
// the launching thread: the launch record and the blocks' UBs in one device allocation
// (gpuMallocAsync), the record copied in, the kernel's GPU entry (compiled into the user's
// kernel library by nvcc/hipcc), the record copied back into pinned host memory, the allocation
// freed, and a host function that reports a failed block. No GPU call runs inside the host
// function (CUDA forbids it): the pinned records go back to a pool instead of being freed.
// Inside a stream capture the same calls become the graph's nodes, run again at each replay:
// the record copied in and the one copied back are then two (the first stays as captured), the
// report is a host function the graph keeps (the backend's launch_host_func), and both records
// go back to the pool when the graph is destroyed.
#include "launch_gpu.h"

#include "aclemu/observe.h"
#include "gpu/gpu_runtime.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <vector>

namespace aclemu::ascendc::detail {

namespace {

constexpr uint64_t kRecordBytes = (sizeof(DeviceLaunch) + 255) / 256 * 256;

/// Pinned DeviceLaunch records, reused: freeing one needs a GPU call, which a host function
/// must not make.
class PinnedRecords {
public:
    DeviceLaunch* take() {
        {
            std::lock_guard<std::mutex> lock(mu_);
            if (!free_.empty()) {
                DeviceLaunch* record = free_.back();
                free_.pop_back();
                return record;
            }
        }
        void* memory = nullptr;
        if (gpuMallocHost(&memory, sizeof(DeviceLaunch)) != gpuSuccess) {
            return nullptr;
        }
        return static_cast<DeviceLaunch*>(memory);
    }
    void give(DeviceLaunch* record) {
        std::lock_guard<std::mutex> lock(mu_);
        free_.push_back(record);
    }

private:
    std::mutex mu_;
    std::vector<DeviceLaunch*> free_;
};

PinnedRecords& pinned_records() {
    static auto* records = new PinnedRecords;  // never destroyed: host functions may run at exit
    return *records;
}

struct GpuFinish {
    std::shared_ptr<LaunchRecord> record;
    rt::StreamTarget target;
    DeviceLaunch* result;
};

void finish_on_stream(void* closure) {
    std::unique_ptr<GpuFinish> finish(static_cast<GpuFinish*>(closure));
    const DeviceLaunch& result = *finish->result;
    if (result.failed_block >= 0) {
        finish->record->record_failure(
            result.failed_block,
            std::string(result.failure, strnlen(result.failure, sizeof result.failure)));
    }
    finish->record->finish(finish->target);
    pinned_records().give(finish->result);
}

#if defined(ACLEMU_USE_HIP)
void finish_callback(gpuStream_t, gpuError_t, void* closure) {
    finish_on_stream(closure);
}
gpuError_t enqueue_finish(gpuStream_t stream, GpuFinish* finish) {
    return gpuStreamAddCallback(stream, finish_callback, finish, 0);
}
#else
gpuError_t enqueue_finish(gpuStream_t stream, GpuFinish* finish) {
    return gpuLaunchHostFunc(stream, finish_on_stream, finish);
}
#endif

/// A captured launch's two pinned records, given back when the graph (which keeps the report
/// function holding this) is destroyed.
struct CapturedRecords {
    DeviceLaunch* initial;
    DeviceLaunch* result;
    CapturedRecords(DeviceLaunch* initial_record, DeviceLaunch* result_record)
        : initial(initial_record), result(result_record) {}
    CapturedRecords(const CapturedRecords&) = delete;
    CapturedRecords& operator=(const CapturedRecords&) = delete;
    ~CapturedRecords() {
        pinned_records().give(initial);
        pinned_records().give(result);
    }
};

/// Reports one replay of a captured launch, a failed block as finish_on_stream does (finish
/// leaves the record clean for the next replay).
void report_replay(LaunchRecord& record,
                   const rt::StreamTarget& target,
                   const DeviceLaunch& result) {
    if (result.failed_block >= 0) {
        record.record_failure(
            result.failed_block,
            std::string(result.failure, strnlen(result.failure, sizeof result.failure)));
    }
    record.finish(target);
}

uint32_t refuse(const std::string& kernel, const std::string& why) {
    rt::report_error("EH0002", "Ascend C kernel " + kernel + ": " + why);
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}

}  // namespace

uint32_t launch_on_gpu(const rt::StreamTarget& target,
                       std::shared_ptr<LaunchRecord> record,
                       GpuEntry gpu_entry) {
    if (gpu_entry == nullptr) {
        return refuse(record->name(),
                      "it was compiled by the host compiler, so it has no " ACLEMU_GPU_VENDOR
                      " variant: build the kernel with ascendc.cmake or the ASC language from a "
                      "prefix built with the GPU backend, or run it with ACLEMU_BACKEND=cpu or "
                      "gpusim");
    }
    auto stream = static_cast<gpuStream_t>(target.native);
    gpuStreamCaptureStatus capture{};
    const bool captured = gpuStreamIsCapturing(stream, &capture) == gpuSuccess
                          && capture == gpuStreamCaptureStatusActive;
    const uint32_t blocks = record->blocks();
    DeviceLaunch* host = pinned_records().take();
    // Where the record comes back: the same one, or in a capture a second one.
    DeviceLaunch* result = host != nullptr && captured ? pinned_records().take() : host;
    if (host == nullptr || result == nullptr) {
        if (host != nullptr) {
            pinned_records().give(host);
        }
        rt::report_error(
            "EL0004",
            "Ascend C kernel " + record->name() + ": cannot allocate its pinned launch record");
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    *host = DeviceLaunch{};
    host->blocks = blocks;
    host->ub_bytes = kUbBytes;
    // Every block is resident in a cooperative launch; SyncAll needs that, and the SoC's
    // vector cores bound it as on the CPU backend.
    host->concurrent = std::min(blocks, kVectorCores);
    host->strict = strict_checks() ? 1 : 0;
    host->ub_offset = kRecordBytes;
    std::strncpy(host->kernel, record->name().c_str(), sizeof host->kernel - 1);

    observe::TaskTrace trace;
    if ((observe::watchers() & observe::kTrace) != 0) {
        trace =
            observe::TaskTrace(target.stream, observe::TaskKind::Kernel, record->name().c_str());
    }
    trace.mark_before();
    void* device = nullptr;
    const uint64_t bytes = kRecordBytes + static_cast<uint64_t>(blocks) * kUbBytes;
    int status = static_cast<int>(gpuMallocAsync(&device, bytes, stream));
    if (status != 0) {
        pinned_records().give(host);
        if (result != host) {
            pinned_records().give(result);
        }
        trace.mark_after(false);
        rt::report_error("EL0004",
                         "Ascend C kernel " + record->name() + ": cannot allocate "
                             + std::to_string(bytes) + " bytes of device memory for "
                             + std::to_string(blocks) + " blocks' UB");
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    }
    status = static_cast<int>(
        gpuMemcpyAsync(device, host, sizeof(DeviceLaunch), gpuMemcpyHostToDevice, stream));
    if (status == 0) {
        status = gpu_entry(record->closure(), device, blocks, blocks <= kVectorCores, stream);
    }
    if (status == 0) {
        status = static_cast<int>(
            gpuMemcpyAsync(result, device, sizeof(DeviceLaunch), gpuMemcpyDeviceToHost, stream));
    }
    (void)gpuFreeAsync(device, stream);
    trace.mark_after(status == 0);
    if (status == 0 && captured) {
        auto records = std::make_shared<CapturedRecords>(host, result);
        return static_cast<uint32_t>(rt::enqueue_host_task(target, [record, target, records] {
            report_replay(*record, target, *records->result);
        }));
    }
    if (status == 0) {
        auto* finish = new GpuFinish{record, target, host};
        status = static_cast<int>(enqueue_finish(stream, finish));
        if (status != 0) {
            delete finish;
        }
    }
    // On a failed launch the pinned records are not reused: copies queued before the failure
    // may still write them.
    return static_cast<uint32_t>(rt::finish_gpu_launch(target, status));
}

}  // namespace aclemu::ascendc::detail
