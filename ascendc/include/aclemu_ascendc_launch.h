// The launch a rewritten `kernel<<<numBlocks, l2ctrl|dynUBufSize, stream>>>(args)` calls
// (ascendc/tools/asc_rewrite.py):
//   ::aclemu::ascendc::kernel_launch<&kernel>("kernel", numBlocks, l2ctrl, stream)(args)
// The arguments are converted to the kernel's parameter types and copied, as the NPU copies
// them at launch; the expression yields the launch status (0 on success). The kernel is a
// template argument so that, compiled by nvcc or hipcc, the launch also carries the kernel's
// GPU entry (block_device.h) for CUDA and HIP streams.
#pragma once

#include "aclemu/ascendc/block_api.h"

#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

namespace aclemu::ascendc {

namespace detail {

// Device pointers cross as any pointer type (host code passes void* or uint8_t* to GM_ADDR).
template <typename Param, typename Arg>
Param convert_arg(Arg&& arg) {
    using A = std::decay_t<Arg>;
    if constexpr (std::is_pointer_v<Param> && (std::is_pointer_v<A> || std::is_null_pointer_v<A>)) {
        return reinterpret_cast<Param>(const_cast<void*>(static_cast<const volatile void*>(arg)));
    } else {
        return static_cast<Param>(std::forward<Arg>(arg));
    }
}

inline uint64_t dyn_ub_of(std::nullptr_t) {
    return 0;
}
inline uint64_t dyn_ub_of(const void*) {  // an l2ctrl pointer: no UB request
    return 0;
}
template <typename N, typename = std::enable_if_t<std::is_integral_v<N>>>
uint64_t dyn_ub_of(N bytes) {
    return static_cast<uint64_t>(bytes);
}

// The stream slot: an aclrtStream, nullptr, or a literal 0 / NULL (the default stream).
template <typename S>
void* stream_of(S&& stream) {
    using D = std::decay_t<S>;
    if constexpr (std::is_pointer_v<D>) {
        return const_cast<void*>(static_cast<const volatile void*>(stream));
    } else {
        static_assert(std::is_integral_v<D> || std::is_null_pointer_v<D>,
                      "the third launch parameter must be an aclrtStream");
        return nullptr;
    }
}

template <typename... Params>
class KernelLaunch {
public:
    /// `now`: ICPU_RUN_KF's launch, run before the call returns (no stream).
    KernelLaunch(void (*kernel)(Params...),
                 const char* name,
                 uint32_t blocks,
                 uint64_t dyn_ub,
                 void* stream,
                 bool now = false)
        : kernel_(kernel),
          name_(name),
          blocks_(blocks),
          dyn_ub_(dyn_ub),
          stream_(stream),
          now_(now) {}

    /// The kernel's CUDA/HIP variant (kernel_launch, under nvcc or hipcc).
    void set_gpu_entry(GpuEntry entry) { gpu_entry_ = entry; }

    template <typename... Args>
    uint32_t operator()(Args&&... args) const {
        static_assert(sizeof...(Args) == sizeof...(Params),
                      "the launch passes a different number of arguments than the kernel takes");
        using Closure = std::tuple<void (*)(Params...), std::decay_t<Params>...>;
        auto* closure =
            new Closure(kernel_, convert_arg<std::decay_t<Params>>(std::forward<Args>(args))...);
        if (now_) {
            return run_now(name_, blocks_, closure, &run<Closure>, &destroy<Closure>);
        }
        return launch(name_,
                      blocks_,
                      dyn_ub_,
                      stream_,
                      closure,
                      &run<Closure>,
                      &destroy<Closure>,
                      gpu_entry_);
    }

private:
    template <typename Closure>
    static void run(const void* closure) {
        std::apply([](auto kernel, const auto&... params) { kernel(params...); },
                   *static_cast<const Closure*>(closure));
    }
    template <typename Closure>
    static void destroy(void* closure) {
        delete static_cast<Closure*>(closure);
    }

    void (*kernel_)(Params...);
    const char* name_;
    uint32_t blocks_;
    uint64_t dyn_ub_;
    void* stream_;
    bool now_;
    GpuEntry gpu_entry_ = nullptr;
};

template <auto Kernel, typename... Params>
KernelLaunch<Params...> make_launch(
    void (*)(Params...), const char* name, uint32_t blocks, uint64_t dyn_ub, void* stream) {
    KernelLaunch<Params...> launch(Kernel, name, blocks, dyn_ub, stream);
#ifdef ACLEMU_ASC_GPU_COMPILER
    using Closure = std::tuple<void (*)(Params...), std::decay_t<Params>...>;
    launch.set_gpu_entry(&launch_gpu<Kernel, Closure>);
#endif
    return launch;
}

}  // namespace detail

/// The launch of kernel `Kernel` (`&kernel`, `&ns::kernel<T>`): what a rewritten <<<>>> calls.
template <auto Kernel, typename Arg2, typename Stream>
auto kernel_launch(const char* name, uint32_t num_blocks, Arg2&& arg2, Stream&& stream) {
    return detail::make_launch<Kernel>(
        Kernel, name, num_blocks, detail::dyn_ub_of(arg2), detail::stream_of(stream));
}

template <auto Kernel, typename Arg2>
auto kernel_launch(const char* name, uint32_t num_blocks, Arg2&& arg2) {
    return detail::make_launch<Kernel>(Kernel, name, num_blocks, detail::dyn_ub_of(arg2), nullptr);
}

template <auto Kernel>
auto kernel_launch(const char* name, uint32_t num_blocks) {
    return detail::make_launch<Kernel>(Kernel, name, num_blocks, 0, nullptr);
}

template <typename... Params, typename Arg2, typename Stream>
detail::KernelLaunch<Params...> launch_kernel(void (*kernel)(Params...),
                                              const char* name,
                                              uint32_t num_blocks,
                                              Arg2&& arg2,
                                              Stream&& stream) {
    return detail::KernelLaunch<Params...>(
        kernel, name, num_blocks, detail::dyn_ub_of(arg2), detail::stream_of(stream));
}

template <typename... Params>
detail::KernelLaunch<Params...> launch_kernel(void (*kernel)(Params...),
                                              const char* name,
                                              uint32_t num_blocks) {
    return detail::KernelLaunch<Params...>(kernel, name, num_blocks, 0, nullptr);
}

template <typename... Params, typename Arg2>
detail::KernelLaunch<Params...> launch_kernel(void (*kernel)(Params...),
                                              const char* name,
                                              uint32_t num_blocks,
                                              Arg2&& arg2) {
    return detail::KernelLaunch<Params...>(
        kernel, name, num_blocks, detail::dyn_ub_of(arg2), nullptr);
}

/// ICPU_RUN_KF's launch: the blocks run before the call returns, without a stream.
template <typename... Params>
detail::KernelLaunch<Params...> run_kernel_now(void (*kernel)(Params...),
                                               const char* name,
                                               uint32_t num_blocks) {
    return detail::KernelLaunch<Params...>(kernel, name, num_blocks, 0, nullptr, true);
}

/// Stops the block as a trap does on the NPU (also what `asm("trap")` becomes).
[[noreturn]] ACLEMU_ASC_HD inline void Trap() {
    detail::fail_block("Trap", "the kernel trapped");
}

}  // namespace aclemu::ascendc
