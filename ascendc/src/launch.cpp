// detail::launch (block_api.h): an Ascend C kernel becomes a task on its stream's backend. On
// the CPU backend the task runs the blocks on host threads, up to the SoC's vector cores at
// once (block_workers.h); on the GPU simulator the kernel runs on the
// simulated GPU (launch_gpusim.cpp); on CUDA and HIP its nvcc/hipcc-compiled variant runs on the
// GPU (launch_gpu.cpp). Never inline on the calling thread.
#include "block_workers.h"
#include "launch_record.h"
#ifdef ACLEMU_ASCENDC_GPUSIM
#    include "launch_gpusim.h"
#endif
#ifdef ACLEMU_ASCENDC_GPU
#    include "launch_gpu.h"
#endif

#include "aclemu/observe.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>

namespace aclemu::ascendc::detail {

namespace {

void run_on_threads(LaunchRecord& record) {
    run_blocks(record.blocks(), record.concurrent, [&record](uint32_t block, uint8_t* ub) {
        record.run_block(static_cast<int64_t>(block), ub);
    });
}

uint32_t launch_on_cpu(const rt::StreamTarget& target, std::shared_ptr<LaunchRecord> record) {
    const uint32_t watching = observe::watchers();
    observe::TaskTrace trace;
    if ((watching & observe::kTrace) != 0) {
        trace =
            observe::TaskTrace(target.stream, observe::TaskKind::Kernel, record->name().c_str());
    }
    auto task = [record, target, trace = std::move(trace)]() mutable {
        if (rt::stream_stopped_by_failure(target)) {
            return;  // an earlier task failed and the stream stops on failure
        }
        observe::ScopedRange range(observe::RangeKind::Kernel, record->name().c_str());
        auto run = [&record] { run_on_threads(*record); };
        trace.timed(run);
        record->finish(target);
    };
    return static_cast<uint32_t>(
        rt::enqueue_host_task(target, rt::HostTask(std::move(task)), rt::TaskLength::Any));
}

}  // namespace

uint32_t run_now(const char* name,
                 uint32_t num_blocks,
                 void* closure,
                 BlockEntry entry,
                 ClosureDeleter deleter) {
    LaunchRecord record(name != nullptr ? name : "kernel", num_blocks, closure, entry, deleter);
    if (num_blocks == 0 || num_blocks > 65535) {
        std::fprintf(stderr,
                     "aclemu: ICPU_RUN_KF(%s): numBlocks %u must be in [1, 65535]\n",
                     record.name().c_str(),
                     num_blocks);
        return ACL_ERROR_INVALID_PARAM;
    }
    record.concurrent = std::min(num_blocks, kVectorCores);
    run_on_threads(record);
    return record.finish(rt::StreamTarget()) ? ACL_SUCCESS : ACL_ERROR_RT_VECTOR_CORE_EXCEPTION;
}

uint32_t launch(const char* name,
                uint32_t num_blocks,
                uint64_t dyn_ub_bytes,
                void* stream,
                void* closure,
                BlockEntry entry,
                ClosureDeleter deleter,
                GpuEntry gpu_entry) {
    auto record = std::make_shared<LaunchRecord>(
        name != nullptr ? name : "kernel", num_blocks, closure, entry, deleter);
    observe::ScopedRange range(observe::RangeKind::Kernel, record->name().c_str());
    if (num_blocks == 0 || num_blocks > 65535) {
        rt::report_error("EH0001",
                         "Ascend C kernel " + record->name() + ": numBlocks "
                             + std::to_string(num_blocks) + " must be in [1, 65535]");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (dyn_ub_bytes > kUbBytes) {
        rt::report_error("EH0001",
                         "Ascend C kernel " + record->name() + ": dynUBufSize "
                             + std::to_string(dyn_ub_bytes) + " exceeds the UB's "
                             + std::to_string(kUbBytes) + " bytes");
        return ACL_ERROR_INVALID_PARAM;
    }
    rt::StreamTarget target;
    if (aclError err = rt::resolve_stream(static_cast<aclrtStream>(stream), &target);
        err != ACL_SUCCESS) {
        return static_cast<uint32_t>(err);
    }
    target.kernel_launch = true;  // ASCEND_RT_LAUNCH_BLOCKING and the stream's mode apply
    record->concurrent = std::min(num_blocks, kVectorCores);
    switch (target.kind) {
        case rt::BackendKind::Cpu:
            return launch_on_cpu(target, std::move(record));
        case rt::BackendKind::GpuSim:
#ifdef ACLEMU_ASCENDC_GPUSIM
            return launch_on_gpusim(target, std::move(record));
#else
            break;
#endif
        case rt::BackendKind::Cuda:
        case rt::BackendKind::Hip:
#ifdef ACLEMU_ASCENDC_GPU
            return launch_on_gpu(target, std::move(record), gpu_entry);
#else
            (void)gpu_entry;
            break;
#endif
    }
    rt::report_error("EH0002", "Ascend C kernel " + record->name()
                                   + ": this build runs Ascend C kernels on the CPU backend and the "
                                     "GPU simulator only (ACLEMU_BACKEND=cpu or gpusim)");
    return ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
}

}  // namespace aclemu::ascendc::detail
