// Shared pieces of the SyncBatchNorm family's operators (BatchNormStats, ...GatherStatsWithCounts,
// ...Elemt, ...ElemtBackward): the channel-vector shape check, the kernels' view of a channel
// vector, and the ChannelGeometry of same-shape [N, C, *] views. Usage:
//
//   ACLEMU_OP_RETURN_IF_ERROR(check_channel_vector(mean, kApi, "mean", channels));
//   args.geometry = plan_channel_geometry({&outputs[0], &inputs[0]});  // phase 2 snapshots
//   args.mean = channel_vector_of(&inputs[kMean]);
#pragma once

#include "aclnn/aclnn_base.h"

#include "kernels_cu/math/sync_batch_norm.h"

#include <initializer_list>

namespace aclemu::ops {

/// ACLNN_ERR_PARAM_INVALID (161002) unless t is 1-D with `channels` elements.
aclnnStatus check_channel_vector(const aclTensor* t,
                                 const char* api,
                                 const char* name,
                                 int64_t channels);

/// 161002 when input's dim 1 (C) is 0.
aclnnStatus check_channels_nonzero(const aclTensor* input, const char* api, const char* name);

/// The kernels' view of a 1-D tensor; absent (data nullptr) for a null pointer or a snapshot of
/// an absent tensor (dtype ACL_DT_UNDEFINED).
kernels::ChannelVector channel_vector_of(const aclTensor* t);

/// Channel dim 1 with each operand's stride; every other dim (size-1 dims dropped) coalesced
/// over the operands (iteration_dims.h: operand 0's densest dim innermost). 1 to 3 operands of
/// one view shape, rank >= 2; C > 0.
kernels::ChannelGeometry plan_channel_geometry(std::initializer_list<const aclTensor*> operands);

}  // namespace aclemu::ops
