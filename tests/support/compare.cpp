// all_close / expect_close (compare.h).
#include "support/compare.h"

#include <cmath>
#include <sstream>

namespace aclemu::test {

Tolerance default_tolerance(aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT:
            return {1e-6, 1e-5};
        case ACL_FLOAT16:
            return {1e-5, 1e-3};
        case ACL_BF16:
            return {1e-4, 8e-3};
        default:
            return {0.0, 0.0};
    }
}

::testing::AssertionResult all_close(const std::vector<double>& actual,
                                     const std::vector<double>& expected,
                                     Tolerance tolerance) {
    if (actual.size() != expected.size()) {
        return ::testing::AssertionFailure()
               << "size " << actual.size() << " != expected size " << expected.size();
    }
    constexpr int kShown = 8;
    int mismatches = 0;
    double worst = 0.0;
    size_t worst_at = 0;
    std::ostringstream detail;
    detail.precision(9);
    for (size_t i = 0; i < actual.size(); ++i) {
        const double a = actual[i];
        const double e = expected[i];
        bool ok = false;
        double err = 0.0;
        if (std::isnan(e) || std::isnan(a)) {
            ok = std::isnan(e) && std::isnan(a);
            err = HUGE_VAL;
        } else if (std::isinf(e) || std::isinf(a)) {
            ok = a == e;
            err = HUGE_VAL;
        } else {
            err = std::fabs(a - e);
            ok = err <= tolerance.atol + tolerance.rtol * std::fabs(e);
        }
        if (ok) {
            continue;
        }
        if (mismatches < kShown) {
            detail << "\n  [" << i << "] actual " << a << ", expected " << e;
        }
        if (mismatches == 0 || err > worst) {
            worst = err;
            worst_at = i;
        }
        ++mismatches;
    }
    if (mismatches == 0) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure()
           << mismatches << " of " << actual.size() << " elements differ beyond atol "
           << tolerance.atol << " + rtol " << tolerance.rtol << " (largest error " << worst
           << " at [" << worst_at << "]):" << detail.str();
}

::testing::AssertionResult all_close(const std::vector<double>& actual,
                                     const std::vector<double>& expected,
                                     aclDataType dtype) {
    return all_close(actual, expected, default_tolerance(dtype));
}

void expect_close(const std::vector<double>& actual,
                  const std::vector<double>& expected,
                  aclDataType dtype) {
    EXPECT_TRUE(all_close(actual, expected, dtype));
}

}  // namespace aclemu::test
