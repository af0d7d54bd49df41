// The entry points a kernel built by ascendc_fatbin_library exports, so that the runtime's
// aclrtBinaryGetFunction can find it by name and aclrtLaunchKernel* can launch it from a packed
// argument buffer (runtime/src/kernel/, docs/ascendc.md "Launch by loaded binary"). The rewrite
// (asc_rewrite.py --fatbin-entries) appends ACLEMU_FATBIN_ENTRY(kernel) for each kernel:
//
//   uint32_t aclemu_fatbin_params_<kernel>(const uint32_t** sizes, const uint32_t** offsets,
//                                          uint32_t* total);
//     the parameter count, and each parameter's size and offset in the packed buffer (laid out
//     as a C struct of the parameter types), and the buffer's size;
//   uint32_t aclemu_fatbin_launch_<kernel>(const void* args, uint32_t blocks, uint64_t dynUb,
//                                          void* stream);
//     the `<<<>>>` launch (a task on the stream) with the parameters read from `args`.
//
// and ACLEMU_FATBIN_GLOBAL(variable) for each namespace-scope `__gm__` variable it defines:
//
//   void* aclemu_fatbin_global_<variable>(size_t* bytes);
//     the variable's address and size, for aclrtBinaryGetGlobal. Under nvcc and hipcc such a
//     variable is a __device__ one whose host copy (what the host variant of a kernel reads) has
//     internal linkage, so dlsym cannot find it by its own name.
//
// All are plain C symbols: the runtime looks them up with dlsym in the loaded binary only.
#pragma once

#include "aclemu_ascendc_launch.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

// The marker the loader checks: this shared object is an aclemu binary of entry-point ABI 1.
extern "C" __attribute__((weak, visibility("default"))) void aclemu_fatbin_abi_1() {}

namespace aclemu::ascendc::fatbin {

template <typename... Params>
struct Layout {
    static constexpr size_t kCount = sizeof...(Params);
    // One slot more than the count, so that a kernel without parameters has arrays too.
    using Array = std::array<uint32_t, kCount + 1>;

    static constexpr Array sizes() { return Array{static_cast<uint32_t>(sizeof(Params))..., 0}; }

    static constexpr Array offsets() {
        constexpr std::array<size_t, kCount + 1> aligns{alignof(Params)..., 1};
        Array out{};
        size_t at = 0;
        for (size_t i = 0; i + 1 < aligns.size(); ++i) {  // i < kCount, which may be 0
            at = (at + aligns[i] - 1) / aligns[i] * aligns[i];
            out[i] = static_cast<uint32_t>(at);
            at += sizes()[i];
        }
        out[kCount] = static_cast<uint32_t>(at);
        return out;
    }
};

template <typename T>
T load(const uint8_t* at) {
    static_assert(std::is_trivially_copyable_v<T>,
                  "a kernel launched from a loaded binary takes trivially copyable parameters");
    T value;
    std::memcpy(&value, at, sizeof(T));
    return value;
}

template <typename... Params>
uint32_t params(void (*)(Params...),
                const uint32_t** sizes,
                const uint32_t** offsets,
                uint32_t* total) {
    using L = Layout<std::decay_t<Params>...>;
    static constexpr typename L::Array kSizes = L::sizes();
    static constexpr typename L::Array kOffsets = L::offsets();
    *sizes = kSizes.data();
    *offsets = kOffsets.data();
    *total = kOffsets[L::kCount];
    return static_cast<uint32_t>(L::kCount);
}

template <auto Kernel, typename... Params, size_t... I>
uint32_t launch_unpacked(void (*)(Params...),
                         const char* name,
                         const uint8_t* args,
                         uint32_t blocks,
                         uint64_t dyn_ub,
                         void* stream,
                         std::index_sequence<I...>) {
    using L = Layout<std::decay_t<Params>...>;
    static constexpr typename L::Array kOffsets = L::offsets();
    (void)args;
    (void)kOffsets;
    return ::aclemu::ascendc::kernel_launch<Kernel>(
        name, blocks, dyn_ub, stream)(load<std::decay_t<Params>>(args + kOffsets[I])...);
}

template <auto Kernel, typename... Params>
uint32_t launch(void (*kernel)(Params...),
                const char* name,
                const void* args,
                uint32_t blocks,
                uint64_t dyn_ub,
                void* stream) {
    return launch_unpacked<Kernel>(kernel,
                                   name,
                                   static_cast<const uint8_t*>(args),
                                   blocks,
                                   dyn_ub,
                                   stream,
                                   std::index_sequence_for<Params...>{});
}

}  // namespace aclemu::ascendc::fatbin

#define ACLEMU_FATBIN_ENTRY(kernel)                                                           \
    extern "C" __attribute__((visibility("default"))) uint32_t aclemu_fatbin_params_##kernel( \
        const uint32_t** sizes, const uint32_t** offsets, uint32_t* total) {                  \
        return ::aclemu::ascendc::fatbin::params(&kernel, sizes, offsets, total);             \
    }                                                                                         \
    extern "C" __attribute__((visibility("default"))) uint32_t aclemu_fatbin_launch_##kernel( \
        const void* args, uint32_t blocks, uint64_t dyn_ub, void* stream) {                   \
        return ::aclemu::ascendc::fatbin::launch<&kernel>(                                    \
            &kernel, #kernel, args, blocks, dyn_ub, stream);                                  \
    }

#define ACLEMU_FATBIN_GLOBAL(variable)                                                       \
    extern "C" __attribute__((visibility("default"))) void* aclemu_fatbin_global_##variable( \
        size_t* bytes) {                                                                     \
        *bytes = sizeof(variable);                                                           \
        return const_cast<void*>(static_cast<const volatile void*>(&variable));              \
    }
