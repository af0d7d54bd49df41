// The fixture of the tests that call the GPU launchers of kernels_cu/launch.h directly, without
// aclTensor or the operator layer, on the GPU backend that answers (the GPU simulator when no GPU
// does): the launcher table of that backend, its native stream, and device buffers placed at an
// element offset (to misalign them) filled with dtype-rounded values.
#pragma once

#include "acl/acl.h"

#include "aclemu/rt.h"
#include "common/dispatch.h"
#include "kernels_cu/kernel_args.h"
#include "kernels_cu/launch.h"
#include "support/backend_fixture.h"
#include "support/device_tensor.h"
#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace aclemu::test {

using kernels::DType;

// The GPU runtime's "invalid value": 1 in CUDA, HIP and the simulator alike.
inline constexpr int kInvalidValue = 1;

inline aclDataType acl_of(DType t) {
    switch (t) {
        case DType::Float16:
            return ACL_FLOAT16;
        case DType::BFloat16:
            return ACL_BF16;
        case DType::Float32:
            break;
    }
    return ACL_FLOAT;
}

inline const char* label(DType t) {
    return t == DType::Float32 ? "fp32" : t == DType::Float16 ? "fp16" : "bf16";
}

// Deterministic values in [lo, hi), rounded to `dtype`.
inline std::vector<double> values(size_t n, double lo, double hi, uint32_t seed, DType dtype) {
    std::vector<double> v(n);
    uint32_t state = seed;
    for (double& x : v) {
        state = state * 1664525u + 1013904223u;
        x = round_to_dtype(lo + (hi - lo) * (state >> 8) / double(1u << 24), acl_of(dtype));
    }
    return v;
}

class GpuLauncherTest : public BackendTest {
public:
    void SetUp() override {
        BackendTest::SetUp();
        if (HasFatalFailure() || IsSkipped()) {
            return;
        }
        ::aclemu::rt::StreamTarget target;
        ASSERT_EQ(::aclemu::rt::resolve_stream(stream(), &target), ACL_SUCCESS);
        native_ = target.native;
        launchers_ = ops::gpu_launchers(target.kind);
        ASSERT_NE(launchers_, nullptr) << "no kernels for the GPU backend that answered";
    }

    const kernels::GpuLaunchers& gpu() const { return *launchers_; }
    void* native() const { return native_; }

    void synchronize() { ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS); }

    // Device copy of `host` placed `offset` elements into its buffer (misaligning it).
    DeviceBuffer upload_at(const std::vector<double>& host, DType dtype, size_t offset) {
        const size_t width = dtype_bytes(acl_of(dtype));
        std::vector<uint8_t> bytes(offset * width, 0);
        const std::vector<uint8_t> data = encode_values(host, acl_of(dtype));
        bytes.insert(bytes.end(), data.begin(), data.end());
        DeviceBuffer buffer(bytes.size());
        EXPECT_TRUE(buffer.upload(bytes.data(), bytes.size()));
        return buffer;
    }

    std::vector<double> download_at(const DeviceBuffer& buffer,
                                    DType dtype,
                                    size_t offset,
                                    size_t n) {
        const size_t width = dtype_bytes(acl_of(dtype));
        std::vector<uint8_t> bytes(buffer.size());
        EXPECT_TRUE(buffer.download(bytes.data(), bytes.size()));
        return decode_values(std::vector<uint8_t>(bytes.begin() + offset * width,
                                                  bytes.begin() + (offset + n) * width),
                             acl_of(dtype));
    }

    static void* at(const DeviceBuffer& buffer, DType dtype, size_t offset) {
        return static_cast<char*>(buffer.get()) + offset * dtype_bytes(acl_of(dtype));
    }

private:
    void* native_ = nullptr;
    const kernels::GpuLaunchers* launchers_ = nullptr;
};

}  // namespace aclemu::test
