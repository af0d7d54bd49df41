// Entry points that classify memory by address: aclrtPointerGetAttributes (where a pointer's
// memory lies) and aclrtCheckMemType (whether addresses are device memory or reserved virtual
// addresses). Both read the allocation table and the virtual-memory reservations; they change
// nothing.
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "memory/vmm_registry.h"
#include "runtime_state.h"

#include <cstring>
#include <mutex>
#include <optional>
#include <unistd.h>

using namespace aclemu::rt;

namespace {

constexpr uint32_t kKnownMemTypes =
    ACL_RT_MEM_TYPE_DEV | ACL_RT_MEM_TYPE_DVPP | ACL_RT_MEM_TYPE_RSVD;

// Every block aclemu hands out lives in host pages (the CPU backend and the simulator) or in
// memory whose GPU page size CUDA's and HIP's runtime APIs do not report: the host's page size.
uint32_t page_bytes() {
    static const auto bytes = static_cast<uint32_t>(::sysconf(_SC_PAGESIZE));
    return bytes;
}

// `addr` lies in an address range aclrtReserveMemAddress reserved (mapped or not).
bool in_reservation(uintptr_t addr) {
    VmmRegistry& registry = vmm_registry();
    std::lock_guard<std::mutex> lock(registry.mutex);
    auto it = registry.reservations.upper_bound(addr);
    if (it == registry.reservations.begin()) {
        return false;
    }
    --it;
    return addr - it->first < it->second.bytes;
}

// The aclrtCheckMemType type of `addr`: ACL_RT_MEM_TYPE_RSVD inside a reservation (its mappings
// included), ACL_RT_MEM_TYPE_DEV for other device memory, 0 for anything else (host memory,
// memory aclemu did not allocate). No DVPP memory exists off Ascend.
uint32_t mem_type_of(const void* addr) {
    const auto at = reinterpret_cast<uintptr_t>(addr);
    if (in_reservation(at)) {
        return ACL_RT_MEM_TYPE_RSVD;
    }
    std::optional<Allocation> block = runtime().allocations().find(addr);
    return block && block->kind == AllocKind::Device ? ACL_RT_MEM_TYPE_DEV : 0U;
}

}  // namespace

extern "C" {

aclError aclrtPointerGetAttributes(const void* ptr, aclrtPtrAttributes* attributes) {
    return api_call_init("aclrtPointerGetAttributes", [&] {
        ACLEMU_CHECK_NOT_NULL(ptr);
        ACLEMU_CHECK_NOT_NULL(attributes);
        std::memset(attributes, 0, sizeof *attributes);
        attributes->location.type = ACL_MEM_LOCATION_TYPE_UNREGISTERED;
        std::optional<Allocation> block = runtime().allocations().find(ptr);
        if (block) {
            const bool device = block->kind == AllocKind::Device;
            attributes->location.type =
                device ? ACL_MEM_LOCATION_TYPE_DEVICE : ACL_MEM_LOCATION_TYPE_HOST;
            attributes->location.id = device ? static_cast<uint32_t>(block->device) : 0U;
            attributes->pageSize = page_bytes();
        }
        return ACL_SUCCESS;
    });
}

aclError aclrtCheckMemType(
    void** addrList, uint32_t size, uint32_t memType, uint32_t* checkResult, uint32_t reserve) {
    return api_call_init("aclrtCheckMemType", [&] {
        ACLEMU_CHECK_NOT_NULL(addrList);
        ACLEMU_CHECK_NOT_NULL(checkResult);
        ACLEMU_TRY(reject_if(size == 0,
                             "size",
                             size,
                             "must be greater than 0 (the number of addresses in addrList)",
                             ACL_ERROR_RT_PARAM_INVALID));
        ACLEMU_TRY(reject_if(memType == 0 || (memType & ~kKnownMemTypes) != 0,
                             "memType",
                             memType,
                             "must be ACL_RT_MEM_TYPE_DEV (0x2), _DVPP (0x8), _RSVD (0x10) or "
                             "an OR of them",
                             ACL_ERROR_RT_PARAM_INVALID));
        ACLEMU_TRY(reject_if(reserve != 0,
                             "reserve",
                             reserve,
                             "is reserved and must be 0",
                             ACL_ERROR_RT_PARAM_INVALID));
        uint32_t matched = 1;
        for (uint32_t i = 0; i < size; ++i) {
            if ((mem_type_of(addrList[i]) & memType) == 0) {
                matched = 0;
                break;
            }
        }
        *checkResult = matched;
        return ACL_SUCCESS;
    });
}

}  // extern "C"
