// parallel_copy / parallel_fill: see Note [Parallel copy without a join] (parallel_copy.h).
// Every chunk's bytes are stored before run_items returns (it publishes each item's writes to
// the caller), so whatever the caller orders after the copy sees them.
#include "backend/cpu/parallel_copy.h"

#include "aclemu/thread_pool.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace aclemu::rt::cpu {
namespace {

constexpr uintptr_t kCacheLine = 64;

// The chunks of a copy or fill of `bytes` at `dst` over up to `threads` threads.
struct Chunks {
    Chunks(void* dst, size_t bytes, int threads)
        : base(reinterpret_cast<uintptr_t>(dst)),
          bytes(bytes),
          count(std::min(static_cast<size_t>(std::max(threads, 1)),
                         std::max<size_t>(bytes / kMinChunkBytes, 1))),
          size((bytes + count - 1) / count) {}

    // Offset of chunk i's first byte: i * size moved up to a 64-byte-aligned dst address.
    size_t boundary(size_t i) const {
        if (i == 0) {
            return 0;
        }
        if (i >= count) {
            return bytes;
        }
        const uintptr_t cut = (base + i * size + kCacheLine - 1) & ~(kCacheLine - 1);
        return std::min(static_cast<size_t>(cut - base), bytes);
    }

    uintptr_t base;
    size_t bytes;
    size_t count;
    size_t size;
};

// Calls part(begin, end) for every chunk, on up to `threads` threads; false (nothing done) when
// the work is too small to split.
template <class Part>
bool split(void* dst, size_t bytes, int threads, const Part& part) {
    if (threads <= 1 || bytes < kParallelCopyThreshold) {
        return false;
    }
    const Chunks chunks(dst, bytes, threads);
    if (chunks.count <= 1) {
        return false;
    }
    run_items(static_cast<int>(chunks.count), static_cast<int64_t>(chunks.count), [&](int64_t i) {
        const size_t c = static_cast<size_t>(i);
        part(chunks.boundary(c), chunks.boundary(c + 1));
    });
    return true;
}

}  // namespace

void parallel_copy(void* dst, const void* src, size_t bytes, int threads) noexcept {
    const uintptr_t d = reinterpret_cast<uintptr_t>(dst);
    const uintptr_t s = reinterpret_cast<uintptr_t>(src);
    const bool overlap = d < s + bytes && s < d + bytes;
    if (bytes == 0) {
        return;
    }
    if (!overlap && split(dst, bytes, threads, [&](size_t begin, size_t end) {
            std::memcpy(static_cast<char*>(dst) + begin,
                        static_cast<const char*>(src) + begin,
                        end - begin);  // the ranges do not overlap
        })) {
        return;
    }
    std::memmove(dst, src, bytes);
}

void parallel_fill(void* dst, int value, size_t bytes, int threads) noexcept {
    if (bytes == 0) {
        return;
    }
    if (split(dst, bytes, threads, [&](size_t begin, size_t end) {
            std::memset(static_cast<char*>(dst) + begin, value, end - begin);
        })) {
        return;
    }
    std::memset(dst, value, bytes);
}

}  // namespace aclemu::rt::cpu
