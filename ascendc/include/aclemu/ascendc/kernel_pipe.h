// The block's local memory: TPipe hands out the UB to queues (TQue, TQueBind) and buffers
// (TBuf); LocalMemAllocator hands it out without a pipe. Buffers are 32-byte aligned and the
// UB has the emulated core's real size. The queues are FIFOs and free lists: running a block's
// instructions in program order already gives what their pipe synchronisation guarantees, and
// what would hang an NPU (DeQue of an empty queue, AllocTensor with no free buffer) is reported.
#pragma once

#include "aclemu/ascendc/kernel_tensor.h"

#include <cstdio>

namespace AscendC {
namespace detail {

constexpr uint32_t kUbAlign = 32;
constexpr int kMaxQueueBuffers = 64;  // per kernel, as the NPU's

ACLEMU_ASC_HD inline ::aclemu::ascendc::detail::BlockState& block_state(const char* api) {
    ::aclemu::ascendc::detail::BlockState* state = ::aclemu::ascendc::detail::current_block();
    if (state == nullptr) {
        ::aclemu::ascendc::detail::fail_block(api, "called outside a kernel");
    }
    return *state;
}

/// `bytes` of UB, 32-byte aligned; a report and a failed block when the UB is full.
inline ACLEMU_ASC_HD uint8_t* take_ub(const char* api, uint32_t bytes) {
    auto& block = block_state(api);
    const uint64_t rounded = (static_cast<uint64_t>(bytes) + kUbAlign - 1) / kUbAlign * kUbAlign;
    if (block.ub_top + rounded > block.ub_size) {
        char what[200];
        ::aclemu::ascendc::detail::format_message(
            what,
            sizeof what,
            "UB overflow: %llu more bytes with %u of %u already in use",
            static_cast<unsigned long long>(rounded),
            block.ub_top,
            block.ub_size);
        ::aclemu::ascendc::detail::fail_block(api, what);
    }
    uint8_t* address = block.ub + block.ub_top;
    block.ub_top += static_cast<uint32_t>(rounded);
    return address;
}

}  // namespace detail

class TPipe;

/// A queue of `depth` (0, 1 or 2) between two positions, with the buffers TPipe::InitBuffer
/// gives it.
template <TPosition Src, TPosition Dst, int32_t Depth, auto... Config>
class TQueBind {
public:
    template <typename T>
    ACLEMU_ASC_HD LocalTensor<T> AllocTensor() {
        if (free_count_ == 0) {
            report("AllocTensor", "no free buffer: every buffer is allocated and not freed");
            return LocalTensor<T>();
        }
        uint8_t* buffer = free_[--free_count_];
        return LocalTensor<T>(reinterpret_cast<T*>(buffer), length_ / sizeof(T), Src);
    }

    template <typename T>
    ACLEMU_ASC_HD void FreeTensor(const LocalTensor<T>& tensor) {
        if (free_count_ >= num_) {
            report("FreeTensor", "more buffers freed than allocated");
            return;
        }
        free_[free_count_++] = reinterpret_cast<uint8_t*>(tensor.GetPhyAddr());
    }

    template <typename T>
    ACLEMU_ASC_HD bool EnQue(const LocalTensor<T>& tensor) {
        if (queued_ >= num_) {
            report("EnQue", "more tensors enqueued than the queue has buffers");
            return false;
        }
        fifo_[(head_ + queued_) % kMax] = reinterpret_cast<uint8_t*>(tensor.GetPhyAddr());
        ++queued_;
        return true;
    }

    template <typename T>
    ACLEMU_ASC_HD LocalTensor<T> DeQue() {
        if (queued_ == 0) {
            report("DeQue", "the queue is empty (an NPU would wait forever)");
            return LocalTensor<T>();
        }
        uint8_t* buffer = fifo_[head_];
        head_ = (head_ + 1) % kMax;
        --queued_;
        return LocalTensor<T>(reinterpret_cast<T*>(buffer), length_ / sizeof(T), Dst);
    }

    ACLEMU_ASC_HD bool VacantInQue() const { return queued_ < num_; }
    ACLEMU_ASC_HD bool HasTensorInQue() const { return queued_ > 0; }
    ACLEMU_ASC_HD int32_t GetTensorCountInQue() const { return queued_; }
    ACLEMU_ASC_HD bool HasIdleBuffer() const { return free_count_ > 0; }
    ACLEMU_ASC_HD void FreeAllEvent() {}

private:
    friend class TPipe;
    static constexpr int kMax = detail::kMaxQueueBuffers;

    ACLEMU_ASC_HD void report(const char* api, const char* what) {
        char name[48];
        ::aclemu::ascendc::detail::format_message(name, sizeof name, "TQue::%s", api);
        ::aclemu::ascendc::detail::fail_block(name, what);
    }

    uint8_t* free_[kMax] = {};
    uint8_t* fifo_[kMax] = {};
    int32_t num_ = 0;
    int32_t free_count_ = 0;
    int32_t head_ = 0;
    int32_t queued_ = 0;
    uint32_t length_ = 0;
};

template <TPosition Pos, int32_t Depth, auto... Config>
class TQue : public TQueBind<Pos, Pos, Depth, Config...> {};

/// Scratch UB (usually VECCALC).
template <TPosition Pos>
class TBuf {
public:
    template <typename T>
    ACLEMU_ASC_HD LocalTensor<T> Get() const {
        return LocalTensor<T>(reinterpret_cast<T*>(buffer_), length_ / sizeof(T), Pos);
    }
    /// The first `count` elements.
    template <typename T>
    ACLEMU_ASC_HD LocalTensor<T> Get(uint32_t count) const {
        if (static_cast<uint64_t>(count) * sizeof(T) > length_) {
            ::aclemu::ascendc::detail::report_check("TBuf::Get",
                                                    "more elements than the buffer holds");
        }
        return LocalTensor<T>(reinterpret_cast<T*>(buffer_), count, Pos);
    }
    /// `count` elements from byte `offset`.
    template <typename T>
    ACLEMU_ASC_HD LocalTensor<T> GetWithOffset(uint32_t count, uint32_t offset) const {
        if (offset % detail::kUbAlign != 0) {
            ::aclemu::ascendc::detail::report_check("TBuf::GetWithOffset",
                                                    "offset is not a multiple of 32 bytes");
        }
        if (static_cast<uint64_t>(offset) + static_cast<uint64_t>(count) * sizeof(T) > length_) {
            ::aclemu::ascendc::detail::report_check("TBuf::GetWithOffset",
                                                    "beyond the buffer's end");
        }
        return LocalTensor<T>(reinterpret_cast<T*>(buffer_ + offset), count, Pos);
    }

private:
    friend class TPipe;
    uint8_t* buffer_ = nullptr;
    uint32_t length_ = 0;
};

/// Owns the kernel's local memory: what it hands out returns to the UB when it is destroyed.
class TPipe {
public:
    ACLEMU_ASC_HD TPipe() : base_(detail::block_state("TPipe").ub_top) {
        detail::block_state("TPipe").tpipe = this;
    }
    ACLEMU_ASC_HD ~TPipe() { Destroy(); }
    TPipe(const TPipe&) = delete;
    TPipe& operator=(const TPipe&) = delete;

    /// `num` buffers of `len` bytes (rounded up to 32) for a queue.
    template <class Queue>
    ACLEMU_ASC_HD bool InitBuffer(Queue& queue, uint8_t num, uint32_t len) {
        if (num == 0 || num > detail::kMaxQueueBuffers
            || buffers_ + num > detail::kMaxQueueBuffers) {
            ::aclemu::ascendc::detail::fail_block("TPipe::InitBuffer",
                                                  "more than 64 buffers in one kernel, or num 0");
        }
        const uint32_t rounded = (len + detail::kUbAlign - 1) / detail::kUbAlign * detail::kUbAlign;
        queue.num_ = num;
        queue.length_ = rounded;
        queue.free_count_ = 0;
        queue.head_ = 0;
        queue.queued_ = 0;
        for (int i = num - 1; i >= 0; --i) {
            queue.free_[queue.free_count_++] = detail::take_ub("TPipe::InitBuffer", rounded);
        }
        // Hand out the lowest address first.
        for (int i = 0; i < num / 2; ++i) {
            uint8_t* t = queue.free_[i];
            queue.free_[i] = queue.free_[num - 1 - i];
            queue.free_[num - 1 - i] = t;
        }
        buffers_ += num;
        return true;
    }

    template <TPosition Pos>
    ACLEMU_ASC_HD bool InitBuffer(TBuf<Pos>& buffer, uint32_t len) {
        const uint32_t rounded = (len + detail::kUbAlign - 1) / detail::kUbAlign * detail::kUbAlign;
        buffer.buffer_ = detail::take_ub("TPipe::InitBuffer", rounded);
        buffer.length_ = rounded;
        ++buffers_;
        return true;
    }

    ACLEMU_ASC_HD void Init() {}
    ACLEMU_ASC_HD void Reset() {
        detail::block_state("TPipe::Reset").ub_top = base_;
        buffers_ = 0;
    }
    ACLEMU_ASC_HD void Destroy() {
        if (::aclemu::ascendc::detail::BlockState* block =
                ::aclemu::ascendc::detail::current_block()) {
            block->ub_top = base_;
            if (block->tpipe == this) {
                block->tpipe = nullptr;
            }
        }
    }

    /// Event ids for SetFlag/WaitFlag: a block runs its pipes in program order here, so every
    /// id serves; EVENT_ID0 is handed out.
    template <HardEvent event>
    ACLEMU_ASC_HD TEventID AllocEventID() {
        return 0;
    }
    template <HardEvent event>
    ACLEMU_ASC_HD void ReleaseEventID(TEventID) {}
    ACLEMU_ASC_HD TEventID FetchEventID(HardEvent) { return 0; }
    template <HardEvent event>
    ACLEMU_ASC_HD TEventID FetchEventID() {
        return 0;
    }

private:
    uint32_t base_;
    int buffers_ = 0;
};

/// The kernel's TPipe (the one constructed last and not yet destroyed).
inline ACLEMU_ASC_HD TPipe* GetTPipePtr() {
    void* pipe = detail::block_state("GetTPipePtr").tpipe;
    if (pipe == nullptr) {
        ::aclemu::ascendc::detail::fail_block("GetTPipePtr", "the kernel has no TPipe");
    }
    return static_cast<TPipe*>(pipe);
}

/// Local memory without a TPipe (the newer style): tensors handed out in order, from where the
/// block's UB is free when the allocator is made; returned when it is destroyed.
template <Hardware Hw = Hardware::UB>
class LocalMemAllocator {
public:
    static_assert(Hw == Hardware::UB,
                  "aclemu supports LocalMemAllocator<Hardware::UB> only (L1/L0 are Cube memory)");

    ACLEMU_ASC_HD LocalMemAllocator() : base_(detail::block_state("LocalMemAllocator").ub_top) {}
    ACLEMU_ASC_HD ~LocalMemAllocator() {
        if (::aclemu::ascendc::detail::BlockState* block =
                ::aclemu::ascendc::detail::current_block()) {
            block->ub_top = base_;
        }
    }
    LocalMemAllocator(const LocalMemAllocator&) = delete;
    LocalMemAllocator& operator=(const LocalMemAllocator&) = delete;

    template <typename T, uint32_t Count>
    ACLEMU_ASC_HD LocalTensor<T> Alloc() {
        return take<T>(TPosition::VECCALC, Count);
    }
    template <TPosition Pos, typename T, uint32_t Count>
    ACLEMU_ASC_HD LocalTensor<T> Alloc() {
        return take<T>(Pos, Count);
    }
    template <typename T>
    ACLEMU_ASC_HD LocalTensor<T> Alloc(uint32_t count) {
        return take<T>(TPosition::VECCALC, count);
    }
    template <TPosition Pos, typename T>
    ACLEMU_ASC_HD LocalTensor<T> Alloc(uint32_t count) {
        return take<T>(Pos, count);
    }
    /// Bytes handed out so far.
    ACLEMU_ASC_HD uint32_t GetCurAddr() const {
        return detail::block_state("LocalMemAllocator").ub_top - base_;
    }

private:
    template <typename T>
    ACLEMU_ASC_HD LocalTensor<T> take(TPosition pos, uint32_t count) {
        uint8_t* address =
            detail::take_ub("LocalMemAllocator::Alloc", static_cast<uint32_t>(count * sizeof(T)));
        return LocalTensor<T>(reinterpret_cast<T*>(address), count, pos);
    }

    uint32_t base_;
};

}  // namespace AscendC

// CANN's kernels call it without AscendC:: (a global name there).
using AscendC::GetTPipePtr;
