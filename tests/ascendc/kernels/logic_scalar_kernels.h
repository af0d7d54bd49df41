// The host launcher of tests/ascendc/kernels/logic_scalar_kernels.cpp.
#pragma once

#include <cstdint>

/// Byte offsets of the sections of logic_scalar's output (256 elements of 16 bits each).
namespace logic_scalar_layout {
constexpr uint32_t kOrsScalarFirst = 0;
constexpr uint32_t kOrsRepeat = 512;
constexpr uint32_t kAnds = 1024;
constexpr uint32_t kShiftLeft = 1536;
constexpr uint32_t kShiftRight = 2048;
constexpr uint32_t kBytes = 2560;
constexpr uint8_t kFill = 0x5A;  // every output byte before the kernel writes
}  // namespace logic_scalar_layout

/// a: 256 uint16, counts: 256 int16 shift counts, c: 256 int16; out: kBytes bytes.
uint32_t launch_logic_scalar(void* stream, void* a, void* counts, void* c, void* out);
