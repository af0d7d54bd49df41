// DataCopyPad's PaddingMode::Compact and the loop mode (SetLoopModePara / ResetLoopModePara),
// both directions, for test_ascendc_copy_loop, which computes the references.
#include "copy_loop_kernels.h"

#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void copy_loop_kernel(GM_ADDR bytes,
                                                       GM_ADDR halves,
                                                       GM_ADDR out,
                                                       GM_ADDR out2) {
    using namespace copy_loop_layout;
    GlobalTensor<uint8_t> b_gm, out_gm, out2_gm;
    GlobalTensor<half> h_gm;
    b_gm.SetGlobalBuffer((__gm__ uint8_t*)bytes, 512);
    h_gm.SetGlobalBuffer((__gm__ half*)halves, 128);
    out_gm.SetGlobalBuffer((__gm__ uint8_t*)out, kBytes);
    out2_gm.SetGlobalBuffer((__gm__ uint8_t*)out2, kOutBytes);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<uint8_t> o = ub.Alloc<uint8_t, kBytes>();
    Duplicate(o, static_cast<uint8_t>(kFill), kBytes);  // by value: kFill is host-only

    // Compact: 3 blocks of 24 halves, 4 halves apart in GM, packed; padded with 7 to 32 bytes.
    DataCopyPad<half, PaddingMode::Compact>(o[kCompactPad].ReinterpretCast<half>(),
                                            h_gm,
                                            {3, 48, 8, 0, 0},
                                            {true, 0, 8, static_cast<half>(7.0f)});
    // Compact without isPad: 2 blocks of 20 halves; the dummy is the last block's first element.
    DataCopyPad<half, PaddingMode::Compact>(
        o[kCompactDummy].ReinterpretCast<half>(), h_gm, {2, 40, 0, 0, 0}, {false, 0, 0, 0});

    // Loop mode, GM -> UB: 2 x 2 repetitions of 2 blocks of 40 bytes, padded with 0xFF.
    LoopModeParams loops{2, 2, 80, 128, 160, 288};
    SetLoopModePara(loops, DataCopyMVType::OUT_TO_UB);
    DataCopyPad(o[kNormalLoop], b_gm, {2, 40, 0, 0, 0}, {true, 0, 0, 0xFF});
    DataCopyPad<uint8_t, PaddingMode::Compact>(
        o[kCompactLoop], b_gm, {2, 40, 0, 0, 0}, {true, 0, 0, 0xFF});
    ResetLoopModePara(DataCopyMVType::OUT_TO_UB);
    DataCopyPad(o[kAfterReset], b_gm[7], {1, 40, 0, 0, 0}, {true, 0, 0, 0xEE});
    DataCopy(out_gm, o, kBytes);

    // Loop mode, UB -> GM, Compact: the packed 80 bytes at kCompactLoop + 128 * i, 2 blocks of
    // 40 bytes each time, 8 bytes apart in GM, the repetitions 200 bytes apart.
    SetLoopModePara({2, 1, 128, 200, 0, 0}, DataCopyMVType::UB_TO_OUT);
    DataCopyPad<uint8_t, PaddingMode::Compact>(out2_gm, o[kCompactLoop], {2, 40, 0, 8, 0});
    ResetLoopModePara(DataCopyMVType::UB_TO_OUT);
}

uint32_t launch_copy_loop(void* stream, void* bytes, void* halves, void* out, void* out2) {
    return copy_loop_kernel<<<1, 0, stream>>>(bytes, halves, out, out2);
}
