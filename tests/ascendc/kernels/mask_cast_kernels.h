// The host launcher of tests/ascendc/kernels/mask_cast_kernels.cpp.
#pragma once

#include <cstdint>

/// Byte offsets of the sections of mask_cast's output (see the kernel for what each holds).
namespace mask_cast_layout {
constexpr uint32_t kInt4Ceil = 0;         // 512 halves -> int4, CAST_CEIL: 256 bytes
constexpr uint32_t kInt4Masked = 256;     // mask 100, 2 repeats, CAST_RINT: 128 bytes
constexpr uint32_t kHalfToInt32 = 384;    // 128 int32
constexpr uint32_t kFloatToHalf = 896;    // 128 halves
constexpr uint32_t kInt4ToHalf = 1152;    // 256 halves
constexpr uint32_t kCounterCast = 1664;   // 192 floats
constexpr uint32_t kRegisterAdds = 2432;  // 128 floats
constexpr uint32_t kCounterMuls = 2944;   // 128 floats
constexpr uint32_t kFloatToBf16 = 3456;   // 64 bfloat16
constexpr uint32_t kBytes = 3584;
constexpr uint8_t kFill = 0x5A;  // every output byte before the kernel writes
}  // namespace mask_cast_layout

/// xh: 512 halves, xf: 256 floats, out: mask_cast_layout::kBytes bytes.
uint32_t launch_mask_cast(void* stream, void* xh, void* xf, void* out);
