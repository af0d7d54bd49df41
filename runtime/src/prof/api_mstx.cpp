// Entry points of mstx/ms_tools_ext.h (mstx_ranges.h does the work). mstx calls return nothing
// to check: bad input (a null or empty message, an unknown domain or range) is ignored, as the
// marks of a profiling tool must never disturb the program.
#include "handles/handle_registry.h"
#include "mstx/ms_tools_ext.h"
#include "observe/nvtx_ranges.h"
#include "prof/mstx_ranges.h"

#include <string>

struct mstxDomainRegistration_st {
    std::string name;
    void* nvtx = nullptr;  // the NVTX domain of the same name, when a tool is attached
};

namespace {

constexpr auto& domains = aclemu::rt::registry_of<mstxDomainRegistration_st>;

}  // namespace

namespace prof = aclemu::rt::prof;

extern "C" {

void mstxMarkA(const char* message, aclrtStream /*stream*/) {
    prof::mark(nullptr, std::string(), message);
}

mstxRangeId mstxRangeStartA(const char* message, aclrtStream /*stream*/) {
    return prof::range_start(nullptr, nullptr, std::string(), message);
}

void mstxRangeEnd(mstxRangeId id) {
    prof::range_end(nullptr, id);
}

mstxDomainHandle_t mstxDomainCreateA(const char* name) {
    if (name == nullptr || *name == '\0') {
        return nullptr;
    }
    mstxDomainRegistration_st* domain = domains().create();
    if (domain == nullptr) {
        return nullptr;
    }
    domain->name = name;
    if ((aclemu::observe::watchers() & aclemu::observe::kNvtx) != 0) {
        domain->nvtx = aclemu::observe::nvtx::create_domain(name);
    }
    return domain;
}

void mstxDomainDestroy(mstxDomainHandle_t handle) {
    domains().remove(handle);
}

void mstxDomainMarkA(mstxDomainHandle_t handle, const char* message, aclrtStream /*stream*/) {
    if (const auto domain = domains().find(handle)) {
        prof::mark(domain->nvtx, domain->name, message);
    }
}

mstxRangeId mstxDomainRangeStartA(mstxDomainHandle_t handle,
                                  const char* message,
                                  aclrtStream /*stream*/) {
    const auto domain = domains().find(handle);
    return domain ? prof::range_start(handle, domain->nvtx, domain->name, message)
                  : MSTX_INVALID_ID;
}

void mstxDomainRangeEnd(mstxDomainHandle_t handle, mstxRangeId id) {
    if (const auto domain = domains().find(handle)) {
        prof::range_end(handle, id);
    }
}

}  // extern "C"
