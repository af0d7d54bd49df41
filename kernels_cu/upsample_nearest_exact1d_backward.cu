// GPU UpsampleNearestExact1dBackward. Default: a gather, one thread per out[n, c, i] over all
// N * C * L_in outputs (64-bit grid-stride), summing its grad_output run [lo(i), lo(i + 1)) in
// fp32 in index order: deterministic, no zero-fill, minimum traffic. Alternative (measured only,
// never when deterministic): an atomic scatter, one thread per grad_output element adding into
// an fp32 workspace, then a conversion pass into `out`. Bins come from the shared
// kernels_cu/math/upsample_nearest_exact.h, so both give the same sums up to addition order.
#include "kernels_cu/common.cuh"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/upsample_nearest_exact.h"

#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {

constexpr int kThreads = 256;

template <typename T>
__global__ void __launch_bounds__(kThreads)
    upsample_nearest_exact1d_backward_gather(const UpsampleNearestExact1dBackwardArgs a) {
    const int64_t total = a.n * a.c * a.l_in;
    const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
    const T* src = static_cast<const T*>(a.grad_output);
    T* dst = static_cast<T*>(a.out);
    for (int64_t idx = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; idx < total;
         idx += stride) {
        const int64_t i = idx % a.l_in;
        const int64_t row = idx / a.l_in;
        const int64_t n = row / a.c;
        const int64_t c = row - n * a.c;
        const T* in = src + n * a.grad_output_strides[0] + c * a.grad_output_strides[1];
        const int64_t lo = exact_bw_lower_bound(i, a.scale, a.l_out);
        const int64_t hi = exact_bw_lower_bound(i + 1, a.scale, a.l_out);
        float sum = 0.0f;
        for (int64_t j = lo; j < hi; ++j) {
            sum += to_float(in[j * a.grad_output_strides[2]]);
        }
        dst[n * a.out_strides[0] + c * a.out_strides[1] + i * a.out_strides[2]] =
            from_float<T>(sum);
    }
}

// One thread per grad_output element; the fp32 workspace [N * C][L_in] was zeroed before.
template <typename T>
__global__ void __launch_bounds__(kThreads)
    upsample_nearest_exact1d_backward_scatter(const UpsampleNearestExact1dBackwardArgs a,
                                              float* acc) {
    const int64_t total = a.n * a.c * a.l_out;
    const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
    const T* src = static_cast<const T*>(a.grad_output);
    for (int64_t idx = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; idx < total;
         idx += stride) {
        const int64_t j = idx % a.l_out;
        const int64_t row = idx / a.l_out;
        const int64_t i = exact_bw_source_index(j, a.scale, a.l_in, a.l_out);
        if (i >= a.l_in) {
            continue;  // beyond the last bin: the gather drops it too
        }
        const int64_t n = row / a.c;
        const int64_t c = row - n * a.c;
        const float v = to_float(src[n * a.grad_output_strides[0] + c * a.grad_output_strides[1]
                                     + j * a.grad_output_strides[2]]);
        atomicAdd(acc + row * a.l_in + i, v);
    }
}

template <typename T>
__global__ void __launch_bounds__(kThreads)
    upsample_nearest_exact1d_backward_convert(const UpsampleNearestExact1dBackwardArgs a,
                                              const float* acc) {
    const int64_t total = a.n * a.c * a.l_in;
    const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
    T* dst = static_cast<T*>(a.out);
    for (int64_t idx = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; idx < total;
         idx += stride) {
        const int64_t i = idx % a.l_in;
        const int64_t row = idx / a.l_in;
        const int64_t n = row / a.c;
        const int64_t c = row - n * a.c;
        dst[n * a.out_strides[0] + c * a.out_strides[1] + i * a.out_strides[2]] =
            from_float<T>(acc[idx]);
    }
}

template <typename T>
int launch_typed(const UpsampleNearestExact1dBackwardArgs& a, void* workspace, gpuStream_t s) {
    const int64_t outputs = a.n * a.c * a.l_in;
    if (a.algorithm == UpsampleAlgorithm::AtomicScatter) {
        auto* acc = static_cast<float*>(workspace);
        const gpuError_t err =
            gpuMemsetAsync(acc, 0, static_cast<size_t>(outputs) * sizeof(float), s);
        if (err != gpuSuccess) {
            return static_cast<int>(err);
        }
        ACLEMU_LAUNCH(grid_for(a.n * a.c * a.l_out, kThreads),
                      kThreads,
                      0,
                      s,
                      upsample_nearest_exact1d_backward_scatter<T>)
        (a, acc);
        ACLEMU_LAUNCH(grid_for(outputs, kThreads),
                      kThreads,
                      0,
                      s,
                      upsample_nearest_exact1d_backward_convert<T>)
        (a, acc);
    } else {
        ACLEMU_LAUNCH(grid_for(outputs, kThreads),
                      kThreads,
                      0,
                      s,
                      upsample_nearest_exact1d_backward_gather<T>)
        (a);
    }
    return launch_status();
}

}  // namespace

size_t upsample_nearest_exact1d_backward_workspace_bytes(
    const UpsampleNearestExact1dBackwardArgs& args) {
    if (args.algorithm != UpsampleAlgorithm::AtomicScatter) {
        return 0;
    }
    const size_t rows = saturating_mul<size_t>(args.n, args.c);
    return saturating_mul<size_t>(saturating_mul<size_t>(rows, args.l_in), sizeof(float));
}

int launch_upsample_nearest_exact1d_backward(const UpsampleNearestExact1dBackwardArgs& args,
                                             void* workspace,
                                             void* stream) {
    if (args.n * args.c * args.l_in == 0) {
        return 0;
    }
    const auto s = static_cast<gpuStream_t>(stream);
    return switch_dtype(args.dtype, [&](auto type) {
        clear_stale_error();
        return launch_typed<decltype(type)>(args, workspace, s);
    });
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
