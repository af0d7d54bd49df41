// Philox4x32-10, the counter-based generator of Salmon, Moraes, Dror and Shaw, "Parallel Random
// Numbers: As Easy as 1, 2, 3" (SC 2011), written from the paper's definition: ten rounds of two
// 32x32->64 multiplications on a 128-bit counter, the 64-bit key bumped by the Weyl constants
// between rounds. A pure function of (counter, key), the same bits on the host and the device,
// so every backend draws the same numbers for the same seed and counter.
#pragma once

#include "kernels_cu/portability.h"

#include <cstdint>

namespace aclemu::kernels {

struct Philox4x32 {
    uint32_t v[4];
};

namespace philox_detail {

constexpr uint32_t kMultiplier0 = 0xD2511F53u;
constexpr uint32_t kMultiplier1 = 0xCD9E8D57u;
constexpr uint32_t kWeyl0 = 0x9E3779B9u;  // golden ratio
constexpr uint32_t kWeyl1 = 0xBB67AE85u;  // sqrt(3) - 1

ACLEMU_HD uint32_t mul_hi(uint32_t a, uint32_t b) {
    return static_cast<uint32_t>((static_cast<uint64_t>(a) * b) >> 32);
}

ACLEMU_HD Philox4x32 round(Philox4x32 c, uint32_t k0, uint32_t k1) {
    const uint32_t hi0 = mul_hi(kMultiplier0, c.v[0]);
    const uint32_t lo0 = kMultiplier0 * c.v[0];
    const uint32_t hi1 = mul_hi(kMultiplier1, c.v[2]);
    const uint32_t lo1 = kMultiplier1 * c.v[2];
    return Philox4x32{{hi1 ^ c.v[1] ^ k0, lo1, hi0 ^ c.v[3] ^ k1, lo0}};
}

}  // namespace philox_detail

/// The ten-round Philox4x32 of `counter` under key (k0, k1).
ACLEMU_HD Philox4x32 philox4x32_10(Philox4x32 counter, uint32_t k0, uint32_t k1) {
    counter = philox_detail::round(counter, k0, k1);
    for (int r = 1; r < 10; ++r) {
        k0 += philox_detail::kWeyl0;
        k1 += philox_detail::kWeyl1;
        counter = philox_detail::round(counter, k0, k1);
    }
    return counter;
}

}  // namespace aclemu::kernels
