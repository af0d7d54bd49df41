// The handle arena (handle_arena.h): bump allocation in never-unmapped chunks, a live count per
// page, and pages given back to the kernel once the bump pointer has left them and their last
// object is gone.
#include "handles/handle_arena.h"

#include <cstdint>
#include <cstring>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#    define ACLEMU_HANDLE_ARENA_LSAN 1
#elif defined(__has_feature)
#    if __has_feature(address_sanitizer) || __has_feature(leak_sanitizer)
#        define ACLEMU_HANDLE_ARENA_LSAN 1
#    endif
#endif
#if defined(ACLEMU_HANDLE_ARENA_LSAN)
#    include <sanitizer/lsan_interface.h>
#endif

namespace aclemu::rt {
namespace {

constexpr size_t kChunkBytes = size_t{16} << 20;  // address space only (MAP_NORESERVE)
constexpr size_t kAlignment = alignof(std::max_align_t);

struct Chunk {
    uintptr_t base = 0;
    std::vector<uint32_t> live;  // objects touching each page
};

class Arena {
public:
    void* allocate(size_t size) {
        const size_t bytes = round_up(size == 0 ? 1 : size, kAlignment);
        std::lock_guard<std::mutex> lock(mu_);
        if (bytes > kChunkBytes) {
            return nullptr;
        }
        uintptr_t start = next_;
        // An object smaller than a page never straddles a page boundary, so a page's count
        // covers whole objects.
        if (bytes <= page_ && start / page_ != (start + bytes - 1) / page_) {
            start = round_up(start, page_);
        }
        const bool new_chunk = chunks_.empty() || start + bytes > chunks_.back().base + kChunkBytes;
        if (new_chunk) {
            if (!add_chunk()) {
                return nullptr;
            }
            start = chunks_.back().base;
        }
        Chunk& chunk = chunks_.back();
        const uintptr_t old_next = next_;
        next_ = start + bytes;
        for (uintptr_t page = first_page(start); page <= last_page(start, bytes); page += page_) {
            ++chunk.live[(page - chunk.base) / page_];
        }
        // Pages the bump pointer has now left behind with no object in them go back.
        if (!new_chunk && old_next > chunk.base) {
            give_back_passed_pages(chunk, first_page(old_next - 1), first_page(start));
        }
        return reinterpret_cast<void*>(start);
    }

    void release(void* ptr, size_t size) {
        if (ptr == nullptr) {
            return;
        }
        const size_t bytes = round_up(size == 0 ? 1 : size, kAlignment);
        std::memset(ptr, 0, bytes);  // no stale pointers stay behind for a leak checker
        const auto start = reinterpret_cast<uintptr_t>(ptr);
        std::lock_guard<std::mutex> lock(mu_);
        Chunk* chunk = chunk_of(start);
        if (chunk == nullptr) {
            return;
        }
        const uintptr_t current_page = first_page(next_);
        for (uintptr_t page = first_page(start); page <= last_page(start, bytes); page += page_) {
            uint32_t& count = chunk->live[(page - chunk->base) / page_];
            if (count > 0 && --count == 0 && (chunk != &chunks_.back() || page < current_page)) {
                ::madvise(reinterpret_cast<void*>(page), page_, MADV_DONTNEED);
            }
        }
    }

    bool contains(uintptr_t address) {
        std::lock_guard<std::mutex> lock(mu_);
        return chunk_of(address) != nullptr && address < next_or_chunk_end(address);
    }

private:
    static uintptr_t round_up(uintptr_t value, uintptr_t unit) {
        return (value + unit - 1) / unit * unit;
    }
    uintptr_t first_page(uintptr_t address) const { return address / page_ * page_; }
    uintptr_t last_page(uintptr_t start, size_t bytes) const {
        return first_page(start + bytes - 1);
    }

    bool add_chunk() {
        void* base = ::mmap(nullptr,
                            kChunkBytes,
                            PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                            -1,
                            0);
        if (base == MAP_FAILED) {
            return false;
        }
#if defined(ACLEMU_HANDLE_ARENA_LSAN)
        __lsan_register_root_region(base, kChunkBytes);  // objects here own heap memory
#endif
        if (!chunks_.empty()) {
            Chunk& previous = chunks_.back();
            give_back_passed_pages(previous, first_page(next_ - 1), previous.base + kChunkBytes);
        }
        Chunk chunk;
        chunk.base = reinterpret_cast<uintptr_t>(base);
        chunk.live.assign(kChunkBytes / page_, 0);
        chunks_.push_back(std::move(chunk));
        next_ = chunks_.back().base;
        return true;
    }

    // Pages in [from, to) of `chunk` with no live object.
    void give_back_passed_pages(Chunk& chunk, uintptr_t from, uintptr_t to) {
        for (uintptr_t page = from; page < to; page += page_) {
            if (chunk.live[(page - chunk.base) / page_] == 0) {
                ::madvise(reinterpret_cast<void*>(page), page_, MADV_DONTNEED);
            }
        }
    }

    Chunk* chunk_of(uintptr_t address) {
        for (Chunk& chunk : chunks_) {
            if (address >= chunk.base && address < chunk.base + kChunkBytes) {
                return &chunk;
            }
        }
        return nullptr;
    }

    uintptr_t next_or_chunk_end(uintptr_t address) {
        Chunk* chunk = chunk_of(address);
        return chunk == &chunks_.back() ? next_ : chunk->base + kChunkBytes;
    }

    std::mutex mu_;
    const uintptr_t page_ = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
    std::vector<Chunk> chunks_;
    uintptr_t next_ = 0;
};

Arena& arena() {
    static auto* instance = new Arena;  // never destroyed: handles are released during exit
    return *instance;
}

}  // namespace

void* allocate_handle_memory(size_t size) noexcept {
    try {
        return arena().allocate(size);
    } catch (...) {
        return nullptr;
    }
}

void release_handle_memory(void* ptr, size_t size) noexcept {
    arena().release(ptr, size);
}

bool is_handle_memory(const void* ptr) noexcept {
    return arena().contains(reinterpret_cast<uintptr_t>(ptr));
}

}  // namespace aclemu::rt
