#include "backend/cpu/ipc_event.h"

#include "aclemu/shared_memory.h"

#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace aclemu::rt::cpu {

namespace {
constexpr uint64_t kPageMarker = 0x45474150544e5645ull;  // "EVNTPAGE"
}  // namespace

// The shared page and the descriptor that keeps it reachable for other processes.
struct IpcEvent::Page {
    Page(int fd_in, shm::SharedSignal* signal_in) : fd(fd_in), signal(signal_in) {}
    ~Page() {
        ::munmap(signal, shm::page_size());
        ::close(fd);
    }
    Page(const Page&) = delete;
    Page& operator=(const Page&) = delete;

    const int fd;
    shm::SharedSignal* const signal;
};

aclError IpcEvent::on_page(int fd, bool fresh, std::unique_ptr<BackendEvent>* event) {
    void* mapped = shm::map_shared(fd, shm::page_size());
    if (mapped == MAP_FAILED) {
        ::close(fd);
        return ACL_ERROR_RT_NO_EVENT_RESOURCE;
    }
    auto* signal = fresh ? new (mapped) shm::SharedSignal{}  // a zero-filled page: nothing recorded
                         : static_cast<shm::SharedSignal*>(mapped);
    event->reset(new IpcEvent(std::make_shared<Page>(fd, signal)));
    return ACL_SUCCESS;
}

aclError IpcEvent::create(std::unique_ptr<BackendEvent>* event) {
    const int fd = shm::create_memfd("aclemu-event", shm::page_size());
    if (fd < 0) {
        return ACL_ERROR_RT_NO_EVENT_RESOURCE;
    }
    return on_page(fd, true, event);
}

aclError IpcEvent::open(int32_t exporter,
                        const ExportBlob& blob,
                        std::unique_ptr<BackendEvent>* event) {
    (void)exporter;
    struct stat info {};
    uint64_t marker = 0;
    if (!blob.get(&marker) || marker != kPageMarker || blob.fd < 0 || ::fstat(blob.fd, &info) != 0
        || static_cast<size_t>(info.st_size) < shm::page_size()) {
        return ACL_ERROR_RT_PARAM_INVALID;  // not the event page the exporter passed
    }
    const int fd = ::fcntl(blob.fd, F_DUPFD_CLOEXEC, 0);
    if (fd < 0) {
        return ACL_ERROR_RT_NO_EVENT_RESOURCE;
    }
    return on_page(fd, false, event);
}

IpcEvent* IpcEvent::from(BackendEvent* event) {
    return dynamic_cast<IpcEvent*>(event);
}

void IpcEvent::export_to(ExportBlob* blob) const {
    blob->put(kPageMarker);
    blob->fd = page_->fd;  // the page travels as the blob's descriptor
}

void IpcEvent::record(WorkQueue& queue) {
    const uint32_t generation = shm::signal_record(*page_->signal);
    queue.enqueue([page = page_, generation] { shm::signal_complete(*page->signal, generation); });
}

void IpcEvent::hold(WorkQueue& queue) {
    const uint32_t generation = page_->signal->recorded.load(std::memory_order_acquire);
    if (generation == 0) {
        return;  // never recorded: nothing to wait for
    }
    queue.enqueue([page = page_, generation] { shm::signal_wait(*page->signal, generation, -1); });
}

bool IpcEvent::wait(int32_t timeout_ms) {
    const uint32_t generation = page_->signal->recorded.load(std::memory_order_acquire);
    return shm::signal_wait(*page_->signal, generation, timeout_ms);
}

bool IpcEvent::complete() const {
    const uint32_t generation = page_->signal->recorded.load(std::memory_order_acquire);
    return shm::signal_reached(*page_->signal, generation);
}

}  // namespace aclemu::rt::cpu
