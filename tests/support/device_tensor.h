// Test-side device memory and aclTensors. Needs a runtime with a device set (BackendTest).
//
//   auto x = DeviceTensor::contiguous({2, 3}, ACL_FLOAT16, {1, 2, 3, 4, 5, 6});
//   auto t = DeviceTensor::strided({3, 2}, {1, 3}, 0, {6}, ACL_FLOAT, storage);  // transpose
//   aclnnXxxGetWorkspaceSize(x.get(), ..., t.get(), ...);
//   std::vector<double> got = t.read();   // after synchronizing the stream
//
// Values travel as doubles and are rounded (to nearest even) into the dtype on upload, with the
// independent conversions of reference_dtype.h. Failures (allocation, copy) are reported with
// ADD_FAILURE and leave a null tensor.
#pragma once

#include "aclnn/aclnn_base.h"

#include <cstdint>
#include <vector>

namespace aclemu::test {

/// Bytes of `values` encoded in `dtype` (FLOAT, FLOAT16, BF16, DOUBLE, INT8/16/32/64, UINT8,
/// BOOL), and back. Integers are rounded to nearest; BOOL is value != 0.
std::vector<uint8_t> encode_values(const std::vector<double>& values, aclDataType dtype);
std::vector<double> decode_values(const std::vector<uint8_t>& bytes, aclDataType dtype);
size_t dtype_bytes(aclDataType dtype);

/// One aclrtMalloc allocation (none for 0 bytes), freed on destruction.
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(size_t bytes);
    ~DeviceBuffer();
    DeviceBuffer(DeviceBuffer&& other) noexcept;
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;

    void* get() const { return ptr_; }
    size_t size() const { return bytes_; }

    /// Synchronous copies; `bytes` must not exceed size().
    bool upload(const void* host, size_t bytes);
    bool download(void* host, size_t bytes) const;

private:
    void* ptr_ = nullptr;
    size_t bytes_ = 0;
};

/// An aclTensor over its own device storage.
class DeviceTensor {
public:
    /// Row-major tensor of `dims` holding `values` (numel of dims values).
    static DeviceTensor contiguous(const std::vector<int64_t>& dims,
                                   aclDataType dtype,
                                   const std::vector<double>& values,
                                   aclFormat format = ACL_FORMAT_ND);
    /// Row-major tensor of `dims` with every element `value`.
    static DeviceTensor filled(const std::vector<int64_t>& dims,
                               aclDataType dtype,
                               double value,
                               aclFormat format = ACL_FORMAT_ND);
    /// Any view: `strides` and `offset` in elements over a storage of `storage_dims`, holding
    /// `storage_values` (storage numel values, or empty for zeros). The view is NOT required to
    /// fit its storage, so tests can build invalid views; storage of 0 elements has no memory.
    static DeviceTensor strided(const std::vector<int64_t>& view_dims,
                                const std::vector<int64_t>& strides,
                                int64_t offset,
                                const std::vector<int64_t>& storage_dims,
                                aclDataType dtype,
                                const std::vector<double>& storage_values = {},
                                aclFormat format = ACL_FORMAT_ND);
    /// A tensor with no storage (data NULL): enough for phase-1 validation tests.
    static DeviceTensor shape_only(const std::vector<int64_t>& dims,
                                   aclDataType dtype,
                                   aclFormat format = ACL_FORMAT_ND);

    DeviceTensor() = default;
    ~DeviceTensor();
    DeviceTensor(DeviceTensor&& other) noexcept;
    DeviceTensor& operator=(DeviceTensor&& other) noexcept;
    DeviceTensor(const DeviceTensor&) = delete;
    DeviceTensor& operator=(const DeviceTensor&) = delete;

    aclTensor* get() const { return tensor_; }
    /// Gives up the aclTensor (e.g. to a list, which takes ownership); the storage stays here.
    aclTensor* release_tensor();
    void* data() const { return storage_.get(); }
    aclDataType dtype() const { return dtype_; }
    const std::vector<int64_t>& dims() const { return view_dims_; }
    int64_t numel() const;

    /// The view's elements in row-major order of its dims (reads the whole storage back).
    std::vector<double> read() const;
    /// The whole storage, element by element.
    std::vector<double> read_storage() const;

private:
    aclTensor* tensor_ = nullptr;
    DeviceBuffer storage_;
    aclDataType dtype_ = ACL_DT_UNDEFINED;
    std::vector<int64_t> view_dims_;
    std::vector<int64_t> strides_;
    int64_t offset_ = 0;
    int64_t storage_numel_ = 0;
};

/// Row-major strides of `dims`.
std::vector<int64_t> contiguous_strides(const std::vector<int64_t>& dims);
int64_t product(const std::vector<int64_t>& dims);

}  // namespace aclemu::test
