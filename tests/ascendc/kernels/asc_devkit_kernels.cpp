// Kernels for test_ascendc_asc_devkit. This source includes only the printf header CANN's newer
// examples include instead of kernel_operator.h (both spellings), which must bring the whole
// kernel API, and has no `using namespace AscendC`, as CANN's examples have none.
#include "asc_devkit_kernels.h"

#include "debug/asc_printf.h"
#include "utils/debug/asc_printf.h"

// SetPadValue then DataCopyPad GM -> UB with isPad false: the 12 slots after the 20 halves
// (up to the 32-byte end and rightPadding) take the set value.
extern "C" __global__ __vector__ void pad_value_half(GM_ADDR x, GM_ADDR out) {
    AscendC::GlobalTensor<half> x_gm, out_gm;
    x_gm.SetGlobalBuffer((__gm__ half*)x, 20);
    out_gm.SetGlobalBuffer((__gm__ half*)out, 32);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    AscendC::LocalTensor<half> t = ub.Alloc<half, 32>();
    AscendC::DataCopyExtParams copy{1, 20 * sizeof(half), 0, 0, 0};
    AscendC::DataCopyPadExtParams<half> pad;
    pad.isPad = false;
    pad.rightPadding = 12;
    AscendC::SetPadValue((half)1);
    AscendC::DataCopyPad(t, x_gm, copy, pad);
    // The event ids are global names, as in CANN's examples (no using-directive here).
    const int32_t event = EVENT_ID1;
    AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(EVENT_ID0);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(AscendC::EVENT_ID0);
    AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(event);
    AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(event);
    AscendC::DataCopy(out_gm, t, 32);
}

// Three 20-byte rows padded to 32 bytes each: with SetPadValue(-2.5f) and isPad false, then with
// isPad true and paddingValue 4 (the DataCopyPadExtParams value wins over SetPadValue's).
extern "C" __global__ __vector__ void pad_value_rows(GM_ADDR x, GM_ADDR out) {
    AscendC::GlobalTensor<float> x_gm, out_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, 15);
    out_gm.SetGlobalBuffer((__gm__ float*)out, 48);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 48 * sizeof(float));
    AscendC::LocalTensor<float> t = buf.Get<float>();
    AscendC::DataCopyExtParams copy{3, 5 * sizeof(float), 0, 0, 0};
    AscendC::SetPadValue<float, AscendC::TPosition::VECIN>(-2.5f);
    AscendC::DataCopyPad(t, x_gm, copy, AscendC::DataCopyPadExtParams<float>{false, 0, 3, 0.0f});
    AscendC::DataCopyPad(t[24], x_gm, copy, AscendC::DataCopyPadExtParams<float>{true, 0, 3, 4.0f});
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(out_gm, t, 48);
}

uint32_t launch_pad_value_half(void* stream, void* x, void* out) {
    return pad_value_half<<<1, nullptr, stream>>>(x, out);
}

uint32_t launch_pad_value_rows(void* stream, void* x, void* out) {
    return pad_value_rows<<<1, nullptr, stream>>>(x, out);
}

extern "C" __global__ __vector__ void atomic_max_min(
    GM_ADDR x, GM_ADDR xi, GM_ADDR out_max, GM_ADDR out_min, GM_ADDR plain) {
    constexpr uint32_t kRow = 64;
    const int64_t b = AscendC::GetBlockIdx();
    AscendC::GlobalTensor<float> x_gm, max_gm, plain_gm;
    AscendC::GlobalTensor<int32_t> xi_gm, min_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x + b * kRow, kRow);
    xi_gm.SetGlobalBuffer((__gm__ int32_t*)xi + b * kRow, kRow);
    max_gm.SetGlobalBuffer((__gm__ float*)out_max, kRow);
    min_gm.SetGlobalBuffer((__gm__ int32_t*)out_min, kRow);
    plain_gm.SetGlobalBuffer((__gm__ float*)plain + b * kRow, kRow);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    AscendC::LocalTensor<float> f = ub.Alloc<float, kRow>();
    AscendC::LocalTensor<int32_t> i = ub.Alloc<int32_t, kRow>();
    AscendC::DataCopy(f, x_gm, kRow);
    AscendC::DataCopy(i, xi_gm, kRow);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::SetAtomicMax<float>();
    AscendC::DataCopy(max_gm, f, kRow);
    AscendC::SetAtomicMin<int32_t>();
    AscendC::DataCopy(min_gm, i, kRow);
    AscendC::DisableDmaAtomic();
    AscendC::DataCopy(plain_gm, f, kRow);
}

uint32_t launch_atomic_max_min(
    void* stream, void* x, void* xi, void* out_max, void* out_min, void* plain) {
    return atomic_max_min<<<3, nullptr, stream>>>(x, xi, out_max, out_min, plain);
}

template <uint32_t kScenario>
__global__ __vector__ void cast_ceil_scenario(GM_ADDR x, GM_ADDR y) {
    constexpr uint32_t kCount = 64;
    constexpr uint64_t kMask = 64;
    AscendC::GlobalTensor<float> x_gm;
    AscendC::GlobalTensor<int32_t> y_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, kCount);
    y_gm.SetGlobalBuffer((__gm__ int32_t*)y, kCount);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    AscendC::LocalTensor<float> xs = ub.Alloc<float, kCount>();
    AscendC::LocalTensor<int32_t> ys = ub.Alloc<int32_t, kCount>();
    AscendC::DataCopy(xs, x_gm, kCount);
    if constexpr (kScenario == 0) {
        AscendC::LocalTensor<int8_t> packed = ub.Alloc<int8_t, kCount / 2>();
        AscendC::LocalTensor<AscendC::int4b_t> nibbles =
            packed.template ReinterpretCast<AscendC::int4b_t>();
        AscendC::Cast<AscendC::int4b_t, float>(
            nibbles, xs, AscendC::RoundMode::CAST_CEIL, kMask, 1, {1, 1, 1, 8});
    } else {
        AscendC::Cast(ys, xs, AscendC::RoundMode::CAST_CEIL, kCount);
    }
    AscendC::DataCopy(y_gm, ys, kCount);
}

uint32_t launch_cast_ceil_scenario(void* stream, void* x, void* y) {
    return cast_ceil_scenario<1><<<1, nullptr, stream>>>(x, y);
}

// ShiftLeft / ShiftRight (count forms): arithmetic right shifts of signed values, logical of
// unsigned ones, and shifts by the whole width.
extern "C" __global__ __vector__ void shifts(
    GM_ADDR x, GM_ADDR u, GM_ADDR w, GM_ADDR out16, GM_ADDR out32) {
    constexpr uint32_t kCount = 64;
    AscendC::GlobalTensor<int16_t> x_gm, o16_gm;
    AscendC::GlobalTensor<uint16_t> u_gm;
    AscendC::GlobalTensor<int32_t> w_gm, o32_gm;
    x_gm.SetGlobalBuffer((__gm__ int16_t*)x, kCount);
    u_gm.SetGlobalBuffer((__gm__ uint16_t*)u, kCount);
    w_gm.SetGlobalBuffer((__gm__ int32_t*)w, kCount);
    o16_gm.SetGlobalBuffer((__gm__ int16_t*)out16, 4 * kCount);
    o32_gm.SetGlobalBuffer((__gm__ int32_t*)out32, 2 * kCount);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    AscendC::LocalTensor<int16_t> xs = ub.Alloc<int16_t, kCount>();
    AscendC::LocalTensor<uint16_t> us = ub.Alloc<uint16_t, kCount>();
    AscendC::LocalTensor<int32_t> ws = ub.Alloc<int32_t, kCount>();
    AscendC::LocalTensor<int16_t> r16 = ub.Alloc<int16_t, 4 * kCount>();
    AscendC::LocalTensor<int32_t> r32 = ub.Alloc<int32_t, 2 * kCount>();
    AscendC::DataCopy(xs, x_gm, kCount);
    AscendC::DataCopy(us, u_gm, kCount);
    AscendC::DataCopy(ws, w_gm, kCount);
    AscendC::ShiftRight(r16, xs, (int16_t)3, kCount);
    AscendC::ShiftLeft(r16[kCount], xs, (int16_t)5, kCount);
    AscendC::ShiftRight(r16[2 * kCount], xs, (int16_t)16, kCount);
    AscendC::LocalTensor<uint16_t> r16u = r16[3 * kCount].ReinterpretCast<uint16_t>();
    AscendC::ShiftRight(r16u, us, (uint16_t)3, kCount);
    AscendC::ShiftRight(r32, ws, 31, kCount);
    AscendC::ShiftLeft(r32[kCount], ws, 7, kCount);
    AscendC::DataCopy(o16_gm, r16, 4 * kCount);
    AscendC::DataCopy(o32_gm, r32, 2 * kCount);
}

uint32_t launch_shifts(void* stream, void* x, void* u, void* w, void* out16, void* out32) {
    return shifts<<<1, nullptr, stream>>>(x, u, w, out16, out32);
}

extern "C" __global__ __vector__ void add_sub_relu(
    GM_ADDR a, GM_ADDR b, GM_ADDR p, GM_ADDR q, GM_ADDR out, GM_ADDR out16) {
    constexpr uint32_t kCount = 64;
    AscendC::GlobalTensor<float> a_gm, b_gm, out_gm;
    AscendC::GlobalTensor<int16_t> p_gm, q_gm, out16_gm;
    a_gm.SetGlobalBuffer((__gm__ float*)a, kCount);
    b_gm.SetGlobalBuffer((__gm__ float*)b, kCount);
    p_gm.SetGlobalBuffer((__gm__ int16_t*)p, kCount);
    q_gm.SetGlobalBuffer((__gm__ int16_t*)q, kCount);
    out_gm.SetGlobalBuffer((__gm__ float*)out, 2 * kCount);
    out16_gm.SetGlobalBuffer((__gm__ int16_t*)out16, 2 * kCount);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    AscendC::LocalTensor<float> as = ub.Alloc<float, kCount>();
    AscendC::LocalTensor<float> bs = ub.Alloc<float, kCount>();
    AscendC::LocalTensor<int16_t> ps = ub.Alloc<int16_t, kCount>();
    AscendC::LocalTensor<int16_t> qs = ub.Alloc<int16_t, kCount>();
    AscendC::LocalTensor<float> rs = ub.Alloc<float, 2 * kCount>();
    AscendC::LocalTensor<int16_t> r16 = ub.Alloc<int16_t, 2 * kCount>();
    AscendC::DataCopy(as, a_gm, kCount);
    AscendC::DataCopy(bs, b_gm, kCount);
    AscendC::DataCopy(ps, p_gm, kCount);
    AscendC::DataCopy(qs, q_gm, kCount);
    AscendC::AddRelu(rs, as, bs, kCount);
    AscendC::SubRelu(rs[kCount], as, bs, kCount);
    AscendC::AddRelu<int16_t>(r16, ps, qs, kCount);
    AscendC::SubRelu(r16[kCount], ps, qs, kCount);
    AscendC::DataCopy(out_gm, rs, 2 * kCount);
    AscendC::DataCopy(out16_gm, r16, 2 * kCount);
}

uint32_t launch_add_sub_relu(
    void* stream, void* a, void* b, void* p, void* q, void* out, void* out16) {
    return add_sub_relu<<<1, nullptr, stream>>>(a, b, p, q, out, out16);
}

extern "C" __global__ __vector__ void vec_index(GM_ADDR out16, GM_ADDR out32, GM_ADDR outf) {
    AscendC::GlobalTensor<int16_t> o16;
    AscendC::GlobalTensor<int32_t> o32;
    AscendC::GlobalTensor<float> of;
    o16.SetGlobalBuffer((__gm__ int16_t*)out16, 128);
    o32.SetGlobalBuffer((__gm__ int32_t*)out32, 128);
    of.SetGlobalBuffer((__gm__ float*)outf, 128);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    AscendC::LocalTensor<int16_t> a = ub.Alloc<int16_t, 128>();
    AscendC::LocalTensor<int32_t> b = ub.Alloc<int32_t, 128>();
    AscendC::LocalTensor<float> c = ub.Alloc<float, 128>();
    AscendC::Duplicate(a, (int16_t)7, 128);
    AscendC::Duplicate(b, 7, 128);
    AscendC::Duplicate(c, 7.0f, 128);
    AscendC::CreateVecIndex(a, (int16_t)-40, 96);
    AscendC::CreateVecIndex(b, 1000000, 80);
    AscendC::CreateVecIndex(c, -2.5f, 72);
    AscendC::DataCopy(o16, a, 128);
    AscendC::DataCopy(o32, b, 128);
    AscendC::DataCopy(of, c, 128);
}

uint32_t launch_vec_index(void* stream, void* out16, void* out32, void* outf) {
    return vec_index<<<1, nullptr, stream>>>(out16, out32, outf);
}
