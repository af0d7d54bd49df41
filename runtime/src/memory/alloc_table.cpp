// AllocTable: an ordered map so that "which block contains p" is one upper_bound, behind a
// per-thread cache of the last few blocks found. A cache hit is as good as a locked lookup: the
// cache is only used while the table's generation is the one it was filled under, i.e. the
// answer is the one a locked lookup would have given before the next change.
#include "memory/alloc_table.h"

namespace aclemu::rt {
namespace {

// Generations of every table come from one counter, so a new table at a dead one's address
// cannot match a stale cache.
std::atomic<uint64_t> g_next_generation{1};

uint64_t new_generation() {
    return g_next_generation.fetch_add(1, std::memory_order_relaxed) + 1;
}

constexpr int kCachedBlocks = 8;  // the tensors of one operator call, typically

struct FindCache {
    uint64_t generation = 0;  // 0: empty
    int count = 0;
    int next = 0;  // round-robin victim once full
    Allocation blocks[kCachedBlocks];
};
thread_local FindCache tl_find_cache;

}  // namespace

AllocTable::AllocTable() : generation_(new_generation()) {}

void AllocTable::changed_locked() {
    generation_.store(new_generation(), std::memory_order_release);
}

void AllocTable::insert(const Allocation& allocation) {
    std::lock_guard<std::mutex> lock(mu_);
    blocks_[allocation.base] = allocation;
    changed_locked();
}

std::optional<Allocation> AllocTable::erase(const void* ptr, AllocKind kind, AllocOrigin origin) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = blocks_.find(reinterpret_cast<uintptr_t>(ptr));
    if (it == blocks_.end() || it->second.kind != kind || it->second.origin != origin) {
        return std::nullopt;
    }
    Allocation removed = it->second;
    blocks_.erase(it);
    changed_locked();
    return removed;
}

std::optional<Allocation> AllocTable::find(const void* ptr) const {
    auto addr = reinterpret_cast<uintptr_t>(ptr);
    FindCache& cache = tl_find_cache;
    if (cache.generation == generation_.load(std::memory_order_acquire)) {
        for (int i = 0; i < cache.count; ++i) {
            if (cache.blocks[i].contains(addr)) {
                return cache.blocks[i];
            }
        }
    }
    std::lock_guard<std::mutex> lock(mu_);
    auto it = blocks_.upper_bound(addr);
    if (it == blocks_.begin()) {
        return std::nullopt;
    }
    --it;
    if (!it->second.contains(addr)) {
        return std::nullopt;
    }
    const uint64_t generation = generation_.load(std::memory_order_relaxed);  // stable under mu_
    if (cache.generation != generation) {
        cache.generation = generation;
        cache.count = 0;
        cache.next = 0;
    }
    if (cache.count < kCachedBlocks) {
        cache.blocks[cache.count++] = it->second;
    } else {
        cache.blocks[cache.next] = it->second;
        cache.next = (cache.next + 1) % kCachedBlocks;
    }
    return it->second;
}

std::vector<Allocation> AllocTable::list() const {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<Allocation> all;
    all.reserve(blocks_.size());
    for (const auto& [base, allocation] : blocks_) {
        all.push_back(allocation);
    }
    return all;
}

std::vector<Allocation> AllocTable::take_all() {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<Allocation> all;
    all.reserve(blocks_.size());
    for (auto& [base, allocation] : blocks_) {
        all.push_back(allocation);
    }
    blocks_.clear();
    changed_locked();
    return all;
}

}  // namespace aclemu::rt
