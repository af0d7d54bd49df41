#include "block_shared_memory.h"

#include "sanitizer.h"

#include <cstdint>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <map>
#include <mutex>

// The TLS ABI's accessor (glibc exports it from the dynamic linker): the calling thread's copy of
// a module's TLS block, allocated on first use for modules loaded by dlopen.
extern "C" void* __tls_get_addr(void* index);

namespace gpusim::detail {
namespace {

struct TlsIndex {
    unsigned long module;
    unsigned long offset;
};

struct Search {
    uintptr_t address = 0;
    SharedSegment segment;
    bool found = false;
};

int find_module(dl_phdr_info* info, size_t, void* data) {
    auto* search = static_cast<Search*>(data);
    bool contains = false;
    const ElfW(Phdr)* tls = nullptr;
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr)& header = info->dlpi_phdr[i];
        if (header.p_type == PT_LOAD) {
            const uintptr_t begin = info->dlpi_addr + header.p_vaddr;
            contains =
                contains || (search->address >= begin && search->address < begin + header.p_memsz);
        } else if (header.p_type == PT_TLS) {
            tls = &header;
        }
    }
    if (!contains) {
        return 0;
    }
    search->found = true;
    if (tls != nullptr) {
        search->segment.module_id = info->dlpi_tls_modid;
        search->segment.bytes = tls->p_memsz;
        search->segment.shared_only = tls->p_filesz == 0;
    }
    return 1;
}

}  // namespace

SharedSegment shared_segment_of(const void* code) {
    // The simulator's own bookkeeping: a lock shared by every launching thread must not order
    // them for TSan.
    san::Invisible invisible;
    static std::mutex mutex;
    static std::map<const void*, SharedSegment> cache;
    std::lock_guard<std::mutex> lock(mutex);
    auto found = cache.find(code);
    if (found != cache.end()) {
        return found->second;
    }
    Search search;
    search.address = reinterpret_cast<uintptr_t>(code);
    dl_iterate_phdr(&find_module, &search);
    cache.emplace(code, search.segment);
    return search.segment;
}

void* reset_shared_memory(const SharedSegment& segment) {
    if (segment.module_id == 0 || segment.bytes == 0) {
        return nullptr;
    }
    TlsIndex index{segment.module_id, 0};
    void* block = __tls_get_addr(&index);
    if (segment.shared_only) {
        san::Invisible invisible;  // the runner's write: no GPU thread is ordered after it
        std::memset(block, 0xFF, segment.bytes);
    }
    return block;
}

}  // namespace gpusim::detail
