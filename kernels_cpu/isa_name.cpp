// isa_name (cpu_kernels.h): the instruction set of the x86 paths, by name.
#include "kernels_cpu/cpu_kernels.h"
#include "kernels_cpu/x86/isa.h"

namespace aclemu::kernels::cpu {

const char* isa_name() {
    switch (cpu_isa()) {
        case CpuIsa::Avx512:
            return "avx512";
        case CpuIsa::Avx2F16c:
            return "avx2";
        case CpuIsa::Baseline:
            break;
    }
    return "baseline";
}

}  // namespace aclemu::kernels::cpu
