// AllocTable: an ordered map so that "which block contains p" is one upper_bound.
#include "alloc_table.h"

namespace aclemu::rt {

void AllocTable::insert(const Allocation& allocation) {
    std::lock_guard<std::mutex> lock(mu_);
    blocks_[allocation.base] = allocation;
}

std::optional<Allocation> AllocTable::erase(const void* ptr, AllocKind kind) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = blocks_.find(reinterpret_cast<uintptr_t>(ptr));
    if (it == blocks_.end() || it->second.kind != kind) {
        return std::nullopt;
    }
    Allocation removed = it->second;
    blocks_.erase(it);
    return removed;
}

std::optional<Allocation> AllocTable::find(const void* ptr) const {
    auto addr = reinterpret_cast<uintptr_t>(ptr);
    std::lock_guard<std::mutex> lock(mu_);
    auto it = blocks_.upper_bound(addr);
    if (it == blocks_.begin()) {
        return std::nullopt;
    }
    --it;
    if (!it->second.contains(addr)) {
        return std::nullopt;
    }
    return it->second;
}

std::vector<Allocation> AllocTable::take_all() {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<Allocation> all;
    all.reserve(blocks_.size());
    for (auto& [base, allocation] : blocks_) {
        all.push_back(allocation);
    }
    blocks_.clear();
    return all;
}

}  // namespace aclemu::rt
