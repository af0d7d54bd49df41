// The block fp16 conversions the half forms of the vector ops stage through (block_api.h): the
// CPU kernels' own (kernels_cpu/cpu_convert.h), so a kernel's half results carry dtype.h's
// bits, the same as aclnn's CPU kernels give.
#include "aclemu/ascendc/block_api.h"
#include "kernels_cpu/cpu_convert.h"

namespace aclemu::ascendc::detail {

void widen_half_on_host(const void* src, float* dst, uint32_t n) noexcept {
    kernels::cpu::widen_half_for_math(static_cast<const kernels::Half*>(src), dst, n);
}

void narrow_half_on_host(const float* src, void* dst, uint32_t n) noexcept {
    kernels::cpu::narrow(src, static_cast<kernels::Half*>(dst), n);
}

}  // namespace aclemu::ascendc::detail
