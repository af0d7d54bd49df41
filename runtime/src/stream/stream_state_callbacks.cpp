// Stream state callbacks: a list under its own mutex, copied before the calls so a callback may
// register or remove callbacks, or create streams, without deadlocking.
#include "stream/stream_state_callbacks.h"

#include "core/arg_checks.h"
#include "core/status.h"

#include <mutex>
#include <string>
#include <vector>

namespace aclemu::rt {
namespace {

struct Registration {
    std::string name;
    aclrtStreamStateCallback callback;
    void* args;
};

struct Registry {
    std::mutex mu;
    std::vector<Registration> entries;  // registration order
};

Registry& registry() {
    static auto* instance = new Registry;  // never destroyed: streams may die during exit
    return *instance;
}

}  // namespace

aclError register_stream_state_callback(const char* name,
                                        aclrtStreamStateCallback callback,
                                        void* args) {
    Registry& reg = registry();
    std::lock_guard<std::mutex> lock(reg.mu);
    auto it = reg.entries.begin();
    while (it != reg.entries.end() && it->name != name) {
        ++it;
    }
    if (callback == nullptr) {
        if (it != reg.entries.end()) {
            reg.entries.erase(it);
        }
        return ACL_SUCCESS;
    }
    ACLEMU_TRY(reject_if(it != reg.entries.end(),
                         "regName",
                         std::string(name),
                         "a callback is already registered under this name; remove it "
                         "first (callback NULL)",
                         ACL_ERROR_RT_PARAM_INVALID));
    reg.entries.push_back(Registration{name, callback, args});
    return ACL_SUCCESS;
}

void notify_stream_state(aclrtStream stream, aclrtStreamState state) {
    std::vector<Registration> entries;
    {
        Registry& reg = registry();
        std::lock_guard<std::mutex> lock(reg.mu);
        if (reg.entries.empty()) {
            return;
        }
        entries = reg.entries;
    }
    for (const Registration& entry : entries) {
        entry.callback(stream, state, entry.args);
    }
}

}  // namespace aclemu::rt
