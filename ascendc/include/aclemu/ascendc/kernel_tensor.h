// GlobalTensor (a view of GM) and LocalTensor (a view of the block's UB). Element access is
// checked against the tensor's size where one is known (a report naming the kernel and block).
#pragma once

#include "aclemu/ascendc/kernel_defs.h"

#include <cstdio>

namespace AscendC {
namespace detail {

inline ACLEMU_ASC_HD void out_of_range(const char* api, uint64_t index, uint64_t size) {
    char what[160];
    ::aclemu::ascendc::detail::format_message(what,
                                              sizeof what,
                                              "element %llu is outside the tensor's %llu elements",
                                              static_cast<unsigned long long>(index),
                                              static_cast<unsigned long long>(size));
    ::aclemu::ascendc::detail::report_check(api, what);
}

}  // namespace detail

template <typename T>
class GlobalTensor {
public:
    using PrimType = T;

    /// `size` in elements; 0 (not given): unchecked, and GetSize() is 0.
    ACLEMU_ASC_HD void SetGlobalBuffer(__gm__ T* buffer, uint64_t size) {
        address_ = buffer;
        size_ = size;
    }
    ACLEMU_ASC_HD void SetGlobalBuffer(__gm__ T* buffer) { SetGlobalBuffer(buffer, 0); }

    /// A tensor starting `offset` elements later.
    ACLEMU_ASC_HD GlobalTensor operator[](uint64_t offset) const {
        GlobalTensor sub;
        if (size_ != 0 && offset > size_) {
            detail::out_of_range("GlobalTensor::operator[]", offset, size_);
        }
        sub.address_ = address_ + offset;
        sub.size_ = size_ > offset ? size_ - offset : 0;
        return sub;
    }

    ACLEMU_ASC_HD T GetValue(uint64_t index) const { return at(index, "GlobalTensor::GetValue"); }
    ACLEMU_ASC_HD void SetValue(uint64_t index, T value) {
        at(index, "GlobalTensor::SetValue") = value;
    }
    ACLEMU_ASC_HD T& operator()(uint64_t index) { return at(index, "GlobalTensor::operator()"); }

    ACLEMU_ASC_HD __gm__ T* GetPhyAddr() const { return address_; }
    ACLEMU_ASC_HD __gm__ T* GetPhyAddr(uint64_t offset) const { return address_ + offset; }
    ACLEMU_ASC_HD uint64_t GetSize() const { return size_; }
    /// Cache hints of the NPU's L2: no effect here.
    template <typename Mode>
    ACLEMU_ASC_HD void SetL2CacheHint(Mode) {}

private:
    ACLEMU_ASC_HD T& at(uint64_t index, const char* api) const {
        if (size_ != 0 && index >= size_) {
            detail::out_of_range(api, index, size_);
        }
        return address_[index];
    }

    __gm__ T* address_ = nullptr;
    uint64_t size_ = 0;
};

template <typename T>
class LocalTensor {
public:
    using PrimType = T;

    LocalTensor() = default;
    ACLEMU_ASC_HD LocalTensor(T* address, uint32_t size, TPosition position)
        : address_(address), size_(size), position_(position) {}

    ACLEMU_ASC_HD LocalTensor operator[](uint32_t offset) const {
        if (offset > size_) {
            detail::out_of_range("LocalTensor::operator[]", offset, size_);
        }
        return LocalTensor(element_address(offset), offset < size_ ? size_ - offset : 0, position_);
    }

    ACLEMU_ASC_HD T GetValue(uint32_t index) const { return at(index, "LocalTensor::GetValue"); }
    ACLEMU_ASC_HD void SetValue(uint32_t index, T value) const {
        at(index, "LocalTensor::SetValue") = value;
    }
    ACLEMU_ASC_HD T& operator()(uint32_t index) const {
        return at(index, "LocalTensor::operator()");
    }

    ACLEMU_ASC_HD T* GetPhyAddr() const { return address_; }
    ACLEMU_ASC_HD T* GetPhyAddr(uint32_t offset) const { return element_address(offset); }
    ACLEMU_ASC_HD uint32_t GetSize() const { return size_; }
    ACLEMU_ASC_HD uint32_t GetLength() const {
        return static_cast<uint32_t>(uint64_t{size_} * detail::kElementBits<T> / 8);
    }
    ACLEMU_ASC_HD void SetSize(uint32_t size) { size_ = size; }
    ACLEMU_ASC_HD TPosition GetPosition() const { return position_; }
    /// Byte offset in the block's UB.
    ACLEMU_ASC_HD uint64_t GetBufferHandle() const { return reinterpret_cast<uint64_t>(address_); }

    template <typename U>
    ACLEMU_ASC_HD LocalTensor<U> ReinterpretCast() const {
        return LocalTensor<U>(
            reinterpret_cast<U*>(address_),
            static_cast<uint32_t>(uint64_t{size_}
                                  * detail::kElementBits<T> / detail::kElementBits<U>),
            position_);
    }

private:
    /// Element `offset` on (int4b_t: two to a byte, so an even offset).
    ACLEMU_ASC_HD T* element_address(uint32_t offset) const {
        if constexpr (detail::kElementBits<T> == 4) {
            if (offset % 2 != 0) {
                detail::out_of_range("LocalTensor::operator[] (odd int4b_t offset)", offset, size_);
            }
            return address_ + offset / 2;
        } else {
            return address_ + offset;
        }
    }

    ACLEMU_ASC_HD T& at(uint32_t index, const char* api) const {
        static_assert(detail::kElementBits<T> % 8 == 0,
                      "aclemu does not emulate element access of int4b_t tensors");
        if (index >= size_) {
            detail::out_of_range(api, index, size_);
        }
        return address_[index];
    }

    T* address_ = nullptr;
    uint32_t size_ = 0;  // elements
    TPosition position_ = TPosition::VECCALC;
};

}  // namespace AscendC
