// What an operator launches, in words, for whoever watches (aclemu/observe.h): the call's DEBUG
// line, the NVTX range around the launch, the trace's kernel task. Usage, in an executor's run():
//
//   const KernelLabel label{"logit_grad", geometry.contiguous ? "contiguous" : "strided", bytes};
//   return dispatch_kernel(kApi, stream, length, label, cpu_fn, gpu_fn);
#pragma once

#include "aclemu/observe.h"
#include "aclemu/rt.h"

#include <cstdint>
#include <string>

namespace aclemu::ops {

struct KernelLabel {
    const char* kernel;   ///< the kernel family, e.g. "logit_grad"
    const char* variant;  ///< the operator's variant of it (string literal), e.g. "contiguous"
    uint64_t bytes;       ///< bytes it reads and writes at least
};

/// "cpu", "cuda", "hip", ...
const char* backend_name(rt::BackendKind kind);

/// e.g. "logit_grad (contiguous) on cpu: avx512, 1 thread, may run inline, 4096 bytes".
/// `cpu_threads` and `length` matter on the CPU backend only.
std::string describe_launch(const KernelLabel& label,
                            rt::BackendKind kind,
                            rt::TaskLength length,
                            int cpu_threads);

/// The kernel's slice on the stream's ACLEMU_TRACE track, named after the aclnn call `api`, with
/// the kernel, its variant, the bytes it moves and `launch` (describe_launch) as arguments.
/// Empty when the trace is off.
observe::TaskTrace trace_kernel(const char* api,
                                const rt::StreamTarget& target,
                                const KernelLabel& label,
                                const std::string& launch);

}  // namespace aclemu::ops
