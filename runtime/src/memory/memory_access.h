// What a call may do to device memory: a mapping made by aclrtMapMem has the access
// aclrtMemSetAccess gave it (Allocation::access in the allocation table), and on the CPU backend
// writing a read-only mapping would fault in the worker thread. Every entry point that reads or
// writes a caller's device memory checks the access before it queues the work:
//
//   if (aclError err = check_access(ACL_ERROR_INVALID_PARAM, "dst", dst, kRead | kWrite); ...)
#pragma once

#include "acl/acl_base.h"

#include <cstdint>

namespace aclemu::rt {

constexpr uint8_t kRead = 1;
constexpr uint8_t kWrite = 2;

/// ACL_SUCCESS when the allocation `ptr` lies in grants `needed` (kRead, kWrite or both), or when
/// `ptr` lies in none the table knows; else fails with `code` and a message naming `param`.
aclError check_access(aclError code, const char* param, const void* ptr, uint8_t needed);

}  // namespace aclemu::rt
