// The thread-to-stream subscriptions behind aclrtSubscribeReport (aclrtLaunchCallback) and
// aclrtSubscribeHostFunc (aclrtLaunchHostFunc): one thread per stream, a queue of deliveries per
// thread, and the stream waiting (when asked) until the thread has run the delivery.
#pragma once

#include "acl/acl_base.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>

namespace aclemu::rt {

struct Stream;

/// One function handed from a stream to its subscribed thread.
struct Delivery {
    std::function<void()> run;
    const Stream* stream = nullptr;
    bool done = false;  // ran, or was dropped by an unsubscribe (under the center's mutex)
};

class SubscriptionCenter {
public:
    /// `subscribe_call` names the entry point a thread subscribes with, for messages.
    explicit SubscriptionCenter(const char* subscribe_call) : subscribe_call_(subscribe_call) {}

    /// Subscribes `thread_id` to the stream `handle` names (NULL: the default stream):
    /// ACL_ERROR_REPEAT_SUBSCRIBE when a thread already serves it.
    aclError subscribe(uint64_t thread_id, aclrtStream handle);
    /// ACL_ERROR_STREAM_NOT_SUBSCRIBE unless `thread_id` serves the stream `handle` names; drops
    /// (and releases) the stream's pending deliveries.
    aclError unsubscribe(uint64_t thread_id, aclrtStream handle);
    /// The thread serving `stream`, or false.
    bool subscriber(const Stream* stream, uint64_t* thread_id);
    /// Runs on the stream: queues `delivery` for `thread_id`; with `block` waits until it ran
    /// or was dropped.
    void deliver(uint64_t thread_id, const std::shared_ptr<Delivery>& delivery, bool block);
    /// Runs the calling thread's next delivery, waiting up to `timeout_ms` (-1: forever).
    /// ACL_ERROR_THREAD_NOT_SUBSCRIBE when the thread serves no stream,
    /// ACL_ERROR_WAIT_CALLBACK_TIMEOUT when nothing arrived in time.
    aclError process(uint64_t thread_id, int32_t timeout_ms);

private:
    void prune_locked();

    const char* subscribe_call_;
    std::mutex mu_;
    std::condition_variable ready_;
    std::condition_variable done_;
    struct Subscription {
        uint64_t thread_id = 0;
        std::weak_ptr<Stream> stream;  // expired once the stream is destroyed
    };
    std::map<const Stream*, Subscription> subscriptions_;
    std::map<uint64_t, std::deque<std::shared_ptr<Delivery>>> queues_;
};

/// The id aclrtProcessReport and aclrtProcessHostFunc know the calling thread by
/// (pthread_self, as the subscribe calls take it).
uint64_t subscriber_thread_id();

}  // namespace aclemu::rt
