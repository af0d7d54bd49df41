// The one place aclemu talks to a range tool: NVTX 3 (header-only, from the CUDA toolkit; found
// by CMake even for CPU-only builds) in the domain "aclemu", or ROCTx on HIP builds that have it,
// or nothing (every call a no-op) when neither header was found.
//
// NVTX loads a tool on its first call (Nsight, or the library named by NVTX_INJECTION64_PATH).
// attach() makes that first call and reports whether a tool answered; the callers skip every
// range, and the formatting of its message, when none did.
#pragma once

#include "aclemu/observe.h"

#include <cstdint>

namespace aclemu::observe::nvtx {

/// Attaches to a tool if one is present; true when ranges will be seen. Called once.
bool attach();
/// Opens a range on this thread with `message` (copied by the tool).
void push(RangeKind kind, const char* message);
/// Closes this thread's innermost range.
void pop();

/// The ranges and marks a program asks for itself (mstx, mstx/ms_tools_ext.h), which may end on
/// another thread than they started. `domain` comes from create_domain (nullptr: the tool's
/// default domain). Only while a tool is attached (watchers() & kNvtx).
void* create_domain(const char* name);
void mark(void* domain, const char* message);
uint64_t range_start(void* domain, const char* message);
void range_end(void* domain, uint64_t id);

}  // namespace aclemu::observe::nvtx
