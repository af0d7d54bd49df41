// A device's identity: its UUID (aclrtDeviceGetUuid) and PCI bus id (aclrtDeviceGetPCIBusId,
// and back: aclrtDeviceGetByPCIBusId). A GPU's are its own; the CPU backend's and the simulator's
// are synthesized (backend/synthetic_identity.h). Device ids are the visible (logical) ones.
#include "acl/acl.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"

#include <cstdio>
#include <cstring>
#include <string>

using namespace aclemu::rt;

namespace {

struct PciAddress {
    unsigned domain = 0;
    unsigned bus = 0;
    unsigned device = 0;
    unsigned function = 0;
    bool operator==(const PciAddress& other) const {
        return domain == other.domain && bus == other.bus && device == other.device
               && function == other.function;
    }
};

// Parses the forms CUDA accepts: "domain:bus:device.function", "domain:bus:device" and
// "bus:device.function" (hex, either case; a missing domain or function is 0). The whole text
// must be one of them.
bool parse_pci_bus_id(const char* text, PciAddress* out) {
    PciAddress address;
    int used = 0;
    if (std::sscanf(text,
                    "%x:%x:%x.%x%n",
                    &address.domain,
                    &address.bus,
                    &address.device,
                    &address.function,
                    &used)
            == 4
        && text[used] == '\0') {
        *out = address;
        return true;
    }
    address = PciAddress{};
    used = 0;
    if (std::sscanf(text, "%x:%x:%x%n", &address.domain, &address.bus, &address.device, &used) == 3
        && text[used] == '\0') {
        *out = address;
        return true;
    }
    address = PciAddress{};
    used = 0;
    if (std::sscanf(text, "%x:%x.%x%n", &address.bus, &address.device, &address.function, &used)
            == 3
        && text[used] == '\0') {
        *out = address;
        return true;
    }
    return false;
}

}  // namespace

extern "C" {

aclError aclrtDeviceGetUuid(int32_t deviceId, aclrtUuid* uuid) {
    return api_call_init("aclrtDeviceGetUuid", [&] {
        ACLEMU_CHECK_NOT_NULL(uuid);
        DeviceFacts facts;
        ACLEMU_TRY(runtime().device_facts(deviceId, &facts));
        static_assert(sizeof uuid->bytes == sizeof facts.uuid);
        std::memcpy(uuid->bytes, facts.uuid, sizeof uuid->bytes);
        return ACL_SUCCESS;
    });
}

aclError aclrtDeviceGetPCIBusId(int32_t deviceId, char* pciBusId, int32_t len) {
    return api_call_init("aclrtDeviceGetPCIBusId", [&] {
        ACLEMU_CHECK_NOT_NULL(pciBusId);
        DeviceFacts facts;
        ACLEMU_TRY(runtime().device_facts(deviceId, &facts));
        const size_t needed = facts.pci_bus_id.size() + 1;
        if (len < 0 || static_cast<size_t>(len) < needed) {
            return reject_arg(
                ACL_ERROR_INVALID_PARAM,
                "len",
                len,
                "must be at least " + std::to_string(needed) + " (the id and its terminating NUL)");
        }
        std::memcpy(pciBusId, facts.pci_bus_id.c_str(), needed);
        return ACL_SUCCESS;
    });
}

aclError aclrtDeviceGetByPCIBusId(const char* pciBusId, int32_t* deviceId) {
    return api_call_init("aclrtDeviceGetByPCIBusId", [&] {
        ACLEMU_CHECK_NOT_NULL(pciBusId);
        ACLEMU_CHECK_NOT_NULL(deviceId);
        const std::string wanted_text(pciBusId, strnlen(pciBusId, 64));
        PciAddress wanted;
        if (wanted_text.size() >= 64 || !parse_pci_bus_id(wanted_text.c_str(), &wanted)) {
            return reject_arg(ACL_ERROR_INVALID_PARAM,
                              "pciBusId",
                              "\"" + wanted_text.substr(0, 63) + "\"",
                              "not a PCI bus id (domain:bus:device.function, hex)");
        }
        uint32_t count = 0;
        ACLEMU_TRY(runtime().device_count(&count));
        for (uint32_t device = 0; device < count; ++device) {
            DeviceFacts facts;
            ACLEMU_TRY(runtime().device_facts(static_cast<int32_t>(device), &facts));
            PciAddress address;
            if (parse_pci_bus_id(facts.pci_bus_id.c_str(), &address) && address == wanted) {
                *deviceId = static_cast<int32_t>(device);
                return ACL_SUCCESS;
            }
        }
        return reject_arg(ACL_ERROR_RT_INVALID_DEVICEID,
                          "pciBusId",
                          "\"" + wanted_text + "\"",
                          "is the PCI bus id of no visible device");
    });
}

}  // extern "C"
