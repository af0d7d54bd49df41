// Ors / Ands with the scalar on either side (a value, or one element of a LocalTensor chosen by
// BinaryConfig) and ShiftLeft / ShiftRight by a tensor of counts, for test_ascendc_logic_scalar,
// which computes the references. Each output section starts as kFill bytes.
#include "logic_scalar_kernels.h"

#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void logic_scalar_kernel(GM_ADDR a,
                                                          GM_ADDR counts,
                                                          GM_ADDR c,
                                                          GM_ADDR out) {
    using namespace logic_scalar_layout;
    GlobalTensor<uint16_t> a_gm;
    GlobalTensor<int16_t> counts_gm, c_gm;
    GlobalTensor<uint8_t> out_gm;
    a_gm.SetGlobalBuffer((__gm__ uint16_t*)a, 256);
    counts_gm.SetGlobalBuffer((__gm__ int16_t*)counts, 256);
    c_gm.SetGlobalBuffer((__gm__ int16_t*)c, 256);
    out_gm.SetGlobalBuffer((__gm__ uint8_t*)out, kBytes);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<uint16_t> av = ub.Alloc<uint16_t, 256>();
    LocalTensor<int16_t> cnt = ub.Alloc<int16_t, 256>();
    LocalTensor<int16_t> cv = ub.Alloc<int16_t, 256>();
    LocalTensor<uint8_t> o = ub.Alloc<uint8_t, kBytes>();
    DataCopy(av, a_gm, 256);
    DataCopy(cnt, counts_gm, 256);
    DataCopy(cv, c_gm, 256);
    Duplicate(o, static_cast<uint8_t>(kFill), kBytes);  // by value: kFill is host-only
    auto u16 = [&](uint32_t at) { return o[at].ReinterpretCast<uint16_t>(); };

    // The scalar is element 16 of av, on the left (config index 0).
    static constexpr BinaryConfig kScalarFirst = {0};
    Ors<BinaryDefaultType, true, kScalarFirst>(u16(kOrsScalarFirst), av[16], av, 256);
    // The scalar is element 32 of av, on the right (the default); first 64 of 2 repeats.
    Ors(u16(kOrsRepeat), av, av[32], 64, 2, {1, 1, 8, 8});
    Ands(u16(kAnds), av, static_cast<uint16_t>(0x0F0F), 256);
    ShiftLeft(u16(kShiftLeft), av, cnt, 256);
    ShiftRight(o[kShiftRight].ReinterpretCast<int16_t>(), cv, cnt, 256);
    DataCopy(out_gm, o, kBytes);
}

uint32_t launch_logic_scalar(void* stream, void* a, void* counts, void* c, void* out) {
    return logic_scalar_kernel<<<1, 0, stream>>>(a, counts, c, out);
}
