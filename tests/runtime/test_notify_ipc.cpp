// Notifies shared between processes: aclrtNotifyGetExportKey, aclrtNotifySetImportPid and
// aclrtNotifyImportByKey on every backend. The other process (aclemu_ipc_peer "notify <key>")
// imports the notify and records it; this process's wait on its own handle then completes. A
// process missing from the whitelist is refused; so are bad arguments and destroyed notifies.
#include "runtime/peer/peer_process.h"
#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"
#include "support/error_message.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <unistd.h>

namespace aclemu::test {
namespace {

using peer::PeerProcess;
using ::testing::HasSubstr;
using ::testing::StartsWith;

class NotifyIpc : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        ASSERT_EQ(aclrtCreateNotify(&notify_, 0), ACL_SUCCESS) << take_recent_error();
    }
    void TearDown() override {
        if (notify_ != nullptr) {
            EXPECT_EQ(aclrtDestroyNotify(notify_), ACL_SUCCESS) << take_recent_error();
        }
        BackendTest::TearDown();
    }
    std::string peer_backend() const {
        return !on_gpu() ? "cpu" : on_simulator() ? "gpusim" : "gpu";
    }
    std::string export_key(uint64_t flags) {
        char key[ACL_IPC_HANDLE_SIZE] = {};
        EXPECT_EQ(aclrtNotifyGetExportKey(notify_, key, sizeof key, flags), ACL_SUCCESS)
            << take_recent_error();
        return key;
    }
    void start_peer(PeerProcess& process) {
        ASSERT_EQ(process.error(), "");
        ASSERT_EQ(process.read_line(), "ready");
    }

    aclrtNotify notify_ = nullptr;
};

TEST_P(NotifyIpc, WhitelistedPeerRecordsTheNotifyThisProcessWaitsFor) {
    const std::string key = export_key(ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT);
    ASSERT_FALSE(key.empty());
    PeerProcess process(peer_backend());
    start_peer(process);
    int32_t pid = process.pid();
    ASSERT_EQ(aclrtNotifySetImportPid(notify_, &pid, 1), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtWaitAndResetNotify(notify_, stream(), 30), ACL_SUCCESS) << take_recent_error();
    process.send("notify " + key);
    EXPECT_EQ(process.read_line(), "ok");
    EXPECT_EQ(process.wait(), 0);
    EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS) << take_recent_error();
}

TEST_P(NotifyIpc, PeerMissingFromTheWhitelistIsRefused) {
    const std::string key = export_key(ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT);
    PeerProcess process(peer_backend());
    start_peer(process);
    int32_t other = process.pid() + 1;
    ASSERT_EQ(aclrtNotifySetImportPid(notify_, &other, 1), ACL_SUCCESS);
    process.send("notify " + key);
    const std::string answer = process.read_line();
    EXPECT_THAT(answer, StartsWith("fail import " + std::to_string(ACL_ERROR_RT_NO_PERMISSION)));
    EXPECT_THAT(answer, HasSubstr("whitelist"));
    EXPECT_EQ(process.wait(), 1);
}

TEST_P(NotifyIpc, WithoutPidValidationAnyPeerImports) {
    const std::string key = export_key(ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION);
    PeerProcess process(peer_backend());
    start_peer(process);
    ASSERT_EQ(aclrtWaitAndResetNotify(notify_, stream(), 30), ACL_SUCCESS);
    process.send("notify " + key);
    EXPECT_EQ(process.read_line(), "ok");
    EXPECT_EQ(process.wait(), 0);
    EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS) << take_recent_error();
}

TEST_P(NotifyIpc, ThisProcessImportsOnlyWhenWhitelisted) {
    const std::string key = export_key(ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT);
    // The same notify exports under the same key.
    EXPECT_EQ(export_key(ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT), key);
    aclrtNotify imported = nullptr;
    take_recent_error();
    EXPECT_EQ(aclrtNotifyImportByKey(&imported, key.c_str(), 0), ACL_ERROR_RT_NO_PERMISSION);
    EXPECT_THAT(take_recent_error(), HasSubstr("whitelist"));
    int32_t self = static_cast<int32_t>(::getpid());
    ASSERT_EQ(aclrtNotifySetImportPid(notify_, &self, 1), ACL_SUCCESS);
    ASSERT_EQ(aclrtNotifyImportByKey(&imported, key.c_str(), ACL_RT_NOTIFY_IMPORT_FLAG_DEFAULT),
              ACL_SUCCESS)
        << take_recent_error();
    ASSERT_NE(imported, nullptr);
    EXPECT_NE(imported, notify_);
    // A record through the imported handle completes a wait on the original.
    aclrtStream other = nullptr;
    ASSERT_EQ(aclrtCreateStream(&other), ACL_SUCCESS);
    ASSERT_EQ(aclrtWaitAndResetNotify(notify_, stream(), 30), ACL_SUCCESS);
    ASSERT_EQ(aclrtRecordNotify(imported, other), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclrtSynchronizeStream(other), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyNotify(imported), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(other), ACL_SUCCESS);
}

TEST_P(NotifyIpc, BadArgumentsAreRefusedWithTheirName) {
    char key[ACL_IPC_HANDLE_SIZE] = {};
    take_recent_error();
    EXPECT_EQ(aclrtNotifyGetExportKey(nullptr, key, sizeof key, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("notify"));
    EXPECT_EQ(aclrtNotifyGetExportKey(notify_, nullptr, sizeof key, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("key"));
    EXPECT_EQ(aclrtNotifyGetExportKey(notify_, key, 8, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("len"));
    EXPECT_EQ(aclrtNotifyGetExportKey(notify_, key, sizeof key, 0x1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("flags"));
    int32_t pid = static_cast<int32_t>(::getpid());
    EXPECT_EQ(aclrtNotifySetImportPid(notify_, &pid, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtNotifyGetExportKey"));
    ASSERT_EQ(aclrtNotifyGetExportKey(notify_, key, sizeof key, 0), ACL_SUCCESS);
    EXPECT_EQ(aclrtNotifySetImportPid(notify_, nullptr, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("pid"));
    EXPECT_EQ(aclrtNotifySetImportPid(notify_, &pid, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("num"));
    aclrtNotify imported = nullptr;
    EXPECT_EQ(aclrtNotifyImportByKey(nullptr, key, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("notify"));
    EXPECT_EQ(aclrtNotifyImportByKey(&imported, nullptr, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtNotifyImportByKey(&imported, key, 0x1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("flags"));
    EXPECT_EQ(aclrtNotifyImportByKey(&imported, "not-a-key", 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("key"));
}

TEST_P(NotifyIpc, KeyOfADestroyedNotifyIsRefused) {
    char key[ACL_IPC_HANDLE_SIZE] = {};
    ASSERT_EQ(aclrtNotifyGetExportKey(notify_, key, sizeof key, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyNotify(notify_), ACL_SUCCESS);
    const aclrtNotify stale = notify_;
    notify_ = nullptr;
    aclrtNotify imported = nullptr;
    take_recent_error();
    EXPECT_EQ(aclrtNotifyImportByKey(&imported, key, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("key"));
    char again[ACL_IPC_HANDLE_SIZE] = {};
    EXPECT_EQ(aclrtNotifyGetExportKey(stale, again, sizeof again, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("notify"));
}

ACLEMU_INSTANTIATE_BACKENDS(NotifyIpc);

}  // namespace
}  // namespace aclemu::test
