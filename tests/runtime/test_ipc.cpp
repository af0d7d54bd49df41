// Memory and events shared between processes: aclrtIpcMemGetExportKey / SetImportPid /
// ImportByKey / Close, aclrtIpcGetEventHandle / OpenEventHandle and aclrtDeviceGetBareTgid. The
// other process is a real one (aclemu_ipc_peer, peer/ipc_peer.cpp) on the same backend: it checks
// the bytes this process wrote and writes the next pattern, which this process reads back through
// its own pointer. Patterns come from peer/peer_protocol.h, computed independently on each side.
#include "runtime/peer/peer_process.h"
#include "runtime/peer/peer_protocol.h"
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

namespace aclemu::test {
namespace {

using peer::pattern;
using peer::PeerProcess;
using ::testing::HasSubstr;
using ::testing::StartsWith;

// Big enough for the GPU simulator, which shares only blocks of 64 KiB and more (docs/backends.md).
constexpr size_t kBytes = 256 * 1024;

class Ipc : public BackendTest {
protected:
    std::string peer_backend() const {
        return !on_gpu() ? "cpu" : on_simulator() ? "gpusim" : "gpu";
    }

    // An aclrtMalloc block holding pattern(seed).
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

    std::vector<uint8_t> read_back(const void* block, size_t bytes = kBytes) {
        std::vector<uint8_t> host(bytes);
        EXPECT_EQ(aclrtMemcpy(host.data(), bytes, block, bytes, ACL_MEMCPY_DEVICE_TO_HOST),
                  ACL_SUCCESS)
            << take_recent_error();
        return host;
    }

    std::string export_key(void* block, uint64_t flags) {
        char key[ACL_IPC_HANDLE_SIZE] = {};
        EXPECT_EQ(aclrtIpcMemGetExportKey(block, kBytes, key, sizeof key, flags), ACL_SUCCESS)
            << take_recent_error();
        return key;
    }

    // Checks the peer started and waits for it to initialize.
    void start_peer(PeerProcess& process) {
        ASSERT_EQ(process.error(), "");
        ASSERT_EQ(process.read_line(), "ready");
    }
};

TEST_P(Ipc, BareTgidIsTheProcessId) {
    int32_t pid = 0;
    ASSERT_EQ(aclrtDeviceGetBareTgid(&pid), ACL_SUCCESS);
    EXPECT_EQ(pid, static_cast<int32_t>(::getpid()));
    EXPECT_EQ(aclrtDeviceGetBareTgid(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("pid"));
}

TEST_P(Ipc, KeyIsAStringWithinAclIpcHandleSize) {
    void* block = device_block(1);
    char key[ACL_IPC_HANDLE_SIZE];
    std::memset(key, 'x', sizeof key);
    ASSERT_EQ(aclrtIpcMemGetExportKey(block, kBytes, key, sizeof key, 0), ACL_SUCCESS)
        << take_recent_error();
    const size_t length = ::strnlen(key, sizeof key);
    EXPECT_LT(length, sizeof key);
    EXPECT_GT(length, 0u);
    for (size_t i = 0; i < length; ++i) {
        EXPECT_TRUE(key[i] > ' ' && key[i] < 127) << "character " << i << " of " << key;
    }
    // The same range exports under the same key.
    char again[ACL_IPC_HANDLE_SIZE] = {};
    ASSERT_EQ(aclrtIpcMemGetExportKey(block, kBytes, again, sizeof again, 0), ACL_SUCCESS);
    EXPECT_STREQ(again, key);
    EXPECT_EQ(aclrtIpcMemClose(key), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

TEST_P(Ipc, WhitelistedPeerReadsAndWritesTheMemory) {
    void* block = device_block(7);
    const std::string key = export_key(block, ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT);
    PeerProcess process(peer_backend());
    start_peer(process);
    int32_t pid = process.pid();
    ASSERT_EQ(aclrtIpcMemSetImportPid(key.c_str(), &pid, 1), ACL_SUCCESS) << take_recent_error();
    process.send("mem " + key + " " + std::to_string(kBytes) + " 7");
    EXPECT_EQ(process.read_line(), "ok");
    EXPECT_EQ(process.wait(), 0);
    EXPECT_TRUE(read_back(block) == pattern(kBytes, 8)) << "the peer's write is not visible here";
    EXPECT_EQ(aclrtIpcMemClose(key.c_str()), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

TEST_P(Ipc, PartOfABlockCanBeShared) {
    void* block = device_block(3);
    constexpr size_t kOffset = 4096 + 64;
    constexpr size_t kPart = 8192;
    std::vector<uint8_t> part = pattern(kPart, 21);
    auto* start = static_cast<uint8_t*>(block) + kOffset;
    ASSERT_EQ(aclrtMemcpy(start, kPart, part.data(), kPart, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
    char key[ACL_IPC_HANDLE_SIZE] = {};
    ASSERT_EQ(aclrtIpcMemGetExportKey(
                  start, kPart, key, sizeof key, ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION),
              ACL_SUCCESS)
        << take_recent_error();
    PeerProcess process(peer_backend());
    start_peer(process);
    process.send(std::string("mem ") + key + " " + std::to_string(kPart) + " 21");
    EXPECT_EQ(process.read_line(), "ok");
    EXPECT_EQ(process.wait(), 0);
    // The peer wrote exactly its part: the bytes around it keep pattern(3).
    const std::vector<uint8_t> all = read_back(block);
    const std::vector<uint8_t> original = pattern(kBytes, 3);
    const std::vector<uint8_t> next = pattern(kPart, 22);
    EXPECT_TRUE(std::equal(all.begin(), all.begin() + kOffset, original.begin()));
    EXPECT_TRUE(std::equal(all.begin() + kOffset, all.begin() + kOffset + kPart, next.begin()));
    EXPECT_TRUE(
        std::equal(all.begin() + kOffset + kPart, all.end(), original.begin() + kOffset + kPart));
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

TEST_P(Ipc, PeerMissingFromTheWhitelistIsRefused) {
    void* block = device_block(5);
    const std::string key = export_key(block, ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT);
    PeerProcess process(peer_backend());
    start_peer(process);
    int32_t other = process.pid() + 1;  // someone else
    ASSERT_EQ(aclrtIpcMemSetImportPid(key.c_str(), &other, 1), ACL_SUCCESS);
    process.send("mem " + key + " " + std::to_string(kBytes) + " 5");
    const std::string answer = process.read_line();
    EXPECT_THAT(answer, StartsWith("fail import " + std::to_string(ACL_ERROR_RT_NO_PERMISSION)));
    EXPECT_THAT(answer, HasSubstr("whitelist"));
    EXPECT_EQ(process.wait(), 1);
    EXPECT_TRUE(read_back(block) == pattern(kBytes, 5));
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

TEST_P(Ipc, WithoutPidValidationAnyProcessImports) {
    void* block = device_block(11);
    const std::string key = export_key(block, ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION);
    PeerProcess process(peer_backend());
    start_peer(process);
    process.send("mem " + key + " " + std::to_string(kBytes) + " 11");
    EXPECT_EQ(process.read_line(), "ok");
    EXPECT_EQ(process.wait(), 0);
    EXPECT_TRUE(read_back(block) == pattern(kBytes, 12));
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

TEST_P(Ipc, ClosedOrFreedExportsCannotBeImported) {
    for (bool free_block : {false, true}) {
        void* block = device_block(9);
        const std::string key =
            export_key(block, ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION);
        if (free_block) {
            ASSERT_EQ(aclrtFree(block), ACL_SUCCESS);  // withdraws its exports
        } else {
            ASSERT_EQ(aclrtIpcMemClose(key.c_str()), ACL_SUCCESS) << take_recent_error();
        }
        PeerProcess process(peer_backend());
        start_peer(process);
        process.send("mem " + key + " " + std::to_string(kBytes) + " 9");
        const std::string answer = process.read_line();
        EXPECT_THAT(answer, StartsWith("fail import " + std::to_string(ACL_ERROR_INVALID_PARAM)))
            << (free_block ? "after aclrtFree" : "after aclrtIpcMemClose");
        EXPECT_THAT(answer, HasSubstr("withdrawn"));
        EXPECT_EQ(process.wait(), 1);
        if (!free_block) {
            EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
        }
    }
}

TEST_P(Ipc, ImportInTheExportingProcessIsRefused) {
    void* block = device_block(2);
    const std::string key = export_key(block, ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION);
    void* imported = nullptr;
    EXPECT_EQ(aclrtIpcMemImportByKey(&imported, key.c_str(), 0), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("another process"));
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

TEST_P(Ipc, ExportErrors) {
    void* block = device_block(4);
    char key[ACL_IPC_HANDLE_SIZE] = {};
    take_recent_error();
    EXPECT_EQ(aclrtIpcMemGetExportKey(nullptr, kBytes, key, sizeof key, 0),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("devPtr"));
    EXPECT_EQ(aclrtIpcMemGetExportKey(block, kBytes, nullptr, sizeof key, 0),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("key"));
    EXPECT_EQ(aclrtIpcMemGetExportKey(block, kBytes, key, ACL_IPC_HANDLE_SIZE - 1, 0),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("len"));
    EXPECT_EQ(aclrtIpcMemGetExportKey(block, kBytes, key, sizeof key, 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("flags"));
    EXPECT_EQ(aclrtIpcMemGetExportKey(block, 0, key, sizeof key, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("size"));
    EXPECT_EQ(aclrtIpcMemGetExportKey(block, kBytes + 1, key, sizeof key, 0),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("runs past the end"));
    std::vector<uint8_t> host(64);
    EXPECT_EQ(aclrtIpcMemGetExportKey(host.data(), host.size(), key, sizeof key, 0),
              ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtMalloc"));

    int32_t pid = 1234;
    EXPECT_EQ(aclrtIpcMemSetImportPid("aclemu-1-2-0000000000000003", &pid, 1),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a key this process exported"));
    const std::string exported = export_key(block, 0);
    EXPECT_EQ(aclrtIpcMemSetImportPid(exported.c_str(), &pid, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtIpcMemSetImportPid(exported.c_str(), nullptr, 1), ACL_ERROR_INVALID_PARAM);
    int32_t bad = -5;
    EXPECT_EQ(aclrtIpcMemSetImportPid(exported.c_str(), &bad, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a process id"));

    void* imported = nullptr;
    EXPECT_EQ(aclrtIpcMemImportByKey(&imported, "not a key", 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a key made by aclrtIpcMemGetExportKey"));
    EXPECT_EQ(aclrtIpcMemImportByKey(&imported, exported.c_str(), 4), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtIpcMemImportByKey(nullptr, exported.c_str(), 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtIpcMemClose("aclemu-1-2-0000000000000003"), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("neither exported nor imported"));
    EXPECT_EQ(aclrtIpcMemClose(nullptr), ACL_ERROR_INVALID_PARAM);

    EXPECT_EQ(aclrtIpcMemSetAttr(exported.c_str(), ACL_RT_IPC_MEM_ATTR_ACCESS_LINK, 1),
              ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("EH0004"));
    aclrtServerPid servers{0, &pid, 1};
    EXPECT_EQ(aclrtIpcMemImportPidInterServer(exported.c_str(), &servers, 1),
              ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtIpcMemSetImportPid"));
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

// ---- events -------------------------------------------------------------------------------

std::string handle_text(const aclrtIpcEventHandle& handle) {
    return peer::to_hex(handle.reserved, sizeof handle.reserved);
}

TEST_P(Ipc, PeerWaitsForTheRecordOfAnEvent) {
    aclrtEvent event = nullptr;
    ASSERT_EQ(aclrtCreateEventExWithFlag(&event, ACL_EVENT_IPC), ACL_SUCCESS)
        << take_recent_error();
    aclrtIpcEventHandle handle{};
    ASSERT_EQ(aclrtIpcGetEventHandle(event, &handle), ACL_SUCCESS) << take_recent_error();
    Latch latch;
    ASSERT_EQ(aclrtLaunchHostFunc(stream(), Latch::wait_fn, &latch), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(event, stream()), ACL_SUCCESS) << take_recent_error();

    PeerProcess process(peer_backend());
    start_peer(process);
    process.send("event " + handle_text(handle));
    EXPECT_EQ(process.read_line(), "pending");
    // Held back by the latch: the peer must still be waiting.
    EXPECT_EQ(process.read_line(std::chrono::milliseconds(300)), "");
    latch.release();
    EXPECT_EQ(process.read_line(), "waited");
    EXPECT_EQ(process.read_line(), "ok");
    EXPECT_EQ(process.wait(), 0);
    EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
}

TEST_P(Ipc, CompletedRecordIsCompleteForThePeer) {
    aclrtEvent event = nullptr;
    ASSERT_EQ(aclrtCreateEventExWithFlag(&event, ACL_EVENT_IPC | ACL_EVENT_SYNC), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordEvent(event, stream()), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeEvent(event), ACL_SUCCESS) << take_recent_error();
    aclrtIpcEventHandle handle{};
    ASSERT_EQ(aclrtIpcGetEventHandle(event, &handle), ACL_SUCCESS) << take_recent_error();
    PeerProcess process(peer_backend());
    start_peer(process);
    process.send("event " + handle_text(handle));
    EXPECT_EQ(process.read_line(), "complete");
    EXPECT_EQ(process.read_line(), "waited");
    EXPECT_EQ(process.wait(), 0);
    EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
}

TEST_P(Ipc, EventHandleErrors) {
    aclrtEvent plain = nullptr;
    ASSERT_EQ(aclrtCreateEventExWithFlag(&plain, ACL_EVENT_SYNC), ACL_SUCCESS);
    aclrtIpcEventHandle handle{};
    take_recent_error();
    EXPECT_EQ(aclrtIpcGetEventHandle(plain, &handle), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("ACL_EVENT_IPC"));
    EXPECT_EQ(aclrtIpcGetEventHandle(nullptr, &handle), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtIpcGetEventHandle(plain, nullptr), ACL_ERROR_INVALID_PARAM);

    aclrtEvent shared = nullptr;
    ASSERT_EQ(aclrtCreateEventExWithFlag(&shared, ACL_EVENT_IPC), ACL_SUCCESS);
    ASSERT_EQ(aclrtIpcGetEventHandle(shared, &handle), ACL_SUCCESS);
    aclrtEvent opened = nullptr;
    EXPECT_EQ(aclrtIpcOpenEventHandle(handle, &opened), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_THAT(take_recent_error(), HasSubstr("another process"));
    EXPECT_EQ(aclrtIpcOpenEventHandle(handle, nullptr), ACL_ERROR_INVALID_PARAM);
    aclrtIpcEventHandle garbage{};
    std::memset(garbage.reserved, 0x5a, sizeof garbage.reserved);
    EXPECT_EQ(aclrtIpcOpenEventHandle(garbage, &opened), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not a handle made by aclrtIpcGetEventHandle"));

    EXPECT_EQ(aclrtDestroyEvent(shared), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyEvent(plain), ACL_SUCCESS);
}

TEST_P(Ipc, DestroyedEventCannotBeOpened) {
    aclrtEvent event = nullptr;
    ASSERT_EQ(aclrtCreateEventExWithFlag(&event, ACL_EVENT_IPC), ACL_SUCCESS);
    aclrtIpcEventHandle handle{};
    ASSERT_EQ(aclrtIpcGetEventHandle(event, &handle), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
    PeerProcess process(peer_backend());
    start_peer(process);
    process.send("event " + handle_text(handle));
    EXPECT_THAT(process.read_line(),
                StartsWith("fail open " + std::to_string(ACL_ERROR_INVALID_PARAM)));
    EXPECT_EQ(process.wait(), 1);
}

ACLEMU_INSTANTIATE_BACKENDS(Ipc);

// The CPU backend keeps small blocks in slabs (docs/backends.md): one is shared as it is, the
// peer writes exactly its bytes (not its neighbour's), and once freed it is never handed out
// again, since the peer may still hold it. (The GPU simulator shares only blocks of 64 KiB and
// more.)
class CpuIpcSmallBlocks : public Ipc {};

TEST_P(CpuIpcSmallBlocks, SmallBlockIsSharedFromItsSlab) {
    constexpr size_t kSmall = 200;  // 256 padded: neighbouring slots of 256 (512 under ASan)
    void* shared = nullptr;
    void* neighbour = nullptr;
    ASSERT_EQ(aclrtMalloc(&shared, kSmall, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&neighbour, kSmall, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    const std::vector<uint8_t> mine = pattern(kSmall, 30);
    const std::vector<uint8_t> theirs = pattern(kSmall, 40);
    ASSERT_EQ(aclrtMemcpy(shared, kSmall, mine.data(), kSmall, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(neighbour, kSmall, theirs.data(), kSmall, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
    char key[ACL_IPC_HANDLE_SIZE] = {};
    ASSERT_EQ(
        aclrtIpcMemGetExportKey(
            shared, kSmall, key, sizeof key, ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION),
        ACL_SUCCESS)
        << take_recent_error();
    PeerProcess process(peer_backend());
    start_peer(process);
    process.send(std::string("mem ") + key + " " + std::to_string(kSmall) + " 30");
    EXPECT_EQ(process.read_line(), "ok");
    EXPECT_EQ(process.wait(), 0);
    EXPECT_TRUE(read_back(shared, kSmall) == pattern(kSmall, 31));
    EXPECT_TRUE(read_back(neighbour, kSmall) == theirs) << "the peer wrote past its block";

    EXPECT_EQ(aclrtIpcMemClose(key), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtFree(shared), ACL_SUCCESS);
    std::vector<void*> later(64);
    for (void*& block : later) {
        ASSERT_EQ(aclrtMalloc(&block, kSmall, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        EXPECT_NE(block, shared) << "a shared slot was handed out again";
    }
    for (void* block : later) {
        EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
    }
    EXPECT_EQ(aclrtFree(neighbour), ACL_SUCCESS);
}

ACLEMU_INSTANTIATE_CPU_ONLY(CpuIpcSmallBlocks);

}  // namespace
}  // namespace aclemu::test
