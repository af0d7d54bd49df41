// The host launcher of tests/ascendc/kernels/spr_cycle_kernels.cpp.
#pragma once

#include <cstdint>

/// Byte offsets of the sections of spr_cycle's output (the kernel says what each holds).
namespace spr_cycle_layout {
constexpr uint32_t kCycles = 0;               // 2 int64: GetSystemCycle before and after
constexpr uint32_t kRepeatMaxSpr = 16;        // float value, uint32 index
constexpr uint32_t kRepeatMinSpr = 24;        // float value, uint32 index
constexpr uint32_t kHalfMaxSpr = 32;          // half value, uint16 index
constexpr uint32_t kReduceMaxSpr = 40;        // float value, uint32 index
constexpr uint32_t kReduceMinRepeatSpr = 48;  // float value, uint32 index
constexpr uint32_t kOldNameSpr = 56;          // float value, uint32 index
constexpr uint32_t kValueOnlySpr = 64;        // float value
constexpr uint32_t kAccVal = 72;              // float
constexpr uint32_t kAddsRegister = 128;       // 128 floats
constexpr uint32_t kMulsRegister = 640;       // 128 floats
constexpr uint32_t kAddsSetMask = 1152;       // 128 floats
constexpr uint32_t kSumCounter = 1664;        // float
constexpr uint32_t kSumNormal = 1668;         // float
constexpr uint32_t kSumSetMask = 1672;        // float
constexpr uint32_t kSumAfter = 1676;          // float
constexpr uint32_t kStdMath =
    1680;  // 3 floats: Std::ceil_div(100, 64), Std::abs(-3.5), Std::sqrt(20.25)
constexpr uint32_t kAfterCountForm = 1696;  // 128 floats
constexpr uint32_t kBytes = 2208;
constexpr float kUnwritten = -1.0f;  // what the vector sections hold before the ops
}  // namespace spr_cycle_layout

/// x: 256 floats, xh: 256 halves, out: spr_cycle_layout::kBytes bytes.
uint32_t launch_spr_cycle(void* stream, void* x, void* xh, void* out);
