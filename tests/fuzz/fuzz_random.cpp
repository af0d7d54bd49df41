// The fuzzer's sources of choices (fuzz_random.h).
#include "fuzz/fuzz_random.h"

#include <cstring>

namespace aclemu::fuzz {

uint64_t SeededSource::next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t ByteSource::next() {
    uint64_t value = 0;
    if (position_ < size_) {
        const size_t n = size_ - position_ < sizeof value ? size_ - position_ : sizeof value;
        std::memcpy(&value, data_ + position_, n);
        position_ += n;
    }
    return value;
}

uint64_t case_seed(uint64_t seed, uint64_t index) {
    SeededSource mix(seed ^ (index * 0xd1b54a32d192ed03ull));
    mix.next();
    return mix.next();
}

int64_t Choices::range(int64_t lo, int64_t hi) {
    const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) + 1;
    const uint64_t draw = bits();
    const uint64_t offset = span == 0 ? draw : draw % span;  // span 0: the whole int64 range
    return static_cast<int64_t>(static_cast<uint64_t>(lo) + offset);
}

bool Choices::chance(uint64_t num, uint64_t den) {
    return bits() % den < num;
}

double Choices::real(double lo, double hi) {
    const double unit = static_cast<double>(bits() >> 11) * (1.0 / 9007199254740992.0);
    return lo + (hi - lo) * unit;
}

}  // namespace aclemu::fuzz
