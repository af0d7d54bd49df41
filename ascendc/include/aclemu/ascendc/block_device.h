// An Ascend C kernel compiled by nvcc or hipcc, run on a CUDA or HIP stream (docs/ascendc.md,
// "CUDA and HIP"). One GPU thread per Ascend C block: the launch is a grid of numBlocks GPU
// blocks of one thread each, so block_idx is blockIdx.x and block_num gridDim.x, and a vector
// op is a loop in that thread. Each block's UB is its slice of one device allocation per launch
// (DeviceLaunch below, then numBlocks x the SoC's UB size). A failure (Trap, assert, a strict
// check) records itself in the DeviceLaunch and ends the block's thread; the library reads the
// record after the kernel and fails the stream's task with 507035. SyncAll is a barrier on the
// DeviceLaunch's counters, for launches the library makes cooperative (all blocks resident).
// Included by block_api.h; the DeviceLaunch layout is shared with the library (launch_gpu.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

namespace aclemu::ascendc::detail {

/// A launch's record in device memory, followed by the blocks' UBs; the library fills it
/// before the kernel and reads it back after.
struct DeviceLaunch {
    uint32_t blocks = 0;
    uint32_t ub_bytes = 0;    // per block
    uint32_t concurrent = 0;  // blocks resident at once (SyncAll needs all of them)
    uint32_t strict = 0;      // ACLEMU_ASCENDC_STRICT
    uint64_t ub_offset = 0;   // bytes from this record to block 0's UB
    // SyncAll's barrier, as LaunchRecord's: a block that failed or finished breaks it.
    uint32_t arrived = 0;
    uint32_t generation = 0;
    uint32_t finished = 0;
    uint32_t broken = 0;
    // The first failure (the lowest failing block), and whether a check warning was printed.
    uint32_t lock = 0;
    uint32_t warned = 0;
    int64_t failed_block = -1;
    char kernel[64] = {};
    char failure[256] = {};
};

}  // namespace aclemu::ascendc::detail

// format_message (the checks' messages) on every compiler; format_print on a GPU.
#include "aclemu/ascendc/print_format.h"

#ifdef ACLEMU_ASC_GPU_COMPILER

#    if defined(__HIPCC__)
#        include <hip/hip_runtime.h>
#        define ACLEMU_ASC_GPU_LAUNCH             hipLaunchKernel
#        define ACLEMU_ASC_GPU_LAUNCH_COOPERATIVE hipLaunchCooperativeKernel
using aclemu_asc_gpu_stream_t = hipStream_t;
#    else
#        include <cuda_runtime.h>
#        define ACLEMU_ASC_GPU_LAUNCH             cudaLaunchKernel
#        define ACLEMU_ASC_GPU_LAUNCH_COOPERATIVE cudaLaunchCooperativeKernel
using aclemu_asc_gpu_stream_t = cudaStream_t;
#    endif

#    include <tuple>
#    include <utility>

namespace aclemu::ascendc::detail {

/// The running block's state: set by the kernel's GPU entry, one per GPU block.
__device__ inline BlockState*& device_block_slot() {
    __shared__ BlockState* slot;
    return slot;
}

__device__ inline DeviceLaunch* device_launch() {
    BlockState* block = device_block_slot();
    return block != nullptr ? static_cast<DeviceLaunch*>(block->launch) : nullptr;
}

/// Ends the calling GPU thread (its block): the other blocks go on.
[[noreturn]] __device__ inline void end_block_thread() {
#    if defined(__HIPCC__)
    __builtin_amdgcn_endpgm();
#    else
    asm volatile("exit;");
#    endif
    __builtin_unreachable();
}

__device__ inline void copy_text(char* out, size_t cap, const char* a, const char* b) {
    size_t n = 0;
    const char* parts[] = {a, ": ", b};
    for (const char* s : parts) {
        for (; *s != '\0' && n + 1 < cap; ++s) {
            out[n++] = *s;
        }
    }
    out[n] = '\0';
}

[[noreturn]] __device__ inline void fail_block_on_device(const char* api, const char* what) {
    DeviceLaunch* launch = device_launch();
    if (launch == nullptr) {
        // Not inside gpu_block_entry: no record to report in.
#    if defined(__HIPCC__)
        __builtin_trap();
#    else
        __trap();
#    endif
    }
    const int64_t block = static_cast<int64_t>(blockIdx.x);
    while (atomicCAS(&launch->lock, 0u, 1u) != 0u) {
    }
    __threadfence();
    volatile int64_t* failed = &launch->failed_block;
    if (*failed < 0 || block < *failed) {
        *failed = block;
        copy_text(launch->failure, sizeof launch->failure, api, what);
    }
    __threadfence();
    atomicExch(&launch->broken, 1u);
    atomicExch(&launch->lock, 0u);
    end_block_thread();
}

__device__ inline void report_check_on_device(const char* api, const char* what) {
    DeviceLaunch* launch = device_launch();
    if (launch == nullptr || launch->strict != 0) {
        fail_block_on_device(api, what);
    }
    if (atomicExch(&launch->warned, 1u) == 0u) {  // once per launch on a GPU
        printf(
            "aclemu: Ascend C check: kernel %s, block %lld, %s: %s (reported once per launch; "
            "ACLEMU_ASCENDC_STRICT=1 makes it an error)\n",
            launch->kernel,
            static_cast<long long>(blockIdx.x),
            api,
            what);
    }
}

/// Device printf prints each call whole, at the GPU's pace: blocks interleave.
__device__ inline void block_printf_on_device(const char* format,
                                              const PrintArg* args,
                                              size_t count) {
    char text[512];
    format_print(text, sizeof text, format, args, count);
    printf("%s", text);
}

__device__ inline void block_print_text_on_device(const char* text, size_t length) {
    printf("%.*s", static_cast<int>(length), text);
}

__device__ inline void sync_all_blocks_on_device(const char* api) {
    DeviceLaunch* launch = device_launch();
    if (launch == nullptr) {
        return;
    }
    if (launch->concurrent < launch->blocks) {
        fail_block_on_device(api,
                             "the launch has more blocks than the emulated SoC's vector cores, so "
                             "they cannot all wait at the barrier (the NPU hangs)");
    }
    volatile uint32_t* generation = &launch->generation;
    volatile uint32_t* broken = &launch->broken;
    __threadfence();
    if (*broken != 0u || atomicAdd(&launch->finished, 0u) != 0u) {
        atomicExch(&launch->broken, 1u);
        fail_block_on_device(api, "another block failed or finished without reaching SyncAll");
    }
    const uint32_t seen = *generation;
    if (atomicAdd(&launch->arrived, 1u) == launch->blocks - 1) {
        atomicExch(&launch->arrived, 0u);
        __threadfence();
        atomicAdd(&launch->generation, 1u);
        return;
    }
    while (*generation == seen) {
        if (*broken != 0u) {
            fail_block_on_device(api, "another block failed or finished without reaching SyncAll");
        }
    }
    __threadfence();
}

/// A block that ends without failing: blocks waiting at a barrier it never reached fail.
__device__ inline void device_block_finished(DeviceLaunch* launch) {
    __threadfence();
    atomicAdd(&launch->finished, 1u);
    if (atomicAdd(&launch->arrived, 0u) != 0u) {
        atomicExch(&launch->broken, 1u);
    }
}

/// The __global__ entry of kernel `Kernel` (a __host__ __device__ function after
/// kernel_operator.h): runs Ascend C block blockIdx.x.
template <auto Kernel, typename... Params>
__global__ void gpu_block_entry(DeviceLaunch* launch, Params... params) {
    BlockState state;
    state.kernel = launch->kernel;
    state.index = static_cast<int64_t>(blockIdx.x);
    state.count = static_cast<int64_t>(gridDim.x);
    state.ub = reinterpret_cast<uint8_t*>(launch) + launch->ub_offset
               + static_cast<uint64_t>(blockIdx.x) * launch->ub_bytes;
    state.ub_size = launch->ub_bytes;
    state.launch = launch;
    device_block_slot() = &state;
    Kernel(params...);
    device_block_finished(launch);
    device_block_slot() = nullptr;
}

/// GpuEntry (block_api.h) of kernel `Kernel` over a closure std::tuple<kernel pointer, params...>.
template <auto Kernel, typename Closure, size_t... I>
int launch_gpu_entry(const void* closure,
                     void* launch,
                     uint32_t num_blocks,
                     bool cooperative,
                     void* native_stream,
                     std::index_sequence<I...>) {
    const Closure& packed = *static_cast<const Closure*>(closure);
    auto* device_launch = static_cast<DeviceLaunch*>(launch);
    void* args[] = {&device_launch,
                    const_cast<void*>(static_cast<const void*>(&std::get<I + 1>(packed)))...};
    const void* entry = reinterpret_cast<const void*>(
        &gpu_block_entry<Kernel, std::tuple_element_t<I + 1, Closure>...>);
    const auto stream = static_cast<aclemu_asc_gpu_stream_t>(native_stream);
    if (cooperative) {
        return static_cast<int>(
            ACLEMU_ASC_GPU_LAUNCH_COOPERATIVE(entry, dim3(num_blocks), dim3(1), args, 0, stream));
    }
    return static_cast<int>(
        ACLEMU_ASC_GPU_LAUNCH(entry, dim3(num_blocks), dim3(1), args, 0, stream));
}

template <auto Kernel, typename Closure>
int launch_gpu(
    const void* closure, void* launch, uint32_t num_blocks, bool cooperative, void* native_stream) {
    return launch_gpu_entry<Kernel, Closure>(
        closure,
        launch,
        num_blocks,
        cooperative,
        native_stream,
        std::make_index_sequence<std::tuple_size_v<Closure> - 1>{});
}

}  // namespace aclemu::ascendc::detail

#endif  // ACLEMU_ASC_GPU_COMPILER
