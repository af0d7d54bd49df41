// An event of the CPU backend, whichever kind it is: one of this process (cpu_backend.cpp) or one
// shared with other processes (ipc_event.h). The backend's record, wait, synchronize and query
// calls hand themselves to the event, so no call asks which kind it holds.
#pragma once

#include "backend/backend.h"
#include "backend/cpu/work_queue.h"

#include <cstdint>

namespace aclemu::rt::cpu {

class QueueEvent : public BackendEvent {
public:
    /// Takes a record that completes when `queue` reaches it.
    virtual void record(WorkQueue& queue) = 0;
    /// Holds `queue`'s later work until the latest record taken completes.
    virtual void hold(WorkQueue& queue) = 0;
    /// Waits for the latest record taken; false on timeout (timeout_ms < 0: forever).
    virtual bool wait(int32_t timeout_ms) = 0;
    /// Whether the latest record taken has completed (true when none was taken).
    virtual bool complete() const = 0;
};

}  // namespace aclemu::rt::cpu
