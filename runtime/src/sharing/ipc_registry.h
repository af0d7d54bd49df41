// The sharing domain's IPC state (sharing/api_ipc.cpp): this process's memory exports and the
// memory it imported, by key. One mutex.
#pragma once

#include "backend/backend.h"
#include "sharing/shared_export.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace aclemu::rt {

struct MemoryExport {
    uintptr_t block = 0;  // base of the aclrtMalloc block
    uintptr_t ptr = 0;
    size_t bytes = 0;
    uint64_t flags = 0;
    std::unique_ptr<ExportRecord> record;
};

struct MemoryImport {
    void* ptr = nullptr;
    size_t bytes = 0;
    int opens = 0;  // each aclrtIpcMemImportByKey needs its aclrtIpcMemClose
};

struct IpcRegistry {
    std::mutex mutex;
    std::map<std::string, MemoryExport> exports;  // by key
    std::map<std::string, MemoryImport> imports;  // by key
};

/// The process's registry; outlives every caller, aclFinalize included.
IpcRegistry& ipc_registry();

/// aclrtFree of the aclrtMalloc block [base, base + bytes): withdraws the exports inside it.
void withdraw_ipc_exports(uintptr_t base, size_t bytes);

/// Teardown (teardown.h), with the backend still there: unmaps memory other processes shared,
/// withdraws this process's exports and stops the export server (export_server.h). Leaves their
/// allocation-table entries to the memory domain.
void release_ipc(Backend& backend);

}  // namespace aclemu::rt
