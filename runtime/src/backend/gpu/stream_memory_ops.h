// Stream memory operations on a GPU stream: a 64-bit store, and a wait until a 64-bit word
// satisfies a comparison. CUDA: the driver's cuStreamWriteValue64 / cuStreamWaitValue64, found
// at run time through cudaGetDriverEntryPoint (libascendcl does not link libcuda); HIP:
// hipStreamWriteValue64 / hipStreamWaitValue64 (GEQ through the kernel: HIP compares unsigned,
// CUDA and ACL as a signed difference); the GPU simulator: its own. Where the driver has none,
// a one-thread kernel of kernels_cu/builtin does the same on the stream.
#pragma once

#include "acl/acl_base.h"

#include "gpu/gpu_runtime.h"
#include "kernels_cu/builtin/builtin_args.h"

#include <cstdint>

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE {

aclError stream_write_value(gpuStream_t stream, uint64_t* addr, uint64_t value);

aclError stream_wait_value(gpuStream_t stream,
                           const uint64_t* addr,
                           uint64_t value,
                           kernels::builtin::WaitMode mode);

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE
