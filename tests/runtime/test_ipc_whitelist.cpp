// The whitelist of memory, notifies and events shared between processes is enforced by the
// exporter (sharing/export_server.h): the importer asks this process over a Unix socket, this
// process checks the importer's pid with SO_PEERCRED and passes the descriptors only when it is
// allowed. The other process is a real one (aclemu_ipc_peer, spawned: fork and exec). Checked
// here: an allowed peer gets the memory, a refused one gets ACL_ERROR_RT_NO_PERMISSION and a
// message naming it and the reason, the export records cannot be rewritten by another process
// (sealed memfds), an import maps exactly the exported range, and a withdrawn export (closed,
// freed, destroyed, or aclFinalize in the exporter) is refused with ACL_ERROR_INVALID_PARAM, as
// is a socket another process bound under the exporter's name.
#include "runtime/peer/peer_process.h"
#include "runtime/peer/peer_protocol.h"
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <string>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <vector>

namespace aclemu::test {
namespace {

using peer::pattern;
using peer::PeerProcess;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using ::testing::StartsWith;

// Big enough for the GPU simulator, which shares only blocks of 64 KiB and more.
constexpr size_t kBytes = 256 * 1024;

class IpcWhitelist : public BackendTest {
protected:
    std::string peer_backend() const {
        return !on_gpu() ? "cpu" : on_simulator() ? "gpusim" : "gpu";
    }

    void* device_block(uint32_t seed) {
        void* block = nullptr;
        EXPECT_EQ(aclrtMalloc(&block, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS)
            << take_recent_error();
        const std::vector<uint8_t> bytes = pattern(kBytes, seed);
        EXPECT_EQ(aclrtMemcpy(block, kBytes, bytes.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_SUCCESS)
            << take_recent_error();
        return block;
    }

    std::vector<uint8_t> read_back(const void* block) {
        std::vector<uint8_t> host(kBytes);
        EXPECT_EQ(aclrtMemcpy(host.data(), kBytes, block, kBytes, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_SUCCESS)
            << take_recent_error();
        return host;
    }

    std::string export_key(void* ptr, size_t bytes, uint64_t flags) {
        char key[ACL_IPC_HANDLE_SIZE] = {};
        EXPECT_EQ(aclrtIpcMemGetExportKey(ptr, bytes, key, sizeof key, flags), ACL_SUCCESS)
            << take_recent_error();
        return key;
    }

    // Starts a peer and runs `command` in it once it is ready (after `before(pid)`); returns its
    // first answer line.
    template <class Before>
    std::string ask_peer(const std::string& command, Before before, int* exit_code) {
        PeerProcess process(peer_backend());
        EXPECT_EQ(process.error(), "");
        EXPECT_EQ(process.read_line(), "ready");
        before(process.pid());
        process.send(command);
        const std::string answer = process.read_line();
        *exit_code = process.wait();
        return answer;
    }
    std::string ask_peer(const std::string& command, int* exit_code) {
        return ask_peer(
            command, [](int32_t) {}, exit_code);
    }
};

TEST_P(IpcWhitelist, AllowedPeerImportsAndRefusedPeerIsNamedInTheMessage) {
    void* block = device_block(41);
    const std::string key = export_key(block, kBytes, ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT);
    const std::string command = "mem " + key + " " + std::to_string(kBytes) + " 41";

    int code = -1;
    int32_t refused_pid = 0;
    const std::string refused = ask_peer(
        command,
        [&](int32_t pid) {
            refused_pid = pid;
            int32_t someone_else = pid + 1;
            ASSERT_EQ(aclrtIpcMemSetImportPid(key.c_str(), &someone_else, 1), ACL_SUCCESS)
                << take_recent_error();
        },
        &code);
    EXPECT_THAT(refused, StartsWith("fail import " + std::to_string(ACL_ERROR_RT_NO_PERMISSION)));
    EXPECT_THAT(refused, HasSubstr("refused process " + std::to_string(refused_pid)));
    EXPECT_THAT(refused, HasSubstr("whitelist"));
    EXPECT_EQ(code, 1);
    EXPECT_TRUE(read_back(block) == pattern(kBytes, 41)) << "a refused peer changed the memory";

    const std::string allowed = ask_peer(
        command,
        [&](int32_t pid) {
            ASSERT_EQ(aclrtIpcMemSetImportPid(key.c_str(), &pid, 1), ACL_SUCCESS)
                << take_recent_error();
        },
        &code);
    EXPECT_EQ(allowed, "ok");
    EXPECT_EQ(code, 0);
    EXPECT_TRUE(read_back(block) == pattern(kBytes, 42)) << "the allowed peer's write is missing";
    EXPECT_EQ(aclrtIpcMemClose(key.c_str()), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

// The records are what an importer once rewrote to turn the check off: now another process of
// the same user that opens them through /proc can neither write, grow nor shrink them, and the
// whitelist is not in them anyway. After its tries the peer is still refused.
TEST_P(IpcWhitelist, ExportRecordsCannotBeRewrittenByAnotherProcess) {
    void* block = device_block(43);
    const std::string key = export_key(block, kBytes, ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT);
    aclrtNotify notify = nullptr;
    ASSERT_EQ(aclrtCreateNotify(&notify, 0), ACL_SUCCESS) << take_recent_error();
    char notify_key[ACL_IPC_HANDLE_SIZE] = {};
    ASSERT_EQ(aclrtNotifyGetExportKey(notify, notify_key, sizeof notify_key, 0), ACL_SUCCESS)
        << take_recent_error();
    aclrtEvent event = nullptr;
    ASSERT_EQ(aclrtCreateEventExWithFlag(&event, ACL_EVENT_IPC), ACL_SUCCESS);
    aclrtIpcEventHandle handle{};
    ASSERT_EQ(aclrtIpcGetEventHandle(event, &handle), ACL_SUCCESS) << take_recent_error();

    int code = -1;
    const std::string tampered = ask_peer("tamper " + std::to_string(::getpid()), &code);
    EXPECT_THAT(tampered, MatchesRegex("sealed [0-9]+"));
    ASSERT_EQ(tampered.rfind("sealed ", 0), 0u) << tampered;
    EXPECT_GE(std::stoi(tampered.substr(7)), 3) << "the three exports' records were not found";
    EXPECT_EQ(code, 0);

    const std::string memory = ask_peer("mem " + key + " " + std::to_string(kBytes) + " 43", &code);
    EXPECT_THAT(memory, StartsWith("fail import " + std::to_string(ACL_ERROR_RT_NO_PERMISSION)));
    const std::string notified = ask_peer(std::string("notify ") + notify_key, &code);
    EXPECT_THAT(notified, StartsWith("fail import " + std::to_string(ACL_ERROR_RT_NO_PERMISSION)));
    EXPECT_TRUE(read_back(block) == pattern(kBytes, 43));

    EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyNotify(notify), ACL_SUCCESS);
    EXPECT_EQ(aclrtIpcMemClose(key.c_str()), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

// The peer's pointer is exactly the exported range: a copy one byte past it is refused, and on
// the CPU backend the mapping holds only the pages of the range (the GPU simulator maps the
// whole allocation, as cudaIpcOpenMemHandle does).
TEST_P(IpcWhitelist, ImportMapsExactlyTheExportedRange) {
    void* block = device_block(45);
    const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    struct Range {
        size_t offset;
        size_t bytes;
        size_t mapped;  // the pages that hold it
    };
    const Range ranges[] = {
        {64 * 1024, 64 * 1024, 64 * 1024},  // whole pages
        {page + 64, 2 * page, 3 * page},    // starts and ends inside a page
        {kBytes - page, page, page},        // the block's last page
    };
    for (const Range& range : ranges) {
        void* start = static_cast<uint8_t*>(block) + range.offset;
        const std::string key =
            export_key(start, range.bytes, ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION);
        int code = -1;
        const std::string answer =
            ask_peer("range " + key + " " + std::to_string(range.bytes), &code);
        EXPECT_EQ(code, 0) << answer;
        long long first = -1;
        size_t mapped = 0;
        int past_end = 0;
        ASSERT_EQ(std::sscanf(answer.c_str(), "range %lld %zu %d", &first, &mapped, &past_end), 3)
            << answer;
        EXPECT_EQ(past_end, ACL_ERROR_RT_PARAM_INVALID) << "a copy past the range was allowed";
        if (!on_gpu()) {
            EXPECT_EQ(first, 0) << "the mapping starts before the range's first page";
            EXPECT_EQ(mapped, range.mapped) << "offset " << range.offset;
        }
        EXPECT_EQ(aclrtIpcMemClose(key.c_str()), ACL_SUCCESS) << take_recent_error();
    }
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

// Once the exporter closes, frees or destroys what it shared, its key no longer answers.
TEST_P(IpcWhitelist, WithdrawnExportsAreRefused) {
    const std::string withdrawn = "fail import " + std::to_string(ACL_ERROR_INVALID_PARAM);
    int code = -1;

    void* block = device_block(47);
    const std::string key = export_key(block, kBytes, ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT);
    ASSERT_EQ(aclrtIpcMemClose(key.c_str()), ACL_SUCCESS) << take_recent_error();
    const std::string closed = ask_peer(
        "mem " + key + " " + std::to_string(kBytes) + " 47",
        [&](int32_t pid) {
            int32_t allowed = pid;  // a closed key takes no pids any more
            EXPECT_EQ(aclrtIpcMemSetImportPid(key.c_str(), &allowed, 1), ACL_ERROR_INVALID_PARAM);
        },
        &code);
    EXPECT_THAT(closed, StartsWith(withdrawn));
    EXPECT_THAT(closed, HasSubstr("withdrawn"));
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);

    aclrtNotify notify = nullptr;
    ASSERT_EQ(aclrtCreateNotify(&notify, 0), ACL_SUCCESS) << take_recent_error();
    char notify_key[ACL_IPC_HANDLE_SIZE] = {};
    ASSERT_EQ(aclrtNotifyGetExportKey(notify,
                                      notify_key,
                                      sizeof notify_key,
                                      ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION),
              ACL_SUCCESS)
        << take_recent_error();
    ASSERT_EQ(aclrtDestroyNotify(notify), ACL_SUCCESS);
    const std::string destroyed = ask_peer(std::string("notify ") + notify_key, &code);
    EXPECT_THAT(destroyed, StartsWith(withdrawn));
    EXPECT_THAT(destroyed, HasSubstr("withdrawn"));
    EXPECT_EQ(code, 1);
}

// aclFinalize in the exporter stops its export server (and joins its thread): the key that was
// imported a moment before is refused while the exporter still runs.
TEST_P(IpcWhitelist, ExportsEndWithTheExportersFinalize) {
    PeerProcess process(peer_backend());
    ASSERT_EQ(process.error(), "");
    ASSERT_EQ(process.read_line(), "ready");
    process.send("export " + std::to_string(kBytes) + " 49");
    const std::string line = process.read_line();
    ASSERT_EQ(line.rfind("key ", 0), 0u) << line;
    const std::string key = line.substr(4);

    void* imported = nullptr;
    ASSERT_EQ(aclrtIpcMemImportByKey(&imported, key.c_str(), 0), ACL_SUCCESS)
        << take_recent_error();
    EXPECT_TRUE(read_back(imported) == pattern(kBytes, 49)) << "not the exporter's bytes";
    EXPECT_EQ(aclrtIpcMemClose(key.c_str()), ACL_SUCCESS) << take_recent_error();

    process.send("finalize");
    ASSERT_EQ(process.read_line(), "finalized");
    take_recent_error();
    EXPECT_EQ(aclrtIpcMemImportByKey(&imported, key.c_str(), 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("withdrawn"));
    process.send("exit");
    EXPECT_EQ(process.read_line(), "ok");
    EXPECT_EQ(process.wait(), 0);
}

// The abstract namespace has no owners, so anyone may bind the name of an exporter's socket; the
// importer believes only a socket of the exporter's pid. Here this process binds the name pid 1's
// export server would have, and the peer that imports a key of pid 1 refuses it.
TEST_P(IpcWhitelist, ASocketBoundUnderTheExportersNameIsNotBelieved) {
    const int32_t port = static_cast<int32_t>(::getpid()) & 0xfffff;  // unique among running tests
    const std::string name = "aclemu-sharing-1-" + std::to_string(port);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path + 1, name.data(), name.size());  // sun_path[0] = 0: abstract
    const int impostor = ::socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    ASSERT_GE(impostor, 0);
    const auto length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
    if (::bind(impostor, reinterpret_cast<const sockaddr*>(&address), length) != 0) {
        ::close(impostor);
        GTEST_SKIP() << "cannot bind " << name << ": " << std::strerror(errno);
    }
    ASSERT_EQ(::listen(impostor, 4), 0);
    const std::string key = "aclemu-1-" + std::to_string(port) + "-0123456789abcdef";
    int code = -1;
    const std::string answer = ask_peer("mem " + key + " 4096 1", &code);
    EXPECT_THAT(answer, StartsWith("fail import " + std::to_string(ACL_ERROR_INVALID_PARAM)));
    EXPECT_THAT(answer, HasSubstr("belongs to process " + std::to_string(::getpid())));
    EXPECT_EQ(code, 1);
    ::close(impostor);
}

ACLEMU_INSTANTIATE_BACKENDS(IpcWhitelist);

}  // namespace
}  // namespace aclemu::test
