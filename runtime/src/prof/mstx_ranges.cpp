#include "prof/mstx_ranges.h"

#include "aclemu/observe.h"
#include "observe/nvtx_ranges.h"
#include "observe/trace_json.h"
#include "observe/trace_recorder.h"

#include <atomic>
#include <mutex>
#include <unordered_map>

namespace aclemu::rt::prof {
namespace {

struct OpenRange {
    const void* owner = nullptr;
    void* nvtx_domain = nullptr;
    std::string domain_name;
    std::string message;
    uint64_t nvtx_id = 0;
    int64_t begin_ns = 0;
};

struct Ranges {
    std::mutex mu;
    std::unordered_map<uint64_t, OpenRange> open;
};

Ranges& ranges() {
    static auto* state = new Ranges;  // ranges may end during exit
    return *state;
}

std::atomic<uint64_t> g_next_id{1};

void add_slice(const std::string& domain_name,
               const std::string& message,
               int64_t begin_ns,
               int64_t end_ns) {
    if ((observe::watchers() & observe::kTrace) == 0) {
        return;
    }
    std::string args;
    if (!domain_name.empty()) {
        observe::trace::append_arg(&args, "domain", domain_name);
    }
    observe::trace::Recorder::instance().add_call(
        message.c_str(), "mstx", begin_ns, end_ns, std::move(args));
}

}  // namespace

void mark(void* nvtx_domain, const std::string& domain_name, const char* message) {
    if (message == nullptr || *message == '\0') {
        return;
    }
    if ((observe::watchers() & observe::kNvtx) != 0) {
        observe::nvtx::mark(nvtx_domain, message);
    }
    const int64_t now = observe::steady_ns();
    add_slice(domain_name, message, now, now);
}

uint64_t range_start(const void* owner,
                     void* nvtx_domain,
                     const std::string& domain_name,
                     const char* message) {
    if (message == nullptr || *message == '\0') {
        return 0;
    }
    OpenRange range;
    range.owner = owner;
    range.nvtx_domain = nvtx_domain;
    range.domain_name = domain_name;
    range.message = message;
    if ((observe::watchers() & observe::kNvtx) != 0) {
        range.nvtx_id = observe::nvtx::range_start(nvtx_domain, message);
    }
    range.begin_ns = observe::steady_ns();
    const uint64_t id = g_next_id.fetch_add(1, std::memory_order_relaxed);
    Ranges& all = ranges();
    std::lock_guard<std::mutex> lock(all.mu);
    all.open.emplace(id, std::move(range));
    return id;
}

void range_end(const void* owner, uint64_t id) {
    const int64_t end_ns = observe::steady_ns();
    OpenRange range;
    {
        Ranges& all = ranges();
        std::lock_guard<std::mutex> lock(all.mu);
        const auto it = all.open.find(id);
        if (it == all.open.end() || it->second.owner != owner) {
            return;
        }
        range = std::move(it->second);
        all.open.erase(it);
    }
    if (range.nvtx_id != 0) {
        observe::nvtx::range_end(range.nvtx_domain, range.nvtx_id);
    }
    add_slice(range.domain_name, range.message, range.begin_ns, end_ns);
}

}  // namespace aclemu::rt::prof
