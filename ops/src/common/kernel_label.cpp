// Describing a kernel launch (see kernel_label.h).
#include "common/kernel_label.h"

#include "kernels_cpu/cpu_kernels.h"

namespace aclemu::ops {

const char* backend_name(rt::BackendKind kind) {
    switch (kind) {
        case rt::BackendKind::Cpu:
            return "cpu";
        case rt::BackendKind::Cuda:
            return "cuda";
        case rt::BackendKind::Hip:
            return "hip";
        case rt::BackendKind::GpuSim:
            return "gpusim";
    }
    return "unknown";
}

std::string describe_launch(const KernelLabel& label,
                            rt::BackendKind kind,
                            rt::TaskLength length,
                            int cpu_threads) {
    std::string text = label.kernel;
    text += " (";
    text += label.variant;
    text += ") on ";
    text += backend_name(kind);
    if (kind == rt::BackendKind::Cpu) {
        text += ": ";
        text += kernels::cpu::isa_name();
        text += ", " + std::to_string(cpu_threads) + (cpu_threads == 1 ? " thread" : " threads");
        if (length == rt::TaskLength::Short) {
            text += ", may run inline";
        }
    }
    text += ", " + std::to_string(label.bytes) + " bytes";
    return text;
}

observe::TaskTrace trace_kernel(const char* api,
                                const rt::StreamTarget& target,
                                const KernelLabel& label,
                                const std::string& launch) {
    observe::TaskTrace task(target.stream, observe::TaskKind::Kernel, api);
    if (!task) {
        return task;  // the trace is off (NVTX alone watches)
    }
    task.arg("kernel", label.kernel);
    task.arg("variant", label.variant);
    task.arg("bytes", label.bytes);
    task.arg("backend", backend_name(target.kind));
    task.arg("launch", launch);
    return task;
}

}  // namespace aclemu::ops
