// GPU runtime errors -> ACL runtime codes, in one place, and the text of the calling thread's
// last GPU failure ("cudaMalloc: out of memory (cudaErrorMemoryAllocation)") that the front end
// puts into aclGetRecentErrMsg. Every failing GPU call in the backend goes through gpu_check().
#pragma once

#include "acl/acl_base.h"

#include "gpu/gpu_runtime.h"

#include <string>

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE {

/// The ACL runtime code for a GPU runtime error (ACL_SUCCESS for gpuSuccess).
aclError to_acl_error(gpuError_t error);

/// "<api>: <error string> (<error name>)"; the name once when the runtime has no string.
std::string describe(const char* api, gpuError_t error);

/// gpuSuccess -> ACL_SUCCESS. Otherwise remembers describe(api, error) as the thread's last error
/// text, clears the runtime's non-sticky last-error state (so a later launch check does not see
/// this failure) and returns to_acl_error(error).
aclError gpu_check(gpuError_t error, const char* api);

/// Remembers a failure found by the backend itself (not returned by the GPU runtime).
void set_last_error_text(std::string text);

/// The calling thread's last failure text; empty when none.
const std::string& last_error_text();

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE

/// Calls a mapped runtime function and checks it: GPU_CALL(gpuMalloc, &p, n) -> aclError, with
/// the vendor's function name ("cudaMalloc" / "hipMalloc") in the error text.
#define GPU_CALL(fn, ...) \
    ::aclemu::rt::ACLEMU_GPU_NAMESPACE::gpu_check(fn(__VA_ARGS__), GPU_NAME_OF(fn))
