// DeviceBuffer / DeviceTensor (device_tensor.h): aclrtMalloc'd storage, uploads through the
// independent dtype encoding of reference_dtype.h, and reading views back element by element.
#include "support/device_tensor.h"

#include "acl/acl.h"

#include "support/reference_dtype.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <utility>

namespace aclemu::test {
namespace {

template <typename T>
void put(std::vector<uint8_t>* bytes, size_t i, T value) {
    std::memcpy(bytes->data() + i * sizeof(T), &value, sizeof(T));
}

template <typename T>
T get(const std::vector<uint8_t>& bytes, size_t i) {
    T value;
    std::memcpy(&value, bytes.data() + i * sizeof(T), sizeof(T));
    return value;
}

template <typename T>
T to_integer(double v) {
    return static_cast<T>(std::nearbyint(v));
}

}  // namespace

int64_t product(const std::vector<int64_t>& dims) {
    int64_t n = 1;
    for (int64_t d : dims) {
        n *= d;
    }
    return n;
}

std::vector<int64_t> contiguous_strides(const std::vector<int64_t>& dims) {
    std::vector<int64_t> strides(dims.size(), 1);
    for (size_t d = dims.size(); d-- > 1;) {
        strides[d - 1] = strides[d] * (dims[d] > 1 ? dims[d] : 1);
    }
    return strides;
}

size_t dtype_bytes(aclDataType dtype) {
    switch (dtype) {
        case ACL_BOOL:
        case ACL_INT8:
        case ACL_UINT8:
            return 1;
        case ACL_FLOAT16:
        case ACL_BF16:
        case ACL_INT16:
            return 2;
        case ACL_FLOAT:
        case ACL_INT32:
            return 4;
        case ACL_DOUBLE:
        case ACL_INT64:
            return 8;
        default:
            return 0;
    }
}

std::vector<uint8_t> encode_values(const std::vector<double>& values, aclDataType dtype) {
    std::vector<uint8_t> bytes(values.size() * dtype_bytes(dtype));
    for (size_t i = 0; i < values.size(); ++i) {
        const double v = values[i];
        switch (dtype) {
            case ACL_FLOAT:
                put(&bytes, i, static_cast<float>(v));
                break;
            case ACL_FLOAT16:
                put(&bytes, i, half_bits(v));
                break;
            case ACL_BF16:
                put(&bytes, i, bf16_bits(v));
                break;
            case ACL_DOUBLE:
                put(&bytes, i, v);
                break;
            case ACL_INT8:
                put(&bytes, i, to_integer<int8_t>(v));
                break;
            case ACL_UINT8:
                put(&bytes, i, to_integer<uint8_t>(v));
                break;
            case ACL_INT16:
                put(&bytes, i, to_integer<int16_t>(v));
                break;
            case ACL_INT32:
                put(&bytes, i, to_integer<int32_t>(v));
                break;
            case ACL_INT64:
                put(&bytes, i, to_integer<int64_t>(v));
                break;
            case ACL_BOOL:
                put(&bytes, i, static_cast<uint8_t>(v != 0.0));
                break;
            default:
                ADD_FAILURE() << "encode_values: dtype " << dtype << " is not supported";
                return {};
        }
    }
    return bytes;
}

std::vector<double> decode_values(const std::vector<uint8_t>& bytes, aclDataType dtype) {
    const size_t esize = dtype_bytes(dtype);
    if (esize == 0) {
        ADD_FAILURE() << "decode_values: dtype " << dtype << " is not supported";
        return {};
    }
    std::vector<double> values(bytes.size() / esize);
    for (size_t i = 0; i < values.size(); ++i) {
        switch (dtype) {
            case ACL_FLOAT:
                values[i] = get<float>(bytes, i);
                break;
            case ACL_FLOAT16:
                values[i] = half_value(get<uint16_t>(bytes, i));
                break;
            case ACL_BF16:
                values[i] = bf16_value(get<uint16_t>(bytes, i));
                break;
            case ACL_DOUBLE:
                values[i] = get<double>(bytes, i);
                break;
            case ACL_INT8:
                values[i] = get<int8_t>(bytes, i);
                break;
            case ACL_UINT8:
            case ACL_BOOL:
                values[i] = get<uint8_t>(bytes, i);
                break;
            case ACL_INT16:
                values[i] = get<int16_t>(bytes, i);
                break;
            case ACL_INT32:
                values[i] = get<int32_t>(bytes, i);
                break;
            case ACL_INT64:
                values[i] = static_cast<double>(get<int64_t>(bytes, i));
                break;
            default:
                break;
        }
    }
    return values;
}

// ---------------------------------------------------------------------------------------------
// DeviceBuffer
// ---------------------------------------------------------------------------------------------

DeviceBuffer::DeviceBuffer(size_t bytes) {
    if (bytes == 0) {
        return;
    }
    const aclError err = aclrtMalloc(&ptr_, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
    if (err != ACL_SUCCESS) {
        ADD_FAILURE() << "aclrtMalloc(" << bytes << ") failed with " << err;
        ptr_ = nullptr;
        return;
    }
    bytes_ = bytes;
}

DeviceBuffer::~DeviceBuffer() {
    if (ptr_ != nullptr) {
        aclrtFree(ptr_);
    }
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : ptr_(std::exchange(other.ptr_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
    if (this != &other) {
        if (ptr_ != nullptr) {
            aclrtFree(ptr_);
        }
        ptr_ = std::exchange(other.ptr_, nullptr);
        bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
}

bool DeviceBuffer::upload(const void* host, size_t bytes) {
    if (bytes == 0) {
        return true;
    }
    const aclError err = aclrtMemcpy(ptr_, bytes_, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    if (err != ACL_SUCCESS) {
        ADD_FAILURE() << "aclrtMemcpy host->device of " << bytes << " bytes failed with " << err;
        return false;
    }
    return true;
}

bool DeviceBuffer::download(void* host, size_t bytes) const {
    if (bytes == 0) {
        return true;
    }
    const aclError err = aclrtMemcpy(host, bytes, ptr_, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    if (err != ACL_SUCCESS) {
        ADD_FAILURE() << "aclrtMemcpy device->host of " << bytes << " bytes failed with " << err;
        return false;
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// DeviceTensor
// ---------------------------------------------------------------------------------------------

DeviceTensor DeviceTensor::contiguous(const std::vector<int64_t>& dims,
                                      aclDataType dtype,
                                      const std::vector<double>& values,
                                      aclFormat format) {
    if (static_cast<int64_t>(values.size()) != product(dims)) {
        ADD_FAILURE() << "DeviceTensor::contiguous: " << values.size() << " values for "
                      << product(dims) << " elements";
        return {};
    }
    return strided(dims, contiguous_strides(dims), 0, dims, dtype, values, format);
}

DeviceTensor DeviceTensor::filled(const std::vector<int64_t>& dims,
                                  aclDataType dtype,
                                  double value,
                                  aclFormat format) {
    return contiguous(
        dims, dtype, std::vector<double>(static_cast<size_t>(product(dims)), value), format);
}

DeviceTensor DeviceTensor::strided(const std::vector<int64_t>& view_dims,
                                   const std::vector<int64_t>& strides,
                                   int64_t offset,
                                   const std::vector<int64_t>& storage_dims,
                                   aclDataType dtype,
                                   const std::vector<double>& storage_values,
                                   aclFormat format) {
    DeviceTensor t;
    t.dtype_ = dtype;
    t.view_dims_ = view_dims;
    t.strides_ = strides;
    t.offset_ = offset;
    t.storage_numel_ = product(storage_dims);
    if (strides.size() != view_dims.size()) {
        ADD_FAILURE() << "DeviceTensor::strided: " << strides.size() << " strides for "
                      << view_dims.size() << " dims";
        return {};
    }
    std::vector<double> init = storage_values;
    if (init.empty()) {
        init.assign(static_cast<size_t>(t.storage_numel_), 0.0);
    }
    if (static_cast<int64_t>(init.size()) != t.storage_numel_) {
        ADD_FAILURE() << "DeviceTensor::strided: " << init.size() << " storage values for "
                      << t.storage_numel_ << " storage elements";
        return {};
    }
    const std::vector<uint8_t> bytes = encode_values(init, dtype);
    if (bytes.size() != init.size() * dtype_bytes(dtype)) {
        return {};
    }
    t.storage_ = DeviceBuffer(bytes.size());
    if (!bytes.empty()
        && (t.storage_.get() == nullptr || !t.storage_.upload(bytes.data(), bytes.size()))) {
        return {};
    }
    t.tensor_ = aclCreateTensor(view_dims.data(),
                                view_dims.size(),
                                dtype,
                                strides.data(),
                                offset,
                                format,
                                storage_dims.data(),
                                storage_dims.size(),
                                t.storage_.get());
    if (t.tensor_ == nullptr) {
        ADD_FAILURE() << "aclCreateTensor failed";
    }
    return t;
}

DeviceTensor DeviceTensor::shape_only(const std::vector<int64_t>& dims,
                                      aclDataType dtype,
                                      aclFormat format) {
    DeviceTensor t;
    t.dtype_ = dtype;
    t.view_dims_ = dims;
    t.strides_ = contiguous_strides(dims);
    t.storage_numel_ = product(dims);
    t.tensor_ = aclCreateTensor(dims.data(),
                                dims.size(),
                                dtype,
                                t.strides_.data(),
                                0,
                                format,
                                dims.data(),
                                dims.size(),
                                nullptr);
    if (t.tensor_ == nullptr) {
        ADD_FAILURE() << "aclCreateTensor failed";
    }
    return t;
}

DeviceTensor::~DeviceTensor() {
    if (tensor_ != nullptr) {
        aclDestroyTensor(tensor_);
    }
}

DeviceTensor::DeviceTensor(DeviceTensor&& other) noexcept
    : tensor_(std::exchange(other.tensor_, nullptr)),
      storage_(std::move(other.storage_)),
      dtype_(other.dtype_),
      view_dims_(std::move(other.view_dims_)),
      strides_(std::move(other.strides_)),
      offset_(other.offset_),
      storage_numel_(other.storage_numel_) {}

DeviceTensor& DeviceTensor::operator=(DeviceTensor&& other) noexcept {
    if (this != &other) {
        if (tensor_ != nullptr) {
            aclDestroyTensor(tensor_);
        }
        tensor_ = std::exchange(other.tensor_, nullptr);
        storage_ = std::move(other.storage_);
        dtype_ = other.dtype_;
        view_dims_ = std::move(other.view_dims_);
        strides_ = std::move(other.strides_);
        offset_ = other.offset_;
        storage_numel_ = other.storage_numel_;
    }
    return *this;
}

aclTensor* DeviceTensor::release_tensor() {
    return std::exchange(tensor_, nullptr);
}

int64_t DeviceTensor::numel() const {
    return product(view_dims_);
}

std::vector<double> DeviceTensor::read_storage() const {
    std::vector<uint8_t> bytes(static_cast<size_t>(storage_numel_) * dtype_bytes(dtype_));
    if (bytes.empty() || storage_.get() == nullptr) {
        return {};
    }
    if (!storage_.download(bytes.data(), bytes.size())) {
        return {};
    }
    return decode_values(bytes, dtype_);
}

std::vector<double> DeviceTensor::read() const {
    const int64_t n = numel();
    if (n == 0) {
        return {};
    }
    const std::vector<double> storage = read_storage();
    std::vector<double> out;
    out.reserve(static_cast<size_t>(n));
    std::vector<int64_t> index(view_dims_.size(), 0);
    for (int64_t i = 0; i < n; ++i) {
        int64_t pos = offset_;
        for (size_t d = 0; d < index.size(); ++d) {
            pos += index[d] * strides_[d];
        }
        if (pos < 0 || pos >= static_cast<int64_t>(storage.size())) {
            ADD_FAILURE() << "DeviceTensor::read: the view reaches storage element " << pos
                          << " of " << storage.size();
            return {};
        }
        out.push_back(storage[static_cast<size_t>(pos)]);
        for (size_t d = index.size(); d-- > 0;) {
            if (++index[d] < view_dims_[d]) {
                break;
            }
            index[d] = 0;
        }
    }
    return out;
}

}  // namespace aclemu::test
