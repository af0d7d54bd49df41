// The double-buffered vector add of half values (TPipe, TQue, DataCopy, Add): each block adds
// its share in tiles of TILE_LENGTH, two buffers per queue so that copy-in, compute and
// copy-out of neighbouring tiles overlap on an NPU.
#include "add_custom_tiling.h"
#include "kernel_operator.h"

using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;

class KernelAdd {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, uint32_t totalLength) {
        blockLength_ = totalLength / GetBlockNum();
        const uint64_t first = blockLength_ * GetBlockIdx();
        xGm_.SetGlobalBuffer((__gm__ half*)x + first, blockLength_);
        yGm_.SetGlobalBuffer((__gm__ half*)y + first, blockLength_);
        zGm_.SetGlobalBuffer((__gm__ half*)z + first, blockLength_);
        pipe_.InitBuffer(inQueueX_, BUFFER_NUM, TILE_LENGTH * sizeof(half));
        pipe_.InitBuffer(inQueueY_, BUFFER_NUM, TILE_LENGTH * sizeof(half));
        pipe_.InitBuffer(outQueueZ_, BUFFER_NUM, TILE_LENGTH * sizeof(half));
    }
    __aicore__ inline void Process() {
        const uint32_t tiles = blockLength_ / TILE_LENGTH;
        for (uint32_t i = 0; i < tiles; ++i) {
            CopyIn(i);
            Compute();
            CopyOut(i);
        }
    }

private:
    __aicore__ inline void CopyIn(uint32_t tile) {
        LocalTensor<half> x = inQueueX_.AllocTensor<half>();
        LocalTensor<half> y = inQueueY_.AllocTensor<half>();
        DataCopy(x, xGm_[tile * TILE_LENGTH], TILE_LENGTH);
        DataCopy(y, yGm_[tile * TILE_LENGTH], TILE_LENGTH);
        inQueueX_.EnQue(x);
        inQueueY_.EnQue(y);
    }
    __aicore__ inline void Compute() {
        LocalTensor<half> x = inQueueX_.DeQue<half>();
        LocalTensor<half> y = inQueueY_.DeQue<half>();
        LocalTensor<half> z = outQueueZ_.AllocTensor<half>();
        Add(z, x, y, TILE_LENGTH);
        outQueueZ_.EnQue<half>(z);
        inQueueX_.FreeTensor(x);
        inQueueY_.FreeTensor(y);
    }
    __aicore__ inline void CopyOut(uint32_t tile) {
        LocalTensor<half> z = outQueueZ_.DeQue<half>();
        DataCopy(zGm_[tile * TILE_LENGTH], z, TILE_LENGTH);
        outQueueZ_.FreeTensor(z);
    }

    TPipe pipe_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_, inQueueY_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ_;
    GlobalTensor<half> xGm_, yGm_, zGm_;
    uint32_t blockLength_ = 0;
};

extern "C" __global__ __aicore__ void add_custom(GM_ADDR x,
                                                 GM_ADDR y,
                                                 GM_ADDR z,
                                                 AddTiling tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    KernelAdd op;
    op.Init(x, y, z, tiling.totalLength);
    op.Process();
}
