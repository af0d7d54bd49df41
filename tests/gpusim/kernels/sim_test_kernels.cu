// Kernels for the GPU simulator's own tests (sim_test_kernels.h): correct code that leans on one
// part of the execution model each.
#include "kernels_cu/portability.h"
#include "tests/gpusim/kernels/sim_test_kernels.h"
#include "tests/gpusim/kernels/split_bound_kernels.cuh"

namespace aclemu::gpusim_test {
namespace {

constexpr int kBlock = 256;
constexpr int kBounded = 128;

dim3 dims(Dims d) {
    return dim3(d.x, d.y, d.z);
}

__global__ void record_positions_kernel(uint32_t* out) {
    const unsigned threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned block =
        blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * static_cast<unsigned>(blockIdx.z));
    const unsigned thread =
        threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * static_cast<unsigned>(threadIdx.z));
    uint32_t* slot = out + 6 * (static_cast<size_t>(block) * threads + thread);
    slot[0] = blockIdx.x;
    slot[1] = blockIdx.y;
    slot[2] = blockIdx.z;
    slot[3] = threadIdx.x;
    slot[4] = threadIdx.y;
    slot[5] = threadIdx.z;
}

__global__ void __launch_bounds__(kBounded) bounded_kernel(float* out) {
    out[threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)] = 1.0f;
}

ACLEMU_TEST_SPLIT_BOUNDED_KERNEL(macro)

__global__ void unbounded_kernel(float* out) {
    out[threadIdx.x] = 2.0f;
}

__global__ void __launch_bounds__(kBlock) block_sums_kernel(const float* in, float* out) {
    __shared__ float partial[kBlock];
    const unsigned t = threadIdx.x;
    partial[t] = in[blockIdx.x * kBlock + t];
    __syncthreads();
    for (unsigned half = kBlock / 2; half > 0; half /= 2) {
        if (t < half) {
            partial[t] += partial[t + half];
        }
        __syncthreads();
    }
    if (t == 0) {
        out[blockIdx.x] = partial[0];
    }
}

__global__ void __launch_bounds__(kBlock) read_fresh_shared_kernel(uint32_t* out) {
    __shared__ uint32_t words[kBlock];
    const unsigned t = threadIdx.x;
    out[blockIdx.x * kBlock + t] = words[t];
    words[t] = t + 1;  // what the next block on this host thread must not see
}

__global__ void __launch_bounds__(kBlock) atomic_adds_kernel(int* count, float* sum) {
    atomicAdd(count, 1);
    atomicAdd(sum, 0.5f);
}

__global__ void block_reduce_kernel(const float* in, float* out) {
    using Reduce = gpucub::BlockReduce<float, kBlock>;
    __shared__ typename Reduce::TempStorage storage;
    out[threadIdx.x] = Reduce(storage).Sum(in[threadIdx.x]);
}

}  // namespace

int launch_record_positions(Dims grid, Dims block, uint32_t* out, void* stream) {
    ACLEMU_LAUNCH(
        dims(grid), dims(block), 0, static_cast<gpuStream_t>(stream), record_positions_kernel)
    (out);
    return static_cast<int>(gpuGetLastError());
}

int launch_bounded_128(Dims block, float* out, void* stream) {
    ACLEMU_LAUNCH(1, dims(block), 0, static_cast<gpuStream_t>(stream), bounded_kernel)(out);
    return static_cast<int>(gpuGetLastError());
}

int launch_split_bounded_64(unsigned threads, float* out, void* stream) {
    ACLEMU_LAUNCH(1, threads, 0, static_cast<gpuStream_t>(stream), macro_split_bounded)(out);
    return static_cast<int>(gpuGetLastError());
}

int launch_with_dynamic_shared(size_t dynamic_shared_bytes, float* out, void* stream) {
    ACLEMU_LAUNCH(1, 32, dynamic_shared_bytes, static_cast<gpuStream_t>(stream), unbounded_kernel)
    (out);
    return static_cast<int>(gpuGetLastError());
}

int launch_block_sums(const float* in, float* out, unsigned blocks, void* stream) {
    ACLEMU_LAUNCH(blocks, kBlock, 0, static_cast<gpuStream_t>(stream), block_sums_kernel)(in, out);
    return static_cast<int>(gpuGetLastError());
}

int launch_read_fresh_shared(uint32_t* out, unsigned blocks, void* stream) {
    ACLEMU_LAUNCH(blocks, kBlock, 0, static_cast<gpuStream_t>(stream), read_fresh_shared_kernel)
    (out);
    return static_cast<int>(gpuGetLastError());
}

int launch_atomic_adds(int* count, float* sum, unsigned blocks, void* stream) {
    ACLEMU_LAUNCH(blocks, kBlock, 0, static_cast<gpuStream_t>(stream), atomic_adds_kernel)
    (count, sum);
    return static_cast<int>(gpuGetLastError());
}

int launch_block_reduce_results(const float* in, float* out, void* stream) {
    ACLEMU_LAUNCH(1, kBlock, 0, static_cast<gpuStream_t>(stream), block_reduce_kernel)(in, out);
    return static_cast<int>(gpuGetLastError());
}

int launch_block_reduce_in_wrong_block(const float* in, float* out, void* stream) {
    ACLEMU_LAUNCH(1, kBlock / 2, 0, static_cast<gpuStream_t>(stream), block_reduce_kernel)(in, out);
    return static_cast<int>(gpuGetLastError());
}

}  // namespace aclemu::gpusim_test
