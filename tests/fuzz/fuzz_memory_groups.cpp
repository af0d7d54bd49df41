// The virtual-memory, IPC, aclrtMallocWithCfg and custom-allocator cases (fuzz_groups.h).
#include "acl/acl.h"

#include "fuzz/fuzz_groups.h"
#include "fuzz/fuzz_tensor.h"
#include "support/c_enum_calls.h"
#include "support/physical_mem_prop.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

namespace aclemu::fuzz {
namespace {

using test::device_memory_prop;

std::vector<uint8_t> random_bytes(Choices& c, size_t n) {
    std::vector<uint8_t> bytes(n);
    for (size_t i = 0; i < n; i += 8) {
        const uint64_t word = c.bits();
        std::memcpy(bytes.data() + i, &word, std::min<size_t>(8, n - i));
    }
    return bytes;
}

// ---- virtual memory ---------------------------------------------------------------------------

// Two physical allocations A and B mapped back to back in a reservation R1, A mapped again in a
// reservation R2; what is written through R1 is read through R2.
struct VmmSetup {
    size_t unit = 0;
    size_t a_bytes = 0;
    size_t b_bytes = 0;
    aclrtDrvMemHandle a = nullptr;
    aclrtDrvMemHandle b = nullptr;
    char* r1 = nullptr;
    size_t r1_bytes = 0;
    char* r2 = nullptr;
    bool a_held = true;  // the handles (a user reference each), mappings and reservations live
    bool b_held = true;
    bool a_in_r1 = false;
    bool b_in_r1 = false;
    bool a_in_r2 = false;
    bool r1_live = false;
    bool r2_live = false;
};

bool vmm_setup(Choices& c, Report& report, VmmSetup* s) {
    aclrtPhysicalMemProp prop = device_memory_prop();
    size_t recommended = 0;
    expect_status(
        report,
        "aclrtMemGetAllocationGranularity",
        aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &s->unit),
        ACL_SUCCESS);
    expect_status(report,
                  "aclrtMemGetAllocationGranularity(RECOMMENDED)",
                  aclrtMemGetAllocationGranularity(
                      &prop, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &recommended),
                  ACL_SUCCESS);
    if (report.failed() || s->unit == 0 || (s->unit & (s->unit - 1)) != 0
        || recommended % s->unit != 0) {
        report.fail("granularity %zu (recommended %zu) is no power of two, or they disagree",
                    s->unit,
                    recommended);
        return false;
    }
    const size_t a_units = static_cast<size_t>(c.range(1, 3));
    const size_t b_units = static_cast<size_t>(c.range(1, 2));
    s->a_bytes = a_units * s->unit;
    s->b_bytes = b_units * s->unit;
    // Sizes are rounded up to the granularity.
    const size_t a_asked =
        s->a_bytes - static_cast<size_t>(c.range(0, static_cast<int64_t>(s->unit) - 1));
    expect_status(report,
                  "aclrtMallocPhysical(A)",
                  aclrtMallocPhysical(&s->a, a_asked, &prop, 0),
                  ACL_SUCCESS);
    expect_status(report,
                  "aclrtMallocPhysical(B)",
                  aclrtMallocPhysical(&s->b, s->b_bytes, &prop, 0),
                  ACL_SUCCESS);
    s->r1_bytes = s->a_bytes + s->b_bytes + s->unit * static_cast<size_t>(c.range(0, 2));
    void* r1 = nullptr;
    void* r2 = nullptr;
    expect_status(report,
                  "aclrtReserveMemAddress(R1)",
                  aclrtReserveMemAddress(&r1,
                                         s->r1_bytes - static_cast<size_t>(c.range(0, 7)),
                                         0,
                                         nullptr,
                                         static_cast<uint64_t>(c.range(0, 3))),
                  ACL_SUCCESS);
    expect_status(report,
                  "aclrtReserveMemAddress(R2)",
                  aclrtReserveMemAddress(&r2, s->a_bytes, c.chance(1, 2) ? 0 : s->unit, nullptr, 0),
                  ACL_SUCCESS);
    s->r1 = static_cast<char*>(r1);
    s->r2 = static_cast<char*>(r2);
    s->r1_live = r1 != nullptr;
    s->r2_live = r2 != nullptr;
    if (report.failed()) {
        return false;
    }
    expect_status(
        report, "aclrtMapMem(A, R1)", aclrtMapMem(s->r1, s->a_bytes, 0, s->a, 0), ACL_SUCCESS);
    s->a_in_r1 = !report.failed();
    expect_status(report,
                  "aclrtMapMem(B, R1 + A)",
                  aclrtMapMem(s->r1 + s->a_bytes, s->b_bytes, 0, s->b, 0),
                  ACL_SUCCESS);
    s->b_in_r1 = !report.failed();
    expect_status(
        report, "aclrtMapMem(A, R2)", aclrtMapMem(s->r2, a_asked, 0, s->a, 0), ACL_SUCCESS);
    s->a_in_r2 = !report.failed();
    return !report.failed();
}

void vmm_teardown(const VmmSetup& s) {
    if (s.a_in_r1) {
        aclrtUnmapMem(s.r1);
    }
    if (s.b_in_r1) {
        aclrtUnmapMem(s.r1 + s.a_bytes);
    }
    if (s.a_in_r2) {
        aclrtUnmapMem(s.r2);
    }
    if (s.r1_live) {
        aclrtReleaseMemAddress(s.r1);
    }
    if (s.r2_live) {
        aclrtReleaseMemAddress(s.r2);
    }
    if (s.a_held) {
        aclrtFreePhysical(s.a);
    }
    if (s.b_held) {
        aclrtFreePhysical(s.b);
    }
}

// One broken VMM call, with its code; `s` follows what the call changed.
void vmm_break(Choices& c, Report& report, VmmSetup& s) {
    aclrtPhysicalMemProp prop = device_memory_prop();
    const size_t unit = s.unit;
    aclrtDrvMemHandle handle = nullptr;
    void* range = nullptr;
    int host = 0;
    switch (c.range(0, 21)) {
        case 0:
            report.note("double unmap");
            expect_status(report, "aclrtUnmapMem", aclrtUnmapMem(s.r2), ACL_SUCCESS);
            s.a_in_r2 = false;
            expect_status(
                report, "aclrtUnmapMem again", aclrtUnmapMem(s.r2), ACL_ERROR_INVALID_PARAM);
            break;
        case 1:
            report.note("unmap where no mapping starts");
            expect_status(report,
                          "aclrtUnmapMem",
                          aclrtUnmapMem(c.chance(1, 2)
                                            ? s.r1 + c.range(1, static_cast<int64_t>(s.a_bytes) - 1)
                                            : static_cast<void*>(&host)),
                          ACL_ERROR_INVALID_PARAM);
            break;
        case 2:
            report.note("release of a reservation with mappings");
            expect_status(report,
                          "aclrtReleaseMemAddress",
                          aclrtReleaseMemAddress(s.r1),
                          ACL_ERROR_RT_PARAM_INVALID);
            break;
        case 3:
            report.note("release of what is no reservation's start, or released already");
            if (c.chance(1, 2)) {
                expect_status(report,
                              "aclrtReleaseMemAddress",
                              aclrtReleaseMemAddress(s.r1 + unit),
                              ACL_ERROR_INVALID_PARAM);
            } else {
                expect_status(report, "aclrtUnmapMem", aclrtUnmapMem(s.r2), ACL_SUCCESS);
                s.a_in_r2 = false;
                expect_status(
                    report, "aclrtReleaseMemAddress", aclrtReleaseMemAddress(s.r2), ACL_SUCCESS);
                s.r2_live = false;
                expect_status(report,
                              "aclrtReleaseMemAddress again",
                              aclrtReleaseMemAddress(s.r2),
                              ACL_ERROR_INVALID_PARAM);
                expect_status(report,
                              "aclrtMapMem into it",
                              aclrtMapMem(s.r2, s.a_bytes, 0, s.a, 0),
                              ACL_ERROR_RT_PARAM_INVALID);
            }
            break;
        case 4:
            report.note("map over a mapping");
            expect_status(report,
                          "aclrtMapMem",
                          aclrtMapMem(s.r1 + s.a_bytes, s.a_bytes, 0, s.a, 0),
                          ACL_ERROR_RT_PARAM_INVALID);
            break;
        case 5:
            report.note("map with a size other than the allocation's");
            expect_status(report,
                          "aclrtMapMem",
                          aclrtMapMem(s.r1 + s.a_bytes + s.b_bytes,
                                      c.chance(1, 2) ? s.b_bytes + unit : SIZE_MAX - unit + 2,
                                      0,
                                      s.b,
                                      0),
                          ACL_ERROR_RT_PARAM_INVALID);
            break;
        case 6:
            report.note("map with an offset or flags");
            expect_status(report,
                          "aclrtMapMem",
                          c.chance(1, 2) ? aclrtMapMem(s.r1, s.a_bytes, unit, s.a, 0)
                                         : aclrtMapMem(s.r1, s.a_bytes, 0, s.a, 1 + c.bits() % 8),
                          ACL_ERROR_INVALID_PARAM);
            break;
        case 7:
            report.note("map outside a reservation, past its end or at an unaligned offset");
            switch (c.range(0, 2)) {
                case 0:
                    expect_status(report,
                                  "aclrtMapMem",
                                  aclrtMapMem(&host, s.a_bytes, 0, s.a, 0),
                                  ACL_ERROR_RT_PARAM_INVALID);
                    break;
                case 1:
                    expect_status(
                        report,
                        "aclrtMapMem",
                        aclrtMapMem(s.r1 + s.r1_bytes - unit, s.a_bytes + unit, 0, s.a, 0),
                        ACL_ERROR_RT_PARAM_INVALID);
                    break;
                default:
                    if (s.r1_bytes > s.a_bytes + s.b_bytes) {
                        expect_status(
                            report,
                            "aclrtMapMem",
                            aclrtMapMem(
                                s.r1 + s.a_bytes + s.b_bytes + 8, s.b_bytes - unit + 1, 0, s.b, 0),
                            ACL_ERROR_RT_PARAM_INVALID);
                    }
                    break;
            }
            break;
        case 8:
            report.note("map, free, properties and export of a freed handle");
            expect_status(report,
                          "aclrtMallocPhysical",
                          aclrtMallocPhysical(&handle, unit, &prop, 0),
                          ACL_SUCCESS);
            expect_status(report, "aclrtFreePhysical", aclrtFreePhysical(handle), ACL_SUCCESS);
            expect_status(report,
                          "aclrtMapMem",
                          aclrtMapMem(s.r1 + s.a_bytes + s.b_bytes, unit, 0, handle, 0),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtFreePhysical again",
                          aclrtFreePhysical(handle),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtMemGetAllocationPropertiesFromHandle",
                          aclrtMemGetAllocationPropertiesFromHandle(handle, &prop),
                          ACL_ERROR_INVALID_PARAM);
            break;
        case 9: {
            report.note("physical memory with a hostile size, flags or property");
            switch (c.range(0, 5)) {
                case 0:
                    expect_status(report,
                                  "aclrtMallocPhysical(0)",
                                  aclrtMallocPhysical(&handle, 0, &prop, 0),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
                case 1:
                    expect_status(report,
                                  "aclrtMallocPhysical(flags)",
                                  aclrtMallocPhysical(&handle, unit, &prop, 1 + c.bits() % 4),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
                case 2:
                    expect_status(
                        report,
                        "aclrtMallocPhysical(huge)",
                        aclrtMallocPhysical(
                            &handle, c.pick<size_t>({SIZE_MAX, SIZE_MAX - unit + 2}), &prop, 0),
                        ACL_ERROR_RT_MEMORY_ALLOCATION);
                    break;
                case 3: {
                    void* fields[] = {
                        &prop.handleType, &prop.allocationType, &prop.memAttr, &prop.location.type};
                    const int which = static_cast<int>(c.range(0, 3));
                    const int value = which == 0   ? c.pick({1, 3, -1, INT_MAX})
                                      : which == 1 ? c.pick({1, 2, -1})
                                      : which == 2 ? c.pick({18, 1000, -1, INT_MIN})
                                                   : c.pick({2, 3, 5, -1});
                    c_set_enum_field(fields[which], value);
                    report.note("property field %d = %d", which, value);
                    expect_status(report,
                                  "aclrtMallocPhysical",
                                  aclrtMallocPhysical(&handle, unit, &prop, 0),
                                  ACL_ERROR_INVALID_PARAM);
                    size_t g = 0;
                    expect_status(report,
                                  "aclrtMemGetAllocationGranularity",
                                  aclrtMemGetAllocationGranularity(
                                      &prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &g),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
                }
                case 4:
                    prop.location.id =
                        static_cast<uint32_t>(c.pick<int64_t>({64, 4096, UINT32_MAX}));
                    expect_status(report,
                                  "aclrtMallocPhysical(device)",
                                  aclrtMallocPhysical(&handle, unit, &prop, 0),
                                  ACL_ERROR_RT_INVALID_DEVICEID);
                    break;
                default:
                    prop.location.type = c.chance(1, 2) ? ACL_MEM_LOCATION_TYPE_HOST
                                                        : ACL_MEM_LOCATION_TYPE_HOST_NUMA;
                    expect_status(report,
                                  "aclrtMallocPhysical(host)",
                                  aclrtMallocPhysical(&handle, unit, &prop, 0),
                                  ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
                    break;
            }
            if (handle != nullptr) {
                report.fail("a refused aclrtMallocPhysical wrote a handle");
            }
            break;
        }
        case 10:
            report.note("a reservation with a hostile size, alignment or address");
            switch (c.range(0, 3)) {
                case 0:
                    expect_status(report,
                                  "aclrtReserveMemAddress(0)",
                                  aclrtReserveMemAddress(&range, 0, 0, nullptr, 0),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
                case 1:
                    expect_status(report,
                                  "aclrtReserveMemAddress(alignment)",
                                  aclrtReserveMemAddress(
                                      &range, unit, c.chance(1, 2) ? 3 : unit * 2, nullptr, 0),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
                case 2:
                    expect_status(report,
                                  "aclrtReserveMemAddress(expectPtr)",
                                  aclrtReserveMemAddress(&range, unit, 0, s.r1 + 1, 0),
                                  ACL_ERROR_RT_PARAM_INVALID);
                    break;
                default:
                    expect_status(
                        report,
                        "aclrtReserveMemAddress(huge)",
                        aclrtReserveMemAddress(
                            &range, c.pick<size_t>({SIZE_MAX, SIZE_MAX - unit + 2}), 0, nullptr, 0),
                        ACL_ERROR_RT_MEMORY_ALLOCATION);
                    break;
            }
            if (range != nullptr) {
                report.fail("a refused reservation wrote an address");
            }
            break;
        case 11: {
            report.note("set access with a hostile entry or range");
            aclrtMemAccessDesc desc{};
            desc.flags = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
            desc.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
            int want = ACL_ERROR_INVALID_PARAM;
            size_t size = s.a_bytes;
            size_t count = 1;
            switch (c.range(0, 5)) {
                case 0:
                    c_set_enum_field(&desc.flags, c.pick({2, 4, 7, -1, INT_MAX}));
                    break;
                case 1:
                    c_set_enum_field(&desc.location.type, c.pick({0, 2, 4, 9, -1}));
                    break;
                case 2:
                    count = 0;
                    break;
                case 3:
                    desc.location.id = static_cast<uint32_t>(c.pick<int64_t>({64, 4096}));
                    want = ACL_ERROR_RT_INVALID_DEVICEID;
                    break;
                case 4:
                    size = c.pick<size_t>(
                        {unit / 2, s.a_bytes + 1, SIZE_MAX, s.a_bytes + s.b_bytes + unit});
                    want = ACL_ERROR_RT_PARAM_INVALID;
                    break;
                default:
                    size = 0;
                    want = ACL_ERROR_RT_PARAM_INVALID;
                    break;
            }
            expect_status(
                report, "aclrtMemSetAccess", aclrtMemSetAccess(s.r1, size, &desc, count), want);
            break;
        }
        case 12: {
            report.note("get access with a hostile location or pointer");
            aclrtMemLocation location{};
            location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
            uint64_t flag = 0;
            if (c.chance(1, 2)) {
                c_set_enum_field(&location.type, c.pick({2, 3, 5, -1}));
                expect_status(report,
                              "aclrtMemGetAccess",
                              aclrtMemGetAccess(s.r1, &location, &flag),
                              ACL_ERROR_INVALID_PARAM);
            } else {
                expect_status(report,
                              "aclrtMemGetAccess",
                              aclrtMemGetAccess(s.r1 + 8, &location, &flag),
                              ACL_ERROR_INVALID_PARAM);
            }
            break;
        }
        case 13:
            report.note("retain where no mapping starts");
            expect_status(report,
                          "aclrtMemRetainAllocationHandle",
                          aclrtMemRetainAllocationHandle(s.r1 + 8, &handle),
                          ACL_ERROR_INVALID_PARAM);
            break;
        case 14: {
            report.note("address range of memory aclemu does not know, or no outputs");
            void* base = nullptr;
            size_t size = 0;
            expect_status(report,
                          "aclrtMemGetAddressRange",
                          c.chance(1, 2) ? aclrtMemGetAddressRange(&host, &base, &size)
                                         : aclrtMemGetAddressRange(s.r1, nullptr, nullptr),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 15: {
            report.note("granularity option no enum holds");
            size_t g = 0;
            expect_status(
                report,
                "aclrtMemGetAllocationGranularity",
                c_aclrtMemGetAllocationGranularity(&prop, c.pick({2, 0xFFFF, -1, INT_MAX}), &g),
                ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 16: {
            report.note("export, then the exporting process imports its own handle");
            uint64_t shareable = 0;
            expect_status(report,
                          "aclrtMemExportToShareableHandle",
                          aclrtMemExportToShareableHandle(
                              s.b, ACL_MEM_HANDLE_TYPE_NONE, c.range(0, 1), &shareable),
                          ACL_SUCCESS);
            int32_t pid = static_cast<int32_t>(::getpid());
            expect_status(report,
                          "aclrtMemSetPidToShareableHandle",
                          aclrtMemSetPidToShareableHandle(shareable, &pid, 1),
                          ACL_SUCCESS);
            aclrtDrvMemHandle imported = nullptr;
            expect_status(report,
                          "aclrtMemImportFromShareableHandle",
                          aclrtMemImportFromShareableHandle(shareable, 0, &imported),
                          ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
            expect_status(report,
                          "aclrtMemImportFromShareableHandleV2",
                          aclrtMemImportFromShareableHandleV2(
                              &shareable, ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT, 0, &imported),
                          ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
            uint64_t again = 0;
            expect_status(report,
                          "aclrtMemExportToShareableHandle again",
                          aclrtMemExportToShareableHandle(s.b, ACL_MEM_HANDLE_TYPE_NONE, 0, &again),
                          ACL_ERROR_RT_PARAM_INVALID);
            int32_t bad_pid = c.pick({0, -1, INT_MIN});
            expect_status(report,
                          "aclrtMemSetPidToShareableHandle(bad pid)",
                          aclrtMemSetPidToShareableHandle(shareable, &bad_pid, 1),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtMemSetPidToShareableHandle(unknown handle)",
                          aclrtMemSetPidToShareableHandle(
                              shareable ^ (uint64_t{1} << c.range(0, 21)), &pid, 1),
                          ACL_ERROR_INVALID_PARAM);
            if (imported != nullptr) {
                report.fail("a refused import wrote a handle");
            }
            break;
        }
        case 17: {
            report.note("shareable-handle calls with a type no enum holds, or fabric");
            uint64_t shareable = 0;
            int32_t pid = 1;
            aclrtDrvMemHandle imported = nullptr;
            const int type = c.pick({0, 3, 4, -1});
            expect_status(
                report,
                "aclrtMemExportToShareableHandle",
                c_aclrtMemExportToShareableHandle(s.a, c.pick({1, 3, 7, -1}), 0, &shareable),
                ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtMemExportToShareableHandleV2",
                          c_aclrtMemExportToShareableHandleV2(s.a, 0, type, &shareable),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtMemSetPidToShareableHandleV2",
                          c_aclrtMemSetPidToShareableHandleV2(&shareable, type, &pid, 1),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtMemImportFromShareableHandleV2",
                          c_aclrtMemImportFromShareableHandleV2(&shareable, type, 0, &imported),
                          ACL_ERROR_INVALID_PARAM);
            aclrtMemFabricHandle fabric{};
            expect_status(report,
                          "aclrtMemExportToShareableHandleV2(FABRIC)",
                          aclrtMemExportToShareableHandleV2(
                              s.a, 0, ACL_MEM_SHARE_HANDLE_TYPE_FABRIC, &fabric),
                          ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
            expect_status(report,
                          "aclrtMemImportFromShareableHandleV2(flags)",
                          aclrtMemImportFromShareableHandleV2(
                              &shareable, ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT, 1, &imported),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        default: {
            report.note("retain a mapping's handle and read its properties");
            expect_status(report,
                          "aclrtMemRetainAllocationHandle",
                          aclrtMemRetainAllocationHandle(s.r2, &handle),
                          ACL_SUCCESS);
            if (handle != s.a) {
                report.fail("the handle mapped at R2 is not A's");
            }
            aclrtPhysicalMemProp got{};
            expect_status(report,
                          "aclrtMemGetAllocationPropertiesFromHandle",
                          aclrtMemGetAllocationPropertiesFromHandle(handle, &got),
                          ACL_SUCCESS);
            if (got.handleType != prop.handleType || got.allocationType != prop.allocationType
                || got.memAttr != prop.memAttr || got.location.type != prop.location.type
                || got.location.id != prop.location.id) {
                report.fail("the properties do not come back as given");
            }
            expect_status(
                report, "aclrtFreePhysical(retained)", aclrtFreePhysical(handle), ACL_SUCCESS);
            break;
        }
    }
}

void vmm_case(Choices& c, Report& report) {
    VmmSetup s;
    const bool ready = vmm_setup(c, report, &s);
    struct Teardown {
        const VmmSetup& s;
        Report& report;
        ~Teardown() {
            if (!report.runtime_stopped) {
                vmm_teardown(s);
            }
        }
    } teardown{s, report};
    if (!ready) {
        return;
    }
    report.note("VMM: granularity %zu, A %zu bytes, B %zu bytes, R1 %zu bytes",
                s.unit,
                s.a_bytes,
                s.b_bytes,
                s.r1_bytes);
    // Write through R1 across the A/B boundary, read through R2 (A's other mapping).
    const size_t half = std::min<size_t>({s.a_bytes, s.b_bytes, 6144});
    const size_t start = s.a_bytes - half;
    const size_t span = 2 * half;
    const std::vector<uint8_t> pattern = random_bytes(c, span);
    expect_status(report,
                  "aclrtMemcpy into R1",
                  aclrtMemcpy(s.r1 + start, span, pattern.data(), span, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_SUCCESS);
    void* base = nullptr;
    size_t size = 0;
    expect_status(report,
                  "aclrtMemGetAddressRange",
                  aclrtMemGetAddressRange(s.r1 + start + span / 3, &base, &size),
                  ACL_SUCCESS);
    if (base != s.r1 || size != s.a_bytes + s.b_bytes) {
        report.fail("R1's mappings are not one range: base %p size %zu", base, size);
    }
    if (c.chance(1, 3)) {
        vmm_break(c, report, s);
    } else if (c.chance(1, 2)) {
        // Read-only access on R2: copies into it are refused, copies out of it work.
        report.note("R2 read-only");
        aclrtMemAccessDesc desc{};
        desc.flags = ACL_RT_MEM_ACCESS_FLAGS_READ;
        desc.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
        expect_status(
            report, "aclrtMemSetAccess", aclrtMemSetAccess(s.r2, s.a_bytes, &desc, 1), ACL_SUCCESS);
        aclrtMemLocation location{};
        location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
        uint64_t flag = 0;
        expect_status(
            report, "aclrtMemGetAccess", aclrtMemGetAccess(s.r2, &location, &flag), ACL_SUCCESS);
        if (flag != ACL_RT_MEM_ACCESS_FLAGS_READ) {
            report.fail("R2's access reads %llu, expected 1",
                        static_cast<unsigned long long>(flag));
        }
        expect_status(report,
                      "aclrtMemcpy into read-only R2",
                      aclrtMemcpy(s.r2, 8, pattern.data(), 8, ACL_MEMCPY_HOST_TO_DEVICE),
                      ACL_ERROR_RT_PARAM_INVALID);
        expect_status(report,
                      "aclrtMemset of read-only R2",
                      aclrtMemset(s.r2, 8, 0, 8),
                      ACL_ERROR_RT_PARAM_INVALID);
    }
    if (report.failed()) {
        return;
    }
    // What was written through R1 reads back through R1, and A's part through R2 too.
    std::vector<uint8_t> back(span);
    expect_status(report,
                  "aclrtMemcpy out of R1",
                  aclrtMemcpy(back.data(), span, s.r1 + start, span, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_SUCCESS);
    if (back != pattern) {
        report.fail("the bytes read back through R1 differ");
    }
    if (s.a_in_r2) {
        const size_t in_a = s.a_bytes - start;
        std::vector<uint8_t> other(in_a);
        expect_status(
            report,
            "aclrtMemcpy out of R2",
            aclrtMemcpy(other.data(), in_a, s.r2 + start, in_a, ACL_MEMCPY_DEVICE_TO_HOST),
            ACL_SUCCESS);
        if (std::memcmp(other.data(), pattern.data(), in_a) != 0) {
            report.fail("A's bytes read through R2 differ from those written through R1");
        }
    }
}

// ---- IPC in one process -----------------------------------------------------------------------

void ipc_case(Choices& c, Report& report) {
    // At least 64 KiB: the GPU simulator shares blocks of its own pages only (docs/backends.md).
    const size_t n = static_cast<size_t>(c.range(64 * 1024, 68 * 1024));
    GuardedBuffer block;
    if (!block.create(n, random_bytes(c, n), report, c.chance(1, 2))) {
        return;
    }
    char* data = static_cast<char*>(block.data());
    const size_t offset = static_cast<size_t>(c.range(0, static_cast<int64_t>(n) - 1));
    const size_t size = static_cast<size_t>(c.range(1, static_cast<int64_t>(n - offset)));
    const uint64_t flags = static_cast<uint64_t>(c.range(0, 1));
    char key[ACL_IPC_HANDLE_SIZE + 8];
    std::memset(key, 'x', sizeof key);
    key[sizeof key - 1] = '\0';
    int32_t self = 0;
    expect_status(report, "aclrtDeviceGetBareTgid", aclrtDeviceGetBareTgid(&self), ACL_SUCCESS);
    if (self != static_cast<int32_t>(::getpid())) {
        report.fail("aclrtDeviceGetBareTgid gave %d, the process is %d",
                    self,
                    static_cast<int>(::getpid()));
    }
    const bool exported = c.chance(3, 4);
    if (exported) {
        report.note("IPC: export %zu bytes at offset %zu of %zu, flags %llu",
                    size,
                    offset,
                    n,
                    static_cast<unsigned long long>(flags));
        expect_status(report,
                      "aclrtIpcMemGetExportKey",
                      aclrtIpcMemGetExportKey(data + offset, size, key, ACL_IPC_HANDLE_SIZE, flags),
                      ACL_SUCCESS);
        if (report.failed() || strnlen(key, ACL_IPC_HANDLE_SIZE) == ACL_IPC_HANDLE_SIZE) {
            report.fail("the key is not a string within ACL_IPC_HANDLE_SIZE");
            return;
        }
        char again[ACL_IPC_HANDLE_SIZE];
        expect_status(report,
                      "aclrtIpcMemGetExportKey again",
                      aclrtIpcMemGetExportKey(data + offset, size, again, sizeof again, flags),
                      ACL_SUCCESS);
        if (std::strcmp(key, again) != 0) {
            report.fail("the same range exported twice gave two keys");
        }
    }
    int32_t pids[3] = {self, self + 1, 1};
    void* imported = nullptr;
    int host = 0;
    switch (c.range(0, 13)) {
        case 0:
            report.note("export with NULLs, a short key buffer, unknown flags or size 0");
            switch (c.range(0, 4)) {
                case 0:
                    expect_status(report,
                                  "aclrtIpcMemGetExportKey(NULL devPtr)",
                                  aclrtIpcMemGetExportKey(nullptr, size, key, sizeof key, 0),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
                case 1:
                    expect_status(report,
                                  "aclrtIpcMemGetExportKey(NULL key)",
                                  aclrtIpcMemGetExportKey(data, size, nullptr, sizeof key, 0),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
                case 2:
                    expect_status(report,
                                  "aclrtIpcMemGetExportKey(short key)",
                                  aclrtIpcMemGetExportKey(
                                      data,
                                      size,
                                      key,
                                      static_cast<size_t>(c.range(0, ACL_IPC_HANDLE_SIZE - 1)),
                                      0),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
                case 3:
                    expect_status(
                        report,
                        "aclrtIpcMemGetExportKey(flags)",
                        aclrtIpcMemGetExportKey(data, size, key, sizeof key, 2 + c.bits() % 100),
                        ACL_ERROR_INVALID_PARAM);
                    break;
                default:
                    expect_status(report,
                                  "aclrtIpcMemGetExportKey(size 0)",
                                  aclrtIpcMemGetExportKey(data, 0, key, sizeof key, 0),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
            }
            break;
        case 1: {
            report.note("export of memory aclrtMalloc did not make, or past the block");
            void* pinned = nullptr;
            if (c.chance(1, 2) && aclrtMallocHost(&pinned, 64) == ACL_SUCCESS) {
                expect_status(report,
                              "aclrtIpcMemGetExportKey(pinned)",
                              aclrtIpcMemGetExportKey(pinned, 8, key, sizeof key, 0),
                              ACL_ERROR_RT_PARAM_INVALID);
                aclrtFreeHost(pinned);
            } else if (c.chance(1, 2)) {
                expect_status(report,
                              "aclrtIpcMemGetExportKey(host)",
                              aclrtIpcMemGetExportKey(&host, 4, key, sizeof key, 0),
                              ACL_ERROR_RT_PARAM_INVALID);
            } else {
                const size_t past =
                    n - offset + GuardedBuffer::kGuard * 2 + static_cast<size_t>(c.range(1, 100));
                expect_status(report,
                              "aclrtIpcMemGetExportKey(past the block)",
                              aclrtIpcMemGetExportKey(data + offset, past, key, sizeof key, 0),
                              ACL_ERROR_RT_PARAM_INVALID);
            }
            break;
        }
        case 2:
            report.note("whitelist with NULLs, no pids, a bad pid or an unknown key");
            switch (c.range(0, 3)) {
                case 0:
                    expect_status(report,
                                  "aclrtIpcMemSetImportPid(NULL)",
                                  c.chance(1, 2) ? aclrtIpcMemSetImportPid(nullptr, pids, 1)
                                                 : aclrtIpcMemSetImportPid(key, nullptr, 1),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
                case 1:
                    expect_status(report,
                                  "aclrtIpcMemSetImportPid(num 0)",
                                  aclrtIpcMemSetImportPid(key, pids, 0),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
                case 2:
                    if (exported) {
                        int32_t bad[2] = {self, c.pick({0, -1, INT_MIN})};
                        expect_status(report,
                                      "aclrtIpcMemSetImportPid(bad pid)",
                                      aclrtIpcMemSetImportPid(key, bad, 2),
                                      ACL_ERROR_INVALID_PARAM);
                    }
                    break;
                default:
                    expect_status(report,
                                  "aclrtIpcMemSetImportPid(unknown key)",
                                  aclrtIpcMemSetImportPid("aclemu-1-2-0000000000000003", pids, 1),
                                  ACL_ERROR_INVALID_PARAM);
                    break;
            }
            break;
        case 3: {
            report.note("import of keys that are no export's");
            static const char* const garbage[] = {
                "",
                "aclemu-",
                "aclemu-99999999999-1-0000000000000001",
                "aclemu-4194303-99999999999-0000000000000001",
                "aclemu-4194303-3-00000000000000011",
                "aclemu-4194303-3-000000000000000g",
                "aclemu--5-3-0000000000000001",
                "aclemu-0-3-0000000000000001",
                "aclemu-4194303-3-0000000000000001",
                "aclemu-4194303-3-0000000000000001 trailing",
                "not a key",
            };
            const char* text =
                c.pick(std::vector<const char*>(std::begin(garbage), std::end(garbage)));
            char unterminated[ACL_IPC_HANDLE_SIZE + 1];
            std::memset(unterminated, '7', sizeof unterminated);
            const bool long_key = c.chance(1, 6);
            expect_status(report,
                          "aclrtIpcMemImportByKey",
                          aclrtIpcMemImportByKey(&imported, long_key ? unterminated : text, 0),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 4:
            report.note("import with NULLs or unknown flags");
            expect_status(report,
                          "aclrtIpcMemImportByKey",
                          c.chance(1, 3) ? aclrtIpcMemImportByKey(nullptr, key, 0)
                          : c.chance(1, 2)
                              ? aclrtIpcMemImportByKey(&imported, nullptr, 0)
                              : aclrtIpcMemImportByKey(&imported, key, 2 + c.bits() % 50),
                          ACL_ERROR_INVALID_PARAM);
            break;
        case 5:
            report.note("close of NULL or of a key this process neither exported nor imported");
            expect_status(report,
                          "aclrtIpcMemClose",
                          c.chance(1, 2) ? aclrtIpcMemClose(nullptr)
                                         : aclrtIpcMemClose("aclemu-1-2-0000000000000003"),
                          ACL_ERROR_INVALID_PARAM);
            break;
        case 6:
            report.note("super-pod whitelists and access links (Ascend-only)");
            expect_status(report,
                          "aclrtIpcMemImportPidInterServer",
                          aclrtIpcMemImportPidInterServer(key, nullptr, 0),
                          ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
            expect_status(report,
                          "aclrtIpcMemSetAttr",
                          c_aclrtIpcMemSetAttr(key, c.pick({0, 1, -1}), c.bits()),
                          ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
            break;
        case 7: {
            report.note("IPC events: own handle, plain events, destroyed events, garbage handles");
            aclrtEvent shared = nullptr;
            aclrtEvent plain = nullptr;
            aclrtEvent opened = nullptr;
            aclrtIpcEventHandle handle{};
            expect_status(report,
                          "aclrtCreateEventExWithFlag(IPC)",
                          aclrtCreateEventExWithFlag(&shared, ACL_EVENT_IPC),
                          ACL_SUCCESS);
            expect_status(report,
                          "aclrtCreateEventExWithFlag(SYNC)",
                          aclrtCreateEventExWithFlag(&plain, ACL_EVENT_SYNC),
                          ACL_SUCCESS);
            expect_status(report,
                          "aclrtIpcGetEventHandle",
                          aclrtIpcGetEventHandle(shared, &handle),
                          ACL_SUCCESS);
            expect_status(report,
                          "aclrtIpcOpenEventHandle(own)",
                          aclrtIpcOpenEventHandle(handle, &opened),
                          ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
            expect_status(report,
                          "aclrtIpcGetEventHandle(plain)",
                          aclrtIpcGetEventHandle(plain, &handle),
                          ACL_ERROR_INVALID_PARAM);
            aclrtIpcEventHandle garbage{};
            for (char& byte : garbage.reserved) {
                byte = static_cast<char>(c.bits());
            }
            expect_status(report,
                          "aclrtIpcOpenEventHandle(garbage)",
                          aclrtIpcOpenEventHandle(garbage, &opened),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report, "aclrtDestroyEvent", aclrtDestroyEvent(plain), ACL_SUCCESS);
            expect_status(report, "aclrtDestroyEvent", aclrtDestroyEvent(shared), ACL_SUCCESS);
            expect_status(report,
                          "aclrtIpcGetEventHandle(destroyed)",
                          aclrtIpcGetEventHandle(shared, &handle),
                          ACL_ERROR_INVALID_PARAM);
            if (opened != nullptr) {
                report.fail("a refused open wrote an event");
            }
            break;
        }
        default:
            if (!exported) {
                break;
            }
            report.note("whitelist, own import, close twice; the free withdraws the rest");
            expect_status(report,
                          "aclrtIpcMemSetImportPid",
                          aclrtIpcMemSetImportPid(key, pids, static_cast<size_t>(c.range(1, 3))),
                          ACL_SUCCESS);
            expect_status(report,
                          "aclrtIpcMemImportByKey(own key)",
                          aclrtIpcMemImportByKey(&imported, key, 0),
                          ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
            if (c.chance(1, 2)) {
                expect_status(report, "aclrtIpcMemClose", aclrtIpcMemClose(key), ACL_SUCCESS);
                expect_status(report,
                              "aclrtIpcMemClose again",
                              aclrtIpcMemClose(key),
                              ACL_ERROR_INVALID_PARAM);
                expect_status(report,
                              "aclrtIpcMemSetImportPid(closed)",
                              aclrtIpcMemSetImportPid(key, pids, 1),
                              ACL_ERROR_INVALID_PARAM);
            } else {
                {
                    GuardedBuffer freed;  // its aclrtFree withdraws the export
                    freed.swap(block);
                }
                expect_status(report,
                              "aclrtIpcMemSetImportPid(freed)",
                              aclrtIpcMemSetImportPid(key, pids, 1),
                              ACL_ERROR_INVALID_PARAM);
                expect_status(report,
                              "aclrtIpcMemClose(freed)",
                              aclrtIpcMemClose(key),
                              ACL_ERROR_INVALID_PARAM);
                return;
            }
            break;
    }
    if (imported != nullptr) {
        report.fail("a refused import wrote a pointer");
    }
    std::vector<uint8_t> now;
    block.read(&now, report, "exported block");
    if (exported && !report.runtime_stopped) {
        aclrtIpcMemClose(key);  // may be closed already
        take_message();
    }
}

// ---- aclrtMallocWithCfg -----------------------------------------------------------------------

void malloc_cfg_case(Choices& c, Report& report) {
    const size_t size = static_cast<size_t>(c.range(1, 8192));
    std::vector<aclrtMallocAttribute> attrs(static_cast<size_t>(c.range(0, 4)));
    for (aclrtMallocAttribute& a : attrs) {
        a = aclrtMallocAttribute{};
        switch (c.range(0, 3)) {
            case 0:
                a.attr = ACL_RT_MEM_ATTR_RSV;
                break;
            case 1:
                a.attr = ACL_RT_MEM_ATTR_MODULE_ID;
                a.value.moduleId = static_cast<uint16_t>(c.bits());
                break;
            case 2:
                a.attr = ACL_RT_MEM_ATTR_DEVICE_ID;
                a.value.deviceId = 0;
                break;
            default:
                a.attr = ACL_RT_MEM_ATTR_VA_FLAG;
                a.value.vaFlag = static_cast<uint32_t>(c.bits());
                break;
        }
    }
    aclrtMallocConfig cfg{attrs.empty() && c.chance(1, 2) ? nullptr : attrs.data(), attrs.size()};
    aclrtMallocConfig* passed = c.chance(1, 5) ? nullptr : &cfg;
    const int policy = c.chance(1, 4) ? c.pick({0x7777, -1, INT_MAX, 6}) : 0;
    void* ptr = nullptr;
    void** out = &ptr;
    size_t asked = size;
    int want = ACL_SUCCESS;
    const char* broken = "nothing";
    std::vector<aclrtMallocAttribute> bad(1);
    aclrtMallocConfig bad_cfg{bad.data(), 1};
    switch (c.range(0, 11)) {
        case 0:
            broken = "devPtr NULL";
            out = nullptr;
            want = ACL_ERROR_INVALID_PARAM;
            break;
        case 1:
            broken = "size 0";
            asked = 0;
            want = ACL_ERROR_INVALID_PARAM;
            break;
        case 2:
            broken = "a size no allocation has";
            asked = c.pick<size_t>({SIZE_MAX, SIZE_MAX - 31, (size_t{1} << 62) + 1});
            want = ACL_ERROR_RT_MEMORY_ALLOCATION;
            break;
        case 3:
            broken = "attrs NULL with numAttrs > 0";
            bad_cfg.attrs = nullptr;
            passed = &bad_cfg;
            want = ACL_ERROR_INVALID_PARAM;
            break;
        case 4:
            broken = "an attribute type no enum holds";
            c_set_enum_field(&bad[0].attr, c.pick({4, 100, -1, INT_MIN}));
            passed = &bad_cfg;
            want = ACL_ERROR_INVALID_PARAM;
            break;
        case 5:
            broken = "a device id no device has";
            bad[0].attr = ACL_RT_MEM_ATTR_DEVICE_ID;
            bad[0].value.deviceId = static_cast<uint32_t>(c.pick<int64_t>({64, 4096, UINT32_MAX}));
            passed = &bad_cfg;
            want = ACL_ERROR_RT_INVALID_DEVICEID;
            break;
        default:
            break;
    }
    report.note("aclrtMallocWithCfg %zu bytes, %zu attributes, policy %d; broken: %s",
                asked,
                attrs.size(),
                policy,
                broken);
    expect_status(
        report, "aclrtMallocWithCfg", c_aclrtMallocWithCfg(out, asked, policy, passed), want);
    if (want != ACL_SUCCESS) {
        if (ptr != nullptr) {
            report.fail("a refused aclrtMallocWithCfg wrote a pointer");
        }
        return;
    }
    const std::vector<uint8_t> pattern = random_bytes(c, size);
    std::vector<uint8_t> back(size);
    expect_status(report,
                  "aclrtMemcpy H2D",
                  aclrtMemcpy(ptr, size, pattern.data(), size, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_SUCCESS);
    expect_status(report,
                  "aclrtMemcpy D2H",
                  aclrtMemcpy(back.data(), size, ptr, size, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_SUCCESS);
    if (back != pattern) {
        report.fail("the block does not keep its bytes");
    }
    expect_status(
        report,
        "aclrtMemcpy past the block",
        aclrtMemcpy(
            static_cast<char*>(ptr) + 1, size, pattern.data(), size, ACL_MEMCPY_HOST_TO_DEVICE),
        ACL_ERROR_RT_PARAM_INVALID);
    expect_status(report, "aclrtFree", aclrtFree(ptr), ACL_SUCCESS);
    expect_status(report, "aclrtFree again", aclrtFree(ptr), ACL_ERROR_INVALID_PARAM);
}

// ---- custom allocators ------------------------------------------------------------------------

void* fake_alloc(aclrtAllocator, size_t) {
    return nullptr;
}
void fake_free(aclrtAllocator, aclrtAllocatorBlock) {}
void* fake_advise(aclrtAllocator, size_t, aclrtAllocatorAddr) {
    return nullptr;
}
void* fake_address(aclrtAllocatorBlock) {
    return nullptr;
}

void allocator_case(Choices& c, Report& report) {
    Cleanup cleanup(report);
    aclrtStream stream = case_stream(report, cleanup);
    if (stream == nullptr) {
        return;
    }
    aclrtAllocatorDesc desc = aclrtAllocatorCreateDesc();
    if (desc == nullptr) {
        report.fail("aclrtAllocatorCreateDesc failed: %s", take_message().c_str());
        return;
    }
    auto desc_live = std::make_shared<bool>(true);
    cleanup.add([desc_live, desc] {
        if (*desc_live) {
            aclrtAllocatorDestroyDesc(desc);
        }
    });
    cleanup.add([stream] { aclrtAllocatorUnregister(stream); });
    static int objects[2];
    const bool set[4] = {c.chance(7, 8), c.chance(7, 8), c.chance(7, 8), c.chance(7, 8)};
    if (set[0]) {
        expect_status(report,
                      "aclrtAllocatorSetObjToDesc",
                      aclrtAllocatorSetObjToDesc(desc, &objects[0]),
                      ACL_SUCCESS);
    }
    if (set[1]) {
        expect_status(report,
                      "aclrtAllocatorSetAllocFuncToDesc",
                      aclrtAllocatorSetAllocFuncToDesc(desc, fake_alloc),
                      ACL_SUCCESS);
    }
    if (set[2]) {
        expect_status(report,
                      "aclrtAllocatorSetFreeFuncToDesc",
                      aclrtAllocatorSetFreeFuncToDesc(desc, fake_free),
                      ACL_SUCCESS);
    }
    if (set[3]) {
        expect_status(report,
                      "aclrtAllocatorSetGetAddrFromBlockFuncToDesc",
                      aclrtAllocatorSetGetAddrFromBlockFuncToDesc(desc, fake_address),
                      ACL_SUCCESS);
    }
    const bool advise = c.chance(1, 2);
    if (advise) {
        expect_status(report,
                      "aclrtAllocatorSetAllocAdviseFuncToDesc",
                      aclrtAllocatorSetAllocAdviseFuncToDesc(desc, fake_advise),
                      ACL_SUCCESS);
    }
    const bool complete = set[0] && set[1] && set[2] && set[3];
    report.note("allocator: callbacks %d%d%d%d, advise %d", set[0], set[1], set[2], set[3], advise);
    aclrtAllocatorDesc got_desc = nullptr;
    aclrtAllocator got_object = nullptr;
    aclrtAllocatorAllocFunc got_alloc = nullptr;
    aclrtAllocatorFreeFunc got_free = nullptr;
    aclrtAllocatorAllocAdviseFunc got_advise = nullptr;
    aclrtAllocatorGetAddrFromBlockFunc got_address = nullptr;
    switch (c.range(0, 7)) {
        case 0: {
            report.note("a destroyed or NULL descriptor, NULL callbacks");
            aclrtAllocatorDesc dead = aclrtAllocatorCreateDesc();
            expect_status(
                report, "aclrtAllocatorDestroyDesc", aclrtAllocatorDestroyDesc(dead), ACL_SUCCESS);
            aclrtAllocatorDesc bad = c.chance(1, 2) ? dead : nullptr;
            expect_status(report,
                          "aclrtAllocatorSetObjToDesc",
                          aclrtAllocatorSetObjToDesc(bad, &objects[1]),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtAllocatorRegister",
                          aclrtAllocatorRegister(stream, bad),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtAllocatorDestroyDesc again",
                          aclrtAllocatorDestroyDesc(bad),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtAllocatorSetAllocFuncToDesc(NULL)",
                          aclrtAllocatorSetAllocFuncToDesc(desc, nullptr),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 1:
            report.note("register on a NULL or dead stream");
            expect_status(
                report,
                "aclrtAllocatorRegister",
                aclrtAllocatorRegister(c.chance(1, 2) ? nullptr : dead_stream(c, report), desc),
                ACL_ERROR_INVALID_PARAM);
            break;
        case 2:
            report.note("query of a stream with no registration");
            expect_status(report,
                          "aclrtAllocatorGetByStream",
                          aclrtAllocatorGetByStream(
                              stream, &got_desc, nullptr, nullptr, nullptr, nullptr, nullptr),
                          ACL_ERROR_INVALID_PARAM);
            break;
        default: {
            expect_status(report,
                          "aclrtAllocatorRegister",
                          aclrtAllocatorRegister(stream, desc),
                          complete ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM);
            if (!complete) {
                break;
            }
            // The registration is a copy: later changes of the descriptor do not reach it.
            expect_status(report,
                          "aclrtAllocatorSetObjToDesc",
                          aclrtAllocatorSetObjToDesc(desc, &objects[1]),
                          ACL_SUCCESS);
            if (c.chance(1, 2)) {
                expect_status(report,
                              "aclrtAllocatorDestroyDesc",
                              aclrtAllocatorDestroyDesc(desc),
                              ACL_SUCCESS);
                *desc_live = false;
            }
            expect_status(report,
                          "aclrtAllocatorGetByStream(NULL desc)",
                          aclrtAllocatorGetByStream(
                              stream, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtAllocatorGetByStream",
                          aclrtAllocatorGetByStream(stream,
                                                    &got_desc,
                                                    &got_object,
                                                    &got_alloc,
                                                    &got_free,
                                                    &got_advise,
                                                    &got_address),
                          ACL_SUCCESS);
            if (got_desc != desc || got_object != &objects[0] || got_alloc != fake_alloc
                || got_free != fake_free || got_address != fake_address
                || got_advise != (advise ? fake_advise : nullptr)) {
                report.fail("aclrtAllocatorGetByStream does not give the registration back");
            }
            expect_status(
                report, "aclrtAllocatorUnregister", aclrtAllocatorUnregister(stream), ACL_SUCCESS);
            expect_status(report,
                          "aclrtAllocatorGetByStream after unregistering",
                          aclrtAllocatorGetByStream(
                              stream, &got_desc, nullptr, nullptr, nullptr, nullptr, nullptr),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
    }
}

}  // namespace

void run_memory_group_case(Choices& c, Report& report) {
    report.kind = Report::Kind::Group;
    switch (c.range(0, 7)) {
        case 0:
        case 1:
        case 2:
            vmm_case(c, report);
            break;
        case 3:
        case 4:
            ipc_case(c, report);
            break;
        case 5:
        case 6:
            malloc_cfg_case(c, report);
            break;
        default:
            allocator_case(c, report);
            break;
    }
}

}  // namespace aclemu::fuzz
