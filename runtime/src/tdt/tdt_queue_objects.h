// What acl_tdt_queue.h's handles point to: queue attributes, routes, route lists, route queries
// and buffers (each kind in a HandleRegistry, so a destroyed handle is refused), and the queues
// themselves, named by ids that are never reused in a process.
#pragma once

#include "acl/acl_tdt_queue.h"

#include "handles/handle_registry.h"
#include "handles/handle_text.h"
#include "tdt/bounded_fifo.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

struct tagMemQueueAttr {
    static constexpr ::aclemu::rt::HandleText kHandleText{"queue attribute"};
    std::string name;
    uint32_t depth = 8;
};

struct acltdtQueueRoute {
    static constexpr ::aclemu::rt::HandleText kHandleText{"queue route"};
    uint32_t src = 0;
    uint32_t dst = 0;
    int32_t status = ACL_TDT_QUEUE_ROUTE_UNBIND;
};

struct acltdtQueueRouteList {
    static constexpr ::aclemu::rt::HandleText kHandleText{"route list"};
    std::vector<acltdtQueueRoute> routes;
};

struct acltdtQueueRouteQueryInfo {
    static constexpr ::aclemu::rt::HandleText kHandleText{"route query"};
    int64_t mode = -1;  // unset
    uint32_t src = 0;
    uint32_t dst = 0;
};

namespace aclemu::rt::tdt {

constexpr size_t kUserDataBytes = 96;  // a buffer's private area
constexpr uint32_t kMinQueueDepth = 2;
constexpr uint32_t kMaxQueueDepth = 8192;
constexpr size_t kMaxQueueNameLength = 127;

/// What an acltdtBuf points to. Buffers appended to a chain belong to its head.
struct Buffer {
    static constexpr ::aclemu::rt::HandleText kHandleText{"buffer of acltdtAllocBuf"};
    std::shared_ptr<std::vector<uint8_t>> data;  // shared with acltdtCopyBufRef copies
    size_t data_len = 0;                         // the effective length (acltdtSetBufDataLen)
    uint8_t user_data[kUserDataBytes] = {};
    std::vector<Buffer*> chain;  // appended buffers, in order
    bool in_chain = false;       // appended to another buffer
    uint32_t queued_in = 0;      // the queue holding it, 0: none
};

struct Queue {
    Queue(uint32_t queue_id, std::string queue_name, uint32_t depth)
        : id(queue_id), name(std::move(queue_name)), items(depth) {}
    uint32_t id;
    std::string name;
    BoundedFifo<Buffer*> items;
};

/// The process's queues and the routes bound between them.
class QueueTable {
public:
    std::shared_ptr<Queue> create(const std::string& name, uint32_t depth);
    std::shared_ptr<Queue> find(uint32_t id);
    /// Unregisters the queue and its routes; nullptr when `id` is not live.
    std::shared_ptr<Queue> remove(uint32_t id);
    std::vector<std::shared_ptr<Queue>> remove_all();

    bool bind(uint32_t src, uint32_t dst);
    void unbind(uint32_t src, uint32_t dst);
    /// The destinations bound to `src` (none: a buffer stays in src).
    std::vector<uint32_t> destinations(uint32_t src);
    std::vector<std::pair<uint32_t, uint32_t>> routes();

private:
    std::mutex mu_;
    uint32_t next_id_ = 1;
    std::map<uint32_t, std::shared_ptr<Queue>> queues_;
    std::set<std::pair<uint32_t, uint32_t>> routes_;
};

QueueTable& queues();
/// aclFinalize (teardown.h): every queue stopped (waiters wake), its buffers freed, its id stale.
void stop_queues();
// The registries of the queue-side handles (each a registry_of<T>, named for its callers).
inline constexpr auto& buffers = registry_of<Buffer>;
inline constexpr auto& queue_attrs = registry_of<tagMemQueueAttr>;
inline constexpr auto& queue_routes = registry_of<acltdtQueueRoute>;
inline constexpr auto& route_lists = registry_of<acltdtQueueRouteList>;
inline constexpr auto& route_queries = registry_of<acltdtQueueRouteQueryInfo>;

/// ACL_SUCCESS when `buffer` (the argument `buf`) stands alone: no chain member, in no queue;
/// else ACL_ERROR_INVALID_PARAM with the reason that applies.
aclError check_standalone(const Buffer& buffer,
                          const void* buf,
                          const char* chained_reason,
                          const char* queued_reason);
/// Unregisters `head` and every buffer of its chain.
void free_buffer_chain(Buffer* head);

}  // namespace aclemu::rt::tdt
