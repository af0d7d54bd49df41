// The program's own marks and ranges (mstx): each goes to the NVTX tool when one is attached
// and, while a timeline records (ACLEMU_TRACE, aclprofStart), becomes a slice of category "mstx"
// on the host track of the thread that marked or ended it (a mark: a slice of no duration).
#pragma once

#include <cstdint>
#include <string>

namespace aclemu::rt::prof {

/// `domain_name` empty: the default domain; `nvtx_domain` its NVTX handle (nullptr: default).
void mark(void* nvtx_domain, const std::string& domain_name, const char* message);
/// A new range id (never 0), or 0 when `message` is null or empty. `owner` identifies the mstx
/// domain (nullptr: the default one).
uint64_t range_start(const void* owner,
                     void* nvtx_domain,
                     const std::string& domain_name,
                     const char* message);
/// Ends range `id` if it is open and was started by the same `owner`; else does nothing.
void range_end(const void* owner, uint64_t id);

}  // namespace aclemu::rt::prof
