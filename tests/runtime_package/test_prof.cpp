// acl/acl_prof.h and mstx/ms_tools_ext.h: a profiled run of an aclnn operator leaves the
// timeline and a summary whose counts match the calls made; subscriptions deliver one record per
// operator through a pipe; mstx ranges appear in the summary; bad arguments get CANN's codes.
#include "acl/acl_prof.h"
#include "aclnnop/aclnn_mul.h"

#include "mstx/ms_tools_ext.h"
#include "profiling/aprof_pub.h"
#include "support/backend_fixture.h"
#include "support/c_enum_calls.h"
#include "support/error_message.h"
#include "support/json_value.h"
#include "support/two_phase.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

using aclemu::test::BackendTest;
using aclemu::test::DeviceTensor;
using aclemu::test::JsonValue;
using aclemu::test::run_two_phase;
using aclemu::test::take_recent_error;
using ::testing::HasSubstr;

class Profiling : public BackendTest {
protected:
    void TearDown() override {
        aclprofFinalize();  // whatever a failed test left running
        BackendTest::TearDown();
    }

    // A fresh directory name under the test's temporary directory (not created).
    std::string fresh_dir(const std::string& name) const {
        const std::string dir = ::testing::TempDir() + "prof_" + name + "_"
                                + (on_gpu() ? "gpu" : "cpu") + "_" + std::to_string(::getpid());
        std::filesystem::remove_all(dir);
        return dir;
    }

    // out = self * other on 2x3 float tensors; true when both phases and the synchronize passed.
    bool run_mul() {
        const std::vector<double> a{1, 2, 3, 4, 5, 6};
        const std::vector<double> b{2, 2, 2, 3, 3, 3};
        DeviceTensor self = DeviceTensor::contiguous({2, 3}, ACL_FLOAT, a);
        DeviceTensor other = DeviceTensor::contiguous({2, 3}, ACL_FLOAT, b);
        DeviceTensor out = DeviceTensor::filled({2, 3}, ACL_FLOAT, 0.0);
        const auto r = run_two_phase(
            aclnnMulGetWorkspaceSize, aclnnMul, stream(), self.get(), other.get(), out.get());
        return r.ok();
    }
};

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// op_summary.csv as (kind, name) -> count.
std::map<std::pair<std::string, std::string>, int> summary_counts(const std::string& dir) {
    std::map<std::pair<std::string, std::string>, int> counts;
    std::istringstream csv(read_file(dir + "/op_summary.csv"));
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line, "kind,name,count,total_us,mean_us,min_us,max_us");
    while (std::getline(csv, line)) {
        std::vector<std::string> fields;
        std::stringstream row(line);
        for (std::string field; std::getline(row, field, ',');) {
            fields.push_back(field);
        }
        if (fields.size() == 7) {
            counts[{fields[0], fields[1]}] = std::stoi(fields[2]);
        }
    }
    return counts;
}

TEST_P(Profiling, SummaryCountsEachOperatorAndTheTimelineIsWritten) {
    const std::string dir = fresh_dir("summary");
    ASSERT_EQ(aclprofInit(dir.c_str(), dir.size()), ACL_SUCCESS) << take_recent_error();
    struct stat info {};
    ASSERT_EQ(::stat(dir.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0700u);  // made private, as the log and trace are
    uint32_t devices[1] = {0};
    aclprofConfig* config = aclprofCreateConfig(
        devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_ACL_API | ACL_PROF_TASK_TIME);
    ASSERT_NE(config, nullptr) << take_recent_error();
    ASSERT_EQ(aclprofStart(config), ACL_SUCCESS) << take_recent_error();
    for (int i = 0; i < 3; ++i) {
        ASSERT_TRUE(run_mul());
    }
    const mstxRangeId range = mstxRangeStartA("three muls done", nullptr);
    EXPECT_NE(range, MSTX_INVALID_ID);
    mstxMarkA("a mark", nullptr);
    mstxRangeEnd(range);
    mstxRangeEnd(range);  // ended twice: ignored
    ASSERT_EQ(aclprofStop(config), ACL_SUCCESS) << take_recent_error();
    // After the stop nothing more is counted.
    ASSERT_TRUE(run_mul());
    EXPECT_EQ(aclprofDestroyConfig(config), ACL_SUCCESS);
    ASSERT_EQ(aclprofFinalize(), ACL_SUCCESS);

    const auto counts = summary_counts(dir);
    EXPECT_EQ(counts.at({"kernel", "aclnnMul"}), 3);
    EXPECT_EQ(counts.at({"aclnn", "aclnnMul"}), 3);
    EXPECT_EQ(counts.at({"aclnn", "aclnnMulGetWorkspaceSize"}), 3);
    EXPECT_EQ(counts.at({"mstx", "three muls done"}), 1);
    EXPECT_EQ(counts.at({"mstx", "a mark"}), 1);
    EXPECT_THAT(read_file(dir + "/op_summary.txt"), HasSubstr("aclnnMul"));

    const JsonValue timeline = JsonValue::parse(read_file(dir + "/aclemu_timeline.json"));
    int kernels = 0;
    for (const JsonValue& event : timeline["traceEvents"].items()) {
        if (event["ph"].text() == "X" && event["cat"].text() == "kernel"
            && event["name"].text() == "aclnnMul") {
            ++kernels;
        }
    }
    EXPECT_EQ(kernels, 3);
}

TEST_P(Profiling, BadArgumentsGetCannCodes) {
    take_recent_error();
    EXPECT_EQ(aclprofInit(nullptr, 4), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("profilerResultPath"));
    const std::string dir = fresh_dir("bad");
    EXPECT_EQ(aclprofInit(dir.c_str(), 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("length"));
    EXPECT_EQ(aclprofInit(dir.c_str(), dir.size() + 3), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("length"));

    uint32_t devices[1] = {0};
    aclprofConfig* config =
        aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_TASK_TIME);
    ASSERT_NE(config, nullptr);
    EXPECT_EQ(aclprofStart(config), ACL_ERROR_PROF_NOT_RUN);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclprofInit"));
    EXPECT_EQ(aclprofFinalize(), ACL_ERROR_PROF_NOT_RUN);
    EXPECT_EQ(aclprofSetConfig(ACL_PROF_STORAGE_LIMIT, "200MB", 5), ACL_ERROR_PROF_NOT_RUN);

    ASSERT_EQ(aclprofInit(dir.c_str(), dir.size()), ACL_SUCCESS);
    EXPECT_EQ(aclprofInit(dir.c_str(), dir.size()), ACL_ERROR_REPEAT_INITIALIZE);
    EXPECT_EQ(aclprofSetConfig(ACL_PROF_STORAGE_LIMIT, "200MB", 5), ACL_SUCCESS);
    EXPECT_EQ(aclprofSetConfig(static_cast<aclprofConfigType>(99), "1", 1),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("configType"));
    EXPECT_EQ(aclprofStop(config), ACL_ERROR_PROF_NOT_RUN);
    EXPECT_EQ(aclprofStart(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("profilerConfig"));
    ASSERT_EQ(aclprofStart(config), ACL_SUCCESS);
    EXPECT_EQ(aclprofStart(config), ACL_ERROR_PROF_ALREADY_RUN);
    ASSERT_EQ(aclprofStop(config), ACL_SUCCESS);
    EXPECT_EQ(aclprofDestroyConfig(config), ACL_SUCCESS);
    EXPECT_EQ(aclprofDestroyConfig(config), ACL_ERROR_INVALID_PARAM);  // no longer live
    EXPECT_THAT(take_recent_error(), HasSubstr("profilerConfig"));
    EXPECT_EQ(aclprofFinalize(), ACL_SUCCESS);

    take_recent_error();
    EXPECT_EQ(aclprofCreateConfig(devices, 1, static_cast<aclprofAicoreMetrics>(42), nullptr, 0),
              nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("aicoreMetrics"));
    EXPECT_EQ(c_aclprofCreateConfig(devices, 1, 1000, nullptr, 0), nullptr);  // from C
    EXPECT_THAT(take_recent_error(), HasSubstr("Value [1000] for parameter [aicoreMetrics]"));
    EXPECT_EQ(aclprofCreateConfig(nullptr, 1, ACL_AICORE_NONE, nullptr, 0), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("deviceIdList"));
    uint32_t missing[1] = {4096};
    EXPECT_EQ(aclprofCreateConfig(missing, 1, ACL_AICORE_NONE, nullptr, 0), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("deviceIdList"));
    EXPECT_EQ(aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, 1ULL << 40), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("dataTypeConfig"));
}

TEST_P(Profiling, SubscriptionDeliversOneRecordPerOperator) {
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fds[1]);
    ASSERT_NE(config, nullptr) << take_recent_error();
    ASSERT_EQ(aclprofModelSubscribe(7, config), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclprofModelSubscribe(7, config), ACL_ERROR_PROF_REPEAT_SUBSCRIBE);
    ASSERT_TRUE(run_mul());
    ASSERT_TRUE(run_mul());
    ASSERT_EQ(aclprofModelUnSubscribe(7), ACL_SUCCESS) << take_recent_error();
    EXPECT_EQ(aclprofModelUnSubscribe(7), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("modelId"));
    EXPECT_EQ(::fcntl(fds[1], F_GETFD), -1) << "the unsubscription closes the write end";

    std::vector<char> data;
    char buffer[4096];
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof(buffer))) > 0;) {
        data.insert(data.end(), buffer, buffer + n);
    }
    ::close(fds[0]);
    size_t record_size = 0;
    ASSERT_EQ(aclprofGetOpDescSize(&record_size), ACL_SUCCESS);
    ASSERT_EQ(data.size(), 2 * record_size);
    uint32_t count = 0;
    ASSERT_EQ(aclprofGetOpNum(data.data(), data.size(), &count), ACL_SUCCESS);
    EXPECT_EQ(count, 2u);
    for (uint32_t i = 0; i < count; ++i) {
        size_t type_len = 0;
        ASSERT_EQ(aclprofGetOpTypeLen(data.data(), data.size(), i, &type_len), ACL_SUCCESS);
        EXPECT_EQ(type_len, 4u);  // "Mul" and its terminator
        char type[ACL_PROF_MAX_OP_TYPE_LEN];
        ASSERT_EQ(aclprofGetOpType(data.data(), data.size(), i, type, sizeof(type)), ACL_SUCCESS);
        EXPECT_STREQ(type, "Mul");
        char name[ACL_PROF_MAX_OP_NAME_LEN];
        ASSERT_EQ(aclprofGetOpName(data.data(), data.size(), i, name, sizeof(name)), ACL_SUCCESS);
        EXPECT_STREQ(name, "aclnnMul");
        EXPECT_EQ(aclprofGetModelId(data.data(), data.size(), i), 7u);
        EXPECT_EQ(aclprofGetOpFlag(data.data(), data.size(), i), ACL_SUBSCRIBE_OP);
        const uint64_t start = aclprofGetOpStart(data.data(), data.size(), i);
        const uint64_t end = aclprofGetOpEnd(data.data(), data.size(), i);
        EXPECT_GT(start, 0u);
        EXPECT_GE(end, start);
        EXPECT_EQ(aclprofGetOpDuration(data.data(), data.size(), i), end - start);
        EXPECT_NE(aclprofGetOpAttriValue(data.data(), data.size(), i, ACL_SUBSCRIBE_ATTRI_THREADID),
                  nullptr);
        for (int attri : {1, 7, 1000}) {  // from C: no attribute but the thread id has a value
            EXPECT_EQ(c_aclprofGetOpAttriValue(data.data(), data.size(), i, attri), nullptr);
            EXPECT_THAT(take_recent_error(),
                        HasSubstr("Value [" + std::to_string(attri) + "] for parameter [attri]"));
        }
    }
    // The first op starts no later than the second.
    EXPECT_LE(aclprofGetOpStart(data.data(), data.size(), 0),
              aclprofGetOpStart(data.data(), data.size(), 1));

    take_recent_error();
    char small[2];
    EXPECT_EQ(aclprofGetOpType(data.data(), data.size(), 0, small, sizeof(small)),
              ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("opType"));
    EXPECT_EQ(aclprofGetOpNum(data.data(), 3, &count), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("opInfoLen"));
    EXPECT_EQ(aclprofGetOpStart(data.data(), data.size(), 2), 0u);
    EXPECT_THAT(take_recent_error(), HasSubstr("index"));
    std::vector<char> garbage(record_size, 'x');
    EXPECT_EQ(aclprofGetOpNum(garbage.data(), garbage.size(), &count), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("opInfo"));
    EXPECT_EQ(aclprofGetOpNum(nullptr, record_size, &count), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("opInfo"));
    EXPECT_EQ(aclprofDestroySubscribeConfig(config), ACL_SUCCESS);
    EXPECT_EQ(aclprofModelSubscribe(8, config), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("profSubscribeConfig"));
    EXPECT_EQ(aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, nullptr), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("fd"));
    EXPECT_EQ(aclprofCreateSubscribeConfig(5, ACL_AICORE_NONE, &fds[1]), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("timeInfoSwitch"));
}

// A model registered as CANN's loader does (profiling/aprof_pub.h) and subscribed, with no
// operator run: the pairing succeeds, and at unsubscription the pipe delivers nothing, so a
// reader that reads to the end of the pipe stops once the writer closes it.
TEST_P(Profiling, RegisteredModelWithNoOperatorsDeliversAnEmptySubscription) {
    EXPECT_EQ(MSPROF_ERROR_NONE, 0);
    EXPECT_EQ(MSPROF_ERROR, 5);
    EXPECT_EQ(MSPROF_ERROR_UNINITIALIZE, 6);
    ASSERT_EQ(MsprofSetDeviceIdByGeModelIdx(3, 0), MSPROF_ERROR_NONE);
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    aclprofSubscribeConfig* config = aclprofCreateSubscribeConfig(1, ACL_AICORE_NONE, &fds[1]);
    ASSERT_NE(config, nullptr) << take_recent_error();
    ASSERT_EQ(aclprofModelSubscribe(3, config), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclprofModelUnSubscribe(3), ACL_SUCCESS) << take_recent_error();
    char buffer[64];
    EXPECT_EQ(::read(fds[0], buffer, sizeof(buffer)), 0);
    ::close(fds[0]);
    EXPECT_EQ(aclprofDestroySubscribeConfig(config), ACL_SUCCESS);
    EXPECT_EQ(MsprofUnsetDeviceIdByGeModelIdx(3, 0), MSPROF_ERROR_NONE);
}

TEST_P(Profiling, MstxDomainsKeepTheirRangesApart) {
    const std::string dir = fresh_dir("mstx");
    ASSERT_EQ(aclprofInit(dir.c_str(), dir.size()), ACL_SUCCESS);
    uint32_t devices[1] = {0};
    aclprofConfig* config =
        aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_MSPROFTX);
    ASSERT_EQ(aclprofStart(config), ACL_SUCCESS);
    mstxDomainHandle_t domain = mstxDomainCreateA("training");
    ASSERT_NE(domain, nullptr);
    EXPECT_EQ(mstxDomainCreateA(nullptr), nullptr);
    const mstxRangeId in_domain = mstxDomainRangeStartA(domain, "epoch", nullptr);
    EXPECT_NE(in_domain, MSTX_INVALID_ID);
    mstxRangeEnd(in_domain);  // the default domain does not own it: ignored
    mstxDomainMarkA(domain, "checkpoint", nullptr);
    mstxDomainRangeEnd(domain, in_domain);
    EXPECT_EQ(mstxRangeStartA(nullptr, nullptr), MSTX_INVALID_ID);
    EXPECT_EQ(mstxRangeStartA("", nullptr), MSTX_INVALID_ID);
    mstxDomainDestroy(domain);
    EXPECT_EQ(mstxDomainRangeStartA(domain, "after destroy", nullptr), MSTX_INVALID_ID);
    ASSERT_EQ(aclprofStop(config), ACL_SUCCESS);
    aclprofDestroyConfig(config);
    ASSERT_EQ(aclprofFinalize(), ACL_SUCCESS);
    const auto counts = summary_counts(dir);
    EXPECT_EQ(counts.at({"mstx", "epoch"}), 1);
    EXPECT_EQ(counts.at({"mstx", "checkpoint"}), 1);
    EXPECT_EQ(counts.count({"mstx", "after destroy"}), 0u);
}

TEST_P(Profiling, StampsBecomeMarksAndRanges) {
    const std::string dir = fresh_dir("stamps");
    ASSERT_EQ(aclprofInit(dir.c_str(), dir.size()), ACL_SUCCESS);
    uint32_t devices[1] = {0};
    aclprofConfig* config =
        aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_MSPROFTX);
    ASSERT_EQ(aclprofStart(config), ACL_SUCCESS);
    void* stamp = aclprofCreateStamp();
    ASSERT_NE(stamp, nullptr);
    take_recent_error();
    EXPECT_EQ(aclprofMark(stamp), ACL_ERROR_INVALID_PARAM);  // no message yet
    EXPECT_THAT(take_recent_error(), HasSubstr("stamp"));
    ASSERT_EQ(aclprofSetStampTraceMessage(stamp, "forward pass", 12), ACL_SUCCESS);
    EXPECT_EQ(aclprofMark(stamp), ACL_SUCCESS);
    ASSERT_EQ(aclprofPush(stamp), ACL_SUCCESS);
    EXPECT_EQ(aclprofPop(), ACL_SUCCESS);
    EXPECT_EQ(aclprofPop(), ACL_ERROR_INVALID_PARAM);  // nothing pushed any more
    EXPECT_THAT(take_recent_error(), HasSubstr("aclprofPush"));
    uint32_t range = 0;
    ASSERT_EQ(aclprofRangeStart(stamp, &range), ACL_SUCCESS);
    EXPECT_NE(range, 0u);
    EXPECT_EQ(aclprofRangeStop(range), ACL_SUCCESS);
    EXPECT_EQ(aclprofRangeStop(range), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("rangeId"));
    EXPECT_EQ(aclprofMarkEx("step 1", 6, nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclprofMarkEx(nullptr, 6, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("msg"));
    EXPECT_EQ(aclprofSetStampTraceMessage(nullptr, "x", 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("stamp"));
    aclprofDestroyStamp(stamp);
    EXPECT_EQ(aclprofPush(stamp), ACL_ERROR_INVALID_PARAM);  // destroyed
    EXPECT_THAT(take_recent_error(), HasSubstr("stamp"));
    ASSERT_EQ(aclprofStop(config), ACL_SUCCESS);
    aclprofDestroyConfig(config);
    ASSERT_EQ(aclprofFinalize(), ACL_SUCCESS);
    const auto counts = summary_counts(dir);
    EXPECT_EQ(counts.at({"mstx", "forward pass"}), 3);  // the mark, the push range, the range
    EXPECT_EQ(counts.at({"mstx", "step 1"}), 1);
}

// Two steps marked in stream order become two "step" ranges in the summary; each tag once.
TEST_P(Profiling, StepsAreRangesBetweenTheirMarks) {
    const std::string dir = fresh_dir("steps");
    ASSERT_EQ(aclprofInit(dir.c_str(), dir.size()), ACL_SUCCESS);
    uint32_t devices[1] = {0};
    aclprofConfig* config =
        aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_TASK_TIME);
    ASSERT_NE(config, nullptr);
    ASSERT_EQ(aclprofWarmup(config), ACL_SUCCESS) << take_recent_error();
    ASSERT_EQ(aclprofStart(config), ACL_SUCCESS);
    take_recent_error();
    EXPECT_EQ(aclprofWarmup(config), ACL_ERROR_PROF_API_CONFLICT);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclprofWarmup"));
    for (int step = 0; step < 2; ++step) {
        aclprofStepInfo* info = aclprofCreateStepInfo();
        ASSERT_NE(info, nullptr);
        EXPECT_EQ(aclprofGetStepTimestamp(info, ACL_STEP_END, stream()), ACL_ERROR_INVALID_PARAM);
        EXPECT_THAT(take_recent_error(), HasSubstr("no ACL_STEP_START"));
        ASSERT_EQ(aclprofGetStepTimestamp(info, ACL_STEP_START, stream()), ACL_SUCCESS);
        EXPECT_EQ(aclprofGetStepTimestamp(info, ACL_STEP_START, stream()), ACL_ERROR_INVALID_PARAM);
        EXPECT_THAT(take_recent_error(), HasSubstr("tag"));
        ASSERT_TRUE(run_mul());
        ASSERT_EQ(aclprofGetStepTimestamp(info, ACL_STEP_END, stream()), ACL_SUCCESS);
        EXPECT_EQ(aclprofGetStepTimestamp(info, static_cast<aclprofStepTag>(2), stream()),
                  ACL_ERROR_INVALID_PARAM);
        EXPECT_THAT(take_recent_error(), HasSubstr("tag"));
        ASSERT_EQ(aclrtSynchronizeStream(stream()), ACL_SUCCESS);
        aclprofDestroyStepInfo(info);
        EXPECT_EQ(aclprofGetStepTimestamp(info, ACL_STEP_START, stream()), ACL_ERROR_INVALID_PARAM);
        EXPECT_THAT(take_recent_error(), HasSubstr("stepInfo"));
    }
    EXPECT_EQ(aclprofGetStepTimestamp(nullptr, ACL_STEP_START, stream()), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("stepInfo"));
    ASSERT_EQ(aclprofStop(config), ACL_SUCCESS);
    aclprofDestroyConfig(config);
    ASSERT_EQ(aclprofFinalize(), ACL_SUCCESS);
    const auto counts = summary_counts(dir);
    EXPECT_EQ(counts.at({"mstx", "step"}), 2);
}

TEST_P(Profiling, WarmupNeedsInit) {
    uint32_t devices[1] = {0};
    aclprofConfig* config =
        aclprofCreateConfig(devices, 1, ACL_AICORE_NONE, nullptr, ACL_PROF_TASK_TIME);
    ASSERT_NE(config, nullptr);
    take_recent_error();
    EXPECT_EQ(aclprofWarmup(config), ACL_ERROR_PROF_NOT_RUN);
    EXPECT_THAT(take_recent_error(), HasSubstr("aclprofInit"));
    EXPECT_EQ(aclprofWarmup(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_THAT(take_recent_error(), HasSubstr("profilerConfig"));
    aclprofDestroyConfig(config);
}

ACLEMU_INSTANTIATE_BACKENDS(Profiling);

}  // namespace
