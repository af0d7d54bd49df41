// Kernels for test_ascendc_namespace_const: every count, scalar, mask, repeat time, copy
// parameter and round mode below is a namespace-scope constant, as CANN's examples write them.
// A parameter taken by const reference would bind (odr-use) the host variable in device code,
// which nvcc refuses ("identifier ... is undefined in device code"): a CUDA build compiles this
// file with nvcc to keep those parameters by value.
#include "namespace_const_kernels.h"

#include "kernel_operator.h"

const int32_t TILE_LENGTH = 64;  // asc_sync_all's spelling
const uint32_t COPY_LENGTH = 64;
constexpr int32_t INDEX_LENGTH = 48;
const float SCALE = 2.5f;
constexpr float OFFSET = -0.75f;
const float FLOOR_VALUE = 0.5f;
const float FIRST_INDEX = -3.0f;
const uint64_t FULL_MASK = 64;
const uint8_t REPEAT_TIMES = 1;
const uint16_t BLOCK_COUNT = 1;
const uint16_t BLOCK_LEN = 8;  // 32-byte blocks: 64 floats
const int16_t SHIFT_BITS = 3;
const int16_t LOW_NIBBLES = 0x0F0F;
const AscendC::RoundMode ROUND_MODE = AscendC::RoundMode::CAST_RINT;
// DivCeil in a constant expression, as CANN's tiling code uses it: ceil(64 / 2) = 32.
constexpr uint32_t HALF_TILE = AscendC::DivCeil(COPY_LENGTH, 2u);
static_assert(HALF_TILE == 32, "DivCeil is a constant expression");

extern "C" __global__ __vector__ void const_float_ops(GM_ADDR x,
                                                      GM_ADDR y,
                                                      GM_ADDR out,
                                                      GM_ADDR copy) {
    AscendC::GlobalTensor<float> x_gm, y_gm, out_gm, copy_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, TILE_LENGTH);
    y_gm.SetGlobalBuffer((__gm__ float*)y, TILE_LENGTH);
    out_gm.SetGlobalBuffer((__gm__ float*)out, kConstRows * TILE_LENGTH);
    copy_gm.SetGlobalBuffer((__gm__ float*)copy, TILE_LENGTH);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, (kConstRows + 3) * TILE_LENGTH * sizeof(float));
    AscendC::LocalTensor<float> xs = buf.Get<float>();
    AscendC::LocalTensor<float> ys = xs[TILE_LENGTH];
    AscendC::LocalTensor<float> cs = xs[2 * TILE_LENGTH];
    AscendC::LocalTensor<float> rs = xs[3 * TILE_LENGTH];
    AscendC::DataCopy(xs, x_gm, TILE_LENGTH);
    AscendC::DataCopy(ys, y_gm, COPY_LENGTH);
    AscendC::DataCopy(cs, x_gm, AscendC::DataCopyParams{BLOCK_COUNT, BLOCK_LEN, 0, 0});
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Add(rs, xs, ys, TILE_LENGTH);
    AscendC::Sub(rs[TILE_LENGTH], xs, ys, TILE_LENGTH);
    AscendC::Muls(rs[2 * TILE_LENGTH], xs, SCALE, TILE_LENGTH);
    AscendC::Adds(rs[3 * TILE_LENGTH], xs, OFFSET, TILE_LENGTH);
    AscendC::Maxs(rs[4 * TILE_LENGTH], xs, FLOOR_VALUE, TILE_LENGTH);
    AscendC::Mins(rs[5 * TILE_LENGTH], xs, FLOOR_VALUE, TILE_LENGTH);
    AscendC::Abs(rs[6 * TILE_LENGTH], xs, TILE_LENGTH);
    AscendC::Relu(rs[7 * TILE_LENGTH], xs, TILE_LENGTH);
    AscendC::Duplicate(rs[8 * TILE_LENGTH], SCALE, TILE_LENGTH);
    AscendC::Muls(rs[9 * TILE_LENGTH], xs, SCALE, FULL_MASK, REPEAT_TIMES, {1, 1, 8, 8});
    AscendC::Duplicate(rs[10 * TILE_LENGTH], SCALE, TILE_LENGTH);
    AscendC::CreateVecIndex(rs[10 * TILE_LENGTH], FIRST_INDEX, INDEX_LENGTH);
    cs.SetValue(0, SCALE);
    AscendC::printf("tile %d scale %f\n", TILE_LENGTH, SCALE);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(out_gm, rs, kConstRows * TILE_LENGTH);
    AscendC::DataCopy(copy_gm, cs, AscendC::DataCopyParams{BLOCK_COUNT, BLOCK_LEN, 0, 0});
}

uint32_t launch_const_float_ops(void* stream, void* x, void* y, void* out, void* copy) {
    return const_float_ops<<<1, nullptr, stream>>>(x, y, out, copy);
}

extern "C" __global__ __vector__ void const_int_ops(GM_ADDR x,
                                                    GM_ADDR out,
                                                    GM_ADDR s,
                                                    GM_ADDR out16) {
    AscendC::GlobalTensor<float> x_gm;
    AscendC::GlobalTensor<int32_t> out_gm;
    AscendC::GlobalTensor<int16_t> s_gm, out16_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, TILE_LENGTH);
    out_gm.SetGlobalBuffer((__gm__ int32_t*)out, TILE_LENGTH);
    s_gm.SetGlobalBuffer((__gm__ int16_t*)s, TILE_LENGTH);
    out16_gm.SetGlobalBuffer((__gm__ int16_t*)out16, 4 * TILE_LENGTH);
    AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;
    AscendC::LocalTensor<float> xs = ub.Alloc<float, TILE_LENGTH>();
    AscendC::LocalTensor<int32_t> is = ub.Alloc<int32_t, TILE_LENGTH>();
    AscendC::LocalTensor<int16_t> ss = ub.Alloc<int16_t, TILE_LENGTH>();
    AscendC::LocalTensor<int16_t> rs = ub.Alloc<int16_t, 4 * TILE_LENGTH>();
    AscendC::DataCopy(xs, x_gm, TILE_LENGTH);
    AscendC::DataCopy(ss, s_gm, TILE_LENGTH);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::Cast(is, xs, ROUND_MODE, COPY_LENGTH);
    AscendC::ShiftLeft(rs, ss, SHIFT_BITS, TILE_LENGTH);
    AscendC::ShiftRight(rs[TILE_LENGTH], ss, SHIFT_BITS, TILE_LENGTH);
    AscendC::Ors(rs[2 * TILE_LENGTH], LOW_NIBBLES, ss, TILE_LENGTH);
    // DivCeil at run time (ceil(64 / 24) = 3), written over the first HALF_TILE slots of row 3.
    AscendC::Duplicate(rs[3 * TILE_LENGTH], (int16_t)0, TILE_LENGTH);
    AscendC::Duplicate(rs[3 * TILE_LENGTH], (int16_t)AscendC::DivCeil(TILE_LENGTH, 24), HALF_TILE);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(out_gm, is, TILE_LENGTH);
    AscendC::DataCopy(out16_gm, rs, 4 * TILE_LENGTH);
}

uint32_t launch_const_int_ops(void* stream, void* x, void* out, void* s, void* out16) {
    return const_int_ops<<<1, nullptr, stream>>>(x, out, s, out16);
}
