// Phase 2 of an elementwise operator. Its executor derives from ElementwiseExecutor, which
// launches nothing for an empty iteration space and otherwise hands launch() the operands' data;
// launch() builds the kernel's arguments and calls dispatch_elementwise, which derives the task
// length, the CPU settings and the kernel label from them:
//
//   aclnnStatus launch(void* const data[3], const rt::StreamTarget& stream) const override {
//       kernels::LogitGradArgs args;  // geometry, dtype, data[0] (out), data[1], data[2], ...
//       return dispatch_elementwise(kApi, stream, "logit_grad", args, kernels::cpu::logit_grad,
//                                   &kernels::GpuLaunchers::logit_grad);
//   }
#pragma once

#include "common/dispatch.h"
#include "common/elementwise_plan.h"

#include <type_traits>
#include <utility>

namespace aclemu::ops {

namespace detail {
// Whether the kernel arguments have a traffic estimate of their own (operands of different
// types): kernels::min_traffic_bytes(args), found by argument-dependent lookup.
template <typename Args, typename = void>
struct HasOwnTraffic : std::false_type {};
template <typename Args>
struct HasOwnTraffic<Args, std::void_t<decltype(min_traffic_bytes(std::declval<const Args&>()))>>
    : std::true_type {};
}  // namespace detail

/// The least bytes an elementwise kernel moves: its own estimate, or three operands of
/// args.dtype over the geometry.
template <typename Args>
uint64_t elementwise_traffic(const Args& args) {
    if constexpr (detail::HasOwnTraffic<Args>::value) {
        return min_traffic_bytes(args);
    } else {
        return kernels::min_traffic_bytes(args.geometry, args.dtype);
    }
}

template <typename Args>
using CpuElementwiseKernel = void (*)(const Args&, int threads, kernels::cpu::StoreMode);

template <typename Args>
using GpuElementwiseLauncher = int (*)(const Args&, void* stream);

/// dispatch_kernel for `args` (an elementwise kernel's arguments: geometry, dtype, data),
/// labelled `kernel` with its variant and the bytes it moves.
template <typename Args>
aclnnStatus dispatch_elementwise(const char* api,
                                 const rt::StreamTarget& stream,
                                 const char* kernel,
                                 const Args& args,
                                 CpuElementwiseKernel<Args> cpu_kernel,
                                 GpuElementwiseLauncher<Args> kernels::GpuLaunchers::*gpu_kernel) {
    const uint64_t bytes = elementwise_traffic(args);
    const rt::TaskLength length = task_length(bytes);
    const CpuKernelSettings cpu = cpu_kernel_settings(length);
    return dispatch_kernel(
        api,
        stream,
        length,
        KernelLabel{kernel, elementwise_variant(args.geometry), bytes},
        [args, cpu, cpu_kernel] { cpu_kernel(args, cpu.threads, cpu.stores); },
        [&args, gpu_kernel](const kernels::GpuLaunchers& gpu, void* native) {
            return (gpu.*gpu_kernel)(args, native);
        });
}

/// The executor of an elementwise operator: the geometry and dtype phase 1 planned
/// (plan_elementwise over operands()).
class ElementwiseExecutor : public aclOpExecutor {
public:
    kernels::ElementwiseGeometry geometry;
    kernels::DType dtype = kernels::DType::Float32;

    /// The kernel's operands in its argument order, output first, from the snapshots.
    virtual ElementwiseOperands operands() const = 0;

    aclnnStatus run(void* /*workspace*/, const rt::StreamTarget& stream) final {
        if (geometry.numel == 0) {
            return ACLNN_SUCCESS;  // empty: nothing to launch (execute() checked the stream)
        }
        void* data[3];
        ACLEMU_OP_RETURN_IF_ERROR(elementwise_data(op_name, operands(), data));
        return launch(data, stream);
    }

protected:
    /// Launches the kernel on `data`, each operand's first element in operands()' order.
    virtual aclnnStatus launch(void* const data[3], const rt::StreamTarget& stream) const = 0;
};

}  // namespace aclemu::ops
