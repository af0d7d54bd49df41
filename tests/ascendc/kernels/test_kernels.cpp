// Ascend C kernels for test_ascendc, written as CANN's samples write them (built through
// ascendc/tools/asc_rewrite.py, so the <<<>>> launches below are rewritten in the build tree).
#include "test_kernels.h"

#include "kernel_operator.h"

using namespace AscendC;

// Tier 1: a scalar kernel on GM pointers, with block_idx.
extern "C" __global__ __aicore__ void scalar_add_block(GM_ADDR data) {
    __gm__ int32_t* values = reinterpret_cast<__gm__ int32_t*>(data);
    values[block_idx * 16] += static_cast<int32_t>(block_idx) + 1;  // 64 bytes apart
}

extern "C" __global__ __aicore__ void print_blocks(int32_t tag) {
    AscendC::printf("block %ld of %ld tag %d\n", GetBlockIdx(), GetBlockNum(), tag);
}

extern "C" __global__ __aicore__ void trap_in_block(GM_ADDR data, int32_t bad_block) {
    __gm__ int32_t* values = reinterpret_cast<__gm__ int32_t*>(data);
    if (block_idx == bad_block) {
        asm("trap");
    }
    values[block_idx * 16] = 7;
}

extern "C" __global__ __aicore__ void assert_positive(int32_t value) {
    assert(value > 0, "value %d\n", value);
}

// Tier 2: the double-buffered vector add (TPipe, TQue, DataCopy, Add), half.
constexpr int32_t kBufferNum = 2;

class VectorAdd {
public:
    __aicore__ inline void Init(
        GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t per_block, uint32_t tile) {
        per_block_ = per_block;
        tile_ = tile;
        x_.SetGlobalBuffer((__gm__ half*)x + per_block * GetBlockIdx(), per_block);
        y_.SetGlobalBuffer((__gm__ half*)y + per_block * GetBlockIdx(), per_block);
        z_.SetGlobalBuffer((__gm__ half*)z + per_block * GetBlockIdx(), per_block);
        pipe_.InitBuffer(in_x_, kBufferNum, tile * sizeof(half));
        pipe_.InitBuffer(in_y_, kBufferNum, tile * sizeof(half));
        pipe_.InitBuffer(out_z_, kBufferNum, tile * sizeof(half));
    }
    __aicore__ inline void Process() {
        for (uint32_t i = 0; i < per_block_ / tile_; ++i) {
            LocalTensor<half> x = in_x_.AllocTensor<half>();
            LocalTensor<half> y = in_y_.AllocTensor<half>();
            DataCopy(x, x_[i * tile_], tile_);
            DataCopy(y, y_[i * tile_], tile_);
            in_x_.EnQue(x);
            in_y_.EnQue(y);
            LocalTensor<half> xs = in_x_.DeQue<half>();
            LocalTensor<half> ys = in_y_.DeQue<half>();
            LocalTensor<half> z = out_z_.AllocTensor<half>();
            Add(z, xs, ys, tile_);
            out_z_.EnQue<half>(z);
            in_x_.FreeTensor(xs);
            in_y_.FreeTensor(ys);
            LocalTensor<half> zs = out_z_.DeQue<half>();
            DataCopy(z_[i * tile_], zs, tile_);
            out_z_.FreeTensor(zs);
        }
    }

private:
    TPipe pipe_;
    TQue<QuePosition::VECIN, kBufferNum> in_x_, in_y_;
    TQue<QuePosition::VECOUT, kBufferNum> out_z_;
    GlobalTensor<half> x_, y_, z_;
    uint32_t per_block_ = 0;
    uint32_t tile_ = 0;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x,
                                                 GM_ADDR y,
                                                 GM_ADDR z,
                                                 AddTiling tiling) {
    VectorAdd op;
    op.Init(x, y, z, tiling.per_block, tiling.tile);
    op.Process();
}

// Tier 2/3: a sum of half values through Cast to float and ReduceSum, one result per block.
template <typename T>
__global__ __aicore__ void sum_as_float(GM_ADDR x, GM_ADDR out, uint32_t count) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> in, wide, result;
    pipe.InitBuffer(in, count * sizeof(T));
    pipe.InitBuffer(wide, count * sizeof(float));
    pipe.InitBuffer(result, 32);
    GlobalTensor<T> x_gm;
    x_gm.SetGlobalBuffer((__gm__ T*)x + count * GetBlockIdx(), count);
    GlobalTensor<float> out_gm;
    out_gm.SetGlobalBuffer((__gm__ float*)out + 8 * GetBlockIdx(), 8);
    LocalTensor<T> x_local = in.Get<T>();
    LocalTensor<float> w = wide.Get<float>();
    LocalTensor<float> r = result.Get<float>();
    DataCopy(x_local, x_gm, count);
    Cast(w, x_local, RoundMode::CAST_NONE, count);
    Duplicate(r, 0.0f, 8);
    ReduceSum(r, w, w, count);
    DataCopy(out_gm, r, 8);
}

// SyncAll: every block writes its index + 1 to its slot (at most 16 blocks), waits, then block
// 0 adds the slots. Portable Ascend C: the same source runs on the GPU (nvcc) too.
extern "C" __global__ __aicore__ void sync_sum(GM_ADDR data) {
    volatile __gm__ int32_t* values = reinterpret_cast<volatile __gm__ int32_t*>(data);
    values[block_idx] = static_cast<int32_t>(block_idx) + 1;
    SyncAll();
    if (block_idx == 0) {
        int32_t total = 0;
        for (int64_t b = 0; b < block_num; ++b) {
            total += values[b];
        }
        values[16] = total;
    }
}

// Tier 3: an unaligned copy in (DataCopyPad, padded with zeros), scaled by block_idx + 1, then
// accumulated into one GM result by every block (SetAtomicAdd); block 0 dumps its padded tile.
extern "C" __global__ __aicore__ void pad_and_accumulate(GM_ADDR x, GM_ADDR total, uint32_t n) {
    GlobalTensor<float> x_gm, total_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, n);
    total_gm.SetGlobalBuffer((__gm__ float*)total, n);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64 * sizeof(float));
    LocalTensor<float> t = buf.Get<float>();
    const uint8_t right = static_cast<uint8_t>((8 - n % 8) % 8);
    DataCopyPad(t,
                x_gm,
                DataCopyExtParams(1, n * sizeof(float), 0, 0, 0),
                DataCopyPadExtParams<float>(true, 0, right, 0.0f));
    if (GetBlockIdx() == 0) {
        DumpTensor(t, 7, n + right);
    }
    Muls(t, t, static_cast<float>(GetBlockIdx() + 1), static_cast<int32_t>(n + right));
    SetAtomicAdd<float>();
    DataCopyPad(total_gm, t, DataCopyExtParams(1, n * sizeof(float), 0, 0, 0));
    SetAtomicNone();
}

// A DataCopy whose byte count is not a multiple of 32: the NPU copies the rounded-down amount.
extern "C" __global__ __aicore__ void copy_count(GM_ADDR x, GM_ADDR y, uint32_t count) {
    GlobalTensor<float> x_gm, y_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, 64);
    y_gm.SetGlobalBuffer((__gm__ float*)y, 64);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64 * sizeof(float));
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, -1.0f, 64);
    DataCopy(t, x_gm, count);
    DataCopy(y_gm, t, 64);
}

// Cast float -> half and float -> int32 in each round mode: 64 values, one row per mode.
extern "C" __global__ __aicore__ void cast_modes(GM_ADDR x, GM_ADDR halves, GM_ADDR ints) {
    constexpr uint32_t kCount = 64;
    const RoundMode modes[] = {RoundMode::CAST_RINT,
                               RoundMode::CAST_FLOOR,
                               RoundMode::CAST_CEIL,
                               RoundMode::CAST_ROUND,
                               RoundMode::CAST_TRUNC,
                               RoundMode::CAST_ODD};
    GlobalTensor<float> x_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, kCount);
    GlobalTensor<half> h_gm;
    h_gm.SetGlobalBuffer((__gm__ half*)halves, kCount * 6);
    GlobalTensor<int32_t> i_gm;
    i_gm.SetGlobalBuffer((__gm__ int32_t*)ints, kCount * 6);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<float> in = ub.Alloc<float, kCount>();
    LocalTensor<half> h = ub.Alloc<half, kCount>();
    LocalTensor<int32_t> i = ub.Alloc<int32_t, kCount>();
    DataCopy(in, x_gm, kCount);
    for (int m = 0; m < 6; ++m) {
        Cast(h, in, modes[m], kCount);
        DataCopy(h_gm[m * kCount], h, kCount);
        if (m != 5) {  // round-to-odd is a floating-point mode
            Cast(i, in, modes[m], kCount);
            DataCopy(i_gm[m * kCount], i, kCount);
        }
    }
}

// The half count forms over more than one 512-element chunk of the host's staging (kernel_vector.h)
// and a tail: Sub, Div, Muls, Abs then Sqrt in place, and Add in place; five rows of kHalfOps.
extern "C" __global__ __aicore__ void half_ops(GM_ADDR x, GM_ADDR y, GM_ADDR out) {
    constexpr uint32_t kCount = kHalfOps;
    GlobalTensor<half> x_gm, y_gm, out_gm;
    x_gm.SetGlobalBuffer((__gm__ half*)x, kCount);
    y_gm.SetGlobalBuffer((__gm__ half*)y, kCount);
    out_gm.SetGlobalBuffer((__gm__ half*)out, kCount * 5);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<half> a = ub.Alloc<half, kCount>();
    LocalTensor<half> b = ub.Alloc<half, kCount>();
    LocalTensor<half> z = ub.Alloc<half, kCount>();
    DataCopy(a, x_gm, kCount);
    DataCopy(b, y_gm, kCount);
    Sub(z, a, b, kCount);
    DataCopy(out_gm[0], z, kCount);
    Div(z, a, b, kCount);
    DataCopy(out_gm[kCount], z, kCount);
    Muls(z, a, static_cast<half>(1.5f), kCount);
    DataCopy(out_gm[kCount * 2], z, kCount);
    Abs(z, a, kCount);
    Sqrt(z, z, kCount);
    DataCopy(out_gm[kCount * 3], z, kCount);
    Add(a, a, b, kCount);
    DataCopy(out_gm[kCount * 4], a, kCount);
}

// Mul, Max and Min count forms on halves (three rows of kHalfOps) and on floats (three rows, then
// Add in place into the second operand: a fourth), over more than one vector width and a tail.
extern "C" __global__ __aicore__ void mul_max_min_ops(
    GM_ADDR x, GM_ADDR y, GM_ADDR out, GM_ADDR fx, GM_ADDR fy, GM_ADDR fout) {
    constexpr uint32_t kCount = kHalfOps;
    GlobalTensor<half> x_gm, y_gm, out_gm;
    x_gm.SetGlobalBuffer((__gm__ half*)x, kCount);
    y_gm.SetGlobalBuffer((__gm__ half*)y, kCount);
    out_gm.SetGlobalBuffer((__gm__ half*)out, kCount * 3);
    GlobalTensor<float> fx_gm, fy_gm, fout_gm;
    fx_gm.SetGlobalBuffer((__gm__ float*)fx, kCount);
    fy_gm.SetGlobalBuffer((__gm__ float*)fy, kCount);
    fout_gm.SetGlobalBuffer((__gm__ float*)fout, kCount * 4);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<half> a = ub.Alloc<half, kCount>();
    LocalTensor<half> b = ub.Alloc<half, kCount>();
    LocalTensor<half> z = ub.Alloc<half, kCount>();
    LocalTensor<float> fa = ub.Alloc<float, kCount>();
    LocalTensor<float> fb = ub.Alloc<float, kCount>();
    LocalTensor<float> fz = ub.Alloc<float, kCount>();
    DataCopy(a, x_gm, kCount);
    DataCopy(b, y_gm, kCount);
    DataCopy(fa, fx_gm, kCount);
    DataCopy(fb, fy_gm, kCount);
    Mul(z, a, b, kCount);
    DataCopy(out_gm[0], z, kCount);
    Max(z, a, b, kCount);
    DataCopy(out_gm[kCount], z, kCount);
    Min(z, a, b, kCount);
    DataCopy(out_gm[kCount * 2], z, kCount);
    Mul(fz, fa, fb, kCount);
    DataCopy(fout_gm[0], fz, kCount);
    Max(fz, fa, fb, kCount);
    DataCopy(fout_gm[kCount], fz, kCount);
    Min(fz, fa, fb, kCount);
    DataCopy(fout_gm[kCount * 2], fz, kCount);
    Add(fb, fa, fb, kCount);
    DataCopy(fout_gm[kCount * 3], fb, kCount);
}

// The mask/repeat forms on 256 floats (4 repeats of 64): out[0..127] = Add with a count mask of
// 40 over 2 repeats; out[128..255] = Add with a bit mask; then Muls by 3 reading every other
// DataBlock of x (srcBlkStride 2) into the first 64 elements of `strided`.
extern "C" __global__ __aicore__ void repeat_forms(GM_ADDR x,
                                                   GM_ADDR y,
                                                   GM_ADDR out,
                                                   GM_ADDR strided) {
    constexpr uint32_t kCount = 256;
    GlobalTensor<float> x_gm, y_gm, out_gm, strided_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, kCount);
    y_gm.SetGlobalBuffer((__gm__ float*)y, kCount);
    out_gm.SetGlobalBuffer((__gm__ float*)out, kCount);
    strided_gm.SetGlobalBuffer((__gm__ float*)strided, 64);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<float> a = ub.Alloc<float, kCount>();
    LocalTensor<float> b = ub.Alloc<float, kCount>();
    LocalTensor<float> c = ub.Alloc<float, kCount>();
    LocalTensor<float> d = ub.Alloc<float, 64>();
    DataCopy(a, x_gm, kCount);
    DataCopy(b, y_gm, kCount);
    Duplicate(c, -7.0f, kCount);
    Duplicate(d, -7.0f, 64);
    Add(c, a, b, 40, 2, BinaryRepeatParams(1, 1, 1, 8, 8, 8));
    const uint64_t bits[2] = {0xF0F0F0F00000FFFFull, 0};
    Add(c[128], a[128], b[128], bits, 2, BinaryRepeatParams(1, 1, 1, 8, 8, 8));
    Muls(d, a, 3.0f, 64, 1, UnaryRepeatParams(1, 2, 8, 16));
    DataCopy(out_gm, c, kCount);
    DataCopy(strided_gm, d, 64);
}

// Compare (every CMPMODE, 64 floats = one repeat each) into 8-byte masks, Compares against
// 0.5, then Select in each mode: tensor-tensor with the LT mask (mode 2), tensor-scalar with
// the Compares mask (mode 1), and mode 0 over two repeats reusing the first repeat's bits.
extern "C" __global__ __aicore__ void compare_select(GM_ADDR x,
                                                     GM_ADDR y,
                                                     GM_ADDR masks,
                                                     GM_ADDR selected) {
    constexpr uint32_t kCount = 64;
    GlobalTensor<float> x_gm, y_gm, sel_gm;
    GlobalTensor<uint8_t> masks_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, 2 * kCount);
    y_gm.SetGlobalBuffer((__gm__ float*)y, 2 * kCount);
    masks_gm.SetGlobalBuffer((__gm__ uint8_t*)masks, 8 * 32);
    sel_gm.SetGlobalBuffer((__gm__ float*)selected, 4 * kCount);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<float> a = ub.Alloc<float, 2 * kCount>();
    LocalTensor<float> b = ub.Alloc<float, 2 * kCount>();
    LocalTensor<uint8_t> m = ub.Alloc<uint8_t, 8 * 32>();  // 8 masks, 32 bytes apart
    LocalTensor<float> out = ub.Alloc<float, 4 * kCount>();
    DataCopy(a, x_gm, 2 * kCount);
    DataCopy(b, y_gm, 2 * kCount);
    Duplicate(m.ReinterpretCast<uint32_t>(), 0xA5A5A5A5u, 8 * 32 / 4);
    const CMPMODE modes[6] = {
        CMPMODE::LT, CMPMODE::GT, CMPMODE::EQ, CMPMODE::LE, CMPMODE::GE, CMPMODE::NE};
    for (int k = 0; k < 6; ++k) {
        Compare(m[32 * k], a, b, modes[k], kCount);
    }
    Compares(m[32 * 6], a, 0.5f, CMPMODE::GT, kCount);
    CompareScalar(m[32 * 7], a, 0.5f, CMPMODE::LE, 20);  // 20: bits 20..23 of byte 2 cleared
    Select(out, m[0], a, b, SELMODE::VSEL_TENSOR_TENSOR_MODE, kCount);
    Select(out[kCount], m[32 * 6], a, -1.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, kCount);
    Select(out[2 * kCount], m[32 * 1], a, b, SELMODE::VSEL_CMPMASK_SPR, 2 * kCount);
    DataCopy(masks_gm, m, 8 * 32);
    DataCopy(sel_gm, out, 4 * kCount);
}

// Host launchers, as the samples' *_do wrappers: the <<<>>> launch in the kernel's own file.
uint32_t launch_scalar_add_block(uint32_t blocks, void* stream, void* data) {
    return scalar_add_block<<<blocks, nullptr, stream>>>(data);
}
uint32_t launch_print_blocks(uint32_t blocks, void* stream, int32_t tag) {
    return print_blocks<<<blocks, nullptr, stream>>>(tag);
}
uint32_t launch_trap_in_block(uint32_t blocks, void* stream, void* data, int32_t bad_block) {
    return trap_in_block<<<blocks, nullptr, stream>>>((uint8_t*)data, bad_block);
}
uint32_t launch_assert_positive(void* stream, int32_t value) {
    return assert_positive<<<1, 0, stream>>>(value);
}
uint32_t launch_add_custom(
    uint32_t blocks, void* stream, void* x, void* y, void* z, AddTiling tiling) {
    return add_custom<<<blocks, 0, stream>>>(x, y, z, tiling);
}
uint32_t launch_sum_half_as_float(
    uint32_t blocks, void* stream, void* x, void* out, uint32_t count) {
    return sum_as_float<half><<<blocks, 0, stream>>>(x, out, count);
}
uint32_t launch_sync_sum(uint32_t blocks, void* stream, void* data) {
    return sync_sum<<<blocks, nullptr, stream>>>(data);
}
uint32_t launch_pad_and_accumulate(
    uint32_t blocks, void* stream, void* x, void* total, uint32_t n) {
    return pad_and_accumulate<<<blocks, nullptr, stream>>>(x, total, n);
}
uint32_t launch_copy_count(void* stream, void* x, void* y, uint32_t count) {
    return copy_count<<<1, nullptr, stream>>>(x, y, count);
}
uint32_t launch_cast_modes(void* stream, void* x, void* halves, void* ints) {
    return cast_modes<<<1, 0, stream>>>(x, halves, ints);
}
uint32_t launch_half_ops(void* stream, void* x, void* y, void* out) {
    return half_ops<<<1, 0, stream>>>(x, y, out);
}
uint32_t launch_mul_max_min_ops(
    void* stream, void* x, void* y, void* out, void* fx, void* fy, void* fout) {
    return mul_max_min_ops<<<1, 0, stream>>>(x, y, out, fx, fy, fout);
}
uint32_t launch_repeat_forms(void* stream, void* x, void* y, void* out, void* strided) {
    return repeat_forms<<<1, 0, stream>>>(x, y, out, strided);
}
uint32_t launch_compare_select(void* stream, void* x, void* y, void* masks, void* selected) {
    return compare_select<<<1, 0, stream>>>(x, y, masks, selected);
}
