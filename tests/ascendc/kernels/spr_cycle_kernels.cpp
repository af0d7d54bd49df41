// The special registers the reductions leave (GetReduceRepeatMaxMinSpr, GetReduceMaxMinCount,
// GetAccVal), the system counter (GetSystemCycle) and the count forms' <T, isSetMask> spelling,
// for test_ascendc_spr_cycle, which computes the references.
#include "spr_cycle_kernels.h"

#include "kernel_operator.h"
#include "utils/std/cmath.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void spr_cycle_kernel(GM_ADDR x, GM_ADDR xh, GM_ADDR out) {
    using namespace spr_cycle_layout;
    const int64_t cycle_before = GetSystemCycle();
    GlobalTensor<float> x_gm;
    GlobalTensor<half> xh_gm;
    GlobalTensor<uint8_t> out_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, 256);
    xh_gm.SetGlobalBuffer((__gm__ half*)xh, 256);
    out_gm.SetGlobalBuffer((__gm__ uint8_t*)out, kBytes);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<float> f = ub.Alloc<float, 256>();
    LocalTensor<half> h = ub.Alloc<half, 256>();
    LocalTensor<float> work = ub.Alloc<float, 512>();
    LocalTensor<half> work_h = ub.Alloc<half, 512>();
    LocalTensor<uint8_t> o = ub.Alloc<uint8_t, kBytes>();
    DataCopy(f, x_gm, 256);
    DataCopy(h, xh_gm, 256);
    Duplicate(o, static_cast<uint8_t>(0), kBytes);
    auto floats = [&](uint32_t at) { return o[at].ReinterpretCast<float>(); };
    float value = 0;
    float index = 0;

    // All 4 repeats of 64: the first maximum of the 256 and its index.
    WholeReduceMax<float>(work, f, 64, 4, 1, 1, 8);
    GetReduceRepeatMaxMinSpr<float>(value, index);
    floats(kRepeatMaxSpr).SetValue(0, value);
    floats(kRepeatMaxSpr).SetValue(1, index);
    // The first 48 of 2 repeats: the minimum's index counts 64 to a repeat.
    ReduceRepeat<ReduceType::MIN, float>(work, f, 48, 2, 1, 1, 8);
    GetReduceRepeatMaxMinSpr<float>(value, index);
    floats(kRepeatMinSpr).SetValue(0, value);
    floats(kRepeatMinSpr).SetValue(1, index);
    // half: 2 repeats of 128.
    half hvalue = 0;
    half hindex = 0;
    WholeReduceMax<half>(work_h, h, 128, 2, 1, 1, 8);
    GetReduceRepeatMaxMinSpr<half>(hvalue, hindex);
    o[kHalfMaxSpr].ReinterpretCast<half>().SetValue(0, hvalue);
    o[kHalfMaxSpr].ReinterpretCast<half>().SetValue(1, hindex);
    // ReduceMax, count form over the first 200.
    ReduceMax<float>(work, f, work[256], 200, true);
    GetReduceRepeatMaxMinSpr<float>(value, index);
    floats(kReduceMaxSpr).SetValue(0, value);
    floats(kReduceMaxSpr).SetValue(1, index);
    // ReduceMin, repeat form: 3 repeats of 64.
    ReduceMin<float>(work, f, work[256], 64, 3, 8, true);
    GetReduceRepeatMaxMinSpr<float>(value, index);
    floats(kReduceMinRepeatSpr).SetValue(0, value);
    floats(kReduceMinRepeatSpr).SetValue(1, index);
    // The name before CANN 9.0, after WholeReduceMin over repeats 2 and 3 (src from element 128).
    WholeReduceMin<float>(work, f[128], 64, 2, 1, 1, 8);
    GetReduceMaxMinCount<float>(value, index);
    floats(kOldNameSpr).SetValue(0, value);
    floats(kOldNameSpr).SetValue(1, index);
    WholeReduceMax<float>(work, f, 64, 1, 1, 1, 8);
    GetReduceRepeatMaxMinSpr<float>(value);
    floats(kValueOnlySpr).SetValue(0, value);
    ReduceSum<float>(work, f, work[256], 100);
    floats(kAccVal).SetValue(0, GetAccVal<float>());

    Duplicate(floats(kAddsRegister), static_cast<float>(kUnwritten), 384);  // by value: host-only
    // isSetMask = false: Counter mode from the register (100 elements), the count argument unused.
    SetMaskCount();
    SetVectorMask<float, MaskMode::COUNTER>(100);
    Adds<float, false>(floats(kAddsRegister), f, 2.0f, 7);
    SetMaskNorm();
    // Normal mode: one repeat, the register's bits (the low 4 of each byte of the low word).
    SetVectorMask<float, MaskMode::NORMAL>(0, 0x0F0F0F0F0F0F0F0Full);
    Muls<float, false>(floats(kMulsRegister), f, 3.0f, 200);
    ResetMask();
    Adds<float, true>(floats(kAddsSetMask), f, 1.5f, 70);

    SetMaskCount();
    SetVectorMask<float, MaskMode::COUNTER>(150);
    ReduceSum<float, false>(work, f, work[256], 5);
    floats(kSumCounter).SetValue(0, work.GetValue(0));
    SetMaskNorm();
    SetVectorMask<float, MaskMode::NORMAL>(0, 0xFFFFull);
    ReduceSum<float, false>(work, f, work[256], 5);
    floats(kSumNormal).SetValue(0, work.GetValue(0));
    ResetMask();
    ReduceSum<float, true>(work, f, work[256], 90);
    floats(kSumSetMask).SetValue(0, work.GetValue(0));
    floats(kSumAfter).SetValue(0, GetReduceRepeatSumSpr<float>());

    floats(kStdMath).SetValue(0, static_cast<float>(Std::ceil_div(100u, 64u)));
    floats(kStdMath).SetValue(1, Std::abs(-3.5f));
    floats(kStdMath).SetValue(2, Std::sqrt(20.25f));

    // A count form leaves Normal mode and every element: the Muls after the Add, reading the
    // register, takes all 64 elements of one repeat, not the 10 of the Counter mode set before.
    Duplicate(floats(kAfterCountForm), static_cast<float>(kUnwritten), 128);
    SetMaskCount();
    SetVectorMask<float, MaskMode::COUNTER>(10);
    Add(work, f, f, 20);
    Muls<float, false>(floats(kAfterCountForm), f, 3.0f, MASK_PLACEHOLDER, 2, UnaryRepeatParams{});

    PipeBarrier<PIPE_ALL>();
    const int64_t cycle_after = GetSystemCycle();
    o[kCycles].ReinterpretCast<int64_t>().SetValue(0, cycle_before);
    o[kCycles].ReinterpretCast<int64_t>().SetValue(1, cycle_after);
    DataCopy(out_gm, o, kBytes);
}

uint32_t launch_spr_cycle(void* stream, void* x, void* xh, void* out) {
    return spr_cycle_kernel<<<1, 0, stream>>>(x, xh, out);
}
