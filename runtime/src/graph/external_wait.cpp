// Captured waits on external events (external_wait.h).
#include "graph/external_wait.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "graph/capture_registry.h"
#include "graph/control.h"

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace aclemu::rt::graph {

namespace {

struct Helper {
    std::thread thread;
    std::shared_ptr<std::atomic<bool>> done;
    std::shared_ptr<HostRecords> records;
};

struct Helpers {
    std::mutex mu;
    std::vector<Helper> running;
};

Helpers& helpers() {
    static Helpers* all = new Helpers;  // outlives static destruction: helpers may still end
    return *all;
}

}  // namespace

aclError capture_external_wait(Stream& stream,
                               Backend& backend,
                               aclrtEvent event,
                               const std::shared_ptr<HostRecords>& records) {
    bool update = false;
    ACLEMU_TRY(with_recording(stream, [&](Recording* recording) {
        update = recording != nullptr && recording->kind == Recording::Kind::Update;
        return ACL_SUCCESS;
    }));
    if (update) {
        return reject_arg(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                          "event",
                          event,
                          "a task group's update cannot wait for an ACL_EVENT_EXTERNAL event "
                          "(the group's tasks are replaced one for one)");
    }
    auto control = std::make_shared<Control>();
    control->kind = Control::Kind::ExternalWait;
    control->external = std::make_shared<ExternalWait>();
    control->external->event = event;
    control->external->records = records;
    control->external->base = records->recorded();
    size_t next = 0;
    return cut_segment(stream, backend, control, &next);
}

void start_after_record(std::shared_ptr<HostRecords> records,
                        uint64_t target,
                        std::function<void(bool)> rest) {
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::vector<std::thread> finished;
    {
        Helpers& all = helpers();
        std::lock_guard<std::mutex> lock(all.mu);
        for (auto it = all.running.begin(); it != all.running.end();) {
            if (it->done->load()) {
                finished.push_back(std::move(it->thread));
                it = all.running.erase(it);
            } else {
                ++it;
            }
        }
        std::thread thread([records, target, rest = std::move(rest), done] {
            rest(records->wait_for(target));
            done->store(true);
        });
        all.running.push_back(Helper{std::move(thread), done, std::move(records)});
    }
    for (std::thread& thread : finished) {
        thread.join();
    }
}

void finish_external_waits() {
    std::vector<Helper> running;
    {
        Helpers& all = helpers();
        std::lock_guard<std::mutex> lock(all.mu);
        running.swap(all.running);
    }
    for (Helper& helper : running) {
        helper.records->close();
    }
    for (Helper& helper : running) {
        helper.thread.join();
    }
}

}  // namespace aclemu::rt::graph
