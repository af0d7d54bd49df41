// What a kernel compiled by aclemu calls in libaclemu_ascendc.so: the running block's state,
// its failure (Trap, assert, a failed check), printf, the barrier of SyncAll, and the launch.
// The kernel headers (kernel_operator.h) and the rewritten launches use it; user code does not.
// Compiled by nvcc or hipcc, each of these is __host__ __device__: the host side calls the
// library (the *_on_host functions), the device side is block_device.h (docs/ascendc.md,
// "CUDA and HIP").
#pragma once

#include <cstddef>
#include <cstdint>

#define ACLEMU_ASC_API __attribute__((visibility("default")))

// ACLEMU_ASC_HD marks the kernel API: a kernel compiled by nvcc/hipcc runs it on the GPU and,
// on the CPU backend or the GPU simulator, on the host. ACLEMU_ASC_DEVICE_PASS: this is the
// compiler's device pass.
#if defined(__CUDACC__) || defined(__HIPCC__)
#    define ACLEMU_ASC_GPU_COMPILER 1
#    define ACLEMU_ASC_HD           __host__ __device__
#else
#    define ACLEMU_ASC_HD
#endif
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#    define ACLEMU_ASC_DEVICE_PASS 1
#endif
// What the rewrite puts before a namespace-scope `__gm__` variable (asc_rewrite.py): under
// nvcc/hipcc the variable lives on the GPU (the host's copy is its shadow, which
// cudaGetSymbolAddress resolves); elsewhere it is an ordinary global, the device memory of the
// CPU backend and the GPU simulator.
#ifdef ACLEMU_ASC_GPU_COMPILER
#    define ACLEMU_GM_VARIABLE __device__
#else
#    define ACLEMU_GM_VARIABLE
#endif
// A kernel's host variant (the CPU backend's and the simulator's in a CUDA build) reads and writes
// such a variable's host shadow, which is then its device memory: intended, so nvcc's warnings
// about a __device__ variable used in host code are off.
#if defined(__CUDACC__) && !defined(__HIPCC__)
#    pragma nv_diag_suppress 20091
#    pragma nv_diag_suppress 20092
#endif

// The block's index and the launch's block count, as CANN's built-in variables.
extern ACLEMU_ASC_API thread_local int64_t block_idx;
extern ACLEMU_ASC_API thread_local int64_t block_num;

namespace aclemu::ascendc::detail {

/// How a block's copies to GM combine with what is there (SetAtomicAdd, SetAtomicMax, ...).
enum class AtomicOp : uint8_t { None, Add, Max, Min };

/// The running block: its local memory (UB) and what the kernel headers track in it.
struct BlockState {
    const char* kernel = nullptr;  // the launch's name ("add_custom")
    int64_t index = 0;
    int64_t count = 0;
    uint8_t* ub = nullptr;             // the Unified Buffer, 32-byte aligned
    uint32_t ub_size = 0;              // bytes (192 KB on A2/A3)
    uint32_t ub_top = 0;               // bytes handed out by TPipe / LocalMemAllocator so far
    void* launch = nullptr;            // the library's record of the launch
    AtomicOp atomic = AtomicOp::None;  // SetAtomicAdd/Max/Min: how copies to GM combine
    bool pad_value_set = false;        // SetPadValue: what DataCopyPad pads with when not isPad
    uint64_t pad_value = 0;            // its bits
    bool mask_counter = false;         // SetMaskCount: the vector mask is an element count
    uint64_t vector_mask[2] = {~0ull, ~0ull};  // SetVectorMask: {low, high} bits, or the count
    // SetLoopModePara (Ascend 950), per direction (UB to GM, GM to UB): loop1Size, loop2Size,
    // loop1SrcStride, loop1DstStride, loop2SrcStride, loop2DstStride (bytes); zeros: off.
    uint64_t loop_mode[2][6] = {};
    void* tpipe = nullptr;        // the kernel's TPipe (GetTPipePtr)
    uint64_t reduce_sum_spr = 0;  // the bits of the last count-form ReduceSum's result
    // The last ReduceRepeat<MAX/MIN> / ReduceMax / ReduceMin: the extreme's bits and its index.
    uint64_t reduce_max_min_spr = 0;
    uint32_t reduce_max_min_index = 0;
    uint64_t cmp_mask[2] = {};  // the CMPMASK register (kernel_cmpmask.h)
};

/// The calling thread's block, or nullptr outside a kernel.
ACLEMU_ASC_API BlockState* current_block_on_host() noexcept;

/// Stops the block: the kernel fails with 507035 (ACL_ERROR_RT_VECTOR_CORE_EXCEPTION) at the
/// stream's next synchronize, `what` naming the API and the reason. Unwinds the block (throws);
/// outside a kernel prints and aborts, as a trap would.
[[noreturn]] ACLEMU_ASC_API void fail_block_on_host(const char* api, const char* what);

/// A kernel bug the NPU would not report (UB overflow, misalignment, DataCopy rounding, queue
/// misuse, GlobalTensor out of range): a warning on stderr naming the kernel, the block and
/// the API, once per launch and API; ACLEMU_ASCENDC_STRICT=1 makes it fail_block.
ACLEMU_ASC_API void report_check_on_host(const char* api, const char* what);

/// One printf argument, already widened.
struct PrintArg {
    enum Kind : uint8_t { Signed, Unsigned, Floating, String, Pointer } kind;
    union {
        long long i;
        unsigned long long u;
        double f;
        const char* s;
        const void* p;
    };
};

/// Formats `format` (CANN's printf conversions) into the block's output, printed in block order
/// when the kernel's task ends.
ACLEMU_ASC_API void block_printf_on_host(const char* format, const PrintArg* args, size_t count);
/// Appends raw text to the block's output (DumpTensor, assert).
ACLEMU_ASC_API void block_print_text_on_host(const char* text, size_t length);

/// The barrier across every block of the launch (SyncAll).
ACLEMU_ASC_API void sync_all_blocks_on_host(const char* api);

/// n fp16 values (IEEE binary16 bits) widened to float, and n floats rounded to fp16 (nearest
/// even): the CPU kernels' block conversions (kernels_cpu/cpu_convert.h, F16C where the CPU has
/// it), so the half forms of the vector ops need no library call per element.
ACLEMU_ASC_API void widen_half_on_host(const void* src, float* dst, uint32_t n) noexcept;
ACLEMU_ASC_API void narrow_half_on_host(const float* src, void* dst, uint32_t n) noexcept;

/// The binary count forms the library runs on halves and floats, vectorized for the host CPU
/// (VectorBinary::None: the others, which the kernel headers loop over).
enum class VectorBinary : uint8_t { Add, Sub, Mul, Div, Max, Min, None };
/// dst[i] = op(a[i], b[i]) over n halves, computed in float and rounded once (nearest even, every
/// NaN 0x7FFF), as the staging through widen/narrow_half_on_host gives, converting in registers;
/// and over n floats (kernels_cpu/vector_binary.h). dst may be a or b, never a partial overlap.
ACLEMU_ASC_API void binary_half_on_host(
    VectorBinary op, void* dst, const void* a, const void* b, uint32_t n) noexcept;
ACLEMU_ASC_API void binary_float_on_host(
    VectorBinary op, float* dst, const float* a, const float* b, uint32_t n) noexcept;

/// The entry that runs one block: calls the kernel over its copied arguments.
using BlockEntry = void (*)(const void* closure);
using ClosureDeleter = void (*)(void* closure);
/// The CUDA/HIP variant of a kernel (set when nvcc or hipcc compiled it, block_device.h):
/// launches its __global__ entry, one GPU thread per block, over the closure's arguments and
/// `launch` (a DeviceLaunch in device memory) on `native_stream`. Returns the GPU runtime's
/// error code (0: launched).
using GpuEntry = int (*)(
    const void* closure, void* launch, uint32_t num_blocks, bool cooperative, void* native_stream);

/// Puts the kernel on `stream` (nullptr: the default stream) as a task of `num_blocks` blocks;
/// takes ownership of `closure`. Returns 0, or an ACL error code with a message for
/// aclGetRecentErrMsg. `dyn_ub_bytes` is the launch's dynamic UB request (or its l2ctrl pointer,
/// ignored). `gpu_entry` (nullptr when the host compiler built the kernel) runs it on a CUDA or
/// HIP stream.
ACLEMU_ASC_API uint32_t launch(const char* name,
                               uint32_t num_blocks,
                               uint64_t dyn_ub_bytes,
                               void* stream,
                               void* closure,
                               BlockEntry entry,
                               ClosureDeleter deleter,
                               GpuEntry gpu_entry = nullptr);

/// CANN's CPU-debug launch (ICPU_RUN_KF): runs the blocks now, on the calling thread and host
/// threads, without the acl runtime, prints their output in block order and reports a failure
/// on stderr. Takes ownership of `closure`. Returns 0, or 507035 when a block failed.
ACLEMU_ASC_API uint32_t run_now(
    const char* name, uint32_t num_blocks, void* closure, BlockEntry entry, ClosureDeleter deleter);

}  // namespace aclemu::ascendc::detail

#include "aclemu/ascendc/block_device.h"

// The names the kernel headers call: the library on the host, block_device.h on a GPU.
namespace aclemu::ascendc::detail {

ACLEMU_ASC_HD inline BlockState* current_block() noexcept {
#ifdef ACLEMU_ASC_DEVICE_PASS
    return device_block_slot();
#else
    return current_block_on_host();
#endif
}

[[noreturn]] ACLEMU_ASC_HD inline void fail_block(const char* api, const char* what) {
#ifdef ACLEMU_ASC_DEVICE_PASS
    fail_block_on_device(api, what);
#else
    fail_block_on_host(api, what);
#endif
}

ACLEMU_ASC_HD inline void report_check(const char* api, const char* what) {
#ifdef ACLEMU_ASC_DEVICE_PASS
    report_check_on_device(api, what);
#else
    report_check_on_host(api, what);
#endif
}

ACLEMU_ASC_HD inline void block_printf(const char* format, const PrintArg* args, size_t count) {
#ifdef ACLEMU_ASC_DEVICE_PASS
    block_printf_on_device(format, args, count);
#else
    block_printf_on_host(format, args, count);
#endif
}

ACLEMU_ASC_HD inline void block_print_text(const char* text, size_t length) {
#ifdef ACLEMU_ASC_DEVICE_PASS
    block_print_text_on_device(text, length);
#else
    block_print_text_on_host(text, length);
#endif
}

ACLEMU_ASC_HD inline void sync_all_blocks(const char* api) {
#ifdef ACLEMU_ASC_DEVICE_PASS
    sync_all_blocks_on_device(api);
#else
    sync_all_blocks_on_host(api);
#endif
}

/// Orders the block's GM stores before its later ones, for every block (dcci, SyncAll).
ACLEMU_ASC_HD inline void memory_fence() {
#ifdef ACLEMU_ASC_DEVICE_PASS
    __threadfence();
#else
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

}  // namespace aclemu::ascendc::detail

// On a GPU the block index and count are the grid's: one GPU block per Ascend C block.
#ifdef ACLEMU_ASC_DEVICE_PASS
#    define block_idx (static_cast<int64_t>(blockIdx.x))
#    define block_num (static_cast<int64_t>(gridDim.x))
#endif
