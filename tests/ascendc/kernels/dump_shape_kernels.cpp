// DumpTensor with a ShapeInfo, for test_ascendc_dump_shape, which writes the expected text.
#include "dump_shape_kernels.h"

#include "kernel_operator.h"

using namespace AscendC;

// desc 1: UB floats, shape 2 x 3, 6 values (exact)
// desc 2: the same shape, 4 values (data is not enough)
// desc 3: shape 2 x 2, 6 values (dumpSize is greater than shapeSize)
// desc 4: GM int32, shape 2 x 2 x 2, 8 values
// desc 5: a ShapeInfo of no dimensions, 3 values (the plain form)
// then printf of GetShapeSize(2 x 2 x 2)
extern "C" __global__ __aicore__ void dump_shape(GM_ADDR x, GM_ADDR y) {
    GlobalTensor<float> x_gm;
    GlobalTensor<int32_t> y_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, 8);
    y_gm.SetGlobalBuffer((__gm__ int32_t*)y, 8);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<float> a = ub.Alloc<float, 8>();
    DataCopy(a, x_gm, 8);
    const uint32_t rows_of_three[] = {2, 3};
    const ShapeInfo two_by_three(2, rows_of_three);
    DumpTensor(a, 1, 6, two_by_three);
    DumpTensor(a, 2, 4, two_by_three);
    const uint32_t square[] = {2, 2};
    DumpTensor(a, 3, 6, ShapeInfo(2, square, DataFormat::ND));
    const uint32_t cube[] = {2, 2, 2};
    const ShapeInfo cube_shape(3, cube, 3, cube, DataFormat::ND);
    DumpTensor(y_gm, 4, 8, cube_shape);
    DumpTensor(a, 5, 3, ShapeInfo());
    printf("shape size %d\n", GetShapeSize(cube_shape));
}

uint32_t launch_dump_shape(void* stream, void* x, void* y) {
    return dump_shape<<<1, 0, stream>>>(x, y);
}
