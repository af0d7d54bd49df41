// The memory domain's virtual-memory state (memory/api_vmm.cpp): live aclrtDrvMemHandles,
// reservations with their mappings, and physical allocations shared by handle. One mutex.
#pragma once

#include "acl/acl.h"

#include "backend/backend.h"
#include "sharing/shared_export.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace aclemu::rt {

struct Physical {
    std::unique_ptr<BackendPhysical> impl;
    size_t bytes = 0;  // a multiple of the granularity
    aclrtPhysicalMemProp prop{};
    int32_t device = 0;  // logical
    int32_t physical_device = 0;
    bool imported = false;
    int user_refs = 1;
    std::unique_ptr<ExportRecord> record;  // once exported
    uint64_t shareable = 0;
};

struct Mapping {
    size_t bytes = 0;
    std::shared_ptr<Physical> physical;
    std::map<int32_t, int> access;  // logical device -> aclrtMemAccessFlags
};

struct Reservation {
    size_t bytes = 0;
    std::map<uintptr_t, Mapping> mappings;  // by address
    std::vector<uintptr_t> table_runs;      // the allocation-table entries made for it
};

struct VmmRegistry {
    std::mutex mutex;
    std::map<const void*, std::shared_ptr<Physical>> handles;  // live aclrtDrvMemHandles
    std::map<uintptr_t, Reservation> reservations;             // by base
    std::map<uint64_t, std::shared_ptr<Physical>> exported;    // by shareable handle
};

/// The process's registry; outlives every caller, aclFinalize included.
VmmRegistry& vmm_registry();

/// Teardown (teardown.h): unmaps every mapping, releases reservations and physical allocations.
/// Leaves their allocation-table entries to the memory domain's last step.
void release_vmm(Backend& backend);

}  // namespace aclemu::rt
