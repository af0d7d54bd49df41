// The checks and copy path of api_memory.cpp, for the other memory entry points that copy or
// fill (batch copies, 32-bit fills): one place decides where a pointer lives and what a copy may
// touch, so every entry point refuses the same bad input with the same code and message.
#pragma once

#include "acl/acl_base.h"

#include "backend/backend.h"
#include "core/arg_checks.h"
#include "memory/alloc_table.h"
#include "runtime_state.h"  // pointer_text

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace aclemu::rt {

/// Where a pointer lives: device memory (a table entry or memory the backend knows as its own),
/// and the table entry it lies in, if any.
struct MemoryPlace {
    bool device = false;
    std::optional<Allocation> block;
};

MemoryPlace locate_memory(const void* ptr, Backend* backend);

/// [ptr, ptr + count) stays inside the block `ptr` lies in (when it lies in one), and the block
/// allows the access (`needed`: 1 read, 2 write); else ACL_ERROR_RT_PARAM_INVALID naming `name`.
aclError check_memory_range(
    const char* name, const void* ptr, size_t count, const MemoryPlace& where, uint8_t needed);

/// `at` (argument `name`) must be device memory with room for `bytes`; they move between it and
/// `host` (`write`: host to device) without the synchronous-call check, so descriptors and
/// base-address slots work while a stream is being captured.
aclError move_device_bytes(const char* name, void* at, void* host, size_t bytes, bool write);

/// The record a descriptor call (aclrtSetMemcpyDesc, aclrtCmoSetDesc) wrote into the device
/// memory `desc` (argument `name`), read into `*record`; memory whose record does not start with
/// `magic` holds none: ACL_ERROR_INVALID_PARAM, "holds no <what>".
template <class Record>
aclError read_descriptor(
    const char* name, void* desc, uint64_t magic, const char* what, Record* record) {
    ACLEMU_TRY(move_device_bytes(name, desc, record, sizeof(*record), false));
    if (record->magic != magic) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM, name, pointer_text(desc), std::string("holds no ") + what);
    }
    return ACL_SUCCESS;
}

/// aclrtMemcpy (`async` false) or aclrtMemcpyAsync on `stream`, with all their checks.
aclError copy_memory(void* dst,
                     size_t dest_max,
                     const void* src,
                     size_t count,
                     int64_t kind,
                     bool async,
                     aclrtStream stream);

}  // namespace aclemu::rt
