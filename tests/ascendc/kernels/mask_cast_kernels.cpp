// Cast's mask/repeat forms (int4b_t included) and the vector mask modes (SetMaskCount,
// SetVectorMask, isSetMask = false, ResetMask), for test_ascendc_mask_cast, which computes the
// references. Each section of the output (mask_cast_kernels.h) starts as kFill bytes.
#include "mask_cast_kernels.h"

#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void mask_cast_kernel(GM_ADDR xh, GM_ADDR xf, GM_ADDR out) {
    using namespace mask_cast_layout;
    GlobalTensor<half> xh_gm;
    GlobalTensor<float> xf_gm;
    GlobalTensor<uint8_t> out_gm;
    xh_gm.SetGlobalBuffer((__gm__ half*)xh, 512);
    xf_gm.SetGlobalBuffer((__gm__ float*)xf, 256);
    out_gm.SetGlobalBuffer((__gm__ uint8_t*)out, kBytes);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<half> h = ub.Alloc<half, 512>();
    LocalTensor<float> f = ub.Alloc<float, 256>();
    LocalTensor<uint8_t> o = ub.Alloc<uint8_t, kBytes>();
    DataCopy(h, xh_gm, 512);
    DataCopy(f, xf_gm, 256);
    Duplicate(o, static_cast<uint8_t>(kFill), kBytes);  // by value: kFill is host-only

    // CANN's cast example: 4 repeats of 128 halves into 64 bytes of nibbles each.
    LocalTensor<int4b_t> ceil4 = o[kInt4Ceil].ReinterpretCast<int8_t>().ReinterpretCast<int4b_t>();
    Cast<int4b_t, half>(ceil4, h, RoundMode::CAST_CEIL, 128, 4, {1, 1, 2, 8});
    // The first 100 of each repeat, nearest even.
    LocalTensor<int4b_t> masked4 = o[kInt4Masked].ReinterpretCast<int4b_t>();
    Cast(masked4, h, RoundMode::CAST_RINT, 100, 2, {1, 1, 2, 8});
    // half -> int32: 64 per repeat (the wider type), src repeats 4 DataBlocks apart.
    Cast(o[kHalfToInt32].ReinterpretCast<int32_t>(), h, RoundMode::CAST_FLOOR, 64, 2, {1, 1, 8, 4});
    // float -> half, round to odd, a bit-wise mask, every other src repeat.
    const uint64_t alternate[2] = {0xF0F0F0F0F0F0F0F0ull, 0};
    Cast(o[kFloatToHalf].ReinterpretCast<half>(),
         f,
         RoundMode::CAST_ODD,
         alternate,
         2,
         {1, 1, 4, 16});
    // int4 -> half: the nibbles the first Cast wrote, 2 repeats.
    Cast(o[kInt4ToHalf].ReinterpretCast<half>(), ceil4, RoundMode::CAST_NONE, 128, 2, {1, 1, 8, 2});

    // Counter mode with the register: 150 elements in all (3 repeats of 64), repeatTime ignored.
    SetMaskCount();
    SetVectorMask<half, MaskMode::COUNTER>(150);
    Cast<float, half, false>(o[kCounterCast].ReinterpretCast<float>(),
                             h,
                             RoundMode::CAST_NONE,
                             MASK_PLACEHOLDER,
                             1,
                             {1, 1, 8, 4});
    SetMaskNorm();
    ResetMask();

    // Normal mode with the register: the low byte of every 16 bits of the first 64.
    SetVectorMask<float>(0, 0x00FF00FF00FF00FFull);
    Adds<float, false>(
        o[kRegisterAdds].ReinterpretCast<float>(), f, 1.0f, MASK_PLACEHOLDER, 2, {1, 1, 8, 8});
    ResetMask();

    // Counter mode with the mask argument: 100 elements in all.
    SetMaskCount();
    Muls(o[kCounterMuls].ReinterpretCast<float>(), f, 2.0f, 100, 1, {1, 1, 8, 8});
    SetMaskNorm();
    ResetMask();

    Cast(o[kFloatToBf16].ReinterpretCast<bfloat16_t>(),
         f,
         RoundMode::CAST_TRUNC,
         64,
         1,
         {1, 1, 4, 8});
    DataCopy(out_gm, o, kBytes);
}

uint32_t launch_mask_cast(void* stream, void* xh, void* xf, void* out) {
    return mask_cast_kernel<<<1, 0, stream>>>(xh, xf, out);
}
