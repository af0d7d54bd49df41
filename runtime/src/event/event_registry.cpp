// The event registry (event_registry.h).
#include "event/event_registry.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "handles/handle_arena.h"
#include "runtime_state.h"

#include <algorithm>
#include <string>
#include <vector>

namespace aclemu::rt {

uint64_t HostRecords::recorded() {
    std::lock_guard<std::mutex> lock(mu);
    return count;
}

void HostRecords::add() {
    {
        std::lock_guard<std::mutex> lock(mu);
        ++count;
    }
    cv.notify_all();
}

void HostRecords::close() {
    {
        std::lock_guard<std::mutex> lock(mu);
        closed = true;
    }
    cv.notify_all();
}

bool HostRecords::wait_for(uint64_t target) {
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [&] { return count >= target || closed; });
    return count >= target;
}

EventRegistry& EventRegistry::instance() {
    // Never destroyed: worker threads and atexit handlers may still call in during exit.
    static EventRegistry* registry = new EventRegistry;
    return *registry;
}

aclError EventRegistry::create(uint32_t flags, bool timing, aclrtEvent* out) {
    std::shared_ptr<Context> context;
    ACLEMU_TRY(runtime().unbound_context(&context));
    ACLEMU_BACKEND(backend, backend);
    auto event = make_handle_object<Event>();
    event->ipc = (flags & ACL_EVENT_IPC) != 0;
    if (event->ipc) {
        ACLEMU_TRY(require_sharing(backend));
    }
    ACLEMU_TRY_BACKEND(event->ipc ? backend->sharing()->create_ipc_event(&event->impl)
                                  : backend->streams().create_event(&event->impl, timing),
                       backend,
                       "cannot create an event");
    event->flags = flags;
    event->timing = timing && !event->ipc;
    // CANN: events made with ACL_EVENT_EXTERNAL (the task-update events of captures) may be
    // waited on and reset, as ACL_EVENT_SYNC ones may.
    event->sync_capable = (flags & (ACL_EVENT_SYNC | ACL_EVENT_EXTERNAL)) != 0 || event->ipc;
    event->recorded.store(event->ipc);
    if ((flags & ACL_EVENT_EXTERNAL) != 0) {
        event->host_records = std::make_shared<HostRecords>();
    }
    event->device = context->device;
    return add(std::move(event), out);
}

aclError EventRegistry::adopt_ipc(std::unique_ptr<BackendEvent> impl, aclrtEvent* out) {
    std::shared_ptr<Context> context;
    ACLEMU_TRY(runtime().unbound_context(&context));
    auto event = make_handle_object<Event>();
    event->impl = std::move(impl);
    event->flags = ACL_EVENT_IPC;
    event->timing = false;
    event->sync_capable = true;
    event->recorded.store(true);
    event->ipc = true;
    event->imported = true;
    event->device = context->device;
    return add(std::move(event), out);
}

aclError EventRegistry::add(std::shared_ptr<Event> event, aclrtEvent* out) {
    std::lock_guard<std::mutex> lock(mu_);
    // Ids are reused once their event is gone, as a device's event slots are.
    std::vector<bool> taken;
    for (const auto& [handle, live] : events_) {
        if (live->device == event->device) {
            if (live->id >= taken.size()) {
                taken.resize(live->id + 1, false);
            }
            taken[live->id] = true;
        }
    }
    event->id = static_cast<uint32_t>(std::find(taken.begin(), taken.end(), false) - taken.begin());
    *out = event.get();
    events_[event.get()] = std::move(event);
    return ACL_SUCCESS;
}

aclError EventRegistry::destroy(aclrtEvent handle) {
    std::shared_ptr<Event> event;
    {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = events_.find(static_cast<Event*>(handle));
        ACLEMU_TRY(reject_if(it == events_.end(), "event", handle, "not a live event"));
        event = std::move(it->second);
        events_.erase(it);
    }
    if (event->host_records) {
        event->host_records->close();
    }
    Backend* backend = runtime().existing_backend();
    if (backend != nullptr && event->impl) {
        return backend->streams().destroy_event(std::move(event->impl));
    }
    return ACL_SUCCESS;
}

aclError require_sync_capable(const Event& event, aclrtEvent handle, const char* use) {
    if (event.sync_capable) {
        return ACL_SUCCESS;
    }
    return reject_arg(ACL_ERROR_RT_PARAM_INVALID,
                      "event",
                      handle,
                      std::string("it was created without ACL_EVENT_SYNC and cannot be ") + use);
}

uint32_t EventRegistry::live_on_device(int32_t device) {
    std::lock_guard<std::mutex> lock(mu_);
    return static_cast<uint32_t>(
        std::count_if(events_.begin(), events_.end(), [&](const auto& entry) {
            return entry.second->device == device;
        }));
}

aclError EventRegistry::find(aclrtEvent handle, std::shared_ptr<Event>* out) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = events_.find(static_cast<Event*>(handle));
    ACLEMU_TRY(reject_if(it == events_.end(), "event", handle, "not a live event"));
    *out = it->second;
    return ACL_SUCCESS;
}

void EventRegistry::release(Backend* backend) {
    std::unordered_map<Event*, std::shared_ptr<Event>> events;
    {
        std::lock_guard<std::mutex> lock(mu_);
        events.swap(events_);
    }
    for (auto& [ptr, event] : events) {
        if (event->host_records) {
            event->host_records->close();
        }
        if (backend != nullptr && event->impl) {
            backend->streams().destroy_event(std::move(event->impl));
        }
    }
}

}  // namespace aclemu::rt
