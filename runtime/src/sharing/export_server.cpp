// The export server (export_server.h). One SOCK_SEQPACKET socket: each request and each reply is
// one message, so neither side parses a stream. The server answers one connection at a time on
// its own thread, with short timeouts, so a client that connects and says nothing delays others
// by at most a few seconds and never blocks teardown (the thread also polls a wake-up eventfd).
#include "sharing/export_server.h"

#include "core/status.h"
#include "sharing/shared_export.h"

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <new>
#include <poll.h>
#include <random>
#include <set>
#include <sys/eventfd.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <utility>

namespace aclemu::rt {
namespace {

constexpr uint64_t kRequestMagic = 0x3151524d45434341ull;  // "ACCEMRQ1"
constexpr uint64_t kReplyMagic = 0x3150524d45434341ull;    // "ACCEMRP1"
constexpr int kBindAttempts = 16;
constexpr int kServerTimeoutSeconds = 2;   // per connection, for a client that says nothing
constexpr int kClientTimeoutSeconds = 20;  // for an exporter that never answers

struct Request {
    uint64_t magic;
    uint64_t tag;
    uint32_t kind;
    uint32_t backend;
};

struct Reply {
    uint64_t magic;
    uint32_t answer;
    uint32_t fd_count;
};

uint64_t random_bits() {
    uint64_t value = 0;
    if (::getrandom(&value, sizeof value, 0) != static_cast<ssize_t>(sizeof value)) {
        std::random_device device;
        value = (uint64_t{device()} << 32) ^ device();
    }
    return value;
}

// The socket's abstract address (no file: it goes with the last process that holds it).
socklen_t socket_address(int32_t pid, int32_t port, sockaddr_un* address) {
    std::memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    const std::string name = "aclemu-sharing-" + std::to_string(pid) + "-" + std::to_string(port);
    std::memcpy(address->sun_path + 1, name.data(), name.size());  // sun_path[0] = 0: abstract
    return static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
}

void set_timeouts(int fd, int seconds) {
    timeval timeout{};
    timeout.tv_sec = seconds;
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
}

struct Served {
    ServedExport entry;
    std::set<int32_t> allowed;
};

// The process's server; never destroyed (a thread may still run at exit without aclFinalize).
struct ServerState {
    std::mutex mutex;
    std::map<uint64_t, Served> exports;  // by tag
    std::thread thread;
    int listen_fd = -1;
    int wake_fd = -1;
    int32_t port = -1;
    pid_t owner = 0;  // the process whose server this is
};

ServerState& server() {
    static auto* state = new ServerState;
    return *state;
}

// Decides one request of a peer with credentials `peer`; on Granted, duplicates the descriptors
// to pass into fds[] (the record may close its own as soon as the lock is released).
ImportAnswer decide(const Request& request, const ucred& peer, int fds[2], uint32_t* fd_count) {
    if (peer.uid != ::geteuid()) {
        return ImportAnswer::OtherUser;
    }
    ServerState& state = server();
    std::lock_guard<std::mutex> lock(state.mutex);
    auto found = state.exports.find(request.tag);
    if (found == state.exports.end()) {
        return ImportAnswer::Withdrawn;
    }
    const Served& served = found->second;
    if (served.entry.kind != request.kind) {
        return ImportAnswer::WrongKind;
    }
    if (served.entry.backend != request.backend) {
        return ImportAnswer::WrongBackend;
    }
    if (served.entry.check_pid && served.allowed.count(static_cast<int32_t>(peer.pid)) == 0) {
        return ImportAnswer::NotAllowed;
    }
    *fd_count = 0;
    for (int fd : {served.entry.record_fd, served.entry.payload_fd}) {
        if (fd < 0) {
            continue;
        }
        const int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
        if (copy < 0) {
            for (uint32_t i = 0; i < *fd_count; ++i) {
                ::close(fds[i]);
            }
            *fd_count = 0;
            return ImportAnswer::Withdrawn;  // out of descriptors: as good as gone
        }
        fds[(*fd_count)++] = copy;
    }
    return ImportAnswer::Granted;
}

// Answers the request on connection `conn`.
void answer(int conn) {
    set_timeouts(conn, kServerTimeoutSeconds);
    Request request{};
    if (::recv(conn, &request, sizeof request, 0) != static_cast<ssize_t>(sizeof request)
        || request.magic != kRequestMagic) {
        return;  // not an importer of this library: no answer
    }
    ucred peer{};
    socklen_t length = sizeof peer;
    if (::getsockopt(conn, SOL_SOCKET, SO_PEERCRED, &peer, &length) != 0) {
        return;
    }
    int fds[2] = {-1, -1};
    uint32_t fd_count = 0;
    const ImportAnswer verdict = decide(request, peer, fds, &fd_count);
    Reply reply{kReplyMagic, static_cast<uint32_t>(verdict), fd_count};
    iovec body{&reply, sizeof reply};
    msghdr message{};
    message.msg_iov = &body;
    message.msg_iovlen = 1;
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof fds)] = {};
    if (fd_count > 0) {
        message.msg_control = control;
        message.msg_controllen = CMSG_SPACE(fd_count * sizeof(int));
        cmsghdr* header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(fd_count * sizeof(int));
        std::memcpy(CMSG_DATA(header), fds, fd_count * sizeof(int));
    }
    ::sendmsg(conn, &message, MSG_NOSIGNAL);
    for (uint32_t i = 0; i < fd_count; ++i) {
        ::close(fds[i]);
    }
}

void serve(int listen_fd, int wake_fd) {
    for (;;) {
        pollfd ready[2] = {{listen_fd, POLLIN, 0}, {wake_fd, POLLIN, 0}};
        if (::poll(ready, 2, -1) < 0) {
            if (errno == EINTR) {
                continue;
            }
            return;
        }
        if (ready[1].revents != 0) {
            return;  // stop_export_server
        }
        if ((ready[0].revents & POLLIN) != 0) {
            const int conn = ::accept4(listen_fd, nullptr, nullptr, SOCK_CLOEXEC);
            if (conn >= 0) {
                answer(conn);
                ::close(conn);
            }
        }
    }
}

// Starts the server (under state.mutex).
aclError start_locked(ServerState& state) {
    const int fd = ::socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        return fail(
            ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
            msg_runtime(std::string("cannot make the sharing socket: ") + std::strerror(errno)));
    }
    const int32_t pid = static_cast<int32_t>(::getpid());
    int32_t port = -1;
    int error = 0;
    for (int attempt = 0; attempt < kBindAttempts && port < 0; ++attempt) {
        const auto candidate = static_cast<int32_t>(random_bits() & ((1u << kHandlePortBits) - 1));
        sockaddr_un address{};
        const socklen_t length = socket_address(pid, candidate, &address);
        if (::bind(fd, reinterpret_cast<const sockaddr*>(&address), length) == 0) {
            port = candidate;
        } else if ((error = errno) != EADDRINUSE) {
            break;
        }
    }
    const int wake = port >= 0 && ::listen(fd, 64) == 0 ? ::eventfd(0, EFD_CLOEXEC) : -1;
    if (wake < 0) {
        error = error != 0 ? error : errno;
        ::close(fd);
        return fail(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                    msg_runtime(std::string("cannot listen on the sharing socket: ")
                                + std::strerror(error)));
    }
    try {
        state.thread = std::thread(serve, fd, wake);
    } catch (const std::system_error& e) {
        ::close(fd);
        ::close(wake);
        return fail(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                    msg_runtime(std::string("cannot start the sharing thread: ") + e.what()));
    }
    state.listen_fd = fd;
    state.wake_fd = wake;
    state.port = port;
    state.owner = ::getpid();
    return ACL_SUCCESS;
}

// A child forked after its parent started a server inherits the state but not the thread, and
// its socket is named after the parent: it forgets both and starts its own (under state.mutex).
void forget_parents_server_locked(ServerState& state) {
    if (state.port < 0 || state.owner == ::getpid()) {
        return;
    }
    ::close(state.listen_fd);  // the child's copies; the parent's stay open
    ::close(state.wake_fd);
    new (&state.thread) std::thread();  // the parent's thread does not exist here: never join it
    state.exports.clear();
    state.listen_fd = -1;
    state.wake_fd = -1;
    state.port = -1;
}

}  // namespace

aclError serve_export(uint64_t tag_mask,
                      const std::function<int(uint64_t tag, int32_t port)>& make_record,
                      ServedExport entry,
                      uint64_t* tag,
                      int32_t* port) {
    ServerState& state = server();
    std::lock_guard<std::mutex> lock(state.mutex);
    forget_parents_server_locked(state);
    if (state.port < 0) {
        ACLEMU_TRY(start_locked(state));
    }
    uint64_t chosen = 0;
    do {
        chosen = random_bits() & tag_mask;
    } while (state.exports.count(chosen) != 0);
    entry.record_fd = make_record(chosen, state.port);
    if (entry.record_fd < 0) {
        return fail(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
                    msg_runtime(std::string("cannot create the sealed export record: ")
                                + std::strerror(errno)));
    }
    state.exports[chosen] = Served{entry, {}};
    *tag = chosen;
    *port = state.port;
    return ACL_SUCCESS;
}

void allow_import_pids(uint64_t tag, const int32_t* pids, size_t count) {
    ServerState& state = server();
    std::lock_guard<std::mutex> lock(state.mutex);
    if (auto found = state.exports.find(tag); found != state.exports.end()) {
        found->second.allowed.insert(pids, pids + count);
    }
}

size_t import_pid_count(uint64_t tag) {
    ServerState& state = server();
    std::lock_guard<std::mutex> lock(state.mutex);
    auto found = state.exports.find(tag);
    return found == state.exports.end() ? 0 : found->second.allowed.size();
}

void withdraw_export(uint64_t tag) {
    ServerState& state = server();
    std::lock_guard<std::mutex> lock(state.mutex);
    state.exports.erase(tag);
}

void stop_export_server() {
    ServerState& state = server();
    std::thread thread;
    int listen_fd = -1;
    int wake_fd = -1;
    {
        std::lock_guard<std::mutex> lock(state.mutex);
        forget_parents_server_locked(state);
        state.exports.clear();
        thread = std::move(state.thread);
        listen_fd = std::exchange(state.listen_fd, -1);
        wake_fd = std::exchange(state.wake_fd, -1);
        state.port = -1;
    }
    if (!thread.joinable()) {
        return;
    }
    const uint64_t one = 1;
    (void)!::write(wake_fd, &one, sizeof one);
    thread.join();
    ::close(listen_fd);
    ::close(wake_fd);
}

bool request_import(int32_t pid,
                    int32_t port,
                    uint64_t tag,
                    uint32_t kind,
                    uint32_t backend,
                    ImportAnswer* answer_out,
                    int* record_fd,
                    int* payload_fd,
                    std::string* why) {
    *record_fd = -1;
    *payload_fd = -1;
    const int fd = ::socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        *why = std::string("cannot make a socket: ") + std::strerror(errno);
        return false;
    }
    set_timeouts(fd, kClientTimeoutSeconds);
    const std::string process = "process " + std::to_string(pid);
    sockaddr_un address{};
    const socklen_t length = socket_address(pid, port, &address);
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), length) != 0) {
        *why = "nothing answers on the sharing socket of " + process + " (" + std::strerror(errno)
               + ")";
        ::close(fd);
        return false;
    }
    // Only the exporter itself may answer: a socket bound under its name by another process
    // (the abstract namespace has no owners) is not believed.
    ucred server_cred{};
    socklen_t cred_length = sizeof server_cred;
    if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &server_cred, &cred_length) != 0
        || server_cred.pid != pid || server_cred.uid != ::geteuid()) {
        *why = "the socket named after " + process + " belongs to process "
               + std::to_string(server_cred.pid) + " of user " + std::to_string(server_cred.uid);
        ::close(fd);
        return false;
    }
    const Request request{kRequestMagic, tag, kind, backend};
    if (::send(fd, &request, sizeof request, MSG_NOSIGNAL)
        != static_cast<ssize_t>(sizeof request)) {
        *why = process + " did not take the request (" + std::strerror(errno) + ")";
        ::close(fd);
        return false;
    }
    Reply reply{};
    iovec body{&reply, sizeof reply};
    msghdr message{};
    message.msg_iov = &body;
    message.msg_iovlen = 1;
    alignas(cmsghdr) char control[CMSG_SPACE(2 * sizeof(int))] = {};
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    const ssize_t received = ::recvmsg(fd, &message, MSG_CMSG_CLOEXEC);
    const int error = errno;
    ::close(fd);
    int fds[2] = {-1, -1};
    size_t fd_count = 0;
    for (cmsghdr* header = received > 0 ? CMSG_FIRSTHDR(&message) : nullptr; header != nullptr;
         header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_RIGHTS) {
            const size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
            for (size_t i = 0; i < count; ++i) {
                int passed = -1;
                std::memcpy(&passed, CMSG_DATA(header) + i * sizeof(int), sizeof passed);
                if (fd_count < 2) {
                    fds[fd_count++] = passed;
                } else {
                    ::close(passed);
                }
            }
        }
    }
    const bool well_formed = received == static_cast<ssize_t>(sizeof reply)
                             && reply.magic == kReplyMagic && reply.fd_count == fd_count
                             && (message.msg_flags & MSG_CTRUNC) == 0;
    const auto verdict = static_cast<ImportAnswer>(reply.answer);
    if (!well_formed || (verdict == ImportAnswer::Granted && fd_count == 0)) {
        for (size_t i = 0; i < fd_count; ++i) {
            ::close(fds[i]);
        }
        *why = received < 0 ? process + " did not answer (" + std::strerror(error) + ")"
                            : process + " answered something this library does not send";
        return false;
    }
    if (verdict != ImportAnswer::Granted) {
        for (size_t i = 0; i < fd_count; ++i) {
            ::close(fds[i]);
        }
    } else {
        *record_fd = fds[0];
        *payload_fd = fds[1];
    }
    *answer_out = verdict;
    return true;
}

}  // namespace aclemu::rt
