// Host-function thread sample: a thread of the program subscribes to a stream
// (aclrtSubscribeHostFunc) and serves it with aclrtProcessHostFunc; each host function launched
// on the stream (aclrtLaunchHostFunc) then runs on that thread, between the stream's copies, in
// stream order. The host functions sum what the previous copy brought back; the sums are checked
// against values computed here, and the program returns non-zero on any failure.
#include "acl/acl.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <pthread.h>
#include <thread>
#include <vector>

#define CHECK_ERROR(expr)                                                              \
    do {                                                                               \
        aclError ret_ = (expr);                                                        \
        if (ret_ != ACL_SUCCESS) {                                                     \
            printf("[ERROR] %s failed: %d (%s)\n", #expr, ret_, aclGetRecentErrMsg()); \
            return 1;                                                                  \
        }                                                                              \
    } while (0)

namespace {

const size_t kCount = 1024;
const int kRounds = 4;

// What one host function sees: the host buffer the copy before it filled.
struct Round {
    const std::vector<int32_t>* host = nullptr;
    int64_t sum = 0;
    pthread_t ran_on{};
};

void SumRound(void* data) {
    Round* round = static_cast<Round*>(data);
    int64_t sum = 0;
    for (int32_t value : *round->host) {
        sum += value;
    }
    round->sum = sum;
    round->ran_on = pthread_self();
}

// A thread of the program that runs the host functions of the streams it subscribed to.
class HostFuncThread {
public:
    HostFuncThread() : thread_([this] { Serve(); }) {
        while (!started_.load()) {
            std::this_thread::yield();
        }
    }
    ~HostFuncThread() {
        stop_ = true;
        thread_.join();
    }
    pthread_t Id() const { return id_; }

private:
    void Serve() {
        id_ = pthread_self();
        started_ = true;
        while (!stop_.load()) {
            aclrtProcessHostFunc(10);  // times out now and then while nothing is launched
        }
    }

    std::atomic<bool> stop_{false};
    std::atomic<bool> started_{false};
    pthread_t id_{};
    std::thread thread_;
};

int Run(aclrtStream stream) {
    HostFuncThread server;
    const pthread_t server_id = server.Id();
    CHECK_ERROR(aclrtSubscribeHostFunc(static_cast<uint64_t>(server_id), stream));
    printf("Thread subscribed to the stream\n");

    const size_t bytes = kCount * sizeof(int32_t);
    void* device = nullptr;
    CHECK_ERROR(aclrtMalloc(&device, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    std::vector<int32_t> source(kCount);
    std::vector<std::vector<int32_t>> back(kRounds, std::vector<int32_t>(kCount));
    std::vector<Round> rounds(kRounds);
    std::vector<int64_t> expected(kRounds);
    for (int r = 0; r < kRounds; ++r) {
        // Each round: host -> device, device -> host, then the host function sums the result.
        for (size_t i = 0; i < kCount; ++i) {
            source[i] = static_cast<int32_t>(i) * (r + 1) - 7;
        }
        expected[r] = 0;
        for (int32_t value : source) {
            expected[r] += value;
        }
        CHECK_ERROR(aclrtMemcpy(device, bytes, source.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
        CHECK_ERROR(aclrtMemcpyAsync(
            back[r].data(), bytes, device, bytes, ACL_MEMCPY_DEVICE_TO_HOST, stream));
        rounds[r].host = &back[r];
        CHECK_ERROR(aclrtLaunchHostFunc(stream, SumRound, &rounds[r]));
        CHECK_ERROR(aclrtSynchronizeStream(stream));
    }
    CHECK_ERROR(aclrtUnSubscribeHostFunc(static_cast<uint64_t>(server_id), stream));
    CHECK_ERROR(aclrtFree(device));

    int failures = 0;
    for (int r = 0; r < kRounds; ++r) {
        const bool on_server = pthread_equal(rounds[r].ran_on, server_id) != 0;
        printf("Round %d: sum %lld (expected %lld), run on the subscribed thread: %s\n",
               r,
               static_cast<long long>(rounds[r].sum),
               static_cast<long long>(expected[r]),
               on_server ? "yes" : "no");
        failures += rounds[r].sum != expected[r] || !on_server;
    }
    return failures == 0 ? 0 : 1;
}

}  // namespace

int main() {
    CHECK_ERROR(aclInit(nullptr));
    CHECK_ERROR(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK_ERROR(aclrtCreateStream(&stream));
    const int result = Run(stream);
    CHECK_ERROR(aclrtDestroyStream(stream));
    CHECK_ERROR(aclrtResetDevice(0));
    CHECK_ERROR(aclFinalize());
    if (result == 0) {
        printf("Host function thread sample passed\n");
    }
    return result;
}
