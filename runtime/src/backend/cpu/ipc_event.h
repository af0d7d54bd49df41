// The CPU backend's events for other processes (aclrtCreateEventExWithFlag(ACL_EVENT_IPC)): the
// record and completion counts live in a memfd page (shm::SharedSignal), so a process that was
// passed the page's descriptor (sharing/export_server.h) waits on the exporter's records with a
// futex. Records complete in stream order, like the in-process events; no timestamps.
#pragma once

#include "acl/acl_base.h"

#include "backend/backend.h"
#include "backend/cpu/queue_event.h"
#include "backend/cpu/work_queue.h"

#include <cstdint>
#include <memory>

namespace aclemu::rt::cpu {

class IpcEvent final : public QueueEvent {
public:
    /// A new event of this process.
    static aclError create(std::unique_ptr<BackendEvent>* event);
    /// The event process `exporter` described with export_to().
    static aclError open(int32_t exporter,
                         const ExportBlob& blob,
                         std::unique_ptr<BackendEvent>* event);
    /// The event behind `event` when it is one of these, else nullptr.
    static IpcEvent* from(BackendEvent* event);

    void export_to(ExportBlob* blob) const;
    // A record taken in any process counts.
    void record(WorkQueue& queue) override;
    void hold(WorkQueue& queue) override;
    bool wait(int32_t timeout_ms) override;
    bool complete() const override;

private:
    struct Page;
    explicit IpcEvent(std::shared_ptr<Page> page) : page_(std::move(page)) {}
    /// The event on the signal page `fd` holds (`fresh`: a new, zero-filled page); `fd` is closed
    /// when the page cannot be mapped.
    static aclError on_page(int fd, bool fresh, std::unique_ptr<BackendEvent>* event);
    std::shared_ptr<Page> page_;  // shared with queued tasks, which may outlive the event
};

}  // namespace aclemu::rt::cpu
