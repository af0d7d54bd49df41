// An independent Philox4x32-10 for the tests, written from Salmon et al., "Parallel Random
// Numbers: As Easy as 1, 2, 3" (SC 2011) with 64-bit products, checked against the Random123
// known-answer vectors (tests/kernels/test_philox.cpp) like the production one, and the
// inverse error function in double (Newton on std::erf) for the normal references.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

namespace aclemu::test {

inline std::array<uint32_t, 4> reference_philox(std::array<uint32_t, 4> ctr,
                                                std::array<uint32_t, 2> key) {
    for (int round = 0; round < 10; ++round) {
        if (round > 0) {
            key[0] += 0x9E3779B9u;
            key[1] += 0xBB67AE85u;
        }
        const uint64_t p0 = uint64_t{0xD2511F53u} * ctr[0];
        const uint64_t p1 = uint64_t{0xCD9E8D57u} * ctr[2];
        ctr = {static_cast<uint32_t>(p1 >> 32) ^ ctr[1] ^ key[0],
               static_cast<uint32_t>(p1),
               static_cast<uint32_t>(p0 >> 32) ^ ctr[3] ^ key[1],
               static_cast<uint32_t>(p0)};
    }
    return ctr;
}

/// Word `word` (0..3) of block `block` for a 128-bit counter (lo, hi) and a 64-bit seed, as
/// docs/backends.md defines aclrtRandomNumAsync's stream.
inline uint32_t reference_random_word(
    uint64_t seed, uint64_t counter_lo, uint64_t counter_hi, uint64_t block, int word) {
    const uint64_t lo = counter_lo + block;
    const uint64_t hi = counter_hi + (lo < counter_lo ? 1 : 0);
    const auto out =
        reference_philox({static_cast<uint32_t>(lo),
                          static_cast<uint32_t>(lo >> 32),
                          static_cast<uint32_t>(hi),
                          static_cast<uint32_t>(hi >> 32)},
                         {static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32)});
    return out[word];
}

/// erfinv(y) for |y| < 1 in double: Newton's method on erf(x) - y.
inline double reference_erfinv(double y) {
    double x = 0.0;
    for (int i = 0; i < 100; ++i) {
        const double step = (std::erf(x) - y) / (2.0 / std::sqrt(M_PI) * std::exp(-x * x));
        x -= step;
        if (std::fabs(step) < 1e-15 * (1.0 + std::fabs(x))) {
            break;
        }
    }
    return x;
}

}  // namespace aclemu::test
