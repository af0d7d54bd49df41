#include "sharing/ipc_registry.h"

#include "sharing/export_server.h"

namespace aclemu::rt {

IpcRegistry& ipc_registry() {
    static auto* instance = new IpcRegistry;
    return *instance;
}

void withdraw_ipc_exports(uintptr_t base, size_t bytes) {
    IpcRegistry& ipc = ipc_registry();
    std::lock_guard<std::mutex> lock(ipc.mutex);
    for (auto it = ipc.exports.begin(); it != ipc.exports.end();) {
        it = it->second.block == base || (it->second.ptr >= base && it->second.ptr - base < bytes)
                 ? ipc.exports.erase(it)
                 : std::next(it);
    }
}

void release_ipc(Backend& backend) {
    IpcRegistry& ipc = ipc_registry();
    std::map<std::string, MemoryImport> imports;
    {
        std::lock_guard<std::mutex> lock(ipc.mutex);
        ipc.exports.clear();
        imports.swap(ipc.imports);
    }
    stop_export_server();  // nothing answers imports after aclFinalize; its thread is joined
    for (const auto& [key, import] : imports) {
        backend.sharing()->close_device_memory(import.ptr, import.bytes);
    }
}

}  // namespace aclemu::rt
