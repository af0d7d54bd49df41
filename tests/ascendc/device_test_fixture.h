// What the Ascend C runtime tests share: the newest error message, a fixture with a device and
// stream and device buffers freed after each test (DeviceFixture), and for the launch-by-binary
// tests (test_ascendc_fatbin*.cpp) the double-precision reference of fatbin_kernels.cpp's
// scale_block (FatbinFixture).
#pragma once

#include "acl/acl.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

// Whether ACLEMU_BACKEND names the CPU backend (unset: the CPU backend too).
inline bool on_cpu_backend() {
    const char* backend = std::getenv("ACLEMU_BACKEND");
    return backend == nullptr || std::string(backend) == "cpu";
}

// Whether the backend's kernels run in this process on host memory: the CPU backend and the GPU
// simulator (ACLEMU_BACKEND=gpusim), not a real GPU.
inline bool on_host_memory_backend() {
    const char* backend = std::getenv("ACLEMU_BACKEND");
    return on_cpu_backend() || std::string(backend) == "gpusim";
}

inline std::string recent_message() {
    const char* message = aclGetRecentErrMsg();
    return message != nullptr ? message : "";
}

// The newest message names `text` (reading it takes it).
#define EXPECT_MESSAGE_HAS(text)                                       \
    do {                                                               \
        const std::string message_ = recent_message();                 \
        EXPECT_NE(message_.find(text), std::string::npos) << message_; \
    } while (0)

// Element i of type T of the section at byte `offset` of a kernel's output bytes.
template <typename T>
T read_at(const std::vector<uint8_t>& bytes, size_t offset, size_t i) {
    T value;
    std::memcpy(&value, bytes.data() + offset + i * sizeof(T), sizeof(T));
    return value;
}

// `count` bytes at `offset` still hold `fill` (what the kernel did not write).
inline bool untouched(const std::vector<uint8_t>& bytes,
                      size_t offset,
                      size_t count,
                      uint8_t fill) {
    for (size_t i = 0; i < count; ++i) {
        if (bytes[offset + i] != fill) {
            return false;
        }
    }
    return true;
}

class DeviceFixture : public ::testing::Test {
protected:
    static void SetUpTestSuite() { ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS); }
    static void TearDownTestSuite() { aclFinalize(); }

    void SetUp() override {
        ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
        ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
    }
    void TearDown() override {
        for (void* p : buffers_) {
            aclrtFree(p);
        }
        aclrtDestroyStream(stream_);
        aclrtResetDevice(0);
    }

    template <typename T>
    void* to_device(const std::vector<T>& host) {
        void* device = nullptr;
        const size_t bytes = host.size() * sizeof(T);
        EXPECT_EQ(aclrtMalloc(&device, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        EXPECT_EQ(aclrtMemcpy(device, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_SUCCESS);
        buffers_.push_back(device);
        return device;
    }
    template <typename T = float>
    std::vector<T> to_host(void* device, size_t count) {
        std::vector<T> host(count);
        const size_t bytes = count * sizeof(T);
        EXPECT_EQ(aclrtMemcpy(host.data(), bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_SUCCESS);
        return host;
    }

    aclrtStream stream_ = nullptr;
    std::vector<void*> buffers_;
};

// scale_block's parameters as a C struct: what aclrtLaunchKernel's argsData holds.
struct ScaleArgs {
    void* x;
    uint8_t negate;
    void* out;
    float alpha;
    uint32_t per_block;
};

class FatbinFixture : public DeviceFixture {
protected:
    static std::vector<float> ramp(size_t n) {
        std::vector<float> v(n);
        for (size_t i = 0; i < n; ++i) {
            v[i] = static_cast<float>(i % 97) * 0.25f - 7.0f;
        }
        return v;
    }

    // scale_block's result, (negate ? -x : x) * alpha, in double.
    static void expect_scaled(const std::vector<float>& x,
                              const std::vector<float>& out,
                              bool negate,
                              double alpha) {
        ASSERT_EQ(out.size(), x.size());
        for (size_t i = 0; i < x.size(); ++i) {
            const double want = (negate ? -static_cast<double>(x[i]) : x[i]) * alpha;
            EXPECT_DOUBLE_EQ(out[i], static_cast<float>(want)) << "element " << i;
        }
    }
};
