// A running aclemu_ipc_peer (ipc_peer.cpp): started with pipes on its stdin and stdout, so a
// test learns its pid at once, whitelists it, then sends it a command and reads its answers.
#pragma once

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace aclemu::test::peer {

class PeerProcess {
public:
    /// Starts the peer on `backend` ("cpu", "gpu", "gpusim").
    explicit PeerProcess(const std::string& backend) {
        int to_child[2] = {-1, -1};
        int from_child[2] = {-1, -1};
        if (::pipe2(to_child, O_CLOEXEC) != 0 || ::pipe2(from_child, O_CLOEXEC) != 0) {
            error_ = std::string("pipe: ") + std::strerror(errno);
            return;
        }
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
        posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
        std::string program = ACLEMU_IPC_PEER;
        char* argv[] = {program.data(), const_cast<char*>(backend.c_str()), nullptr};
        const int spawned = ::posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv, environ);
        posix_spawn_file_actions_destroy(&actions);
        ::close(to_child[0]);
        ::close(from_child[1]);
        to_ = to_child[1];
        from_ = from_child[0];
        if (spawned != 0) {
            error_ = program + ": " + std::strerror(spawned);
            pid_ = -1;
        }
    }
    ~PeerProcess() {
        if (to_ >= 0) {
            ::close(to_);
        }
        if (from_ >= 0) {
            ::close(from_);
        }
        if (pid_ > 0 && !reaped_) {
            ::kill(pid_, SIGKILL);
            int status = 0;
            ::waitpid(pid_, &status, 0);
        }
    }
    PeerProcess(const PeerProcess&) = delete;
    PeerProcess& operator=(const PeerProcess&) = delete;

    /// Empty when the peer runs, else why not.
    const std::string& error() const { return error_; }
    int32_t pid() const { return static_cast<int32_t>(pid_); }

    void send(const std::string& line) {
        const std::string text = line + "\n";
        if (::write(to_, text.data(), text.size()) != static_cast<ssize_t>(text.size())) {
            error_ = std::string("write to the peer: ") + std::strerror(errno);
        }
    }

    /// The next line the peer writes ("" on timeout or end of output).
    std::string read_line(std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        for (;;) {
            const auto end = buffer_.find('\n');
            if (end != std::string::npos) {
                std::string line = buffer_.substr(0, end);
                buffer_.erase(0, end + 1);
                return line;
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) {
                return "";
            }
            pollfd ready{from_, POLLIN, 0};
            if (::poll(&ready, 1, static_cast<int>(left.count())) <= 0) {
                return "";
            }
            char chunk[512];
            const ssize_t n = ::read(from_, chunk, sizeof chunk);
            if (n <= 0) {
                return "";
            }
            buffer_.append(chunk, static_cast<size_t>(n));
        }
    }

    /// Waits for the peer to exit; its exit status, or -1 when it was killed.
    int wait() {
        int status = 0;
        ::waitpid(pid_, &status, 0);
        reaped_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

private:
    pid_t pid_ = -1;
    int to_ = -1;
    int from_ = -1;
    bool reaped_ = false;
    std::string buffer_;
    std::string error_;
};

}  // namespace aclemu::test::peer
