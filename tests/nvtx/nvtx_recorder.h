// A stand-in for Nsight: an NVTX injection library (loaded by NVTX through
// NVTX_INJECTION64_PATH) that records the domains, category names and ranges it is given. The
// test links it too, so the copy NVTX loads is this one and the test reads what it recorded.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace aclemu::test {

struct NvtxRecord {
    enum Kind { DomainCreate, CategoryName, Push, Pop, Mark, RangeStart, RangeEnd };
    Kind kind;
    std::string domain;   // the domain's name ("" for the default domain)
    std::string message;  // domain name, category name, or the range's message
    uint32_t category = 0;
    uint64_t thread = 0;  // the OS thread id
    uint64_t id = 0;      // RangeStart / RangeEnd: the range's id
};

/// Everything recorded so far, in call order.
__attribute__((visibility("default"))) std::vector<NvtxRecord> nvtx_records();

/// True once NVTX has called the library's InitializeInjectionNvtx2.
__attribute__((visibility("default"))) bool nvtx_injected();

}  // namespace aclemu::test
