#include "memory/vmm_registry.h"

namespace aclemu::rt {

VmmRegistry& vmm_registry() {
    static auto* instance = new VmmRegistry;
    return *instance;
}

void release_vmm(Backend& backend) {
    VmmRegistry& vmm = vmm_registry();
    std::map<uintptr_t, Reservation> reservations;
    std::map<const void*, std::shared_ptr<Physical>> handles;
    {
        std::lock_guard<std::mutex> lock(vmm.mutex);
        reservations.swap(vmm.reservations);
        handles.swap(vmm.handles);
        vmm.exported.clear();
    }
    for (auto& [base, reservation] : reservations) {
        for (auto& [address, mapping] : reservation.mappings) {
            backend.sharing()->unmap_physical(reinterpret_cast<void*>(address), mapping.bytes);
        }
        reservation.mappings.clear();
        backend.sharing()->release_address(reinterpret_cast<void*>(base), reservation.bytes);
    }
    // `handles` goes here: the backend releases the physical memory.
}

}  // namespace aclemu::rt
