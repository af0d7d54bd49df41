// Memory and signals shared between processes without files, for the CPU backend and the GPU
// simulator (both keep "device" memory in host memory). Header-only: libascendcl.so and
// libaclemu_gpusim.so each compile it. Linux only.
//
// Note [Sharing through /proc]: shared memory is an anonymous memfd. The process that owns it
// keeps the descriptor open and hands out only (its pid, the descriptor's number); a process of
// the same user opens /proc/<pid>/fd/<number>, which gives it a descriptor of its own for the
// same file. Nothing is written to a file system, nothing outlives the processes that use it, and
// no socket is needed to pass descriptors. It needs the access ptrace's "read" mode grants
// (same user, the owner not marked undumpable), not CAP_SYS_PTRACE. The GPU simulator's cudaIpc*
// handles use it; the runtime passes its descriptors over the exporter's socket instead, where
// the exporter can refuse a process (runtime/src/sharing/export_server.h).
#pragma once

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <linux/futex.h>
#include <string>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace aclemu::shm {

inline size_t page_size() {
    static const size_t bytes = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    return bytes;
}

/// `bytes` rounded up to `unit` (a power of two); 0 when that overflows.
inline size_t round_up(size_t bytes, size_t unit) {
    if (bytes > SIZE_MAX - (unit - 1)) {
        return 0;
    }
    return (bytes + unit - 1) & ~(unit - 1);
}

/// A new anonymous shared-memory file of `bytes` (zero-filled, close-on-exec); -1 with errno.
inline int create_memfd(const char* name, size_t bytes) {
    const int fd = static_cast<int>(::syscall(SYS_memfd_create, name, MFD_CLOEXEC));
    if (fd < 0) {
        return -1;
    }
    if (::ftruncate(fd, static_cast<off_t>(bytes)) != 0) {
        const int saved = errno;
        ::close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

/// A descriptor of this process for descriptor `fd` of process `pid` (Note [Sharing through
/// /proc]), which must be a memfd created under `name`: a number the owner has since reused for
/// another file (a device, a pipe) is never opened. -1 with errno (ENOENT: no such process or
/// descriptor, or not such a memfd; EACCES: not allowed).
inline int open_peer_fd(int pid, int fd, const char* name) {
    const std::string path = "/proc/" + std::to_string(pid) + "/fd/" + std::to_string(fd);
    char target[256];
    const ssize_t length = ::readlink(path.c_str(), target, sizeof target - 1);
    if (length < 0) {
        return -1;
    }
    target[length] = '\0';
    const std::string expected = std::string("/memfd:") + name + " ";  // then "(deleted)"
    if (std::strncmp(target, expected.c_str(), expected.size()) != 0) {
        errno = ENOENT;
        return -1;
    }
    return ::open(path.c_str(), O_RDWR | O_CLOEXEC);
}

/// Maps `bytes` of `fd` read-write and shared; at `at` exactly (replacing what is there) when
/// `at` is not null. MAP_FAILED with errno on failure.
inline void* map_shared(int fd, size_t bytes, void* at = nullptr) {
    return ::mmap(
        at, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | (at != nullptr ? MAP_FIXED : 0), fd, 0);
}

/// Anonymous private read-write pages (what a shareable block starts as); MAP_FAILED on failure.
inline void* map_private(size_t bytes) {
    return ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

/// Moves the anonymous pages [base, base + bytes) (page-aligned, a whole mapping or part of one)
/// into a new memfd without changing their address or content, so another process can map the
/// same memory. Nothing may write to the range meanwhile. Returns the memfd, or -1 with errno
/// (the range is then unchanged).
inline int move_to_memfd(void* base, size_t bytes, const char* name) {
    const int fd = create_memfd(name, bytes);
    if (fd < 0) {
        return -1;
    }
    const auto* data = static_cast<const unsigned char*>(base);
    for (size_t done = 0; done < bytes;) {
        const ssize_t n = ::pwrite(fd, data + done, bytes - done, static_cast<off_t>(done));
        if (n <= 0) {
            const int saved = n < 0 ? errno : EIO;
            ::close(fd);
            errno = saved;
            return -1;
        }
        done += static_cast<size_t>(n);
    }
    if (map_shared(fd, bytes, base) == MAP_FAILED) {
        const int saved = errno;
        ::close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

/// An event's progress in shared memory: records taken and records completed, both counting
/// from 1 (wrapping; compared as a distance). `completed` is also the futex word waiters sleep
/// on, so a waiter in any process wakes when a record completes.
struct SharedSignal {
    std::atomic<uint32_t> recorded;
    std::atomic<uint32_t> completed;
};
static_assert(std::atomic<uint32_t>::is_always_lock_free, "shared counters must be lock-free");

/// True when record `generation` has completed.
inline bool signal_reached(const SharedSignal& signal, uint32_t generation) {
    const uint32_t done = signal.completed.load(std::memory_order_acquire);
    return static_cast<int32_t>(done - generation) >= 0;
}

/// Takes the next record; returns its generation.
inline uint32_t signal_record(SharedSignal& signal) {
    return signal.recorded.fetch_add(1, std::memory_order_acq_rel) + 1;
}

/// Marks record `generation` complete (never moving backwards) and wakes every waiter.
inline void signal_complete(SharedSignal& signal, uint32_t generation) {
    uint32_t done = signal.completed.load(std::memory_order_relaxed);
    while (static_cast<int32_t>(generation - done) > 0
           && !signal.completed.compare_exchange_weak(
               done, generation, std::memory_order_release, std::memory_order_relaxed)) {
    }
    ::syscall(SYS_futex, &signal.completed, FUTEX_WAKE, INT_MAX, nullptr, nullptr, 0);
}

/// Waits until record `generation` completes; timeout_ms < 0 waits forever. False on timeout.
inline bool signal_wait(SharedSignal& signal, uint32_t generation, int32_t timeout_ms) {
    timespec deadline{};
    if (timeout_ms >= 0) {
        ::clock_gettime(CLOCK_MONOTONIC, &deadline);
        deadline.tv_sec += timeout_ms / 1000;
        deadline.tv_nsec += static_cast<long>(timeout_ms % 1000) * 1000000L;
        if (deadline.tv_nsec >= 1000000000L) {
            deadline.tv_sec += 1;
            deadline.tv_nsec -= 1000000000L;
        }
    }
    for (;;) {
        const uint32_t done = signal.completed.load(std::memory_order_acquire);
        if (static_cast<int32_t>(done - generation) >= 0) {
            return true;
        }
        timespec left{};
        const timespec* wait_for = nullptr;
        if (timeout_ms >= 0) {
            timespec now{};
            ::clock_gettime(CLOCK_MONOTONIC, &now);
            long ns =
                (deadline.tv_sec - now.tv_sec) * 1000000000L + (deadline.tv_nsec - now.tv_nsec);
            if (ns <= 0) {
                return false;
            }
            left.tv_sec = ns / 1000000000L;
            left.tv_nsec = ns % 1000000000L;
            wait_for = &left;
        }
        // Sleeps only while `completed` still holds `done` (no lost wake-up).
        ::syscall(SYS_futex, &signal.completed, FUTEX_WAIT, done, wait_for, nullptr, 0);
    }
}

}  // namespace aclemu::shm
