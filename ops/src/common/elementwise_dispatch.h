// Phase 2 of an elementwise operator: the launch of its kernel over the planned geometry, with
// the task length, the CPU settings and the kernel label derived from the arguments. Usage, in
// the executor's run() once the arguments hold the operands' data (elementwise_data):
//
//   return dispatch_elementwise(kApi, stream, "logit_grad", args, kernels::cpu::logit_grad,
//                               &kernels::GpuLaunchers::logit_grad);
#pragma once

#include "common/dispatch.h"
#include "common/elementwise_plan.h"

namespace aclemu::ops {

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
    const uint64_t bytes = kernels::min_traffic_bytes(args.geometry, args.dtype);
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

}  // namespace aclemu::ops
