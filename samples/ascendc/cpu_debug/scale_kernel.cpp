// Multiplies each block's 512 floats by a scalar (Muls) and adds 1 (Adds).
#include "kernel_operator.h"

using namespace AscendC;

extern "C" __global__ __aicore__ void scale_add_one(GM_ADDR x, GM_ADDR y, float scale) {
    constexpr uint32_t kLength = 512;
    GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x + kLength * GetBlockIdx(), kLength);
    yGm.SetGlobalBuffer((__gm__ float*)y + kLength * GetBlockIdx(), kLength);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, kLength * sizeof(float));
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, xGm, kLength);
    Muls(t, t, scale, kLength);
    Adds(t, t, 1.0f, kLength);
    DataCopy(yGm, t, kLength);
}
