// The table of this build's built-in launchers (kernels_cu/builtin/launch.h).
#include "kernels_cu/builtin/launch.h"
#include "kernels_cu/portability.h"

namespace aclemu::kernels::builtin::ACLEMU_GPU_NAMESPACE {

int launch_reduce(const ReduceArgs& args, void* stream);
int launch_random(const RandomArgs& args, void* stream);
int launch_write_value(uint64_t* addr, uint64_t value, void* stream);
int launch_wait_value(const uint64_t* addr, uint64_t value, WaitMode mode, void* stream);

namespace {
const char* error_string(int code) {
    return gpuGetErrorString(static_cast<gpuError_t>(code));
}
}  // namespace

const BuiltinLaunchers& launchers() {
    static const BuiltinLaunchers table{
        &launch_reduce,
        &launch_random,
        &launch_write_value,
        &launch_wait_value,
        &error_string,
    };
    return table;
}

}  // namespace aclemu::kernels::builtin::ACLEMU_GPU_NAMESPACE
