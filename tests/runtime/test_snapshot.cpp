// Process snapshots: the stage callbacks in order with the device and their args, device memory
// brought back by a restore, the state order's codes, and the registration checks.
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"
#include "support/error_message.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace aclemu::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<std::string> g_seen;
uint32_t g_result = 0;

uint32_t record_stage(int32_t device, void* args) {
    g_seen.push_back(std::to_string(device) + ":" + static_cast<const char*>(args));
    return g_result;
}

constexpr aclrtSnapShotStage kStages[] = {ACL_RT_SNAPSHOT_LOCK_PRE,
                                          ACL_RT_SNAPSHOT_BACKUP_PRE,
                                          ACL_RT_SNAPSHOT_BACKUP_POST,
                                          ACL_RT_SNAPSHOT_RESTORE_PRE,
                                          ACL_RT_SNAPSHOT_RESTORE_POST,
                                          ACL_RT_SNAPSHOT_UNLOCK_POST};
const char* const kNames[] = {"lock", "backup", "backed", "restore", "restored", "unlocked"};

class Snapshot : public BackendTest {
protected:
    void SetUp() override {
        BackendTest::SetUp();
        g_seen.clear();
        g_result = 0;
    }
    void TearDown() override {
        aclrtSnapShotProcessUnlock();  // whatever a failed test left locked
        for (aclrtSnapShotStage stage : kStages) {
            aclrtSnapShotCallbackUnregister(stage, record_stage);  // registrations are per process
        }
        take_recent_error();
        BackendTest::TearDown();
    }
    void register_all() {
        for (size_t i = 0; i < 6; ++i) {
            ASSERT_EQ(aclrtSnapShotCallbackRegister(
                          kStages[i], record_stage, const_cast<char*>(kNames[i])),
                      ACL_SUCCESS)
                << take_recent_error();
        }
    }
};

TEST_P(Snapshot, EachCallRunsItsStagesInOrder) {
    register_all();
    ASSERT_EQ(aclrtSnapShotProcessLock(), ACL_SUCCESS);
    ASSERT_EQ(aclrtSnapShotProcessBackup(), ACL_SUCCESS);
    ASSERT_EQ(aclrtSnapShotProcessUnlock(), ACL_SUCCESS);
    ASSERT_EQ(aclrtSnapShotProcessLock(), ACL_SUCCESS);
    ASSERT_EQ(aclrtSnapShotProcessRestore(), ACL_SUCCESS);
    ASSERT_EQ(aclrtSnapShotProcessUnlock(), ACL_SUCCESS);
    EXPECT_THAT(g_seen,
                ElementsAre("0:lock",
                            "0:backup",
                            "0:backed",
                            "0:unlocked",
                            "0:lock",
                            "0:restore",
                            "0:restored",
                            "0:unlocked"));
}

TEST_P(Snapshot, RestoreBringsBackTheDeviceMemoryOfTheLastBackup) {
    constexpr size_t kBytes = 4096;
    void* block = nullptr;
    void* gone = nullptr;
    ASSERT_EQ(aclrtMalloc(&block, kBytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&gone, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    std::vector<uint8_t> first(kBytes), second(kBytes, 0xEE), out(kBytes, 0);
    for (size_t i = 0; i < kBytes; ++i) {
        first[i] = static_cast<uint8_t>(i * 31 + 7);
    }
    ASSERT_EQ(aclrtMemcpy(block, kBytes, first.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtSnapShotProcessLock(), ACL_SUCCESS);
    ASSERT_EQ(aclrtSnapShotProcessBackup(), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtMemcpy(block, kBytes, second.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE),
              ACL_SUCCESS);
    ASSERT_EQ(aclrtFree(gone), ACL_SUCCESS);  // freed since the backup: skipped by the restore
    ASSERT_EQ(aclrtSnapShotProcessRestore(), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclrtMemcpy(out.data(), kBytes, block, kBytes, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_SUCCESS);
    EXPECT_EQ(out, first);
    ASSERT_EQ(aclrtSnapShotProcessUnlock(), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(block), ACL_SUCCESS);
}

TEST_P(Snapshot, CallsOutOfOrderGetTheirCodes) {
    take_recent_error();
    EXPECT_EQ(aclrtSnapShotProcessUnlock(), ACL_ERROR_SNAPSHOT_UNLOCK_FAILED);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclrtSnapShotProcessUnlock needs the process"));
    EXPECT_EQ(aclrtSnapShotProcessBackup(), ACL_ERROR_SNAPSHOT_BACKUP_FAILED);
    EXPECT_EQ(aclrtSnapShotProcessRestore(), ACL_ERROR_SNAPSHOT_RESTORE_FAILED);
    ASSERT_EQ(aclrtSnapShotProcessLock(), ACL_SUCCESS);
    EXPECT_EQ(aclrtSnapShotProcessLock(), ACL_ERROR_SNAPSHOT_LOCK_FAILED);
    EXPECT_EQ(aclrtSnapShotProcessRestore(), ACL_ERROR_SNAPSHOT_RESTORE_FAILED);  // no backup yet
    EXPECT_THAT(take_recent_error(), HasSubstr("after a backup"));
    ASSERT_EQ(aclrtSnapShotProcessUnlock(), ACL_SUCCESS);
}

TEST_P(Snapshot, RegistrationsAreChecked) {
    take_recent_error();
    EXPECT_EQ(aclrtSnapShotCallbackRegister(ACL_RT_SNAPSHOT_LOCK_PRE, nullptr, nullptr),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("callback"));
    aclrtSnapShotStage bad{};
    c_set_enum_field(&bad, 6);
    EXPECT_EQ(aclrtSnapShotCallbackRegister(bad, record_stage, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("stage"));
    EXPECT_EQ(aclrtSnapShotCallbackUnregister(ACL_RT_SNAPSHOT_LOCK_PRE, record_stage),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("not registered"));
    char lock[] = "lock";
    ASSERT_EQ(aclrtSnapShotCallbackRegister(ACL_RT_SNAPSHOT_LOCK_PRE, record_stage, lock),
              ACL_SUCCESS);
    EXPECT_EQ(aclrtSnapShotCallbackRegister(ACL_RT_SNAPSHOT_LOCK_PRE, record_stage, lock),
              ACL_ERROR_SNAPSHOT_REGISTER_CALLBACK_FAILED);
    g_result = 3;  // a failing callback fails the call, and the process stays running
    EXPECT_EQ(aclrtSnapShotProcessLock(), ACL_ERROR_SNAPSHOT_CALLBACK_FAILED);
    EXPECT_THAT(take_recent_error(), HasSubstr("returned 3"));
    EXPECT_EQ(aclrtSnapShotProcessUnlock(), ACL_ERROR_SNAPSHOT_UNLOCK_FAILED);
}

ACLEMU_INSTANTIATE_BACKENDS(Snapshot);

}  // namespace
}  // namespace aclemu::test
