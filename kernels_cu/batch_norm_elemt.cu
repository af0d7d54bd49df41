// GPU aclnnBatchNormElemt over kernels_cu/math/sync_batch_norm.h and the bodies of
// kernels_cu/channel_elementwise.cuh: NC-major layouts as (split, channel) blocks that load the
// channel's four parameters once and stream 16-byte vectors where every row is aligned;
// channels-last layouts as a flat pass in memory order.
#include "kernels_cu/channel_elementwise.cuh"
#include "kernels_cu/common.cuh"
#include "kernels_cu/launch.h"
#include "kernels_cu/math/sync_batch_norm.h"

#include <cstdint>

namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE {
namespace {

using channel_elementwise::kThreads;

struct ElemtParams {
    const BatchNormElemtArgs& a;
    ACLEMU_DEVICE BnElemtChannel operator()(int64_t c) const { return bn_elemt_channel(a, c); }
};

struct ElemtApply {
    ACLEMU_DEVICE float operator()(const BnElemtChannel& p, const float (&x)[1]) const {
        return bn_elemt(p, x[0]);
    }
};

template <typename T, int V>
__global__ void __launch_bounds__(kThreads)
    batch_norm_elemt_rows(const BatchNormElemtArgs a, channel_rows::SplitPlan plan) {
    channel_elementwise::rows<T, V, 1>(
        a.geometry, {a.out, {a.input}}, plan, ElemtParams{a}, ElemtApply{});
}

template <typename T>
__global__ void __launch_bounds__(kThreads)
    batch_norm_elemt_channels_last(const BatchNormElemtArgs a) {
    channel_elementwise::channels_last<T, 1>(
        a.geometry, {a.out, {a.input}}, ElemtParams{a}, ElemtApply{});
}

}  // namespace

int launch_batch_norm_elemt(const BatchNormElemtArgs& args, void* stream) {
    if (args.geometry.channels * args.geometry.reduce_numel == 0) {
        return 0;
    }
    const auto s = static_cast<gpuStream_t>(stream);
    return switch_dtype(args.dtype, [&](auto type) {
        using T = decltype(type);
        constexpr int kVec = 16 / static_cast<int>(sizeof(T));
        clear_stale_error();
        const void* bases[2] = {args.out, args.input};
        const channel_elementwise::WalkPlan w =
            channel_elementwise::plan_walk(args.geometry, bases, kVec);
        switch (w.walk) {
            case channel_elementwise::Walk::ChannelsLast:
                ACLEMU_LAUNCH(w.grid, kThreads, 0, s, batch_norm_elemt_channels_last<T>)(args);
                break;
            case channel_elementwise::Walk::RowsVector:
                ACLEMU_LAUNCH(w.grid, kThreads, 0, s, batch_norm_elemt_rows<T, kVec>)
                (args, w.split);
                break;
            case channel_elementwise::Walk::RowsScalar:
                ACLEMU_LAUNCH(w.grid, kThreads, 0, s, batch_norm_elemt_rows<T, 1>)(args, w.split);
                break;
        }
        return launch_status();
    });
}

}  // namespace aclemu::kernels::ACLEMU_GPU_NAMESPACE
