// aclrtRandomNumAsync on the GPU: one thread per unit of kernels_cu/builtin/random_units.h (a
// Philox block, or a bitmask byte), 64-bit grid-stride. The count, seed and parameters may live
// in device memory, so the kernel reads them itself; when the count is only known there, the
// grid is the device-filling maximum.
#include "kernels_cu/builtin/launch.h"
#include "kernels_cu/builtin/random_units.h"
#include "kernels_cu/common.cuh"

#include <cstdint>

namespace aclemu::kernels::builtin::ACLEMU_GPU_NAMESPACE {
namespace {

namespace common = ::aclemu::kernels::ACLEMU_GPU_NAMESPACE;

constexpr int kThreads = 256;

__global__ void __launch_bounds__(kThreads) random_num_async(const RandomArgs args) {
    const RandomValues values = load_random_values(args);
    const uint64_t units = random_unit_count(args, values.count);
    const uint64_t stride = static_cast<uint64_t>(gridDim.x) * blockDim.x;
    bool overflow = false;
    for (uint64_t unit = static_cast<uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; unit < units;
         unit += stride) {
        overflow = random_write_unit(args, values, unit) || overflow;
    }
    if (overflow && args.overflow_flag != nullptr) {
        atomicExch(args.overflow_flag, 1u);
    }
}

}  // namespace

int launch_random(const RandomArgs& args, void* stream) {
    const auto s = static_cast<gpuStream_t>(stream);
    common::clear_stale_error();
    // A count in device memory is read by the kernel: launch the largest grid grid_for gives.
    constexpr int64_t kUnknownWork = int64_t{1} << 40;
    const int64_t work = args.count.addr != nullptr
                             ? kUnknownWork
                             : static_cast<int64_t>(random_unit_count(args, args.count.value));
    if (work == 0) {
        return 0;
    }
    ACLEMU_LAUNCH(common::grid_for(work, kThreads), kThreads, 0, s, random_num_async)(args);
    return common::launch_status();
}

}  // namespace aclemu::kernels::builtin::ACLEMU_GPU_NAMESPACE
