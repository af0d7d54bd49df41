// SubscriptionCenter (subscription_center.h).
#include "stream/subscription_center.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "runtime_state.h"

#include <chrono>
#include <pthread.h>
#include <string>

namespace aclemu::rt {

aclError SubscriptionCenter::subscribe(uint64_t thread_id, aclrtStream handle) {
    std::shared_ptr<Stream> stream;
    ACLEMU_TRY(runtime().stream(handle, &stream));
    std::lock_guard<std::mutex> lock(mu_);
    prune_locked();
    ACLEMU_TRY(reject_if(subscriptions_.count(stream.get()) != 0,
                         "stream",
                         stream.get(),
                         "a thread is already subscribed to this stream",
                         ACL_ERROR_REPEAT_SUBSCRIBE));
    subscriptions_[stream.get()] = Subscription{thread_id, stream};
    return ACL_SUCCESS;
}

aclError SubscriptionCenter::unsubscribe(uint64_t thread_id, aclrtStream handle) {
    std::shared_ptr<Stream> stream;
    ACLEMU_TRY(runtime().stream(handle, &stream));
    std::lock_guard<std::mutex> lock(mu_);
    prune_locked();
    auto it = subscriptions_.find(stream.get());
    ACLEMU_TRY(reject_if(it == subscriptions_.end() || it->second.thread_id != thread_id,
                         "threadId",
                         thread_id,
                         "this thread is not subscribed to the stream",
                         ACL_ERROR_STREAM_NOT_SUBSCRIBE));
    subscriptions_.erase(it);
    // Pending deliveries of this stream will never be processed: release their waiters.
    auto& queue = queues_[thread_id];
    for (auto q = queue.begin(); q != queue.end();) {
        if ((*q)->stream == stream.get()) {
            (*q)->done = true;
            q = queue.erase(q);
        } else {
            ++q;
        }
    }
    done_.notify_all();
    return ACL_SUCCESS;
}

bool SubscriptionCenter::subscriber(const Stream* stream, uint64_t* thread_id) {
    std::lock_guard<std::mutex> lock(mu_);
    prune_locked();
    auto it = subscriptions_.find(stream);
    if (it == subscriptions_.end()) {
        return false;
    }
    *thread_id = it->second.thread_id;
    return true;
}

void SubscriptionCenter::deliver(uint64_t thread_id,
                                 const std::shared_ptr<Delivery>& delivery,
                                 bool block) {
    std::unique_lock<std::mutex> lock(mu_);
    // The subscriber was looked up at launch; a thread that unsubscribed since then will never
    // process this: drop it as unsubscribe drops what was already queued, or its stream would
    // wait forever.
    auto it = subscriptions_.find(delivery->stream);
    if (it == subscriptions_.end() || it->second.thread_id != thread_id) {
        delivery->done = true;
        return;
    }
    queues_[thread_id].push_back(delivery);
    ready_.notify_all();
    if (block) {
        done_.wait(lock, [&] { return delivery->done; });
    }
}

aclError SubscriptionCenter::process(uint64_t thread_id, int32_t timeout_ms) {
    std::shared_ptr<Delivery> delivery;
    {
        std::unique_lock<std::mutex> lock(mu_);
        prune_locked();
        bool subscribed = false;
        for (auto& [stream, sub] : subscriptions_) {
            subscribed = subscribed || sub.thread_id == thread_id;
        }
        if (!subscribed) {
            return fail(ACL_ERROR_THREAD_NOT_SUBSCRIBE,
                        msg_order(std::string("the calling thread is not subscribed to any "
                                              "stream; call ")
                                  + subscribe_call_ + " first"));
        }
        auto& queue = queues_[thread_id];
        auto has_work = [&] { return !queue.empty(); };
        if (timeout_ms < 0) {
            ready_.wait(lock, has_work);
        } else if (!ready_.wait_for(lock, std::chrono::milliseconds(timeout_ms), has_work)) {
            return fail(ACL_ERROR_WAIT_CALLBACK_TIMEOUT,
                        msg_timed_out("nothing arrived", timeout_ms));
        }
        delivery = queue.front();
        queue.pop_front();
    }
    delivery->run();
    {
        std::lock_guard<std::mutex> lock(mu_);
        delivery->done = true;
    }
    done_.notify_all();
    return ACL_SUCCESS;
}

void SubscriptionCenter::prune_locked() {
    for (auto it = subscriptions_.begin(); it != subscriptions_.end();) {
        it = it->second.stream.expired() ? subscriptions_.erase(it) : std::next(it);
    }
}

uint64_t subscriber_thread_id() {
    return static_cast<uint64_t>(pthread_self());
}

}  // namespace aclemu::rt
