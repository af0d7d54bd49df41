// Index math of UpsampleNearestExact1dBackward (and its forward), shared by the CPU loops and the
// GPU kernels. Input index i gathers grad_output[lo(i) .. lo(i + 1)), lo(i) = min(ceil(fp32(fp32(i
// * S) - 0.5)), l_out). The two fp32 roundings are pinned (no FMA contraction on either side), so
// the CPU, CUDA and HIP builds pick the same bins bit for bit.
#pragma once

#include "kernels_cu/kernel_args.h"
#include "kernels_cu/portability.h"

#include <cmath>
#include <cstdint>

namespace aclemu::kernels {

/// out[n, c, j] = self[n, c, exact_fw_source_index(j)] (UpsampleNearestExact1d), the index
/// rule of the backward with the same fp32 scale. Strides in elements.
struct UpsampleNearestExact1dArgs {
    int64_t n = 0, c = 0, l_in = 0, l_out = 0;
    float scale = 1.0f;
    DType dtype = DType::Float32;
    const void* self = nullptr;
    int64_t self_strides[3] = {};
    void* out = nullptr;
    int64_t out_strides[3] = {};
};

inline uint64_t min_traffic_bytes(const UpsampleNearestExact1dArgs& a) {
    const uint64_t rows = saturating_mul<uint64_t>(a.n, a.c);
    const uint64_t lengths = saturating_add<uint64_t>(a.l_in, a.l_out);
    return saturating_mul<uint64_t>(saturating_mul<uint64_t>(rows, lengths), dtype_size(a.dtype));
}

enum class UpsampleAlgorithm : int32_t {
    Gather = 0,         // one output per thread, fp32 sum of its source run: deterministic
    AtomicScatter = 1,  // one source per thread, fp32 atomics into the workspace: measured only
};

/// out[n, c, i] = sum over j in [lo(i), hi(i)) of grad_output[n, c, j], with
/// lo(i) = min(ceil(i * scale - 0.5), l_out) computed in float. Strides in elements.
struct UpsampleNearestExact1dBackwardArgs {
    int64_t n = 0, c = 0, l_in = 0, l_out = 0;
    float scale = 1.0f;
    DType dtype = DType::Float32;
    const void* grad_output = nullptr;
    int64_t grad_output_strides[3] = {};
    void* out = nullptr;
    int64_t out_strides[3] = {};
    UpsampleAlgorithm algorithm = UpsampleAlgorithm::Gather;
};

inline uint64_t min_traffic_bytes(const UpsampleNearestExact1dBackwardArgs& a) {
    const uint64_t rows = saturating_mul<uint64_t>(a.n, a.c);
    const uint64_t lengths = saturating_add<uint64_t>(a.l_in, a.l_out);
    return saturating_mul<uint64_t>(saturating_mul<uint64_t>(rows, lengths), dtype_size(a.dtype));
}

/// fp32(fp32(i * scale) - 0.5), each step rounded to nearest even and never fused.
ACLEMU_HD float exact_bw_position(int64_t i, float scale) {
    const float fi = static_cast<float>(i);
#if ACLEMU_GPU_COMPILER && (defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__))
    return __fsub_rn(__fmul_rn(fi, scale), 0.5f);
#else
    // The double product of two floats is exact (48 significant bits), so one rounding to float
    // is the IEEE fp32 product; the conversion in between stops any contraction into an FMA.
    const float product = static_cast<float>(static_cast<double>(fi) * static_cast<double>(scale));
    return product - 0.5f;
#endif
}

/// lo(i): the first grad_output index gathered into input index i (i may be l_in, giving the
/// end of the last bin). `scale` >= 0 and finite or +inf; the result lies in [0, l_out].
ACLEMU_HD int64_t exact_bw_lower_bound(int64_t i, float scale, int64_t l_out) {
    const float c = ceilf(exact_bw_position(i, scale));
    // Compare in float before converting: a huge (or infinite) position must not overflow int64.
    if (!(c < static_cast<float>(l_out))) {
        return l_out;
    }
    // float(l_out) may have rounded up (l_out > 2^24), so clamp again in integers.
    const int64_t v = static_cast<int64_t>(c);
    return v < 0 ? 0 : (v < l_out ? v : l_out);
}

/// The input index whose bin [lo(i), lo(i + 1)) contains grad_output index j, or l_in when j
/// lies beyond the last bin (that element is dropped, as by the gather). Derived from
/// exact_bw_lower_bound itself, so the scatter and the gather form identical bins.
ACLEMU_HD int64_t exact_bw_source_index(int64_t j, float scale, int64_t l_in, int64_t l_out) {
    // lo is monotone in i, so the answer is the largest i in [0, l_in] with lo(i) <= j. Start
    // from the forward map's guess and correct it by a step or two.
    int64_t i = l_in;
    if (scale > 0.0f) {
        const double guess = (static_cast<double>(j) + 0.5) / static_cast<double>(scale);
        if (guess < static_cast<double>(l_in)) {
            i = static_cast<int64_t>(guess);
        }
    }
    while (i > 0 && exact_bw_lower_bound(i, scale, l_out) > j) {
        --i;
    }
    while (i < l_in && exact_bw_lower_bound(i + 1, scale, l_out) <= j) {
        ++i;
    }
    return i;
}

/// UpsampleNearestExact1d (the forward): the input index output j reads, the backward's bin
/// that contains j (exact_bw_source_index), or the last input for j beyond the last bin (the
/// forward clamps, as CANN's and PyTorch's min(floor((j + 0.5) / S), l_in - 1) does). Same
/// rule as the backward, so the backward is the forward's exact adjoint (up to those clamped
/// positions, which the backward drops).
ACLEMU_HD int64_t exact_fw_source_index(int64_t j, float scale, int64_t l_in, int64_t l_out) {
    const int64_t i = exact_bw_source_index(j, scale, l_in, l_out);
    return i < l_in ? i : l_in - 1;
}

}  // namespace aclemu::kernels
