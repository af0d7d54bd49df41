// The block fp16 conversions the half forms of the vector ops stage through, and the fused
// binary ops (block_api.h): the CPU kernels' own (kernels_cpu/cpu_convert.h, vector_binary.h), so a
// kernel's half results carry dtype.h's bits, the same as aclnn's CPU kernels give.
#include "aclemu/ascendc/block_api.h"
#include "kernels_cpu/cpu_convert.h"
#include "kernels_cpu/vector_binary.h"

namespace aclemu::ascendc::detail {

void widen_half_on_host(const void* src, float* dst, uint32_t n) noexcept {
    kernels::cpu::widen_half_for_math(static_cast<const kernels::Half*>(src), dst, n);
}

void narrow_half_on_host(const float* src, void* dst, uint32_t n) noexcept {
    kernels::cpu::narrow(src, static_cast<kernels::Half*>(dst), n);
}

static_assert(static_cast<int>(VectorBinary::Min)
              == static_cast<int>(kernels::cpu::VectorBinaryOp::Min));

void binary_half_on_host(
    VectorBinary op, void* dst, const void* a, const void* b, uint32_t n) noexcept {
    kernels::cpu::vector_binary(static_cast<kernels::cpu::VectorBinaryOp>(op),
                                static_cast<const kernels::Half*>(a),
                                static_cast<const kernels::Half*>(b),
                                static_cast<kernels::Half*>(dst),
                                n);
}

void binary_float_on_host(
    VectorBinary op, float* dst, const float* a, const float* b, uint32_t n) noexcept {
    kernels::cpu::vector_binary(static_cast<kernels::cpu::VectorBinaryOp>(op), a, b, dst, n);
}

}  // namespace aclemu::ascendc::detail
