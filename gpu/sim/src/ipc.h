// Sharing the simulated device's memory and events with other processes (cudaIpc*), and the
// page-backed device blocks that makes possible. Built on base/aclemu/shared_memory.h: a block
// moves into a memfd when first shared; an interprocess event keeps its record counts in a memfd
// page; the other process opens either through /proc/<pid>/fd.
#pragma once

#include "aclemu/shared_memory.h"

#include <cstddef>
#include <memory>

namespace gpusim::detail {

/// Device blocks of this size and more are whole pages of their own (shareable); smaller ones
/// stay on the heap, exact in size, so the sanitizers see an access one past the end.
constexpr size_t kPageBackedBytes = 64 * 1024;

/// A page-backed block of `bytes` (nullptr when out of memory).
void* allocate_page_backed(size_t bytes);
/// Unmaps a page-backed block; false when `ptr` is not the start of one.
bool release_page_backed(void* ptr);

/// The record counts of an interprocess event, in a memfd page.
struct SharedEventPage {
    SharedEventPage(int fd_in, aclemu::shm::SharedSignal* signal_in)
        : fd(fd_in), signal(signal_in) {}
    ~SharedEventPage();
    SharedEventPage(const SharedEventPage&) = delete;
    SharedEventPage& operator=(const SharedEventPage&) = delete;

    const int fd;
    aclemu::shm::SharedSignal* const signal;
};

/// A zeroed page for a new interprocess event (nullptr when none can be made).
std::shared_ptr<SharedEventPage> new_event_page();

}  // namespace gpusim::detail
