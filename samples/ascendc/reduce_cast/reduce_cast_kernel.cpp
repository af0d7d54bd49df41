// A reduction with Cast: each block widens its half values to float (Cast, CAST_NONE), sums
// them (ReduceSum) and writes its float total; the host wrapper launches it with <<<>>>.
#include "kernel_operator.h"

using namespace AscendC;

template <typename T>
__global__ __aicore__ void reduce_cast(GM_ADDR x, GM_ADDR sums, uint32_t perBlock) {
    TPipe pipe;
    TBuf<TPosition::VECCALC> inBuf, wideBuf, sumBuf;
    pipe.InitBuffer(inBuf, perBlock * sizeof(T));
    pipe.InitBuffer(wideBuf, perBlock * sizeof(float));
    pipe.InitBuffer(sumBuf, 32);
    GlobalTensor<T> xGm;
    xGm.SetGlobalBuffer((__gm__ T*)x + perBlock * GetBlockIdx(), perBlock);
    GlobalTensor<float> sumGm;
    sumGm.SetGlobalBuffer((__gm__ float*)sums + 8 * GetBlockIdx(), 8);  // 32 bytes per block

    LocalTensor<T> in = inBuf.Get<T>();
    LocalTensor<float> wide = wideBuf.Get<float>();
    LocalTensor<float> sum = sumBuf.Get<float>();
    DataCopy(in, xGm, perBlock);
    Cast(wide, in, RoundMode::CAST_NONE, perBlock);
    Duplicate(sum, 0.0f, 8);
    ReduceSum(sum, wide, wide, perBlock);
    DataCopy(sumGm, sum, 8);
}

int32_t reduce_cast_do(
    uint32_t blocks, void* stream, uint8_t* x, uint8_t* sums, uint32_t perBlock) {
    return static_cast<int32_t>(reduce_cast<half><<<blocks, 0, stream>>>(x, sums, perBlock));
}
