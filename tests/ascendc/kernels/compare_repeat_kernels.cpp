// The mask/repeat forms of Compare, Compares/CompareScalar and Select on floats (64 per
// 256-byte repeat), for test_ascendc_compare_repeat, which computes the references.
#include "compare_repeat_kernels.h"

#include "kernel_operator.h"

using namespace AscendC;

// Masks (32 bytes apart, pre-filled with 0xA5):
//   0: Compare LT, 2 repeats, default strides                 (128 bits)
//   1: Compare GE, 1 repeat, src0 every other DataBlock        (64 bits)
//   2: Compare EQ, bit-wise mask {0, 0} (reserved: ignored)     (64 bits)
//   3: Compares GT 0.5, 2 repeats, count mask 10 (ignored)     (128 bits)
//   4: Compares LE 0.25, 2 repeats, src repeat stride 16       (128 bits)
//   5: CompareScalar NE 0.5, bit-wise mask, 1 repeat           (64 bits)
// Selections (256 floats each, pre-filled with -7):
//   0: mode 2, mask 0 (LT bits), count mask 40, 2 repeats
//   1: mode 0, mask 0's first repeat, bit-wise mask, src1 repeat stride 0
//   2: mode 1 (scalar -1), mask 3 (GT 0.5 bits), dst repeat stride 16
extern "C" __global__ __aicore__ void compare_select_repeat(GM_ADDR x,
                                                            GM_ADDR y,
                                                            GM_ADDR masks,
                                                            GM_ADDR selected) {
    constexpr uint32_t kCount = 256;
    GlobalTensor<float> x_gm, y_gm, sel_gm;
    GlobalTensor<uint8_t> masks_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, kCount);
    y_gm.SetGlobalBuffer((__gm__ float*)y, kCount);
    masks_gm.SetGlobalBuffer((__gm__ uint8_t*)masks, 8 * 32);
    sel_gm.SetGlobalBuffer((__gm__ float*)selected, 3 * kCount);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<float> a = ub.Alloc<float, kCount>();
    LocalTensor<float> b = ub.Alloc<float, kCount>();
    LocalTensor<uint8_t> m = ub.Alloc<uint8_t, 8 * 32>();
    LocalTensor<float> out = ub.Alloc<float, 3 * kCount>();
    DataCopy(a, x_gm, kCount);
    DataCopy(b, y_gm, kCount);
    Duplicate(m.ReinterpretCast<uint32_t>(), 0xA5A5A5A5u, 8 * 32 / 4);
    Duplicate(out, -7.0f, 3 * kCount);

    Compare(m, a, b, CMPMODE::LT, 64, 2, BinaryRepeatParams(1, 1, 1, 8, 8, 8));
    Compare(m[32], a, b, CMPMODE::GE, 64, 1, BinaryRepeatParams(1, 2, 1, 8, 16, 8));
    const uint64_t none[2] = {0, 0};
    Compare(m[64], a, b, CMPMODE::EQ, none, 1, BinaryRepeatParams(1, 1, 1, 8, 8, 8));
    Compares(m[96], a, 0.5f, CMPMODE::GT, 10, 2, UnaryRepeatParams(1, 1, 8, 8));
    Compares(m[128], a, 0.25f, CMPMODE::LE, 64, 2, UnaryRepeatParams(1, 1, 8, 16));
    const uint64_t all[2] = {~0ull, 0};
    CompareScalar(m[160], a, 0.5f, CMPMODE::NE, all, 1, UnaryRepeatParams(1, 1, 8, 8));

    Select(out,
           m,
           a,
           b,
           SELMODE::VSEL_TENSOR_TENSOR_MODE,
           40,
           2,
           BinaryRepeatParams(1, 1, 1, 8, 8, 8));
    const uint64_t alternate[2] = {0xF0F0F0F00000FFFFull, 0};
    Select(out[kCount],
           m,
           a,
           b,
           SELMODE::VSEL_CMPMASK_SPR,
           alternate,
           2,
           BinaryRepeatParams(1, 1, 1, 8, 8, 0));
    Select(out[2 * kCount],
           m[96],
           a,
           -1.0f,
           SELMODE::VSEL_TENSOR_SCALAR_MODE,
           64,
           2,
           BinaryRepeatParams(1, 1, 1, 16, 8, 8));
    DataCopy(masks_gm, m, 8 * 32);
    DataCopy(sel_gm, out, 3 * kCount);
}

// half: 128 elements per repeat. Compare GT over 2 repeats (32 bytes of bits), then Select
// mode 2 with its bits and a count mask of 100.
extern "C" __global__ __aicore__ void compare_select_half(GM_ADDR x,
                                                          GM_ADDR y,
                                                          GM_ADDR masks,
                                                          GM_ADDR selected) {
    constexpr uint32_t kCount = 256;
    GlobalTensor<half> x_gm, y_gm, sel_gm;
    GlobalTensor<uint8_t> masks_gm;
    x_gm.SetGlobalBuffer((__gm__ half*)x, kCount);
    y_gm.SetGlobalBuffer((__gm__ half*)y, kCount);
    masks_gm.SetGlobalBuffer((__gm__ uint8_t*)masks, 64);
    sel_gm.SetGlobalBuffer((__gm__ half*)selected, kCount);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<half> a = ub.Alloc<half, kCount>();
    LocalTensor<half> b = ub.Alloc<half, kCount>();
    LocalTensor<uint8_t> m = ub.Alloc<uint8_t, 64>();
    LocalTensor<half> out = ub.Alloc<half, kCount>();
    DataCopy(a, x_gm, kCount);
    DataCopy(b, y_gm, kCount);
    Duplicate(m.ReinterpretCast<uint32_t>(), 0xA5A5A5A5u, 64 / 4);
    Duplicate(out, static_cast<half>(-7.0f), kCount);
    Compare(m, a, b, CMPMODE::GT, 128, 2, BinaryRepeatParams(1, 1, 1, 8, 8, 8));
    Select(out,
           m,
           a,
           b,
           SELMODE::VSEL_TENSOR_TENSOR_MODE,
           100,
           2,
           BinaryRepeatParams(1, 1, 1, 8, 8, 8));
    DataCopy(masks_gm, m, 64);
    DataCopy(sel_gm, out, kCount);
}

uint32_t launch_compare_select_half(void* stream, void* x, void* y, void* masks, void* selected) {
    return compare_select_half<<<1, 0, stream>>>(x, y, masks, selected);
}

uint32_t launch_compare_select_repeat(void* stream, void* x, void* y, void* masks, void* selected) {
    return compare_select_repeat<<<1, 0, stream>>>(x, y, masks, selected);
}
