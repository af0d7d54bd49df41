// Parameter checks shared by the operators. Each returns ACLNN_SUCCESS or reports the failure
// (op_fail: aclGetRecentErrMsg + ERROR log) and returns CANN's code. `api` is the operator's
// name ("aclnnLogitGrad"), `name` the parameter's ("x"). A null tensor passed to any check
// other than check_not_null gives ACLNN_ERR_PARAM_NULLPTR rather than a crash. Usage:
//
//   ACLEMU_OP_RETURN_IF_ERROR(check_not_null(x, kApi, "x"));
//   ACLEMU_OP_RETURN_IF_ERROR(check_dtype_in(x, kApi, "x", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}));
//   ACLEMU_OP_RETURN_IF_ERROR(check_same_shape(dy, kApi, "dy", x, "x"));
//   ACLEMU_OP_RETURN_IF_ERROR(check_view_fits(x, kApi, "x"));                 // phase 1
//   ACLEMU_OP_RETURN_IF_ERROR(check_output_not_self_overlapping(out, kApi, "out"));
//   ACLEMU_OP_RETURN_IF_ERROR(check_device_data(&inputs[0], kApi, "x"));    // phase 2 (run)
#pragma once

#include "aclnn/aclnn_base.h"

#include "common/workspace.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace aclemu::ops {

/// "[2,3,4]" (and "[]" for rank 0), for messages.
std::string dims_to_string(const std::vector<int64_t>& dims);

/// ACLNN_ERR_PARAM_NULLPTR (161001) when `ptr` (a tensor, array, or out-pointer) is null.
aclnnStatus check_not_null(const void* ptr, const char* api, const char* name);

/// ACLNN_ERR_PARAM_INVALID (161002) when t's dtype is not in `allowed`; the message lists them.
aclnnStatus check_dtype_in(const aclTensor* t,
                           const char* api,
                           const char* name,
                           std::initializer_list<aclDataType> allowed);

/// 161002 when t's dtype differs from ref's.
aclnnStatus check_same_dtype(const aclTensor* t,
                             const char* api,
                             const char* name,
                             const aclTensor* ref,
                             const char* ref_name);

/// 161002 when t's view shape differs from ref's (same rank and sizes; no broadcasting).
aclnnStatus check_same_shape(const aclTensor* t,
                             const char* api,
                             const char* name,
                             const aclTensor* ref,
                             const char* ref_name);

/// 161002 when t's format tag differs from ref's.
aclnnStatus check_same_format(const aclTensor* t,
                              const char* api,
                              const char* name,
                              const aclTensor* ref,
                              const char* ref_name);

/// 161002 unless lo <= rank(t) <= hi (view rank).
aclnnStatus check_rank_in(
    const aclTensor* t, const char* api, const char* name, int64_t lo, int64_t hi);

/// The device-private layouts: NC1HWC0, NC1HWC0_C04, FRACTAL_Z, NDC1HWC0, FRACTAL_Z_3D,
/// FRACTAL_NZ and its C0 variants.
bool is_private_format(aclFormat format);

/// 161002 when t's format is private (is_private_format).
aclnnStatus check_not_private_format(const aclTensor* t, const char* api, const char* name);

/// 161002 when the view can reach outside its storage (or has a negative offset): every
/// element must lie in [0, storage numel), and the storage's bytes must fit int64 (so that no
/// byte offset inside it overflows). Empty views fit.
aclnnStatus check_view_fits(const aclTensor* t, const char* api, const char* name);

/// 161002 when an output view writes one location twice through a zero stride on a dim of
/// size > 1. (Other overlapping layouts are not detected.) An empty view writes nothing: it
/// passes whatever its strides.
aclnnStatus check_output_not_self_overlapping(const aclTensor* t,
                                              const char* api,
                                              const char* name);

/// For phase 2: 161002 unless t's whole storage [data, data + storage numel * element size)
/// is device memory (aclemu::rt::locate); the byte count is computed with overflow checks.
/// Empty views are not checked.
aclnnStatus check_device_data(const aclTensor* t, const char* api, const char* name);

/// 161002 when the operator's workspace layout overflowed (layout.overflow): its tensors would
/// need a workspace larger than size_t holds. Both phases, before using the layout.
aclnnStatus check_workspace_layout(const char* api, const WorkspaceLayout& layout);

/// Phase 2: ACLNN_ERR_RUNTIME_ERROR (361001) when the active backend's workspace layout needs
/// `needed` bytes but phase 1 planned only `planned` (the backend could in principle differ
/// between the phases): never run with a workspace smaller than the kernel's.
aclnnStatus check_workspace_planned(const char* api, uint64_t needed, uint64_t planned);

}  // namespace aclemu::ops
