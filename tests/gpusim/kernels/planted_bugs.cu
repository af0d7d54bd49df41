// Deliberately broken kernels (planted_bugs.h). Each BUG line is the one mistake of its kernel.
#include "kernels_cu/portability.h"
#include "tests/gpusim/kernels/planted_bugs.h"

namespace aclemu::gpusim_test {
namespace {

constexpr int kBlock = 256;

__global__ void __launch_bounds__(kBlock) missing_barrier_kernel(const float* in, float* out) {
    __shared__ float tile[kBlock];
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * kBlock + t;
    tile[t] = in[i];
    // BUG: no __syncthreads() here, so a neighbour's value may not be written yet.
    out[i] = tile[t] + tile[(t + 1) % kBlock];
}

__global__ void __launch_bounds__(kBlock)
    one_past_the_end_kernel(const float* in, float* out, int n) {
    const int i = static_cast<int>(blockIdx.x * kBlock + threadIdx.x);
    if (i <= n) {  // BUG: i < n
        out[i] = 2.0f * in[i];
    }
}

struct alignas(16) Vec4 {
    float v[4];
};

__global__ void __launch_bounds__(kBlock)
    misaligned_vector_load_kernel(const float* in, float* out, int n_vectors) {
    const int i = static_cast<int>(blockIdx.x * kBlock + threadIdx.x);
    if (i < n_vectors) {
        // BUG: `in + 1` is 4 bytes past the 16-byte alignment a Vec4 load needs.
        const Vec4 value = reinterpret_cast<const Vec4*>(in + 1)[i];
        reinterpret_cast<Vec4*>(out)[i] = value;
    }
}

__global__ void __launch_bounds__(kBlock)
    reduction_outside_thread_zero_kernel(const float* in, float* out) {
    using Reduce = gpucub::BlockReduce<float, kBlock>;
    __shared__ typename Reduce::TempStorage storage;
    const float total = Reduce(storage).Sum(in[blockIdx.x * kBlock + threadIdx.x]);
    out[blockIdx.x] = total;  // BUG: only thread 0's `total` is the sum
}

__global__ void __launch_bounds__(kBlock) missing_atomic_kernel(const float* in, float* out) {
    const unsigned i = blockIdx.x * kBlock + threadIdx.x;
    out[0] += in[i];  // BUG: atomicAdd(out, in[i])
}

// Two rounds of block sums through one shared tile: out[2 b + r] = sum of round r's values.
__global__ void __launch_bounds__(kBlock)
    shared_reuse_without_barrier_kernel(const float* in, float* out) {
    __shared__ float tile[kBlock];
    const unsigned t = threadIdx.x;
    for (unsigned round = 0; round < 2; ++round) {
        const unsigned chunk = blockIdx.x * 2 + round;
        tile[t] = in[chunk * kBlock + t];
        __syncthreads();
        if (t == 0) {
            float sum = 0.0f;
            for (int k = 0; k < kBlock; ++k) {
                sum += tile[k];
            }
            out[chunk] = sum;
        }
        // BUG: no __syncthreads() here, so the next round's writes race with thread 0's reads.
    }
}

// out[i] = in[i] + in[i ^ 1] for the first half of each block, in[i] for the rest.
__global__ void __launch_bounds__(kBlock) divergent_barrier_kernel(const float* in, float* out) {
    __shared__ float tile[kBlock];
    const unsigned t = threadIdx.x;
    const unsigned i = blockIdx.x * kBlock + t;
    tile[t] = in[i];
    if (t < kBlock / 2) {
        __syncthreads();  // BUG: a barrier in divergent code; the other half waits at another one
        out[i] = tile[t] + tile[t ^ 1];
    } else {
        __syncthreads();
        out[i] = tile[t];
    }
}

unsigned blocks_for(int n) {
    return static_cast<unsigned>((n + kBlock - 1) / kBlock);
}

}  // namespace

int launch_missing_barrier(const float* in, float* out, int n, void* stream) {
    ACLEMU_LAUNCH(
        blocks_for(n), kBlock, 0, static_cast<gpuStream_t>(stream), missing_barrier_kernel)
    (in, out);
    return static_cast<int>(gpuGetLastError());
}

int launch_one_past_the_end(const float* in, float* out, int n, void* stream) {
    ACLEMU_LAUNCH(
        blocks_for(n + 1), kBlock, 0, static_cast<gpuStream_t>(stream), one_past_the_end_kernel)
    (in, out, n);
    return static_cast<int>(gpuGetLastError());
}

int launch_misaligned_vector_load(const float* in, float* out, int n_vectors, void* stream) {
    ACLEMU_LAUNCH(blocks_for(n_vectors),
                  kBlock,
                  0,
                  static_cast<gpuStream_t>(stream),
                  misaligned_vector_load_kernel)
    (in, out, n_vectors);
    return static_cast<int>(gpuGetLastError());
}

int launch_reduction_read_outside_thread_zero(const float* in,
                                              float* out,
                                              int blocks,
                                              void* stream) {
    ACLEMU_LAUNCH(static_cast<unsigned>(blocks),
                  kBlock,
                  0,
                  static_cast<gpuStream_t>(stream),
                  reduction_outside_thread_zero_kernel)
    (in, out);
    return static_cast<int>(gpuGetLastError());
}

int launch_missing_atomic(const float* in, float* out, int n, void* stream) {
    ACLEMU_LAUNCH(blocks_for(n), kBlock, 0, static_cast<gpuStream_t>(stream), missing_atomic_kernel)
    (in, out);
    return static_cast<int>(gpuGetLastError());
}

int launch_shared_reuse_without_barrier(const float* in, float* out, int blocks, void* stream) {
    ACLEMU_LAUNCH(static_cast<unsigned>(blocks),
                  kBlock,
                  0,
                  static_cast<gpuStream_t>(stream),
                  shared_reuse_without_barrier_kernel)
    (in, out);
    return static_cast<int>(gpuGetLastError());
}

int launch_divergent_barrier(const float* in, float* out, int n, void* stream) {
    ACLEMU_LAUNCH(
        blocks_for(n), kBlock, 0, static_cast<gpuStream_t>(stream), divergent_barrier_kernel)
    (in, out);
    return static_cast<int>(gpuGetLastError());
}

}  // namespace aclemu::gpusim_test
