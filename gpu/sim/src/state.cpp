#include "state.h"

#include "fault.h"
#include "sanitizer.h"
#include "settings.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <unistd.h>

namespace gpusim::detail {
namespace {

thread_local gpusimError_t tl_last_error = gpusimSuccess;
thread_local int tl_device = 0;
thread_local bool tl_in_host_function = false;
std::atomic<int> g_sticky{gpusimSuccess};

}  // namespace

gpusimError_t record(gpusimError_t error) {
    if (error != gpusimSuccess) {
        tl_last_error = error;
    }
    return error;
}

gpusimError_t last_error() {
    return tl_last_error;
}

void clear_last_error() {
    tl_last_error = gpusimSuccess;
}

void set_sticky(gpusimError_t error) {
    int expected = gpusimSuccess;
    g_sticky.compare_exchange_strong(expected, error);  // the first fault stays
}

gpusimError_t sticky() {
    return static_cast<gpusimError_t>(g_sticky.load());
}

void clear_sticky() {
    g_sticky.store(gpusimSuccess);
}

gpusimError_t enter(const char* api) {
    if (tl_in_host_function) {
        return record(gpusimErrorNotPermitted);
    }
    if (gpusimError_t fault = sticky()) {
        return record(fault);
    }
    return record(injected_fault(api));
}

void set_in_host_function(bool inside) {
    tl_in_host_function = inside;
}

// The tables are the simulated driver's own bookkeeping: to TSan their lock must not order the
// threads that allocate (a real driver's locks are not instrumented either).
void AllocationTable::add(const void* base, size_t bytes) {
    san::Invisible invisible;
    std::lock_guard<std::mutex> lock(mutex_);
    blocks_[reinterpret_cast<uintptr_t>(base)] = bytes;
    total_ += bytes;
}

bool AllocationTable::remove(const void* base, size_t* bytes) {
    san::Invisible invisible;
    std::lock_guard<std::mutex> lock(mutex_);
    auto found = blocks_.find(reinterpret_cast<uintptr_t>(base));
    if (found == blocks_.end()) {
        return false;
    }
    *bytes = found->second;
    total_ -= found->second;
    blocks_.erase(found);
    return true;
}

bool AllocationTable::contains(const void* ptr, size_t bytes) const {
    san::Invisible invisible;
    const auto address = reinterpret_cast<uintptr_t>(ptr);
    std::lock_guard<std::mutex> lock(mutex_);
    auto after = blocks_.upper_bound(address);
    if (after == blocks_.begin()) {
        return false;
    }
    const auto& [base, size] = *std::prev(after);
    const uintptr_t offset = address - base;
    if (bytes == 0) {
        return offset < size || (size == 0 && offset == 0);
    }
    return offset < size && bytes <= size - offset;
}

bool AllocationTable::find(const void* ptr, uintptr_t* base, size_t* bytes) const {
    san::Invisible invisible;
    const auto address = reinterpret_cast<uintptr_t>(ptr);
    std::lock_guard<std::mutex> lock(mutex_);
    auto after = blocks_.upper_bound(address);
    if (after == blocks_.begin()) {
        return false;
    }
    const auto& [start, size] = *std::prev(after);
    if (address - start >= size) {
        return false;
    }
    *base = start;
    *bytes = size;
    return true;
}

size_t AllocationTable::total_bytes() const {
    san::Invisible invisible;
    std::lock_guard<std::mutex> lock(mutex_);
    return total_;
}

AllocationTable& device_memory() {
    static auto* table = new AllocationTable;  // never destroyed: streams may outlive statics
    return *table;
}

AllocationTable& pinned_memory() {
    static auto* table = new AllocationTable;
    return *table;
}

int device_count() {
    return parse_setting(std::getenv(kDeviceCountVariable), 1, kMaxDevices).value_or(1);
}

const DeviceProfile& device_profile() {
    static constexpr DeviceProfile kDefault{"default", 4, {2147483647u, 65535, 65535}};
    static constexpr DeviceProfile kTiny{"tiny", 1, {2147483647u, 4, 4}};
    static const DeviceProfile* const profile = [] {
        // An unusable value is the default device; gpusimSettingsProblems says so (settings.h).
        return tiny_profile_requested() ? &kTiny : &kDefault;
    }();
    return *profile;
}

int current_device() {
    return tl_device;
}

void set_current_device(int device) {
    tl_device = device;
}

AllocationTable& mapped_memory() {
    static auto* table = new AllocationTable;
    return *table;
}

bool is_device_memory(const void* ptr, size_t bytes) {
    return device_memory().contains(ptr, bytes) || mapped_memory().contains(ptr, bytes);
}

size_t physical_memory_bytes() {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page = sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? static_cast<size_t>(pages) * static_cast<size_t>(page) : 0;
}

}  // namespace gpusim::detail
