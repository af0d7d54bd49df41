// Stream memory operations as one-thread kernels, for GPUs whose driver does not provide them
// (the GPU backend prefers cuStreamWriteValue64 / cuStreamWaitValue64 and HIP's equivalents).
// The wait polls the word with volatile loads, pausing between reads, until the condition of
// kernels_cu/math/stream_wait.h holds; later work on the stream starts after it returns.
#include "kernels_cu/builtin/launch.h"
#include "kernels_cu/common.cuh"
#include "kernels_cu/math/stream_wait.h"

#include <cstdint>

namespace aclemu::kernels::builtin::ACLEMU_GPU_NAMESPACE {
namespace {

namespace common = ::aclemu::kernels::ACLEMU_GPU_NAMESPACE;

__global__ void __launch_bounds__(1) value_write(uint64_t* addr, uint64_t value) {
    *static_cast<volatile uint64_t*>(addr) = value;
    __threadfence_system();
}

__global__ void __launch_bounds__(1)
    value_wait(const uint64_t* addr, uint64_t value, WaitMode mode) {
    const volatile uint64_t* word = addr;
    while (!stream_wait_satisfied(*word, value, mode)) {
        ACLEMU_PAUSE();
    }
    __threadfence_system();
}

}  // namespace

int launch_write_value(uint64_t* addr, uint64_t value, void* stream) {
    common::clear_stale_error();
    ACLEMU_LAUNCH(1, 1, 0, static_cast<gpuStream_t>(stream), value_write)(addr, value);
    return common::launch_status();
}

int launch_wait_value(const uint64_t* addr, uint64_t value, WaitMode mode, void* stream) {
    common::clear_stale_error();
    ACLEMU_LAUNCH(1, 1, 0, static_cast<gpuStream_t>(stream), value_wait)(addr, value, mode);
    return common::launch_status();
}

}  // namespace aclemu::kernels::builtin::ACLEMU_GPU_NAMESPACE
