// What aclemu keeps for floating-point overflow (api_overflow.cpp, docs/backends.md
// "Overflow"): each device's saturation mode (only ACL_RT_OVERFLOW_MODE_INFNAN exists here) and
// overflow status word (64 zeroed bytes of device memory, made when a stream's switch is first
// turned on; the built-in tasks store 1 in its first 32-bit word), and each stream's overflow
// switch. Forgotten at aclFinalize (teardown.h), which frees the words with the other allocations.
#pragma once

#include "acl/acl.h"

#include "backend/backend.h"
#include "runtime_state.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

namespace aclemu::rt {

constexpr size_t kOverflowStatusBytes = 64;

class OverflowState {
public:
    static OverflowState& instance();

    aclrtFloatOverflowMode mode(int32_t device);
    void set_mode(int32_t device, aclrtFloatOverflowMode mode);

    uint32_t stream_switch(const std::shared_ptr<Stream>& stream);
    /// Turning a switch on makes the stream's device status word (the thread's current device
    /// must be the stream's).
    aclError set_stream_switch(const std::shared_ptr<Stream>& stream,
                               uint32_t on,
                               Backend* backend);

    /// The word a built-in task on `stream` reports overflow to: null when its switch is off.
    uint32_t* flag_for(const Stream& stream);
    /// The device's status word, or null when no switch of the device was ever turned on.
    void* status_word(int32_t device);

    /// Teardown (teardown.h): forgets modes, switches and status words.
    void release();

private:
    OverflowState() = default;

    struct Switch {
        std::weak_ptr<Stream> stream;  // guards against a new stream at a reused address
        uint32_t on = 0;
    };

    std::mutex mu_;
    std::map<int32_t, aclrtFloatOverflowMode> modes_;
    std::map<int32_t, void*> status_words_;
    std::map<const Stream*, Switch> switches_;
};

}  // namespace aclemu::rt
