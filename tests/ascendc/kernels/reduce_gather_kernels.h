// The host launcher of tests/ascendc/kernels/reduce_gather_kernels.cpp.
#pragma once

#include <cstdint>

/// Byte offsets of the sections of reduce_gather's output (the kernel says what each holds).
namespace reduce_gather_layout {
constexpr uint32_t kWholeSum = 0;             // 4 floats
constexpr uint32_t kRepeatMax = 32;           // 2 x [value, index] floats
constexpr uint32_t kWholeMin = 64;            // [index, value] at floats 0 and 4
constexpr uint32_t kOnlyIndex = 96;           // 2 uint32
constexpr uint32_t kOnlyValue = 128;          // 2 floats
constexpr uint32_t kBlockSum = 160;           // 16 floats
constexpr uint32_t kBlockMax = 224;           // 8 floats
constexpr uint32_t kDataBlockMin = 256;       // 32 floats
constexpr uint32_t kPairSum = 384;            // 64 floats
constexpr uint32_t kPairElem = 640;           // 32 floats
constexpr uint32_t kHalfWholeSum = 768;       // 2 halves
constexpr uint32_t kHalfBlockSum = 800;       // 8 halves
constexpr uint32_t kCounterSum = 832;         // 2 floats
constexpr uint32_t kRepeatReduce = 864;       // 2 floats
constexpr uint32_t kGatherCount = 896;        // 64 floats
constexpr uint32_t kGatherRepeat = 1152;      // 192 floats
constexpr uint32_t kGatherHalf = 1920;        // 128 halves
constexpr uint32_t kGatherb = 2176;           // 128 floats
constexpr uint32_t kGatherMaskFixed = 2688;   // 64 floats
constexpr uint32_t kGatherMaskUser = 2944;    // up to 144 floats
constexpr uint32_t kGatherCounts = 3520;      // 2 uint32: the two GatherMask counts
constexpr uint32_t kAfterGatherMask = 3552;   // 128 floats
constexpr uint32_t kRepeatFormSum = 4064;     // 1 float
constexpr uint32_t kRepeatFormMax = 4096;     // [value, index]
constexpr uint32_t kRepeatFormMin = 4128;     // [value, index]
constexpr uint32_t kRepeatFormRounds = 4160;  // 1 float
constexpr uint32_t kBytes = 4192;
constexpr uint8_t kFill = 0x5A;  // every output byte before the kernel writes
}  // namespace reduce_gather_layout

/// x: 256 floats, xh: 256 halves, offsets: 256 uint32 (byte offsets: 128 for x, 128 for xh),
/// out: reduce_gather_layout::kBytes bytes.
uint32_t launch_reduce_gather(void* stream, void* x, void* xh, void* offsets, void* out);

/// x: 256 floats; out: 8 floats: ReduceSum of the first 200 (count form), GetReduceRepeatSumSpr
/// after it, 1 when GetTPipePtr() is the kernel's TPipe.
uint32_t launch_pipe_spr(void* stream, void* x, void* out);
