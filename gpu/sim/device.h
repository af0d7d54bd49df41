// The GPU simulator's device side: what a kernels_cu .cu file uses from CUDA, for g++ to compile
// it as host code (kernels_cu/portability.h includes this when ACLEMU_GPU_SIM is defined; the
// build wraps each .cu file, see gpu/sim/gpusim.cmake). Each GPU thread runs as a fiber of a
// host thread; a block's fibers share `__shared__` storage and meet at __syncthreads().
//
//   __global__, __device__, __host__     nothing (host functions)
//   __shared__                           static thread_local: one copy per host thread, and a
//                                        host thread runs one block at a time. Its contents are
//                                        poison (all bits set) when a block starts.
//   __launch_bounds__(n, ...)            nothing here; the build reads n from the source and the
//                                        launch checks the block size against it
//   threadIdx, blockIdx, blockDim,       the calling fiber's position
//   gridDim
//   __syncthreads()                      a barrier of the block's fibers (and, under TSan, the
//                                        only happens-before edge between them)
//   atomicAdd(float*|int*|unsigned*, v)  relaxed atomic read-modify-write
//   atomicExch(unsigned*, v)             relaxed atomic exchange
//   __threadfence_system()               a sequentially consistent fence
//   gpucub::BlockReduce<T, N>            cub's contract: the result is valid in thread 0 only;
//                                        every other thread gets poison (all bits set: NaN)
//   ACLEMU_LAUNCH(grid, block, shared,   the launch, checked as a GPU checks it, then queued on
//                 stream, kernel)(args)  the stream (kernels_cu/portability.h)
#pragma once

#include "gpu/sim/runtime.h"

#include <cstdint>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __shared__ static thread_local

struct uint3 {
    unsigned x, y, z;
};

struct dim3 {
    unsigned x, y, z;
    constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
};

namespace gpusim::detail {

/// The calling GPU thread's indices (valid inside a kernel only).
GPUSIM_API uint3 thread_index();
GPUSIM_API uint3 block_index();
GPUSIM_API dim3 block_dimensions();
GPUSIM_API dim3 grid_dimensions();
/// __syncthreads() at `file`:`line` (the race checker tells barriers apart by where they are).
GPUSIM_API void syncthreads(const char* file, int line);
/// A fault inside a kernel (a broken contract the hardware would not report): the message goes
/// to stderr with the kernel and thread, and the device's sticky error becomes `code`.
GPUSIM_API void device_fault(gpusimError_t code, const char* what);

/// Every bit set: a NaN in each float, a huge value in each integer.
template <typename T>
T poison() {
    static_assert(std::is_trivially_copyable<T>::value, "poison needs a trivially copyable type");
    T value;
    std::memset(static_cast<void*>(&value), 0xFF, sizeof value);
    return value;
}

struct LaunchConfig {
    const char* kernel_name = nullptr;
    const void* kernel_address = nullptr;  // which module's thread-local storage is `__shared__`
    int max_threads_per_block = 0;         // its __launch_bounds__, 0 when it has none
    dim3 grid;
    dim3 block;
    size_t dynamic_shared_bytes = 0;
    gpusimStream_t stream = nullptr;
};

/// Runs one GPU thread of the launch: the kernel over a copy of its parameters.
using ThreadEntry = void (*)(void* closure);
using ClosureDeleter = void (*)(void* closure);

/// Checks the configuration (an error becomes the calling thread's last error, as a failed
/// <<<>>> does) and queues the grid on its stream. Takes ownership of `closure`.
GPUSIM_API void launch(const LaunchConfig& config,
                       void* closure,
                       ThreadEntry entry,
                       ClosureDeleter deleter);

/// One <<<grid, block, shared, stream>>>: call it with the kernel's arguments.
template <typename... Params>
class Launch {
public:
    Launch(const LaunchConfig& config, void (*kernel)(Params...))
        : config_(config), kernel_(kernel) {}

    template <typename... Args>
    void operator()(Args&&... args) const {
        // Parameters are copied at launch, converted to the kernel's parameter types, as CUDA
        // copies them into the launch's constant bank.
        using Closure = std::tuple<void (*)(Params...), std::decay_t<Params>...>;
        auto* closure = new Closure(kernel_, std::forward<Args>(args)...);
        launch(config_, closure, &run<Closure>, &destroy<Closure>);
    }

private:
    template <typename Closure>
    static void run(void* closure) {
        std::apply([](auto kernel, const auto&... params) { kernel(params...); },
                   *static_cast<const Closure*>(closure));
    }
    template <typename Closure>
    static void destroy(void* closure) {
        delete static_cast<Closure*>(closure);
    }

    LaunchConfig config_;
    void (*kernel_)(Params...);
};

/// `name` as the launch spells it ("upsample_nearest_exact1d_backward_gather<T>"), compared
/// without template arguments. An entry "##suffix" (a kernel a macro defines per operator, as
/// `name##suffix`) matches every name that ends in `suffix` and has no entry of its own.
struct KernelBound {
    const char* kernel;
    int max_threads;
};
template <size_t N>
int find_bound(const KernelBound (&bounds)[N], const char* name) {
    size_t length = 0;
    while (name[length] != '\0' && name[length] != '<' && name[length] != ' ') {
        ++length;
    }
    for (const KernelBound& bound : bounds) {
        if (bound.kernel != nullptr && std::strlen(bound.kernel) == length
            && std::strncmp(bound.kernel, name, length) == 0) {
            return bound.max_threads;
        }
    }
    for (const KernelBound& bound : bounds) {
        if (bound.kernel == nullptr || std::strncmp(bound.kernel, "##", 2) != 0) {
            continue;
        }
        const size_t suffix = std::strlen(bound.kernel) - 2;
        if (suffix < length
            && std::strncmp(bound.kernel + 2, name + length - suffix, suffix) == 0) {
            return bound.max_threads;
        }
    }
    return 0;
}

template <typename... Params>
Launch<Params...> make_launch(int max_threads,
                              const char* name,
                              void (*kernel)(Params...),
                              dim3 grid,
                              dim3 block,
                              size_t shared_bytes,
                              gpusimStream_t stream) {
    LaunchConfig config;
    config.kernel_name = name;
    config.kernel_address = reinterpret_cast<const void*>(kernel);
    config.max_threads_per_block = max_threads;
    config.grid = grid;
    config.block = block;
    config.dynamic_shared_bytes = shared_bytes;
    config.stream = stream;
    return Launch<Params...>(config, kernel);
}

}  // namespace gpusim::detail

#if !defined(GPUSIM_BUILDING_RUNTIME)
namespace {
/// Defined for each kernel source by the build (gpu/sim/gpusim.cmake): the first argument of
/// `kernel`'s __launch_bounds__, evaluated in the source's own scope; 0 when it has none.
int gpusim_launch_bound(const char* kernel);
}  // namespace
#endif

#define GPUSIM_LAUNCH(grid, block, shared, stream, ...) \
    ::gpusim::detail::make_launch(                      \
        gpusim_launch_bound(#__VA_ARGS__), #__VA_ARGS__, __VA_ARGS__, grid, block, shared, stream)

#define threadIdx (::gpusim::detail::thread_index())
#define blockIdx  (::gpusim::detail::block_index())
#define blockDim  (::gpusim::detail::block_dimensions())
#define gridDim   (::gpusim::detail::grid_dimensions())

#define __syncthreads() ::gpusim::detail::syncthreads(__FILE__, __LINE__)

inline float atomicAdd(float* address, float value) {
    uint32_t* bits = reinterpret_cast<uint32_t*>(address);
    uint32_t expected = __atomic_load_n(bits, __ATOMIC_RELAXED);
    for (;;) {
        float old;
        std::memcpy(&old, &expected, sizeof old);
        const float sum = old + value;
        uint32_t desired;
        std::memcpy(&desired, &sum, sizeof desired);
        if (__atomic_compare_exchange_n(
                bits, &expected, desired, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            return old;
        }
    }
}
inline int atomicAdd(int* address, int value) {
    return __atomic_fetch_add(address, value, __ATOMIC_RELAXED);
}
inline unsigned atomicAdd(unsigned* address, unsigned value) {
    return __atomic_fetch_add(address, value, __ATOMIC_RELAXED);
}
inline unsigned atomicExch(unsigned* address, unsigned value) {
    return __atomic_exchange_n(address, value, __ATOMIC_RELAXED);
}
/// Orders the thread's memory accesses before and after it for every observer (the host too).
inline void __threadfence_system() {
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

namespace gpucub {
/// cub::BlockReduce for a block of exactly BlockDimX threads (1-D), in fixed order: every thread
/// stores its value, a barrier, thread 0 folds the values in thread order. As with cub, only
/// thread 0's result is valid, and the storage may be reused only after another barrier.
template <typename T, int BlockDimX>
class BlockReduce {
public:
    struct TempStorage {
        T values[BlockDimX];
    };

    explicit BlockReduce(TempStorage& storage) : storage_(storage) {}

    T Sum(T value) {
        return Reduce(value, [](const T& a, const T& b) { return a + b; });
    }

    template <typename Op>
    T Reduce(T value, Op op) {
        const dim3 block = blockDim;
        if (block.x != static_cast<unsigned>(BlockDimX) || block.y != 1 || block.z != 1) {
            ::gpusim::detail::device_fault(gpusimErrorLaunchFailure,
                                           "gpucub::BlockReduce used in a block whose shape is "
                                           "not its BlockDimX x 1 x 1");
            return ::gpusim::detail::poison<T>();
        }
        const unsigned thread = threadIdx.x;
        storage_.values[thread] = value;
        __syncthreads();
        if (thread != 0) {
            return ::gpusim::detail::poison<T>();
        }
        T result = storage_.values[0];
        for (int i = 1; i < BlockDimX; ++i) {
            result = op(result, storage_.values[i]);
        }
        return result;
    }

private:
    TempStorage& storage_;
};
}  // namespace gpucub
