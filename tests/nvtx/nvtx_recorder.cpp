// The NVTX injection library of nvtx_recorder.h. NVTX calls InitializeInjectionNvtx2 with its
// export table; the library fills in the CORE2 (domain) functions it records and leaves the rest
// to NVTX's no-ops.
#include "nvtx/nvtx_recorder.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <nvtx3/nvToolsExt.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace aclemu::test {
namespace {

struct Recorder {
    std::mutex mu;
    std::vector<NvtxRecord> records;
    std::map<const void*, std::string> domain_names;
    std::vector<std::unique_ptr<int>> domain_handles;  // a unique address per domain
    bool injected = false;
};

Recorder& recorder() {
    static Recorder* r = new Recorder;  // never destroyed: NVTX may call during exit
    return *r;
}

uint64_t os_thread() {
    return static_cast<uint64_t>(::syscall(SYS_gettid));
}

void add(NvtxRecord::Kind kind,
         nvtxDomainHandle_t domain,
         std::string message,
         uint32_t category,
         uint64_t id = 0) {
    Recorder& r = recorder();
    std::lock_guard<std::mutex> lock(r.mu);
    auto name = r.domain_names.find(domain);
    r.records.push_back({kind,
                         name != r.domain_names.end() ? name->second : std::string(),
                         std::move(message),
                         category,
                         os_thread(),
                         id});
}

std::string ascii_message(const nvtxEventAttributes_t* attributes) {
    if (attributes != nullptr && attributes->messageType == NVTX_MESSAGE_TYPE_ASCII
        && attributes->message.ascii != nullptr) {
        return attributes->message.ascii;
    }
    return std::string();
}

nvtxDomainHandle_t NVTX_API domain_create(const char* name) {
    Recorder& r = recorder();
    nvtxDomainHandle_t handle;
    {
        std::lock_guard<std::mutex> lock(r.mu);
        r.domain_handles.push_back(std::make_unique<int>(0));
        handle = reinterpret_cast<nvtxDomainHandle_t>(r.domain_handles.back().get());
        r.domain_names[handle] = name;
    }
    add(NvtxRecord::DomainCreate, handle, name, 0);
    return handle;
}

void NVTX_API name_category(nvtxDomainHandle_t domain, uint32_t category, const char* name) {
    add(NvtxRecord::CategoryName, domain, name, category);
}

int NVTX_API range_push(nvtxDomainHandle_t domain, const nvtxEventAttributes_t* attributes) {
    std::string message;
    if (attributes != nullptr && attributes->messageType == NVTX_MESSAGE_TYPE_ASCII
        && attributes->message.ascii != nullptr) {
        message = attributes->message.ascii;
    }
    add(NvtxRecord::Push,
        domain,
        std::move(message),
        attributes != nullptr ? attributes->category : 0);
    return 0;
}

int NVTX_API range_pop(nvtxDomainHandle_t domain) {
    add(NvtxRecord::Pop, domain, std::string(), 0);
    return 0;
}

void NVTX_API mark(nvtxDomainHandle_t domain, const nvtxEventAttributes_t* attributes) {
    add(NvtxRecord::Mark, domain, ascii_message(attributes), 0);
}

nvtxRangeId_t NVTX_API range_start(nvtxDomainHandle_t domain,
                                   const nvtxEventAttributes_t* attributes) {
    static std::atomic<uint64_t> next_id{1};
    const uint64_t id = next_id.fetch_add(1);
    add(NvtxRecord::RangeStart, domain, ascii_message(attributes), 0, id);
    return id;
}

void NVTX_API range_end(nvtxDomainHandle_t domain, nvtxRangeId_t id) {
    add(NvtxRecord::RangeEnd, domain, std::string(), 0, id);
}

}  // namespace

std::vector<NvtxRecord> nvtx_records() {
    Recorder& r = recorder();
    std::lock_guard<std::mutex> lock(r.mu);
    return r.records;
}

bool nvtx_injected() {
    Recorder& r = recorder();
    std::lock_guard<std::mutex> lock(r.mu);
    return r.injected;
}

}  // namespace aclemu::test

extern "C" __attribute__((visibility("default"))) int InitializeInjectionNvtx2(
    NvtxGetExportTableFunc_t get_export_table) {
    using namespace aclemu::test;
    const auto* callbacks =
        static_cast<const NvtxExportTableCallbacks*>(get_export_table(NVTX_ETID_CALLBACKS));
    if (callbacks == nullptr) {
        return 0;
    }
    NvtxFunctionTable table = nullptr;
    unsigned int size = 0;
    if (callbacks->GetModuleFunctionTable(NVTX_CB_MODULE_CORE2, &table, &size) == 0) {
        return 0;
    }
    auto install = [&](unsigned int id, NvtxFunctionPointer fn) {
        if (id < size && table[id] != nullptr) {
            *table[id] = fn;
        }
    };
    install(NVTX_CBID_CORE2_DomainCreateA, reinterpret_cast<NvtxFunctionPointer>(domain_create));
    install(NVTX_CBID_CORE2_DomainNameCategoryA,
            reinterpret_cast<NvtxFunctionPointer>(name_category));
    install(NVTX_CBID_CORE2_DomainRangePushEx, reinterpret_cast<NvtxFunctionPointer>(range_push));
    install(NVTX_CBID_CORE2_DomainRangePop, reinterpret_cast<NvtxFunctionPointer>(range_pop));
    install(NVTX_CBID_CORE2_DomainMarkEx, reinterpret_cast<NvtxFunctionPointer>(mark));
    install(NVTX_CBID_CORE2_DomainRangeStartEx, reinterpret_cast<NvtxFunctionPointer>(range_start));
    install(NVTX_CBID_CORE2_DomainRangeEnd, reinterpret_cast<NvtxFunctionPointer>(range_end));
    Recorder& r = recorder();
    std::lock_guard<std::mutex> lock(r.mu);
    r.injected = true;
    return 1;
}
