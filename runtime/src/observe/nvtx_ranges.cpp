// NVTX / ROCTx behind observe::nvtx (see nvtx_ranges.h). ACLEMU_HAVE_NVTX or ACLEMU_HAVE_ROCTX
// come from CMake (ACLEMU_ENABLE_NVTX, on when the headers are found).
#include "observe/nvtx_ranges.h"

#if defined(ACLEMU_HAVE_ROCTX)
#    include <roctracer/roctx.h>
#elif defined(ACLEMU_HAVE_NVTX)
#    include <nvtx3/nvToolsExt.h>
#endif

#include <cstdint>

namespace aclemu::observe::nvtx {

#if defined(ACLEMU_HAVE_ROCTX)

// ROCTx has no domains and no way to ask whether a tracer listens: ranges are always pushed.
bool attach() {
    return true;
}

void push(RangeKind /*kind*/, const char* message) {
    roctxRangePushA(message);
}

void pop() {
    roctxRangePop();
}

// ROCTx has no domains: everything goes to its one namespace.
void* create_domain(const char* /*name*/) {
    return nullptr;
}

void mark(void* /*domain*/, const char* message) {
    roctxMarkA(message);
}

uint64_t range_start(void* /*domain*/, const char* message) {
    return static_cast<uint64_t>(roctxRangeStartA(message));
}

void range_end(void* /*domain*/, uint64_t id) {
    roctxRangeStop(static_cast<roctx_range_id_t>(id));
}

#elif defined(ACLEMU_HAVE_NVTX)

namespace {

// Written once by attach(), before any push (attach runs under first_look's once-flag).
nvtxDomainHandle_t g_domain = nullptr;

uint32_t colour_of(RangeKind kind) {
    switch (kind) {
        case RangeKind::Runtime:
            return 0xFF5B8FF9u;  // blue
        case RangeKind::Aclnn:
            return 0xFF61C454u;  // green
        case RangeKind::Kernel:
            return 0xFFF6A23Cu;  // orange
    }
    return 0xFF999999u;
}

}  // namespace

// Without a tool, nvtxDomainCreateA returns null: NVTX's own check for a tool.
bool attach() {
    g_domain = nvtxDomainCreateA("aclemu");
    if (g_domain == nullptr) {
        return false;
    }
    nvtxDomainNameCategoryA(g_domain, static_cast<uint32_t>(RangeKind::Runtime), "acl runtime");
    nvtxDomainNameCategoryA(g_domain, static_cast<uint32_t>(RangeKind::Aclnn), "aclnn operator");
    nvtxDomainNameCategoryA(g_domain, static_cast<uint32_t>(RangeKind::Kernel), "kernel");
    return true;
}

void push(RangeKind kind, const char* message) {
    nvtxEventAttributes_t attributes{};
    attributes.version = NVTX_VERSION;
    attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
    attributes.category = static_cast<uint32_t>(kind);
    attributes.colorType = NVTX_COLOR_ARGB;
    attributes.color = colour_of(kind);
    attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
    attributes.message.ascii = message;
    nvtxDomainRangePushEx(g_domain, &attributes);
}

void pop() {
    nvtxDomainRangePop(g_domain);
}

namespace {
nvtxEventAttributes_t user_attributes(const char* message) {
    nvtxEventAttributes_t attributes{};
    attributes.version = NVTX_VERSION;
    attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
    attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
    attributes.message.ascii = message;
    return attributes;
}
}  // namespace

void* create_domain(const char* name) {
    return nvtxDomainCreateA(name);
}

void mark(void* domain, const char* message) {
    const nvtxEventAttributes_t attributes = user_attributes(message);
    nvtxDomainMarkEx(static_cast<nvtxDomainHandle_t>(domain), &attributes);
}

uint64_t range_start(void* domain, const char* message) {
    const nvtxEventAttributes_t attributes = user_attributes(message);
    return nvtxDomainRangeStartEx(static_cast<nvtxDomainHandle_t>(domain), &attributes);
}

void range_end(void* domain, uint64_t id) {
    nvtxDomainRangeEnd(static_cast<nvtxDomainHandle_t>(domain), id);
}

#else

bool attach() {
    return false;
}

void push(RangeKind /*kind*/, const char* /*message*/) {}

void pop() {}

void* create_domain(const char* /*name*/) {
    return nullptr;
}

void mark(void* /*domain*/, const char* /*message*/) {}

uint64_t range_start(void* /*domain*/, const char* /*message*/) {
    return 0;
}

void range_end(void* /*domain*/, uint64_t /*id*/) {}

#endif

}  // namespace aclemu::observe::nvtx
