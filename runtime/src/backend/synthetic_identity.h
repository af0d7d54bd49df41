// The identity of a device that has no hardware behind it (the CPU backend's devices, the GPU
// simulator's): a UUID and a PCI bus id derived from the backend's name and the device's index
// only, so they are the same in every process and on every machine, and distinct per device
// and backend. The PCI domain is 0xace0 (cpu) or 0xace1 (gpusim), which no real host bridge
// uses, so such an id never names a real device.
#pragma once

#include "backend/backend.h"

#include <cstdint>

namespace aclemu::rt {

/// Fills facts->uuid and facts->pci_bus_id for device `physical_device` of backend `backend`
/// ("cpu" or "gpusim"): bus = the device index's low 8 bits, device its next 5, function 0.
void synthesize_identity(const char* backend, int32_t physical_device, DeviceFacts* facts);

}  // namespace aclemu::rt
