#include "fault.h"

#include "sanitizer.h"
#include "state.h"

#include <atomic>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

namespace gpusim::detail {
namespace {

struct ArmedFault {
    std::string api;
    unsigned skip;   // calls to let through first
    unsigned count;  // calls to fail after those
    gpusimError_t error;
};

struct FaultTable {
    std::mutex mutex;
    std::vector<ArmedFault> armed;
    std::atomic<unsigned> size{0};  // armed.size(): the fast path of every entry point
};

FaultTable& faults() {
    static auto* table = new FaultTable;  // never destroyed: streams may outlive statics
    return *table;
}

}  // namespace

gpusimError_t injected_fault(const char* api) {
    FaultTable& table = faults();
    if (table.size.load(std::memory_order_acquire) == 0 || api == nullptr) {
        return gpusimSuccess;
    }
    san::Invisible invisible;  // the simulator's bookkeeping orders no callers for TSan
    std::lock_guard<std::mutex> lock(table.mutex);
    for (auto it = table.armed.begin(); it != table.armed.end(); ++it) {
        if (it->api != api) {
            continue;
        }
        if (it->skip > 0) {
            --it->skip;
            return gpusimSuccess;
        }
        const gpusimError_t error = it->error;
        if (--it->count == 0) {
            table.armed.erase(it);
            table.size.store(static_cast<unsigned>(table.armed.size()), std::memory_order_release);
        }
        return error;
    }
    return gpusimSuccess;
}

}  // namespace gpusim::detail

using namespace gpusim::detail;

extern "C" {

void gpusimInjectFault(const char* api, unsigned skip, unsigned count, gpusimError_t error) {
    if (api == nullptr || count == 0 || error == gpusimSuccess) {
        return;
    }
    FaultTable& table = faults();
    san::Invisible invisible;
    std::lock_guard<std::mutex> lock(table.mutex);
    table.armed.push_back(ArmedFault{api, skip, count, error});
    table.size.store(static_cast<unsigned>(table.armed.size()), std::memory_order_release);
}

void gpusimResetFaults(void) {
    FaultTable& table = faults();
    {
        san::Invisible invisible;
        std::lock_guard<std::mutex> lock(table.mutex);
        table.armed.clear();
        table.size.store(0, std::memory_order_release);
    }
    clear_sticky();
    clear_last_error();
}

}  // extern "C"
