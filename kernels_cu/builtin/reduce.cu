// aclrtReduceAsync on the GPU: dst[i] = op(dst[i], src[i]), a 64-bit grid-stride loop over the
// shared element operation (kernels_cu/math/reduce_ops.h). A floating-point SUM overflow sets
// the overflow flag once per thread that saw one.
#include "kernels_cu/builtin/launch.h"
#include "kernels_cu/common.cuh"
#include "kernels_cu/math/reduce_ops.h"

#include <cstdint>

namespace aclemu::kernels::builtin::ACLEMU_GPU_NAMESPACE {
namespace {

namespace common = ::aclemu::kernels::ACLEMU_GPU_NAMESPACE;

constexpr int kThreads = 256;

template <typename T>
__global__ void __launch_bounds__(kThreads)
    reduce_async_integer(T* dst, const T* src, uint64_t n, ReduceOp op) {
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += stride) {
        dst[i] = reduce_integer(op, dst[i], src[i]);
    }
}

template <typename T>
__global__ void __launch_bounds__(kThreads)
    reduce_async_floating(T* dst, const T* src, uint64_t n, ReduceOp op, uint32_t* flag) {
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    bool overflow = false;
    for (uint64_t i = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
         i += stride) {
        bool element_overflow = false;
        dst[i] = reduce_floating(op, dst[i], src[i], &element_overflow);
        overflow = overflow || element_overflow;
    }
    if (overflow && flag != nullptr) {
        atomicExch(flag, 1u);
    }
}

template <typename T>
int launch_integer(const ReduceArgs& a, gpuStream_t s) {
    ACLEMU_LAUNCH(common::grid_for(static_cast<int64_t>(a.n), kThreads),
                  kThreads,
                  0,
                  s,
                  reduce_async_integer<T>)
    (static_cast<T*>(a.dst), static_cast<const T*>(a.src), a.n, a.op);
    return common::launch_status();
}

template <typename T>
int launch_floating(const ReduceArgs& a, gpuStream_t s) {
    ACLEMU_LAUNCH(common::grid_for(static_cast<int64_t>(a.n), kThreads),
                  kThreads,
                  0,
                  s,
                  reduce_async_floating<T>)
    (static_cast<T*>(a.dst), static_cast<const T*>(a.src), a.n, a.op, a.overflow_flag);
    return common::launch_status();
}

}  // namespace

int launch_reduce(const ReduceArgs& args, void* stream) {
    if (args.n == 0) {
        return 0;
    }
    const auto s = static_cast<gpuStream_t>(stream);
    common::clear_stale_error();
    switch (args.type) {
        case ElemType::Int8:
            return launch_integer<int8_t>(args, s);
        case ElemType::Int16:
            return launch_integer<int16_t>(args, s);
        case ElemType::Int32:
            return launch_integer<int32_t>(args, s);
        case ElemType::UInt32:
            return launch_integer<uint32_t>(args, s);
        case ElemType::Float32:
            return launch_floating<float>(args, s);
        case ElemType::Float16:
            return launch_floating<Half>(args, s);
        case ElemType::BFloat16:
            return launch_floating<BFloat16>(args, s);
        case ElemType::Int64:
        case ElemType::UInt64:
            break;
    }
    return static_cast<int>(gpuErrorInvalidValue);
}

}  // namespace aclemu::kernels::builtin::ACLEMU_GPU_NAMESPACE
