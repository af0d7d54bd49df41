// GPU event times on the host's steady clock, for both of their readers: the ACLEMU_TRACE
// timeline (Backend::mark_stream: a mark is a timing event recorded on the stream, resolved later
// with an event query, never a wait on the user's stream in the hot path) and
// aclrtEventGetTimestamp (host_ns: a completed user event).
//
// Note [GPU clock anchors]: a GPU event's time is only known relative to another event
// (cudaEventElapsedTime). Each device has an anchor: an event recorded on a private, idle stream
// and waited for at once, with the host's steady clock read just before the record and just after
// the wait; the anchor's host time is the midpoint, within half that round trip. A mark's host
// time is then anchor time + elapsed(anchor, mark). The anchor is renewed once a second so the
// elapsed times stay short (cudaEventElapsedTime is a float of milliseconds). A mark is always
// made after its anchor completed, so its elapsed time is never negative; a user's event may
// precede the anchor (a negative elapsed time), and one recorded long before it is mapped less
// precisely (the float's resolution). The GPU simulator stamps events with the host clock
// itself, so there a time is read exactly (gpusimEventHostNs) and no anchor error arises; on a
// GPU a mark's time is also clamped to what the host saw (Note [Mark times are bounded by what
// the host saw], gpu_clock.cpp).
#pragma once

#include "backend/backend.h"
#include "gpu/gpu_runtime.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace aclemu::rt::ACLEMU_GPU_NAMESPACE {

class GpuClock : public std::enable_shared_from_this<GpuClock> {
public:
    /// A timing event with a host time: an anchor (Note [GPU clock anchors]).
    struct Anchor {
        gpuEvent_t event = nullptr;
        int64_t host_ns = 0;
        ~Anchor();
    };

    GpuClock() = default;
    /// Releases the spare events and the private streams (each on its device).
    ~GpuClock();
    GpuClock(const GpuClock&) = delete;
    GpuClock& operator=(const GpuClock&) = delete;

    /// Records a mark on `stream`, on the calling thread's current device.
    aclError mark(gpuStream_t stream, std::shared_ptr<StreamMark>* out);
    /// `event`, a completed timing event of the calling thread's current device, on
    /// observe::steady_ns()'s clock (aclrtEventGetTimestamp).
    aclError host_ns(gpuEvent_t event, int64_t* ns);
    /// Takes back a resolved mark's event for reuse.
    void recycle(int device, gpuEvent_t event);

private:
    struct DeviceClock {
        gpuStream_t stream = nullptr;  // private: only anchors are recorded on it
        std::shared_ptr<const Anchor> anchor;
        std::vector<gpuEvent_t> spare;
    };
    // A current anchor for `clock`, renewed when it is a second old. Called with mu_ held.
    aclError anchor_locked(DeviceClock& clock, std::shared_ptr<const Anchor>* out);
    // The current device and a current anchor of it.
    aclError current_anchor(int* device, std::shared_ptr<const Anchor>* out);

    std::mutex mu_;
    std::map<int, DeviceClock> devices_;
};

}  // namespace aclemu::rt::ACLEMU_GPU_NAMESPACE
