// aclrtReduceAsync on the CPU: dst[i] = op(dst[i], src[i]) in contiguous ranges over the pool.
#include "kernels_cpu/builtin/builtin_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cu/math/reduce_ops.h"

#include <cstdint>

namespace aclemu::kernels::builtin::cpu {
namespace {

constexpr int64_t kGrain = 64 * 1024;

template <typename T>
void reduce_integers(const ReduceArgs& args, int threads) {
    T* dst = static_cast<T*>(args.dst);
    const T* src = static_cast<const T*>(args.src);
    kernels::cpu::parallel_for(
        static_cast<int64_t>(args.n), kGrain, threads, [&](int64_t begin, int64_t end) {
            for (int64_t i = begin; i < end; ++i) {
                dst[i] = reduce_integer(args.op, dst[i], src[i]);
            }
        });
}

template <typename T>
void reduce_floats(const ReduceArgs& args, int threads) {
    T* dst = static_cast<T*>(args.dst);
    const T* src = static_cast<const T*>(args.src);
    kernels::cpu::parallel_for(
        static_cast<int64_t>(args.n), kGrain, threads, [&](int64_t begin, int64_t end) {
            bool overflow = false;
            for (int64_t i = begin; i < end; ++i) {
                bool element_overflow = false;
                dst[i] = reduce_floating(args.op, dst[i], src[i], &element_overflow);
                overflow = overflow || element_overflow;
            }
            if (overflow && args.overflow_flag != nullptr) {
                __atomic_store_n(args.overflow_flag, 1u, __ATOMIC_RELAXED);
            }
        });
}

}  // namespace

void reduce(const ReduceArgs& args, int threads) {
    switch (args.type) {
        case ElemType::Int8:
            return reduce_integers<int8_t>(args, threads);
        case ElemType::Int16:
            return reduce_integers<int16_t>(args, threads);
        case ElemType::Int32:
            return reduce_integers<int32_t>(args, threads);
        case ElemType::UInt32:
            return reduce_integers<uint32_t>(args, threads);
        case ElemType::Float32:
            return reduce_floats<float>(args, threads);
        case ElemType::Float16:
            return reduce_floats<Half>(args, threads);
        case ElemType::BFloat16:
            return reduce_floats<BFloat16>(args, threads);
        case ElemType::Int64:
        case ElemType::UInt64:
            break;  // not a reduce type; the runtime rejects it
    }
}

}  // namespace aclemu::kernels::builtin::cpu
