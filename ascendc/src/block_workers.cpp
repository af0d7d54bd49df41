// block_workers.h: the threads of one launch, started for it and joined before it ends.
#include "block_workers.h"

#include "launch_record.h"

#include <cstdlib>
#include <memory>
#include <thread>
#include <vector>

namespace aclemu::ascendc::detail {

namespace {

struct AlignedFree {
    void operator()(uint8_t* p) const { std::free(p); }
};
using UbBuffer = std::unique_ptr<uint8_t, AlignedFree>;

UbBuffer new_ub() {
    return UbBuffer(static_cast<uint8_t*>(std::aligned_alloc(64, kUbBytes)));
}

}  // namespace

void run_on_block_workers(uint32_t n, const BlockWork& work) {
    thread_local UbBuffer caller_ub = new_ub();
    std::vector<std::thread> threads;
    threads.reserve(n > 0 ? n - 1 : 0);
    for (uint32_t w = 1; w < n; ++w) {
        threads.emplace_back([&work, w] {
            UbBuffer ub = new_ub();
            work(w, ub.get());
        });
    }
    work(0, caller_ub.get());
    for (std::thread& thread : threads) {
        thread.join();
    }
}

}  // namespace aclemu::ascendc::detail
