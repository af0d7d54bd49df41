#include "backend/cpu/word_wait.h"

#include "aclemu/spin_wait.h"
#include "kernels_cu/math/stream_wait.h"

#include <algorithm>
#include <chrono>
#include <thread>

namespace aclemu::rt::cpu {

bool wait_for_word(const uint64_t* addr,
                   uint64_t value,
                   kernels::builtin::WaitMode mode,
                   int32_t timeout_ms) {
    using Clock = std::chrono::steady_clock;
    const auto satisfied = [&] {
        return kernels::stream_wait_satisfied(__atomic_load_n(addr, __ATOMIC_ACQUIRE), value, mode);
    };
    if (spin_until(satisfied, std::chrono::microseconds(50))) {
        return true;
    }
    const auto deadline = Clock::now() + std::chrono::milliseconds(std::max(timeout_ms, 0));
    auto pause = std::chrono::microseconds(20);
    while (!satisfied()) {
        if (timeout_ms >= 0 && Clock::now() >= deadline) {
            return false;
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::microseconds(1000));
    }
    return true;
}

}  // namespace aclemu::rt::cpu
