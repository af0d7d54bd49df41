// GPU aclnnBatchNormElemtBackward over kernels_cu/math/sync_batch_norm.h and the bodies of
// kernels_cu/channel_elementwise.cuh, as kernels_cu/batch_norm_elemt.cu: NC-major layouts as
// (split, channel) blocks that compute the channel's coefficients once, channels-last layouts as
// a flat pass in memory order. The counter's sum is the same fp32 sum in the same order
// everywhere, so every block (and the CPU) gets the same coefficients, without a workspace or a
// launch of their own.
#include "kernels_cu/channel_elementwise.cuh"
#include "kernels_cu/common.cuh"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/sync_batch_norm.h"

#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {

using channel_elementwise::kThreads;

struct BackwardParams {
    const BatchNormElemtBackwardArgs& a;
    float n;  // the counter's sum
    ACLEMU_DEVICE BnElemtBackwardChannel operator()(int64_t c) const {
        return bn_elemt_backward_channel(a, c, n);
    }
};

struct BackwardApply {
    ACLEMU_DEVICE float operator()(const BnElemtBackwardChannel& p, const float (&x)[2]) const {
        return bn_elemt_backward(p, x[0], x[1]);
    }
};

template <typename T, int V>
__global__ void __launch_bounds__(kThreads)
    batch_norm_elemt_backward_rows(const BatchNormElemtBackwardArgs a,
                                   channel_rows::SplitPlan plan) {
    channel_elementwise::rows<T, V, 2>(a.geometry,
                                       {a.grad_input, {a.grad_out, a.input}},
                                       plan,
                                       BackwardParams{a, bn_counter_total(a)},
                                       BackwardApply{});
}

template <typename T>
__global__ void __launch_bounds__(kThreads)
    batch_norm_elemt_backward_channels_last(const BatchNormElemtBackwardArgs a) {
    channel_elementwise::channels_last<T, 2>(a.geometry,
                                             {a.grad_input, {a.grad_out, a.input}},
                                             BackwardParams{a, bn_counter_total(a)},
                                             BackwardApply{});
}

}  // namespace

int launch_batch_norm_elemt_backward(const BatchNormElemtBackwardArgs& args, void* stream) {
    if (args.geometry.channels * args.geometry.reduce_numel == 0) {
        return 0;
    }
    const auto s = static_cast<gpuStream_t>(stream);
    return switch_dtype(args.dtype, [&](auto type) {
        using T = decltype(type);
        constexpr int kVec = 16 / static_cast<int>(sizeof(T));
        clear_stale_error();
        const void* bases[3] = {args.grad_input, args.grad_out, args.input};
        const channel_elementwise::WalkPlan w =
            channel_elementwise::plan_walk(args.geometry, bases, kVec);
        switch (w.walk) {
            case channel_elementwise::Walk::ChannelsLast:
                ACLEMU_LAUNCH(w.grid, kThreads, 0, s, batch_norm_elemt_backward_channels_last<T>)
                (args);
                break;
            case channel_elementwise::Walk::RowsVector:
                ACLEMU_LAUNCH(w.grid, kThreads, 0, s, batch_norm_elemt_backward_rows<T, kVec>)
                (args, w.split);
                break;
            case channel_elementwise::Walk::RowsScalar:
                ACLEMU_LAUNCH(w.grid, kThreads, 0, s, batch_norm_elemt_backward_rows<T, 1>)
                (args, w.split);
                break;
        }
        return launch_status();
    });
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
