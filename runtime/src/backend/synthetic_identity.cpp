#include "backend/synthetic_identity.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace aclemu::rt {
namespace {

// 64-bit FNV-1a of `text`, starting from `basis`, then SplitMix64's finalizer, so names that
// differ in one character give unrelated bits.
uint64_t name_hash(const std::string& text, uint64_t basis) {
    uint64_t hash = basis;
    for (unsigned char c : text) {
        hash = (hash ^ c) * 0x100000001b3ULL;
    }
    hash = (hash ^ (hash >> 30)) * 0xbf58476d1ce4e5b9ULL;
    hash = (hash ^ (hash >> 27)) * 0x94d049bb133111ebULL;
    return hash ^ (hash >> 31);
}

}  // namespace

void synthesize_identity(const char* backend, int32_t physical_device, DeviceFacts* facts) {
    const std::string name =
        std::string("aclemu/") + backend + "/" + std::to_string(physical_device);
    const uint64_t halves[2] = {name_hash(name, 0xcbf29ce484222325ULL),
                                name_hash(name, 0x84222325cbf29ce4ULL)};
    for (int i = 0; i < 16; ++i) {
        facts->uuid[i] = static_cast<uint8_t>(halves[i / 8] >> (8 * (7 - i % 8)));
    }
    // An RFC 9562 version 8 (vendor-specific) UUID: version nibble 8, variant bits 10.
    facts->uuid[6] = static_cast<uint8_t>((facts->uuid[6] & 0x0F) | 0x80);
    facts->uuid[8] = static_cast<uint8_t>((facts->uuid[8] & 0x3F) | 0x80);
    const unsigned domain = std::strcmp(backend, "cpu") == 0 ? 0xace0U : 0xace1U;
    char text[32];
    const auto index = static_cast<unsigned>(physical_device);
    std::snprintf(
        text, sizeof text, "%04x:%02x:%02x.0", domain, index & 0xFFU, (index >> 8) & 0x1FU);
    facts->pci_bus_id = text;
}

}  // namespace aclemu::rt
