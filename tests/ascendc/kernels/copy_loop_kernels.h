// The host launcher of tests/ascendc/kernels/copy_loop_kernels.cpp.
#pragma once

#include <cstdint>

/// Byte offsets of the UB sections copy_loop writes to `out` (every byte kFill first).
namespace copy_loop_layout {
constexpr uint32_t kCompactPad = 0;      // 80 halves
constexpr uint32_t kCompactDummy = 160;  // 48 halves
constexpr uint32_t kNormalLoop = 256;    // 576 bytes
constexpr uint32_t kCompactLoop = 832;   // 576 bytes
constexpr uint32_t kAfterReset = 1408;   // 64 bytes
constexpr uint32_t kBytes = 1472;
constexpr uint32_t kOutBytes = 448;  // the UB -> GM loop's destination
constexpr uint8_t kFill = 0x5A;
}  // namespace copy_loop_layout

/// bytes: 512 uint8, halves: 128 fp16; out: kBytes; out2: kOutBytes (kFill from the host).
uint32_t launch_copy_loop(void* stream, void* bytes, void* halves, void* out, void* out2);
