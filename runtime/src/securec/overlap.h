// Whether two byte ranges share a byte (securec refuses copies between overlapping buffers).
#pragma once

#include <cstddef>
#include <cstdint>

namespace aclemu::securec {

inline bool overlap(const void* a, size_t a_bytes, const void* b, size_t b_bytes) {
    const auto a_start = reinterpret_cast<uintptr_t>(a);
    const auto b_start = reinterpret_cast<uintptr_t>(b);
    return a_start < b_start + b_bytes && b_start < a_start + a_bytes;
}

}  // namespace aclemu::securec
