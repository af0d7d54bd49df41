// DimVector: the dims and strides of an aclTensor. A vector of int64 that keeps up to
// kInlineDims values inside itself, so copying a tensor of rank <= 8 (phase 1 snapshots every
// tensor an operator gets) allocates nothing. It offers the std::vector operations the code base
// uses, compares with and assigns from std::vector<int64_t>, and converts to one implicitly for
// code that needs a real std::vector (that conversion copies).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <new>
#include <type_traits>
#include <vector>

namespace aclemu::nn {

class DimVector {
public:
    static constexpr size_t kInlineDims = 8;

    using value_type = int64_t;
    using size_type = size_t;
    using difference_type = std::ptrdiff_t;
    using reference = int64_t&;
    using const_reference = const int64_t&;
    using pointer = int64_t*;
    using const_pointer = const int64_t*;
    using iterator = int64_t*;
    using const_iterator = const int64_t*;

private:
    // The iterator overloads must not catch assign(3, 5), as in std::vector.
    template <class It>
    using IfIterator =
        std::enable_if_t<std::is_base_of_v<std::input_iterator_tag,
                                           typename std::iterator_traits<It>::iterator_category>>;

public:
    DimVector() noexcept = default;
    DimVector(std::initializer_list<int64_t> values) { assign(values.begin(), values.end()); }
    DimVector(size_t count, int64_t value) { assign(count, value); }
    template <class It, class = IfIterator<It>>
    DimVector(It first, It last) {
        assign(first, last);
    }
    /// Explicit so that `cond ? tensor.view_dims : std::vector<int64_t>{}` stays unambiguous.
    explicit DimVector(const std::vector<int64_t>& values) { assign(values.begin(), values.end()); }

    DimVector(const DimVector& other) { assign(other.begin(), other.end()); }
    DimVector(DimVector&& other) noexcept { steal(other); }
    DimVector& operator=(const DimVector& other) {
        if (this != &other) {
            assign(other.begin(), other.end());
        }
        return *this;
    }
    DimVector& operator=(DimVector&& other) noexcept {
        if (this != &other) {
            release();
            steal(other);
        }
        return *this;
    }
    DimVector& operator=(std::initializer_list<int64_t> values) {
        assign(values.begin(), values.end());
        return *this;
    }
    DimVector& operator=(const std::vector<int64_t>& values) {
        assign(values.begin(), values.end());
        return *this;
    }
    ~DimVector() { release(); }

    /// A std::vector copy, for interfaces that take one.
    operator std::vector<int64_t>() const { return std::vector<int64_t>(begin(), end()); }

    template <class It, class = IfIterator<It>>
    void assign(It first, It last) {
        const auto count = static_cast<size_t>(std::distance(first, last));
        size_ = 0;
        reserve(count);
        std::copy(first, last, data());
        size_ = count;
    }
    void assign(size_t count, int64_t value) {
        size_ = 0;
        reserve(count);
        std::fill_n(data(), count, value);
        size_ = count;
    }

    size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    size_t capacity() const noexcept { return heap_ != nullptr ? capacity_ : kInlineDims; }

    int64_t* data() noexcept { return heap_ != nullptr ? heap_ : inline_; }
    const int64_t* data() const noexcept { return heap_ != nullptr ? heap_ : inline_; }
    iterator begin() noexcept { return data(); }
    iterator end() noexcept { return data() + size_; }
    const_iterator begin() const noexcept { return data(); }
    const_iterator end() const noexcept { return data() + size_; }
    const_iterator cbegin() const noexcept { return begin(); }
    const_iterator cend() const noexcept { return end(); }

    int64_t& operator[](size_t i) noexcept { return data()[i]; }
    const int64_t& operator[](size_t i) const noexcept { return data()[i]; }
    int64_t& front() noexcept { return data()[0]; }
    const int64_t& front() const noexcept { return data()[0]; }
    int64_t& back() noexcept { return data()[size_ - 1]; }
    const int64_t& back() const noexcept { return data()[size_ - 1]; }

    void clear() noexcept { size_ = 0; }
    void reserve(size_t count) {
        if (count <= capacity()) {
            return;
        }
        const size_t grown = std::max(count, capacity() * 2);
        auto* block = new int64_t[grown];
        std::copy(begin(), end(), block);
        release();
        heap_ = block;
        capacity_ = grown;
    }
    void resize(size_t count, int64_t value = 0) {
        reserve(count);
        if (count > size_) {
            std::fill(data() + size_, data() + count, value);
        }
        size_ = count;
    }
    void push_back(int64_t value) {
        reserve(size_ + 1);
        data()[size_++] = value;
    }
    void pop_back() noexcept { --size_; }

private:
    void release() noexcept {
        delete[] heap_;
        heap_ = nullptr;
        capacity_ = kInlineDims;
    }
    // Takes other's values; other is left empty (and inline).
    void steal(DimVector& other) noexcept {
        size_ = other.size_;
        if (other.heap_ != nullptr) {
            heap_ = other.heap_;
            capacity_ = other.capacity_;
            other.heap_ = nullptr;
            other.capacity_ = kInlineDims;
        } else {
            std::memcpy(inline_, other.inline_, size_ * sizeof(int64_t));
        }
        other.size_ = 0;
    }

    size_t size_ = 0;
    size_t capacity_ = kInlineDims;  // of heap_ when set
    int64_t* heap_ = nullptr;        // null: the values live in inline_
    int64_t inline_[kInlineDims];
};

inline bool operator==(const DimVector& a, const DimVector& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}
inline bool operator!=(const DimVector& a, const DimVector& b) {
    return !(a == b);
}
inline bool operator==(const DimVector& a, const std::vector<int64_t>& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}
inline bool operator!=(const DimVector& a, const std::vector<int64_t>& b) {
    return !(a == b);
}
inline bool operator==(const std::vector<int64_t>& a, const DimVector& b) {
    return b == a;
}
inline bool operator!=(const std::vector<int64_t>& a, const DimVector& b) {
    return !(b == a);
}

}  // namespace aclemu::nn
