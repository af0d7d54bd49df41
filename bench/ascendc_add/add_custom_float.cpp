// The fp32 twin of samples/ascendc/vector_add's kernel, for ascendc_add_bench --dtype fp32: the
// same double-buffered structure (TPipe, TQue, DataCopy, Add in tiles of TILE_LENGTH), on floats.
#include "add_custom_tiling.h"
#include "kernel_operator.h"

using namespace AscendC;

class KernelAddFloat {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalLength) {
        blockLength_ = totalLength / GetBlockNum();
        const uint64_t first = blockLength_ * GetBlockIdx();
        xGm_.SetGlobalBuffer((__gm__ float*)x + first, blockLength_);
        yGm_.SetGlobalBuffer((__gm__ float*)y + first, blockLength_);
        zGm_.SetGlobalBuffer((__gm__ float*)z + first, blockLength_);
        pipe_.InitBuffer(inQueueX_, 2, TILE_LENGTH * sizeof(float));
        pipe_.InitBuffer(inQueueY_, 2, TILE_LENGTH * sizeof(float));
        pipe_.InitBuffer(outQueueZ_, 2, TILE_LENGTH * sizeof(float));
    }
    __aicore__ inline void Process() {
        const uint32_t tiles = blockLength_ / TILE_LENGTH;
        for (uint32_t i = 0; i < tiles; ++i) {
            LocalTensor<float> x = inQueueX_.AllocTensor<float>();
            LocalTensor<float> y = inQueueY_.AllocTensor<float>();
            DataCopy(x, xGm_[i * TILE_LENGTH], TILE_LENGTH);
            DataCopy(y, yGm_[i * TILE_LENGTH], TILE_LENGTH);
            inQueueX_.EnQue(x);
            inQueueY_.EnQue(y);
            LocalTensor<float> xs = inQueueX_.DeQue<float>();
            LocalTensor<float> ys = inQueueY_.DeQue<float>();
            LocalTensor<float> z = outQueueZ_.AllocTensor<float>();
            Add(z, xs, ys, TILE_LENGTH);
            outQueueZ_.EnQue<float>(z);
            inQueueX_.FreeTensor(xs);
            inQueueY_.FreeTensor(ys);
            LocalTensor<float> zs = outQueueZ_.DeQue<float>();
            DataCopy(zGm_[i * TILE_LENGTH], zs, TILE_LENGTH);
            outQueueZ_.FreeTensor(zs);
        }
    }

private:
    TPipe pipe_;
    TQue<QuePosition::VECIN, 2> inQueueX_, inQueueY_;
    TQue<QuePosition::VECOUT, 2> outQueueZ_;
    GlobalTensor<float> xGm_, yGm_, zGm_;
    uint32_t blockLength_ = 0;
};

extern "C" __global__ __aicore__ void add_custom_float(GM_ADDR x,
                                                       GM_ADDR y,
                                                       GM_ADDR z,
                                                       AddTiling tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    KernelAddFloat op;
    op.Init(x, y, z, tiling.totalLength);
    op.Process();
}
