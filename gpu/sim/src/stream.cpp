#include "stream.h"

#include "sanitizer.h"
#include "state.h"

#include <map>
#include <utility>
#include <vector>

gpusimStream::gpusimStream(unsigned stream_flags, int stream_priority)
    : flags(stream_flags), priority(stream_priority), worker_([this] { work(); }) {}

gpusimStream::~gpusimStream() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    queued_.notify_all();
    worker_.join();
}

uint64_t gpusimStream::enqueue(std::function<void()> task) {
    uint64_t ticket;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (capturing_) {
            captured_.push_back([task = std::move(task)] { return task; });
            return enqueued_;
        }
        tasks_.push_back(std::move(task));
        ticket = ++enqueued_;
    }
    queued_.notify_one();
    return ticket;
}

bool gpusimStream::begin_capture() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (capturing_) {
        return false;
    }
    capturing_ = true;
    captured_.clear();
    return true;
}

bool gpusimStream::end_capture(std::vector<TaskFactory>* tasks) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!capturing_) {
        return false;
    }
    capturing_ = false;
    *tasks = std::move(captured_);
    captured_.clear();
    return true;
}

bool gpusimStream::capture(TaskFactory make) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!capturing_) {
        return false;
    }
    captured_.push_back(std::move(make));
    return true;
}

bool gpusimStream::capturing() {
    std::lock_guard<std::mutex> lock(mutex_);
    return capturing_;
}

uint64_t gpusimStream::tail() {
    std::lock_guard<std::mutex> lock(mutex_);
    return enqueued_;
}

bool gpusimStream::reached(uint64_t ticket) {
    std::lock_guard<std::mutex> lock(mutex_);
    return done_ >= ticket;
}

void gpusimStream::wait(uint64_t ticket) {
    std::unique_lock<std::mutex> lock(mutex_);
    completed_.wait(lock, [&] { return done_ >= ticket; });
}

void gpusimStream::work() {
    for (;;) {
        std::function<void()> task;
        {
            std::unique_lock<std::mutex> lock(mutex_);
            queued_.wait(lock, [&] { return stopping_ || !tasks_.empty(); });
            if (tasks_.empty()) {
                return;
            }
            task = std::move(tasks_.front());
            tasks_.pop_front();
        }
        task();
        task = nullptr;  // its captures go before the completion is visible
        {
            std::lock_guard<std::mutex> lock(mutex_);
            ++done_;
        }
        completed_.notify_all();
    }
}

namespace gpusim::detail {
namespace {

// Handle registries: the simulated driver's bookkeeping, invisible to TSan (see state.cpp).
struct Registry {
    std::mutex mutex;
    std::map<gpusimStream_t, std::shared_ptr<gpusimStream>> streams;
    std::map<gpusimEvent_t, std::shared_ptr<gpusimEvent>> events;
};

Registry& registry() {
    static auto* instance = new Registry;  // never destroyed: workers may outlive statics
    return *instance;
}

const std::shared_ptr<gpusimStream>& legacy_stream() {
    static auto* legacy = new std::shared_ptr<gpusimStream>(
        std::make_shared<gpusimStream>(gpusimStreamDefault, kLeastStreamPriority));
    return *legacy;
}

// Runs host functions one at a time, as CUDA's per-device callback thread does.
class HostFunctionThread {
public:
    HostFunctionThread() : thread_([this] { work(); }) { thread_.detach(); }

    void run(gpusimHostFn_t fn, void* user_data) {
        Item item{fn, user_data};
        {
            std::lock_guard<std::mutex> lock(mutex_);
            items_.push_back(&item);
        }
        changed_.notify_all();
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait(lock, [&] { return item.done; });
    }

private:
    struct Item {
        gpusimHostFn_t fn;
        void* user_data;
        bool done = false;
    };

    void work() {
        set_in_host_function(true);
        for (;;) {
            Item* item;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                changed_.wait(lock, [&] { return !items_.empty(); });
                item = items_.front();
                items_.pop_front();
            }
            item->fn(item->user_data);
            {
                std::lock_guard<std::mutex> lock(mutex_);
                item->done = true;
            }
            changed_.notify_all();
        }
    }

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Item*> items_;
    std::thread thread_;
};

}  // namespace

std::shared_ptr<gpusimStream> find_stream(gpusimStream_t handle) {
    if (handle == nullptr) {
        return legacy_stream();
    }
    san::Invisible invisible;
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    auto found = r.streams.find(handle);
    return found != r.streams.end() ? found->second : nullptr;
}

std::shared_ptr<gpusimEvent> find_event(gpusimEvent_t handle) {
    san::Invisible invisible;
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    auto found = r.events.find(handle);
    return found != r.events.end() ? found->second : nullptr;
}

gpusimStream_t add_stream(unsigned flags, int priority) {
    auto stream = std::make_shared<gpusimStream>(flags, priority);
    gpusimStream_t handle = stream.get();
    san::Invisible invisible;
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.streams.emplace(handle, std::move(stream));
    return handle;
}

bool remove_stream(gpusimStream_t handle) {
    std::shared_ptr<gpusimStream> stream;
    {
        san::Invisible invisible;
        Registry& r = registry();
        std::lock_guard<std::mutex> lock(r.mutex);
        auto found = r.streams.find(handle);
        if (found == r.streams.end()) {
            return false;
        }
        stream = std::move(found->second);
        r.streams.erase(found);
    }
    stream->wait(stream->tail());
    return true;
}

gpusimEvent_t add_event(unsigned flags) {
    return add_event(std::make_shared<gpusimEvent>(flags));
}

gpusimEvent_t add_event(std::shared_ptr<gpusimEvent> event) {
    gpusimEvent_t handle = event.get();
    san::Invisible invisible;
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.events.emplace(handle, std::move(event));
    return handle;
}

bool remove_event(gpusimEvent_t handle) {
    // Released after the invisible section: the event's last reference may go here, and with it
    // a reference to an interprocess event's page that a queued record also holds. TSan must see
    // that release, or the record task freeing the page later races with this thread's reads.
    std::shared_ptr<gpusimEvent> event;
    {
        san::Invisible invisible;
        Registry& r = registry();
        std::lock_guard<std::mutex> lock(r.mutex);
        auto found = r.events.find(handle);
        if (found == r.events.end()) {
            return false;
        }
        event = std::move(found->second);
        r.events.erase(found);
    }
    return true;
}

void submit(const std::shared_ptr<gpusimStream>& stream, std::function<void()> task) {
    // CUDA's legacy stream: its work waits for every blocking stream's earlier work, and a
    // blocking stream's work waits for the legacy stream's earlier work.
    std::vector<std::pair<std::shared_ptr<gpusimStream>, uint64_t>> waits;
    const std::shared_ptr<gpusimStream>& legacy = legacy_stream();
    if (stream == legacy) {
        std::vector<std::shared_ptr<gpusimStream>> blocking;
        {
            san::Invisible invisible;
            Registry& r = registry();
            std::lock_guard<std::mutex> lock(r.mutex);
            for (const auto& [handle, s] : r.streams) {
                if ((s->flags & gpusimStreamNonBlocking) == 0) {
                    blocking.push_back(s);
                }
            }
        }
        for (auto& s : blocking) {
            waits.emplace_back(s, s->tail());
        }
    } else if ((stream->flags & gpusimStreamNonBlocking) == 0) {
        waits.emplace_back(legacy, legacy->tail());
    }
    if (!waits.empty()) {
        task = [waits = std::move(waits), work = std::move(task)] {
            for (const auto& [s, ticket] : waits) {
                s->wait(ticket);
            }
            work();
        };
    }
    stream->enqueue(std::move(task));
}

void synchronize_all() {
    std::vector<std::shared_ptr<gpusimStream>> streams{legacy_stream()};
    {
        san::Invisible invisible;
        Registry& r = registry();
        std::lock_guard<std::mutex> lock(r.mutex);
        for (const auto& [handle, s] : r.streams) {
            streams.push_back(s);
        }
    }
    for (auto& s : streams) {
        s->wait(s->tail());
    }
}

void run_host_function(gpusimHostFn_t fn, void* user_data) {
    static auto* thread = new HostFunctionThread;
    thread->run(fn, user_data);
}

}  // namespace gpusim::detail
