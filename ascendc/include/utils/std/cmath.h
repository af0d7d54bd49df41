// AscendC::Std's scalar math, as kernels include it ("utils/std/cmath.h"): sqrt, abs and
// ceil_div (a / b rounded up, for the tiling arithmetic of CANN's reduce example).
#pragma once

#include "aclemu/ascendc/block_api.h"

#include <cmath>
#include <type_traits>

namespace AscendC {
namespace Std {

template <typename T>
ACLEMU_ASC_HD T sqrt(const T src) {
    return static_cast<T>(::sqrt(static_cast<double>(src)));
}

template <typename T>
ACLEMU_ASC_HD T abs(const T src) {
    return src < T(0) ? static_cast<T>(-src) : src;
}

/// a / b rounded up, for integers (b > 0).
template <typename T, typename U>
ACLEMU_ASC_HD constexpr std::common_type_t<T, U> ceil_div(const T a, const U b) {
    using C = std::common_type_t<T, U>;
    return (static_cast<C>(a) + static_cast<C>(b) - 1) / static_cast<C>(b);
}

}  // namespace Std
}  // namespace AscendC
