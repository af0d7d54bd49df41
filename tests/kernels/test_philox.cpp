// Philox4x32-10 (kernels_cu/math/philox.h, the generator of aclrtRandomNumAsync on every backend)
// and the tests' own reference (support/philox_reference.h) against the known-answer vectors
// published with Random123 (Salmon et al., SC 2011).
#include "kernels_cu/math/philox.h"
#include "support/philox_reference.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>

namespace aclemu::test {
namespace {

struct KnownAnswer {
    std::array<uint32_t, 4> counter;
    std::array<uint32_t, 2> key;
    std::array<uint32_t, 4> expected;
};

const KnownAnswer kKnownAnswers[] = {
    {{0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u},
     {0x00000000u, 0x00000000u},
     {0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}},
    {{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu},
     {0xffffffffu, 0xffffffffu},
     {0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}},
    {{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u},
     {0xa4093822u, 0x299f31d0u},
     {0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}},
};

TEST(Philox4x32, ProductionMatchesPublishedVectors) {
    for (const KnownAnswer& kat : kKnownAnswers) {
        const kernels::Philox4x32 out = kernels::philox4x32_10(
            kernels::Philox4x32{{kat.counter[0], kat.counter[1], kat.counter[2], kat.counter[3]}},
            kat.key[0],
            kat.key[1]);
        for (int i = 0; i < 4; ++i) {
            EXPECT_EQ(out.v[i], kat.expected[i]) << "word " << i;
        }
    }
}

TEST(Philox4x32, TestReferenceMatchesPublishedVectors) {
    for (const KnownAnswer& kat : kKnownAnswers) {
        EXPECT_EQ(reference_philox(kat.counter, kat.key), kat.expected);
    }
}

TEST(Philox4x32, ReferenceInverseErrorFunction) {
    for (double x : {-2.5, -1.0, -0.1, 0.0, 0.3, 1.7, 3.2}) {
        EXPECT_NEAR(reference_erfinv(std::erf(x)), x, 1e-12) << x;
    }
}

}  // namespace
}  // namespace aclemu::test
