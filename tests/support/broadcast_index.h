// NumPy broadcasting for references: where element `i` of a row-major `shape` reads from a
// row-major tensor of `dims` broadcast to it (right-aligned, size-1 dims repeated).
#pragma once

#include <cstdint>
#include <vector>

namespace aclemu::test {

inline int64_t broadcast_source_index(int64_t i,
                                      const std::vector<int64_t>& shape,
                                      const std::vector<int64_t>& dims) {
    int64_t src = 0;
    int64_t stride = 1;
    for (size_t k = 0; k < shape.size(); ++k) {
        const size_t d = shape.size() - 1 - k;
        const int64_t idx = i % shape[d];
        i /= shape[d];
        if (k < dims.size()) {
            const size_t sd = dims.size() - 1 - k;
            if (dims[sd] != 1) {
                src += idx * stride;
            }
            stride *= dims[sd];
        }
    }
    return src;
}

}  // namespace aclemu::test
