// tdt_queue_objects.h: the queue table and the registries of the queue API's handles.
#include "tdt/tdt_queue_objects.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"

namespace aclemu::rt::tdt {

std::shared_ptr<Queue> QueueTable::create(const std::string& name, uint32_t depth) {
    std::lock_guard<std::mutex> lock(mu_);
    if (next_id_ == 0) {  // 2^32 - 1 queues made: ids are never reused
        return nullptr;
    }
    auto queue = std::make_shared<Queue>(next_id_++, name, depth);
    queues_[queue->id] = queue;
    return queue;
}

std::shared_ptr<Queue> QueueTable::find(uint32_t id) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = queues_.find(id);
    return it != queues_.end() ? it->second : nullptr;
}

std::shared_ptr<Queue> QueueTable::remove(uint32_t id) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = queues_.find(id);
    if (it == queues_.end()) {
        return nullptr;
    }
    std::shared_ptr<Queue> queue = std::move(it->second);
    queues_.erase(it);
    for (auto route = routes_.begin(); route != routes_.end();) {
        route = route->first == id || route->second == id ? routes_.erase(route) : ++route;
    }
    return queue;
}

std::vector<std::shared_ptr<Queue>> QueueTable::remove_all() {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<std::shared_ptr<Queue>> all;
    for (auto& entry : queues_) {
        all.push_back(std::move(entry.second));
    }
    queues_.clear();
    routes_.clear();
    return all;
}

bool QueueTable::bind(uint32_t src, uint32_t dst) {
    std::lock_guard<std::mutex> lock(mu_);
    if (src == dst || queues_.count(src) == 0 || queues_.count(dst) == 0) {
        return false;
    }
    routes_.insert({src, dst});
    return true;
}

void QueueTable::unbind(uint32_t src, uint32_t dst) {
    std::lock_guard<std::mutex> lock(mu_);
    routes_.erase({src, dst});
}

std::vector<uint32_t> QueueTable::destinations(uint32_t src) {
    std::lock_guard<std::mutex> lock(mu_);
    std::vector<uint32_t> found;
    for (auto it = routes_.lower_bound({src, 0}); it != routes_.end() && it->first == src; ++it) {
        found.push_back(it->second);
    }
    return found;
}

std::vector<std::pair<uint32_t, uint32_t>> QueueTable::routes() {
    std::lock_guard<std::mutex> lock(mu_);
    return {routes_.begin(), routes_.end()};
}

QueueTable& queues() {
    static auto* table = new QueueTable;  // never destroyed: queues may be used during exit
    return *table;
}

void stop_queues() {
    for (auto& queue : queues().remove_all()) {
        queue->items.stop();
        for (Buffer* buffer : queue->items.clear()) {
            free_buffer_chain(buffer);
        }
    }
}

aclError check_standalone(const Buffer& buffer,
                          const void* buf,
                          const char* chained_reason,
                          const char* queued_reason) {
    if (buffer.in_chain || buffer.queued_in != 0) {
        return reject_arg(
            ACL_ERROR_INVALID_PARAM, "buf", buf, buffer.in_chain ? chained_reason : queued_reason);
    }
    return ACL_SUCCESS;
}

void free_buffer_chain(Buffer* head) {
    std::shared_ptr<Buffer> owner = buffers().remove(head);
    if (!owner) {
        return;
    }
    for (Buffer* member : owner->chain) {
        buffers().remove(member);
    }
}

}  // namespace aclemu::rt::tdt
