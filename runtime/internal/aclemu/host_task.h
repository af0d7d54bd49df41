// HostTask: a move-only `void()` callable for CPU streams that keeps callables of up to
// kInlineBytes (a kernel's argument struct captured by value, ~600 bytes) inside itself, so
// queueing a kernel allocates nothing; larger or throwing-move callables go to the heap. The
// operator libraries build them and the runtime runs them, so both must see this one definition.
#pragma once

#include <cstddef>
#include <functional>
#include <new>
#include <type_traits>
#include <utility>

namespace aclemu::rt {

/// How long a host task is expected to run, so the CPU backend can skip the hand-off to the
/// stream's worker thread for tiny kernels (Note [Short tasks run inline], work_queue.h).
enum class TaskLength {
    Any,    ///< always queued on the stream's worker
    Short,  ///< microseconds of single-threaded work: may run on the calling thread at once
            ///< when the stream has nothing pending
};

class HostTask {
public:
    static constexpr size_t kInlineBytes = 640;

    HostTask() noexcept = default;
    HostTask(std::nullptr_t) noexcept {}  // NOLINT: empty, like a null std::function

    /// Wraps any callable `f()`. An empty std::function or a null function pointer gives an
    /// empty task.
    template <
        class F,
        class D = std::decay_t<F>,
        class = std::enable_if_t<!std::is_same_v<D, HostTask> && std::is_invocable_r_v<void, D&>>>
    HostTask(F&& f) {  // NOLINT: implicit, as std::function's
        if constexpr (
            std::is_pointer_v<
                D> || std::is_member_pointer_v<D> || std::is_same_v<D, std::function<void()>>) {
            if (!f) {
                return;
            }
        }
        if constexpr (fits_inline<D>()) {
            ::new (static_cast<void*>(storage_)) D(std::forward<F>(f));
            ops_ = &kInlineOps<D>;
        } else {
            ::new (static_cast<void*>(storage_)) D*(new D(std::forward<F>(f)));
            ops_ = &kHeapOps<D>;
        }
    }

    HostTask(HostTask&& other) noexcept { take(other); }
    HostTask& operator=(HostTask&& other) noexcept {
        if (this != &other) {
            reset();
            take(other);
        }
        return *this;
    }
    HostTask(const HostTask&) = delete;
    HostTask& operator=(const HostTask&) = delete;
    ~HostTask() { reset(); }

    explicit operator bool() const noexcept { return ops_ != nullptr; }

    /// Runs the callable. The task must not be empty.
    void operator()() { ops_->invoke(storage_); }

    /// Destroys the callable (and what it captured); the task becomes empty.
    void reset() noexcept {
        if (ops_ != nullptr) {
            ops_->destroy(storage_);
            ops_ = nullptr;
        }
    }

private:
    struct Ops {
        void (*invoke)(void* storage);
        void (*move)(void* from, void* to) noexcept;  // move-constructs into `to`, destroys `from`
        void (*destroy)(void* storage) noexcept;
    };

    template <class D>
    static constexpr bool fits_inline() {
        return sizeof(D) <= kInlineBytes && alignof(D) <= alignof(std::max_align_t)
               && std::is_nothrow_move_constructible_v<D>;
    }

    template <class D>
    static constexpr Ops kInlineOps = {
        [](void* s) { (*static_cast<D*>(s))(); },
        [](void* from, void* to) noexcept {
            D* source = static_cast<D*>(from);
            ::new (to) D(std::move(*source));
            source->~D();
        },
        [](void* s) noexcept { static_cast<D*>(s)->~D(); },
    };

    template <class D>
    static constexpr Ops kHeapOps = {
        [](void* s) { (**static_cast<D**>(s))(); },
        [](void* from, void* to) noexcept { ::new (to) D*(*static_cast<D**>(from)); },
        [](void* s) noexcept { delete *static_cast<D**>(s); },
    };

    void take(HostTask& other) noexcept {
        if (other.ops_ != nullptr) {
            other.ops_->move(other.storage_, storage_);
            ops_ = other.ops_;
            other.ops_ = nullptr;
        }
    }

    alignas(std::max_align_t) unsigned char storage_[kInlineBytes];
    const Ops* ops_ = nullptr;
};

}  // namespace aclemu::rt
