// Comparing results with double-precision references: |actual - expected| <= atol + rtol *
// |expected| per element, NaN matches NaN, an infinity only the same infinity. On failure the
// message names the first mismatches and the largest error.
//
//   EXPECT_TRUE(all_close(out.read(), expected, ACL_FLOAT16));   // failure points at the test
//   expect_close(out.read(), expected, ACL_BF16);                 // same, shorter
#pragma once

#include "acl/acl_base.h"

#include <gtest/gtest.h>

#include <vector>

namespace aclemu::test {

struct Tolerance {
    double atol = 0.0;
    double rtol = 0.0;
};

/// FLOAT: atol 1e-6, rtol 1e-5; FLOAT16: atol 1e-5, rtol 1e-3; BFLOAT16: atol 1e-4, rtol 8e-3;
/// anything else: exact.
Tolerance default_tolerance(aclDataType dtype);

::testing::AssertionResult all_close(const std::vector<double>& actual,
                                     const std::vector<double>& expected,
                                     Tolerance tolerance);
::testing::AssertionResult all_close(const std::vector<double>& actual,
                                     const std::vector<double>& expected,
                                     aclDataType dtype);

/// EXPECT_TRUE(all_close(actual, expected, dtype)).
void expect_close(const std::vector<double>& actual,
                  const std::vector<double>& expected,
                  aclDataType dtype);

}  // namespace aclemu::test
