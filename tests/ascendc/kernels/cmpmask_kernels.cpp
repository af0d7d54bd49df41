// The CMPMASK register on floats (64 per 256-byte repeat): Compare into the register,
// GetCmpMask, SetCmpMask and the Select forms without a selMask, for test_ascendc_cmpmask, which
// computes the references.
#include "cmpmask_kernels.h"

#include "kernel_operator.h"

using namespace AscendC;

// Masks (128 bytes each, pre-filled with 0xA5):
//   0: GetCmpMask after Compare LT of elements 0..63 (count mask 64)
//   1: GetCmpMask after Compare GT of elements 64..127 with count mask 32 (bits 32..63 keep LT)
//   2: Compare repeat form NE, 2 repeats into the tensor (the bits modes 1 and 2 read)
// Selections (256 floats each, pre-filled with -7):
//   0: mode 0, register = mask 1, vector mask 48, 2 repeats
//   1: mode 1, register = 2.5f (SetCmpMask of a float tensor), selMask = mask 2, 2 repeats
//   2: mode 2, register = mask 2's 64-bit address, bit-wise vector mask, 2 repeats, src1
//      repeat stride 0
//   3: mode 2, register = the low 32 bits of that address (high word garbage), Counter mode 100
extern "C" __global__ __aicore__ void cmpmask_select(GM_ADDR x,
                                                     GM_ADDR y,
                                                     GM_ADDR masks,
                                                     GM_ADDR selected) {
    constexpr uint32_t kCount = 256;
    GlobalTensor<float> x_gm, y_gm, sel_gm;
    GlobalTensor<uint8_t> masks_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, kCount);
    y_gm.SetGlobalBuffer((__gm__ float*)y, kCount);
    masks_gm.SetGlobalBuffer((__gm__ uint8_t*)masks, 3 * 128);
    sel_gm.SetGlobalBuffer((__gm__ float*)selected, 4 * kCount);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<float> a = ub.Alloc<float, kCount>();
    LocalTensor<float> b = ub.Alloc<float, kCount>();
    LocalTensor<uint8_t> m = ub.Alloc<uint8_t, 3 * 128>();
    LocalTensor<float> out = ub.Alloc<float, 4 * kCount>();
    LocalTensor<float> scalar = ub.Alloc<float, 8>();
    LocalTensor<int64_t> address = ub.Alloc<int64_t, 4>();
    DataCopy(a, x_gm, kCount);
    DataCopy(b, y_gm, kCount);
    Duplicate(m.ReinterpretCast<uint32_t>(), 0xA5A5A5A5u, 3 * 128 / 4);
    Duplicate(out, -7.0f, 4 * kCount);
    const BinaryRepeatParams dense(1, 1, 1, 8, 8, 8);

    Compare(a, b, CMPMODE::LT, 64, dense);
    GetCmpMask(m);
    Compare(a[64], b[64], CMPMODE::GT, 32, dense);
    GetCmpMask(m[128]);
    Compare(m[256], a, b, CMPMODE::NE, 64, 2, dense);

    SetVectorMask<float>(48);
    Select<float, SELMODE::VSEL_CMPMASK_SPR>(out, a, b, 2, dense);

    Duplicate(scalar, 2.5f, 8);
    SetCmpMask(scalar);
    ResetMask();
    Select(out[kCount], m[256], a, 2, dense);

    address.SetValue(0, reinterpret_cast<int64_t>(m[256].GetPhyAddr()));
    SetCmpMask(address);
    SetVectorMask<float>(0, 0xF0F0F0F00000FFFFull);
    Select<float, SELMODE::VSEL_TENSOR_TENSOR_MODE>(
        out[2 * kCount], a, b, 2, BinaryRepeatParams(1, 1, 1, 8, 8, 0));

    LocalTensor<uint32_t> address32 = address.ReinterpretCast<uint32_t>();
    address32.SetValue(0, static_cast<uint32_t>(reinterpret_cast<uint64_t>(m[256].GetPhyAddr())));
    address32.SetValue(1, 0x7777u);
    SetCmpMask(address32);
    SetMaskCount();
    SetVectorMask<float, MaskMode::COUNTER>(0, 100);
    Select<float, SELMODE::VSEL_TENSOR_TENSOR_MODE>(out[3 * kCount], a, b, 1, dense);
    SetMaskNorm();
    ResetMask();

    DataCopy(masks_gm, m, 3 * 128);
    DataCopy(sel_gm, out, 4 * kCount);
}

// The register holds an address 300000 bytes past the UB's start: beyond its 192 KB.
extern "C" __global__ __aicore__ void cmpmask_bad_address(GM_ADDR out) {
    GlobalTensor<float> out_gm;
    out_gm.SetGlobalBuffer((__gm__ float*)out, 64);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<float> a = ub.Alloc<float, 64>();
    LocalTensor<int64_t> address = ub.Alloc<int64_t, 4>();
    Duplicate(a, 1.0f, 64);
    address.SetValue(0, reinterpret_cast<int64_t>(a.GetPhyAddr()) + 300000);
    SetCmpMask(address);
    Select<float, SELMODE::VSEL_TENSOR_TENSOR_MODE>(
        a, a, a, 1, BinaryRepeatParams(1, 1, 1, 8, 8, 8));
    DataCopy(out_gm, a, 64);
}

// half: 128 elements per repeat, all 128 register bits. Compare GE with a bit-wise mask that
// leaves out elements 64..71 (their bits stay 0 from the block's start), GetCmpMask, then Select
// mode 0 over 2 repeats with every element.
extern "C" __global__ __aicore__ void cmpmask_half(GM_ADDR x,
                                                   GM_ADDR y,
                                                   GM_ADDR mask,
                                                   GM_ADDR selected) {
    GlobalTensor<half> x_gm, y_gm, sel_gm;
    GlobalTensor<uint8_t> mask_gm;
    x_gm.SetGlobalBuffer((__gm__ half*)x, 128);
    y_gm.SetGlobalBuffer((__gm__ half*)y, 128);
    mask_gm.SetGlobalBuffer((__gm__ uint8_t*)mask, 16);
    sel_gm.SetGlobalBuffer((__gm__ half*)selected, 256);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<half> a = ub.Alloc<half, 128>();
    LocalTensor<half> b = ub.Alloc<half, 128>();
    LocalTensor<uint8_t> m = ub.Alloc<uint8_t, 128>();
    LocalTensor<half> out = ub.Alloc<half, 256>();
    DataCopy(a, x_gm, 128);
    DataCopy(b, y_gm, 128);
    const uint64_t all_but_64_to_71[2] = {~0ull, ~0xFFull};
    Compare(a, b, CMPMODE::GE, all_but_64_to_71, BinaryRepeatParams(1, 1, 1, 8, 8, 8));
    GetCmpMask(m);
    ResetMask();
    Select<half, SELMODE::VSEL_CMPMASK_SPR>(out, a, b, 2, BinaryRepeatParams(1, 1, 1, 8, 0, 0));
    DataCopy(mask_gm, m, 32);
    DataCopy(sel_gm, out, 256);
}

uint32_t launch_cmpmask_half(void* stream, void* x, void* y, void* mask, void* selected) {
    return cmpmask_half<<<1, 0, stream>>>(x, y, mask, selected);
}

uint32_t launch_cmpmask_select(void* stream, void* x, void* y, void* masks, void* selected) {
    return cmpmask_select<<<1, 0, stream>>>(x, y, masks, selected);
}

uint32_t launch_cmpmask_bad_address(void* stream, void* out) {
    return cmpmask_bad_address<<<1, 0, stream>>>(out);
}
