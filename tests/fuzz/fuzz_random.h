// Where a fuzz case's choices come from. The same case generator runs on either source:
//   - SeededSource: SplitMix64 from a 64-bit seed (aclemu_fuzz --seed S: case i uses
//     case_seed(S, i)), so any case replays from two numbers;
//   - ByteSource: the bytes libFuzzer hands over (zeros once they run out), so coverage guidance
//     steers the same choices.
//
//   Choices c(source);
//   const int rank = c.range(0, 9);             // inclusive bounds
//   if (c.chance(1, 10)) ...;                   // probability 1/10
//   const aclDataType dt = c.pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace aclemu::fuzz {

class Source {
public:
    virtual ~Source() = default;
    virtual uint64_t next() = 0;
};

/// SplitMix64 (Steele, Lea, Flood 2014): small, fast, every seed a good stream.
class SeededSource final : public Source {
public:
    explicit SeededSource(uint64_t seed) : state_(seed) {}
    uint64_t next() override;

private:
    uint64_t state_;
};

/// 8 bytes of the input per draw (fewer at its end, then zeros).
class ByteSource final : public Source {
public:
    ByteSource(const uint8_t* data, size_t size) : data_(data), size_(size) {}
    uint64_t next() override;

private:
    const uint8_t* data_;
    size_t size_;
    size_t position_ = 0;
};

/// The seed of case `index` of a run with seed `seed`.
uint64_t case_seed(uint64_t seed, uint64_t index);

/// Typed choices over a Source.
class Choices {
public:
    explicit Choices(Source& source) : source_(source) {}

    uint64_t bits() { return source_.next(); }
    /// Uniform in [lo, hi] (inclusive; lo <= hi).
    int64_t range(int64_t lo, int64_t hi);
    /// True with probability num / den.
    bool chance(uint64_t num, uint64_t den);
    /// Uniform in [lo, hi).
    double real(double lo, double hi);
    template <class T>
    T pick(std::initializer_list<T> values) {
        return values.begin()[range(0, static_cast<int64_t>(values.size()) - 1)];
    }
    template <class T>
    const T& pick(const std::vector<T>& values) {
        return values[static_cast<size_t>(range(0, static_cast<int64_t>(values.size()) - 1))];
    }

private:
    Source& source_;
};

}  // namespace aclemu::fuzz
