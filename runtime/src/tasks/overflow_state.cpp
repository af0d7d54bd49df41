#include "tasks/overflow_state.h"

#include "core/arg_checks.h"
#include "core/status.h"
#include "memory/internal_device_memory.h"

namespace aclemu::rt {

OverflowState& OverflowState::instance() {
    static auto* state = new OverflowState;  // outlives every caller, aclFinalize included
    return *state;
}

void OverflowState::release() {
    std::lock_guard<std::mutex> lock(mu_);
    modes_.clear();
    status_words_.clear();  // the memory domain frees them with the allocation table
    switches_.clear();
}

aclrtFloatOverflowMode OverflowState::mode(int32_t device) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = modes_.find(device);
    return it != modes_.end() ? it->second : ACL_RT_OVERFLOW_MODE_INFNAN;
}

void OverflowState::set_mode(int32_t device, aclrtFloatOverflowMode mode) {
    std::lock_guard<std::mutex> lock(mu_);
    modes_[device] = mode;
}

uint32_t OverflowState::stream_switch(const std::shared_ptr<Stream>& stream) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = switches_.find(stream.get());
    if (it == switches_.end() || it->second.stream.lock() != stream) {
        return 0;
    }
    return it->second.on;
}

aclError OverflowState::set_stream_switch(const std::shared_ptr<Stream>& stream,
                                          uint32_t on,
                                          Backend* backend) {
    std::lock_guard<std::mutex> lock(mu_);
    if (on != 0 && status_words_.count(stream->device) == 0) {
        if (runtime().current_device_or_none() != stream->device) {
            return reject_arg(ACL_ERROR_RT_STREAM_CONTEXT,
                              "stream",
                              stream.get(),
                              "it belongs to device " + std::to_string(stream->device)
                                  + ", not to the calling thread's current device");
        }
        void* word = nullptr;
        ACLEMU_TRY(allocate_internal_block(backend, stream->device, kOverflowStatusBytes, &word));
        status_words_[stream->device] = word;
    }
    switches_[stream.get()] = Switch{stream, on};
    return ACL_SUCCESS;
}

uint32_t* OverflowState::flag_for(const Stream& stream) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = switches_.find(&stream);
    if (it == switches_.end() || it->second.on == 0 || it->second.stream.lock().get() != &stream) {
        return nullptr;
    }
    auto word = status_words_.find(stream.device);
    return word != status_words_.end() ? static_cast<uint32_t*>(word->second) : nullptr;
}

void* OverflowState::status_word(int32_t device) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = status_words_.find(device);
    return it != status_words_.end() ? it->second : nullptr;
}

}  // namespace aclemu::rt
