// Helpers of the GPU simulator's own tests: device buffers over the simulator's runtime API.
#pragma once

#include "gpu/sim/runtime.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace aclemu::gpusim_test {

/// gpusimMalloc'ed memory holding `count` values of T, freed on destruction.
template <typename T>
class SimBuffer {
public:
    explicit SimBuffer(size_t count, const T& fill = T{}) : count_(count) {
        void* ptr = nullptr;
        EXPECT_EQ(gpusimMalloc(&ptr, count * sizeof(T)), gpusimSuccess);
        ptr_ = static_cast<T*>(ptr);
        upload(std::vector<T>(count, fill));
    }
    ~SimBuffer() { gpusimFree(ptr_); }
    SimBuffer(const SimBuffer&) = delete;
    SimBuffer& operator=(const SimBuffer&) = delete;

    T* get() const { return ptr_; }
    void upload(const std::vector<T>& host) {
        ASSERT_EQ(host.size(), count_);
        ASSERT_EQ(gpusimMemcpy(ptr_, host.data(), count_ * sizeof(T), gpusimMemcpyHostToDevice),
                  gpusimSuccess);
    }
    std::vector<T> download() const {
        std::vector<T> host(count_);
        EXPECT_EQ(gpusimMemcpy(host.data(), ptr_, count_ * sizeof(T), gpusimMemcpyDeviceToHost),
                  gpusimSuccess);
        return host;
    }

private:
    T* ptr_ = nullptr;
    size_t count_ = 0;
};

inline uint32_t bits_of(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

}  // namespace aclemu::gpusim_test
