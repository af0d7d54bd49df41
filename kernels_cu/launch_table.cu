// The table of this build's launchers (kernels_cu/launch.h), generated from the operator list
// (kernels_cu/operators.def): one entry per launcher of the .cu files beside it.
#include "kernels_cu/elementwise.cuh"
#include "kernels_cu/launch.h"
#include "kernels_cu/portability.h"

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {

#define ACLEMU_ELEMENTWISE_OP(name, Args) int launch_##name(const Args& args, void* stream);
#define ACLEMU_WORKSPACE_OP(name, Args)              \
    size_t name##_workspace_bytes(const Args& args); \
    int launch_##name(const Args& args, void* workspace, void* stream);
#define ACLEMU_GPU_WORKSPACE_OP(name, Args) ACLEMU_WORKSPACE_OP(name, Args)
#define ACLEMU_KERNEL_OP(name, Args)        ACLEMU_ELEMENTWISE_OP(name, Args)
#include "kernels_cu/operators.def"

int64_t set_strided_index32_limit(int64_t numel) {
    const auto most = static_cast<int64_t>(UINT32_MAX);
    return elementwise::strided_index32_limit.exchange(numel < most ? numel : most);
}

namespace {
const char* error_string(int code) {
    return gpuGetErrorString(static_cast<gpuError_t>(code));
}
}  // namespace

const GpuLaunchers& launchers() {
    static const GpuLaunchers table{
#define ACLEMU_ELEMENTWISE_OP(name, Args)   &launch_##name,
#define ACLEMU_WORKSPACE_OP(name, Args)     &name##_workspace_bytes, &launch_##name,
#define ACLEMU_GPU_WORKSPACE_OP(name, Args) ACLEMU_WORKSPACE_OP(name, Args)
#define ACLEMU_KERNEL_OP(name, Args)        ACLEMU_ELEMENTWISE_OP(name, Args)
#include "kernels_cu/operators.def"
        &error_string,
        &set_strided_index32_limit,
    };
    return table;
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
